"""Game records on disk: exporting a match as a text record and opening one again.

The text format lives in :mod:`game.records` (headless, shared with ``python -m game play
--record``); this module adds the disk: a file name a person recognises, an atomic write that never
overwrites an earlier export, and reading through :mod:`saves.reading`'s limits so a huge, binary or
otherwise hostile file is refused with a sentence.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from game.match import Match
from game.records import MAX_RECORD_CHARS, SUFFIX, Record, RecordFileError, format_record, parse_record
from saves.atomic import write_atomic
from saves.paths import resolve_records_dir
from saves.reading import ReadError, decode_text, read_bytes

MAX_RECORD_BYTES = MAX_RECORD_CHARS * 4
_UNSAFE = re.compile(r"[^A-Za-z0-9 ._-]+")


def record_file_name(match: Match, when: datetime) -> str:
    """``Elephant Run 2026-11-24 0705`` — the game and the time, safe on every file system."""
    stamp = when.astimezone(UTC).strftime("%Y-%m-%d %H%M")
    return _UNSAFE.sub("", f"{match.game.title} {stamp}").strip() or "Game record"


def export_record(match: Match, folder: Path | str | None = None, when: datetime | None = None) -> Path:
    """Write ``match``'s record into ``folder`` (default: the records folder) and return its path.

    A name already taken gets " (2)", " (3)"…: an export never replaces an earlier one. Raises
    OSError when the folder cannot be written (the caller words it for the player)."""
    when = when or datetime.now(UTC)
    directory = Path(folder) if folder is not None else resolve_records_dir()
    text = format_record(match, when)
    base = record_file_name(match, when)
    for attempt in range(1, 1000):
        name = base if attempt == 1 else f"{base} ({attempt})"
        try:
            return write_atomic(directory / f"{name}{SUFFIX}", text, exclusive=True)
        except FileExistsError:
            continue
    raise FileExistsError("too many records with the same name")


def open_record(path: Path | str) -> Record:
    """Read and replay a record file. Raises :class:`~game.records.RecordFileError` with a sentence
    for anything wrong — a missing or unreadable file, a file that is not text, a bad line."""
    try:
        text = decode_text(read_bytes(path, MAX_RECORD_BYTES))
    except ReadError as exc:
        raise RecordFileError(f"the file cannot be opened: {exc}") from None
    return parse_record(text)
