"""The Changing Challenges see-saw driven like a player drives it: real mouse and key events through
``App.step`` into the real MatchScene, real rules, real worker process for the computer."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.changing_challenges import board as B
from game.changing_challenges.rules import ChangingChallengesState
from game.match import AI, Match, Seat
from scenes.games.changing_challenges import ChangingChallengesView, demo_match
from scenes.games.changing_challenges.geometry import tilt_for
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import click, key, resize, settle, start, view_as, wait_for_turns

# Triangles' bishop on c6 may take the Circles' pawn on d7 and merge (2 + 1 = 3: a rook)
MERGE_POSITION = (
    "......./......./...k.../......./......./......./......./......./...p.../..B..../......./......./"
    "...K.../......./....... t"
)
# moment 44; Triangles' queen d7-d11 makes it 60: the board tips toward the Circles' side
TIP_POSITION = (
    "......./.....qq/...k.../......./......./......./......./......./...Q.../......./......./......./"
    "...K.../......./....... t"
)
# Triangles' king on d7 may step onto the centre line at d8 where nothing can knock it
CENTRE_POSITION = (
    "......./......./k....../......./......./......./......./......./...K.../......./......./......./"
    "......./......./....... t"
)


def view_of(scene: MatchScene) -> ChangingChallengesView:
    return view_as(scene, ChangingChallengesView)


def at(scene: MatchScene, square: str) -> tuple[int, int]:
    return view_of(scene).center_of(square)


def two_player(position: str | None = None) -> Match:
    match = Match("changing-challenges", {}, {"triangles": Seat(), "circles": Seat()})
    if position is not None:
        match.initial = ChangingChallengesState.from_text(position)
    return match


def test_view_is_registered() -> None:
    from scenes.kit.registry import has_view

    assert has_view("changing-challenges")


def test_select_shows_destinations(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    view = view_of(scene)
    click(app, at(scene, "c4"))
    assert view.selected == B.square_index("c4")
    assert view.destinations() == {"c5": "move", "c6": "move"}  # a pawn on its own line 4 may double-step
    assert "Pawn (1) on c4: 2 squares" in (scene.message or "") and not scene.message_error
    click(app, at(scene, "d3"))  # the king, walled in by its own pieces
    assert view.selected is None and scene.message_error and "no legal move" in (scene.message or "")
    click(app, at(scene, "d4"))  # the queen in front of the king
    assert view.selected == B.square_index("d4")
    marks = view.destinations()
    engine = {B.square_name(m[1]) for m in match.state.moves_from(B.square_index("d4"))}
    assert set(marks) == engine and marks
    click(app, at(scene, "d4"))  # clicked again: put down
    assert view.selected is None


def test_play_a_move_by_clicks(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    click(app, at(scene, "c4"))
    click(app, at(scene, "c6"))
    assert match.move_texts() == ["c4-c6"]
    assert match.state.to_move() == ("circles",)
    view = view_of(scene)
    assert view.selected is None and B.square_index("c6") in view.last_squares
    assert "Moment" in view.status_extra()


def test_capture_that_may_merge_asks_and_merges(app: Any) -> None:
    match = two_player(MERGE_POSITION)
    scene = start(app, match)
    view = view_of(scene)
    click(app, at(scene, "c6"))
    assert view.destinations()["d7"] == "merge"
    click(app, at(scene, "d7"))
    assert view.choice is not None and match.turns == []  # asked, not played
    assert "merge or knock out" in (scene.message or "")
    assert set(scene.view_buttons) == {"merge", "knock"}  # the answers are panel buttons too
    click(app, view.choice.merge_rect.center)
    assert match.move_texts() == ["c6&d7"]
    state = match.state
    assert isinstance(state, ChangingChallengesState)
    assert state.at(B.square_index("d7")) == {"owner": "triangles", "kind": "rook", "weight": 3}
    assert view.choice is None and scene.view_buttons == {}


def merge_question(app: Any) -> tuple[Match, MatchScene, ChangingChallengesView]:
    """:data:`MERGE_POSITION` on screen and the bishop on c6 clicked onto the pawn on d7: the view
    asks "merge or knock out?"."""
    match = two_player(MERGE_POSITION)
    scene = start(app, match)
    click(app, at(scene, "c6"))
    click(app, at(scene, "d7"))
    return match, scene, view_of(scene)


def test_capture_that_may_merge_can_knock_out(app: Any) -> None:
    match, _, view = merge_question(app)
    assert view.choice is not None
    click(app, view.choice.knock_rect.center)
    assert match.move_texts() == ["c6xd7"]
    state = match.state
    assert isinstance(state, ChangingChallengesState)
    assert state.at(B.square_index("d7")) == {"owner": "triangles", "kind": "bishop", "weight": 2}
    assert state.at(B.STORAGE_FILL[B.CIRCLES][0])["kind"] == "pawn"  # type: ignore[index]


def test_merge_choice_cancels_and_answers_by_key(app: Any) -> None:
    match, scene, view = merge_question(app)
    key(app, pygame.K_ESCAPE)  # closes the question, keeps the bishop picked up
    assert view.choice is None and view.selected == B.square_index("c6") and match.turns == []
    click(app, at(scene, "d7"))
    click(app, at(scene, "d7"), button=3)  # right click: the same
    assert view.choice is None and view.selected == B.square_index("c6")
    key(app, pygame.K_ESCAPE)  # and again: the bishop is put down, no pause menu yet
    assert view.selected is None and scene.app.top is scene
    click(app, at(scene, "c6"))
    click(app, at(scene, "d7"))
    key(app, pygame.K_m, unicode="m")
    assert match.move_texts() == ["c6&d7"]


def test_illegal_clicks_are_refused_with_the_engines_reason(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    view = view_of(scene)
    before = match.state.text()
    click(app, at(scene, "c4"))
    click(app, at(scene, "c7"))  # three squares: too far for a pawn
    assert scene.message_error and "pawn" in (scene.message or "").lower()
    assert view.selected == B.square_index("c4")  # still held: try another square
    click(app, at(scene, "a2"))  # storage
    assert scene.message_error and "storage square" in (scene.message or "")
    view.cancel()
    click(app, at(scene, "d12"))  # a Circles piece while Triangles move
    assert scene.message_error and "circles" in (scene.message or "").lower()
    click(app, at(scene, "f8"))  # an empty square with nothing picked up
    assert scene.message_error
    assert match.turns == [] and match.state.text() == before


def test_undo_with_ctrl_z(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    click(app, at(scene, "c4"))
    click(app, at(scene, "c5"))
    click(app, at(scene, "e12"))
    click(app, at(scene, "e11"))
    assert match.move_texts() == ["c4-c5", "e12-e11"]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert match.move_texts() == ["c4-c5"]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert match.move_texts() == []
    view = view_of(scene)
    assert view.state.text() == match.state.text()
    assert view.counterweight_line() == 0.0 and view.angle() == 0.0


def test_move_tilts_then_levels_as_the_counterweight_slides(app: Any) -> None:
    match = two_player()
    scene = start(app, match, speed="normal")
    view = view_of(scene)
    click(app, at(scene, "d4"))
    click(app, at(scene, "d7"))  # the queen moves 3 lines toward the centre: moment +12
    assert match.move_texts() == ["d4-d7"] and view.busy
    angles, weights = [], []
    for _ in range(400):
        app.step([], 1 / 30)
        angles.append(view.angle())
        weights.append(view.counterweight_line())
        if not view.busy:
            break
    assert max(angles) == pytest.approx(tilt_for(12), abs=0.05)  # right end down, as far as +12 tips it
    assert min(weights) == pytest.approx(-12 / 7) and weights[0] == 0.0  # slid left to line 1.7
    assert view.angle() == 0.0 and not view.busy  # level again


def test_tipping_the_board_crashes_it_and_ends_the_game(app: Any) -> None:
    match = two_player(TIP_POSITION)
    scene = start(app, match, speed="normal")
    view = view_of(scene)
    click(app, at(scene, "d7"))
    click(app, at(scene, "d11"))
    assert match.over and match.outcome is not None and match.outcome.winner == "triangles"
    assert view.plan.crash is not None
    settle(app, scene)
    assert view.angle() == pytest.approx(view.crash_angle) and view.crash_angle > MAX_TILT_FOR_TEST
    assert view.counterweight_line() == -7.0
    assert "tip" in view.turn_note(match.turns[-1])


MAX_TILT_FOR_TEST = 5.0


def test_centre_line_threat_is_noted(app: Any) -> None:
    match = two_player(CENTRE_POSITION)
    scene = start(app, match)
    view = view_of(scene)
    assert view.centre_threats()["triangles"] == [B.square_index(n) for n in ("c8", "d8", "e8")]
    assert "centre line" in scene.banner_texts()[1]


def test_vs_computer_easy_reply_arrives(app: Any) -> None:
    match = Match("changing-challenges", {}, {"triangles": Seat(), "circles": Seat(AI, "easy")})
    scene = start(app, match, speed="fast")
    click(app, at(scene, "c4"))
    click(app, at(scene, "c5"))
    assert match.move_texts() == ["c4-c5"]
    wait_for_turns(app, match, 2)
    settle(app, scene)
    assert match.state.to_move() == ("triangles",)


def test_resize_keeps_clicks_on_squares(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    resize(app, (1024, 640))
    view = view_of(scene)
    assert scene.board_rect.contains(view.focus_rect())
    assert view.focus_rect().right <= scene.panel_rect.left
    assert view.s >= 36
    assert scene.board_rect.contains(view.gauge_rect)
    click(app, at(scene, "g4"))
    click(app, at(scene, "g6"))
    assert match.move_texts() == ["g4-g6"]


def test_save_and_load_round_trip(app: Any) -> None:
    match = two_player(None)
    scene = start(app, match)
    click(app, at(scene, "c4"))
    click(app, at(scene, "c6"))
    record = match.to_record()
    again = Match.from_record(record)
    assert again.move_texts() == ["c4-c6"]
    view = ChangingChallengesView(again)
    view.layout(pygame.Rect(0, 0, 900, 680))
    assert view.state.text() == match.state.text()


@pytest.mark.parametrize("stage", ["setup", "mid", "end"])
def test_demo_matches(stage: str) -> None:
    match = demo_match(stage)
    if stage == "setup":
        assert match.turns == []
    elif stage == "mid":
        assert not match.over and match.turns and match.state.to_move() == ("triangles",)
    else:
        assert match.over and match.outcome is not None and "tips" in match.outcome.reason
    assert demo_match(stage).move_texts() == match.move_texts()  # deterministic
