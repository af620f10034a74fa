"""The coach's card on the keyboard (issue #32): its two buttons are stops of Tab, Enter or Space
press the one in focus, Enter with nothing in focus takes the move back (the card's primary answer)
and Esc plays on, as every question of the app answers Enter and Esc; a card that comes while the
keyboard is in use takes the focus, ringed. Real events through the real match screen, the coach's
real judgement answered in this process (:class:`tests.test_coach.InlineWorker`)."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.match import AI, HUMAN, Match, Seat
from game.register import get
from scenes.kit.keyboard import RING_EDGE
from scenes.shell.match.coach import ANYWAY, TAKE_BACK
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import idle, start, wait_for_turns
from tests.test_coach import CC, InlineWorker, _play_by_clicks
from tests.test_keyboard import enter_by_keys, tap


def _against_easy(app: Any) -> MatchScene:
    app.settings.coach = True
    app._analysis_worker = InlineWorker()
    match = Match(get(CC), {}, {"triangles": Seat(HUMAN), "circles": Seat(AI, "easy")})
    return start(app, match)


def _card_up(app: Any, scene: MatchScene) -> None:
    """The blunder a4-a5 (the queen left en prise on the open d-file) gets the card."""
    idle(app, 3)
    assert scene.coach.advice is not None and scene.coach.advice.sentence
    assert scene.ai_to_move() == "circles" and not scene.computer.thinking


def ring_edge(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """Pixels of the focus ring's ink edge just outside a button's ``rect`` (the ring is drawn in
    the gap round a button, :func:`scenes.kit.keyboard.draw_ring`)."""
    outer = rect.inflate(10, 10)  # the outer edge of the ring: ink
    points = [(x, y) for x in range(outer.left, outer.right) for y in (outer.top, outer.bottom - 1)]
    return sum(1 for p in points if tuple(surface.get_at(p))[:3] == RING_EDGE)


def test_a_blunder_played_by_keys_puts_the_focus_on_take_it_back_and_enter_takes_it_back(app: Any) -> None:
    scene = _against_easy(app)
    start_state = scene.match.state
    enter_by_keys(app, scene, "triangles", "a4-a5", random.Random(3))
    assert len(scene.match.turns) == 1
    _card_up(app, scene)
    focus = scene.keys.focus
    take_back = scene.coach.buttons[TAKE_BACK]
    assert focus.button == "coach:take-back" and focus.focused_button(scene.keys.buttons()) is take_back
    idle(app)
    assert ring_edge(app.screen, take_back.rect) > take_back.rect.width  # the focus is seen
    assert ring_edge(app.screen, scene.coach.buttons[ANYWAY].rect) == 0
    tap(app, pygame.K_RETURN)
    assert scene.match.turns == [] and scene.match.state == start_state
    assert scene.coach.advice is None and not scene.coach.buttons
    assert scene.input_player() == "triangles" and app.top is scene


def test_tab_reaches_the_card_and_space_plays_it_anyway(app: Any) -> None:
    scene = _against_easy(app)
    _play_by_clicks(app, scene, "a4-a5")  # by mouse: no ring until a key asks for one
    _card_up(app, scene)
    assert not scene.keys.focus.shown
    idle(app)
    assert ring_edge(app.screen, scene.coach.buttons[TAKE_BACK].rect) == 0
    tap(app, pygame.K_TAB)  # the board first (the cursor may look at it while nobody moves), then the card
    assert scene.keys.focus.on_board
    stops = [key for key, _ in scene.keys.buttons()]
    assert stops[:2] == ["coach:anyway", "coach:take-back"]  # above the fixed buttons, as on screen
    tap(app, pygame.K_TAB)
    assert scene.keys.focus.button == "coach:anyway"
    idle(app)
    anyway = scene.coach.buttons[ANYWAY]
    assert ring_edge(app.screen, anyway.rect) > anyway.rect.width
    tap(app, pygame.K_TAB)
    assert scene.keys.focus.button == "coach:take-back"
    tap(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.keys.focus.button == "coach:anyway"
    tap(app, pygame.K_SPACE)
    assert scene.coach.advice is None and len(scene.match.turns) == 1
    wait_for_turns(app, scene.match, 2)


def test_esc_plays_on_and_does_not_pause(app: Any) -> None:
    scene = _against_easy(app)
    _play_by_clicks(app, scene, "a4-a5")
    _card_up(app, scene)
    tap(app, pygame.K_ESCAPE)
    assert app.top is scene, "Esc answered the card; the pause menu waits for the next one"
    assert scene.coach.advice is None and len(scene.match.turns) == 1
    wait_for_turns(app, scene.match, 2)
    tap(app, pygame.K_ESCAPE)
    assert app.top is not scene and app.top.name == "pause"  # with no card, Esc pauses as ever


def test_enter_with_nothing_in_focus_takes_the_move_back(app: Any) -> None:
    scene = _against_easy(app)
    _play_by_clicks(app, scene, "a4-a5")
    _card_up(app, scene)
    tap(app, pygame.K_KP_ENTER)
    assert scene.match.turns == [] and scene.coach.advice is None
    idle(app, 5)
    assert not scene.computer.thinking and scene.input_player() == "triangles"


def test_other_keys_leave_the_card_up(app: Any) -> None:
    scene = _against_easy(app)
    _play_by_clicks(app, scene, "a4-a5")
    _card_up(app, scene)
    tap(app, pygame.K_LEFT)  # the arrows step the review as ever
    assert scene.coach.advice is not None and len(scene.match.turns) == 1
    assert not scene.computer.thinking
