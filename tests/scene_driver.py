"""Drive real scenes the way a player does: real pygame events through ``App.step``.

Shared by every scene test so each game's tests speak of squares and moves, not of event plumbing.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.match import Match
from scenes.shell.match.scene import MatchScene

DT = 1 / 60


def click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    """A press and release at ``pos`` within one frame."""
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ],
        DT,
    )


def key(app: Any, k: int, mod: int = 0, unicode: str = "") -> None:
    """A key press and release within one frame."""
    app.step(
        [
            pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0),
        ],
        DT,
    )


def press(app: Any, scene: MatchScene, name: str) -> None:
    """Press one of the view's own buttons (Pass, Confirm, Merge ...)."""
    button = scene.view_buttons[name]
    app.step([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], DT)


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
