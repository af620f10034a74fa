"""The "solved" badge's words: who wins an endgame with best play, for players.

Only a game with an exact solver has a badge (its ``GameInfo.solved_badge``; today Elephant Run's,
:mod:`game.elephant_run.badge`), and only near the end, where the solver answers in time. The match
screen may show the verdict as a badge, off by default since it gives the game away (the
``show_solved`` setting). The search runs in an AI worker process like any other (a
:class:`game.worker.Request` whose level is :data:`SOLVE_LEVEL`), never on the window's thread.
"""

from __future__ import annotations

from typing import Any

from game.core import GameState, SolvedBadge
from game.register import get

SOLVE_LEVEL = "solve"
"""The worker request's level that asks for the badge's words instead of a move."""

SOLVE_SECONDS = 3.0
"""The most one badge may cost the worker: beyond it the position counts as out of reach."""


def _badge(state: GameState) -> SolvedBadge | None:
    try:
        return get(state.game_id).solved_badge
    except KeyError:  # a game the register does not know (a test's toy): no solver
        return None


def within_reach(state: GameState) -> bool:
    """Whether the badge may be asked for ``state`` (cheap: the screen asks after every turn)."""
    badge = _badge(state)
    return badge is not None and badge.within_reach(state)


def solved_text(state: GameState, seconds: float = SOLVE_SECONDS) -> str | None:
    """The badge's words for ``state``, or None when there is nothing to show (no solver, out of
    reach, or out of time)."""
    badge = _badge(state)
    if badge is None or not badge.within_reach(state):
        return None
    return badge.words(state, seconds)


def solved_text_for_record(record: dict[str, Any], seconds: float = SOLVE_SECONDS) -> str | None:
    """The badge's words for the position a match record reaches (what the worker receives)."""
    from game.match import Match

    return solved_text(Match.from_record(record).state, seconds)
