"""Epaminondas's greedy beginner (:mod:`game.greedy`): capture most, else advance.

Found through ``GameInfo.greedy``.
"""

from __future__ import annotations

import random

from game.core import GameState, Move
from game.epaminondas.board import HEIGHT, WIDTH
from game.epaminondas.rules import EpaminondasState
from game.greedy import one_ply


def epaminondas_value(child: GameState, me: str) -> float:
    """Stones (a hundred each, so a capture always comes first) and how far mine have come."""
    other = next(p for p in child.players if p != me)
    assert isinstance(child, EpaminondasState)
    mine, theirs = child.stones(me), child.stones(other)
    white = me == child.players[0]
    advance = 0
    bits = mine
    while bits:
        low = bits & -bits
        rank = (low.bit_length() - 1) // WIDTH
        advance += rank if white else HEIGHT - 1 - rank
        bits ^= low
    return 100.0 * (mine.bit_count() - theirs.bit_count()) + advance


def epaminondas_move(state: GameState, player: str, rng: random.Random) -> Move:
    """Capture the most stones it can, answer a crossing it can see losing to, else advance."""
    return one_ply(state, player, rng, epaminondas_value)
