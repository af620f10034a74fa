"""One alpha-beta search for the alternating games, and the :class:`Limit` every computer player keeps.

Epaminondas, Changing Challenges and Elephant Run think the same way: negamax with alpha-beta,
iterative deepening, principal-variation search (the first move with the full window, the others
with a null window and a re-search when one fails high), a transposition table, killer moves and a
history table for quiet moves, repetition scored as a draw, and a root that keeps a move it can
trust when the search is stopped. That driver is :class:`Search`, written once here. What differs
between the games is what a position is and how it is judged, and each game says that through a
small :class:`Rules` object in its own ``ai.py``: the moves and how to make them, the game's own end
by rule, the horizon (a quiescence search or the static value), the order to try moves in.

Scores are integers for the side to move. ``Rules.win`` is where proven results begin: a score at
least that large in magnitude is a forced win or loss, not an estimate, and the search stops
deepening once the root has one. Two games count a proven result by the plies to it (a sooner win
scores higher): their table entries are stored relative to the node (the mate-distance adjustment)
and hold for the depth searched. Elephant Run counts it in points, the same at any depth: its
proven entries are stored as good for every depth, and it probes the table at the horizon too
(``Rules.ply_scores`` false).

**The root safety rule**, decided here once for every game: the best move of the last completed
iteration stands unless the current iteration proves another one better; the first move an
iteration searches is that best move, so its new score is taken at once. A search stopped midway
therefore never plays a move it has only half looked at.

**Limits.** A decision is bounded by a :class:`Limit`: seconds of thinking, the deepest iteration,
and the positions visited (every node, quiescence included). Nodes are counted by
:meth:`Budget.tick`; the clock is read every :data:`CHECK_EVERY` nodes, one interval for every game.
Depth and node limits make a search repeatable on any machine, however busy: the tests use them,
and ``python -m game bench`` measures the seconds.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from game import clock

INF = 1 << 40
"""Beyond every score of every game."""

MAX_PLY = 128
"""Deepest ply a search reaches (killer slots)."""

EXACT, LOWER, UPPER = 0, 1, 2
"""Transposition-table flags: the stored score is exact, a lower bound (failed high) or an upper bound."""

ANY_DEPTH = 10_000
"""Depth stored with a proven result of a game whose proven scores do not count plies."""

TT_LIMIT = 400_000
"""Entries a table may hold before it starts afresh: memory stays flat in a long think."""

CHECK_EVERY = 1024
"""Nodes between two looks at the clock (and the node limit is checked on every node)."""


@dataclass(frozen=True)
class Limit:
    """What one decision may spend. ``time``: seconds on the clock the searches think by
    (:mod:`game.clock`); ``depth``: the deepest iteration, in plies (a level never goes deeper than
    its own deepest, whatever the limit); ``nodes``: positions visited. None: no bound of that kind.
    Where several are given, the first reached stops the search.

    Depth and nodes make a decision repeatable: the same seed gives the same move on a quiet
    machine or a busy one, which time cannot promise."""

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.time is not None and not self.time >= 0:
            raise ValueError(f"a time limit must be 0 seconds or more, not {self.time}")
        if self.depth is not None and self.depth < 1:
            raise ValueError(f"a depth limit must be at least 1 ply, not {self.depth}")
        if self.nodes is not None and self.nodes < 1:
            raise ValueError(f"a node limit must be at least 1, not {self.nodes}")

    def deepest(self, level_depth: int) -> int:
        """The deepest iteration: the level's own, or the limit's where that is shallower."""
        return level_depth if self.depth is None else min(level_depth, self.depth)

    def at_least(self, seconds: float) -> Limit:
        """This limit with at least ``seconds`` of time, where it has a time limit at all."""
        if self.time is None or self.time >= seconds:
            return self
        return Limit(seconds, self.depth, self.nodes)

    def share(self, fraction: float) -> Limit:
        """This limit with ``fraction`` of its time and nodes, for one stage of a decision."""
        return Limit(
            None if self.time is None else self.time * fraction,
            self.depth,
            None if self.nodes is None else max(1, int(self.nodes * fraction)),
        )


def as_limit(limit: Limit | float | None) -> Limit:
    """The limit an AI function was given: a :class:`Limit` as it is, a number as that many seconds
    (how every caller asked before limits), None as no bound at all."""
    if limit is None:
        return Limit()
    if isinstance(limit, Limit):
        return limit
    return Limit(time=float(limit))


class Stop(Exception):
    """Raised inside a search when its limit is reached; the last finished work stands."""


class Budget:
    """One decision's spending against its :class:`Limit`: :meth:`tick` counts a node and raises
    :class:`Stop` at the node limit or, looked at every :data:`CHECK_EVERY` nodes, past the
    deadline (``share`` of the time from ``start``)."""

    def __init__(self, limit: Limit, share: float = 1.0, start: float | None = None) -> None:
        self.limit = limit
        self.start = clock.now() if start is None else start
        self.deadline = math.inf if limit.time is None else self.start + limit.time * share
        self.cap = math.inf if limit.nodes is None else limit.nodes
        self.nodes = 0
        self._next = min(CHECK_EVERY, self.cap)

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes >= self._next:
            self._check()

    def _check(self) -> None:
        if self.nodes >= self.cap or clock.now() > self.deadline:
            raise Stop
        self._next = min(self.nodes + CHECK_EVERY, self.cap)

    def elapsed(self) -> float:
        return clock.now() - self.start

    def past(self, fraction: float) -> bool:
        """Whether ``fraction`` of the time limit is used (never, without one): a new iteration
        starts only before that, since it costs several times the last."""
        time = self.limit.time
        return time is not None and self.elapsed() > time * fraction

    def out(self) -> bool:
        """Whether the deadline has passed or the node limit been reached (for loops that do not
        tick, between their steps)."""
        return self.nodes >= self.cap or clock.now() > self.deadline


Position = TypeVar("Position")
Move = TypeVar("Move", bound=Hashable)


class Rules(Protocol[Position, Move]):
    """What a game tells :class:`Search`. Every score is for the side to move at ``pos``."""

    win: int
    """Scores at least this large in magnitude are proven results (a forced win or loss)."""
    ply_scores: bool
    """True: a proven result counts the plies to it (stored relative to the node, good for the
    depth searched). False: it does not (stored as is, good for any depth), and the table is
    probed at the horizon too."""

    def key(self, pos: Position) -> Hashable:
        """The position's key for the transposition table and the repetition check."""
        ...

    def over(self, pos: Position, ply: int) -> int | None:
        """The score if the game is decided here by rule (won, lost, drawn), else None."""
        ...

    def leaf(self, pos: Position, alpha: int, beta: int, ply: int) -> int:
        """The value at the horizon: a quiescence search, or the static value."""
        ...

    def moves(self, pos: Position) -> Sequence[Move]:
        """The moves the search tries (a pass where a side must pass)."""
        ...

    def known(self, pos: Position, moves: Sequence[Move], ply: int) -> int | None:
        """A score known before trying the moves (always when there are none: lost, or drawn),
        such as a win in one or a proven bound; None to search them."""
        ...

    def order(
        self,
        pos: Position,
        moves: Sequence[Move],
        best: Move | None,
        killers: list[Move | None],
        history: dict[Move, int],
    ) -> list[Move]:
        """``moves`` in the order to try them: ``best`` (the table's move) first, then as the game
        sees fit, with this ply's two killer moves and the history scores to place quiet moves."""
        ...

    def make(self, pos: Position, move: Move) -> Position:
        """The position after ``move`` (a new one, or ``pos`` changed in place and undone by
        :meth:`unmake`)."""
        ...

    def unmake(self, pos: Position, move: Move, child: Position) -> None:
        """Undo :meth:`make` (nothing for games that make a new position)."""
        ...

    def quiet(self, move: Move, child: Position) -> bool:
        """Whether ``move`` (which led to ``child``) may become a killer move and earn history."""
        ...


@dataclass
class Found(Generic[Move]):
    """What a root search found: the move, its score, the deepest iteration completed, the nodes."""

    move: Move
    score: int
    depth: int
    nodes: int
    seconds: float = 0.0

    def stats(self) -> dict[str, float]:
        """The figures a game's ``LAST_STATS`` shows: depth, nodes, seconds, score."""
        return {"depth": self.depth, "nodes": self.nodes, "seconds": self.seconds, "score": self.score}


class Search(Generic[Position, Move]):
    """One decision's alpha-beta search over ``rules``. The tables live as long as the object, so
    no position leaks between decisions. ``seen`` holds the keys of the game's positions since its
    last irreversible move: meeting one again, or one on the search's own path, scores as a draw.

    After :class:`Stop` the rules' position may be left mid-search: the decision ends there."""

    def __init__(self, rules: Rules[Position, Move], budget: Budget, seen: Iterable[Hashable] = ()) -> None:
        self.rules = rules
        self.budget = budget
        self.seen: set[Hashable] = set(seen)
        self.tt: dict[Hashable, tuple[int, int, int, Move | None]] = {}
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.history: dict[Move, int] = {}

    # -- one node ---------------------------------------------------------------------------------
    def node(self, pos: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Negamax value of ``pos`` searched ``depth`` more plies within (alpha, beta), fail-soft."""
        rules = self.rules
        over = rules.over(pos, ply)
        if over is not None:
            return over
        key = rules.key(pos)
        seen = self.seen
        if key in seen:
            return 0
        ply_scores = rules.ply_scores
        if depth <= 0 and ply_scores:
            return rules.leaf(pos, alpha, beta, ply)
        self.budget.tick()
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, flag, value, tt_move = entry
            if e_depth >= depth:
                if ply_scores:
                    win = rules.win
                    if value >= win:
                        value -= ply
                    elif value <= -win:
                        value += ply
                if flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha):
                    return value
        if depth <= 0:
            return rules.leaf(pos, alpha, beta, ply)
        moves = rules.moves(pos)
        known = rules.known(pos, moves, ply)
        if known is not None:
            return known
        if len(moves) > 1:
            moves = rules.order(pos, moves, tt_move, self.killers[ply], self.history)
        alpha0 = alpha
        best = -INF
        best_move = moves[0]
        first = True
        make, unmake, node = rules.make, rules.unmake, self.node
        depth -= 1
        seen.add(key)
        for move in moves:
            child = make(pos, move)
            if first:
                value = -node(child, depth, -beta, -alpha, ply + 1)
                first = False
            else:
                value = -node(child, depth, -alpha - 1, -alpha, ply + 1)
                if alpha < value < beta:
                    value = -node(child, depth, -beta, -value, ply + 1)
            unmake(pos, move, child)
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        if rules.quiet(move, child):
                            self._remember(move, ply, depth + 1)
                        break
        seen.discard(key)
        self._store(key, depth + 1, alpha0, beta, best, best_move, ply)
        return best

    def _remember(self, move: Move, ply: int, depth: int) -> None:
        """A quiet move that cut off: this ply's first killer, and history by depth squared."""
        killers = self.killers[ply]
        if killers[0] != move:
            killers[1] = killers[0]
            killers[0] = move
        self.history[move] = self.history.get(move, 0) + depth * depth

    def _store(
        self, key: Hashable, depth: int, alpha0: int, beta: int, best: int, move: Move | None, ply: int
    ) -> None:
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        stored = best
        win = self.rules.win
        if self.rules.ply_scores:
            if best >= win:
                stored += ply
            elif best <= -win:
                stored -= ply
        elif abs(best) >= win:
            depth = ANY_DEPTH
        if len(self.tt) > TT_LIMIT:
            self.tt.clear()
        self.tt[key] = (depth, flag, stored, move)

    # -- the root ---------------------------------------------------------------------------------
    def root(
        self,
        pos: Position,
        moves: Sequence[Move],
        max_depth: int,
        soft: float | None = None,
        horizon: int | None = None,
    ) -> Found[Move]:
        """Iterative deepening from ``pos`` over ``moves`` (tried in the order given at first,
        then best first by the last iteration's scores, ties kept in order): the move to play.

        Stops after ``max_depth`` plies, at a proven result, once ``horizon`` plies are searched
        (the game cannot last longer), when an iteration ends past ``soft`` of the time limit (the
        next would not finish), or at the budget's limit — then by the root safety rule."""
        rules, budget = self.rules, self.budget
        order = list(moves)
        best_move, best_score, done = order[0], 0, 0
        scores: dict[Move, int] = {}
        key = rules.key(pos)
        for depth in range(1, max_depth + 1):
            alpha = -INF
            scores = {}
            iteration_best = order[0]
            self.seen.add(key)
            try:
                for index, move in enumerate(order):
                    child = rules.make(pos, move)
                    try:
                        if index == 0:
                            value = -self.node(child, depth - 1, -INF, INF, 1)
                        else:
                            value = -self.node(child, depth - 1, -alpha - 1, -alpha, 1)
                            if value > alpha:
                                value = -self.node(child, depth - 1, -INF, -value, 1)
                    finally:
                        rules.unmake(pos, move, child)
                    scores[move] = value
                    if value > alpha:
                        alpha = value
                        iteration_best = move
                        if depth > 1 or index > 0:  # the root safety rule
                            best_move, best_score = move, value
            except Stop:
                break
            finally:
                self.seen.discard(key)
            best_move, best_score, done = iteration_best, alpha, depth
            if abs(alpha) >= rules.win or (horizon is not None and depth >= horizon):
                break
            order.sort(key=lambda m: -scores.get(m, -INF))
            if soft is not None and budget.past(soft):
                break
        return Found(best_move, best_score, done, budget.nodes, budget.elapsed())

    def scores(self, pos: Position, moves: Sequence[Move], depth: int) -> dict[Move, int]:
        """Every move's exact score at ``depth`` (full windows), for levels that judge them all.
        Raises :class:`Stop` if the budget runs out first."""
        out: dict[Move, int] = {}
        for move in moves:
            child = self.rules.make(pos, move)
            try:
                out[move] = -self.node(child, depth - 1, -INF, INF, 1)
            finally:
                self.rules.unmake(pos, move, child)
        return out


__all__ = [
    "ANY_DEPTH",
    "CHECK_EVERY",
    "INF",
    "Budget",
    "Found",
    "Limit",
    "Rules",
    "Search",
    "Stop",
    "as_limit",
]
