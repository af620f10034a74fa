"""The AI worker: thinks in a separate process so a window never stalls or waits to close.

The scene sends the match *record* (plain data, the same a save file holds) and gets back move
notation. Nothing game-specific crosses the process boundary, so one worker serves every game.
A request that is no longer wanted (undo, new game, quit) is dropped by killing the process; a fresh
one starts lazily on the next request.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
import time
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class AIResult:
    """What the worker sends back: the request id, the move text or an error, and seconds spent."""

    request_id: int
    move_text: str | None
    error: str | None
    seconds: float


def _think(record: dict[str, Any], player: str, level: str, seed: int) -> str:
    from game.ai import choose_move
    from game.match import Match

    match = Match.from_record(record)
    state = match.state
    move = choose_move(state, player, level, seed)
    return state.move_to_text(player, move)


def _serve(requests: Any, results: Any) -> None:
    """Worker main loop: answer requests until told to stop (None)."""
    while True:
        item = requests.get()
        if item is None:
            return
        request_id, record, player, level, seed = item
        start = time.perf_counter()
        try:
            text, error = _think(record, player, level, seed), None
        except Exception as exc:  # reported to the scene, which shows it instead of crashing
            text, error = None, f"{type(exc).__name__}: {exc}"
        results.put(AIResult(request_id, text, error, time.perf_counter() - start))


class AIWorker:
    """One long-lived AI process, started on first use. Poll it from the frame loop."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._process: Any = None
        self._requests: Any = None
        self._results: Any = None
        self._next_id = 0
        self._waiting: int | None = None

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

    def request(self, record: dict[str, Any], player: str, level: str, seed: int) -> int:
        """Ask for a move; any earlier unanswered request is abandoned."""
        if self._waiting is not None:
            self.cancel()
        self._ensure()
        self._next_id += 1
        self._waiting = self._next_id
        self._requests.put((self._next_id, record, player, level, seed))
        return self._next_id

    def poll(self) -> AIResult | None:
        """The answer to the current request if it has arrived; never blocks."""
        if self._waiting is None or self._results is None:
            return None
        while True:
            try:
                result: AIResult = self._results.get_nowait()
            except queue.Empty:
                if self._process is not None and not self._process.is_alive():
                    waiting, self._waiting = self._waiting, None
                    return AIResult(waiting, None, "the computer player stopped unexpectedly", 0.0)
                return None
            if result.request_id == self._waiting:
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
