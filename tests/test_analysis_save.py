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


# -- the player's own save keeps an analysis finished in the app (the match screen, real events) ----------
def _open_and_analyse(app: Any, path: Path) -> Any:
    """Open the save at ``path`` from the load screen and analyse it there (Analyse, the stand-in
    analyst answering with a made-up analysis of its moves). Returns the match screen."""
    from scenes.shell.match.scene import MatchScene
    from tests.scene_driver import click_element, idle, pump
    from tests.test_analysis_scene import ScriptedAnalyst, made_up

    analyst = ScriptedAnalyst()
    app._analysis_worker = analyst
    app.goto("menu")
    load = app.open("load")
    pump(app)
    load.select(next(i for i, e in enumerate(load.entries) if e.path == path))
    pump(app)
    click_element(app, load.analyse_button)
    scene = app.top
    assert isinstance(scene, MatchScene) and scene.analysis.running
    analyst.answer = made_up(scene.match)
    idle(app, 2)
    assert scene.analysis.analysis is not None
    return scene


def _played(game_id: str, seed: int, moves: int | None = None) -> Match:
    from tests.test_analysis_scene import finished as against_easy

    match = against_easy(game_id, seed)
    if moves is not None:  # the same game, stopped earlier
        short = Match(match.game, match.options, match.seats)
        for text in match.move_texts()[:moves]:
            short.play_text(text)
        short.match_id = match.match_id
        return short
    return match


def test_the_save_the_game_was_opened_from_keeps_the_analysis(app: Any) -> None:
    entry = app.store.save(_played("changing-challenges", 22), label="My best game")
    before = json.loads(entry.path.read_text(encoding="utf-8"))
    scene = _open_and_analyse(app, entry.path)
    after = json.loads(entry.path.read_text(encoding="utf-8"))
    assert ANALYSIS_KEY not in before and ANALYSIS_KEY in after
    assert after["match"] == before["match"] and after["label"] == "My best game"  # the moves, the name
    assert after["saved_at"] == before["saved_at"]
    assert app.store.read_entry(entry.path).pristine  # still the app's own file: Ctrl+S may replace it
    assert analysis_of(app.store.load(entry.path)) == scene.analysis.analysis  # opened again: no wait
    assert [e.path for e in app.store.listed() if e.match_id == before["match"]["id"]] == [entry.path]


def test_a_save_of_the_game_at_another_move_and_other_games_are_left_alone(app: Any) -> None:
    whole = _played("changing-challenges", 22)
    earlier = app.store.save(_played("changing-challenges", 22, moves=3))  # the same game, move 3
    other = app.store.save(_played("epaminondas", 5, moves=4), label="Another game")
    untouched = {p: p.read_bytes() for p in (earlier.path, other.path)}
    opened = app.store.save(whole)
    scene = _open_and_analyse(app, opened.path)
    assert scene.match.match_id == whole.match_id
    assert ANALYSIS_KEY in json.loads(opened.path.read_text(encoding="utf-8"))
    assert {p: p.read_bytes() for p in untouched} == untouched


def test_a_save_edited_by_hand_is_left_alone_and_the_autosave_keeps_the_analysis(app: Any) -> None:
    entry = app.store.save(_played("changing-challenges", 22))
    data = json.loads(entry.path.read_text(encoding="utf-8"))
    data["label"] = "edited"  # the digest no longer matches: a hand-edited file
    entry.path.write_text(json.dumps(data), encoding="utf-8")
    written = entry.path.read_bytes()
    scene = _open_and_analyse(app, entry.path)
    assert entry.path.read_bytes() == written
    mine = scene.match.match_id
    autosaves = [e for e in app.store.entries() if e.kind == "autosave" and e.match_id == mine]
    assert autosaves and analysis_of(app.store.load(autosaves[0].path)) == scene.analysis.analysis


def test_a_disk_that_refuses_is_told_and_the_game_goes_on(app: Any, monkeypatch: Any) -> None:
    import errno

    entry = app.store.save(_played("changing-challenges", 22))
    written = entry.path.read_bytes()

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(app.store, "keep_analysis", full)
    scene = _open_and_analyse(app, entry.path)
    assert entry.path.read_bytes() == written and scene.analysis.analysis is not None
    assert any("could not be kept in your save" in text and "disk is full" in text for text, _ in app.toasts)
