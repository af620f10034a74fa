"""A learner's tries on a game's own board: the part the lesson screen (:mod:`.lesson`) and the
practice screen (:mod:`.practice`) share.

Both put a position on the game's board beside the lesson panel and take the learner's input the way
a match does (clicks, drags, typed orders, the board's own buttons, the keyboard cursor); a whole move
goes to the screen's own judge, :meth:`BoardTries.try_move` (the lesson's script, the practice's
analysis). Their keys and buttons mean the same five things (the panel's five places,
:meth:`LessonLayout.button_rects`): Show me (H), start again (Ctrl + :attr:`BoardTries.AGAIN_KEY`),
Rules (F1), back where the screen came from (Esc), and Next (Enter, once :meth:`may_go_on`). Written
once here, so a fix to how a try is entered reaches both screens.

A screen is a :class:`BoardTries` (a :class:`~scenes.kit.app.Scene`) and answers its hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import pygame
import pygame_gui

from scenes.kit.app import Scene
from scenes.kit.view_host import over_window, released, typed
from scenes.shell.tutorial.controls import COMMANDS, LessonControls
from scenes.shell.tutorial.keys import LessonKeys
from scenes.shell.tutorial.layout import LessonLayout
from scenes.shell.tutorial.panel import HINT, REFUSED, Feedback

if TYPE_CHECKING:
    from game.core import GameInfo, Move
    from scenes.kit.app import App
    from scenes.kit.board_view import BoardView, ViewAction

BREATHE_SECONDS = 4.0
"""How long new marks on the board breathe before they hold still."""


class BoardTries(Scene):
    """A screen where a learner tries moves on a game's board beside the lesson panel: the input,
    the panel's frame and buttons, the marks' clock and the rules window."""

    AGAIN_KEY: ClassVar[int] = pygame.K_r
    """With Ctrl: the panel's "restart" place (a lesson's Restart, the practice's Undo)."""
    COMMANDS: ClassVar[tuple[tuple[str, str, str], ...]] = COMMANDS
    """The panel's five places: key, label, tip (:meth:`LessonControls.build`)."""
    PREFIX: ClassVar[str] = "lesson"
    """The buttons' theme ids: ``#<prefix>_<key>``."""
    PANEL: ClassVar[tuple[float, int]] = (0.3, 310)
    """The panel's share of the window's width and its least width (:meth:`LessonLayout.fit`)."""

    # what the screen keeps (set in its __init__)
    info: GameInfo
    view: BoardView
    note: Feedback | None
    painter: Any
    """Draws the screen; asked to forget its layout on a new one (``forget_layout``)."""
    _rules_window: Any = None
    _marks_key: object = None
    _marks_since = 0.0

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.frame = LessonLayout()
        self.controls = LessonControls(self.ui)
        self.keys = LessonKeys(self)
        self.clock = 0.0

    # -- the screen's answers -----------------------------------------------------------------------
    def input_player(self) -> str | None:
        """The learner, while the board may take a try; else None."""
        raise NotImplementedError

    def try_move(self, move: Move) -> None:
        """Judge a whole move the board made of the learner's input."""
        raise NotImplementedError

    def commands(self) -> dict[str, Callable[[], None]]:
        """What each of the panel's five places does, by key (``show``, ``restart``, ``rules``,
        ``lessons``, ``next``)."""
        raise NotImplementedError

    def may_go_on(self) -> bool:
        """Whether Enter goes on (the "next" place) now."""
        raise NotImplementedError

    def idle_note(self) -> str | None:
        """What a click on the board says while it takes no try (nothing by default)."""
        return None

    def marks_key(self) -> object:
        """What the marks on the board depend on: when it changes they breathe again."""
        raise NotImplementedError

    def next_label(self) -> str:
        """The "next" place's words now."""
        raise NotImplementedError

    def _refresh_buttons(self, force: bool = False) -> None:
        """Bring the panel's buttons up to date (the board's own with :meth:`_refresh_view_buttons`)."""
        raise NotImplementedError

    # -- the panel ----------------------------------------------------------------------------------
    @property
    def view_buttons(self) -> dict[str, Any]:
        """The board's own buttons by key (the match screen's name, so gesture drivers serve both)."""
        return self.controls.view_buttons

    @property
    def text_rect(self) -> pygame.Rect:
        """The panel's words: down to the board's buttons while there are any, else further down."""
        text = self.frame.text
        if self.controls.view_buttons:
            return text
        return pygame.Rect(text.left, text.top, text.width, self.frame.buttons_top - 14 - text.top)

    def layout(self, size: tuple[int, int]) -> None:
        self.frame = LessonLayout.fit(size, *self.PANEL)
        self.view.layout(self.frame.board)
        self.controls.build(self.frame, self.next_label(), self.COMMANDS, self.PREFIX)
        self.painter.forget_layout()
        self._refresh_buttons(force=True)

    def enter(self) -> None:
        super().enter()
        self.view.settings = self.app.settings

    def _refresh_view_buttons(self, force: bool) -> None:
        """The board's own buttons (Confirm, Pass…) while the learner may act, else none."""
        player = self.input_player()
        specs = self.view.buttons(player) if player is not None else []
        self.controls.show_view_buttons(specs, self.frame.view_buttons, force)

    # -- the marks' clock ---------------------------------------------------------------------------
    def marks_clock(self) -> float:
        """The clock the marks breathe by: it runs for :data:`BREATHE_SECONDS` after they change (a
        new step, a "Show me"), then holds, so the rings catch the eye and then keep still — a screen
        left open costs no more than any other still screen."""
        key = self.marks_key()
        if key != self._marks_key:
            self._marks_key = key
            self._marks_since = self.clock
        return min(self.clock, self._marks_since + BREATHE_SECONDS)

    def marks_breathing(self) -> bool:
        self.marks_clock()
        return self.clock < self._marks_since + BREATHE_SECONDS

    # -- events -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.keys.heard(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.view.hover(event.pos if self.frame.board.collidepoint(event.pos) else None)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if over_window(self.ui, event.pos):
                return
            if event.button == 1 and self.frame.board.collidepoint(event.pos):
                self._board_click(event.pos)
            elif event.button == 3 and self.view.cancel():
                self.note = None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            action = released(self.view, event.pos, self.input_player())
            if action is not None:
                self._apply(action)

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if not ctrl and self.keys.key(event):  # the cursor and Tab, when the keyboard has them
            return
        if not ctrl and event.key not in (pygame.K_ESCAPE, pygame.K_F1):
            # typed orders (Elasta's digits, Enter to confirm) go to the view first
            action = typed(self.view, event, self.input_player())
            if action is not None:
                self._apply(action)
                return
        commands = self.commands()
        if ctrl and event.key == self.AGAIN_KEY:
            commands["restart"]()
        elif event.key == pygame.K_h and not ctrl:
            commands["show"]()
        elif event.key == pygame.K_F1:
            commands["rules"]()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.may_go_on():
            commands["next"]()
        elif event.key == pygame.K_ESCAPE:
            if self._close_rules():
                return
            if self.view.cancel():
                self.note = None
            else:
                commands["lessons"]()

    def _button(self, element: Any) -> None:
        command = self.controls.command(element)
        if command is not None:
            self.commands()[command]()
            return
        key = self.controls.view_key(element)
        player = self.input_player()
        if key is not None and player is not None:
            self._apply(self.view.press(key, player))

    def _board_click(self, pos: tuple[int, int]) -> None:
        player = self.input_player()
        if player is None:
            if self.view.busy:
                self.view.finish_animation()
            else:
                said = self.idle_note()
                if said is not None:
                    self.note = Feedback(said, HINT)
            return
        self._apply(self.view.handle_click(pos, player))

    def _apply(self, action: ViewAction) -> None:
        """What the board made of the learner's input: a whole move is a try, words go to the panel."""
        if action.heard:
            self.app.sound.announce(action.heard)
        if action.move is not None and action.player is not None:
            self.try_move(action.move)
        elif action.message is not None:
            self.note = Feedback(action.message, REFUSED if action.error else HINT)
        else:
            self.note = None
        self._refresh_buttons()

    # -- the rules window ---------------------------------------------------------------------------
    def open_rules(self) -> None:
        from scenes.kit.failures import failure_sentence
        from scenes.shell.windows.rules import open_rules_window

        self._close_rules()
        try:
            self._rules_window = open_rules_window(self.ui, self.info)
        except Exception as exc:
            self.app.toast(failure_sentence("The rules could not be opened", exc))

    def _close_rules(self) -> bool:
        window, self._rules_window = self._rules_window, None
        if window is not None and window.alive():
            window.kill()
            return True
        return False
