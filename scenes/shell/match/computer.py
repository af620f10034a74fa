"""The computer's side of a match: asking the app's AI worker process for a move and collecting it.

The search runs in another process so the window never freezes; this object only keeps track of the
one request in flight, and of failures, so a broken or crashing worker ends in a toast and a stopped
computer instead of a crash or an endless retry loop. A later "hint" feature can ask the same worker
for a human seat through the same path.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core import GameError
from scenes.kit.board_view import error_sentence

if TYPE_CHECKING:
    from game.match import Match, Turn
    from scenes.kit.app import App

AI_RETRIES = 2
"""Failed requests in a row that are retried before the computer gives up (until Undo/Redo)."""


@dataclass(frozen=True)
class ComputerMove:
    """What the computer just played for ``player``. ``turn`` is the complete turn it finished, or
    None when it was a secret order of a simultaneous turn that still waits for the others."""

    player: str
    turn: Turn | None


class ComputerPlayer:
    """One request at a time to ``app.worker``; the scene decides when to ask (never while the board
    animates or the hand-off curtain is up) and what to do with the move."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.request_id: int | None = None
        self.player: str | None = None
        """The seat the request in flight is for (the banner's spinner goes round its token)."""
        self.failures = 0
        self.stopped = False
        """Gave up after too many failures: no more requests until the history changes."""
        self._rng = random.Random()

    @property
    def thinking(self) -> bool:
        return self.request_id is not None

    def ask(self, match: Match, player: str) -> None:
        """Start a search for ``player`` unless one is running or the computer has given up."""
        if self.thinking or self.stopped:
            return
        seat = match.seats[player]
        seed = self._rng.randrange(1 << 30)
        try:
            self.request_id = self.app.worker.request(
                match.public_record(), player, seat.level or "normal", seed
            )
            self.player = player
        except Exception as exc:
            self._failed(f"could not start: {exc}")

    def cancel(self) -> None:
        """Drop the request in flight (undo, redo, leaving): its answer would be for another position."""
        if self.request_id is not None:
            self.request_id = None
            self.player = None
            try:
                self.app.worker.cancel()
            except Exception as exc:  # a dying worker must not take the window with it
                self.app.toast(f"AI worker: {exc}")

    def restart(self) -> None:
        """The history changed (undo, redo): a fresh position deserves fresh attempts."""
        self.failures = 0
        self.stopped = False

    def poll(self, match: Match) -> ComputerMove | None:
        """Collect the worker's answer and play it into ``match``; None while it is still thinking,
        when nothing was asked, or when the answer was unusable (that counts as a failure)."""
        if self.request_id is None:
            return None
        try:
            result = self.app.worker.poll()
        except Exception as exc:
            self.request_id = None
            self._failed(str(exc))
            return None
        if result is None or result.request_id != self.request_id:
            return None
        player = self.player
        self.request_id = None
        self.player = None
        if result.error or not result.move_text or player is None:
            self._failed(result.error or "no move")
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
