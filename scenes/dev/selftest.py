"""``main.py --self-test OUT.png``: play the opening of a real game in a real window, then check it.

Why it exists: ``--smoke`` proves every screen draws, but not that a *built* app (PyInstaller) can
click through the menu, start the AI worker process (multiprocessing's spawn re-runs the frozen
executable, which only works when ``freeze_support`` and the bundled modules are right) and show
the computer's move. So this drives the app the way a player does, with synthetic mouse events
through the real event queue and the real pygame-gui buttons:

1. main menu → the Elephant Run card's **Play**;
2. new-game dialog → opponent **Computer**, level **Normal**, you play **Farmers** → **Start**
   (the elephant moves first, so the computer has to move before the human can);
3. frames at 60 FPS until the AI worker's answer has been applied and its animation has finished;
4. the window is saved to ``OUT.png``, read back and judged (not blank: enough distinct colours
   and contrast), and one line reports the outcome. Exit status 0 when all is well, else 1.

Everything is bounded by :data:`TIMEOUT`. Saves and settings go to a temporary directory unless
``--data-dir`` is given, so a self test never touches a player's games.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from scenes.kit.app import FPS
from scenes.routes import new_app

if TYPE_CHECKING:
    from pygame_gui.elements import UIButton

    from scenes.kit.app import App
    from scenes.shell.match.scene import MatchScene

TIMEOUT = 30.0
"""Seconds for the whole run, start-up included; a frozen AI worker starts in about a second."""

GAME_ID = "elephant-run"
HUMAN_SIDE = "farmers"
AI_SIDE = "elephant"
LEVEL = "normal"
SETTLE_FRAMES = 30
"""Frames drawn after the AI's move has landed, so the banner and move list have caught up."""

MIN_COLOURS = 200
"""A board with felt, wood, tiles, pieces and text has thousands; a blank or black frame has 1-2."""
MIN_SPREAD = 12.0
"""Standard deviation of the brightness (0-255) of a sample of pixels; a flat fill has 0."""


class SelfTestFailure(Exception):
    """A step did not happen in time or went wrong; the message says which."""


class Driver:
    """Steps the app at 60 FPS and clicks pygame-gui buttons with synthetic mouse events."""

    def __init__(self, app: App, deadline: float) -> None:
        self.app = app
        self.deadline = deadline
        self.frames = 0

    def frame(self) -> None:
        """One frame exactly as :meth:`App.run` does it (real time between frames)."""
        if time.monotonic() > self.deadline:
            raise SelfTestFailure(f"timed out after {TIMEOUT:.0f} s")
        dt = self.app.clock.tick(FPS) / 1000.0
        self.app.step(pygame.event.get(), min(dt, 0.1))
        pygame.display.flip()
        self.frames += 1
        if not self.app.running:
            raise SelfTestFailure("the app quit on its own")

    def until(self, done: Callable[[], bool], what: str, limit: float | None = None) -> float:
        """Step frames until ``done()``; returns the seconds it took. Fails at the deadline."""
        start = time.monotonic()
        while not done():
            if limit is not None and time.monotonic() - start > limit:
                raise SelfTestFailure(f"no {what} after {limit:.0f} s")
            try:
                self.frame()
            except SelfTestFailure as exc:
                raise SelfTestFailure(f"waiting for {what}: {exc}") from None
        return time.monotonic() - start

    def click(self, button: UIButton, what: str) -> None:
        """Move the pointer onto ``button`` and press and release the left button there.

        The events go through pygame's own queue, so they take the same path as a player's click:
        App._dispatch → the scene's UIManager → UI_BUTTON_PRESSED → the scene's handler."""
        if not button.is_enabled:
            raise SelfTestFailure(f"the {what} button is disabled")
        pos = button.rect.center
        pygame.mouse.set_pos(pos)  # the real pointer too: pygame-gui reads it for hovering
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        self.frame()
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        self.frame()
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
        self.frame()
        self.frame()  # UI_BUTTON_PRESSED is posted while the release is handled: one more frame


def post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, attrs))


def choose(driver: Driver, row: Any, value: str, what: str) -> None:
    """Select ``value`` in a dialog's ChoiceRow by clicking its button (no click if already set)."""
    if row is None:
        raise SelfTestFailure(f"the new-game dialog has no {what} row")
    if row.selected == value:
        return
    driver.click(row.buttons[row.values.index(value)], f"{what} '{value}'")
    if row.selected != value:
        raise SelfTestFailure(f"clicking {what} '{value}' did not select it")


def judge_picture(path: Path, size: tuple[int, int]) -> tuple[int, float]:
    """Read the PNG back and return (distinct colours, brightness spread); fail if it looks blank."""
    image = pygame.image.load(str(path))
    if image.get_size() != size:
        raise SelfTestFailure(f"screenshot is {image.get_size()}, expected {size}")
    raw = pygame.image.tobytes(image, "RGB")
    colours = {raw[i : i + 3] for i in range(0, len(raw), 3)}
    w, h = size
    step = max(1, (w * h) // 20000)
    brightness = [
        0.299 * raw[i] + 0.587 * raw[i + 1] + 0.114 * raw[i + 2] for i in range(0, len(raw), 3 * step)
    ]
    spread = statistics.pstdev(brightness)
    if len(colours) < MIN_COLOURS or spread < MIN_SPREAD:
        raise SelfTestFailure(
            f"screenshot looks blank ({len(colours)} colours, brightness spread {spread:.1f})"
        )
    return len(colours), spread


def _play(app: App, out: Path) -> str:
    """The scripted opening; returns the report's details, raises SelfTestFailure on any problem."""
    from scenes.shell.match.scene import MatchScene
    from scenes.shell.menu import MainMenuScene
    from scenes.shell.new_game import NewGameScene

    driver = Driver(app, time.monotonic() + TIMEOUT)
    menu = app.open("menu")
    assert isinstance(menu, MainMenuScene)
    driver.until(lambda: bool(menu.cards), "game cards on the main menu", limit=10)
    card = next((c for c in menu.cards if c.info.id == GAME_ID), None)
    if card is None:
        raise SelfTestFailure(f"the main menu has no {GAME_ID} card")

    driver.click(card.play, "Play")
    driver.until(lambda: isinstance(app.top, NewGameScene), "new-game dialog", limit=5)
    dialog = app.top
    assert isinstance(dialog, NewGameScene)
    choose(driver, dialog.mode_row, "ai", "opponent")
    choose(driver, dialog.level_row, LEVEL, "level")
    choose(driver, dialog.side_row, HUMAN_SIDE, "side")
    if dialog.start_button is None:
        raise SelfTestFailure("the new-game dialog has no Start button")
    driver.click(dialog.start_button, "Start")
    driver.until(lambda: isinstance(app.top, MatchScene), "match screen after Start", limit=5)
    scene = app.top
    assert isinstance(scene, MatchScene)
    if not scene.match.seats[AI_SIDE].is_ai or scene.match.seats[HUMAN_SIDE].is_ai:
        raise SelfTestFailure(f"the match's seats are wrong: {scene.match.mode_text()}")

    def ai_moved() -> bool:
        if scene.ai_failures or scene.ai_stopped:
            raise SelfTestFailure("the computer player failed (see the toast in the screenshot)")
        return bool(scene.match.turns) and not scene.view.busy

    worker_pid = _worker_pid(app)
    seconds = driver.until(ai_moved, "move from the AI worker")
    worker_pid = _worker_pid(app) or worker_pid
    if worker_pid is None or worker_pid == os.getpid():
        raise SelfTestFailure("the AI did not run in a worker process")
    move = scene.match.turns[0].text
    pygame.mouse.set_pos((app.size[0] - 1, app.size[1] - 1))  # no hover highlight or tooltip in the picture
    for _ in range(SETTLE_FRAMES):
        driver.frame()
    _check_waiting_for_human(scene)

    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(out))
    colours, spread = judge_picture(out, app.screen.get_size())
    width, height = app.screen.get_size()
    return (
        f"computer ({AI_SIDE}, {LEVEL}) played {move} via worker pid {worker_pid} "
        f"{seconds:.2f} s after Start; screenshot {out} {width}x{height}, {colours} colours, "
        f"spread {spread:.0f}; driver {pygame.display.get_driver()}, {driver.frames} frames"
    )


def _worker_pid(app: App) -> int | None:
    """The AI process's id, if it is running (read defensively: the worker's fields are private)."""
    process = getattr(app._worker, "_process", None) if app._worker is not None else None
    pid = getattr(process, "pid", None)
    return pid if isinstance(pid, int) else None


def _check_waiting_for_human(scene: MatchScene) -> None:
    if scene.match.over:
        return
    if HUMAN_SIDE not in scene.match.awaiting():
        raise SelfTestFailure(f"after the computer's move it is not the {HUMAN_SIDE}' turn")


def run_self_test(out: Path, data_dir: Path | None = None, size: tuple[int, int] = (1280, 800)) -> int:
    """Run the scripted game, print one ``self-test: ok|FAILED ...`` line, return the exit status."""
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="curio-selftest-") as tmp:
        try:
            app = new_app(data_dir=data_dir if data_dir is not None else Path(tmp), size=size)
        except Exception as exc:
            print(f"self-test: FAILED to open a window: {exc}", flush=True)
            return 1
        try:
            details = _play(app, out)
        except SelfTestFailure as exc:
            print(f"self-test: FAILED: {exc}", flush=True)
            return 1
        except Exception:
            print("self-test: FAILED with an error:", flush=True)
            traceback.print_exc(file=sys.stdout)
            return 1
        finally:
            app.shutdown()
    print(f"self-test: ok in {time.monotonic() - start:.1f} s: {details}", flush=True)
    return 0
