"""Where Epaminondas's squares are on screen, as plain numbers: no surface is drawn here.

The engine numbers squares 0..167 row by row from a1 (``sq = rank * 14 + file``); the screen speaks in
pixels. Keeping the two-way mapping and the framed board's layout apart from the drawing lets it be
unit-tested headless (``pygame.Rect`` needs no display) and keeps the view's clicks, marks, lanes and
slides on one mapping. Every expression is kept exactly as the view first wrote it: the screenshots
are compared pixel for pixel.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.epaminondas import board as B
from scenes.kit.board_view import GridGeometry

FILES, RANKS = B.WIDTH, B.HEIGHT


def cell(sq: int) -> tuple[int, int]:
    """(file, rank) of engine square ``sq``: the grid's coordinates."""
    return sq % FILES, sq // FILES


@dataclass(frozen=True)
class BoardLayout:
    """The framed board for one window size: the wooden frame (wide enough for the coordinates)
    and the 14 x 12 grid of squares inside it."""

    frame: pygame.Rect
    geo: GridGeometry

    @property
    def s(self) -> int:
        """The square size in pixels, which every sprite and distance on the board scales with."""
        return self.geo.square

    @classmethod
    def unfitted(cls) -> BoardLayout:
        """Before the first :meth:`fit` (a view not laid out yet): a nominal grid, no frame."""
        return cls(pygame.Rect(0, 0, 0, 0), GridGeometry.fit(pygame.Rect(0, 0, 700, 600), FILES, RANKS))

    @classmethod
    def fit(cls, rect: pygame.Rect) -> BoardLayout:
        """The largest whole-pixel squares (16 to 96 px) for which the framed board fits in ``rect``,
        centred; the frame is just wide enough for the coordinates (0.56 square each side)."""
        pad_ratio = 0.56
        usable = rect.inflate(-12, -10)
        s = int(min(usable.width / (FILES + 2 * pad_ratio), usable.height / (RANKS + 2 * pad_ratio)))
        s = max(16, min(s, 96))
        pad = round(s * pad_ratio)
        w, h = FILES * s + 2 * pad, RANKS * s + 2 * pad
        frame = pygame.Rect(rect.centerx - w // 2, rect.centery - h // 2, w, h)
        return cls(frame, GridGeometry.fit(frame.inflate(-2 * pad, -2 * pad), FILES, RANKS))

    def center(self, sq: int) -> tuple[int, int]:
        return self.geo.center(*cell(sq))

    def square_rect(self, sq: int) -> pygame.Rect:
        return self.geo.square_rect(*cell(sq))

    def square_at(self, pos: tuple[int, int]) -> int | None:
        """The engine square under ``pos``, or None off the grid."""
        square = self.geo.square_at(pos)
        return None if square is None else square[1] * FILES + square[0]
