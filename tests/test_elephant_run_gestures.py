"""``ElephantRunView.gestures_for``: the clicks and buttons it names, performed as real pygame events
through a real MatchScene (both seats human, animation off), enter exactly the move asked for.

This is what the tutorial screen and a lesson's "Show me" rely on, so it is checked on seeded random
games (setup included, and the compound-move option, where a click on a tile plays the simple move
there) and on every lesson's position, for a sample of legal moves in each."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.lessons import lessons_for, start_match
from game.match import Match, Seat
from game.register import get
from scenes.games.elephant_run import ElephantRunView
from scenes.games.elephant_run.moves import options_from
from scenes.kit.board_view import Gesture
from scenes.shell.match.scene import MatchScene
from tests.er_notation import move_squares
from tests.gesture_driver import perform_settled as perform
from tests.scene_driver import DT, click, key, settle, start

GAME = "elephant-run"


def view_of(scene: MatchScene) -> ElephantRunView:
    assert isinstance(scene.view, ElephantRunView)
    return scene.view


def enters_exactly(app: Any, scene: MatchScene, text: str) -> bool:
    """Perform the view's gestures for ``text`` by the side to move, check the match's last turn is
    exactly ``text``, then take it back (Ctrl+Z). False when the view says it cannot enter it."""
    match = scene.match
    player = match.state.to_move()[0]
    gestures = view_of(scene).gestures_for(player, text)
    if gestures is None:
        return False
    before = len(match.turns)
    perform(app, scene, gestures)
    assert len(match.turns) == before + 1, (text, gestures, scene.message)
    assert match.turns[-1].text == text, (match.turns[-1].text, text)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app, scene)
    assert len(match.turns) == before
    return True


def cannot_be_clicked(state: Any, player: str, text: str) -> bool:
    """A move the board cannot enter by clicks: a compound route to a tile that a simpler route from
    the same farmer also reaches (a click there plays the simple one, as the view says)."""
    squares = move_squares(text)
    rivals = [o for o in options_from(state, squares[0], player) if o.dest == squares[-1] and o.text != text]
    return len(squares) == 3 and bool(rivals)


def sample_texts(state: Any, rng: random.Random, count: int) -> list[str]:
    player = state.to_move()[0]
    if state.position()["phase"] == "setup-farmers":
        return [state.move_to_text(player, state.random_move(player, rng)) for _ in range(count)]
    texts = [state.move_to_text(player, m) for m in state.legal_moves(player)]
    return rng.sample(texts, min(count, len(texts)))


def test_random_games_every_sampled_move_is_entered_exactly(app: Any) -> None:
    """At each position one sampled move is entered and taken back, then the game goes on by another
    one entered by gestures too: setup, steps, jumps, runs and compound routes all come up."""
    rng = random.Random(2004)
    checked = refused = 0
    for options in ({}, {"compound": "on", "farmers": "7"}):
        match = Match(GAME, options, {"elephant": Seat(), "farmers": Seat()})
        scene = start(app, match)
        while not match.over and len(match.turns) < 14:
            state = match.state
            player = state.to_move()[0]
            text = sample_texts(state, rng, 1)[0]
            if enters_exactly(app, scene, text):
                checked += 1
            else:
                assert cannot_be_clicked(state, player, text), text
                refused += 1
            texts = [t for t in sample_texts(state, rng, 8) if view_of(scene).gestures_for(player, t)]
            perform(app, scene, view_of(scene).gestures_for(player, texts[0]) or [])
            assert match.turns[-1].text == texts[0]
            checked += 1
        app.pop()
    assert checked >= 40 and refused <= checked // 4


def test_compound_routes_enter_unless_a_simple_move_shares_their_tile(app: Any) -> None:
    """With compound moves on, a route to a tile of its own is clicked like any move; one that ends
    where a simple run does is not offered (a click there plays the simple run)."""
    info = get(GAME)
    options = info.validate({"compound": "on"})
    assert info.position_factory is not None
    start_state = info.position_factory("....../..F.../__FeF./.._FFF f", options)
    match = Match(GAME, options, {"elephant": Seat(), "farmers": Seat()}, start=start_state)
    scene = start(app, match)
    assert enters_exactly(app, scene, "d1-b1-d3")
    assert enters_exactly(app, scene, "d1-b1")
    assert view_of(scene).gestures_for("farmers", "d1-b3-b1") is None
    assert cannot_be_clicked(match.state, "farmers", "d1-b3-b1")


def test_partly_placed_farmers_and_a_picked_up_farmer(app: Any) -> None:
    match = Match(GAME, {}, {"elephant": Seat(), "farmers": Seat()})
    match.play_text("@c2")
    scene = start(app, match)
    view = view_of(scene)
    for square in ("a1", "f4"):
        click(app, view.geo.center_of(square))
    assert view.setup == ["a1", "f4"]
    gestures = view.gestures_for("farmers", "@a4,b1,d4,e1,f1,f2")
    assert gestures is not None and gestures[0] == Gesture("button", key="clear")
    perform(app, scene, gestures)
    assert match.turns[-1].text == "@a4,b1,d4,e1,f1,f2"
    assert view.selected == "c2"  # the elephant is picked up for its human player
    assert view.gestures_for("elephant", "c2-c3") == [Gesture("click", pos=view.geo.center_of("c3"))]
    perform(app, scene, view.gestures_for("elephant", "c2-c3") or [])
    click(app, view.geo.center_of("d4"))  # a farmer picked up already: one click to move it
    assert view.selected == "d4"
    assert view.gestures_for("farmers", "d4-d3") == [Gesture("click", pos=view.geo.center_of("d3"))]
    assert enters_exactly(app, scene, "d4-d3")
    assert view.gestures_for("farmers", "d4-d1") is None  # not a legal move
    assert view.gestures_for("farmers", "pass") is None  # farmers who can move may not pass
    assert view.square_center("a1") == view.geo.center_of("a1")
    assert view.square_center("g1") is None and view.square_center("zz") is None


def test_every_lessons_position_and_answers(app: Any) -> None:
    """Each lesson walked through on the board: every step's answers and named wrong moves, then
    the model answer and the scripted reply, all entered by clicks and buttons."""
    info = get(GAME)
    rng = random.Random(13)
    for lesson in lessons_for(GAME):
        match = start_match(info, lesson)
        scene = start(app, match)
        for number, step in enumerate(lesson.steps):
            answers = [*step.accept, *([step.solution] if step.solution else []), *step.wrong]
            for text in [*answers[:3], *(sample_texts(match.state, rng, 1) if number == 0 else [])]:
                assert enters_exactly(app, scene, text), (lesson.id, text)
            perform(app, scene, view_of(scene).gestures_for(lesson.learner, step.model) or [])
            assert match.turns[-1].text == step.model
            if step.reply is not None and not match.over:
                player = match.state.to_move()[0]
                perform(app, scene, view_of(scene).gestures_for(player, step.reply) or [])
                assert match.turns[-1].text == step.reply
        app.pop()
        app.step([], DT)
