"""The arithmetic of a scrolling list of equal rows, written once: the load screen and the records
screen both keep ``scroll`` (pixels), ``row_h`` and ``list_rect`` and ask these for the rest."""

from __future__ import annotations

import pygame

SCROLLBAR_W = 14
"""Room the scroll bar takes from the rows' width when the list is longer than its box."""


def max_scroll(count: int, row_h: int, height: int) -> int:
    """How far ``count`` rows of ``row_h`` pixels can scroll in a box ``height`` pixels tall."""
    return max(0, count * row_h - height)


def clamp_scroll(scroll: int, count: int, row_h: int, height: int) -> int:
    return max(0, min(scroll, max_scroll(count, row_h, height)))


def scroll_to_show(scroll: int, index: int, row_h: int, height: int) -> int:
    """``scroll`` moved just enough for row ``index`` to be in sight."""
    top = index * row_h
    if top < scroll:
        return top
    if top + row_h > scroll + height:
        return top + row_h - height
    return scroll


def row_at(pos: tuple[int, int], box: pygame.Rect, scroll: int, row_h: int, count: int) -> int | None:
    """The index of the row drawn at ``pos``, or None."""
    if not box.collidepoint(pos):
        return None
    index = (pos[1] - box.y + scroll) // row_h
    return index if 0 <= index < count else None


def row_rect(index: int, box: pygame.Rect, scroll: int, row_h: int, count: int) -> pygame.Rect:
    """Where row ``index`` is drawn (it may lie outside the box), clear of the scroll bar."""
    bar = SCROLLBAR_W if max_scroll(count, row_h, box.height) > 0 else 0
    return pygame.Rect(box.x, box.y + index * row_h - scroll, box.width - bar, row_h - 6)
