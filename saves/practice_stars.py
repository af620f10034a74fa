"""The stars of "Practise your mistakes": the best a player earned at each practised position.

One small file, ``practice.json`` in the data directory, of the lesson stars' own kind
(:mod:`saves.progress`)::

    {"format": "curio-boards-practice", "version": 1,
     "games": {"epaminondas": {"3f2a9c0b1d4e5f60": 3, "a1b2c3d4e5f60718": 1}}}

so it is kept as they are: written atomically, the better stars kept at every write after reading
the file again (a second copy of the app loses nothing), a damaged file put aside
(``practice.damaged-<time>.json``) and never overwritten, a newer version's file read and never
written, each said once in plain words.

**Why a position, and named this way.** The positions practised are a game's mistakes, found again at
every visit from the game and its analysis; what stays the same from one visit to the next is the
position and the move that was a mistake there. :func:`position_id` names it by what leads to it: the
game's options, its moves up to and including the mistake, and who made it. The same game practised
again (from its save, after its analysis is run again, with more moves played after it, or by two
people taking turns) finds its stars again; a game that went another way before the mistake is
another position. Only a digest is kept: the moves themselves stay in the saves.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from saves.kept_file import FileWords
from saves.progress import Stars, StarsKind
from saves.reading import Limits

PRACTICE_FILE = "practice.json"
FORMAT = "curio-boards-practice"
LIMITS = Limits(file_bytes=1024 * 1024, depth=6, string_chars=200, list_items=100, object_keys=20_000)
"""Room for thousands of practised positions a game (each a 16-character name and a number), far
below anything that could stall the practice screen."""
WORDS = FileWords(
    "Your practice stars", "the stars you earn here are kept", "the stars you earn now are kept"
)
PRACTICE = StarsKind(PRACTICE_FILE, FORMAT, "a practice stars file", "position", WORDS, LIMITS)
ID_CHARS = 16
"""Hex digits of a position's name: 64 bits, no two positions a player meets will share one."""


class PracticeStars(Stars):
    """The best stars of every practised position, read lazily from ``<root>/practice.json``."""

    def __init__(self, root: Path | str) -> None:
        super().__init__(root, PRACTICE)


def position_id(options: Mapping[str, str], moves: Sequence[str], player: str) -> str:
    """The name a practised position is kept under: ``player``'s mistake at the last of ``moves``
    (the game's moves in notation up to and including it) in a game of ``options``."""
    said = json.dumps(
        {"options": dict(options), "moves": list(moves), "player": player},
        sort_keys=True,
        ensure_ascii=True,
    )
    return hashlib.sha256(said.encode("utf-8")).hexdigest()[:ID_CHARS]
