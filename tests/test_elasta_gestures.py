"""Elasta's ``gestures_for``: the drags, clicks and Confirm press it lists, performed as real events
through a real two-human MatchScene, seal exactly the orders asked for — from random positions of
seeded games (with and without tokens), every lesson's start, and whatever half-made draft the
player left on the table."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.elasta import rules as R
from game.lessons import lessons_for, start_match
from game.match import Match, Seat
from game.register import get
from scenes.games.elasta import ElastaView
from scenes.games.elasta.allotment import DRAG_START
from scenes.kit.registry import make_view
from tests.gesture_driver import mouse, perform, seal_random_turns, show
from tests.rules_helpers import play_random_turns
from tests.scene_driver import DT, hand_over_to

PLAYOUTS = 4


def positions() -> Iterator[tuple[str, Match]]:
    """Seeded playouts (a few turns of random chips, tokens on and off), then every lesson's start."""
    rng = random.Random(2026)
    for game in range(PLAYOUTS):
        tokens = game % 2 == 1
        match = Match("elasta", {"tokens": "on" if tokens else "off"}, {"white": Seat(), "black": Seat()})
        play_random_turns(match, rng.randrange(0, 9), rng)
        if not match.over:
            yield f"playout {game}", match
    for lesson in lessons_for("elasta"):
        yield lesson.id, start_match(get("elasta"), lesson)


def fidget(app: Any, view: ElastaView, player: str, rng: random.Random) -> None:
    """Leave the table as a player might before changing their mind: some chips on files, a chip
    picked up by a click, a token on a square — or nothing."""
    state = view.ela
    what = rng.randrange(4)
    if state.phase == R.PHASE_TOKEN:
        squares = state.territory(player)
        if what and squares and state.can_place(player):
            pos = view.square_center(R.square_name(rng.choice(squares)))
            assert pos is not None
            mouse(app, pygame.MOUSEBUTTONDOWN, pos)
            mouse(app, pygame.MOUSEBUTTONUP, pos)
        return
    if what == 1:  # two chips dragged onto files
        for chip, file in zip(rng.sample(range(8), 2), rng.sample(range(8), 2), strict=True):
            mouse(app, pygame.MOUSEBUTTONDOWN, view.tray_center(player, chip))
            mouse(app, pygame.MOUSEMOTION, view.slot_center(player, file))
            mouse(app, pygame.MOUSEBUTTONUP, view.slot_center(player, file))
    elif what == 2:  # a chip picked up by a click and left in the hand
        pos = view.tray_center(player, rng.randrange(8))
        mouse(app, pygame.MOUSEBUTTONDOWN, pos)
        mouse(app, pygame.MOUSEBUTTONUP, pos)
        assert view.held is not None
    elif what == 3:  # a whole allotment typed
        digits = rng.sample("01234567", 8)
        app.step(
            [
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_0 + int(ch), mod=0, unicode=ch, scancode=0)
                for ch in digits
            ],
            DT,
        )


def test_drag_distance_counts_as_a_drag() -> None:
    assert DRAG_START < 20  # the drags below move half the distance from tray to rail in one step


def test_gestures_seal_exactly_the_orders(app: Any) -> None:
    seen = seal_random_turns(app, positions(), show, fidget, ElastaView, random.Random(7))
    assert seen >= len(lessons_for("elasta")) + PLAYOUTS // 2


def test_token_sub_turn_and_no_token(app: Any) -> None:
    """A token is one click and Confirm; a player with no token left just confirms."""
    match = Match("elasta", {"tokens": "on"}, {"white": Seat(), "black": Seat()})
    match.play_text("05172463/47203165")
    scene = show(app, match)
    view = scene.view
    assert isinstance(view, ElastaView)
    player = scene.curtain_for  # the token too is a secret entry: it starts behind the curtain
    assert player is not None
    hand_over_to(app, scene, player)
    square = "a1" if player == R.WHITE else "h8"
    gestures = view.gestures_for(player, square)
    assert gestures is not None and [g.kind for g in gestures] == ["click", "button"]
    assert gestures[0].pos == view.square_center(square)
    spent = R.ElastaState(
        (3, 3, 3, 5, 3, 5, 4, 3), tokens=True, phase=R.PHASE_TOKEN, turn=1, tokens_left=(0, 0)
    )
    view.set_state(spent)
    assert [g.kind for g in view.gestures_for(player, "-") or []] == ["button"]


def test_unknown_squares_and_bad_orders_have_no_gestures(app: Any) -> None:
    scene = show(app, Match("elasta", {}, {"white": Seat(), "black": Seat()}))
    view = scene.view
    assert isinstance(view, ElastaView)
    assert view.square_center("a1") is not None and view.square_center("h8") is not None
    for name in ("i1", "a9", "a0", "", "c", "e44"):
        assert view.square_center(name) is None, name
    assert view.gestures_for("white", "0123456") is None
    assert view.gestures_for("white", "01234566") is None
    assert view.gestures_for("white", "c2") is None


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_gestures_follow_the_layout(app: Any, size: tuple[int, int]) -> None:
    app.resize_window(size)
    scene = show(app, Match("elasta", {}, {"white": Seat(), "black": Seat()}))
    view = scene.view
    assert isinstance(view, ElastaView)
    hand_over_to(app, scene, "white")
    gestures = view.gestures_for("white", "76543210")
    assert gestures is not None
    assert all(scene.board_rect.collidepoint(g.pos) for g in gestures if g.kind == "drag")
    perform(app, scene, gestures)
    assert scene.match.pending == {"white": (7, 6, 5, 4, 3, 2, 1, 0)}


def test_every_lesson_mark_is_on_the_board(app: Any) -> None:
    """The rings and arrows of every lesson step name squares this board can point at."""
    for lesson in lessons_for("elasta"):
        view = make_view(start_match(get("elasta"), lesson))
        view.layout(pygame.Rect(0, 0, 900, 700))
        for step in lesson.steps:
            for name in (*step.targets, *(square for arrow in step.arrows for square in arrow)):
                assert view.square_center(name) is not None, (lesson.id, name)
