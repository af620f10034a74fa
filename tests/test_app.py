"""The App itself: what a player sees when the settings file is damaged."""

from __future__ import annotations

from pathlib import Path

from scenes.kit.app import App
from scenes.services import FolderServices


def test_damaged_settings_are_reported_once_and_kept_aside(tmp_path: Path) -> None:
    settings_file = tmp_path / "config" / "settings.json"
    settings_file.parent.mkdir()
    settings_file.write_text('{"fullscreen": tru', encoding="utf-8")
    app = App(FolderServices(tmp_path))
    try:
        assert any("settings file is damaged" in text for text, _ in app.toasts)
        assert settings_file.read_text(encoding="utf-8") == '{"fullscreen": tru'  # starting writes nothing
        app.settings.animation_speed = "fast"
        app.save_settings()
    finally:
        app.shutdown()
    [kept] = settings_file.parent.glob("settings.damaged-*.json")
    assert kept.read_text(encoding="utf-8") == '{"fullscreen": tru'
    assert '"fast"' in settings_file.read_text(encoding="utf-8")
