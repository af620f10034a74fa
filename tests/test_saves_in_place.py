"""Saves in place: Ctrl+S replaces the game's own file (twice leaves one), "Save a copy" makes a new
one under a new id, and the load screen lists newest first with a picture of each board, renames
(kept across a restart) and deletes with a confirmation and a few seconds of Undo.

The store is tested directly for the rules of what it may overwrite; the screens are driven with
real events through ``App.step``.
"""

from __future__ import annotations

import json
import os
import time
import unicodedata
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from pygame_gui.windows import UIConfirmationDialog

import saves.store as store_module
from game.match import AI, Match, Seat
from game.text import drawable
from saves.store import AUTOSAVE, MANUAL, MAX_LABEL_CHARS, SaveError, SaveStore, clean_label, content_digest
from scenes.shell.load import UNDO_SECONDS, LoadScreen
from scenes.shell.windows.rename import RenameWindow
from tests.scene_driver import DT, click_element, key, pump, start


def elephant(*moves: str, seats: dict[str, Seat] | None = None) -> Match:
    match = Match("elephant-run", {}, seats or {"farmers": Seat(AI, "easy")})
    for text in moves:
        match.play_text(text)
    return match


OPENING = ("@c2", "@a1,b3,c4,d1,e2,f4")  # as the rules write them


def manual_files(store: SaveStore) -> list[Path]:
    return sorted(store.saves_dir.glob("*.json")) if store.saves_dir.exists() else []


def moves_in(path: Path) -> list[str]:
    return json.loads(path.read_text())["match"]["moves"]


# -- the store ------------------------------------------------------------------------------------------
def test_saving_twice_leaves_one_file_with_the_latest_position(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    match = elephant(*OPENING)
    first = store.save_in_place(match)
    match.play_text("c2-c1")
    second = store.save_in_place(match)
    assert second.path == first.path and manual_files(store) == [first.path]
    assert moves_in(first.path) == [*OPENING, "c2-c1"]
    assert store.read_entry(first.path).pristine  # still exactly as the app writes it


def test_save_a_copy_makes_a_second_file_and_later_saves_go_to_the_first(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    match = elephant(*OPENING)
    own = store.save_in_place(match)
    copy = store.save_copy(match)
    assert manual_files(store) == sorted([own.path, copy.path])
    assert copy.match_id != match.match_id and own.match_id == match.match_id
    assert copy.label == "Elephant Run (copy)"
    match.play_text("c2-c1")
    again = store.save_in_place(match)
    assert again.path == own.path and len(manual_files(store)) == 2
    assert moves_in(own.path) == [*OPENING, "c2-c1"] and moves_in(copy.path) == list(OPENING)
    # the copy is a game of its own: loading it and saving goes to the copy, not the original
    loaded = store.load(copy.path)
    loaded.play_text("c2-b2")
    assert store.save_in_place(loaded).path == copy.path and moves_in(own.path) == [*OPENING, "c2-c1"]


def test_a_hand_edited_save_is_never_overwritten_by_ctrl_s(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    match = elephant(*OPENING)
    own = store.save_in_place(match)
    data = json.loads(own.path.read_text())
    data["label"] = "edited by hand"  # the digest no longer matches
    own.path.write_text(json.dumps(data))
    before = own.path.read_bytes()
    fresh = store.save_in_place(match)
    assert fresh.path != own.path and own.path.read_bytes() == before
    assert len(manual_files(store)) == 2


def test_ctrl_s_after_loading_goes_back_to_the_file_it_came_from(tmp_path: Path) -> None:
    """Two files of one match (saved by older versions, one per Save): the one loaded is replaced."""
    store = SaveStore(tmp_path)
    match = elephant(*OPENING)
    older = store.save(match)
    match.play_text("c2-c1")
    newer = store.save(match)
    again = SaveStore(tmp_path)  # a restart
    loaded = again.load(older.path)
    loaded.play_text("c2-d2")
    assert again.save_in_place(loaded).path == older.path
    assert moves_in(newer.path) == [*OPENING, "c2-c1"]


def test_a_name_survives_ctrl_s_and_autosaves_and_a_restart(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    match = elephant(*OPENING)
    own = store.save_in_place(match)
    auto = store.autosave(match)
    store.rename(own.path, "  Try   the c-file  ")
    store.rename(auto.path, "Autosave named")
    match.play_text("c2-c1")
    store.save_in_place(match)
    store.autosave(match)
    restarted = SaveStore(tmp_path)
    assert restarted.read_entry(own.path).label == "Try the c-file"
    assert restarted.read_entry(auto.path, AUTOSAVE).label == "Autosave named"
    assert restarted.read_entry(own.path).pristine


def test_rename_refuses_damaged_and_hand_edited_files_with_a_sentence(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    damaged = store.saves_dir / "broken.json"
    damaged.parent.mkdir(parents=True)
    damaged.write_text("{")
    with pytest.raises(SaveError, match="damaged file cannot be renamed"):
        store.rename(damaged, "x")
    own = store.save_in_place(elephant())
    data = json.loads(own.path.read_text())
    data["label"] = "mine"
    own.path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="changed outside Curio Boards"):
        store.rename(own.path, "x")
    assert json.loads(own.path.read_text())["label"] == "mine"
    with pytest.raises(ValueError):
        store.rename(tmp_path / "elsewhere.json", "x")


@given(st.text(max_size=300))
@example("\xad")  # found by this test: a soft hyphen alone takes no room, so it is no name
@example("a\u200bb")
def test_a_typed_name_is_one_safe_bounded_line(name: str) -> None:
    label = clean_label(name)
    if label is None:  # nothing visible was typed: controls, spaces, characters that take no room
        assert all(
            unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") or c.isspace() or not drawable(c)
            for c in name
        )
        return
    assert 0 < len(label) <= MAX_LABEL_CHARS and label == label.strip()
    assert not any(unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") for c in label)
    assert all(drawable(c) for c in label)  # nothing invisible hides in a name
    assert "  " not in label


def test_listing_shows_one_row_per_position_newest_first_and_stable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SaveStore(tmp_path)
    same_second = datetime(2025, 3, 14, 18, 2, 51, tzinfo=UTC)
    monkeypatch.setattr(store_module, "_now", lambda: same_second)
    kept = elephant(*OPENING)
    saved = store.save_in_place(kept)
    store.autosave(kept)  # same game, same move: the save's row is enough
    played_on = elephant(*OPENING)
    store.save_in_place(played_on)
    played_on.play_text("c2-c1")
    newer_auto = store.autosave(played_on)  # went on after saving: both rows
    names = ["b", "a", "c"]
    for name in names:
        store.rename(store.save(elephant()).path, name)
    listed = store.listed()
    assert saved.path in [e.path for e in listed]
    assert sum(e.match_id == kept.match_id for e in listed) == 1
    assert sum(e.match_id == played_on.match_id for e in listed) == 2
    assert newer_auto.path in [e.path for e in listed]
    titles = [e.title for e in listed]
    assert [t for t in titles if t in names] == ["a", "b", "c"]  # ties: by title, then file name
    assert [e.path for e in store.listed()] == [e.path for e in listed]  # the same order every visit
    later = datetime(2025, 3, 14, 18, 3, tzinfo=UTC)
    monkeypatch.setattr(store_module, "_now", lambda: later)
    newest = store.save(elephant(), label="zzz")
    assert store.listed()[0].path == newest.path  # newest first beats the names


def test_the_trash_restores_and_forgets(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    own = store.save_in_place(elephant(*OPENING))
    content = own.path.read_bytes()
    item = store.throw_away(own.path)
    assert not own.path.exists() and store.listed() == []
    assert store.restore(item) == own.path and own.path.read_bytes() == content
    with pytest.raises(ValueError):
        store.restore(item)  # only once
    item = store.throw_away(own.path)
    store.trash.purge(item)
    assert not own.path.exists() and not any(store.trash.directory.iterdir())
    # what an earlier session left in the trash goes at the next start
    leftover = store.throw_away(store.save(elephant()).path).waiting
    os.utime(leftover, (time.time() - 3600, time.time() - 3600))
    SaveStore(tmp_path).tidy()
    assert not leftover.exists()


# -- the match screen and the pause menu ----------------------------------------------------------------
def test_ctrl_s_twice_then_save_a_copy_then_ctrl_s_in_the_match(app: Any) -> None:
    match = elephant(*OPENING, seats={"elephant": Seat(), "farmers": Seat()})
    start(app, match)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    files = manual_files(app.store)
    assert len(files) == 1 and any(text == "Game saved" for text, _ in app.toasts)
    own = files[0]
    key(app, pygame.K_ESCAPE)  # the pause menu
    pause = app.top
    assert type(pause).__name__ == "PauseScene"
    click_element(app, pause.buttons["copy"])
    assert len(manual_files(app.store)) == 2
    copy = next(p for p in manual_files(app.store) if p != own)
    click_element(app, pause.buttons["save"])
    assert len(manual_files(app.store)) == 2
    key(app, pygame.K_ESCAPE)  # back to the board
    match.play_text("c2-c1")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert len(manual_files(app.store)) == 2
    assert moves_in(own) == [*OPENING, "c2-c1"] and moves_in(copy) == list(OPENING)


def test_a_failed_save_is_told_in_plain_words(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store_module, "write_atomic", full)
    start(app, elephant(*OPENING))
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    text = app.toasts[-1][0]
    assert text == "The game could not be saved: the disk is full."
    assert "Errno" not in text and "OSError" not in text


# -- the load screen ----------------------------------------------------------------------------------
def open_load(app: Any) -> LoadScreen:
    screen = LoadScreen(app)
    app.push(screen)
    pump(app, 6)  # a few frames: the pictures fill in, two a frame
    return screen


def test_the_load_screen_lists_newest_first_with_pictures_of_the_boards(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import scenes.shell.load_rows as load_module

    drawn: list[tuple[str, tuple[str, ...]]] = []
    real = load_module.board_picture

    def spy(game_id: str, state: Any, size: tuple[int, int], **kwargs: Any) -> pygame.Surface:
        drawn.append((game_id, tuple(kwargs.get("moves", ()))))
        return real(game_id, state, size, **kwargs)

    monkeypatch.setattr(load_module, "board_picture", spy)
    clock = iter(datetime(2025, 1, day, 12, tzinfo=UTC) for day in range(1, 10))
    monkeypatch.setattr(store_module, "_now", lambda: next(clock))
    old = app.store.save(elephant(*OPENING), label="old")
    nim_like = app.store.save(Match("epaminondas", {}, {"black": Seat(AI, "easy")}), label="middle")
    new = app.store.save(elephant(*OPENING, "c2-c1"), label="new")
    screen = open_load(app)
    assert [e.path for e in screen.entries] == [new.path, nim_like.path, old.path]
    assert ("elephant-run", (*OPENING, "c2-c1")) in drawn and ("epaminondas", ()) in drawn
    assert len(drawn) == 3 and not screen.thumbnails.waiting
    pump(app, 3)
    assert len(drawn) == 3, "pictures are drawn once, not every frame"
    # the picture really is on screen, where the row's board goes
    row = screen.row_rect(0)
    box = load_module.thumb_box(row)
    picture = screen.thumbnails.get(screen.entries[0], box.size)
    assert picture is not None
    assert app.screen.get_at(box.center) == picture.get_at((box.width // 2, box.height // 2))


def test_rename_in_the_load_screen_persists_across_a_restart(app: Any, tmp_path: Path) -> None:
    from scenes.routes import new_app

    saved = app.store.save_in_place(elephant(*OPENING))
    screen = open_load(app)
    screen.select(0)
    click_element(app, screen.rename_button)
    window = screen.dialogs.active
    assert isinstance(window, RenameWindow)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="Try the c-file")], DT)
    key(app, pygame.K_RETURN)
    pump(app)
    assert screen.dialogs.active is None
    assert screen.entries[0].title == "Try the c-file"
    data_dir = app.data_dir
    app.shutdown()
    again = new_app(data_dir=data_dir)
    try:
        entry = again.store.read_entry(saved.path, MANUAL)
        assert entry.label == "Try the c-file" and entry.pristine
        screen2 = open_load(again)
        assert screen2.entries[0].title == "Try the c-file"
    finally:
        again.shutdown()


def test_delete_asks_then_undo_restores_and_expiry_removes(app: Any) -> None:
    keep = app.store.save(elephant(*OPENING), label="keep me")
    content = keep.path.read_bytes()
    screen = open_load(app)
    screen.select(0)
    click_element(app, screen.delete_button)
    dialog = screen.dialogs.active
    assert isinstance(dialog, UIConfirmationDialog) and keep.path.exists()  # asked, not done
    assert "keep me" in dialog.confirmation_text.html_text
    click_element(app, dialog.confirm_button)
    assert not keep.path.exists() and screen.entries == []
    assert screen.undo_button is not None and screen.undo_button.visible
    click_element(app, screen.undo_button)
    assert keep.path.read_bytes() == content and [e.path for e in screen.entries] == [keep.path]
    assert not screen.undo_button.visible

    key(app, pygame.K_DELETE)
    key(app, pygame.K_RETURN)  # Enter answers the question
    pump(app)
    assert not keep.path.exists()
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # Ctrl+Z brings it back too
    assert keep.path.exists()

    key(app, pygame.K_DELETE)
    key(app, pygame.K_RETURN)
    pump(app)
    waiting = screen.deleted.waiting if screen.deleted else None
    assert waiting is not None and waiting.exists()
    for _ in range(int(UNDO_SECONDS / 0.25) + 2):
        app.step([], 0.25)
    assert screen.deleted is None and not waiting.exists() and not keep.path.exists()
    assert not screen.undo_button.visible
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not keep.path.exists(), "after the notice, the file is gone for good"


def test_leaving_the_load_screen_ends_the_undo(app: Any) -> None:
    keep = app.store.save(elephant(), label="gone")
    screen = open_load(app)
    screen.select(0)
    screen.delete(screen.entries[0])
    waiting = screen.deleted.waiting if screen.deleted else None
    assert waiting is not None and waiting.exists()
    key(app, pygame.K_ESCAPE)
    assert app.top is not screen and not waiting.exists() and not keep.path.exists()


def test_digest_helper_still_matches_after_rename(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    own = store.save_in_place(elephant())
    store.rename(own.path, "named")
    data = json.loads(own.path.read_text())
    assert data["digest"] == content_digest(data) and data["label"] == "named"
