"""Resign (issue #32): the button in the match screen's panel, its question (a stray click never
loses a game), and the game it ends — the result card's sentence, the record's loss, Analyse and
Review offered, the autosave of a finished game that Continue passes over, Undo refused. Through the
real match screen with real events; the layout checked at the three common window sizes."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core import GameError
from game.match import AI, HUMAN, Match, RecordError, Seat
from saves.statistics import shared
from scenes.shell.match.layout import MatchLayout
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import DT, SlowWorker, click_element, end_dialog, idle, key, pump, resize, start
from tests.test_coach import _play_by_clicks
from tests.test_keyboard import tap

GAME = "epaminondas"


def against_easy(app: Any) -> MatchScene:
    match = Match(GAME, {}, {"white": Seat(HUMAN), "black": Seat(AI, "easy")})
    return start(app, match)


def one_move_each(app: Any, scene: MatchScene) -> None:
    """White's first move by clicks and the computer's reply."""
    _play_by_clicks(app, scene, "a1-a3")
    for _ in range(3000):
        if len(scene.match.turns) == 2 and scene.input_player() == "white":
            return
        app.step([], DT)
    raise AssertionError("the computer never replied")


def ask(app: Any, scene: MatchScene) -> Any:
    """Click Resign; the question must then be open. Returns its window."""
    click_element(app, scene.buttons["resign"])
    assert scene.resign_host is not None
    dialog = scene.resign_host.active
    assert dialog is not None and scene.asking_resign
    return dialog


def test_resign_asks_first_and_cancel_changes_nothing(app: Any) -> None:
    scene = against_easy(app)
    one_move_each(app, scene)
    dialog = ask(app, scene)
    assert not scene.match.over
    assert "loss against the easy computer" in dialog.confirmation_text.html_text
    click_element(app, dialog.cancel_button)
    assert not scene.asking_resign and not scene.match.over and scene.match.resigned is None
    assert scene.buttons["resign"].visible and scene.input_player() == "white"


def test_resigning_ends_the_game_as_a_loss_with_the_card_the_record_and_the_autosave(app: Any) -> None:
    scene = against_easy(app)
    one_move_each(app, scene)
    match = scene.match
    click_element(app, ask(app, scene).confirm_button)
    assert match.over and match.resigned == "white"
    assert match.outcome is not None and match.outcome.winner == "black"
    card = end_dialog(app, scene)
    headline, reason, _ = scene.result_texts()
    assert headline == "You resigned"
    assert reason == "You gave the game up, so the computer (Black) wins it."
    assert card.result.headline == headline and card.result.reason == reason
    assert card.analyse is not None and card.analyse.visible  # Analyse offered, as after any ending
    assert scene.banner_texts()[0] == "Game over — You resigned"
    summary = shared(app.data_dir).summary(GAME, "easy")
    assert (summary.games, summary.losses) == (1, 1)
    # the autosave is of a finished game: Continue passes it over, and it loads resigned
    assert app.store.last_unfinished() is None
    (entry,) = [e for e in app.store.entries() if e.match_id == match.match_id]
    assert entry.over and entry.moves == tuple(match.move_texts())
    again = app.store.load(entry.path)
    assert again.over and again.resigned == "white" and again.move_texts() == match.move_texts()
    # nothing plays on: no computer move, Undo refused in words, Resign gone
    idle(app, 20)
    assert len(match.turns) == 2 and not scene.computer.thinking
    assert not scene.buttons["undo"].is_enabled and not scene.buttons["resign"].visible
    scene.undo()
    assert scene.message is not None and "given up" in scene.message
    # the card's Review steps through the game as after any ending
    click_element(app, card.review)
    assert scene.reviewing and scene.review.position == 0


def test_the_move_list_takes_back_the_row_once_the_game_is_over(app: Any) -> None:
    scene = against_easy(app)
    one_move_each(app, scene)
    before = scene.moves_rect.bottom
    resign = scene.buttons["resign"].rect
    assert before < resign.top
    click_element(app, ask(app, scene).confirm_button)
    click_element(app, end_dialog(app, scene).close_button)
    assert scene.moves_rect.bottom > resign.top  # the row is the move list's again


def test_enter_resigns_and_esc_keeps_playing_by_keys(app: Any) -> None:
    scene = against_easy(app)
    one_move_each(app, scene)
    for _ in range(30):
        if scene.keys.focus.button == "match:resign":
            break
        tap(app, pygame.K_TAB)
    assert scene.keys.focus.button == "match:resign"
    tap(app, pygame.K_RETURN)
    assert scene.asking_resign
    key(app, pygame.K_ESCAPE)
    pump(app)
    assert not scene.asking_resign and not scene.match.over and app.top is scene
    tap(app, pygame.K_RETURN)  # the focus is still on Resign
    assert scene.asking_resign
    key(app, pygame.K_RETURN)
    pump(app)
    assert scene.match.over and scene.match.resigned == "white"


def test_a_click_on_the_board_under_the_question_does_nothing(app: Any) -> None:
    scene = against_easy(app)
    ask(app, scene)
    gestures = scene.view.gestures_for("white", "a1-a3")
    assert gestures
    for gesture in gestures:
        app.step(
            [
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=gesture.pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=gesture.pos, button=1),
            ],
            DT,
        )
    assert scene.match.turns == [] and scene.asking_resign


def test_resigning_while_the_computer_thinks_stops_it(app: Any) -> None:
    worker = SlowWorker()
    app._worker = worker
    scene = against_easy(app)
    _play_by_clicks(app, scene, "a1-a3")
    idle(app, 3)
    assert scene.computer.thinking
    click_element(app, ask(app, scene).confirm_button)
    worker.answer = "a12-a10"  # its move comes after all: it is not played
    idle(app, 10)
    assert scene.match.over and len(scene.match.turns) == 1 and not scene.computer.thinking


def test_two_players_resign_for_the_side_to_move_and_nothing_is_counted(app: Any) -> None:
    match = Match(GAME, {}, {"white": Seat(HUMAN, name="Ada"), "black": Seat(HUMAN, name="Ben")})
    scene = start(app, match)
    _play_by_clicks(app, scene, "a1-a3")
    assert scene.input_player() == "black"
    dialog = ask(app, scene)
    assert "Resign for Ben?" in dialog.confirmation_text.html_text
    assert "Ada wins" in dialog.confirmation_text.html_text
    click_element(app, dialog.confirm_button)
    assert match.resigned == "black"
    end_dialog(app, scene)
    assert scene.result_texts()[:2] == ("Ada wins!", "Ben resigned, so the game goes to Ada.")
    assert shared(app.data_dir).summary(GAME, "easy").games == 0


def test_a_manual_save_and_the_resigned_autosave_are_both_listed(app: Any) -> None:
    scene = against_easy(app)
    one_move_each(app, scene)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    click_element(app, ask(app, scene).confirm_button)
    rows = [e for e in app.store.listed() if e.match_id == scene.match.match_id]
    assert sorted(e.over for e in rows) == [False, True]  # the finished one is not hidden behind it


def test_a_record_or_a_computer_game_offers_no_resign(app: Any) -> None:
    match = Match(GAME, {}, {"white": Seat(AI, "easy"), "black": Seat(AI, "easy")})
    scene = start(app, match)
    assert not scene.buttons["resign"].visible and not scene.frame.resign.height


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1366, 768)])
def test_the_resign_row_fits_at_every_size(app: Any, size: tuple[int, int]) -> None:
    scene = against_easy(app)
    resize(app, size)
    idle(app)
    resign = scene.buttons["resign"]
    assert resign.visible and scene.frame.panel.contains(resign.rect)
    others = [b for k, b in scene.buttons.items() if k not in ("resign", "apply") and b.visible]
    assert others and not any(resign.rect.colliderect(b.rect) for b in others)
    assert scene.moves_rect.bottom <= resign.rect.top and scene.moves_rect.height >= 120
    # the fixed rows stand where they always did
    plain = MatchLayout.fit(size, 2)
    assert scene.buttons["undo"].rect.top == plain.buttons_top


def test_the_match_record_keeps_a_resignation_and_refuses_a_false_one() -> None:
    match = Match(GAME, {}, {"white": Seat(HUMAN), "black": Seat(AI, "easy")})
    match.play_text("a1-a3")
    match.resign("black")
    with pytest.raises(GameError):
        match.resign("white")
    with pytest.raises(GameError):
        match.submit("black", match.state.legal_moves("black")[0])
    record = match.to_record()
    assert record["resigned"] == "black" and record["result"]["winner"] == "white"
    again = Match.from_record(record)
    assert again.over and again.resigned == "black" and not again.can_undo() and not again.awaiting()
    for bad in ("nobody", 3, ["white"]):
        with pytest.raises(RecordError):
            Match.from_record({**record, "resigned": bad})
    going = Match(GAME).to_record()
    assert "resigned" not in going  # a game going on has the record it always had


def test_behind_the_curtain_of_secret_orders_resign_waits_then_ends_the_turn_unrevealed(app: Any) -> None:
    from tests.scene_driver import hand_over

    match = Match("elasta", {}, {"black": Seat(HUMAN, name="Ada"), "white": Seat(HUMAN, name="Ben")})
    scene = start(app, match)
    if scene.curtain_for is not None:
        assert not scene.buttons["resign"].visible  # nothing shows under the curtain
        hand_over(app, scene)
    player = scene.input_player()
    assert player is not None and scene.buttons["resign"].visible
    dialog = ask(app, scene)
    assert f"Resign for {match.player_name(player)}?" in dialog.confirmation_text.html_text
    click_element(app, dialog.confirm_button)
    assert match.over and match.resigned == player and match.turns == [] and not match.pending
    assert scene.curtain_for is None and scene.input_player() is None


def _drag_window_to(app: Any, size: tuple[int, int]) -> None:
    """The player resizes the window: the window manager's part, then the real VIDEORESIZE event,
    then frames until the screen is laid out and drawn at the new size (:mod:`scenes.kit.settling`)."""
    from scenes.kit.settling import RESIZE_SETTLE

    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.frame([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)], DT)
    app.frame([], RESIZE_SETTLE + DT)
    for _ in range(3):
        app.frame([], DT)
    assert app.size == size and not app.settling


@pytest.mark.parametrize("answer", ["esc", "enter"])
def test_the_question_survives_a_resize_and_still_takes_its_answer(app: Any, answer: str) -> None:
    """A resize rebuilds the screen's widgets; the question must come back at the new size (centred
    in the new window), so the player's answer is not lost. Answered by keys: after a resize in
    tests pygame-gui's clicks are not to be trusted."""
    scene = against_easy(app)
    one_move_each(app, scene)
    for _ in range(30):
        if scene.keys.focus.button == "match:resign":
            break
        tap(app, pygame.K_TAB)
    tap(app, pygame.K_RETURN)
    assert scene.asking_resign
    _drag_window_to(app, (1100, 700))
    assert scene.asking_resign and not scene.match.over
    assert scene.resign_host is not None
    dialog: Any = scene.resign_host.active
    assert dialog is not None and dialog.alive()
    assert "loss against the easy computer" in dialog.confirmation_text.html_text
    assert dialog.rect.center == pytest.approx((550, 350), abs=2)  # centred in the new window
    if answer == "esc":
        key(app, pygame.K_ESCAPE)
        pump(app)
        assert not scene.asking_resign and not scene.match.over and app.top is scene
        assert scene.keys.focus.button == "match:resign"  # the focus is where it was
        tap(app, pygame.K_RETURN)
        assert scene.asking_resign  # and asks again
    else:
        key(app, pygame.K_RETURN)
        pump(app)
        assert scene.match.over and scene.match.resigned == "white"
