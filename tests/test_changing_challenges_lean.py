"""The coach's lean eases in (#32, point 6): with the coach on, Changing Challenges' board leans a
little during play to show how near it is to tipping. A turn eases that lean from the one shown
before it to the one after it while the board tilts and levels — the board never jumps at the start
or the end of the turn — at the animation speed chosen, and at once with animations off."""

from __future__ import annotations

import itertools
from typing import Any

import pygame
import pytest

from game.match import HUMAN, Match, Seat
from game.register import get
from saves.settings import Settings
from scenes.games.changing_challenges.geometry import lean_for
from scenes.games.changing_challenges.view import ChangingChallengesView
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import DT, click, idle, start

CC = "changing-challenges"
FIRST = "d4xd12"
"""A queen knocked into storage: the balance goes from level to a moment of 40 (a clear lean)."""
SECOND = "c12-c11"
"""The circles' pawn one line in: the lean changes a little, from one non-zero lean to another."""


def _two_people() -> Match:
    return Match(get(CC), {}, {"triangles": Seat(HUMAN), "circles": Seat(HUMAN)})


def _view(settings: Settings, match: Match) -> ChangingChallengesView:
    view = ChangingChallengesView(match, settings)
    view.layout(pygame.Rect(0, 0, 900, 560))
    view.set_state(match.state)
    return view


def _play(view: ChangingChallengesView, match: Match, text: str) -> None:
    player = match.state.to_move()[0]
    turn = match.submit(player, match.state.parse_move(player, text))
    assert turn is not None
    view.set_state(match.state, animate_from=turn)


def _frames(view: ChangingChallengesView, dt: float = DT) -> list[tuple[float, float]]:
    """(angle, the coach's lean in it) at every frame of the turn's animation, until it rests."""
    seen = []
    while view.busy:
        seen.append((view.angle(), view.plan.lean_at(view.timeline.t)))
        view.update(dt)
    return seen


@pytest.mark.parametrize("moves", [[FIRST], [FIRST, SECOND]], ids=["from level", "from a lean"])
def test_a_turn_eases_the_lean_from_the_old_angle_to_the_new(app: Any, moves: list[str]) -> None:
    match = _two_people()
    view = _view(Settings(coach=True), match)
    for text in moves[:-1]:
        _play(view, match, text)
        _frames(view)
    old = view.angle()
    _play(view, match, moves[-1])
    new = lean_for(match.state.moment)
    assert new != old and view.resting_lean() == new
    frames = _frames(view)
    assert frames[0][0] == pytest.approx(old)  # no jump when the turn starts: the board keeps its lean
    leans = [lean for _, lean in frames]
    between = [lean for lean in leans if min(old, new) + 1e-6 < lean < max(old, new) - 1e-6]
    assert len(between) >= 5, leans  # mid-way frames show the lean on its way
    steps = [b - a for a, b in itertools.pairwise(leans)]
    assert all(step * (new - old) >= -1e-12 for step in steps)  # always towards the new lean
    assert frames[-1][0] == pytest.approx(new, abs=0.01)  # no jump when it ends either
    assert not view.busy and view.angle() == pytest.approx(new)


def test_the_lean_follows_the_animation_speed_and_is_there_at_once_with_animations_off(app: Any) -> None:
    spans = {}
    for speed in ("fast", "normal", "slow"):
        match = _two_people()
        view = _view(Settings(coach=True, animation_speed=speed), match)
        _play(view, match, FIRST)
        assert view.plan.lean is not None
        spans[speed] = view.plan.lean.duration
    assert spans["fast"] < spans["normal"] < spans["slow"]

    match = _two_people()
    view = _view(Settings(coach=True, animation_speed="off"), match)
    _play(view, match, FIRST)
    assert not view.busy and view.angle() == pytest.approx(lean_for(match.state.moment)) != 0


def test_with_the_coach_off_the_turn_ends_level(app: Any) -> None:
    match = _two_people()
    view = _view(Settings(coach=False), match)
    _play(view, match, FIRST)
    assert view.plan.lean is None
    frames = _frames(view)
    assert all(lean == 0.0 for _, lean in frames) and abs(frames[-1][0]) < 0.01
    assert view.angle() == 0.0


def test_on_the_match_screen_a_clicked_move_leans_in_over_frames(app: Any) -> None:
    """Through the real screen: the move clicked on the board, the frames drawn by the app."""
    app.settings.coach = True
    scene = start(app, _two_people(), speed="normal")
    assert isinstance(scene, MatchScene) and scene.view.angle() == 0.0
    view = scene.view
    assert isinstance(view, ChangingChallengesView)
    gestures = view.gestures_for("triangles", FIRST)
    assert gestures
    for gesture in gestures:
        click(app, gesture.pos)
    assert len(scene.match.turns) == 1 and view.busy
    new = lean_for(scene.match.state.moment)
    angles = []
    while view.busy:
        idle(app)
        angles.append(view.angle())
        assert len(angles) < 1000, "the turn's animation never ended"
    assert view.plan.lean is not None
    mid = [view.plan.lean_at(view.plan.lean.start + view.plan.lean.duration * f) for f in (0.25, 0.5, 0.75)]
    assert 0 < mid[0] < mid[1] < mid[2] < new
    assert angles[-1] == pytest.approx(new) and view.angle() == pytest.approx(new)
