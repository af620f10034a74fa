"""Nelaxtam's ``gestures_for``: the clicks and Confirm press it lists, performed as real events through
a real two-human MatchScene, seal exactly the orders asked for — invasions and orders from seeded
games on every board size (sea counts, the quiet variant), every lesson's start, and whatever
half-made draft or selected troop the player left on the board."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame

from game.lessons import lessons_for, start_match
from game.match import Match, Seat
from game.nelaxtam import rules as R
from game.register import get
from scenes.games.nelaxtam.view import NelaxtamView
from scenes.kit.registry import make_view
from tests.gesture_driver import mouse, seal_random_turns, show
from tests.rules_helpers import play_random_turns

SETUPS = (
    {"size": "8", "sea": "5"},
    {"size": "10", "sea": "0"},
    {"size": "12"},
    {"size": "14", "sea": "2"},
    {"size": "8", "quiet": "on"},
)


def positions() -> Iterator[tuple[str, Match]]:
    """Seeded playouts (the invasion, or a few random turns after it), then every lesson's start."""
    rng = random.Random(2026)
    for n, options in enumerate(SETUPS):
        match = Match("nelaxtam", options, {"black": Seat(), "white": Seat()})
        play_random_turns(match, 0 if n == 0 else rng.randrange(1, 7), rng)
        if not match.over:
            yield f"playout {n} {options}", match
    for lesson in lessons_for("nelaxtam"):
        yield lesson.id, start_match(get("nelaxtam"), lesson)


def click(app: Any, pos: tuple[int, int] | None) -> None:
    assert pos is not None
    mouse(app, pygame.MOUSEBUTTONDOWN, pos)
    mouse(app, pygame.MOUSEBUTTONUP, pos)


def fidget(app: Any, view: NelaxtamView, player: str, rng: random.Random) -> None:
    """Leave the board as a player might before changing their mind: two troops landed, a troop
    selected, a troop given an order and another selected — or nothing."""
    state = view.nel
    what = rng.randrange(4)
    p = R.PLAYERS.index(player)
    if state.phase == R.PHASE_INVASION:
        own = list(R.bits_of(state.territory[p] & state.geo.edge))
        for sq in rng.sample(own, 2) if what else []:
            click(app, view.square_rect(sq).center)
        return
    living = state.living(player)
    if what == 0 or not living:
        return
    troop = rng.choice(living)
    click(app, view.square_rect(state.troops[p][troop - 1]).center)
    assert view.selected == troop
    codes = [c for c in state.orders_for(player, troop) if c]
    if what >= 2 and codes:
        click(app, view.square_rect(state.order_target(player, troop, rng.choice(codes))).center)
        if what == 3:  # and a second troop left selected
            other = rng.choice(living)
            click(app, view.square_rect(state.troops[p][other - 1]).center)


def test_gestures_seal_exactly_the_orders(app: Any) -> None:
    seen = seal_random_turns(app, positions(), show, fidget, NelaxtamView, random.Random(11))
    assert seen >= len(lessons_for("nelaxtam")) + len(SETUPS) - 1


def test_every_order_of_one_troop(app: Any) -> None:
    """Each single order a troop may get (moves and destructions, all four ways) is one click on the
    troop and one on its target."""
    match = start_match(get("nelaxtam"), lessons_for("nelaxtam")[3])  # the line of fire, a full board
    scene = show(app, match)
    view = scene.view
    assert isinstance(view, NelaxtamView)
    state = view.nel
    for code in state.orders_for("black", 1):
        text = state.move_to_text("black", state.make_orders({1: code}))
        gestures = view.gestures_for("black", text)
        assert gestures is not None
        assert len(gestures) == (3 if code else 1), text
    assert len(state.orders_for("black", 1)) == 9  # nothing, four moves, four destructions


def test_unknown_squares_and_bad_orders_have_no_gestures(app: Any) -> None:
    scene = show(app, Match("nelaxtam", {"size": "8"}, {"black": Seat(), "white": Seat()}))
    view = scene.view
    assert isinstance(view, NelaxtamView)
    assert view.square_center("a1") is not None and view.square_center("h8") is not None
    for name in ("i1", "a9", "l12", "", "7", "a0"):
        assert view.square_center(name) is None, name
    assert view.gestures_for("black", "b1,c1,d1,e1,f1") is None  # light squares are White's
    assert view.gestures_for("black", "a1,c1,e1") is None
    gestures = view.gestures_for("black", "a1,c1,e1,d4,e5")
    assert gestures is not None and [g.kind for g in gestures] == ["click"] * 5 + ["button"]


def test_every_lesson_mark_is_on_the_board(app: Any) -> None:
    """The rings and arrows of every lesson step name squares this board can point at."""
    for lesson in lessons_for("nelaxtam"):
        view = make_view(start_match(get("nelaxtam"), lesson))
        view.layout(pygame.Rect(0, 0, 900, 700))
        for step in lesson.steps:
            for name in (*step.targets, *(square for arrow in step.arrows for square in arrow)):
                assert view.square_center(name) is not None, (lesson.id, name)
