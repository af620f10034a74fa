"""Frame-time benchmark of the match scene (``python main.py --bench``).

Measures what a player feels: the work of real frames (events, update, draw, flip) in the Elephant
Run scene while its signature animation plays, and while the computer thinks at the hard level in
the worker process (the window must not stutter then). Frames are paced at 60 FPS like the real
loop so the worker competes for the CPU as it would in play.
"""

from __future__ import annotations

import statistics
import time
from typing import TYPE_CHECKING

import pygame

from game.match import AI, HUMAN, Seat
from scenes.kit.registry import demo_match
from scenes.shell.match.scene import MatchScene

if TYPE_CHECKING:
    from scenes.kit.app import App

FPS = 60


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def _frame(app: App, clock: pygame.time.Clock) -> float:
    """One paced frame; returns its work time in milliseconds (the sleep is not counted)."""
    clock.tick(FPS)
    t0 = time.perf_counter()
    app.step(pygame.event.get(), 1 / FPS)
    pygame.display.flip()
    return (time.perf_counter() - t0) * 1000.0


def run_bench(app: App, seconds: float = 3.0) -> dict[str, float]:
    """Frame times (ms, p50/p99) during animation and while the AI thinks; leaves the stack as it was."""
    clock = pygame.time.Clock()
    saved_speed = app.settings.animation_speed
    depth = len(app.stack)
    results: dict[str, float] = {}
    try:
        app.settings.animation_speed = "normal"
        # 1. animation: replay the last turns' animations back to back
        match = demo_match("elephant-run", "mid")
        match.seats = {p: Seat(HUMAN) for p in match.seats}
        scene = MatchScene(app, match)
        app.push(scene)
        _frame(app, clock)
        times: list[float] = []
        turns = [t for t in match.turns if t.before.position()["phase"] == "play"]
        end = time.perf_counter() + seconds
        index = 0
        while time.perf_counter() < end:
            if not scene.view.busy:
                turn = turns[index % len(turns)]
                scene.view.set_state(turn.after, animate_from=turn)
                index += 1
            times.append(_frame(app, clock))
        results["anim_frames"] = float(len(times))
        results["anim_p50_ms"] = statistics.median(times)
        results["anim_p99_ms"] = _percentile(times, 0.99)
        app.pop()

        # 2. the computer thinking at the hard level, in the worker process (a fresh position
        #    each time it answers, so the whole measuring time is spent thinking)
        times = []
        end = time.perf_counter() + max(seconds, 2.0)
        answers = 0
        while time.perf_counter() < end:
            match = demo_match("elephant-run", "mid")
            match.seats = {"elephant": Seat(AI, "hard"), "farmers": Seat(HUMAN)}
            scene = MatchScene(app, match)
            app.push(scene)
            turns_before = len(match.turns)
            while time.perf_counter() < end and len(match.turns) == turns_before:
                ms = _frame(app, clock)
                if scene.thinking:
                    times.append(ms)
            answers += len(match.turns) > turns_before
            app.pop()
        results["ai_frames"] = float(len(times))
        results["ai_answers"] = float(answers)
        results["ai_p50_ms"] = statistics.median(times) if times else 0.0
        results["ai_p99_ms"] = _percentile(times, 0.99)
    finally:
        while len(app.stack) > depth:
            app.pop()
        app.settings.animation_speed = saved_speed
    return results


if __name__ == "__main__":  # a quick manual run: python -m scenes.dev.bench
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from scenes.routes import new_app

    application = new_app()
    try:
        for name, value in run_bench(application).items():
            print(f"{name:14s} {value:8.2f}")
    finally:
        application.shutdown()
