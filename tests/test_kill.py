"""Killing the app (as a crash or a power cut would) leaves no process behind, no temporary file
after the next start, and the autosave of every completed turn on disk; a game the computer opens is
on disk before it starts thinking.

The app runs in a child process (tests/kill_target.py) that is killed outright (SIGKILL on Linux and
macOS, TerminateProcess on Windows), so nothing of the app's own shutdown runs. The process tree is
read with psutil, so this runs on Linux, Windows and macOS alike: the AI worker must notice its app
is gone by itself (game/worker.py, ``_watch_parent``) on every system.
"""

from __future__ import annotations

import contextlib
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import psutil  # the dev extra: the process tree on every system
import pytest

from saves.store import AUTOSAVE, SaveStore

ROOT = Path(__file__).resolve().parent.parent
ORPHAN_GRACE_SECONDS = 10.0
"""How long the app's helper processes get to notice it is gone (they take well under a second)."""

# The app's own process id first: on Windows a virtual environment's python.exe is a launcher that
# runs the real interpreter as *its* child, and killing the launcher would leave the app running.
LAUNCH = (
    "import os, runpy; print('PID', os.getpid(), flush=True); "
    "runpy.run_module('tests.kill_target', run_name='__main__')"
)


def _children(pid: int) -> list[psutil.Process]:
    """Every living descendant of ``pid`` (the AI worker; on Linux and macOS also multiprocessing's
    resource tracker), as psutil handles that stay tied to those very processes."""
    try:
        return [p for p in psutil.Process(pid).children(recursive=True) if _alive(p)]
    except psutil.NoSuchProcess:
        return []


def _alive(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return False


class Started:
    """The launched child (maybe a launcher) and the app process itself."""

    def __init__(self, child: subprocess.Popen[str], app: psutil.Process) -> None:
        self.child = child
        self.app = app


def _start(*args: str) -> tuple[Started, str]:
    """The app in a child process, once it printed READY (killed at once if it never does)."""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONPATH=str(ROOT),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    child = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert child.stdout is not None
    started = Started(child, psutil.Process(child.pid))
    line = ""
    try:
        for line in child.stdout:
            if line.startswith("PID "):
                started.app = psutil.Process(int(line.split()[1]))
            elif line.startswith("READY"):
                return started, line
    finally:
        if not line.startswith("READY"):
            _kill_and_wait_for_orphans(started)
    raise AssertionError(f"the app did not get going: {line!r}")


def _kill_and_wait_for_orphans(started: Started) -> None:
    descendants = _children(started.app.pid)
    with contextlib.suppress(psutil.NoSuchProcess):
        started.app.kill()  # SIGKILL, or TerminateProcess on Windows: no shutdown code runs
        started.app.wait(timeout=10)
    started.child.wait(timeout=10)
    if started.child.stdout is not None:
        started.child.stdout.close()
    deadline = time.monotonic() + ORPHAN_GRACE_SECONDS
    while time.monotonic() < deadline and any(_alive(p) for p in descendants):
        time.sleep(0.05)
    survivors = [p for p in descendants if _alive(p)]
    for process in survivors:  # do not leave them running for the rest of the suite
        with contextlib.suppress(psutil.NoSuchProcess):
            process.kill()
    assert not survivors, f"processes outlived the killed app: {[p.pid for p in survivors]}"


@pytest.mark.parametrize(
    ("side", "turns"), [("circles", 0), ("triangles", 1)], ids=["computer-opens", "after-the-human-move"]
)
def test_killing_the_app_mid_thought_leaves_no_process_and_keeps_the_game(
    tmp_path: Path, side: str, turns: int
) -> None:
    started, line = _start("think", str(tmp_path), side)
    assert line.split()[1] == str(turns)
    assert _children(started.app.pid), "the computer should be thinking in its own process"
    _kill_and_wait_for_orphans(started)
    store = SaveStore(tmp_path)
    [entry] = [e for e in store.entries() if e.kind == AUTOSAVE]
    assert entry.healthy and entry.move_count == turns
    assert len(store.load(entry.path).turns) == turns


def test_killing_the_app_while_it_writes_leaves_whole_files_and_no_temp_files_after_a_start(
    tmp_path: Path,
) -> None:
    from scenes.kit.app import App
    from scenes.services import FolderServices

    rng = random.Random(18)
    for _ in range(4):
        started, _ = _start("save", str(tmp_path))
        time.sleep(rng.uniform(0.0, 0.3))
        _kill_and_wait_for_orphans(started)
        for stray in tmp_path.rglob("*.tmp"):  # the next start comes later than the kill
            os.utime(stray, (time.time() - 60, time.time() - 60))
        App(FolderServices(tmp_path)).shutdown()
        assert not list(tmp_path.rglob("*.tmp"))
        store = SaveStore(tmp_path)
        [entry] = store.entries()
        assert entry.healthy and store.load(entry.path).move_texts() == ["@c2"]
        assert not (tmp_path / "config" / "settings.damaged").exists()
        assert not list((tmp_path / "config").glob("settings.damaged-*"))
