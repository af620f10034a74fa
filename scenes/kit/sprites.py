"""Drawn sprites for the piecepack games: tiles, holes, pawns, coins, suit emblems, soft shadows.

Everything is drawn in code (no image files to ship or license) at a few times the target size and
smoothly scaled down, which gives clean anti-aliased edges with plain ``pygame.draw``. Views build
their sprites once per board size (in ``layout``) — never per frame.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any, TypeVar

import pygame

SS = 3
"""Supersampling factor: shapes are drawn this many times larger, then smoothscaled down."""

MASTER = 128
"""The size :func:`drawn_once` draws a picture at, for every smaller size to be scaled from."""

Maker = TypeVar("Maker", bound=Callable[..., pygame.Surface])


def drawn_once(maker: Maker) -> Maker:
    """For a square picture drawn in code at a size, ``maker(size, *args)``: every size up to
    :data:`MASTER` is the picture drawn once at :data:`MASTER` and smooth-scaled down.

    A board's pieces were drawn anew (supersampled) for each window size, which made up a third or
    more of a resize; a scaling costs a fraction of that and looks the same, the drawing being
    larger than any piece shown. Larger sizes (a very large window) are drawn as they are, since an
    enlarged picture would blur."""

    @functools.lru_cache(maxsize=64)
    def at_master(*args: Any, **kwargs: Any) -> pygame.Surface:
        return maker(MASTER, *args, **kwargs)

    @functools.wraps(maker)
    def picture(size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        if size > MASTER:
            return maker(size, *args, **kwargs)
        return pygame.transform.smoothscale(at_master(*args, **kwargs), (size, size))

    return picture  # type: ignore[return-value]


Color = tuple[int, int, int]

SUIT_COLORS: dict[str, Color] = {
    "suns": (196, 66, 44),
    "moons": (46, 42, 48),
    "crowns": (52, 124, 70),
    "arms": (48, 84, 156),
}
SUITS = tuple(SUIT_COLORS)


def shade(color: Color, factor: float) -> Color:
    """Lighter (>1) or darker (<1) version of a colour, clamped."""
    if factor >= 1:
        return tuple(round(c + (255 - c) * (factor - 1)) for c in color)  # type: ignore[return-value]
    return tuple(round(c * factor) for c in color)  # type: ignore[return-value]


def mix(a: Color, b: Color, t: float) -> Color:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _finish(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, (max(1, size[0]), max(1, size[1])))


def soft_shadow(size: tuple[int, int], radius: int, alpha: int = 90, blur: int = 6) -> pygame.Surface:
    """A blurred rounded-rectangle shadow of ``size`` plus ``blur`` pixels of feather on each side."""
    w, h = size[0] + 2 * blur, size[1] + 2 * blur
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surface, (0, 0, 0, alpha), (blur, blur, size[0], size[1]), border_radius=radius)
    factor = max(2, blur)
    small = pygame.transform.smoothscale(surface, (max(1, w // factor), max(1, h // factor)))
    return pygame.transform.smoothscale(small, (w, h))


def ellipse_shadow(width: int, height: int, alpha: int = 110) -> pygame.Surface:
    """The soft oval a standing piece casts on the board."""
    pad = max(2, width // 6)
    surface = pygame.Surface((width + 2 * pad, height + 2 * pad), pygame.SRCALPHA)
    pygame.draw.ellipse(surface, (0, 0, 0, alpha), (pad, pad, width, height))
    small = pygame.transform.smoothscale(
        surface, (max(1, surface.get_width() // 4), max(1, surface.get_height() // 4))
    )
    return pygame.transform.smoothscale(small, surface.get_size())


# suit emblems -----------------------------------------------------------------------------------------
def draw_suit(
    surface: pygame.Surface, suit: str, center: tuple[float, float], radius: float, color: tuple[int, ...]
) -> None:
    """A simple, readable piecepack suit symbol (sun, moon, crown, arms) on ``surface``."""
    cx, cy = center
    r = radius
    if suit == "suns":
        for i in range(8):
            a = i * math.pi / 4
            tip = (cx + math.cos(a) * r, cy + math.sin(a) * r)
            left = (cx + math.cos(a - 0.28) * r * 0.52, cy + math.sin(a - 0.28) * r * 0.52)
            right = (cx + math.cos(a + 0.28) * r * 0.52, cy + math.sin(a + 0.28) * r * 0.52)
            pygame.draw.polygon(surface, color, (tip, left, right))
        pygame.draw.circle(surface, color, (cx, cy), r * 0.5)
    elif suit == "moons":
        pygame.draw.circle(surface, color, (cx, cy), r * 0.85)
        pygame.draw.circle(surface, (0, 0, 0, 0), (cx + r * 0.42, cy - r * 0.18), r * 0.72)
    elif suit == "crowns":
        base_y = cy + r * 0.55
        points = [
            (cx - r * 0.85, base_y),
            (cx - r * 0.95, cy - r * 0.55),
            (cx - r * 0.45, cy + r * 0.02),
            (cx, cy - r * 0.8),
            (cx + r * 0.45, cy + r * 0.02),
            (cx + r * 0.95, cy - r * 0.55),
            (cx + r * 0.85, base_y),
        ]
        pygame.draw.polygon(surface, color, points)
        pygame.draw.rect(surface, color, pygame.Rect(cx - r * 0.85, base_y, r * 1.7, r * 0.28))
        for px in (-0.95, 0.0, 0.95):
            pygame.draw.circle(surface, color, (cx + px * r, cy - r * (0.8 if px == 0 else 0.55)), r * 0.14)
    else:  # arms: a fleur-de-lis
        pygame.draw.ellipse(surface, color, pygame.Rect(cx - r * 0.22, cy - r * 0.95, r * 0.44, r * 1.25))
        for side in (-1, 1):
            pygame.draw.ellipse(
                surface, color, pygame.Rect(cx + side * r * 0.52 - r * 0.3, cy - r * 0.5, r * 0.6, r * 0.8)
            )
        pygame.draw.rect(surface, color, pygame.Rect(cx - r * 0.7, cy + r * 0.18, r * 1.4, r * 0.2))
        pygame.draw.polygon(
            surface,
            color,
            [(cx - r * 0.2, cy + r * 0.38), (cx + r * 0.2, cy + r * 0.38), (cx, cy + r * 0.95)],
        )


# tiles and holes ------------------------------------------------------------------------------------------
TILE_FACE: Color = (238, 229, 208)
TILE_EDGE: Color = (196, 180, 150)


def tile(size: int, suit: str | None = None, face: Color = TILE_FACE, grid: bool = True) -> pygame.Surface:
    """A piecepack tile seen from above: rounded, bevelled edge, a faint 2×2 grid cross and a small
    suit emblem in a medallion at the crossing. Returned at ``size`` × ``size`` (no shadow)."""
    s = size * SS
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    radius = int(s * 0.12)
    pygame.draw.rect(big, shade(face, 0.70), (0, 0, s, s), border_radius=radius)  # the tile's side
    bevel = max(2, int(s * 0.045))
    pygame.draw.rect(big, shade(face, 1.25), (0, 0, s - bevel, s - bevel), border_radius=radius)  # lit edge
    inner = pygame.Rect(bevel * 0.6, bevel * 0.6, s - bevel * 1.8, s - bevel * 1.8)
    pygame.draw.rect(big, face, inner, border_radius=int(radius * 0.8))
    # a very gentle top-left → bottom-right sheen
    sheen = pygame.Surface((s, s), pygame.SRCALPHA)
    for i in range(8):
        alpha = int(14 * (1 - i / 8))
        pygame.draw.circle(
            sheen, (255, 255, 255, alpha), (int(s * 0.25), int(s * 0.22)), int(s * (0.15 + i * 0.07))
        )
    sheen_mask = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.rect(sheen_mask, (255, 255, 255, 255), inner, border_radius=int(radius * 0.8))
    sheen.blit(sheen_mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(sheen, (0, 0))
    if grid:
        line = (*shade(face, 0.82), 255)
        width = max(1, int(s * 0.014))
        c = inner.center
        gap = s * 0.17
        pygame.draw.line(big, line, (inner.left + s * 0.09, c[1]), (c[0] - gap, c[1]), width)
        pygame.draw.line(big, line, (c[0] + gap, c[1]), (inner.right - s * 0.09, c[1]), width)
        pygame.draw.line(big, line, (c[0], inner.top + s * 0.09), (c[0], c[1] - gap), width)
        pygame.draw.line(big, line, (c[0], c[1] + gap), (c[0], inner.bottom - s * 0.09), width)
        pygame.draw.circle(big, line, c, gap * 0.9, width)
    if suit is not None:
        emblem = pygame.Surface((s, s), pygame.SRCALPHA)
        draw_suit(emblem, suit, inner.center, s * 0.1, (*SUIT_COLORS[suit], 255))
        emblem.set_alpha(120)
        big.blit(emblem, (0, 0))
    return _finish(big, (size, size))


def hole(size: int, bed: Color) -> pygame.Surface:
    """Where an eaten tile used to be: the tray's bed with an inner shadow and a faint outline."""
    s = size * SS
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    radius = int(s * 0.12)
    pygame.draw.rect(big, (*shade(bed, 0.80), 255), (0, 0, s, s), border_radius=radius)
    for i in range(6):
        inset = int(s * 0.012 * (i + 1))
        pygame.draw.rect(
            big,
            (*shade(bed, 0.80 + 0.035 * i), 255),
            (inset, inset * 1.4, s - inset * 1.6, s - inset * 2),
            border_radius=radius,
        )
    pygame.draw.rect(
        big, (*shade(bed, 1.18), 120), (0, 0, s, s), width=max(1, int(s * 0.012)), border_radius=radius
    )
    return _finish(big, (size, size))


# pawns and coins -------------------------------------------------------------------------------------------
def _shaded_fill(mask_surface: pygame.Surface, color: Color) -> pygame.Surface:
    """Fill the opaque area of ``mask_surface`` with ``color`` lit from the left (a cylinder-like
    horizontal gradient), keeping its alpha."""
    w, h = mask_surface.get_size()
    ramp = pygame.Surface((w, 1), pygame.SRCALPHA)
    for x in range(w):
        t = x / max(1, w - 1)
        light = 0.78 + 0.55 * math.cos((t - 0.32) * math.pi * 1.05)
        ramp.set_at(
            (x, 0), (*(shade(color, light) if light < 1 else shade(color, 1 + (light - 1) * 0.55)), 255)
        )
    gradient = pygame.transform.scale(ramp, (w, h))
    gradient.blit(mask_surface, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return gradient


def pawn(width: int, height: int, color: Color) -> pygame.Surface:
    """A piecepack pawn standing up: a round head on a slim neck over a flared, bell-shaped base,
    shaded like a turned wooden piece. The base's centre is at (width/2, height - width*0.12)."""
    w, h = width * SS, height * SS
    silhouette = pygame.Surface((w, h), pygame.SRCALPHA)
    white = (255, 255, 255, 255)
    cx = w / 2
    base_ry = w * 0.12
    base_y = h - base_ry - 1
    head_r = w * 0.25
    head_cy = head_r + 2
    neck_y = head_cy + head_r * 0.75
    # flared body: radius grows from the neck to the base along a concave curve
    left: list[tuple[float, float]] = []
    right: list[tuple[float, float]] = []
    steps = 40
    for i in range(steps + 1):
        t = i / steps
        y = neck_y + (base_y - neck_y) * t
        r = w * 0.085 + (w * 0.46 - w * 0.085) * t**2.4
        left.append((cx - r, y))
        right.append((cx + r, y))
    pygame.draw.polygon(silhouette, white, left + right[::-1])
    pygame.draw.ellipse(
        silhouette, white, pygame.Rect(cx - w * 0.46, base_y - base_ry, w * 0.92, base_ry * 2)
    )
    pygame.draw.circle(silhouette, white, (cx, head_cy), head_r)
    pygame.draw.ellipse(silhouette, white, pygame.Rect(cx - w * 0.17, neck_y - w * 0.05, w * 0.34, w * 0.1))
    body = _shaded_fill(silhouette, color)
    # darker rim ellipse at the foot, a collar, and highlights
    foot = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.ellipse(
        foot,
        (*shade(color, 0.55), 255),
        pygame.Rect(cx - w * 0.46, base_y - base_ry, w * 0.92, base_ry * 2),
        max(2, int(w * 0.025)),
    )
    pygame.draw.ellipse(
        foot,
        (*shade(color, 0.6), 200),
        pygame.Rect(cx - w * 0.17, neck_y - w * 0.05, w * 0.34, w * 0.1),
        max(1, int(w * 0.02)),
    )
    body.blit(foot, (0, 0))
    shine = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.circle(
        shine, (255, 255, 255, 110), (cx - head_r * 0.35, head_cy - head_r * 0.38), head_r * 0.32
    )
    pygame.draw.ellipse(
        shine,
        (255, 255, 255, 60),
        pygame.Rect(cx - w * 0.22, neck_y + (base_y - neck_y) * 0.45, w * 0.07, (base_y - neck_y) * 0.42),
    )
    body.blit(shine, (0, 0))
    outline = pygame.mask.from_surface(silhouette).outline()
    if len(outline) > 2:
        pygame.draw.lines(body, (*shade(color, 0.35), 255), True, outline, max(2, int(w * 0.018)))
    return _finish(body, (width, height))


def coin(diameter: int, color: Color, emblem: str = "wheat", thickness: float = 0.09) -> pygame.Surface:
    """A piecepack coin lying flat, seen slightly from the front: the edge shows below the face,
    a raised rim, a radial sheen and an emblem. Size: ``diameter`` × ``diameter * (1 + thickness)``."""
    d = diameter * SS
    th = int(d * thickness)
    big = pygame.Surface((d, d + th), pygame.SRCALPHA)
    r = d / 2
    c = (r, r)
    pygame.draw.circle(big, (*shade(color, 0.45), 255), (r, r + th), r)  # the edge
    pygame.draw.rect(big, (*shade(color, 0.45), 255), (0, r, d, th))
    pygame.draw.circle(big, (*shade(color, 0.55), 255), (r, r + th), r - 1)
    face = pygame.Surface((d, d), pygame.SRCALPHA)
    for i in range(24):  # radial sheen, lit from the upper left
        t = i / 23
        rr = r * (1 - t)
        col = mix(shade(color, 0.82), shade(color, 1.28), t)
        pygame.draw.circle(face, (*col, 255), (r - r * 0.28 * t, r - r * 0.32 * t), max(1, rr))
    mask = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), c, r)
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(face, (0, 0))
    pygame.draw.circle(big, (*shade(color, 0.5), 255), c, r, max(2, int(d * 0.03)))
    pygame.draw.circle(big, (*shade(color, 0.72), 255), c, r * 0.8, max(2, int(d * 0.025)))
    pygame.draw.circle(
        big,
        (*shade(color, 1.3), 150),
        (r - d * 0.01, r - d * 0.012),
        r * 0.8 - d * 0.02,
        max(1, int(d * 0.012)),
    )
    ink = (*shade(color, 0.42), 255)
    if emblem == "wheat":
        _wheat(big, (r, r), r * 0.52, ink)
    else:
        draw_suit(big, emblem, (r, r), r * 0.45, ink)
    return _finish(big, (diameter, diameter + max(1, th // SS)))


def _wheat(surface: pygame.Surface, center: tuple[float, float], size: float, color: tuple[int, ...]) -> None:
    """A sheaf of wheat: the farmers' emblem."""
    cx, cy = center
    width = max(2, int(size * 0.09))
    for dx, lean in ((-0.28, -0.28), (0.0, 0.0), (0.28, 0.28)):
        top = (cx + dx * size + lean * size * 0.4, cy - size * 0.95)
        bottom = (cx + dx * size * 0.3, cy + size * 0.95)
        pygame.draw.line(surface, color, top, bottom, width)
        for k in range(3):
            t = 0.12 + k * 0.18
            gx = top[0] + (bottom[0] - top[0]) * t
            gy = top[1] + (bottom[1] - top[1]) * t
            for side in (-1, 1):
                rect = pygame.Rect(0, 0, size * 0.2, size * 0.34)
                rect.center = (gx + side * size * 0.11, gy + size * 0.05)
                pygame.draw.ellipse(surface, color, rect)
        pygame.draw.ellipse(
            surface, color, pygame.Rect(top[0] - size * 0.08, top[1] - size * 0.16, size * 0.16, size * 0.3)
        )
    pygame.draw.line(
        surface,
        color,
        (cx - size * 0.35, cy + size * 0.35),
        (cx + size * 0.35, cy + size * 0.35),
        max(2, int(size * 0.12)),
    )


def ring(size: int, color: Color, ratio: float, width: float, alpha: int) -> pygame.Surface:
    """A thin circle (radius ``ratio`` × size, line ``width`` px) on a transparent square: the
    round highlights of pieces and chips (selection, threat, cursor)."""
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    c = size * SS / 2
    pygame.draw.circle(big, (*color, alpha), (c, c), size * SS * ratio, max(1, int(width * SS)))
    return _finish(big, (size, size))


def glow_ring(size: int, color: Color, width_ratio: float = 0.07, alpha: int = 220) -> pygame.Surface:
    """A rounded-square highlight frame for a tile (selection, hover, last move)."""
    s = size * SS
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    radius = int(s * 0.13)
    for i in range(4):
        a = int(alpha * (0.25 + 0.25 * i))
        inset = int(s * width_ratio * (1 - i / 4) * 0.6)
        pygame.draw.rect(
            big,
            (*color, a),
            (inset, inset, s - 2 * inset, s - 2 * inset),
            width=max(2, int(s * width_ratio * 0.5)),
            border_radius=radius,
        )
    return _finish(big, (size, size))


def tint(size: int, color: Color, alpha: int) -> pygame.Surface:
    """A rounded translucent wash over a tile (last-move and hover tint)."""
    s = size * SS
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.rect(big, (*color, alpha), (0, 0, s, s), border_radius=int(s * 0.12))
    return _finish(big, (size, size))
