"""A resigned game in a text record (#32): the record says who gave the game up on a ``Resigned:``
line, reading it back gives the same finished game (checked as a save's ``resigned`` is), older
records that said it only in their ``Result:`` still open, and a damaged resignation is refused
with the line and a sentence."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from game.match import AI, Match, Seat
from game.records import RESIGNED, RecordFileError, format_record, parse_record
from game.register import all_games
from saves.records import export_record, open_record
from scenes.shell.record_rows import summarize
from tests.rules_helpers import play_random_turns

GAME_IDS = [info.id for info in all_games()]
WHEN = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)


def resigned_match(game_id: str, seed: int = 3, plies: int = 4, loser: int = 1) -> Match:
    """A game against the normal computer, some random turns in, given up by player ``loser``."""
    info = next(g for g in all_games() if g.id == game_id)
    match = Match(info, {}, {info.players[0]: Seat(AI, "normal")})
    play_random_turns(match, plies, random.Random(seed))
    assert not match.over, "pick a seed whose game is still going on"
    match.resign(info.players[loser])
    return match


def _line(text: str, prefix: str) -> int:
    """The 1-based number of the line of ``text`` that starts with ``prefix``."""
    return next(n for n, line in enumerate(text.splitlines(), start=1) if line.startswith(prefix))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_resigned_game_round_trips(game_id: str) -> None:
    match = resigned_match(game_id)
    loser = match.resigned
    assert loser is not None
    text = format_record(match, WHEN)
    assert f"{RESIGNED}: {match.game.player_title(loser)}" in text.splitlines()
    back = parse_record(text).match
    assert back.resigned == loser and back.over
    assert back.outcome == match.outcome and back.move_texts() == match.move_texts()
    assert back.seats == match.seats
    assert format_record(back, WHEN) == text


def test_a_game_played_to_its_end_or_still_going_has_no_resigned_line() -> None:
    match = Match("epaminondas", {}, {})
    play_random_turns(match, 3, random.Random(1))
    assert not any(line.startswith(f"{RESIGNED}:") for line in format_record(match).splitlines())
    assert parse_record(format_record(match)).match.resigned is None


def test_on_disk_and_in_the_record_pickers_row(tmp_path: Path) -> None:
    match = resigned_match("changing-challenges")
    path = export_record(match, tmp_path, WHEN)
    opened = open_record(path).match
    assert opened.resigned == match.resigned and opened.over
    row = summarize(path)
    assert row.over and row.error is None
    assert row.result is not None and "resigned" in row.result


def test_the_resigned_line_may_name_the_side_by_id_in_any_case() -> None:
    match = resigned_match("elephant-run")
    assert match.resigned is not None
    title = match.game.player_title(match.resigned)
    text = format_record(match, WHEN).replace(f"{RESIGNED}: {title}", f"resigned:   {match.resigned.upper()}")
    assert parse_record(text).match.resigned == match.resigned


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_older_record_that_says_it_only_in_its_result_still_opens(game_id: str) -> None:
    """Records exported before the ``Resigned:`` line existed gave the game up only in ``Result:``."""
    match = resigned_match(game_id, loser=0)
    assert match.resigned is not None
    title = match.game.player_title(match.resigned)
    old = format_record(match, WHEN).replace(f"{RESIGNED}: {title}\n", "")
    assert f"{RESIGNED}:" not in old
    back = parse_record(old).match
    assert back.resigned == match.resigned and back.outcome == match.outcome


def test_an_older_unfinished_record_stays_unfinished() -> None:
    match = Match("elasta", {}, {})
    play_random_turns(match, 3, random.Random(4))
    back = parse_record(format_record(match, WHEN)).match
    assert not back.over and back.resigned is None


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda title: "Resigned: Hunters", "should name a player of Elephant Run, not 'Hunters'"),
        (lambda title: "Resigned:", "names no player"),
        (lambda title: f"Resigned: {title}\nResigned: {title}", "'Resigned' is given twice"),
    ],
    ids=["unknown player", "empty", "twice"],
)
def test_a_damaged_resigned_line_is_refused_with_its_line(change: object, words: str) -> None:
    match = resigned_match("elephant-run")
    assert match.resigned is not None
    title = match.game.player_title(match.resigned)
    text = format_record(match, WHEN)
    line = _line(text, f"{RESIGNED}:")
    damaged = text.replace(f"{RESIGNED}: {title}", change(title))  # type: ignore[operator]
    with pytest.raises(RecordFileError) as refused:
        parse_record(damaged)
    assert words in refused.value.reason
    assert refused.value.line in (line, line + 1)


def test_a_resignation_of_a_game_its_moves_already_end_is_refused() -> None:
    match = Match("epaminondas", {}, {})
    rng = random.Random(7)
    while not match.over:
        play_random_turns(match, 1, rng)
    text = format_record(match, WHEN)
    player = match.game.players[0]
    title = match.game.player_title(player)
    damaged = text.replace("\nDate:", f"\n{RESIGNED}: {title}\nDate:")
    with pytest.raises(RecordFileError) as refused:
        parse_record(damaged)
    assert refused.value.line == _line(damaged, f"{RESIGNED}:")
    assert "already end the game" in refused.value.reason


def test_a_resignation_that_disagrees_with_the_result_is_refused() -> None:
    match = resigned_match("epaminondas", loser=1)
    winner = match.game.players[0]
    text = format_record(match, WHEN).replace(
        f"{RESIGNED}: {match.game.player_title(match.game.players[1])}",
        f"{RESIGNED}: {match.game.player_title(winner)}",
    )
    with pytest.raises(RecordFileError) as refused:
        parse_record(text)
    assert refused.value.line == _line(text, "Result:") and "claims" in refused.value.reason
