"""Nelaxtam's raw evaluation for the winning chance (:mod:`game.chance`), between turns.

Both sides give their orders at once, so a position's worth is the value of the coming turn's
matrix game: :func:`game.nelaxtam.ai.next_turn_value` (candidate joint orders a side, regret
matching over the pairs), for the first player. Its candidates are drawn with a generator: a fixed
seed keeps a reading the same everywhere, and the deep effort averages several seeds. The effort's
depth and nodes also bound the candidate orders the analysis weighs (:func:`turn_candidates`). No
clock anywhere."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game.chance import Logistic, Reading
from game.core import GameState, Move
from game.matrix import regret_matching
from game.nelaxtam.ai import LEVEL_SETTINGS, candidates, evaluate, next_turn_value
from game.nelaxtam.evaluation import HANG, Terms
from game.nelaxtam.invasion import placement_score
from game.nelaxtam.rules import PHASE_INVASION, NelaxtamState, resolve
from game.search import Limit

EFFORT: dict[str, Limit] = {"quick": Limit(depth=1, nodes=600), "deep": Limit(depth=2, nodes=3_000)}
SEEDS = {1: 1, 2: 4}
GUESS = Logistic(0.2)


def read(state: GameState, limit: Limit) -> Reading:
    assert isinstance(state, NelaxtamState)
    seeds = SEEDS.get(limit.depth or 1, 1)
    value = sum(next_turn_value(state, 0, random.Random(seed)) for seed in range(seeds)) / seeds
    return Reading(value)


POOL = {1: 16, 2: 32}
"""Joint orders a side hard's one-turn game starts from in :func:`turn_candidates`, by depth."""
KEEP = {1: 5, 2: 8}
"""Candidate orders a side the analysis weighs, by the effort's depth."""
PLACEMENTS = 200
"""Random landings scored (:func:`~game.nelaxtam.invasion.placement_score`) a side in the invasion."""


def turn_candidates(state: GameState, limit: Limit) -> dict[str, list[Move]]:
    """Each side's candidate orders for the coming turn, likeliest first: hard's candidate joint
    orders (greedy, one troop changed, softmax samples; seeded), weighed by regret matching over the
    one-turn game hard plays (the rules resolve each pair, hard's evaluation scores it) within
    ``limit``'s nodes. In the invasion, the best-scored of a few hundred random landings."""
    assert isinstance(state, NelaxtamState)
    depth = limit.depth or 1
    keep = KEEP.get(depth, KEEP[1])
    shallow = turn_candidates(state, EFFORT["quick"]) if depth > 1 else {}
    rng = random.Random(0)
    if state.phase == PHASE_INVASION:
        out: dict[str, list[Move]] = {}
        for player in state.to_move():
            scored = {}
            for _ in range(PLACEMENTS):
                move = state.random_move(player, rng)
                scored[move] = placement_score(state, move)
            out[player] = list(
                dict.fromkeys([*shallow.get(player, []), *sorted(scored, key=lambda m: -scored[m])])
            )[:keep]
        return out
    settings = LEVEL_SETTINGS["hard"]
    count = POOL.get(depth, POOL[1])
    if limit.nodes is not None:
        count = max(keep, min(count, math.isqrt(limit.nodes)))
    temp, spread = settings["temp"], bool(settings["spread"])
    rows = candidates(state, 0, count, temp, rng, spread)
    cols = candidates(state, 1, count, temp, rng, spread)
    terms = Terms(
        settings.get("hang", HANG), bool(settings.get("pairs", 0)), bool(settings.get("bounded", 0))
    )
    matrix = []
    for mine in rows:
        line = []
        for theirs in cols:
            territory, troops, _ = resolve(
                state.geo, state.territory, state.troops, (mine, theirs), report=False
            )
            calm = 0 if tuple(territory) != tuple(state.territory) else state.calm + 1
            line.append(evaluate(state.geo, territory, troops, 0, True, calm, state.turn + 1, terms))
        matrix.append(line)
    x, y = regret_matching(matrix, int(settings["rm"]))

    def likeliest(player: str, pool: Sequence[Move], weights: Sequence[float]) -> list[Move]:
        order = sorted(range(len(pool)), key=lambda i: -weights[i])
        return list(dict.fromkeys([*shallow.get(player, []), *(pool[i] for i in order)]))[:keep]

    return {
        state.players[0]: likeliest(state.players[0], rows, x),
        state.players[1]: likeliest(state.players[1], cols, y),
    }
