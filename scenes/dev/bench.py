"""Frame-time and idle benchmark (``python main.py --bench``).

Measures what a player feels and what the machine pays:

* **idle CPU per screen**: each screen left alone for a few seconds in the app's real loop
  (:meth:`scenes.kit.app.App.loop`, which sleeps while nothing moves), as this process's CPU seconds
  over wall seconds, with the frames it drew meanwhile (0 when the picture was still; a breathing
  ring or the hand-off curtain's pulse draws at ``pacing.GENTLE``);
* **animation frames per game**: the work of real frames (events, update, draw, flip) while the
  game's turns are replayed with animation back to back, p50/p99 in wall and in CPU milliseconds
  (wall times on a busy machine are a multiple of the CPU times);
* **frames while the computer thinks** at the hard level in the worker process (Elephant Run): the
  window must not stutter then. Frames are paced at 60 FPS like the real loop so the worker competes
  for the CPU as it would in play.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.match import AI, HUMAN, Match, Seat
from scenes.kit.pacing import GENTLE
from scenes.kit.registry import demo_match, view_ids
from scenes.shell.match.scene import MatchScene

if TYPE_CHECKING:
    from scenes.kit.app import App

FPS = 60
IDLE_SECONDS = 2.0
"""How long each screen idles while measured."""
SETTLE_SECONDS = 15.0
"""The longest a screen is given to come to rest first (its opening animation, the computer's
sealed orders) before its idling is measured."""
SETTLE_MIN_SECONDS = 1.0
"""Settling lasts at least this long: the app tidies memory (a full garbage collection) half a
second after a screen changed, which is not the screen's idling."""


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def _frame(app: App, clock: pygame.time.Clock) -> tuple[float, float]:
    """One paced, always-drawn frame; its work time in wall and CPU milliseconds (the sleep is not
    counted)."""
    clock.tick(FPS)
    t0, c0 = time.perf_counter(), time.process_time()
    app.step(pygame.event.get(), 1 / FPS)
    pygame.display.flip()
    return (time.perf_counter() - t0) * 1000.0, (time.process_time() - c0) * 1000.0


# idle ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class IdleFigure:
    """One screen left alone: ``cpu_percent`` of one core over ``seconds``, ``frames`` drawn."""

    screen: str
    cpu_percent: float
    frames: int
    seconds: float

    def line(self) -> str:
        rate = self.frames / self.seconds if self.seconds else 0.0
        return f"{self.screen:34} {self.cpu_percent:5.1f} % of a core   {rate:5.1f} frames/s"


def idle_cpu(app: App, screen: str, seconds: float = IDLE_SECONDS) -> IdleFigure:
    """Idle CPU of the screen on top of ``app`` now: settle, then the real loop for ``seconds``."""
    pygame.mouse.set_pos((app.size[0] - 1, app.size[1] - 1))  # no widget under the pointer
    started = time.perf_counter()
    app.loop(
        lambda: (
            time.perf_counter() > started + SETTLE_SECONDS
            or (time.perf_counter() > started + SETTLE_MIN_SECONDS and _at_rest(app))
        )
    )
    start, cpu, frames = time.perf_counter(), time.process_time(), app.frames_drawn
    end = start + seconds
    app.loop(lambda: time.perf_counter() > end)
    wall = time.perf_counter() - start
    used = time.process_time() - cpu
    return IdleFigure(screen, 100.0 * used / wall, app.frames_drawn - frames, wall)


def _at_rest(app: App) -> bool:
    """Nothing left that moves by itself: the screen's idle state. A gentle pulse that ends (a
    lesson's rings breathe for a few seconds) is waited out; one that never ends is measured after
    :data:`SETTLE_SECONDS`, as what that screen costs at rest."""
    top = app.top
    if top is None:
        return True
    wanted = top.next_frame()
    thinking = bool(getattr(top, "thinking", False))
    return not thinking and (wanted is None or wanted > GENTLE)


def _match_against(game_id: str, computer: bool) -> Match:
    """The middle demo game, the side to move a human; the other side the computer or a human."""
    match = demo_match(game_id, "mid")
    awaiting = match.awaiting()
    human = awaiting[0] if awaiting else match.game.players[0]
    match.seats = {
        p: Seat(HUMAN) if p == human or not computer else Seat(AI, "easy") for p in match.game.players
    }
    return match


def idle_screens(app: App) -> list[tuple[str, Callable[[], None]]]:
    """Every screen the benchmark idles on, with how to put it on top."""
    from scenes.dev.showcase import build

    screens: list[tuple[str, Callable[[], None]]] = [
        (name, lambda name=name: build(app, name))
        for name in ("menu", "new-game", "load", "settings", "lessons", "lesson")
    ]
    for game_id in view_ids():
        for computer in (False, True):
            label = f"match {game_id} vs {'computer' if computer else 'human'}"

            def show(game_id: str = game_id, computer: bool = computer) -> None:
                scene = MatchScene(app, _match_against(game_id, computer))
                app.goto("menu")
                app.push(scene)

            screens.append((label, show))
    return screens


def run_idle(app: App, seconds: float = IDLE_SECONDS) -> list[IdleFigure]:
    """Idle CPU on every screen of :func:`idle_screens`; leaves the menu on top."""
    figures = []
    for label, show in idle_screens(app):
        show()
        figures.append(idle_cpu(app, label, seconds))
    app.goto("menu")
    return figures


# animation ------------------------------------------------------------------------------------------------
def animation_frames(app: App, game_id: str, seconds: float) -> dict[str, float]:
    """Frame times while ``game_id``'s turns of its middle demo game are replayed with animation."""
    clock = pygame.time.Clock()
    match = demo_match(game_id, "mid")
    match.seats = {p: Seat(HUMAN) for p in match.seats}
    scene = MatchScene(app, match)
    app.push(scene)
    try:
        _frame(app, clock)
        walls: list[float] = []
        cpus: list[float] = []
        turns = list(match.turns)
        end = time.perf_counter() + seconds
        index = 0
        while time.perf_counter() < end and turns:
            if not scene.view.busy:
                turn = turns[index % len(turns)]
                scene.view.set_state(turn.after, animate_from=turn)
                index += 1
            wall, cpu = _frame(app, clock)
            if scene.view.busy:
                walls.append(wall)
                cpus.append(cpu)
    finally:
        app.pop()
    return {
        "frames": float(len(walls)),
        "p50_ms": statistics.median(walls) if walls else 0.0,
        "p99_ms": _percentile(walls, 0.99),
        "cpu_p50_ms": statistics.median(cpus) if cpus else 0.0,
        "cpu_p99_ms": _percentile(cpus, 0.99),
    }


def run_bench(app: App, seconds: float = 3.0) -> dict[str, float]:
    """Frame times (ms, p50/p99) during each game's animations and while the AI thinks; leaves the
    stack as it was."""
    saved_speed = app.settings.animation_speed
    depth = len(app.stack)
    results: dict[str, float] = {}
    try:
        app.settings.animation_speed = "normal"
        for game_id in view_ids():
            for key, value in animation_frames(app, game_id, seconds).items():
                results[f"anim_{game_id}_{key}"] = value
        results.update(_thinking_frames(app, seconds))
    finally:
        while len(app.stack) > depth:
            app.pop()
        app.settings.animation_speed = saved_speed
    return results


def _thinking_frames(app: App, seconds: float) -> dict[str, float]:
    """The computer thinking at the hard level, in the worker process (a fresh position each time it
    answers, so the whole measuring time is spent thinking)."""
    clock = pygame.time.Clock()
    times: list[float] = []
    end = time.perf_counter() + max(seconds, 2.0)
    answers = 0
    while time.perf_counter() < end:
        match = demo_match("elephant-run", "mid")
        match.seats = {"elephant": Seat(AI, "hard"), "farmers": Seat(HUMAN)}
        scene = MatchScene(app, match)
        app.push(scene)
        turns_before = len(match.turns)
        while time.perf_counter() < end and len(match.turns) == turns_before:
            wall, _cpu = _frame(app, clock)
            if scene.thinking:
                times.append(wall)
        answers += len(match.turns) > turns_before
        app.pop()
    return {
        "ai_frames": float(len(times)),
        "ai_answers": float(answers),
        "ai_p50_ms": statistics.median(times) if times else 0.0,
        "ai_p99_ms": _percentile(times, 0.99),
    }


if __name__ == "__main__":  # a quick manual run: python -m scenes.dev.bench
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from scenes.routes import new_app

    application = new_app()
    try:
        for figure in run_idle(application):
            print(figure.line())
        for name, value in run_bench(application).items():
            print(f"{name:34s} {value:8.2f}")
    finally:
        application.shutdown()
