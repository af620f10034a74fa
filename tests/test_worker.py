"""The AI worker process: answers with legal notation, can be cancelled, and closes at once."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from game.ai import choose_move
from game.match import AI, Match, Seat
from game.search import Limit
from game.worker import AIWorker


@pytest.fixture
def worker() -> Iterator[AIWorker]:
    w = AIWorker()
    yield w
    w.close()


def _match() -> Match:
    match = Match("elephant-run", {}, {"elephant": Seat(), "farmers": Seat(AI, "hard")})
    match.play_text("@c2")
    return match


def test_worker_returns_a_legal_move(worker: AIWorker) -> None:
    match = _match()
    request = worker.request(match.to_record(), "farmers", "easy", seed=3)
    result = worker.wait(timeout=60)
    assert result is not None and result.error is None and result.request_id == request
    assert result.move_text
    match.submit_text("farmers", result.move_text)  # raises if not legal
    assert len(match.turns) == 2


def test_cancel_kills_the_thinking_process(worker: AIWorker) -> None:
    match = _match()
    worker.request(match.to_record(), "farmers", "hard", seed=1)
    process = worker._process
    assert process is not None and process.is_alive()
    worker.cancel()
    assert not worker.busy and worker.poll() is None
    process.join(timeout=2)
    assert not process.is_alive()
    # a fresh request after a cancel still works
    worker.request(match.to_record(), "farmers", "easy", seed=2)
    result = worker.wait(timeout=60)
    assert result is not None and result.move_text


def test_a_limit_crosses_to_the_worker(worker: AIWorker) -> None:
    # A node limit makes the move the same wherever it is computed: in the worker as in this process.
    match = _match()
    limit = Limit(nodes=2000)
    worker.request(match.to_record(), "farmers", "hard", seed=3, limit=limit)
    result = worker.wait(timeout=60)
    assert result is not None and result.error is None
    state = match.state
    assert result.move_text == state.move_to_text("farmers", choose_move(state, "farmers", "hard", 3, limit))


def test_close_is_immediate_while_thinking(worker: AIWorker) -> None:
    # Asked to think for ten minutes, the worker is killed, not waited for: close() gives the process
    # a second to end and it has, so the search did not run on (how long closing takes is not timed).
    match = _match()
    worker.request(match.to_record(), "farmers", "hard", seed=5, limit=Limit(time=600))
    time.sleep(0.3)
    process = worker._process
    assert process is not None and process.is_alive()
    worker.close()
    assert not process.is_alive()
    assert not worker.busy
