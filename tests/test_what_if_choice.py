"""What if, who plays (#32, point 3): "Play from here" asks against whom the side line is played
(the computer at a level, or two players) and which side the person takes, in a small dialog over
the match screen. Driven through the real screens with real clicks and keys; the game reviewed is
never touched."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.match import AI, HUMAN, Match, Seat
from scenes.shell.match.review import CONTINUE
from scenes.shell.match.scene import MatchScene
from scenes.shell.match.side_line import COMPUTER, TWO, SideLineDialog, default_choice
from tests.scene_driver import click_element, key, resize, start


def _played(game_id: str, turns: int, seats: dict[str, Seat]) -> Match:
    match = Match(game_id, {}, seats)
    rng = random.Random(5)
    for _ in range(turns):
        moves = {p: match.state.random_move(p, rng) for p in match.state.to_move()}
        match.play_text(match.state.turn_to_text(moves))
    return match


def _against_normal(game_id: str = "epaminondas", turns: int = 4) -> Match:
    """A person with the second side against the normal computer."""
    first, second = Match(game_id, {}, {}).game.players[:2]
    return _played(game_id, turns, {first: Seat(AI, "normal"), second: Seat(HUMAN)})


def _open_dialog(
    app: Any, match: Match, position: int = 2, size: tuple[int, int] | None = None
) -> tuple[MatchScene, SideLineDialog]:
    scene = start(app, match)
    if size is not None:
        resize(app, size)
        assert tuple(app.size) == size
    scene.saving.autosave()
    scene.review_at(position)
    click_element(app, scene.review.buttons[CONTINUE])
    dialog = app.top
    assert isinstance(dialog, SideLineDialog), "Play from here should ask who plays first"
    return scene, dialog


def _button(dialog: SideLineDialog, row: str, value: str) -> Any:
    choices = dialog.rows[row]
    return choices.buttons[choices.values.index(value)]


def _saved(app: Any, match_id: str) -> list[str]:
    return next(list(e.moves) for e in app.store.entries() if e.match_id == match_id)


def test_the_dialog_starts_on_the_games_own_seats_and_enter_plays_them(app: Any) -> None:
    match = _against_normal()
    original = match.move_texts()
    scene, dialog = _open_dialog(app, match)
    human = match.humans()[0]
    assert (dialog.mode, dialog.level, dialog.side) == (COMPUTER, "normal", human)
    assert dialog.rows["side"].selected == human and dialog.rows["level"].selected == "normal"

    key(app, pygame.K_RETURN)
    side = app.top
    assert isinstance(side, MatchScene) and side is not scene
    assert side.match.seats == match.seats and side.match.move_texts() == original[:2]
    assert match.move_texts() == original and _saved(app, match.match_id) == original


def test_mouse_chooses_hard_and_the_other_side(app: Any) -> None:
    match = _against_normal()
    original = match.move_texts()
    _, dialog = _open_dialog(app, match, position=3)
    ai_side = next(p for p in match.game.players if match.seats[p].is_ai)
    click_element(app, _button(dialog, "level", "hard"))
    click_element(app, _button(dialog, "side", ai_side))
    assert dialog.rows["level"].selected == "hard" and dialog.side == ai_side
    assert dialog.play_button is not None
    click_element(app, dialog.play_button)

    side = app.top
    assert isinstance(side, MatchScene)
    assert not side.match.seats[ai_side].is_ai
    others = [p for p in side.match.game.players if p != ai_side]
    assert all(side.match.seats[p] == Seat(AI, "hard") for p in others)
    assert side.match.move_texts() == original[:3]
    assert match.seats[ai_side].is_ai and _saved(app, match.match_id) == original
    assert _saved(app, side.match.match_id) == original[:3]


def test_two_players_greys_the_level_and_side_and_seats_two_people(app: Any) -> None:
    _, dialog = _open_dialog(app, _against_normal("elephant-run"))
    click_element(app, _button(dialog, "mode", TWO))
    assert dialog.mode == TWO
    assert not _button(dialog, "level", "easy").is_enabled
    assert not _button(dialog, "side", dialog.side).is_enabled
    key(app, pygame.K_KP_ENTER)
    side = app.top
    assert isinstance(side, MatchScene) and side.match.two_player


def test_a_two_player_game_starts_on_two_players_with_their_names(app: Any) -> None:
    game = Match("changing-challenges", {}, {}).game
    names = {p: Seat(HUMAN, name=n) for p, n in zip(game.players, ("Ana", "Bo"), strict=False)}
    match = _played("changing-challenges", 3, names)
    _, dialog = _open_dialog(app, match, position=1)
    assert dialog.mode == TWO
    key(app, pygame.K_RETURN)
    side = app.top
    assert isinstance(side, MatchScene) and side.match.seats == names


def test_escape_and_cancel_leave_the_review_as_it_was(app: Any) -> None:
    match = _against_normal()
    count = len(app.store.entries())
    scene, dialog = _open_dialog(app, match)
    assert len(app.store.entries()) == count + 1  # the game itself, autosaved when it was shown
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.reviewing and scene.review.position == 2
    click_element(app, scene.review.buttons[CONTINUE])
    dialog = app.top
    assert isinstance(dialog, SideLineDialog) and dialog.cancel_button is not None
    click_element(app, dialog.cancel_button)
    assert app.top is scene and scene.reviewing
    assert len(app.store.entries()) == count + 1 and match.seats[match.humans()[0]].kind == HUMAN


def test_keyboard_alone_tabs_to_two_players_and_plays(app: Any) -> None:
    """Tab walks the dialog's buttons in reading order (Computer, Two players, the greyed rows passed
    over, Cancel, Play); Space presses the one in focus, Enter too."""
    _, dialog = _open_dialog(app, _against_normal("elasta"))
    key(app, pygame.K_TAB, unicode="\t")
    key(app, pygame.K_TAB, unicode="\t")
    key(app, pygame.K_SPACE, unicode=" ")
    assert dialog.mode == TWO and app.top is dialog
    key(app, pygame.K_TAB, unicode="\t")
    key(app, pygame.K_TAB, unicode="\t")
    key(app, pygame.K_RETURN)
    side = app.top
    assert isinstance(side, MatchScene) and side.match.two_player


def test_the_choices_keep_their_look_while_tab_walks_past_them(app: Any) -> None:
    """The focus ring lends the button under it the selected look: once Tab is past a row, the row's
    own choice looks chosen again and only it."""
    _, dialog = _open_dialog(app, _against_normal("elephant-run"))
    for _ in range(3):  # Computer, Two players, Easy
        key(app, pygame.K_TAB, unicode="\t")
    assert _button(dialog, "mode", COMPUTER).is_selected
    assert not _button(dialog, "mode", TWO).is_selected
    assert _button(dialog, "level", "normal").is_selected
    assert not _button(dialog, "level", "easy").is_selected  # in focus, not chosen
    assert dialog.level == "normal"


def test_a_resize_keeps_the_dialog_and_its_choices(app: Any) -> None:
    match = _against_normal("nelaxtam")
    _, dialog = _open_dialog(app, match, size=(1024, 640))
    click_element(app, _button(dialog, "level", "hard"))
    resize(app, (1280, 800))
    assert app.top is dialog and dialog.rows["level"].selected == "hard"
    assert _button(dialog, "level", "hard").is_selected and dialog.panel_rect.right < 1280
    key(app, pygame.K_RETURN)
    side = app.top
    assert isinstance(side, MatchScene)
    assert [seat.level for seat in side.match.seats.values() if seat.is_ai] == ["hard"]


def test_the_default_side_of_a_computer_only_game_is_the_side_to_move() -> None:
    match = _played("epaminondas", 3, {})
    match.seats = {p: Seat(AI, "easy") for p in match.game.players}
    mode, level, side = default_choice(match, 1)
    assert (mode, level) == (COMPUTER, "easy")
    assert side == match.turns[0].after.to_move()[0]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_dialog_fits_both_window_sizes(app: Any, size: tuple[int, int]) -> None:
    """The fit checker finds no text of the dialog cut, shortened or too small (the longest game
    title, Changing Challenges, in the headline)."""
    from scenes.dev import fit

    _open_dialog(app, _against_normal("changing-challenges"), size=size)
    with fit.TextWatch() as watch:
        app.step([], 1 / 60)
        app.draw()
        found = [str(m) for m in watch.look(app)]
    assert not found, found


def test_a_resigned_game_can_be_played_on_from_its_last_position(app: Any) -> None:
    """A game given up still has moves on its board: "Play from here" at its end is a side line
    where the resignation never happened; the resigned game stays resigned."""
    match = _against_normal()
    match.resign(match.humans()[0])
    scene = start(app, match)
    scene.review_at(len(match.turns))
    button = scene.review.buttons[CONTINUE]
    assert button.visible and button.is_enabled
    click_element(app, button)
    assert isinstance(app.top, SideLineDialog)
    key(app, pygame.K_RETURN)
    side = app.top
    assert isinstance(side, MatchScene) and side is not scene
    assert not side.match.over and side.match.resigned is None
    assert side.match.move_texts() == match.move_texts() and match.resigned is not None
