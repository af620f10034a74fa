"""Keyboard play on the match screen: the kit's :class:`~scenes.kit.keyboard.KeyboardFocus` given
this screen's board and buttons, and its answers carried out the way the mouse's would be.

The stops of Tab are the board (while someone may act on it), then the end dialog's buttons (once the
game is over), the review's buttons in the banner (during a review), the game's own buttons (Pass,
Confirm…) and the fixed ones (Undo … Menu), in the order they stand on screen. The button in focus
has a ring round it and wears its "selected" look, which shows even inside a window drawn over the
ring (the end dialog). Enter on the board is a click at the cursor handed to the scene's own
click path, so every refusal, hint and sound is the mouse's; Enter on a button is that button's press.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from scenes.kit.keyboard import KeyboardFocus

if TYPE_CHECKING:
    from scenes.kit.app import App
    from scenes.kit.board_view import BoardView, CursorPlace
    from scenes.shell.match.review import Review
    from scenes.shell.windows.end_of_game import EndDialog


class KeyedMatch(Protocol):
    """What keyboard play needs from the match scene (the scene module imports this one)."""

    app: App
    view: BoardView
    review: Review
    end_dialog: EndDialog | None

    @property
    def curtain_for(self) -> str | None: ...

    @property
    def buttons(self) -> dict[str, Any]: ...

    @property
    def view_buttons(self) -> dict[str, Any]: ...

    def input_player(self) -> str | None: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...


class MatchKeys:
    """The match screen's keyboard focus: ``focus`` (who has the keyboard, where the cursor is)."""

    def __init__(self, scene: KeyedMatch) -> None:
        self.scene = scene
        self.focus = KeyboardFocus()
        self._lit: Any = None
        """The button wearing its selected look for the focus."""

    def places(self) -> list[CursorPlace]:
        """The live board's places; none during a review or behind the curtain (the arrows then
        step through the moves, and nothing on the board may be touched)."""
        scene = self.scene
        if scene.review.active or scene.curtain_for is not None:
            return []
        player = scene.input_player()
        return scene.view.cursor_places(player if player is not None else scene.view.viewer())

    def buttons(self) -> list[tuple[str, Any]]:
        """The buttons on show, in screen order (Tab passes over the greyed ones, but one greyed
        while in focus, Undo with nothing left to undo, keeps the focus where the player is)."""
        scene = self.scene
        dialog = scene.end_dialog
        ending: dict[str, Any] = {}
        if dialog is not None and dialog.alive():
            ending = {"rematch": dialog.rematch, "review": dialog.review, "menu": dialog.menu}
        groups = (
            ("end", ending),
            ("review", scene.review.buttons if scene.review.active else {}),
            ("view", scene.view_buttons),
            ("match", scene.buttons),
        )
        return [
            (f"{group}:{key}", button)
            for group, widgets in groups
            for key, button in widgets.items()
            if button.alive() and button.visible
        ]

    def key(self, event: pygame.event.Event) -> bool:
        """Act on a key press of the focus; False when the key is not the focus's (the screen's
        other shortcuts then apply). What it does reaches the scene as the events the mouse would
        have made (marked ``keyboard``, so they do not hide the cursor): one path for both hands."""
        answer = self.focus.key(event, self.places(), self.buttons())
        if answer is None:
            return False
        scene = self.scene
        if answer.click is not None:
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                scene.handle_event(pygame.event.Event(kind, pos=answer.click, button=1, keyboard=True))
        elif answer.press is not None:
            scene.app.sound.announce("click")  # as the app does for every pressed button
            scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=answer.press))
        elif answer.spot is not None:  # the board's own hover look follows the cursor
            scene.handle_event(
                pygame.event.Event(pygame.MOUSEMOTION, pos=answer.spot, rel=(0, 0), buttons=(0, 0, 0),
                                   keyboard=True)
            )
        self._light()
        scene.app.invalidate()  # the ring moved: a still screen draws once more
        return True

    def _light(self) -> None:
        """The button in focus, and only it, wears pygame-gui's selected look."""
        widget = self.focus.focused_button(self.buttons())
        if widget is self._lit:
            return
        if self._lit is not None and self._lit.alive():
            self._lit.unselect()
        if widget is not None:
            widget.select()
        self._lit = widget

    def heard(self, event: pygame.event.Event) -> None:
        """Every event the screen gets: a real click or turn of the wheel gives the mouse the screen
        back, and the ring goes."""
        mouse = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL)
        if mouse and not getattr(event, "keyboard", False):
            self.mouse_used()

    def mouse_used(self) -> None:
        if self.focus.mouse_used():
            self._light()
            self.scene.app.invalidate()

    def draw(self, surface: pygame.Surface) -> None:
        self.focus.draw(surface, self.places(), self.buttons())
