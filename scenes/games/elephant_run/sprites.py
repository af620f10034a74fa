"""Elephant Run's pictures: tiles, holes, the elephant pawn, farmer coins, highlights and marks.

Pure surface makers of a tile size (and colours) only, with no view state, so they can be cached:
drawing a set at several times its size and smooth-scaling it down is far too slow for every frame,
and a window resized back to an earlier size should not pay for it again. Callers must treat the
returned surfaces as read-only (they are shared between views and frames).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import pygame

from scenes.games.elephant_run.palette import BED, ELEPHANT_COLOR, FARMER_COLOR, HOVER, LAST_MOVE
from scenes.kit import sprites as kit
from scenes.kit import style
from scenes.kit.cache import surface_cache

Color = tuple[int, int, int]


@surface_cache
def board_sprites(s: int) -> Mapping[str, pygame.Surface]:
    """Every sprite the board draws for tiles of ``s`` pixels, by name (read-only: shared)."""
    sp: dict[str, pygame.Surface] = {}
    for suit in kit.SUITS:
        sp[f"tile-{suit}"] = kit.tile(s, suit)
    sp["hole"] = kit.hole(s, BED)
    sp["tile-shadow"] = kit.soft_shadow((s, s), int(s * 0.12), 110, max(3, s // 14))
    pawn_w, pawn_h = int(s * 0.62), int(s * 0.9)
    sp["pawn"] = kit.pawn(pawn_w, pawn_h, ELEPHANT_COLOR)
    sp["pawn-shadow"] = kit.ellipse_shadow(int(s * 0.6), int(s * 0.2), 120)
    coin_d = int(s * 0.62)
    sp["coin"] = kit.coin(coin_d, FARMER_COLOR)
    sp["coin-shadow"] = kit.ellipse_shadow(int(coin_d * 0.96), int(coin_d * 0.5), 110)
    # the faint piece that follows the mouse at setup: where it will stand before the click
    sp["coin-ghost"] = sp["coin"].copy()
    sp["coin-ghost"].set_alpha(110)
    sp["pawn-ghost"] = sp["pawn"].copy()
    sp["pawn-ghost"].set_alpha(110)
    mini = int(s * 0.62)
    sp["mini-tile"] = kit.tile(mini, None, grid=False)
    sp["mini-coin"] = kit.coin(int(s * 0.46), FARMER_COLOR)
    sp["glow-select"] = kit.glow_ring(s, style.ACCENT_LIGHT, 0.09, 255)
    sp["glow-hover"] = kit.tint(s, HOVER, 48)
    sp["last"] = kit.tint(s, LAST_MOVE, 70)
    sp["last-ring"] = kit.glow_ring(s, LAST_MOVE, 0.05, 150)
    return MappingProxyType(sp)


@surface_cache
def mark_sprite(s: int, kind: str, color: Color, hovered: bool) -> pygame.Surface:
    """One destination mark on a transparent tile-sized square: dot = step, ring = jump, diamond =
    run, double ring = compound. Shapes differ, not just colours, so they read for everyone; a
    hovered mark grows a little and gets stronger."""
    grow = 1.15 if hovered else 1.0
    overlay = pygame.Surface((s, s), pygame.SRCALPHA)
    mid = (s // 2, s // 2)
    alpha = 230 if hovered else 190
    # a wash over the whole tile says "you can go here" at a glance, before the shape says how
    wash = overlay.get_rect().inflate(-max(4, s // 12), -max(4, s // 12))
    pygame.draw.rect(overlay, (*color, 70 if hovered else 48), wash, border_radius=max(4, s // 9))
    pygame.draw.rect(overlay, (*color, 150), wash, width=2, border_radius=max(4, s // 9))
    if kind == "step":
        pygame.draw.circle(overlay, (*color, alpha), mid, int(s * 0.16 * grow))
        pygame.draw.circle(overlay, (255, 255, 255, 200), mid, int(s * 0.16 * grow), 3)
    elif kind == "jump":
        pygame.draw.circle(overlay, (*color, alpha), mid, int(s * 0.33 * grow), max(3, s // 14))
    elif kind == "run":
        r = s * 0.2 * grow
        points = [(mid[0], mid[1] - r), (mid[0] + r, mid[1]), (mid[0], mid[1] + r), (mid[0] - r, mid[1])]
        pygame.draw.polygon(overlay, (*color, alpha), points)
        pygame.draw.polygon(overlay, (255, 255, 255, 160), points, 2)
    else:
        pygame.draw.circle(overlay, (*color, alpha), mid, int(s * 0.3 * grow), max(2, s // 20))
        pygame.draw.circle(overlay, (*color, alpha), mid, int(s * 0.12 * grow))
    return overlay


def elephant_token(size: int) -> pygame.Surface:
    """The elephant's pawn for the side panel's cards and banner (``size`` pixels tall)."""
    return kit.pawn(int(size * 0.66), size, ELEPHANT_COLOR)


def farmer_token(size: int) -> pygame.Surface:
    """A farmer coin for the side panel (the base view caches it per player and size)."""
    return kit.coin(int(size * 0.9), FARMER_COLOR)
