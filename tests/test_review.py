"""Review and game records in the app (#14 item 2): the board after any earlier move through real
clicks on the move list and real keys, the game going on untouched meanwhile, the end dialog's
Review game, Export record from the pause menu, and records opened from the load screen."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.match import AI, Match, Seat
from game.records import format_record
from saves.records import open_record
from scenes.shell.match.scene import MatchScene
from scenes.shell.windows.records import read_record
from tests.scene_driver import (
    DT,
    SlowWorker,
    click,
    end_dialog,
    hand_over,
    idle,
    key,
    press_button,
    pump,
    resize,
    settle,
    start,
)


def played(game_id: str, turns: int, seed: int = 3, seats: dict[str, Seat] | None = None) -> Match:
    """A match of ``game_id`` after ``turns`` random turns (fewer if the game ends first)."""
    match = Match(game_id, {}, seats or {})
    rng = random.Random(seed)
    for _ in range(turns):
        if match.over:
            break
        moves = {p: match.state.random_move(p, rng) for p in match.state.to_move()}
        match.play_text(match.state.turn_to_text(moves))
    return match


def finished(game_id: str, seed: int = 5) -> Match:
    match = played(game_id, 10_000, seed)
    assert match.over
    return match


def shown(scene: MatchScene) -> Any:
    """The state on the board as the player sees it: the review's view while reviewing."""
    if scene.reviewing:
        assert scene.review.view is not None
        return scene.review.view.state
    return scene.view.state


def click_row(app: Any, scene: MatchScene, index: int) -> None:
    """Click the move list's row of turn ``index`` (scrolled into sight with the wheel first)."""
    for _ in range(400):
        rect = scene.moves.row_rect(index)
        if rect is not None and rect.height >= 10:
            click(app, rect.center)
            return
        earlier = scene.moves.shown.start > index
        pos = scene.moves_rect.center
        pygame.mouse.set_pos(pos)
        app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if earlier else -1, flipped=False)], DT)
    raise AssertionError(f"row {index} never came into sight")


# -- the move list and the keys -----------------------------------------------------------------------
def test_clicking_moves_shows_the_board_after_each(app: Any) -> None:
    match = played("epaminondas", 12)
    live = match.state
    scene = start(app, match)
    for index in (3, 0, 11, 7):
        click_row(app, scene, index)
        assert scene.reviewing and scene.review.position == index + 1
        assert shown(scene) is match.turns[index].after
        assert scene.moves.focus == index
        assert scene.banner_texts()[0] == f"Reviewing move {index + 1} of 12"
    assert match.state is live and len(match.turns) == 12
    assert scene.view.state is live  # the live board was never touched
    assert scene.input_player() is None  # nothing may be played on a past position


def test_keys_step_jump_and_come_back(app: Any) -> None:
    match = played("elephant-run", 9)
    scene = start(app, match)
    key(app, pygame.K_LEFT)
    assert scene.review.position == 8 and shown(scene) is match.turns[7].after
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert shown(scene) is match.turns[5].after
    key(app, pygame.K_HOME)
    assert scene.review.position == 0 and shown(scene) is match.initial
    assert scene.banner_texts()[0] == "Reviewing the start position"
    key(app, pygame.K_LEFT)  # nothing before the start
    assert scene.review.position == 0
    key(app, pygame.K_RIGHT)
    assert shown(scene) is match.turns[0].after
    key(app, pygame.K_END)
    assert not scene.reviewing and shown(scene) is match.state
    assert scene.input_player() == match.awaiting()[0]
    key(app, pygame.K_LEFT)
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert not scene.reviewing  # Right past the newest move is the game again


def test_a_step_forward_animates_and_a_jump_snaps(app: Any) -> None:
    match = played("epaminondas", 6)
    scene = start(app, match, speed="normal")
    key(app, pygame.K_HOME)
    view = scene.review.view
    assert view is not None and not view.busy
    key(app, pygame.K_RIGHT)
    assert view.busy and view.last_move is match.turns[0]
    assert scene.next_frame() == 0.0  # the animation asks for frames
    settle(app, scene)
    key(app, pygame.K_RIGHT)
    assert view.busy and view.last_move is match.turns[1]
    key(app, pygame.K_END)
    key(app, pygame.K_HOME)
    assert not view.busy  # a jump snaps
    settle(app, scene)
    assert view.state is match.initial


def test_the_row_shown_stays_in_sight(app: Any) -> None:
    match = played("epaminondas", 80)
    scene = start(app, match)
    assert scene.moves.shown.stop == len(match.turns)  # the newest moves at first
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT)
    idle(app)
    assert 0 in scene.moves.shown and scene.moves.focus == 0
    rect = scene.moves.row_rect(0)
    assert rect is not None and scene.moves_rect.contains(rect)


def test_the_banner_buttons_step_and_lead_back(app: Any) -> None:
    match = played("elephant-run", 5)
    scene = start(app, match)
    assert not scene.review.buttons["live"].visible
    key(app, pygame.K_HOME)
    assert scene.review.buttons["live"].visible and not scene.review.buttons["previous"].is_enabled
    press_button(app, scene.review.buttons["next"])
    press_button(app, scene.review.buttons["next"])
    assert shown(scene) is match.turns[1].after
    press_button(app, scene.review.buttons["previous"])
    assert shown(scene) is match.turns[0].after
    press_button(app, scene.review.buttons["live"])
    assert not scene.reviewing and not scene.review.buttons["live"].visible


def test_a_board_click_while_reviewing_brings_the_game_back_and_plays_nothing(app: Any) -> None:
    match = played("epaminondas", 4)
    scene = start(app, match)
    click_row(app, scene, 1)
    assert scene.reviewing
    click(app, scene.board_rect.center)
    assert not scene.reviewing and len(match.turns) == 4
    assert scene.banner_texts()[1] == "Back to the game as it stands now."
    key(app, pygame.K_HOME)
    key(app, pygame.K_h)  # a hint is for the live position
    assert scene.reviewing and not scene.hint.thinking
    assert "End" in scene.banner_texts()[1]


# -- the game goes on ---------------------------------------------------------------------------------
def test_the_computers_reply_during_a_review_is_kept(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    worker = SlowWorker()
    monkeypatch.setattr(app, "_worker", worker)
    match = played("epaminondas", 4, seats={"white": Seat(), "black": Seat(AI, "easy")})
    scene = start(app, match)
    human_move = match.state.random_move("white", random.Random(1))
    scene._submit("white", human_move)  # the path a board click takes once the view has mapped it
    idle(app)
    assert scene.thinking and len(match.turns) == 5
    key(app, pygame.K_HOME)
    reply_state = match.state
    worker.answer = match.state.move_to_text("black", match.state.random_move("black", random.Random(2)))
    idle(app, 3)
    assert len(match.turns) == 6 and match.turns[-1].before is reply_state  # played meanwhile
    assert scene.reviewing and shown(scene) is match.initial  # the review was not disturbed
    assert scene.banner_texts()[0] == "Reviewing the start position"
    key(app, pygame.K_END)
    settle(app, scene)
    assert shown(scene) is match.state and match.state is match.turns[5].after
    assert scene.input_player() == "white"


def test_a_review_never_shows_sealed_orders(app: Any) -> None:
    match = played("elasta", 3, seats={"white": Seat(), "black": Seat(AI, "easy")})
    black = match.state.random_move("black", random.Random(4))
    assert match.submit("black", black) is None  # the computer's orders, sealed
    scene = start(app, match)
    key(app, pygame.K_LEFT)  # Elasta's own key while allotting: the typing cursor moves a file
    assert not scene.reviewing and "File" in scene.banner_texts()[1]
    key(app, pygame.K_HOME)  # Home is never a board's, and in a review the arrows are the review's
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.reviewing and scene.review.view is not None and scene.review.position == 3
    assert scene.review.view.match.pending == {} and match.pending == {"black": black}
    assert scene.view_buttons == {}  # no Confirm, Random or Pass under a past position
    key(app, pygame.K_RIGHT)  # past the last revealed turn: the game again, never the sealed one
    assert not scene.reviewing
    key(app, pygame.K_HOME)
    key(app, pygame.K_END)
    assert match.pending == {"black": black} and scene.view_buttons != {}  # Confirm is back


# -- after a game -------------------------------------------------------------------------------------
def test_review_game_steps_through_from_the_start(app: Any) -> None:
    match = finished("elephant-run")
    scene = start(app, match)
    dialog = end_dialog(app, scene)
    assert dialog.review.text == "Review"
    press_button(app, dialog.review)
    assert scene.reviewing and scene.review.position == 0 and shown(scene) is match.initial
    key(app, pygame.K_RIGHT)
    assert shown(scene) is match.turns[0].after
    idle(app, 3)
    assert scene.end_dialog is None
    assert scene.review.buttons["live"].text == "Back to the end"
    key(app, pygame.K_END)
    idle(app, 3)
    assert not scene.reviewing and scene.end_dialog is None  # answered once: it does not come back


def test_closing_the_end_dialog_keeps_the_final_position(app: Any) -> None:
    match = finished("epaminondas")
    scene = start(app, match)
    dialog = end_dialog(app, scene)
    press_button(app, dialog.close_button)  # its ×
    pump(app)
    assert scene.end_dialog is None and not scene.reviewing and shown(scene) is match.state


# -- records ------------------------------------------------------------------------------------------
def test_export_record_from_the_pause_menu(app: Any) -> None:
    match = played("elasta", 6, seats={"white": Seat(), "black": Seat(AI, "hard")})
    scene = start(app, match)
    pause = app.open("pause", scene)
    idle(app)
    press_button(app, pause.buttons["export"])
    files = list((app.data_dir / "records").glob("*.txt"))
    assert len(files) == 1
    assert any(f"'{files[0].name}'" in text and "records" in text for text, _ in app.toasts)
    record = open_record(files[0])
    assert record.match.move_texts() == match.move_texts()
    assert record.match.seats == match.seats and record.match.options == match.options


def test_export_that_cannot_be_written_says_so(app: Any) -> None:
    (app.data_dir / "records").write_text("a file where the folder should be", encoding="utf-8")
    scene = start(app, played("epaminondas", 2))
    pause = app.open("pause", scene)
    idle(app)
    press_button(app, pause.buttons["export"])
    text = app.toasts[-1][0]
    assert text.startswith("The record could not be written: ") and "Errno" not in text
    assert app.top is pause


def open_load(app: Any) -> Any:
    app.goto("menu")
    load = app.open("load")
    idle(app)
    return load


def pick(app: Any, load: Any, path: Path) -> None:
    """Open the records screen with the load screen's button, select ``path`` in it and press Open."""
    press_button(app, load.record_button)
    picker = app.top
    assert picker.name == "records" and picker.folder == app.data_dir / "records"
    picker.select([row.path.name for row in picker.rows].index(path.name))
    press_button(app, picker.open_button)
    pump(app)


def test_a_damaged_record_is_refused_naming_the_line(app: Any) -> None:
    match = played("epaminondas", 5)
    lines = format_record(match).splitlines()
    bad_line = len(lines) - 2  # the fourth move (1-based line number of the second-to-last line)
    lines[bad_line - 1] = "4. zz9-zz10"
    folder = app.data_dir / "records"
    folder.mkdir()
    path = folder / "broken.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    load = open_load(app)
    pick(app, load, path)
    picker = app.top
    window = picker.dialogs.active
    assert window is not None and picker.name == "records"
    text = window.text_block.html_text
    assert f"Line {bad_line}:" in text and "move 4" in text and "broken.txt" in text
    assert "Error" not in text


def test_a_record_finished_or_not_opens_as_a_review(app: Any) -> None:
    folder = app.data_dir / "records"
    folder.mkdir()
    over = finished("epaminondas", seed=9)
    (folder / "over.txt").write_text(format_record(over), encoding="utf-8")
    going = played("elephant-run", 4, seats={"elephant": Seat(), "farmers": Seat(AI, "easy")})
    (folder / "going.txt").write_text(format_record(going), encoding="utf-8")
    pick(app, open_load(app), folder / "over.txt")
    scene = app.top
    assert isinstance(scene, MatchScene) and scene.match.move_texts() == over.move_texts()
    assert scene.reviewing and scene.review.position == len(over.turns) and scene.review.record
    pick(app, open_load(app), folder / "going.txt")
    scene = app.top
    assert isinstance(scene, MatchScene) and scene.reviewing and scene.review.record
    assert scene.match.move_texts() == going.move_texts() and scene.match.seats == going.seats


def test_a_finished_save_opens_for_review(app: Any) -> None:
    over = finished("elephant-run", seed=11)
    app.store.save(over)
    load = open_load(app)
    assert load.current is not None and load.current.over
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, MatchScene) and scene.reviewing
    assert scene.review.position == len(over.turns)
    key(app, pygame.K_HOME)
    assert shown(scene) is scene.match.initial


def test_a_review_survives_a_resize(app: Any) -> None:
    match = played("nelaxtam", 6)
    scene = start(app, match)
    hand_over(app, scene)  # two people at one screen: the next orders start behind the curtain
    click_row(app, scene, 2)
    resize(app, (1024, 640))
    assert scene.reviewing and shown(scene) is match.turns[2].after
    assert scene.review.buttons["live"].visible  # made again with the new layout
    assert scene.review.view is not None and scene.review.view.rect == scene.board_rect
    assert scene.banner_words.right <= scene.review.buttons["previous"].rect.left
    key(app, pygame.K_END)
    assert not scene.reviewing and not scene.review.buttons["live"].visible


@settings(max_examples=40, deadline=None)
@given(cut=st.integers(min_value=0, max_value=400), junk=st.text(max_size=30), seed=st.integers(0, 50))
def test_any_damage_to_a_record_is_a_sentence_never_a_crash(cut: int, junk: str, seed: int) -> None:
    """A record cut short with some junk spliced in: opened, or refused with a sentence that names
    the line when the fault is on one (what the load screen shows)."""
    good = format_record(played("elephant-run", 8, seed=seed))
    damaged = good[:cut] + junk + good[cut + len(junk) :]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "damaged.txt"
        path.write_text(damaged, encoding="utf-8", errors="replace")
        record, problem = read_record(path)
    if record is None:
        assert problem and problem[0].isupper() and problem.endswith((".", "!", "?"))
        assert "Error" not in problem and "Traceback" not in problem
    else:
        assert problem == "" and len(record.match.turns) <= len(good.splitlines())
