"""Deleted saves wait here for a few seconds, so a mistaken Delete can still be undone.

Deleting is a move into ``<data dir>/trash/`` (a rename on the same disk: instant, and the file is
never rewritten); Undo moves it back, and it is removed for good when the notice expires, when the
screen that offered Undo closes, or at the next start for anything an earlier session left there.
Only files this object put into the trash are ever restored, so a path from elsewhere can never be
moved into the saves folders through it; and nothing is put, purged or restored through a ``trash``
that is not a real folder inside the data folder (a link to ``saves/`` once had the start-up purge
delete every save): :mod:`saves.folders` decides, and :attr:`Trash.problem` says so once.
"""

from __future__ import annotations

import contextlib
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from saves.folders import FolderRefused, own_file, own_folder, require_file, require_folder
from saves.replace import replace


@dataclass(frozen=True)
class Trashed:
    """One deleted save: where it lived and where it waits."""

    original: Path
    waiting: Path


class Trash:
    """The trash folder of one data directory (created on the first delete)."""

    def __init__(self, directory: Path, root: Path | None = None) -> None:
        self.directory = directory
        self.root = Path(root) if root is not None else directory.parent
        """The data folder: the trash and every file it takes must really be inside it."""
        self._held: set[Trashed] = set()
        self.problem: str | None = None
        """Set when the trash is not a real folder (a link, a file): a sentence for the player. The
        trash is then left alone and deleting asks the player instead (see :meth:`put`)."""

    def put(self, path: Path) -> Trashed:
        """Move ``path`` into the trash. Raises FileNotFoundError when it is already gone and OSError
        when the disk refuses (the file then stays where it was)."""
        require_file(path, self.root)
        require_folder(self.directory, self.root)
        self.directory.mkdir(parents=True, exist_ok=True)
        require_folder(self.directory, self.root, may_be_missing=False)
        waiting = self.directory / f"{uuid.uuid4().hex[:10]}-{path.name}"
        replace(path, waiting)
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
        require_folder(target.parent, self.root, may_be_missing=False)
        require_file(item.waiting, self.root)
        replace(item.waiting, target)
        self._held.discard(item)
        return target

    def purge(self, item: Trashed) -> None:
        """Remove a deleted file for good (its Undo has expired); a file already gone is fine."""
        self._held.discard(item)
        if not own_file(item.waiting, self.root):
            return  # gone, or swapped for something that is not ours: nothing to remove
        with contextlib.suppress(FileNotFoundError):
            item.waiting.unlink()

    def purge_old(self, min_age: float = 60.0) -> list[Path]:
        """Remove what earlier sessions left in the trash (older than ``min_age`` seconds, so another
        running copy of the app keeps its few seconds of Undo). Never raises."""
        removed: list[Path] = []
        if not os.path.lexists(self.directory):
            return removed
        if not own_folder(self.directory, self.root):
            self.problem = (
                f"The '{self.directory.name}' entry in the data folder is not a real folder (a link or "
                "a file), so the app leaves it alone and deleted saves are removed at once."
            )
            return removed
        try:
            paths = list(self.directory.iterdir())
        except OSError:
            return removed
        now = time.time()
        for path in paths:
            try:
                if own_file(path, self.root) and now - path.lstat().st_mtime >= min_age:
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue
        return removed

    def usable(self) -> bool:
        """True when deleting can go through the trash (it is missing, or a real folder of ours)."""
        try:
            require_folder(self.directory, self.root)
        except FolderRefused:
            return False
        return True
