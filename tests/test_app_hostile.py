"""The app starts, and every screen renders, with every kind of damaged file in its data folder; the
window never goes below 1024x640 and no drawing raises at any size; interrupted writes are tidied."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pygame
import pytest

from scenes.dev.hostile import SETTINGS_VARIANTS, write_hostile_files
from scenes.kit.app import MIN_SIZE, App
from scenes.routes import new_app
from scenes.services import FolderServices
from tests.scene_driver import pump

EXCEPTION_NAME = re.compile(r"[A-Z][a-z]+(Error|Exception)|Traceback")


def _frames(app: App, count: int = 3) -> None:
    for _ in range(count):
        app.step(pygame.event.get(), 1 / 60)


@pytest.mark.parametrize("variant", sorted(SETTINGS_VARIANTS))
def test_the_app_starts_over_any_damaged_settings_and_saves(tmp_path: Path, variant: str) -> None:
    write_hostile_files(tmp_path, settings=variant)
    settings_before = (tmp_path / "config" / "settings.json").read_bytes()
    app = new_app(data_dir=tmp_path)
    try:
        menu = app.goto("menu")
        _frames(app)
        assert menu.continue_entry is not None  # the healthy unfinished saves are still offered
        for text, _ in app.toasts:
            assert not EXCEPTION_NAME.search(text), text
        app.open("load")
        _frames(app)
        app.pop()
        app.open("settings")
        _frames(app)
    finally:
        app.shutdown()
    assert (tmp_path / "config" / "settings.json").read_bytes() == settings_before  # nobody asked


def test_every_screen_renders_with_the_hostile_data_folder(tmp_path: Path) -> None:
    from scenes.dev.showcase import ShowcaseUnavailable, all_names, build

    write_hostile_files(tmp_path)
    app = new_app(data_dir=tmp_path, size=MIN_SIZE)
    try:
        for name in all_names():
            try:
                build(app, name)
            except ShowcaseUnavailable:
                continue
            _frames(app, 2)
            assert app.stack, name
        load = app.goto("load")
        _frames(app)
        for index in range(len(load.entries)):  # every row selected: the detail line and the buttons
            load.select(index)
            _frames(app, 1)
            if load.current.error is not None:
                assert not EXCEPTION_NAME.search(load.current.error)
                assert load.delete_button.is_enabled and not load.load_button.is_enabled
    finally:
        app.shutdown()


def test_a_damaged_save_is_deleted_only_when_the_player_confirms(tmp_path: Path) -> None:
    from pygame_gui.windows import UIConfirmationDialog

    write_hostile_files(tmp_path, settings=None)
    app = new_app(data_dir=tmp_path)
    try:
        load = app.goto("load")
        pump(app)
        index = next(i for i, e in enumerate(load.entries) if e.path.name == "deep-nesting.json")
        entry = load.entries[index]
        load.select(index)
        load.ask_delete()
        pump(app)
        assert entry.path.exists()  # asked, not yet confirmed
        assert any(isinstance(e, UIConfirmationDialog) for e in load.ui.get_root_container().elements)
        load.delete(entry)  # what the dialog's Delete button calls
        assert not entry.path.exists()
    finally:
        app.shutdown()


@pytest.mark.skipif(sys.platform != "linux", reason="only Linux file names can be any bytes")
def test_a_damaged_file_whose_name_is_not_utf8_can_be_shown_and_offered_for_deletion(tmp_path: Path) -> None:
    write_hostile_files(tmp_path, settings=None)
    app = new_app(data_dir=tmp_path)
    try:
        load = app.goto("load")
        pump(app)
        index = next(i for i, e in enumerate(load.entries) if e.path.name.startswith("bro"))
        load.select(index)
        pump(app)
        load.load_selected()  # "Cannot load this file": the reason, in a window
        pump(app)
        load.dialogs.close_all()
        load.ask_delete()  # "Delete the damaged file bro�ken-�.json?"
        pump(app)
        assert load.entries[index].path.exists()
    finally:
        app.shutdown()


def test_stray_temp_files_are_cleaned_at_start(tmp_path: Path) -> None:
    written = write_hostile_files(tmp_path, settings=None)
    strays = [p for p in written if p.name.endswith(".tmp")]
    assert len(strays) == 3 and all(p.exists() for p in strays)
    app = App(FolderServices(tmp_path))
    app.shutdown()
    assert not any(p.exists() for p in strays)
    assert all(p.exists() for p in written if not p.name.endswith(".tmp"))


# -- sizes -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1, 1), (320, 200), (1023, 639), (4000, 300), (300, 2500)])
def test_the_window_never_goes_below_the_minimum(app: App, size: tuple[int, int]) -> None:
    from scenes.dev.showcase import build

    build(app, "match-mid:elephant-run")
    for event in (
        pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size),
        pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]),
    ):
        app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)  # a window manager ignoring the minimum
        app.step([event], 1 / 60)
        assert app.size[0] >= MIN_SIZE[0] and app.size[1] >= MIN_SIZE[1]
        assert app.screen.get_width() >= MIN_SIZE[0] and app.screen.get_height() >= MIN_SIZE[1]


def test_a_full_screen_smaller_than_the_minimum_still_draws(app: App) -> None:
    from scenes.dev.showcase import build

    app.fullscreen = True  # as if the display were 800x600
    app.screen = pygame.display.set_mode((800, 600))
    app._resized((800, 600))
    for name in ("menu", "load", "settings", "match-mid:nelaxtam", "pause:changing-challenges"):
        build(app, name)
        _frames(app, 2)
    assert app.size == MIN_SIZE and app.screen.get_size() == (800, 600)
    app.fullscreen = False
