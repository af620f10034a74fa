"""Elephant Run's refusals: why a move is not allowed, in players' words (RULES.md section 3).

:meth:`ElephantRunState.why_illegal <game.elephant_run.rules.ElephantRunState.why_illegal>` asks
here; the reasons name the squares ("the elephant cannot step to d3: a farmer stands there"), so a
refused click explains itself. The straight-line geometry the reasons and the animations share
(:func:`line`, :func:`between`, :data:`BEYOND_BY_PAIR`) lives here too.
"""

from __future__ import annotations

from typing import Protocol

from game.core import Move
from game.elephant_run.board import (
    JUMPS,
    NEIGHBOURS,
    NO_SQUARE,
    SIZE,
    WIDTH,
    PlayMove,
    farmer_moves,
    farmer_targets,
    square_name,
)
from game.elephant_run.names import PHASE_PLACE_ELEPHANT, PHASE_PLACE_FARMERS, SIDE_ELEPHANT


class Position(Protocol):
    """What the reasons read of a position (:class:`game.elephant_run.rules.ElephantRunState`,
    which imports this module, so it is described here rather than imported)."""

    phase: int
    side: int
    n_farmers: int
    elephant: int
    tiles: int
    farmers: int
    compound: bool

    def has_tile(self, sq: int) -> bool: ...

    def has_farmer(self, sq: int) -> bool: ...

    def is_vacant(self, sq: int) -> bool: ...


def line(a: int, b: int) -> list[int]:
    """Squares from ``a`` to ``b`` inclusive if they share a rank, file or diagonal, else []."""
    fa, ra, fb, rb = a % WIDTH, a // WIDTH, b % WIDTH, b // WIDTH
    df, dr = fb - fa, rb - ra
    if a == b or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
        return []
    n = max(abs(df), abs(dr))
    sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
    return [(ra + i * sr) * WIDTH + fa + i * sf for i in range(n + 1)]


def between(a: int, b: int) -> int:
    """The square halfway between two squares two apart in a line, else NO_SQUARE."""
    squares = line(a, b)
    return squares[1] if len(squares) == 3 else NO_SQUARE


BEYOND_BY_PAIR: dict[tuple[int, int], int] = {
    (sq, far): near for sq in range(SIZE) for near, far in JUMPS[sq]
}
"""``(from, landing) -> jumped square`` for every geometric jump."""


def why_illegal(state: Position, move: Move) -> str | None:
    """None if ``move`` is legal for the side to move (the shared guard in
    :meth:`GameState.check_move` has checked that it is that side's turn), else the reason in
    players' words."""
    if not isinstance(move, tuple) or not all(isinstance(sq, int) and 0 <= sq < SIZE for sq in move):
        return "a move is a list of squares of the board"
    if state.phase == PHASE_PLACE_ELEPHANT:
        return None if len(move) == 1 else "the elephant places its pawn on one tile, like @c2"
    if state.phase == PHASE_PLACE_FARMERS:
        return _why_bad_placement(state, move)
    if state.side == SIDE_ELEPHANT:
        return _why_bad_elephant(state, move)
    return _why_bad_farmer(state, move)


def _why_bad_placement(state: Position, move: PlayMove) -> str | None:
    n = state.n_farmers
    if len(move) != n:
        return f"the farmers place all {n} farmers at once (this names {len(move)} squares)"
    if len(set(move)) != n:
        return "two farmers cannot share a tile"
    if state.elephant in move:
        return f"a farmer cannot start on the elephant's tile {square_name(state.elephant)}"
    return None


def _why_bad_elephant(state: Position, move: PlayMove) -> str | None:
    if len(move) == 0:
        return "the elephant must move: only the farmers may pass, and only when stuck"
    if len(move) == 3:
        return "only farmers make compound moves"
    if len(move) != 2:
        return "a move goes from one square to another, like c2-d3"
    frm, to = move
    e = state.elephant
    if frm != e:
        return f"the elephant is on {square_name(e)}, not {square_name(frm)}"
    if to in NEIGHBOURS[frm]:
        return _why_not_vacant(state, to, "the elephant cannot step")
    mid = BEYOND_BY_PAIR.get((frm, to))
    if mid is None:
        return "the elephant steps to an adjacent tile or jumps one farmer in a straight line"
    if not state.has_farmer(mid):
        return f"the elephant can only jump over a farmer, and {square_name(mid)} has none"
    if not state.is_vacant(to):
        return (
            f"the elephant cannot jump the farmer on {square_name(mid)}: "
            f"{square_name(to)} is not a vacant tile"
        )
    return None


def _why_not_vacant(state: Position, to: int, prefix: str) -> str | None:
    name = square_name(to)
    if not state.has_tile(to):
        return f"{prefix} to {name}: that tile is gone"
    if state.has_farmer(to):
        return f"{prefix} to {name}: a farmer stands there"
    if to == state.elephant:
        return f"{prefix} to {name}: the elephant stands there"
    return None


def _why_bad_farmer(state: Position, move: PlayMove) -> str | None:
    legal = farmer_moves(state.tiles, state.farmers, state.elephant, state.compound)
    if len(move) == 0:
        return None if not legal else "the farmers may only pass when no farmer can move"
    if len(move) not in (2, 3):
        return "a move goes from one square to another, like c2-d3"
    frm = move[0]
    if not state.has_farmer(frm):
        return f"no farmer on {square_name(frm)}"
    if len(move) == 3:
        if not state.compound:
            return "compound moves (a run and a jump together) are switched off in this game"
        if move in legal:
            return None
        return _why_bad_compound(state, move)
    if move in legal:
        return None
    return _why_bad_simple_farmer(state, frm, move[1])


def _why_bad_simple_farmer(state: Position, frm: int, to: int) -> str:
    if to in NEIGHBOURS[frm]:
        return _why_not_vacant(state, to, "the farmer cannot step") or "that step is not allowed"
    squares = line(frm, to)
    if not squares:
        return "farmers move in straight lines (8 directions)"
    inner = squares[1:-1]
    if len(inner) == 1 and (inner[0] == state.elephant):
        return "farmers cannot jump the elephant"
    if len(inner) == 1 and state.has_farmer(inner[0]):
        prefix = f"the farmer cannot jump the farmer on {square_name(inner[0])}"
        return _why_not_vacant(state, to, prefix) or "that jump is not allowed"
    if state.elephant in inner:
        return "a farmer cannot run past the elephant"
    if all(not state.has_tile(sq) for sq in inner):
        return _why_not_vacant(state, to, "the farmer cannot run") or "that run is not allowed"
    blocker = next(sq for sq in inner if state.has_tile(sq))
    if len(inner) == 1:
        return f"a farmer can only jump over another farmer, and {square_name(blocker)} has none"
    return f"a run crosses only holes, and {square_name(blocker)} still has its tile"


def _why_bad_compound(state: Position, move: PlayMove) -> str:
    frm, mid, to = move
    if not state.is_vacant(mid):
        return f"the middle square {square_name(mid)} must be a vacant tile"
    single = farmer_targets(state.tiles, state.farmers, state.elephant, frm)
    if mid not in single:
        return f"the farmer on {square_name(frm)} cannot reach {square_name(mid)} by a run or a jump"
    return (
        f"from {square_name(mid)} the farmer cannot finish with a jump or run to {square_name(to)} "
        "(a compound move is exactly one run and one jump)"
    )
