"""Lesson progress: the stars a player earned in each lesson of each game, the best result kept.

One small file, ``progress.json`` in the data directory::

    {"format": "curio-boards-progress", "version": 1,
     "games": {"elephant-run": {"eat": 3, "jump": 2}}}

Stars are what a player is proud of, so the file is treated like a save: written atomically (a crash
mid-write leaves the old file whole, see :mod:`saves.atomic`) and read defensively through
:func:`saves.reading.read_json`. A file that cannot be trusted (truncated, hand-edited into
nonsense, built to hurt) never crashes the app and is never silently overwritten: it is renamed
aside (``progress.damaged-<time>.json``) so nothing the player had is destroyed, the progress starts
empty, and :attr:`Progress.message` says so in plain words for a screen to show once.

Lessons are named by their ids, and ids of lessons that no longer exist are kept (a later version may
bring them back); counting only the lessons a game has now is :meth:`Progress.summary`'s business.

A file written by a newer version of the app (a higher ``version``) is left exactly as it is: its
stars are read as far as this version understands them, the stars earned now are kept until the game
closes, and :attr:`Progress.message` says so once. It is never rewritten as version 1, never pruned,
never put aside.

Every write first reads the file on disk again and keeps the better of its stars and ours, lesson by
lesson, so a second copy of the app on the same folder (which :mod:`saves.instance` normally turns
away) or anything else that wrote the file meanwhile loses nothing.

The same kind of file keeps the stars of "Practise your mistakes" (:mod:`saves.practice_stars`),
position by position: :class:`Stars` is both, told apart by a :class:`StarsKind` (the file's name,
its format's name, its limits and the words about it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from saves.atomic import write_atomic
from saves.kept_file import FileWords, KeptFile
from saves.reading import MISSING, Limits, ReadError, read_json

PROGRESS_FILE = "progress.json"
FORMAT = "curio-boards-progress"
VERSION = 1
MAX_STARS = 3
LIMITS = Limits(file_bytes=256 * 1024, depth=6, string_chars=200, list_items=100, object_keys=1000)
"""Far above what five games' lessons need (a few dozen numbers), far below anything that could
stall the menu."""
WORDS = FileWords(
    "Your lesson progress", "the stars you earn here are kept", "the stars you earn now are kept"
)
"""How the sentences about a damaged or newer progress file speak of it."""
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
"""Game and lesson ids as the games write them; anything else in the file is not ours."""


@dataclass(frozen=True)
class StarsKind:
    """One kind of stars file: the best stars per game and per item (a lesson, a practised position)."""

    file: str
    """Its name in the data folder: ``progress.json``."""
    format: str
    """The ``format`` it names itself by: a file of another kind is not read as this one."""
    what: str
    """What it is, for a refusal: "a lesson progress file"."""
    item: str
    """What its stars are earned in, for a refusal: "lesson"."""
    words: FileWords
    limits: Limits


LESSONS = StarsKind(PROGRESS_FILE, FORMAT, "a lesson progress file", "lesson", WORDS, LIMITS)


class Stars(KeptFile):
    """The best stars of every item of one :class:`StarsKind`, read lazily from its file on first use."""

    def __init__(self, root: Path | str, kind: StarsKind) -> None:
        super().__init__(root, kind.file.removesuffix(".json"), kind.words)
        self.kind = kind
        self._games: dict[str, dict[str, int]] | None = None

    # -- reading ------------------------------------------------------------------------------------
    @property
    def games(self) -> dict[str, dict[str, int]]:
        if self._games is None:
            self._games = self._read()
        return self._games

    def _read(self) -> dict[str, dict[str, int]]:
        """The stars in the file on disk ({} when there is none). A damaged file is put aside; a newer
        version's is read as far as understood and marks this progress unwritable (:attr:`writable`)."""
        try:
            data = read_json(self.path, self.kind.limits)
            if is_newer(data, self.kind):
                self._leave_alone()
                return parse_progress(data, strict=False, kind=self.kind)
            return parse_progress(data, kind=self.kind)
        except ReadError as exc:
            if exc.kind == MISSING or not self._there():
                return {}  # nothing on disk to keep: the first record writes the file
            self._put_aside(exc.reason)
            return {}

    def stars(self, game_id: str, item_id: str) -> int:
        """The best stars earned in one item: a lesson, a position (0: none yet)."""
        return self.games.get(game_id, {}).get(item_id, 0)

    def started(self, game_id: str) -> bool:
        """Whether stars were ever earned in the game."""
        return any(self.games.get(game_id, {}).values())

    def summary(self, game_id: str, item_ids: Iterable[str]) -> tuple[int, int]:
        """(items with stars, stars earned) among ``item_ids``: the lessons the game has now."""
        earned = [self.stars(game_id, item_id) for item_id in item_ids]
        return sum(1 for s in earned if s > 0), sum(earned)

    # -- writing ------------------------------------------------------------------------------------
    def record(self, game_id: str, item_id: str, stars: int) -> bool:
        """Remember ``stars`` for an item done if they beat the best so far; True if they did.

        Raises OSError when the disk refuses (the stars stay in memory for this session)."""
        if not (_ID.match(game_id) and _ID.match(item_id)):
            raise ValueError(f"not a {self.kind.item} id: {game_id!r}/{item_id!r}")
        stars = max(1, min(MAX_STARS, int(stars)))
        if stars <= self.stars(game_id, item_id):
            return False
        self.games.setdefault(game_id, {})[item_id] = stars
        if not self.writable:
            return True
        for game, items in self._read().items():  # what another copy wrote meanwhile is kept too
            ours = self.games.setdefault(game, {})
            for item, best in items.items():
                ours[item] = max(best, ours.get(item, 0))
        if self.writable:  # reading again may have found a newer version's file, or one put aside
            write_atomic(self.path, dumps(self.games, self.kind))
        return True


class Progress(Stars):
    """The stars of every lesson, read lazily from ``<root>/progress.json`` on first use."""

    def __init__(self, root: Path | str) -> None:
        super().__init__(root, LESSONS)


def dumps(games: dict[str, dict[str, int]], kind: StarsKind = LESSONS) -> str:
    """The file's text (sorted, so a re-write with the same stars is the same bytes)."""
    data = {"format": kind.format, "version": VERSION, "games": games}
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def is_newer(data: Any, kind: StarsKind = LESSONS) -> bool:
    """Whether parsed ``data`` is a file of ``kind`` from a newer version of the app (left alone)."""
    if not isinstance(data, dict) or data.get("format") != kind.format:
        return False
    version = data.get("version", VERSION)
    return isinstance(version, int) and not isinstance(version, bool) and version > VERSION


def parse_progress(data: Any, strict: bool = True, kind: StarsKind = LESSONS) -> dict[str, dict[str, int]]:
    """The stars in parsed ``data``; ReadError if anything in it is not what this app writes.

    Strict on purpose: a file with one impossible entry has been edited or damaged, and a partial
    read that is later written back would quietly lose the rest. ``strict=False`` is for a newer
    version's file, which is never written back: what this version understands is taken, the rest
    skipped, and nothing raises."""
    if not isinstance(data, dict) or data.get("format") != kind.format:
        if not strict:
            return {}
        raise ReadError("damaged", f"it is not {kind.what}")
    games = data.get("games", {})
    if not isinstance(games, dict):
        if not strict:
            return {}
        raise ReadError("damaged", "its list of games is not readable")
    result: dict[str, dict[str, int]] = {}
    for game_id, lessons in games.items():
        if not _ID.match(game_id) or not isinstance(lessons, dict):
            if not strict:
                continue
            raise ReadError("damaged", "it names a game in a way this app never writes")
        stars: dict[str, int] = {}
        for lesson_id, value in lessons.items():
            if not _ID.match(lesson_id):
                if not strict:
                    continue
                raise ReadError("damaged", f"it names a {kind.item} in a way this app never writes")
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_STARS:
                if not strict:
                    continue
                raise ReadError("damaged", "it holds a number of stars that cannot be")
            if value:
                stars[lesson_id] = value
        if stars:
            result[game_id] = stars
    return result
