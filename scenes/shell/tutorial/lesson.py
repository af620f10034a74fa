"""The lesson screen: one lesson of any game, played on that game's own board with a lesson panel.

``app.open("lesson", info, index)``. The flow belongs to :class:`game.lessons.LessonRun` (which
step, whether a move does the job, the stars); this screen is its picture, as the match screen is
the picture of a :class:`~game.match.Match`:

1. the learner's clicks, drags, keys and the board's buttons go to the view exactly as in a match
   (``handle_click``/``handle_release``/``handle_key``/``press``), and a move the view hands back
   goes to ``run.try_move`` instead of ``match.submit``;
2. a refused move is "taken back": the board shows the same position again, and the panel says why
   in red (the rules' reason for an illegal move, the lesson's own words for a legal wrong one);
3. an accepted move animates, then the script's reply (if any) animates, then the next step's words
   appear; in a simultaneous game the run plays both sides' orders as one turn and the board's
   reveal shows them together;
4. after the last step: the outro, the stars, and the best result saved (``app.progress``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core import GameError, GameInfo
from game.lessons import LessonRun
from scenes.kit import marks
from scenes.kit.board_view import BoardView
from scenes.kit.failures import failure_sentence
from scenes.kit.pacing import GENTLE, NOW, sooner
from scenes.kit.registry import make_view
from scenes.shell.tutorial import catalogue
from scenes.shell.tutorial.panel import REFUSED, RIGHT, WRONG, Feedback, LessonPainter
from scenes.shell.tutorial.tries import BREATHE_SECONDS as BREATHE_SECONDS  # test_idle reads it here
from scenes.shell.tutorial.tries import BoardTries

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.core import Move
    from scenes.kit.app import App

REPLY_PAUSE = 0.45
"""Seconds between the learner's move coming to rest and the other side's answer (at normal speed),
so the two are seen as two moves."""
STARS_SECONDS = 1.0
"""How long the finished lesson's stars take to pop in (the panel draws them from the clock)."""


class LessonScreen(BoardTries):
    """``LessonScreen(app, info, index)``: lesson ``index`` of ``info``'s lessons (the learner's input
    and the panel's buttons as the practice screen's, :class:`~.tries.BoardTries`)."""

    name = "lesson"

    def __init__(self, app: App, info: GameInfo, index: int = 0) -> None:
        super().__init__(app)
        self.info = info
        self.lessons = catalogue.lessons(info)
        if not self.lessons:
            raise GameError(f"{info.title} has no lessons yet")
        self.index = max(0, min(int(index), len(self.lessons) - 1))
        self.lesson = self.lessons[self.index]
        self.count = len(self.lessons)
        self.learner = self.lesson.learner
        self.painter = LessonPainter(self)
        self.keep_progress = True
        """False for the showcase's pictures: a screenshot must not hand out stars."""
        self._start()

    def _start(self) -> None:
        """A fresh run of the lesson on a fresh board (first entry and Restart)."""
        self.run = LessonRun(self.info, self.lesson)
        self.verdict: Feedback | None = None
        self.note: Feedback | None = None
        self._seal()
        self.view: BoardView = self._make_view()
        self.shown: marks.Marks | None = None
        self.show_text = ""
        self.reply_due: str | None = None
        self.reply_wait = 0.0
        self.completed_at: float | None = None
        self.best_before = self.app.progress.stars(self.info.id, self.lesson.id)

    def _make_view(self) -> BoardView:
        view = make_view(self.run.match, self.app.settings)
        view.announce = self.app.sound.announce  # the board's own moments, cued in its animation
        view.set_state(self.run.state)
        if self.frame.board.width:
            view.layout(self.frame.board)
        return view

    # -- what the panel reads -------------------------------------------------------------------------
    @property
    def completed(self) -> bool:
        return self.completed_at is not None

    @property
    def waiting_for(self) -> str | None:
        """A line while the other side's scripted answer is on its way."""
        if self.reply_due is None:
            return None
        others = [p for p in self.info.players if p != self.learner]
        who = self.info.player_title(others[0]) if others else "The other side"
        return f"{who} answers…"

    def marks_key(self) -> object:
        """The marks change with the step, a "Show me", the reply on its way and the end."""
        return (id(self.run.step), id(self.shown), self.reply_due is None, self.completed)

    def step_marks(self) -> marks.Marks | None:
        """The current step's rings and arrows, while the learner is to act on it."""
        step = self.run.step
        if step is None or self.reply_due is not None or self.completed:
            return None
        return marks.Marks(rings=list(step.targets), arrows=list(step.arrows))

    def input_player(self) -> str | None:
        """The learner, when the board may take their input now."""
        if self.completed or self.reply_due is not None or self.view.busy or not self.run.learner_to_move():
            return None
        return self.learner

    # -- the panel's answers -------------------------------------------------------------------------
    def next_label(self) -> str:
        return "Next lesson" if self.index + 1 < self.count else "Practice game"

    def _refresh_buttons(self, force: bool = False) -> None:
        self._refresh_view_buttons(force)
        self.controls.set_enabled("next", self.completed)
        self.controls.set_enabled("show", self.run.step is not None and not self.completed)

    def commands(self) -> dict[str, Callable[[], None]]:
        return {
            "restart": self.restart,
            "show": self.show_me,
            "rules": self.open_rules,
            "lessons": self.to_lessons,
            "next": self.next_lesson,
        }

    def may_go_on(self) -> bool:
        return self.completed

    def idle_note(self) -> str | None:
        return "This lesson is done: on to the next one, or Restart." if self.completed else None

    # -- the lesson -----------------------------------------------------------------------------------
    def try_move(self, move: Move) -> None:
        """Give the learner's move to the lesson: refused → taken back with the reason; accepted →
        animated, then the reply."""
        self.shown = None
        self.show_text = ""
        self.note = None
        verdict = self.run.try_move(move)
        if not verdict.ok:
            self.verdict = Feedback(verdict.why, WRONG)
            self.app.sound.announce("illegal")
            self._take_back()
            return
        self.verdict = Feedback(verdict.why, RIGHT)
        self._show_last_turn()
        self.reply_due = verdict.reply
        self.reply_wait = REPLY_PAUSE * self.view.animation_scale()

    def _take_back(self) -> None:
        """Show the position before the refused move. A simultaneous game's board keeps the orders
        being drafted while the position stands, so it gets a fresh board: the move is gone."""
        if self.run.simultaneous:
            self.view = self._make_view()
            self._refresh_buttons(force=True)
        else:
            self.view.set_state(self.run.state)

    def _show_last_turn(self) -> None:
        self.view.set_hidden([])
        self.view.set_state(self.run.state, animate_from=self.run.match.turns[-1])
        self.view.timeline.cue_if_silent("move")

    def _play_reply(self) -> None:
        reply, self.reply_due = self.reply_due, None
        if reply is None:
            return
        try:
            self.run.play_reply(reply)
        except GameError as exc:  # the lesson's data is wrong: say so rather than crash
            self.note = Feedback(f"This lesson's answer could not be played ({exc}).", REFUSED)
            return
        self._show_last_turn()

    def _seal(self) -> None:
        """The other side's secret orders go in first, face down (simultaneous games only)."""
        try:
            catalogue.seal_script_orders(self.run)
        except GameError as exc:  # the lesson's data is wrong: say so rather than crash
            self.note = Feedback(f"This lesson's orders for the other side cannot be used ({exc}).", REFUSED)

    def _complete(self) -> None:
        """The last step is done and every move has come to rest: stars, saved if they are a best."""
        self.completed_at = self.clock
        self.app.sound.announce("win")  # the lesson is learnt
        catalogue.seal_after_finish(self.run)
        if self.keep_progress:
            try:
                self.app.progress.record(self.info.id, self.lesson.id, self.run.stars)
            except (OSError, ValueError) as exc:
                self.app.toast(failure_sentence("Your stars could not be saved", exc), 6.0)
        self._refresh_buttons()

    # -- commands -------------------------------------------------------------------------------------
    def restart(self) -> None:
        self._start()
        self._refresh_buttons(force=True)

    def show_me(self) -> None:
        """Draw the model answer on the board: arrows along the squares it names, or the places to
        click; the notation is written in the panel too."""
        step = self.run.step
        if step is None or self.completed:
            return
        try:
            model = step.model
        except ValueError:
            return
        gestures = None
        try:
            gestures = self.view.gestures_for(self.learner, model)
        except Exception:  # a view still learning to answer must not break the lesson
            gestures = None
        self.run.show()
        self.shown = self.view.marks_for_move(self.learner, model)
        # the marks say it on the board; the notation only where nothing could be drawn (it may name
        # a direction rather than the squares travelled, so beside an arrow it would confuse)
        what = "follow the green marks" if self.shown else model
        self.show_text = f"Show me: {what}" + _extra_steps(gestures)

    def next_lesson(self) -> None:
        if not self.completed:
            return
        if self.index + 1 < self.count:
            self.app.replace(self.app.make("lesson", self.info, self.index + 1))
        else:
            self.app.open_match(catalogue.practice_match(self.app, self.info))

    def to_lessons(self) -> None:
        """Back to the list: the one below when we came from it, else a fresh one in our place."""
        below = self.app.stack[-2] if len(self.app.stack) > 1 else None
        if below is not None and below.name == "lessons" and getattr(below, "info", None) == self.info:
            self.app.pop()
        else:
            self.app.replace(self.app.make("lessons", self.info))

    # -- frame ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.view.update(dt)
        if not self.view.busy:
            if self.reply_due is not None:
                self.reply_wait -= dt
                if self.reply_wait <= 0:
                    self._play_reply()
            elif self.run.finished and not self.completed:
                self._complete()
            elif self.run.simultaneous and not self.run.match.pending:
                self._seal()
        self._refresh_buttons()

    def next_frame(self) -> float | None:
        """The board's motion; the marks breathing at a gentle rate; the reply's pause and the
        stars popping in at the end; still otherwise."""
        if self.view.busy:
            return NOW
        popping = self.completed_at is not None and self.clock - self.completed_at < STARS_SECONDS
        return sooner(
            self.view.next_frame(),
            NOW if popping else None,
            max(0.0, self.reply_wait) if self.reply_due is not None else None,
            GENTLE if (self.step_marks() or self.shown) and self.marks_breathing() else None,
        )

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)


def _extra_steps(gestures: Any) -> str:
    """What "Show me" adds in words for the parts of a move that are not on the board."""
    if not gestures:
        return "."
    typed = "".join(g.text for g in gestures if g.kind == "key" and g.text)
    pressed = [str(g.key) for g in gestures if g.kind == "button"]
    parts = []
    if typed:
        parts.append(f"type {typed}")
    if pressed:
        names = [p.replace("-", " ").title() for p in dict.fromkeys(pressed)]
        parts.append("then " + " and ".join(names))
    return (", " + ", ".join(parts) + ".") if parts else "."
