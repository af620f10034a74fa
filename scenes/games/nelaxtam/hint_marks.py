"""How a hint of Nelaxtam draws on the board: orders are clicked in pairs, a troop and then where it
goes or what it destroys, so each troop given an order gets an arrow (holding troops need no click)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from scenes.kit.board_view import BoardView, Gesture
from scenes.kit.marks import square_names_at

_TROOP_ORDER = re.compile(r"[0-9]+(ne|nw|se|sw|x[nesw])")


def troop_orders(view: BoardView, text: str, gestures: Sequence[Gesture], marks: Any) -> None:
    """An arrow from each troop given an order to where it goes or what it destroys."""
    given = [part for part in text.split(",") if _TROOP_ORDER.fullmatch(part)]
    clicks = [g.pos for g in gestures if g.kind == "click"]
    if not given or len(clicks) < 2 * len(given):
        return
    names = square_names_at(view, clicks[-2 * len(given) :])  # after any click that lets a troop go
    if any(name is None for name in names):
        return
    troops, targets = [n for n in names[0::2] if n], [n for n in names[1::2] if n]
    marks.arrows, marks.rings, marks.points = list(zip(troops, targets, strict=True)), targets, []
