"""The save store: round trips, player-facing errors, care for the player's files, listing, Continue.

These tests use the toy games (alternating Nim, simultaneous pennies) so the store is tested apart
from any one real game; ``test_saves_elephant.py`` covers the real Elephant Run.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from game.match import AI, Match, Seat
from saves import store as store_module
from saves.store import (
    AUTOSAVE,
    FORMAT_NAME,
    FORMAT_VERSION,
    MANUAL,
    SaveError,
    SaveStore,
    content_digest,
)

pytestmark = pytest.mark.usefixtures("toy_games")


def nim(*moves: str, stones: str = "5", ai: bool = False) -> Match:
    seats = {"second": Seat(AI, "hard")} if ai else None
    match = Match("toy-nim", {"stones": stones}, seats)
    for text in moves:
        match.play_text(text)
    return match


def snapshot(directory: Path) -> dict[str, bytes]:
    """Every file under ``directory`` with its bytes: the proof that nothing was touched."""
    files = sorted(p for p in directory.rglob("*") if p.is_file())
    return {str(p.relative_to(directory)): p.read_bytes() for p in files}


def write_envelope(path: Path, data: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "data")


# -- round trips --------------------------------------------------------------------------------------
def test_manual_save_round_trips_mid_game(store: SaveStore) -> None:
    match = nim("take1", "take2", ai=True)
    entry = store.save(match, label="  my game  ")
    assert entry.path.parent == store.saves_dir
    assert entry.path.name.startswith("toy-nim-") and entry.path.suffix == ".json"
    assert (entry.kind, entry.game_id, entry.game_title) == (MANUAL, "toy-nim", "Toy Nim")
    assert (entry.label, entry.move_count, entry.over, entry.error) == ("my game", 2, False, None)
    assert entry.mode == match.mode_text() == "vs computer (hard), computer plays Second"
    assert entry.pristine
    loaded = store.load(entry.path)
    assert loaded.move_texts() == ["take1", "take2"]
    assert loaded.to_record() == match.to_record()
    assert str(loaded.state) == str(match.state)
    assert loaded.seats == match.seats and loaded.match_id == match.match_id


def test_finished_game_round_trips_with_result(store: SaveStore) -> None:
    match = nim("take2", "take2", "take1")
    assert match.over
    entry = store.save(match)
    assert entry.over and entry.result_text == "First wins: took the last stone"
    loaded = store.load(entry.path)
    assert loaded.over and loaded.outcome == match.outcome


def test_pending_secret_order_round_trips(store: SaveStore) -> None:
    match = Match("toy-pennies")
    match.play_text("h/t")
    match.submit("same", "t")
    loaded = store.load(store.save(match).path)
    assert loaded.move_texts() == ["h/t"]
    assert loaded.pending == {"same": "t"}
    assert loaded.awaiting() == ["odd"]


def test_file_is_pretty_utf8_json_with_the_documented_envelope(store: SaveStore) -> None:
    match = nim("take1")
    entry = store.save(match, label="Café ♞")
    raw = entry.path.read_bytes()
    assert "Café ♞".encode() in raw  # UTF-8, not \\u escapes
    assert raw.startswith(b"{\n  ") and raw.endswith(b"}\n")
    data = json.loads(raw)
    assert data["format"] == FORMAT_NAME and data["version"] == FORMAT_VERSION == 1
    assert data["kind"] == "manual" and data["label"] == "Café ♞"
    assert datetime.fromisoformat(data["saved_at"]).tzinfo is not None
    assert data["match"] == match.to_record()
    assert data["digest"] == content_digest(data)
    assert data["summary"] == {
        "game_title": "Toy Nim",
        "mode": "Two players",
        "moves": 1,
        "over": False,
        "result_text": None,
    }


def test_manual_saves_never_overwrite(store: SaveStore) -> None:
    match = nim("take1")
    paths = {store.save(match).path for _ in range(5)}
    assert len(paths) == 5
    assert len(list(store.saves_dir.iterdir())) == 5


def test_manual_save_skips_a_taken_name(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Even when the random part collides, the existing file is kept and another name is used."""
    first = store.save(nim("take1"))
    before = first.path.read_bytes()
    short = first.path.stem.rsplit("-", 1)[1]
    ids = iter([short + "0" * 26, "abcdef" + "0" * 26])

    class FakeUUID:
        def __init__(self) -> None:
            self.hex = next(ids)

    fixed = datetime.fromisoformat(json.loads(before)["saved_at"])
    monkeypatch.setattr(store_module.uuid, "uuid4", FakeUUID)
    monkeypatch.setattr(store_module, "_now", lambda: fixed)
    second = store.save(nim("take2"))
    assert second.path != first.path and second.path.stem.endswith("abcdef")
    assert first.path.read_bytes() == before


def test_nothing_is_created_until_something_is_written(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "data")
    assert store.entries() == [] and store.last_unfinished() is None
    assert not (tmp_path / "data").exists()


# -- autosave -----------------------------------------------------------------------------------------
def test_autosave_is_one_file_per_match_overwritten(store: SaveStore) -> None:
    match = nim()
    first = store.autosave(match)
    assert first.path == store.autosave_dir / f"{match.match_id}.json" and first.kind == AUTOSAVE
    match.play_text("take1")
    second = store.autosave(match)
    assert second.path == first.path and second.move_count == 1
    assert [p.name for p in store.autosave_dir.iterdir()] == [first.path.name]
    assert store.load(second.path).move_texts() == ["take1"]


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda p: p.write_text("{ not json", encoding="utf-8"), id="damaged"),
        pytest.param(lambda p: p.write_text(p.read_text().replace('"take1"', '"take2"')), id="edited"),
        pytest.param(lambda p: p.write_text(p.read_text().replace('"version": 1', '"version": 2')), id="new"),
    ],
)
def test_autosave_never_overwrites_a_file_it_did_not_write(store: SaveStore, spoil) -> None:
    match = nim("take1")
    path = store.autosave(match).path
    spoil(path)
    before = path.read_bytes()
    match.play_text("take1")
    entry = store.autosave(match)
    assert entry.path == store.autosave_dir / f"{match.match_id}-2.json"
    assert path.read_bytes() == before
    match.play_text("take1")
    assert store.autosave(match).path == entry.path  # and it keeps using its own file


def test_autosave_does_not_overwrite_another_match_with_the_same_file_name(store: SaveStore) -> None:
    other = nim("take2")
    path = store.autosave(other).path
    match = nim("take1")
    match.match_id = other.match_id
    # A pristine autosave of a *different* match id that sits at our file name is left alone.
    other_data = json.loads(path.read_text())
    other_data["match"]["id"] = "someone-else"
    other_data["digest"] = content_digest(other_data)
    path.write_text(json.dumps(other_data, indent=2))
    before = path.read_bytes()
    assert store.autosave(match).path != path
    assert path.read_bytes() == before


def test_pruning_deletes_only_oldest_healthy_finished_autosaves(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "MAX_AUTOSAVES", 5)
    start = datetime(2024, 1, 1, tzinfo=UTC)
    clock = iter(start + timedelta(minutes=n) for n in range(100))
    monkeypatch.setattr(store_module, "_now", lambda: next(clock))
    finished = [store.autosave(nim("take2", "take2", "take1")).path for _ in range(3)]  # oldest
    unfinished = [store.autosave(nim("take1")).path for _ in range(3)]
    edited = store.autosave(nim("take2", "take2", "take1")).path
    edited.write_text(edited.read_text().replace('"label": null', '"label": "mine"'))  # any edit counts
    damaged = store.autosave_dir / "zz-damaged.json"
    damaged.write_text("{")
    keep = snapshot(store.autosave_dir)
    newest = store.autosave(nim("take2", "take2", "take1")).path  # 9 files, limit 5
    remaining = set(store.autosave_dir.iterdir())
    assert not any(p in remaining for p in finished)  # only these three could go
    assert all(p in remaining for p in [*unfinished, edited, damaged, newest])
    for name, data in keep.items():
        if (store.autosave_dir / name) in remaining:
            assert (store.autosave_dir / name).read_bytes() == data


def test_pruning_keeps_unfinished_games_beyond_the_limit(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "MAX_AUTOSAVES", 2)
    paths = [store.autosave(nim("take1")).path for _ in range(4)]
    assert all(p.exists() for p in paths)


def test_pruning_never_removes_the_autosave_just_written(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "MAX_AUTOSAVES", 1)
    store.autosave(nim("take1"))
    just = store.autosave(nim("take2", "take2", "take1")).path
    assert just.exists()


# -- errors: clear messages, files untouched ------------------------------------------------------------
def good_envelope(store: SaveStore) -> dict:
    return json.loads(store.save(nim("take1", "take1")).path.read_text())


CASES: list[tuple[str, object, str]] = [
    ("empty", b"", "The file is empty or truncated."),
    ("blank", b"  \n\n", "The file is empty or truncated."),
    ("zeros", b"\x00" * 64, "The file is empty or truncated."),
    ("garbage", b'{\n  "format": "curio-boards-save",\n  oops\n}\n', "not valid JSON at line 3"),
    ("not-utf8", b"\xff\xfe\x00{", "not UTF-8 text"),
    ("list", b"[1, 2]", "This is not a Curio Boards save file."),
    ("other-format", {"format": "pgn", "version": 1}, "This is not a Curio Boards save file (format 'pgn')"),
    ("no-format", {"version": 1}, "names no format"),
]


@pytest.mark.parametrize(("name", "content", "expected"), CASES, ids=[c[0] for c in CASES])
def test_unreadable_files_give_a_clear_error_and_stay_unchanged(
    store: SaveStore, name: str, content: object, expected: str
) -> None:
    path = store.saves_dir / f"{name}.json"
    if isinstance(content, bytes):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    else:
        write_envelope(path, content)
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        store.load(path)
    assert expected in str(info.value)
    assert path.read_bytes() == before
    [entry] = store.entries()
    assert entry.error == str(info.value) and not entry.healthy
    assert path.read_bytes() == before


def test_truncated_file(store: SaveStore) -> None:
    path = store.save(nim("take1")).path
    text = path.read_text()
    for cut in (len(text) // 3, len(text) // 2, len(text) - 3):
        path.write_text(text[:cut])
        before = path.read_bytes()
        with pytest.raises(SaveError, match=r"^The file is empty or truncated"):
            store.load(path)
        assert path.read_bytes() == before


def test_newer_version_is_refused_politely_and_left_alone(store: SaveStore) -> None:
    data = good_envelope(store)
    data["version"] = 3
    data["match"]["new_thing"] = {"x": 1}
    path = write_envelope(store.saves_dir / "future.json", data)
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        store.load(path)
    assert str(info.value) == (
        "This save was made by a newer version of Curio Boards (format 3); this version reads format 1."
    )
    assert path.read_bytes() == before


@pytest.mark.parametrize("key", ["format", "version", "saved_at", "kind", "match"])
def test_missing_required_keys(store: SaveStore, key: str) -> None:
    data = good_envelope(store)
    del data[key]
    path = write_envelope(store.saves_dir / "missing.json", data)
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        store.load(path)
    message = str(info.value)
    assert message.startswith(("The file is damaged", "This is not a Curio Boards save file"))
    if key not in ("format", "version"):
        assert f"'{key}'" in message
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("version", "one", "format version is missing or not a number"),
        ("version", 0, "format version 0 never existed"),
        ("kind", "quicksave", "unknown kind 'quicksave'"),
        ("saved_at", "yesterday", "'saved_at' is not a date"),
        ("match", [], "'match' section is not an object"),
        ("label", 5, "'label' is not text"),
    ],
)
def test_bad_envelope_values(store: SaveStore, field: str, value: object, expected: str) -> None:
    data = good_envelope(store)
    data[field] = value
    path = write_envelope(store.saves_dir / "bad.json", data)
    with pytest.raises(SaveError, match=expected):
        store.load(path)


def test_hand_edited_illegal_move_names_the_move(store: SaveStore) -> None:
    data = good_envelope(store)
    data["match"]["options"] = {"stones": "4"}
    data["match"]["moves"] = ["take1", "take2", "take2", "take1"]  # 4 - 1 - 2 leaves 1: the 3rd is illegal
    path = write_envelope(store.saves_dir / "edited.json", data)
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        store.load(path)
    assert str(info.value) == "Move 3 ('take2') is not legal: the rules do not allow it here."
    assert (info.value.move_number, info.value.move_text) == (3, "take2")
    assert path.read_bytes() == before


def test_hand_edited_malformed_move_and_move_after_the_end(store: SaveStore) -> None:
    data = good_envelope(store)
    data["match"]["moves"] = ["take1", "grab-all"]
    path = write_envelope(store.saves_dir / "edited.json", data)
    expected = r"^Move 2 \('grab-all'\) is not a valid move: write take1 or take2\.$"
    with pytest.raises(SaveError, match=expected):
        store.load(path)
    data["match"]["moves"] = ["take2", "take2", "take1", "take1"]
    write_envelope(path, data)
    with pytest.raises(SaveError, match=r"^Move 4 \('take1'\) cannot be played: the game was already over"):
        store.load(path)


def test_damaged_match_records(store: SaveStore) -> None:
    data = good_envelope(store)
    path = store.saves_dir / "edited.json"
    for change, expected in [
        ({"game": "hexapawn"}, "This save is for a game this version does not have ('hexapawn')."),
        ({"game": 7}, "its match names no game"),
        ({"options": {"stones": "99"}}, "The save's match data is damaged: option stones=99 is not allowed"),
        ({"seats": {"first": {"kind": "robot"}}}, "The save's match data is damaged: a seat must be"),
        ({"moves": "take1"}, "moves"),
    ]:
        broken = json.loads(json.dumps(data))
        broken["match"].update(change)
        write_envelope(path, broken)
        before = path.read_bytes()
        with pytest.raises(SaveError, match=expected.replace("(", r"\(").replace(")", r"\)")):
            store.load(path)
        assert path.read_bytes() == before


def test_a_bad_part_of_a_simultaneous_turn_stays_named(store: SaveStore) -> None:
    match = Match("toy-pennies")
    data = json.loads(store.save(match).path.read_text())
    data["match"]["moves"] = ["h/x"]
    path = write_envelope(store.saves_dir / "part.json", data)
    with pytest.raises(SaveError) as info:
        store.load(path)
    assert str(info.value) == "Move 1 ('h/x') cannot be played: 'x' is not a valid move: write h or t."
    assert (info.value.move_number, info.value.move_text) == (1, "h/x")


def test_pending_order_that_cannot_be_given(store: SaveStore) -> None:
    match = Match("toy-pennies")
    data = json.loads(store.save(match).path.read_text())
    data["match"]["pending"] = {"same": "x"}
    path = write_envelope(store.saves_dir / "pending.json", data)
    expected = r"^The save's secret orders cannot be restored: 'x' is not a valid move"
    with pytest.raises(SaveError, match=expected):
        store.load(path)


def test_a_game_crashing_on_odd_input_becomes_a_save_error(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = store.save(nim("take1")).path

    def boom(record: object) -> Match:
        raise IndexError("list index out of range")

    monkeypatch.setattr(store_module.Match, "from_record", staticmethod(boom))
    with pytest.raises(SaveError, match=r"^This save could not be replayed") as info:
        store.load(path)
    assert "IndexError" not in str(info.value)  # a player never reads an exception's name


def test_missing_file_and_folder(store: SaveStore, tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no longer exists"):
        store.load(tmp_path / "gone.json")
    with pytest.raises(SaveError, match="folder"):
        store.load(tmp_path)


def test_unknown_extra_keys_and_missing_summary_are_fine(store: SaveStore) -> None:
    data = good_envelope(store)
    data["comment"] = "annotated by hand"
    data["match"]["annotations"] = {"2": "blunder"}
    del data["summary"], data["digest"]
    path = write_envelope(store.saves_dir / "extra.json", data)
    assert store.load(path).move_texts() == ["take1", "take1"]
    entry = store.read_entry(path)
    assert entry.healthy and entry.game_title == "Toy Nim" and entry.mode == "Two players"
    assert entry.move_count == 2 and not entry.pristine


def test_bom_is_tolerated(store: SaveStore) -> None:
    path = store.save(nim("take1")).path
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert store.load(path).move_texts() == ["take1"]


# -- listing --------------------------------------------------------------------------------------------
def test_entries_newest_first_with_damaged_files_and_never_raise(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = datetime(2024, 5, 1, 12, tzinfo=UTC)
    clock = iter(start + timedelta(hours=n) for n in range(10))
    monkeypatch.setattr(store_module, "_now", lambda: next(clock))
    a = store.save(nim("take1"), label="a").path
    b = store.autosave(nim("take2", "take2", "take1")).path
    c = store.save(nim(), label="c").path
    damaged = store.saves_dir / "broken.json"
    damaged.write_text("{{{")
    os.utime(damaged, (0, 0))
    (store.saves_dir / ".broken.json.abc.tmp").write_text("partial")  # temp files are not saves
    (store.saves_dir / "notes.txt").write_text("not a save")
    (store.saves_dir / "folder.json").mkdir()
    entries = store.entries()
    assert [e.path for e in entries] == [c, b, a, damaged]
    assert [e.kind for e in entries] == [MANUAL, AUTOSAVE, MANUAL, MANUAL]
    assert entries[1].over and entries[1].result_text == "First wins: took the last stone"
    assert entries[3].error and "not valid JSON" in entries[3].error
    assert entries[3].title == "broken.json" and entries[0].title == "c"


def test_entries_survive_unreadable_files(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    good = store.save(nim("take1")).path
    bad = store.saves_dir / "bad.json"
    bad.write_text("{}")
    real = Path.open

    def flaky(self: Path, *args: object, **kwargs: object) -> object:
        if self.name == "bad.json":
            raise PermissionError(13, "Permission denied")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", flaky)
    entries = {e.path: e for e in store.entries()}
    assert entries[good].healthy
    assert entries[bad].error == "The file could not be read (the app is not allowed to read it)."


def test_listing_does_not_replay(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    store.save(nim("take1"))

    def fail(record: object) -> Match:
        raise AssertionError("listing must not replay")

    monkeypatch.setattr(store_module.Match, "from_record", staticmethod(fail))
    assert len(store.entries()) == 1


# -- continue -------------------------------------------------------------------------------------------
def test_last_unfinished_picks_newest_loadable_unfinished(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = datetime(2024, 5, 1, 12, tzinfo=UTC)
    clock = iter(start + timedelta(hours=n) for n in range(10))
    monkeypatch.setattr(store_module, "_now", lambda: next(clock))
    older = store.autosave(nim())
    wanted = store.save(nim("take1"), label="wanted")
    store.autosave(nim("take2", "take2", "take1"))  # newer but finished
    bad = store.save(nim("take1"), label="bad")  # newer, unfinished, but its moves were edited
    data = json.loads(bad.path.read_text())
    data["match"]["moves"] = ["take2", "take2", "take2"]
    write_envelope(bad.path, data)
    (store.saves_dir / "broken.json").write_text("")
    assert store.last_unfinished() == wanted
    wanted.path.unlink()
    assert store.last_unfinished() == older
    older.path.unlink()
    assert store.last_unfinished() is None


def test_delete_is_explicit_and_limited_to_the_store(store: SaveStore, tmp_path: Path) -> None:
    entry = store.save(nim())
    damaged = store.autosave_dir / "damaged.json"
    damaged.parent.mkdir(parents=True)
    damaged.write_text("{")
    assert store.delete(entry.path) and not entry.path.exists()
    assert store.delete(damaged) and not damaged.exists()
    assert store.delete(entry.path) is False
    outside = tmp_path / "elsewhere.json"
    outside.write_text("{}")
    with pytest.raises(ValueError):
        store.delete(outside)
    assert outside.exists()
