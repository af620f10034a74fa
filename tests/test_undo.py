"""Undo against the computer, in every game and with the computer on either side: one Ctrl+Z takes
back the player's last turn and the computer's reply (in Elasta and Nelaxtam: back to before the last
reveal, the computer's sealed orders thrown away and thought again), Ctrl+Y brings it all back, and
Undo is greyed while there is nothing to take back. Between two humans a revealed simultaneous turn
stays played, and pressing Undo says why.

Moves are entered through each board's own ``gestures_for`` as real events into a real MatchScene;
the computer is a scripted worker (the same interface as the worker process) that answers a random
legal move, so the test sees exactly when the scene asks, cancels and asks again.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pygame
import pytest

from game.core import GameState
from game.match import AI, Match, Seat
from game.register import all_games, get
from game.worker import AIResult
from scenes.kit.registry import has_view
from scenes.shell.match.scene import MatchScene, undo_refusal
from tests.gesture_driver import perform
from tests.scene_driver import DT, hand_over, idle, key_down, press_button, settle, start

GAMES = [info.id for info in all_games() if has_view(info.id)]
SIMULTANEOUS = ("elasta", "nelaxtam")
HUMAN_TURNS = 3


class ScriptedWorker:
    """Answers every request on the next poll with a random legal move from the public record,
    unless ``hold`` is set (then it thinks until released). Counts requests and cancels."""

    def __init__(self, seed: int = 7) -> None:
        self.rng = random.Random(seed)
        self.hold = False
        self.requests = 0
        self.cancels = 0
        self.records: list[dict[str, Any]] = []
        self._waiting: tuple[int, str] | None = None

    def request(self, record: dict[str, Any], player: str, level: str, seed: int) -> int:
        self.requests += 1
        self.records.append(record)
        match = Match.from_record(record)
        move = match.state.random_move(player, self.rng)
        self._waiting = (self.requests, match.state.move_to_text(player, move))
        return self.requests

    def poll(self) -> AIResult | None:
        if self._waiting is None or self.hold:
            return None
        request_id, text = self._waiting
        self._waiting = None
        return AIResult(request_id, text, None, 0.0)

    def cancel(self) -> None:
        if self._waiting is not None:
            self.cancels += 1
        self._waiting = None

    def close(self) -> None:
        self._waiting = None


def human_may_move(app: Any, scene: MatchScene, human: str, seconds: float = 60.0) -> None:
    """Run frames until ``human`` may act and the computer is not thinking (its reply played, or its
    secret orders sealed); the worker process gets ``seconds`` of real time."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if scene.input_player() == human and not scene.thinking:
            return
        app.step([], DT)
    raise AssertionError(f"{human} never got the move (turns: {scene.match.move_texts()})")


def play_human_turn(app: Any, scene: MatchScene, human: str, rng: random.Random) -> None:
    """Enter a random legal move for ``human`` with the board's own gestures (real events)."""
    state = scene.match.state
    for _ in range(20):
        text = state.move_to_text(human, state.random_move(human, rng))
        gestures = scene.view.gestures_for(human, text)
        if gestures is not None:
            break
    else:
        raise AssertionError(f"the {scene.match.game.id} board cannot enter a move here")
    turns = len(scene.match.turns)
    perform(app, scene, gestures)
    settle(app, scene)
    played = scene.match.turns[turns:]  # the computer's reply may already follow
    assert played and human in played[0].moves, f"{text!r} was not played by its gestures"


def seats_for(game_id: str, computer_index: int) -> tuple[str, str, dict[str, Seat]]:
    players = list(get(game_id).players)
    computer = players[computer_index]
    human = players[1 - computer_index]
    return human, computer, {computer: Seat(AI, "easy"), human: Seat()}


def position(match: Match) -> tuple[list[str], object]:
    """What "the same position" means: the same history and the same state."""
    state: GameState = match.state
    return match.move_texts(), state.key()


@pytest.mark.parametrize("computer_index", [0, 1], ids=["computer-first", "computer-second"])
@pytest.mark.parametrize("game_id", GAMES)
def test_one_undo_takes_back_the_turn_and_the_reply_and_redo_restores_it(
    app: Any, monkeypatch: pytest.MonkeyPatch, game_id: str, computer_index: int
) -> None:
    worker = ScriptedWorker()
    monkeypatch.setattr(app, "_worker", worker)
    human, computer, seats = seats_for(game_id, computer_index)
    match = Match(game_id, {}, seats)
    scene = start(app, match)
    human_may_move(app, scene, human)
    assert not scene.buttons["undo"].is_enabled, "nothing of the player's to take back yet"
    rng = random.Random(f"{game_id}-{computer_index}")
    before_last = position(match)
    for _ in range(HUMAN_TURNS):
        before_last = position(match)
        play_human_turn(app, scene, human, rng)
        if match.over:
            break
        human_may_move(app, scene, human)
    after = position(match)
    assert after != before_last
    requests = worker.requests

    key_down(app, pygame.K_z, pygame.KMOD_CTRL)
    human_may_move(app, scene, human)
    assert position(match) == before_last, "one undo goes back to before the player's last turn"
    assert scene.input_player() == human and not match.human_pending()
    assert scene.buttons["redo"].is_enabled
    if game_id in SIMULTANEOUS:
        # the computer's orders for the turn taken back were thrown away and chosen again, afresh
        assert worker.requests > requests and match.pending and computer in match.pending
        assert worker.records[-1]["moves"] == before_last[0] and worker.records[-1]["pending"] == {}

    key_down(app, pygame.K_y, pygame.KMOD_CTRL)
    human_may_move(app, scene, human) if not match.over else idle(app)
    assert position(match) == after, "redo restores the turn and the reply, computer re-sealing or not"
    assert not scene.buttons["redo"].is_enabled


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_is_greyed_on_the_first_turn_and_ctrl_z_changes_nothing(
    app: Any, monkeypatch: pytest.MonkeyPatch, game_id: str
) -> None:
    monkeypatch.setattr(app, "_worker", ScriptedWorker())
    for computer_index in (0, 1):
        human, _, seats = seats_for(game_id, computer_index)
        match = Match(game_id, {}, seats)
        scene = start(app, match)
        human_may_move(app, scene, human)
        assert not match.can_undo() and not scene.buttons["undo"].is_enabled
        texts, pending = match.move_texts(), dict(match.pending)
        key_down(app, pygame.K_z, pygame.KMOD_CTRL)
        assert match.move_texts() == texts and match.pending == pending
        assert scene.message == undo_refusal(match)
        app.pop()


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_while_the_computer_thinks_cancels_it_and_takes_back_the_turn(
    app: Any, monkeypatch: pytest.MonkeyPatch, game_id: str
) -> None:
    """The player moved, the computer is still thinking about its reply (or, in a simultaneous game,
    the player sealed orders first): Undo stops the search and gives the player the move back."""
    worker = ScriptedWorker()
    worker.hold = True  # the computer thinks until the test is over
    monkeypatch.setattr(app, "_worker", worker)
    human, _, seats = seats_for(game_id, 1)
    match = Match(game_id, {}, seats)
    scene = start(app, match)
    before = position(match)
    if game_id in SIMULTANEOUS:
        _seal_human_orders(app, scene, human)
    else:
        play_human_turn(app, scene, human, random.Random(game_id))
    idle(app, 3)
    assert scene.thinking and worker.requests >= 1
    cancels, requests = worker.cancels, worker.requests

    key_down(app, pygame.K_z, pygame.KMOD_CTRL)
    assert worker.cancels == cancels + 1, "the search for the old position was stopped"
    assert position(match) == before and not match.human_pending()
    assert scene.input_player() == human
    if game_id in SIMULTANEOUS:
        idle(app, 2)
        assert worker.requests == requests + 1 and scene.thinking, "and it thinks again, afresh"


def _seal_human_orders(app: Any, scene: MatchScene, human: str) -> None:
    """Confirm secret orders while the computer is still thinking about its own."""
    state = scene.match.state
    rng = random.Random(7)
    gestures = None
    for _ in range(20):
        gestures = scene.view.gestures_for(human, state.move_to_text(human, state.random_move(human, rng)))
        if gestures is not None:
            break
    assert gestures is not None
    perform(app, scene, gestures)
    assert human in scene.match.pending and not scene.match.turns


@pytest.mark.parametrize("game_id", SIMULTANEOUS)
def test_two_players_cannot_undo_a_revealed_turn_and_are_told_why(app: Any, game_id: str) -> None:
    info = get(game_id)
    match = Match(game_id, {}, {p: Seat() for p in info.players})
    state = match.state
    rng = random.Random(3)
    match.play_text(state.turn_to_text({p: state.random_move(p, rng) for p in state.to_move()}))
    scene = start(app, match)
    texts = match.move_texts()
    sentence = "Both players have seen the orders of that turn, so it cannot be taken back."
    assert undo_refusal(match) == sentence
    # the next turn's first entry starts behind the curtain: lifted first, then the Undo asked for
    assert scene.curtain_for is not None and scene.input_player() is None
    hand_over(app, scene)
    assert scene.input_player() is not None

    key_down(app, pygame.K_z, pygame.KMOD_CTRL)
    assert match.move_texts() == texts and scene.message == sentence
    scene.message = None
    assert scene.buttons["undo"].is_enabled, "the button stays pressable so that it can explain"
    press_button(app, scene.buttons["undo"])
    assert match.move_texts() == texts and scene.message == sentence


@pytest.mark.parametrize("game_id", SIMULTANEOUS)
def test_with_the_real_worker_the_computer_chooses_again_after_an_undo(app: Any, game_id: str) -> None:
    """The same path with the AI worker process: after the undo the computer's fresh orders arrive
    for the restored position, and the player's next orders reveal against them."""
    human, computer, seats = seats_for(game_id, 1)
    match = Match(game_id, {}, seats)
    scene = start(app, match)
    rng = random.Random(11)
    human_may_move(app, scene, human)
    before = position(match)
    play_human_turn(app, scene, human, rng)
    human_may_move(app, scene, human)
    assert len(match.turns) == 1
    key_down(app, pygame.K_z, pygame.KMOD_CTRL)
    assert position(match) == before and computer not in match.pending
    human_may_move(app, scene, human)
    assert computer in match.pending and position(match) == before  # sealed afresh, nothing played
    play_human_turn(app, scene, human, rng)
    assert len(match.turns) == 1 and not match.redo_stack


# -- the match's own rules, without a screen ------------------------------------------------------------
@pytest.mark.usefixtures("toy_games")
def test_the_computers_sealed_orders_are_nothing_to_undo_and_do_not_block_redo() -> None:
    match = Match("toy-pennies", seats={"odd": Seat(AI, "easy")})
    match.submit("odd", "h")  # the computer seals at once
    assert not match.can_undo() and not match.undo() and match.pending == {"odd": "h"}
    match.submit("same", "t")
    assert match.move_texts() == ["t/h"] and match.can_undo()
    match.submit("odd", "t")  # its orders for the next turn
    assert match.undo() and match.move_texts() == [] and match.pending == {}
    match.submit("odd", "t")  # it thinks again after the undo
    assert match.can_redo() and match.redo()
    assert match.move_texts() == ["t/h"] and match.pending == {}
    match.submit("same", "h")  # a human's own sealed order is the smaller step back
    assert match.human_pending() == {"same": "h"} and match.can_undo()
    assert match.undo() and match.move_texts() == ["t/h"] and match.pending == {}
