"""What both tutorial screens need to know about a game's lessons: which there are, how far the
player got, which comes next, and the practice game that closes them.

No drawing here: the lessons list and the lesson screen draw; this module answers questions, so the
two screens (which never import each other) agree on what "the next lesson" means.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.core import GameError, GameInfo
from game.lessons import Lesson, LessonRun, lessons_for
from game.match import AI, HUMAN, Match, Seat

if TYPE_CHECKING:
    from scenes.kit.app import App

PRACTICE_LEVEL = "easy"


def lessons(info: GameInfo) -> tuple[Lesson, ...]:
    """The game's lessons, or none (a game whose lessons fail to import has none, for the screens:
    the error is ``python -m game lessons GAME --check``'s to report)."""
    try:
        return lessons_for(info.id)
    except Exception:
        return ()


def stars_of(app: App, info: GameInfo) -> list[int]:
    """The best stars of each lesson, in order (0: not finished yet)."""
    return [app.progress.stars(info.id, lesson.id) for lesson in lessons(info)]


def next_index(app: App, info: GameInfo) -> int:
    """The first lesson not finished yet; past the last one (the practice game) when all are done."""
    earned = stars_of(app, info)
    return next((i for i, s in enumerate(earned) if s == 0), len(earned))


def usual_side(app: App, info: GameInfo) -> str:
    """The side the player usually takes: the one last chosen in the new-game screen, else the side
    most lessons are played from, else the first player."""
    from saves.settings import new_game_choices

    side = new_game_choices(app.settings, info.id).get("side")
    if side in info.players:
        return str(side)
    learners = Counter(lesson.learner for lesson in lessons(info) if lesson.learner in info.players)
    return learners.most_common(1)[0][0] if learners else info.players[0]


def practice_match(app: App, info: GameInfo) -> Match:
    """A normal game against the computer at its easiest, the player on their usual side, with the
    options last chosen for this game (or the defaults, if those are no longer valid)."""
    from saves.settings import new_game_choices

    side = usual_side(app, info)
    seats = {p: Seat(HUMAN) if p == side else Seat(AI, PRACTICE_LEVEL) for p in info.players}
    options = new_game_choices(app.settings, info.id).get("options")
    if isinstance(options, dict):
        try:
            return Match(info, {str(k): str(v) for k, v in options.items()}, seats)
        except GameError:
            pass
    return Match(info, {}, seats)


def seal_script_orders(run: LessonRun) -> bool:
    """In a simultaneous game, seal the script's orders for this turn before the learner gives
    theirs, as the computer does in a real game: the board then shows the other side's orders face
    down ("sealed") and the learner's own face up, and the reveal shows both together.

    The run plays the whole turn itself when the learner's move is accepted (and clears these), so
    this only changes what the board shows. True if orders were sealed now; a script whose orders
    cannot be read raises GameError (the lesson's data is wrong)."""
    step = run.step
    if step is None or step.reply is None or not run.simultaneous or not run.learner_to_move():
        return False
    sealed = False
    for other in run.state.to_move():
        if other != run.lesson.learner and other not in run.match.pending:
            run.match.submit(other, run.state.parse_move(other, step.reply))
            sealed = True
    return sealed


def seal_after_finish(run: LessonRun) -> None:
    """After the last step of a simultaneous lesson, seal one of the script's orders once more, so the
    board reads "the other side has sealed, your move" rather than offering the other side's row as
    if it were to act. Never revealed: the lesson is over. Nothing is sealed if no order fits."""
    if not run.finished or not run.simultaneous or run.state.over:
        return
    replies = [step.reply for step in reversed(run.lesson.steps) if step.reply]
    for other in run.state.to_move():
        if other == run.lesson.learner or other in run.match.pending:
            continue
        for text in replies:
            try:
                run.match.submit(other, run.state.parse_move(other, text))
                break
            except GameError:
                continue
