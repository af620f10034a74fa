"""Reading a file the player chose or the app keeps, without trusting it: regular files only, size
checked before and while reading, every refusal a :class:`ReadError` with a phrase a player can read.

One path for the app (``saves.reading`` builds its JSON reader on it) and the command line
(``python -m game play --record``): a named pipe once made the command wait forever while the app
refused it at once.
"""

from __future__ import annotations

import stat
from pathlib import Path

from game.text import os_reason

# -- what a refusal says-----------------------------------------------------------------------------
MISSING = "missing"
FOLDER = "folder"
NOT_A_FILE = "not-a-file"
UNREADABLE = "unreadable"
TOO_LARGE = "too-large"
EMPTY = "empty"
TRUNCATED = "truncated"
DAMAGED = "damaged"


class ReadError(ValueError):
    """A file that cannot be read as data. ``kind`` says which way it failed (one of the constants
    above, so a caller can word a missing file differently from a damaged one), ``reason`` is a
    player-facing phrase ("it is not UTF-8 text"), ``line`` the line a JSON error is on."""

    def __init__(self, kind: str, reason: str, line: int | None = None) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason
        self.line = line


# -- reading bytes --------------------------------------------------------------------------------------
def read_bytes(path: Path | str, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; ReadError for anything else.

    The size is checked before reading (and again while reading, in case the file grows), and only
    regular files are opened: a named pipe would block the app forever, a device would never end."""
    file = Path(path)
    try:
        info = file.stat()
    except FileNotFoundError:
        raise ReadError(MISSING, "it no longer exists") from None
    except OSError as exc:
        raise ReadError(UNREADABLE, os_reason(exc, reading=True)) from None
    except ValueError:  # an embedded NUL in the path
        raise ReadError(UNREADABLE, "its name cannot be used") from None
    if stat.S_ISDIR(info.st_mode):
        raise ReadError(FOLDER, "it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise ReadError(NOT_A_FILE, "it is not a regular file")
    if info.st_size > max_bytes:
        raise ReadError(TOO_LARGE, "it is too large")
    try:
        with file.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise ReadError(MISSING, "it no longer exists") from None
    except IsADirectoryError:
        raise ReadError(FOLDER, "it is a folder") from None
    except OSError as exc:
        raise ReadError(UNREADABLE, os_reason(exc, reading=True)) from None
    if len(data) > max_bytes:
        raise ReadError(TOO_LARGE, "it is too large")
    return data


def _os_reason(exc: OSError) -> str:
    """Why, in the app's own words ("the app is not allowed to read it"), never the system's text."""
    return os_reason(exc, reading=True)
