"""The record picker (#28, point 5): the load screen's "Open a record…" is the app's own records
screen, not pygame-gui's file dialog, driven here through real keys and clicks.

It lists the records folder with the boards, results and dates; no key and no click in it deletes
or changes a file, inside the data folder or out of it; "Browse…" opens a ``.txt`` from any folder
read-only; a data folder full of hostile names opens without an exception; a record opened (twice)
adds no save, and its review's "Continue from here" makes a game that saves like any other."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.match import AI, Match, Seat
from game.records import format_record
from game.text import clean_text
from saves.records import export_record
from scenes.shell.match.review import CONTINUE, RECORD_NOTE
from scenes.shell.match.scene import MatchScene
from scenes.shell.records import FILE, FOLDER, UP, RecordsScreen
from tests.scene_driver import DT, click, click_element, idle, key, resize

ROOT = Path(__file__).resolve().parents[1]


def played(game_id: str, turns: int, seed: int = 3, seats: dict[str, Seat] | None = None) -> Match:
    """A match of ``game_id`` after ``turns`` random turns (fewer if the game ends first)."""
    match = Match(game_id, {}, seats or {})
    rng = random.Random(seed)
    for _ in range(turns):
        if match.over:
            break
        moves = {p: match.state.random_move(p, rng) for p in match.state.to_move()}
        match.play_text(match.state.turn_to_text(moves))
    return match


def against_computer(turns: int = 4) -> Match:
    return played("elephant-run", turns, seats={"elephant": Seat(), "farmers": Seat(AI, "easy")})


@pytest.fixture
def home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder of the test's own, outside the data folder: where Browse… starts."""
    folder = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setenv("USERPROFILE", str(folder))
    return folder


@pytest.fixture
def records(app: Any) -> list[Path]:
    """Three records in the records folder, oldest first (by their files' times), and a text file
    that is no record, newest of all."""
    folder = app.data_dir / "records"
    matches = [played("epaminondas", 6), against_computer(), played("elasta", 3)]
    paths = [
        export_record(match, folder, datetime(2026, 1, 2 + i, 9, 30, tzinfo=UTC))
        for i, match in enumerate(matches)
    ]
    notes = folder / "Notes.txt"
    notes.write_text("Shopping: milk, eggs\n", encoding="utf-8")
    for age, path in enumerate(reversed([*paths, notes])):
        os.utime(path, (1_700_000_000 - age * 3600, 1_700_000_000 - age * 3600))
    return paths


def snapshot(*folders: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folders``: its bytes and modification time."""
    found: dict[str, tuple[bytes, int]] = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                found[str(path)] = (path.read_bytes(), path.stat().st_mtime_ns)
    return found


def saves_on_disk(app: Any) -> int:
    return sum(
        1
        for folder in ("saves", "autosave")
        if (app.data_dir / folder).is_dir()
        for path in (app.data_dir / folder).iterdir()
        if path.suffix == ".json"
    )


def open_picker(app: Any) -> RecordsScreen:
    """The load screen over the menu, then Ctrl+O; every row on show read."""
    app.goto("menu")
    app.open("load")
    idle(app)
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    picker = app.top
    assert isinstance(picker, RecordsScreen)
    settle(app, picker)
    return picker


def settle(app: Any, picker: RecordsScreen) -> None:
    """Frames until the rows on show are read and their pictures drawn."""
    for _ in range(100):
        idle(app)
        if picker.next_frame() is None:
            return
    raise AssertionError("the records never finished reading")


def choose(app: Any, picker: RecordsScreen, name: str) -> None:
    """Click the row of the file or folder called ``name``."""
    index = next(i for i, row in enumerate(picker.rows) if row.path.name == name)
    picker.select(index)  # scrolled into view, then clicked as a player would
    idle(app)
    click(app, picker.row_rect(index).center)
    assert picker.current is not None and picker.current.path.name == name


def open_record_twice(app: Any, path: Path) -> MatchScene:
    scene: Any = None
    for _ in range(2):
        picker = open_picker(app)
        choose(app, picker, path.name)
        key(app, pygame.K_RETURN)
        scene = app.top
        assert isinstance(scene, MatchScene) and scene.review.record
        idle(app, 5)
    return scene


# -- the list ---------------------------------------------------------------------------------------
def test_the_picker_lists_the_records_folder_newest_first(app: Any, records: list[Path]) -> None:
    picker = open_picker(app)
    assert picker.folder == app.data_dir / "records" and not picker.browsing
    assert [row.path.name for row in picker.rows] == ["Notes.txt", *[p.name for p in reversed(records)]]
    assert all(row.kind == FILE for row in picker.rows)
    summaries = [picker.summary(row) for row in picker.rows]
    assert summaries[0] is not None and summaries[0].error is not None
    assert summaries[0].error.startswith("Line 1: this is not a Curio Boards game record")
    assert [s.title for s in summaries[1:] if s is not None] == ["Elasta", "Elephant Run", "Epaminondas"]
    elephant = summaries[2]
    assert elephant is not None and elephant.moves == 4 and not elephant.over
    assert elephant.mode == "vs computer (easy), computer plays Farmers"
    assert elephant.played == datetime(2026, 1, 3, 9, 30, tzinfo=UTC)
    assert picker.pictures  # the boards were drawn for the rows
    picker.select(0)
    assert not picker.open_button.is_enabled  # the sentence is in the row; nothing to open
    key(app, pygame.K_DOWN)
    assert picker.current is not None and picker.current.path == records[-1]
    assert picker.open_button.is_enabled
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "load"


def test_a_missing_records_folder_is_an_empty_list_and_is_not_made(app: Any) -> None:
    picker = open_picker(app)
    assert picker.rows == [] and picker.problem is None
    assert not (app.data_dir / "records").exists()
    assert not picker.open_button.is_enabled


# -- nothing is ever deleted --------------------------------------------------------------------------
def test_no_key_or_click_in_the_picker_deletes_or_changes_a_file(
    app: Any, records: list[Path], home: Path
) -> None:
    export_record(played("nelaxtam", 2), home / "Games")
    before = snapshot(app.data_dir, home)
    picker = open_picker(app)
    for index in range(len(picker.rows)):
        picker.select(index)
        for k, mod in (
            (pygame.K_DELETE, 0),
            (pygame.K_BACKSPACE, 0),
            (pygame.K_d, pygame.KMOD_CTRL),
            (pygame.K_x, pygame.KMOD_CTRL),
            (pygame.K_DELETE, pygame.KMOD_SHIFT),
        ):
            key(app, k, mod)
            assert app.top is picker
    click_element(app, picker.browse_button)  # Browse…: the home folder, its folders and .txt files
    assert picker.browsing and picker.folder == home
    choose(app, picker, "Games")
    for k, mod in ((pygame.K_DELETE, 0), (pygame.K_d, pygame.KMOD_CTRL)):
        key(app, k, mod)
    key(app, pygame.K_RETURN)
    settle(app, picker)
    assert picker.folder == home / "Games" and picker.rows[0].kind == UP
    for k, mod in ((pygame.K_DELETE, 0), (pygame.K_d, pygame.KMOD_CTRL)):
        key(app, k, mod)
    key(app, pygame.K_BACKSPACE)  # up one folder, with the one just left selected
    assert picker.folder == home and picker.current is not None and picker.current.path.name == "Games"
    click_element(app, picker.browse_button)  # now "Records folder"
    assert not picker.browsing and picker.folder == app.data_dir / "records"
    choose(app, picker, "Notes.txt")
    key(app, pygame.K_RETURN)  # not a record: explained in a window, which Esc closes
    assert picker.dialogs.active is not None and app.top is picker
    key(app, pygame.K_ESCAPE)
    idle(app, 2)
    assert picker.dialogs.active is None
    click_element(app, picker.back_button)
    assert app.top.name == "load"
    picker = open_picker(app)
    choose(app, picker, records[0].name)
    click_element(app, picker.open_button)
    assert isinstance(app.top, MatchScene)
    app.goto("menu")
    assert snapshot(app.data_dir, home) == before  # every file there, byte-identical, none added


def test_the_picker_never_uses_pygame_guis_file_dialog_nor_touches_a_file() -> None:
    """The stock dialog's ✕ deleted any .txt on the disk: it is gone from the app, and the picker's
    code has no way to remove, move or write a file."""
    for path in (ROOT / "scenes").rglob("*.py"):
        assert "UIFileDialog" not in path.read_text(encoding="utf-8"), path
    code = (ROOT / "scenes" / "shell" / "records.py").read_text(encoding="utf-8")
    for word in (
        "unlink",
        "rmtree",
        "remove(",
        "rename(",
        "os.replace",
        "write_",
        "mkdir",
        "trash",
        "throw_away",
        "open(",
        "utime",
        "chmod",
    ):
        assert word not in code, word


# -- opening adds no save ----------------------------------------------------------------------------
def test_opening_a_record_twice_adds_no_save(app: Any, records: list[Path]) -> None:
    app.store.save(played("epaminondas", 2), label="A save of my own")
    before = saves_on_disk(app)
    elephant = records[1]
    scene = open_record_twice(app, elephant)
    assert scene.match.move_texts() == against_computer().move_texts()
    assert scene.reviewing and scene.review.position == 4
    assert scene.ai_to_move() is None and not scene.computer.thinking  # the farmers do not move
    idle(app, 10)
    assert len(scene.match.turns) == 4
    app.goto("menu")  # leaving the record
    assert saves_on_disk(app) == before
    load = app.open("load")
    idle(app)
    assert len(load.entries) == before


def test_a_record_cannot_be_left_for_a_live_game(app: Any, records: list[Path]) -> None:
    """End, the board and Esc keep to the record (Esc opens the pause menu); Undo does nothing."""
    picker = open_picker(app)
    choose(app, picker, records[1].name)
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, MatchScene)
    key(app, pygame.K_HOME)
    assert scene.review.position == 0
    key(app, pygame.K_END)
    assert scene.reviewing and scene.review.position == 4
    assert not scene.review.buttons["next"].is_enabled
    click(app, scene.board_rect.center)
    assert scene.reviewing and scene.message == RECORD_NOTE
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.match.turns) == 4 and not scene.buttons["undo"].is_enabled
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "pause"
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.reviewing
    resize(app, (1024, 640))  # the banner's buttons are made again: still the record's
    assert scene.review.buttons[CONTINUE].visible and "live" not in scene.review.buttons
    assert scene.banner_words.right <= scene.review.buttons["previous"].rect.left
    before = saves_on_disk(app)
    app.goto("menu")
    assert saves_on_disk(app) == before == 0


# -- Continue from here -------------------------------------------------------------------------------
def test_continue_from_here_makes_a_game_that_saves(app: Any, records: list[Path]) -> None:
    record = records[1]
    text = record.read_bytes()
    picker = open_picker(app)
    choose(app, picker, record.name)
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, MatchScene)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # move 2: the computer's farmers are placed, the elephant to move
    assert scene.review.position == 2
    assert saves_on_disk(app) == 0
    click_element(app, scene.review.buttons[CONTINUE])
    game = app.top
    assert isinstance(game, MatchScene) and game is not scene
    assert not game.review.record and not game.reviewing
    assert game.match.move_texts() == scene.match.move_texts()[:2]
    assert game.match.match_id != scene.match.match_id and game.match.seats == scene.match.seats
    assert [type(s).__name__ for s in app.stack] == ["MainMenuScene", "MatchScene"]
    autosaves = list((app.data_dir / "autosave").glob("*.json"))
    assert len(autosaves) == 1  # saved at once: the game is the player's now
    assert app.store.load(autosaves[0]).move_texts() == game.match.move_texts()
    player = game.input_player()
    assert player == "elephant"
    move = game.match.state.random_move(player, random.Random(1))
    game._submit(player, move)  # the player plays on: the game saves after the move
    assert app.store.load(autosaves[0]).move_texts() == game.match.move_texts()[:3]
    app.goto("menu")
    assert len(list((app.data_dir / "autosave").glob("*.json"))) == 1
    assert record.read_bytes() == text


def test_continue_is_offered_except_at_the_end_of_a_finished_game(app: Any) -> None:
    over = played("epaminondas", 10_000, seed=9)
    assert over.over
    folder = app.data_dir / "records"
    folder.mkdir()
    (folder / "over.txt").write_text(format_record(over), encoding="utf-8")
    (folder / "empty.txt").write_text(format_record(Match("elasta")), encoding="utf-8")
    picker = open_picker(app)
    choose(app, picker, "over.txt")
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, MatchScene) and scene.review.position == len(over.turns)
    assert not scene.review.buttons[CONTINUE].is_enabled and scene.end_dialog is None
    key(app, pygame.K_LEFT)
    assert scene.review.buttons[CONTINUE].is_enabled
    picker = open_picker(app)
    choose(app, picker, "empty.txt")  # a record of no moves: its start, and Continue plays from it
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, MatchScene) and scene.reviewing and scene.review.position == 0
    click_element(app, scene.review.buttons[CONTINUE])
    game = app.top
    assert isinstance(game, MatchScene) and game is not scene
    assert not game.reviewing and not game.review.record and game.match.turns == []


# -- Browse… ------------------------------------------------------------------------------------------
def test_browse_opens_a_record_from_outside_the_data_folder_read_only(app: Any, home: Path) -> None:
    elsewhere = home / "Downloads" / "Club games"
    path = export_record(played("changing-challenges", 5), elsewhere)
    (elsewhere / "readme.md").write_text("not listed", encoding="utf-8")
    stamp = path.stat().st_mtime_ns
    data = path.read_bytes()
    picker = open_picker(app)
    click_element(app, picker.browse_button)
    assert [(row.kind, row.path.name) for row in picker.rows][1:] == [(FOLDER, "Downloads")]
    key(app, pygame.K_RETURN)  # the first folder is selected
    settle(app, picker)
    choose(app, picker, "Club games")
    key(app, pygame.K_RETURN)
    settle(app, picker)
    assert [row.path.name for row in picker.rows] == ["Downloads", path.name]  # up, then the record
    summary = picker.summary(picker.rows[1])
    assert summary is not None and summary.error is None and summary.title == "Changing Challenges"
    choose(app, picker, path.name)
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, MatchScene) and scene.review.record and len(scene.match.turns) == 5
    app.goto("menu")
    assert path.read_bytes() == data and path.stat().st_mtime_ns == stamp
    assert sorted(p.name for p in elsewhere.iterdir()) == sorted([path.name, "readme.md"])
    assert saves_on_disk(app) == 0


def test_an_unreadable_folder_is_a_sentence(app: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    locked = home / "Locked"
    locked.mkdir()
    scandir = os.scandir

    def refuse(folder: Any) -> Any:
        if Path(folder) == locked:
            raise PermissionError(errno.EACCES, "Permission denied", str(folder))
        return scandir(folder)

    monkeypatch.setattr(os, "scandir", refuse)
    picker = open_picker(app)
    click_element(app, picker.browse_button)
    choose(app, picker, "Locked")
    key(app, pygame.K_RETURN)
    idle(app, 2)
    assert [row.kind for row in picker.rows] == [UP] and picker.folder == locked
    assert picker.problem == "This folder could not be read: the app is not allowed to read it."
    key(app, pygame.K_BACKSPACE)
    assert picker.folder == home


# -- hostile names -------------------------------------------------------------------------------------
@pytest.fixture
def hostile_app(tmp_path: Path) -> Iterator[Any]:
    from scenes.dev.hostile import write_hostile_files
    from scenes.routes import new_app

    root = tmp_path / "data\u200b"
    write_hostile_files(root)
    records = root / "records"
    (records / "huge.txt").write_bytes(b"Curio Boards game record\n" + b"#" * 5_000_000)
    (records / "binary.txt").write_bytes(bytes(range(256)) * 10)
    os.symlink(records / "nowhere", records / "broken link.txt")
    if hasattr(os, "mkfifo"):
        os.mkfifo(records / "pipe.txt")
    app = new_app(data_dir=root, size=(1024, 640))
    yield app
    app.shutdown()


@pytest.mark.skipif(os.name != "posix", reason="POSIX names, links and pipes")
def test_a_records_folder_of_hostile_names_and_files_opens(hostile_app: Any, home: Path) -> None:
    app = hostile_app
    before = snapshot(app.data_dir / "records")
    picker = open_picker(app)
    assert len(picker.rows) >= 8
    for index, row in enumerate(picker.rows):
        assert row.name and row.name == clean_text(row.name)  # nothing invisible, nothing undecodable
        picker.select(index)
        idle(app)
        summary = picker.summary(row)
        assert summary is not None and summary.error  # none of them is a record
        assert "Error" not in summary.error and "Traceback" not in summary.error
        key(app, pygame.K_RETURN)  # explained in a window, never a crash
        assert app.top is picker and picker.dialogs.active is not None
        key(app, pygame.K_ESCAPE)
        idle(app)
    errors = {row.path.name: picker.summary(row).error for row in picker.rows}  # type: ignore[union-attr]
    assert errors["huge.txt"].endswith("it is too large.")
    assert errors["pipe.txt"].endswith("it is not a regular file.")
    picker.toggle_browsing()
    picker.show_folder(app.data_dir, browsing=True)  # the data folder and its odd folders, browsed
    idle(app, 3)
    choose(app, picker, "records")
    key(app, pygame.K_RETURN)
    for index, row in enumerate(picker.rows):  # folders named with invisible and undecodable bytes
        picker.select(index)
        app.step([], DT)
        assert row.name == clean_text(row.name)
    assert snapshot(app.data_dir / "records") == before
