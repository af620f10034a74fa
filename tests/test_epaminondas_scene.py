"""The Epaminondas board driven like a player drives it: real mouse and key events through
``App.step`` into the real MatchScene, real rules, real worker process for the computer."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.epaminondas import board as B
from game.epaminondas.rules import EpaminondasState
from game.match import AI, Match, Seat
from scenes.games.epaminondas import EpaminondasView, demo_match
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import click, key, resize, settle, start, view_as, wait_for_turns


def view_of(scene: MatchScene) -> EpaminondasView:
    return view_as(scene, EpaminondasView)


def at(scene: MatchScene, square: str) -> tuple[int, int]:
    return view_of(scene).geo.center_of(square)


def two_player() -> Match:
    return Match("epaminondas", {}, {"white": Seat(), "black": Seat()})


def test_view_is_registered() -> None:
    from scenes.kit.registry import has_view

    assert has_view("epaminondas")


def test_select_shows_phalanx_destinations(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    view = view_of(scene)
    click(app, at(scene, "a1"))
    assert view.selected == B.square_index("a1")
    marks = view.destinations()
    # a1 leads a1-a2 north (1 or 2 squares: front lands on a3/a4), b2 diagonally, b1... east
    assert marks["a3"] == "move" and marks["a4"] == "move"
    assert "a5" not in marks
    assert all(kind in ("move", "capture", "cross") for kind in marks.values())
    engine = {B.square_name(m[1]) for m in match.state.moves_from(B.square_index("a1"))}
    assert len(engine) == len(view.options) == len(marks)
    assert "a1:" in (scene.message or "") and not scene.message_error
    # another own stone re-selects; clicking it again puts it down
    click(app, at(scene, "c2"))
    assert view.selected == B.square_index("c2")
    click(app, at(scene, "c2"))
    assert view.selected is None


def test_play_by_clicks_marks_the_front_landing(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    click(app, at(scene, "a1"))
    click(app, at(scene, "a4"))  # the a1-a2 column slides two squares: notation a1-a3
    assert match.move_texts() == ["a1-a3"]
    assert view_of(scene).selected is None
    assert match.state.to_move() == ("black",)
    assert view_of(scene).last_squares[1] == frozenset({B.square_index("a3"), B.square_index("a4")})


def test_illegal_click_is_refused_with_the_engines_reason(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    view = view_of(scene)
    before = match.state.text()
    click(app, at(scene, "a1"))
    click(app, at(scene, "a6"))  # on the line, too far for a column of two
    assert scene.message_error and "at most 2 squares" in (scene.message or "")
    assert match.turns == [] and match.state.text() == before
    assert view.selected == B.square_index("a1")  # still held: try another square
    click(app, at(scene, "c7"))  # off every line: the engine says so and the stone is put down
    assert scene.message_error and "straight line" in (scene.message or "")
    assert view.selected is None and match.turns == []
    click(app, at(scene, "e11"))  # a black stone while White is to move
    assert scene.message_error and "Black stone" in (scene.message or "")
    click(app, at(scene, "f6"))  # an empty square with nothing selected
    assert scene.message_error and match.state.text() == before


def test_undo_with_ctrl_z_and_redo(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    click(app, at(scene, "a1"))
    click(app, at(scene, "a4"))
    click(app, at(scene, "n12"))
    click(app, at(scene, "n9"))
    assert match.move_texts() == ["a1-a3", "n12-n10"]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert match.move_texts() == ["a1-a3"]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert match.move_texts() == []
    assert view_of(scene).state.text() == match.state.text()
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert match.move_texts() == ["a1-a3"]


def test_animation_slides_group_and_fades_captures(app: Any) -> None:
    from game.epaminondas import BENCH_POSITIONS

    match = two_player()
    match.initial = EpaminondasState.from_text(BENCH_POSITIONS[2])  # a middlegame full of contact
    scene = start(app, match, speed="normal")
    view = view_of(scene)
    capture = next(
        (o for sq in B.squares_of(match.state.white) for o in view.options_from(sq) if o.captures), None
    )
    assert capture is not None
    click(app, view.center(capture.group[0]))
    click(app, view.center(capture.target))
    assert view.busy and view.plan.slides and view.plan.fading
    app.step([], 0.05)
    assert view.busy
    settle(app, scene)
    assert match.turns[-1].text == capture.text


def test_crossing_prompt_names_the_threat(app: Any) -> None:
    # White has a stone on rank 12; Black is to move and must answer
    text = (
        ".BBBBBBB....W./BBBBBB....BWW./..B........WW./............W./............../............../"
        "............../........B...../........B...../.......WB...../WWWWWW..BW..../WWWWW..W...... b"
    )
    match = two_player()
    match.initial = EpaminondasState.from_text(text)
    scene = start(app, match)
    assert "White will win at the start of the next turn unless Black answers" in scene.banner_texts()[1]
    assert "across" in view_of(scene).player_summary("white")
    assert "W 1" in view_of(scene).status_extra()


def test_vs_computer_easy_reply_arrives(app: Any) -> None:
    match = Match("epaminondas", {}, {"white": Seat(), "black": Seat(AI, "easy")})
    scene = start(app, match, speed="fast")
    click(app, at(scene, "h2"))
    click(app, at(scene, "h3"))
    assert match.move_texts() == ["h2-h3"]
    wait_for_turns(app, match, 2)
    settle(app, scene)
    assert match.state.to_move() == ("white",)


def test_resize_keeps_clicks_on_squares(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    resize(app, (1024, 640))
    view = view_of(scene)
    assert view.frame_rect.right <= scene.panel_rect.left
    assert scene.board_rect.contains(view.frame_rect)
    assert view.geo.square >= 36
    click(app, at(scene, "n2"))
    click(app, at(scene, "n3"))
    assert match.move_texts() == ["n2-n3"]


@pytest.mark.parametrize("stage", ["setup", "mid", "end"])
def test_demo_matches(stage: str) -> None:
    match = demo_match(stage)
    if stage == "setup":
        assert match.turns == []
    elif stage == "mid":
        assert not match.over and match.turns
    else:
        assert match.over and match.outcome is not None and match.outcome.winner is not None
