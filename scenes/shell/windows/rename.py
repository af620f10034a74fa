"""The rename window: one line of text for a save's name, Rename or Cancel.

A screen opens it over itself and tracks it in its :class:`~scenes.shell.windows.dialogs.DialogHost`
(so Esc closes it like every dialog); the screen passes each event to :meth:`RenameWindow.answer`,
which gives the typed name once the player presses Rename or Enter. What a name may hold is the
store's business (:func:`saves.store.clean_label`); the field only stops typing at the same length.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine, UIWindow

from scenes.kit.text import safe_text
from scenes.shell.windows.dialogs import centered_rect


class RenameWindow(UIWindow):
    """``RenameWindow(manager, current, limit)``; :meth:`answer` turns events into the new name."""

    def __init__(self, manager: pygame_gui.UIManager, current: str, limit: int) -> None:
        super().__init__(
            centered_rect(manager, 460, 200),
            manager,
            window_display_title="Rename save",
            object_id=ObjectID("#rename_window", None),
            resizable=False,
        )
        self.set_blocking(True)
        width = self.get_container().get_size()[0]
        UILabel(
            pygame.Rect(16, 12, width - 32, 26),
            f"A name for this save (up to {limit} characters):",
            manager,
            container=self,
        )
        self.entry = UITextEntryLine(
            pygame.Rect(16, 44, width - 32, 38),
            manager,
            container=self,
            object_id=ObjectID("#rename_entry", None),
            initial_text=safe_text(current)[:limit],
        )
        self.entry.set_text_length_limit(limit)
        self.entry.focus()
        typed = len(self.entry.get_text())  # the whole name selected, the cursor after it: typing
        self.entry.select_range = [0, typed]  # replaces it, the arrow keys keep it (as every OS does)
        self.entry.edit_position = typed
        anchors = {"left": "right", "right": "right", "top": "bottom", "bottom": "bottom"}
        self.rename_button = UIButton(
            pygame.Rect(-126, -52, 112, 38),
            "Rename",
            manager,
            container=self,
            anchors=anchors,
            object_id=ObjectID("#rename_button", "@primary"),
        )
        self.cancel_button = UIButton(
            pygame.Rect(-248, -52, 112, 38),
            "Cancel",
            manager,
            container=self,
            anchors=anchors,
            object_id=ObjectID("#cancel_button", "@secondary"),
        )

    def answer(self, event: pygame.event.Event) -> str | None:
        """The name typed, when ``event`` confirms it (Rename pressed, Enter in the field); the
        window then closes. Cancel closes it without an answer."""
        if not self.alive():
            return None
        confirmed = (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry) or (
            event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.rename_button
        )
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.cancel_button:
            self.kill()
        if not confirmed:
            return None
        name = self.entry.get_text()
        self.kill()
        return name
