"""Crash-safe file writes.

A save or settings file is either the complete old content or the complete new content, never a
mixture or a truncated file, even if the app is killed or the machine loses power mid-write: the new
text goes to a temporary file in the same directory (so the final rename cannot cross file systems),
is flushed and fsynced, then ``os.replace`` swaps it in atomically (:func:`saves.replace.replace`: a few
tries on Windows while another program holds the file for a moment), and finally the directory entry
itself is fsynced where the platform allows it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import time
from pathlib import Path

from saves.replace import replace

TEMP_SUFFIX = ".tmp"
"""Temporary files are named ``.<target name>.<random>.tmp``; listings skip them."""


def _fsync_dir(directory: Path) -> None:
    """Make a rename durable. Windows cannot open directories, so this is best effort."""
    if os.name == "nt":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path | str, text: str, *, exclusive: bool = False, encoding: str = "utf-8") -> Path:
    """Replace ``path`` with ``text`` atomically; create missing parent directories.

    With ``exclusive=True`` the write fails with :class:`FileExistsError` instead of replacing an
    existing file, so a new manual save can never clobber another file, even one created by a
    concurrent writer between our check and our rename. On any failure the temporary file is removed
    and the previous content of ``path`` (if any) is untouched. Returns ``path`` as a Path.
    """
    target = Path(path)
    directory = target.parent
    directory.mkdir(parents=True, exist_ok=True)
    data = text.encode(encoding)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=directory)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if exclusive:
            _link_exclusive(tmp, target)
        else:
            replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(directory)
    return target


def is_stray_temp(name: str) -> bool:
    """True for a name :func:`write_atomic` gives its temporary files: ``.<target>.<random>.tmp``."""
    return name.startswith(".") and name.endswith(TEMP_SUFFIX) and name.count(".") >= 3


def remove_stray_temps(directory: Path | str, min_age: float = 2.0) -> list[Path]:
    """Delete temporary files left in ``directory`` by writes that never finished (the process was
    killed or the machine lost power between writing and renaming). Only our own names, and only
    files older than ``min_age`` seconds, so a write still going on in another instance of the app is
    left alone. Returns what was removed; never raises."""
    removed: list[Path] = []
    try:
        candidates = [p for p in Path(directory).iterdir() if is_stray_temp(p.name)]
    except OSError:
        return removed
    now = time.time()
    for path in candidates:
        try:
            info = path.lstat()  # a link is never followed, never removed
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < min_age:
                continue
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed


def _link_exclusive(tmp: Path, target: Path) -> None:
    """Move ``tmp`` to ``target`` only if ``target`` does not exist.

    A hard link is atomic and refuses to overwrite; file systems without hard links (FAT, some network
    shares) fall back to check-then-replace, which is safe for a single app instance.
    """
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise
    except (OSError, NotImplementedError):
        if target.exists():
            raise FileExistsError(f"{target} already exists") from None
        replace(tmp, target)
        return
    with contextlib.suppress(OSError):
        tmp.unlink()
