"""Keyboard play in a lesson: the kit's :class:`~scenes.kit.keyboard.KeyboardHost` given the lesson's
board and buttons, so a learner without a mouse can do every lesson the way the match is played
(arrows and Enter on the board, Tab to the board's own buttons and the lesson's Show me, Restart,
Lessons, Rules and Next lesson)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from scenes.kit.keyboard import KeyboardHost

if TYPE_CHECKING:
    from scenes.kit.app import App
    from scenes.kit.board_view import BoardView, CursorPlace
    from scenes.shell.tutorial.controls import LessonControls


class KeyedLesson(Protocol):
    """What keyboard play needs from the lesson scene (the scene module imports this one)."""

    app: App
    view: BoardView
    controls: LessonControls

    def input_player(self) -> str | None: ...


class LessonKeys(KeyboardHost):
    """The lesson screen's focus: the board's places while the learner may act, then the board's own
    buttons (Confirm, Pass…) and the lesson's, in the order they stand in the panel."""

    scene: KeyedLesson

    def places(self) -> list[CursorPlace]:
        player = self.scene.input_player()
        return self.scene.view.cursor_places(player) if player is not None else []

    def buttons(self) -> list[tuple[str, Any]]:
        controls = self.scene.controls
        groups = (("view", controls.view_buttons), ("lesson", controls.buttons))
        return [
            (f"{group}:{key}", button)
            for group, widgets in groups
            for key, button in widgets.items()
            if button.alive() and button.visible
        ]
