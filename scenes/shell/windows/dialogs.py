"""Modal confirm / message windows and the small shared widgets of the menu screens.

Every destructive or irreversible action (quit, delete a save) goes through :func:`DialogHost.confirm`
so the wording, the button colours, their order (Cancel on the left, the action on the right, as in
every question the app asks) and the keyboard behaviour (Enter confirms, Esc cancels) are the same
everywhere. The host routes pygame-gui's confirmation events back to plain Python callbacks, so
screens never have to match dialog objects against events themselves.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox, UIWindow
from pygame_gui.windows import UIConfirmationDialog, UIMessageWindow

from scenes.kit.fonts import font
from scenes.kit.text import safe_text


def escape(content: str) -> str:
    """Plain text made safe for pygame-gui's HTML subset (save labels, error messages) and for its
    fonts: text from a file may hold a NUL or a lone surrogate (an undecodable file name), which
    would make rendering raise, so it is cleaned first (:func:`scenes.kit.text.safe_text`)."""
    return html.escape(safe_text(content, keep_newlines=True), quote=False).replace("\n", "<br>")


def centered_rect(manager: pygame_gui.UIManager, width: int, height: int) -> pygame.Rect:
    """A rect of at most ``width``×``height`` centred in the manager's window, with a margin."""
    screen_w, screen_h = manager.get_root_container().get_size()
    width = min(width, screen_w - 40)
    height = min(height, screen_h - 40)
    return pygame.Rect((screen_w - width) // 2, (screen_h - height) // 2, width, height)


class DialogHost:
    """Opens modal dialogs in one UIManager and calls back when they are answered.

    A scene owns one host, forwards every event to :meth:`handle_event` first, and asks
    :attr:`active` before acting on keyboard shortcuts, so Esc closes the dialog instead of, say,
    leaving the screen behind it."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self._confirms: dict[UIConfirmationDialog, Callable[[], None]] = {}
        self._cancels: dict[UIWindow, Callable[[], None] | None] = {}
        self._windows: list[UIWindow] = []

    # -- opening --------------------------------------------------------------------------------
    def confirm(
        self,
        title: str,
        message_html: str,
        action: str,
        on_confirm: Callable[[], None],
        *,
        danger: bool = False,
        on_cancel: Callable[[], None] | None = None,
        size: tuple[int, int] = (460, 230),
    ) -> UIConfirmationDialog:
        """Ask before doing something; ``action`` labels the confirm button ("Delete", "Quit")."""
        self.close_all()
        dialog = UIConfirmationDialog(
            centered_rect(self.manager, *size),
            message_html,
            self.manager,
            window_title=title,
            action_short_name=action,
            blocking=True,
            object_id=ObjectID("#danger_dialog" if danger else "#confirm_dialog", None),
        )
        self._replace_buttons(  # the app's one order: the way back on the left, the action on the right
            dialog,
            [
                ("confirm_button", action, "#confirm_button", "@danger" if danger else "@primary"),
                ("cancel_button", "Cancel", "#cancel_button", "@secondary"),
            ],
        )
        _fit_text_box(dialog, dialog.confirmation_text)
        self._confirms[dialog] = on_confirm
        self._cancels[dialog] = on_cancel
        self._windows.append(dialog)
        return dialog

    def message(self, title: str, message_html: str, size: tuple[int, int] = (480, 250)) -> UIMessageWindow:
        """Tell the player something (a load error); one button dismisses it."""
        self.close_all()
        window = UIMessageWindow(
            centered_rect(self.manager, *size), message_html, self.manager, window_title=title
        )
        window.set_blocking(True)
        self._replace_buttons(window, [("dismiss_button", "OK", "#dismiss_button", "@primary")])
        _fit_text_box(window, window.text_block)
        self._windows.append(window)
        return window

    def track(self, window: UIWindow) -> UIWindow:
        """Let the host close an ordinary window (the rules) on Esc like its own dialogs."""
        self._windows.append(window)
        return window

    @staticmethod
    def _replace_buttons(
        window: UIWindow, specs: Sequence[tuple[str, str, str, str | None]]
    ) -> list[UIButton]:
        """Swap pygame-gui's tight auto-sized dialog buttons for roomy, themed ones (right-aligned).

        ``specs`` are (attribute, label, object id, class id) from right to left; the window's own
        ``process_event`` still recognises them because the attributes are replaced."""
        anchors = {"left": "right", "right": "right", "top": "bottom", "bottom": "bottom"}
        right = 14
        made = []
        for attribute, label, object_id, class_id in specs:
            old = getattr(window, attribute)
            if old is not None:
                old.kill()
            width = max(112, font(16, True).size(label)[0] + 40)
            button = UIButton(
                pygame.Rect(-right - width, -52, width, 38),
                label,
                window.ui_manager,
                container=window,
                anchors=anchors,
                object_id=ObjectID(object_id, class_id),
            )
            setattr(window, attribute, button)
            made.append(button)
            right += width + 10
        return made

    # -- state ----------------------------------------------------------------------------------
    @property
    def active(self) -> UIWindow | None:
        """The topmost open window this host manages, or None."""
        self._windows = [w for w in self._windows if w.alive()]
        return self._windows[-1] if self._windows else None

    def close_all(self) -> None:
        for window in list(self._windows):
            if window.alive():
                window.kill()
        self._windows.clear()
        self._confirms.clear()
        self._cancels.clear()

    # -- events ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route dialog answers and Esc/Enter; True when the event belonged to a dialog."""
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            callback = self._confirms.pop(event.ui_element, None)
            self._cancels.pop(event.ui_element, None)
            if callback is not None:
                callback()
                return True
            return False
        if event.type == pygame_gui.UI_WINDOW_CLOSE:
            self._confirms.pop(event.ui_element, None)
            on_cancel = self._cancels.pop(event.ui_element, None)
            if event.ui_element in self._windows:
                self._windows.remove(event.ui_element)
                if on_cancel is not None:
                    on_cancel()
                return True
            return False
        window = self.active
        if window is None or event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE:
            window.kill()  # posts UI_WINDOW_CLOSE, which runs on_cancel
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if isinstance(window, UIConfirmationDialog):
                _press(window.confirm_button)
            elif isinstance(window, UIMessageWindow):
                window.kill()
            return True
        return True  # a modal window swallows other keys too


def _fit_text_box(window: UIWindow, box: UITextBox | None) -> None:
    """Keep a dialog's message clear of the (taller) buttons at its bottom."""
    if box is None:
        return
    width, height = window.get_container().get_size()
    box.set_relative_position((6, 6))
    box.set_dimensions((width - 12, height - 66))


def _press(button: UIButton) -> None:
    """Post the same event a mouse click on ``button`` would, so keyboard and mouse share one path."""
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_BUTTON_PRESSED,
            {"ui_element": button, "ui_object_id": button.most_specific_combined_id, "mouse_button": 1},
        )
    )


class ChoiceRow:
    """A segmented control: a row of buttons of which exactly one is selected.

    Better than a drop-down for two to four choices (mode, level, animation speed): every choice is
    visible and one click away."""

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        rect: pygame.Rect,
        choices: Sequence[tuple[str, str]],
        selected: str,
        *,
        tooltips: Sequence[str | None] | None = None,
        gap: int = 6,
        object_id: str = "@choice",
    ) -> None:
        self.values = [value for value, _ in choices]
        self.selected = selected if selected in self.values else self.values[0]
        self.buttons: list[UIButton] = []
        count = len(choices)
        width = (rect.width - gap * (count - 1)) // max(1, count)
        for index, (value, label) in enumerate(choices):
            tip = tooltips[index] if tooltips and index < len(tooltips) else None
            button = UIButton(
                pygame.Rect(rect.x + index * (width + gap), rect.y, width, rect.height),
                label,
                manager,
                tool_tip_text=tip,
                object_id=ObjectID(f"#choice_{value}", object_id),
            )
            self.buttons.append(button)
        self._refresh()

    def _refresh(self) -> None:
        for value, button in zip(self.values, self.buttons, strict=True):
            if value == self.selected:
                button.select()
            else:
                button.unselect()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True (and the selection changed) when one of this row's buttons was pressed."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED or event.ui_element not in self.buttons:
            return False
        self.selected = self.values[self.buttons.index(event.ui_element)]
        self._refresh()
        return True

    def select(self, value: str) -> None:
        if value in self.values:
            self.selected = value
            self._refresh()

    def set_enabled(self, enabled: bool) -> None:
        for button in self.buttons:
            if enabled:
                button.enable()
            else:
                button.disable()
        if enabled:
            self._refresh()

    def show(self, visible: bool) -> None:
        for button in self.buttons:
            if visible:
                button.show()
            else:
                button.hide()
