"""How Elasta's moves draw as marks: an allotment is a chip dragged from the tray onto each file, so
its marks are drag arrows from tray to slot, in file order. A hint keeps the arrows of the biggest
chips only: all eight would tangle, and a turn is won by where the 7 and the 6 go (the status line
names them too, and lists every file's chip). A token is a ring on its square, as any board marks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, cast

from game.core import Move
from scenes.kit.marks import Marks

BIGGEST_CHIPS = 2
"""Chips drawn as arrows in a hint: the 7 and the 6."""


class Trays(Protocol):
    """Where the view draws a player's chips in the tray and the slots of the files."""

    def tray_center(self, player: str, chip: int) -> tuple[int, int]: ...

    def slot_center(self, player: str, file: int) -> tuple[int, int]: ...


def allotment_marks(view: Trays, player: str, allotment: Move, files: Sequence[int] | None = None) -> Marks:
    """A drag arrow from each chip in ``player``'s tray to the slot of its file (only ``files`` when
    given, in that order), in the answer's green."""
    chips = cast(tuple[int, ...], allotment)
    marks = Marks.on([])
    chosen = range(len(chips)) if files is None else files
    marks.drags = [(view.tray_center(player, chips[file]), view.slot_center(player, file)) for file in chosen]
    return marks


def biggest_chips(view: Trays, player: str, allotment: Move) -> Marks:
    """The hint's arrows: the :data:`BIGGEST_CHIPS` biggest chips, the 7 first."""
    chips = cast(tuple[int, ...], allotment)
    biggest = sorted(range(len(chips)), key=lambda file: chips[file], reverse=True)[:BIGGEST_CHIPS]
    return allotment_marks(view, player, allotment, biggest)
