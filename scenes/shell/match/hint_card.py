"""The hint card: the suggestion's reason (and, in the games of secret orders, the turn's expected
outcome) in the side panel, with the Apply button that plays it.

It takes the top of the move list while a hint is shown for the position on the board, the way the
"solved" badge takes its foot; pure geometry and drawing, so the advisor decides what it says and the
scene when Apply may be pressed.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import pygame

from scenes.kit import style

PADDING = 10
GAP = 10
"""Between the card and the move list under it."""
APPLY_W, APPLY_H = 84, 30
"""The Apply button, at the right of the card's title row."""
LIST_LEAST = 64
"""The move list keeps at least this much height: the card drops its last lines first."""
REASON_LINES, EXPECTED_LINES = 4, 3
SHORT_TITLE = "Why this hint"
"""The title when the move's phrase does not fit beside Apply (the banner and the marks say the move)."""


@dataclass(frozen=True)
class CardText:
    """What the card says: a title (the move in a short phrase), the reason, the expected outcome."""

    title: str
    reason: str
    expected: str = ""


def _sizes(compact: bool) -> tuple[int, int]:
    """(title size, body size)."""
    return (14, 13) if compact else (16, 15)


def _step(size: int) -> int:
    return round(style.font(size).get_linesize() * 1.04)


def _head(compact: bool) -> int:
    """The title row's height: the title beside the Apply button."""
    return max(APPLY_H, _step(_sizes(compact)[0])) + 4


@functools.lru_cache(maxsize=16)  # asked several times a frame (the move list's place, the button's)
def card_lines(
    text: CardText, width: int, compact: bool, room: int
) -> tuple[str, tuple[tuple[str, bool], ...]]:
    """The title and the body's (line, soft) as drawn ``width`` wide within ``room`` pixels: when
    the panel is short the expected outcome's last lines go first, then the reason's, each cut line
    ending in "…" so nothing seems to end where it does not."""
    title_size, body = _sizes(compact)
    inner = width - 2 * PADDING
    reason = style.wrap(text.reason, body, inner, max_lines=REASON_LINES)
    expected = style.wrap(text.expected, body, inner, max_lines=EXPECTED_LINES) if text.expected else []
    title = text.title
    if style.font(title_size, True).size(title)[0] > inner - APPLY_W - 8:
        title = style.fit_text(SHORT_TITLE, title_size, inner - APPLY_W - 8, bold=True)
    fixed = _head(compact) + 2 * PADDING
    most = max(1, (room - fixed) // _step(body))
    if len(reason) + len(expected) > most:
        expected = _cut(expected, max(0, most - len(reason)), body, inner)
        reason = _cut(reason, max(1, most - len(expected)), body, inner)
    return title, tuple([(line, False) for line in reason] + [(line, True) for line in expected])


def _cut(lines: list[str], keep: int, size: int, width: int) -> list[str]:
    """The first ``keep`` of ``lines``, the last of them marked as cut."""
    if keep >= len(lines):
        return lines
    if keep == 0:
        return []
    kept = lines[:keep]
    kept[-1] = style.fit_text(kept[-1] + " …", size, width)
    return kept


def card_height(text: CardText, width: int, compact: bool, room: int) -> int:
    """The card's height for ``text``, ``width`` wide, never more than ``room`` allows if it can help it."""
    _, body = card_lines(text, width, compact, room)
    return _head(compact) + len(body) * _step(_sizes(compact)[1]) + 2 * PADDING


def card_rect(text: CardText, moves: pygame.Rect, compact: bool) -> pygame.Rect:
    """The card at the top of the move list's full rectangle ``moves``."""
    room = max(0, moves.height - LIST_LEAST - GAP)
    return pygame.Rect(moves.left, moves.top, moves.width, card_height(text, moves.width, compact, room))


def list_below(card: pygame.Rect, moves: pygame.Rect) -> pygame.Rect:
    """What the move list keeps under the card (never less than 40 px, as the layout promises)."""
    top = card.bottom + GAP
    return pygame.Rect(moves.left, top, moves.width, max(40, moves.bottom - top))


def apply_rect(card: pygame.Rect) -> pygame.Rect:
    """The Apply button, at the right of the card's title row."""
    return pygame.Rect(card.right - PADDING - APPLY_W, card.top + PADDING - 2, APPLY_W, APPLY_H)


def draw_card(surface: pygame.Surface, text: CardText, moves: pygame.Rect, compact: bool) -> None:
    """The card at the top of ``moves`` (the Apply button is a widget of the panel's, over its foot)."""
    card = card_rect(text, moves, compact)
    pygame.draw.rect(surface, style.WHITE, card, border_radius=8)
    pygame.draw.rect(surface, style.ACCENT, card, width=2, border_radius=8)
    room = max(0, moves.height - LIST_LEAST - GAP)
    title, body = card_lines(text, card.width, compact, room)
    title_size, size = _sizes(compact)
    head = style.text_surface(title, title_size, style.INK, True)
    surface.blit(head, head.get_rect(midleft=(card.left + PADDING, apply_rect(card).centery)))
    y = card.top + PADDING + _head(compact)
    for line, soft in body:
        surface.blit(
            style.text_surface(line, size, style.INK_SOFT if soft else style.INK), (card.left + PADDING, y)
        )
        y += _step(size)
