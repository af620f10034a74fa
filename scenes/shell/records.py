"""The records screen: game records to look through, each with a picture of its board.

"Open a record…" on the load screen (Ctrl+O) opens it. It lists the records folder (where "Export
record" writes: :func:`~scenes.shell.windows.records.records_folder`) newest first, a row per record
drawn like the load screen's: the board after the last move, the game, who played, the moves and the
result, when it was played. "Browse…" walks the computer's folders from the home folder: their
folders and ``.txt`` files, with "Up one folder" on top.

Nothing here writes, renames or deletes a file, wherever it is: folders are only listed and files
only read, through :func:`saves.records.open_record`'s limits. A huge, binary, unreadable or damaged
file is a row with the sentence that says why, as the load screen shows a damaged save; a name no
font can draw is shown cleaned (:func:`game.text.file_name`). Each file is read when its row first
shows, a few per frame, and kept by its modification time and size.

A record opened here goes to the match screen as a review that saves nothing, so opening the same
record twice adds no save; the review's "Continue from here" makes a game of the position shown.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.text import clean_text
from scenes.kit import style
from scenes.kit.app import Scene
from scenes.kit.pacing import NOW
from scenes.kit.picture import board_picture, placeholder
from scenes.kit.row_list import ScrollingRows
from scenes.kit.text import friendly_time
from scenes.shell.load_rows import THUMBNAILS_PER_FRAME, pill, thumb_box
from scenes.shell.record_rows import (
    FILE,
    FOLDER,
    UP,
    Row,
    Summary,
    folder_glyph,
    home_folder,
    list_folder,
    record_detail,
    summarize,
    tail_to_width,
)
from scenes.shell.windows.dialogs import DialogHost, escape
from scenes.shell.windows.records import folder_words, read_record, records_folder, show_record

if TYPE_CHECKING:
    from scenes.kit.app import App

READ_SECONDS = 0.03
"""Time one frame may spend reading records for the rows on show (at least one is read)."""
DOUBLE_CLICK_MS = 400
HEADING = "Game records"


class RecordsScreen(ScrollingRows, Scene):
    """Pick a game record to look through. Pushed from the load screen; Back and Esc pop."""

    name = "records"
    uses_arrows = True
    """The arrow keys move through its list (the app's button walk leaves them alone)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.dialogs = DialogHost(self.ui)
        self.records = records_folder(app.data_dir)
        self.folder = self.records
        self.browsing = False
        self.browsed: Path | None = None
        """The folder Browse… showed last (Browse… again goes back there)."""
        self.rows: list[Row] = []
        self.problem: str | None = None
        self.selected: int | None = None
        self.scroll = 0
        self.hover: int | None = None
        self.summaries: dict[tuple[str, float, int], Summary] = {}
        self.pictures: dict[tuple[Any, ...], pygame.Surface] = {}
        self._picture_budget = THUMBNAILS_PER_FRAME
        self._waiting = False
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.place_rect = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.detail_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 64
        self.back_button: UIButton | None = None
        self.browse_button: UIButton | None = None
        self.open_button: UIButton | None = None
        self._last_click = (-1, -10_000)
        self._dragging: int | None = None
        self._drag_y = 0

    # -- lifecycle ------------------------------------------------------------------------------
    def enter(self) -> None:
        """List the folder again (it may have changed meanwhile), keeping the selected file."""
        keep = self.current.path if self.current is not None else None
        super().enter()  # laid out first: the selection scrolls within the list's real height
        self.show_folder(self.folder, browsing=self.browsing, select=keep)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.dialogs = DialogHost(self.ui)
        self._update_buttons()

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = max(24, width // 28)
        panel_w = min(940, width - 2 * margin)
        top = max(92, round(height * 0.14))
        button_h = 44
        buttons_y = height - max(20, height // 32) - button_h
        self.panel_rect = pygame.Rect((width - panel_w) // 2, top, panel_w, buttons_y - 18 - top)
        self.row_h = 76 if height >= 720 else 66
        self.pictures.clear()
        inner = self.panel_rect.inflate(-24, -24)
        place_h, detail_h = 26, 56
        self.place_rect = pygame.Rect(inner.x, inner.y, inner.width, place_h)
        list_top = self.place_rect.bottom + 10
        self.list_rect = pygame.Rect(inner.x, list_top, inner.width, inner.bottom - detail_h - 8 - list_top)
        self.detail_rect = pygame.Rect(inner.x, self.list_rect.bottom + 8, inner.width, detail_h)
        left, right = self.panel_rect.left, self.panel_rect.right
        self.back_button = UIButton(
            pygame.Rect(left, buttons_y, 150, button_h),
            "Back",
            self.ui,
            tool_tip_text="Back to the saved games (Esc)",
            object_id=ObjectID("#back", None),
        )
        self.browse_button = UIButton(
            pygame.Rect(left + 150 + 14, buttons_y, 190, button_h),
            self._browse_label(),
            self.ui,
            tool_tip_text=self._browse_tip(),
            object_id=ObjectID("#browse", "@secondary"),
        )
        self.open_button = UIButton(
            pygame.Rect(right - 170, buttons_y, 170, button_h),
            "Open",
            self.ui,
            tool_tip_text="Look through the selected record, or open the selected folder "
            "(Enter, or double-click)",
            object_id=ObjectID("#open", "@primary"),
        )
        self._clamp_scroll()
        self._update_buttons()

    def _browse_label(self) -> str:
        return "Records folder" if self.browsing else "Browse…"

    def _browse_tip(self) -> str:
        if self.browsing:
            return "Back to the records folder, where Export record writes"
        return "Open a record from any folder (files there are only read, never changed)"

    # -- the folder shown -----------------------------------------------------------------------
    def show_folder(self, folder: Path, *, browsing: bool, select: Path | None = None) -> None:
        """List ``folder`` (the records folder, or any folder while browsing) and select ``select``
        when it is there, else the first file or folder."""
        if Path(folder) != self.folder:
            self.pictures.clear()  # the last folder's are of no more use
        self.folder, self.browsing = Path(folder), browsing
        if browsing:
            self.browsed = self.folder
        rows, self.problem = list_folder(self.folder, with_folders=browsing)
        parent = self.folder.parent
        if browsing and parent != self.folder:
            rows.insert(0, Row(UP, parent, "Up one folder"))
        if [row.path for row in self.rows] != [row.path for row in rows]:
            self.scroll = 0
        self.rows = rows
        self.hover = None
        paths = [row.path for row in rows]
        if select is not None and select in paths:
            self.select(paths.index(select))
        else:
            first = next((i for i, row in enumerate(rows) if row.kind != UP), 0 if rows else None)
            self.select(first)
        if self.browse_button is not None and self.browse_button.text != self._browse_label():
            self.browse_button.set_text(self._browse_label())
            self.browse_button.set_tooltip(self._browse_tip())
        self.app.invalidate()

    def toggle_browsing(self) -> None:
        """Browse… (any folder, from home or where browsing last was) or back to the records folder."""
        if self.browsing:
            self.show_folder(self.records, browsing=False)
        else:
            self.show_folder(self.browsed or home_folder(), browsing=True)

    def up_one_folder(self) -> None:
        """Backspace while browsing: the folder above, with the one just left selected."""
        if self.browsing and self.rows and self.rows[0].kind == UP:
            self.show_folder(self.rows[0].path, browsing=True, select=self.folder)

    # -- selection and scrolling ----------------------------------------------------------------
    @property
    def current(self) -> Row | None:
        if self.selected is None or not (0 <= self.selected < len(self.rows)):
            return None
        return self.rows[self.selected]

    def summary(self, row: Row) -> Summary | None:
        """The row's record as read, or None while it is still to be read."""
        return self.summaries.get(row.key)

    def _update_buttons(self) -> None:
        if self.open_button is None:
            return
        row = self.current
        summary = self.summary(row) if row is not None else None
        if row is not None and (summary is None or summary.error is None):
            self.open_button.enable()
        else:
            self.open_button.disable()

    def _row_count(self) -> int:
        return len(self.rows)

    # -- events ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialogs.handle_event(event) or self.dialogs.active is not None:
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_button:
                self.app.pop()
            elif event.ui_element is self.browse_button:
                self.toggle_browsing()
            elif event.ui_element is self.open_button:
                self.open_selected()
        elif self.scroll_event(event):
            pass
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self._on_key(event.key)

    def _press(self, pos: tuple[int, int]) -> None:
        if self.grab_thumb(pos):
            return
        index = self.row_at(pos)
        if index is None:
            return
        now = pygame.time.get_ticks()
        double = self._last_click[0] == index and now - self._last_click[1] <= DOUBLE_CLICK_MS
        self._last_click = (index, now)
        self.select(index)
        if double:
            self._last_click = (-1, -10_000)  # the next folder's first click starts afresh
            self.open_selected()

    def _on_key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.app.pop()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open_selected()
        elif key == pygame.K_BACKSPACE:
            self.up_one_folder()
        else:
            self.move_selection(key)

    # -- opening --------------------------------------------------------------------------------
    def open_selected(self) -> None:
        """Open the selected folder, or look through the selected record in the match screen (a
        review that saves nothing). A record that cannot be opened is explained, and nothing else
        happens."""
        row = self.current
        if row is None:
            return
        if row.kind != FILE:
            self.show_folder(row.path, browsing=True, select=self.folder if row.kind == UP else None)
            return
        record, problem = read_record(row.path)
        if record is None:
            self.summaries[row.key] = Summary(error=problem)
            self._update_buttons()
            self.dialogs.message("Cannot open this record", escape(f"{row.name}: {problem}"))
            return
        show_record(self.app, record.match)

    # -- frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Read the records of the rows on show that are not read yet, for a few milliseconds."""
        started = time.perf_counter()
        for index in self._visible():
            row = self.rows[index]
            if row.kind != FILE or row.key in self.summaries:
                continue
            if time.perf_counter() - started > READ_SECONDS:
                return
            self.summaries[row.key] = summarize(row.path)
            if index == self.selected:
                self._update_buttons()

    def next_frame(self) -> float | None:
        """Records still to read and pictures still to draw come back at once; else a still screen."""
        unread = any(
            self.rows[i].kind == FILE and self.rows[i].key not in self.summaries for i in self._visible()
        )
        return NOW if unread or self._waiting else None

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._picture_budget = THUMBNAILS_PER_FRAME
        self._waiting = False
        width, _ = surface.get_size()
        surface.blit(style.background(surface.get_size()), (0, 0))
        style.text(
            surface,
            HEADING,
            (width // 2, self.panel_rect.top - 20),
            34,
            style.PARCHMENT,
            bold=True,
            anchor="midbottom",
            shadow=True,
        )
        style.panel(surface, self.panel_rect, style.PARCHMENT, radius=14)
        self._draw_place(surface)
        if not self.rows:
            self._draw_empty(surface)
        else:
            clip = surface.get_clip()
            surface.set_clip(self.list_rect)
            for index in self._visible():
                self._draw_row(surface, index, self.rows[index])
            surface.set_clip(clip)
            if len(self.rows) == 1 and self.rows[0].kind == UP:
                self._draw_note(
                    surface,
                    self.problem or "No folders and no .txt files here.",
                    bad=self.problem is not None,
                )
            self.draw_scrollbar(surface)
        self._draw_detail(surface)

    def _draw_place(self, surface: pygame.Surface) -> None:
        """Which folder is listed, and at the right how many records (or that nothing is changed)."""
        rect = self.place_rect
        if self.browsing:
            side = "Files here are only read, never changed"
        else:
            count = sum(1 for row in self.rows if row.kind == FILE)
            side = f"{count} record{'s' if count != 1 else ''}" if count else ""
        side_rect = (
            style.text(surface, side, (rect.right - 4, rect.centery), 14, style.INK_SOFT, anchor="midright")
            if side
            else pygame.Rect(rect.right, rect.y, 0, 0)
        )
        label = "Folder: " if self.browsing else "Records folder: "
        label_rect = style.text(
            surface, label, (rect.x + 4, rect.centery), 15, style.INK_SOFT, bold=True, anchor="midleft"
        )
        words = clean_text(folder_words(self.folder))
        room = side_rect.left - 20 - label_rect.right
        style.text(
            surface,
            tail_to_width(words, 15, room),
            (label_rect.right, rect.centery),
            15,
            style.INK,
            anchor="midleft",
        )
        pygame.draw.line(
            surface, style.PARCHMENT_DARK, (rect.x, rect.bottom + 4), (rect.right, rect.bottom + 4), 2
        )

    def _draw_empty(self, surface: pygame.Surface) -> None:
        center = self.list_rect.center
        for i, suit in enumerate(style.SUITS):
            style.piecepack_coin(surface, (round(center[0] + (i - 1.5) * 46), center[1] - 70), 17, suit)
        headline = "No game records yet" if self.problem is None else "This folder cannot be listed"
        style.text(surface, headline, (center[0], center[1] - 20), 26, style.INK, bold=True, anchor="midtop")
        words = self.problem or (
            "Export record in a game's pause menu writes its moves here as a text file. "
            "Browse… opens a record from any other folder."
        )
        lines = style.wrap(words, 16, min(540, self.list_rect.width - 60))
        style.text_block(
            surface,
            lines,
            (center[0], center[1] + 22),
            16,
            style.BAD if self.problem else style.INK_SOFT,
            anchor="midtop",
        )

    def _draw_note(self, surface: pygame.Surface, words: str, bad: bool) -> None:
        """A line under the rows of a folder with nothing to open in it."""
        y = self.list_rect.y + self.row_h + 24
        lines = style.wrap(words, 16, self.list_rect.width - 60, max_lines=2)
        style.text_block(
            surface,
            lines,
            (self.list_rect.centerx, y),
            16,
            style.BAD if bad else style.INK_SOFT,
            anchor="midtop",
        )

    def _draw_row(self, surface: pygame.Surface, index: int, row: Row) -> None:
        rect = self.row_rect(index)
        if index == self.selected:
            pygame.draw.rect(surface, (246, 220, 168), rect, border_radius=10)
            pygame.draw.rect(surface, style.ACCENT, rect, width=2, border_radius=10)
        elif index == self.hover:
            pygame.draw.rect(surface, (250, 243, 228), rect, border_radius=10)
        else:
            pygame.draw.rect(surface, (250, 245, 234), rect, border_radius=10)
            pygame.draw.rect(surface, style.PARCHMENT_DARK, rect, width=1, border_radius=10)
        if row.kind == FILE:
            self._draw_record(surface, rect, row, self.summary(row))
            return
        thumb = thumb_box(rect)
        folder_glyph(surface, thumb, up=row.kind == UP)
        x = thumb.right + 14
        top = max(4, (rect.height - 48) // 2)
        detail = f"To {folder_words(row.path)}" if row.kind == UP else "Folder"
        room = rect.right - 14 - x
        style.text(
            surface, style.fit_text(row.name, 17, room, True), (x, rect.y + top - 2), 17, style.INK, bold=True
        )
        style.text(
            surface, tail_to_width(clean_text(detail), 14, room), (x, rect.y + top + 26), 14, style.INK_SOFT
        )

    def _draw_record(
        self, surface: pygame.Surface, rect: pygame.Rect, row: Row, summary: Summary | None
    ) -> None:
        """A record's row, as the load screen draws a save: its board, its game and badge, who
        played, the moves and the result, and when; a file that cannot be opened says why."""
        thumb = thumb_box(rect)
        damaged = summary is not None and summary.error is not None
        if summary is None or damaged:
            coin_r = min(thumb.width, thumb.height) // 2 - 2
            pygame.draw.circle(
                surface, (216, 200, 190) if damaged else style.PARCHMENT_DARK, thumb.center, coin_r
            )
            if damaged:
                pygame.draw.circle(surface, style.BAD, thumb.center, coin_r, 2)
                style.text(surface, "!", thumb.center, coin_r + 6, style.BAD, bold=True, anchor="center")
        else:
            picture = self._picture(row, summary, thumb.size)
            if picture is None:  # drawn in a frame or two; the game's coin meanwhile
                pygame.draw.rect(surface, style.FELT, thumb, border_radius=6)
                coin_r = min(thumb.width, thumb.height) // 2 - 6
                style.piecepack_coin(surface, thumb.center, coin_r, style.game_suit(summary.game_id))
            else:
                surface.blit(picture, thumb)
            pygame.draw.rect(surface, style.WOOD_DARK, thumb, width=1, border_radius=2)
        x = thumb.right + 14
        ink = (140, 128, 118) if damaged else style.INK
        soft = (150, 138, 128) if damaged else style.INK_SOFT
        top = max(4, (rect.height - 48) // 2)
        if summary is not None and summary.played is not None:
            when = f"Played {friendly_time(summary.played)}"
        else:
            when = friendly_time(datetime.fromtimestamp(row.modified, UTC)) if row.modified else ""
        date_rect = style.text(
            surface, when, (rect.right - 14, rect.y + top + 1), 15, soft, anchor="topright"
        )
        text_right = date_rect.left - 16
        if summary is not None:
            badge, colour = (
                ("Cannot open", style.BAD)
                if damaged
                else (("Finished", style.WOOD_LIGHT) if summary.over else ("Unfinished", style.GOOD))
            )
            badge_rect = pill(
                surface, badge, (rect.right - 14, rect.bottom - top), colour, anchor="bottomright"
            )
            text_right = min(text_right, badge_rect.left - 16)
        title = row.name if summary is None or damaged else summary.title
        style.text(
            surface,
            style.fit_text(title, 17, text_right - x, True),
            (x, rect.y + top - 2),
            17,
            ink,
            bold=True,
        )
        if summary is None:
            detail, colour = "Reading the record…", soft
        elif summary.error is not None:
            detail, colour = summary.error, style.BAD
        else:
            detail, colour = record_detail(summary, text_right - x), soft
        style.text(surface, style.fit_text(detail, 14, text_right - x), (x, rect.y + top + 26), 14, colour)

    def _picture(self, row: Row, summary: Summary, size: tuple[int, int]) -> pygame.Surface | None:
        """The board after the record's last move, a few new ones a frame (None: come back)."""
        key = (row.key, size)
        picture = self.pictures.get(key)
        if picture is not None:
            return picture
        if self._picture_budget <= 0:
            self._waiting = True
            return None
        self._picture_budget -= 1
        if summary.before_last is None:
            picture = placeholder(size)
        else:
            picture = board_picture(
                summary.game_id,
                summary.before_last,
                size,
                options=dict(summary.options),
                moves=summary.last_move,
                focus=True,
            )
        self.pictures[key] = picture
        return picture

    def _draw_detail(self, surface: pygame.Surface) -> None:
        rect = self.detail_rect
        pygame.draw.line(surface, style.PARCHMENT_DARK, (rect.x, rect.y - 4), (rect.right, rect.y - 4), 2)
        message, colour = self._detail_words()
        lines = style.wrap(message, 14, rect.width - 8, max_lines=2)
        style.text_block(surface, lines, (rect.x + 4, rect.y + 6), 14, colour)

    def _detail_words(self) -> tuple[str, tuple[int, int, int]]:
        """The line under the list: what the selected row is and what Enter does with it."""
        row = self.current
        if row is None:
            return ("Select a record to look through it." if self.rows else ""), style.INK_SOFT
        if row.kind == UP:
            return f"Up one folder, to {clean_text(folder_words(row.path))}.", style.INK_SOFT
        if row.kind == FOLDER:
            return f"{row.name}: Enter or a double-click opens this folder.", style.INK_SOFT
        summary = self.summary(row)
        if summary is not None and summary.error is not None:
            return f"{row.name} cannot be opened: {summary.error}", style.BAD
        return (
            f"{row.name}: Enter or a double-click opens it to look through, move by move; "
            "Continue from here then plays on as a new game."
        ), style.INK_SOFT
