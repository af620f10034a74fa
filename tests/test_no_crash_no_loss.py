"""No text, no folder and no quit can crash the game or lose a player's work (issue #27).

Each test here failed on the code before the fix: a save named with one zero-width character stopped
the load screen on its first frame; typing one into a text field crashed pygame-gui; a ``trash`` that
was a link to ``saves/`` had the start-up purge delete every save; quitting over moves the disk had
refused closed at once; every App a process made stayed in memory; messages quoted a 2,000-character
move in full; the command line waited forever on a named pipe."""

from __future__ import annotations

import errno
import gc
import json
import os
import subprocess
import sys
import time
import unicodedata
import weakref
from pathlib import Path

import pygame
import pygame_gui
import pytest
from pygame_gui.elements import UIButton, UILabel, UITextBox, UITextEntryLine

from game.core import NotationError
from game.match import AI, HUMAN, Match, Seat
from game.text import INVISIBLE_RANGES, QUOTE_CHARS, clean_text, drawable, quoted
from saves.folders import own_file, own_folder
from saves.store import SaveStore
from scenes.dev.hostile import INVISIBLE_NAMES, write_hostile_files
from scenes.kit.fonts import font
from scenes.routes import new_app

ROOT = Path(__file__).resolve().parents[1]
INVISIBLE = [*INVISIBLE_NAMES, "\u200b\u200d", "\u2066\u2069", "\U000e0041\U000e007f"]


def _frames(app: object, count: int = 3) -> None:
    for _ in range(count):
        app.step(pygame.event.get(), 1 / 60)  # type: ignore[attr-defined]


# -- one text path that cannot fail ---------------------------------------------------------------------
def test_every_format_character_is_taken_out() -> None:
    """The list in game/text.py is Python's own Unicode data, not a guess: every Cf character."""
    format_characters = [chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == "Cf"]
    assert format_characters
    assert all(drawable(c) == "" for c in format_characters), INVISIBLE_RANGES


def test_nothing_the_font_draws_as_nothing_reaches_it() -> None:
    """Code point by code point (the planes with letters, symbols and tags): whatever pygame's own
    font would refuse as "Text has zero width" is removed before it is measured."""
    pygame.font.init()
    raw = pygame.font.Font(str(Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf"), 16)
    zero = [c for c in range(0x30000) if not 0xD800 <= c <= 0xDFFF and raw.size(chr(c))[0] == 0]
    zero += [c for c in range(0xE0000, 0xE1000) if raw.size(chr(c))[0] == 0]
    assert 0x200B in zero  # the font really draws it as nothing: the check can fail
    left = [hex(c) for c in zero if drawable(chr(c)) != "" and raw.size(drawable(chr(c)))[0] == 0]
    assert left == []


@pytest.mark.parametrize("text", INVISIBLE)
def test_a_text_of_invisible_characters_draws_as_nothing(text: str) -> None:
    pygame.font.init()
    raw = pygame.font.Font(str(Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf"), 16)
    with pytest.raises(pygame.error):
        raw.render(text, True, (0, 0, 0))  # what stopped the load screen on its first frame
    for bold in (False, True):
        surface = font(18, bold).render(text, True, (0, 0, 0))
        assert surface.get_width() == 0
        assert font(18, bold).size(text)[0] == 0


@pytest.mark.parametrize("text", [*INVISIBLE, "\ud800", "a\x00b", "caf\udce9"])
def test_every_pygame_gui_widget_draws_any_text(text: str) -> None:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((640, 400))
    manager = pygame_gui.UIManager((640, 400))
    UILabel(pygame.Rect(0, 0, 200, 30), text, manager)
    UIButton(pygame.Rect(0, 40, 200, 30), text, manager)
    UITextBox(text, pygame.Rect(0, 80, 200, 80), manager)
    UITextEntryLine(pygame.Rect(0, 170, 200, 34), manager, initial_text=text)
    entry = UITextEntryLine(pygame.Rect(0, 210, 200, 34), manager)
    entry.focus()
    for character in ("x", *text, "y"):  # typed one by one, as the Rename box gets them
        manager.process_events(pygame.event.Event(pygame.TEXTINPUT, text=character))
        manager.update(0.05)
        manager.draw_ui(screen)
    for key in (pygame.K_LEFT, pygame.K_LEFT, pygame.K_BACKSPACE, pygame.K_HOME, pygame.K_END):
        manager.process_events(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        manager.update(0.05)
        manager.draw_ui(screen)
    assert not any(drawable(c) == "" and c in entry.get_text() for c in text)  # refused when typed


def test_a_save_named_with_invisible_characters_opens_every_screen(tmp_path: Path) -> None:
    data = tmp_path / "data\u200b\u00ad\u202e\u2060"  # the data folder's own path too
    write_hostile_files(data)
    names = {p.name for p in (data / "saves").iterdir()}
    assert "\u200b.json" in names and "invisible-200b.json" in names
    app = new_app(data_dir=data, size=(1024, 640))
    try:
        app.goto("menu")
        _frames(app)
        load = app.goto("load")
        _frames(app)
        for index in range(len(load.entries)):
            load.select(index)
            _frames(app, 1)
        load.ask_rename()  # the name field, with a name that is only invisible characters
        _frames(app)
        app.goto("settings")
        _frames(app)
        load = app.goto("load")
        _frames(app)
        load.ask_record()  # the records folder holds invisible and non-UTF-8 names too
        _frames(app)
        assert app.top.name == "records"
        app.goto("credits")
        _frames(app)
    finally:
        app.shutdown()


def test_a_name_of_invisible_characters_is_no_name() -> None:
    from saves.save_file import clean_label

    assert clean_label("\u200b\u00ad") is None
    assert clean_label("Ana\u200b's game") == "Ana's game"
    assert clean_text("\u202eevil") == "evil"


def test_messages_quote_at_most_a_short_cleaned_value() -> None:
    error = NotationError("zz-" * 700, "a placement starts with '@'")
    assert len(str(error)) < QUOTE_CHARS + 60
    assert quoted("a\x00b\u200b") == "'a\ufffdb'"
    with pytest.raises(Exception) as raised:
        Seat.from_json({"kind": "robot", "x": "y" * 5000})
    assert "{" not in str(raised.value) and len(str(raised.value)) < 120


def test_the_command_line_refuses_a_named_pipe_at_once(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("named pipes are a POSIX thing")
    pipe = tmp_path / "record.txt"
    os.mkfifo(pipe)
    done = subprocess.run(
        [sys.executable, "-m", "game", "play", "--record", str(pipe)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "not a regular file" in done.stderr


def test_the_command_line_never_prints_raw_control_characters() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "play", "elephant-run", "a\x01\x1b[31mb"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "\x1b" not in done.stderr and "\x01" not in done.stderr


# -- files stay in their folder -------------------------------------------------------------------------
def _link(link: Path, target: Path, folder: bool = False) -> None:
    """A symbolic link, or a skip where the system refuses one (Windows without the privilege)."""
    try:
        link.symlink_to(target, target_is_directory=folder)
    except (OSError, NotImplementedError) as exc:
        pytest.skip(f"no symbolic links here: {exc}")


def _two_saves(root: Path) -> list[Path]:
    store = SaveStore(root)
    match = Match("elephant-run", {}, {"elephant": Seat(HUMAN), "farmers": Seat(AI, "easy")})
    match.play_text("@c2")
    paths = [store.save(match, label=f"Keep me {n}").path for n in range(2)]
    old = time.time() - 3600
    for path in paths:
        os.utime(path, (old, old))
    return paths


def test_a_trash_that_links_to_the_saves_deletes_nothing(tmp_path: Path) -> None:
    saves = _two_saves(tmp_path)
    _link(tmp_path / "trash", tmp_path / "saves", folder=True)
    app = new_app(data_dir=tmp_path)  # the start-up purge runs here
    try:
        assert all(p.exists() for p in saves)
        assert any("not a real folder" in text for text, _ in app.toasts)  # said once
        with pytest.raises(OSError):
            app.store.throw_away(saves[0])  # no delete through a trash that is not ours
        assert saves[0].exists()
    finally:
        app.shutdown()


def test_a_trash_that_links_outside_the_data_folder_deletes_nothing(tmp_path: Path) -> None:
    data, stranger = tmp_path / "data", tmp_path / "stranger"
    data.mkdir()
    stranger.mkdir()
    theirs = stranger / "thesis.txt"
    theirs.write_text("years of work")
    os.utime(theirs, (1_000_000, 1_000_000))
    _link(data / "trash", stranger, folder=True)
    store = SaveStore(data)
    store.tidy()
    assert theirs.read_text() == "years of work"


def test_links_inside_the_data_folder_are_never_followed(tmp_path: Path) -> None:
    data, outside = tmp_path / "data", tmp_path / "outside"
    saves = _two_saves(data)
    outside.mkdir()
    target = outside / "x.json"
    target.write_text("{}")
    link = data / "saves" / "link.json"
    _link(link, target)
    store = SaveStore(data)
    with pytest.raises((OSError, ValueError)):
        store.delete(link)
    with pytest.raises((OSError, ValueError)):
        store.throw_away(link)
    assert target.exists() and all(p.exists() for p in saves)
    assert own_folder(data / "saves", data) and not own_file(link, data)
    # a trash entry that is a link: the purge removes neither it nor what it points at
    trash = data / "trash"
    trash.mkdir()
    _link(trash / "old-link.json", target)
    os.utime(trash / "old-link.json", (1_000_000, 1_000_000), follow_symlinks=False)
    store.trash.purge_old(min_age=0)
    assert target.exists()


def test_a_data_folder_that_is_itself_a_link_still_works(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    _link(tmp_path / "alias", real, folder=True)
    store = SaveStore(tmp_path / "alias")
    saves = _two_saves(tmp_path / "alias")
    item = store.throw_away(saves[0])
    assert not saves[0].exists()
    store.restore(item)
    assert saves[0].exists()


# -- never quit over unsaved moves ----------------------------------------------------------------------
def test_quitting_over_moves_the_disk_refused_asks_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = new_app(data_dir=tmp_path)
    try:
        match = Match("elephant-run", {}, {"elephant": Seat(HUMAN), "farmers": Seat(HUMAN)})
        app.open_match(match)
        scene = app.top
        full = OSError(errno.ENOSPC, "No space left on device")

        def refuse(*_: object) -> None:
            raise full

        monkeypatch.setattr(app.store, "autosave", refuse)
        for text in ("@c2", "@a1,a2,b1,d1,e2,e3"):
            match.play_text(text)
            scene.saving.autosave()
        app.quit()
        assert app.running and app.top.name == "unsaved"
        assert "2 moves could not be saved: the disk is full" in app.top.sentence
        _frames(app)
        app.top.choose("retry")  # still full: the question stays
        assert app.running and app.top.name == "unsaved"
        monkeypatch.undo()
        app.top.choose("retry")  # room again: saved, then closed
        assert not app.running
        assert app.store.entries() and len(app.store.entries()[0].moves) == 2
    finally:
        app.shutdown()


def test_quit_anyway_and_keep_playing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = new_app(data_dir=tmp_path)
    try:
        match = Match("elephant-run", {}, {"elephant": Seat(HUMAN), "farmers": Seat(HUMAN)})
        app.open_match(match)

        def refuse(*_: object) -> None:
            raise OSError(errno.EROFS, "Read-only file system")

        monkeypatch.setattr(app.store, "autosave", refuse)
        match.play_text("@c2")
        app.top.saving.autosave()
        app._dispatch(pygame.event.Event(pygame.QUIT))  # the window's close button
        assert app.top.name == "unsaved" and "Your last move" in app.top.sentence
        app.top.choose("keep")
        assert app.running and app.top.name == "match"
        app.quit()
        app.top.choose("quit")
        assert not app.running
    finally:
        app.shutdown()


def test_save_as_a_record_keeps_the_moves_the_data_folder_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The question's third way out: the game written as a record away from the refusing data
    folder, said where, and then quitting loses nothing; a records folder that refuses too is said
    and the question stays as it was."""
    from game.records import parse_record
    from scenes.shell.windows.records import records_folder

    app = new_app(data_dir=tmp_path / "data")
    try:
        match = Match("elephant-run", {}, {"elephant": Seat(HUMAN), "farmers": Seat(HUMAN)})
        app.open_match(match)

        def refuse(*_: object) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(app.store, "autosave", refuse)
        for text in ("@c2", "@a1,a2,b1,d1,e2,e3", "c2-c3"):
            match.play_text(text)
            app.top.saving.autosave()
        app.quit()
        question = app.top
        assert question.name == "unsaved" and set(question.buttons) == {"keep", "record", "retry", "quit"}

        monkeypatch.setattr("saves.records.export_record", refuse)
        question.choose("record")
        assert "could not be written either: the disk is full" in question.sentence
        assert not question.kept and "record" in question.buttons
        monkeypatch.undo()
        monkeypatch.setattr(app.store, "autosave", refuse)

        question.choose("record")
        assert question.kept and set(question.buttons) == {"keep", "quit"}
        written = list(records_folder(app.data_dir).glob("*.txt"))
        assert len(written) == 1 and f"'{written[0].name}'" in question.sentence
        assert parse_record(written[0].read_text("utf-8")).match.move_texts() == [
            "@c2",
            "@a1,a2,b1,d1,e2,e3",
            "c2-c3",
        ]
        _frames(app)
        question.choose("quit")
        assert not app.running
    finally:
        app.shutdown()


# -- the suite can live with it ---------------------------------------------------------------------------
def test_an_app_that_shut_down_can_be_collected(tmp_path: Path) -> None:
    app = new_app(data_dir=tmp_path)
    app.goto("menu")
    _frames(app)
    gone = weakref.ref(app)
    app.shutdown()
    del app
    gc.collect()
    assert gone() is None


def test_hostile_saves_are_still_listed(tmp_path: Path) -> None:
    write_hostile_files(tmp_path)
    store = SaveStore(tmp_path)
    titles = [e.title for e in store.listed()]
    assert titles and all(drawable(t) == t or "\ufffd" in drawable(t) for t in titles)
    data = json.loads((tmp_path / "saves" / "invisible-200b.json").read_text())
    assert data["label"] == "\u200b"  # the file itself is left exactly as it was


def _hostile_path_name() -> str:
    """A folder name made of every control and format character a POSIX file name may hold (all but
    NUL and '/'), and a byte that is not UTF-8 (kept by Python as a lone surrogate)."""
    controls = "".join(chr(c) for c in range(1, 0x20) if chr(c) != "/")
    formats = "".join(chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == "Cf")
    return controls + formats[:60] + os.fsdecode(b"\xff\xfe") + "end"


@pytest.mark.skipif(os.name != "posix" or sys.platform == "darwin", reason="POSIX byte names")
def test_a_storm_over_a_data_folder_of_invisible_names(tmp_path: Path) -> None:
    """Every screen that lists or takes a name (menu, load, rename, delete, records, settings), over
    a data folder whose own path, saves, records and folders are named with every Cc/Cf character,
    lone surrogates and bytes that are not UTF-8, under the storm tool: no frame raises."""
    from scenes.dev.storm import INVISIBLE_TEXT, storm

    root = tmp_path / _hostile_path_name()
    write_hostile_files(root)
    app = new_app(data_dir=root, size=(1024, 640))
    try:
        for screen in ("menu", "load", "settings"):
            storm(app, screen, events=120, seed=27, texts=INVISIBLE_TEXT)
        load = app.goto("load")
        _frames(app)
        for index in range(min(len(load.entries), 12)):
            load.select(index)
            for opener in (load.ask_rename, load.ask_delete, load.ask_record):
                opener()
                for text in ("\u200b", "\xad", "x\u200dy", "\ud800", "\x00", "m"):
                    app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)], 1 / 60)
                _frames(app, 1)
                load.dialogs.close_all()
                if app.top is not load:  # the records screen, over the load screen
                    app.pop()
    finally:
        app.shutdown()
    assert (root / "saves" / "\u200b.json").exists()  # nothing was deleted without a confirmation


@pytest.mark.parametrize(
    "failure",
    [
        OSError(errno.EEXIST, "File exists"),
        OSError(errno.EACCES, "Permission denied"),
        OSError(errno.EIO, "Input/output error: '/home/x/saves'"),
    ],
)
def test_delete_and_rename_failures_are_told_in_the_apps_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: OSError
) -> None:
    """Never the system's own text ("File exists", "Permission denied"), an errno or a path."""
    _two_saves(tmp_path)
    app = new_app(data_dir=tmp_path)
    try:
        load = app.goto("load")
        _frames(app)
        load.select(0)

        def refuse(*_: object) -> None:
            raise failure

        monkeypatch.setattr(app.store, "throw_away", refuse)
        monkeypatch.setattr(app.store, "rename", refuse)
        told: list[str] = []
        monkeypatch.setattr(load.dialogs, "message", lambda title, html, *a, **k: told.append(html))
        load.delete(load.current)
        load.rename_selected("New name")
        assert len(told) == 2, told
        for text in told:
            assert failure.strerror not in text and "Errno" not in text and "/home" not in text
            assert text.startswith("The ")
    finally:
        app.shutdown()
