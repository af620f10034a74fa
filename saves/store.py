"""Save files: the versioned format, the store on disk, autosave and the menu's Continue.

A save is an *envelope* around :meth:`game.match.Match.to_record` (see ``docs/save-format.md``)::

    {"format": "curio-boards-save", "version": 1, "saved_at": "...", "kind": "manual",
     "label": null, "summary": {...}, "digest": "sha256:...", "match": {...}}

The match record (game, options, seats, move texts) is the truth: loading replays every move through
the rules, so a damaged or hand-edited file is caught at the first bad move and reported by number
and text, and nothing half-loaded ever reaches a scene. The ``summary`` is a convenience copy that
lets the load screen list dozens of files without replaying any of them.

The store treats the player's files with care: writes are atomic, a game's Save only ever replaces
that game's own file (:meth:`SaveStore.save_in_place`), the app never modifies or deletes a file it
did not write exactly as it is now (damaged, hand-edited or from a newer version) except when the
player explicitly deletes it, and a deleted file waits in the trash while its Undo is offered.
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core import GameError, MoveError, Outcome
from game.match import MAX_HINTS, Match, RecordError, Seat, mode_text
from game.register import get as get_game
from saves.atomic import TEMP_SUFFIX, remove_stray_temps, write_atomic
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
from saves.schema import Field, Integer, Invalid, ListOf, MapOf, Nullable, Record, Text
from saves.trash import Trash, Trashed

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
        "hints": Field(Nullable(MapOf(_HINTS_USED, max_keys=20, expected="an object of counts")),
                       "its hint counts"),
        "result": Field(Nullable(Record({"reason": Field(Text(2_000), "its result")})), "its result"),
    }
)
"""The match record's shape, checked before anything reads it (the rules then check the moves)."""

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
) -> dict:
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
    data["digest"] = content_digest(data)  # placed before the match, which is what people read and edit
    return data


def dumps(data: dict) -> str:
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
        return Match.from_record(record)
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


def write_failure(exc: BaseException) -> str:
    """Why a save could not be written, as the end of a player's sentence ("… could not be saved:
    No space left on device."): the system's own words, never an exception's name or number."""
    if isinstance(exc, SaveError):
        return exc.message
    if isinstance(exc, OSError) and exc.strerror:
        return _sentence(exc.strerror)
    if isinstance(exc, GameError):  # the match itself cannot be written (a lesson's set position)
        text = str(exc)
        return _sentence(text[:1].upper() + text[1:])
    return "The disk refused to write it."


def _same_position(a: SaveEntry, b: SaveEntry) -> bool:
    return a.match_id is not None and a.match_id == b.match_id and a.moves == b.moves


# -- the store --------------------------------------------------------------------------------------
class SaveStore:
    """The player's saves under one data directory: ``<root>/saves/`` and ``<root>/autosave/``.

    Directories are created on first write, so merely browsing an empty store writes nothing."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        self.saves_dir = self.root / SAVES_DIR
        self.autosave_dir = self.root / AUTOSAVE_DIR
        self.trash = Trash(self.root / TRASH_DIR)
        self._own_files: dict[str, Path] = {}
        """Match id -> the manual save it was loaded from or last saved to: where Ctrl+S writes."""

    # -- writing ------------------------------------------------------------------------------------
    def save(self, match: Match, label: str | None = None) -> SaveEntry:
        """A new manual save file; never overwrites any existing file. Raises OSError if the disk
        refuses. The game's Save goes through :meth:`save_in_place`; this is its fallback and the
        tools' way to write a file."""
        label = label.strip() if label and label.strip() else None
        when = _now()
        data = envelope(match, MANUAL, label, when)
        text = dumps(data)
        stamp = when.strftime("%Y%m%d-%H%M%S")
        for _ in range(20):
            path = self.saves_dir / f"{_safe_stem(match.game.id)}-{stamp}-{uuid.uuid4().hex[:6]}.json"
            if path.exists():
                continue
            try:
                write_atomic(path, text, exclusive=True)
            except FileExistsError:
                continue
            return self._entry_from_data(path, data)
        raise OSError(f"could not find a free file name in {self.saves_dir}")

    def save_in_place(self, match: Match) -> SaveEntry:
        """The game's Save (Ctrl+S): replace this match's own save file atomically, keeping the name
        the player gave it, so saving twice leaves one file. The first save of a match (or one whose
        file was edited by hand, damaged or removed since) makes a new file instead."""
        own = self._own_save(match.match_id)
        if own is None:
            entry = self.save(match)
        else:
            data = envelope(match, MANUAL, own.label, _now())
            write_atomic(own.path, dumps(data))
            entry = self._entry_from_data(own.path, data)
        self._own_files[match.match_id] = entry.path
        return entry

    def save_copy(self, match: Match, label: str | None = None) -> SaveEntry:
        """"Save a copy": a new file under a new match id, named after the original ("… (copy)")
        unless ``label`` is given. The match on screen keeps its id, so its next Ctrl+S still
        replaces its own file, never the copy."""
        own = self._own_save(match.match_id)
        base = own.label if own is not None and own.label else match.game.title
        name = clean_label(label) or clean_label(f"{base} (copy)")
        data = envelope(match, MANUAL, name, _now(), match_id=uuid.uuid4().hex[:12])
        text = dumps(data)
        for _ in range(20):
            path = self.saves_dir / f"{_safe_stem(match.game.id)}-copy-{uuid.uuid4().hex[:8]}.json"
            try:
                write_atomic(path, text, exclusive=True)
            except FileExistsError:
                continue
            return self._entry_from_data(path, data)
        raise OSError(f"could not find a free file name in {self.saves_dir}")

    def _own_save(self, match_id: str) -> SaveEntry | None:
        """The manual save Ctrl+S may replace for this match: the file it was loaded from or last
        saved to, else the newest one with its id; only a healthy file exactly as the app wrote it."""

        def usable(entry: SaveEntry) -> bool:
            return entry.healthy and entry.pristine and entry.kind == MANUAL and entry.match_id == match_id

        known = self._own_files.get(match_id)
        if known is not None and known.exists():
            entry = self.read_entry(known, MANUAL)
            if usable(entry):
                return entry
        found = [e for e in self._scan(self.saves_dir, MANUAL) if usable(e)]
        return max(found, key=lambda e: (sort_time(e.saved_at), e.path.name), default=None)

    def rename(self, path: Path | str, name: str) -> SaveEntry:
        """Give a save (or an autosave) the player's name, in place: the rest of the file and its
        time are kept, and later saves of the game keep the name. An empty name gives the game's
        title back. Raises SaveError (a sentence) for a file the app may not rewrite, OSError when
        the disk refuses."""
        file = self._inside(path)
        entry = self.read_entry(file)
        if not entry.healthy:
            raise SaveError("A damaged file cannot be renamed; it can only be deleted.", path=file)
        if not entry.pristine:
            raise SaveError(
                "This file was changed outside Curio Boards, so it is left exactly as it is.", path=file
            )
        data = parse_envelope(_read_text(file), file)
        data["label"] = clean_label(name)
        data["digest"] = content_digest(data)
        write_atomic(file, dumps(data))
        return self._entry_from_data(file, data)

    def throw_away(self, path: Path | str) -> Trashed:
        """Delete a save the player chose to delete, recoverably: it waits in the trash until
        :meth:`restore` or ``trash.purge``. Raises FileNotFoundError, OSError or ValueError."""
        return self.trash.put(self._inside(path))

    def restore(self, item: Trashed) -> Path:
        """Undo :meth:`throw_away`: the file is back in its folder (under its own name if free)."""
        return self.trash.restore(item)

    def _inside(self, path: Path | str) -> Path:
        """``path`` if it is a save file of this store, else ValueError: the store only ever
        changes its own folders."""
        target = Path(path)
        resolved = target.resolve()
        inside = any(resolved.parent == d.resolve() for d in (self.saves_dir, self.autosave_dir))
        if not inside or resolved.suffix != ".json":
            raise ValueError(f"{target} is not a save file of this store")
        return target

    def autosave(self, match: Match) -> SaveEntry:
        """Write this match's autosave (one file per match, replaced atomically), then prune.

        If the match's usual file is not one the app may overwrite (damaged, hand-edited, newer
        version, or another match's), the autosave goes to ``<id>-2.json`` etc. instead."""
        path = self._autosave_path(match.match_id)
        label = self.read_entry(path, AUTOSAVE).label if path.exists() else None  # a name it was given
        data = envelope(match, AUTOSAVE, label)
        write_atomic(path, dumps(data))
        entry = self._entry_from_data(path, data)
        self.prune_autosaves(keep=path)
        return entry

    def _autosave_path(self, match_id: str) -> Path:
        stem = _safe_stem(match_id)
        candidates = [f"{stem}.json", *(f"{stem}-{n}.json" for n in range(2, 100))]
        for name in candidates:
            path = self.autosave_dir / name
            if not path.exists():
                return path
            entry = self.read_entry(path, AUTOSAVE)
            if entry.healthy and entry.pristine and entry.kind == AUTOSAVE and entry.match_id == match_id:
                return path
        return self.autosave_dir / f"{stem}-{uuid.uuid4().hex[:6]}.json"

    def prune_autosaves(self, keep: Path | None = None) -> list[Path]:
        """Delete the oldest healthy, finished, untouched autosaves beyond :data:`MAX_AUTOSAVES`.

        Unfinished games are never pruned (the player may come back to them), nor anything damaged,
        hand-edited or from a newer version. Returns the deleted paths."""
        entries = self._scan(self.autosave_dir, AUTOSAVE)
        excess = len(entries) - MAX_AUTOSAVES
        deleted: list[Path] = []
        if excess <= 0:
            return deleted
        candidates = [
            e for e in entries
            if e.healthy and e.pristine and e.over and e.kind == AUTOSAVE and e.path != keep
        ]
        candidates.sort(key=lambda e: (sort_time(e.saved_at), e.path.name))
        for entry in candidates[:excess]:
            try:
                entry.path.unlink()
            except OSError:
                continue
            deleted.append(entry.path)
        return deleted

    def delete(self, path: Path | str) -> bool:
        """Delete a save the player chose to delete (damaged ones too). Only files inside this store.

        Returns False if the file was already gone."""
        target = self._inside(path)
        try:
            target.unlink()
        except FileNotFoundError:
            return False
        return True

    def tidy(self, min_age: float = 2.0) -> list[Path]:
        """Remove temporary files an interrupted write left behind (the app was killed between writing
        and renaming); the saves themselves are never touched. Called once at start-up."""
        removed: list[Path] = []
        for directory in (self.saves_dir, self.autosave_dir):
            removed += remove_stray_temps(directory, min_age)
        removed += self.trash.purge_old()  # deletions whose Undo ended with an earlier session
        return removed

    # -- reading ------------------------------------------------------------------------------------
    def load(self, path: Path | str) -> Match:
        """Read and replay a save. Raises SaveError (player-facing message); never changes the file."""
        file = Path(path)
        data = parse_envelope(_read_text(file), file)
        match = match_from_envelope(data, file)
        if data["kind"] == MANUAL:
            self._own_files[match.match_id] = file  # its Ctrl+S goes back to this very file
        return match

    def entries(self) -> list[SaveEntry]:
        """Every save and autosave, newest first, damaged ones included with ``error`` set.

        Reads each file's envelope and summary but replays nothing, so listing stays fast; never raises."""
        found = self._scan(self.saves_dir, MANUAL) + self._scan(self.autosave_dir, AUTOSAVE)
        found.sort(key=lambda e: (sort_time(e.saved_at), e.path.name), reverse=True)
        return found

    def listed(self) -> list[SaveEntry]:
        """What the load screen shows: every file, newest first, except an autosave that holds the
        same game at the same move as a manual save of it (the player saved, then left: one row, the
        save, is enough). An autosave that went on after the save is listed as the newer position.

        Files saved in the same second are ordered by title, then file name, so the order never
        flickers between visits."""
        found = self.entries()
        manual = [e for e in found if e.healthy and e.kind == MANUAL]
        shown = [
            e for e in found
            if not (e.healthy and e.kind == AUTOSAVE and any(_same_position(e, m) for m in manual))
        ]
        shown.sort(key=lambda e: (-sort_time(e.saved_at), e.title.casefold(), e.path.name))
        return shown

    def last_unfinished(self) -> SaveEntry | None:
        """The newest save or autosave of a game not yet over that really loads (the menu's Continue).

        Candidates are checked by replaying them, newest first, so Continue never offers a file that
        would then fail to load."""
        for entry in self.entries():
            if not entry.healthy or entry.over:
                continue
            try:
                match = self.load(entry.path)
            except SaveError:
                continue
            if not match.over:
                return entry
        return None

    def _scan(self, directory: Path, kind: str) -> list[SaveEntry]:
        try:
            paths = sorted(directory.iterdir())
        except OSError:
            return []
        entries = []
        for path in paths:
            if path.name.startswith(".") or path.name.endswith(TEMP_SUFFIX) or path.suffix != ".json":
                continue
            try:
                if not path.is_file():
                    continue
            except OSError:
                continue
            entries.append(self.read_entry(path, kind))
        return entries

    def read_entry(self, path: Path, kind: str = MANUAL) -> SaveEntry:
        """The listing entry of one file; damaged files give an entry with ``error``. Never raises.

        ``kind`` is what to show when the file is too damaged to say itself."""
        try:
            data = parse_envelope(_read_text(path), path)
            return self._entry_from_data(path, data)
        except SaveError as exc:
            return self._damaged(path, kind, exc.message)
        except Exception:  # listing must survive anything a file system or a file can throw
            return self._damaged(path, kind, "The file could not be read as a save.")

    def _damaged(self, path: Path, kind: str, message: str) -> SaveEntry:
        try:
            when = datetime.fromtimestamp(path.stat().st_mtime, UTC).replace(microsecond=0)
        except (OSError, ValueError, OverflowError):
            when = UNKNOWN_TIME
        return SaveEntry(path, kind, "", "", "", when, 0, False, error=message)

    def _entry_from_data(self, path: Path, data: dict[str, Any]) -> SaveEntry:
        """Build the listing entry from a checked envelope: cheap fields from the record (the truth),
        titles and texts from the summary, derived from the record when the summary is missing."""
        record = data["match"]
        info = _game_or_error(record.get("game"), path)
        moves = record.get("moves", [])
        if not isinstance(moves, list):
            raise _damaged_file("its moves are not a list", path)
        result = record.get("result")
        summary = data.get("summary") if isinstance(data.get("summary"), dict) else {}

        def text(key: str, fallback: Any) -> str | None:
            value = summary.get(key)
            value = value if isinstance(value, str) else fallback()
            return None if value is None else clean_text(value, SHOWN_CHARS)

        outcome = None
        if isinstance(result, dict):
            winner = result.get("winner")
            winner = winner if winner in info.players else None
            outcome = Outcome(winner, clean_text(result.get("reason", ""), SHOWN_CHARS))
        match_id = record.get("id")
        return SaveEntry(
            path=path,
            kind=data["kind"],
            game_id=info.id,
            game_title=text("game_title", lambda: info.title) or info.title,
            mode=text("mode", lambda: _mode_from_seats(info, record.get("seats", {}))) or "",
            saved_at=_parse_time(data["saved_at"], path),
            move_count=len(moves),
            over=result is not None,
            label=clean_text(data["label"], SHOWN_CHARS) if data.get("label") else None,
            result_text=text("result_text", lambda: _outcome_text(info.player_title, outcome)),
            match_id=match_id if isinstance(match_id, str) else None,
            pristine=data.get("digest") == content_digest(data) and data["version"] == FORMAT_VERSION,
            options=tuple(sorted(record.get("options", {}).items())),
            moves=tuple(moves),
        )
