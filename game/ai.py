"""The AI entry point shared by every game: levels, their time budgets, limits and seeding.

Each game supplies its own search through ``GameInfo.ai``; this module gives every caller (the
arena, the bench, the scenes' worker process, hints) one way to ask for a move. A level thinks for
its budget (:data:`BUDGET_SECONDS`) unless the caller gives a :class:`~game.search.Limit`: a depth
or node limit makes the move the same on any machine, which is what the tests ask for.
"""

from __future__ import annotations

import random

from game import clock
from game.core import GameState, Move
from game.register import get
from game.search import Limit

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""Levels a player can choose. ``random`` also exists for the arena's ladder."""

ALL_LEVELS: tuple[str, ...] = ("random", *LEVELS)

BUDGET_SECONDS: dict[str, float] = {"random": 0.0, "easy": 0.25, "normal": 0.8, "hard": 2.5}
"""Thinking time a level aims at. The issues' limits are medians of 0.3 / 1 / 3 s per move; the
budgets leave headroom for a busy two-core machine."""


def level_limit(level: str) -> Limit:
    """What ``level`` may spend by default: its budget, times ``clock.scale`` (``ladder --budget-scale``)."""
    return Limit(time=BUDGET_SECONDS[level] * clock.scale)


def choose_move(
    state: GameState, player: str, level: str, seed: int | None = None, limit: Limit | None = None
) -> Move:
    """A legal move for ``player`` in ``state`` at ``level``, within ``limit`` (by default the
    level's budget, :func:`level_limit`). Deterministic for a given seed where the level does not
    stop on the clock: always under a depth or node limit without a time limit."""
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown level '{level}' (levels: {', '.join(ALL_LEVELS)})")
    if player not in state.to_move():
        raise ValueError(f"{player} is not to move")
    rng = random.Random(seed)
    if level == "random":
        return state.random_move(player, rng)
    info = get(state.game_id)
    return info.ai(state, player, level, rng, level_limit(level) if limit is None else limit)
