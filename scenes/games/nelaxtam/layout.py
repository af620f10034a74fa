"""Where the Nelaxtam table sits on screen: the framed island, the two army rosters, every square.

One frozen :class:`TableLayout` is computed from the board rectangle at each resize and everything
else (sprites, painters, clicks) reads its sizes from it, so the table keeps its proportions from 8
to 14 squares and at every window size. Only ``pygame.Rect`` arithmetic: no display is needed, and
the mapping of squares to pixels and back is tested on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from scenes.games.nelaxtam.geometry import Point
from scenes.games.nelaxtam.palette import BLACK, TROOPS, WHITE
from scenes.kit.board_view import GridGeometry

PAD_RATIO = 0.48
"""The frame around the island, in squares: room for the coordinates on all four sides."""
ROSTER_RATIO = 2.1
GAP_RATIO = 0.2
MIN_SQUARE, MAX_SQUARE = 18, 76
MIN_ROSTER, MAX_ROSTER = 84, 132
"""A roster narrower than this cannot show "e12 › f11"; wider only spreads the same text."""


@dataclass(frozen=True)
class TableLayout:
    """The frame, the grid of squares and the rosters (head, then one slot per troop, then a foot
    for the sea/air counter or the side's status) of one board of ``n`` × ``n`` squares."""

    n: int
    s: int
    """The side of a square in pixels: every other size on the table is derived from it."""
    grid: GridGeometry
    frame: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    rosters: dict[str, pygame.Rect] = field(default_factory=dict)
    slots: dict[str, list[pygame.Rect]] = field(default_factory=lambda: {BLACK: [], WHITE: []})

    @classmethod
    def unplaced(cls, n: int) -> TableLayout:
        """A stand-in before the first :meth:`fit` (the view can be asked where squares are before
        the scene lays it out): a plain 640-pixel grid, no frame and no rosters."""
        grid = GridGeometry.fit(pygame.Rect(0, 0, 640, 640), n, n)
        return cls(n, grid.square, grid)

    @classmethod
    def fit(cls, rect: pygame.Rect, n: int) -> TableLayout:
        """The framed board in the middle of ``rect``, a roster each side, all sized from one whole
        square: whole pixels keep the tiles' edges crisp and every row the same height."""
        usable = rect.inflate(-8, -8)
        s = int(
            min(
                usable.width / (n + 2 * PAD_RATIO + 2 * (ROSTER_RATIO + GAP_RATIO)),
                usable.height / (n + 2 * PAD_RATIO),
            )
        )
        s = max(MIN_SQUARE, min(s, MAX_SQUARE))
        pad = round(s * PAD_RATIO)
        roster_w = max(MIN_ROSTER, min(round(s * ROSTER_RATIO), MAX_ROSTER))
        gap = round(s * GAP_RATIO)
        side = n * s + 2 * pad
        total_w = side + 2 * (roster_w + gap)
        left = rect.centerx - total_w // 2
        top = rect.centery - side // 2
        frame = pygame.Rect(left + roster_w + gap, top, side, side)
        grid = GridGeometry(n, n, (frame.left + pad, frame.top + pad), s, 0)
        rosters: dict[str, pygame.Rect] = {}
        slots: dict[str, list[pygame.Rect]] = {}
        for player, x in ((BLACK, left), (WHITE, frame.right + gap)):
            roster = pygame.Rect(x, frame.centery - side // 2, roster_w, side)
            rosters[player] = roster
            body_top = roster_head(roster, s).bottom + 4
            foot = max(40, round(s * 1.05))
            row_h = (roster.bottom - foot - body_top) // TROOPS
            slots[player] = [
                pygame.Rect(roster.left + 4, body_top + k * row_h, roster.width - 8, row_h)
                for k in range(TROOPS)
            ]
        return cls(n, s, grid, frame, rosters, slots)

    # -- sizes derived from the square --------------------------------------------------------------------
    @property
    def pad(self) -> int:
        return self.grid.origin[0] - self.frame.left

    @property
    def token_size(self) -> int:
        return token_size(self.s)

    @property
    def mini_size(self) -> int:
        return mini_size(self.s)

    def head(self, player: str) -> pygame.Rect:
        return roster_head(self.rosters[player], self.s)

    # -- squares and pixels ------------------------------------------------------------------------------
    def square_rect(self, sq: int) -> pygame.Rect:
        """Square ``sq`` (rank-major, a1 = 0) on screen; rank 1 at the bottom as in the diagrams."""
        return self.grid.square_rect(sq % self.n, sq // self.n)

    def center(self, sq: int) -> Point:
        x, y = self.square_rect(sq).center
        return (float(x), float(y))

    def square_at(self, pos: tuple[int, int]) -> int | None:
        """The square under ``pos``, None off the grid (on the frame, the rosters or the table):
        a click there is a hint request, never a square."""
        hit = self.grid.square_at(pos)
        if hit is None or not self.grid.rect.inflate(2, 2).collidepoint(pos):
            return None
        return hit[1] * self.n + hit[0]


def roster_head(roster: pygame.Rect, s: int) -> pygame.Rect:
    """The top of a roster (token, name and score): tall enough for two lines however small ``s``."""
    return pygame.Rect(roster.left, roster.top, roster.width, max(64, round(s * 1.6)))


def token_size(s: int) -> int:
    """A troop on the board: a little smaller than its square, so the tile's edge still shows."""
    return max(12, round(s * 0.8))


def mini_size(s: int) -> int:
    """A troop in a roster row: capped so the row's text keeps its room on big screens."""
    return max(12, min(round(s * 0.66), 44))
