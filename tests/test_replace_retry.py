"""A save survives a file that another program holds for a moment on Windows (saves/replace.py).

An antivirus scan, the search indexer or OneDrive can hold a file for a fraction of a second, and a
rename then fails on Windows with WinError 5 or 32. Here the held file is simulated on every system:
``os.replace`` is a fake that fails a given number of times, and ``sys.platform`` says "win32".
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import saves.replace as replace_module
from saves.atomic import write_atomic
from saves.replace import RETRY_DELAYS, replace


class HeldFile:
    """A stand-in for ``os.replace`` whose first ``failures`` calls fail as a held file does."""

    def __init__(self, failures: int, winerror: int | None = 32) -> None:
        self.failures = failures
        self.winerror = winerror
        self.calls = 0
        self.real = os.replace

    def __call__(self, src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        self.calls += 1
        if self.calls <= self.failures:
            error = PermissionError(
                13, "The process cannot access the file because it is being used by another process", str(dst)
            )
            if self.winerror is not None:
                error.winerror = self.winerror  # type: ignore[attr-defined]  # as Windows sets it
            raise error
        self.real(src, dst)


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The retries' waits, recorded instead of slept."""
    slept: list[float] = []
    monkeypatch.setattr(replace_module, "_sleep", slept.append)
    return slept


def _hold(monkeypatch: pytest.MonkeyPatch, held: HeldFile, platform: str = "win32") -> None:
    monkeypatch.setattr(os, "replace", held)
    monkeypatch.setattr(sys, "platform", platform)


def test_a_file_held_twice_is_replaced_on_the_third_try(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, waits: list[float]
) -> None:
    src, dst = tmp_path / "new", tmp_path / "save.json"
    src.write_text("new", encoding="utf-8")
    dst.write_text("old", encoding="utf-8")
    held = HeldFile(failures=2)
    _hold(monkeypatch, held)
    replace(src, dst)
    assert held.calls == 3
    assert waits == list(RETRY_DELAYS[:2])
    assert dst.read_text(encoding="utf-8") == "new" and not src.exists()


@pytest.mark.parametrize("winerror", [5, 32, None], ids=["access-denied", "sharing-violation", "no-code"])
def test_a_file_held_for_good_fails_with_its_error_after_the_bounded_tries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, waits: list[float], winerror: int | None
) -> None:
    src, dst = tmp_path / "new", tmp_path / "save.json"
    src.write_text("new", encoding="utf-8")
    dst.write_text("old", encoding="utf-8")
    held = HeldFile(failures=1000, winerror=winerror)
    _hold(monkeypatch, held)
    with pytest.raises(PermissionError) as raised:
        replace(src, dst)
    assert getattr(raised.value, "winerror", None) == winerror
    assert held.calls == len(RETRY_DELAYS) + 1 == 5
    assert waits == list(RETRY_DELAYS) and sum(waits) <= 0.6
    assert dst.read_text(encoding="utf-8") == "old" and src.exists()


def test_another_windows_error_is_not_retried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, waits: list[float]
) -> None:
    held = HeldFile(failures=1000, winerror=1920)  # ERROR_CANT_ACCESS_FILE: waiting will not help
    _hold(monkeypatch, held)
    with pytest.raises(PermissionError):
        replace(tmp_path / "new", tmp_path / "save.json")
    assert held.calls == 1 and waits == []


def test_elsewhere_it_is_plain_os_replace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, waits: list[float]
) -> None:
    """A PermissionError on Linux or macOS is a real one: no retry, no wait."""
    held = HeldFile(failures=1, winerror=None)
    _hold(monkeypatch, held, platform="linux")
    with pytest.raises(PermissionError):
        replace(tmp_path / "new", tmp_path / "save.json")
    assert held.calls == 1 and waits == []


def test_an_atomic_write_rides_out_a_held_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, waits: list[float]
) -> None:
    """The path every save and the settings take (saves/atomic.py) gets the retries."""
    target = tmp_path / "saves" / "game.json"
    write_atomic(target, "turn 1")
    held = HeldFile(failures=2)
    _hold(monkeypatch, held)
    write_atomic(target, "turn 2")
    assert held.calls == 3 and len(waits) == 2
    assert target.read_text(encoding="utf-8") == "turn 2"
    assert [p.name for p in target.parent.iterdir()] == ["game.json"]  # no temporary file left


def test_an_atomic_write_that_never_gets_the_file_keeps_the_old_one_and_raises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, waits: list[float]
) -> None:
    """After the bounded tries the error reaches the caller, whose message path shows it; the turn
    before is intact and the temporary file is gone."""
    target = tmp_path / "saves" / "game.json"
    write_atomic(target, "turn 1")
    _hold(monkeypatch, HeldFile(failures=1000))
    with pytest.raises(PermissionError):
        write_atomic(target, "turn 2")
    assert len(waits) == len(RETRY_DELAYS)
    assert target.read_text(encoding="utf-8") == "turn 1"
    assert [p.name for p in target.parent.iterdir()] == ["game.json"]
