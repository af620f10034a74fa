"""Lessons: one idea of a game on a small real position, as data, and the engine that runs them.

A game's lessons live in ``game/<game>/lessons.py`` as ``LESSONS: tuple[Lesson, ...]``. A lesson is a
position (the game's own position text, or moves from the opening), the side the learner plays,
and a short script of :class:`Step` s: what to do, which moves do the job (or a goal test), marks
and arrows to draw, the lesson's own words for tempting wrong moves, and the other side's scripted
reply. :class:`LessonRun` plays one lesson (the tutorial screen is only its picture, as lichess's
``runCtrl`` is to ``runView``), and :func:`check_lesson` plays every lesson's model answer through
the rules engine, so ``python -m game lessons GAME --check`` proves the data without a window.

Everything is headless: squares and moves are named in the game's notation, and the view of each
game decides where a square is on screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from game.core import GameError, GameInfo, GameState, IllegalMoveError, Move, NotationError, optional_module
from game.match import Match, Seat
from game.register import get as get_game

Goal = Callable[[GameState, GameState, str], bool]
"""``goal(before, after, move_text)``: did the learner's move (the whole turn, for a simultaneous
game) do what the step asks? Used where many moves do the job, e.g. "capture any farmer"."""


@dataclass(frozen=True)
class Step:
    """One thing the learner does, and the other side's answer."""

    say: str
    """What to do now, in a sentence or two (the lesson panel's text)."""
    accept: tuple[str, ...] = ()
    """Moves (the learner's notation) that do the job; the first is the model answer."""
    goal: Goal | None = None
    """Instead of, or beside, ``accept``: any legal move that passes this test does the job."""
    solution: str | None = None
    """The model answer when only ``goal`` is given (``--check`` plays it; "Show me" shows it)."""
    reply: str | None = None
    """The other side's scripted answer: the next turn in an alternating game, the same turn's
    hidden orders in a simultaneous one."""
    wrong: Mapping[str, str] = field(default_factory=dict)
    """Tempting legal moves that don't do the job, and why (the lesson's own words)."""
    otherwise: str = "That is a legal move, but it does not do what this step asks. Try again."
    """Why any other legal move does not do the job."""
    targets: tuple[str, ...] = ()
    """Squares to ring on the board (where to go, what to capture)."""
    arrows: tuple[tuple[str, str], ...] = ()
    """Arrows from square to square (a suggested move, a line of attack)."""
    done: str = ""
    """A word after the step succeeds (shown until the next step's text replaces it)."""

    @property
    def model(self) -> str:
        """The answer ``--check`` plays and "Show me" points at."""
        if self.accept:
            return self.accept[0]
        if self.solution is None:
            raise ValueError(f"step '{self.say[:40]}' has neither accepted moves nor a solution")
        return self.solution


@dataclass(frozen=True)
class Lesson:
    """One idea of the game on one position."""

    id: str
    title: str
    rule: str
    """The rule it teaches, as RULES.md names it (``lessons GAME`` lists it; docs map rules to lessons)."""
    intro: str
    learner: str
    """The player the learner moves (a player name of the game)."""
    steps: tuple[Step, ...]
    position: str | None = None
    """The game's own position text (``GameInfo.position_factory``); None starts from the opening."""
    moves: tuple[str, ...] = ()
    """Whole turns in notation played from the start (or the position) before the lesson begins."""
    options: Mapping[str, str] = field(default_factory=dict)
    par: int | None = None
    """Moves tried (right and wrong) for three stars; defaults to the number of steps."""
    outro: str = "Well done!"
    finish: Callable[[GameState], bool] | None = None
    """Checked after the last step by ``--check`` (e.g. "the elephant has won")."""

    @property
    def par_moves(self) -> int:
        return self.par if self.par is not None else len(self.steps)


@dataclass(frozen=True)
class Verdict:
    """What became of one move the learner tried."""

    ok: bool
    why: str = ""
    """Why the move was refused (the rules' reason, or the lesson's words), or the step's praise."""
    illegal: bool = False
    reply: str | None = None
    """The other side's answer to play next (alternating games), for the screen to animate."""
    finished: bool = False


def lessons_for(game_id: str) -> tuple[Lesson, ...]:
    """The lessons of a game (``game/<game>/lessons.py``), or none if it has no lessons yet."""
    module = optional_module(f"game.{game_id.replace('-', '_')}.lessons")
    if module is None:
        return ()
    lessons: tuple[Lesson, ...] = tuple(module.LESSONS)
    return lessons


def start_match(info: GameInfo, lesson: Lesson) -> Match:
    """The lesson's position as a two-human match (the other side is the lesson's script)."""
    options = info.validate(dict(lesson.options))
    start: GameState | None = None
    if lesson.position is not None:
        if info.position_factory is None:
            raise GameError(f"{info.title} has no position text: give the lesson moves instead")
        start = info.position_factory(lesson.position, options)
    seats = {p: Seat() for p in info.players}
    match = Match(info, options, seats, start=start)
    for text in lesson.moves:
        match.play_text(text)
    return match


def won_by(player: str | None) -> Callable[[GameState], bool]:
    """An end test for ``Lesson.finish``: the game is over and ``player`` won (None: drawn)."""

    def finish(state: GameState) -> bool:
        outcome = state.outcome()
        return outcome is not None and outcome.winner == player

    return finish


def ends_won_by(player: str | None) -> Goal:
    """A step's goal: the learner's move ends the game, won by ``player`` (None: drawn)."""
    finish = won_by(player)

    def goal(_before: GameState, after: GameState, _text: str) -> bool:
        return finish(after)

    return goal


SHOWN_STARS = 2
"""The most a lesson pays once "Show me" gave an answer away: three stars are for finding every
move yourself."""


def stars_for(tried: int, par: int) -> int:
    """Three stars within par, two within par + 2, one for finishing at all."""
    if tried <= par:
        return 3
    return 2 if tried <= par + 2 else 1


class LessonRun:
    """One lesson being played: the match, the current step, the moves tried, the stars."""

    def __init__(self, game: GameInfo | str, lesson: Lesson) -> None:
        self.info = get_game(game) if isinstance(game, str) else game
        self.lesson = lesson
        self.match = start_match(self.info, lesson)
        self.index = 0
        self.tried = 0
        self.mistakes = 0
        self.shown: set[int] = set()
        """The steps whose answer the learner asked to be shown."""
        if lesson.learner not in self.info.players:
            raise GameError(f"lesson '{lesson.id}': {self.info.title} has no player '{lesson.learner}'")

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.lesson.steps[self.index]

    @property
    def simultaneous(self) -> bool:
        return len(self.state.to_move()) > 1

    @property
    def stars(self) -> int:
        if not self.finished:
            return 0
        earned = stars_for(self.tried, self.lesson.par_moves)
        return min(earned, SHOWN_STARS) if self.shown else earned

    def show(self) -> None:
        """The learner was shown the current step's answer (:data:`SHOWN_STARS`)."""
        if not self.finished:
            self.shown.add(self.index)

    def learner_to_move(self) -> bool:
        return not self.finished and self.lesson.learner in self.state.to_move()

    def judge(self, move: Move) -> Verdict:
        """Whether ``move`` does the current step's job; changes nothing."""
        step = self.step
        if step is None:
            return Verdict(False, "This lesson is finished.")
        state = self.state
        player = self.lesson.learner
        try:
            state.check_move(player, move)
        except IllegalMoveError as exc:
            return Verdict(False, _sentence(exc.why), illegal=True)
        text = state.move_to_text(player, move)
        if text in step.accept:
            return Verdict(True, step.done)
        if step.goal is not None:
            after = self._after(state, move, step)
            if after is not None and step.goal(state, after, text):
                return Verdict(True, step.done)
        return Verdict(False, step.wrong.get(text, step.otherwise))

    def try_move(self, move: Move) -> Verdict:
        """Judge ``move``; if it does the job, play it (and, in a simultaneous game, the other side's
        hidden orders in the same turn) and move on to the next step. A refused move changes nothing
        on the board: it is "taken back" with its reason."""
        verdict = self.judge(move)
        self.tried += 1
        if not verdict.ok:
            if not verdict.illegal:
                self.mistakes += 1
            return verdict
        step = self.step
        assert step is not None
        self._play(move, step)
        reply = None if self.simultaneous_reply(step) else step.reply
        self.index += 1
        return Verdict(True, verdict.why, reply=reply, finished=self.finished and reply is None)

    def try_text(self, text: str) -> Verdict:
        """:meth:`try_move` from notation; a move that cannot be read is refused with the reason."""
        try:
            move = self.state.parse_move(self.lesson.learner, text)
        except (NotationError, IllegalMoveError) as exc:
            self.tried += 1
            return Verdict(False, _sentence(exc.why), illegal=True)
        return self.try_move(move)

    def play_reply(self, text: str) -> None:
        """Play the other side's scripted answer (alternating games) after the screen showed the
        learner's move."""
        self.match.play_text(text)

    def simultaneous_reply(self, step: Step) -> bool:
        """Whether the step's reply went into the same turn (hidden orders revealed together)."""
        return step.reply is not None and self._turn_was_joint

    # -- internals -------------------------------------------------------------------------------
    _turn_was_joint: bool = False

    def _after(self, state: GameState, move: Move, step: Step) -> GameState | None:
        """The position after the learner's move (with the scripted orders of the other side, when
        both give orders this turn)."""
        try:
            return state.apply_turn(self._turn(state, move, step))
        except GameError:
            return None

    def _turn(self, state: GameState, move: Move, step: Step) -> dict[str, Move]:
        player = self.lesson.learner
        movers = state.to_move()
        turn: dict[str, Move] = {player: move}
        others = [p for p in movers if p != player]
        if others:
            if step.reply is None:
                raise GameError(f"lesson '{self.lesson.id}': this step needs the other side's orders")
            for other in others:
                turn[other] = state.parse_move(other, step.reply)
        return turn

    def _play(self, move: Move, step: Step) -> None:
        state = self.state
        turn = self._turn(state, move, step)
        self._turn_was_joint = len(turn) > 1
        self.match.pending = {}
        self.match._push(state, turn)


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if not text or text[-1] in ".!?" else text + "."


def check_lesson(info: GameInfo, lesson: Lesson) -> list[str]:
    """Play ``lesson``'s model answers through the rules; every problem found, as a sentence."""
    problems: list[str] = []
    try:
        run = LessonRun(info, lesson)
    except (GameError, ValueError) as exc:
        return [f"the lesson's position cannot be set up: {exc}"]
    if not lesson.steps:
        return ["the lesson has no steps"]
    for number, step in enumerate(lesson.steps, start=1):
        where = f"step {number}"
        if not run.learner_to_move():
            problems.append(f"{where}: the learner ({lesson.learner}) is not to move")
            break
        state = run.state
        for text in step.accept[1:]:
            verdict = _judge_text(run, text)
            if not verdict.ok:
                problems.append(f"{where}: the accepted move '{text}' is refused: {verdict.why}")
        for text in (*step.accept, *step.wrong):
            written = _standard_text(run, text)
            if written is not None and written != text:
                problems.append(f"{where}: the rules write '{text}' as '{written}', so it would never match")
        for text in step.wrong:
            verdict = _judge_text(run, text)
            if verdict.illegal:
                problems.append(
                    f"{where}: the 'wrong' move '{text}' is not even legal ({verdict.why}); "
                    "the rules already refuse it"
                )
            elif verdict.ok:
                problems.append(f"{where}: the 'wrong' move '{text}' does the job")
        for square in (*step.targets, *(s for arrow in step.arrows for s in arrow)):
            if not square:
                problems.append(f"{where}: an empty square name in the marks")
        try:
            model = step.model
        except ValueError as exc:
            problems.append(f"{where}: {exc}")
            break
        verdict = run.try_text(model)
        if not verdict.ok:
            problems.append(f"{where}: the model answer '{model}' is refused: {verdict.why}")
            break
        if verdict.reply is not None:
            try:
                run.play_reply(verdict.reply)
            except GameError as exc:
                problems.append(f"{where}: the reply '{verdict.reply}' cannot be played: {exc}")
                break
        if run.state is state:
            problems.append(f"{where}: the position did not change")
    else:
        if lesson.finish is not None and not lesson.finish(run.state):
            problems.append("after the last step the lesson's end test does not hold")
        if run.mistakes:
            problems.append("the model answers count as mistakes")
    return problems


def _standard_text(run: LessonRun, text: str) -> str | None:
    """How the rules write ``text`` (moves are matched by that spelling), or None if unreadable."""
    player = run.lesson.learner
    try:
        return run.state.move_to_text(player, run.state.parse_move(player, text))
    except (NotationError, IllegalMoveError):
        return None


def _judge_text(run: LessonRun, text: str) -> Verdict:
    try:
        move = run.state.parse_move(run.lesson.learner, text)
    except (NotationError, IllegalMoveError) as exc:
        return Verdict(False, _sentence(exc.why), illegal=True)
    return run.judge(move)
