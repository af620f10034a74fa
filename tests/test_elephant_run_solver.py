"""Elephant Run's exact solver: checked against plain minimax, and the hard level never gives value away.

Positions come from seeded games between the easy computer players, over several option sets, so
they are positions real games reach rather than hand-made ones."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator

import pytest

from game.cli import main
from game.core import Move
from game.elephant_run.ai import ai, solved_move
from game.elephant_run.rules import ELEPHANT, FARMERS, PHASE_PLAY, SIDE_ELEPHANT, ElephantRunState
from game.elephant_run.solver import Solver, report, solve_state, verdict_from_gain
from game.search import Limit

OPTION_SETS: tuple[dict[str, str], ...] = (
    {},
    {"points": "8", "farmers": "5"},
    {"points": "12", "farmers": "7"},
    {"compound": "on"},
    {"points": "9", "farmers": "7", "compound": "on"},
)


def game_positions(games: int, seed: int) -> Iterator[ElephantRunState]:
    """Every play-phase position of ``games`` seeded easy-against-easy games, option sets in turn."""
    rng = random.Random(seed)
    for index in range(games):
        state = ElephantRunState.from_options(OPTION_SETS[index % len(OPTION_SETS)])
        while not state.over:
            if state.phase == PHASE_PLAY:
                yield state
            player = state.to_move()[0]
            state = state._apply_unchecked(ai(state, player, "easy", rng, 0.2))  # type: ignore[arg-type]


def need(state: ElephantRunState) -> int:
    return state.target - state.points


def brute_final_points(state: ElephantRunState) -> int:
    """The elephant's final points by plain minimax over the rules' own states: no memo, no bounds,
    no move ordering. The elephant holds out longest (most points), the farmers stop it soonest."""
    if state.over:
        return state.points
    player = state.to_move()[0]
    results = [
        brute_final_points(state._apply_unchecked(move))  # type: ignore[arg-type]
        for move in state.legal_moves(player)
    ]
    return max(results) if player == ELEPHANT else min(results)


def capped_gain_after(solver: Solver, state: ElephantRunState, move: tuple[int, ...]) -> int:
    """The elephant's points still to come (capped at its need) once ``move`` is played, counted
    from ``state``: the measure of the game's value the hard level must keep."""
    child = state._apply_unchecked(move)
    scored = child.points - state.points
    if child.over:
        return min(scored, need(state))
    rest = solver.gain(child.tiles, child.farmers, child.elephant, child.side, need(state) - scored)
    return scored + rest


# -- the solver against brute force ------------------------------------------------------------------
def small_endgames() -> list[ElephantRunState]:
    """Positions a few plies from the end that brute force can finish: the elephant to move needing
    at most 2 points (3 plies), the farmers to move needing at most 2 (4 plies) when few move."""
    chosen: list[ElephantRunState] = []
    farmer_twos = 0
    for state in game_positions(60, seed=11):
        if state.side == SIDE_ELEPHANT and need(state) <= 2:
            chosen.append(state)
        elif need(state) == 1 or (
            need(state) == 2 and farmer_twos < 8 and len(state.legal_moves(FARMERS)) <= 25
        ):
            farmer_twos += need(state) == 2
            chosen.append(state)
    # Capturing the last farmer ends the game short of the target: a trap the games rarely reach.
    chosen.append(ElephantRunState.from_position("c2", ["d2"], holes=["a4", "b4"], target=8, n_farmers=5))
    chosen.append(ElephantRunState.from_position("a1", ["a2"], holes=["b1", "b2"], target=9, n_farmers=5))
    chosen.append(
        ElephantRunState.from_position(
            "b1", ["c2", "a2"], holes=["a1", "c1", "a3", "c3"], target=8, n_farmers=4, to_move=FARMERS
        )
    )
    assert not any(state.over for state in chosen[-3:])
    return chosen


def test_the_solver_agrees_with_brute_force_minimax_on_endgames_from_real_games() -> None:
    positions = small_endgames()
    assert len(positions) >= 40
    winners = set()
    for state in positions:
        final = brute_final_points(state)
        verdict = solve_state(state)
        assert verdict is not None
        expected_winner = ELEPHANT if final >= state.target else FARMERS
        assert verdict.winner == expected_winner, state.to_text()
        assert min(state.points + verdict.gain, state.target) == final, state.to_text()
        winners.add(verdict.winner)
    assert winners == {ELEPHANT, FARMERS}, "the sample should hold wins for both sides"


def test_every_move_value_agrees_with_brute_force() -> None:
    """Not only the position: the value after each move, as the `solve` command prints it."""
    for state in small_endgames()[:25]:
        solver = Solver(state.compound)
        for move, gain in solver.move_gains(state):
            child = state._apply_unchecked(move)
            assert min(state.points + gain, state.target) == brute_final_points(child), (
                state.to_text(),
                state.move_to_text(state.to_move()[0], move),
            )


def test_verdicts_count_plies_by_one_point_per_elephant_move() -> None:
    assert verdict_from_gain(10, 10, SIDE_ELEPHANT).words() == "elephant wins in 19"
    assert verdict_from_gain(3, 10, SIDE_ELEPHANT).words() == "farmers win in 6"
    assert verdict_from_gain(4, 4, 1).words() == "elephant wins in 8"
    assert verdict_from_gain(0, 5, 1).words() == "farmers win in 1"


# -- the hard level keeps the value ------------------------------------------------------------------
def assert_keeps_value(positions: list[ElephantRunState], choose: Callable[[ElephantRunState], Move]) -> None:
    """Every chosen move leaves the elephant's capped gain where the position had it."""
    reference = {False: Solver(False), True: Solver(True)}
    sides, winners = set(), set()
    for state in positions:
        player = state.to_move()[0]
        solver = reference[state.compound]
        value = solver.gain(state.tiles, state.farmers, state.elephant, state.side, need(state))
        move = choose(state)
        assert move in state.legal_moves(player)
        assert capped_gain_after(solver, state, move) == value, (state.to_text(), move)  # type: ignore[arg-type]
        sides.add(player)
        winners.add(value >= need(state))
    assert sides == {ELEPHANT, FARMERS}
    assert winners == {True, False}, "won and lost positions both"


def test_hard_never_chooses_a_move_that_changes_the_game_value_on_300_positions() -> None:
    """The hard level as the app calls it, with its real think time, on positions it solves well
    within that time even on a busy machine (a few thousand nodes each)."""
    positions = [s for s in game_positions(90, seed=23) if need(s) <= 3]
    assert len(positions) >= 300
    rng = random.Random(5)
    assert_keeps_value(positions[:320], lambda state: ai(state, state.to_move()[0], "hard", rng, 2.5))


def test_the_solved_move_keeps_the_value_further_from_the_end() -> None:
    """The hard level's solved path on positions needing 4 points, given all the time it needs (in
    play it has part of 2.5 s per move, and falls back to search when that is not enough)."""
    positions = [s for s in game_positions(30, seed=29) if need(s) == 4][:30]
    assert len(positions) >= 30
    rng = random.Random(6)

    def choose(state: ElephantRunState) -> Move:
        move = solved_move(state, rng, math.inf)
        assert move is not None
        return move

    assert_keeps_value(positions, choose)


def test_hard_falls_back_to_search_when_the_position_is_too_far_from_the_end() -> None:
    state = ElephantRunState.from_position("c2", ["a1", "b3", "c4", "d1", "e2", "f4"])
    assert solved_move(state, random.Random(1), math.inf, nodes=5000) is None  # 10 points: far too many
    move = ai(state, ELEPHANT, "hard", random.Random(1), Limit(nodes=5000))
    assert move in state.legal_moves(ELEPHANT)


# -- the solve command ---------------------------------------------------------------------------------
def test_solve_prints_the_position_and_every_move(capsys: pytest.CaptureFixture[str]) -> None:
    state = next(
        s
        for s in game_positions(20, seed=3)
        if need(s) == 3 and s.side == SIDE_ELEPHANT and not s.compound and s.target == 10 and s.n_farmers == 6
    )
    assert main(["solve", "elephant-run", "--position", state.to_text()]) == 0
    lines = capsys.readouterr().out.splitlines()
    verdict = solve_state(state)
    assert verdict is not None
    assert lines[0] == f"position: {verdict.words()}"
    moves = state.legal_moves(ELEPHANT)
    assert len(lines) == 1 + len(moves)
    named = {line.split(":")[0] for line in lines[1:]}
    assert named == {state.move_to_text(ELEPHANT, m) for m in moves}
    best = [line for line in lines[1:] if line.endswith(verdict.words().split(":")[-1])]
    assert best, "at least one move keeps the position's value"


def test_solve_from_the_start_names_every_square_and_the_corner_traps(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "elephant-run"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("start: not solved")
    assert len(lines) == 25
    traps = [line.split(":")[0] for line in lines[1:] if "farmers win in 2" in line]
    assert traps == ["@a1", "@f1", "@a4", "@f4"]
    assert main(["solve", "elephant-run", "--option", "farmers=5"]) == 0
    assert "farmers win" not in capsys.readouterr().out, "five farmers cannot close a corner at once"


def test_solve_refuses_games_without_a_solver_and_bad_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "epaminondas"]) == 2
    assert "has no exact solver" in capsys.readouterr().err
    assert main(["solve", "elephant-run", "--seconds", "0"]) == 2
    assert "--seconds" in capsys.readouterr().err


def test_report_gives_up_politely_past_its_time() -> None:
    state = ElephantRunState.from_position("c2", ["a1", "b3", "c4", "d1", "e2", "f4"])
    assert report(state, 0.05) == [
        "position: not solved within 0.05 seconds (the elephant needs 10 more points)"
    ]


def test_one_memo_serves_every_target() -> None:
    """The solver keeps bounds on the elephant's gain, which does not depend on the target: one
    solver asked about the same positions under different targets must still match brute force."""
    shared = {False: Solver(False), True: Solver(True)}
    checked = 0
    for state in small_endgames()[:30]:
        for extra in (1, 2):
            target = state.points + extra
            if state.side != SIDE_ELEPHANT and extra == 2 and len(state.legal_moves(FARMERS)) > 25:
                continue
            retargeted = ElephantRunState(
                state.tiles,
                state.farmers,
                state.elephant,
                state.phase,
                state.side,
                target,
                state.n_farmers,
                state.compound,
            )
            verdict = shared[state.compound].verdict(retargeted)
            assert min(state.points + verdict.gain, target) == brute_final_points(retargeted)
            checked += 1
    assert checked >= 40
