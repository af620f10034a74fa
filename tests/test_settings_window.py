"""The window's remembered size and place in the settings: round trip, and damaged values forgotten."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from saves.settings import Settings, load_settings, save_settings


def test_no_window_remembered_by_default(tmp_path: Path) -> None:
    settings = load_settings(tmp_path)
    assert settings.window_size is None and settings.window_position is None
    assert "window_size" not in settings.to_json() and "window_position" not in settings.to_json()


def test_size_and_place_round_trip(tmp_path: Path) -> None:
    settings = load_settings(tmp_path)
    settings.window_size = (1100, 680)
    settings.window_position = (-1800, 40)  # a monitor left of the main one
    assert save_settings(settings)
    data = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert data["window_size"] == [1100, 680] and data["window_position"] == [-1800, 40]
    again = load_settings(tmp_path)
    assert again == settings
    assert (again.window_size, again.window_position) == ((1100, 680), (-1800, 40))


@pytest.mark.parametrize(
    "value",
    [
        None,
        "1280x800",
        [1280],
        [1280, 800, 1],
        [1280.5, 800],
        [True, 800],
        ["1280", "800"],
        [100, 800],
        [1280, 99999],
        {"w": 1280, "h": 800},
        [[1280], 800],
        7,
    ],
)
def test_damaged_size_is_forgotten_and_the_rest_kept(tmp_path: Path, value: Any) -> None:
    (tmp_path / "settings.json").write_text(
        json.dumps({"animation_speed": "fast", "window_size": value, "window_position": [10, 20]}),
        encoding="utf-8",
    )
    settings = load_settings(tmp_path)
    assert settings.window_size is None  # the app fits the window to the screen again
    assert settings.window_position == (10, 20) and settings.animation_speed == "fast"
    assert not settings.damaged


@pytest.mark.parametrize("value", [[10], [0.5, 2], [False, 0], [40000, 0], [0, -40000], "10,20", None])
def test_damaged_position_is_forgotten(tmp_path: Path, value: Any) -> None:
    (tmp_path / "settings.json").write_text(
        json.dumps({"window_size": [1100, 680], "window_position": value}), encoding="utf-8"
    )
    settings = load_settings(tmp_path)
    assert settings.window_position is None and settings.window_size == (1100, 680)


def test_older_file_without_window_keys_reads_and_writes_them_later(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "fullscreen": True}), encoding="utf-8")
    settings = load_settings(tmp_path)
    assert settings == Settings(fullscreen=True)
    settings.window_size, settings.window_position = (1024, 640), (0, 0)
    save_settings(settings)
    assert load_settings(tmp_path).window_size == (1024, 640)
