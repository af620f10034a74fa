"""How long F1 takes: the rules window opened from the menu for every game, timed to its first
frame drawn, in wall-clock and CPU time (the CPU figure holds still on a busy machine).

``python -m scenes.dev.rules_timing [WIDTHxHEIGHT] [TRIES]`` prints, per game, the first opening
(nothing cached yet: the board pictures are drawn for the first time as the page fills) and the best
of the following ones. Issue #14 asks for 0.1 s at most.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

FILL_FRAMES = 60
"""Frames run after each opening, as a reader would, so the page is complete before it closes."""


def time_openings(size: tuple[int, int], tries: int) -> list[tuple[str, list[float], list[float]]]:
    """Per game: (id, wall seconds per opening, CPU seconds per opening)."""
    from scenes.kit.registry import playable_games
    from scenes.routes import new_app

    app = new_app(data_dir=Path(tempfile.mkdtemp(prefix="curio-rules-timing-")), size=size)
    try:
        menu = app.goto("menu")
        menu.refresh()
        for _ in range(FILL_FRAMES):  # the menu's card pictures first: they are not F1's cost
            app.step([], 1 / 60)
        results = []
        for info in playable_games():
            walls, cpus = [], []
            for _ in range(tries):
                wall, cpu = time.perf_counter(), time.process_time()
                menu.show_rules(info)
                app.step([], 1 / 60)
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
                for _ in range(FILL_FRAMES):
                    app.step([], 1 / 60)
                menu.dialogs.close_all()
                app.step([], 1 / 60)
            results.append((info.id, walls, cpus))
        return results
    finally:
        app.shutdown()


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        width, height = (int(part) for part in (argv[0] if argv else "1280x800").split("x"))
        tries = max(2, int(argv[1])) if len(argv) > 1 else 5
    except ValueError:
        print("usage: python -m scenes.dev.rules_timing [WIDTHxHEIGHT] [TRIES]", file=sys.stderr)
        return 2
    print(f"rules window at {width}x{height}: first opening, then the best of {tries - 1} more")
    for game_id, walls, cpus in time_openings((width, height), tries):
        print(
            f"  {game_id:22s} first {walls[0] * 1000:5.0f} ms ({cpus[0] * 1000:4.0f} ms CPU)   "
            f"again {min(walls[1:]) * 1000:5.0f} ms ({min(cpus[1:]) * 1000:4.0f} ms CPU)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
