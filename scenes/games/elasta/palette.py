"""Elasta's colours and the names every other module of the view agrees on.

One place for them keeps the table, the sprites and the painters in step: a colour changed here
changes the chip, its tray recess and the band together, and nothing else needs pygame to know them.
"""

from __future__ import annotations

from game.elasta import rules as R

GAME_ID = "elasta"
WHITE, BLACK = R.WHITE, R.BLACK
PLAYERS = (WHITE, BLACK)
N = R.N_FILES
FILE_LETTERS = "ABCDEFGH"

Color = tuple[int, int, int]

FRAME = (74, 48, 34)
LABEL = (236, 214, 176)
SQUARE_LIGHT = (238, 226, 200)
SQUARE_DARK = (224, 208, 178)
GRID_LINE = (176, 150, 112)
WHITE_LAND = (255, 252, 242)
BLACK_LAND = (40, 62, 118)
RAIL = (122, 84, 56)
BAND = (186, 44, 52)
BAND_LIGHT = (236, 120, 112)
BAND_DARK = (110, 20, 30)
STRETCH = (255, 184, 36)
STRETCH_LIGHT = (255, 236, 160)
PEG = (212, 170, 86)
STICK = (150, 104, 62)
GLOW = (255, 206, 84)
LOST = (220, 52, 44)

CHIP_STYLE: dict[str, tuple[Color, Color, Color]] = {
    # base, edge marks, ink
    WHITE: ((240, 234, 218), (168, 40, 50), (64, 40, 34)),
    BLACK: ((46, 48, 60), (216, 172, 76), (246, 228, 184)),
}
CARD_COLOR: dict[str, Color] = {WHITE: (238, 232, 216), BLACK: (46, 48, 60)}
