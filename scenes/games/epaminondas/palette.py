"""Epaminondas's colours, in one place so the sprites, the board picture and the side panel agree.

The stone colours are also what the scene's banner, cards and move list use for each side.
"""

from __future__ import annotations

Color = tuple[int, int, int]

FRAME: Color = (82, 52, 34)
WOOD_LIGHT: Color = (218, 182, 128)
WOOD_DARK: Color = (198, 158, 104)
LINE: Color = (120, 84, 52)
LABEL: Color = (240, 218, 180)
HOME_WHITE: Color = (255, 250, 236)
HOME_BLACK: Color = (40, 28, 22)
STONE_WHITE: Color = (238, 234, 224)
STONE_BLACK: Color = (44, 42, 48)
MARK_MOVE: Color = (36, 104, 88)
MARK_CAPTURE: Color = (206, 52, 40)
MARK_CROSS: Color = (226, 164, 40)
LAST_MOVE: Color = (246, 204, 110)
PHALANX: Color = (255, 244, 214)
THREAT: Color = (214, 60, 44)


def stone_color(player: str) -> Color:
    """The colour of ``player``'s stones ("white" or anything else: black)."""
    return STONE_WHITE if player == "white" else STONE_BLACK
