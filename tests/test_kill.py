"""Killing the app (as a crash or a power cut would) leaves no process behind, no temporary file
after the next start, and the autosave of every completed turn on disk; a game the computer opens is
on disk before it starts thinking.

The app runs in a child process (tests/kill_target.py) that is killed with SIGKILL, so nothing of
the app's own shutdown runs. Linux only: the process tree is read from /proc.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from saves.store import AUTOSAVE, SaveStore

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree")

ROOT = Path(__file__).resolve().parent.parent


def _children(pid: int) -> set[int]:
    """Every living descendant of ``pid`` (the AI worker, multiprocessing's resource tracker)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            parents[int(entry.name)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _start(*args: str) -> tuple[subprocess.Popen[str], str]:
    """The app in a child process, once it printed READY (killed at once if it never does)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    child = subprocess.Popen([sys.executable, "-m", "tests.kill_target", *args], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert child.stdout is not None
    line = ""
    try:
        for line in child.stdout:
            if line.startswith("READY"):
                return child, line
    finally:
        if not line.startswith("READY"):
            _kill_and_wait_for_orphans(child)
    raise AssertionError(f"the app did not get going: {line!r}")


def _kill_and_wait_for_orphans(child: subprocess.Popen[str]) -> None:
    descendants = _children(child.pid)
    if child.poll() is None:
        child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline and any(_alive(pid) for pid in descendants):
        time.sleep(0.05)
    survivors = [pid for pid in descendants if _alive(pid)]
    for pid in survivors:  # do not leave them running for the rest of the suite
        os.kill(pid, signal.SIGKILL)
    assert not survivors, f"processes outlived the killed app: {survivors}"


@pytest.mark.parametrize(("side", "turns"), [("circles", 0), ("triangles", 1)],
                         ids=["computer-opens", "after-the-human-move"])
def test_killing_the_app_mid_thought_leaves_no_process_and_keeps_the_game(
    tmp_path: Path, side: str, turns: int
) -> None:
    child, line = _start("think", str(tmp_path), side)
    assert line.split()[1] == str(turns)
    assert _children(child.pid), "the computer should be thinking in its own process"
    _kill_and_wait_for_orphans(child)
    store = SaveStore(tmp_path)
    [entry] = [e for e in store.entries() if e.kind == AUTOSAVE]
    assert entry.healthy and entry.move_count == turns
    assert len(store.load(entry.path).turns) == turns


def test_killing_the_app_while_it_writes_leaves_whole_files_and_no_temp_files_after_a_start(
    tmp_path: Path,
) -> None:
    from scenes.kit.app import App

    rng = random.Random(18)
    for _ in range(4):
        child, _ = _start("save", str(tmp_path))
        time.sleep(rng.uniform(0.0, 0.3))
        _kill_and_wait_for_orphans(child)
        for stray in tmp_path.rglob("*.tmp"):  # the next start comes later than the kill
            os.utime(stray, (time.time() - 60, time.time() - 60))
        App(data_dir=tmp_path).shutdown()
        assert not list(tmp_path.rglob("*.tmp"))
        store = SaveStore(tmp_path)
        [entry] = store.entries()
        assert entry.healthy and store.load(entry.path).move_texts() == ["@c2"]
        assert not (tmp_path / "config" / "settings.damaged").exists()
        assert not list((tmp_path / "config").glob("settings.damaged-*"))
