"""The look shared by every screen: palette, background and text helpers.

Colours live here (and in assets/theme.json for pygame-gui widgets, kept in step by hand) so the
menus and the boards feel like one product: warm wood and parchment, ink-dark text, one accent.
"""

from __future__ import annotations

import pygame

from scenes.base import font

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


def vertical_gradient(size: tuple[int, int], top: tuple[int, int, int], bottom: tuple[int, int, int]) -> pygame.Surface:
    """A smooth top-to-bottom gradient; build once per resize, not per frame."""
    width, height = max(1, size[0]), max(1, size[1])
    column = pygame.Surface((1, height))
    for y in range(height):
        t = y / max(1, height - 1)
        column.set_at((0, y), tuple(round(a + (b - a) * t) for a, b in zip(top, bottom)))
    return pygame.transform.scale(column, (width, height))


_background_cache: dict[tuple[int, int], pygame.Surface] = {}


def background(size: tuple[int, int]) -> pygame.Surface:
    """The table-felt backdrop behind every screen, with a soft vignette, cached per size."""
    surface = _background_cache.get(size)
    if surface is None:
        surface = vertical_gradient(size, FELT, FELT_DARK)
        vignette = pygame.Surface(size, pygame.SRCALPHA)
        steps = 24
        for i in range(steps):
            alpha = int(70 * (1 - i / steps) ** 2)
            rect = pygame.Rect(0, 0, size[0], size[1]).inflate(-i * size[0] // 40, -i * size[1] // 40)
            pygame.draw.rect(vignette, (0, 0, 0, alpha), rect, width=max(1, size[0] // 80))
        surface.blit(vignette, (0, 0))
        _background_cache.clear()
        _background_cache[size] = surface
    return surface


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
    """Blit one line of text anchored at ``pos`` (any pygame.Rect anchor name); returns its rect."""
    label = font(size, bold).render(content, True, color)
    rect = label.get_rect(**{anchor: pos})
    if shadow:
        shade = font(size, bold).render(content, True, (0, 0, 0))
        shade.set_alpha(110)
        surface.blit(shade, rect.move(1, 2))
    surface.blit(label, rect)
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int] = PARCHMENT,
          radius: int = 12, border: tuple[int, int, int] | None = WOOD, shadow: bool = True) -> None:
    """A rounded card with a soft drop shadow: the container for side panels and banners."""
    if shadow:
        shade = pygame.Surface((rect.width + 12, rect.height + 12), pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect().inflate(-6, -6).move(3, 5), border_radius=radius + 2)
        surface.blit(shade, (rect.x - 6, rect.y - 6))
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width=2, border_radius=radius)
