"""How a hint of Elasta draws on the board: an allotment is eight drags, one chip per file in file
order; all eight arrows would tangle, and a turn is won by where the biggest chips go, so the 7 and
the 6 get arrows (the status line names them too, and lists every file's chip)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scenes.kit.board_view import Gesture

BIGGEST_CHIPS = 2
"""Chips drawn as arrows in a hint: the 7 and the 6."""


def biggest_chips(text: str, gestures: Sequence[Gesture], marks: Any) -> None:
    """Keep only the drags of the :data:`BIGGEST_CHIPS` biggest chips of allotment ``text``."""
    drags = [g for g in gestures if g.kind == "drag"]
    if not text.isdigit() or len(drags) != len(text):
        return
    biggest = sorted(range(len(text)), key=lambda file: text[file], reverse=True)[:BIGGEST_CHIPS]
    marks.drags = [(drags[file].pos, drags[file].to) for file in biggest]
