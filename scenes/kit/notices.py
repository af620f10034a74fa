"""Where notices go: never over a button, so a notice never stands between the player and Undo.

A notice used to sit at the bottom centre, 80 % of the window wide: on the match screen that is over
the side panel's buttons and the trays a player drops chips in. Here the notices hang from the top of
the window, over the status banner (which only tells, nothing there is clicked), in the widest stretch
of the width that no button in the top half reaches into (on the match screen, the width of the board),
wrapped to it, newest first, each under the one before; a notice that would still touch a button (one
in the middle of that stretch) moves down below it. Pure geometry, so it is tested without a window.

A screen may also name places a notice must leave in sight (``Scene.keep_clear()``: the match screen
names its banner, which says whose turn it is or who won, and its board): the notices then go in the
widest stretch of the width none of those reach into (on the match screen, over the side panel), and
buttons are avoided there as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

MARGIN = 16
"""Pixels between a notice and the window's edge, a button, or the notice below it."""
PADDING = (28, 14)
"""What a notice's box adds around its text (both sides together)."""
WIDEST = 0.8
"""A notice's box is at most this share of the window's width."""


NARROWEST = 200
"""A stretch beside the places to keep clear narrower than this is no place for a notice."""


def _widest_gap(width: int, rects: Sequence[pygame.Rect]) -> tuple[int, int]:
    """(left, right) of the widest stretch of ``width`` that none of ``rects`` reaches into."""
    spans = sorted((r.left, r.right) for r in rects)
    gaps: list[tuple[int, int]] = []
    edge = 0
    for left, right in spans:
        if left > edge:
            gaps.append((edge, left))
        edge = max(edge, right)
    if edge < width:
        gaps.append((edge, width))
    return max(gaps, key=lambda gap: gap[1] - gap[0], default=(0, width))


def notice_column(
    size: tuple[int, int], buttons: Sequence[pygame.Rect], keep_clear: Sequence[pygame.Rect] = ()
) -> tuple[int, int]:
    """(left, right) of the widest stretch of the window's width free of the places to
    ``keep_clear`` when there are any (and it is at least :data:`NARROWEST` wide), else of the
    buttons in its top half, narrowed to at most :data:`WIDEST` of the width around its centre."""
    width, height = size
    if keep_clear:
        left, right = _widest_gap(width, keep_clear)
        if right - left >= NARROWEST:
            return left, right
    left, right = _widest_gap(width, [b for b in buttons if b.top < height // 2])
    if right - left < width // 4:  # buttons right across the top: use the middle and move down
        left, right = 0, width
    room = min(right - left, round(width * WIDEST))
    middle = (left + right) // 2
    return middle - room // 2, middle + room // 2


def place_notices(
    size: tuple[int, int],
    buttons: Sequence[pygame.Rect],
    measure: Callable[[int], tuple[int, int]],
    count: int,
    keep_clear: Sequence[pygame.Rect] = (),
) -> list[pygame.Rect]:
    """The boxes of ``count`` notices, newest first (top-most). ``measure(width)`` answers the
    size of a notice's text wrapped to ``width`` pixels; it is asked once per notice, in order.
    ``keep_clear``: places no notice may cover, if the window has room beside them."""
    left, right = notice_column(size, buttons, keep_clear)
    text_width = max(40, right - left - PADDING[0] - 2 * MARGIN)
    top = MARGIN
    boxes: list[pygame.Rect] = []
    for _ in range(count):
        w, h = measure(text_width)
        box = pygame.Rect(0, 0, w + PADDING[0], h + PADDING[1])
        box.midtop = ((left + right) // 2, top)
        for _ in range(len(buttons) + 1):  # move below whatever button it still touches
            touched = [b for b in buttons if b.inflate(MARGIN, MARGIN).colliderect(box)]
            if not touched:
                break
            box.top = max(b.bottom for b in touched) + MARGIN
        boxes.append(box)
        top = box.bottom + MARGIN // 2
    return boxes
