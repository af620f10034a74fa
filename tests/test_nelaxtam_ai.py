"""Nelaxtam AI: legal moves within budget, randomisation, a sensible invasion, a tactic, the matrix solver."""

from __future__ import annotations

import importlib
import random
import statistics
import time

import pytest

from game.ai import choose_move
from game.nelaxtam import GAME, bench_states
from game.nelaxtam.rules import BLACK, PLAYERS, WHITE, NelaxtamState, from_text

nelaxtam_ai = importlib.import_module("game.nelaxtam.ai")

# White's top half (ranks 5-8) hangs on the single light piece e4, next to Black's troop 1 on d4; no
# White troop can reach ranks 5-8 this turn, so 1xe wins 17 pieces.
CUT_POSITION = """\
w b w b w b w 4
b w b w b w b w
w 3 w b w b w b
b w b w b w b w
. b . 1 w b . b
b A b w b w b B
C b w b w b w b
2 w b w b w b D
"""


@pytest.fixture(scope="module")
def states() -> list[NelaxtamState]:
    return bench_states()  # type: ignore[return-value]


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_every_level_plays_legal_moves_on_the_bench(states: list[NelaxtamState], level: str) -> None:
    for index, state in enumerate(states):
        for player in state.to_move():
            move = choose_move(state, player, level, seed=index)
            state.check_move(player, move)


def test_hard_is_legal_and_keeps_its_budget(states: list[NelaxtamState]) -> None:
    times = []
    for index, state in enumerate(states[:4]):
        start = time.perf_counter()
        move = nelaxtam_ai.ai(state, WHITE, "hard", random.Random(index), 0.4)
        times.append(time.perf_counter() - start)
        state.check_move(WHITE, move)
    assert max(times) < 0.6 and statistics.median(times) < 0.45


def test_orders_are_randomised(states: list[NelaxtamState]) -> None:
    state = states[2]
    moves = {choose_move(state, BLACK, "normal", seed=s) for s in range(12)}
    assert len(moves) >= 2
    invasions = {choose_move(states[0], WHITE, "normal", seed=s) for s in range(6)}
    assert len(invasions) >= 3


def test_the_invasion_is_spread_out_and_off_the_corners() -> None:
    state = GAME.new_state()
    rng = random.Random(5)
    chosen = [nelaxtam_ai.ai(state, p, "normal", rng, 0.8) for p in PLAYERS for _ in range(4)]
    random_moves = [state.random_move(BLACK, rng) for _ in range(40)]
    chosen_score = statistics.mean(nelaxtam_ai.placement_score(state, m) for m in chosen)
    random_score = statistics.mean(nelaxtam_ai.placement_score(state, m) for m in random_moves)
    assert chosen_score > random_score + 3
    n = state.size
    for move in chosen:
        coords = [(sq % n, sq // n) for sq in move]
        for i, (f, r) in enumerate(coords):
            assert all(max(abs(f - g), abs(r - s)) >= 2 for j, (g, s) in enumerate(coords) if j != i)


def test_normal_cuts_off_the_hanging_half() -> None:
    state = from_text(CUT_POSITION)
    assert not state.over
    hits = sum(choose_move(state, BLACK, "normal", seed=s)[0] == 6 for s in range(6))  # 6 = xe
    assert hits >= 5


def test_regret_matching_finds_the_mixed_equilibrium() -> None:
    pennies = [[1.0, -1.0], [-1.0, 1.0]]
    rows, cols = nelaxtam_ai.regret_matching(pennies, 2000)
    assert rows[0] == pytest.approx(0.5, abs=0.05) and cols[0] == pytest.approx(0.5, abs=0.05)
    dominated = [[3.0, 3.0], [0.0, 1.0]]
    rows, _ = nelaxtam_ai.regret_matching(dominated, 300)
    assert rows[0] > 0.95


def test_quiet_variant_candidates_give_one_order(states: list[NelaxtamState]) -> None:
    quiet = states[6]
    assert quiet.quiet
    for player in PLAYERS:
        for joint in nelaxtam_ai.candidates(quiet, PLAYERS.index(player), 12, 1.0, random.Random(1)):
            assert sum(1 for code in joint if code) <= 1
            quiet.check_move(player, joint)
