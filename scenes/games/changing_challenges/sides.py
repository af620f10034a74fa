"""Who plays which end of the see-saw, and how each side is recognised on screen.

Every module of the view names the players, finds a side's index for ``game/`` (which counts sides
0 and 1) and paints a side's pieces; one table keeps the Triangles blue and the Circles red in the
pieces, the banner, the cards and the move list alike."""

from __future__ import annotations

GAME_ID = "changing-challenges"
TRIANGLES, CIRCLES = "triangles", "circles"
PLAYERS: tuple[str, str] = (TRIANGLES, CIRCLES)

Color = tuple[int, int, int]

TRI_COLOR: Color = (46, 98, 172)
CIR_COLOR: Color = (182, 52, 56)
SIDE_LOOKS: tuple[tuple[str, Color], tuple[str, Color]] = (("triangle", TRI_COLOR), ("circle", CIR_COLOR))
"""(shape, colour) per side index: a shape as well as a colour, so colour-blind players can tell."""


def side_of(player: str) -> int:
    """The engine's side index (0 Triangles, 1 Circles) for a player name."""
    return PLAYERS.index(player)


def title(player: str) -> str:
    """The player's name as a sentence shows it ("Triangles")."""
    return player.capitalize()


def signed(value: int) -> str:
    """``+12`` / ``−12`` (a real minus sign) / ``0``: the moment is written so everywhere, so the
    gauge, the banner and the move list read alike."""
    return f"{value:+d}".replace("-", "\u2212") if value else "0"
