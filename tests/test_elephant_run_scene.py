"""The Elephant Run board driven like a player drives it: real mouse and key events through
``App.step`` into the real MatchScene, real rules, real worker process for the computer."""

from __future__ import annotations

import random
import time
from typing import Any

import pygame
import pytest

from game.match import AI, Match, Seat
from game.worker import AIWorker
from scenes.games.elephant_run import ElephantRunView, demo_match
from scenes.shell.match.scene import MatchScene
from tests.er_notation import move_squares
from tests.scene_driver import (
    DT,
    click,
    end_dialog,
    idle,
    key,
    press,
    press_button,
    resize,
    settle,
    start,
    wait_for_turns,
)


def at(scene: MatchScene, square: str) -> tuple[int, int]:
    view = scene.view
    assert isinstance(view, ElephantRunView)
    return view.geo.center_of(square)


def two_player() -> Match:
    return Match("elephant-run", {}, {"elephant": Seat(), "farmers": Seat()})


def play_by_clicks(app: Any, scene: MatchScene, text: str) -> None:
    """Play one move's notation by clicking its squares (pass: press the Pass button)."""
    squares = move_squares(text)
    if text == "pass":
        press(app, scene, "pass")
    elif text.startswith("@"):
        for sq in squares:
            click(app, at(scene, sq))
    else:
        click(app, at(scene, squares[0]))
        click(app, at(scene, squares[-1]))
    settle(app, scene)


def test_setup_by_clicks_with_pick_up(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    assert "place the elephant" in scene.banner_texts()[1]
    click(app, at(scene, "c2"))
    assert match.move_texts() == ["@c2"]
    assert "farmer 1 of 6" in scene.banner_texts()[1]
    click(app, at(scene, "c2"))  # the elephant's tile
    assert scene.message_error and "elephant" in (scene.message or "").lower()
    click(app, at(scene, "a1"))
    click(app, at(scene, "b3"))
    assert "farmer 3 of 6" in scene.banner_texts()[1]
    click(app, at(scene, "b3"))  # picked back up
    assert scene.view.setup == ["a1"]
    for sq in ("a4", "d4", "f1", "f4", "e2"):
        click(app, at(scene, sq))
    assert match.move_texts() == ["@c2", "@a1,a4,d4,e2,f1,f4"]
    assert match.state.to_move() == ("elephant",)


def test_moves_illegal_click_and_undo_redo_keys(app: Any) -> None:
    match = two_player()
    match.play_text("@c2")
    match.play_text("@a1,a4,d4,e2,f1,f4")
    scene = start(app, match)
    view = scene.view
    assert view.selected == "c2"  # the elephant is picked up for you
    assert "c3" in view.destinations()
    click(app, at(scene, "c3"))
    assert match.move_texts()[-1] == "c2-c3"
    # farmers: an empty tile first is refused with a reason, nothing changes
    turns = len(match.turns)
    click(app, at(scene, "b2"))
    assert scene.message_error and "No farmer" in (scene.message or "")
    assert len(match.turns) == turns
    click(app, at(scene, "e2"))
    assert view.selected == "e2"
    click(app, at(scene, "a3"))  # not reachable: the engine says why
    assert scene.message_error and len(match.turns) == turns
    click(app, at(scene, "e3"))
    assert match.move_texts()[-1] == "e2-e3"
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert match.move_texts()[-1] == "c2-c3"
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert match.move_texts()[-1].startswith("@")
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert match.move_texts()[-1] == "c2-c3"
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert match.move_texts()[-1] == "e2-e3"
    assert not match.can_redo()
    # autosave after the turns
    assert list(app.store.autosave_dir.glob("*.json"))


def test_full_two_player_game_by_clicks_ends_with_dialog(app: Any) -> None:
    rng = random.Random(11)
    match = two_player()
    scene = start(app, match, speed="fast")
    for _ in range(200):
        if match.over:
            break
        player = match.state.to_move()[0]
        if match.state.position()["phase"] == "setup-farmers":
            text = match.state.move_to_text(player, match.state.random_move(player, rng))
        else:
            moves = list(match.state.legal_moves(player))
            text = match.state.move_to_text(player, rng.choice(moves))
        before = len(match.turns)
        play_by_clicks(app, scene, text)
        assert len(match.turns) == before + 1, (text, scene.message)
        played = match.turns[-1].text
        assert played == text or move_squares(played)[-1] == move_squares(text)[-1]
    assert match.over
    settle(app, scene)
    # Review board: the dialog closes, the board stays, undo still works
    press_button(app, end_dialog(app, scene).review)
    idle(app)
    assert scene.end_dialog is None and app.top is scene
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not match.over
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    settle(app, scene)
    app.step([], DT)
    assert scene.end_dialog is not None
    press_button(app, scene.end_dialog.rematch)
    rematch = app.top
    assert isinstance(rematch, MatchScene) and rematch is not scene
    assert rematch.match.seats == match.seats and rematch.match.turns == []


def test_vs_computer_ai_move_arrives_while_frames_keep_running(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = Match("elephant-run", {}, {"elephant": Seat(), "farmers": Seat(AI, "easy")})
    scene = start(app, match, speed="normal")
    # No frame may wait for the answer: a blocking wait on the worker fails the test at once, and
    # the frames drawn while the request is out are counted.
    monkeypatch.setattr(AIWorker, "wait", lambda self, timeout=60.0: pytest.fail("a frame waited for the AI"))
    click(app, at(scene, "c2"))
    deadline = time.monotonic() + 60  # a guard against hanging, not what is measured
    frames = 0
    frames_while_thinking = 0
    while len(match.turns) < 2 and time.monotonic() < deadline:
        app.step([], DT)
        frames += 1
        if len(match.turns) < 2 and scene.thinking:
            frames_while_thinking += 1
        if frames > 3:
            assert scene.thinking or len(match.turns) == 2 or scene.view.busy
    assert len(match.turns) == 2, "the computer's farmers never arrived"
    assert frames_while_thinking >= 1, "no frame ran while the computer was thinking"
    assert "thinking" in scene.banner_texts()[0] or len(match.turns) == 2
    settle(app, scene)
    # the human elephant moves, the computer answers again
    dest = next(iter(scene.view.destinations()))
    click(app, at(scene, dest))
    wait_for_turns(app, match, 4, "the computer's second answer")


def test_undo_while_computer_thinks_cancels_it(app: Any) -> None:
    match = Match("elephant-run", {}, {"elephant": Seat(), "farmers": Seat(AI, "hard")})
    match.play_text("@c2")
    scene = start(app, match)
    idle(app, 3)
    assert scene.thinking
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not scene.thinking and match.move_texts() == []
    assert "place the elephant" in scene.banner_texts()[1]


def test_animation_plays_and_pile_grows(app: Any) -> None:
    match = demo_match("mid")
    match.seats = {"elephant": Seat(), "farmers": Seat()}
    scene = start(app, match, speed="normal")
    view = scene.view
    eaten_before = match.state.position()["eaten"]
    step = next(d for d, kind in view.destinations().items() if kind == "step")
    click(app, at(scene, step))
    assert match.state.position()["eaten"] == eaten_before + 1
    assert view.busy and view.plan.eaten
    app.step([], 0.1)
    assert view.busy
    settle(app, scene)
    assert not view.plan.eaten or all(e.fly.done(view.timeline.t) for e in view.plan.eaten)


def test_resize_keeps_clicks_on_squares(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    resize(app, (1024, 640))
    assert scene.view.geo.rect.right <= scene.panel_rect.left
    click(app, at(scene, "d3"))
    assert match.move_texts() == ["@d3"]


@pytest.mark.parametrize("stage", ["setup", "mid", "end"])
def test_demo_matches(stage: str) -> None:
    match = demo_match(stage)
    if stage == "setup":
        assert match.turns == []
    elif stage == "mid":
        pos = match.state.position()
        assert not match.over and pos["eaten"] >= 2 and pos["captured"] >= 1
    else:
        assert match.over


def test_shared_destination_prefers_the_simple_move_and_says_so(app: Any) -> None:
    match = Match("elephant-run", {"compound": "on"}, {"elephant": Seat(), "farmers": Seat()})
    for text in [
        "@c2",
        "@a1,b1,d1,e2,f3,a4",
        "c2-c1",
        "b1-a2",
        "c1-b1",
        "e2-f2",
        "b1-b2",
        "f2-e2",
        "b2-b3",
        "a2-c2",
        "b3-c4",
        "a1-c3",
        "c4-d4",
        "a4-a3",
        "d4-d3",
    ]:
        match.play_text(text)
    scene = start(app, match)
    click(app, at(scene, "c2"))
    assert scene.view.destinations()["a4"] == "run"  # marked by the simplest way there
    click(app, at(scene, "a4"))
    assert match.move_texts()[-1] == "c2-a4"
    assert "c2-a2-a4" in (scene.message or "")
