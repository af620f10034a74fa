"""Changing Challenges: chess-like pieces on a board that balances on a fulcrum.

The package exposes :data:`GAME` for the register; geometry and move generation live in
:mod:`.board`, the contract's state in :mod:`.rules`, the computer player in :mod:`.ai`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.bench import Position, engine_rates
from game.changing_challenges import ai as ai_module
from game.changing_challenges import board as B
from game.changing_challenges.greedy import changing_challenges_move as greedy_move
from game.changing_challenges.rules import (
    GAME_ID,
    OPTIONS,
    PLAYERS,
    ChangingChallengesState,
    counterweight_for,
    fast_perft,
)
from game.core import Credit, GameInfo, GameState

BENCH_POSITIONS: tuple[str, ...] = (
    # 1. the start
    "......./......./rbqkqbr/pbpqpbp/......./......./......./......./......./......./......./PBPQPBP/"
    "RBQKQBR/......./....... t -",
    # 2. opening, Triangles may knock en passant on c11
    "......./......./rbqkqbr/...qpbp/p....../..p..../......./......./..B.B.b/......./....P../P.PQ..P/"
    "RBQKQBR/......./....... t c11",
    # 3. opening, queens out on both sides, moment -18
    "......./......./rb.k.br/p.p.pqp/......./.....q./....b../...b..B/......./q.P.Q../..Q.B../PB.KP.P/"
    "R...QBR/......./....... t -",
    # 4. middlegame, one queen stored on each side, a Circles king out on d9
    "......./......q/rbq..br/pbp.p.p/...k.../.....Q./......./...B.../...q.../......P/....K../P.P.P../"
    "RB..QBR/QQ...../....... t -",
    # 5. middlegame, storage filling, Triangles queen deep on g13
    "......./....rqq/r....bQ/p..kp.p/..p..../......./B....b./.B.b.../......b/q....../......P/P.PKP../"
    "RB...BR/QQ...../....... t -",
    # 6. king race: the Triangles king on b6 heads for the centre line, Circles to move
    "......./..rqbqq/...kbQ./p.b..../......./....p.p/..p...B/......./......b/.K....P/......./P.P.P../"
    "r....BR/QQBBR../....... c -",
    # 7. Circles to move with an en passant chance on e5, moment 15
    "......./.....qq/rbq.B.r/..p.k.p/..Q...B/p...p../......./b....../......./P...P../......P/.bP..../"
    "RBbK.BR/QQ...../....... c e5",
    # 8. tense balance: moment -29, Triangles must pull weight back toward the Circles' side
    "......./rqpbrqq/.Q...../p.....p/......./..k.p../......./......./......./......P/......./P.P.P.b/"
    "RB.K.Bq/QQRQ.../....... t -",
)
"""Fixed positions for the AI benchmark, as text forms (see docs/games/changing-challenges.md)."""


def bench_states() -> list[GameState]:
    return [ChangingChallengesState.from_text(text) for text in BENCH_POSITIONS]


def rules_bench(seconds: float) -> list[tuple[str, float]]:
    """Rates over the fixed positions: move generation, make/unmake of every move, perft 1-3."""
    states = [ChangingChallengesState.from_text(text) for text in BENCH_POSITIONS]
    positions = [(list(s.board), s.side, s.ep) for s in states]
    start_board = B.start_board()
    return engine_rates(
        seconds,
        positions,
        B.generate,
        _make_unmake_all,
        lambda depth: B.perft(start_board, B.TRIANGLES, -1, 0, depth),
    )


def _make_unmake_all(position: Position, moves: Sequence[Any]) -> None:
    board, side, _ = position
    for move in moves:
        B.unmake(board, B.make(board, side, move)[0])


SUMMARY = "Chess on a see-saw: every capture shifts the weight until the board tips."

RULES_HELP = """\
The board has 7 files (a-g) and 15 ranks and lies on its side: ranks 1 to 15 run from left to \
right and files a to g are its rows, a at the top. It rests on a fulcrum under its middle rank, the \
centre line (rank 8). Each half has lines 1 to 7 counted outward from the centre. Lines 6 and 7 of \
each half (ranks 1-2 at the left end, 14-15 at the right end) are storage: no piece ever moves there. \
Triangles sit on the left and move first; Circles sit on the right.

Pieces and weights
Pawn 1, bishop 2, rook 3, queen 4, king 6. Each side starts on its own lines 4 and 5: king, 3 queens, \
2 rooks, 4 bishops and 4 pawns in the standard set (other sets are options).

Moving
Pieces move as in chess, but none may jump. A pawn steps one square straight toward the opponent \
(two on its first move), knocks one square diagonally forward, and may knock en passant right after \
an opposing pawn's double step past it. A bishop slides diagonally, a rook along files and ranks, a \
queen both ways, and the king steps one square in any direction. There are no knights, no castling \
and no check: a king may stand where it can be knocked.

Knocking
Move onto an enemy piece to knock it. If the two weights add up to 4 or less, you may merge: your \
piece climbs on top and the stack becomes one piece of the total weight (2 moves as a bishop, 3 as a \
rook, 4 as a queen). Otherwise, or if you choose, the enemy piece is knocked out: it goes to its \
owner's storage, filling line 6 before line 7, each from the owner's left (file a for Triangles, \
file g for Circles). Stored pieces stay for the rest of the game and still weigh on the board.

Promotion
A piece that is still a pawn after its move and stands on the opponent's line 5 becomes a queen.

The balance
Every piece, stored or not, presses on the board with its weight times its line number (the centre \
line counts nothing); the Circles' half counts plus, the Triangles' half minus. The sum is the moment. \
A counterweight of 7 slides to line -moment/7 to keep the board level; it reaches at most line 7, so \
it can balance a moment of at most 49.

Winning, checked after every move in this order
1. Knock out the opposing king.
2. Tip the board: a moment over 49 (too much weight on the Circles' half, so the board tips to the \
right) wins for Triangles; a moment under -49 (it tips to the left) wins for Circles.
3. End your move with your king on the centre line where no reply of your opponent could knock it.
The game is drawn if the player to move has no legal move, if the same position occurs a third time, \
or after 100 moves (turns) in a row without any knock or merge.

Notation
c4-c5 moves, c4xd5 knocks the piece on d5 out, c4&d5 knocks it and merges.
"""


def _styles() -> tuple[object, ...]:
    """The gauntlet's styles (game/changing_challenges/styles.py), imported only when a gauntlet asks."""
    from game.changing_challenges.styles import styles

    return styles()


GAME = GameInfo(
    id=GAME_ID,
    title="Changing Challenges",
    players=PLAYERS,
    summary=SUMMARY,
    options=OPTIONS,
    factory=ChangingChallengesState.from_options,
    ai=ai_module.ai,
    rules_help=RULES_HELP,
    credit=Credit(
        designers=("Gravity Board Games",),
        year=None,
        publisher="Gravity Board Games",
        source="the publisher's rules (Gravity Board Games, Denmark), which name no single designer",
        source_licence="no licence stated",
    ),
    bench_states=bench_states,
    position_factory=ChangingChallengesState.from_text,
    perft=fast_perft,
    rules_bench=rules_bench,
    greedy=greedy_move,
    styles=_styles,
    level_notes={
        "easy": "guards its pieces against your knocks but misses most of its own",
        "normal": "sees its move, your reply and the knocks after them",
        "hard": "reads five or six moves ahead in the middle game",
    },
)

__all__ = ["GAME", "ChangingChallengesState", "bench_states", "counterweight_for", "rules_bench"]
