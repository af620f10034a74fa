"""Whole games of all five kinds heard through a fake mixer, through the real match screen.

Each game runs in a real App and MatchScene with animations off (the boards snap, yet every turn is
still heard: its plan runs on a scratch timeline for the cues), a computer that answers at once, and
a :class:`~tests.sound_fakes.FakeMixer` that records what would be heard. The test writes down, turn
by turn, what a player must hear — the game's own moments from the turn's facts, the scene's "your
turn", "sealed", "curtain", and the stinger from the human's side of the table — and compares it
with the recording, in order. Muted, the same game must be heard not at all, with the device never
opened.

With animations off all the cues of one turn fall in one frame, and an event heard twice in a frame
plays once (:meth:`scenes.kit.sound.SoundBoard.announce`), hence :func:`once` below.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.match import AI, Match, Seat, Turn
from scenes.shell.match.scene import MatchScene
from scenes.shell.match.sounds import ending_event
from tests.scene_driver import click, hand_over, key_down, settle, start
from tests.sound_fakes import FakeMixer, InlineWorker, Policy, files_of, random_policy

DT = 1 / 60


@pytest.fixture
def small_app(tmp_path: Path) -> Iterator[Any]:
    """A real app at the smallest window size (cheaper frames), with a fake mixer."""
    from scenes.routes import new_app

    application = new_app(data_dir=tmp_path, size=(1024, 640))
    application.sound.mixer = FakeMixer()
    yield application
    application.shutdown()


def once(events: list[str]) -> list[str]:
    """Events fired in one frame, as heard: each name once, first occurrence first."""
    seen: list[str] = []
    for event in events:
        if event not in seen:
            seen.append(event)
    return seen


def wait_for_human(app: Any, scene: MatchScene, limit: int = 400) -> None:
    """Frames until a human may act and any "your turn" chime has sounded, or the game is over."""
    for _ in range(limit):
        if scene.match.over and scene.end_dialog is not None:
            return
        if scene.input_player() is not None and not scene.sounds.owed_your_turn:
            return
        app.step([], DT * 3)
    match = scene.match
    raise AssertionError(
        f"the human never got the board back: turns {len(match.turns)}, awaiting {match.awaiting()}, "
        f"thinking {scene.thinking}, curtain {scene.curtain_for}, toasts {app.toasts}"
    )


def wait_for_curtain(app: Any, scene: MatchScene, limit: int = 400) -> None:
    """Frames until the hand-off curtain is up (it waits for any reveal to play out)."""
    for _ in range(limit):
        if scene.curtain_for is not None:
            return
        app.step([], DT * 3)
    raise AssertionError(f"the curtain never came up: turns {len(scene.match.turns)}, {scene.message}")


def submit(scene: MatchScene, player: str, move: Any) -> None:
    """What a click on the board does once the view has mapped it (the scene's own path), in a frame
    of its own like a real click."""
    from scenes.kit.board_view import ViewAction

    scene._apply_action(ViewAction.play(player, move))
    scene.app.step([], DT)


# -- the game's own moments, written from each turn's facts ----------------------------------------
def elephant_run_events(turn: Turn) -> list[str]:
    from scenes.games.elephant_run.moves import move_kind
    from tests.er_notation import move_squares

    before, after = turn.before.position(), turn.after.position()
    if before["phase"] == "setup-elephant":
        return ["move"]
    if before["phase"] == "setup-farmers":
        return ["place"]
    squares = move_squares(turn.text)
    if not squares:
        return ["move"]  # a pass: the scene's plain set-down
    if before["elephant"] == squares[0]:
        if after["captured"] > before["captured"]:
            return ["farmer-trampled", "move"]
        return ["move", "tile-eaten"] if after["eaten"] > before["eaten"] else ["move"]
    return ["farmer-run", "move"] if move_kind(turn.before, turn.moves) in ("run", "compound") else ["move"]


def epaminondas_events(turn: Turn) -> list[str]:
    from scenes.games.epaminondas.moves import turn_move

    found = turn_move(turn)
    assert found is not None
    before: Any = turn.before
    events = ["phalanx-push"] if len(before.group_of(found[1])) > 1 else []
    if before.captured_by(found[1]):
        events.append("phalanx-capture")  # the enemy line goes as the front stone arrives
    return [*events, "move"]


def changing_challenges_events(turn: Turn) -> list[str]:
    from scenes.games.changing_challenges.geometry import CW_WEIGHT, LIMIT
    from scenes.games.changing_challenges.motion import turn_effects

    read = turn_effects(turn)
    assert read is not None
    _, fx = read
    captured = fx["captured"] is not None
    events = ["capture" if captured else "move"]
    if captured and fx["kind"] != "merge":
        events.append("weight-thud")
    tipped = abs(fx["moment_after"]) > LIMIT
    if fx["moment_after"] + CW_WEIGHT * fx["counterweight_before"] or tipped:
        events.append("balance-creak")
    if tipped:
        events.append("board-crash")
    return events


def elasta_events(turn: Turn) -> list[str]:
    report = turn.after.last_report  # type: ignore[attr-defined]
    assert report is not None
    if report.rounds:
        return ["reveal", "band-stretch", "band-snap"]
    return ["reveal", "move"]


def nelaxtam_events(turn: Turn) -> list[str]:
    from game.nelaxtam import rules as R

    before: Any = turn.before
    if before.phase == R.PHASE_INVASION:
        landings = []
        for p, player in enumerate(("black", "white")):
            for t, square in enumerate(turn.moves[player]):
                sea = before.geo.edge >> square & 1
                landings.append((0.09 * t + 0.05 * p + 0.6 * 0.8, "land-sea" if sea else "land-air"))
        return once([event for _, event in sorted(landings)])
    report = turn.after.last_report  # type: ignore[attr-defined]
    events = ["reveal"]
    if report.moves:
        events.append("move")
    if report.destructions:
        events.append("destroy")
        if report.deaths:
            events.append("capture")
    if report.removed_groups:
        events.append("sink")
    return events


# -- the flows -------------------------------------------------------------------------------------
def alternating_game(
    app: Any,
    match: Match,
    events: Callable[[Turn], list[str]],
    policy: Policy,
    seed: int,
    human_move: Callable[[MatchScene, str, Any], None] | None = None,
    speed: str = "off",
) -> list[str]:
    """One side human (``policy`` chooses, ``human_move`` enters it), the other the computer or a
    second human. Returns the events a player must hear, in order."""
    rng = random.Random(seed)
    scene = start(app, match, speed)
    expected: list[str] = []
    heard_turns = 0
    for _ in range(600):
        wait_for_human(app, scene)
        for turn in match.turns[heard_turns:]:
            expected += once(events(turn))
            by_computer = any(match.seats[p].is_ai for p in turn.moves)
            if by_computer and not match.over:
                expected.append("your-turn")
        heard_turns = len(match.turns)
        if match.over:
            break
        player = scene.input_player()
        assert player is not None
        move = policy(match.state, player, rng)
        (human_move or submit)(scene, player, move)
        if speed != "off":
            settle(app, scene)
    assert match.over
    ending = ending_event(match)
    assert ending is not None
    return [*expected, ending]


def test_elephant_run_by_clicks_against_the_computer(small_app: Any) -> None:
    """The human elephant clicks its destinations (one refused click first); the computer farmers
    answer: each of its moves is followed by "your turn"."""
    from tests.er_notation import move_squares

    small_app._worker = InlineWorker(seed=3)
    match = Match("elephant-run", {}, {"elephant": Seat(), "farmers": Seat(AI, "easy")})
    refused: list[bool] = []

    def by_click(scene: MatchScene, player: str, move: Any) -> None:
        view: Any = scene.view
        text = match.state.move_to_text(player, move)
        squares = move_squares(text)
        if view._pos["phase"] == "play" and not refused:  # a tile that is no destination: "illegal"
            skip = {*view.destinations(), *squares, view._pos["elephant"]}
            wrong = next(n for n in view.geo.names() if n not in skip)
            click(small_app, view.geo.center_of(wrong))
            refused.append(True)
        click(small_app, view.geo.center_of(squares[-1]))

    expected = alternating_game(small_app, match, elephant_run_events, random_policy, 5, by_click)
    first_play = next(i for i, t in enumerate(match.turns) if t.before.position()["phase"] == "play")
    # the refusal came just before the elephant's first move in play
    index = sum(
        len(once(elephant_run_events(t))) + (1 if "farmers" in t.moves else 0)
        for t in match.turns[:first_play]
    )
    expected.insert(index, "illegal")
    heard = small_app.sound.mixer.heard
    assert heard == files_of(expected)
    assert {"tile-eaten.wav", "your-turn.wav", "illegal.wav"} <= set(heard)


def greedy_epaminondas(state: Any, player: str, rng: random.Random) -> Any:
    """Cross and capture when possible: a short game that still has pushes and captures."""
    moves = list(state.legal_moves(player))
    rng.shuffle(moves)

    def value(move: Any) -> tuple[int, int]:
        score = state.apply_turn({player: move}).score()
        other = next(p for p in score if p != player)
        return score[player] - score[other], len(state.captured_by(move))

    return max(moves, key=value)


def test_epaminondas_two_players_hear_pushes_captures_and_game_over(small_app: Any) -> None:
    match = Match("epaminondas", {}, {"white": Seat(), "black": Seat()})
    expected = alternating_game(small_app, match, epaminondas_events, greedy_epaminondas, 1)
    heard = small_app.sound.mixer.heard
    assert heard == files_of(expected)
    assert expected[-1] == "game-over"  # two people at the screen: neither is "you"
    assert {"phalanx-push.wav", "phalanx-capture.wav"} <= set(heard)


@pytest.mark.parametrize("speed", ["off", "fast"])
def test_changing_challenges_against_the_computer_creaks_and_ends_with_win_or_loss(
    small_app: Any, speed: str
) -> None:
    """Animated or not, the same sounds in the same order: cues ride the animation's tracks."""
    small_app._worker = InlineWorker(seed=11)
    match = Match("changing-challenges", {}, {"triangles": Seat(), "circles": Seat(AI, "easy")})
    expected = alternating_game(small_app, match, changing_challenges_events, random_policy, 2, speed=speed)
    heard = small_app.sound.mixer.heard
    assert heard == files_of(expected)
    assert expected[-1] in ("win", "loss", "draw")
    assert "creak.wav" in heard


def test_elasta_against_the_computer_hears_sealed_reveal_and_the_band(small_app: Any) -> None:
    """Simultaneous turns: the computer's orders are sealed first, the human's confirmation reveals
    both, the band stretches and snaps, then "your turn" for the next allotment."""
    small_app._worker = InlineWorker(seed=4)
    match = Match("elasta", {}, {"white": Seat(), "black": Seat(AI, "easy")})
    rng = random.Random(9)
    scene = start(small_app, match)
    expected = []
    while not match.over:
        for _ in range(100):  # the computer seals its allotment at once; the human then has the board
            wait_for_human(small_app, scene)
            if match.over or "black" in match.pending:
                break
            small_app.step([], DT)
        if match.over:
            break
        assert "black" in match.pending
        expected.append("sealed")
        if match.turns:
            expected.append("your-turn")
        expected_before = len(match.turns)
        submit(scene, "white", match.state.random_move("white", rng))
        assert len(match.turns) == expected_before + 1
        expected += elasta_events(match.turns[-1])
    wait_for_human(small_app, scene)
    ending = ending_event(match)
    assert ending in ("win", "loss", "draw")
    heard = small_app.sound.mixer.heard
    assert heard == files_of([*expected, ending])
    assert {"band-snap.wav", "reveal.wav", "sealed.wav"} <= set(heard)


def test_nelaxtam_hot_seat_hears_sealed_curtain_your_turn_and_the_island(small_app: Any) -> None:
    """Two people share the screen: the curtain drawn before each turn's first entry (the game's
    first too), lifted (Space) with "your turn"; orders sealed, the curtain drawn again, lifted for
    the other player with "your turn", then the reveal and what the orders did."""
    match = Match("nelaxtam", {"size": "8"}, {"black": Seat(), "white": Seat()})
    rng = random.Random(12)
    scene = start(small_app, match)
    expected: list[str] = []
    for _ in range(200):
        if match.over:
            break
        wait_for_curtain(small_app, scene)
        first = scene.curtain_for
        assert first is not None and scene.input_player() is None
        hand_over(small_app, scene)
        expected += ["curtain", "your-turn"]
        wait_for_human(small_app, scene)
        assert scene.input_player() == first
        submit(scene, first, match.state.random_move(first, rng))
        assert scene.curtain_for is not None and scene.curtain_for != first
        key_down(small_app, pygame.K_SPACE, unicode=" ")
        expected += ["sealed", "curtain", "your-turn"]
        wait_for_human(small_app, scene)
        second = scene.input_player()
        assert second is not None and second != first
        submit(scene, second, match.state.random_move(second, rng))
        expected += nelaxtam_events(match.turns[-1])
    assert match.over
    wait_for_human(small_app, scene)
    expected.append("draw" if match.outcome and match.outcome.winner is None else "game-over")
    heard = small_app.sound.mixer.heard
    assert heard == files_of(expected)
    assert {"curtain.wav", "reveal.wav"} <= set(heard)
    assert {"land-sea.wav", "land-air.wav"} & set(heard)


def test_a_muted_game_is_heard_not_at_all_and_never_opens_the_device(small_app: Any) -> None:
    small_app.settings.muted = True
    small_app._worker = InlineWorker(seed=11)
    match = Match("changing-challenges", {}, {"triangles": Seat(), "circles": Seat(AI, "easy")})
    alternating_game(small_app, match, changing_challenges_events, random_policy, 2)
    mixer = small_app.sound.mixer
    assert mixer.plays == [] and mixer.opened == 0 and small_app.sound.state == "closed"
