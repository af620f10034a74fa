"""Epaminondas's pictures: stones, destination marks and square highlights.

Pure surface makers of a size (and colours) only, with no view state, so they can be cached: they are
drawn at several times their size and smooth-scaled down, far too slow for every frame, and a window
resized back to an earlier size should not pay for them again. Callers must treat the returned
surfaces as read-only (they are shared between views and frames).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import pygame

from scenes.games.epaminondas.palette import (
    LAST_MOVE,
    MARK_CAPTURE,
    MARK_CROSS,
    MARK_MOVE,
    PHALANX,
    STONE_BLACK,
    STONE_WHITE,
    THREAT,
    Color,
)
from scenes.kit import sprites as kit
from scenes.kit import style
from scenes.kit.cache import surface_cache


@surface_cache
def stone_sprite(diameter: int, color: Color) -> pygame.Surface:
    """A flat round stone lit from the top left: a radial shade toward the light, a soft specular
    spot and a thin darker rim, so both colours read on light and dark squares alike."""
    ss = kit.SS
    big = max(2, diameter * ss)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    dark = sum(color) < 300
    c = big / 2
    r = big / 2 - ss
    edge = kit.shade(color, 0.45 if dark else 0.72)
    core = kit.shade(color, 1.55) if dark else kit.shade(color, 1.6)
    steps = 30
    for i in range(steps):
        t = i / (steps - 1)
        rr = r * (1 - t * 0.9)
        cx, cy = c - r * 0.26 * t, c - r * 0.3 * t
        pygame.draw.circle(surface, (*kit.mix(edge, core, t**1.4), 255), (cx, cy), rr)
    shine = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.ellipse(
        shine,
        (255, 255, 255, 90 if dark else 150),
        pygame.Rect(c - r * 0.62, c - r * 0.7, r * 0.7, r * 0.42),
    )
    surface.blit(shine, (0, 0))
    rim = kit.shade(color, 0.25 if dark else 0.5)
    pygame.draw.circle(surface, (*rim, 255), (c, c), r, max(2, int(big * 0.03)))
    return pygame.transform.smoothscale(surface, (diameter, diameter))


def mark_sprite(s: int, color: Color, ring: bool) -> pygame.Surface:
    """Destination marks differ in shape, not only colour: a dot for a move, a thick ring for
    a capture (it sits on the enemy stone, whose colour shows through)."""
    ss = kit.SS
    big = pygame.Surface((s * ss, s * ss), pygame.SRCALPHA)
    c = s * ss / 2
    if ring:
        pygame.draw.circle(big, (*color, 235), (c, c), s * ss * 0.46, max(3, int(s * ss * 0.09)))
        pygame.draw.circle(big, (255, 255, 255, 150), (c, c), s * ss * 0.36, max(1, ss))
    else:
        pygame.draw.circle(big, (0, 0, 0, 70), (c + ss, c + 2 * ss), s * ss * 0.15)
        pygame.draw.circle(big, (*color, 235), (c, c), s * ss * 0.15)
        pygame.draw.circle(big, (255, 255, 255, 190), (c, c), s * ss * 0.15, max(2, ss))
    return pygame.transform.smoothscale(big, (s, s))


@surface_cache
def board_sprites(s: int) -> Mapping[str, pygame.Surface]:
    """Every sprite the board draws for squares of ``s`` pixels, by name (read-only: shared)."""
    d = max(6, int(s * 0.84))
    sp: dict[str, pygame.Surface] = {
        "stone-white": stone_sprite(d, STONE_WHITE),
        "stone-black": stone_sprite(d, STONE_BLACK),
        "shadow": kit.soft_shadow((d, d), d // 2, 120, max(2, s // 14)),
        "last": kit.tint(s, LAST_MOVE, 84),
        "hover": kit.tint(s, (255, 255, 255), 60),
        "select": kit.glow_ring(s, style.ACCENT_LIGHT, 0.1, 255),
    }
    for color in ("white", "black"):  # where the hovered move's group would stand
        ghost = sp[f"stone-{color}"].copy()
        ghost.set_alpha(120)
        sp[f"ghost-{color}"] = ghost
    sp["mark-move"] = mark_sprite(s, MARK_MOVE, ring=False)
    sp["mark-cross"] = mark_sprite(s, MARK_CROSS, ring=False)
    sp["mark-capture"] = mark_sprite(s, MARK_CAPTURE, ring=True)
    sp["doomed"] = kit.tint(s, MARK_CAPTURE, 90)
    sp["member"] = kit.ring(s, PHALANX, 0.45, max(2, s // 18), 200)
    sp["threat"] = kit.ring(s, THREAT, 0.47, max(2, s // 14), 235)
    return MappingProxyType(sp)
