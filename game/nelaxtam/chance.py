"""Nelaxtam's raw evaluation for the winning chance (:mod:`game.chance`), between turns.

Both sides give their orders at once, so a position's worth is the value of the coming turn's
matrix game: :func:`game.nelaxtam.ai.next_turn_value` (candidate joint orders a side, regret
matching over the pairs), for the first player. Its candidates are drawn with a generator: a fixed
seed keeps a reading the same everywhere, and the deep effort averages several seeds. The effort's
depth and nodes also bound hard's "better" orders in the analysis. No clock anywhere."""

from __future__ import annotations

import random

from game.chance import Logistic, Reading
from game.core import GameState
from game.nelaxtam.ai import next_turn_value
from game.nelaxtam.rules import NelaxtamState
from game.search import Limit

EFFORT: dict[str, Limit] = {"quick": Limit(depth=1, nodes=600), "deep": Limit(depth=2, nodes=3_000)}
SEEDS = {1: 1, 2: 4}
GUESS = Logistic(0.2)


def read(state: GameState, limit: Limit) -> Reading:
    assert isinstance(state, NelaxtamState)
    seeds = SEEDS.get(limit.depth or 1, 1)
    value = sum(next_turn_value(state, 0, random.Random(seed)) for seed in range(seeds)) / seeds
    return Reading(value)
