"""Event storms on every screen: a few hundred random clicks, keys, wheel turns, texts and window
resizes (to any size, 1x1 included) over a data folder full of damaged files. No frame may raise,
resident memory must stay bounded, and the frame after a resize must stay cheap.

The full measurement (10,000 events per screen, each in its own process) is
``python -m scenes.dev.storm``; its figures are in the hardening issue's report.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from scenes.dev.hostile import write_hostile_files
from scenes.dev.storm import StormReport, rss_mb, storm
from scenes.kit.app import MIN_SIZE
from scenes.routes import new_app

ROOT = Path(__file__).resolve().parent.parent
EVENTS = 240
RSS_LIMIT_MB = 400
"""The issue's ceiling for the whole process."""
RSS_GROWTH_MB = 120
"""What one storm may add on top of what the process held before it (caches filling up to their
budget, a worker's pipes); before the fix a storm of this size added 150-400 MB."""
RSS_SPIKE_MB = 160
"""What the process may reach for a moment above where the storm began: pygame-gui drew a rounded
rules window at 4x4 its size and took 200 MB more for one frame before the theme made it square."""
RESIZE_CPU_MS = 300
"""A loose guard in CPU time (other tests share the machine): the goal is 100 ms, measured by the
full storm; before the fix single frames after a resize took 1-3 s."""

SCREENS = [
    "menu",
    "load",
    "settings",
    "help",
    "new-game:nelaxtam",
    "pause:epaminondas",
    "match-mid:elephant-run",
    "match-mid:epaminondas",
    "match-mid:nelaxtam",
    "match-mid:changing-challenges",
    "match-mid:elasta",
]


def _storm_in_a_process_of_its_own(screen: str) -> StormReport:
    """The storm on a fresh app in a child process (``python -m scenes.dev.storm --one``), as the
    full measurement runs it: what a test worker did before (a solver's memo, hundreds of apps)
    must not count as the storm's memory, and the process's true peak is the app's own."""
    command = [sys.executable, "-m", "scenes.dev.storm", "--one", screen, "--events", str(EVENTS)]
    command += ["--seed", str(zlib.crc32(screen.encode()))]
    done = subprocess.run(
        command,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    for line in done.stdout.splitlines():
        if line.startswith("STORM-UNAVAILABLE "):
            pytest.skip(line.removeprefix("STORM-UNAVAILABLE "))
    reports = [line for line in done.stdout.splitlines() if line.startswith("STORM ")]
    assert reports, done.stdout[-3000:] + done.stderr[-3000:]
    return StormReport(**json.loads(reports[-1].removeprefix("STORM ")))


@pytest.mark.parametrize("screen", SCREENS)
def test_a_storm_of_events_on_each_screen(screen: str) -> None:
    if rss_mb() is None:
        pytest.skip("no way to read resident memory here")
    report = _storm_in_a_process_of_its_own(screen)
    assert report.resizes > 0 and report.frames > 0
    smallest = report.smallest_size
    assert smallest is not None and smallest[0] >= MIN_SIZE[0] and smallest[1] >= MIN_SIZE[1]
    shown = f"high water {report.rss_high_water:.0f} MB: {report.line()}"
    assert report.rss_peak < RSS_LIMIT_MB and report.rss_high_water < RSS_LIMIT_MB, shown
    assert report.rss_high_water - report.rss_start < RSS_SPIKE_MB, shown  # a spike inside one frame counts
    assert report.rss_end - report.rss_start < RSS_GROWTH_MB, report.line()
    assert report.resize_cpu_max < RESIZE_CPU_MS, report.line()
    assert report.layout_cpu_max < RESIZE_CPU_MS, report.line()  # every frame until it has settled


def test_the_storm_data_folder_is_not_changed_by_the_storm(tmp_path: Path) -> None:
    """Storms click Delete and Load at random, but a confirmation always stands in the way."""
    write_hostile_files(tmp_path)
    before = sorted(p.name for p in (tmp_path / "saves").iterdir() if not p.name.endswith(".tmp"))
    app = new_app(data_dir=tmp_path)
    try:
        storm(app, "load", events=120, seed=7)
    finally:
        app.shutdown()
    after = sorted(p.name for p in (tmp_path / "saves").iterdir())
    assert set(before) - set(after) == set()
