"""Epaminondas' rules diagrams: the start, a phalanx on the move, a capture, a crossing that must be
answered. Positions are written as the squares of each side's stones (turned into the game's text
form by :func:`board`); the captions are our own words. See :mod:`game.diagrams`."""

from __future__ import annotations

from game.diagrams import Diagram

FILES = "abcdefghijklmn"
RANKS = 12


def board(white: str, black: str, to_move: str) -> str:
    """The game's position text (rank 12 first, ``W``/``B``/``.``, then ``w`` or ``b``) for stones
    named by square: easier to read and check than fourteen-letter rows."""
    stones = {name: "W" for name in white.split()} | {name: "B" for name in black.split()}
    rows = []
    for rank in range(RANKS, 0, -1):
        rows.append("".join(stones.get(f"{file}{rank}", ".") for file in FILES))
    return "/".join(rows) + f" {to_move}"


DIAGRAMS: tuple[Diagram, ...] = (
    Diagram(
        caption=(
            "The start: White on ranks 1 and 2, Black on ranks 11 and 12. Each side's back rank is "
            "its home row, the one the other side wants to reach."
        ),
        after="Epaminondas is played",
    ),
    Diagram(
        caption=(
            "The White stones on d3, d4 and d5 are a phalanx of three, so they may move up to three "
            "squares together: d3-d6 takes them to d6, d7 and d8."
        ),
        after="A phalanx is",
        position=board(
            white="d3 d4 d5 f2 g3 h4 b1 c1 k2 l2",
            black="c10 d11 e11 j9 k10 l11 m11",
            to_move="w",
        ),
        arrows=(("d5", "d8"),),
        rings=("d3", "d4", "d5"),
    ),
    Diagram(
        caption=(
            "Three White stones meet a line of two Black: f4-f5 puts the front stone on f7 and "
            "captures both Black stones, f7 and f8. A line of two could not capture them."
        ),
        after="The leading stone may",
        position=board(
            white="f4 f5 f6 c2 d2 j2 k3",
            black="f7 f8 h10 i10 j11 c11",
            to_move="w",
        ),
        arrows=(("f4", "f7"),),
        rings=("f7", "f8"),
    ),
    Diagram(
        caption=(
            "White has crossed to e12, on Black's home row. Black must answer now: the two Black "
            "stones on f12 and g12 capture it with g12-f12. Otherwise White wins at the start of "
            "its next turn."
        ),
        after="At the start of your turn",
        position=board(
            white="e12 c5 d5 e5 i4 j4",
            black="f12 g12 b9 c9 k10 l10",
            to_move="b",
        ),
        arrows=(("g12", "e12"),),
        rings=("e12",),
    ),
)
