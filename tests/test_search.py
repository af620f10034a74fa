"""The shared alpha-beta driver (game/search.py) on a game small enough to solve by brute force.

Noughts and crosses through the :class:`game.search.Rules` interface: the driver's value of every
position equals plain minimax (with the sooner win scoring higher, as the games score it), at any
window; the limits stop it where they say, deterministically; a repeated position is a draw.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Hashable, Sequence

import pytest

from game.search import INF, Budget, Limit, Search, Stop, as_limit
from tests.rules_helpers import virtual_clock

WIN = 1000
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

Board = tuple[int, ...]
Pos = tuple[Board, int]
"""Nine squares (0 empty, 1 and 2 the sides) and the side to move (1 or 2)."""


def won(board: Board, side: int) -> bool:
    return any(board[a] == board[b] == board[c] == side for a, b, c in LINES)


class Noughts:
    """Noughts and crosses as the search sees it: copy-make, no quiescence (a quiet position is
    even), wins counted by the ply they come at."""

    win = WIN - 100
    ply_scores = True

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.orders = 0

    def key(self, pos: Pos) -> Hashable:
        return pos

    def over(self, pos: Pos, ply: int) -> int | None:
        board, side = pos
        if won(board, 3 - side):
            return -(WIN - ply)
        return 0 if all(board) else None

    def leaf(self, pos: Pos, alpha: int, beta: int, ply: int) -> int:
        self.budget.tick()
        return 0

    def moves(self, pos: Pos) -> list[int]:
        return [sq for sq in range(9) if not pos[0][sq]]

    def known(self, pos: Pos, moves: Sequence[int], ply: int) -> int | None:
        return None if moves else 0

    def order(
        self,
        pos: Pos,
        moves: Sequence[int],
        best: int | None,
        killers: list[int | None],
        history: dict[int, int],
    ) -> list[int]:
        self.orders += 1
        return sorted(moves, key=lambda m: (m != best, m not in killers, -history.get(m, 0)))

    def make(self, pos: Pos, move: int) -> Pos:
        board, side = pos
        return (*board[:move], side, *board[move + 1 :]), 3 - side

    def unmake(self, pos: Pos, move: int, child: Pos) -> None:
        pass

    def quiet(self, move: int, child: Pos) -> bool:
        return True


@functools.cache
def minimax(pos: Pos, ply: int = 0) -> int:
    """The exact value for the side to move, a win scored WIN minus the plies to it."""
    board, side = pos
    if won(board, 3 - side):
        return -(WIN - ply)
    if all(board):
        return 0
    children = (((*board[:m], side, *board[m + 1 :]), 3 - side) for m in range(9) if not board[m])
    return max(-minimax(child, ply + 1) for child in children)


def random_positions(count: int, seed: int) -> list[Pos]:
    rng = random.Random(seed)
    out: list[Pos] = []
    while len(out) < count:
        pos: Pos = ((0,) * 9, 1)
        for _ in range(rng.randrange(7)):
            board, side = pos
            if won(board, 3 - side) or all(board):
                break
            pos = Noughts(Budget(Limit())).make(pos, rng.choice([s for s in range(9) if not board[s]]))
        if not won(pos[0], 3 - pos[1]) and not all(pos[0]):
            out.append(pos)
    return out


def search(limit: Limit | None = None) -> Search[Pos, int]:
    budget = Budget(limit or Limit())
    return Search(Noughts(budget), budget)


# -- values --------------------------------------------------------------------------------------------
def test_full_depth_values_are_minimax_at_every_window() -> None:
    for pos in random_positions(40, 1):
        exact = minimax(pos)
        s = search()
        assert s.node(pos, 9, -INF, INF, 0) == exact
        # fail-soft bounds from narrow windows, with the table of the full search and without
        assert s.node(pos, 9, exact, exact + 1, 0) <= exact
        assert search().node(pos, 9, exact - 1, exact, 0) >= exact


def test_the_root_finds_the_quickest_win_and_the_longest_defence() -> None:
    # X to move on  X X . / O O . / . . .  : c1 wins at once (one ply); the root says so.
    pos: Pos = ((1, 1, 0, 2, 2, 0, 0, 0, 0), 1)
    found = search().root(pos, Noughts(Budget(Limit())).moves(pos), 9)
    assert found.move == 2 and found.score == WIN - 1
    assert found.depth == 1  # a proven result stops the deepening
    # O to move there loses whatever it does: it blocks, and X wins later rather than at once.
    pos = ((1, 1, 0, 2, 0, 0, 0, 0, 0), 2)
    found = search().root(pos, Noughts(Budget(Limit())).moves(pos), 9)
    assert found.score == minimax(pos) and found.move == 2


def test_root_scores_agree_with_minimax() -> None:
    for pos in random_positions(25, 2):
        moves = Noughts(Budget(Limit())).moves(pos)
        found = search().root(pos, moves, 9)
        assert found.score == minimax(pos)
        child = Noughts(Budget(Limit())).make(pos, found.move)
        assert -minimax(child, 1) == minimax(pos)  # the move keeps the value


def test_a_position_met_again_is_a_draw() -> None:
    # X (to move) wins in three plies, not at once (. . . / . . X / O X O); with every position X
    # can move to already met in the game (a repetition), each is a draw, and so is this one.
    rules = Noughts(Budget(Limit()))
    pos: Pos = ((0, 0, 0, 0, 0, 1, 2, 1, 2), 1)
    assert minimax(pos) == WIN - 3
    s = search()
    assert s.node(pos, 9, -INF, INF, 0) == WIN - 3
    s = search()
    s.seen.update(s.rules.key(rules.make(pos, m)) for m in rules.moves(pos))
    assert s.node(pos, 9, -INF, INF, 0) == 0


# -- limits --------------------------------------------------------------------------------------------
def test_limits_are_checked_and_read() -> None:
    assert as_limit(None) == Limit() and as_limit(0.5) == Limit(time=0.5)
    assert as_limit(Limit(depth=2)).depth == 2
    assert Limit(depth=3).deepest(5) == 3 and Limit().deepest(5) == 5 and Limit(depth=9).deepest(5) == 5
    assert Limit(time=1.0, nodes=100).share(0.25) == Limit(time=0.25, nodes=25)
    assert Limit(time=0.01).at_least(0.05).time == 0.05 and Limit().at_least(0.05).time is None
    for bad in ({"time": -1.0}, {"depth": 0}, {"nodes": 0}):
        with pytest.raises(ValueError):
            Limit(**bad)  # type: ignore[arg-type]


def test_a_node_limit_stops_the_search_at_that_node_and_repeats_exactly() -> None:
    empty: Pos = ((0,) * 9, 1)
    moves = list(range(9))
    for cap in (1, 7, 50, 300, 2000):
        first = search(Limit(nodes=cap)).root(empty, moves, 9)
        again = search(Limit(nodes=cap)).root(empty, moves, 9)
        assert first.nodes <= cap
        assert (first.move, first.score, first.depth) == (again.move, again.score, again.depth)
    with pytest.raises(Stop):
        budget = Budget(Limit(nodes=10))
        for _ in range(10):
            budget.tick()


def test_a_depth_limit_is_the_deepest_iteration() -> None:
    empty: Pos = ((0,) * 9, 1)
    for depth in (1, 2, 4):
        found = search(Limit(depth=depth)).root(empty, list(range(9)), Limit(depth=depth).deepest(9))
        assert found.depth == depth


def test_a_time_limit_is_read_every_so_many_nodes(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = virtual_clock(monkeypatch, 1.0)  # each look at the clock is a second
    budget = Budget(Limit(time=5.0))  # reads once: the start
    ticks = 0
    with pytest.raises(Stop):
        while True:
            budget.tick()
            ticks += 1
    assert fake.reads == 7 and ticks == 6 * 1024 - 1  # five looks in time, the sixth past it
    assert not Budget(Limit()).past(0.5) and Budget(Limit(time=10.0)).past(0.0)


def test_a_stopped_search_keeps_the_last_finished_iteration(monkeypatch: pytest.MonkeyPatch) -> None:
    # On an empty board every move draws; stopped anywhere, the move played is one the search has
    # finished with at some depth, and the depth it reports was completed.
    empty: Pos = ((0,) * 9, 1)
    full = search().root(empty, list(range(9)), 9)
    for cap in range(200, 4000, 450):
        found = search(Limit(nodes=cap)).root(empty, list(range(9)), 9)
        assert found.depth < full.depth or found.move == full.move
        assert found.move in range(9) and abs(found.score) < WIN - 100
