"""Changing Challenges' computer player.

Iterative-deepening negamax with alpha-beta and principal-variation search, a transposition table
keyed by Zobrist hashes, move ordering (hash move, captures by most valuable victim / least
valuable attacker, two killers per ply, history), and a quiescence search over captures.

The game is won three ways, all checked after every move: knocking the king, tipping the balance
(moment past ±49) and a king on the centre line that cannot be knocked. The first two are often
one quiet move away, so every quiescence node first asks whether the side to move has a quiet
move that wins outright (a tipping move or a safe king step onto the centre line): a plain
capture-only quiescence would stand pat in front of a lost balance. For the same reason a
quiescence node whose *opponent* has such a move does not stand pat but tries every move (the
"check evasion" of this game), and full-width nodes look for a win at once before searching.

Evaluation (from the Triangles' side, negated for the Circles), in centipawn-like units:

* the moment, linear plus a square term past 20, because the nearer a side is to tipping the
  board, the fewer moves it needs and the harder it is to stop;
* material on the playing field (pawn 60, bishop 200, rook 300, queen 500: stored pieces still
  weigh on the balance but can no longer move or knock), with small file-centrality and pawn
  advancement bonuses;
* the king's way to the centre line: a bonus for a king near it with few enemy pieces able to
  reach it, a penalty for a king the opponent attacks now.

Easy does not search: it judges each move on the static evaluation after it, with noise, and now
and then overlooks a knock (:meth:`Searcher.beginner_scores`) — a beginner who sees wins on the spot
but not the reply.

All of it runs on the flat list board of :mod:`.board` with make/unmake; values incremental where
that is cheap (moment, material and square tables, the hash).
"""

from __future__ import annotations

import random

from game import clock
from game.changing_challenges import board as B
from game.changing_challenges.rules import PLAYERS, ChangingChallengesState
from game.core import GameState, Move

WIN = 1_000_000
WIN_BOUND = WIN - 10_000
INF = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
MAX_PLY = 128
QSEARCH_LIMIT = 8
EASY_QSEARCH_LIMIT = 1
EVASION_PLIES = 1
"""Quiescence plies (from its root) at which a threatened side searches every move."""
TT_LIMIT = 400_000

MATERIAL = {B.PAWN: 60, B.BISHOP: 200, B.ROOK: 300, B.QUEEN: 500, B.KING: 0}
CENTRALITY = {B.PAWN: 3, B.BISHOP: 6, B.ROOK: 3, B.QUEEN: 5, B.KING: 0}
MOMENT_UNIT = 10
EASY_NOISE = 30
"""Easy's judgement error: up to ± half a pawn's weight on each move's static value."""
EASY_CAREFUL = 0.65
"""Share of easy's turns on which it checks the reply's knocks: a beginner looks now and then."""
EASY_OVERLOOK = 0.2
"""Chance that easy does not see a piece it could knock this turn (every knock of it at once;
never a knock that wins the game, nor one that is the only way out of a lost position)."""

LAST_STATS: dict[str, float] = {}
"""Figures from the most recent decision (depth, nodes, seconds, score): for the bench."""


def _pst() -> list[list[int]]:
    """``PSTF[value + 6][sq]``: signed (Triangles positive) material + placement of a piece."""
    table = [[0] * B.SIZE for _ in range(13)]
    for value in range(-6, 7):
        w = abs(value)
        if w not in B.PIECE_NAMES:
            continue
        side = B.TRIANGLES if value > 0 else B.CIRCLES
        for sq in B.PLAYABLE:
            f = sq % B.WIDTH
            bonus = MATERIAL[w] + CENTRALITY[w] * (3 - abs(f - 3))
            if w == B.PAWN:
                bonus += 8 * (4 - B.own_line(sq, side))
            table[value + 6][sq] = bonus if value > 0 else -bonus
    return table


PSTF = _pst()

_ZRNG = random.Random(0x5EED_C4A1)
ZOBRIST = [[_ZRNG.getrandbits(64) for _ in range(13)] for _ in range(B.SIZE)]
for _sq in range(B.SIZE):
    ZOBRIST[_sq][6] = 0  # empty squares hash to nothing
ZSIDE = (0, _ZRNG.getrandbits(64))
ZEP = [0] + [_ZRNG.getrandbits(64) for _ in range(B.SIZE)]  # index ep + 1


def board_hash(board: list[int] | tuple[int, ...]) -> int:
    """Zobrist hash of the pieces (side and en passant are mixed in per node)."""
    h = 0
    for sq, p in enumerate(board):
        h ^= ZOBRIST[sq][p + 6]
    return h


def moment_value(moment: int) -> int:
    """The balance in evaluation units (Triangles positive): steeper as a side nears 49."""
    excess = abs(moment) - 20
    extra = excess * excess // 2 if excess > 0 else 0
    return MOMENT_UNIT * moment + (extra if moment > 0 else -extra)


class _Timeout(Exception):
    """Raised inside the search when the deadline passes; the last finished iteration counts."""


class Searcher:
    """One decision's search. The table is not kept between moves: it refills well within the
    budget, and a fresh one keeps memory flat over a long session."""

    def __init__(self, state: ChangingChallengesState, deadline: float, qlimit: int = QSEARCH_LIMIT) -> None:
        self.board = list(state.board)
        self.qlimit = qlimit
        self.deadline = deadline
        self.nodes = 0
        self.tt: dict[int, tuple[int, int, int, B.Move | None]] = {}
        self.killers: list[list[B.Move | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.history: dict[B.Move, int] = {}
        self.pst = sum(PSTF[p + 6][sq] for sq, p in enumerate(self.board))
        self.hash = board_hash(self.board)
        # Positions of the game since the last capture and on the current search path: meeting
        # one again scores as a draw, so the search neither shuffles into a threefold repetition
        # when ahead nor misses one when behind.
        self.seen: set[int] = {board_hash(b) ^ ZSIDE[side] ^ ZEP[ep + 1] for b, side, ep in state.history}

    # -- helpers -------------------------------------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        if not self.nodes & 511 and clock.now() > self.deadline:
            raise _Timeout

    @staticmethod
    def _deltas(changes: list[B.Change]) -> tuple[int, int, int]:
        dm = dp = dh = 0
        line, pst, zob = B.LINE, PSTF, ZOBRIST
        for s, old, new in changes:
            dm += (abs(new) - abs(old)) * line[s]
            dp += pst[new + 6][s] - pst[old + 6][s]
            dh ^= zob[s][old + 6] ^ zob[s][new + 6]
        return dm, dp, dh

    def evaluate(self, side: int, moment: int, pst: int) -> int:
        """Static value for the side to move."""
        value = pst + moment_value(moment) + self._kings()
        return (value if side == B.TRIANGLES else -value) + 15

    def _kings(self) -> int:
        """King terms (Triangles positive): the way to the centre line, and danger now."""
        board = self.board
        total = 0
        for side in (B.TRIANGLES, B.CIRCLES):
            king = B.KING * B.SIGN[side]
            try:
                sq = board.index(king, 14, 91)
            except ValueError:
                continue
            distance = abs(B.LINE[sq])
            term = 0
            if distance <= 2:
                term += (3 - distance) * 25
            if B.attacked(board, sq, 1 - side):
                term -= 40 + 30 * (3 - min(distance, 3))
            total += term if side == B.TRIANGLES else -term
        return total

    def order(self, moves: list[B.Move], tt_move: B.Move | None, ply: int) -> list[B.Move]:
        board = self.board
        k1, k2 = self.killers[ply]
        hist = self.history

        def key(m: B.Move) -> int:
            if m == tt_move:
                return 1 << 40
            frm, to, kind = m
            if kind:
                victim = abs(board[to]) or 1
                return (1 << 30) + victim * 64 - abs(board[frm]) * 4 + (kind == B.KNOCK)
            if m == k1:
                return (1 << 29) + 1
            if m == k2:
                return 1 << 29
            return hist.get(m, 0)

        return sorted(moves, key=key, reverse=True)

    # -- search ------------------------------------------------------------------------------------
    def negamax(self, depth: int, alpha: int, beta: int, ply: int, side: int, ep: int, moment: int,
                pst: int, h: int) -> int:
        if depth <= 0 or ply >= MAX_PLY:
            return self.qsearch(alpha, beta, ply, side, ep, moment, pst, h, 0)
        self._tick()
        key = h ^ ZSIDE[side] ^ ZEP[ep + 1]
        if key in self.seen:
            return 0
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            edepth, flag, value, tt_move = entry
            if edepth >= depth:
                if value > WIN_BOUND:
                    value -= ply
                elif value < -WIN_BOUND:
                    value += ply
                if flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha):
                    return value
        board = self.board
        if self.wins_now(side, moment):
            return WIN - ply - 1
        moves = B.generate(board, side, ep)
        if not moves:
            return 0
        alpha0 = alpha
        best = -INF
        best_move = None
        first = True
        self.seen.add(key)
        for move in self.order(moves, tt_move, ply):
            changes, nep, cap = B.make(board, side, move)
            dm, dp, dh = self._deltas(changes)
            nm = moment + dm
            won = B.winner_after(board, nm, side, cap)
            if won >= 0:
                score = WIN - ply - 1 if won == side else -(WIN - ply - 1)
            elif first:
                score = -self.negamax(depth - 1, -beta, -alpha, ply + 1, 1 - side, nep, nm, pst + dp, h ^ dh)
            else:
                score = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1, 1 - side, nep, nm, pst + dp,
                                      h ^ dh)
                if alpha < score < beta:
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1, 1 - side, nep, nm, pst + dp,
                                          h ^ dh)
            B.unmake(board, changes)
            first = False
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if not cap:
                            killers = self.killers[ply]
                            if killers[0] != move:
                                killers[1] = killers[0]
                                killers[0] = move
                            self.history[move] = self.history.get(move, 0) + depth * depth
                        break
        self.seen.discard(key)
        flag = LOWER if best >= beta else UPPER if best <= alpha0 else EXACT
        stored = best + ply if best > WIN_BOUND else best - ply if best < -WIN_BOUND else best
        if len(self.tt) > TT_LIMIT:
            self.tt.clear()
        self.tt[key] = (depth, flag, stored, best_move)
        return best

    def qsearch(self, alpha: int, beta: int, ply: int, side: int, ep: int, moment: int, pst: int, h: int,
                qd: int) -> int:
        self._tick()
        board = self.board
        if B.quiet_win(board, side, moment):
            return WIN - ply - 1
        if qd < EVASION_PLIES and B.quiet_win(board, 1 - side, moment):
            return self.evasion(alpha, beta, ply, side, ep, moment, pst, h, qd)
        stand = self.evaluate(side, moment, pst)
        if stand >= beta or qd >= self.qlimit:
            return stand
        if stand > alpha:
            alpha = stand
        captures = B.generate_captures(board, side, ep)
        if not captures:
            return stand
        captures.sort(key=lambda m: (abs(board[m[1]]) or 1) * 64 - abs(board[m[0]]) * 4 + (m[2] == B.KNOCK),
                      reverse=True)
        return self._qmoves(captures, stand, alpha, beta, ply, side, moment, pst, h, qd)

    def _qmoves(self, moves: list[B.Move], best: int, alpha: int, beta: int, ply: int, side: int,
                moment: int, pst: int, h: int, qd: int) -> int:
        """The move loop both kinds of quiescence node share: try ``moves`` in the order given, each
        answered by a quiescence node, and return the best score, starting from ``best``. The kinds
        differ only in what they pass: a plain node its captures and its stand-pat score (alpha
        already raised to it), an :meth:`evasion` every move and -INF, since it may not stand pat."""
        board = self.board
        for move in moves:
            changes, nep, cap = B.make(board, side, move)
            dm, dp, dh = self._deltas(changes)
            nm = moment + dm
            won = B.winner_after(board, nm, side, cap)
            if won >= 0:
                score = WIN - ply - 1 if won == side else -(WIN - ply - 1)
            else:
                score = -self.qsearch(-beta, -alpha, ply + 1, 1 - side, nep, nm, pst + dp, h ^ dh, qd + 1)
            B.unmake(board, changes)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def wins_now(self, side: int, moment: int) -> bool:
        """Whether ``side`` (to move) wins with its next move: a quiet win, or the opposing king
        standing where it can be knocked. Asked before a full-width node's move loop, so a won
        position costs one scan instead of a search of every move."""
        board = self.board
        if B.quiet_win(board, side, moment):
            return True
        king = -B.KING * B.SIGN[side]
        try:
            sq = board.index(king, 14, 91)
        except ValueError:
            return False
        return B.attacked(board, sq, side)

    def evasion(self, alpha: int, beta: int, ply: int, side: int, ep: int, moment: int, pst: int, h: int,
                qd: int) -> int:
        """A quiescence node where the opponent threatens a quiet win (tipping the board, or a
        safe king on the centre line) on its next move. Standing pat would ignore the threat, as
        a chess quiescence search must not stand pat in check, so every move is tried; the
        replies are quiescence nodes, whose first question is whether the threat still wins."""
        board = self.board
        moves = B.generate(board, side, ep)
        if not moves:
            return 0
        moves.sort(key=lambda m: (abs(board[m[1]]) or 1) * 64 - abs(board[m[0]]) * 4 + 1000 * (m[2] > 0),
                   reverse=True)
        return self._qmoves(moves, -INF, alpha, beta, ply, side, moment, pst, h, qd)

    def beginner_scores(self, moves: list[B.Move], side: int, moment: int,
                        rng: random.Random) -> list[tuple[int, bool]]:
        """Easy's view of each root move: (static value after it, whether a knock it overlooked).

        A beginner's one look: a move that wins is a win, a move that hands the opponent a win on
        the spot (a king left to be knocked, the balance left to tip) is nearly a loss — the greedy
        beginner sees that much too — and anything else is judged on the position as it stands,
        with noise; only on :data:`EASY_CAREFUL` of its turns does it also weigh the reply's
        knocks (one ply: is the piece it moves left hanging?). Each piece that could be knocked is
        overlooked with :data:`EASY_OVERLOOK` (every knock of it at once), so easy now and then
        misses a capture as people do."""
        board = self.board
        out: list[tuple[int, bool]] = []
        careful = rng.random() < EASY_CAREFUL
        overlooked: dict[int, bool] = {}  # by the square knocked: a chance missed is missed every way
        for move in moves:
            changes, nep, cap = B.make(board, side, move)
            dm, dp, dh = self._deltas(changes)
            nm = moment + dm
            won = B.winner_after(board, nm, side, cap)
            if won >= 0:  # a win now outranks a win the one-ply check foresees
                score, missed = (2 * WIN if won == side else -2 * WIN), False
            else:
                if careful:  # the reply's knocks, one ply (self.qlimit is 1 for easy)
                    score = -self.qsearch(-INF, INF, 1, 1 - side, nep, nm, self.pst + dp, self.hash ^ dh, 0)
                else:
                    score = -self.evaluate(1 - side, nm, self.pst + dp)
                if abs(score) < WIN_BOUND:
                    score += int(rng.uniform(-EASY_NOISE, EASY_NOISE))
                if self.wins_now(1 - side, nm):
                    score -= WIN // 2
                missed = bool(cap) and overlooked.setdefault(move[1], rng.random() < EASY_OVERLOOK)
            B.unmake(board, changes)
            out.append((score, missed))
        return out

    def root_scores(self, moves: list[B.Move], side: int, moment: int, depth: int) -> list[int]:
        """Exact scores of root moves at ``depth`` (full windows), in order, for the noisy easy
        level; on timeout the moves scored so far (the caller orders captures first)."""
        board = self.board
        out: list[int] = []
        for move in moves:
            if clock.now() > self.deadline:
                break
            changes, nep, cap = B.make(board, side, move)
            dm, dp, dh = self._deltas(changes)
            nm = moment + dm
            won = B.winner_after(board, nm, side, cap)
            if won >= 0:
                score = WIN if won == side else -WIN
            else:
                try:
                    score = -self.negamax(depth - 1, -INF, INF, 1, 1 - side, nep, nm, self.pst + dp,
                                          self.hash ^ dh)
                except _Timeout:
                    break
            B.unmake(board, changes)
            out.append(score)
        return out

    def iterate(self, moves: list[B.Move], side: int, moment: int, max_depth: int,
                soft_limit: float) -> tuple[B.Move, int, int]:
        """Iterative deepening at the root; returns (best move, score, depth completed)."""
        board = self.board
        best_move, best_score, done = moves[0], 0, 0
        start = clock.now()
        for depth in range(1, max_depth + 1):
            alpha = -INF
            iteration_best = None
            try:
                for index, move in enumerate(moves):
                    changes, nep, cap = B.make(board, side, move)
                    dm, dp, dh = self._deltas(changes)
                    nm = moment + dm
                    try:
                        won = B.winner_after(board, nm, side, cap)
                        if won >= 0:
                            score = WIN - 1 if won == side else -(WIN - 1)
                        elif index == 0:
                            score = -self.negamax(depth - 1, -INF, -alpha, 1, 1 - side, nep, nm,
                                                  self.pst + dp, self.hash ^ dh)
                        else:
                            score = -self.negamax(depth - 1, -alpha - 1, -alpha, 1, 1 - side, nep, nm,
                                                  self.pst + dp, self.hash ^ dh)
                            if score > alpha:
                                score = -self.negamax(depth - 1, -INF, -alpha, 1, 1 - side, nep, nm,
                                                      self.pst + dp, self.hash ^ dh)
                    finally:
                        B.unmake(board, changes)
                    if score > alpha:
                        alpha = score
                        iteration_best = move
                        # A root move that beats the previous best is trustworthy even if the
                        # iteration does not finish (the old best was searched first).
                        best_move, best_score = move, score
            except _Timeout:
                break
            done = depth
            if iteration_best is not None:
                moves.remove(iteration_best)
                moves.insert(0, iteration_best)
            if abs(alpha) > WIN_BOUND:
                break
            if clock.now() - start > soft_limit:
                break
        return best_move, best_score, done


LEVEL_DEPTH = {"easy": 1, "normal": 2, "hard": 64}
"""Deepest iteration per level. Normal stops at 2 plies (its move and the reply, then the knocks
and merges of the quiescence) so that it is a genuinely shallower player than hard, which deepens
for as long as its 2.5 s allow (5 to 6 plies in the middle game on a 2-core machine). At 3 plies
normal was too close to hard: hard won only 13 of 19 games against it (24 November 2026)."""


def ai(state: GameState, player: str, level: str, rng: random.Random, seconds: float) -> Move:
    """Choose a move for ``player`` within ``seconds`` (the level's budget)."""
    assert isinstance(state, ChangingChallengesState)
    start = clock.now()
    side = PLAYERS.index(player)
    moves = list(state.legal_moves(player))
    if not moves:
        raise ValueError(f"{player} has no legal move")
    if len(moves) == 1:
        return moves[0]
    rng.shuffle(moves)  # ties go to a seeded random choice
    if level == "easy":
        searcher = Searcher(state, float("inf"), qlimit=EASY_QSEARCH_LIMIT)  # one ply: bounded, no clock
        judged = searcher.beginner_scores(moves, side, state.moment, rng)
        seen = [i for i, (_, missed) in enumerate(judged) if not missed]
        if not seen or max(judged[i][0] for i in seen) < -WIN // 4:
            seen = list(range(len(moves)))  # in trouble, anyone looks harder: the knock that saves it
        index = max(seen, key=lambda i: judged[i][0])
        LAST_STATS.update(depth=1, nodes=searcher.nodes, seconds=clock.now() - start,
                          score=judged[index][0])
        return moves[index]
    searcher = Searcher(state, start + max(0.05, seconds * 0.85))
    ordered = searcher.order(moves, None, 0)
    move, score, depth = searcher.iterate(ordered, side, state.moment,
                                          LEVEL_DEPTH.get(level, 64), seconds * 0.4)
    LAST_STATS.update(depth=depth, nodes=searcher.nodes, seconds=clock.now() - start, score=score)
    return move
