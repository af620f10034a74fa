"""Nelaxtam's colours and the names every module of the board agrees on.

Kept apart from the sprites and the painters so the table, the tokens, the arrows and the roster
cards stay in step: a colour changed here changes every picture that shows it, and nothing that only
needs a name or a colour has to import a drawing module.

Colour-blind safety lives in these choices: the two territories differ in brightness (basalt against
sandstone), and each side keeps one order colour with an outline that reads on both kinds of tile.
"""

from __future__ import annotations

from game.nelaxtam import rules as R

GAME_ID = "nelaxtam"
BLACK, WHITE = R.BLACK, R.WHITE
PLAYERS: tuple[str, str] = R.PLAYERS
TROOPS = R.TROOPS
DEAD = R.DEAD

Color = tuple[int, int, int]

FRAME = (78, 54, 38)
LABEL = (236, 214, 176)
SEA_TOP = (46, 112, 140)
SEA_BOTTOM = (24, 72, 104)
SEA_WAVE = (120, 182, 200)
DARK_TILE = (92, 80, 74)
"""Black's basalt: clearly darker than the sand and the sea (luminance, not hue, carries it)."""
DARK_INLAY = (186, 150, 92)
LIGHT_TILE = (230, 214, 176)
LIGHT_INLAY = (164, 120, 76)
COAST = (112, 230, 226)
CRACK_DARK = (34, 26, 22)
CRACK_LIGHT = (255, 240, 210)
SPLASH = (214, 240, 246)
MUTED = (182, 160, 132)
"""Roster text that is only a fact (a square, "sealed"), so the orders in a side's colour stand out."""
FALLEN = (150, 126, 108)
SCAR = ((210, 236, 240), (40, 80, 100))
"""The pale X (stroke, outline) left where a piece was destroyed last turn: sea-coloured, not a side's."""

TROOP_STYLE: dict[str, tuple[Color, Color, Color]] = {
    # body, rim, ink
    BLACK: ((36, 36, 46), (226, 184, 92), (250, 222, 150)),
    WHITE: ((248, 244, 232), (176, 44, 52), (118, 28, 34)),
}
ORDER_STYLE: dict[str, tuple[Color, Color]] = {
    # stroke, outline: each side's arrows and crosses keep one colour, with an outline that reads
    # on both the basalt and the sandstone
    BLACK: ((250, 196, 64), (40, 26, 14)),
    WHITE: ((220, 50, 62), (255, 248, 236)),
}
CARD_COLOR: dict[str, Color] = {BLACK: (44, 44, 54), WHITE: (240, 234, 220)}
