"""What went wrong, as a sentence a player can read: never an exception's name, an errno or a path.

Notices and dialogs used to show ``f"Autosave failed: {exc}"``, which on a full disk reads
"[Errno 28] No space left on device: '/home/…/autosave.json.tmp'". Here the failure becomes what the
player was doing and why in words ("The game could not be saved automatically: the disk is full."),
while the exception itself goes to the log for whoever fixes the bug. Texts already written for
players keep their words: a refused move's ``why``, a save's own sentence (``SaveError``), a file's
``reason``.
"""

from __future__ import annotations

import errno
import logging

from scenes.kit.board_view import sentence

log = logging.getLogger(__name__)

DISK_REASONS: dict[int, str] = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk is full",
    errno.EACCES: "the app is not allowed to write there",
    errno.EPERM: "the app is not allowed to write there",
    errno.EROFS: "the disk can only be read, not written",
    errno.ENOENT: "a file or folder it needs is missing",
    errno.ENOTDIR: "a file stands where a folder should be",
    errno.EISDIR: "a folder stands where a file should be",
    errno.ENAMETOOLONG: "the file's name is too long for this system",
    errno.EMFILE: "too many files are open at once",
    errno.EIO: "the disk could not be read or written",
}
SOMETHING_WENT_WRONG = "something unexpected went wrong; the details are in the log"


def _player_words(exc: BaseException) -> str | None:
    """The exception's own words when they were written for players, else None."""
    why = getattr(exc, "why", None) or getattr(exc, "reason", None)
    if isinstance(why, str) and why.strip():
        return why
    from game.core import GameError
    from saves.store import SaveError

    if isinstance(exc, SaveError | GameError):  # both are worded for players where they are raised
        return str(exc)
    return None


def failure_reason(exc: BaseException) -> str:
    """Why, as a phrase in players' words: 'the disk is full', a refusal's own reason, or a plain
    'something unexpected went wrong' (the exception is logged, never shown)."""
    words = _player_words(exc)
    if words is not None:
        return words.strip().rstrip(".")
    if isinstance(exc, OSError):
        log.warning("disk failure", exc_info=exc)
        return DISK_REASONS.get(exc.errno or -1, "the disk could not be read or written")
    log.error("unexpected failure", exc_info=exc)
    return SOMETHING_WENT_WRONG


def failure_sentence(what_failed: str, exc: BaseException) -> str:
    """``what_failed`` ("The game could not be saved automatically") and why, as one sentence."""
    return sentence(f"{what_failed.rstrip('.:')}: {failure_reason(exc)}")
