"""The shared match flow, independent of any real game: toy Nim (alternating) and toy pennies
(simultaneous, for the hot-seat curtain) with a minimal board view registered for the test."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.match import AI, Match, Seat
from game.worker import AIResult
from scenes.kit.board_view import BoardView, GridGeometry, ViewAction, ViewButton, parse_square, square_name
from scenes.kit.registry import demo_match, has_view, make_view, register_view, unregister_view
from scenes.shell.match.moves import MoveRow
from scenes.shell.match.texts import mode_text
from tests.scene_driver import DT, SlowWorker, idle, key_down, press, press_button, start


class ToyView(BoardView):
    """Moves are side-panel buttons, one per legal move: enough to drive the shared flow."""

    def buttons(self, player: str | None) -> list[ViewButton]:
        if player is None:
            return []
        return [ViewButton(str(m), str(m)) for m in self.state.legal_moves(player)]

    def press(self, key: str, player: str | None) -> ViewAction:
        if player is None:
            return ViewAction.nothing()
        return ViewAction.play(player, self.state.parse_move(player, f"take{key}" if key.isdigit() else key))

    def handle_click(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        return ViewAction.refuse("Use the buttons.")

    def turn_note(self, turn: Any) -> str:
        return f"{getattr(turn.after, 'stones', '?')} left"


@pytest.fixture
def toys(toy_games: None) -> Iterator[None]:
    register_view("toy-nim", ToyView)
    register_view("toy-pennies", ToyView)
    yield
    unregister_view("toy-nim")  # a view left behind would offer a game the register no longer has
    unregister_view("toy-pennies")


def wheel(app: Any, rows: int) -> None:
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rows, flipped=False)], DT)


def test_grid_geometry_round_trips() -> None:
    geo = GridGeometry.fit(pygame.Rect(10, 20, 700, 500), 6, 4, gap_ratio=0.1)
    assert geo.rect.width <= 700 and geo.rect.height <= 500
    for name in geo.names():
        assert geo.name_at(geo.center_of(name)) == name
    assert geo.square_rect(0, 0).bottom == geo.rect.bottom  # rank 1 at the bottom
    assert geo.name_at((0, 0)) is None
    assert parse_square(square_name(5, 3)) == (5, 3)
    flipped = GridGeometry.fit(pygame.Rect(0, 0, 400, 400), 8, 8, flipped=True)
    assert (
        flipped.name_at(flipped.center_of("a1")) == "a1" and flipped.square_rect(0, 0).top == flipped.rect.top
    )


def test_views_register() -> None:
    assert has_view("elephant-run")
    assert not has_view("no-such-game")
    view = make_view(Match("elephant-run"))
    assert view.game_id == "elephant-run"


def test_alternating_flow_undo_redo_save_and_end(app: Any, toys: None) -> None:
    match = Match("toy-nim", {"stones": "3"}, {"first": Seat(), "second": Seat()})
    scene = start(app, match)
    assert scene.banner_texts()[0] == "First to move"
    assert not scene.buttons["undo"].is_enabled
    press(app, scene, "1")
    assert match.move_texts() == ["take1"] and scene.buttons["undo"].is_enabled
    key_down(app, pygame.K_z, pygame.KMOD_CTRL)
    assert match.move_texts() == [] and scene.buttons["redo"].is_enabled
    key_down(app, pygame.K_y, pygame.KMOD_CTRL)
    assert match.move_texts() == ["take1"]
    key_down(app, pygame.K_s, pygame.KMOD_CTRL)
    assert any(text == "Game saved" for text, _ in app.toasts)
    assert list(app.store.saves_dir.glob("*.json"))
    press(app, scene, "2")
    assert match.over
    app.step([], DT)
    assert scene.end_dialog is not None
    assert "Second" in scene.result_texts()[0]
    press_button(app, scene.end_dialog.review)
    assert scene.end_dialog is None and scene.reviewing
    app.step([], DT)
    assert scene.end_dialog is None  # reviewing: it stays closed


def test_illegal_click_says_why_and_changes_nothing(app: Any, toys: None) -> None:
    match = Match("toy-nim", {}, {"first": Seat(), "second": Seat()})
    scene = start(app, match)
    pos = scene.board_rect.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], DT)
    assert scene.message == "Use the buttons." and scene.message_error
    assert match.turns == []


def test_hot_seat_curtain_hides_the_board_between_secret_orders(app: Any, toys: None) -> None:
    match = Match("toy-pennies", {}, {"same": Seat(), "odd": Seat()})
    scene = start(app, match)
    # even the game's first secret entry starts behind the curtain
    assert scene.curtain_for == "same" and scene.input_player() is None and not match.pending
    assert not scene.buttons["undo"].visible and not scene.view_buttons
    key_down(app, pygame.K_SPACE)
    assert scene.curtain_for is None and scene.input_player() == "same"
    press(app, scene, "h")
    assert match.pending and scene.curtain_for == "odd"
    assert scene.input_player() is None
    assert not scene.buttons["undo"].visible
    key_down(app, pygame.K_SPACE)
    assert scene.curtain_for is None and scene.input_player() == "odd"
    press(app, scene, "t")
    assert match.move_texts() == ["h/t"] and not match.pending
    # the reveal is over: the next turn's first entry ("odd" confirmed last, so "odd" starts) is
    # behind the curtain again
    assert scene.curtain_for == "odd" and scene.input_player() is None
    key_down(app, pygame.K_SPACE)
    assert scene.curtain_for is None and scene.input_player() == "odd"


def test_sealed_orders_can_be_taken_back_behind_the_curtain(app: Any, toys: None) -> None:
    match = Match("toy-pennies", {}, {"same": Seat(), "odd": Seat()})
    scene = start(app, match)
    assert scene.curtain_for == "same"
    key_down(app, pygame.K_BACKSPACE)  # nothing sealed yet: nothing to take back
    assert scene.curtain_for == "same" and scene.message is None
    key_down(app, pygame.K_SPACE)
    press(app, scene, "h")
    assert scene.curtain_for == "odd" and match.pending
    key_down(app, pygame.K_BACKSPACE)  # "same" is still at the screen and changes their mind
    assert not match.pending
    assert scene.message == "Same's orders are back on the board: change them and confirm again."
    # "same" never left the screen, so the board is theirs again at once, the other still away
    assert scene.curtain_for is None
    assert scene.input_player() == "same" and scene.buttons["undo"].visible
    press(app, scene, "t")
    assert scene.curtain_for == "odd"
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)], DT)  # "odd" took over
    assert scene.curtain_for is None and scene.input_player() == "odd"
    key_down(app, pygame.K_z, pygame.KMOD_CTRL)  # and may not withdraw the other player's orders
    assert match.pending and scene.message is not None and "sealed until the reveal" in scene.message


def test_move_list_rows_follow_the_history(app: Any, toys: None) -> None:
    match = Match("toy-nim", {"stones": "5"}, {"first": Seat(), "second": Seat()})
    scene = start(app, match)
    assert scene.moves.shown == range(0)
    press(app, scene, "1")
    press(app, scene, "2")
    rows = [scene.moves.row(i, turn) for i, turn in enumerate(match.turns)]
    assert rows == [MoveRow(1, ("first",), "take1", "4 left"), MoveRow(2, ("second",), "take2", "2 left")]
    assert scene.moves.shown == range(2)
    key_down(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.moves.shown == range(1)


def test_move_list_scrolls_with_the_wheel_and_shows_the_newest_after_a_change(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = demo_match("elephant-run", "end")
    match.seats = {player: Seat() for player in match.game.players}
    scene = start(app, match)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: scene.moves_rect.center)
    total = len(match.turns)
    newest = scene.moves.shown
    assert newest.stop == total and newest.start > 0  # the list is longer than its box
    wheel(app, 2)  # up: earlier moves
    assert scene.moves.shown == range(newest.start - 2, total - 2)
    wheel(app, 1000)
    assert scene.moves.shown.start == 0 and len(scene.moves.shown) == len(newest)
    key_down(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(match.turns) < total and scene.moves.shown.stop == len(match.turns)


def test_banner_follows_the_computer_to_the_end(
    app: Any, toys: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = SlowWorker()
    monkeypatch.setattr(app, "_worker", worker)
    match = Match("toy-nim", {"stones": "3"}, {"first": Seat(), "second": Seat(AI, "easy")})
    scene = start(app, match)
    assert mode_text(match) == "You play First"
    assert scene.banner_texts() == ("Your move — First", "Make your move", False)
    press(app, scene, "1")
    assert scene.thinking and worker.requests == 1
    headline, detail, error = scene.banner_texts()
    assert headline.startswith("Computer (Second) is thinking") and detail == "" and not error
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.board_rect.center, button=1)], DT)
    assert scene.banner_texts()[1] == "The computer is thinking — wait for its move."
    idle(app, int(5 / DT))  # the complaint fades; the computer still thinks
    assert scene.message is None and scene.banner_texts()[1] == ""
    worker.answer = "take2"
    app.step([], DT)
    assert match.over and not scene.thinking
    assert scene.banner_texts() == ("Game over — The computer wins (Second)", "took the last stone", False)
    assert scene.result_texts()[0] == "The computer wins (Second)"


def test_ai_error_is_a_toast_not_a_crash(app: Any, toys: None, monkeypatch: pytest.MonkeyPatch) -> None:
    class BrokenWorker(SlowWorker):
        def poll(self) -> AIResult:
            return AIResult(self.requests, None, "ValueError: boom", 0.0)

    worker = BrokenWorker()
    monkeypatch.setattr(app, "_worker", worker)
    match = Match("toy-nim", {}, {"first": Seat(AI, "easy"), "second": Seat()})
    scene = start(app, match)
    idle(app, 10)
    assert scene.ai_stopped and worker.requests == 3
    assert any("could not move" in text for text, _ in app.toasts)
    assert not any("ValueError" in text or "boom" in text for text, _ in app.toasts)  # plain words only
    assert match.turns == []


def test_window_closes_at_once_while_the_computer_thinks(app: Any) -> None:
    match = Match("elephant-run", {}, {"elephant": Seat(), "farmers": Seat(AI, "hard")})
    match.play_text("@c2")
    scene = start(app, match)
    idle(app, 3)
    assert scene.thinking
    process = app.worker._process
    assert process is not None and process.is_alive()
    app.step([pygame.event.Event(pygame.QUIT)], DT)
    assert not app.running
    app.shutdown()
    # At once: the process was killed in the middle of its search, never asked to finish it.
    assert not process.is_alive()
    if os.name == "posix":
        assert process.exitcode == -signal.SIGKILL
    else:
        assert process.exitcode not in (None, 0)
    assert list(app.store.autosave_dir.glob("*.json"))  # leaving autosaved


def test_pause_and_rules_open(app: Any) -> None:
    match = Match("elephant-run", {}, {"elephant": Seat(), "farmers": Seat()})
    scene = start(app, match)
    key_down(app, pygame.K_F1)
    assert scene._rules_window is not None and scene._rules_window.alive()
    key_down(app, pygame.K_ESCAPE)  # Esc closes the rules first
    assert app.top is scene and scene._rules_window is None
    key_down(app, pygame.K_ESCAPE)
    assert app.top is not scene and getattr(app.top, "name", "") == "pause"
    app.step([], DT)


def test_refusals_read_as_one_sentence() -> None:
    from game.core import IllegalMoveError
    from scenes.kit.board_view import ViewAction, error_sentence, sentence

    assert sentence("the game is over") == "The game is over."
    assert sentence("already a sentence.") == "Already a sentence."
    assert sentence("Really?") == "Really?"
    assert error_sentence(IllegalMoveError("a9", "there is no square a9.")) == "There is no square a9."
    assert error_sentence(ValueError("bad input")) == "Bad input."
    refusal = ViewAction.refuse_error(IllegalMoveError("a9", "there is no square a9"))
    assert refusal.error and refusal.message == "There is no square a9."
