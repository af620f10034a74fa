"""Game records: every game round-trips through its text record, damaged records are refused with a
sentence naming the line, and the command line reads the same files."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import cli
from game.match import AI, Match, Seat
from game.records import MAGIC, RecordFileError, format_record, parse_record, result_text
from game.register import all_games
from saves.records import export_record, open_record
from tests.rules_helpers import play_random_turns

GAME_IDS = [info.id for info in all_games()]


def random_match(game_id: str, seed: int, plies: int, computer_second: bool = True) -> Match:
    info = next(g for g in all_games() if g.id == game_id)
    seats = {info.players[1]: Seat(AI, "normal")} if computer_second else {}
    match = Match(info, {}, seats)
    play_random_turns(match, plies, random.Random(seed))
    return match


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_record_round_trips_every_game(game_id: str, seed: int) -> None:
    match = random_match(game_id, seed, plies=400)
    text = format_record(match, datetime(2026, 11, 24, 7, 5, tzinfo=UTC))
    back = parse_record(text)
    assert back.match.move_texts() == match.move_texts()
    assert back.match.state == match.state
    assert back.match.seats == match.seats
    assert back.match.options == match.options
    assert back.date == "2026-11-24 07:05 UTC"
    assert f"Result: {result_text(match)}" in text


def test_unfinished_game_and_secret_orders_stay_secret() -> None:
    match = random_match("elasta", 5, plies=2)
    state = match.state
    player = state.to_move()[0]
    match.submit(player, state.random_move(player, random.Random(0)))
    text = format_record(match)
    assert "Result: unfinished" in text
    assert len(parse_record(text).match.turns) == 2  # the sealed order was not written


def test_export_never_replaces_an_earlier_record(tmp_path: Path) -> None:
    match = random_match("epaminondas", 3, plies=10)
    when = datetime(2026, 1, 2, 3, 4, tzinfo=UTC)
    first = export_record(match, tmp_path, when)
    second = export_record(match, tmp_path, when)
    assert first != second and first.exists() and second.exists()
    assert first.name == "Epaminondas 2026-01-02 0304.txt"
    assert open_record(second).match.move_texts() == match.move_texts()


def _line_of(text: str, prefix: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if line.startswith(prefix))


@pytest.mark.parametrize(
    ("change", "line_prefix", "words"),
    [
        (lambda t: t.replace("3. ", "4. ", 1), "4. ", "expected move 3"),
        (lambda t: t.replace("Game: Epaminondas (epaminondas)", "Game: Chess"), "Game:", "no game called"),
        (lambda t: t.replace("Options: symmetry=mirror", "Options: symmetry=sideways"), "Options:", ""),
        (lambda t: t.replace("Black: Computer (normal)", "Black: Computer (godlike)"), "Black:", "level"),
        (lambda t: t.replace("Result: unfinished", "Result: White won — all gone"), "Result:", "claims"),
        (lambda t: t + "this is not a move\n", "this is not", "not a numbered move"),
    ],
)
def test_damaged_record_names_its_line(change, line_prefix: str, words: str) -> None:
    text = change(format_record(random_match("epaminondas", 4, plies=6)))
    with pytest.raises(RecordFileError) as caught:
        parse_record(text)
    assert caught.value.line == _line_of(text, line_prefix)
    assert words in caught.value.reason
    assert str(caught.value).startswith(f"line {caught.value.line}: ")


def test_illegal_move_names_the_line_and_the_rules_reason() -> None:
    text = format_record(random_match("elephant-run", 6, plies=8))
    lines = text.splitlines()
    bad = _line_of(text, "5. ")
    lines[bad - 1] = "5. " + lines[bad - 2].split(". ", 1)[1]  # move 4 played again
    with pytest.raises(RecordFileError) as caught:
        parse_record("\n".join(lines))
    assert caught.value.line == bad
    assert "cannot be played" in caught.value.reason


def test_not_a_record() -> None:
    with pytest.raises(RecordFileError) as caught:
        parse_record("Hello\nGame: Elasta\n")
    assert caught.value.line == 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), data=st.data())
def test_hypothesis_damaged_records_are_refused_with_a_line(seed: int, data: st.DataObject) -> None:
    """Delete, duplicate, swap or garble any line: the record either still reads (a harmless
    change such as a comment) or is refused with a RecordFileError — never any other exception."""
    game_id = GAME_IDS[seed % len(GAME_IDS)]
    lines = format_record(random_match(game_id, seed, plies=12)).splitlines()
    index = data.draw(st.integers(0, len(lines) - 1))
    kind = data.draw(st.sampled_from(["delete", "duplicate", "garble", "swap", "insert"]))
    if kind == "delete":
        del lines[index]
    elif kind == "duplicate":
        lines.insert(index, lines[index])
    elif kind == "swap" and index + 1 < len(lines):
        lines[index], lines[index + 1] = lines[index + 1], lines[index]
    elif kind == "garble":
        lines[index] = data.draw(st.text(max_size=60))
    else:
        lines.insert(index, data.draw(st.text(max_size=60)))
    try:
        back = parse_record("\n".join(lines))
    except RecordFileError as exc:
        assert exc.reason and "Error" not in exc.reason and "Traceback" not in exc.reason
        assert exc.line is None or 1 <= exc.line <= len(lines) + 1
    else:
        assert back.match.game.id == game_id


@given(st.binary(max_size=400))
@settings(max_examples=100, deadline=None)
def test_hostile_bytes_on_disk(tmp_path_factory: pytest.TempPathFactory, blob: bytes) -> None:
    path = tmp_path_factory.mktemp("rec") / "x.txt"
    path.write_bytes(MAGIC.encode() + b"\n" + blob)
    try:
        open_record(path)
    except RecordFileError as exc:
        assert "Error" not in str(exc)


def test_open_record_refuses_folders_and_missing_files(tmp_path: Path) -> None:
    for path in (tmp_path, tmp_path / "missing.txt"):
        with pytest.raises(RecordFileError) as caught:
            open_record(path)
        assert caught.value.line is None and "cannot be opened" in caught.value.reason


def test_command_line_plays_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = random_match("changing-challenges", 8, plies=7, computer_second=False)
    path = export_record(match, tmp_path)
    assert cli.main(["play", "--record", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert match.move_texts()[-1] in out
    path.write_text(path.read_text().replace("Options: pieces=standard", "Options: pieces"))
    assert cli.main(["play", "--record", str(path)]) == 2
    assert "line 3" in capsys.readouterr().err
