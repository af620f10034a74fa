"""The army rosters either side of the island: each side's name and score, its five troops with
where they stand and what they were told, and a foot line (the sea/air counter, or the side's status).

A roster shows only what the viewer may know — the view fills a :class:`RosterCard` with the secrets
already filtered (a sealed order reads "sealed", an opponent's landing "?") and this module lays it
out. Rows name squares and orders in words as well as in the side's colour, so the roster can be read
without telling the two order colours apart.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.nelaxtam import rules as R
from scenes.games.nelaxtam.palette import FALLEN, LABEL, MUTED, ORDER_STYLE, Color
from scenes.games.nelaxtam.wording import title
from scenes.kit import sprites, style

if TYPE_CHECKING:
    from game.nelaxtam.rules import Geometry
    from scenes.games.nelaxtam.layout import TableLayout


def head_token_size(s: int) -> int:
    """The side's token beside its name: about half a square, within what the head's line can hold."""
    return max(16, min(round(s * 0.5), 34))


@dataclass(frozen=True)
class RosterCard:
    """One side's roster as the viewer may see it this frame."""

    player: str
    token: pygame.Surface | None
    score: int
    score_step: float | None
    """How far the resolution's score step has run (0..1), None when it is not playing: the number
    pops while it runs."""
    troops: tuple[int, ...]
    """Where troops 1..5 are drawn (DEAD: nowhere), as on the board."""
    orders: dict[int, int]
    """The orders drawn on the board for this side (troop -> code), the same secrecy applied."""
    invading: bool
    """The invasion is being drafted (not merely animated)."""
    landing: bool
    """The invasion's landing is playing: troops not yet down are still to come, not fallen."""
    sealed: bool
    shows: bool
    """The viewer may see this side's own draft (it is the viewer's side)."""
    next_troop: int | None
    """The viewer's next troop to land, highlighted; None when not drafting an invasion."""
    origins: tuple[int, ...]
    """Where each troop stood when its orders were given (the squares the orders start from)."""
    holds_shown: bool
    """A troop without an order may be labelled "holds" (the viewer's own, at rest, in the orders)."""
    foot: list[str]
    foot_color: Color


def troop_lines(card: RosterCard, geo: Geometry, troop: int, sq: int, fallen: bool) -> tuple[str, str, Color]:
    """One roster row: where the troop is and, if the viewer may know, how it came or its order."""
    if card.invading:
        if sq >= 0:
            return geo.name(sq), "sea" if geo.edge >> sq & 1 else "air", MUTED
        if card.sealed:
            return "sealed", "", MUTED
        if card.shows:
            return ("next", "", style.ACCENT_LIGHT) if card.next_troop == troop else ("", "", MUTED)
        return "?", "", MUTED
    if fallen:
        return "fallen", "", MUTED
    if sq < 0:
        return "—", "", MUTED
    origin = card.origins[troop - 1]
    code = card.orders.get(troop)
    if code and origin >= 0:
        target = R.order_target(geo, origin, code)
        if target >= 0:
            mark = "›" if code in R.MOVE_CODES else "×"
            return geo.name(origin), f"{mark} {geo.name(target)}", ORDER_STYLE[card.player][0]
    if card.holds_shown:
        return geo.name(sq), "holds", MUTED
    return geo.name(sq), "", MUTED


def draw_roster(
    surface: pygame.Surface,
    table: TableLayout,
    art: Mapping[str, pygame.Surface],
    card: RosterCard,
    geo: Geometry,
    clock: float,
) -> None:
    """Draw ``card`` into its side's roster panel (the panel itself is part of the static table)."""
    player = card.player
    roster = table.rosters.get(player)
    if roster is None:
        return
    s = table.s
    head = table.head(player).inflate(-10, -10)
    name_size = max(13, min(19, int(s * 0.32)))
    small = max(12, min(15, int(s * 0.27)))
    line1 = head.top + head.height * 0.3
    x = head.left + 5
    if card.token is not None:
        surface.blit(card.token, card.token.get_rect(midleft=(x, line1)))
        x += card.token.get_width() + 5
    name = style.text_surface(
        style.fit_text(title(player), name_size, head.right - x - 3, True),
        name_size,
        style.PARCHMENT,
        True,
    )
    surface.blit(name, name.get_rect(midleft=(x, line1)))
    _draw_score(surface, card, head, s)
    for k, slot in enumerate(table.slots[player]):
        troop = k + 1
        sq = card.troops[k]
        icon = art[f"mini-{player}-{troop}"]
        mini = icon.get_width()
        center = (slot.left + 3 + mini // 2, slot.centery)
        fallen = not card.invading and sq < 0 and not card.landing
        if fallen or (card.invading and sq < 0 and card.next_troop != troop):
            icon = icon.copy()
            icon.set_alpha(80 if fallen else 150)
        if card.next_troop == troop:
            pulse = int(170 + 80 * math.sin(clock * 4))
            glow = sprites.ring(mini + 10, style.ACCENT_LIGHT, 0.46, 2.5, pulse)
            surface.blit(glow, glow.get_rect(center=center))
        surface.blit(icon, icon.get_rect(center=center))
        top, bottom, color = troop_lines(card, geo, troop, sq, fallen)
        tx = center[0] + mini // 2 + (6 if slot.width > 90 else 3)  # a narrow slot keeps 12 px text whole
        width = slot.right - tx - 1
        first_color = FALLEN if fallen else (color if top == "next" else style.PARCHMENT)
        top_size = style.size_to_fit(top, name_size - 1, width, True)
        first = style.text_surface(style.fit_text(top, top_size, width, True), top_size, first_color, True)
        if bottom:
            second = style.text_surface(style.fit_text(bottom, small, width, True), small, color, True)
            total = first.get_height() + second.get_height() - 6
            y = slot.centery - total // 2
            surface.blit(first, (tx, y))
            surface.blit(second, (tx, y + first.get_height() - 6))
        else:
            surface.blit(first, first.get_rect(midleft=(tx, slot.centery)))
    if card.foot:
        last = table.slots[player][-1].bottom
        labels = [
            style.text_surface(
                style.fit_text(t, small, roster.width - 12, True), small, card.foot_color, True
            )
            for t in card.foot
        ]
        total = sum(label.get_height() for label in labels) - 4 * (len(labels) - 1)
        y = last + (roster.bottom - last) // 2 - total // 2
        for label in labels:
            surface.blit(label, label.get_rect(midtop=(roster.centerx, y)))
            y += label.get_height() - 4


def _draw_score(surface: pygame.Surface, card: RosterCard, head: pygame.Rect, s: int) -> None:
    """The pieces a side holds, big; it pops when the resolution reaches its score step."""
    score_size = max(17, min(30, int(s * 0.5)))
    small = max(12, min(15, int(s * 0.27)))
    number = style.text_surface(str(card.score), score_size, style.ACCENT_LIGHT, True)
    width = number.get_width()
    if card.score_step is not None:
        pop = 1 + 0.35 * math.sin(math.pi * card.score_step)
        number = pygame.transform.smoothscale(
            number, (round(number.get_width() * pop), round(number.get_height() * pop))
        )
    row = head.top + head.height * 0.72
    left = head.left + 6
    surface.blit(number, number.get_rect(center=(left + width // 2, row)))
    unit = style.text_surface("pieces", small, LABEL)
    if left + width + 6 + unit.get_width() <= head.right - 2:
        surface.blit(unit, unit.get_rect(midleft=(left + width + 5, row + 2)))
