"""Nelaxtam's pictures, drawn in code: stone tiles, troop tokens, option marks, order crosses.

Each maker is a pure function of sizes and colours, drawn at :data:`~scenes.kit.sprites.SS` times the
size and smoothscaled down for clean edges, and cached: a resize back to a size seen before, a second
view of the same board or the side panel's tokens cost nothing. The surfaces are shared through the
caches, so callers that fade one (``set_alpha``) take a copy first.

Colour-blind safety is drawn in: the two territories differ in brightness *and* in inlay (Black's
basalt a diamond, White's sandstone a ring and dot), the two armies in silhouette (Black's troops
are shields, White's round tokens), and a move option (a dot) differs in shape from a target (a
crosshair).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping

import pygame

from scenes.games.nelaxtam.geometry import TILE_VARIANTS, shield_points
from scenes.games.nelaxtam.layout import mini_size, token_size
from scenes.games.nelaxtam.palette import (
    BLACK,
    COAST,
    DARK_INLAY,
    DARK_TILE,
    LIGHT_INLAY,
    LIGHT_TILE,
    ORDER_STYLE,
    PLAYERS,
    SCAR,
    TROOP_STYLE,
    TROOPS,
    Color,
)
from scenes.kit import sprites, style
from scenes.kit.cache import surface_cache
from scenes.kit.fonts import font


@surface_cache
@sprites.drawn_once
def tile_sprite(size: int, dark: bool, variant: int) -> pygame.Surface:
    """One territory piece seen from above: a bevelled stone slab with a speckled texture and its
    side's emblem inlaid — a bronze diamond on Black's basalt, a ring and dot on White's sandstone —
    so the two colours are told apart by shape as well as by brightness."""
    ss = sprites.SS
    big = max(6, size * ss)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    base = DARK_TILE if dark else LIGHT_TILE
    radius = max(2, int(big * 0.13))
    bevel = max(ss, int(big * 0.07))
    pygame.draw.rect(surface, (*sprites.shade(base, 0.6), 255), (0, 0, big, big), border_radius=radius)
    pygame.draw.rect(
        surface, (*sprites.shade(base, 1.18), 255), (0, 0, big, big - bevel), border_radius=radius
    )
    face = pygame.Rect(bevel // 2, bevel // 2, big - bevel, big - bevel * 3 // 2)
    pygame.draw.rect(surface, (*base, 255), face, border_radius=max(1, radius - bevel // 3))
    rng = random.Random(variant * 977 + (1 if dark else 0))
    speck = sprites.shade(base, 0.86 if not dark else 0.8)
    fleck = sprites.shade(base, 1.08 if not dark else 1.2)
    for _ in range(int(big * 0.5)):
        x = rng.uniform(face.left + ss * 2, face.right - ss * 2)
        y = rng.uniform(face.top + ss * 2, face.bottom - ss * 2)
        pygame.draw.circle(
            surface, (*(speck if rng.random() < 0.6 else fleck), 255), (x, y), rng.uniform(1, ss)
        )
    c = (face.centerx, face.centery)
    if dark:  # a bronze diamond inlay with a bright facet
        half = big * 0.2
        outer = [(c[0], c[1] - half), (c[0] + half, c[1]), (c[0], c[1] + half), (c[0] - half, c[1])]
        pygame.draw.polygon(surface, (*sprites.shade(DARK_INLAY, 0.55), 255), outer)
        inner = [(c[0] + (x - c[0]) * 0.78, c[1] + (y - c[1]) * 0.78) for x, y in outer]
        pygame.draw.polygon(surface, (*DARK_INLAY, 255), inner)
        facet = [inner[0], inner[1], c, inner[3]]
        pygame.draw.polygon(surface, (*sprites.shade(DARK_INLAY, 1.3), 255), facet)
    else:  # a carved ring with a dot in its middle
        r = big * 0.2
        pygame.draw.circle(
            surface, (*sprites.shade(LIGHT_TILE, 1.12), 255), (c[0], c[1] + ss), r, max(2, int(big * 0.05))
        )
        pygame.draw.circle(surface, (*LIGHT_INLAY, 255), c, r, max(2, int(big * 0.05)))
        pygame.draw.circle(surface, (*LIGHT_INLAY, 255), c, big * 0.055)
    return pygame.transform.smoothscale(surface, (size, size))


@surface_cache
@sprites.drawn_once
def troop_sprite(diameter: int, side: str, number: int | None) -> pygame.Surface:
    """A numbered troop: Black's are ebony shields with a gold rim, White's ivory round tokens with a
    crimson rim. The silhouettes differ so the armies never mix up, whatever one's colour vision; the
    number is large enough to read at 1024 x 640. ``number=None`` draws the side's emblem instead."""
    body, rim, ink = TROOP_STYLE[side]
    ss = sprites.SS
    big = max(6, diameter * ss)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    rim_w = max(2, int(big * 0.075))
    if side == BLACK:
        outer = shield_points(c, ss * 2, big - ss * 2, big * 0.42)
        pygame.draw.polygon(surface, (*sprites.shade(rim, 0.45), 255), [(x, y + ss * 1.5) for x, y in outer])
        pygame.draw.polygon(surface, (*rim, 255), outer)
        inner = shield_points(c, ss * 2 + rim_w, big - ss * 2 - rim_w * 1.6, big * 0.42 - rim_w)
        pygame.draw.polygon(surface, (*body, 255), inner)
        sheen = [(x, y) for x, y in inner if y < big * 0.42]
        if len(sheen) > 2:
            glow = pygame.Surface((big, big), pygame.SRCALPHA)
            pygame.draw.polygon(glow, (255, 255, 255, 34), sheen)
            surface.blit(glow, (0, 0))
        center_y = c - big * 0.04
    else:
        r = big / 2 - ss * 2
        pygame.draw.circle(surface, (*sprites.shade(rim, 0.5), 255), (c, c + ss * 1.5), r)
        pygame.draw.circle(surface, (*rim, 255), (c, c), r)
        steps = 14
        for i in range(steps):  # the ivory face, lit from the upper left
            t = i / (steps - 1)
            col = sprites.mix(sprites.shade(body, 0.86), sprites.shade(body, 1.05), t)
            pygame.draw.circle(
                surface, (*col, 255), (c - r * 0.1 * t, c - r * 0.12 * t), (r - rim_w) * (1 - 0.55 * t)
            )
        pygame.draw.circle(surface, (*sprites.shade(rim, 1.1), 255), (c, c), (r - rim_w) * 0.86, max(1, ss))
        center_y = c
    if number is not None:
        label = font(int(big * 0.52), True).render(str(number), True, ink)
        surface.blit(label, label.get_rect(center=(c, center_y + big * 0.01)))
    elif side == BLACK:  # emblem: a small diamond, like the territory's inlay
        h = big * 0.15
        pygame.draw.polygon(
            surface, (*rim, 255), [(c, center_y - h), (c + h, center_y), (c, center_y + h), (c - h, center_y)]
        )
    else:
        pygame.draw.circle(surface, (*rim, 255), (c, c), big * 0.14, max(2, int(big * 0.05)))
        pygame.draw.circle(surface, (*rim, 255), (c, c), big * 0.045)
    return pygame.transform.smoothscale(surface, (diameter, diameter))


@surface_cache
def move_mark(size: int, color: Color, outline: Color) -> pygame.Surface:
    """Where a selected troop may step: a soft footprint dot (a move), unlike the crosshair of a
    target, so the two kinds of option differ in shape."""
    ss = sprites.SS
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    c = size * ss / 2
    pygame.draw.circle(big, (*color, 70), (c, c), size * ss * 0.3)
    pygame.draw.circle(big, (*outline, 230), (c, c), size * ss * 0.15)
    pygame.draw.circle(big, (*color, 255), (c, c), size * ss * 0.12)
    return pygame.transform.smoothscale(big, (size, size))


@surface_cache
def target_mark(size: int, color: Color, outline: Color) -> pygame.Surface:
    """An enemy piece a selected troop may destroy: a crosshair (ring and four ticks)."""
    ss = sprites.SS
    s = size * ss
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    c = s / 2
    for col, extra in ((outline, ss * 2), (color, 0)):
        w = max(2, int(s * 0.055)) + extra
        pygame.draw.circle(big, (*col, 240), (c, c), s * 0.3, w)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            a = (c + dx * s * 0.2, c + dy * s * 0.2)
            b = (c + dx * s * 0.42, c + dy * s * 0.42)
            pygame.draw.line(big, (*col, 240), a, b, w)
    return pygame.transform.smoothscale(big, (size, size))


@surface_cache
def cross(size: int, color: Color, outline: Color, alpha: int = 255) -> pygame.Surface:
    """The mark of a destroy order: a bold X on the doomed piece."""
    ss = sprites.SS
    s = size * ss
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    arm = s * 0.3
    c = s / 2
    for col, w in ((outline, s * 0.19), (color, s * 0.11)):
        for d in (-1, 1):
            a, b = (c - arm, c - arm * d), (c + arm, c + arm * d)
            pygame.draw.line(big, (*col, alpha), a, b, max(2, int(w)))
            for end in (a, b):
                pygame.draw.circle(big, (*col, alpha), end, w / 2)
    return pygame.transform.smoothscale(big, (size, size))


@surface_cache
def coast(size: int) -> pygame.Surface:
    """The mark of an edge square during the invasion (where sea troops may land): a bright surf
    border and a small double wave."""
    ss = sprites.SS
    s = size * ss
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    inset = s * 0.06
    rect = pygame.Rect(inset, inset, s - 2 * inset, s - 2 * inset)
    pygame.draw.rect(big, (*COAST, 220), rect, max(2, int(s * 0.06)), border_radius=int(s * 0.14))
    for row in (0, 1):
        y0 = s * (0.72 + row * 0.1)
        pts = [
            (s * 0.3 + s * 0.4 * k / 16, y0 + math.sin(k / 16 * math.pi * 2) * s * 0.035) for k in range(17)
        ]
        pygame.draw.lines(big, (*sprites.shade(COAST, 0.45), 230), False, pts, max(2, int(s * 0.035)))
    return pygame.transform.smoothscale(big, (size, size))


@surface_cache
def sprite_set(s: int) -> Mapping[str, pygame.Surface]:
    """Every picture a board of ``s``-pixel squares needs, by name: built once per square size at
    layout, so a frame only blits (and copies what it fades). Read-only: it is shared."""
    sp: dict[str, pygame.Surface] = {}
    for variant in range(TILE_VARIANTS):
        sp[f"tile-dark-{variant}"] = tile_sprite(s, True, variant)
        sp[f"tile-light-{variant}"] = tile_sprite(s, False, variant)
    d = token_size(s)
    mini = mini_size(s)
    for side in PLAYERS:
        for number in range(1, TROOPS + 1):
            sp[f"troop-{side}-{number}"] = troop_sprite(d, side, number)
            sp[f"mini-{side}-{number}"] = troop_sprite(mini, side, number)
        stroke, outline = ORDER_STYLE[side]
        sp[f"opt-move-{side}"] = move_mark(s, stroke, outline)
        sp[f"opt-target-{side}"] = target_mark(s, stroke, outline)
        sp[f"cross-{side}"] = cross(round(s * 0.7), stroke, outline)
    sp["scar"] = cross(round(s * 0.5), *SCAR, 110)
    sp["shadow"] = sprites.ellipse_shadow(d, max(4, d // 3), 130)
    sp["select"] = sprites.ring(round(s * 1.12), style.ACCENT_LIGHT, 0.46, max(2, s * 0.07), 255)
    sp["hover"] = sprites.tint(s, (255, 255, 255), 70)
    sp["coast"] = coast(s)
    return sp
