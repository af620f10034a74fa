"""Elasta's raw evaluation for the winning chance (:mod:`game.chance`), between turns.

Both sides allot at once, so a position's worth is the value of the coming turn's matrix game:
:func:`game.elasta.ai.next_turn_value` (a few double-oracle rounds over the static evaluation),
White's side. A value past ``WIN`` is a line already lost by one side. The effort's depth says how
many oracle rounds (quick 10, deep 20: at 3 rounds a reading was 4.5 points of chance from the
converged value on average, at 10 one point) and, for the analysis's candidate orders
(:func:`turn_candidates`), whether hard looks a turn further; its nodes cap the positions hard
values. No clock anywhere: the same everywhere."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game.chance import Logistic, Reading
from game.core import GameState, Move
from game.elasta.ai import WIN, TurnGame, equilibrium, look_ahead, next_turn_value, token_scores
from game.elasta.rules import BLACK, PHASE_ALLOT, WHITE, ElastaState
from game.search import Limit

EFFORT: dict[str, Limit] = {"quick": Limit(depth=1, nodes=1_500), "deep": Limit(depth=2, nodes=6_000)}
ROUNDS = {1: 10, 2: 20}
GUESS = Logistic(0.3)


def read(state: GameState, limit: Limit) -> Reading:
    assert isinstance(state, ElastaState)
    value = next_turn_value(state.lines, state.deleted, ROUNDS.get(limit.depth or 1, 3))
    if abs(value) >= WIN:
        return Reading(value, 1.0 if value > 0 else 0.0)
    return Reading(value)


KEEP = {1: 8, 2: 12}
"""Candidate orders a side the analysis weighs (:func:`turn_candidates`), by the effort's depth."""

LOOK_AHEAD = 24
"""The deep effort's candidates come from hard's two-turn game over this many likeliest a side."""


def turn_candidates(state: GameState, limit: Limit) -> dict[str, list[Move]]:
    """Each side's candidate orders for the coming turn, likeliest first: the support of hard's
    equilibrium (its double oracle within ``limit``'s nodes, seeded, no clock); when ``limit`` is two
    turns deep, the one-turn effort's candidates and then those of hard's game looked a turn further
    (so a deeper look weighs more orders, never others). In a token phase the best token squares
    by hard's scores."""
    assert isinstance(state, ElastaState)
    depth = limit.depth or 1
    keep = KEEP.get(depth, KEEP[1])
    if state.phase != PHASE_ALLOT:
        return {
            p: [square for _, square in sorted(token_scores(state, p), reverse=True)[:keep]]
            for p in state.to_move()
        }
    if depth > 1:
        shallow = turn_candidates(state, EFFORT["quick"])
    game = TurnGame(state.lines, state.deleted, True, math.inf if limit.nodes is None else limit.nodes)
    whites, x, blacks, y = equilibrium(game, "hard", random.Random(0), math.inf)
    if depth > 1:
        whites, x, blacks, y = look_ahead(game, whites, x, blacks, y, LOOK_AHEAD, math.inf)

    def likeliest(pool: Sequence[Move], weights: Sequence[float], first: Sequence[Move]) -> list[Move]:
        order = sorted(range(len(pool)), key=lambda i: -weights[i])
        return list(dict.fromkeys([*first, *(pool[i] for i in order)]))[:keep]

    if depth > 1:
        return {WHITE: likeliest(whites, x, shallow[WHITE]), BLACK: likeliest(blacks, y, shallow[BLACK])}
    return {WHITE: likeliest(whites, x, ()), BLACK: likeliest(blacks, y, ())}
