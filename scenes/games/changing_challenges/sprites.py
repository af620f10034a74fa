"""The see-saw's pictures: pieces, their shadows, the counterweight and the destination marks.

Pure surface makers (sizes and colours in, a Surface out), drawn large and smoothscaled down like
the kit's sprites. They are cached by size because a resize re-lays the view and the side panel
asks for tokens every frame; a cached surface is shared, so callers copy before changing it
(``set_alpha`` included).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType

import pygame

from game.changing_challenges import board as B
from scenes.games.changing_challenges.geometry import CW_WEIGHT, WEIGHT_H, WEIGHT_W
from scenes.games.changing_challenges.palette import (
    GOLD,
    IRON,
    LAST_MOVE,
    MARK_KNOCK,
    MARK_MERGE,
    MARK_MOVE,
    THREAT,
)
from scenes.games.changing_challenges.sides import SIDE_LOOKS, Color
from scenes.kit import sprites, style
from scenes.kit.cache import surface_cache

MARK_KINDS = ("move", "knock", "merge")


def _triangle_points(big: float) -> list[tuple[float, float]]:
    return [(big * 0.5, big * 0.03), (big * 0.99, big * 0.92), (big * 0.01, big * 0.92)]


def _shape_mask(big: int, shape: str, inset: float) -> pygame.Surface:
    """The token's silhouette (white), shrunk by ``inset`` pixels. A triangle gets round corners:
    a smaller triangle (edges moved in by corner + inset) widened by a disc of the corner radius."""
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    white = (255, 255, 255, 255)
    if shape == "circle":
        pygame.draw.circle(mask, white, (big / 2, big / 2), big * 0.46 - inset)
        return mask
    pts = _triangle_points(big)
    sides = [math.dist(pts[(i + 1) % 3], pts[(i + 2) % 3]) for i in range(3)]
    perimeter = sum(sides)
    ix = sum(side * p[0] for side, p in zip(sides, pts, strict=True)) / perimeter
    iy = sum(side * p[1] for side, p in zip(sides, pts, strict=True)) / perimeter
    (x0, y0), (x1, y1), (x2, y2) = pts
    area = abs((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)) / 2
    inradius = 2 * area / perimeter
    corner = big * 0.06
    k = max(0.05, (inradius - corner - inset) / inradius)
    core = [(ix + (x - ix) * k, iy + (y - iy) * k) for x, y in pts]
    pygame.draw.polygon(mask, white, core)
    for i in range(3):
        a, b = core[i], core[(i + 1) % 3]
        pygame.draw.line(mask, white, a, b, max(1, round(2 * corner)))
    for p in core:
        pygame.draw.circle(mask, white, p, corner)
    return mask


def _masked(mask: pygame.Surface, fill: pygame.Surface) -> pygame.Surface:
    out = fill.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


BADGE_LETTER_PX = 12
"""The smallest a piece's letter badge is drawn, in window pixels."""


def with_badge(image: pygame.Surface, shape: str, color: Color, weight: int) -> pygame.Surface:
    """``image`` (a piece at its final size) with a badge naming its kind (P B R Q K) in the
    corner. Drawn at the final size, not on the large master picture every size is scaled from:
    scaled with the piece, the letter came out 7 px tall on a 1024x640 board; here it is never
    under :data:`BADGE_LETTER_PX`, and the badge keeps to the piece's corner."""
    ss = sprites.SS
    d = image.get_width()
    letter_px = max(BADGE_LETTER_PX, round(d * 0.25))
    radius = letter_px * 0.72
    corner = (d * 0.8, d * 0.2) if shape == "circle" else (d * 0.8, d * 0.24)
    centre = (min(corner[0], d - radius - 1), max(corner[1], radius + 1))
    side = int(radius * 2 + 2)
    big = pygame.Surface((side * ss, side * ss), pygame.SRCALPHA)
    c = side * ss / 2
    pygame.draw.circle(big, (*sprites.shade(color, 0.4), 255), (c, c), radius * ss)
    pygame.draw.circle(big, (*style.PARCHMENT, 255), (c, c), (radius - 1) * ss)
    letter = style.font(letter_px * ss, True).render(B.PIECE_LETTERS[weight], True, style.INK)
    big.blit(letter, letter.get_rect(center=(round(c), round(c + ss * 0.5))))
    badge = pygame.transform.smoothscale(big, (side, side))
    out = image.copy()
    out.blit(badge, badge.get_rect(center=(round(centre[0]), round(centre[1]))))
    return out


def _weight_figures(surface: pygame.Surface, big: int, shape: str, color: Color, weight: int) -> None:
    """The piece's weight in big white figures: what the balance counts. (The badge with the kind's
    letter is drawn at the piece's final size, by :func:`with_badge`.)"""
    ss = sprites.SS
    # a circle's figures sit a little down and left, clear of the badge in its top right corner
    centre = (big * 0.42, big * 0.57) if shape == "circle" else (big * 0.5, big * 0.63)
    size = big * (0.46 if shape == "circle" else 0.44)
    digits = style.font(int(size), True).render(str(weight), True, (255, 255, 255))
    shadow = style.font(int(size), True).render(str(weight), True, sprites.shade(color, 0.3))
    shadow.set_alpha(170)
    rect = digits.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(shadow, rect.move(0, max(1, ss)))
    surface.blit(digits, rect)


@surface_cache
@sprites.drawn_once
def token_sprite(
    diameter: int,
    shape: str,
    color: Color,
    weight: int | None = None,
    king: bool = False,
) -> pygame.Surface:
    """A flat piece: a triangle or a disc in the side's colour, lit from the top, with its weight
    in big white figures and a small badge naming its kind (P B R Q K). Kings get a gold edge so
    the piece that can win on the centre line is found at a glance. Shared: copy before changing."""
    ss = sprites.SS
    big = max(6, diameter * ss)
    rim = sprites.shade(color, 0.5)
    outer = _shape_mask(big, shape, 0)
    inner = _shape_mask(big, shape, big * 0.035)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    flat = pygame.Surface((big, big), pygame.SRCALPHA)
    flat.fill((*rim, 255))
    surface.blit(_masked(outer, flat), (0, 0))
    body = pygame.Surface((big, big), pygame.SRCALPHA)
    light, dark = sprites.shade(color, 1.32), sprites.shade(color, 0.8)
    body.blit(style.vertical_gradient((big, big), light, dark), (0, 0))  # opaque: alpha stays 255
    surface.blit(_masked(inner, body), (0, 0))
    if king:
        ring = _shape_mask(big, shape, big * 0.06)
        hole = _shape_mask(big, shape, big * 0.105)
        gold = pygame.Surface((big, big), pygame.SRCALPHA)
        gold.fill((*GOLD, 255))
        band = _masked(ring, gold)
        band.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
        surface.blit(band, (0, 0))
    shine = pygame.Surface((big, big), pygame.SRCALPHA)
    if shape == "circle":
        pygame.draw.ellipse(shine, (255, 255, 255, 70), (big * 0.24, big * 0.1, big * 0.52, big * 0.26))
    else:
        pygame.draw.ellipse(shine, (255, 255, 255, 60), (big * 0.38, big * 0.22, big * 0.24, big * 0.2))
    surface.blit(_masked(inner, shine), (0, 0))
    if weight is not None:
        _weight_figures(surface, big, shape, color, weight)
    return pygame.transform.smoothscale(surface, (diameter, diameter))


def silhouette_shadow(image: pygame.Surface, alpha: int = 95) -> pygame.Surface:
    """A soft shadow in the shape of ``image`` (triangles cast triangular shadows)."""
    w, h = image.get_size()
    pad = max(2, w // 8)
    shadow = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    dark = image.copy()
    dark.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    dark.fill((0, 0, 0, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    shadow.blit(dark, (pad, pad))
    small = pygame.transform.smoothscale(
        shadow, (max(1, shadow.get_width() // 4), max(1, shadow.get_height() // 4))
    )
    return pygame.transform.smoothscale(small, shadow.get_size())


def counterweight_sprite(w: int, h: int) -> pygame.Surface:
    """The cast-iron counterweight: a rounded block with a saddle that rides the rail, '7' cast in."""
    ss = sprites.SS
    bw, bh = max(4, w * ss), max(4, h * ss)
    surface = pygame.Surface((bw, bh), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, bw, int(bh * 0.84))
    pygame.draw.rect(surface, (*sprites.shade(IRON, 0.55), 255), body, border_radius=int(bh * 0.2))
    inner = body.inflate(-2 * ss, -2 * ss)
    grad = pygame.Surface(inner.size, pygame.SRCALPHA)
    for y in range(inner.height):
        t = y / max(1, inner.height - 1)
        pygame.draw.line(
            grad, (*sprites.mix(sprites.shade(IRON, 1.5), IRON, t**0.7), 255), (0, y), (inner.width, y)
        )
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(bh * 0.18))
    surface.blit(_masked(mask, grad), inner)
    saddle = pygame.Rect(int(bw * 0.3), int(bh * 0.78), int(bw * 0.4), int(bh * 0.22))
    pygame.draw.rect(surface, (*sprites.shade(IRON, 0.45), 255), saddle, border_radius=int(bh * 0.06))
    size = int(bh * 0.62)
    digit = style.font(size, True).render(str(CW_WEIGHT), True, (236, 238, 242))
    shade = style.font(size, True).render(str(CW_WEIGHT), True, (20, 22, 26))
    rect = digit.get_rect(center=(bw // 2, int(bh * 0.43)))
    surface.blit(shade, rect.move(0, ss))
    surface.blit(digit, rect)
    return pygame.transform.smoothscale(surface, (w, h))


def mark_sprite(s: int, kind: str) -> pygame.Surface:
    """Destination marks differ in shape, not only colour: a dot for a move, a red ring for a
    knock, a gold ring around a red one for a capture that may also merge."""
    ss = sprites.SS
    big = pygame.Surface((s * ss, s * ss), pygame.SRCALPHA)
    c = s * ss / 2
    if kind == "move":
        pygame.draw.circle(big, (0, 0, 0, 70), (c + ss, c + 2 * ss), s * ss * 0.15)
        pygame.draw.circle(big, (*MARK_MOVE, 235), (c, c), s * ss * 0.15)
        pygame.draw.circle(big, (255, 255, 255, 190), (c, c), s * ss * 0.15, max(2, ss))
    elif kind == "knock":
        pygame.draw.circle(big, (*MARK_KNOCK, 235), (c, c), s * ss * 0.47, max(3, int(s * ss * 0.085)))
        pygame.draw.circle(big, (255, 255, 255, 150), (c, c), s * ss * 0.38, max(1, ss))
    else:
        pygame.draw.circle(big, (*MARK_MERGE, 245), (c, c), s * ss * 0.47, max(3, int(s * ss * 0.07)))
        pygame.draw.circle(big, (*MARK_KNOCK, 235), (c, c), s * ss * 0.375, max(2, int(s * ss * 0.05)))
        # a small "+" in the corner (the kind badge has the other one): these two can become one
        p = (s * ss * 0.14, s * ss * 0.14)
        arm, width = s * ss * 0.09, max(2, int(s * ss * 0.045))
        pygame.draw.circle(big, (*sprites.shade(MARK_MERGE, 0.55), 255), p, arm * 1.6)
        pygame.draw.circle(big, (*MARK_MERGE, 255), p, arm * 1.6 - ss)
        pygame.draw.line(big, (255, 255, 255, 255), (p[0] - arm, p[1]), (p[0] + arm, p[1]), width)
        pygame.draw.line(big, (255, 255, 255, 255), (p[0], p[1] - arm), (p[0], p[1] + arm), width)
    return pygame.transform.smoothscale(big, (s, s))


def _faded(image: pygame.Surface, alpha: int) -> pygame.Surface:
    ghost = image.copy()
    ghost.set_alpha(alpha)
    return ghost


@surface_cache
def board_sprites(s: int) -> Mapping[str, pygame.Surface]:
    """Every sprite the board draws at square size ``s``, by name: ``piece-<side>-<weight>``,
    ``shadow-<side>``, ``mark-<kind>``, the square highlights and the
    counterweight with its ghost and shadow. Built once per size (a resize back reuses them);
    read-only, since every view of that size shares it."""
    d = max(8, int(s * 0.84))
    sp: dict[str, pygame.Surface] = {}
    for side, (shape, color) in enumerate(SIDE_LOOKS):
        for weight in B.PIECE_NAMES:
            img = token_sprite(d, shape, color, weight, king=weight == B.KING)
            img = with_badge(img, shape, color, weight)
            sp[f"piece-{side}-{weight}"] = img
        sp[f"shadow-{side}"] = silhouette_shadow(sp[f"piece-{side}-1"])
    for kind in MARK_KINDS:
        sp[f"mark-{kind}"] = mark_sprite(s, kind)
    sp["last"] = sprites.tint(s, LAST_MOVE, 96)
    sp["hover"] = sprites.tint(s, (255, 255, 255), 64)
    sp["select"] = sprites.glow_ring(s, style.ACCENT_LIGHT, 0.12, 255)
    sp["select-tint"] = sprites.tint(s, style.ACCENT_LIGHT, 120)
    sp["threat"] = sprites.ring(s, THREAT, 0.47, max(2, s // 14), 235)
    cw = counterweight_sprite(max(8, int(s * WEIGHT_W)), max(6, int(s * WEIGHT_H)))
    sp["cw"] = cw
    sp["cw-ghost"] = _faded(cw, 95)
    sp["cw-shadow"] = silhouette_shadow(cw, 80)
    return MappingProxyType(sp)
