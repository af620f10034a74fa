"""Elasta's rules diagrams: the start, one revealed turn, and the rubber band pulling two sticks
back. Elasta has no set-position text, so each diagram is a sequence of joint turns from the start
(White's allotment / Black's); the captions are our own words. See :mod:`game.diagrams`."""

from __future__ import annotations

from game.diagrams import Diagram

RISING = "01234567"
"""Chips 0 to 7 on files A to H: strong on the right."""
FALLING = "76543210"
"""Chips 7 to 0 on files A to H: strong on the left."""

DIAGRAMS: tuple[Diagram, ...] = (
    Diagram(
        caption=(
            "The start: the eight sticks form the Battle Line between ranks 4 and 5. White's ground "
            "line is rank 1 at the bottom, Black's is rank 8 at the top."
        ),
        after="The board is 8 files",
    ),
    Diagram(
        caption=(
            f"After one turn: White gave {' '.join(RISING)} to files A to H and Black "
            f"{' '.join(FALLING)}. Black's higher chips pushed the sticks of A to D one square "
            "toward White; White's pushed E to H toward Black."
        ),
        after="A turn",
        moves=(f"{RISING}/{FALLING}",),
    ),
    Diagram(
        caption=(
            "The same chips once more. Every file was won again, but the sticks of D and E would "
            "have ended four squares apart, so the band pulled both back: they did not move."
        ),
        after="A turn",
        moves=(f"{RISING}/{FALLING}",) * 2,
    ),
)
