"""Where Elephant Run's things are on screen, as plain numbers: no surface is drawn here.

The arithmetic that decides where a click lands, where the scoring pile grows, where the points
track's pips sit and how a piece or an eaten tile flies is kept apart from the drawing so that it can
be unit-tested headless (``pygame.Rect`` needs no display) and so the view and its animation plan read
the same numbers. Every expression is kept exactly as the view first wrote it: the screenshots are
compared pixel for pixel, and a reordered float product can move a piece by one pixel.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.kit.animation import arc_point, lift, polyline_point
from scenes.kit.board_view import GridGeometry

FILES, RANKS = 6, 4
GAP_RATIO = 0.09
"""The gap between tiles, as a fraction of a tile: the bed showing between them reads as a tray."""

Point = tuple[float, float]


@dataclass(frozen=True)
class BoardLayout:
    """The board's parts for one window size: the scoring pile (left), the tray with the tile grid,
    and the points track below both. ``s`` is the tile size every sprite is drawn for."""

    s: int
    geo: GridGeometry
    tray: pygame.Rect
    pile: pygame.Rect
    track: pygame.Rect

    @classmethod
    def unfitted(cls) -> BoardLayout:
        """Before the first :meth:`fit` (a view not laid out yet): a nominal grid, empty frames."""
        geo = GridGeometry.fit(pygame.Rect(0, 0, 600, 400), FILES, RANKS, GAP_RATIO)
        empty = pygame.Rect(0, 0, 0, 0)
        return cls(geo.square, geo, pygame.Rect(empty), pygame.Rect(empty), pygame.Rect(empty))

    @classmethod
    def fit(cls, rect: pygame.Rect) -> BoardLayout:
        """The largest whole-pixel tile size for which pile, tray and track fit in ``rect``, centred.
        Tiles stay between 24 px (still clickable) and 150 px (a huge window does not need more)."""
        pad_ratio = 0.26
        pile_ratio = 1.45
        track_ratio = 0.72
        unit_w = pile_ratio + 0.28 + FILES + GAP_RATIO * (FILES - 1) + 2 * pad_ratio
        unit_h = RANKS + GAP_RATIO * (RANKS - 1) + 2 * pad_ratio + 0.22 + track_ratio
        usable = rect.inflate(-16, -12)
        s = int(min(usable.width / unit_w, usable.height / unit_h))
        s = max(24, min(s, 150))
        pad = round(s * pad_ratio)
        grid_w = FILES * s + (FILES - 1) * round(s * GAP_RATIO)
        grid_h = RANKS * s + (RANKS - 1) * round(s * GAP_RATIO)
        pile_w = round(s * pile_ratio)
        total_w = pile_w + round(s * 0.28) + grid_w + 2 * pad
        total_h = grid_h + 2 * pad + round(s * 0.22) + round(s * track_ratio)
        left = rect.centerx - total_w // 2
        top = rect.centery - total_h // 2
        pile = pygame.Rect(left, top, pile_w, grid_h + 2 * pad)
        tray = pygame.Rect(pile.right + round(s * 0.28), top, grid_w + 2 * pad, grid_h + 2 * pad)
        geo = GridGeometry.fit(tray.inflate(-2 * pad, -2 * pad), FILES, RANKS, GAP_RATIO)
        track = pygame.Rect(left, tray.bottom + round(s * 0.22), total_w, round(s * track_ratio))
        return cls(s, geo, tray, pile, track)

    # -- the scoring pile: eaten tiles stack upward in its top part, trampled farmers in the bottom --
    def pile_tile_pos(self, index: int) -> Point:
        """Centre of the ``index``-th eaten tile (0 at the bottom): a neat, slightly offset stack."""
        x, y = self.pile.centerx, self.pile.top + int(self.pile.height * 0.62)
        return (x, y - index * max(2, int(self.s * 0.075)))

    def pile_coin_pos(self, index: int) -> Point:
        """Centre of the ``index``-th trampled farmer: two columns, the right one a little higher,
        so the heap looks tossed rather than stacked."""
        x, y = self.pile.centerx, self.pile.bottom - int(self.s * 0.42)
        step = max(2, int(self.s * 0.1))
        column = index % 2
        row = index // 2
        return (x + (column - 0.5) * self.s * 0.5, y - row * step * 1.4 - column * 2)

    # -- the points track ------------------------------------------------------------------------------
    def pips(self, target: int) -> tuple[list[tuple[int, int]], int]:
        """Centres and radius of the ``target`` pips, spread under the tray (never wider than it, never
        further apart than 0.7 tile) and centred there: the goal reads as a row of tokens to fill."""
        start_x = self.tray.left + int(self.s * 0.12)
        avail = self.tray.width - int(self.s * 0.24)
        pitch = min(self.s * 0.7, avail / max(1, target))
        start_x += int((avail - pitch * target) / 2)
        radius = int(min(pitch * 0.38, self.track.height * 0.36))
        centers = [(int(start_x + pitch * (i + 0.5)), self.track.centery) for i in range(target)]
        return centers, radius


# -- flights ------------------------------------------------------------------------------------------------
def glide(
    points: list[Point], hop: float, scale_to: float, p: float, raw: float
) -> tuple[Point, float, float]:
    """A piece ``p`` (eased) of the way along ``points``: its ground point, its height above it (a
    hop peaks at ``hop`` half-way in *time*, ``raw``, so it is symmetric whatever the easing) and its
    scale (a trampled farmer shrinks toward ``scale_to`` on its way to the pile)."""
    return polyline_point(points, p), hop * lift(raw), 1.0 + (scale_to - 1.0) * p


def drop_height(p: float, s: int) -> float:
    """How high above its tile a piece placed at setup still is at progress ``p``: it falls in."""
    return max(0.0, 1.0 - p) * s * 0.7


def shadow_scale(height: float, s: int) -> float:
    """A lifted piece's shadow shrinks with height (never below 40 %): the eye reads it as a hop."""
    return max(0.4, 1 - height / (s * 2.5))


def eaten_tile_flight(start: Point, end: Point, p: float, s: int) -> tuple[Point, float]:
    """An eaten tile's arc from its square to the pile (peaking 0.8 tile above the chord) and its
    scale, from the shrunken 0.55 on the board to the pile's 0.62."""
    return arc_point(start, end, p, s * 0.8), 0.55 + (0.62 - 0.55) * p
