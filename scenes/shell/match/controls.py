"""The side panel's buttons: the five every match has, and the game's own that come and go.

Only the widgets live here; what a press does is the scene's business (it asks :meth:`command` or
:meth:`view_key` which button it was). Keeping the pygame-gui bookkeeping apart means a new command
(a hint, a review step) is placed here beside its siblings, not in the middle of the scene's flow.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from scenes.kit.view_host import PanelControls
from scenes.shell.match.layout import BUTTON_GAP, MatchLayout

COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("undo", "Undo", "Take back your last move (Ctrl+Z)"),
    ("redo", "Redo", "Play the undone move again (Ctrl+Y)"),
    ("save", "Save", "Save this game (Ctrl+S)"),
    ("rules", "Rules", "How to play (F1)"),
    ("menu", "Menu", "Pause menu (Esc)"),
)
"""(key, label, tooltip) of the fixed buttons: Undo/Redo on the first row, the other three below."""


class MatchControls(PanelControls):
    """Owns the panel's pygame-gui buttons: ``buttons`` (the fixed commands by key) and
    ``view_buttons`` (the board view's extra commands by key, rebuilt only when they change)."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        super().__init__(ui, BUTTON_GAP)

    def build(self, frame: MatchLayout) -> None:
        """Create the fixed buttons for a (new) layout. The UI was just reset, so any old widgets are
        gone already and the game's buttons must be made again too."""
        inner, top, h, gap = frame.inner, frame.buttons_top, frame.button_h, BUTTON_GAP
        half = (inner.width - gap) // 2
        third = (inner.width - 2 * gap) // 3
        second = top + h + gap
        rects = (
            pygame.Rect(inner.left, top, half, h),
            pygame.Rect(inner.left + half + gap, top, inner.width - half - gap, h),
            pygame.Rect(inner.left, second, third, h),
            pygame.Rect(inner.left + third + gap, second, third, h),
            pygame.Rect(inner.left + 2 * (third + gap), second, inner.width - 2 * (third + gap), h),
        )
        self.buttons = {}
        for (key, label, tip), rect in zip(COMMANDS, rects, strict=True):
            self.buttons[key] = UIButton(
                rect, label, self.ui, tool_tip_text=tip, object_id=ObjectID(f"#match_{key}", "@secondary")
            )
        self.forget_view_buttons()

    def set_history(self, can_undo: bool, can_redo: bool) -> None:
        """Enable Undo and Redo exactly when they would do something."""
        if not self.buttons:
            return
        self.set_button_enabled(self.buttons["undo"], can_undo)
        self.set_button_enabled(self.buttons["redo"], can_redo)

    def hide(self) -> None:
        """Behind the hand-off curtain no button may show (or be clicked)."""
        for button in [*self.buttons.values(), *self.view_buttons.values()]:
            button.hide()

    def show(self) -> None:
        for button in [*self.buttons.values(), *self.view_buttons.values()]:
            button.show()
