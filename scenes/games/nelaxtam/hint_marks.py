"""How Nelaxtam's moves draw as marks, from the squares the rules give them: an invasion is five
squares clicked one by one, a ring on each; orders are clicked in pairs, a troop and then where it
goes or what it destroys, so each troop given an order gets an arrow and its target a ring (holding
troops need no click, and name no square)."""

from __future__ import annotations

from game.core import Move
from game.nelaxtam import rules as R
from scenes.kit.marks import Marks


def move_marks(state: R.NelaxtamState, player: str, move: Move) -> Marks:
    """The marks of ``move`` of ``player`` in ``state`` (:func:`game.nelaxtam.notation.move_squares`)."""
    squares = state.move_squares(player, move)
    if state.phase == R.PHASE_INVASION:
        return Marks.on(squares)
    return Marks.pairs(squares)
