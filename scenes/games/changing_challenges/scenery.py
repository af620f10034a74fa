"""The see-saw's static pictures, drawn once per size: the deck without pieces, and the stage.

The deck (frame, squares, coordinates, rail) is what tilts; the stage (floor, fulcrum, the gauge's
card and scale) stands still behind it. Both depend only on the layout, so the view keeps them
until the next resize and each frame only copies the deck and draws what moves on top.
"""

from __future__ import annotations

import math
import random

import pygame

from game.changing_challenges import board as B
from scenes.games.changing_challenges.geometry import (
    CENTRE_COL,
    COLS,
    CW_WEIGHT,
    FLOOR_H,
    LIMIT,
    RAIL_H,
    ROWS,
    Seesaw,
)
from scenes.games.changing_challenges.palette import (
    CENTRE_TINT,
    FLOOR,
    FRAME,
    FULCRUM,
    GRID_LINE,
    LABEL,
    LABEL_SOFT,
    RAIL,
    SQUARE_DARK,
    SQUARE_LIGHT,
    STORE_DARK,
    STORE_LIGHT,
)
from scenes.games.changing_challenges.sides import signed
from scenes.games.changing_challenges.sprites import token_sprite
from scenes.kit import sprites, style
from scenes.kit.cache import SurfaceCache, surface_cache

GRAIN_SEED = 1961
"""Fixed, so the wood grain is the same picture on every run (screenshots compare pixel by pixel)."""


# the deck -------------------------------------------------------------------------------------------
_decks = SurfaceCache("changing-challenges.deck")
"""Decks by square size: everything on the deck follows from it, and a window resized by a few
pixels usually keeps it, so most resizes cost no deck at all. Shared: copy before drawing on it."""


def build_deck(geo: Seesaw) -> pygame.Surface:
    """The deck without pieces: frame, squares (orange storage, golden centre line), the
    coordinates, and the rail with its line ticks (cached by square size, see ``_decks``)."""
    deck = _decks.get(geo.s)
    return deck if deck is not None else _decks.put(geo.s, _build_deck(geo))


def _build_deck(geo: Seesaw) -> pygame.Surface:
    s = geo.s
    surface = pygame.Surface(geo.deck_size, pygame.SRCALPHA)
    frame = geo.frame
    blur = max(4, s // 4)
    shadow = sprites.soft_shadow(frame.size, max(6, s // 4), 120, blur)
    surface.blit(shadow, (frame.left - blur + 2, frame.top - blur + 6))
    radius = max(6, s // 4)
    pygame.draw.rect(surface, sprites.shade(FRAME, 0.6), frame, border_radius=radius)
    pygame.draw.rect(surface, FRAME, frame.inflate(-4, -4), border_radius=radius - 1)
    pygame.draw.rect(
        surface, sprites.shade(FRAME, 1.2), frame.inflate(-4, -4), width=2, border_radius=radius - 1
    )
    gx, gy = geo.grid
    field_rect = pygame.Rect(gx, gy, COLS * s, ROWS * s)
    for sq in range(B.SIZE):
        col, row = sq // ROWS, sq % ROWS
        light = (col + row) % 2 == 0
        if not B.IS_PLAYABLE[sq]:
            color = STORE_LIGHT if light else STORE_DARK
        else:
            color = SQUARE_LIGHT if light else SQUARE_DARK
        surface.fill(color, geo.cell(sq))
    surface.blit(_grain(field_rect.size), field_rect)
    centre = pygame.Surface((s, ROWS * s), pygame.SRCALPHA)
    centre.fill((*CENTRE_TINT, 70))
    surface.blit(centre, (gx + CENTRE_COL * s, gy))
    _draw_storage_emblems(surface, geo)
    _draw_grid_lines(surface, geo)
    pygame.draw.rect(surface, sprites.shade(FRAME, 0.5), field_rect.inflate(4, 4), width=2)
    _draw_coordinates(surface, geo)
    _draw_rail(surface, geo)
    return surface


@surface_cache
def _grain(size: tuple[int, int]) -> pygame.Surface:
    """Faint wavy lines of wood grain over the squares, so the field reads as one plank (cached by
    size: a resize back to a size seen before, full screen and back, does not draw it again)."""
    width, height = max(2, size[0] // 2), max(2, size[1] // 2)  # drawn at half size, then scaled:
    grain = pygame.Surface((width, height), pygame.SRCALPHA)  # a quarter of the work on a resize
    rng = random.Random(GRAIN_SEED)
    for _ in range(height // 2):
        y = rng.uniform(0, height)
        amp, freq, phase = rng.uniform(0.5, 1.5), rng.uniform(0.008, 0.024), rng.uniform(0, 6.3)
        tone = rng.choice(((90, 56, 30), (255, 236, 200)))
        pts = [(x, y + amp * math.sin(x * freq + phase)) for x in range(0, width + 8, 8)]
        pygame.draw.lines(grain, (*tone, rng.randint(8, 20)), False, pts, 1)
    return pygame.transform.smoothscale(grain, (max(1, size[0]), max(1, size[1])))


def _draw_storage_emblems(surface: pygame.Surface, geo: Seesaw) -> None:
    """Faint emblems in empty storage: whose knocked-out pieces go where."""
    for side, shape in ((B.TRIANGLES, "triangle"), (B.CIRCLES, "circle")):
        mark = token_sprite(max(6, int(geo.s * 0.5)), shape, sprites.shade(STORE_DARK, 0.8)).copy()
        mark.set_alpha(70)
        for sq in B.STORAGE_FILL[side]:
            surface.blit(mark, mark.get_rect(center=geo.cell_center(sq)))


def _draw_grid_lines(surface: pygame.Surface, geo: Seesaw) -> None:
    """Thin lines between squares, heavy ones where storage begins, gold edges on the centre line."""
    s = geo.s
    gx, gy = geo.grid
    for col in range(1, COLS):
        x = gx + col * s
        storage_edge = col in (2, COLS - 2)
        width = 3 if storage_edge else 1
        color = sprites.shade(FRAME, 0.7) if storage_edge else GRID_LINE
        pygame.draw.line(surface, color, (x, gy), (x, gy + ROWS * s - 1), width)
    for row in range(1, ROWS):
        pygame.draw.line(surface, GRID_LINE, (gx, gy + row * s), (gx + COLS * s - 1, gy + row * s), 1)
    for x in (gx + CENTRE_COL * s, gx + (CENTRE_COL + 1) * s):
        pygame.draw.line(surface, sprites.shade(CENTRE_TINT, 0.75), (x, gy), (x, gy + ROWS * s - 1), 2)


def _draw_coordinates(surface: pygame.Surface, geo: Seesaw) -> None:
    """Ranks (the notation) under the board, lines (the balance's lever arms) above it, files
    at both ends of each row."""
    s = geo.s
    frame = geo.frame
    gx, gy = geo.grid
    size = max(12, int(s * 0.28))
    small = max(12, int(s * 0.25))
    bottom_y = (frame.bottom + gy + ROWS * s) // 2
    top_y = (frame.top + gy) // 2
    for col in range(COLS):
        x = gx + col * s + s // 2
        label = style.text_surface(str(col + 1), size, LABEL, True)
        surface.blit(label, label.get_rect(center=(x, bottom_y)))
        line = abs(col - CENTRE_COL)
        tone = style.ACCENT_LIGHT if line == 0 else LABEL_SOFT
        tag = style.text_surface(str(line), small, tone, line == 0)
        surface.blit(tag, tag.get_rect(center=(x, top_y)))
    for row in range(ROWS):
        y = gy + row * s + s // 2
        for x in ((frame.left + gx) // 2, (frame.right + gx + COLS * s) // 2):
            label = style.text_surface(B.FILES[row], size, LABEL, True)
            surface.blit(label, label.get_rect(center=(x, y)))


def _draw_rail(surface: pygame.Surface, geo: Seesaw) -> None:
    """The counterweight's rail over the board: a steel bar on three posts, a tick per line."""
    s = geo.s
    top = geo.rail_y()
    h = max(3, round(s * RAIL_H))
    left = round(geo.line_x(-CW_WEIGHT) - s * 0.5)
    right = round(geo.line_x(CW_WEIGHT) + s * 0.5)
    post_w = max(3, s // 7)
    for x in (left + post_w, geo.line_x(0), right - post_w):
        post = pygame.Rect(0, 0, post_w, geo.frame.top - top)
        post.midtop = (round(x), top)
        pygame.draw.rect(surface, sprites.shade(RAIL, 0.45), post)
        pygame.draw.rect(surface, sprites.shade(RAIL, 0.7), post.inflate(-2, 0))
    bar = pygame.Rect(left, top, right - left, h)
    pygame.draw.rect(surface, sprites.shade(RAIL, 0.4), bar.move(0, 2), border_radius=h // 2)
    pygame.draw.rect(surface, sprites.shade(RAIL, 0.55), bar, border_radius=h // 2)
    shine = bar.inflate(-4, -max(2, h // 2)).move(0, -max(1, h // 5))
    pygame.draw.rect(surface, RAIL, shine, border_radius=max(1, shine.height // 2))
    for line in range(-CW_WEIGHT, CW_WEIGHT + 1):
        x = round(geo.line_x(line))
        major = line == 0 or abs(line) == CW_WEIGHT
        pygame.draw.line(surface, sprites.shade(RAIL, 0.3), (x, top), (x, top + h - 1), 2 if major else 1)
    for x in (left, right):
        pygame.draw.circle(surface, sprites.shade(RAIL, 0.35), (x, top + h // 2), max(3, h * 0.75))
        pygame.draw.circle(surface, RAIL, (x, top + h // 2), max(2, h * 0.75) - 1)


# the stage ------------------------------------------------------------------------------------------
def build_stage(geo: Seesaw) -> pygame.Surface:
    """What never tilts, behind the board, the size of the view's area: the floor, the fulcrum
    and the gauge's frame."""
    s = geo.s
    area = geo.area
    surface = pygame.Surface(area.size, pygame.SRCALPHA)
    ox, oy = -area.left, -area.top
    px, py = geo.pivot_screen[0] + ox, geo.pivot_screen[1] + oy
    floor_y = geo.floor_y + oy
    floor_h = max(4, round(FLOOR_H * s))
    half = geo.frame.width / 2 + s * 0.8
    floor = pygame.Rect(round(px - half), floor_y, round(2 * half), floor_h)
    glow = sprites.soft_shadow(floor.size, floor_h // 2, 90, max(4, s // 5))
    surface.blit(glow, (floor.left - max(4, s // 5), floor.top - max(4, s // 5) + 4))
    pygame.draw.rect(surface, FLOOR, floor, border_radius=floor_h // 2)
    pygame.draw.line(
        surface,
        sprites.shade(FLOOR, 1.5),
        (floor.left + 6, floor.top + 1),
        (floor.right - 6, floor.top + 1),
        2,
    )
    base_w = s * 0.85
    apex = (px, py)
    pts = [apex, (px + base_w, floor_y + 1), (px - base_w, floor_y + 1)]
    pygame.draw.polygon(surface, sprites.shade(FULCRUM, 0.55), [(x + 2, y + 2) for x, y in pts])
    pygame.draw.polygon(surface, FULCRUM, pts)
    lit = [apex, (px, floor_y + 1), (px - base_w, floor_y + 1)]
    pygame.draw.polygon(surface, sprites.shade(FULCRUM, 1.25), lit)
    pygame.draw.polygon(surface, sprites.shade(FULCRUM, 0.5), pts, 2)
    _draw_gauge_frame(surface, geo, ox, oy)
    return surface


def _zone_color(t: float) -> tuple[int, int, int]:
    """The gauge scale's colour ``t`` of the way from level (0) to either limit (1)."""
    good, warn, bad = (92, 160, 96), (226, 178, 74), (206, 64, 50)
    return sprites.mix(good, warn, t / 0.6) if t < 0.6 else sprites.mix(warn, bad, (t - 0.6) / 0.4)


def _draw_gauge_frame(surface: pygame.Surface, geo: Seesaw, ox: int, oy: int) -> None:
    """The balance gauge's static part: a scale from -49 to +49 that warms from green at level
    to red at the limits, ticks every 10, and what tipping either way means."""
    s = geo.s
    bar = geo.gauge_bar().move(ox, oy)
    card = geo.gauge_rect.move(ox, oy)
    style.panel(surface, card, (44, 33, 26), radius=max(8, s // 4), border=(118, 86, 60), shadow=True)
    for x in range(bar.width):
        color = _zone_color(abs(x / max(1, bar.width - 1) * 2 - 1))
        pygame.draw.line(surface, color, (bar.left + x, bar.top), (bar.left + x, bar.bottom - 1))
    pygame.draw.rect(surface, (20, 14, 10), bar.inflate(4, 4), width=2, border_radius=3)
    for m in range(-40, 41, 10):
        x = round(bar.centerx + m / LIMIT * bar.width / 2)
        tall = m == 0
        pygame.draw.line(surface, (20, 14, 10), (x, bar.bottom + 2), (x, bar.bottom + (7 if tall else 4)), 2)
    size = max(12, int(s * 0.26))
    for m, anchor in ((-LIMIT, "midright"), (LIMIT, "midleft")):
        x = bar.left - 8 if m < 0 else bar.right + 8
        label = style.text_surface(signed(m), size, (240, 220, 190), True)
        surface.blit(label, label.get_rect(**{anchor: (x, bar.centery)}))
    small = max(12, int(s * 0.23))
    caption_y = (bar.bottom + card.bottom) // 2 + 2
    # the longest wording whose three parts fit under the bar side by side (a small board, a rules
    # diagram, once drew "BALANCE" over both captions)
    middle = style.text_surface("BALANCE", small, (200, 176, 140), True)
    for left_text, right_text, with_middle in (
        ("tips left: Circles win", "tips right: Triangles win", True),
        ("tips left: Circles win", "tips right: Triangles win", False),
        ("Circles win", "Triangles win", False),
    ):
        left = style.text_surface(left_text, small, (236, 170, 150))
        right = style.text_surface(right_text, small, (160, 192, 236))
        half = (middle.get_width() // 2 + 8) if with_middle else 6
        if max(left.get_width(), right.get_width()) + half <= bar.width // 2:
            surface.blit(left, left.get_rect(midleft=(bar.left, caption_y)))
            surface.blit(right, right.get_rect(midright=(bar.right, caption_y)))
            if with_middle:
                surface.blit(middle, middle.get_rect(center=(bar.centerx, caption_y)))
            break
