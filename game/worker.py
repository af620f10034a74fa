"""The AI worker: thinks in a separate process so a window never stalls or waits to close.

The scene sends a :class:`Request`: the match *record* (plain data, the same a save file holds),
and optionally a :class:`~game.search.Limit` (by default the level's budget), and gets back move
notation; or an :class:`AnalysisRequest`, the analysis of a whole game (:mod:`game.analysis`), which
takes seconds, so the worker reports :class:`AnalysisProgress` after each move and answers with the
analysis as one line of JSON (:meth:`AIWorker.progress` is the latest fraction done). Nothing
game-specific crosses the process boundary, so one worker serves every game. A request that is no
longer wanted (undo, new game, quit) is dropped by killing the process; a fresh one starts lazily on
the next request.

The worker never outlives the app, even when the app dies without closing it (a crash, a kill, a power
button): it watches its parent (:func:`_watch_parent`) and exits the moment the parent is gone.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing as mp
import multiprocessing.connection
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.search import Limit


@dataclass(frozen=True)
class AIResult:
    """What the worker sends back: the request id, the move text or an error, and seconds spent."""

    request_id: int
    move_text: str | None
    error: str | None
    seconds: float


@dataclass(frozen=True)
class Request:
    """What the scene asks the worker: a move for ``player`` in the position ``record`` reaches,
    at ``level`` with ``seed`` and within ``limit`` (None: the level's budget); or, for the level
    :data:`game.solved.SOLVE_LEVEL`, the "solved" badge's words for that position. Plain data
    (the record is what a save file holds), so one worker serves every game."""

    request_id: int
    record: dict[str, Any]
    player: str
    level: str
    seed: int
    limit: Limit | None = None


@dataclass(frozen=True)
class AnalysisRequest:
    """What the scene asks for a finished game (or a record): every move of ``record`` read at
    ``effort`` (:data:`game.chance.EFFORTS`), marked, with the better moves; answered as the
    analysis's JSON (:meth:`game.analysis.Analysis.to_json`) in :attr:`AIResult.move_text`."""

    request_id: int
    record: dict[str, Any]
    effort: str = "quick"


@dataclass(frozen=True)
class AnalysisProgress:
    """Sent while an analysis goes on: ``done`` of ``total`` moves read so far."""

    request_id: int
    done: int
    total: int


# -- practise your mistakes (issue #32, item 4): a try judged in the analysis lane ------------------
@dataclass(frozen=True)
class PracticeRequest:
    """What the practice screen asks: whether the move in ``asked`` (:func:`game.practice.query`) is a
    better move at its position of the game ``record`` holds; answered as the verdict's JSON
    (:func:`game.practice.answer_for_record`) in :attr:`AIResult.move_text`. A reading of Epaminondas
    at the analysis's effort takes up to a third of a second, too long for the window to wait on."""

    request_id: int
    record: dict[str, Any]
    asked: dict[str, Any]


def _practise(request: PracticeRequest) -> str:
    from game.practice import answer_for_record

    return answer_for_record(request.record, request.asked)


# -- end of the practice block ------------------------------------------------------------------------

REASONS_SHARE = 10
"""Of every hundred steps of progress, those the better moves' reasons take (after the readings)."""


def _analyse_record(record: dict[str, Any], effort: str, report: Callable[[int, int], None]) -> str:
    """The analysis of the game ``record`` holds, with the better moves' reasons, as one line of
    JSON, telling ``report`` how far it is in hundredths (the record is replayed through the rules
    first, so a damaged one fails as a GameError)."""
    from game.analysis import analyse, explained
    from game.match import Match

    match = Match.from_record(record)
    reading = 100 - REASONS_SHARE

    def read(done: int, total: int) -> None:
        report(done * reading // max(1, total), 100)

    def said(done: int, total: int) -> None:
        report(reading + done * REASONS_SHARE // max(1, total), 100)

    analysis = analyse(match.initial, match.move_texts(), effort, read)
    analysis = explained(analysis, match.initial, match.move_texts(), said)
    report(100, 100)
    return json.dumps(analysis.to_json(), separators=(",", ":"))


def _think(record: dict[str, Any], player: str, level: str, seed: int, limit: Limit | None = None) -> str:
    """The move for ``player`` in notation, within ``limit`` (None: the level's budget); for the level
    ``"solve"`` (:data:`game.solved.SOLVE_LEVEL`) the "solved" badge's words instead, empty when the
    position is out of the solver's reach."""
    from game.ai import choose_move
    from game.hint import HINT_ANSWER, answer_for_record
    from game.match import Match
    from game.solved import SOLVE_LEVEL, solved_text_for_record

    if level == SOLVE_LEVEL:
        return solved_text_for_record(record) or ""
    if level == HINT_ANSWER:  # a hint: the hard computer's move with its reason, as JSON
        return answer_for_record(record, player, seed, limit)
    # -- the coach (issue #32, item 6): what the player's last move threw away, as JSON ------------
    from game import coach

    if level == coach.COACH_LEVEL:
        return coach.answer_for_record(record, player)
    # -- end of the coach's block --------------------------------------------------------------------

    match = Match.from_record(record)
    state = match.state
    move = choose_move(state, player, level, seed, limit)
    return state.move_to_text(player, move)


PARENT_POLL_SECONDS = 0.5
"""How often the fallback watch asks whether the parent is still there."""


def _die_with_parent_on_linux() -> None:
    """Ask Linux to kill this process when its parent dies (prctl PR_SET_PDEATHSIG), through ctypes
    so the worker stays pure Python. Elsewhere, or if libc refuses, the watch thread does the job.

    The signal comes when the *thread* that started this process ends; the app starts the worker
    from its main thread, which lives as long as the app."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)


def _watch_parent() -> None:
    """Exit as soon as the app that started this worker is gone.

    Three layers, so it holds on every system and in the PyInstaller build: the parent-death signal
    on Linux; a thread waiting on multiprocessing's parent sentinel (a pipe on POSIX, the parent's
    process handle on Windows, which becomes ready when the parent dies); and, should the sentinel be
    unavailable on POSIX, that thread polling the parent's process id. The thread holds no lock the search
    needs, and ``os._exit`` ends the process at once, in the middle of a search if need be."""
    parent = mp.parent_process()
    if parent is None:  # not started by multiprocessing (a test calling _serve directly)
        return
    parent_pid = parent.pid
    _die_with_parent_on_linux()
    if os.name == "posix" and os.getppid() != parent_pid:
        os._exit(0)  # the parent died before the signal was armed

    def watch() -> None:
        try:
            multiprocessing.connection.wait([parent.sentinel])
        except Exception:
            if os.name != "posix":
                return  # nothing else to watch with; the app's own close() still stops the worker
            while os.getppid() == parent_pid:
                time.sleep(PARENT_POLL_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="curio-ai-parent-watch", daemon=True).start()


def _serve(requests: Any, results: Any) -> None:
    """Worker main loop: answer requests until told to stop (None), or until the app is gone."""
    _watch_parent()
    while True:
        request: Request | AnalysisRequest | PracticeRequest | None = requests.get()
        if request is None:
            return
        start = time.perf_counter()
        try:
            if isinstance(request, AnalysisRequest):
                text = _analyse_record(request.record, request.effort, _reporter(request.request_id, results))
            elif isinstance(request, PracticeRequest):  # practise your mistakes (issue #32, item 4)
                text = _practise(request)
            else:
                text = _think(request.record, request.player, request.level, request.seed, request.limit)
            error = None
        except Exception as exc:  # reported to the scene, which shows it instead of crashing
            text, error = None, f"{type(exc).__name__}: {exc}"
        results.put(AIResult(request.request_id, text, error, time.perf_counter() - start))


def _reporter(request_id: int, results: Any) -> Callable[[int, int], None]:
    """The progress callback of one analysis: each move read goes on the results queue."""

    def report(done: int, total: int) -> None:
        results.put(AnalysisProgress(request_id, done, total))

    return report


class AIWorker:
    """One long-lived AI process, started on first use. Poll it from the frame loop."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._process: Any = None
        self._requests: Any = None
        self._results: Any = None
        self._next_id = 0
        self._waiting: int | None = None
        self._progress: float | None = None

    def _ensure(self) -> None:
        if self._process is not None and self._process.is_alive():
            return
        self._requests = self._ctx.Queue()
        self._results = self._ctx.Queue()
        self._process = self._ctx.Process(
            target=_serve, args=(self._requests, self._results), daemon=True, name="curio-ai"
        )
        self._process.start()

    @property
    def busy(self) -> bool:
        return self._waiting is not None

    def request(
        self, record: dict[str, Any], player: str, level: str, seed: int, limit: Limit | None = None
    ) -> int:
        """Ask for a move within ``limit`` (None: the level's budget); any earlier unanswered
        request is abandoned."""
        if self._waiting is not None:
            self.cancel()
        self._ensure()
        self._next_id += 1
        self._waiting = self._next_id
        self._progress = None
        self._requests.put(Request(self._next_id, record, player, level, seed, limit))
        return self._next_id

    def analyse(self, record: dict[str, Any], effort: str = "quick") -> int:
        """Ask for the analysis of the game ``record`` holds (see :class:`AnalysisRequest`); any
        earlier unanswered request is abandoned. :attr:`progress` follows it as :meth:`poll` is called."""
        if self._waiting is not None:
            self.cancel()
        self._ensure()
        self._next_id += 1
        self._waiting = self._next_id
        self._progress = 0.0
        self._requests.put(AnalysisRequest(self._next_id, record, effort))
        return self._next_id

    def practise(self, record: dict[str, Any], asked: dict[str, Any]) -> int:
        """Ask whether a practice try is good (see :class:`PracticeRequest`); any earlier unanswered
        request is abandoned. (Practise your mistakes, issue #32, item 4.)"""
        if self._waiting is not None:
            self.cancel()
        self._ensure()
        self._next_id += 1
        self._waiting = self._next_id
        self._progress = None
        self._requests.put(PracticeRequest(self._next_id, record, asked))
        return self._next_id

    @property
    def progress(self) -> float | None:
        """How much of the analysis in flight is done (0 to 1), as of the last :meth:`poll`; None
        when no analysis is waited for."""
        return self._progress if self._waiting is not None else None

    def poll(self) -> AIResult | None:
        """The answer to the current request if it has arrived; never blocks."""
        if self._waiting is None or self._results is None:
            return None
        while True:
            try:
                result: AIResult | AnalysisProgress = self._results.get_nowait()
            except queue.Empty:
                if self._process is not None and not self._process.is_alive():
                    waiting, self._waiting = self._waiting, None
                    return AIResult(waiting, None, "the computer player stopped unexpectedly", 0.0)
                return None
            if result.request_id != self._waiting:
                continue  # an abandoned request's answer or progress
            if isinstance(result, AnalysisProgress):
                self._progress = result.done / result.total if result.total else 1.0
                continue
            self._waiting = None
            return result

    def wait(self, timeout: float = 60.0) -> AIResult | None:
        """Block until the answer arrives (for tests and headless drivers)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            result = self.poll()
            if result is not None:
                return result
            time.sleep(0.01)
        return None

    def cancel(self) -> None:
        """Forget the current request; the process is killed so it stops using the CPU at once."""
        if self._waiting is None:
            return
        self._waiting = None
        self._progress = None
        self._kill()

    def _kill(self) -> None:
        if self._process is not None:
            if self._process.is_alive():
                self._process.kill()
            self._process.join(timeout=1.0)
        for q in (self._requests, self._results):
            if q is not None:
                q.cancel_join_thread()
                q.close()
        self._process = self._requests = self._results = None

    def close(self) -> None:
        """Stop the worker immediately (window closing)."""
        self._waiting = None
        self._kill()
