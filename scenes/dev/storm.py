"""Event storms: thousands of random clicks, keys, wheel turns, text and window resizes thrown at one
screen, measuring what a player would feel (frame times, the frame after a resize) and what the
machine pays (resident memory).

A storm stays on its screen: when the events navigate away (Esc, Back, a card's Play button) the
screen is built again, and a Quit that was confirmed is taken back, so every event lands on the
screen under test. The events come from a seeded generator, so a storm that finds a fault can be
replayed exactly.

Used by ``tests/test_storm.py`` (a few hundred events per screen, with a memory check) and from the
command line for the full measurement::

    python -m scenes.dev.storm --events 10000            # every screen, one process each
    python -m scenes.dev.storm --events 2000 menu load   # chosen screens
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scenes.kit.app import App

EVENTS_PER_FRAME = 4
"""A busy player produces a few events per frame; more per frame would hide per-frame costs."""

SIZES = (
    (1024, 640),
    (1280, 800),
    (1366, 768),
    (1600, 900),
    (1920, 1080),
    (2560, 1440),
    (800, 600),
    (640, 480),
    (320, 200),
    (1, 1),
    (4000, 300),
    (300, 2500),
)
"""Resize targets: common windows, the smallest allowed, and sizes no window manager should send."""

TEXT = [
    "a",
    "Z",
    "7",
    " ",
    "é",
    "😀",
    "\x00",
    "\ud800",
    "\u202e",
    "\t",
    "漢",
    "x" * 40,
]
"""Typed text, including what pygame refuses to render (NUL, a lone surrogate)."""

INVISIBLE_TEXT = [*TEXT, "\u200b", "\xad", "\u200d\u200d", "\ufeff", "\u2060", "\U000e0001", "\ufe0f"]
""":data:`TEXT` and characters that take no room (a zero-width space typed into the Rename box once
crashed it): ``storm(..., texts=INVISIBLE_TEXT)``. Kept apart so the other storms keep their seeded
sequences (a longer list draws other events from the same seed)."""


def rss_mb() -> float | None:
    """Resident memory of this process in MB (Linux /proc; elsewhere the peak from getrusage)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            pages = int(handle.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, AttributeError, IndexError):
        pass
    try:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2**20 if sys.platform == "darwin" else peak / 1024
    except (ImportError, OSError):
        return None


def peak_rss_mb() -> float | None:
    """The process's resident-memory high-water mark in MB (Linux ``VmHWM``): the true peak, not a
    sample, for the command line's one-screen-per-process storms."""
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


@dataclass
class StormReport:
    """What one storm measured; times in milliseconds, memory in MB."""

    screen: str
    events: int = 0
    frames: int = 0
    resizes: int = 0
    rebuilds: int = 0
    rss_start: float = 0.0
    rss_peak: float = 0.0
    rss_end: float = 0.0
    rss_high_water: float = 0.0
    """The process's true peak (its whole life, set-up included); 0 where it cannot be read."""
    frame_max: float = 0.0
    frame_p99: float = 0.0
    resize_frame_max: float = 0.0
    resize_frame_p99: float = 0.0
    resize_cpu_max: float = 0.0
    resize_cpu_p99: float = 0.0
    """The same frames in this process's CPU time: what the frame costs without the other programs
    that share the machine (wall times on a busy machine are a multiple of it)."""
    layout_frame_max: float = 0.0
    layout_frame_p99: float = 0.0
    layout_cpu_max: float = 0.0
    layout_cpu_p99: float = 0.0
    """The frames that bring the screen to the new size: the app shows the old picture scaled in
    the frame after a resize, lays out once the resizes stop or input comes (in a storm, usually the
    next frame), draws the screen at its new size in the frame after that, and only then gives it
    the input that came meanwhile. Every frame from a resize until the screen's own picture at the
    new size is here, except the resize frames themselves (above)."""
    seconds: float = 0.0
    worst_resize: tuple[int, int] | None = None
    notes: list[str] = field(default_factory=list)
    smallest_size: tuple[int, int] | None = None
    """The smallest window the app was at after a frame of the storm (never below its minimum)."""

    def line(self) -> str:
        return (
            f"{self.screen:28} events {self.events:6}  frames {self.frames:5}  resizes {self.resizes:4}  "
            f"rss {self.rss_start:4.0f} -> peak {self.rss_peak:4.0f} (high water {self.rss_high_water:4.0f}) "
            f"/ end {self.rss_end:4.0f} MB  "
            f"frame p99 {self.frame_p99:6.1f} max {self.frame_max:6.1f} ms  "
            f"after resize p99 {self.resize_frame_p99:6.1f} max {self.resize_frame_max:6.1f} ms "
            f"(cpu p99 {self.resize_cpu_p99:5.1f} max {self.resize_cpu_max:5.1f})  "
            f"layout p99 {self.layout_frame_p99:6.1f} max {self.layout_frame_max:6.1f} ms "
            f"(cpu p99 {self.layout_cpu_p99:5.1f} max {self.layout_cpu_max:5.1f}) "
            f"{tuple(self.worst_resize) if self.worst_resize else ''}  ({self.seconds:.0f} s)"
        )


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


RESIZE_EVERY = 12
"""Every so many frames one is a resize whatever the dice say, so even a short storm resizes."""
RESIZE_SHARE = 0.06
"""Frames that are a window resize (alone: a window manager sends it by itself, and the frame after
it is what the player sees while dragging)."""


def random_events(
    rng: random.Random, size: tuple[int, int], force_resize: bool = False, texts: Sequence[str] = TEXT
) -> tuple[list[Any], tuple[int, int] | None]:
    """One frame's worth of random events for a window of ``size``, and the size the window was
    dragged to when the frame is a resize (the storm resizes the window first, as a window manager
    does before it sends the event)."""
    import pygame

    if force_resize or rng.random() < RESIZE_SHARE:
        new = rng.choice(SIZES)
        if rng.random() < 0.4:
            new = (rng.randrange(1, 3000), rng.randrange(1, 2000))
        if rng.random() < 0.7:
            return [pygame.event.Event(pygame.VIDEORESIZE, w=new[0], h=new[1], size=new)], new
        return [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=new[0], y=new[1])], new
    events: list[Any] = []
    width, height = max(1, size[0]), max(1, size[1])

    def pos() -> tuple[int, int]:
        return rng.randrange(width), rng.randrange(height)

    for _ in range(EVENTS_PER_FRAME):
        roll = rng.random()
        if roll < 0.33:
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos(), rel=(1, 1), buttons=(0, 0, 0)))
        elif roll < 0.60:
            where, button = pos(), rng.choice((1, 1, 1, 3))
            events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=button))
            events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=where, button=button))
        elif roll < 0.66:
            events.append(
                pygame.event.Event(
                    pygame.MOUSEWHEEL,
                    x=0,
                    y=rng.choice((-3, -1, 1, 3)),
                    flipped=False,
                    precise_x=0.0,
                    precise_y=1.0,
                )
            )
        elif roll < 0.90:
            key = rng.choice(
                (
                    pygame.K_ESCAPE,
                    pygame.K_RETURN,
                    pygame.K_F1,
                    pygame.K_z,
                    pygame.K_y,
                    pygame.K_s,
                    pygame.K_UP,
                    pygame.K_DOWN,
                    pygame.K_PAGEDOWN,
                    pygame.K_HOME,
                    pygame.K_END,
                    pygame.K_DELETE,
                    pygame.K_TAB,
                    pygame.K_SPACE,
                    pygame.K_1,
                    pygame.K_5,
                    pygame.K_a,
                    pygame.K_BACKSPACE,
                    pygame.K_LEFT,
                    pygame.K_RIGHT,
                    pygame.K_m,
                    pygame.K_k,
                )
            )
            mod = rng.choice(
                (0, 0, 0, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
            )
            char = rng.choice(texts)[:1]
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                events.append(pygame.event.Event(kind, key=key, mod=mod, unicode=char, scancode=0))
        elif roll < 0.96:
            events.append(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(texts)))
        else:
            events.append(
                pygame.event.Event(pygame.WINDOWFOCUSLOST if rng.random() < 0.5 else pygame.WINDOWFOCUSGAINED)
            )
    return events, None


def _top_name(app: App) -> str:
    top = app.top
    return "" if top is None else f"{type(top).__name__}:{len(app.stack)}"


def storm(
    app: App, screen: str, events: int = 300, seed: int = 0, texts: Sequence[str] = TEXT
) -> StormReport:
    """Throw ``events`` random events at showcase screen ``screen`` (``menu``, ``load``,
    ``match-mid:nelaxtam`` ...) and measure. Raises whatever a frame raises: a storm is a test."""
    import pygame

    from scenes.dev.showcase import build
    from scenes.kit import memory

    rng = random.Random(seed)
    report = StormReport(screen)
    build(app, screen)
    app.step(pygame.event.get(), 1 / 60)
    home = _top_name(app)
    frames: list[float] = []
    resize_frames: list[float] = []
    resize_cpu: list[float] = []
    layout_frames: list[float] = []
    layout_cpu: list[float] = []
    gc.collect()
    start_size = app.size
    report.rss_start = report.rss_peak = rss_mb() or 0.0
    started = time.perf_counter()
    while report.events < events:
        batch, resized = random_events(
            rng, app.size, force_resize=report.frames % RESIZE_EVERY == 0, texts=texts
        )
        report.events += len(batch)
        if resized is not None and not app.fullscreen:
            app.screen = pygame.display.set_mode(resized, pygame.RESIZABLE)  # the window manager's part
        queued = pygame.event.get()
        if any(event.type == pygame.QUIT for event in queued):  # Ctrl+C or a kill, which SDL turns into QUIT
            raise KeyboardInterrupt
        settling = app.settling
        t0 = time.perf_counter()
        c0 = time.process_time()
        app.step(batch + queued, 1 / 60)
        pygame.display.flip()
        elapsed = (time.perf_counter() - t0) * 1000
        cpu = (time.process_time() - c0) * 1000
        frames.append(elapsed)
        if resized:
            report.resizes += 1
            if elapsed > report.resize_frame_max:
                report.worst_resize = resized
            resize_frames.append(elapsed)
            resize_cpu.append(cpu)
        elif settling:
            layout_frames.append(elapsed)
            layout_cpu.append(cpu)
        report.frames += 1
        shown = report.smallest_size
        if shown is None or app.size[0] * app.size[1] < shown[0] * shown[1]:
            report.smallest_size = app.size
        if not app.running or _top_name(app) != home:
            app.running = True
            # The storm's own way back to its screen: the screens it left are dropped and collected
            # first, as the app does after a navigation, so the figures are the screen's and not
            # two stacks of the storm's scaffolding alive at once.
            app.clear()
            memory.release()
            build(app, screen)
            app.step(pygame.event.get(), 1 / 60)
            home = _top_name(app)
            report.rebuilds += 1
        if report.frames % 25 == 0:
            report.rss_peak = max(report.rss_peak, rss_mb() or 0.0)
    report.seconds = time.perf_counter() - started
    _back_to(app, start_size)
    gc.collect()
    report.rss_end = rss_mb() or 0.0
    report.rss_peak = max(report.rss_peak, report.rss_end)
    report.rss_high_water = peak_rss_mb() or 0.0
    report.frame_max = max(frames, default=0.0)
    report.frame_p99 = _percentile(frames, 0.99)
    report.resize_frame_max = max(resize_frames, default=0.0)
    report.resize_frame_p99 = _percentile(resize_frames, 0.99)
    report.resize_cpu_max = max(resize_cpu, default=0.0)
    report.resize_cpu_p99 = _percentile(resize_cpu, 0.99)
    report.layout_frame_max = max(layout_frames, default=0.0)
    report.layout_frame_p99 = _percentile(layout_frames, 0.99)
    report.layout_cpu_max = max(layout_cpu, default=0.0)
    report.layout_cpu_p99 = _percentile(layout_cpu, 0.99)
    return report


def _back_to(app: App, size: tuple[int, int]) -> None:
    """The window dragged back to the size the storm began at, and the screen settled there, so what
    the storm left behind is measured against the same window (a storm ending at 4000x300 holds a
    window of other pixels, which is no growth)."""
    import pygame

    if app.fullscreen or app.size == size:
        return
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)], 1 / 60)
    for _ in range(SETTLE_FRAMES):
        app.step(pygame.event.get(), 1 / 60)


SETTLE_FRAMES = 20
"""Frames after the last resize: the layout comes once the resizes stop (0.15 s), the drawing after."""


def run_one(screen: str, events: int, seed: int, data_dir: Path | None) -> StormReport:
    """One storm in this process, on a fresh app (the command line runs each in its own process so
    the memory figures do not add up across screens)."""
    from scenes.dev.hostile import write_hostile_files
    from scenes.routes import new_app

    with tempfile.TemporaryDirectory(prefix="curio-storm-") as tmp:
        root = data_dir or Path(tmp)
        if data_dir is None:
            write_hostile_files(root)
        app = new_app(data_dir=root, size=(1280, 800))
        try:
            return storm(app, screen, events, seed)
        finally:
            app.shutdown()


def default_screens() -> list[str]:
    from scenes.kit.registry import view_ids

    games = list(view_ids())
    return [
        "menu",
        "load",
        "settings",
        "help",
        *(f"new-game:{g}" for g in games),
        *(f"pause:{g}" for g in games),
        *(f"match-mid:{g}" for g in games),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scenes.dev.storm", description=__doc__.split("\n")[0])
    parser.add_argument("screens", nargs="*", help="showcase screen names (default: every screen)")
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data-dir", type=Path, help="storm over this data folder instead of a damaged one")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # child process mode
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.one:
        from scenes.dev.showcase import ShowcaseUnavailable

        try:
            report = run_one(args.screens[0], args.events, args.seed, args.data_dir)
        except ShowcaseUnavailable as exc:
            print(f"STORM-UNAVAILABLE {exc}")
            return 0
        print("STORM " + json.dumps(asdict(report)))
        return 0
    failures = 0
    peak = 0.0
    worst_resize = 0.0
    worst_layout = 0.0
    for screen in args.screens or default_screens():
        command = [
            sys.executable,
            "-m",
            "scenes.dev.storm",
            "--one",
            screen,
            "--events",
            str(args.events),
            "--seed",
            str(args.seed),
        ]
        if args.data_dir is not None:
            command += ["--data-dir", str(args.data_dir)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        lines = [line for line in done.stdout.splitlines() if line.startswith("STORM ")]
        if done.returncode != 0 or not lines:
            failures += 1
            print(f"{screen:28} FAILED\n{done.stderr[-3000:]}", flush=True)
            continue
        report = StormReport(**json.loads(lines[-1][6:]))
        peak = max(peak, report.rss_peak, report.rss_high_water)
        worst_resize = max(worst_resize, report.resize_frame_max)
        worst_layout = max(worst_layout, report.layout_frame_max)
        print(report.line(), flush=True)
    print(
        f"peak resident memory {peak:.0f} MB; slowest frame after a resize {worst_resize:.1f} ms, "
        f"slowest layout for a new size {worst_layout:.1f} ms; "
        f"{failures} screen(s) failed"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
