"""Drawing the chips: the trays, the two slot rows (the reveal's flip, a draft, a sealed order, the
last turn's record), the marks that guide the next drop or digit, and the name plates.

The view decides *what* a row shows (whose secret may be seen, which chip is in the hand); these
functions only put it on screen, so the rules of secrecy live in one place.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from scenes.games.elasta.palette import WHITE, N
from scenes.kit import style
from scenes.kit.animation import ease_out

if TYPE_CHECKING:
    from scenes.games.elasta.layout import TableLayout
    from scenes.games.elasta.reveal import Moment
    from scenes.games.elasta.sprites import Sprites


def blit_chip(
    surface: pygame.Surface,
    sprites: Sprites,
    s: int,
    key: str,
    center: tuple[float, float],
    *,
    alpha: int = 255,
    squash: float = 1.0,
    lift: float = 0.0,
) -> None:
    """A chip sprite standing (or ``lift``-ed) on ``center`` with its shadow. ``squash`` narrows it
    for the flip; a faded chip (a record, not a piece) casts no shadow."""
    img = sprites[key]
    if squash < 0.999:
        img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * squash)), img.get_height()))
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    shadow = sprites["shadow-lifted" if lift else "shadow"]
    if alpha >= 200:
        off = max(1, s // 18)
        surface.blit(
            shadow,
            shadow.get_rect(center=(round(center[0] + off), round(center[1] + s * 0.33 + lift))),
        )
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1] - lift))))


def _blit_ring(
    surface: pygame.Surface, ring: pygame.Surface, center: tuple[int, int], alpha: int | None = None
) -> None:
    """A ring (or disc) centred on a chip; faded on a copy so the shared sprite keeps its alpha."""
    if alpha is not None:
        ring = ring.copy()
        ring.set_alpha(alpha)
    surface.blit(ring, ring.get_rect(center=center))


def draw_tray(
    surface: pygame.Surface,
    table: TableLayout,
    sprites: Sprites,
    player: str,
    chips: list[int],
    held: int | None,
    dragging: bool,
    hover: tuple[int, int] | None,
) -> None:
    """The ``chips`` still in ``player``'s tray, face up (a hidden player's tray is full or empty,
    never telling). ``held``: the chip picked from this tray (ringed, or gone while dragged);
    ``hover``: the pointer, when the tray is the owner's to use."""
    for chip in chips:
        if held == chip and dragging:
            continue
        center = table.tray_center(player, chip)
        blit_chip(surface, sprites, table.s, f"chip-{player}-{chip}", center)
        if held == chip:
            _blit_ring(surface, sprites["select"], center)
        elif hover is not None and table.tray_slots[player][chip].collidepoint(hover):
            _blit_ring(surface, sprites["hover"], center)


def draw_reveal_row(
    surface: pygame.Surface, table: TableLayout, sprites: Sprites, moment: Moment, player: str
) -> None:
    """``player``'s row during a reveal: the chips flip in a ripple, then each file's winner glows,
    its loser dims, a tie gets a grey ring."""
    plan = moment.plan
    chips = plan.moves.get(player)
    if not isinstance(chips, tuple) or plan.report is None:
        return
    t = moment.t
    s = table.s
    results = plan.report.results
    sign = 1 if player == WHITE else -1
    for f, chip in enumerate(chips):
        center = table.slot_center(player, f)
        p = plan.flips[f].at(t)
        lift = s * 0.12 * math.sin(math.pi * p)
        if p < 0.5:
            blit_chip(
                surface, sprites, s, f"chip-{player}-back", center, squash=max(0.02, 1 - 2 * p), lift=lift
            )
        else:
            blit_chip(
                surface, sprites, s, f"chip-{player}-{chip}", center, squash=max(0.02, 2 * p - 1), lift=lift
            )
        if plan.compare is not None and plan.compare.started(t):
            alpha = int(255 * plan.compare.at(t))
            result = results[f] * sign
            if result > 0:
                _blit_ring(surface, sprites["glow-soft"], center, alpha)
                _blit_ring(surface, sprites["glow"], center, alpha)
            elif result < 0:
                _blit_ring(surface, sprites["dim"], center, alpha)
            else:
                _blit_ring(surface, sprites["tie"], center, alpha)


def draw_row(
    surface: pygame.Surface,
    table: TableLayout,
    sprites: Sprites,
    player: str,
    chips: list[int | None],
    how: str,
    sealing: float | None,
    held: int | None,
    dragging: bool,
) -> None:
    """``player``'s row at rest, ``how`` = "face" (a draft, or a sealed order its owner sees),
    "back" (a sealed order face down; ``sealing`` 0..1 while it still slides in from the tray) or
    "ghost" (the last turn's chips, faded). ``held``: the file whose chip is in the hand."""
    s = table.s
    for f, chip in enumerate(chips):
        center = table.slot_center(player, f)
        if chip is None:
            continue
        if held == f and dragging:
            continue
        if how == "back":
            if sealing is not None:
                src = table.tray_center(player, N - 1 - f)
                p = ease_out(min(1.0, max(0.0, sealing * 1.4 - f * 0.05)))
                pos = (src[0] + (center[0] - src[0]) * p, src[1] + (center[1] - src[1]) * p)
                blit_chip(
                    surface, sprites, s, f"chip-{player}-back", pos, lift=s * 0.1 * math.sin(math.pi * p)
                )
            else:
                blit_chip(surface, sprites, s, f"chip-{player}-back", center)
        elif how == "ghost":
            blit_chip(surface, sprites, s, f"chip-{player}-{chip}", center, alpha=120)
        else:
            blit_chip(surface, sprites, s, f"chip-{player}-{chip}", center)
        if held == f:
            _blit_ring(surface, sprites["select"], center)


def draw_row_marks(
    surface: pygame.Surface,
    table: TableLayout,
    sprites: Sprites,
    player: str,
    chips: list[int | None],
    target: int | None,
    holding: bool,
    dragging: bool,
    cursor: int | None,
    clock: float,
) -> None:
    """Which slot a drop (or click) would hit (``target``) and where the next typed digit goes
    (``cursor``, a pulsing ring on an empty slot; None while a chip is in the hand)."""
    if target is not None and (holding or chips[target] is not None):
        _blit_ring(surface, sprites["select" if dragging else "hover"], table.slot_center(player, target))
    if cursor is not None and cursor < N and chips[cursor] is None:
        alpha = int(150 + 105 * (0.5 + 0.5 * math.sin(clock * 4)))
        _blit_ring(surface, sprites["cursor"], table.slot_center(player, cursor), alpha)


def draw_plate(
    surface: pygame.Surface,
    rect: pygame.Rect,
    s: int,
    token: pygame.Surface | None,
    name: str,
    status: str,
    tokens_left: int | None,
) -> None:
    """A name plate in the table's corner by the player's rail: who, what they are doing (in the
    accent colour while it is their turn to act) and, in the token variant, tokens left."""
    name_size = max(12, int(s * 0.27))
    sub_size = max(12, int(s * 0.22))
    x = rect.left + 4
    if token is not None:
        surface.blit(token, token.get_rect(midleft=(x, rect.centery)))
        x += token.get_width() + max(4, s // 10)
    width = rect.right - x - 2
    lines = [
        style.text_surface(style.fit_text(name, name_size, width, True), name_size, style.PARCHMENT, True)
    ]
    if status:
        color = style.ACCENT_LIGHT if status in ("allotting", "placing") else (214, 200, 176)
        lines.append(style.text_surface(style.fit_text(status, sub_size, width), sub_size, color))
    if tokens_left is not None:
        text = f"{tokens_left} token{'s' if tokens_left != 1 else ''}"
        lines.append(style.text_surface(style.fit_text(text, sub_size, width), sub_size, (214, 200, 176)))
    total = sum(line.get_height() for line in lines) - 3 * (len(lines) - 1)
    y = rect.centery - total // 2
    for line in lines:
        surface.blit(line, (x, y))
        y += line.get_height() - 3
