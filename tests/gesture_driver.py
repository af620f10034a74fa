"""Perform a board view's :class:`~scenes.kit.board_view.Gesture` list as real pygame events through
``App.step``, the way a player's hand would: a click is a press and a release, a drag a press, two
moves and a release, a button the side panel's pygame-gui button (only when it is enabled: nobody
can press a greyed-out one), a key a key press. Used by the gesture tests of the simultaneous games.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import pygame
import pygame_gui

from game.match import Match
from scenes.kit.board_view import Gesture
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import DT, hand_over, settle


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


def seal_random_turns(
    app: Any,
    positions: Iterable[tuple[str, Match]],
    show: Callable[[Any, Match], MatchScene],
    fidget: Callable[[Any, Any, str, random.Random], None],
    view_type: type,
    rng: random.Random,
) -> int:
    """The simultaneous games' gesture check: in every position each player takes the screen behind
    the curtain (every secret entry starts there), fidgets, then seals a random legal order by the
    gestures the view says would make it, and the revealed turn must hold exactly the orders sealed.
    Returns how many turns were played."""
    seen = 0
    for name, match in positions:
        scene = show(app, match)
        view = scene.view
        assert isinstance(view, view_type)
        before = len(match.turns)
        sealed: dict[str, Any] = {}
        for _ in match.state.to_move():
            waiting = scene.curtain_for
            assert waiting is not None and scene.input_player() is None, name
            hand_over(app, scene)
            player = scene.input_player()
            assert player == waiting, name
            state = match.state
            fidget(app, view, player, rng)
            move = state.random_move(player, rng)
            text = state.move_to_text(player, move)
            gestures = view.gestures_for(player, text)
            assert gestures is not None and gestures[-1].key == "confirm", (name, text)
            perform(app, scene, gestures)
            sealed[player] = move
            if len(match.turns) == before:
                assert match.pending.get(player) == move, (name, text, scene.message)
                assert scene.curtain_for not in (None, player), name
        assert len(match.turns) == before + 1, (name, scene.message)
        assert match.turns[-1].moves == sealed, name
        seen += 1
    return seen


def show(app: Any, match: Match) -> MatchScene:
    """``match`` alone on the app's stack (no menu beneath), without animations, first frame drawn."""
    app.settings.animation_speed = "off"
    scene = MatchScene(app, match)
    app.reset_to(scene)
    app.step([], DT)
    return scene
