"""The arithmetic of a scrolling list of equal rows, written once: the load screen and the records
screen both keep ``scroll`` (pixels), ``row_h`` and ``list_rect`` and ask these for the rest."""

from __future__ import annotations

import pygame

from scenes.kit import style

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


LIST_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)
"""The keys that move the selection through a list."""


class ScrollingRows:
    """The behaviour of a scrolling list of rows, for a screen that keeps ``scroll``, ``selected``,
    ``hover``, ``row_h`` and ``list_rect`` and says how many rows it has (:meth:`_row_count`):
    selection, the wheel, the scroll bar's thumb and its drag, and the list keys. The load and
    records screens had each written all of it; a change to one list now reaches both."""

    scroll: int
    selected: int | None
    hover: int | None
    row_h: int
    list_rect: pygame.Rect
    _dragging: int | None = None
    _drag_y: int = 0

    def _row_count(self) -> int:
        raise NotImplementedError

    def _update_buttons(self) -> None:
        """Called after the selection changed (the screen enables what the row allows)."""

    def _max_scroll(self) -> int:
        return max_scroll(self._row_count(), self.row_h, self.list_rect.height)

    def _clamp_scroll(self) -> None:
        self.scroll = clamp_scroll(self.scroll, self._row_count(), self.row_h, self.list_rect.height)

    def select(self, index: int | None) -> None:
        """Select a row and scroll it into view."""
        count = self._row_count()
        if index is None or not count:
            self.selected = None
        else:
            self.selected = max(0, min(index, count - 1))
            self.scroll = scroll_to_show(self.scroll, self.selected, self.row_h, self.list_rect.height)
        self._clamp_scroll()
        self._update_buttons()

    def row_at(self, pos: tuple[int, int]) -> int | None:
        return row_at(pos, self.list_rect, self.scroll, self.row_h, self._row_count())

    def row_rect(self, index: int) -> pygame.Rect:
        """Screen rect of a row (may lie outside the visible list)."""
        return row_rect(index, self.list_rect, self.scroll, self.row_h, self._row_count())

    def _visible(self) -> range:
        first = self.scroll // self.row_h
        return range(first, min(self._row_count(), first + self.list_rect.height // self.row_h + 2))

    def _thumb_rect(self) -> pygame.Rect | None:
        total = self._row_count() * self.row_h
        if total <= self.list_rect.height:
            return None
        track = pygame.Rect(self.list_rect.right - 8, self.list_rect.y, 8, self.list_rect.height)
        thumb_h = max(30, track.height * self.list_rect.height // total)
        y = track.y + (track.height - thumb_h) * self.scroll // max(1, self._max_scroll())
        return pygame.Rect(track.x, y, track.width, thumb_h)

    def grab_thumb(self, pos: tuple[int, int]) -> bool:
        """Start dragging the scroll bar if ``pos`` is on its thumb."""
        thumb = self._thumb_rect()
        if thumb is not None and thumb.inflate(8, 0).collidepoint(pos):
            self._dragging, self._drag_y = self.scroll, pos[1]
            return True
        return False

    def scroll_event(self, event: pygame.event.Event) -> bool:
        """The wheel, the pointer's hover and a thumb drag: True when ``event`` was one of them
        (a motion is always taken: it also moves the hover)."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * self.row_h // 2
            self._clamp_scroll()
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.row_at(event.pos)
            if self._dragging is not None:
                total = self._row_count() * self.row_h
                self.scroll = self._dragging + (event.pos[1] - self._drag_y) * total // self.list_rect.height
                self._clamp_scroll()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._dragging = None
        else:
            return False
        return True

    def move_selection(self, key: int) -> bool:
        """Up, Down, Page Up/Down, Home and End through the rows: True when ``key`` was one."""
        count = self._row_count()
        if not count or key not in LIST_KEYS:
            return False
        page = max(1, self.list_rect.height // self.row_h - 1)
        current = -1 if self.selected is None else self.selected
        target = {
            pygame.K_UP: current - 1,
            pygame.K_DOWN: current + 1,
            pygame.K_PAGEUP: current - page,
            pygame.K_PAGEDOWN: current + page,
            pygame.K_HOME: 0,
            pygame.K_END: count - 1,
        }[key]
        self.select(max(0, target))
        return True

    def draw_scrollbar(self, surface: pygame.Surface) -> None:
        thumb = self._thumb_rect()
        if thumb is not None:
            track = pygame.Rect(thumb.x, self.list_rect.y, thumb.width, self.list_rect.height)
            pygame.draw.rect(surface, style.PARCHMENT_DARK, track, border_radius=4)
            pygame.draw.rect(surface, style.WOOD_LIGHT, thumb, border_radius=4)
