"""Nelaxtam's orders read from their notation, and the squares a move names.

The one reader of the order syntax (``1ne,2xs,4-``): the rules parse moves with it and the hint's
words read suggested orders with it, so no other module keeps a copy of that syntax. The squares of
a move (:func:`move_squares`) are what a board marks for it: an invasion's landing squares, and for
orders each troop given one with where it goes or what it destroys.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import cast

from game.core import Move, NotationError
from game.nelaxtam.board import NOTHING, ORDER_NAMES, PHASE_INVASION, TROOPS, Geometry, order_target

_ORDER = re.compile(r"([0-9]+)(-|ne|nw|se|sw|x[nesw])")


def read_orders(raw: str) -> list[tuple[int, int]]:
    """``(troop, order code)`` for each part of the orders ``raw`` (``-`` alone: none), in the order
    written. Only the syntax is checked (troops 1-5, each once); whether the orders are legal is
    the position's question. NotationError names what is wrong."""
    compact = "".join(raw.split()).lower()
    if compact == "-":
        return []
    orders: list[tuple[int, int]] = []
    seen: set[int] = set()
    for part in compact.split(","):
        found = _ORDER.fullmatch(part)
        if not found:
            raise NotationError(
                raw,
                f"'{part}' is not an order: write troop number and order, "
                "like 2ne (move), 4xs (destroy) or 3- (nothing)",
            )
        troop = int(found.group(1))
        if not 1 <= troop <= TROOPS:
            raise NotationError(raw, f"there is no troop {troop} (troops are numbered 1-5)")
        if troop in seen:
            raise NotationError(raw, f"troop {troop} has two orders")
        seen.add(troop)
        orders.append((troop, ORDER_NAMES.index(found.group(2))))
    return orders


def move_squares(geo: Geometry, phase: str, army: Sequence[int], move: Move) -> list[str]:
    """The invasion's five landing squares, troops 1 to 5; or, for orders, each troop given one (in
    troop order) followed by the square it moves to or destroys: the two clicks that give it.
    Troops that hold name no square. ``army`` is the mover's troops' squares (dead ones negative)
    in the position the move is for, on the board ``geo``, in its ``phase``."""
    values = cast(Sequence[int], move)
    if phase == PHASE_INVASION:
        return [geo.name(sq) for sq in values]
    squares: list[str] = []
    for troop, code in enumerate(values, start=1):
        start = army[troop - 1]
        if code == NOTHING or start < 0:
            continue
        target = order_target(geo, start, code)
        squares.append(geo.name(start))
        if target >= 0:
            squares.append(geo.name(target))
    return squares
