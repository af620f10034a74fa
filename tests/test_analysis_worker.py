"""The analysis in the AI worker (#32 item 2): a typed request that reports its progress move by move
and answers with the analysis as JSON, the same as in this process (the reading is bounded by nodes),
and a Stop that kills the process like any other request's cancel; the move requests unchanged."""

from __future__ import annotations

import json
import queue
import random
from collections.abc import Iterator

import pytest

from game.analysis import Analysis, analyse, explained
from game.match import Match
from game.worker import AIResult, AIWorker, AnalysisProgress, _analyse_record, _reporter


@pytest.fixture
def worker() -> Iterator[AIWorker]:
    w = AIWorker()
    yield w
    w.close()


def finished(game_id: str, seed: int) -> Match:
    match = Match(game_id)
    rng = random.Random(seed)
    while not match.over:
        moves = {p: match.state.random_move(p, rng) for p in match.state.to_move()}
        match.play_text(match.state.turn_to_text(moves))
    return match


def worked_out(match: Match) -> Analysis:
    """The analysis in this process, as the worker's answer carries it (bounded by nodes: the same)."""
    quick = analyse(match.initial, match.move_texts(), "quick")
    return Analysis.from_json(explained(quick, match.initial, match.move_texts()).to_json())


def test_the_analysis_reports_each_move_then_answers_with_its_json() -> None:
    match = finished("changing-challenges", 22)
    results: queue.Queue[object] = queue.Queue()
    text = _analyse_record(match.to_record(), "quick", _reporter(7, results))
    told = [results.get_nowait() for _ in range(results.qsize())]
    turns = len(match.turns)
    assert all(isinstance(t, AnalysisProgress) and t.request_id == 7 and t.total == 100 for t in told)
    done = [t.done for t in told]  # type: ignore[attr-defined]
    assert len(done) >= turns and done == sorted(done) and done[-1] == 100 and done[0] < 100
    expected = worked_out(match)
    assert Analysis.from_json(json.loads(text)) == expected
    marked = [n for n in expected.moves if n.better]
    assert marked and all(n.reason for n in marked)  # each better move with the game's reason


def test_poll_follows_the_progress_and_skips_other_requests_messages() -> None:
    worker = AIWorker()
    worker._results = queue.Queue()
    worker._waiting = 3
    worker._progress = 0.0
    for message in (AnalysisProgress(2, 5, 6), AnalysisProgress(3, 2, 8), AIResult(2, "old", None, 0.0)):
        worker._results.put(message)
    assert worker.poll() is None and worker.progress == 0.25
    worker._results.put(AnalysisProgress(3, 6, 8))
    worker._results.put(AIResult(3, "{}", None, 0.0))
    result = worker.poll()
    assert result is not None and result.request_id == 3 and worker.progress is None and not worker.busy


def test_the_worker_analyses_a_game_and_tells_how_far_it_is(worker: AIWorker) -> None:
    match = finished("changing-challenges", 22)
    request = worker.analyse(match.to_record(), "quick")
    assert worker.progress == 0.0
    seen = []
    result = None
    for _ in range(60_000):  # polls, a few milliseconds apart; the work is bounded by nodes
        result = worker.poll()
        seen.append(worker.progress)
        if result is not None:
            break
        worker._process.join(0.005)
    assert result is not None and result.error is None and result.request_id == request
    assert Analysis.from_json(json.loads(result.move_text or "")) == worked_out(match)
    progress = [p for p in seen if p is not None]
    assert progress == sorted(progress) and all(0.0 <= p <= 1.0 for p in progress)
    # the move requests still work on the same process
    fresh = Match("changing-challenges")
    worker.request(fresh.to_record(), fresh.state.to_move()[0], "easy", 1)
    answer = worker.wait(timeout=60)
    assert answer is not None and answer.error is None and answer.move_text


def test_stopping_an_analysis_kills_its_process(worker: AIWorker) -> None:
    from scenes.kit.registry import demo_match

    long_game = demo_match("epaminondas", "end")  # 170 moves: seconds of work
    worker.analyse(long_game.to_record(), "quick")
    process = worker._process
    assert process is not None and process.is_alive()
    worker.cancel()
    assert worker.progress is None and not worker.busy and worker.poll() is None
    process.join(timeout=2)
    assert not process.is_alive()
    short = finished("changing-challenges", 22)
    worker.analyse(short.to_record(), "quick")  # a fresh process answers the next one
    result = worker.wait(timeout=120)
    assert result is not None and result.error is None and json.loads(result.move_text or "")["moves"]


def test_a_damaged_record_is_an_error_not_a_crash(worker: AIWorker) -> None:
    worker.analyse({"game": "changing-challenges", "moves": ["zz99"]}, "quick")
    result = worker.wait(timeout=60)
    assert result is not None and result.move_text is None and result.error
