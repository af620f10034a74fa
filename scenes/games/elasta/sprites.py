"""Elasta's pictures: chips, deletion tokens, recesses, sticks and pegs, drawn in code.

Every maker is a pure function of sizes and colours, cached, so a resize back to a size already seen
(or the side panel asking for a player's token every frame) costs a dictionary look-up, not a redraw
at three times the size. Callers never draw on what they get: a faded or squashed chip is a copy.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

import pygame

from scenes.games.elasta.palette import (
    BLACK,
    BLACK_LAND,
    CHIP_STYLE,
    FILE_LETTERS,
    GLOW,
    LABEL,
    PEG,
    PLAYERS,
    RAIL,
    STICK,
    WHITE_LAND,
    Color,
    N,
)
from scenes.kit import sprites as kit
from scenes.kit import style
from scenes.kit.fonts import font

Sprites = Mapping[str, pygame.Surface]
"""A size's whole set of pictures by name ("chip-white-3", "token-none", "peg"...), read-only."""


@lru_cache(maxsize=256)
@kit.drawn_once
def chip_sprite(diameter: int, side: str, number: int | None) -> pygame.Surface:
    """A poker-style chip: a rim with eight inlaid marks, a sheen, and the number (or, face down,
    the band emblem). White's are ivory with crimson marks, Black's ebony with gold, so the two rows
    never mix up even at a glance; the number is large enough to read at 1024 x 640."""
    base, mark, ink = CHIP_STYLE[side]
    ss = kit.SS
    big = max(6, diameter * ss)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    r = big / 2 - ss
    dark = side == BLACK
    pygame.draw.circle(surface, (*kit.shade(base, 0.55 if not dark else 0.6), 255), (c, c), r)
    pygame.draw.circle(surface, (*base, 255), (c, c - ss), r - ss)
    for i in range(8):  # edge marks
        a0 = math.radians(i * 45 + 22.5 - 9)
        a1 = math.radians(i * 45 + 22.5 + 9)
        outer, inner = r * 0.97, r * 0.74
        pts = [
            (c + math.cos(a0) * inner, c - ss + math.sin(a0) * inner),
            (c + math.cos(a0) * outer, c - ss + math.sin(a0) * outer),
            (c + math.cos(a1) * outer, c - ss + math.sin(a1) * outer),
            (c + math.cos(a1) * inner, c - ss + math.sin(a1) * inner),
        ]
        pygame.draw.polygon(surface, (*mark, 255), pts)
    face = r * 0.7
    steps = 18
    for i in range(steps):  # the inner face, lit from the upper left
        t = i / (steps - 1)
        col = kit.mix(kit.shade(base, 0.9 if not dark else 0.85), kit.shade(base, 1.12), t)
        pygame.draw.circle(
            surface, (*col, 255), (c - face * 0.12 * t, c - ss - face * 0.14 * t), face * (1 - 0.7 * t)
        )
    pygame.draw.circle(surface, (*mark, 255), (c, c - ss), face, max(2, int(big * 0.025)))
    if number is not None:
        label = font(int(big * 0.5), True).render(str(number), True, ink)
        surface.blit(label, label.get_rect(center=(c, c - ss + big * 0.01)))
    else:  # face down: the band emblem, a little wave between two pegs
        pts = [
            (c - face * 0.62 + face * 1.24 * k / 24, c - ss + math.sin(k / 24 * math.pi * 2) * face * 0.28)
            for k in range(25)
        ]
        pygame.draw.lines(surface, (*mark, 255), False, pts, max(3, int(big * 0.05)))
        for end in (pts[0], pts[-1]):
            pygame.draw.circle(surface, (*mark, 255), end, big * 0.045)
    _shine(surface, (255, 255, 255, 60 if dark else 110), (c - r * 0.7, c - r * 0.85, r * 0.8, r * 0.45))
    return pygame.transform.smoothscale(surface, (diameter, diameter))


@lru_cache(maxsize=32)
def token_sprite(diameter: int, owner: str | None) -> pygame.Surface:
    """A deletion token: a thick bevelled disc with a carved cross, in its owner's chip colours
    (neutral bronze when the owner is unknown), so a dead square reads as "blocked" at once."""
    if owner is not None and owner in CHIP_STYLE:
        base, mark, _ = CHIP_STYLE[owner]
    else:
        base, mark = (150, 118, 74), (74, 52, 34)
    ss = kit.SS
    big = max(6, diameter * ss)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    r = big / 2 - ss
    pygame.draw.circle(surface, (*kit.shade(base, 0.5), 255), (c, c + ss), r)
    pygame.draw.circle(surface, (*kit.shade(base, 0.85), 255), (c, c - ss), r - ss)
    pygame.draw.circle(surface, (*base, 255), (c, c - ss), r * 0.8)
    arm = r * 0.42
    width = max(3, int(big * 0.1))
    for dx in (-1, 1):
        pygame.draw.line(
            surface, (*mark, 255), (c - arm, c - ss - arm * dx), (c + arm, c - ss + arm * dx), width
        )
    _shine(surface, (255, 255, 255, 70), (c - r * 0.6, c - r * 0.8, r * 0.7, r * 0.35))
    return pygame.transform.smoothscale(surface, (diameter, diameter))


def _shine(surface: pygame.Surface, color: tuple[int, int, int, int], oval: tuple[float, ...]) -> None:
    """The soft highlight on a chip or token: drawn on its own layer and blended, because drawing a
    translucent ellipse straight onto the piece would replace its pixels instead of lighting them."""
    shine = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.ellipse(shine, color, oval)
    surface.blit(shine, (0, 0))


@lru_cache(maxsize=16)
def disc(size: int, color: Color, alpha: int) -> pygame.Surface:
    """A flat translucent disc (the shade over a chip that lost its file)."""
    ss = kit.SS
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    pygame.draw.circle(big, (*color, alpha), (size * ss / 2, size * ss / 2), size * ss / 2 - ss)
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=128)
def recess(size: int, bed: Color, label: str, label_color: Color) -> pygame.Surface:
    """A round hollow in the wood with an inner shadow and an engraved label (file letter or chip
    number): where a chip belongs when it is not there."""
    ss = kit.SS
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    c = size * ss / 2
    r = c - ss
    pygame.draw.circle(big, (*kit.shade(bed, 1.35), 255), (c, c + ss), r)
    pygame.draw.circle(big, (*kit.shade(bed, 0.7), 255), (c, c), r - ss)
    for i in range(5):
        pygame.draw.circle(
            big, (*kit.shade(bed, 0.74 + 0.05 * i), 255), (c, c + ss * (i + 1)), r * (0.93 - 0.02 * i)
        )
    if label:
        text = font(int(size * ss * 0.42), True).render(label, True, label_color)
        text.set_alpha(150)
        big.blit(text, text.get_rect(center=(c, c + ss * 2)))
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=16)
def stick(width: int, height: int) -> pygame.Surface:
    """One stick of the Battle Line: a turned wooden rod lying across its file."""
    ss = kit.SS
    w, h = max(4, width * ss), max(3, height * ss)
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    rows = max(2, h)
    for y in range(rows):
        t = y / (rows - 1)
        light = 1.35 - 0.75 * abs(t - 0.3) * 1.6
        col = kit.shade(STICK, light) if light >= 1 else kit.shade(STICK, max(0.35, light))
        pygame.draw.line(big, (*col, 255), (h / 2, y), (w - h / 2, y))
    for x in (h / 2, w - h / 2):
        pygame.draw.circle(big, (*kit.shade(STICK, 0.85), 255), (x, h / 2), h / 2)
    pygame.draw.rect(big, (*kit.shade(STICK, 0.45), 255), (0, 0, w, h), max(1, ss), border_radius=h // 2)
    return pygame.transform.smoothscale(big, (max(2, width), max(2, height)))


@lru_cache(maxsize=16)
def peg(diameter: int) -> pygame.Surface:
    """The brass peg at each stick's centre that the band wraps around."""
    ss = kit.SS
    big = max(6, diameter * ss)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    r = c - ss
    pygame.draw.circle(surface, (*kit.shade(PEG, 0.45), 255), (c, c + ss), r)
    for i in range(12):
        t = i / 11
        pygame.draw.circle(
            surface,
            (*kit.mix(kit.shade(PEG, 0.8), kit.shade(PEG, 1.5), t), 255),
            (c - r * 0.25 * t, c - r * 0.3 * t),
            r * (1 - 0.75 * t) - ss,
        )
    return pygame.transform.smoothscale(surface, (diameter, diameter))


def _land(s: int, color: Color, alpha: int) -> pygame.Surface:
    """One file's territory tint, a whole board high: the painter shows only the part up to the stick."""
    land = pygame.Surface((s, N * s), pygame.SRCALPHA)
    land.fill((*color, alpha))
    return land


def _hatch(s: int) -> pygame.Surface:
    """The diagonal hatching under a deletion token: the square is out of play even where the token
    leaves it visible."""
    hatch = pygame.Surface((s, s), pygame.SRCALPHA)
    hatch.fill((40, 28, 20, 70))
    step = max(4, s // 7)
    for k in range(-s, s, step):
        pygame.draw.line(hatch, (40, 28, 20, 60), (k, s), (k + s, 0), 2)
    return hatch


@lru_cache(maxsize=4)
def sprite_set(s: int) -> Sprites:
    """Every picture the table needs at square size ``s``, built once per size (never per frame)."""
    chip = max(8, round(s * 0.8))
    token = max(8, round(s * 0.7))
    sp: dict[str, pygame.Surface] = {}
    for side in PLAYERS:
        for number in range(N):
            sp[f"chip-{side}-{number}"] = chip_sprite(chip, side, number)
        sp[f"chip-{side}-back"] = chip_sprite(chip, side, None)
        sp[f"token-{side}"] = token_sprite(token, side)
    sp["token-none"] = token_sprite(token, None)
    sp["shadow"] = kit.ellipse_shadow(chip, max(4, chip // 3), 120)
    sp["shadow-lifted"] = kit.ellipse_shadow(round(chip * 1.05), max(4, chip // 3), 90)
    sp["glow"] = kit.ring(round(chip * 1.3), GLOW, 0.44, max(2, s * 0.06), 255)
    sp["glow-soft"] = kit.ring(round(chip * 1.3), GLOW, 0.46, max(3, s * 0.12), 90)
    sp["tie"] = kit.ring(round(chip * 1.2), (170, 160, 150), 0.45, max(1.5, s * 0.035), 230)
    sp["select"] = kit.ring(round(chip * 1.3), style.ACCENT_LIGHT, 0.45, max(2, s * 0.07), 255)
    sp["hover"] = kit.ring(round(chip * 1.22), (255, 255, 255), 0.46, max(2, s * 0.04), 170)
    sp["cursor"] = kit.ring(round(chip * 1.22), style.ACCENT, 0.46, max(2, s * 0.06), 255)
    sp["dim"] = disc(chip, (20, 16, 14), 120)
    sp["square-hover"] = kit.tint(s, (255, 255, 255), 70)
    sp["square-pick"] = kit.glow_ring(s, style.ACCENT, 0.08, 255)
    sp["stick"] = stick(round(s * 0.86), max(4, round(s * 0.13)))
    sp["peg"] = peg(max(6, round(s * 0.24)))
    sp["land-white"] = _land(s, WHITE_LAND, 120)
    sp["land-black"] = _land(s, BLACK_LAND, 84)
    sp["hatch"] = _hatch(s)
    slot = max(8, round(s * 0.86))
    for player in PLAYERS:
        for f in range(N):
            sp[f"recess-{player}-{f}"] = recess(slot, RAIL, FILE_LETTERS[f], LABEL)
        for chip_no in range(N):
            sp[f"tray-{player}-{chip_no}"] = recess(slot, RAIL, str(chip_no), LABEL)
    return MappingProxyType(sp)
