"""Elephant Run solved exactly: how many more points the elephant can force from a position.

Why not retrograde analysis. Every elephant move scores exactly one point (it eats the tile it
steps onto or captures the farmer it jumps), and the farmers move once between two elephant moves,
so no position can ever repeat: the game graph is acyclic and at most ``2 * target`` plies deep. On
an acyclic graph a memoised depth-first search computes exactly what a backward (retrograde) pass
would, but only over the positions the proof needs instead of every reachable one; and "every
reachable one" is out of reach here: the farmers may start on any 6 of 23 squares (100 947 ways
for each of 24 elephant squares) and then shuffle freely, so the play phase holds hundreds of
millions of positions at least.

What is solved. Let ``gain`` be the points the elephant can force from a position until the game
ends, with best play on both sides and no target. With a target ``T`` and ``p`` points already
scored, the elephant wins exactly when ``gain >= T - p``: the targeted game is the untargeted one
cut off at ``T``, and minimax commutes with the monotone ``min(·, T - p)``. Because every elephant
move is one point, ``gain`` also fixes the distance: an elephant win always takes ``T - p`` elephant
moves, and a farmers' win ends after exactly ``gain`` more elephant moves, so "the farmers win as
fast as possible, the elephant holds out longest" is the same as "the farmers minimise ``gain``".
``gain`` does not depend on the score so far, the target nor the number of farmers that started:
one memo serves every option set with the same compound rule.

How. ``at_least(position, k)`` asks "can the elephant force ``k`` more points?" and stores, per
position, the interval ``[lo, hi]`` that ``gain`` is known to lie in; each answer narrows it, so
later questions about the same position (another target, a deeper iteration) reuse the work. The
exact value is found by raising ``k`` until the answer is no. A cheap bound prunes most of the
tree: the elephant can never score more than the tiles of its 8-connected region plus every
farmer.

Measured (November 2026, one process on a busy 2-core machine, about 40 000 nodes a second;
positions from seeded easy-against-easy games): a position where the elephant needs 4 points takes
a few hundred to 11 000 nodes, 5 points 3 000 to 12 000, 6 points 130 000 to 460 000 (2 to 16 s),
7 points 470 000 to beyond 800 000 (15 s to past 20 s). Each point more costs about ten times the
work, so one fresh start (10 points) would take some 10^9 nodes, for each of the 100 947 farmers'
placements: the start is not solved, and no table is shipped. The hard level solves the last
stretch of every game instead (see ``ai.SOLVE_FROM_NEED``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from game import clock
from game.core import GameState
from game.elephant_run.rules import (
    ELEPHANT,
    FARMERS,
    JUMPS,
    NEIGHBOUR_MASK,
    NEIGHBOURS,
    PHASE_PLACE_ELEPHANT,
    PHASE_PLAY,
    SIDE_ELEPHANT,
    SIDE_FARMERS,
    SIZE,
    ElephantRunState,
    PlayMove,
    elephant_moves,
    farmer_moves,
    region,
    square_name,
)

UNKNOWN_HIGH = 64
"""Above any gain (24 tiles + 7 farmers): an upper bound not yet narrowed."""


class OutOfBudget(Exception):
    """The solver met its node or time budget before the answer: the caller falls back to search."""


@dataclass(frozen=True)
class Verdict:
    """A solved position for players: who wins with best play, and in how many plies from now."""

    winner: str
    plies: int
    gain: int
    """Points the elephant still scores with best play (capped at what it needs)."""

    def words(self) -> str:
        """'elephant wins in 19' / 'farmers win in 6': plies from the position, the side named.

        A farmers' win is counted to the elephant's stuck turn; when the last farmer or tile goes
        instead, the game ends one ply sooner, with the same points."""
        if self.winner == ELEPHANT:
            return f"elephant wins in {self.plies}"
        return f"farmers win in {self.plies}"


def _elephant_mobility(tiles: int, farmers: int, e: int) -> int:
    """How many moves the elephant has (steps plus captures): the farmers' move-ordering key."""
    vacant = tiles & ~farmers
    count = (NEIGHBOUR_MASK[e] & vacant).bit_count()
    if NEIGHBOUR_MASK[e] & farmers:
        for near, far in JUMPS[e]:
            if farmers >> near & 1 and vacant >> far & 1:
                count += 1
    return count


class Solver:
    """Bounds on ``gain`` for every position it has looked at, for one compound rule.

    ``budget`` caps the nodes one call may visit (``None``: unlimited) and ``deadline`` the wall
    clock; past either, :class:`OutOfBudget` is raised and what was proved so far stays in the
    memo. One instance may be kept across many questions (the hard level keeps one per game)."""

    def __init__(self, compound: bool, budget: int | None = None, deadline: float | None = None) -> None:
        self.compound = compound
        self.memo: dict[int, int] = {}
        """Position key -> ``lo | hi << 6``: ``lo <= gain <= hi`` is proved."""
        self.nodes = 0
        self.budget = budget
        self.deadline = deadline
        self._limit = sys.maxsize

    # -- the search ----------------------------------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self._limit:
            raise OutOfBudget
        if not self.nodes & 4095 and self.deadline is not None and clock.now() > self.deadline:
            raise OutOfBudget

    def _bounds(self, key: int) -> tuple[int, int]:
        packed = self.memo.get(key)
        if packed is None:
            return 0, UNKNOWN_HIGH
        return packed & 63, packed >> 6

    def _store(self, key: int, lo: int, hi: int) -> None:
        self.memo[key] = lo | hi << 6

    def elephant_at_least(self, tiles: int, farmers: int, e: int, k: int) -> bool:
        """Elephant to move: can it force ``k`` more points?"""
        if k <= 0:
            return True
        key = tiles | farmers << 24 | e << 48
        lo, hi = self._bounds(key)
        if k <= lo:
            return True
        if k > hi:
            return False
        self._tick()
        moves = elephant_moves(tiles, farmers, e)
        if not moves:
            self._store(key, 0, 0)
            return False
        if k == 1:
            self._store(key, max(lo, 1), hi)
            return True
        bound = region(NEIGHBOUR_MASK[e] & tiles, tiles).bit_count() + farmers.bit_count()
        if bound < k:
            self._store(key, lo, min(hi, bound))
            return False
        vacant = tiles & ~farmers
        children: list[tuple[int, int, int, int, int]] = []
        for to, cap in moves:
            if cap >= 0:
                child_f = farmers & ~(1 << cap)
                if not child_f:
                    continue  # the last farmer captured ends the game: this move is worth 1 point
                child = (tiles, child_f, to)
            else:
                child = (tiles & ~(1 << to), farmers, to)
            # A child already proved good enough answers at once, without a search.
            child_lo, child_hi = self._bounds(child[0] | child[1] << 24 | to << 48 | 1 << 53)
            if child_lo >= k - 1:
                self._store(key, k, hi)
                return True
            if child_hi >= k - 1:
                children.append(
                    (
                        -(100 if cap >= 0 else 0) - (NEIGHBOUR_MASK[to] & vacant).bit_count(),
                        len(children),
                        *child,
                    )
                )
        # Captures first (a point that also removes a hunter), then steps towards open ground.
        children.sort()
        for _, _, child_tiles, child_f, to in children:
            if self.farmers_at_least(child_tiles, child_f, to, k - 1):
                self._store(key, k, hi)
                return True
        self._store(key, lo, k - 1)
        return False

    def farmers_at_least(self, tiles: int, farmers: int, e: int, k: int) -> bool:
        """Farmers to move: can the elephant still force ``k`` more points, whatever they do?"""
        if k <= 0:
            return True
        key = tiles | farmers << 24 | e << 48 | 1 << 53
        lo, hi = self._bounds(key)
        if k <= lo:
            return True
        if k > hi:
            return False
        self._tick()
        children: dict[int, int] = {}
        for move in farmer_moves(tiles, farmers, e, self.compound):
            child = farmers & ~(1 << move[0]) | (1 << move[-1])
            if child not in children:
                mobility = _elephant_mobility(tiles, child, e)
                if mobility == 0:
                    self._store(key, 0, 0)
                    return False
                children[child] = mobility
        if not children:
            result = self.elephant_at_least(tiles, farmers, e, k)
            self._store(key, k if result else lo, hi if result else k - 1)
            return result
        # A child already proved short of k refutes at once; otherwise the farmers try first the
        # moves that leave the elephant fewest ways out.
        for child in children:
            if self._bounds(tiles | child << 24 | e << 48)[1] < k:
                self._store(key, lo, k - 1)
                return False
        for child in sorted(children, key=children.__getitem__):
            if not self.elephant_at_least(tiles, child, e, k):
                self._store(key, lo, k - 1)
                return False
        self._store(key, k, hi)
        return True

    def at_least(self, tiles: int, farmers: int, e: int, side: int, k: int) -> bool:
        """Whether the elephant can force ``k`` more points from a play-phase position.

        Raises :class:`OutOfBudget` past the budget; the memo keeps what was proved."""
        self._limit = sys.maxsize if self.budget is None else self.nodes + self.budget
        limit = sys.getrecursionlimit()
        if limit < 2000:
            sys.setrecursionlimit(2000)
        if side == SIDE_ELEPHANT:
            return self.elephant_at_least(tiles, farmers, e, k)
        return self.farmers_at_least(tiles, farmers, e, k)

    def gain(self, tiles: int, farmers: int, e: int, side: int, cap: int) -> int:
        """``min(gain, cap)`` exactly: the elephant's best guaranteed points, counted up to ``cap``."""
        key = tiles | farmers << 24 | e << 48 | side << 53
        k = self._bounds(key)[0]
        # The question that decides the game first: a yes settles everything at once, and a no
        # still leaves the memo's bounds tighter for the climb below.
        if k < cap and self.at_least(tiles, farmers, e, side, cap):
            return cap
        while k < cap - 1 and self.at_least(tiles, farmers, e, side, k + 1):
            k += 1
        return k

    # -- positions and moves --------------------------------------------------------------------------
    def verdict(self, state: ElephantRunState) -> Verdict:
        """Who wins ``state`` (a play-phase position, game not over) with best play, and when."""
        need = state.target - state.points
        gain = self.gain(state.tiles, state.farmers, state.elephant, state.side, need)
        return verdict_from_gain(gain, need, state.side)

    def move_gains(self, state: ElephantRunState) -> list[tuple[PlayMove, int]]:
        """Every legal move of the side to move with ``min(gain, need)`` after it, counted from
        ``state`` (so an elephant move's own point is included)."""
        need = state.target - state.points
        out: list[tuple[PlayMove, int]] = []
        for move in state.legal_moves(state.to_move()[0]):
            child = state._apply_unchecked(move)
            scored = 1 if state.side == SIDE_ELEPHANT else 0
            if child.over:
                out.append((move, min(scored, need)))
                continue
            rest = self.gain(child.tiles, child.farmers, child.elephant, child.side, need - scored)
            out.append((move, scored + rest))
        return out

    def best_moves(self, state: ElephantRunState) -> tuple[Verdict, list[PlayMove]]:
        """The position's verdict and every move that keeps it: the elephant's highest gain (all
        winning moves take equally long: one point a move), the farmers' lowest (the quickest stop).

        Only yes/no questions about each move are asked once the position's gain is known, which
        costs far less than valuing every move exactly as :meth:`move_gains` does."""
        need = state.target - state.points
        tiles, farmers, e = state.tiles, state.farmers, state.elephant
        gain = self.gain(tiles, farmers, e, state.side, need)
        verdict = verdict_from_gain(gain, need, state.side)
        moves: list[PlayMove] = list(state.legal_moves(state.to_move()[0]))
        if (state.side == SIDE_FARMERS and gain >= need) or (state.side == SIDE_ELEPHANT and need == 1):
            return verdict, moves  # every move gives the same result
        keep: list[PlayMove] = []
        for move in moves:
            child = state._apply_unchecked(move)
            if state.side == SIDE_ELEPHANT:
                kept = (
                    gain == 1
                    if child.over
                    else self.at_least(child.tiles, child.farmers, child.elephant, SIDE_FARMERS, gain - 1)
                )
            else:
                kept = not self.at_least(child.tiles, child.farmers, e, SIDE_ELEPHANT, gain + 1)
            if kept:
                keep.append(move)
        return verdict, keep


def verdict_from_gain(gain: int, need: int, side: int) -> Verdict:
    """Turn a capped gain into the winner and the plies left, counted from a position where
    ``side`` moves: each elephant point is one elephant move, each followed by a farmers' move
    except the winning one; a farmers' win ends when the elephant is to move and cannot."""
    first = 0 if side == SIDE_ELEPHANT else 1
    if gain >= need:
        return Verdict(ELEPHANT, first + 2 * need - 1, gain)
    return Verdict(FARMERS, first + 2 * gain, gain)


def solve_state(state: ElephantRunState, budget: int | None = None) -> Verdict | None:
    """The verdict for one play-phase position with a fresh solver, or None past ``budget`` nodes."""
    if state.phase != PHASE_PLAY or state.over:
        return None
    try:
        return Solver(state.compound, budget).verdict(state)
    except OutOfBudget:
        return None


# -- the `solve` command's report ------------------------------------------------------------------
FAR_FROM_THE_END = (
    "not solved: the elephant still needs {need} points, and each point more multiplies the work about "
    "tenfold (positions needing up to 6 solve in seconds; a fresh start needs billions of positions per "
    "farmers' placement)"
)


def _hemmed_at_once(elephant: int, n_farmers: int) -> bool:
    """Whether the farmers can place so that the elephant on ``elephant`` cannot move at all: every
    neighbour and every square beyond one must hold a farmer, which only a corner allows."""
    need = set(NEIGHBOURS[elephant]) | {far for _near, far in JUMPS[elephant]}
    return len(need) <= n_farmers


def report(state: GameState, seconds: float) -> list[str]:
    """Lines for ``python -m game solve``: the position's value, then every move's, in notation.

    Every value is counted in plies from ``state``, a move's included. The setup phases are only
    partly solvable (see :data:`FAR_FROM_THE_END`); there the one certain fact is given: an elephant
    that starts where the farmers can hem it in at once loses in 2 plies (its placement and theirs)."""
    assert isinstance(state, ElephantRunState)  # GameInfo.solve_report takes any game's state
    if state.over:
        outcome = state.outcome()
        return [f"the game is over: {outcome.reason if outcome else ''}".strip()]
    if state.phase != PHASE_PLAY:
        label = "start" if state.phase == PHASE_PLACE_ELEPHANT else "position"
        lines = [f"{label}: " + FAR_FROM_THE_END.format(need=state.target)]
        if state.phase == PHASE_PLACE_ELEPHANT:
            for sq in range(SIZE):
                name = "@" + square_name(sq)
                if _hemmed_at_once(sq, state.n_farmers):
                    lines.append(f"{name}: farmers win in 2 (they place their farmers round it at once)")
                else:
                    lines.append(f"{name}: not solved")
        elif _hemmed_at_once(state.elephant, state.n_farmers):
            lines[0] = "position: farmers win in 1 (they place their farmers round the elephant at once)"
        return lines
    solver = Solver(state.compound, deadline=clock.now() + seconds)
    player = state.to_move()[0]
    try:
        lines = [f"position: {solver.verdict(state).words()}"]
        for move, gain in solver.move_gains(state):
            after = verdict_from_gain(gain, state.target - state.points, state.side)
            # The verdict after the move, counted from before it: the move itself is one ply.
            lines.append(f"{state.move_to_text(player, move)}: {after.words()}")
    except OutOfBudget:
        need = state.target - state.points
        return [f"position: not solved within {seconds:g} seconds (the elephant needs {need} more points)"]
    return lines
