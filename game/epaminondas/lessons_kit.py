"""Small helpers the Epaminondas lessons are written with: positions from square names, and the
goal and end tests several lessons share.

The game's own position text is 12 ranks of 14 characters, unreadable in source; a lesson names its
stones instead and :func:`position` writes the text, so the rules read exactly what
``python -m game play epaminondas --position`` would show.
"""

from __future__ import annotations

from game.core import GameState
from game.epaminondas import board as B
from game.lessons import Goal, ends_won_by
from game.lessons import won_by as won_by  # re-exported: the lessons import it from here

WHITE, BLACK = "white", "black"

ends_with = ends_won_by
"""The lessons' end test "this side has won", under the name they read best with."""


def position(white: str, black: str, to_move: str = WHITE) -> str:
    """The position text (rank 12 first) with stones on the named squares (space-separated)."""
    whites, blacks = set(white.split()), set(black.split())
    rows = []
    for rank in range(B.HEIGHT, 0, -1):
        row = ""
        for file in B.FILES:
            name = f"{file}{rank}"
            row += "W" if name in whites else "B" if name in blacks else "."
        rows.append(row)
    return "/".join(rows) + (" w" if to_move == WHITE else " b")


def crossed(player: str, count: int = 1) -> Goal:
    """A goal: after the move ``player`` has at least ``count`` stones on the far home row."""

    def goal(_before: GameState, after: GameState, _text: str) -> bool:
        return after.score()[player] >= count

    return goal


def moves_from(square: str) -> Goal:
    """A goal: any legal move led by the stone on ``square``."""

    def goal(_before: GameState, _after: GameState, text: str) -> bool:
        return text.startswith(f"{square}-")

    return goal
