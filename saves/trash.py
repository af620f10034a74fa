"""Deleted saves wait here for a few seconds, so a mistaken Delete can still be undone.

Deleting is a move into ``<data dir>/trash/`` (a rename on the same disk: instant, and the file is
never rewritten); Undo moves it back, and it is removed for good when the notice expires, when the
screen that offered Undo closes, or at the next start for anything an earlier session left there.
Only files this object put into the trash are ever restored, so a path from elsewhere can never be
moved into the saves folders through it.
"""

from __future__ import annotations

import contextlib
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Trashed:
    """One deleted save: where it lived and where it waits."""

    original: Path
    waiting: Path


class Trash:
    """The trash folder of one data directory (created on the first delete)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._held: set[Trashed] = set()

    def put(self, path: Path) -> Trashed:
        """Move ``path`` into the trash. Raises FileNotFoundError when it is already gone and OSError
        when the disk refuses (the file then stays where it was)."""
        self.directory.mkdir(parents=True, exist_ok=True)
        waiting = self.directory / f"{uuid.uuid4().hex[:10]}-{path.name}"
        os.replace(path, waiting)
        with contextlib.suppress(OSError):
            os.utime(waiting)  # its age in the trash counts from now (see purge_old)
        item = Trashed(path, waiting)
        self._held.add(item)
        return item

    def restore(self, item: Trashed) -> Path:
        """Put the file back where it was (beside it, under a new name, if that name was taken in the
        meantime). Raises OSError when it cannot, and ValueError for an item this trash never held."""
        if item not in self._held:
            raise ValueError("that file is not waiting in this trash")
        target = item.original
        if target.exists():
            target = target.with_name(f"{target.stem}-restored-{uuid.uuid4().hex[:6]}{target.suffix}")
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(item.waiting, target)
        self._held.discard(item)
        return target

    def purge(self, item: Trashed) -> None:
        """Remove a deleted file for good (its Undo has expired); a file already gone is fine."""
        self._held.discard(item)
        with contextlib.suppress(FileNotFoundError):
            item.waiting.unlink()

    def purge_old(self, min_age: float = 60.0) -> list[Path]:
        """Remove what earlier sessions left in the trash (older than ``min_age`` seconds, so another
        running copy of the app keeps its few seconds of Undo). Never raises."""
        removed: list[Path] = []
        try:
            paths = list(self.directory.iterdir())
        except OSError:
            return removed
        now = time.time()
        for path in paths:
            try:
                if path.is_file() and now - path.stat().st_mtime >= min_age:
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue
        return removed
