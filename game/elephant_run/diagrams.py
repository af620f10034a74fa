"""Elephant Run's rules diagrams: setup, the elephant's step and jump, a farmer's run, a trapped
elephant. Positions are in the game's text form (ranks 4 to 1, ``.`` tile, ``_`` hole, ``F``
farmer, ``E``/``e`` the elephant on a tile / in a hole, then who moves); the captions are our own
words. See :mod:`game.diagrams`."""

from __future__ import annotations

from game.diagrams import Diagram

MIDGAME = "....F./F__.../.F_eF./...F.F"
"""Four tiles eaten; the elephant on d2 between farmers, holes on b3, c3 and c2."""

DIAGRAMS: tuple[Diagram, ...] = (
    Diagram(
        caption=(
            "The elephant chose c2, in the middle of the field; then the farmers placed their six "
            "farmers around it."
        ),
        after="Setup",
        moves=("@c2", "@a1,b3,c4,d1,e2,f4"),
        rings=("c2",),
    ),
    Diagram(
        caption=(
            "The elephant on d2 may step to d3 and eat that tile, or jump the farmer on e2 and land "
            "on f2: the farmer is trampled, and f2 is not eaten."
        ),
        after="Turns",
        position=f"{MIDGAME} e",
        arrows=(("d2", "d3"), ("d2", "f2")),
    ),
    Diagram(
        caption=(
            "The same field with the farmers to move: the farmer on a3 runs across the holes on b3 "
            "and c3 and stops on d3, the first tile beyond them."
        ),
        after="Turns",
        position=f"{MIDGAME} f",
        arrows=(("a3", "d3"),),
    ),
    Diagram(
        caption=(
            "Stuck: every tile beside the elephant on a1 holds a farmer, and every jump would land "
            "in a hole. The elephant has no move, so the farmers win."
        ),
        after="Scoring and the end",
        position="....../_._.../FF_.../eF_... e",
        rings=("a1",),
    ),
)
