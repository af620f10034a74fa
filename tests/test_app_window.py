"""The App's window on the dummy video driver: fitted to the screen on a first start, back where the
player left it after, saved when it moves and when the app closes (scenes/kit/app.py, window_fit.py)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from scenes.kit import app as app_module
from scenes.kit import desktop
from scenes.kit.app import MIN_SIZE, App, make_event
from scenes.kit.window_fit import FRAME_GUESS, Display, Frame, centred, fit_size
from scenes.services import FolderServices

LAPTOP = Display((0, 0, 1366, 768), (0, 0, 1366, 720))
"""The issue's 1366x768 screen with a 48 px taskbar."""
OPENBOX = Frame(top=20, left=1, bottom=5, right=1)


@pytest.fixture
def screens(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Display]]:
    """The displays the app sees (the dummy driver has one of 1024x768), and no frame measured."""
    shown = [LAPTOP]
    monkeypatch.setattr(desktop, "displays", lambda: list(shown))
    monkeypatch.setattr(desktop, "window_frame", lambda: None)
    monkeypatch.delenv("SDL_VIDEO_WINDOW_POS", raising=False)
    monkeypatch.delenv("SDL_VIDEO_CENTERED", raising=False)
    yield shown


def settings_file(root: Path) -> Path:
    return root / "config" / "settings.json"


def write_settings(root: Path, **values: object) -> None:
    settings_file(root).parent.mkdir(parents=True, exist_ok=True)
    settings_file(root).write_text(json.dumps(values), encoding="utf-8")


def test_first_start_fits_the_screen_and_is_centred(tmp_path: Path, screens: list[Display]) -> None:
    app = App(FolderServices(tmp_path), size=None)
    try:
        expected = fit_size(LAPTOP.usable, FRAME_GUESS, MIN_SIZE)
        assert expected == (1075, 672)  # 16:10, framed within 1366x720
        assert app.size == expected and app.screen.get_size() == expected
        assert pygame.display.get_window_position() == centred(expected, LAPTOP.usable, FRAME_GUESS)
        assert "SDL_VIDEO_WINDOW_POS" not in os.environ  # the next set_mode must not move it
    finally:
        app.shutdown()


def test_measured_frame_corrects_the_first_guess(
    tmp_path: Path, screens: list[Display], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(desktop, "window_frame", lambda: OPENBOX)
    app = App(FolderServices(tmp_path), size=None)
    try:
        expected = fit_size(LAPTOP.usable, OPENBOX, MIN_SIZE)
        assert expected == (1112, 695)
        assert app.size == expected and app.screen.get_size() == expected
        assert pygame.display.get_window_position() == centred(expected, LAPTOP.usable, OPENBOX)
    finally:
        app.shutdown()


def test_remembered_window_comes_back(tmp_path: Path, screens: list[Display]) -> None:
    write_settings(tmp_path, window_size=[1100, 660], window_position=[41, 50])
    app = App(FolderServices(tmp_path), size=None)
    try:
        assert app.size == (1100, 660)
        assert pygame.display.get_window_position() == (41, 50)
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [[600, 400], [1280, 800, 3], "big"])
def test_remembered_size_out_of_range_or_damaged_is_fitted_again(
    tmp_path: Path, screens: list[Display], size: object
) -> None:
    write_settings(tmp_path, window_size=size, window_position=[41, 50])
    app = App(FolderServices(tmp_path), size=None)
    try:
        assert app.size == fit_size(LAPTOP.usable, FRAME_GUESS, MIN_SIZE)
    finally:
        app.shutdown()


def test_window_left_on_an_unplugged_monitor_is_brought_back(tmp_path: Path, screens: list[Display]) -> None:
    write_settings(tmp_path, window_size=[1100, 660], window_position=[2400, 300])
    app = App(FolderServices(tmp_path), size=None)
    try:
        x, y = pygame.display.get_window_position()
        outer = FRAME_GUESS.outer(app.size, (x, y))
        assert app.size == (1100, 660)
        assert outer[0] >= 0 and outer[1] >= 0 and outer[0] + outer[2] <= 1366 and outer[1] + outer[3] <= 720
    finally:
        app.shutdown()


def test_moves_are_saved_once_the_window_rests_and_again_when_the_app_closes(
    tmp_path: Path, screens: list[Display], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "WINDOW_SAVE_DELAY", 0.05)
    app = App(FolderServices(tmp_path), size=None)
    try:
        app.push(app_module.Scene(app))
        pygame.display.set_window_position((200, 30))
        app.step([make_event(pygame.WINDOWMOVED, x=200, y=30)], 1 / 60)
        assert not settings_file(tmp_path).exists()  # not while it may still be moving
        time.sleep(0.06)  # rested
        app.step([], 1 / 60)
        saved = json.loads(settings_file(tmp_path).read_text(encoding="utf-8"))
        assert saved["window_position"] == [200, 30] and saved["window_size"] == list(app.size)
        pygame.display.set_window_position((150, 40))  # moved again, closed at once
    finally:
        app.shutdown()
    saved = json.loads(settings_file(tmp_path).read_text(encoding="utf-8"))
    assert saved["window_position"] == [150, 40]


def test_a_window_left_where_the_app_put_it_writes_nothing(tmp_path: Path, screens: list[Display]) -> None:
    app = App(FolderServices(tmp_path), size=None)
    try:
        app.push(app_module.Scene(app))
        x, y = pygame.display.get_window_position()
        app.step([make_event(pygame.WINDOWMOVED, x=x, y=y)], 1 / 60)  # the window manager placing it
    finally:
        app.shutdown()
    assert not settings_file(tmp_path).exists()  # the next start fits it again, the same way


def test_full_screen_remembered_keeps_the_fitted_window_to_come_back_to(
    tmp_path: Path, screens: list[Display]
) -> None:
    write_settings(tmp_path, fullscreen=True)
    app = App(FolderServices(tmp_path), size=None)
    try:
        assert app.fullscreen and app.windowed_size == fit_size(LAPTOP.usable, FRAME_GUESS, MIN_SIZE)
    finally:
        app.shutdown()


def test_an_explicit_size_is_for_this_run_only(tmp_path: Path, screens: list[Display]) -> None:
    write_settings(tmp_path, window_size=[1100, 660], window_position=[41, 50])
    before = settings_file(tmp_path).read_text(encoding="utf-8")
    app = App(FolderServices(tmp_path), size=(1280, 800))
    try:
        assert app.size == (1280, 800) and not app.remembers_window
        app.push(app_module.Scene(app))
        app.step([make_event(pygame.WINDOWMOVED, x=5, y=5)], 1 / 60)
    finally:
        app.shutdown()
    assert settings_file(tmp_path).read_text(encoding="utf-8") == before


def test_no_display_known_falls_back_to_the_default_size(tmp_path: Path, screens: list[Display]) -> None:
    screens.clear()
    app = App(FolderServices(tmp_path), size=None)
    try:
        assert app.size == app_module.DEFAULT_SIZE
    finally:
        app.shutdown()
