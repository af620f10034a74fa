"""The save file itself: its envelope, limits and schema, reading one file into a match or a
sentence, and the small helpers (digests, summaries, labels) the store builds on.

Apart from :mod:`saves.store` (where files live, save in place, autosaves, the list) because the
format is a contract of its own — ``docs/save-format.md`` describes it — and is read by tools and
tests without a store. ``saves.store`` re-exports every name here.
"""

from __future__ import annotations

import hashlib
import json
import re
import weakref
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.analysis import MARKS, Analysis, fits
from game.core import GameError, MoveError, Outcome
from game.match import MAX_HINTS, Match, RecordError, Seat, mode_text
from game.register import get as get_game
from saves.reading import (
    EMPTY,
    FOLDER,
    MISSING,
    TOO_LARGE,
    TRUNCATED,
    UNREADABLE,
    Limits,
    ReadError,
    clean_text,
    decode_text,
    file_name,
    parse_json,
    quoted,
    read_bytes,
)
from saves.schema import Field, Integer, Invalid, ListOf, MapOf, Nullable, Number, Record, Text

FORMAT_NAME = "curio-boards-save"
"""The ``format`` value that identifies a Curio Boards save among other JSON files."""

FORMAT_VERSION = 1
"""The newest format version this code writes and reads. Readers accept this and older versions they
know; a newer version is refused with a clear message and the file is left alone."""

MANUAL = "manual"
AUTOSAVE = "autosave"
KINDS: tuple[str, ...] = (MANUAL, AUTOSAVE)

MAX_AUTOSAVES = 30
"""Autosaves kept; beyond this the oldest healthy *finished* ones are pruned (unfinished games never)."""

MAX_FILE_BYTES = 1024 * 1024
"""No real save comes near this (a long game is a few kilobytes); a bigger file is not ours, and
reading it would stall the load screen."""

SAVE_LIMITS = Limits(file_bytes=MAX_FILE_BYTES)
"""Sizes a save may have (see :class:`saves.reading.Limits`): generous for real games, bounded for
hostile files."""

SHOWN_CHARS = 200
"""Texts from a file (label, summary) are cut to this for the listing; the file keeps them whole."""

UNKNOWN_TIME = datetime.min.replace(tzinfo=UTC)
"""The listing's time for a file whose time cannot be known; shown as "unknown date", sorted last."""

_MOVE = Text(2_000, expected="a list of moves written as text")
_ORDER = Text(2_000, expected="moves written as text")
_HINTS_USED = Integer(0, MAX_HINTS, expected="a count of hints")
MATCH_SCHEMA = Record(
    {
        "options": Field(MapOf(Text(200), max_keys=100, expected="an object of texts"), "its options"),
        "seats": Field(MapOf(Record(), max_keys=20, expected="an object of seats"), "its seats"),
        "moves": Field(ListOf(_MOVE, max_items=20_000, expected="a list of moves"), "its moves"),
        "pending": Field(Nullable(MapOf(_ORDER, max_keys=20)), "its secret orders"),
        "hints": Field(
            Nullable(MapOf(_HINTS_USED, max_keys=20, expected="an object of counts")), "its hint counts"
        ),
        "result": Field(Nullable(Record({"reason": Field(Text(2_000), "its result")})), "its result"),
    }
)
"""The match record's shape, checked before anything reads it (the rules then check the moves)."""

ANALYSIS_KEY = "analysis"
"""The envelope's optional key for a finished game's analysis (:mod:`game.analysis`): worked out once
in the app, kept with the game so reviewing it again shows it without the wait."""
_CHANCE = Number(0.0, 1.0, expected="a chance between 0 and 1")
_CHANCES = MapOf(_CHANCE, max_keys=20, expected="an object of chances")
ANALYSIS_SCHEMA = Record(
    {
        "game": Field(Text(100), "its game", required=True),
        "effort": Field(Text(40), "its effort", required=True),
        "players": Field(ListOf(Text(100), max_items=20), "its players", required=True),
        "start": Field(_CHANCES, "its first chances", required=True),
        "moves": Field(
            ListOf(
                Record(
                    {
                        "ply": Field(Integer(1, 20_000), "a move's number", required=True),
                        "player": Field(Text(100), "a move's player", required=True),
                        "move": Field(Text(2_000), "a move", required=True),
                        "chance": Field(_CHANCES, "a move's chances", required=True),
                        "mark": Field(Text(20, choices=MARKS), "a move's mark", required=True),
                        "better": Field(Nullable(Text(2_000)), "a better move"),
                        "lost": Field(Number(-1.0, 1.0), "a move's chance lost"),
                        "best_chance": Field(_CHANCE, "a better move's chance"),
                        "reason": Field(Text(2_000), "a better move's reason"),
                    }
                ),
                max_items=40_000,
            ),
            "its moves",
            required=True,
        ),
    }
)
"""The analysis's shape, checked before :meth:`Analysis.from_json` reads it; a value that fails is
dropped (the game loads without it)."""

_ANALYSES: weakref.WeakKeyDictionary[Match, Analysis] = weakref.WeakKeyDictionary()
"""Each match's analysis while the match lives (read from its save, or just worked out): the match
record (:meth:`Match.to_record`) is the rules' and knows nothing of analyses, so they are kept beside
it and written into the envelope."""


def played_moves(match: Match) -> list[dict[str, str]]:
    """Each turn's moves in notation by player, as an analysis names them."""
    return [{p: turn.before.move_to_text(p, m) for p, m in turn.moves.items()} for turn in match.turns]


def keep_analysis(match: Match, analysis: Analysis | None) -> None:
    """Keep ``analysis`` with ``match`` (None forgets it): the next save writes it, a review shows
    it. A record opened from a file is never written, so there it lives only as long as the match."""
    if analysis is None:
        _ANALYSES.pop(match, None)
    else:
        _ANALYSES[match] = analysis


def analysis_of(match: Match) -> Analysis | None:
    """The analysis kept with ``match`` if it is of exactly the moves ``match`` holds now (an undo
    after it was worked out makes it another game's), else None."""
    analysis = _ANALYSES.get(match)
    if analysis is None:
        return None
    try:
        if fits(analysis, match.game.id, played_moves(match)):
            return analysis
    except GameError:
        pass
    return None


def read_analysis(value: Any, match: Match) -> Analysis | None:
    """The envelope's analysis value if it is whole and of ``match``'s very moves, else None: a
    damaged, foreign or outdated analysis is dropped and never stops the game from loading."""
    if value is None:
        return None
    try:
        ANALYSIS_SCHEMA.check(value, "its analysis")
        analysis = Analysis.from_json(value)
        if fits(analysis, match.game.id, played_moves(match)):
            return analysis
    except Exception:  # Invalid, ValueError, KeyError, TypeError, GameError: whatever the file holds
        pass
    return None


SAVES_DIR = "saves"
AUTOSAVE_DIR = "autosave"
TRASH_DIR = "trash"

MAX_LABEL_CHARS = 60
"""A save's name as the player types it: enough for "Try the c-file against hard", short enough
for one row of the load screen."""

_REQUIRED_KEYS: tuple[str, ...] = ("format", "version", "saved_at", "kind", "match")


class SaveError(ValueError):
    """A save that cannot be written or loaded. ``str(error)`` is a complete sentence for players.

    ``move_number`` (1-based) and ``move_text`` name the first move that failed to replay, if that is
    the problem, so the load screen can point at it."""

    def __init__(
        self,
        message: str,
        *,
        path: Path | None = None,
        move_number: int | None = None,
        move_text: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.move_number = move_number
        self.move_text = move_text


@dataclass(frozen=True)
class SaveEntry:
    """One file as the load screen lists it, read without replaying the match.

    ``error`` is set (and the other fields are best effort) when the file cannot be loaded; such
    entries are still listed so the player can see and delete them. ``pristine`` is True when the file
    is exactly as the app wrote it; only pristine files are ever overwritten or pruned by the app."""

    path: Path
    kind: str
    game_id: str
    game_title: str
    mode: str
    saved_at: datetime
    move_count: int
    over: bool
    error: str | None = None
    label: str | None = None
    result_text: str | None = None
    match_id: str | None = None
    pristine: bool = False
    options: tuple[tuple[str, str], ...] = ()
    moves: tuple[str, ...] = ()
    """The record's options and moves, read without replaying: enough for the load screen to draw
    the board's thumbnail (the picture replays them once, and keeps the result)."""

    @property
    def healthy(self) -> bool:
        return self.error is None

    @property
    def title(self) -> str:
        """What the load screen shows first: the player's label, else the game, else the file name."""
        return self.label or self.game_title or file_name(self.path)


# -- helpers ----------------------------------------------------------------------------------------
def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def content_digest(data: dict[str, Any]) -> str:
    """A fingerprint of the whole envelope except the digest itself, stored at write time so that any
    later edit by hand is detectable (the app then never overwrites or prunes that file).

    Canonical JSON (sorted keys, no spaces) so the digest does not depend on the file's layout."""
    content = {key: value for key, value in data.items() if key != "digest"}
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def result_text(match: Match) -> str | None:
    """``"Elephant wins: ..."`` / ``"Draw: ..."`` for a finished match, None while it goes on."""
    return _outcome_text(match.game.player_title, match.outcome)


def _outcome_text(player_title: Any, outcome: Outcome | None) -> str | None:
    if outcome is None:
        return None
    head = "Draw" if outcome.winner is None else f"{player_title(outcome.winner)} wins"
    return f"{head}: {outcome.reason}" if outcome.reason else head


def summarize(match: Match) -> dict[str, Any]:
    """The listing copy stored in the envelope; the record stays the truth."""
    return {
        "game_title": match.game.title,
        "mode": match.mode_text(),
        "moves": len(match.turns),
        "over": match.over,
        "result_text": result_text(match),
    }


def envelope(
    match: Match,
    kind: str,
    label: str | None = None,
    saved_at: datetime | None = None,
    *,
    match_id: str | None = None,
) -> dict[str, Any]:
    """The complete file content for ``match`` as plain data (exposed for tests and tools).

    ``match_id`` writes the record under another id: a copy is a game of its own from then on, so
    saving the original later never lands on the copy (nor the copy's autosave on the original's)."""
    if kind not in KINDS:
        raise ValueError(f"unknown save kind {kind!r}")
    data: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "saved_at": (saved_at or _now()).isoformat(timespec="seconds"),
        "kind": kind,
        "label": label,
        "summary": summarize(match),
        "digest": "",
        "match": match.to_record(),
    }
    if match_id is not None:
        data["match"]["id"] = match_id
    analysis = analysis_of(match)
    if analysis is not None:
        data[ANALYSIS_KEY] = analysis.to_json()
    data["digest"] = content_digest(data)  # placed before the match, which is what people read and edit
    return data


def dumps(data: dict[str, Any]) -> str:
    """Pretty, diff-friendly UTF-8 JSON: players may open, read and share these files."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _sentence(text: str) -> str:
    """A complete sentence of reasonable length: parts of it may come from the file itself."""
    text = clean_text(text.strip(), 400)
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def _damaged_file(detail: str, path: Path | None) -> SaveError:
    """The error for a file that is a save but not an intact one: one wording for every way it breaks,
    with ``detail`` saying which part, so the player can tell a truncated copy from a bad edit."""
    return SaveError(f"The file is damaged ({detail}).", path=path)


def _read_error(exc: ReadError, path: Path | None) -> SaveError:
    """The save's sentence for a refusal of :mod:`saves.reading` (one wording per way a file fails)."""
    if exc.kind == MISSING:
        return SaveError("The file no longer exists.", path=path)
    if exc.kind == FOLDER:
        return SaveError("This is a folder, not a save file.", path=path)
    if exc.kind == UNREADABLE:
        return SaveError(f"The file could not be read ({exc.reason}).", path=path)
    if exc.kind == TOO_LARGE:
        return SaveError("The file is too large to be a Curio Boards save.", path=path)
    if exc.kind == EMPTY:
        return SaveError("The file is empty or truncated.", path=path)
    if exc.kind == TRUNCATED:
        return SaveError(f"The file is empty or truncated ({exc.reason}).", path=path)
    return _damaged_file(exc.reason, path)


def _read_text(path: Path) -> str:
    """The file's text, or a SaveError saying in player terms why it cannot be read."""
    try:
        return decode_text(read_bytes(path, MAX_FILE_BYTES))
    except ReadError as exc:
        raise _read_error(exc, path) from None


def parse_envelope(text: str, path: Path | None = None) -> dict[str, Any]:
    """Parse and check the envelope (not the match); raise SaveError with a player-facing message."""
    try:
        data = parse_json(text, SAVE_LIMITS)
    except ReadError as exc:
        raise _read_error(exc, path) from None
    if not isinstance(data, dict):
        raise SaveError("This is not a Curio Boards save file.", path=path)
    fmt = data.get("format")
    if fmt != FORMAT_NAME:
        if fmt is None:
            raise SaveError("This is not a Curio Boards save file (it names no format).", path=path)
        raise SaveError(f"This is not a Curio Boards save file (format {quoted(fmt)}).", path=path)
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise _damaged_file("its format version is missing or not a number", path)
    if version > FORMAT_VERSION:
        raise SaveError(
            f"This save was made by a newer version of Curio Boards (format {version}); "
            f"this version reads format {FORMAT_VERSION}.",
            path=path,
        )
    if version < 1:
        raise _damaged_file(f"format version {version} never existed", path)
    missing = [key for key in _REQUIRED_KEYS if key not in data]
    if missing:
        names = ", ".join(f"'{key}'" for key in missing)
        raise _damaged_file(f"it has no {names}", path)
    if data["kind"] not in KINDS:
        raise _damaged_file(f"unknown kind {quoted(data['kind'])}", path)
    _parse_time(data["saved_at"], path)
    if not isinstance(data["match"], dict):
        raise _damaged_file("its 'match' section is not an object", path)
    label = data.get("label")
    if label is not None and not isinstance(label, str):
        raise _damaged_file("its 'label' is not text", path)
    try:
        MATCH_SCHEMA.check(data["match"], "its match")
    except Invalid as exc:
        raise _damaged_file(exc.reason, path) from None
    return data


def _parse_time(value: Any, path: Path | None) -> datetime:
    """The save's time; a text that is no ISO date at all makes the file damaged, while a real date
    far in the past or future is kept (the listing shows it as "unknown date")."""
    if isinstance(value, str) and len(value) <= 64:
        try:
            when = datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            return when if when.tzinfo else when.replace(tzinfo=UTC)
    raise _damaged_file("its 'saved_at' is not a date and time", path)


def sort_time(when: datetime) -> float:
    """Seconds since 1970 for sorting, for any aware or naive datetime: times whose conversion
    overflows (year 1 or 9999 with an offset) sort first or last instead of breaking the sort."""
    try:
        return (when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp()
    except (OverflowError, ValueError, OSError):
        return float("inf") if when.year > 1970 else float("-inf")


def _game_or_error(game_id: Any, path: Path | None) -> Any:
    if not isinstance(game_id, str) or not game_id:
        raise _damaged_file("its match names no game", path)
    try:
        return get_game(game_id)
    except KeyError:
        message = f"This save is for a game this version does not have ({quoted(game_id)})."
        raise SaveError(message, path=path) from None


def _record_error_message(exc: RecordError) -> str:
    """The sentence the load screen shows for a record that does not replay, built from the error's
    fields. When the rules refused the whole move text, the game's own verdict and reason are used
    ("Move 3 ('c2-c4') is not legal: ..."); a refusal of a part (one side of a simultaneous turn)
    keeps the game's message whole after "cannot be played", so the part stays named."""
    if exc.move_number is None:
        if exc.pending:
            return _sentence(f"The save's secret orders cannot be restored: {exc.reason}")
        return _damaged_match(exc.reason)
    move = f"Move {exc.move_number} ({quoted(exc.move_text)})"
    cause = exc.cause
    if isinstance(cause, MoveError) and cause.text == exc.move_text:
        return _sentence(f"{move} {cause.verdict}: {cause.why}")
    return _sentence(f"{move} cannot be played: {exc.reason}")


def _damaged_match(detail: str) -> str:
    """The sentence for a match section that is well-formed JSON but not a match the rules accept."""
    return _sentence(f"The save's match data is damaged: {detail}")


def match_from_envelope(data: dict[str, Any], path: Path | None = None) -> Match:
    """Replay the envelope's match record through the rules; SaveError names the first bad move."""
    record = data["match"]
    _game_or_error(record.get("game"), path)
    try:
        match = Match.from_record(record)
    except RecordError as exc:
        raise SaveError(
            _record_error_message(exc), path=path, move_number=exc.move_number, move_text=exc.move_text
        ) from None
    except GameError as exc:
        raise SaveError(_damaged_match(str(exc)), path=path) from None
    except Exception as exc:  # a game's bug on strange input must not crash the load screen
        message = (
            "This save could not be replayed: this version of Curio Boards stumbled over one of its "
            "moves. The file was left as it is."
        )
        raise SaveError(message, path=path) from exc
    keep_analysis(match, read_analysis(data.get(ANALYSIS_KEY), match))
    return match


def _mode_from_seats(info: Any, seats: Any) -> str:
    """Match.mode_text without building a Match (for files written without a summary)."""
    try:
        return mode_text(info, {p: Seat.from_json(s) for p, s in seats.items()})
    except (AttributeError, GameError):
        return ""


def _safe_stem(match_id: Any) -> str:
    """A file-name-safe version of a match id (ids come from files, which may have been edited)."""
    stem = re.sub(r"[^A-Za-z0-9_-]", "", str(match_id))[:64]
    return stem or "match"


def clean_label(name: str | None) -> str | None:
    """A name typed for a save made safe to write and to draw: one line, no control characters,
    spaces tidied, at most :data:`MAX_LABEL_CHARS`; None when nothing is left (the listing then
    shows the game's title)."""
    if name is None:
        return None
    text = " ".join(clean_text(name).replace("\ufffd", " ").split())
    return clean_text(text, MAX_LABEL_CHARS) or None


def _same_position(a: SaveEntry, b: SaveEntry) -> bool:
    # a game resigned after its save holds the same moves, but is over: a newer position of its own
    return a.match_id is not None and a.match_id == b.match_id and a.moves == b.moves and a.over == b.over
