"""The still picture of the Epaminondas board: frame, checkered wood with grain, home rows, coordinates.

It depends only on the window size, so the view draws it once per layout and blits it every frame;
the stones, marks and highlights go on top. Nothing here keeps state.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.epaminondas import board as B
from scenes.games.epaminondas.geometry import FILES, RANKS, BoardLayout
from scenes.games.epaminondas.palette import FRAME, HOME_BLACK, HOME_WHITE, LABEL, LINE, WOOD_DARK, WOOD_LIGHT
from scenes.kit import sprites as kit
from scenes.kit import style


def board_picture(rect: pygame.Rect, board: BoardLayout) -> pygame.Surface:
    """The view's ``rect`` with the framed board on a transparent surface the view blits at
    ``rect``'s top left."""
    surface = pygame.Surface(rect.size, pygame.SRCALPHA)
    ox, oy = -rect.left, -rect.top
    s = board.s
    geo = board.geo
    frame = board.frame.move(ox, oy)
    blur = max(4, s // 4)
    shadow = kit.soft_shadow(frame.size, max(6, s // 4), 130, blur)
    surface.blit(shadow, (frame.left - blur + 3, frame.top - blur + 7))
    radius = max(6, s // 4)
    pygame.draw.rect(surface, kit.shade(FRAME, 0.6), frame, border_radius=radius)
    pygame.draw.rect(surface, FRAME, frame.inflate(-4, -4), border_radius=radius - 1)
    pygame.draw.rect(
        surface, kit.shade(FRAME, 1.18), frame.inflate(-4, -4), width=2, border_radius=radius - 1
    )
    grid = geo.rect.move(ox, oy)
    surface.blit(_wood(board), grid)
    pygame.draw.rect(surface, kit.shade(FRAME, 0.5), grid.inflate(4, 4), width=2)
    # coordinates on all four sides: the board is played from both ends
    size = max(10, int(s * 0.3))
    for f in range(FILES):
        x = geo.square_rect(f, 0).move(ox, oy).centerx
        for y in ((frame.bottom + grid.bottom) // 2, (frame.top + grid.top) // 2):
            label = style.text_surface(B.FILES[f], size, LABEL, True)
            surface.blit(label, label.get_rect(center=(x, y)))
    for rank in range(RANKS):
        y = geo.square_rect(0, rank).move(ox, oy).centery
        for x in ((frame.left + grid.left) // 2, (frame.right + grid.right) // 2):
            label = style.text_surface(str(rank + 1), size, LABEL, True)
            surface.blit(label, label.get_rect(center=(x, y)))
    return surface


def _wood(board: BoardLayout) -> pygame.Surface:
    """The playing area: checkered squares, a faint grain, the two home rows tinted with their
    owner's colour (the rows to cross), and thin lines between squares."""
    s = board.s
    geo = board.geo
    size = geo.rect.size
    width, height = size
    wood = pygame.Surface(size)
    for rank in range(RANKS):
        for file in range(FILES):
            r = geo.square_rect(file, rank).move(-geo.rect.left, -geo.rect.top)
            wood.fill(WOOD_LIGHT if (file + rank) % 2 else WOOD_DARK, r)
    wood.blit(pygame.transform.smoothscale(_grain(), size), (0, 0))
    for rank, tint_color, alpha in ((0, HOME_WHITE, 70), (RANKS - 1, HOME_BLACK, 60)):
        row = geo.square_rect(0, rank).move(-geo.rect.left, -geo.rect.top)
        band = pygame.Surface((width, row.height), pygame.SRCALPHA)
        band.fill((*tint_color, alpha))
        wood.blit(band, (0, row.top))
    for i in range(1, FILES):
        pygame.draw.line(wood, (*LINE,), (i * s, 0), (i * s, height), 1)
    for i in range(1, RANKS):
        pygame.draw.line(wood, (*LINE,), (0, i * s), (width, i * s), 1)
    return wood


GRAIN_SQUARE = 56
"""The square size the grain is drawn at once; every window size gets it scaled (drawing it anew
for each size, a few hundred wavy lines, was most of a resize's time)."""


@lru_cache(maxsize=1)
def _grain() -> pygame.Surface:
    """A faint wood grain over the whole playing area, always the same (a fixed seed)."""
    width, height = FILES * GRAIN_SQUARE, RANKS * GRAIN_SQUARE
    grain = pygame.Surface((width, height), pygame.SRCALPHA)
    rng = random.Random(1975)
    for _ in range(height // 3):
        y = rng.uniform(0, height)
        amp, freq, phase = rng.uniform(1, 4), rng.uniform(0.004, 0.015), rng.uniform(0, 6.3)
        shade = rng.choice(((90, 56, 30), (255, 236, 200)))
        points = [(x, y + amp * math.sin(x * freq + phase)) for x in range(0, width + 8, 8)]
        pygame.draw.lines(grain, (*shade, rng.randint(10, 24)), False, points, 1)
    return grain
