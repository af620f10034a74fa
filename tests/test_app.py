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


def test_clear_leaves_every_screen_and_forgets_their_pictures(tmp_path: Path) -> None:
    """``App.clear``: no screen left, each told it is left (top first), and nothing the settling kept
    of them (a resize's pictures, the last frame) still holds one."""
    import pygame

    from scenes.routes import new_app

    app = new_app(data_dir=tmp_path, size=(1024, 640))
    try:
        app.goto("menu")
        app.open("settings")
        app.step([], 1 / 60)
        left: list[str] = []
        for scene in app.stack:
            leave = scene.leave
            scene.leave = lambda name=scene.name, leave=leave: (left.append(name), leave())[-1]  # type: ignore[method-assign]
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700))], 1 / 60)
        assert app.settle.stale and app.settle.last_frame is not None  # the screens' pictures kept
        app.clear()
        assert app.stack == [] and app.top is None
        assert left == ["settings", "menu"]
        assert app.settle.stale == {} and app.settle.last_frame is None
        app.goto("menu")  # and the app goes on
        app.step([], 1 / 60)
        assert app.top is not None and app.top.name == "menu"
    finally:
        app.shutdown()
