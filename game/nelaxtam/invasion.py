"""Nelaxtam's invasion for the computer players: scored random landings.

Split from :mod:`game.nelaxtam.ai` (the orders search) because the first turn is a different
problem: no troop is on the board yet, so there is nothing to resolve or to evaluate, only a
landing to spread well. Sea troops go on edge squares away from the corners, air troops inland,
and all of them apart, so the army anchors every region of the island.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game import clock
from game.core import Move
from game.nelaxtam.rules import NelaxtamState


def placement_score(state: NelaxtamState, placement: Sequence[int]) -> float:
    """Spread (distance to the nearest own troop, capped), sea troops off the corners, air troops inland."""
    n = state.size
    coords = [(sq % n, sq // n) for sq in placement]
    score = 0.0
    cap = n / 2.5
    for i, (f, r) in enumerate(coords):
        nearest = min(max(abs(f - g), abs(r - s)) for j, (g, s) in enumerate(coords) if j != i)
        score += min(nearest, cap)
        if nearest <= 1:
            score -= 3.0
        inland = min(f, r, n - 1 - f, n - 1 - r)
        if inland == 0:
            corner_gap = min(max(abs(f - cf), abs(r - cr)) for cf in (0, n - 1) for cr in (0, n - 1))
            score -= 2.0 if corner_gap <= 1 else 0.0
        else:
            score += 0.4 * min(inland, 3)
    return score


def scored_placement(
    state: NelaxtamState, player: str, rng: random.Random, count: int, deadline: float
) -> Move:
    """Up to ``count`` random legal placements (fewer if ``deadline`` on :func:`game.clock.now`
    passes) scored by :func:`placement_score`, then one of the best few drawn at random (a level
    that scores only a handful is close to random)."""
    scored: list[tuple[float, Move]] = []
    for _ in range(count):
        move = state.random_move(player, rng)
        scored.append((placement_score(state, move) + rng.random() * 0.5, move))
        if clock.now() > deadline:
            break
    scored.sort(key=lambda x: -x[0])
    return rng.choice(scored[: max(1, min(4, len(scored)))])[1]
