"""Elasta's raw evaluation for the winning chance (:mod:`game.chance`), between turns.

Both sides allot at once, so a position's worth is the value of the coming turn's matrix game:
:func:`game.elasta.ai.next_turn_value` (a few double-oracle rounds over the static evaluation),
White's side. A value past ``WIN`` is a line already lost by one side. The effort's depth says how
many oracle rounds (quick 3, deep 10) and, for the analysis's "better" order, whether hard looks a
turn further; its nodes cap the positions hard values. No clock anywhere: the same everywhere."""

from __future__ import annotations

from game.chance import Logistic, Reading
from game.core import GameState
from game.elasta.ai import WIN, next_turn_value
from game.elasta.rules import ElastaState
from game.search import Limit

EFFORT: dict[str, Limit] = {"quick": Limit(depth=1, nodes=1_500), "deep": Limit(depth=2, nodes=6_000)}
ROUNDS = {1: 3, 2: 10}
GUESS = Logistic(0.3)


def read(state: GameState, limit: Limit) -> Reading:
    assert isinstance(state, ElastaState)
    value = next_turn_value(state.lines, state.deleted, ROUNDS.get(limit.depth or 1, 3))
    if abs(value) >= WIN:
        return Reading(value, 1.0 if value > 0 else 0.0)
    return Reading(value)
