"""Drive real scenes the way a player does: real pygame events through ``App.step``.

Shared by every scene test so each game's tests speak of squares and moves, not of event plumbing.
"""

from __future__ import annotations

import time
from typing import Any, TypeVar

import pygame
import pygame_gui

from game.match import Match
from game.worker import AIResult
from scenes.shell.match.scene import MatchScene

DT = 1 / 60

V = TypeVar("V")


def view_as(scene: MatchScene, kind: type[V]) -> V:
    """The scene's board view, which must be a ``kind`` (the game's own view class)."""
    view = scene.view
    assert isinstance(view, kind)
    return view


def click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    """A press and release at ``pos`` within one frame."""
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ],
        DT,
    )


def mouse(app: Any, kind: int, pos: tuple[int, int], button: int = 1) -> None:
    """One mouse event in a frame of its own; a motion is made with ``button`` held down."""
    if kind == pygame.MOUSEMOTION:
        held = tuple(int(b == button) for b in (1, 2, 3))
        event = pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=held, touch=False)
    else:
        event = pygame.event.Event(kind, pos=pos, button=button, touch=False)
    app.step([event], DT)


def slow_click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    """A press at ``pos`` in one frame and its release in the next."""
    mouse(app, pygame.MOUSEBUTTONDOWN, pos, button)
    mouse(app, pygame.MOUSEBUTTONUP, pos, button)


def drag(app: Any, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start``, move through the middle to ``end`` and release there, a frame each."""
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    mouse(app, pygame.MOUSEMOTION, middle)
    mouse(app, pygame.MOUSEMOTION, end)
    mouse(app, pygame.MOUSEBUTTONUP, end)


def click_element(app: Any, element: Any) -> None:
    """A left click at the centre of a pygame-gui element, then frames to deliver its events."""
    assert element.visible and element.is_enabled, f"{element} is not clickable"
    pos = element.rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], DT)
    click(app, pos)
    pump(app)


def key(app: Any, k: int, mod: int = 0, unicode: str = "") -> None:
    """A key press and release within one frame."""
    app.step(
        [
            pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0),
        ],
        DT,
    )


def key_down(app: Any, k: int, mod: int = 0, unicode: str = "") -> None:
    """A key press alone (no release) in one frame."""
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)], DT)


def hand_over(app: Any, scene: MatchScene, limit: int = 3) -> None:
    """Lift the hot-seat curtain if it is up, the way the next player at the screen does: Space
    (pressed at most ``limit`` times). Every secret entry of a two-human simultaneous game starts
    behind the curtain; with no curtain up this does nothing."""
    for _ in range(limit):
        if scene.curtain_for is None:
            return
        key_down(app, pygame.K_SPACE, unicode=" ")
    assert scene.curtain_for is None, f"the curtain for {scene.curtain_for} would not lift"


def hand_over_to(app: Any, scene: MatchScene, player: str) -> None:
    """The curtain must be up for ``player``'s secret entry, with nothing under it to act on;
    ``player`` takes the screen (:func:`hand_over`) and may then enter."""
    assert scene.curtain_for == player and scene.input_player() is None, (scene.curtain_for, player)
    hand_over(app, scene)
    assert scene.input_player() == player, (scene.input_player(), player)


def press_button(app: Any, button: Any) -> None:
    """A pygame-gui button's pressed event, delivered in one frame."""
    app.step([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], DT)


def press(app: Any, scene: MatchScene, name: str) -> None:
    """Press one of the view's own buttons (Pass, Confirm, Merge ...)."""
    press_button(app, scene.view_buttons[name])


def pump(app: Any, frames: int = 2) -> None:
    """Run frames fed from pygame's real queue (where pygame-gui posts its events)."""
    for _ in range(frames):
        app.step(pygame.event.get(), DT)


def idle(app: Any, frames: int = 1) -> None:
    """Frames with no input at all."""
    for _ in range(frames):
        app.step([], DT)


def resize(app: Any, size: tuple[int, int]) -> None:
    """Resize the window and draw one frame at the new size."""
    app.resize_window(size)
    app.step([], DT)


def wait_for_turns(
    app: Any, match: Match, count: int, what: str = "the computer's reply", seconds: float = 60.0
) -> None:
    """Run frames until ``match`` has ``count`` turns; ``what`` (the computer's answer) must have
    arrived within ``seconds``."""
    deadline = time.monotonic() + seconds
    while len(match.turns) < count and time.monotonic() < deadline:
        app.step([], DT)
    assert len(match.turns) == count, f"{what} never arrived"


def end_dialog(app: Any, scene: MatchScene) -> Any:
    """Draw one more frame; the end-of-game dialog must then be open. Returns it."""
    app.step([], DT)
    assert scene.end_dialog is not None and scene.end_dialog.alive()
    return scene.end_dialog


def settle(app: Any, scene: MatchScene, limit: int = 600, dt: float = 0.05) -> None:
    """Step with large time steps until the board stops animating."""
    for _ in range(limit):
        app.step([], dt)
        if not scene.view.busy:
            return
    raise AssertionError("the animation never ended")


def start(app: Any, match: Match, speed: str = "off") -> MatchScene:
    """Put ``match`` on screen in a real MatchScene and draw its first frame."""
    app.settings.animation_speed = speed
    scene = MatchScene(app, match)
    app.push(scene)
    app.step([], DT)
    return scene


class SlowWorker:
    """A computer that thinks until the test gives it an ``answer``."""

    def __init__(self) -> None:
        self.requests = 0
        self.answer: str | None = None

    def request(self, record: Any, player: str, level: str, seed: int) -> int:
        self.requests += 1
        return self.requests

    def poll(self) -> AIResult | None:
        return AIResult(self.requests, self.answer, None, 0.0) if self.answer else None

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass
