"""A finished game's analysis kept in its save (#32 item 2): written with the game, read back without
a new search, and dropped, never fatal, when the file's value is damaged, foreign, or of other moves."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.analysis import Analysis, analyse
from game.match import Match
from saves.save_file import (
    ANALYSIS_KEY,
    analysis_of,
    content_digest,
    envelope,
    keep_analysis,
    match_from_envelope,
    parse_envelope,
    read_analysis,
)
from saves.store import SaveStore


def finished(game_id: str, seed: int) -> Match:
    match = Match(game_id)
    rng = random.Random(seed)
    while not match.over:
        moves = {p: match.state.random_move(p, rng) for p in match.state.to_move()}
        match.play_text(match.state.turn_to_text(moves))
    return match


@pytest.fixture(scope="module")
def game() -> tuple[Match, Analysis]:
    match = finished("changing-challenges", 22)
    worked_out = analyse(match.initial, match.move_texts(), "quick")
    return match, Analysis.from_json(worked_out.to_json())


def test_a_save_round_trip_keeps_the_analysis(tmp_path: Path, game: tuple[Match, Analysis]) -> None:
    match, analysis = game
    keep_analysis(match, analysis)
    store = SaveStore(tmp_path)
    entry = store.save(match)
    data = json.loads(entry.path.read_text(encoding="utf-8"))
    assert data[ANALYSIS_KEY]["moves"][0]["move"] == match.move_texts()[0]
    loaded = store.load(entry.path)
    assert analysis_of(loaded) == analysis
    assert store.read_entry(entry.path).pristine  # the digest covers the analysis too


def test_a_game_without_analysis_writes_no_key(game: tuple[Match, Analysis]) -> None:
    match, _ = game
    other = Match.from_record(match.to_record())
    assert ANALYSIS_KEY not in envelope(other, "manual")
    assert analysis_of(match_from_envelope(envelope(other, "manual"))) is None


def test_an_undone_game_does_not_write_the_analysis_of_its_longer_self(game: tuple[Match, Analysis]) -> None:
    match, analysis = game
    shorter = Match.from_record(match.to_record())
    keep_analysis(shorter, analysis)
    assert analysis_of(shorter) == analysis
    shorter.undo()
    assert analysis_of(shorter) is None and ANALYSIS_KEY not in envelope(shorter, "autosave")


def _damaged(analysis: Analysis) -> list[tuple[str, Any]]:
    good = analysis.to_json()

    def edited(change: Any) -> Any:
        value = copy.deepcopy(good)
        change(value)
        return value

    return [
        ("text", "not an analysis"),
        ("list", [1, 2, 3]),
        ("empty", {}),
        ("moves not a list", edited(lambda v: v.update(moves="many"))),
        ("unknown mark", edited(lambda v: v["moves"][0].update(mark="brilliant"))),
        ("chance above one", edited(lambda v: v["moves"][0]["chance"].update(triangles=7))),
        ("chance not a number", edited(lambda v: v["moves"][0]["chance"].update(triangles="high"))),
        ("ply not a number", edited(lambda v: v["moves"][0].update(ply="one"))),
        ("a move dropped", edited(lambda v: v["moves"].pop())),
        ("a move added", edited(lambda v: v["moves"].append(dict(v["moves"][-1], ply=99)))),
        ("other moves", edited(lambda v: v["moves"][0].update(move="a1-a2"))),
        ("another game", edited(lambda v: v.update(game="elephant-run"))),
        ("huge text", edited(lambda v: v["moves"][0].update(better="x" * 5000))),
        ("a note not an object", edited(lambda v: v["moves"].__setitem__(0, None))),
    ]


def test_a_damaged_or_foreign_analysis_is_dropped_and_the_save_still_loads(
    tmp_path: Path, game: tuple[Match, Analysis]
) -> None:
    match, analysis = game
    clean = Match.from_record(match.to_record())
    for name, value in _damaged(analysis):
        data = envelope(clean, "manual")
        data[ANALYSIS_KEY] = value
        data["digest"] = content_digest(data)
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        loaded = SaveStore(tmp_path).load(path)
        assert loaded.move_texts() == match.move_texts(), name
        assert analysis_of(loaded) is None, name
        assert read_analysis(value, loaded) is None, name


def test_the_whole_value_read_back_is_accepted(game: tuple[Match, Analysis]) -> None:
    match, analysis = game
    data = parse_envelope(json.dumps(envelope(match, "manual") | {ANALYSIS_KEY: analysis.to_json()}))
    assert analysis_of(match_from_envelope(data)) == analysis
