"""Perform a board view's :class:`~scenes.kit.board_view.Gesture` list as real pygame events through
``App.step``, the way a player's hand would: a click is a press and a release, a drag a press, two
moves and a release, a button the side panel's pygame-gui button (only when it is enabled: nobody
can press a greyed-out one), a key a key press. Used by the gesture tests of the simultaneous games.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from scenes.kit.board_view import Gesture
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import DT, settle


def mouse_event(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False)
    return pygame.event.Event(kind, pos=pos, button=1, touch=False)


def mouse(app: Any, kind: int, pos: tuple[int, int]) -> None:
    app.step([mouse_event(kind, pos)], DT)


def perform(app: Any, scene: MatchScene, gestures: list[Gesture]) -> None:
    """Each gesture's events go in one frame (a drag's press, moves and release too), which keeps the
    tests quick; the scene handles them one by one, in order, exactly as over several frames."""
    for gesture in gestures:
        if gesture.kind == "click":
            down, up = (mouse_event(k, gesture.pos) for k in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP))
            app.step([down, up], DT)
        elif gesture.kind == "drag":
            (x0, y0), (x1, y1) = gesture.pos, gesture.to
            app.step(
                [
                    mouse_event(pygame.MOUSEBUTTONDOWN, gesture.pos),
                    mouse_event(pygame.MOUSEMOTION, ((x0 + x1) // 2, (y0 + y1) // 2)),
                    mouse_event(pygame.MOUSEMOTION, gesture.to),
                    mouse_event(pygame.MOUSEBUTTONUP, gesture.to),
                ],
                DT,
            )
        elif gesture.kind == "button":
            button = scene.view_buttons[str(gesture.key)]
            assert button.is_enabled, f"the {gesture.key} button is greyed out"
            app.step([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], DT)
        elif gesture.kind == "key":
            event = pygame.event.Event(
                pygame.KEYDOWN, key=int(gesture.key), mod=0, unicode=gesture.text, scancode=0
            )
            app.step([event], DT)
        else:
            raise AssertionError(f"unknown gesture {gesture}")


def perform_settled(app: Any, scene: MatchScene, gestures: list[Gesture]) -> None:
    """:func:`perform`, then the board's animation played out (for boards that animate every move)."""
    perform(app, scene, gestures)
    settle(app, scene)
