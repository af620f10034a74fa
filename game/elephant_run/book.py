"""The farmers' book: hard's winning replies from a proved placement until the solver can take over.

The start table proves that the right placement holds the elephant below the target; keeping it
there takes exact moves for a while, further ahead than hard's search sees. ``farmers_book.json``
(made by ``docs/solver/farmers_book.py`` with the compiled solver, not needed to play) holds, for
every line the elephant can choose from each class's proved placement, a farmers' move after which
the elephant can no longer force the points it needs, down to positions where it needs at most
``stop`` points: there the game's own solver (:mod:`.solver`) answers within hard's budget.

The book was built from one start square per class; a game started on a mirror of it is looked up
through the board's mirrors (left-right, top-bottom, both) and the move mapped back. A damaged or
absent file, another option family, or a target below the book's, simply means no book move: hard
then searches as before.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from game.elephant_run.board import RANKS, SIZE, WIDTH, PlayMove, square_index
from game.elephant_run.rules import PHASE_PLAY, SIDE_FARMERS, ElephantRunState

BOOK_PATH = Path(__file__).resolve().with_name("farmers_book.json")
MAX_BYTES = 5_000_000


def _mirror_square(sq: int, which: int) -> int:
    """``sq`` under mirror ``which``: 0 none, 1 left-right, 2 top-bottom, 3 both (each its own inverse)."""
    f, r = sq % WIDTH, sq // WIDTH
    if which & 1:
        f = WIDTH - 1 - f
    if which & 2:
        r = RANKS - 1 - r
    return r * WIDTH + f


def _mirror_mask(mask: int, which: int) -> int:
    out = 0
    for sq in range(SIZE):
        if mask >> sq & 1:
            out |= 1 << _mirror_square(sq, which)
    return out


@dataclass(frozen=True)
class Book:
    farmers: int
    compound: bool
    target: int
    stop: int
    moves: dict[tuple[int, int, int], tuple[int, ...]]

    def move_for(self, state: ElephantRunState) -> PlayMove | None:
        """The book's move for the farmers in ``state`` (a legal one), or None."""
        if (
            state.phase != PHASE_PLAY
            or state.side != SIDE_FARMERS
            or state.n_farmers != self.farmers
            or state.compound != self.compound
            or state.target < self.target  # the book keeps the elephant below its own target
        ):
            return None
        legal = state.legal_moves("farmers")
        for which in range(4):
            key = (
                _mirror_mask(state.tiles, which),
                _mirror_mask(state.farmers, which),
                _mirror_square(state.elephant, which),
            )
            found = self.moves.get(key)
            if found is None:
                continue
            move = tuple(_mirror_square(sq, which) for sq in found)
            if move in legal:
                return move
        return None


def _parse(data: object) -> Book:
    if not isinstance(data, dict):
        raise ValueError("not an object")
    farmers, target, stop = data.get("farmers"), data.get("target"), data.get("stop")
    compound, raw = data.get("compound"), data.get("moves")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (farmers, target, stop)):
        raise ValueError("farmers, target or stop missing")
    if not isinstance(compound, bool) or not isinstance(raw, dict):
        raise ValueError("compound or moves missing")
    moves: dict[tuple[int, int, int], tuple[int, ...]] = {}
    for key, value in raw.items():
        parts = key.split() if isinstance(key, str) else []
        if len(parts) != 3 or not all(p.isdigit() for p in parts) or not isinstance(value, list):
            raise ValueError(f"bad entry {key!r}")
        tiles, farmer_mask, e = (int(p) for p in parts)
        if tiles >> SIZE or farmer_mask >> SIZE or not 0 <= e < SIZE:
            raise ValueError(f"bad position {key!r}")
        moves[(tiles, farmer_mask, e)] = tuple(square_index(str(sq)) for sq in value)
    assert isinstance(farmers, int) and isinstance(target, int) and isinstance(stop, int)
    return Book(farmers, compound, target, stop, moves)


_LOADED: dict[Path, Book | None] = {}


def load(path: Path = BOOK_PATH) -> Book | None:
    """The book (read once), or None when absent or damaged."""
    if path in _LOADED:
        return _LOADED[path]
    book: Book | None
    try:
        raw = path.read_bytes()
        if len(raw) > MAX_BYTES:
            raise ValueError("far too large")
        book = _parse(json.loads(raw.decode("utf-8")))
    except (OSError, ValueError):
        book = None
    _LOADED[path] = book
    return book


def book_move(state: ElephantRunState) -> PlayMove | None:
    """Hard's farmers' move from the shipped book, when the book knows the position."""
    book = load()
    return book.move_for(state) if book is not None else None
