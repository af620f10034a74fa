"""Epaminondas's moves as the board reads them: phalanx options, lanes and what a click means.

The view never decides a rule: which stones travel with the one clicked, where they land, what they
capture and whether the front crosses onto the far home row all come from the engine
(``moves_from``, ``group_of``, ``captured_by``, ``code_of``). This module turns those answers into
what the board marks and draws, in one place, so the marks, the lanes, the hover ghosts and the
click handling agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.epaminondas import board as B
from game.epaminondas.rules import PLAYERS

if TYPE_CHECKING:
    from game.core import Move
    from game.match import Turn

WHITE, BLACK = PLAYERS


def title(player: str) -> str:
    return player.capitalize()


def other(player: str) -> str:
    return BLACK if player == WHITE else WHITE


def landings(group: tuple[int, ...] | list[int], direction: int, distance: int) -> tuple[int, ...]:
    """Where each stone of ``group`` ends up when the phalanx slides ``distance`` squares in
    ``direction``: the whole group moves as one, so every stone shifts by the same step."""
    step = B.DELTA[direction] * distance
    return tuple(sq + step for sq in group)


@dataclass(frozen=True)
class Option:
    """One legal move of the selected stone, as the view needs it (all read from the engine)."""

    move: Move
    text: str
    direction: int
    group: tuple[int, ...]
    distance: int
    target: int
    captures: tuple[int, ...]
    crossing: bool

    @property
    def landings(self) -> tuple[int, ...]:
        """Where each stone of the group ends up."""
        return landings(self.group, self.direction, self.distance)

    @property
    def kind(self) -> str:
        """The mark it gets: "capture" (red ring), "cross" (gold dot) or a plain "move" (dot)."""
        return "capture" if self.captures else "cross" if self.crossing else "move"


def options_from(state: Any, sq: int) -> list[Option]:
    """Legal moves led by the stone on ``sq``, from the engine's own list (rules stay in game/).
    Each is marked on its *front* landing: the square a capture happens on, never an own stone."""
    player = state.player
    options: list[Option] = []
    for move in state.moves_from(sq):
        code = state.code_of(move)
        target = B.front_landing(code)
        options.append(
            Option(
                move=move,
                text=state.move_to_text(player, move),
                direction=B.move_direction(code),
                group=tuple(state.group_of(move)),
                distance=B.move_distance(code),
                target=target,
                captures=tuple(state.captured_by(move)),
                crossing=bool(B.TARGET[state.side] >> target & 1),
            )
        )
    return options


def farthest_lanes(options: list[Option]) -> dict[int, Option]:
    """Direction → its farthest-reaching option: one lane per direction the stone can lead, drawn
    to its full reach, so the eight choices read at a glance."""
    lanes: dict[int, Option] = {}
    for option in options:
        best = lanes.get(option.direction)
        if best is None or option.distance > best.distance:
            lanes[option.direction] = option
    return lanes


def turn_move(turn: Turn) -> tuple[str, Move] | None:
    """The (player, move) of a turn: Epaminondas has one mover per turn."""
    for player, move in turn.moves.items():
        return player, move
    return None


def front_reading(own: int, frm: int, clicked: int) -> int | None:
    """The square the notation needs for a click on ``clicked`` with the stone on ``frm`` selected,
    or None when ``clicked`` is on no line from ``frm``. Notation names where the selected (rear)
    stone lands, but the marks show where the *front* stone lands, ``n - 1`` squares further for a
    phalanx of ``n`` own stones in a row from ``frm``: the click is read back by that much (to at
    least one step), so the engine's refusal speaks of the move the player meant."""
    line = B.direction_between(frm, clicked)
    if line is None:
        return None
    d, dist = line
    n, front = 1, frm
    while B.NEXT[d][front] >= 0 and own >> B.NEXT[d][front] & 1:
        n, front = n + 1, B.NEXT[d][front]
    return frm + max(1, dist - (n - 1)) * B.DELTA[d]
