"""Elephant Run's colours, in one place so the sprites, the tray and the side panel agree.

The two player colours are also what the scene's banner, cards and move list use for each side, so
a player recognises "their" colour on the board and off it.
"""

from __future__ import annotations

Color = tuple[int, int, int]

ELEPHANT_COLOR: Color = (176, 44, 50)
FARMER_COLOR: Color = (212, 160, 62)
TRAY: Color = (92, 62, 42)
BED: Color = (54, 38, 29)
MARK_STEP: Color = (40, 110, 92)
MARK_JUMP: Color = (196, 60, 48)
MARK_RUN: Color = (44, 92, 168)
MARK_COMPOUND: Color = (128, 70, 150)
LAST_MOVE: Color = (240, 190, 100)
HOVER: Color = (255, 255, 255)
LABEL: Color = (236, 224, 200)
"""Text on the dark wood around the field (pile headings, the points track's title)."""


def mark_color(kind: str) -> Color:
    """The colour of a destination mark and its route line for a move ``kind`` (see sprites.mark_sprite)."""
    return {"step": MARK_STEP, "jump": MARK_JUMP, "run": MARK_RUN}.get(kind, MARK_COMPOUND)
