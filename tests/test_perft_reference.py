"""Epaminondas perft against the reference implementations (issue #16, item 4).

Three kinds of evidence, each able to fail:

* **Published figures.** EveryBoard's own tests state the number of legal moves in two positions
  (114 from the start; 8 for two lone stones). Our count must equal them.
* **Ports of the reference move generators.** Three small, plain re-implementations written from
  the reference sources (not from our engine): AbstractPlay's ``moves()``/``move()``/``checkEOG()``,
  EveryBoard's ``EpaminondasMoveGenerator``/``EpaminondasRules`` and Dagaz's ZRF programs with its
  invariant and goal scripts. Each keeps its source's data layout and way of working (AbstractPlay:
  a map of cells, the phalanx found first; EveryBoard: a table, moves checked by ``isLegal``;
  Dagaz: one program per distance moving the stones one by one, filtered afterwards) and its
  source's way of deciding a won game. Perft through each must equal ours, from the start and
  from middlegame and sparse positions, so a shared bug would have to be made four times in
  different code.
* **The one rule that differs.** None of the references has RULES.md's symmetry rule (a move onto the
  opponent's home row may not leave the board symmetric). It cannot matter from the start within
  the depths counted (no stone can reach the far row in four plies), and a hand-made position shows
  exactly where it does: there our default count is one lower, and equal with ``symmetry=off``.

Sources (the figures and the agreement are tabled in docs/ai.md, "Perft"):

* AbstractPlay/gameslib ``src/games/epam.ts`` (commit 032620424101bb004dccdf23ff721c60bcd1c007).
* EveryBoard/EveryBoard ``src/app/games/epaminondas/EpaminondasMoveGenerator.ts`` and
  ``EpaminondasRules.ts`` (commit 0252aa582e9cf31f6d6b1d1ffde58d2ced4644b5).
* DagazProject/DagazProject.github.io ``breakthrough/scripts/epaminondas-14x12.js``,
  ``epaminondas-invariant.js`` and ``epaminondas-goal.js`` (commit
  85302bdc4ad9cb31dfd92f17a5c0c284cdc19d00); the page ``breakthrough/epaminondas-14x12.htm`` loads
  them with the kernel ``common-scripts/zrf-model.js``, whose ``ZrfBoard.movePiece`` gives the
  cascade its meaning.
* EveryBoard/EveryBoard ``src/app/games/epaminondas/tests/EpaminondasMoveGenerator.spec.ts``
  (commit 29ca5ad27dd2cef17bc146d98673e44bc5d05391): "should propose 114 moves at first turn".
* EveryBoard/EveryBoard
  ``src/app/games/epaminondas/tests/EpaminondasPhalanxSizeAndFilterMoveGenerator.spec.ts``
  (commit 07376bf2c5a28d6720755c24610c0bdd8b1fea47): the two-stone board with 8 moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from game.epaminondas import BENCH_POSITIONS, EpaminondasState
from game.epaminondas import board as B
from game.epaminondas.rules import fast_perft

WIDTH, HEIGHT = 14, 12
DIRS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
"""The eight directions as (dx, dy) with y counted from the top row (rank 12), as all three sources do."""

START = "BBBBBBBBBBBBBB/" * 2 + "............../" * 8 + "WWWWWWWWWWWWWW/WWWWWWWWWWWWWW w"


def _rows(text: str) -> tuple[list[str], str]:
    """Our text form as rows top (rank 12) to bottom, and the side to move ('w' or 'b')."""
    placement, side = text.split()
    return [row.upper() for row in placement.split("/")], side.lower()


def _on(x: int, y: int) -> bool:
    return 0 <= x < WIDTH and 0 <= y < HEIGHT


# -- AbstractPlay: src/games/epam.ts ----------------------------------------------------------------
class AbstractPlayEpam:
    """Port of AbstractPlay's EpamGame (no "stones" variant). Player 1 (White) starts on the two
    bottom rows and aims at rank 12; player 2 (Black) aims at rank 1. ``gameover`` is decided
    after every move by ``checkEOG``: the player now to move has no moves (they lose), or has more
    stones on the opponent's home row than the opponent has on theirs (they win); a finished game
    has no moves."""

    def __init__(self, board: dict[tuple[int, int], int], currplayer: int) -> None:
        self.board = board
        self.currplayer = currplayer
        self.gameover = False

    @classmethod
    def from_text(cls, text: str) -> AbstractPlayEpam:
        rows, side = _rows(text)
        board = {
            (x, y): 1 if ch == "W" else 2
            for y, row in enumerate(rows)
            for x, ch in enumerate(row)
            if ch in "WB"
        }
        game = cls(board, 1 if side == "w" else 2)
        game.check_eog()
        return game

    def phalanx(self, start: tuple[int, int], d: tuple[int, int], wantmoves: bool = True) -> list | None:
        """The start stone and the line of its colour ahead; None if ``wantmoves`` and the line
        runs into the board edge (it could not move)."""
        player = self.board[start]
        out = [start]
        x, y = start
        while True:
            x, y = x + d[0], y + d[1]
            if not _on(x, y):
                return None if wantmoves else out
            if (x, y) not in self.board or self.board[(x, y)] != player:
                return out
            out.append((x, y))

    def moves(self) -> list[tuple[tuple[int, int], tuple[int, int], bool]]:
        """(tail, destination of the head, capture?) like the source's ``a1-a3`` / ``a1xa3``."""
        if self.gameover:
            return []
        player = self.currplayer
        out = []
        for cell in [c for c, p in self.board.items() if p == player]:
            for d in DIRS:
                phalanx = self.phalanx(cell, d)
                if phalanx is None:
                    continue
                hx, hy = phalanx[-1]
                for i in range(len(phalanx)):
                    nxt = (hx + d[0] * (i + 1), hy + d[1] * (i + 1))
                    if not _on(*nxt):
                        break
                    if nxt not in self.board:
                        out.append((cell, nxt, False))
                        continue
                    if self.board[nxt] != player:
                        enemy = self.phalanx(nxt, d, False)
                        assert enemy is not None
                        if len(enemy) < len(phalanx):
                            out.append((cell, nxt, True))
                    break
        return out

    def move(self, m: tuple[tuple[int, int], tuple[int, int], bool]) -> AbstractPlayEpam:
        frm, to, _ = m
        d = (_sign(to[0] - frm[0]), _sign(to[1] - frm[1]))
        board = dict(self.board)
        game = AbstractPlayEpam(board, self.currplayer)
        phalanx = self.phalanx(frm, d)
        assert phalanx is not None
        if to in self.board:
            for cell in self.phalanx(to, d, False) or []:
                del board[cell]
        for cell in phalanx:
            del board[cell]
        for i in range(len(phalanx)):
            board[(to[0] - d[0] * i, to[1] - d[1] * i)] = self.currplayer
        game.currplayer = 2 if self.currplayer == 1 else 1
        game.check_eog()
        return game

    def check_eog(self) -> None:
        me = self.currplayer
        prev = 2 if me == 1 else 1
        target_row = {1: 0, 2: HEIGHT - 1}  # rank 12 for player 1, rank 1 for player 2
        mine = sum(1 for (_, y), p in self.board.items() if p == me and y == target_row[me])
        theirs = sum(1 for (_, y), p in self.board.items() if p == prev and y == target_row[prev])
        if not self.moves() or mine > theirs:
            self.gameover = True


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


# -- EveryBoard: EpaminondasMoveGenerator.ts + EpaminondasRules.ts ----------------------------------
class EveryBoardEpaminondas:
    """Port of EveryBoard's Epaminondas: a table with row 0 at the top; player ZERO (White, moves
    on even turns) starts at the bottom and aims at row 0. A move is (x, y, phalanxSize, stepSize,
    direction) from the rear stone; ``isLegal`` checks it and builds the next table. The game status
    (checked before moves are listed) is: the player to move has more stones on the far row than
    the opponent on theirs, or a side has no stones."""

    def __init__(self, table: list[list[int]], turn: int) -> None:
        self.table = table  # 0 = ZERO (White), 1 = ONE (Black), -1 = empty
        self.turn = turn

    @classmethod
    def from_text(cls, text: str) -> EveryBoardEpaminondas:
        rows, side = _rows(text)
        table = [[0 if ch == "W" else 1 if ch == "B" else -1 for ch in row] for row in rows]
        return cls(table, 0 if side == "w" else 1)

    def at(self, x: int, y: int) -> int | None:
        return self.table[y][x] if _on(x, y) else None

    def ongoing(self) -> bool:
        zeros_far = sum(1 for v in self.table[0] if v == 0)
        ones_far = sum(1 for v in self.table[HEIGHT - 1] if v == 1)
        if self.turn % 2 == 0 and zeros_far > ones_far:
            return False
        if self.turn % 2 == 1 and ones_far > zeros_far:
            return False
        return all(any(v == p for row in self.table for v in row) for p in (0, 1))

    def list_moves(self) -> Iterator[tuple[int, int, int, int, tuple[int, int]]]:
        player = self.turn % 2
        opponent = 1 - player
        for y in range(HEIGHT):
            for x in range(WIDTH):
                if self.table[y][x] != player:
                    continue
                for d in DIRS:
                    size = 1
                    nx, ny = x + d[0], y + d[1]
                    while self.at(nx, ny) == player:
                        size += 1
                        nx, ny = nx + d[0], ny + d[1]
                    step = 1
                    while step <= size and self.at(nx, ny) == -1:
                        yield (x, y, size, step, d)
                        step += 1
                        nx, ny = nx + d[0], ny + d[1]
                    if step <= size and self.at(nx, ny) == opponent:
                        move = (x, y, size, step, d)
                        if self.is_legal(move) is not None:
                            yield move

    def is_legal(self, move: tuple[int, int, int, int, tuple[int, int]]) -> list[list[int]] | None:
        """The table after ``move``, or None where the source returns a failure (only the capture
        size can fail for the moves the generator proposes)."""
        x, y, size, step, (dx, dy) = move
        player, opponent = self.turn % 2, 1 - self.turn % 2
        board = [row[:] for row in self.table]
        for i in range(step):  # the rear stone of each step goes to the square past the front
            board[y + dy * i][x + dx * i] = -1
            board[y + dy * (size + i)][x + dx * (size + i)] = player
        cx, cy = x + dx * (size + step - 1), y + dy * (size + step - 1)
        captured = 0
        while self.at(cx, cy) == opponent:
            if captured > 0:
                board[cy][cx] = -1
            captured += 1
            if size <= captured:
                return None
            cx, cy = cx + dx, cy + dy
        return board

    def play(self, move: tuple[int, int, int, int, tuple[int, int]]) -> EveryBoardEpaminondas:
        board = self.is_legal(move)
        assert board is not None
        return EveryBoardEpaminondas(board, self.turn + 1)


# -- Dagaz: breakthrough/scripts/epaminondas-14x12.js + -invariant.js + -goal.js ------------------
class DagazEpaminondas:
    """Port of Dagaz's Epaminondas. The ZRF bytecode there has one program per distance k = 0..7,
    run from every own stone in every direction, each stone's step recorded as its own action
    (a cascade); ``CheckInvariants`` then drops a move whose distance exceeds its number of
    actions (stones moved) or whose front lands on an enemy line at least as long; a captured
    line's stones become extra actions. ``checkGoals``: the side to move wins with more stones on
    the opponent's first rank. Cells are ``(x, y)`` with y = 0 on rank 12, as Dagaz numbers them."""

    def __init__(self, board: dict[tuple[int, int], int], player: int) -> None:
        self.board = board  # 1 = White, 2 = Black
        self.player = player

    @classmethod
    def from_text(cls, text: str) -> DagazEpaminondas:
        rows, side = _rows(text)
        board = {
            (x, y): 1 if ch == "W" else 2
            for y, row in enumerate(rows)
            for x, ch in enumerate(row)
            if ch in "WB"
        }
        return cls(board, 1 if side == "w" else 2)

    @staticmethod
    def navigate(pos: tuple[int, int] | None, d: tuple[int, int]) -> tuple[int, int] | None:
        if pos is None:
            return None
        x, y = pos[0] + d[0], pos[1] + d[1]
        return (x, y) if _on(x, y) else None

    def friend(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and self.board.get(pos) == self.player

    def enemy(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and pos in self.board and self.board[pos] != self.player

    def program(self, k: int, start: tuple[int, int], d: tuple[int, int]) -> list | None:
        """ZRF command k from ``start`` in ``d``: the (from, to) actions, or None if it fails (a
        failed verify, or a navigation off the board)."""
        actions: list[tuple[tuple[int, int], tuple[int, int]]] = []
        frm = start
        cur = self.navigate(start, d)
        if cur is None:
            return None
        if k == 0:  # empty? verify to
            return [(frm, cur)] if cur not in self.board else None
        if not self.friend(cur):  # friend? verify
            return None
        while self.friend(cur):  # friend? not IF (exit)
            if k == 1:
                actions.append((frm, cur))  # to
                frm, cur = cur, self.navigate(cur, d)  # from, $2 navigate
            else:
                mark = pos = cur  # mark
                for _ in range(k - 1):  # $2..$k navigate, enemy? not verify
                    pos = self.navigate(pos, d)
                    if pos is None or self.enemy(pos):
                        return None
                actions.append((frm, pos))  # to
                frm, cur = mark, self.navigate(mark, d)  # back, from, navigate
            if cur is None:
                return None
        if k == 1:  # friend? not verify, to
            return [*actions, (frm, cur)] if not self.friend(cur) else None
        pos = cur
        for _ in range(k - 1):  # navigate, friend? not verify
            pos = self.navigate(pos, d)
            if pos is None or self.friend(pos):
                return None
        return [*actions, (frm, pos)]

    def invariant(self, actions: list) -> list | None:
        """epaminondas-invariant.js (not "crossing"): the move with its captures, or None."""
        length = len(actions)
        captures = []
        for s, t in actions:
            dx, dy = t[0] - s[0], t[1] - s[1]
            if max(abs(dx), abs(dy)) > length:
                return None
            if self.enemy(t):
                d = (_sign(dx), _sign(dy))
                count, pos = 1, self.navigate(t, d)
                while pos is not None and self.board.get(pos) == self.board[t]:
                    captures.append(pos)
                    count, pos = count + 1, self.navigate(pos, d)
                if count >= length:
                    return None
        return [*actions, *((c, None) for c in captures)]

    def won(self) -> bool:
        """epaminondas-goal.js: the side to move has more stones on the far rank than the other."""
        far = {1: 0, 2: HEIGHT - 1}
        friends = sum(1 for (_, y), p in self.board.items() if p == self.player and y == far[p])
        enemies = sum(1 for (_, y), p in self.board.items() if p != self.player and y == far[p])
        return friends > enemies

    def generate(self) -> list[list]:
        if self.won():
            return []
        out = []
        for cell in [c for c, p in self.board.items() if p == self.player]:
            for d in DIRS:
                for k in range(8):
                    actions = self.program(k, cell, d)
                    move = self.invariant(actions) if actions is not None else None
                    if move is not None:
                        out.append(move)
        return out

    def apply(self, move: list) -> DagazEpaminondas:
        """ZrfBoard.movePiece for each action (a cascade: the piece comes from the parent board and a
        square already filled by this move is not emptied), then the captures."""
        board = dict(self.board)
        changed: list[tuple[int, int]] = []
        for frm, to in move:
            if to is None:
                board.pop(frm, None)
                continue
            piece = self.board[frm]
            if frm not in changed:
                board.pop(frm, None)
            board[to] = piece
            changed.append(to)
        return DagazEpaminondas(board, 2 if self.player == 1 else 1)


# -- perft through each port ------------------------------------------------------------------------
def perft_abstractplay(game: AbstractPlayEpam, depth: int) -> int:
    if depth == 0:
        return 1
    moves = game.moves()
    if depth == 1:
        return len(moves)
    return sum(perft_abstractplay(game.move(m), depth - 1) for m in moves)


def perft_everyboard(game: EveryBoardEpaminondas, depth: int) -> int:
    if depth == 0:
        return 1
    if not game.ongoing():
        return 0
    moves = list(game.list_moves())
    if depth == 1:
        return len(moves)
    return sum(perft_everyboard(game.play(m), depth - 1) for m in moves)


def perft_dagaz(game: DagazEpaminondas, depth: int) -> int:
    if depth == 0:
        return 1
    moves = game.generate()
    if depth == 1:
        return len(moves)
    return sum(perft_dagaz(game.apply(m), depth - 1) for m in moves)


def ours(text: str, depth: int, symmetry: str = "mirror") -> int:
    return fast_perft(EpaminondasState.from_text(text, {"symmetry": symmetry}), depth)


PORTS: dict[str, Callable[[str, int], int]] = {
    "abstractplay": lambda text, depth: perft_abstractplay(AbstractPlayEpam.from_text(text), depth),
    "everyboard": lambda text, depth: perft_everyboard(EveryBoardEpaminondas.from_text(text), depth),
    "dagaz": lambda text, depth: perft_dagaz(DagazEpaminondas.from_text(text), depth),
}


# -- published figures -----------------------------------------------------------------------------
def test_first_turn_has_the_114_moves_everyboard_publishes() -> None:
    # EveryBoard tests/EpaminondasMoveGenerator.spec.ts: "should propose 114 moves at first turn".
    assert ours(START, 1) == 114
    assert EpaminondasState().text() == START


def test_two_lone_stones_have_the_8_moves_everyboard_publishes() -> None:
    # EveryBoard tests/EpaminondasPhalanxSizeAndFilterMoveGenerator.spec.ts: O on row 3, X on row 8
    # of column 6 (rows from the top), turn 1 (X, i.e. Black, to move): "we should have all of
    # them (8)". In our names: white g9, black g4, Black to move.
    rows = ["." * 14] * 12
    rows[3] = "......W......."
    rows[8] = "......B......."
    text = "/".join(rows) + " b"
    assert ours(text, 1) == 8
    assert all(port(text, 1) == 8 for port in PORTS.values())


# -- the ports against us --------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(PORTS))
def test_ports_count_as_we_do_from_the_start(name: str) -> None:
    # Our figures, also in docs/ai.md: 114, 12,996, 1,787,292, 245,799,684.
    assert [ours(START, d) for d in (1, 2)] == [114, 12996]
    assert [PORTS[name](START, d) for d in (1, 2)] == [114, 12996]


def test_ports_count_as_we_do_after_a_first_move() -> None:
    """Below a1-a3 (a slice of perft 3 and 4 from the start), by all three counters."""
    after = (
        "BBBBBBBBBBBBBB/" * 2
        + "............../" * 6
        + "W............./W............./.WWWWWWWWWWWWW/.WWWWWWWWWWWWW b"
    )
    state = EpaminondasState().apply_turn({"white": (B.square_index("a1"), B.square_index("a3"))})
    assert state.text() == after
    assert ours(after, 2) == 114 * 144  # docs/games/epaminondas.md
    assert [PORTS[name](after, 2) for name in sorted(PORTS)] == [114 * 144] * len(PORTS)


def _middlegames() -> list[str]:
    """The bench positions after the opening, and positions from seeded random games."""
    texts = list(BENCH_POSITIONS[1:])
    for seed in range(3):
        rng = random.Random(seed)
        state = EpaminondasState(symmetry="off")
        for _ in range(rng.randint(20, 90)):
            if state.over:
                break
            state = state.apply_turn({state.to_move()[0]: state.random_move(state.to_move()[0], rng)})
        texts.append(state.text())
    return texts


@pytest.mark.parametrize("text", _middlegames())
def test_ports_count_as_we_do_in_middlegames(text: str) -> None:
    # No symmetry rule in either reference: compare with it off (see the test below).
    expected = [ours(text, d, "off") for d in (1, 2)]
    for name, port in PORTS.items():
        assert [port(text, d) for d in (1, 2)] == expected, name


def test_sparse_positions_with_wins_inside_the_depth() -> None:
    """Few stones near the far rows: games are won inside three plies, so the won-position
    convention is exercised at every depth."""
    rng = random.Random(16)
    compared = 0
    for _ in range(40):
        squares = rng.sample(range(14 * 12), rng.randint(3, 7))
        cut = rng.randint(1, len(squares) - 1)
        rows = [["."] * 14 for _ in range(12)]
        for i, sq in enumerate(squares):
            rows[11 - sq // 14][sq % 14] = "W" if i < cut else "B"
        text = "/".join("".join(r) for r in rows) + rng.choice((" w", " b"))
        expected = [ours(text, d, "off") for d in (1, 2, 3)]
        for name, port in PORTS.items():
            assert [port(text, d) for d in (1, 2, 3)] == expected, (name, text)
        compared += 1
    assert compared == 40


def test_the_symmetry_rule_is_the_one_difference() -> None:
    # White a11, Black a1 (already across), White to move. a11-a12 answers the crossing, but
    # leaves white a12 / black a1: the board mirrored across the centre line with colours swapped,
    # which RULES.md forbids by default. The references have no such rule.
    rows = ["." * 14] * 12
    rows[1] = "W............."
    rows[11] = "B............."
    text = "/".join(rows) + " w"
    assert [port(text, 1) for port in PORTS.values()] == [5] * len(PORTS)
    assert ours(text, 1, "off") == ours(text, 1, "rotation") == 5
    assert ours(text, 1) == 4
