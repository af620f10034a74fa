"""Event storms on every screen: a few hundred random clicks, keys, wheel turns, texts and window
resizes (to any size, 1x1 included) over a data folder full of damaged files. No frame may raise,
resident memory must stay bounded, and the frame after a resize must stay cheap.

The full measurement (10,000 events per screen, each in its own process) is
``python -m scenes.dev.storm``; its figures are in the hardening issue's report.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from scenes.dev.hostile import write_hostile_files
from scenes.dev.storm import peak_rss_mb, rss_mb, storm
from scenes.kit.app import MIN_SIZE, App
from scenes.routes import new_app

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


@pytest.fixture(scope="module")
def stormed_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    root = tmp_path_factory.mktemp("storm-data")
    write_hostile_files(root)
    app = new_app(data_dir=root)
    yield app
    app.shutdown()


@pytest.mark.parametrize("screen", SCREENS)
def test_a_storm_of_events_on_each_screen(stormed_app: App, screen: str) -> None:
    from scenes.dev.showcase import ShowcaseUnavailable

    if rss_mb() is None:
        pytest.skip("no way to read resident memory here")
    high_water_before = peak_rss_mb()
    try:
        report = storm(stormed_app, screen, events=EVENTS, seed=zlib.crc32(screen.encode()))
    except ShowcaseUnavailable as exc:
        pytest.skip(str(exc))
    assert report.resizes > 0 and report.frames > 0
    assert stormed_app.size[0] >= MIN_SIZE[0] and stormed_app.size[1] >= MIN_SIZE[1]
    if report.rss_start < RSS_LIMIT_MB / 2:
        # The ceiling is for the app's whole process; a test worker that has already run hundreds of
        # other tests (xdist) starts far above it, and there only the growth below can be judged.
        assert report.rss_peak < RSS_LIMIT_MB, report.line()
    high_water = peak_rss_mb()  # the true peak: spikes inside one frame (a big window) count too
    if high_water is not None and high_water_before is not None and high_water > high_water_before:
        spike = high_water - report.rss_start
        shown = f"high water {high_water:.0f} MB: {report.line()}"
        assert spike < RSS_SPIKE_MB, shown
        if report.rss_start < RSS_LIMIT_MB / 2:  # the whole-process ceiling, as above
            assert high_water < RSS_LIMIT_MB, shown
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
