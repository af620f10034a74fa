"""A finished game's analysis on the match screen: asked of an AI worker of its own, followed while it
goes, and kept with the game.

The analysis (:mod:`game.analysis`) reads every position of the game, which takes seconds, so it runs
in ``app.analysis_worker``, a process of its own: the window stays live, a Stop at any moment kills
the process (:meth:`AnalysisRun.stop`), and neither the computer's moves nor a hint wait behind it.
The worker tells how far it has come after each move (:attr:`AnalysisRun.progress`).

The answer is kept with the match (:func:`saves.save_file.keep_analysis`), so the next save writes
it and reopening the game shows it at once; a record opened from a file is never written, so there it
lasts as long as the screen. What is shown is always of the moves the match holds now: an undo after
the analysis makes it another game's, and it is no longer shown (:attr:`AnalysisRun.analysis`).
"""

from __future__ import annotations

import contextlib
import json
import logging
from typing import TYPE_CHECKING

from game.analysis import Analysis, by_turn, fits
from saves.save_file import analysis_of, keep_analysis, played_moves

if TYPE_CHECKING:
    from game.analysis import MoveNote
    from game.match import Match
    from game.worker import AIWorker
    from scenes.kit.app import App

EFFORT = "quick"
"""The reading the app asks for: a few seconds a game (``python -m game analyse --bench``)."""
FAILED = "The analysis could not be finished. Try Analyse again in a moment."
STOPPED = "Analysis stopped."


class AnalysisRun:
    """The analysis of one match: none, in progress (:attr:`running`, :attr:`progress`) or done
    (:attr:`analysis`)."""

    def __init__(self, app: App, match: Match) -> None:
        self.app = app
        self.match = match
        self.request_id: int | None = None
        self._key: tuple[int, int] | None = None
        self._analysis: Analysis | None = None
        self._turns: list[list[MoveNote]] = []

    def _worker(self) -> AIWorker:
        return self.app.analysis_worker

    # -- what there is ------------------------------------------------------------------------------
    @property
    def analysis(self) -> Analysis | None:
        """The analysis of the moves the match holds now (one kept from its save, or just worked
        out), else None. Looked up again only when the moves change."""
        turns = self.match.turns
        key = (len(turns), id(turns[-1]) if turns else 0)
        if key != self._key:
            self._key = key
            self._analysis = analysis_of(self.match)
            self._turns = by_turn(self._analysis) if self._analysis is not None else []
        return self._analysis

    def notes(self, index: int) -> list[MoveNote]:
        """The notes of the ``index``-th turn (from 0): one, or one per order of a simultaneous turn;
        none without an analysis."""
        if self.analysis is None or not 0 <= index < len(self._turns):
            return []
        return self._turns[index]

    @property
    def running(self) -> bool:
        return self.request_id is not None

    @property
    def progress(self) -> float:
        """How much is done, 0 to 1 (0 until the worker first reports)."""
        if not self.running:
            return 0.0
        try:
            done = self._worker().progress
        except Exception:
            return 0.0
        return max(0.0, min(1.0, done or 0.0))

    def offered(self, record: bool) -> bool:
        """Whether Analyse is offered: a finished game (or a record) with moves, not yet analysed
        and not being analysed."""
        return (
            (self.match.over or record)
            and bool(self.match.turns)
            and not self.running
            and self.analysis is None
        )

    # -- asking, following, stopping ------------------------------------------------------------
    def start(self) -> str | None:
        """Send the game to the worker; the sentence to show instead when it cannot be sent."""
        if self.running:
            return None
        if not self.match.turns:
            return "There are no moves to analyse yet."
        try:
            record = self.match.public_record()
            self.request_id = self._worker().analyse(record, EFFORT)
        except Exception as exc:  # a worker that cannot start must not take the window with it
            logging.getLogger(__name__).warning("the analysis could not start: %s", exc)
            self.request_id = None
            return FAILED
        return None

    def poll(self) -> str | None:
        """Collect the answer if it has come; returns "done" when the analysis just arrived (and is
        kept with the match), a sentence for the player when it failed, else None."""
        if self.request_id is None:
            return None
        try:
            result = self._worker().poll()
        except Exception as exc:
            logging.getLogger(__name__).warning("the analysis worker failed: %s", exc)
            self.request_id = None
            return FAILED
        if result is None or result.request_id != self.request_id:
            return None
        self.request_id = None
        try:
            if result.error or not result.move_text:
                raise ValueError(result.error or "no answer")
            analysis = Analysis.from_json(json.loads(result.move_text))
            if not fits(analysis, self.match.game.id, played_moves(self.match)):
                raise ValueError("the analysis is of other moves")
        except Exception as exc:  # a bad answer is the log's, never the player's words
            logging.getLogger(__name__).warning("the analysis was unusable: %s", exc)
            return FAILED
        keep_analysis(self.match, analysis)
        self._key = None
        return "done"

    def stop(self) -> None:
        """Drop the analysis in flight: its process is killed at once."""
        if self.request_id is None:
            return
        self.request_id = None
        with contextlib.suppress(Exception):  # a dying worker must not take the window with it
            self._worker().cancel()
