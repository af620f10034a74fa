"""The load screen: every save and autosave, newest first, damaged files included.

Rows are drawn by hand (a picture of the board, two lines of detail, badges) because a pygame-gui
selection list shows one plain string per row. Damaged files stay in the list, greyed, with the
reason the store gives, so the player can see what happened and delete them. Nothing is deleted
without a confirmation that names the save, and even then it waits in the store's trash while an
Undo notice shows, so a slip of the finger costs nothing.

Analyse opens the selected game on the match screen with its analysis (the graph under the board, the
marks in the move list), in the review of its start: the match screen's own flow, the one the result
card's Analyse starts (:meth:`~scenes.shell.match.analysis_flow.AnalysisFlow.open_analysis`, asked for
by name, as screens ask each other), so an analysis the save kept is shown at once and any other is
worked out there. A file that cannot be replayed says why in a window, as Load does.

The list is :meth:`saves.store.SaveStore.listed`: an autosave holding the same game at the same move
as a manual save is left out (one row per position), so saving and then leaving a game shows once.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from saves.store import MAX_LABEL_CHARS, SaveError
from scenes.kit import style
from scenes.kit.app import Scene
from scenes.kit.failures import failure_sentence
from scenes.kit.pacing import NOW
from scenes.kit.row_list import ScrollingRows
from scenes.kit.text import friendly_time
from scenes.shell.load_rows import Thumbnails, draw_row
from scenes.shell.windows.dialogs import DialogHost, escape
from scenes.shell.windows.records import show_match
from scenes.shell.windows.rename import RenameWindow

if TYPE_CHECKING:
    from saves.store import SaveEntry
    from saves.trash import Trashed
    from scenes.kit.app import App

DOUBLE_CLICK_MS = 400
UNDO_SECONDS = 6.0
"""How long a deleted save can be brought back from the notice (or Ctrl+Z)."""


def entry_name(entry: SaveEntry) -> str:
    """How a confirmation names a save: its title and when it was saved."""
    if entry.error is not None:
        return f"the damaged file {entry.path.name}"
    kind = "autosave" if entry.kind == "autosave" else "save"
    return f"{entry.title} ({kind}, {friendly_time(entry.saved_at)})"


class LoadScreen(ScrollingRows, Scene):
    """Pick a save to load or delete. Pushed from the main menu or the pause menu; Back pops."""

    name = "load"
    uses_arrows = True
    """The arrow keys move through its list (the app's button walk leaves them alone)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.dialogs = DialogHost(self.ui)
        self.entries: list[SaveEntry] = []
        self.selected: int | None = None
        self.scroll = 0
        self.hover: int | None = None
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.detail_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 64
        self.load_button: UIButton | None = None
        self.delete_button: UIButton | None = None
        self.rename_button: UIButton | None = None
        self.back_button: UIButton | None = None
        self.undo_button: UIButton | None = None
        self.record_button: UIButton | None = None
        self.analyse_button: UIButton | None = None
        self.thumbnails = Thumbnails()
        self.deleted: Trashed | None = None
        """The save just deleted, waiting in the trash while the Undo notice shows."""
        self.deleted_name = ""
        self.undo_left = 0.0
        self._rename: RenameWindow | None = None
        self._last_click = (-1, -10_000)
        self._dragging: int | None = None
        self._drag_y = 0

    # -- lifecycle ------------------------------------------------------------------------------
    def enter(self) -> None:
        self.reload()
        super().enter()
        self._update_buttons()

    def leave(self) -> None:
        """The Undo notice goes with the screen, and with it the deleted file's last chance."""
        self._forget_deleted()

    def reload(self) -> None:
        """Re-read the store, keeping the selection on the same file when it still exists."""
        keep = self.entries[self.selected].path if self.selected is not None and self.entries else None
        try:
            self.entries = self.app.store.listed()
        except Exception as exc:  # the store promises not to raise; stay safe anyway
            self.entries = []
            self.app.toast(failure_sentence("The saves folder could not be read", exc), 5)
        paths = [e.path for e in self.entries]
        if keep in paths:
            self.selected = paths.index(keep)
        elif self.entries:
            self.selected = min(self.selected or 0, len(self.entries) - 1)
        else:
            self.selected = None
        self._clamp_scroll()
        self._update_buttons()

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
        self.thumbnails.forget()
        detail_h = 56
        inner = self.panel_rect.inflate(-24, -24)
        self.list_rect = pygame.Rect(inner.x, inner.y, inner.width, inner.height - detail_h - 8)
        self.detail_rect = pygame.Rect(inner.x, self.list_rect.bottom + 8, inner.width, detail_h)
        left = self.panel_rect.left
        right = self.panel_rect.right
        self.back_button = UIButton(
            pygame.Rect(left, buttons_y, 150, button_h),
            "Back",
            self.ui,
            tool_tip_text="Esc",
            object_id=ObjectID("#back", None),
        )
        self.load_button = UIButton(
            pygame.Rect(right - 170, buttons_y, 170, button_h),
            "Load",
            self.ui,
            tool_tip_text="Enter, or double-click a save",
            object_id=ObjectID("#load", "@primary"),
        )
        side_w = 120  # Rename, Delete and Analyse: with Back and Open a record… in a 1024 window
        self.delete_button = UIButton(
            pygame.Rect(right - 170 - 14 - side_w, buttons_y, side_w, button_h),
            "Delete",
            self.ui,
            tool_tip_text="Delete the selected save (asks first; Undo for a few seconds after)",
            object_id=ObjectID("#delete", "@danger"),
        )
        self.rename_button = UIButton(
            pygame.Rect(right - 170 - 2 * 14 - 2 * side_w, buttons_y, side_w, button_h),
            "Rename",
            self.ui,
            tool_tip_text="Give the selected save a name of your own (F2)",
            object_id=ObjectID("#rename", "@secondary"),
        )
        self.analyse_button = UIButton(
            pygame.Rect(right - 170 - 3 * 14 - 3 * side_w, buttons_y, side_w, button_h),
            "Analyse",
            self.ui,
            tool_tip_text="Open the game with the computer's reading of every move: a graph of the "
            "chances, the mistakes marked (A)",
            object_id=ObjectID("#analyse", "@secondary"),
        )
        self.undo_button = UIButton(
            pygame.Rect(self.detail_rect.right - 110, self.detail_rect.y + 9, 106, 38),
            "Undo",
            self.ui,
            tool_tip_text="Bring the deleted save back (Ctrl+Z)",
            object_id=ObjectID("#undo_delete", "@primary"),
        )
        self.record_button = UIButton(
            pygame.Rect(left + 150 + 14, buttons_y, 190, button_h),
            "Open a record…",
            self.ui,
            tool_tip_text="Look through a game record (a text file of the moves): the records folder, "
            "or any folder with Browse… (Ctrl+O)",
            object_id=ObjectID("#open_record", "@secondary"),
        )
        self._rename = None  # the UI was reset: an open rename window is gone
        self._clamp_scroll()
        self._update_buttons()

    # -- selection and scrolling ----------------------------------------------------------------
    @property
    def current(self) -> SaveEntry | None:
        if self.selected is None or not (0 <= self.selected < len(self.entries)):
            return None
        return self.entries[self.selected]

    def _update_buttons(self) -> None:
        entry = self.current
        if self.load_button is not None:
            if entry is not None and entry.error is None:
                self.load_button.enable()
            else:
                self.load_button.disable()
        if self.delete_button is not None:
            if entry is not None:
                self.delete_button.enable()
            else:
                self.delete_button.disable()
        if self.rename_button is not None:
            if entry is not None and entry.error is None:
                self.rename_button.enable()
            else:
                self.rename_button.disable()
        if self.analyse_button is not None:
            if entry is not None and entry.error is None and entry.move_count > 0:
                self.analyse_button.enable()
            else:
                self.analyse_button.disable()
        if self.undo_button is not None:
            if self.deleted is not None:
                self.undo_button.show()
            else:
                self.undo_button.hide()

    def _row_count(self) -> int:
        return len(self.entries)

    # -- events ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self._rename is not None:
            name = self._rename.answer(event)
            if name is not None:
                self.rename_selected(name)
                return
        if self.dialogs.handle_event(event):
            return
        if self.dialogs.active is not None:
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_button:
                self.app.pop()
            elif event.ui_element is self.load_button:
                self.load_selected()
            elif event.ui_element is self.delete_button:
                self.ask_delete()
            elif event.ui_element is self.rename_button:
                self.ask_rename()
            elif event.ui_element is self.record_button:
                self.ask_record()
            elif event.ui_element is self.analyse_button:
                self.analyse_selected()
            elif event.ui_element is self.undo_button:
                self.undo_delete()
        elif self.scroll_event(event):
            pass
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.grab_thumb(event.pos):
                return
            index = self.row_at(event.pos)
            if index is not None:
                now = pygame.time.get_ticks()
                double = self._last_click[0] == index and now - self._last_click[1] <= DOUBLE_CLICK_MS
                self._last_click = (index, now)
                self.select(index)
                if double:
                    self.load_selected()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_o and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.ask_record()
            elif event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.undo_delete()
            else:
                self._on_key(event.key)

    def _on_key(self, key: int) -> None:
        if key == pygame.K_F2:
            self.ask_rename()
        elif key == pygame.K_a:
            self.analyse_selected()
        elif key == pygame.K_ESCAPE:
            self.app.pop()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.load_selected()
        elif key == pygame.K_DELETE:
            self.ask_delete()
        else:
            self.move_selection(key)

    # -- actions --------------------------------------------------------------------------------
    def load_selected(self) -> None:
        """Load the selected save; any problem is explained in a window and the file is left alone."""
        from saves.store import SaveError

        entry = self.current
        if entry is None:
            return
        if entry.error is not None:
            self.dialogs.message("Cannot load this file", escape(entry.error))
            return
        try:
            match = self.app.store.load(entry.path)
        except SaveError as exc:
            self.dialogs.message("Could not load the game", escape(str(exc)))
            self.reload()
            return
        show_match(self.app, match)

    def analyse_selected(self) -> None:
        """Analyse: the selected game on the match screen with its analysis (see the module's
        docstring). A file that cannot be read or replayed is explained in a window and left alone."""
        entry = self.current
        if entry is None:
            return
        if entry.error is not None:
            self.dialogs.message("Cannot analyse this file", escape(entry.error))
            return
        if entry.move_count == 0:
            self.dialogs.message("Nothing to analyse yet", "No move has been played in this game yet.")
            return
        try:
            match = self.app.store.load(entry.path)
        except SaveError as exc:
            self.dialogs.message("Could not analyse the game", escape(str(exc)))
            self.reload()
            return
        if self.app.open_match(match):
            analyse = getattr(self.app.top, "open_analysis", None)  # the match screen's, by name
            if callable(analyse):
                analyse()

    def ask_record(self) -> None:
        """Open a record (Ctrl+O): the records screen, over this one (its Back comes here). A record
        opened there is only looked at; it adds no save (see :mod:`scenes.shell.records`)."""
        self.dialogs.close_all()
        self.app.open("records")

    def ask_delete(self) -> None:
        entry = self.current
        if entry is None:
            return
        self.dialogs.confirm(
            "Delete save",
            f"Delete <b>{escape(entry_name(entry))}</b>?<br><br>"
            f"Undo can bring it back for {UNDO_SECONDS:.0f} seconds.",
            "Delete",
            lambda: self.delete(entry),
            danger=True,
            size=(500, 240),
        )

    def delete(self, entry: SaveEntry) -> None:
        """Delete after confirmation (the dialog's callback): into the trash, with an Undo notice.
        A save deleted earlier whose notice still showed is gone for good now (one Undo at a time)."""
        self._forget_deleted()
        try:
            self.deleted = self.app.store.throw_away(entry.path)
        except FileNotFoundError:
            self.app.toast("That save was already gone.")
            self.reload()
            return
        except (OSError, ValueError) as exc:
            why = failure_sentence("The file could not be deleted", exc)
            self.dialogs.message("Could not delete", escape(why))
            return
        self.deleted_name = entry.path.name if entry.error is not None else entry.title
        self.undo_left = UNDO_SECONDS
        self.reload()

    def undo_delete(self) -> None:
        """Bring back the save just deleted (the notice's Undo, Ctrl+Z) and select it."""
        item = self.deleted
        if item is None:
            return
        self.deleted = None
        self.undo_left = 0.0
        try:
            path = self.app.store.restore(item)
        except (OSError, ValueError):
            self.app.toast("The save could not be brought back.", 5)
            self.reload()
            return
        self.reload()
        paths = [e.path for e in self.entries]
        if path in paths:
            self.select(paths.index(path))
        self.app.toast("Save restored")

    def _forget_deleted(self) -> None:
        """The Undo notice is over: the file waiting in the trash is removed for good."""
        item, self.deleted = self.deleted, None
        self.undo_left = 0.0
        if item is not None:
            with contextlib.suppress(OSError):  # else it stays in the trash; the next start removes it
                self.app.store.trash.purge(item)
        self._update_buttons()

    def ask_rename(self) -> None:
        """Open the rename window for the selected (healthy) save."""
        entry = self.current
        if entry is None or entry.error is not None:
            return
        self.dialogs.close_all()
        self._rename = RenameWindow(self.ui, entry.label or "", MAX_LABEL_CHARS)
        self.dialogs.track(self._rename)

    def rename_selected(self, name: str) -> None:
        """Write the new name into the selected save (the rename window's answer)."""
        self._rename = None
        entry = self.current
        if entry is None:
            return
        try:
            renamed = self.app.store.rename(entry.path, name)
        except SaveError as exc:
            self.dialogs.message("Could not rename", escape(exc.message))
            return
        except (OSError, ValueError) as exc:
            why = failure_sentence("The new name could not be written", exc)
            self.dialogs.message("Could not rename", escape(why))
            return
        self.reload()
        paths = [e.path for e in self.entries]
        if renamed.path in paths:
            self.select(paths.index(renamed.path))

    # -- frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.deleted is not None:
            self.undo_left -= dt
            if self.undo_left <= 0:
                self._forget_deleted()

    def next_frame(self) -> float | None:
        """Pictures still to draw come first; else the moment the Undo notice ends."""
        if self.thumbnails.waiting:
            return NOW
        if self.deleted is not None:  # the seconds shown tick down, then the notice ends
            return max(0.0, min(self.undo_left, self.undo_left % 1.0))
        return None

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.thumbnails.new_frame()
        width, _ = surface.get_size()
        surface.blit(style.background(surface.get_size()), (0, 0))
        heading = style.text(
            surface,
            "Load game",
            (width // 2, self.panel_rect.top - 20),
            34,
            style.PARCHMENT,
            bold=True,
            anchor="midbottom",
            shadow=True,
        )
        if self.entries:
            count = len(self.entries)
            style.text(
                surface,
                f"{count} save{'s' if count != 1 else ''}",
                (self.panel_rect.right, heading.bottom - 6),
                15,
                style.PARCHMENT_DARK,
                anchor="bottomright",
            )
        style.panel(surface, self.panel_rect, style.PARCHMENT, radius=14)
        if not self.entries:
            self._draw_empty(surface)
            return
        clip = surface.get_clip()
        surface.set_clip(self.list_rect)
        for index in self._visible():
            self._draw_row(surface, index, self.entries[index])
        surface.set_clip(clip)
        self.draw_scrollbar(surface)
        self._draw_detail(surface)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        center = self.panel_rect.center
        for i, suit in enumerate(style.SUITS):
            style.piecepack_coin(surface, (center[0] + (i - 1.5) * 46, center[1] - 70), 17, suit)
        style.text(
            surface,
            "No saved games yet",
            (center[0], center[1] - 20),
            26,
            style.INK,
            bold=True,
            anchor="midtop",
        )
        lines = style.wrap(
            "Start a game from the main menu. Games are saved automatically when you leave "
            "them, and Ctrl+S saves at any moment.",
            16,
            min(520, self.panel_rect.width - 60),
        )
        style.text_block(surface, lines, (center[0], center[1] + 22), 16, style.INK_SOFT, anchor="midtop")

    def _draw_row(self, surface: pygame.Surface, index: int, entry: SaveEntry) -> None:
        draw_row(
            surface,
            self.row_rect(index),
            entry,
            self.thumbnails,
            selected=index == self.selected,
            hovered=index == self.hover,
        )

    def _draw_detail(self, surface: pygame.Surface) -> None:
        rect = self.detail_rect
        pygame.draw.line(surface, style.PARCHMENT_DARK, (rect.x, rect.y - 4), (rect.right, rect.y - 4), 2)
        if self.deleted is not None:
            self._draw_undo_notice(surface, rect)
            return
        entry = self.current
        if entry is None:
            message, colour = "Select a save to load or delete.", style.INK_SOFT
        elif entry.error is not None:
            message, colour = f"{entry.path.name} cannot be loaded: {entry.error}", style.BAD
        else:
            action = "review it" if entry.over else "load"
            if entry.move_count:
                action += ", A to analyse it"
            message = f"{entry.title}: {entry.mode or 'saved game'}. Press Enter or double-click to {action}."
            colour = style.INK_SOFT
        lines = style.wrap(message, 14, rect.width - 8, max_lines=2)
        style.text_block(surface, lines, (rect.x + 4, rect.y + 6), 14, colour)

    def _draw_undo_notice(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """ "Deleted …" with the seconds left, beside the Undo button (a pygame-gui widget)."""
        seconds = max(1, int(self.undo_left + 0.999))
        message = f"Deleted {self.deleted_name}. Undo brings it back ({seconds} s)."
        room = rect.width - 130
        style.text(
            surface,
            style.fit_text(message, 15, room),
            (rect.x + 4, rect.centery),
            15,
            style.INK,
            anchor="midleft",
        )
