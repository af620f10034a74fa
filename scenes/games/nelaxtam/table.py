"""The still parts of the Nelaxtam table, drawn once per layout: the wooden frame with its
coordinates, the two roster panels, and the sea under the island.

They change only with the window size, so the view blits them as single surfaces every frame and
draws only tiles, troops and marks on top. The sea's waves are seeded from the board size: the same
water behind the same island on every run (the screenshots rely on it).
"""

from __future__ import annotations

import math
import random

import pygame

from game.nelaxtam import rules as R
from scenes.games.nelaxtam.layout import TableLayout
from scenes.games.nelaxtam.palette import FRAME, LABEL, SEA_BOTTOM, SEA_TOP, SEA_WAVE
from scenes.kit import sprites, style


def table_surface(table: TableLayout, rect: pygame.Rect) -> pygame.Surface:
    """The static table inside the view's ``rect``: shadows, the frame with the file letters and rank
    numbers on all four sides (readable from either player's chair), and the rosters' panels with a
    recessed head and a rule between troop rows. Tiles, troops and marks are drawn over it."""
    surface = pygame.Surface(rect.size, pygame.SRCALPHA)
    ox, oy = -rect.left, -rect.top
    s = table.s
    frame = table.frame.move(ox, oy)
    radius = max(6, s // 4)
    blur = max(4, s // 4)
    for part in (frame, *(r.move(ox, oy) for r in table.rosters.values())):
        shadow = sprites.soft_shadow(part.size, radius, 110, blur)
        surface.blit(shadow, (part.left - blur + 2, part.top - blur + 5))
    _wooden_panel(surface, frame, radius)
    grid = table.grid.rect.move(ox, oy)
    pygame.draw.rect(surface, sprites.shade(FRAME, 0.4), grid.inflate(6, 6), border_radius=4)
    size = max(10, min(18, int(s * 0.3)))
    pad = table.pad
    for f in range(table.n):
        x = grid.left + f * s + s // 2
        for y in (grid.bottom + pad // 2 + 1, grid.top - pad // 2):
            label = style.text_surface(R.FILES[f], size, LABEL, True)
            surface.blit(label, label.get_rect(center=(x, y)))
    for rank in range(table.n):
        y = grid.bottom - rank * s - s // 2
        for x in (grid.left - pad // 2, grid.right + pad // 2):
            label = style.text_surface(str(rank + 1), size, LABEL, True)
            surface.blit(label, label.get_rect(center=(x, y)))
    for player, roster in table.rosters.items():
        r = roster.move(ox, oy)
        _wooden_panel(surface, r, radius)
        head = table.head(player).move(ox, oy).inflate(-10, -10)
        pygame.draw.rect(surface, sprites.shade(FRAME, 0.78), head, border_radius=max(4, radius - 3))
        for k, slot in enumerate(table.slots[player]):
            if k:
                y = slot.top + oy
                pygame.draw.line(surface, sprites.shade(FRAME, 0.8), (r.left + 10, y), (r.right - 11, y))
    return surface


def _wooden_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """A board of the frame's wood: a dark edge, the face, and a lighter bevel line inside it."""
    pygame.draw.rect(surface, sprites.shade(FRAME, 0.6), rect, border_radius=radius)
    pygame.draw.rect(surface, FRAME, rect.inflate(-4, -4), border_radius=radius - 1)
    pygame.draw.rect(surface, sprites.shade(FRAME, 1.22), rect.inflate(-4, -4), 2, border_radius=radius - 1)


def sea_surface(table: TableLayout) -> pygame.Surface:
    """The water under the island, the size of the grid: a deep gradient with scattered wave
    strokes. A fresh surface every call: the land layer paints the tiles onto it."""
    grid = table.grid.rect
    s = table.s
    sea = style.vertical_gradient(grid.size, SEA_TOP, SEA_BOTTOM).convert_alpha()
    rng = random.Random(table.n * 31)
    waves = pygame.Surface(grid.size, pygame.SRCALPHA)
    for _ in range(table.n * table.n // 2 + 8):
        x, y = rng.uniform(0, grid.width), rng.uniform(0, grid.height)
        w = s * rng.uniform(0.25, 0.45)
        pts = [(x + w * k / 8, y + math.sin(k / 8 * math.pi * 2) * s * 0.035) for k in range(9)]
        pygame.draw.aalines(waves, (*SEA_WAVE, 120), False, pts)
    sea.blit(waves, (0, 0))
    return sea
