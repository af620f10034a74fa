"""Settings: defaults, round trip, and a damaged or newer settings file is left alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saves.settings import (
    ANIMATION_SPEEDS,
    Settings,
    animation_factor,
    load_settings,
    new_game_choices,
    remember_new_game,
    save_settings,
)


def test_defaults_when_there_is_no_file(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "config")
    assert settings == Settings()
    assert (settings.fullscreen, settings.animation_speed, settings.last_new_game) == (False, "normal", {})
    assert settings.config_dir == tmp_path / "config"
    assert settings.writable and not settings.damaged and settings.message is None
    assert not (tmp_path / "config").exists()  # loading never writes


def test_round_trip(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "config")
    settings.fullscreen = True
    settings.animation_speed = "fast"
    remember_new_game(
        settings,
        "elephant-run",
        {"mode": "ai", "level": "hard", "side": "farmers", "options": {"target": "10"}},
    )
    assert save_settings(settings) is True
    again = load_settings(tmp_path / "config")
    assert again == settings
    assert new_game_choices(again, "elephant-run")["options"] == {"target": "10"}
    assert new_game_choices(again, "unknown") == {}
    assert [p.name for p in (tmp_path / "config").iterdir()] == ["settings.json"]


def test_choices_are_copies(tmp_path: Path) -> None:
    settings = load_settings(tmp_path)
    choices = {"mode": "two", "options": {"a": "1"}}
    remember_new_game(settings, "g", choices)
    choices["options"]["a"] = "2"
    got = new_game_choices(settings, "g")
    got["options"]["a"] = "3"
    assert settings.last_new_game["g"]["options"]["a"] == "1"


@pytest.mark.parametrize(
    "content",
    [b"{ fullscreen: yes", b"", b"[true]", b"\xff\xfe", b'{"fullscreen": true'],
    ids=["garbage", "empty", "list", "binary", "truncated"],
)
def test_damaged_file_gives_defaults_and_is_kept_aside_never_lost(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings = load_settings(tmp_path)
    assert settings == Settings()
    assert settings.damaged and settings.writable
    assert settings.message and "damaged" in settings.message and "left as it is" in settings.message
    assert path.read_bytes() == content  # loading changes nothing
    settings.fullscreen = True
    assert save_settings(settings) is True  # the player changed a setting: the old file goes aside
    [kept] = tmp_path.glob("settings.damaged-*.json")
    assert kept == settings.kept_aside and kept.read_bytes() == content
    assert load_settings(tmp_path).fullscreen and not load_settings(tmp_path).damaged


def test_file_damaged_while_running_is_kept_aside(tmp_path: Path) -> None:
    settings = load_settings(tmp_path)
    assert save_settings(settings)
    path = tmp_path / "settings.json"
    path.write_text("{ edited by hand")
    settings.fullscreen = True
    assert save_settings(settings) is True
    [kept] = tmp_path.glob("settings.damaged-*.json")
    assert kept.read_text() == "{ edited by hand" and load_settings(tmp_path).fullscreen


def test_damaged_file_that_cannot_be_kept_aside_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import saves.settings as settings_module

    path = tmp_path / "settings.json"
    path.write_text("{ edited by hand")
    monkeypatch.setattr(settings_module, "_keep_aside", lambda p: None)  # a read-only folder
    settings = load_settings(tmp_path)
    settings.fullscreen = True
    assert save_settings(settings) is False
    assert settings.damaged and "not saved" in (settings.message or "")
    assert path.read_text() == "{ edited by hand"


def test_invalid_values_fall_back_per_field_and_unknown_keys_survive(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "fullscreen": "yes",
                "animation_speed": "warp",
                "last_new_game": {"g": 3, "h": {}},
                "volume": 7,
            }
        )
    )
    settings = load_settings(tmp_path)
    assert (settings.fullscreen, settings.animation_speed) == (False, "normal")
    assert settings.last_new_game == {"h": {}}
    assert not settings.damaged
    settings.animation_speed = "slow"
    assert save_settings(settings)
    data = json.loads(path.read_text())
    assert data["volume"] == 7 and data["animation_speed"] == "slow" and data["version"] == 1


def test_newer_settings_version_is_read_but_not_written(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 2, "fullscreen": True, "theme": "dark"}))
    before = path.read_bytes()
    settings = load_settings(tmp_path)
    assert settings.fullscreen and settings.read_only and settings.message
    assert save_settings(settings) is False
    assert path.read_bytes() == before


def test_save_without_config_dir_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        save_settings(Settings())


def test_animation_factor() -> None:
    assert list(ANIMATION_SPEEDS) == ["off", "slow", "normal", "fast"]
    assert animation_factor(Settings(animation_speed="off")) == 0.0
    assert animation_factor("slow") < 1.0 < animation_factor(Settings(animation_speed="fast"))
    assert animation_factor(Settings()) == 1.0
    assert animation_factor("bogus") == 1.0
