"""Keyboard play on the match screen: the kit's :class:`~scenes.kit.keyboard.KeyboardFocus` given
this screen's board and buttons, and its answers carried out the way the mouse's would be.

The stops of Tab are the board (while someone may act on it), then the result card's buttons (once the
game is over; after it is closed, its Swap sides and Rematch), the review's buttons in the banner
(during a review), the analysis strip's under the reviewed board (Practise your mistakes, or Stop
while the analysis runs), the game's own buttons (Pass, Confirm…), the coach's card (Play it anyway,
Take it back) and the fixed ones (Resign, Undo … Menu), in the order they stand on screen. The button
in focus has a ring round it and wears its "selected" look. Enter on the board is a click at the cursor
handed to the scene's own click path, so every refusal, hint and sound is the mouse's; Enter on a
button is that button's press.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from scenes.kit.keyboard import PANEL, KeyboardHost

if TYPE_CHECKING:
    from scenes.kit.app import App
    from scenes.kit.board_view import BoardView, CursorPlace
    from scenes.shell.match.analysis_strip import AnalysisStrip
    from scenes.shell.match.coach import Coach
    from scenes.shell.match.ending import EndBanner, EndRow
    from scenes.shell.match.review import Review


class KeyedMatch(Protocol):
    """What keyboard play needs from the match scene (the scene module imports this one)."""

    app: App
    view: BoardView
    review: Review
    strip: AnalysisStrip
    coach: Coach
    end_dialog: EndBanner | None
    end_row: EndRow | None

    @property
    def curtain_for(self) -> str | None: ...

    @property
    def buttons(self) -> dict[str, Any]: ...

    @property
    def view_buttons(self) -> dict[str, Any]: ...

    def input_player(self) -> str | None: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...


class MatchKeys(KeyboardHost):
    """The match screen's keyboard focus: its board's places and its buttons, in screen order."""

    scene: KeyedMatch

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
        dialog, row = scene.end_dialog, scene.end_row
        ending: dict[str, Any] = {}
        if dialog is not None and dialog.alive():
            ending = dialog.keyed()
        elif row is not None:
            ending = row.keyed()
        groups = (
            ("end", ending),
            ("review", scene.review.buttons if scene.review.active else {}),
            ("analysis", scene.strip.keyed() if scene.review.active else {}),
            ("view", scene.view_buttons),
            ("coach", scene.coach.keyed()),
            ("match", scene.buttons),
        )
        return [
            (f"{group}:{key}", button)
            for group, widgets in groups
            for key, button in widgets.items()
            if button.alive() and button.visible
        ]

    def offer(self, key: str) -> None:
        """Put the focus on the button ``key`` (as :meth:`buttons` names it) when the keyboard is in
        use: a card that asks a question (the coach's) takes the focus from a board that has none
        to give. A mouse player is left alone: no ring appears unasked."""
        if not self.focus.shown:
            return
        self.focus.zone, self.focus.button = PANEL, key
        self._light()
        self.scene.app.invalidate()
