"""Nelaxtam's hard plans three turns ahead against orders it can foresee."""

from __future__ import annotations

import math
import random

import pytest

from game.nelaxtam import ai as nelaxtam_ai
from game.nelaxtam import plan
from game.nelaxtam.greedy import nelaxtam_move
from game.nelaxtam.rules import BLACK, PLAYERS, WHITE, NelaxtamState, Orders


def _greedy_game(turns: int, seed: int) -> NelaxtamState:
    rng = random.Random(seed)
    state = NelaxtamState()
    for _ in range(turns):
        state = state.apply_turn(
            {p: nelaxtam_move(state, p, random.Random(rng.getrandbits(32))) for p in (BLACK, WHITE)}
        )
    return state


def _pieces(state: NelaxtamState, white: int) -> float:
    """White's value of a position: its lead in pieces (a simple, exact yardstick)."""
    return float(state.territory[white].bit_count() - state.territory[1 - white].bit_count())


@pytest.mark.parametrize("seed", range(3))
def test_one_turn_plan_is_the_best_answer_to_the_foreseen_orders(seed: int) -> None:
    state = _greedy_game(6, seed)
    white = PLAYERS.index(WHITE)
    roots = nelaxtam_ai.candidates(state, white, 16, 1.0, random.Random(seed))
    theirs = nelaxtam_ai.candidates(state, 1 - white, 1, 1.0, random.Random(0))[0]

    def foreseen(s: NelaxtamState) -> Orders:
        return theirs

    found = plan.plan(
        state, white, roots, lambda s: _pieces(s, white), lambda s: [], foreseen, math.inf, turns=1
    )
    assert found is not None
    values = [_pieces(plan.state_after(state, (theirs, r)), white) for r in roots]
    assert found[1] == max(values)
    assert found[0] == roots[values.index(max(values))]  # the first of equals, as the stage ranked them


def test_a_longer_plan_looks_past_the_first_turn() -> None:
    state = _greedy_game(6, 5)
    white = PLAYERS.index(WHITE)
    roots = nelaxtam_ai.candidates(state, white, 16, 1.0, random.Random(1))
    seen: list[int] = []

    def options(s: NelaxtamState) -> list[Orders]:
        seen.append(s.turn)
        return nelaxtam_ai.candidates(s, white, 6, 1.0, random.Random(2))

    def foreseen(s: NelaxtamState) -> Orders:
        return nelaxtam_ai._greedy_joint(s, 1 - white, nelaxtam_ai.troop_scores(s, 1 - white))

    found = plan.plan(state, white, roots, lambda s: _pieces(s, white), options, foreseen, math.inf, turns=3)
    assert found is not None and found[0] in roots
    assert {state.turn + 1, state.turn + 2} <= set(seen)  # the second and third turns were searched
    # Nothing is searched once the deadline has passed.
    assert plan.plan(state, white, roots, lambda s: _pieces(s, white), options, foreseen, -1.0) is None


def test_hard_plays_its_plan_against_an_opponent_it_has_read(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _greedy_game(5, 3)
    monkeypatch.setitem(nelaxtam_ai.LEVEL_SETTINGS["hard"], "read", 1.0)
    orders = nelaxtam_ai.ai(state, WHITE, "hard", random.Random(2), 0.8)
    assert nelaxtam_ai.LAST_STATS["habit"] and "plan" in nelaxtam_ai.LAST_STATS
    assert state.why_illegal(WHITE, orders) is None
    monkeypatch.setitem(nelaxtam_ai.LEVEL_SETTINGS["hard"], "plan", 0)
    nelaxtam_ai.ai(state, WHITE, "hard", random.Random(2), 0.8)
    assert "plan" not in nelaxtam_ai.LAST_STATS
