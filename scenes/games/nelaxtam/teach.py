"""How a player enters a given Nelaxtam order on this island: the clicks and buttons, in order.

Lessons ("Show me"), the tutorial's scene test and the gesture tests replay these as real events, so
they go through the very same input paths a person uses: squares clicked to land troops 1 to 5 in
turn, a troop clicked and then the square it moves to or destroys, and the Confirm button. Each list
starts from the board as it is now (a half-made draft is cleared first, a selected troop let go by
clicking it again), so it works whatever the player did before.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.core import GameError
from game.nelaxtam import rules as R
from scenes.games.nelaxtam.palette import DEAD, PLAYERS
from scenes.kit.board_view import Gesture


class Island(Protocol):
    """What the gestures read from the view (a protocol, so this module need not import the view
    that imports it)."""

    selected: int | None

    @property
    def nel(self) -> R.NelaxtamState: ...

    @property
    def orders(self) -> dict[str, dict[int, int]]: ...

    def draft(self, player: str) -> list[int]: ...

    def square_rect(self, sq: int) -> pygame.Rect: ...


def square_center(view: Island, name: str) -> tuple[int, int] | None:
    """Where square ``name`` is drawn, None for a name that is not a square of this board."""
    try:
        sq = view.nel.geo.index(name)
    except ValueError:
        return None
    center: tuple[int, int] = view.square_rect(sq).center
    return center


def gestures_for(view: Island, player: str, move_text: str) -> list[Gesture] | None:
    """The clicks and button presses that seal ``move_text`` for ``player`` in the position the view
    shows now, or None when the text is not a legal order there."""
    state = view.nel
    try:
        move = state.parse_move(player, move_text)
    except GameError:
        return None
    assert isinstance(move, tuple)

    def at(sq: int) -> Gesture:
        return Gesture("click", pos=view.square_rect(sq).center)

    steps: list[Gesture] = []
    if state.phase == R.PHASE_INVASION:
        if any(sq != DEAD for sq in view.draft(player)):
            steps.append(Gesture("button", key="clear"))
        steps.extend(at(sq) for sq in move)  # each click lands the next troop still in hand
    else:
        troops = state.troops[PLAYERS.index(player)]
        others = [t for t in view.orders.get(player, {}) if t != view.selected]
        if others:  # Clear drops every order and lets the selected troop go
            steps.append(Gesture("button", key="clear"))
        elif view.selected is not None:  # clicked again, a selected troop is let go (its order too)
            steps.append(at(troops[view.selected - 1]))
        for troop, code in enumerate(move, start=1):
            if code:
                steps.append(at(troops[troop - 1]))
                steps.append(at(state.order_target(player, troop, code)))
    steps.append(Gesture("button", key="confirm"))
    return steps
