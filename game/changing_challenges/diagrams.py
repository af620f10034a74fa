"""Changing Challenges' rules diagrams: the start, knocking (a merge and a knock-out), the balance,
and a king safe on the centre line. Positions are written as the squares of each side's pieces
(turned into the game's text form by :func:`board`); the captions are our own words and, like the
board on screen, speak of left and right (ranks run left to right). See :mod:`game.diagrams`."""

from __future__ import annotations

from game.changing_challenges import BENCH_POSITIONS
from game.diagrams import Diagram

FILES = "abcdefg"
RANKS = 15


def board(triangles: str, circles: str, to_move: str = "t") -> str:
    """The game's position text (rank 15 first, ``PBRQK`` Triangles, ``pbrqk`` Circles, ``.``
    empty, then ``t`` or ``c``) for pieces named like ``Kc3``: a letter for the piece (its weight)
    and the square."""
    pieces = {word[1:]: word[0].upper() for word in triangles.split()}
    pieces |= {word[1:]: word[0].lower() for word in circles.split()}
    rows = []
    for rank in range(RANKS, 0, -1):
        rows.append("".join(pieces.get(f"{file}{rank}", ".") for file in FILES))
    return "/".join(rows) + f" {to_move}"


DIAGRAMS: tuple[Diagram, ...] = (
    Diagram(
        caption=(
            "The start: Triangles on the left, Circles on the right, the centre line over the "
            "fulcrum and an empty storage at each end. The small numbers above the board are the "
            "lines, counted out from the centre."
        ),
        after="The board has 7 files",
    ),
    Diagram(
        caption=(
            "The Triangles pawn on c8 may merge with the Circles pawn on d9 (1 + 1 = 2, so the stack "
            "then moves as a bishop): c8&d9. The rook on b5 can only knock the queen on b11 out "
            "into storage, as together they weigh 7, more than 4: b5xb11."
        ),
        after="Knocking",
        position=board(
            triangles="Kc3 Rb5 Pc8 Qe4 Bf4",
            circles="ka13 pd9 qb11 re13 bf12 pg12",
        ),
        arrows=(("c8", "d9"), ("b5", "b11")),
    ),
    Diagram(
        caption=(
            "A tense balance: much more weight presses on the Triangles' (left) half, so the "
            "counterweight has slid far out on the right to hold the board level. Past 49 either "
            "way it can hold no more, and the board tips."
        ),
        after="The balance",
        position=BENCH_POSITIONS[7],
    ),
    Diagram(
        caption=(
            "Triangles win with d7-d8: the king ends its move on the centre line, where no Circles "
            "piece could knock it next move."
        ),
        after="Winning, checked after every move",
        position=board(
            triangles="Kd7 Rb4 Pa4 Pg4 Qc3",
            circles="ke13 rg13 pf12 pa12 qb13",
        ),
        arrows=(("d7", "d8"),),
        rings=("d8",),
    ),
)
