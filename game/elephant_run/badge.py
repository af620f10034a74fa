"""Elephant Run's "solved" badge (:mod:`game.solved`): who wins an endgame with best play, in words.

Elephant Run can be solved exactly only near its end (see :mod:`game.elephant_run.solver`: each
point the elephant still needs multiplies the work about tenfold). A position is *within reach* when
the elephant needs at most :data:`REACH_NEED` points; even then the answer is given up past
:data:`~game.solved.SOLVE_SECONDS`, and the badge simply stays away. The solver's memo is kept
between requests (one per compound rule, as the hard level keeps its own), so the work of a search
that ran out of time, and the positions a game passes through, make the next question cheap.
Reaches the screen through ``GameInfo.solved_badge``.
"""

from __future__ import annotations

from game import clock
from game.core import GameState, SolvedBadge
from game.elephant_run import starts
from game.elephant_run.board import FULL, square_index, square_name
from game.elephant_run.rules import ELEPHANT, FARMERS, PHASE_PLACE_ELEPHANT, PHASE_PLAY, ElephantRunState
from game.elephant_run.solver import OutOfBudget, Solver, Verdict
from game.solved import SOLVE_SECONDS

REACH_NEED = 6
"""The elephant needs at most this many points: the solver usually answers within the budget (a
quarter of a second at 5 points, 1.5 to 16 s at 6, where the budget cuts the slow ones short)."""

MEMO_LIMIT = 300_000
"""Solved positions kept between requests (about 110 bytes each); past it the memo starts afresh."""

_SOLVERS: dict[bool, Solver] = {}


def within_reach(state: GameState) -> bool:
    """Whether the badge may be asked for ``state`` (cheap: the screen asks after every turn): in
    the play phase, the game not over and the elephant needing at most :data:`REACH_NEED` points;
    at the start, whenever the proved start table (:mod:`.starts`) has something to say."""
    if not isinstance(state, ElephantRunState):
        return False
    if state.phase != PHASE_PLAY or _placed_as_proved(state):
        return start_words(state) is not None
    return not state.over and state.target - state.points <= REACH_NEED


def _placed_as_proved(state: ElephantRunState) -> bool:
    """The position right after the farmers placed the proved placement: nothing eaten yet."""
    if state.phase != PHASE_PLAY or state.tiles != FULL or state.points:
        return False
    found = starts.table(state.n_farmers, state.compound)
    value = found.value(square_name(state.elephant)) if found is not None else None
    return value is not None and state.farmers == sum(1 << square_index(s) for s in value.placement)


def start_words(state: ElephantRunState) -> str | None:
    """The badge at the start, from the proved table: who wins from the start squares (the
    elephant to place), from the square chosen (the farmers to place, or the proved placement just
    made). None where the table is silent: an open family or square is never guessed at."""
    found = starts.table(state.n_farmers, state.compound)
    if found is None or state.target > found.cap:
        return None
    if state.phase == PHASE_PLACE_ELEPHANT:
        winner = found.winner(state.target)
        if winner == ELEPHANT:
            best = max(found.squares.values(), key=lambda v: v.points)
            return f"Solved: the elephant wins with best play, starting on {best.square}."
        if winner == FARMERS:
            return "Solved: the farmers win with best play, wherever the elephant starts."
        return None
    value = found.value(square_name(state.elephant))
    if value is None:
        return None
    placed = "this placement holds" if state.phase == PHASE_PLAY else "the best placement holds"
    if value.points >= state.target:
        return f"Solved: the elephant wins with best play from {value.square}."
    return f"Solved: the farmers win with best play: {placed} the elephant to {value.points} points."


def _solver(compound: bool) -> Solver:
    solver = _SOLVERS.get(compound)
    if solver is None or len(solver.memo) > MEMO_LIMIT:
        solver = _SOLVERS[compound] = Solver(compound)
    return solver


def verdict_words(state: ElephantRunState, verdict: Verdict) -> str:
    """The badge's sentence: the winner, and how far the end is in moves of either side (the move
    list's rows), or where the farmers stop the elephant."""
    if verdict.winner == ELEPHANT:
        moves = "move" if verdict.plies == 1 else "moves"
        return f"Solved: the elephant wins with best play, in {verdict.plies} {moves}."
    points = state.points + verdict.gain
    return f"Solved: the farmers win with best play, holding the elephant to {points} points."


def solve(state: GameState, seconds: float = SOLVE_SECONDS) -> Verdict | None:
    """The verdict for ``state``, or None when it is out of reach or the solver runs out of time."""
    if not within_reach(state):
        return None
    assert isinstance(state, ElephantRunState)
    solver = _solver(state.compound)
    solver.deadline = clock.now() + seconds
    try:
        return solver.verdict(state)
    except OutOfBudget:
        return None
    finally:
        solver.deadline = None


def words(state: GameState, seconds: float = SOLVE_SECONDS) -> str | None:
    """The badge's words for ``state``, or None when there is nothing to show."""
    if isinstance(state, ElephantRunState) and (state.phase != PHASE_PLAY or _placed_as_proved(state)):
        return start_words(state)
    verdict = solve(state, seconds)
    if verdict is None:
        return None
    assert isinstance(state, ElephantRunState)
    return verdict_words(state, verdict)


BADGE = SolvedBadge(within_reach=within_reach, words=words)
