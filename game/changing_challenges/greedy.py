"""Changing Challenges' greedy beginner (:mod:`game.greedy`): knock, tilt, and mind the king.

Found through ``GameInfo.greedy``.
"""

from __future__ import annotations

import random

from game.changing_challenges.rules import ChangingChallengesState
from game.core import GameState, Move
from game.greedy import one_ply

MOMENT_WEIGHT = 10.0
"""Worth of one unit of moment tilted my way, against 100 per unit of weight on the field: the
balance is the game's whole point, and a beginner who has read the rules watches it."""


def changing_challenges_value(child: GameState, me: str) -> float:
    """Weight left on the playing field (knocks first), then the balance tilted my way: every piece
    pushed into the opponent's half presses the board toward tipping for me."""
    other = next(p for p in child.players if p != me)
    assert isinstance(child, ChangingChallengesState)
    material = child.material(me) - child.material(other)
    toward_me = child.moment if me == child.players[0] else -child.moment
    return 100.0 * material + MOMENT_WEIGHT * toward_me


def changing_challenges_move(state: GameState, player: str, rng: random.Random) -> Move:
    """Win at once if it can, knock the heaviest piece it can, else advance toward tipping; and
    never leave a win on the spot to the opponent when another move does not."""
    return one_ply(state, player, rng, changing_challenges_value, mind_the_king=True)
