"""Practise your mistakes, the game side (issue #32, item 4): the positions of a really analysed game
(short Changing Challenges and Elasta games at the app's quick effort, bounded by nodes, so the same
on every machine), and the judge of a try — the better move, any move within the margin, the move
played, a move that still loses, a refused one — with the other side's actual orders in a game of
secret orders, and the same verdict from the worker as from here."""

from __future__ import annotations

import random

import pytest

from game import practice
from game.analysis import MISTAKE, Analysis, analyse, replay
from game.match import AI, Match, Seat
from game.register import get
from game.worker import AIWorker


def finished(game_id: str, seed: int) -> Match:
    """A finished game of random moves, the second side the easy computer."""
    info = get(game_id)
    match = Match(game_id, {}, {info.players[1]: Seat(AI, "easy")})
    rng = random.Random(seed)
    while not match.over:
        moves = {p: match.state.random_move(p, rng) for p in match.state.to_move()}
        match.play_text(match.state.turn_to_text(moves))
    return match


def prefix(game_id: str, seed: int, turns: int) -> Match:
    """The first ``turns`` turns of a random game, the second side the easy computer."""
    info = get(game_id)
    match = Match(game_id, {}, {info.players[1]: Seat(AI, "easy")})
    rng = random.Random(seed)
    while not match.over and len(match.turns) < turns:
        moves = {p: match.state.random_move(p, rng) for p in match.state.to_move()}
        match.play_text(match.state.turn_to_text(moves))
    return match


def analysed(match: Match) -> Analysis:
    made = analyse(match.initial, match.move_texts(), "quick")
    return Analysis.from_json(made.to_json())  # as a save keeps it


@pytest.fixture(scope="module")
def short_game() -> tuple[Match, Analysis]:
    match = finished("changing-challenges", 22)  # six moves: its analysis takes about a second
    return match, analysed(match)


@pytest.fixture(scope="module")
def orders_game() -> tuple[Match, Analysis]:
    match = prefix("elasta", 24, 4)  # White's blunder at move 4
    return match, analysed(match)


def test_every_mistake_and_blunder_is_a_position(short_game: tuple[Match, Analysis]) -> None:
    match, analysis = short_game
    human = match.humans()[0]
    found = practice.positions(match.initial, match.move_texts(), analysis, [human])
    marked = [n for n in analysis.moves if n.player == human and n.mark in ("mistake", "blunder")]
    assert found and [p.ply for p in found] == [n.ply for n in marked]
    played = replay(match.initial, match.move_texts())
    for position, note in zip(found, marked, strict=True):
        before, turn = played[note.ply - 1]
        assert position.before.key() == before.key() and position.player == human
        assert position.played == turn[human] and position.played_text == note.move
        assert position.best_chance == note.best_chance and position.better == note.better
        assert not position.simultaneous
        assert position.task().startswith(f"Move {note.ply}: you played ")
        assert f"lost {practice.percent(note.lost)}% of your winning chance" in position.task()
    others = practice.positions(match.initial, match.move_texts(), analysis, [])
    assert others == []


def test_the_judge_reads_a_move_as_the_analysis_did(short_game: tuple[Match, Analysis]) -> None:
    match, analysis = short_game
    position = practice.positions(match.initial, match.move_texts(), analysis, match.game.players)[0]
    kept = practice.chance_after(position, position.played)
    assert kept == pytest.approx(position.best_chance - position.lost, abs=1e-3)


def test_the_better_move_is_accepted_and_the_move_played_is_not(short_game: tuple[Match, Analysis]) -> None:
    match, analysis = short_game
    position = practice.positions(match.initial, match.move_texts(), analysis, match.game.players)[0]
    better = position.better_move()
    assert better is not None
    verdict = practice.judge(position, better)
    assert verdict.ok and verdict.kind == practice.MISSED
    assert verdict.why.startswith("That is the move the game missed")
    again = practice.judge(position, position.played)
    assert not again.ok and again.kind == practice.PLAYED
    assert practice.quick_verdict(position, better) == verdict  # no reading needed for either
    assert practice.quick_verdict(position, position.played) == again


def test_any_move_within_the_margin_is_good_and_the_rest_still_loses(
    short_game: tuple[Match, Analysis],
) -> None:
    match, analysis = short_game
    kinds: set[str] = set()
    for position in practice.positions(match.initial, match.move_texts(), analysis, match.game.players):
        for move in position.before.legal_moves(position.player)[:12]:
            if move in (position.played, position.better_move()):
                continue
            assert practice.quick_verdict(position, move) is None  # a reading: the worker's
            verdict = practice.judge(position, move)
            mine = practice.chance_after(position, move)
            assert verdict.chance == pytest.approx(mine)
            assert verdict.ok == (mine >= position.best_chance - practice.MARGIN - 1e-9)
            kinds.add(verdict.kind)
            if verdict.ok:
                assert verdict.kind == practice.GOOD and verdict.why.startswith("Good: that keeps ")
            else:
                assert verdict.kind == practice.SHORT and verdict.why.startswith("Still loses ")
                lost = practice.percent(position.best_chance - mine)
                assert f"Still loses {lost}% of your chance" in verdict.why
    assert practice.SHORT in kinds  # random play leaves worse moves about


def test_a_refused_move_is_said_in_the_rules_words(short_game: tuple[Match, Analysis]) -> None:
    match, analysis = short_game
    position = practice.positions(match.initial, match.move_texts(), analysis, match.game.players)[0]
    other = next(p for p in match.game.players if p != position.player)
    theirs = position.before.with_mover(other).legal_moves(other)[0]
    verdict = practice.judge(position, theirs)
    assert not verdict.ok and verdict.kind == practice.ILLEGAL and verdict.why.endswith(".")
    assert verdict.chance is None


def test_secret_orders_are_judged_against_the_other_sides_mixture(
    orders_game: tuple[Match, Analysis],
) -> None:
    match, analysis = orders_game
    found = practice.positions(match.initial, match.move_texts(), analysis, match.game.players)
    assert found, "the Elasta game should have a mistake to practise"
    played = replay(match.initial, match.move_texts())
    for position in found:
        _, turn = played[position.ply - 1]
        assert position.simultaneous
        assert dict(position.others) == {p: m for p, m in turn.items() if p != position.player}
        kept = practice.chance_after(position, position.played)
        assert kept == pytest.approx(position.best_chance - position.lost, abs=1e-3)
        assert position.lost >= MISTAKE
        better = position.better_move()
        assert better is not None and practice.judge(position, better).ok


def test_the_worker_answers_as_the_judge_here(short_game: tuple[Match, Analysis]) -> None:
    match, analysis = short_game
    position = practice.positions(match.initial, match.move_texts(), analysis, match.game.players)[0]
    moves = [m for m in position.before.legal_moves(position.player) if m != position.played][:3]
    record = match.public_record()
    for move in moves:  # the answer function the worker runs, across JSON
        text = position.before.move_to_text(position.player, move)
        answer = practice.answer_for_record(record, practice.query(position, text))
        assert practice.read_verdict(answer) == practice.judge(position, move)
    worker = AIWorker()  # and once through the real process
    try:
        text = position.before.move_to_text(position.player, moves[0])
        worker.practise(record, practice.query(position, text))
        result = worker.wait(120)
        assert result is not None and result.error is None and result.move_text
        assert practice.read_verdict(result.move_text) == practice.judge(position, moves[0])
    finally:
        worker.close()


def test_a_query_that_does_not_fit_the_game_is_refused(short_game: tuple[Match, Analysis]) -> None:
    match, analysis = short_game
    position = practice.positions(match.initial, match.move_texts(), analysis, match.game.players)[0]
    asked = practice.query(position, position.played_text)
    with pytest.raises(ValueError):
        practice.answer_for_record(match.public_record(), {**asked, "ply": 99})
    with pytest.raises(ValueError):
        practice.read_verdict('{"ok": "yes"}')
