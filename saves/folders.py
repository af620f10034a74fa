"""The app's own folders, and only those: what may be deleted, moved or purged.

A data folder is the player's, and its parts can be swapped for something else behind the app's back:
a ``trash`` folder that is a symbolic link to ``saves/`` (the start-up purge once followed it and
deleted every save), a link to a stranger's folder, a file where a folder belongs. So before the app
removes or moves anything it asks here whether

* the folder is a real directory (not a link, not a file) whose real path lies inside the data folder,
  and
* the file is a regular file (not a link to one, not a folder) directly inside such a folder.

The data folder itself may be a link (a player who keeps it on another disk): everything is measured
from where it really is. Refusals are :class:`FolderRefused`, an ``OSError`` whose words a player can
read, so every caller's existing "the disk refused" path reports them.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class FolderRefused(OSError):
    """A folder or file the app will not touch; ``str()`` is a sentence's end ("... is not a real
    folder")."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.strerror = reason
        self.reason = reason
        """Worded for players (``game.text.os_reason`` and the app's failure sentences use it)."""

    def __str__(self) -> str:
        return self.reason


def _real_root(root: Path) -> Path:
    try:
        return Path(root).resolve()
    except (OSError, RuntimeError):
        return Path(os.path.abspath(root))


def own_folder(folder: Path | str, root: Path | str) -> bool:
    """True when ``folder`` is a real directory, reached without any link below ``root``, inside
    ``root`` (``root`` itself counts). False for a missing folder, a link, a file."""
    folder, real_root = Path(folder), _real_root(Path(root))
    try:
        relative = folder.absolute().relative_to(Path(root).absolute())
    except ValueError:
        try:
            relative = folder.absolute().relative_to(real_root)
        except ValueError:
            return False
    here = real_root
    for part in relative.parts:
        here = here / part
        try:
            info = os.lstat(here)
        except (OSError, ValueError):
            return False
        if not stat.S_ISDIR(info.st_mode):  # a link (lstat does not follow it) or a file
            return False
    return True


def own_file(path: Path | str, root: Path | str) -> bool:
    """True when ``path`` is a regular file (not a link) in a folder :func:`own_folder` accepts."""
    path = Path(path)
    if not own_folder(path.parent, root):
        return False
    try:
        info = os.lstat(path)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(info.st_mode)


def require_folder(folder: Path | str, root: Path | str, *, may_be_missing: bool = True) -> None:
    """Raise :class:`FolderRefused` unless ``folder`` is the app's own (see :func:`own_folder`); a
    folder that does not exist yet is fine when ``may_be_missing`` (it is about to be created)."""
    folder = Path(folder)
    if may_be_missing and not os.path.lexists(folder):
        parent_ok = own_folder(folder.parent, root) or not os.path.lexists(folder.parent)
        if parent_ok:
            return
    if not own_folder(folder, root):
        raise FolderRefused(f"the folder '{folder.name}' is not a real folder inside the data folder")


def require_file(path: Path | str, root: Path | str) -> None:
    """Raise :class:`FolderRefused` (or FileNotFoundError when it is gone) unless ``path`` is a
    regular file in one of the app's own folders."""
    path = Path(path)
    if not os.path.lexists(path):
        raise FileNotFoundError(f"'{path.name}' no longer exists")
    if not own_file(path, root):
        raise FolderRefused(f"'{path.name}' is not a file the app made inside the data folder")
