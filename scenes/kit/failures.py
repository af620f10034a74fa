"""What went wrong, as a sentence a player can read: never an exception's name, an errno or a path.

Notices and dialogs used to show ``f"Autosave failed: {exc}"``, which on a full disk reads
"[Errno 28] No space left on device: '/home/…/autosave.json.tmp'". Here the failure becomes what the
player was doing and why in words ("The game could not be saved automatically: the disk is full."),
while the exception itself goes to the log for whoever fixes the bug. Texts already written for
players keep their words: a refused move's ``why``, a file's ``reason``, and the exceptions whose text
is a sentence for players where they are raised: the games' refusals (``GameError``) and the kinds the
shell names with :func:`worded_for_players` (a save's own sentence, ``SaveError``: the kit knows no
``saves`` module).
"""

from __future__ import annotations

import logging

from game.core import GameError
from game.text import os_reason
from scenes.kit.board_view import sentence

log = logging.getLogger(__name__)

SOMETHING_WENT_WRONG = "something unexpected went wrong; the details are in the log"

_WORDED: list[type[BaseException]] = [GameError]
"""Exceptions whose ``str()`` is written for players where they are raised."""


def worded_for_players(*kinds: type[BaseException]) -> None:
    """Show ``kinds``' own text as the reason of a failure (the services name the saves' errors)."""
    _WORDED.extend(kind for kind in kinds if kind not in _WORDED)


def _player_words(exc: BaseException) -> str | None:
    """The exception's own words when they were written for players, else None."""
    why = getattr(exc, "why", None) or getattr(exc, "reason", None)
    if isinstance(why, str) and why.strip():
        return why
    if isinstance(exc, tuple(_WORDED)):
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
        return os_reason(exc)
    log.error("unexpected failure", exc_info=exc)
    return SOMETHING_WENT_WRONG


def failure_sentence(what_failed: str, exc: BaseException) -> str:
    """``what_failed`` ("The game could not be saved automatically") and why, as one sentence."""
    return sentence(f"{what_failed.rstrip('.:')}: {failure_reason(exc)}")
