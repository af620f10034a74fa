"""The see-saw's colours (the sides' own colours live in :mod:`.sides`).

Kept apart from the drawing code so the static scenery, the per-frame painter and the sprites
agree on one warm-wood board with orange storage and a golden centre line."""

from __future__ import annotations

from scenes.games.changing_challenges.sides import Color

FRAME: Color = (86, 58, 38)
SQUARE_LIGHT: Color = (230, 206, 162)
SQUARE_DARK: Color = (212, 182, 134)
CENTRE_TINT: Color = (255, 226, 140)
STORE_LIGHT: Color = (240, 156, 66)
STORE_DARK: Color = (226, 138, 50)
GRID_LINE: Color = (128, 92, 58)
LABEL: Color = (242, 222, 186)
LABEL_SOFT: Color = (206, 178, 138)
GOLD: Color = (236, 190, 72)
IRON: Color = (74, 78, 88)
RAIL: Color = (168, 172, 180)
MARK_MOVE: Color = (36, 104, 88)
MARK_KNOCK: Color = (206, 52, 40)
MARK_MERGE: Color = (236, 176, 40)
LAST_MOVE: Color = (250, 214, 120)
THREAT: Color = (214, 60, 44)
FULCRUM: Color = (120, 82, 52)
FLOOR: Color = (52, 36, 26)
