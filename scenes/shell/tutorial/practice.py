"""Practise your mistakes (issue #32, item 4): after a game's analysis, the player is put back in each
position where they made a mistake or a blunder and asked for a better move.

``app.open("practice", match, analysis, players)`` over the match screen's review; leaving pops back
to it as it was (nothing here touches the game reviewed). The screen is a lesson's: the same layout,
panel, feedback boxes and stars (:mod:`.panel`, :mod:`.layout`, :mod:`.controls`, :mod:`.keys`), so
a player who did the lessons knows it at once. What is practised and how a try is judged is
:mod:`game.practice`'s:

1. each position is shown on the game's own board (a copy of the game up to that move, so the move
   that led there is on the board), the learner's clicks going to the view as in a match;
2. a try the rules refuse, the move played in the game and the analysis's better move are judged at
   once; any other move is read by the analysis worker (a reading of Epaminondas takes up to a third
   of a second), "Checking your move…" meanwhile;
3. a move not good enough is taken back with what it keeps; a good one is played on the board, with
   stars: three at the first try, two at the second, one after that or after "Show me" (which draws
   the better move); Undo puts the position back to try another move.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import practice
from game.core import GameError, Move
from game.match import HUMAN, Match, Seat
from scenes.kit.app import Scene
from scenes.kit.board_view import BoardView, ViewAction
from scenes.kit.pacing import GENTLE, NOW, sooner
from scenes.kit.registry import make_view
from scenes.kit.view_host import over_window, released, typed
from scenes.shell.tutorial.controls import LessonControls
from scenes.shell.tutorial.keys import LessonKeys
from scenes.shell.tutorial.layout import LessonLayout
from scenes.shell.tutorial.panel import HINT, REFUSED, RIGHT, WRONG, Feedback
from scenes.shell.tutorial.practice_panel import PracticePainter

if TYPE_CHECKING:
    from game.analysis import Analysis
    from scenes.kit import marks
    from scenes.kit.app import App

COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("show", "Show me", "Show the better move (H): one star at most after that"),
    ("restart", "Undo", "Put the position back to try another move (Ctrl+Z)"),
    ("rules", "Rules", "The rules of the game (F1)"),
    ("lessons", "Review", "Back to the game's review (Esc)"),
    ("next", "Next position", "On to the next position (Enter)"),
)
"""The panel's five places (:meth:`LessonLayout.button_rects`), as the practice uses them."""
PANEL_SHARE, PANEL_LEAST = 0.26, 270
"""The panel is narrower than a lesson's: a whole game's board (Nelaxtam's twelve files at 1024x640)
needs the room more than the panel's words do."""
STARS_SECONDS = 1.0
BREATHE_SECONDS = 4.0
POLL = 0.05
"""Seconds between looks at the worker while a try is read."""


def stars_for(tries: int, shown: bool) -> int:
    """Three stars for a better move found at the first try, two at the second, one after that or
    once the answer was shown."""
    if shown or tries >= 3:
        return 1
    return 3 if tries <= 1 else 2


class PracticeScreen(Scene):
    """``PracticeScreen(app, match, analysis, players)``: the mistakes and blunders of ``players``
    (by default the match's people, else everyone) in ``match``, as ``analysis`` found them."""

    name = "practice"

    def __init__(
        self, app: App, match: Match, analysis: Analysis, players: Sequence[str] | None = None
    ) -> None:
        super().__init__(app)
        self.match = match
        self.info = match.game
        chosen = list(players) if players else (match.humans() or list(self.info.players))
        self.players = tuple(chosen)
        self.positions = practice.positions(match.initial, match.move_texts(), analysis, chosen)
        if not self.positions:
            raise GameError("There are no mistakes or blunders to practise in this game.")
        self.record = match.public_record()
        self.stars: list[int] = [0] * len(self.positions)
        """The stars earned at each position (0: not found yet)."""
        self.frame = LessonLayout()
        self.controls = LessonControls(self.ui)
        self.painter = PracticePainter(self)
        self.keys = LessonKeys(self)
        self.clock = 0.0
        self.finished_at: float | None = None
        self.waiting: int | None = None
        """The worker's request id while a try is read."""
        self._trying: Move | None = None
        self._rules_window: Any = None
        self._go(0)

    # -- one position -------------------------------------------------------------------------------
    @property
    def position(self) -> practice.Position:
        return self.positions[min(self.index, len(self.positions) - 1)]

    @property
    def learner(self) -> str:
        return self.position.player

    @property
    def done(self) -> bool:
        """Every position was gone through: the panel shows the stars of them all."""
        return self.finished_at is not None

    def _go(self, index: int) -> None:
        """Show position ``index`` afresh: no tries yet, nothing shown."""
        self.index = index
        self.tries = 0
        self.shown_answer = False
        self.found_at: float | None = None
        self.verdict: Feedback | None = None
        self.note: Feedback | None = None
        self.shown: marks.Marks | None = None
        self.show_text = ""
        self._cancel_wait()
        self._set_up_board()

    def _set_up_board(self) -> None:
        """The game replayed up to the position (its last move on the board), the other side's actual
        orders sealed face down in a game of secret orders, and a fresh board view of it."""
        position = self.position
        seats = {p: Seat(HUMAN) for p in self.info.players}  # as a lesson's: no computer "thinking"
        board = Match(self.info, dict(self.match.options), seats)
        for text in self.match.move_texts()[: position.ply - 1]:
            board.play_text(text)
        for other, move in position.others.items():
            board.submit(other, move)
        self.board = board
        self.view: BoardView = make_view(board, self.app.settings)
        self.view.announce = self.app.sound.announce
        self.view.set_state(board.state)
        if self.frame.board.width:
            self.view.layout(self.frame.board)
        self.played = False
        """A good move is on the board (Undo puts the position back)."""

    @property
    def found(self) -> bool:
        return self.found_at is not None

    @property
    def view_buttons(self) -> dict[str, Any]:
        return self.controls.view_buttons

    @property
    def text_rect(self) -> pygame.Rect:
        """The panel's words: down to the board's buttons while there are any, else further down."""
        text = self.frame.text
        if self.controls.view_buttons:
            return text
        return pygame.Rect(text.left, text.top, text.width, self.frame.buttons_top - 14 - text.top)

    def task(self) -> str:
        """ "Move 14: you played … and lost 22% of your winning chance. Find a better move." (with
        whose move it was when two people's mistakes are practised)."""
        said = self.position.task()
        if len(self.players) > 1:
            said = f"{self.info.player_title(self.learner)}, {said[:1].lower()}{said[1:]}"
        return said

    def input_player(self) -> str | None:
        """The learner, while the board may take a try."""
        if self.done or self.played or self.waiting is not None or self.view.busy:
            return None
        return self.learner

    # -- layout and lifecycle -----------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self.frame = LessonLayout.fit(size, PANEL_SHARE, PANEL_LEAST)
        self.view.layout(self.frame.board)
        self.controls.build(self.frame, self._next_label(), COMMANDS, "practice")
        self.painter.forget_layout()
        self._refresh_buttons(force=True)

    def _next_label(self) -> str:
        if self.done:
            return "Back to the review"
        return "Next position" if self.index + 1 < len(self.positions) else "See your stars"

    def enter(self) -> None:
        super().enter()
        self.view.settings = self.app.settings

    def leave(self) -> None:
        self._cancel_wait()

    def _refresh_buttons(self, force: bool = False) -> None:
        player = self.input_player()
        specs = self.view.buttons(player) if player is not None else []
        self.controls.show_view_buttons(specs, self.frame.view_buttons, force)
        self.controls.set_enabled("show", not self.done and not self.played and self.waiting is None)
        self.controls.set_enabled("restart", not self.done and self.played)
        next_button = self.controls.buttons.get("next")
        if next_button is not None and next_button.text != self._next_label():
            next_button.set_text(self._next_label())

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
        if not ctrl and self.keys.key(event):
            return
        if not ctrl and event.key not in (pygame.K_ESCAPE, pygame.K_F1):
            action = typed(self.view, event, self.input_player())
            if action is not None:
                self._apply(action)
                return
        if ctrl and event.key == pygame.K_z:
            self.undo()
        elif event.key == pygame.K_h and not ctrl:
            self.show_me()
        elif event.key == pygame.K_F1:
            self.open_rules()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and (self.found or self.done):
            self.next_position()
        elif event.key == pygame.K_ESCAPE:
            if self._close_rules():
                return
            if self.view.cancel():
                self.note = None
            else:
                self.back_to_review()

    def _button(self, element: Any) -> None:
        command = self.controls.command(element)
        if command is not None:
            {
                "show": self.show_me,
                "restart": self.undo,
                "rules": self.open_rules,
                "lessons": self.back_to_review,
                "next": self.next_position,
            }[command]()
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
            elif self.played:
                self.note = Feedback("Undo puts the position back to try another move.", HINT)
            return
        self._apply(self.view.handle_click(pos, player))

    def _apply(self, action: ViewAction) -> None:
        """What the board made of a click: a whole move is a try, words go to the panel."""
        if action.heard:
            self.app.sound.announce(action.heard)
        if action.move is not None and action.player is not None:
            self.try_move(action.move)
        elif action.message is not None:
            self.note = Feedback(action.message, REFUSED if action.error else HINT)
        else:
            self.note = None
        self._refresh_buttons()

    # -- a try --------------------------------------------------------------------------------------
    def try_move(self, move: Move) -> None:
        """Judge ``move``: at once when no reading is needed, else in the analysis worker."""
        if self.input_player() is None:
            return
        self.note = None
        position = self.position
        verdict = practice.quick_verdict(position, move)
        if verdict is not None:
            self.settle_try(move, verdict)
            return
        self._take_back()  # the board shows the position while the move is read
        self._trying = move
        try:
            text = position.before.move_to_text(position.player, move)
            self.waiting = self.app.analysis_worker.practise(self.record, practice.query(position, text))
        except Exception as exc:  # no worker: judged here (a third of a second at most)
            logging.getLogger(__name__).warning("the practice worker could not start: %s", exc)
            self.waiting = None
            self.settle_try(move, practice.judge(position, move))
        self._refresh_buttons()

    def _poll(self) -> None:
        """The worker's verdict on the try in flight, when it has come."""
        if self.waiting is None or self._trying is None:
            return
        move = self._trying
        try:
            result = self.app.analysis_worker.poll()
            if result is None or result.request_id != self.waiting:
                return
            if result.error or not result.move_text:
                raise ValueError(result.error or "no answer")
            verdict = practice.read_verdict(result.move_text)
        except Exception as exc:  # judged here instead: the player is never left waiting
            logging.getLogger(__name__).warning("the practice worker failed: %s", exc)
            verdict = practice.judge(self.position, move)
        self.waiting, self._trying = None, None
        self.settle_try(move, verdict)

    def settle_try(self, move: Move, verdict: practice.Verdict) -> None:
        """Show ``verdict`` on the try ``move``: taken back with the reason, or played with stars."""
        self.shown = None if verdict.ok else self.shown
        if verdict.kind == practice.ILLEGAL:
            self.note = Feedback(verdict.why, REFUSED)
            self.app.sound.announce("illegal")
            self._take_back()
            self._refresh_buttons()
            return
        self.tries += 1
        if not verdict.ok:
            self.verdict = Feedback(verdict.why, WRONG)
            self.app.sound.announce("illegal")
            self._take_back()
            self._refresh_buttons()
            return
        self.verdict = Feedback(verdict.why, RIGHT)
        if not self.found:
            self.found_at = self.clock
            self.stars[self.index] = stars_for(self.tries, self.shown_answer)
            self.app.sound.announce("win")
        self._play(move)
        self._refresh_buttons()

    def _take_back(self) -> None:
        """The position again, without any move half given (a fresh board for secret orders)."""
        if self.position.simultaneous:
            self._set_up_board()
            self._refresh_buttons(force=True)
        else:
            self.view.set_state(self.board.state)

    def _play(self, move: Move) -> None:
        """The good move on the board, animated (with the other side's actual orders revealed, in a
        game of secret orders)."""
        turn = None
        with contextlib.suppress(GameError):
            turn = self.board.submit(self.learner, move)
        if turn is None:
            return
        self.played = True
        if self.position.simultaneous:
            self._seal_next()
        self.view.set_hidden([])
        self.view.set_state(self.board.state, animate_from=turn)
        self.view.timeline.cue_if_silent("move")

    def _seal_next(self) -> None:
        """After a good order in a game of secret orders, the other side's next orders of the game
        sealed face down where they still fit (as a finished lesson does), so the board reads "the
        other side has sealed" rather than offering their row as if they were to act."""
        turns, ply = self.match.turns, self.position.ply
        if ply >= len(turns) or self.board.state.over:
            return
        for other, move in turns[ply].moves.items():
            if other != self.learner and other in self.board.state.to_move():
                with contextlib.suppress(GameError):
                    self.board.submit(other, move)

    def _cancel_wait(self) -> None:
        if getattr(self, "waiting", None) is not None:
            with contextlib.suppress(Exception):
                self.app.analysis_worker.cancel()
        self.waiting, self._trying = None, None

    # -- commands -----------------------------------------------------------------------------------
    def show_me(self) -> None:
        """Draw the analysis's better move on the board: one star at most for this position."""
        if self.done or self.played or self.waiting is not None:
            return
        better = self.position.better
        if better is None:
            return
        self.shown_answer = True
        try:
            self.shown = self.view.marks_for_move(self.learner, better)
        except Exception:  # a view that cannot draw it: the words say it
            self.shown = None
        phrase = better
        with contextlib.suppress(Exception):
            move = self.position.better_move()
            if move is not None:
                phrase = self.position.before.move_words(self.learner, move)
        self.show_text = f"Show me: {phrase}."
        self._refresh_buttons()

    def undo(self) -> None:
        """The position back, to try another move (the stars earned stay)."""
        if self.done or not self.played:
            return
        self.verdict = None
        self.note = None
        self._set_up_board()
        self._refresh_buttons(force=True)

    def next_position(self) -> None:
        """On to the next position; after the last, the stars of them all; then back to the review."""
        if self.done:
            self.back_to_review()
            return
        if self.index + 1 < len(self.positions):
            self._go(self.index + 1)
            self._refresh_buttons(force=True)
        else:
            self._cancel_wait()
            self.finished_at = self.clock
            self.app.sound.announce("win" if all(self.stars) else "move")
            self._refresh_buttons(force=True)

    def back_to_review(self) -> None:
        """Leave: the review below is as it was."""
        self._cancel_wait()
        if self.app.top is self:
            self.app.pop()

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

    # -- frame --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.view.update(dt)
        self._poll()
        self._refresh_buttons()

    def next_frame(self) -> float | None:
        """The board's motion, the stars popping in, the worker looked at while a try is read."""
        if self.view.busy:
            return NOW
        since = self.finished_at if self.done else self.found_at
        popping = since is not None and self.clock - since < STARS_SECONDS
        return sooner(
            self.view.next_frame(),
            NOW if popping else None,
            POLL if self.waiting is not None else None,
            GENTLE if self.shown and self.clock < self._marks_since + BREATHE_SECONDS else None,
        )

    _marks_key = 0
    _marks_since = 0.0

    def marks_clock(self) -> float:
        """The clock "Show me"'s marks breathe by: for :data:`BREATHE_SECONDS` after they appear,
        then still (as a lesson's)."""
        if id(self.shown) != self._marks_key:
            self._marks_key = id(self.shown)
            self._marks_since = self.clock
        return min(self.clock, self._marks_since + BREATHE_SECONDS)

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)


__all__ = ["PracticeScreen", "stars_for"]
