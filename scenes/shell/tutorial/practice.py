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
   the better move); Undo puts the position back to try another move;
4. the best stars of each position are kept as a lesson's are (``app.practice_stars``,
   :mod:`saves.practice_stars`) the moment they are earned, and shown at the next visit: "Your best
   here" beside the task, and on the last page beside each position's stars of this visit.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game import practice
from game.core import GameError, Move
from game.match import HUMAN, Match, Seat
from saves.practice_stars import position_id
from scenes.kit.board_view import BoardView
from scenes.kit.failures import failure_sentence
from scenes.kit.pacing import GENTLE, NOW, sooner
from scenes.kit.registry import make_view
from scenes.shell.tutorial.panel import REFUSED, RIGHT, WRONG, Feedback
from scenes.shell.tutorial.practice_panel import PracticePainter
from scenes.shell.tutorial.tries import BoardTries

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
POLL = 0.05
"""Seconds between looks at the worker while a try is read."""


def stars_for(tries: int, shown: bool) -> int:
    """Three stars for a better move found at the first try, two at the second, one after that or
    once the answer was shown."""
    if shown or tries >= 3:
        return 1
    return 3 if tries <= 1 else 2


class PracticeScreen(BoardTries):
    """``PracticeScreen(app, match, analysis, players)``: the mistakes and blunders of ``players``
    (by default the match's people, else everyone) in ``match``, as ``analysis`` found them. The
    learner's input and the panel's buttons are the lesson screen's (:class:`~.tries.BoardTries`)."""

    name = "practice"
    AGAIN_KEY = pygame.K_z
    COMMANDS = COMMANDS
    PREFIX = "practice"
    PANEL = (PANEL_SHARE, PANEL_LEAST)

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
        """The stars earned at each position in this visit (0: not found yet)."""
        moves = match.move_texts()
        self.position_ids = [position_id(match.options, moves[: p.ply], p.player) for p in self.positions]
        """The names each position's best stars are kept under (:func:`saves.practice_stars.position_id`)."""
        self.kept = [self._kept_stars(i) for i in range(len(self.positions))]
        """The best stars kept at each position before this visit (0: none yet)."""
        self.painter = PracticePainter(self)
        self.finished_at: float | None = None
        self.waiting: int | None = None
        """The worker's request id while a try is read."""
        self._trying: Move | None = None
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

    # -- the panel's answers -----------------------------------------------------------------------
    def next_label(self) -> str:
        if self.done:
            return "Back to the review"
        return "Next position" if self.index + 1 < len(self.positions) else "See your stars"

    def leave(self) -> None:
        self._cancel_wait()

    def _refresh_buttons(self, force: bool = False) -> None:
        self._refresh_view_buttons(force)
        self.controls.set_enabled("show", not self.done and not self.played and self.waiting is None)
        self.controls.set_enabled("restart", not self.done and self.played)
        next_button = self.controls.buttons.get("next")
        if next_button is not None and next_button.text != self.next_label():
            next_button.set_text(self.next_label())

    def commands(self) -> dict[str, Callable[[], None]]:
        return {
            "show": self.show_me,
            "restart": self.undo,
            "rules": self.open_rules,
            "lessons": self.back_to_review,
            "next": self.next_position,
        }

    def may_go_on(self) -> bool:
        return self.found or self.done

    def idle_note(self) -> str | None:
        return "Undo puts the position back to try another move." if self.played else None

    def marks_key(self) -> object:
        """Only "Show me" draws marks here: they breathe when they appear."""
        return id(self.shown)

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
            self._keep(self.index)
            self.app.sound.announce("win")
        self._play(move)
        self._refresh_buttons()

    def _kept_stars(self, index: int) -> int:
        """The best stars kept at position ``index`` (0 when none, or when they cannot be read: the
        practice goes on without them)."""
        try:
            return int(self.app.practice_stars.stars(self.info.id, self.position_ids[index]))
        except Exception as exc:
            logging.getLogger(__name__).warning("the practice stars could not be read: %s", exc)
            return 0

    def _keep(self, index: int) -> None:
        """Keep the stars just earned at position ``index`` if they are its best."""
        try:
            self.app.practice_stars.record(self.info.id, self.position_ids[index], self.stars[index])
        except (OSError, ValueError) as exc:
            self.app.toast(failure_sentence("Your stars could not be saved", exc), 6.0)

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
            GENTLE if self.shown and self.marks_breathing() else None,
        )

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)


__all__ = ["PracticeScreen", "stars_for"]
