"""Styles of play for Changing Challenges' gauntlet (see :mod:`game.styles`), written from the rules:
each plays either side and looks no further than its own move (the careful ones also check that the
opponent cannot win with its reply: knock the king, tip the board, or stand its king safe on the
centre line).

The generic check of :mod:`game.styles` builds a state for every reply to every move, which costs
about a second a move here; the styles work on the list board of
:mod:`game.changing_challenges.board` instead, with its make/unmake, its win test
(``winner_after``) and its two short cuts for a reply that wins (the knocks, and ``quiet_win`` for
the quiet moves that tip the board or bring the king home safe).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from game.changing_challenges import board as B
from game.changing_challenges.rules import ChangingChallengesState, PlayMove
from game.core import GameState, Move
from game.styles import Past, Style, last_move_of

WIN = 1e9
LOSS = -1e9
DANGER = -1e8
"""Scores that outrank any plan: a move that wins at once, one that loses at once (tipping the board
the wrong way), and one after which the opponent can win at once (for the careful styles)."""


# -- features of a position, on the list board ------------------------------------------------------
def _material(board: list[int], side: int) -> int:
    """Weight of ``side``'s pieces on the playing field."""
    sign = B.SIGN[side]
    return sum(w for sq in B.PLAYABLE if (w := board[sq] * sign) > 0)


def _hanging(board: list[int], side: int) -> int:
    """Weight of ``side``'s pieces the opponent could knock with its next move (the king counts
    double: knocked, it loses the game)."""
    sign = B.SIGN[side]
    total = 0
    for sq in B.PLAYABLE:
        w = board[sq] * sign
        if w > 0 and B.attacked(board, sq, 1 - side):
            total += 2 * w if w == B.KING else w
    return total


def _king(board: list[int], side: int) -> int:
    """The square of ``side``'s king on the field (-1 once knocked out)."""
    king = B.KING * B.SIGN[side]
    for sq in B.PLAYABLE:
        if board[sq] == king:
            return sq
    return -1


def _reply_wins(board: list[int], side: int, ep: int, moment: int) -> bool:
    """``side`` to move can win at once: a knock or merge that wins, or a quiet move that does."""
    for move in B.generate_captures(board, side, ep):
        changes, _, captured = B.make(board, side, move)
        won = B.winner_after(board, moment + B.moment_delta(changes), side, captured)
        B.unmake(board, changes)
        if won == side:
            return True
    return B.quiet_win(board, side, moment)


@dataclass
class After:
    """A candidate ``move`` of ``side`` and the position after it."""

    side: int
    move: PlayMove
    board: list[int]
    ep: int
    moment: int
    captured: int
    winner: int

    @property
    def tilt(self) -> int:
        """The moment seen from ``side``: it wins past +49."""
        return self.moment * B.SIGN[self.side]

    @property
    def forward(self) -> int:
        """Lines the moved piece went toward the opponent."""
        frm, to, _ = self.move
        return (B.LINE[to] - B.LINE[frm]) * B.SIGN[self.side]

    def hanging(self) -> int:
        return _hanging(self.board, self.side)

    def verdict(self, careful: bool) -> float:
        if self.winner == self.side:
            return WIN
        if self.winner >= 0:
            return LOSS
        if careful and _reply_wins(self.board, 1 - self.side, self.ep, self.moment):
            return DANGER
        return 0.0


Judge = Callable[[After], float]


def _triple(move: Move) -> PlayMove:
    """A move as the ``(from, to, kind)`` it is."""
    return cast(PlayMove, move)


def _candidates(state: ChangingChallengesState) -> list[After]:
    out = []
    for any_move in state.legal_moves(state.player):
        move = _triple(any_move)
        board = list(state.board)
        changes, ep, captured = B.make(board, state.side, move)
        moment = state.moment + B.moment_delta(changes)
        winner = B.winner_after(board, moment, state.side, captured)
        out.append(After(state.side, move, board, ep, moment, captured, winner))
    return out


def _best(
    state: ChangingChallengesState,
    rng: random.Random,
    judge: Judge,
    careful: bool,
    allowed: Callable[[After], bool] | None = None,
) -> Move:
    """The move ``judge`` likes most; a win is taken and a loss at once avoided, and a ``careful``
    style avoids a move the opponent can answer with a win; ``allowed`` narrows the plan's moves
    (a safe move outside it still beats a dangerous one inside)."""
    best: list[Move] = []
    top = float("-inf")
    for after in _candidates(state):
        verdict = after.verdict(careful)
        if verdict:
            value = verdict
        elif allowed is not None and not allowed(after):
            value = DANGER / 2 + judge(after)
        else:
            value = judge(after)
        if value > top:
            top, best = value, [after.move]
        elif value == top:
            best.append(after.move)
    return rng.choice(best)


def _style(
    name: str,
    line: str,
    judge_for: Callable[[ChangingChallengesState, Past], Judge],
    careful: bool,
    allowed: Callable[[After], bool] | None = None,
) -> Style:
    def choose(state: GameState, player: str, rng: random.Random, past: Past = ()) -> Move:
        assert isinstance(state, ChangingChallengesState)
        return _best(state, rng, judge_for(state, past), careful, allowed)

    return Style(name, line, choose)


# -- the styles ----------------------------------------------------------------------------------------
def _rusher() -> Style:
    """All weight forward: the move that tips the balance furthest its way, no look at the reply."""

    def judge_for(_state: ChangingChallengesState, _past: Past) -> Judge:
        return lambda a: a.tilt + 2 * a.captured

    return _style(
        "rusher",
        "throws its heaviest pieces across the centre to tip the board its way; never checks the reply",
        judge_for,
        careful=False,
    )


def _runner() -> Style:
    """The third way to win, made a plan: walk the king to the centre line, one step at a time."""

    def judge_for(_state: ChangingChallengesState, _past: Past) -> Judge:
        def judge(a: After) -> float:
            king = _king(a.board, a.side)
            distance = abs(B.LINE[king]) if king >= 0 else 9
            return -20 * distance + 3 * a.captured - a.hanging()

        return judge

    return _style(
        "runner",
        "marches its king straight for the centre line to stand it there safe; checks the reply",
        judge_for,
        careful=True,
    )


def _turtle() -> Style:
    """Stays home: no piece crosses the centre line, every piece guarded, knocks only intruders."""

    def judge_for(_state: ChangingChallengesState, _past: Past) -> Judge:
        return lambda a: 4 * a.captured - 3 * a.hanging() + min(0, a.tilt + 30) / 5

    return _style(
        "turtle",
        "keeps every piece on its own half, out of reach; knocks only what comes over, minds the balance",
        judge_for,
        careful=True,
        allowed=lambda a: B.own_line(a.move[1], a.side) > 0,
    )


def _hoarder() -> Style:
    """Keeps material: never knocks or merges (unless that wins) and leaves nothing to be knocked."""

    def judge_for(_state: ChangingChallengesState, _past: Past) -> Judge:
        return lambda a: -5 * a.hanging() + a.tilt / 10

    return _style(
        "hoarder",
        "never knocks or merges unless it wins at once; keeps every piece out of reach",
        judge_for,
        careful=True,
        allowed=lambda a: a.move[2] == B.MOVE,
    )


def _careful() -> Style:
    """A sensible beginner: the heaviest knock, else weight forward, never a reply that wins."""

    def judge_for(_state: ChangingChallengesState, _past: Past) -> Judge:
        return lambda a: 10 * a.captured + a.tilt / 7

    return _style(
        "careful",
        "one move ahead: knocks the heaviest piece it can, else tips the balance "
        "its way; never allows a winning reply",
        judge_for,
        careful=True,
    )


def _turned(sq: int) -> int:
    """The square seen from the other side of the table (the board turned half a circle)."""
    return B.SIZE - 1 - sq


def _mirror_move(state: GameState, player: str, rng: random.Random, past: Past = ()) -> Move:
    """The opponent's last move as seen from this side of the table; else the same step by a piece
    of the same weight; else a safe move at random. A win is always taken."""
    assert isinstance(state, ChangingChallengesState)
    rival = next(p for p in state.players if p != player)
    theirs = last_move_of(past, rival)
    candidates = _candidates(state)
    if theirs is not None and not any(a.winner == state.side for a in candidates):
        frm, to, kind = _triple(theirs)
        frm, to = _turned(frm), _turned(to)
        fine = [a for a in candidates if a.verdict(careful=True) == 0]
        exact = [a.move for a in fine if a.move == (frm, to, kind)]
        if exact:
            return exact[0]
        weight = abs(state.board[frm])
        step = to - frm
        alike = [
            a.move for a in fine if a.move[1] - a.move[0] == step and abs(state.board[a.move[0]]) == weight
        ]
        if alike:
            return rng.choice(alike)
    return _best(state, rng, lambda a: 0.0, careful=True)


def _mirror() -> Style:
    return Style(
        "mirror",
        "copies the opponent's last move as seen from its own side of the table; "
        "a safe move at random when it cannot",
        _mirror_move,
    )


def _random_move(state: GameState, player: str, rng: random.Random, past: Past = ()) -> Move:
    assert isinstance(state, ChangingChallengesState)
    moves = [_triple(m) for m in state.legal_moves(player)]
    sign = B.SIGN[state.side]
    weights = [1.0 + 4.0 * (m[2] != B.MOVE) + 2.0 * ((B.LINE[m[1]] - B.LINE[m[0]]) * sign > 0) for m in moves]
    return rng.choices(moves, weights=weights, k=1)[0]


def _random_biased() -> Style:
    return Style(
        "random", "any legal move; knocks five times likelier, forward moves three times", _random_move
    )


def _habits(state: ChangingChallengesState, past: Past) -> tuple[int, int]:
    """What the opponent's last four moves were: (moves toward us, knocks and merges)."""
    rival_side = 1 - state.side
    rival = state.players[rival_side]
    pushes = knocks = seen = 0
    for turn in reversed(past):
        move = turn.get(rival)
        if move is None:
            continue
        frm, to, kind = _triple(move)
        pushes += (B.LINE[to] - B.LINE[frm]) * B.SIGN[rival_side] > 0
        knocks += kind != B.MOVE
        seen += 1
        if seen == 4:
            break
    return pushes, knocks


def _open_centre(board: list[int], side: int) -> int:
    """Centre-line squares next to ``side``'s king that are empty and not covered by the other side
    (where that king could step home safe)."""
    king = _king(board, side)
    if king < 0 or abs(B.LINE[king]) > 2:
        return 0
    near = B.KING_STEPS[king] if B.LINE[king] else (king,)
    return sum(1 for t in near if not B.LINE[t] and not board[t] and not B.attacked(board, t, 1 - side))


def _reader() -> Style:
    """Reads the opponent's habits and plays against them, one move ahead with the safety check."""

    def judge_for(state: ChangingChallengesState, past: Past) -> Judge:
        pushes, knocks = _habits(state, past)
        balance = 1.0 + pushes  # it leans on the board: pull the weight back
        guard = 2.0 + 2 * knocks  # it grabs: leave nothing hanging

        def judge(a: After) -> float:
            return (
                6 * a.captured
                + balance * a.tilt / 5
                - guard * a.hanging()
                - 8 * _open_centre(a.board, 1 - a.side)
            )

        return judge

    return _style(
        "reader",
        "reads the opponent's last four moves: answers pushing with weight back, "
        "knocking with guards, and blocks a king run",
        judge_for,
        careful=True,
    )


def styles() -> tuple[Style, ...]:
    """Changing Challenges' gauntlet."""
    return (_rusher(), _runner(), _turtle(), _hoarder(), _careful(), _mirror(), _random_biased(), _reader())
