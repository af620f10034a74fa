"""One writer per data folder (issue #27): two copies of the app on one folder used to overwrite each
other's stars, settings and games. The first copy locks the folder (saves/instance.py); a second start
on it is turned away with a window that says the game is already open, and never touches the folder;
a killed holder leaves no stale lock.

Everything here runs real processes: ``main.py`` as the player starts it (headless, on SDL's dummy
drivers) and small Python children for the lock alone. Every child is killed in a ``finally``.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from saves import instance
from saves.instance import LOCK_FILE, AlreadyRunning, acquire, holder_pid

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT = 90.0
"""Seconds for a copy of the app to start and take the lock (a loaded CI machine is slow)."""
REFUSAL_TIMEOUT = 60.0
"""Seconds for a second copy to be told and to leave (in practice about one)."""


def _env() -> dict[str, str]:
    return dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONPATH=str(ROOT),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )


def _start_app(data_dir: Path, log: Path) -> subprocess.Popen[bytes]:
    """``main.py --data-dir DATA`` in a child, as a double-click starts it; its output goes to ``log``
    (never a pipe no one reads, which would stall it)."""
    with open(log, "wb") as out:
        return subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data_dir)],
            cwd=ROOT,
            env=_env(),
            stdout=out,
            stderr=subprocess.STDOUT,
        )


def _stop(child: subprocess.Popen[bytes]) -> None:
    if child.poll() is None:
        child.kill()  # SIGKILL on POSIX: nothing of the app's own shutdown runs
    child.wait(timeout=30)


def _wait_until_it_holds(child: subprocess.Popen[bytes], data_dir: Path, log: Path) -> None:
    """Until ``child`` wrote its pid into the lock file and the lock is really held (this process
    cannot take it). Fails if the child dies or takes too long."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if child.poll() is not None:
            raise AssertionError(f"the app ended ({child.returncode}): {log.read_text(errors='replace')}")
        if holder_pid(data_dir) == child.pid:
            try:
                lock = acquire(data_dir)
            except AlreadyRunning as exc:
                assert exc.pid == child.pid
                return
            if lock is not None:
                lock.release()
            raise AssertionError("the pid is written but the lock is not held")
        time.sleep(0.1)
    raise AssertionError(f"the app never took the lock: {log.read_text(errors='replace')}")


@pytest.fixture
def children() -> Iterator[list[subprocess.Popen[bytes]]]:
    started: list[subprocess.Popen[bytes]] = []
    yield started
    for child in started:
        _stop(child)


# -- the app: a second start is turned away, a killed first leaves no stale lock ---------------------
def test_a_second_copy_on_the_same_folder_is_turned_away_and_a_killed_first_leaves_no_lock(
    tmp_path: Path, children: list[subprocess.Popen[bytes]]
) -> None:
    data = tmp_path / "data"
    first = _start_app(data, tmp_path / "first.log")
    children.append(first)
    _wait_until_it_holds(first, data, tmp_path / "first.log")
    before = sorted(p.name for p in data.rglob("*"))

    second = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data)],
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=REFUSAL_TIMEOUT,  # a guard against hanging: a second copy that waits fails here
    )
    assert second.returncode == 0, second.stderr
    assert "already open" in second.stderr and str(data) in second.stderr
    assert f"process {first.pid}" in second.stderr
    assert "Traceback" not in second.stderr
    # the first copy was asked to come forward, and answered (its log says so once its loop runs)
    assert "its window is brought forward" in second.stderr
    first_log = tmp_path / "first.log"
    deadline = time.monotonic() + REFUSAL_TIMEOUT
    while "this window comes forward" not in first_log.read_text(errors="replace"):
        assert first.poll() is None and time.monotonic() < deadline, first_log.read_text(errors="replace")
        time.sleep(0.1)
    assert first.poll() is None, "the first copy must go on running"
    assert holder_pid(data) == first.pid
    assert sorted(p.name for p in data.rglob("*")) == before  # the second copy wrote nothing there

    # the self test on a folder in use fails at once, with the reason, rather than playing in it
    shot = tmp_path / "self-test.png"
    self_test = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--self-test", str(shot), "--data-dir", str(data)],
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=REFUSAL_TIMEOUT,
    )
    assert self_test.returncode == 1 and "already open" in self_test.stdout and not shot.exists()

    settled = time.monotonic() + 2.0  # the first copy is in its loop, waiting for the player, not ending
    while time.monotonic() < settled:
        assert first.poll() is None, (tmp_path / "first.log").read_text(errors="replace")
        time.sleep(0.1)

    _stop(first)  # killed outright, as a crash would: the system drops the lock with the process
    third = _start_app(data, tmp_path / "third.log")
    children.append(third)
    _wait_until_it_holds(third, data, tmp_path / "third.log")
    assert third.poll() is None


def test_copies_on_different_folders_do_not_disturb_each_other(
    tmp_path: Path, children: list[subprocess.Popen[bytes]]
) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    first = _start_app(one, tmp_path / "one.log")
    children.append(first)
    second = _start_app(two, tmp_path / "two.log")
    children.append(second)
    _wait_until_it_holds(first, one, tmp_path / "one.log")
    _wait_until_it_holds(second, two, tmp_path / "two.log")


# -- the lock alone, between two processes ------------------------------------------------------------
HOLDER = """
import sys, time
from saves.instance import acquire
lock = acquire(sys.argv[1])
print("HELD" if lock is not None else "NONE", flush=True)
time.sleep(120)
"""

TRY = """
import sys
from saves.instance import AlreadyRunning, acquire
try:
    lock = acquire(sys.argv[1])
except AlreadyRunning as exc:
    print("REFUSED", exc.pid)
else:
    print("HELD" if lock is not None else "NONE")
"""


def _python(code: str, *args: str) -> list[str]:
    return [sys.executable, "-c", code, *args]


def _try_in_another_process(data: Path) -> str:
    result = subprocess.run(
        _python(TRY, str(data)), cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_the_lock_is_exclusive_between_processes_and_dies_with_its_holder(
    tmp_path: Path, children: list[subprocess.Popen[bytes]]
) -> None:
    data = tmp_path / "data"
    holder = subprocess.Popen(_python(HOLDER, str(data)), cwd=ROOT, env=_env(), stdout=subprocess.PIPE)
    children.append(holder)
    assert holder.stdout is not None and holder.stdout.readline().strip() == b"HELD"
    assert _try_in_another_process(data) == f"REFUSED {holder.pid}"
    with pytest.raises(AlreadyRunning) as refused:
        acquire(data)
    assert refused.value.data_dir == data and refused.value.pid == holder.pid
    assert "already open" in str(refused.value)
    # a holder that never said it listens is not signalled (the signal's default would end it)
    assert not instance.ask_holder_forward(refused.value)
    assert holder.poll() is None

    _stop(holder)
    assert _try_in_another_process(data) == "HELD"  # and released when that process ended in turn
    lock = acquire(data)
    assert lock is not None and lock.held and holder_pid(data) == os.getpid()
    try:
        assert acquire(data) is lock  # one process, one lock per folder: asking again is harmless
        assert acquire(tmp_path / "data" / ".." / "data") is lock
        assert _try_in_another_process(data) == f"REFUSED {os.getpid()}"
    finally:
        lock.release()
    assert not lock.held and (data / LOCK_FILE).exists()  # the file stays: only the lock goes
    assert _try_in_another_process(data) == "HELD"


# -- a lock that cannot be taken never stops the game --------------------------------------------------
def test_a_folder_that_cannot_hold_a_lock_lets_the_game_start(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("a file where the data folder should be", encoding="utf-8")
    assert acquire(blocker) is None
    assert acquire(blocker / "deeper") is None

    data = tmp_path / "folder-in-the-way"
    (data / LOCK_FILE).mkdir(parents=True)
    assert acquire(data) is None


@pytest.mark.skipif(os.name == "nt", reason="symbolic links need privileges on Windows")
def test_a_link_in_the_lock_files_place_is_not_followed(tmp_path: Path) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("the player's own words", encoding="utf-8")
    data = tmp_path / "data"
    data.mkdir()
    (data / LOCK_FILE).symlink_to(precious)
    assert acquire(data) is None
    assert precious.read_text(encoding="utf-8") == "the player's own words"


@pytest.mark.parametrize("code", [errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL])
def test_a_file_system_without_locks_lets_the_game_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    def unsupported(fd: int) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(instance, "_lock", unsupported)
    assert acquire(tmp_path) is None


def test_a_lock_held_elsewhere_is_the_only_refusal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def held(fd: int) -> None:
        raise BlockingIOError(errno.EWOULDBLOCK, "held")

    monkeypatch.setattr(instance, "_lock", held)
    with pytest.raises(AlreadyRunning):
        acquire(tmp_path)


# -- the window ---------------------------------------------------------------------------------------
class SteppingClock:
    """A fake ``time`` for the window: every reading of the clock is ``step`` seconds after the last."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 1000.0
        self.readings = 0

    def monotonic(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now


def test_the_window_closes_by_itself_when_no_one_can_see_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    from scenes.shell import already_open
    from scenes.shell.already_open import HEADLESS_SECONDS, _closes, show_already_open

    clock = SteppingClock(HEADLESS_SECONDS / 4)
    monkeypatch.setattr(already_open, "time", clock)
    show_already_open(tmp_path)  # no one presses OK: it ends on its own clock, after HEADLESS_SECONDS
    assert 4 <= clock.readings <= 6
    button = pygame.Rect(10, 10, 100, 40)
    assert _closes(pygame.event.Event(pygame.QUIT), button)
    for key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE):
        assert _closes(pygame.event.Event(pygame.KEYDOWN, key=key), button)
    assert not _closes(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a), button)
    assert _closes(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(20, 20)), button)
    assert not _closes(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(200, 200)), button)
