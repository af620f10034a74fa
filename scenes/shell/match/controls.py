"""The side panel's buttons: the five every match has, Resign above them while the game may be given
up, and the game's own that come and go.

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

HINT: tuple[str, str, str] = ("hint", "Hint", "Show the hard computer's move for you, without playing it (H)")
"""The button games against the computer add to the first row, after Undo and Redo."""
APPLY: tuple[str, str, str] = ("apply", "Apply", "Play the suggested move for you (the hint's card)")
"""The hint card's button: made with the others, hidden until a hint for the position is shown."""
RESIGN: tuple[str, str, str] = ("resign", "Resign", "Give up the game: it ends as a loss (asked first)")
"""The row above the fixed buttons while a game goes on (see :meth:`MatchControls.place_resign`)."""
HINT_THINKING = ("Thinking…", "Wait…")
"""The Hint button's label while the hint is worked out (the screen stays live meanwhile): the first
that fits the button, so the small window's narrow button never cuts a word."""
BUTTON_FONT = (17, True)
"""The buttons' face (size, bold), as the theme sets it: to know whether a label fits."""


class MatchControls(PanelControls):
    """Owns the panel's pygame-gui buttons: ``buttons`` (the fixed commands by key) and
    ``view_buttons`` (the board view's extra commands by key, rebuilt only when they change)."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        super().__init__(ui, BUTTON_GAP)

    def build(self, frame: MatchLayout, hint: bool = False) -> None:
        """Create the fixed buttons for a (new) layout, with a Hint button when ``hint``. The UI was
        just reset, so any old widgets are gone already and the game's buttons must be made again too."""
        inner, top, h = frame.inner, frame.buttons_top, frame.button_h
        commands = (*COMMANDS[:2], HINT, *COMMANDS[2:]) if hint else COMMANDS
        first_row = 3 if hint else 2
        rects = [
            *_row(inner.left, inner.width, top, h, first_row),
            *_row(inner.left, inner.width, top + h + BUTTON_GAP, h, len(commands) - first_row),
        ]
        self.buttons = {}
        if hint:  # first: the card stands above the fixed rows, and Tab goes in screen order
            key, label, tip = APPLY
            self.buttons[key] = UIButton(
                pygame.Rect(inner.left, top, 90, 32), label, self.ui, tool_tip_text=tip,
                object_id=ObjectID(f"#match_{key}", "@primary"), visible=0,
            )  # fmt: skip
        key, label, tip = RESIGN  # made hidden in its row (at its size: a hidden button resized
        self.buttons[key] = UIButton(  # keeps its old face); shown while the game may be given up
            frame.with_resign(True).resign, label, self.ui, tool_tip_text=tip,
            object_id=ObjectID(f"#match_{key}", "@secondary"), visible=0,
        )  # fmt: skip
        for (key, label, tip), rect in zip(commands, rects, strict=True):
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

    def set_hint(self, usable: bool, thinking: bool) -> None:
        """Light the Hint button when a hint may be asked; while one is worked out it says so."""
        button = self.buttons.get("hint")
        if button is None:
            return
        label = thinking_label(button.rect.width) if thinking else HINT[1]
        if button.text != label:
            button.set_text(label)
        self.set_button_enabled(button, usable)

    def place_apply(self, rect: pygame.Rect | None) -> None:
        """Show the hint card's Apply button at ``rect``, or hide it (None)."""
        self._place(self.buttons.get(APPLY[0]), rect)

    def place_resign(self, rect: pygame.Rect | None) -> None:
        """Show Resign at ``rect`` (its row of the layout), or hide it (None)."""
        self._place(self.buttons.get(RESIGN[0]), rect)

    def _place(self, button: UIButton | None, rect: pygame.Rect | None) -> None:
        if button is None:
            return
        if rect is None or not rect.height:
            if button.visible:
                button.hide()
            return
        if button.relative_rect != rect:
            button.set_relative_position(rect.topleft)
            button.set_dimensions(rect.size)
        if not button.visible:
            button.show()

    def hide(self) -> None:
        """Behind the hand-off curtain no button may show (or be clicked)."""
        for button in [*self.buttons.values(), *self.view_buttons.values()]:
            button.hide()

    def show(self) -> None:
        for button in [*self.buttons.values(), *self.view_buttons.values()]:
            button.show()


def _row(left: int, width: int, top: int, height: int, count: int) -> list[pygame.Rect]:
    """``count`` buttons sharing one row, the last one taking the pixels the division leaves over."""
    each = (width - (count - 1) * BUTTON_GAP) // count
    rects = [pygame.Rect(left + i * (each + BUTTON_GAP), top, each, height) for i in range(count - 1)]
    last = left + (count - 1) * (each + BUTTON_GAP)
    return [*rects, pygame.Rect(last, top, left + width - last, height)]


def thinking_label(width: int) -> str:
    """The longest of :data:`HINT_THINKING` that fits a button ``width`` pixels wide."""
    from scenes.kit.fonts import font

    face = font(*BUTTON_FONT)
    return next((label for label in HINT_THINKING if face.size(label)[0] + 12 <= width), HINT_THINKING[-1])
