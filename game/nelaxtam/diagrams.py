"""Nelaxtam's rules diagrams, all on the small 8x8 board so pieces read well: the invasion, the two
kinds of order, and the clean-up taking a group with no troop on it. Set positions are written as
the squares of each side's pieces and troops (turned into the game's text by :func:`board`); the
captions are our own words. See :mod:`game.diagrams`."""

from __future__ import annotations

from game.diagrams import Diagram

SMALL = {"size": "8"}
FILES = "abcdefgh"
SIZE = 8


def board(black: str, white: str, troops: str) -> str:
    """The game's position picture (rank 8 first; ``b``/``w`` pieces, ``1``-``5`` Black's troops,
    ``A``-``E`` White's, ``.`` a destroyed square) from pieces named by square and troops written
    ``1:d4 A:e5`` (a troop stands on a piece of its own colour, so that square needs no piece)."""
    cells = {name: "b" for name in black.split()} | {name: "w" for name in white.split()}
    for pair in troops.split():
        troop, square = pair.split(":")
        cells[square] = troop
    rows = []
    for rank in range(SIZE, 0, -1):
        rows.append(" ".join(cells.get(f"{file}{rank}", ".") for file in FILES))
    return "\n".join(rows)


ORDERS = board(
    black="a1 c1 b2 d2 c3 a3 e1 g3 f2 h2 d4",
    white="b1 d1 a2 c2 e2 b3 d3 f3 e4 g4 h3 f5 h5 g6",
    troops="1:c3 2:e3 A:f3 B:g6",
)
"""A corner of a game in progress: Black's troops 1 and 2 on the lower left, White's 1 and 2
(``A`` and ``B``) on the right."""

CLEAN_UP = board(
    black="c3 b2 a1 c1 e3 f2 e1 g3",
    white="d5 f5 e6 a8 c8 b7 h3",
    troops="1:d4 2:b4 A:e4 B:c8 C:h3",
)
"""White's group d5, e4, f5, e6 rests on its troop 1 (``A``) alone; Black's troop 1 stands beside it on d4."""

DIAGRAMS: tuple[Diagram, ...] = (
    Diagram(
        caption=(
            "After the invasion on the 8x8 board: each side's five troops stand on its own colour, "
            "at least three of them on the edge (they came by sea)."
        ),
        after="Invasion",
        options=SMALL,
        moves=("a1,c1,d4,e5,h8/b1,h1,a8,d5,e4",),
    ),
    Diagram(
        caption=(
            "Black's troop 1 on c3 may move diagonally onto its own piece on d4 (1ne). Troop 2 on e3 "
            "may destroy the light piece beside it on f3 (2xe): White's troop 1 there would die."
        ),
        after="Orders",
        options=SMALL,
        position=ORDERS,
        arrows=(("c3", "d4"), ("e3", "f3")),
        rings=("f3",),
    ),
    Diagram(
        caption=(
            "Black's troop 1 destroyed e4 under White's troop 1, which died. The light pieces d5, "
            "f5 and e6 then had no White troop on their group, so the clean-up removed them too."
        ),
        after="Resolution",
        options=SMALL,
        position=CLEAN_UP,
        moves=("1xe/-",),
        rings=("e4", "d5", "f5", "e6"),
    ),
)
