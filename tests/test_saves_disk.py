"""Where files live (data and config directories) and the atomic-write guarantee."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
import pytest

from saves import atomic
from saves.atomic import write_atomic
from saves.paths import DATA_DIR_ENV, resolve_config_dir, resolve_data_dir


# -- paths ----------------------------------------------------------------------------------------------
def test_override_beats_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "env"))
    assert resolve_data_dir(tmp_path / "flag") == tmp_path / "flag"
    assert resolve_data_dir(str(tmp_path / "flag")) == tmp_path / "flag"
    assert resolve_config_dir(tmp_path / "flag") == tmp_path / "flag" / "config"


def test_environment_beats_platform_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "env"))
    assert resolve_data_dir() == resolve_data_dir(None) == tmp_path / "env"
    assert resolve_config_dir(None) == tmp_path / "env" / "config"


def test_platform_default_without_overrides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    assert resolve_data_dir() == Path(platformdirs.user_data_dir("curio-boards", appauthor=False))
    assert resolve_config_dir() == Path(platformdirs.user_config_dir("curio-boards", appauthor=False))


def test_empty_values_mean_not_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, "  ")
    default = Path(platformdirs.user_data_dir("curio-boards", appauthor=False))
    assert resolve_data_dir("") == default


def test_relative_override_is_made_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    resolved = resolve_data_dir("portable")
    assert resolved.is_absolute() and resolved == tmp_path / "portable"


def test_resolving_creates_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "env"))
    resolve_data_dir()
    resolve_config_dir()
    resolve_data_dir(tmp_path / "flag")
    assert list(tmp_path.iterdir()) == []


# -- atomic writes --------------------------------------------------------------------------------------
def test_write_creates_directories_and_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "file.json"
    write_atomic(target, "héllo\n")
    assert target.read_bytes() == "héllo\n".encode()
    write_atomic(target, "second")
    assert target.read_text(encoding="utf-8") == "second"
    assert [p.name for p in target.parent.iterdir()] == ["file.json"]


def test_failed_replace_keeps_old_content_and_removes_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "file.json"
    target.write_text("old")

    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="No space"):
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


def test_failed_fsync_keeps_old_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "file.json"
    target.write_text("old")

    def refuse(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", refuse)
    with pytest.raises(OSError):
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


def test_interrupted_write_keeps_old_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Even a KeyboardInterrupt mid-write cleans up and leaves the old file whole."""
    target = tmp_path / "file.json"
    target.write_text("old")

    def interrupt(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


def test_exclusive_write_never_replaces(tmp_path: Path) -> None:
    target = tmp_path / "file.json"
    write_atomic(target, "first", exclusive=True)
    with pytest.raises(FileExistsError):
        write_atomic(target, "second", exclusive=True)
    assert target.read_text() == "first"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


def test_exclusive_write_without_hard_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(src: object, dst: object) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(atomic.os, "link", no_links)
    target = tmp_path / "file.json"
    write_atomic(target, "first", exclusive=True)
    with pytest.raises(FileExistsError):
        write_atomic(target, "second", exclusive=True)
    assert target.read_text() == "first"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]
