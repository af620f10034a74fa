"""Idle means idle: a still screen draws nothing, anything that moves or changes still gets its frames.

Driven through :meth:`App.frame`, the pass the real loop makes (``App.step`` always draws, for the
other tests and the tools), with real pygame events; ``App.frames_drawn`` counts the drawings.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.match import AI, Match, Seat
from game.worker import AIResult
from scenes.kit.pacing import GENTLE, NOW, UI_POLL
from scenes.kit.registry import demo_match
from scenes.shell.match.scene import MatchScene

DT = 1 / 60
PASSES = 120
"""Two seconds of loop passes at 60 FPS."""


class QuietWorker:
    """A computer that thinks until told its answer; counts how often it was asked for one."""

    def __init__(self) -> None:
        self.requests = 0
        self.polls = 0
        self.answer: str | None = None

    def request(self, record: Any, player: str, level: str, seed: int) -> int:
        self.requests += 1
        return self.requests

    def poll(self) -> AIResult | None:
        self.polls += 1
        return AIResult(self.requests, self.answer, None, 0.0) if self.answer else None

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def passes(app: Any, count: int, dt: float = DT) -> int:
    """``count`` loop passes without input; how many drew."""
    before = app.frames_drawn
    for _ in range(count):
        app.frame([], dt)
    return app.frames_drawn - before


def settle(app: Any) -> None:
    """Passes until the screen has drawn what it opened with (its widgets built, notices gone)."""
    for _ in range(600):
        asleep = app.next_frame() > NOW
        if passes(app, 1) == 0 and asleep:
            return
    raise AssertionError("the screen never came to rest")


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0), touch=False)


def open_match(app: Any, match: Match) -> MatchScene:
    app.goto("menu")
    scene = MatchScene(app, match)
    app.push(scene)
    settle(app)
    return scene


def test_an_idle_menu_draws_nothing_and_sleeps(app: Any) -> None:
    app.open("menu")
    pygame.mouse.set_pos((app.size[0] - 1, app.size[1] - 1))
    settle(app)
    assert passes(app, PASSES) == 0
    assert app.next_frame() > GENTLE  # the loop may sleep, not tick at 60 FPS


def test_input_brings_one_frame(app: Any) -> None:
    app.open("menu")
    settle(app)
    before = app.frames_drawn
    assert app.frame([motion((5, 5))], DT)
    assert app.frames_drawn == before + 1
    assert passes(app, PASSES) <= 1  # the widgets looked at once more after the pointer moved


@pytest.mark.parametrize("game_id", ["elephant-run", "epaminondas", "changing-challenges"])
def test_an_idle_match_draws_nothing_and_an_animation_draws_every_frame(app: Any, game_id: str) -> None:
    match = demo_match(game_id, "mid")
    scene = open_match(app, match)
    pygame.mouse.set_pos((app.size[0] - 1, app.size[1] - 1))
    settle(app)
    if scene.view.pulsing():
        pytest.skip("this position pulses (a threat)")
    assert passes(app, PASSES) == 0
    turn = match.turns[-1]
    scene.view.set_state(turn.after, animate_from=turn)
    app.invalidate()  # changed from outside the loop, as no player could
    assert scene.view.busy
    moving = 0
    while scene.view.busy:
        moving += 1
        assert app.next_frame() == NOW
        assert app.frame([], DT), "a frame of the animation was not drawn"
        assert moving < 60 * 30
    assert moving > 10
    settle(app)
    assert passes(app, PASSES) == 0


def test_a_pulse_draws_gently_and_stops_with_it(app: Any) -> None:
    """Farmers put down at setup pulse until they are submitted (Elephant Run)."""
    scene = open_match(app, demo_match("elephant-run", "setup"))
    pygame.mouse.set_pos((app.size[0] - 1, app.size[1] - 1))
    settle(app)
    view: Any = scene.view
    assert not view.setup
    view.setup = ["a1"]
    app.invalidate()
    assert app.frame([], DT)
    assert NOW < app.next_frame() <= GENTLE
    assert 15 <= passes(app, 60) <= 25  # a second at about 20 frames, not 60
    view.setup = []
    app.invalidate()
    settle(app)
    assert passes(app, PASSES) == 0


def test_the_computer_is_polled_while_it_thinks(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    worker = QuietWorker()
    monkeypatch.setattr(app, "_worker", worker)
    match = demo_match("epaminondas", "mid")
    computer = match.awaiting()[0]
    match.seats = {p: Seat(AI, "easy") if p == computer else Seat() for p in match.game.players}
    app.goto("menu")
    scene = MatchScene(app, match)
    app.push(scene)
    passes(app, 3)
    assert scene.thinking and worker.requests == 1
    assert NOW < app.next_frame() <= GENTLE  # a gentle rate, not 60 FPS, and never asleep
    polls = worker.polls
    drawn = passes(app, 20, GENTLE)
    assert worker.polls - polls == 20
    assert drawn == 20  # the spinner turns
    turns = len(match.turns)
    worker.answer = match.state.move_to_text(computer, match.state.legal_moves(computer)[0])
    passes(app, 1, GENTLE)
    assert len(match.turns) == turns + 1 and not scene.thinking


def test_a_hovered_button_shows_its_tooltip_without_new_input(app: Any) -> None:
    """pygame-gui's own motion: the tooltip appears a second after the pointer stopped on a button."""
    menu = app.open("menu")
    settle(app)
    button = next(s for s in menu.ui.get_sprite_group().sprites() if getattr(s, "tool_tip_text", None))
    pygame.mouse.set_pos(button.rect.center)
    app.frame([motion(button.rect.center)], DT)
    passes(app, 2)  # the button lights up
    assert NOW < app.next_frame() <= UI_POLL  # the widgets are watched while the pointer is on one
    sprites = len(menu.ui.get_sprite_group().sprites())
    drawn = passes(app, 30, UI_POLL)  # three seconds of the loop's looks
    assert len(menu.ui.get_sprite_group().sprites()) > sprites, "no tooltip appeared"
    assert drawn >= 1, "the tooltip appeared but was never drawn"
    assert drawn <= 5


def test_a_notice_is_drawn_and_fades_in_frames(app: Any) -> None:
    app.open("menu")
    settle(app)
    app.toast("Game saved", 1.0)
    assert app.frame([], DT)
    assert passes(app, 25, 0.02) == 0  # shown, not fading yet
    assert passes(app, 40, 0.02) >= 15  # fading: every frame, and the frame it goes
    assert not app.toasts
    assert passes(app, PASSES) == 0


def test_quiet_time_does_not_swallow_the_animation_input_starts(app: Any) -> None:
    """After the loop slept for seconds, a click's animation still starts at its beginning."""
    match = demo_match("elephant-run", "mid")
    scene = open_match(app, match)
    turn = match.turns[-1]

    def start_on_event(event: Any) -> None:
        if event.type == pygame.USEREVENT:
            scene.view.set_state(turn.after, animate_from=turn)

    scene.handle_event = start_on_event  # type: ignore[method-assign]
    app.frame([pygame.event.Event(pygame.USEREVENT)], 5.0)
    assert scene.view.busy and scene.view.timeline.t <= 2 * DT


def test_a_lesson_breathes_its_marks_then_rests(app: Any) -> None:
    """A step's rings breathe for a few seconds to catch the eye, then hold still: a lesson left
    open draws nothing, and a new step (or Show me) starts the breathing again."""
    from game.register import get
    from scenes.shell.tutorial.lesson import BREATHE_SECONDS

    app.settings.animation_speed = "off"
    info = get("epaminondas")
    app.goto("menu")
    app.open("lessons", info)
    scene: Any = app.open("lesson", info, 0)
    pygame.mouse.set_pos((app.size[0] - 1, app.size[1] - 1))
    assert scene.step_marks(), "the first lesson's first step shows marks"
    breathing = passes(app, 60)
    assert breathing >= 10  # about 20 frames a second while the rings breathe
    passes(app, int(BREATHE_SECONDS * 60))
    settle(app)
    assert passes(app, PASSES) == 0
    scene.shown = scene.step_marks()  # as "Show me" does: new marks
    app.invalidate()
    assert passes(app, 60) >= 10
