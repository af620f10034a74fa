"""The "solved" badge (issue #16, item 3): who wins an Elephant Run endgame with best play.

Headless: the words agree with the exact solver, positions out of reach (or past the budget) give
none, and the worker answers the badge's requests. Settings: off by default, remembered, and a bad
value in the file is off. Screen: the badge appears under the move list once the position is within
reach and the setting is on, never when it is off, in another game or in a review, and an answer
for a position the game has left is dropped.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.elephant_run import badge as solved_module
from game.elephant_run.ai import ai
from game.elephant_run.badge import REACH_NEED, solve, verdict_words
from game.elephant_run.rules import ELEPHANT, FARMERS, PHASE_PLAY, SIDE_ELEPHANT, ElephantRunState
from game.elephant_run.solver import solve_state
from game.match import Match
from game.register import get
from game.search import Limit
from game.solved import SOLVE_LEVEL, solved_text, within_reach
from game.worker import AIResult, _think
from saves.settings import Settings, load_settings, save_settings
from scenes.kit import style
from scenes.shell.match import solved as badge_module
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import DT, click_element, pump, start


def need(state: Any) -> int:
    return int(state.target - state.points)


EASY_LIMIT = Limit(nodes=3000)
"""The easy computer's moves in these seeded games: bounded by nodes, so a busy machine plays the
same games (about what 0.05 s buys)."""


def played_match(stop: Any, seed: int) -> Match | None:
    """A game between two people, its moves chosen by the easy computer from ``seed``, up to the
    first position where ``stop(state)`` holds (None if the game ends first)."""
    rng = random.Random(seed)
    match = Match("elephant-run")
    while not match.over:
        state = match.state
        if stop(state):
            return match
        player = state.to_move()[0]
        match.submit(player, ai(state, player, "easy", rng, EASY_LIMIT))
    return None


def endgame(need_exactly: int, elephant_to_move: bool = True, seed: int = 1) -> Match:
    """The first seeded game that reaches a play-phase position where the elephant needs exactly
    ``need_exactly`` points, with the elephant (or the farmers) to move."""
    side = SIDE_ELEPHANT if elephant_to_move else 1 - SIDE_ELEPHANT
    for attempt in range(seed, seed + 60):
        match = played_match(
            lambda s: (
                isinstance(s, ElephantRunState)
                and s.phase == PHASE_PLAY
                and not s.over
                and s.side == side
                and need(s) == need_exactly
            ),
            attempt,
        )
        if match is not None:
            return match
    raise AssertionError(f"no seeded game reaches need {need_exactly}")


def small_endgames() -> Iterator[ElephantRunState]:
    """Every position within 4 points of the end of a few seeded games (quick to solve)."""
    for seed in range(6):
        rng = random.Random(100 + seed)
        state = get("elephant-run").new_state()
        while not state.over:
            if within_reach(state) and need(state) <= 4:
                yield state  # type: ignore[misc]
            player = state.to_move()[0]
            state = state._apply_unchecked(ai(state, player, "easy", rng, EASY_LIMIT))  # type: ignore[attr-defined]


# -- headless ----------------------------------------------------------------------------------------
def test_the_words_agree_with_the_solver() -> None:
    winners = set()
    positions = list(small_endgames())
    assert len(positions) >= 10
    for state in positions:
        exact = solve_state(state)
        assert exact is not None
        assert solve(state) == exact
        assert solved_text(state) == verdict_words(state, exact)
        winners.add(exact.winner)
    assert winners == {ELEPHANT, FARMERS}  # both sentences were checked


def test_the_sentences_name_the_winner_and_the_distance() -> None:
    elephant = endgame(1)  # one step from the target: any move but a last farmer's trampling wins
    state = elephant.state
    assert solved_text(state) == "Solved: the elephant wins with best play, in 1 move."
    lost = next(s for s in small_endgames() if solve_state(s).winner == FARMERS)  # type: ignore[union-attr]
    verdict = solve_state(lost)
    assert verdict is not None
    expected = f"holding the elephant to {lost.points + verdict.gain} points."
    assert solved_text(lost) == f"Solved: the farmers win with best play, {expected}"
    assert lost.points + verdict.gain < lost.target


def test_out_of_reach_gives_no_words() -> None:
    # before the elephant places, only an option family the start table has settled speaks
    # (tests/test_starts.py); one it has not says nothing
    fresh = get("elephant-run").new_state({"compound": "on"})
    assert not within_reach(fresh) and solved_text(fresh) is None  # the elephant is still to place
    settled = get("elephant-run").new_state()
    assert within_reach(settled) and "farmers win" in (solved_text(settled) or "")
    far = endgame(REACH_NEED + 1).state
    assert not within_reach(far)

    def never(compound: bool) -> None:
        raise AssertionError("a position out of reach was handed to the solver")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solved_module, "_solver", never)
        assert solved_text(far) is None  # refused at once, never searched
    assert within_reach(endgame(REACH_NEED).state)
    assert not within_reach(get("epaminondas").new_state())
    over = get("elephant-run").new_state()
    rng = random.Random(3)
    while not over.over:
        over = over.apply_turn({p: over.random_move(p, rng) for p in over.to_move()})
    assert not within_reach(over) and solved_text(over) is None


def test_past_the_budget_there_are_no_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solved_module, "_SOLVERS", {})  # nothing proved yet
    state = endgame(REACH_NEED).state
    assert within_reach(state)
    assert solved_text(state, seconds=0.0) is None


def test_the_worker_answers_the_badges_request() -> None:
    match = endgame(3)
    record = match.public_record()
    assert _think(record, ELEPHANT, SOLVE_LEVEL, 0) == solved_text(match.state)
    assert _think(record, ELEPHANT, SOLVE_LEVEL, 0).startswith("Solved: ")
    far = endgame(REACH_NEED + 1).public_record()
    assert _think(far, ELEPHANT, SOLVE_LEVEL, 0) == ""  # out of reach: nothing to say


# -- settings ----------------------------------------------------------------------------------------
def test_the_badge_is_off_by_default(tmp_path: Path) -> None:
    assert Settings().show_solved is False
    assert load_settings(tmp_path).show_solved is False


def test_the_setting_round_trips(tmp_path: Path) -> None:
    settings = load_settings(tmp_path)
    settings.show_solved = True
    assert save_settings(settings)
    assert json.loads((tmp_path / "settings.json").read_text())["show_solved"] is True
    assert load_settings(tmp_path).show_solved is True
    settings.show_solved = False
    assert save_settings(settings)
    assert load_settings(tmp_path).show_solved is False


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_a_bad_value_in_the_file_is_off(tmp_path: Path, value: Any) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "show_solved": value, "muted": True}))
    settings = load_settings(tmp_path)
    assert settings.show_solved is False and settings.muted and not settings.damaged


def test_the_settings_screen_switches_it(app: Any) -> None:
    from scenes.shell.settings import SettingsScreen

    app.goto("menu")
    screen = SettingsScreen(app)
    app.push(screen)
    pump(app)
    row = screen.solved_row
    assert row is not None and row.selected == "off"
    click_element(app, row.buttons[row.values.index("on")])
    assert app.settings.show_solved is True
    assert json.loads(Path(app.settings.path).read_text())["show_solved"] is True
    click_element(app, row.buttons[row.values.index("off")])
    assert app.settings.show_solved is False and load_settings(app.settings.config_dir).show_solved is False


# -- the match screen --------------------------------------------------------------------------------
class ScriptedWorker:
    """A solve worker whose answers the test gives, by request id."""

    def __init__(self) -> None:
        self.requests: list[tuple[int, str]] = []
        self.answers: dict[int, str] = {}
        self.cancelled = 0

    def request(self, record: Any, player: str, level: str, seed: int) -> int:
        self.requests.append((len(self.requests) + 1, level))
        return len(self.requests)

    def poll(self) -> AIResult | None:
        if not self.requests:
            return None
        latest = self.requests[-1][0]
        answer = self.answers.get(latest)
        return None if answer is None else AIResult(latest, answer, None, 0.0)

    def cancel(self) -> None:
        self.cancelled += 1

    def close(self) -> None:
        pass


def badge_shown(scene: MatchScene) -> str | None:
    """The badge's words as the screen shows them (None: no badge), checked against the pixels:
    the move list gives up its foot exactly when a badge is drawn there."""
    full = scene.frame.moves(bool(scene.controls.view_buttons))
    words = None if scene.reviewing else scene.solved.text(scene.match)
    assert (scene.moves_rect.height < full.height) == (words is not None)
    return words


def wait_for_badge(app: Any, scene: MatchScene, seconds: float = 60.0) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.step([], DT)
        words = badge_shown(scene)
        if words is not None:
            return words
        time.sleep(0.01)
    raise AssertionError("the badge never came")


def test_the_badge_comes_once_the_position_is_within_reach(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real worker process: nothing is asked while out of reach; the move that brings the game within
    reach brings the badge. (Reach is lowered to 4 points so the test solves in a blink.)"""
    monkeypatch.setattr(badge_module, "within_reach", lambda s: within_reach(s) and need(s) <= 4)
    app.settings.show_solved = True
    match = endgame(5)
    scene = start(app, match)
    for _ in range(5):
        app.step([], DT)
    assert badge_shown(scene) is None and not scene.solved.pending
    assert app._solve_worker is None  # no process started for a position out of reach
    player = match.state.to_move()[0]
    move = next(m for m in match.state.legal_moves(player) if not match.state._apply_unchecked(m).over)  # type: ignore[attr-defined]
    scene._submit(player, move)
    assert need(match.state) == 4
    app.step([], DT)
    assert scene.solved.pending
    assert wait_for_badge(app, scene) == solved_text(match.state)
    full = scene.frame.moves(bool(scene.controls.view_buttons))
    corner = (full.centerx, full.bottom - 1)  # the badge's border, else the move list's
    with_badge, without = (pygame.Surface(app.screen.get_size()) for _ in range(2))
    scene.draw(with_badge)
    assert with_badge.get_at(corner)[:3] == style.GOOD
    app.settings.show_solved = False  # switched off (the settings screen, over the match): gone at once
    app.step([], DT)
    assert badge_shown(scene) is None
    scene.draw(without)
    assert without.get_at(corner)[:3] != style.GOOD


def test_no_badge_when_the_setting_is_off(app: Any) -> None:
    worker = ScriptedWorker()
    app._solve_worker = worker
    assert app.settings.show_solved is False
    scene = start(app, endgame(3))
    for _ in range(5):
        app.step([], DT)
    assert badge_shown(scene) is None and worker.requests == []


def test_no_badge_in_other_games(app: Any) -> None:
    worker = ScriptedWorker()
    app._solve_worker = worker
    app.settings.show_solved = True
    scene = start(app, Match("epaminondas"))
    for _ in range(5):
        app.step([], DT)
    assert badge_shown(scene) is None and worker.requests == []


def test_a_stale_answer_is_dropped_and_the_new_position_asked(app: Any) -> None:
    worker = ScriptedWorker()
    app._solve_worker = worker
    app.settings.show_solved = True
    match = endgame(3)
    scene = start(app, match)  # on load: the position on the board is asked for at once
    assert worker.requests == [(1, SOLVE_LEVEL)]
    player = match.state.to_move()[0]
    move = next(m for m in match.state.legal_moves(player) if not match.state._apply_unchecked(m).over)  # type: ignore[attr-defined]
    scene._submit(player, move)
    app.step([], DT)
    assert len(worker.requests) == 1 and worker.cancelled == 0  # the search runs on, for its memo
    worker.answers[1] = "Solved: first"
    app.step([], DT)
    assert badge_shown(scene) is None  # that answer was for the position before the move
    assert [r[0] for r in worker.requests] == [1, 2]
    app.step([], DT)
    assert badge_shown(scene) is None  # nor is it taken for the answer to the new question
    worker.answers[2] = "Solved: second"
    app.step([], DT)
    assert badge_shown(scene) == "Solved: second"
    scene.undo()  # back to the first position: its answer was kept, so it is not asked again
    app.step([], DT)
    assert badge_shown(scene) == "Solved: first" and len(worker.requests) == 2
    scene.redo()
    app.step([], DT)
    assert badge_shown(scene) == "Solved: second" and len(worker.requests) == 2


def test_no_badge_in_a_review(app: Any) -> None:
    worker = ScriptedWorker()
    app._solve_worker = worker
    app.settings.show_solved = True
    scene = start(app, endgame(3))
    worker.answers[1] = "Solved: the elephant wins with best play, in 5 moves."
    app.step([], DT)
    assert badge_shown(scene) is not None
    scene.review_at(1)
    app.step([], DT)
    assert scene.reviewing and badge_shown(scene) is None
    scene._review_command("live")
    app.step([], DT)
    assert badge_shown(scene) is not None
