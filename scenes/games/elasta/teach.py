"""How a player enters a given Elasta order on this table: the drags, clicks and buttons, in order.

Lessons ("Show me"), the tutorial's scene test and the gesture tests replay these as real events, so
they must go through the very same input paths a person uses: chips dragged from the tray to their
files, a token clicked onto its square, and the Confirm button. Each list starts from the table as it
is now (a half-made draft is cleared first; a chip still in the hand is clicked down), so it
works whatever the player did before.
"""

from __future__ import annotations

from typing import Protocol

from game.core import GameError
from game.elasta import rules as R
from scenes.games.elasta.allotment import Held
from scenes.kit.board_view import Gesture, GridGeometry


class Table(Protocol):
    """What the gestures read from the view (a protocol, so this module need not import the view
    that imports it)."""

    held: Held | None
    token_draft: dict[str, int]

    @property
    def ela(self) -> R.ElastaState: ...

    @property
    def geo(self) -> GridGeometry: ...

    def draft(self, player: str) -> list[int | None]: ...

    def tray_center(self, player: str, chip: int) -> tuple[int, int]: ...

    def slot_center(self, player: str, file: int) -> tuple[int, int]: ...


def square_center(view: Table, name: str) -> tuple[int, int] | None:
    """Where square ``name`` is drawn, None for a name that is not a square of the 8 x 8 board."""
    try:
        R.square_index(name)
    except ValueError:
        return None
    return view.geo.center_of(name)


def gestures_for(view: Table, player: str, move_text: str) -> list[Gesture] | None:
    """The gestures that seal ``move_text`` for ``player`` in the position the view shows now, or None
    when the text is not a legal order there. A ``drag`` is a press at ``pos``, motion of more than a
    few pixels, and the release at ``to`` (the view tells a drag from a click by the distance)."""
    state = view.ela
    try:
        move = state.parse_move(player, move_text)
    except GameError:
        return None
    steps: list[Gesture] = []
    held = view.held
    if held is not None and held.player == player:  # a chip picked up by a click: click it down again
        spot = view.tray_center if held.source == "tray" else view.slot_center
        steps.append(Gesture("click", pos=spot(player, held.index)))
    if state.phase == R.PHASE_TOKEN:
        if move != R.NO_TOKEN and view.token_draft.get(player) != move:
            steps.append(Gesture("click", pos=view.geo.center_of(R.square_name(int(move)))))
    else:
        if any(chip is not None for chip in view.draft(player)):
            steps.append(Gesture("button", key="clear"))
        assert isinstance(move, tuple)
        for file, chip in enumerate(move):
            steps.append(
                Gesture("drag", pos=view.tray_center(player, chip), to=view.slot_center(player, file))
            )
    steps.append(Gesture("button", key="confirm"))
    return steps
