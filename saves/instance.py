"""One copy of the app per data folder: an operating-system lock held for the life of the process.

Two copies of the app on one data folder overwrite each other's work (the lesson stars finished in
one vanish when the other writes, a settings change is lost, the same game continued in both keeps
one copy's moves), and double-clicking the icon twice is enough to start two. So the interactive app
takes an exclusive, non-blocking lock on ``<data folder>/curio-boards.lock`` before it opens its
window (``main.py``) and keeps it until the process ends; a second start on the same folder finds it
held and is turned away with a window that says so.

* The lock is the operating system's: ``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows. The
  system drops it when the process ends, however it ends (closed, crashed, killed), so a stale lock
  never keeps anyone out and there is nothing to clean up. The file itself stays (deleting it on the
  way out would let a third start lock a new file while a second still holds the old one); it holds
  the holder's process id, for information only.
* Only a lock *held by another process* turns a start away (:class:`AlreadyRunning`). A lock that
  cannot be taken at all (a read-only folder, a file system without locks, a link or a folder where
  the file goes) never stops the game: :func:`acquire` answers None and the app starts unguarded, as
  it did before the lock existed.
* Within one process :func:`acquire` is idempotent per folder (the same lock is answered again), so
  the tests that build many apps in one process are unaffected.

* Bringing the first copy forward (POSIX): a holder that called :func:`listen_for_forward` before
  taking the lock writes ``forward: SIGUSR1`` under its pid, and a second start sends it that signal
  (:func:`ask_holder_forward`), which the holder answers by raising its window. Only a holder that
  wrote the line is signalled: the signal's default action ends a process, so an older copy (or
  anything else holding the file) is never sent it. Windows has no such signal; there the second
  start only says so.

Why the data folder and not also the config folder (``settings.json``): the two are chosen together
(:mod:`saves.paths`). With ``--data-dir`` or ``$CURIO_BOARDS_DATA_DIR`` the settings live inside the
data folder (``<data folder>/config``); without them both are the player's per-user platform folders.
So a config folder is only ever used with one data folder, and the data folder's lock guards it too.
Locking the config folder as well would add a second file and a second way to fail for no copy it
would catch.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import signal
import stat
import sys
from collections.abc import Callable
from pathlib import Path

LOCK_FILE = "curio-boards.lock"
"""The lock's file in the data folder (kept between runs; see the module's notes)."""

log = logging.getLogger(__name__)

_HELD_ERRNOS = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK)}
"""What the lock calls answer when another process holds the lock (Windows' ``_locking`` answers
EACCES, or EDEADLOCK after its retries); anything else means locking does not work here."""


class AlreadyRunning(Exception):
    """Another process holds the data folder's lock: another copy of the app is open on it."""

    def __init__(self, data_dir: Path, pid: int | None) -> None:
        self.data_dir = data_dir
        self.pid = pid
        """The holder's process id as it wrote it, if it could be read (information only)."""
        holder = f" (process {pid})" if pid is not None else ""
        super().__init__(f"Curio Boards is already open with the data folder {data_dir}{holder}")


class InstanceLock:
    """The held lock on one data folder; released when the process ends (or by :meth:`release`)."""

    def __init__(self, path: Path, fd: int, key: str) -> None:
        self.path = path
        self._fd: int | None = fd
        self._key = key

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Give the lock up now (tests; the app simply ends and the system releases it)."""
        fd, self._fd = self._fd, None
        _held.pop(self._key, None)
        if fd is None:
            return
        with contextlib.suppress(OSError):
            _unlock(fd)
        with contextlib.suppress(OSError):
            os.close(fd)

    def __enter__(self) -> InstanceLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


_held: dict[str, InstanceLock] = {}
"""The locks this process holds, by the folder's real path."""


def _key(directory: Path) -> str:
    try:
        return os.path.normcase(os.path.realpath(directory))
    except (OSError, ValueError):
        return os.path.normcase(os.path.abspath(directory))


def acquire(data_dir: Path | str) -> InstanceLock | None:
    """Take the data folder's lock for the rest of the process.

    Returns the lock, or None when locking is not possible here (the app then starts unguarded).
    Raises :class:`AlreadyRunning` when another process holds it. Creates the data folder if needed
    (the app is about to write into it anyway). Never raises anything else."""
    directory = Path(data_dir)
    key = _key(directory)
    if key in _held:
        return _held[key]
    path = directory / LOCK_FILE
    try:
        directory.mkdir(parents=True, exist_ok=True)
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(path, flags, 0o644)
    except (OSError, ValueError) as exc:
        log.warning("the data folder cannot be locked (%s): starting without the lock", exc)
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO or device where the file goes: not ours
            raise OSError(errno.EINVAL, "the lock file is not a regular file")
        _lock(fd)
    except OSError as exc:
        os.close(fd)
        if exc.errno in _HELD_ERRNOS:
            raise AlreadyRunning(directory, holder_pid(directory)) from None
        log.warning("the data folder cannot be locked (%s): starting without the lock", exc)
        return None
    _write_pid(fd)
    lock = InstanceLock(path, fd, key)
    _held[key] = lock
    return lock


def _holder_lines(data_dir: Path | str) -> list[str]:
    try:
        with open(Path(data_dir) / LOCK_FILE, "rb") as handle:
            return handle.read(128).decode("ascii").splitlines()
    except (OSError, ValueError):
        return []


def holder_pid(data_dir: Path | str) -> int | None:
    """The process id the lock's holder wrote (None if there is none or it cannot be read). Only
    information: whether the lock is held is what :func:`acquire` answers."""
    lines = _holder_lines(data_dir)
    text = lines[0].strip() if lines else ""
    return int(text) if text.isdigit() else None


FORWARD_SIGNAL: int | None = getattr(signal, "SIGUSR1", None)
"""The signal a second start sends the holder to have its window raised (None: not on this system)."""
FORWARD_LINE = "forward: SIGUSR1"
_listening = False


def listen_for_forward(bring_forward: Callable[[], None]) -> bool:
    """Answer a second start's :func:`ask_holder_forward` with ``bring_forward()`` (called in the
    main thread, between two steps of the program, as Python runs signal handlers). Call it before
    :func:`acquire`, so the lock file says the holder listens. False where there is no such signal."""
    global _listening
    if FORWARD_SIGNAL is None:
        return False
    try:
        signal.signal(FORWARD_SIGNAL, lambda _number, _frame: bring_forward())
    except (OSError, ValueError):  # not the main thread: no handler can be set from here
        return False
    _listening = True
    return True


def ask_holder_forward(refused: AlreadyRunning) -> bool:
    """Ask the copy that holds the folder to raise its window; True if it was asked. Only a holder
    whose lock file says it listens is signalled (see the module's notes)."""
    if FORWARD_SIGNAL is None or refused.pid is None or refused.pid == os.getpid():
        return False
    if FORWARD_LINE not in (line.strip() for line in _holder_lines(refused.data_dir)[1:]):
        return False
    try:
        os.kill(refused.pid, FORWARD_SIGNAL)
    except OSError:  # gone meanwhile, or another user's process: nothing to bring forward
        return False
    return True


def _write_pid(fd: int) -> None:
    text = f"{os.getpid()}\n" + (f"{FORWARD_LINE}\n" if _listening else "")
    with contextlib.suppress(OSError):  # information only: a full disk must not stop the game
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, text.encode("ascii"))


if sys.platform == "win32":  # (sys.platform, not os.name: the type checker follows this one)
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # one byte; locking past the end of a file is allowed

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
