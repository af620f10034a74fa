"""The AI entry point shared by every game: levels, their time budgets and seeding.

Each game supplies its own search through ``GameInfo.ai``; this module gives every caller (the
arena, the bench, the scenes' worker process) one way to ask for a move.
"""

from __future__ import annotations

import random

from game import clock
from game.core import GameState, Move
from game.register import get

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""Levels a player can choose. ``random`` also exists for the arena's ladder."""

ALL_LEVELS: tuple[str, ...] = ("random", *LEVELS)

BUDGET_SECONDS: dict[str, float] = {"random": 0.0, "easy": 0.25, "normal": 0.8, "hard": 2.5}
"""Thinking time a level aims at. The issues' limits are medians of 0.3 / 1 / 3 s per move; the
budgets leave headroom for a busy two-core machine."""


def choose_move(state: GameState, player: str, level: str, seed: int | None = None) -> Move:
    """A legal move for ``player`` in ``state`` at ``level``; deterministic for a given seed."""
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown level '{level}' (levels: {', '.join(ALL_LEVELS)})")
    if player not in state.to_move():
        raise ValueError(f"{player} is not to move")
    rng = random.Random(seed)
    if level == "random":
        return state.random_move(player, rng)
    info = get(state.game_id)
    return info.ai(state, player, level, rng, BUDGET_SECONDS[level] * clock.scale)
