"""What the see-saw draws every frame: pieces and their flights, highlights, the counterweight,
the gauge's knob, the fulcrum's pin, the crash's dust and the merge-or-knock popover.

The view hands over a :class:`DeckFrame` (a snapshot of what it shows now), so the painting needs
no view and one frame is drawn from one consistent moment. Deck drawing is in level coordinates;
the view turns the finished deck about the fulcrum when the board leans.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.changing_challenges import board as B
from scenes.games.changing_challenges.geometry import LIMIT, Seesaw
from scenes.games.changing_challenges.palette import MARK_KNOCK, MARK_MERGE, THREAT
from scenes.games.changing_challenges.selection import Choice, Option, popover_pad, popover_text_size
from scenes.games.changing_challenges.sides import side_of, signed
from scenes.games.changing_challenges.threats import king_square
from scenes.kit import sprites, style
from scenes.kit.animation import arc_point, lerp_point

if TYPE_CHECKING:
    from game.changing_challenges.rules import ChangingChallengesState
    from scenes.games.changing_challenges.motion import Plan

Sprites = Mapping[str, pygame.Surface]


@dataclass(frozen=True)
class DeckFrame:
    """Everything that decides one frame's deck: the position, the animation and its time, and
    the player's pointer, held piece and marks (hidden while a turn animates)."""

    state: ChangingChallengesState
    plan: Plan
    t: float
    busy: bool
    selected: int | None
    hover_sq: int | None
    options: Sequence[Option]
    last_squares: frozenset[int]
    threats: dict[str, list[int]]
    clock: float
    """Seconds the view has run: drives the threat ring's pulse."""
    counterweight: float
    """The counterweight's line now (it slides while the board levels)."""
    preview: tuple[int, float] | None
    """(moment, counterweight) after the hovered destination's move, or None."""


def compose_deck(base: pygame.Surface, geo: Seesaw, sp: Sprites, frame: DeckFrame) -> pygame.Surface:
    """The deck as it looks level: base, highlights, pieces, flights and the counterweight."""
    deck = base.copy()
    if not frame.busy:
        for sq in frame.last_squares:
            deck.blit(sp["last"], geo.cell(sq))
        _draw_selection_under(deck, geo, sp, frame)
    _draw_pieces(deck, geo, sp, frame)
    if not frame.busy:
        _draw_threats(deck, geo, sp, frame)
        for option in frame.options:
            deck.blit(sp[f"mark-{option.kind}"], geo.cell(option.to))
    _draw_counterweight(deck, geo, sp, frame)
    return deck


def _draw_selection_under(deck: pygame.Surface, geo: Seesaw, sp: Sprites, frame: DeckFrame) -> None:
    """Under the pieces: a hovered piece that may be picked up, the held piece's glow, and the
    hovered destination."""
    hover = frame.hover_sq
    state = frame.state
    if hover is not None and frame.selected is None and state.to_move():
        piece = state.at(hover)
        if piece is not None and piece["owner"] == state.player and B.IS_PLAYABLE[hover]:
            deck.blit(sp["hover"], geo.cell(hover))
    if frame.selected is not None:
        deck.blit(sp["select-tint"], geo.cell(frame.selected))
        deck.blit(sp["select"], geo.cell(frame.selected))
        if hover is not None and any(o.to == hover for o in frame.options):
            deck.blit(sp["hover"], geo.cell(hover))


def _draw_threats(deck: pygame.Surface, geo: Seesaw, sp: Sprites, frame: DeckFrame) -> None:
    """A king that could win on the centre line next pulses; its safe squares are ringed."""
    if not any(frame.threats.values()):
        return
    ring = sp["threat"].copy()
    ring.set_alpha(int(150 + 105 * (0.5 + 0.5 * math.sin(frame.clock * 5))))
    for player, squares in frame.threats.items():
        if not squares:
            continue
        king = king_square(frame.state, side_of(player))
        if king is not None:
            deck.blit(ring, geo.cell(king))
        for sq in squares:
            pygame.draw.rect(deck, (*THREAT,), geo.cell(sq).inflate(-4, -4), width=2, border_radius=4)


def draw_piece(
    deck: pygame.Surface,
    geo: Seesaw,
    sp: Sprites,
    value: int,
    center: tuple[float, float],
    scale: float = 1.0,
    alpha: int = 255,
    lift: float = 0.0,
) -> None:
    """One piece (signed board value) at ``center`` on the deck, ``lift`` pixels in the air."""
    side = 0 if value > 0 else 1
    img = sp[f"piece-{side}-{abs(value)}"]
    shadow = sp[f"shadow-{side}"]
    if scale != 1.0:
        size = (max(1, round(img.get_width() * scale)), max(1, round(img.get_height() * scale)))
        img = pygame.transform.smoothscale(img, size)
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
        shadow = shadow.copy()
        shadow.set_alpha(alpha)
    off = max(1, geo.s // 24) + lift * 0.25
    deck.blit(shadow, shadow.get_rect(center=(round(center[0] + off), round(center[1] + 2 * off))))
    deck.blit(img, img.get_rect(center=(round(center[0]), round(center[1] - lift))))


def _draw_pieces(deck: pygame.Surface, geo: Seesaw, sp: Sprites, frame: DeckFrame) -> None:
    """The pieces at rest, then — while a turn animates — the captured piece waiting, fading into
    the mover or flying to storage, a merged or promoted piece popping, and the gliding mover."""
    state, plan, t, busy = frame.state, frame.plan, frame.t, frame.busy
    hidden: set[int] = set()
    if busy and plan.glide is not None and not plan.glide.done(t):
        hidden.add(plan.to)
    if busy and plan.fly is not None and plan.stored is not None and not plan.fly.done(t):
        hidden.add(plan.stored)
    popping = busy and plan.pop is not None and plan.pop.started(t) and not plan.pop.done(t)
    if popping:
        hidden.add(plan.to)
    for sq, value in enumerate(state.board):
        if value and sq not in hidden:
            draw_piece(deck, geo, sp, value, geo.cell_center(sq))
    if not busy:
        return
    if plan.victim_sq is not None and plan.victim_value:
        vc = geo.cell_center(plan.victim_sq)
        if plan.fade is not None and not plan.fade.done(t):
            fade = plan.fade.at(t)
            draw_piece(deck, geo, sp, plan.victim_value, vc, 1.0 - 0.3 * fade, int(255 * (1 - fade)))
        elif plan.fly is not None and not plan.fly.started(t):
            draw_piece(deck, geo, sp, plan.victim_value, vc)
    if plan.pop is not None and popping:
        draw_piece(deck, geo, sp, state.board[plan.to], geo.cell_center(plan.to), 0.7 + 0.3 * plan.pop.at(t))
    if plan.glide is not None and not plan.glide.done(t):
        p = plan.glide.at(t)
        value = plan.weight_before * B.SIGN[plan.side]
        pos = lerp_point(geo.cell_center(plan.frm), geo.cell_center(plan.to), p)
        lift = geo.s * 0.1 * math.sin(math.pi * plan.glide.raw(t))
        draw_piece(deck, geo, sp, value, pos, 1.06, lift=lift)
    if plan.fly is not None and plan.stored is not None and plan.fly.started(t) and not plan.fly.done(t):
        p = plan.fly.at(t)
        start = geo.cell_center(plan.victim_sq if plan.victim_sq is not None else plan.to)
        pos = arc_point(start, geo.cell_center(plan.stored), p, geo.s * 1.4)
        draw_piece(deck, geo, sp, plan.victim_value, pos, 1.0 + 0.15 * math.sin(math.pi * p), lift=0.0)


def _draw_counterweight(deck: pygame.Surface, geo: Seesaw, sp: Sprites, frame: DeckFrame) -> None:
    """The counterweight on its rail; while a destination is hovered, a ghost shows where it
    would slide to."""
    img = sp["cw"]
    bottom = geo.rail_y() + max(1, geo.s // 24)
    if frame.preview is not None:
        ghost = sp["cw-ghost"]
        deck.blit(ghost, ghost.get_rect(midbottom=(round(geo.line_x(frame.preview[1])), bottom)))
    x = geo.line_x(frame.counterweight)
    shadow = sp["cw-shadow"]
    deck.blit(shadow, shadow.get_rect(midbottom=(round(x + 2), bottom + shadow.get_height() // 8 + 3)))
    deck.blit(img, img.get_rect(midbottom=(round(x), bottom)))


# on the screen, over the (possibly turned) deck -------------------------------------------------------
def draw_pin(surface: pygame.Surface, geo: Seesaw) -> None:
    """The brass pin at the fulcrum's apex, drawn over the board: it is what it turns about."""
    r = max(3, round(geo.s * 0.13))
    c = geo.pivot_screen
    pygame.draw.circle(surface, (60, 44, 20), (c[0] + 1, c[1] + 2), r)
    pygame.draw.circle(surface, (196, 156, 72), c, r)
    pygame.draw.circle(surface, (250, 224, 150), (c[0] - r // 3, c[1] - r // 3), max(1, r // 3))


def draw_dust(surface: pygame.Surface, geo: Seesaw, plan: Plan, t: float, scale: float) -> None:
    """A puff of dust where the crashing end hits the floor; ``scale`` is the timeline's speed
    factor, so the puff lasts as long as the crash took."""
    if plan.crash is None or not plan.dust or not plan.crash.started(t):
        return
    impact = plan.crash.start + plan.crash.duration * 0.72
    if t < impact:
        return
    p = min(1.0, (t - impact) / max(0.01, 0.7 * scale))
    if p >= 1.0:
        return
    s = geo.s
    x = geo.crash_contact_x(1 if plan.crash_angle > 0 else -1)
    puff = pygame.Surface((s * 4, s * 2), pygame.SRCALPHA)
    for dx, rise, size in plan.dust:
        cx = puff.get_width() / 2 + dx * s * 1.6 * p
        cy = puff.get_height() * 0.85 - rise * s * 0.9 * p
        pygame.draw.circle(puff, (226, 210, 186, int(150 * (1 - p))), (cx, cy), s * 0.25 * size * (0.5 + p))
    surface.blit(puff, puff.get_rect(midbottom=(round(x), geo.floor_y + 4)))


def _knob_rect(geo: Seesaw, moment: float, size: int) -> pygame.Rect:
    """The gauge knob for ``moment``: wide enough for the widest figure, so it never jumps."""
    bar = geo.gauge_bar()
    w = style.font(size, True).size("\u221249")[0] + 14
    knob = pygame.Rect(0, 0, w, bar.height + 12)
    knob.center = (round(geo.gauge_x(moment)), bar.centery)
    return knob


def draw_gauge(surface: pygame.Surface, geo: Seesaw, moment: float, preview: int | None) -> None:
    """The moving part of the gauge: a knob on the scale carrying the current moment, and a
    hollow knob where the hovered move would put it."""
    size = max(12, int(geo.s * 0.27))
    if preview is not None and preview != round(moment):
        knob = _knob_rect(geo, preview, size)
        pygame.draw.rect(surface, (255, 255, 255), knob, width=2, border_radius=knob.height // 2)
        label = style.text_surface(signed(preview), size, (255, 255, 255), True)
        surface.blit(label, label.get_rect(center=knob.center))
    knob = _knob_rect(geo, moment, size)
    tipped = abs(moment) > LIMIT
    fill = (250, 238, 214) if not tipped else (255, 206, 196)
    pygame.draw.rect(surface, (12, 8, 6), knob.move(0, 2), border_radius=knob.height // 2)
    pygame.draw.rect(surface, fill, knob, border_radius=knob.height // 2)
    pygame.draw.rect(surface, (20, 14, 10), knob, width=2, border_radius=knob.height // 2)
    label = style.text_surface(signed(round(moment)), size, style.INK if not tipped else style.BAD, True)
    surface.blit(label, label.get_rect(center=knob.center))


def draw_choice(
    surface: pygame.Surface, geo: Seesaw, choice: Choice, hover_pos: tuple[int, int] | None
) -> None:
    """The merge-or-knock popover: parchment card, a caption and two buttons; a pointer marks
    the capture it is about."""
    s = geo.s
    size = popover_text_size(s)
    rect = choice.rect
    target = geo.square_rect(choice.option.to)
    pygame.draw.rect(surface, sprites.shade(MARK_MERGE, 0.8), target.inflate(2, 2), width=3, border_radius=6)
    shade = pygame.Surface((rect.width + 12, rect.height + 12), pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 90), shade.get_rect().inflate(-6, -6).move(2, 5), border_radius=12)
    surface.blit(shade, (rect.x - 6, rect.y - 6))
    above = rect.bottom <= target.top
    tip_y = target.top - 1 if above else target.bottom + 1
    base_y = rect.bottom - 2 if above else rect.top + 2
    cx = max(rect.left + 16, min(rect.right - 16, target.centerx))
    pygame.draw.polygon(surface, style.WOOD, [(cx - 9, base_y), (cx + 9, base_y), (target.centerx, tip_y)])
    pygame.draw.rect(surface, style.PARCHMENT, rect, border_radius=10)
    pygame.draw.rect(surface, style.WOOD, rect, width=2, border_radius=10)
    pad = popover_pad(s)
    caption = style.text_surface(choice.caption, size - 1, style.INK_SOFT)
    surface.blit(caption, (rect.left + pad, rect.top + pad - 2))
    for button, label, color in (
        (choice.merge_rect, choice.merge_label, (196, 140, 30)),
        (choice.knock_rect, choice.knock_label, MARK_KNOCK),
    ):
        hovered = hover_pos is not None and button.collidepoint(hover_pos)
        fill = sprites.shade(color, 1.15) if hovered else color
        pygame.draw.rect(surface, sprites.shade(color, 0.6), button.move(0, 2), border_radius=8)
        pygame.draw.rect(surface, fill, button, border_radius=8)
        text = style.text_surface(
            style.fit_text(label, size, button.width - 8, True), size, (255, 255, 255), True
        )
        surface.blit(text, text.get_rect(center=button.center))
