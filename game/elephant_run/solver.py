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
exact value is found by raising ``k`` until the answer is no. The bounds and the move ordering are
those of the compiled start solver ``docs/solver/er_solve.c`` (issue #31), ported:

- an upper bound at both sides' nodes: the elephant can never score more than the tiles of its
  8-connected region plus every farmer;
- a static lower bound, :func:`safe`: one farmers' move fills at most one square, so room round the
  elephant that they cannot close in time is points whatever they do (to ``k`` = :data:`SAFE_MAX`);
  an elephant's move into such room answers at once, and a farmers' node asking for up to
  :data:`CHILD_SAFE` points drops, unsearched, every reply after which the elephant has such a move;
- a farmers' reply that leaves the elephant no move ends the search (value 0); a farmers' node
  asking for one point only asks that;
- enhanced transposition cutoffs: children the memo already settles answer without a search (the
  elephant's always, the farmers' from ``k`` = :data:`ETC_MIN`);
- ordering: the elephant captures first, then steps to open ground, ties by a history table of
  the steps that proved before; the farmers first try the replies that leave the elephant fewest
  moves, ties by a history table of the replies that refuted before.

None of these changes an answer, only how fast it comes (``tests/test_elephant_run_solver_bounds.py``
checks the solver against plain minimax, and :func:`safe` on its own).

Measured (27 November 2026, busy 2-core machine, CPU seconds; ``/tmp`` scripts comparing this
solver with the one before the port on the same positions, fresh memo each): 200 positions from
seeded random games where the elephant needs at most 4 points, valued exactly up to one above
their need: 2.09 million nodes and 15.9 s before, 49 000 nodes and 0.9 s after; 60 positions
needing up to 6: 24.8 million nodes and 265 s before, 1.41 million and 29 s after (18 times fewer
nodes, 9 times faster; about 45 000 nodes a second). A whole start is now within reach of a check:
:mod:`.table_check` re-proves the start table's placements (figures in ``docs/solver/README.md``);
the hard level still solves only the last stretch of a game (``ai.SOLVE_FROM_NEED``).
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
    RAYS,
    SIDE_ELEPHANT,
    SIDE_FARMERS,
    SIZE,
    WIDTH,
    ElephantRunState,
    PlayMove,
    compound_moves,
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


SAFE_MAX = 4
"""The static lower bound :func:`safe` is tried for up to this many points (deeper it seldom holds
and costs more than the search it saves)."""

CHILD_SAFE = 3
"""A farmers' node asking for up to this many points drops every reply after which the elephant
has a statically safe step (:func:`safe`) without searching it."""

ETC_MIN = 3
"""A farmers' node asking for at least this many points first probes the memo for every reply
(enhanced transposition cutoff); nearer the leaves the probes cost more than they find."""

FARMERS_BIT = 1 << 53
"""The side bit of a memo key: the farmers to move."""

_BALL: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(
            1 << sq
            for sq in range(SIZE)
            if max(abs(sq % WIDTH - e % WIDTH), abs(sq // WIDTH - e // WIDTH)) <= k
        )
        for k in range(SAFE_MAX + 1)
    )
    for e in range(SIZE)
)
"""``_BALL[e][k]``: the squares within k king steps of ``e``, ``e`` itself included (a step away
and back reaches it: its tile may be present). All :func:`safe` looks at, so its memo key."""

_SAFE_CACHE: dict[int, bool] = {}
SAFE_CACHE_LIMIT = 500_000
"""Answers :func:`safe` keeps, shared by every solver of the process (it is a pure function of its
arguments; about 100 bytes each, so ~50 MB at most beside the hard level's memo); past the limit
it starts afresh. Only its speed depends on it, never an answer nor a node count."""


def safe(vacant: int, e: int, k: int, d: int) -> bool:
    """A static lower bound, the farmers to move: does the elephant on ``e`` force ``k`` points
    by steps alone, even if besides the farmers' own moves ``d`` more squares were filled?

    ``vacant`` is the tiles without farmers (the elephant's own square may be in it: a tile it
    leaves is free again). A farmers' move fills at most one square (tiles never come back; a
    vacated square only adds moves; a compound move too ends on one square), so ``d + 2`` vacant
    neighbours leave one free after their move; for ``k > 1`` it needs ``d + 2`` neighbours from
    which the rest holds with one square more filled (the farmers' move just made). Jumps are
    ignored: it only ever says yes too seldom. The C tool's ``safe()`` (docs/solver/er_solve.c)."""
    around = NEIGHBOUR_MASK[e] & vacant
    count = around.bit_count()
    if count < d + 2:
        return False
    if k == 1:
        return True
    key = (vacant & _BALL[e][k]) | e << 24 | k << 29 | d << 32
    known = _SAFE_CACHE.get(key)
    if known is not None:
        return known
    answer = False
    good = 0
    while around:
        low = around & -around
        around ^= low
        if safe(vacant ^ low, low.bit_length() - 1, k - 1, d + 1):
            good += 1
            if good >= d + 2:
                answer = True
                break
        else:
            count -= 1
            if count < d + 2:
                break
    if len(_SAFE_CACHE) >= SAFE_CACHE_LIMIT:
        _SAFE_CACHE.clear()
    _SAFE_CACHE[key] = answer
    return answer


def _first(entry: tuple[int, ...]) -> int:
    """The order key of a child in the search's lists (the first field)."""
    return entry[0]


class Solver:
    """Bounds on ``gain`` for every position it has looked at, for one compound rule.

    ``budget`` caps the nodes one call may visit (``None``: unlimited) and ``deadline`` the wall
    clock; past either, :class:`OutOfBudget` is raised and what was proved so far stays in the
    memo. One instance may be kept across many questions (the hard level keeps one per game).

    ``ehist`` and ``fhist`` are history tables (``from * 24 + to``): the elephant's steps that
    proved and the farmers' moves that refuted before, weighted by ``k * k``; they only order
    moves, never change an answer."""

    def __init__(self, compound: bool, budget: int | None = None, deadline: float | None = None) -> None:
        self.compound = compound
        self.memo: dict[int, int] = {}
        """Position key -> ``lo | hi << 6``: ``lo <= gain <= hi`` is proved."""
        self.nodes = 0
        self.budget = budget
        self.deadline = deadline
        self._limit = sys.maxsize
        self.ehist = [0] * (SIZE * SIZE)
        self.fhist = [0] * (SIZE * SIZE)

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
        memo = self.memo
        key = tiles | farmers << 24 | e << 48
        packed = memo.get(key)
        if packed is None:
            lo, hi = 0, UNKNOWN_HIGH
        else:
            lo, hi = packed & 63, packed >> 6
            if k <= lo:
                return True
            if k > hi:
                return False
        self._tick()
        vacant = tiles & ~farmers
        history = self.ehist
        row = e * SIZE
        # (order key, tiles, farmers, to): captures first (a point that also removes a hunter),
        # then steps towards open ground, ties by the moves that proved before.
        children: list[tuple[int, int, int, int]] = []
        steps = NEIGHBOUR_MASK[e] & vacant
        moves = steps.bit_count()
        while steps:
            low = steps & -steps
            steps ^= low
            to = low.bit_length() - 1
            room = (NEIGHBOUR_MASK[to] & vacant).bit_count()
            children.append(((room << 32) + history[row + to], tiles ^ low, farmers, to))
        if NEIGHBOUR_MASK[e] & farmers:
            for near, far in JUMPS[e]:
                if farmers >> near & 1 and vacant >> far & 1:
                    moves += 1
                    child_f = farmers & ~(1 << near)
                    if child_f:  # the last farmer captured ends the game: that move is worth 1 point
                        room = 100 + (NEIGHBOUR_MASK[far] & vacant).bit_count()
                        children.append(((room << 32) + history[row + far], tiles, child_f, far))
        if not moves:
            memo[key] = 0
            return False
        if k == 1:
            memo[key] = 1 | hi << 6
            return True
        bound = region(NEIGHBOUR_MASK[e] & tiles, tiles).bit_count() + farmers.bit_count()
        if bound < k:
            memo[key] = lo | min(hi, bound) << 6
            return False
        need = k - 1
        if need == 1:  # a move onto a square with two vacant neighbours is two points (see safe())
            for _, child_t, child_f, to in children:
                if (NEIGHBOUR_MASK[to] & child_t & ~child_f).bit_count() >= 2:
                    memo[key] = 2 | hi << 6
                    return True
        # A child the memo or the static bound already proves good enough answers at once.
        searched: list[tuple[int, int, int, int]] = []
        for child in children:
            _, child_t, child_f, to = child
            child_packed = memo.get(child_t | child_f << 24 | to << 48 | FARMERS_BIT)
            if child_packed is not None:
                if child_packed & 63 >= need:
                    memo[key] = k | hi << 6
                    return True
                if child_packed >> 6 < need:
                    continue
            if 1 < need <= SAFE_MAX and safe(child_t & ~child_f, to, need, 0):  # 1: just above
                memo[key] = k | hi << 6
                return True
            searched.append(child)
        searched.sort(key=_first, reverse=True)
        for _, child_t, child_f, to in searched:
            if self.farmers_at_least(child_t, child_f, to, need):
                history[row + to] += k * k
                memo[key] = k | hi << 6
                return True
        memo[key] = lo | need << 6
        return False

    def farmers_at_least(self, tiles: int, farmers: int, e: int, k: int) -> bool:
        """Farmers to move: can the elephant still force ``k`` more points, whatever they do?"""
        if k <= 0:
            return True
        memo = self.memo
        key = tiles | farmers << 24 | e << 48 | FARMERS_BIT
        packed = memo.get(key)
        if packed is None:
            lo, hi = 0, UNKNOWN_HIGH
        else:
            lo, hi = packed & 63, packed >> 6
            if k <= lo:
                return True
            if k > hi:
                return False
        self._tick()
        # Enough room round the elephant is k points whatever the farmers do (see safe()).
        if k <= SAFE_MAX and safe(tiles & ~farmers, e, k, 0):
            memo[key] = k | hi << 6
            return True
        bound = region(NEIGHBOUR_MASK[e] & tiles, tiles).bit_count() + farmers.bit_count()
        if bound < k:
            memo[key] = lo | min(hi, bound) << 6
            return False
        # Every distinct reply as (order key, farmers after it, from * 24 + to): first the replies
        # that leave the elephant fewest moves, ties by the replies that refuted before.
        history = self.fhist
        e_around = NEIGHBOUR_MASK[e]
        e_jumps = JUMPS[e]
        ebit = 1 << e
        children: list[tuple[int, int, int]] = []
        seen: set[int] = set()  # only compound moves can repeat a reply
        compound = self.compound
        # The elephant's mobility only depends on the squares within two steps of it: a reply
        # that touches none of them leaves it as it is now.
        close = _BALL[e][2]
        vacant = tiles & ~farmers
        still = (e_around & vacant).bit_count()
        if e_around & farmers:
            for over, far in e_jumps:
                if farmers >> over & 1 and vacant >> far & 1:
                    still += 1
        rest = farmers
        while rest:
            low = rest & -rest
            rest ^= low
            frm = low.bit_length() - 1
            others = farmers ^ low
            open_ = tiles & ~others & ~ebit
            dests = NEIGHBOUR_MASK[frm] & open_
            for near, far in JUMPS[frm]:
                if others >> near & 1 and open_ >> far & 1:
                    dests |= 1 << far
            for ray in RAYS[frm]:
                first = ray[0]
                if tiles >> first & 1 or first == e:
                    continue
                for sq in ray[1:]:
                    if sq == e:
                        break
                    if tiles >> sq & 1:
                        if open_ >> sq & 1:
                            dests |= 1 << sq
                        break
            if compound:
                for _mid, to in compound_moves(tiles, farmers, e, frm):
                    dests |= 1 << to
            while dests:
                dlow = dests & -dests
                dests ^= dlow
                child = others | dlow
                if compound:
                    if child in seen:
                        continue
                    seen.add(child)
                if (low | dlow) & close:
                    after = tiles & ~child
                    mobility = (e_around & after).bit_count()
                    if e_around & child:
                        for over, far in e_jumps:
                            if child >> over & 1 and after >> far & 1:
                                mobility += 1
                else:
                    mobility = still
                if mobility == 0:
                    memo[key] = 0
                    return False
                move = frm * SIZE + dlow.bit_length() - 1
                children.append(((mobility << 40) - history[move], child, move))
        if not children:  # a forced pass: the elephant moves again
            result = self.elephant_at_least(tiles, farmers, e, k)
            memo[key] = k | hi << 6 if result else lo | (k - 1) << 6
            return result
        if k == 1:  # no reply leaves the elephant without a move
            memo[key] = 1 | hi << 6
            return True
        need = k - 1
        if k <= CHILD_SAFE:
            # Replies after which one step of the elephant's is statically safe for the rest are
            # lost for the farmers: drop them unsearched; if none is left the elephant has k.
            kept = []
            for entry in children:
                after = tiles & ~entry[1]
                around = e_around & after
                while around:
                    low = around & -around
                    around ^= low
                    step = low.bit_length() - 1
                    if need == 1:  # safe() at one point, written out: two vacant squares round it
                        if (NEIGHBOUR_MASK[step] & after & ~low).bit_count() >= 2:
                            break
                    elif safe(after ^ low, step, need, 0):
                        break
                else:
                    kept.append(entry)
            if not kept:
                memo[key] = k | hi << 6
                return True
            children = kept
        if k >= ETC_MIN:  # a reply the memo already proves short of k refutes at once
            base = tiles | e << 48
            for entry in children:
                child_packed = memo.get(base | entry[1] << 24)
                if child_packed is not None and child_packed >> 6 < k:
                    memo[key] = lo | need << 6
                    return False
        children.sort(key=_first)
        for _, child, move in children:
            if not self.elephant_at_least(tiles, child, e, k):
                history[move] += k * k
                memo[key] = lo | need << 6
                return False
        memo[key] = k | hi << 6
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
    "tenfold (positions needing up to 6 solve in seconds; one fresh start needs millions of positions "
    "per farmers' placement, and there are 100 947 placements)"
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
