"""``os.replace`` that rides out a file held for a moment on Windows.

On Windows a rename fails with ``PermissionError`` (WinError 5, access denied, or 32, sharing
violation; 33, lock violation, is the same story) while another program has the target or the
temporary file open: an antivirus scan, the search indexer, OneDrive or Dropbox syncing the folder.
They let go within a fraction of a second, so :func:`replace` tries again a few times, about half a
second in all, then raises the last error so the caller's own message (a save that could not be
written) still runs. Everywhere else it is ``os.replace`` itself: a POSIX rename does not care who
has the file open, and a ``PermissionError`` there is a real one.
"""

from __future__ import annotations

import os
import sys
import time

RETRY_DELAYS = (0.05, 0.1, 0.15, 0.2)
"""Seconds to wait before each further try: five tries over half a second at most."""

HELD_FILE_ERRORS = frozenset({5, 32, 33})
"""Windows error codes of a file someone else holds: access denied, sharing and lock violation."""

_sleep = time.sleep  # the tests count the waits instead of waiting


def _held(error: PermissionError) -> bool:
    """True for the errors a moment's wait can cure. A ``PermissionError`` without a Windows code
    (raised by a library, or in a test) counts as one; a different Windows code does not."""
    code = getattr(error, "winerror", None)
    return code is None or code in HELD_FILE_ERRORS


def replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
    """Rename ``src`` over ``dst`` atomically, like ``os.replace``; on Windows retry a held file
    (:data:`RETRY_DELAYS`) before giving up with the last error."""
    if sys.platform != "win32":
        os.replace(src, dst)
        return
    for delay in RETRY_DELAYS:
        try:
            os.replace(src, dst)
            return
        except PermissionError as error:
            if not _held(error):
                raise
        _sleep(delay)
    os.replace(src, dst)  # the last try: its error, if any, is the caller's
