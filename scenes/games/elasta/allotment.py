"""A player's half-made allotment (the *draft*) and the chip in the hand.

Clicks, drags, typed digits and the buttons all edit the same list of eight slots, so the editing
rules live here once, as functions on that list: the view only decides which of them a gesture means
and what to tell the player. Nothing here draws or knows the screen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from scenes.games.elasta.palette import N

Draft = list[int | None]
"""Chip number per file, None where the file is still empty."""

DRAG_START = 6
"""Pixels the mouse must travel with the button held before a press becomes a drag (not a click)."""

_KEYPAD = (
    pygame.K_KP0,
    pygame.K_KP1,
    pygame.K_KP2,
    pygame.K_KP3,
    pygame.K_KP4,
    pygame.K_KP5,
    pygame.K_KP6,
    pygame.K_KP7,
    pygame.K_KP8,
    pygame.K_KP9,
)


@dataclass(frozen=True)
class Held:
    """A chip in the hand: from the tray (``index`` = chip) or from a slot (``index`` = file)."""

    player: str
    source: str
    index: int


# -- keys ----------------------------------------------------------------------------------------------
def digit(key: int, text: str) -> int | None:
    """The digit a key press types (its text first, so any layout works; then the digit row and the
    keypad, for key events without text), or None."""
    if text and len(text) == 1 and text.isdigit():
        return int(text)
    if pygame.K_0 <= key <= pygame.K_9:
        return key - pygame.K_0
    if key in _KEYPAD:
        return _KEYPAD.index(key)
    return None


# -- editing ---------------------------------------------------------------------------------------------
def first_empty(draft: Draft) -> int:
    """The first empty file, N when the draft is complete: where typing goes on."""
    return next((f for f, c in enumerate(draft) if c is None), N)


def place(draft: Draft, held: Held, file: int) -> int | None:
    """Put the held chip on ``file`` and return it. From the tray, the chip leaves any file it was
    on and replaces what ``file`` held (that chip goes back to the tray); from a slot, the two
    files swap. None (nothing changed) if the slot it came from is empty."""
    if held.source == "tray":
        chip = held.index
        if chip in draft:
            draft[draft.index(chip)] = None
        draft[file] = chip
        return chip
    chip_or_none = draft[held.index]
    if chip_or_none is None:
        return None
    draft[held.index], draft[file] = draft[file], chip_or_none
    return chip_or_none


def type_digit(draft: Draft, cursor: int, chip: int) -> int:
    """Type ``chip`` at ``cursor`` and return the next cursor. Each chip lives on one file, so a
    chip typed again moves; past the last file a complete draft starts afresh (eight new digits
    replace an allotment) and an incomplete one fills its first gap."""
    if cursor >= N:
        if all(c is not None for c in draft):
            draft[:] = [None] * N
            cursor = 0
        else:
            cursor = first_empty(draft)
    if chip in draft:
        draft[draft.index(chip)] = None
    draft[cursor] = chip
    return cursor + 1


def take_back(draft: Draft, cursor: int) -> int | None:
    """Backspace: empty the file before ``cursor`` (or the last filled one before it) and return
    it, the new cursor; None when there is nothing to take back."""
    target = cursor - 1 if cursor > 0 else 0
    if cursor >= N or draft[target] is None:
        filled = [f for f, c in enumerate(draft) if c is not None and f < max(cursor, 1)]
        if not filled:
            return None
        target = filled[-1]
    draft[target] = None
    return target


def deal_rest(draft: Draft) -> None:
    """Fill the empty files with the chips still in the tray, at random (the player's own "Random"
    button: unseeded, unlike the computer's and the demos' choices)."""
    rest = [c for c in range(N) if c not in draft]
    random.shuffle(rest)
    for f in range(N):
        if draft[f] is None:
            draft[f] = rest.pop()
