"""The solver's static bound, history ordering and cutoffs (ported from docs/solver/er_solve.c) keep
its answers exact: checked against a plain capped minimax written here from the rules alone, on
positions near the end of seeded random games of every option family, both sides to move.

The plain minimax has no bounds and no ordering: the elephant's value is one point plus the
farmers' value after its move (a capture of the last farmer, or a move that leaves it stuck, ends
there), the farmers' the least of the elephant's values after each reply (a forced pass hands the
move back). Capped at ``cap`` it is exactly ``min(gain, cap)``, the quantity the solver answers."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.elephant_run import solver as solver_module
from game.elephant_run.board import FULL, NEIGHBOUR_MASK, elephant_moves, farmer_moves
from game.elephant_run.rules import PHASE_PLAY, SIDE_ELEPHANT, SIDE_FARMERS, ElephantRunState
from game.elephant_run.solver import Solver, safe

FAMILIES: tuple[dict[str, str], ...] = (
    {},
    {"farmers": "5"},
    {"farmers": "7"},
    {"compound": "on"},
    {"farmers": "5", "compound": "on"},
    {"farmers": "7", "compound": "on"},
)


class Plain:
    """``min(gain, cap)`` by plain minimax with a memo: the rules' definition, nothing more."""

    def __init__(self, compound: bool) -> None:
        self.compound = compound
        self.memo: dict[tuple[int, int, int, int, int], int] = {}

    def value(self, tiles: int, farmers: int, e: int, side: int, cap: int) -> int:
        if cap <= 0:
            return 0
        key = (tiles, farmers, e, side, cap)
        known = self.memo.get(key)
        if known is not None:
            return known
        best: int
        if side == SIDE_ELEPHANT:
            best = 0
            for to, captured in elephant_moves(tiles, farmers, e):
                if captured >= 0:
                    left = farmers & ~(1 << captured)
                    got = 1 + (self.value(tiles, left, to, SIDE_FARMERS, cap - 1) if left else 0)
                else:
                    got = 1 + self.value(tiles & ~(1 << to), farmers, to, SIDE_FARMERS, cap - 1)
                best = max(best, got)
                if best >= cap:
                    break
        else:
            moves = farmer_moves(tiles, farmers, e, self.compound)
            if not moves:
                best = self.value(tiles, farmers, e, SIDE_ELEPHANT, cap)
            else:
                best = cap
                for move in moves:
                    after = farmers & ~(1 << move[0]) | 1 << move[-1]
                    best = min(best, self.value(tiles, after, e, SIDE_ELEPHANT, cap))
                    if best == 0:
                        break
        self.memo[key] = best
        return best


def late_positions(count: int, seed: int, plies: int) -> list[ElephantRunState]:
    """Play-phase positions from seeded random games, at most ``plies`` plies before the end."""
    rng = random.Random(seed)
    out: list[ElephantRunState] = []
    game = 0
    while len(out) < count:
        state = ElephantRunState.from_options(FAMILIES[game % len(FAMILIES)])
        game += 1
        seen: list[ElephantRunState] = []
        while not state.over:
            if state.phase == PHASE_PLAY:
                seen.append(state)
            move = rng.choice(list(state.legal_moves(state.to_move()[0])))
            state = state._apply_unchecked(move)
        if seen:
            out.append(seen[-rng.randint(1, min(plies, len(seen)))])
    return out


def test_the_solver_matches_plain_minimax_near_the_end_of_random_games() -> None:
    positions = late_positions(150, seed=31, plies=7)
    fresh_values = set()
    shared = {False: Solver(False), True: Solver(True)}  # one memo across positions and caps
    for index, state in enumerate(positions):
        plain = Plain(state.compound)
        args = (state.tiles, state.farmers, state.elephant, state.side)
        for cap in (1, 2, 3, 4):
            expected = plain.value(*args, cap)
            assert Solver(state.compound).gain(*args, cap) == expected, (state.to_text(), cap)
            assert shared[state.compound].gain(*args, cap) == expected, (state.to_text(), cap)
            fresh_values.add(expected)
        # Both answers of the yes/no question at the exact value (the search's real work).
        exact = plain.value(*args, 4)
        if exact < 4 and index % 3 == 0:
            solver = Solver(state.compound)
            assert not solver.at_least(*args, exact + 1)
            assert solver.at_least(*args, exact)
    assert fresh_values == {0, 1, 2, 3, 4}, "the sample should reach every value"


def test_best_moves_keep_exactly_the_moves_plain_minimax_keeps() -> None:
    """What the hard level and the badge use: the position's verdict and the moves that keep it."""
    for state in late_positions(60, seed=37, plies=5):
        need = state.target - state.points
        if need > 4:
            continue
        plain = Plain(state.compound)
        verdict, keep = Solver(state.compound).best_moves(state)
        value = plain.value(state.tiles, state.farmers, state.elephant, state.side, need)
        assert verdict.gain == value
        expected = []
        for move in state.legal_moves(state.to_move()[0]):
            child = state._apply_unchecked(move)
            scored = child.points - state.points
            after = (
                0
                if child.over
                else plain.value(child.tiles, child.farmers, child.elephant, child.side, need - scored)
            )
            if scored + after == value:
                expected.append(move)
        assert sorted(keep) == sorted(expected), state.to_text()


@settings(max_examples=300, deadline=None)
@given(
    tiles=st.integers(0, FULL),
    farmers_seed=st.integers(0, FULL),
    e=st.integers(0, 23),
    k=st.integers(1, 3),
)
def test_the_static_bound_never_claims_more_than_the_elephant_forces(
    tiles: int, farmers_seed: int, e: int, k: int
) -> None:
    """``safe()`` (farmers to move): whenever it says the elephant forces ``k``, it does, for
    either compound rule; positions with holes are random, few farmers keep minimax quick."""
    tiles |= NEIGHBOUR_MASK[e] & farmers_seed  # room round the elephant, so the bound has a say
    tiles &= ~(1 << e) | (farmers_seed >> 23 & 1) << e  # the elephant's square eaten or not
    farmers = farmers_seed & tiles & ~(1 << e)
    while farmers.bit_count() > 4:
        farmers &= farmers - 1
    if not farmers:
        return
    if safe(tiles & ~farmers, e, k, 0):
        for compound in (False, True):
            assert Plain(compound).value(tiles, farmers, e, SIDE_FARMERS, k) >= k


def test_the_static_bound_answers_the_same_whatever_it_remembers() -> None:
    """``safe()`` keeps its answers in a memo keyed by the squares it can look at; the elephant's
    own square is one of them (its tile is there after a jump or at the start, and a step away
    and back reaches it), so a position and its twin with that tile eaten must not share a key."""
    rng = random.Random(41)
    differ = 0
    for _ in range(3000):
        e = rng.randrange(24)
        vacant = rng.randint(0, FULL) | NEIGHBOUR_MASK[e]
        k = rng.randint(2, 4)
        twins = (vacant | 1 << e, vacant & ~(1 << e))
        fresh = []
        for twin in twins:
            solver_module._SAFE_CACHE.clear()
            fresh.append(safe(twin, e, k, 0))
        solver_module._SAFE_CACHE.clear()
        for order in (twins, twins[::-1]):
            solver_module._SAFE_CACHE.clear()
            remembered = [safe(twin, e, k, 0) for twin in order]
            assert remembered == [fresh[twins.index(t)] for t in order], (vacant, e, k)
        differ += fresh[0] != fresh[1]
    assert differ > 0, "the sample should hold twins the bound tells apart"
