"""The lesson panel's buttons: the lesson's own five, and the game's (Confirm, Pass...) that come and
go with the position. Only widgets here; what a press does is the lesson screen's business."""

from __future__ import annotations

import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from scenes.kit.view_host import PanelControls
from scenes.shell.tutorial.layout import GAP, LessonLayout

COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("show", "Show me", "Show the move that does the job (H): two stars at most after that"),
    ("restart", "Restart", "Start this lesson again (Ctrl+R)"),
    ("rules", "Rules", "The rules of the game (F1)"),
    ("lessons", "Lessons", "Back to the list of lessons (Esc)"),
    ("next", "Next lesson", "On to the next lesson (Enter)"),
)


class LessonControls(PanelControls):
    """``buttons`` (the lesson's commands by key) and ``view_buttons`` (the board's, by key)."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        super().__init__(ui, GAP)
        self._next_label = ""

    def build(
        self,
        frame: LessonLayout,
        next_label: str,
        commands: tuple[tuple[str, str, str], ...] = COMMANDS,
        prefix: str = "lesson",
    ) -> None:
        """Create the panel's buttons for a (new) layout; the UI was just reset. ``commands``: each
        place's key, label and tip (the lesson's own by default; the practice screen gives its own
        for the same five places, :meth:`LessonLayout.button_rects`)."""
        rects = frame.button_rects()
        self.buttons = {}
        for key, label, tip in commands:
            text = next_label if key == "next" else label
            primary = key == "next"
            self.buttons[key] = UIButton(
                rects[key],
                text,
                self.ui,
                tool_tip_text=tip,
                object_id=ObjectID(f"#{prefix}_{key}", "@primary" if primary else "@secondary"),
            )
        self._next_label = next_label
        self.forget_view_buttons()

    def set_enabled(self, key: str, on: bool) -> None:
        button = self.buttons.get(key)
        if button is not None:
            self.set_button_enabled(button, on)
