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

import os
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core import Outcome
from game.match import Match
from saves.atomic import TEMP_SUFFIX, remove_stray_temps, write_atomic
from saves.folders import own_file, own_folder, require_file
from saves.reading import (
    clean_text,
)
from saves.save_file import (  # noqa: F401 — re-exported: saves.store is the saves' public face
    _HINTS_USED,
    _MOVE,
    _ORDER,
    _REQUIRED_KEYS,
    ANALYSIS_KEY,
    AUTOSAVE,
    AUTOSAVE_DIR,
    FORMAT_NAME,
    FORMAT_VERSION,
    KINDS,
    MANUAL,
    MATCH_SCHEMA,
    MAX_AUTOSAVES,
    MAX_FILE_BYTES,
    MAX_LABEL_CHARS,
    SAVE_LIMITS,
    SAVES_DIR,
    SHOWN_CHARS,
    TRASH_DIR,
    UNKNOWN_TIME,
    SaveEntry,
    SaveError,
    _damaged_file,
    _damaged_match,
    _game_or_error,
    _mode_from_seats,
    _now,
    _outcome_text,
    _parse_time,
    _read_error,
    _read_text,
    _record_error_message,
    _safe_stem,
    _same_position,
    _sentence,
    analysis_of,
    clean_label,
    content_digest,
    dumps,
    envelope,
    match_from_envelope,
    parse_envelope,
    result_text,
    sort_time,
    summarize,
)
from saves.trash import Trash, Trashed


# -- the store --------------------------------------------------------------------------------------
class SaveStore:
    """The player's saves under one data directory: ``<root>/saves/`` and ``<root>/autosave/``.

    Directories are created on first write, so merely browsing an empty store writes nothing."""

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        self.saves_dir = self.root / SAVES_DIR
        self.autosave_dir = self.root / AUTOSAVE_DIR
        self.trash = Trash(self.root / TRASH_DIR, self.root)
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
        """ "Save a copy": a new file under a new match id, named after the original ("… (copy)")
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

    def keep_analysis(self, match: Match) -> SaveEntry | None:
        """Write the analysis kept with ``match`` into its own manual save (the file it was loaded
        from or last saved to, as Ctrl+S would choose it) when that file holds exactly the moves
        analysed: only the file's analysis is added, its moves, name and time stay as the player
        saved them. None when there is no such file (never saved, saved at another move, edited by
        hand, damaged: left alone). Raises OSError when the disk refuses."""
        analysis = analysis_of(match)
        own = self._own_save(match.match_id)
        if analysis is None or own is None or own.game_id != match.game.id:
            return None
        if list(own.moves) != match.move_texts():
            return None
        data = parse_envelope(_read_text(own.path), own.path)
        data[ANALYSIS_KEY] = analysis.to_json()
        data["digest"] = content_digest(data)
        write_atomic(own.path, dumps(data))
        return self._entry_from_data(own.path, data)

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
        if os.path.lexists(target):
            require_file(target, self.root)  # no link, and no folder that is a link (saves.folders)
        return target

    def autosave(self, match: Match) -> SaveEntry:
        """Write this match's autosave (one file per match, replaced atomically), then prune.

        If the match's usual file is not one the app may overwrite (damaged, hand-edited, newer
        version, or another match's), the autosave goes to ``<id>-2.json`` etc. instead."""
        path = self._autosave_path(match.match_id)
        label = self.read_entry(path, AUTOSAVE).label if path.exists() else None  # a name it was given
        data = envelope(match, AUTOSAVE, label, _now())
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
            e
            for e in entries
            if e.healthy and e.pristine and e.over and e.kind == AUTOSAVE and e.path != keep
        ]
        candidates.sort(key=lambda e: (sort_time(e.saved_at), e.path.name))
        for entry in candidates[:excess]:
            if not own_file(entry.path, self.root):
                continue  # a link, or a folder that leads out of the data folder: not ours to delete
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
            if own_folder(directory, self.root):
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
            e
            for e in found
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
        found = data.get("summary")
        summary: dict[str, Any] = found if isinstance(found, dict) else {}

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
