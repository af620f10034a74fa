"""The computer's side of a match: asking the app's AI worker process for a move and collecting it.

The search runs in another process so the window never freezes; this object only keeps track of the
one request in flight, and of failures, so a broken or crashing worker ends in a toast and a stopped
computer instead of a crash or an endless retry loop. A hint asks for a human's seat through the
same :class:`WorkerRequest`, on a worker process of its own (see :mod:`scenes.shell.match.hint`).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core import GameError
from scenes.kit.board_view import error_sentence
from scenes.kit.failures import failure_reason, failure_sentence

if TYPE_CHECKING:
    from game.match import Match, Turn
    from game.worker import AIResult, AIWorker
    from scenes.kit.app import App

AI_RETRIES = 2
"""Failed requests in a row that are retried before the computer gives up (until Undo/Redo)."""


@dataclass(frozen=True)
class ComputerMove:
    """What the computer just played for ``player``. ``turn`` is the complete turn it finished, or
    None when it was a secret order of a simultaneous turn that still waits for the others."""

    player: str
    turn: Turn | None


class WorkerRequest:
    """The one request in flight to an AI worker process, and whose seat it is for: the bookkeeping
    the computer's moves and the hints share. ``worker`` is asked for the process on each use, so the
    app can start it lazily."""

    def __init__(self, worker: Callable[[], AIWorker]) -> None:
        self._worker = worker
        self._rng = random.Random()
        self.request_id: int | None = None
        self.player: str | None = None

    @property
    def pending(self) -> bool:
        return self.request_id is not None

    def start(self, record: dict[str, Any], player: str, level: str) -> None:
        """Send the request with a fresh seed; raises whatever the worker raises when it cannot start."""
        seed = self._rng.randrange(1 << 30)
        self.request_id = self._worker().request(record, player, level, seed)
        self.player = player

    def collect(self) -> AIResult | None:
        """The answer to this request once it is there (the request is then over), else None. A
        worker that fails while asked raises, and the request is over too."""
        if self.request_id is None:
            return None
        try:
            result = self._worker().poll()
        except Exception:
            self.forget()
            raise
        if result is None or result.request_id != self.request_id:
            return None
        self.forget()
        return result

    def cancel(self) -> None:
        """Drop the request and stop the worker's search at once; raises if the worker fails to stop."""
        if self.request_id is not None:
            self.forget()
            self._worker().cancel()

    def forget(self) -> None:
        self.request_id = None
        self.player = None


class ComputerPlayer:
    """One request at a time to ``app.worker``; the scene decides when to ask (never while the board
    animates or the hand-off curtain is up) and what to do with the move."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.request = WorkerRequest(lambda: app.worker)
        self.failures = 0
        self.stopped = False
        """Gave up after too many failures: no more requests until the history changes."""

    @property
    def player(self) -> str | None:
        """The seat the request in flight is for (the banner's spinner goes round its token)."""
        return self.request.player

    @property
    def thinking(self) -> bool:
        return self.request.pending

    def ask(self, match: Match, player: str) -> None:
        """Start a search for ``player`` unless one is running or the computer has given up."""
        if self.thinking or self.stopped:
            return
        seat = match.seats[player]
        try:
            self.request.start(match.public_record(), player, seat.level or "normal")
        except Exception as exc:
            self._failed(failure_reason(exc))

    def cancel(self) -> None:
        """Drop the request in flight (undo, redo, leaving): its answer would be for another position."""
        if self.request.pending:
            try:
                self.request.cancel()
            except Exception as exc:  # a dying worker must not take the window with it
                self.app.toast(failure_sentence("The computer could not be stopped", exc))

    def restart(self) -> None:
        """The history changed (undo, redo): a fresh position deserves fresh attempts."""
        self.failures = 0
        self.stopped = False

    def poll(self, match: Match) -> ComputerMove | None:
        """Collect the worker's answer and play it into ``match``; None while it is still thinking,
        when nothing was asked, or when the answer was unusable (that counts as a failure)."""
        player = self.request.player
        try:
            result = self.request.collect()
        except Exception as exc:
            self._failed(failure_reason(exc))
            return None
        if result is None:
            return None
        if result.error or not result.move_text or player is None:
            if result.error:  # the worker's exception text is for the log, not for the player
                logging.getLogger(__name__).warning("the computer's search failed: %s", result.error)
            self._failed("its search went wrong" if result.error else "it found no move")
            return None
        try:
            turn = match.submit_text(player, result.move_text)
        except GameError as exc:
            self._failed(f"played an illegal move {result.move_text!r}: {error_sentence(exc)}")
            return None
        self.failures = 0
        return ComputerMove(player, turn)

    def _failed(self, why: str) -> None:
        self.failures += 1
        if self.failures > AI_RETRIES:
            self.stopped = True
            self.app.toast(f"The computer could not move ({why}). Undo, save or leave from the menu.", 6.0)
        else:
            self.app.toast(f"The computer stumbled ({why}); trying again.")
