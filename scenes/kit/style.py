"""The look shared by every screen: palette, background and text helpers.

Colours live here (and in assets/theme.json for pygame-gui widgets, kept in step by hand) so the
menus and the boards feel like one product: warm wood and parchment, ink-dark text, one accent.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from scenes.kit.cache import SurfaceCache, surface_cache
from scenes.kit.fonts import font
from scenes.kit.text import cut_to_width, safe_text, wrap_lines

# palette -------------------------------------------------------------------------------------------
INK = (43, 33, 27)
INK_SOFT = (92, 76, 64)
PARCHMENT = (244, 236, 219)
PARCHMENT_DARK = (226, 213, 188)
WOOD_DARK = (58, 40, 30)
WOOD = (104, 72, 50)
WOOD_LIGHT = (150, 108, 74)
FELT = (38, 74, 62)
FELT_DARK = (27, 54, 46)
ACCENT = (214, 146, 52)
ACCENT_LIGHT = (240, 190, 100)
GOOD = (92, 160, 96)
BAD = (196, 72, 58)
WHITE = (250, 248, 242)
SHADOW = (0, 0, 0, 90)


GRADIENT_STEPS = 256
"""Rows a gradient is computed with before it is stretched: more than 8-bit colour can tell apart."""


def vertical_gradient(
    size: tuple[int, int], top: tuple[int, int, int], bottom: tuple[int, int, int]
) -> pygame.Surface:
    """A smooth top-to-bottom gradient; build once per resize, not per frame. Computed on a short
    column and smooth-scaled, so its cost hardly depends on the window's height."""
    width, height = max(1, size[0]), max(1, size[1])
    steps = max(2, min(height, GRADIENT_STEPS))
    column = _gradient_column(steps, tuple(top), tuple(bottom))
    if steps == height:
        return pygame.transform.scale(column, (width, height))
    tall = pygame.transform.smoothscale(column, (1, height))
    return pygame.transform.scale(tall, (width, height))


@lru_cache(maxsize=64)
def _gradient_column(steps: int, top: tuple[int, ...], bottom: tuple[int, ...]) -> pygame.Surface:
    """The gradient's colours on a one-pixel column (only ever scaled, never drawn on): the same few
    colour pairs come back at every resize, for the backdrop, the panels and the pieces."""
    column = pygame.Surface((1, steps))
    for y in range(steps):
        t = y / (steps - 1)
        column.set_at((0, y), tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)))
    return column


@surface_cache
def _backdrop_miniature() -> pygame.Surface:
    """The backdrop at a small size: the felt gradient with a radial vignette computed on a small
    grid. Smooth-scaled to the window it has no visible bands, and a resize costs one scaling."""
    grid_w, grid_h = 48, 30
    small = pygame.Surface((grid_w, grid_h), pygame.SRCALPHA)
    for y in range(grid_h):
        for x in range(grid_w):
            dx = (x + 0.5) / grid_w * 2 - 1
            dy = (y + 0.5) / grid_h * 2 - 1
            edge = min(1.0, (dx * dx + dy * dy) / 2) ** 1.6
            small.set_at((x, y), (0, 0, 0, int(120 * edge)))
    miniature = vertical_gradient((192, 120), FELT, FELT_DARK)
    miniature.blit(pygame.transform.smoothscale(small, miniature.get_size()), (0, 0))
    return miniature


_backdrop: tuple[tuple[int, int], pygame.Surface] | None = None


def background(size: tuple[int, int]) -> pygame.Surface:
    """The table-felt backdrop behind every screen, with a soft vignette, for one size at a time.

    Not in the shared surface cache: a backdrop is a whole window of pixels (13 MB at 2160x1620),
    and the byte budget kept two or three sizes the window had passed through for nothing."""
    global _backdrop
    size = (max(1, size[0]), max(1, size[1]))
    if _backdrop is None or _backdrop[0] != size:
        _backdrop = None  # the old size's pixels go before the new ones are made
        _backdrop = (size, pygame.transform.smoothscale(_backdrop_miniature(), size))
    return _backdrop[1]


def text(
    surface: pygame.Surface,
    content: str,
    pos: tuple[int, int],
    size: int = 20,
    color: tuple[int, int, int] = INK,
    bold: bool = False,
    anchor: str = "topleft",
    shadow: bool = False,
) -> pygame.Rect:
    """Blit one line of text anchored at ``pos`` (any pygame.Rect anchor name); returns its rect.
    Both the text and its shadow come from caches: screens call this every frame."""
    label = text_surface(content, size, color, bold)
    rect = label.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(_shadow_surface(content, size, bold), rect.move(1, 2))
    surface.blit(label, rect)
    return rect


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: tuple[int, int, int] = PARCHMENT,
    radius: int = 12,
    border: tuple[int, int, int] | None = WOOD,
    shadow: bool = True,
) -> None:
    """A rounded card with a soft drop shadow: the container for side panels and banners."""
    if shadow:
        surface.blit(_panel_shadow(rect.width, rect.height, radius), (rect.x - 6, rect.y - 6))
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width=2, border_radius=radius)


# -- shell helpers (menus, cards, ornaments) --------------------------------------------------------
ARMS_BLUE = (64, 98, 150)
SUIT_COLOURS: dict[str, tuple[int, int, int]] = {
    "suns": (206, 92, 48),
    "moons": INK,
    "crowns": (70, 130, 76),
    "arms": ARMS_BLUE,
}
"""Piecepack's four suits; the menu's ornaments use them so the shell shares the boards' vocabulary."""

SUITS: tuple[str, ...] = tuple(SUIT_COLOURS)

EMBLEM_COLOURS: dict[str, tuple[int, int, int]] = SUIT_COLOURS | {"scales": (128, 78, 138)}
"""The games' emblems: the four suits and a fifth of our own, a see-saw, so five games never share
one (piecepack has only four suits)."""
EMBLEMS: tuple[str, ...] = tuple(EMBLEM_COLOURS)


def wrap(content: str, size: int, width: int, bold: bool = False, max_lines: int | None = None) -> list[str]:
    """:func:`scenes.kit.text.wrap_lines` for ``font(size, bold)``."""
    return wrap_lines(content, font(size, bold), width, max_lines)


def text_block(
    surface: pygame.Surface,
    lines: list[str],
    pos: tuple[int, int],
    size: int,
    color: tuple[int, int, int] = INK,
    bold: bool = False,
    spacing: float = 1.3,
    anchor: str = "topleft",
) -> int:
    """Blit pre-wrapped ``lines`` one under the other; returns the y just below the block."""
    x, y = pos
    step = round(font(size, bold).get_linesize() * spacing * 0.8)
    for line in lines:
        rect = text(surface, line, (x, y), size, color, bold, anchor=anchor)
        y = rect.top + step if anchor.startswith("top") else y + step
    return y


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far: the backdrop behind overlays and modal panels.

    The same as laying a sheet of :data:`DIM_INK` at ``alpha`` over the window, done as two fills
    in place (scale every pixel, then add the ink's share) rather than by blitting a translucent
    sheet: a sheet is a whole window of pixels, kept for every size and strength the window passed
    through (four of them took 35 MB during a storm of resizes)."""
    alpha = max(0, min(255, alpha))
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    surface.fill(tuple(channel * alpha // 255 for channel in DIM_INK), special_flags=pygame.BLEND_RGB_ADD)


DIM_INK = (12, 10, 8)
"""The near-black, slightly warm colour :func:`dim` darkens towards."""


@surface_cache
def _panel_shadow(width: int, height: int, radius: int) -> pygame.Surface:
    """The soft drop shadow under a :func:`panel` of this size (drawn once per size)."""
    shade = pygame.Surface((width + 12, height + 12), pygame.SRCALPHA)
    shape = shade.get_rect().inflate(-6, -6).move(3, 5)
    pygame.draw.rect(shade, (0, 0, 0, 70), shape, border_radius=radius + 2)
    return shade


def suit_symbol(
    surface: pygame.Surface,
    suit: str,
    center: tuple[int, int],
    radius: int,
    color: tuple[int, int, int] | None = None,
) -> None:
    """A piecepack suit drawn with primitives (no font glyphs needed): suns, moons, crowns, arms,
    and the fifth emblem, scales (a see-saw with a triangle and a circle on its beam)."""
    import math

    cx, cy = center
    r = max(3, radius)
    col = color or EMBLEM_COLOURS.get(suit, INK)
    if suit == "scales":
        _scales(surface, center, r, col)
    elif suit == "suns":
        for i in range(12):
            a = i * math.pi / 6
            inner, outer = r * 0.62, r * (1.0 if i % 2 == 0 else 0.85)
            pygame.draw.line(
                surface,
                col,
                (cx + inner * math.cos(a), cy + inner * math.sin(a)),
                (cx + outer * math.cos(a), cy + outer * math.sin(a)),
                max(1, r // 6),
            )
        pygame.draw.circle(surface, col, center, round(r * 0.5))
    elif suit == "moons":
        size = r * 2 + 2
        moon = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(moon, col, (size // 2, size // 2), r)
        pygame.draw.circle(
            moon, (0, 0, 0, 0), (size // 2 + round(r * 0.45), size // 2 - round(r * 0.25)), round(r * 0.85)
        )
        surface.blit(moon, (cx - size // 2, cy - size // 2))
    elif suit == "crowns":
        w, h = r * 1.8, r * 1.3
        left, top = cx - w / 2, cy - h / 2
        points = [
            (left, top + h),
            (left, top + h * 0.25),
            (left + w * 0.27, top + h * 0.6),
            (cx, top),
            (left + w * 0.73, top + h * 0.6),
            (left + w, top + h * 0.25),
            (left + w, top + h),
        ]
        pygame.draw.polygon(surface, col, points)
        for px, py in (points[1], points[3], points[5]):
            pygame.draw.circle(surface, col, (round(px), round(py)), max(2, r // 5))
    else:  # arms: a fleur-de-lis-like trident
        stem = max(2, r // 3)
        pygame.draw.rect(surface, col, (cx - stem // 2, cy - r * 0.4, stem, r * 1.35))
        tip = [(cx, cy - r), (cx - r * 0.32, cy - r * 0.35), (cx + r * 0.32, cy - r * 0.35)]
        pygame.draw.polygon(surface, col, tip)
        for side in (-1, 1):
            petal = [
                (cx + side * r * 0.95, cy - r * 0.7),
                (cx + side * r * 0.25, cy + r * 0.05),
                (cx + side * r * 0.55, cy + r * 0.1),
            ]
            pygame.draw.polygon(surface, col, petal)
        band = (cx - r * 0.6, cy + r * 0.12, r * 1.2, max(2, r // 4))
        pygame.draw.rect(surface, col, band, border_radius=2)


def _scales(surface: pygame.Surface, center: tuple[int, int], r: int, col: tuple[int, int, int]) -> None:
    """A fulcrum under a tilted beam, a triangle riding high on the left and a circle low on the
    right: the emblem of a game of Triangles and Circles on a see-saw."""
    cx, cy = center
    pygame.draw.polygon(
        surface, col, [(cx, cy + r * 0.1), (cx - r * 0.38, cy + r * 0.8), (cx + r * 0.38, cy + r * 0.8)]
    )
    pygame.draw.line(surface, col, (cx - r, cy - r * 0.05), (cx + r, cy + r * 0.25), max(2, r // 4))
    pygame.draw.polygon(
        surface,
        col,
        [(cx - r * 0.9, cy - r * 0.1), (cx - r * 0.3, cy - r * 0.1), (cx - r * 0.6, cy - r * 0.65)],
    )
    pygame.draw.circle(surface, col, (round(cx + r * 0.6), round(cy - r * 0.19)), max(2, round(r * 0.28)))


def piecepack_tile(
    surface: pygame.Surface,
    center: tuple[int, int],
    size: int,
    suit: str,
    angle: float = 0.0,
    face: tuple[int, int, int] = PARCHMENT,
) -> None:
    """A small piecepack tile (rounded square, 2×2 grid lines, suit in the middle): the shell's ornament."""
    pad = size // 3
    tile = pygame.Surface((size + pad * 2, size + pad * 2), pygame.SRCALPHA)
    rect = pygame.Rect(pad, pad, size, size)
    pygame.draw.rect(tile, (0, 0, 0, 80), rect.move(2, 4), border_radius=max(3, size // 7))
    pygame.draw.rect(tile, face, rect, border_radius=max(3, size // 7))
    pygame.draw.rect(tile, WOOD, rect, width=max(1, size // 24), border_radius=max(3, size // 7))
    line = PARCHMENT_DARK if face == PARCHMENT else WOOD_LIGHT
    pygame.draw.line(tile, line, (rect.centerx, rect.top + 4), (rect.centerx, rect.bottom - 5), 1)
    pygame.draw.line(tile, line, (rect.left + 4, rect.centery), (rect.right - 5, rect.centery), 1)
    pygame.draw.circle(tile, face, rect.center, round(size * 0.36))
    suit_symbol(tile, suit, rect.center, round(size * 0.28))
    if angle:
        tile = pygame.transform.rotozoom(tile, angle, 1.0)
    surface.blit(tile, tile.get_rect(center=center))


def piecepack_coin(surface: pygame.Surface, center: tuple[int, int], radius: int, suit: str) -> None:
    """A round piecepack coin with its suit: a second ornament for cards and banners."""
    pygame.draw.circle(surface, (0, 0, 0, 80), (center[0] + 1, center[1] + 3), radius)
    pygame.draw.circle(surface, PARCHMENT, center, radius)
    pygame.draw.circle(surface, WOOD, center, radius, max(1, radius // 9))
    suit_symbol(surface, suit, center, round(radius * 0.6))


def flourish(
    surface: pygame.Surface, center: tuple[int, int], width: int, color: tuple[int, int, int] = ACCENT_LIGHT
) -> None:
    """A thin rule with a diamond in the middle, used under headings."""
    cx, cy = center
    half = width // 2
    pygame.draw.line(surface, color, (cx - half, cy), (cx - 12, cy), 2)
    pygame.draw.line(surface, color, (cx + 12, cy), (cx + half, cy), 2)
    pygame.draw.polygon(surface, color, [(cx, cy - 6), (cx + 7, cy), (cx, cy + 6), (cx - 7, cy)])
    for side in (-1, 1):
        pygame.draw.circle(surface, color, (cx + side * (half + 5), cy), 3)


_text_cache = SurfaceCache("style.text")
"""Rendered lines by (text, size, colour, bold), in the shared byte-bounded surface cache."""


def text_surface(content: str, size: int, color: tuple[int, ...] = INK, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached: scenes redraw every frame and font rendering is the costly
    part, while the texts themselves rarely change. Any text can be drawn: it is made safe first
    (:func:`scenes.kit.text.safe_text`), so a NUL or a lone surrogate from a file never raises."""
    content = safe_text(content)
    key = (content, size, tuple(color), bold)
    label = _text_cache.get(key)
    if label is None:
        label = _text_cache.put(key, font(size, bold).render(content, True, color))
    return label


def _shadow_surface(content: str, size: int, bold: bool) -> pygame.Surface:
    """The translucent black copy of a line that :func:`text` lays under it (its own cache entry,
    since the alpha is set on the surface itself)."""
    content = safe_text(content)
    key = (content, size, (0, 0, 0, 110), bold)
    shade = _text_cache.get(key)
    if shade is None:
        shade = font(size, bold).render(content, True, (0, 0, 0))
        shade.set_alpha(110)
        _text_cache.put(key, shade)
    return shade


SMALLEST_TEXT = 12
"""No text is set smaller than this (issue #14: legible at 1024x640)."""


def size_to_fit(
    content: str, size: int, width: int, bold: bool = False, smallest: int = SMALLEST_TEXT
) -> int:
    """The largest size from ``size`` down to ``smallest`` at which ``content`` fits ``width``
    pixels (``smallest`` when none does; :func:`fit_text` then cuts it): a short word in a narrow
    place is set a little smaller rather than cut."""
    for candidate in range(size, smallest - 1, -1):
        if font(candidate, bold).size(content)[0] <= width:
            return candidate
    return min(size, smallest)


def fit_text(content: str, size: int, width: int, bold: bool = False) -> str:
    """``content`` shortened with an ellipsis so it renders within ``width`` pixels (made safe to
    draw first; a binary search, so even a 100,000-character name costs a dozen measurements)."""
    return _fit_text(safe_text(content), size, width, bold)


@lru_cache(maxsize=2048)
def _fit_text(content: str, size: int, width: int, bold: bool) -> str:
    return cut_to_width(content, font(size, bold), width)


def game_suit(game_id: str) -> str:
    """A stable emblem per game for its ornaments (the register order decides, one of
    :data:`EMBLEMS` each, so five games have five); unknown ids (a damaged save) still get a stable
    one."""
    from game.register import all_games

    try:
        ids = [g.id for g in all_games()]
    except Exception:
        ids = []
    index = ids.index(game_id) if game_id in ids else sum(map(ord, game_id))
    return EMBLEMS[index % len(EMBLEMS)]
