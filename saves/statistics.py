"""Your record: every finished game against the computer, per game and level, and what it adds up to.

One small file, ``statistics.json`` in the data directory::

    {"format": "curio-boards-statistics", "version": 1, "since": null,
     "games": {"elephant-run": {"since": null, "levels": {"normal": {
         "results": [{"id": "3f2a9c0b1d4e", "at": "2026-11-27T03:50:00.123456+00:00", "result": "win"}],
         "earlier": {"wins": 0, "draws": 0, "losses": 0, "best": 0, "run": 0, "until": null}}}}}}

**What counts.** A game against the computer that is played to its end on the match screen: one
person against one computer seat, at that seat's level. Two people at the table are not counted (the
record is the player's own against the levels), nor a game left unfinished: only an ending is a
result. A game the player gives up ends as a win for the computer and counts as a loss. The scenes
decide this (``scenes/shell/match/results.py``); this module keeps what it is given.

**Why one entry per game, with the match's id.** Counters alone cannot be merged: two copies of the
app that both read "5 won" and both add one would each write "6", and the better of the two is still
one game short. A list of results, each with the match's own id, merges by union without losing or
doubling anything, and the id is also what keeps a result from being counted twice: a game finished,
taken back with Undo and finished again, or finished again after a reload, is still one game, and the
first ending is the one that counts (so Undo cannot turn a loss into a win on the record). The counts,
streaks and the chart of the last twenty are all worked out from the list.

**Why the list is capped.** A level keeps its newest :data:`KEEP` results; older ones are folded into
``earlier`` (counts, the best run of wins, the run they end with, and when the newest of them
ended), which merges by the larger of each figure. Folding is the one place two copies writing at once
could lose a game, and only past a thousand games at one level; the instance lock
(:mod:`saves.instance`) normally turns a second copy away anyway.

**Reset** cannot simply delete entries, or the next merge would bring them back from the file: it
writes the time of the reset (``since``, for one game or for all) and every result up to then is
left out, by every copy that reads the file afterwards. (A game counted before a reset, taken back
and finished again after it, counts again: its id went with the reset.)

The file is treated like :mod:`saves.progress`: written atomically (:mod:`saves.atomic`), read
defensively (:func:`saves.reading.read_json`), a damaged file put aside
(``statistics.damaged-<time>.json``) and never overwritten, a newer version's file read as far as
understood and never written, and :attr:`Statistics.message` says so once, in plain words.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from saves.atomic import write_atomic
from saves.kept_file import FileWords, KeptFile
from saves.reading import MISSING, Limits, ReadError, read_json

STATISTICS_FILE = "statistics.json"
FORMAT = "curio-boards-statistics"
VERSION = 1
LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The computer's levels (``game.ai.LEVELS``, spelled out here so reading a file never loads the AI)."""
RESULTS: tuple[str, ...] = ("win", "draw", "loss")
KEEP = 1000
"""Results kept one by one per game and level; older ones are folded into counts."""
CHART = 20
"""How many of the latest results the chart shows."""
LIMITS = Limits(
    file_bytes=3 * 1024 * 1024,
    depth=8,
    string_chars=64,
    list_items=KEEP + 50,
    object_keys=200,
    total_items=120_000,
)
"""Room for every level of several games full to :data:`KEEP`, and far below what could stall a screen."""
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
_TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?\+00:00$")
"""Times as this module writes them (UTC, ISO 8601): they sort as text in time order."""
_EARLIER = ("wins", "draws", "losses", "best", "run")
"""The folded results' counts, their best run of wins, and the run of wins they end with (which the
kept results may carry on)."""


@dataclass(frozen=True)
class Entry:
    """One finished game: the match's id, when it ended (UTC, ISO text) and the person's result."""

    id: str
    at: str
    result: str


@dataclass
class Level:
    """One game's record at one level: the latest results one by one, and the older ones as counts."""

    results: list[Entry]
    earlier: dict[str, int]
    until: str | None = None
    """When the newest folded result ended (None: nothing folded): a reset after it drops the folded
    counts too, whichever copy of the file they come from."""


@dataclass
class GameRecord:
    since: str | None
    levels: dict[str, Level]


@dataclass(frozen=True)
class Summary:
    """What a record adds up to, for the screens."""

    games: int
    wins: int
    draws: int
    losses: int
    streak: int
    """How many of the latest results in a row are the same (0: no games)."""
    streak_kind: str | None
    """"win", "draw" or "loss": what the current streak is made of (None: no games)."""
    best: int
    """The longest run of wins ever."""
    last: tuple[str, ...]
    """The latest results, oldest first, at most :data:`CHART`."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


WORDS = FileWords(
    "Your record", "the games you finish here are counted", "the games you finish now are counted"
)
"""How the sentences about a damaged or newer record file speak of it."""


class Statistics(KeptFile):
    """Every counted result, read lazily from ``<root>/statistics.json`` on first use."""

    def __init__(self, root: Path | str) -> None:
        super().__init__(root, STATISTICS_FILE.removesuffix(".json"), WORDS)
        self._data: tuple[str | None, dict[str, GameRecord]] | None = None
        self.told: str | None = None
        """The :attr:`message` last shown (the screens tell each once, see :meth:`take_message`)."""

    # -- reading ------------------------------------------------------------------------------------
    @property
    def since(self) -> str | None:
        return self._loaded()[0]

    @property
    def games(self) -> dict[str, GameRecord]:
        return self._loaded()[1]

    def _loaded(self) -> tuple[str | None, dict[str, GameRecord]]:
        if self._data is None:
            self._data = self._read()
        return self._data

    def _read(self) -> tuple[str | None, dict[str, GameRecord]]:
        try:
            data = read_json(self.path, LIMITS)
            if is_newer(data):
                self._leave_alone()
                return parse_statistics(data, strict=False)
            return parse_statistics(data)
        except ReadError as exc:
            if exc.kind == MISSING or not self._there():
                return None, {}
            self._put_aside(exc.reason)
            return None, {}

    def take_message(self) -> str | None:
        """The message about the file, the first time it is asked for (then None)."""
        self._loaded()
        if self.message is None or self.told == self.message:
            return None
        self.told = self.message
        return self.message

    # -- questions ----------------------------------------------------------------------------------
    def summary(self, game_id: str, level: str) -> Summary:
        """The record of one game at one level (all zeros when none was played)."""
        record = self.games.get(game_id)
        found = record.levels.get(level) if record is not None else None
        if found is None:
            return Summary(0, 0, 0, 0, 0, None, 0, ())
        return summarise(found)

    def levels_played(self, game_id: str) -> list[str]:
        """The levels of a game with at least one result, easiest first."""
        record = self.games.get(game_id)
        if record is None:
            return []
        return [level for level in LEVELS if level in record.levels and _any_game(record.levels[level])]

    def latest_level(self, game_id: str) -> str | None:
        """The level the person last finished a game of ``game_id`` at (None: never)."""
        record = self.games.get(game_id)
        best: tuple[str, str] | None = None
        for level, found in record.levels.items() if record is not None else ():
            if found.results and (best is None or found.results[-1].at > best[0]):
                best = (found.results[-1].at, level)
        if best is None and record is not None:
            played = self.levels_played(game_id)
            return played[-1] if played else None
        return best[1] if best is not None else None

    def counted(self, game_id: str, level: str, match_id: str) -> bool:
        record = self.games.get(game_id)
        found = record.levels.get(level) if record is not None else None
        return found is not None and any(entry.id == match_id for entry in found.results)

    # -- writing ------------------------------------------------------------------------------------
    def record_result(self, game_id: str, level: str, result: str, match_id: str) -> bool:
        """Count one finished game; False when that match was already counted (its first ending is
        the one that counts). Raises ValueError for what no game of ours produces, and OSError when
        the disk refuses (the result is kept in memory for this session)."""
        if not (_ID.match(game_id) and _ID.match(match_id)):
            raise ValueError(f"not a game or match id: {game_id!r}/{match_id!r}")
        if level not in LEVELS or result not in RESULTS:
            raise ValueError(f"not a level and result: {level!r}/{result!r}")
        if any(self.counted(game_id, level_id, match_id) for level_id in LEVELS):
            return False
        record = self.games.setdefault(game_id, GameRecord(None, {}))
        found = record.levels.setdefault(level, Level([], _zero()))
        found.results.append(Entry(match_id, _now(), result))
        self._write()
        return True

    def reset(self, game_id: str | None = None) -> None:
        """Forget the record of one game (every level), or of all games. Raises OSError when the disk
        refuses (the record stays cleared for this session)."""
        if game_id is not None and not _ID.match(game_id):
            raise ValueError(f"not a game id: {game_id!r}")
        now = _now()
        games = self.games
        if game_id is None:
            self._data = (now, {})
        else:
            games[game_id] = GameRecord(now, {})
        self._write()

    def _write(self) -> None:
        if not self.writable:
            return
        disk_since, disk = self._read()  # what another copy wrote meanwhile is kept too
        if not self.writable:  # reading again found a newer version's file
            return
        since, games = self._loaded()
        self._data = merge((since, games), (disk_since, disk))
        write_atomic(self.path, dumps(*self._data))


def _any_game(level: Level) -> bool:
    earlier = level.earlier
    return bool(level.results) or any(earlier[key] for key in ("wins", "draws", "losses"))


def _zero() -> dict[str, int]:
    return dict.fromkeys(_EARLIER, 0)


def summarise(level: Level) -> Summary:
    """Counts, streaks and the chart of one level's results (the folded ones included)."""
    counts = {"win": level.earlier["wins"], "draw": level.earlier["draws"], "loss": level.earlier["losses"]}
    best = level.earlier["best"]
    run = level.earlier["run"]
    for entry in level.results:
        counts[entry.result] += 1
        run = run + 1 if entry.result == "win" else 0
        best = max(best, run)
    streak, kind = 0, None
    for entry in reversed(level.results):
        if kind is not None and entry.result != kind:
            break
        kind = entry.result
        streak += 1
    if kind == "win" and streak == len(level.results):
        streak += level.earlier["run"]
    last = tuple(entry.result for entry in level.results[-CHART:])
    games = sum(counts.values())
    return Summary(games, counts["win"], counts["draw"], counts["loss"], streak, kind, best, last)


def merge(
    ours: tuple[str | None, dict[str, GameRecord]], theirs: tuple[str | None, dict[str, GameRecord]]
) -> tuple[str | None, dict[str, GameRecord]]:
    """Both records as one: the union of their results by match id, the later reset of each game and
    of all, folded counts the larger of each, then results from before a reset left out and each
    level cut to :data:`KEEP` (the oldest folded)."""
    since = max((s for s in (ours[0], theirs[0]) if s is not None), default=None)
    games: dict[str, GameRecord] = {}
    for game_id in sorted(set(ours[1]) | set(theirs[1])):
        records = [side[game_id] for side in (ours[1], theirs[1]) if game_id in side]
        game_since = max((r.since for r in records if r.since is not None), default=None)
        cutoff = max((s for s in (since, game_since) if s is not None), default=None)
        levels: dict[str, Level] = {}
        for level_id in LEVELS:
            found = [r.levels[level_id] for r in records if level_id in r.levels]
            if not found:
                continue
            entries: dict[str, Entry] = {}
            for level in found:
                for entry in level.results:
                    kept = entries.get(entry.id)
                    if kept is None or entry.at < kept.at:
                        entries[entry.id] = entry
            live = [lv for lv in found if lv.until is not None and (cutoff is None or lv.until > cutoff)]
            earlier = {key: max((lv.earlier[key] for lv in live), default=0) for key in _EARLIER}
            until = max((lv.until for lv in live if lv.until is not None), default=None)
            ordered = sorted(
                (e for e in entries.values() if cutoff is None or e.at > cutoff), key=lambda e: (e.at, e.id)
            )
            levels[level_id] = _fold(ordered, earlier, until)
        games[game_id] = GameRecord(game_since, levels)
    return since, games


def _fold(ordered: list[Entry], earlier: dict[str, int], until: str | None) -> Level:
    if len(ordered) <= KEEP:
        return Level(ordered, earlier, until)
    old, kept = ordered[:-KEEP], ordered[-KEEP:]
    folded = dict(earlier)
    run = folded["run"]
    for entry in old:
        folded[{"win": "wins", "draw": "draws", "loss": "losses"}[entry.result]] += 1
        run = run + 1 if entry.result == "win" else 0
        folded["best"] = max(folded["best"], run)
    folded["run"] = run
    return Level(kept, folded, old[-1].at)


def dumps(since: str | None, games: dict[str, GameRecord]) -> str:
    """The file's text: one line per result, so a person can read it and a diff stays small."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "since": since,
        "games": {
            game_id: {
                "since": record.since,
                "levels": {
                    level_id: {
                        "earlier": _earlier_json(level),
                        "results": [{"id": e.id, "at": e.at, "result": e.result} for e in level.results],
                    }
                    for level_id, level in record.levels.items()
                },
            }
            for game_id, record in games.items()
        },
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":")).replace("},{", "},\n{") + "\n"


def _earlier_json(level: Level) -> dict[str, int | str | None]:
    data: dict[str, int | str | None] = dict(level.earlier)
    data["until"] = level.until
    return data


def is_newer(data: Any) -> bool:
    """Whether parsed ``data`` is a statistics file from a newer version of the app (left alone)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return False
    version = data.get("version", VERSION)
    return isinstance(version, int) and not isinstance(version, bool) and version > VERSION


def _time(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not _TIME.match(value):
        raise ReadError("damaged", "it holds a time this app never writes")
    return value


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**9:
        raise ReadError("damaged", "it holds a count that cannot be")
    return value


def parse_statistics(data: Any, strict: bool = True) -> tuple[str | None, dict[str, GameRecord]]:
    """The record in parsed ``data``; ReadError if anything in it is not what this app writes.

    Strict for the reason :func:`saves.progress.parse_progress` is: a partial read written back would
    lose the rest. ``strict=False`` (a newer version's file, never written back) takes what it
    understands and skips the rest."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        if strict:
            raise ReadError("damaged", "it is not a record of games")
        return None, {}
    try:
        since = _time(data.get("since"))
    except ReadError:
        if strict:
            raise
        since = None
    games_data = data.get("games", {})
    if not isinstance(games_data, dict):
        if strict:
            raise ReadError("damaged", "its list of games is not readable")
        return since, {}
    games: dict[str, GameRecord] = {}
    for game_id, record in games_data.items():
        try:
            games[game_id] = _parse_game(game_id, record, strict)
        except ReadError:
            if strict:
                raise
    return since, games


def _parse_game(game_id: str, record: Any, strict: bool) -> GameRecord:
    if (
        not _ID.match(game_id)
        or not isinstance(record, dict)
        or not isinstance(record.get("levels", {}), dict)
    ):
        raise ReadError("damaged", "it names a game in a way this app never writes")
    levels: dict[str, Level] = {}
    for level_id, level in record.get("levels", {}).items():
        try:
            if level_id not in LEVELS or not isinstance(level, dict):
                raise ReadError("damaged", "it names a level this app does not have")
            levels[level_id] = _parse_level(level)
        except ReadError:
            if strict:
                raise
    return GameRecord(_time(record.get("since")), levels)


def _parse_level(level: dict[str, Any]) -> Level:
    earlier_data = level.get("earlier", {})
    results_data = level.get("results", [])
    if not isinstance(earlier_data, dict) or not isinstance(results_data, list):
        raise ReadError("damaged", "it holds a record this app never writes")
    earlier = {key: _count(earlier_data.get(key, 0)) for key in _EARLIER}
    until = _time(earlier_data.get("until"))
    results: list[Entry] = []
    seen: set[str] = set()
    for item in results_data:
        if not isinstance(item, dict):
            raise ReadError("damaged", "it holds a result this app never writes")
        match_id, at, result = item.get("id"), _time(item.get("at")), item.get("result")
        if not isinstance(match_id, str) or not _ID.match(match_id) or at is None or result not in RESULTS:
            raise ReadError("damaged", "it holds a result this app never writes")
        if match_id in seen:
            continue
        seen.add(match_id)
        results.append(Entry(match_id, at, result))
    results.sort(key=lambda e: (e.at, e.id))
    return Level(results, earlier, until)


# -- in words -----------------------------------------------------------------------------------------
def streak_words(summary: Summary) -> str:
    """ "streak: 2 wins", "streak: 1 loss" ('' with no games)."""
    if not summary.streak or summary.streak_kind is None:
        return ""
    noun = {"win": ("win", "wins"), "draw": ("draw", "draws"), "loss": ("loss", "losses")}[
        summary.streak_kind
    ]
    return f"streak {summary.streak} {noun[0] if summary.streak == 1 else noun[1]}"


def record_line(level: str, summary: Summary) -> str:
    """ "Against normal: 5 won, 1 drawn, 3 lost · streak 2 wins" for a game's menu card."""
    counts = f"{summary.wins} won, {summary.draws} drawn, {summary.losses} lost"
    streak = streak_words(summary)
    return f"Against {level}: {counts}" + (f" · {streak}" if streak else "")


def record_lines(root: Path | str, game_id: str) -> tuple[str, ...]:
    """A game's menu card line on the record at the level last played, longest wording first
    ("Against normal: 5 won, 1 drawn, 3 lost · streak 2 wins" down to "Normal: 5-1-3", the card takes
    the first that fits); () when there is none, or when the record cannot be read at all (the menu
    must still show the game)."""
    try:
        store = shared(root)
        level = store.latest_level(game_id)
        if level is None:
            return ()
        summary = store.summary(game_id, level)
    except (OSError, ValueError):
        return ()
    counts = f"{summary.wins} won, {summary.draws} drawn, {summary.losses} lost"
    short = f"{summary.wins}-{summary.draws}-{summary.losses}"
    name = level.capitalize()
    return (
        record_line(level, summary),
        f"Against {level}: {counts}",
        f"{name}: {counts}",
        f"{name}: {short} (won-drawn-lost)",
        f"{name}: {short}",
    )


_shared: dict[Path, Statistics] = {}


def shared(root: Path | str) -> Statistics:
    """The one :class:`Statistics` of a data folder for the life of the process: the match screen
    counts into it and the menu and the statistics screen read it, so what is kept only in memory
    (a newer version's file, a disk that refused) is the same everywhere."""
    key = Path(root)
    if key not in _shared:
        _shared[key] = Statistics(key)
    return _shared[key]
