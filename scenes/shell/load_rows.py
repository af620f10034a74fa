"""The load screen's rows, drawn by hand: a picture of the board, two lines of detail, badges.

Apart from :mod:`scenes.shell.load` (the screen: list, selection, rename, delete, records) because
drawing one row is its own craft — pictures drawn a few per frame, texts fitted to the room beside
the date and badge — and it reads best on its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.kit import style
from scenes.kit.fonts import font
from scenes.kit.picture import board_picture, placeholder
from scenes.kit.text import friendly_time

if TYPE_CHECKING:
    from saves.store import SaveEntry

THUMBNAILS_PER_FRAME = 2
"""New board pictures drawn in one frame: a long list fills in over a few frames instead of
freezing the first one while every game is replayed."""


class Thumbnails:
    """The rows' board pictures, drawn by each game's own view (:func:`board_picture`) from the
    save's options and moves, and kept here per position and size: a row asks every frame, a picture
    is drawn once. At most :data:`THUMBNAILS_PER_FRAME` new ones per frame; :attr:`waiting` tells the
    screen to come back for the rest."""

    def __init__(self) -> None:
        self._pictures: dict[tuple[object, ...], pygame.Surface] = {}
        self._budget = THUMBNAILS_PER_FRAME
        self.waiting = False

    def new_frame(self) -> None:
        self._budget = THUMBNAILS_PER_FRAME
        self.waiting = False

    def forget(self) -> None:
        """A new window size or a new list: pictures of the old ones are of no more use."""
        self._pictures.clear()

    def get(self, entry: SaveEntry, size: tuple[int, int]) -> pygame.Surface | None:
        """The picture of ``entry``'s board, or None when this frame has drawn enough already."""
        key = (entry.game_id, entry.options, entry.moves, size)
        picture = self._pictures.get(key)
        if picture is not None:
            return picture
        if self._budget <= 0:
            self.waiting = True
            return None
        self._budget -= 1
        picture = _board_thumbnail(entry, size)
        self._pictures[key] = picture
        return picture


def _board_thumbnail(entry: SaveEntry, size: tuple[int, int]) -> pygame.Surface:
    """The board after the save's last move; the table alone when it cannot be drawn (a save whose
    moves this version refuses is still listed; loading it explains why)."""
    from game.register import get as get_game

    try:
        info = get_game(entry.game_id)
        options = info.validate(dict(entry.options))
        start = info.factory(options)
    except Exception:  # decoration never stops the list
        return placeholder(size)
    return board_picture(entry.game_id, start, size, options=options, moves=entry.moves, focus=True)


def draw_row(
    surface: pygame.Surface,
    rect: pygame.Rect,
    entry: SaveEntry,
    thumbnails: Thumbnails,
    *,
    selected: bool,
    hovered: bool,
) -> None:
    """One save's row: its board picture (or the damaged mark), title and kind, the mode, moves and
    result, when it was played and a badge; every text cut to the room it has."""
    damaged = entry.error is not None
    if selected:
        pygame.draw.rect(surface, (246, 220, 168), rect, border_radius=10)
        pygame.draw.rect(surface, style.ACCENT, rect, width=2, border_radius=10)
    elif hovered:
        pygame.draw.rect(surface, (250, 243, 228), rect, border_radius=10)
    else:
        pygame.draw.rect(surface, (250, 245, 234), rect, border_radius=10)
        pygame.draw.rect(surface, style.PARCHMENT_DARK, rect, width=1, border_radius=10)
    thumb = thumb_box(rect)
    if damaged:
        coin_r = min(thumb.width, thumb.height) // 2 - 2
        pygame.draw.circle(surface, (216, 200, 190), thumb.center, coin_r)
        pygame.draw.circle(surface, style.BAD, thumb.center, coin_r, 2)
        style.text(surface, "!", thumb.center, coin_r + 6, style.BAD, bold=True, anchor="center")
    else:
        picture = thumbnails.get(entry, thumb.size)
        if picture is None:  # drawn in a frame or two; the game's coin meanwhile
            pygame.draw.rect(surface, style.FELT, thumb, border_radius=6)
            coin_r = min(thumb.width, thumb.height) // 2 - 6
            style.piecepack_coin(surface, thumb.center, coin_r, style.game_suit(entry.game_id))
        else:
            surface.blit(picture, thumb)
        pygame.draw.rect(surface, style.WOOD_DARK, thumb, width=1, border_radius=2)
    x = thumb.right + 14
    ink = (140, 128, 118) if damaged else style.INK
    soft = (150, 138, 128) if damaged else style.INK_SOFT
    when = f"Played {friendly_time(entry.saved_at)}" if not damaged else friendly_time(entry.saved_at)
    top = max(4, (rect.height - 48) // 2)  # two lines of text, centred in the row
    date_rect = style.text(surface, when, (rect.right - 14, rect.y + top + 1), 15, soft, anchor="topright")
    badge = "Damaged" if damaged else ("Finished" if entry.over else "In progress")
    badge_colour = style.BAD if damaged else (style.WOOD_LIGHT if entry.over else style.GOOD)
    badge_rect = pill(
        surface, badge, (rect.right - 14, rect.bottom - top), badge_colour, anchor="bottomright"
    )
    text_right = min(date_rect.left, badge_rect.left) - 16
    title = entry.path.name if damaged else entry.title
    kind = "Autosave" if entry.kind == "autosave" else "Saved game"
    title_rect = style.text(
        surface,
        style.fit_text(title, 17, text_right - x - 110, True),
        (x, rect.y + top - 2),
        17,
        ink,
        bold=True,
    )
    pill(
        surface,
        kind,
        (title_rect.right + 10, title_rect.centery + 1),
        style.INK_SOFT if damaged else (style.ARMS_BLUE if entry.kind == "autosave" else style.WOOD),
        anchor="midleft",
        small=True,
    )
    if damaged:
        detail = entry.error or ""
        colour = style.BAD
    else:
        moves = f"{entry.move_count} move{'s' if entry.move_count != 1 else ''}"
        parts = [entry.mode, moves, entry.result_text or ""]
        if entry.label and entry.game_title and entry.label != entry.game_title:
            parts.insert(0, entry.game_title)  # the name replaced the game's title above
        detail = " · ".join(p for p in parts if p)
        if style.font(14).size(detail)[0] > text_right - x:  # the result without its reason
            parts[-1] = parts[-1].split(":")[0]
            detail = " · ".join(p for p in parts if p)
        colour = soft
    style.text(surface, style.fit_text(detail, 14, text_right - x), (x, rect.y + top + 26), 14, colour)


def thumb_box(row: pygame.Rect) -> pygame.Rect:
    """Where a row's board picture goes: the row's height, a little wider than tall."""
    height = row.height - 10
    return pygame.Rect(row.x + 6, row.y + 5, round(height * 1.35), height)


def pill(
    surface: pygame.Surface,
    label: str,
    pos: tuple[int, int],
    colour: tuple[int, int, int],
    anchor: str = "topleft",
    small: bool = False,
) -> pygame.Rect:
    """A rounded badge ('Autosave', 'Finished', 'Damaged')."""
    size = 12 if small else 13
    text = font(size, True).render(label, True, style.WHITE)
    rect = text.get_rect().inflate(16, 6)
    setattr(rect, anchor, pos)
    pygame.draw.rect(surface, colour, rect, border_radius=rect.height // 2)
    surface.blit(text, text.get_rect(center=rect.center))
    return rect
