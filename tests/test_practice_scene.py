"""Practise your mistakes in the app (issue #32, item 4), through the real screens and real events: the
analysis strip's button (greyed without a mistake of the player's), the practice screen over the
review, tries entered on the game's own board with the board's gestures (``BoardView.gestures_for``),
a try that still loses taken back, the better move played with stars (three at the first try, two at
the second, one after "Show me"), Undo, Next, the stars of them all, and back to the review as it
was. Changing Challenges and Elasta (secret orders, judged against the other side's actual orders).
Tries that need a reading go to the analysis lane, here the in-process stand-in the showcase uses
(the real worker's answer is checked in tests/test_practice.py)."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game import practice
from game.analysis import Analysis
from game.match import Match
from saves.save_file import keep_analysis
from scenes.dev.showcase import JudgeHere
from scenes.shell.match.scene import MatchScene
from scenes.shell.tutorial.practice import PracticeScreen, stars_for
from tests.gesture_driver import perform
from tests.scene_driver import DT, click_element, end_dialog, idle, key, pump, start
from tests.test_analysis_scene import ScriptedAnalyst, made_up
from tests.test_practice import analysed, finished, prefix


def tap(app: Any, code: int) -> None:
    key(app, code)


@pytest.fixture(scope="module")
def short_game() -> tuple[Match, Analysis]:
    match = finished("changing-challenges", 22)  # six moves, three blunders of the person's
    return match, analysed(match)


@pytest.fixture(scope="module")
def orders_game() -> tuple[Match, Analysis]:
    match = prefix("elasta", 24, 4)  # White's blunder at move 4
    return match, analysed(match)


def reviewed(app: Any, match: Match, analysis: Analysis) -> MatchScene:
    """The match screen reviewing the game with its analysis kept, the practice's tries judged here."""
    copy = Match.from_record(match.to_record())
    keep_analysis(copy, analysis)
    app._analysis_worker = JudgeHere()
    scene = start(app, copy)
    if copy.over:
        end_dialog(app, scene)
        click_element(app, scene.end_dialog.review)
    else:
        scene.review_at(len(copy.turns))
        idle(app, 2)
    assert scene.reviewing and scene.strip_on
    return scene


def open_practice(app: Any, scene: MatchScene) -> PracticeScreen:
    button = scene.strip.practise
    assert button is not None and button.visible and button.is_enabled
    assert scene.strip.rect.contains(button.rect)
    click_element(app, button)
    practice_screen = app.top
    assert isinstance(practice_screen, PracticeScreen)
    return practice_screen


def settle(app: Any, screen: PracticeScreen, limit: int = 400) -> None:
    """Frames until the board is still and no try is being read."""
    for _ in range(limit):
        app.step([], 0.05)
        if not screen.view.busy and screen.waiting is None:
            pump(app, 1)
            return
    raise AssertionError("the practice never came to rest")


def enter(app: Any, screen: PracticeScreen, move: Any) -> None:
    """Enter ``move`` on the board the way a player does, then let it be judged."""
    position = screen.position
    text = position.before.move_to_text(position.player, move)
    gestures = screen.view.gestures_for(position.player, text)
    assert gestures is not None, f"the board cannot say how to enter {text}"
    perform(app, screen, list(gestures))  # type: ignore[arg-type]
    settle(app, screen)


def short_move(position: practice.Position, seed: int = 1) -> Any:
    """A legal try that still loses too much (found by the judge here)."""
    rng = random.Random(seed)
    candidates = list(position.before.legal_moves(position.player)[:40])
    candidates += [position.before.random_move(position.player, rng) for _ in range(40)]
    for move in candidates:
        if move in (position.played, position.better_move()):
            continue
        if practice.judge(position, move).kind == practice.SHORT:
            return move
    raise AssertionError("no move that still loses")


def on_position(screen: PracticeScreen) -> bool:
    """The board shows the position to practise, nothing played on it."""
    return screen.view.state.key() == screen.position.before.key() and not screen.played


def test_stars_for_tries() -> None:
    assert [stars_for(n, False) for n in (1, 2, 3, 4)] == [3, 2, 1, 1]
    assert stars_for(1, True) == 1


def test_practising_changing_challenges_through_the_board(
    app: Any, short_game: tuple[Match, Analysis]
) -> None:
    match, analysis = short_game
    scene = reviewed(app, match, analysis)
    reviewed_at = scene.review.position
    moves_before = scene.match.move_texts()
    screen = open_practice(app, scene)
    assert [p.ply for p in screen.positions] == [1, 3, 5]
    assert screen.controls.buttons["next"].text == "Next position"
    # position 1: a try that still loses is read in the lane and taken back, then the better move
    first = screen.position
    wrong = short_move(first)
    enter(app, screen, wrong)
    assert app._analysis_worker.asked == 1
    assert screen.verdict is not None and screen.verdict.kind == "wrong"
    assert screen.verdict.text.startswith("Still loses ")
    assert on_position(screen) and screen.tries == 1 and screen.stars[0] == 0
    better = first.better_move()
    enter(app, screen, better)
    assert screen.verdict.kind == "right"
    assert screen.verdict.text.startswith("That is the move the game missed")
    assert screen.played and screen.stars[0] == 2
    assert screen.view.state.key() != first.before.key()
    # Undo puts the position back; the stars stay
    click_element(app, screen.controls.buttons["restart"])
    assert on_position(screen) and screen.stars[0] == 2 and screen.verdict is None
    # position 2: found at the first try
    click_element(app, screen.controls.buttons["next"])
    assert screen.index == 1 and on_position(screen)
    enter(app, screen, screen.position.better_move())
    assert screen.stars[1] == 3
    # position 3: the move of the game again, then Show me draws the better move: one star
    click_element(app, screen.controls.buttons["next"])
    assert screen.index == 2 and screen.controls.buttons["next"].text == "See your stars"
    third = screen.position
    enter(app, screen, third.played)
    assert screen.verdict.kind == "wrong" and "played in the game" in screen.verdict.text
    assert on_position(screen)
    click_element(app, screen.controls.buttons["show"])
    assert screen.shown and screen.show_text.startswith("Show me: ")
    enter(app, screen, third.better_move())
    assert screen.stars[2] == 1
    # the stars of them all, then back to the review as it was
    click_element(app, screen.controls.buttons["next"])
    assert screen.done and screen.controls.buttons["next"].text == "Back to the review"
    idle(app, 2)
    click_element(app, screen.controls.buttons["next"])
    assert app.top is scene and scene.reviewing and scene.review.position == reviewed_at
    assert scene.match.move_texts() == moves_before and scene.analysis.analysis == analysis


def test_practising_secret_orders_in_elasta(app: Any, orders_game: tuple[Match, Analysis]) -> None:
    match, analysis = orders_game
    scene = reviewed(app, match, analysis)
    screen = open_practice(app, scene)
    position = screen.position
    assert position.simultaneous and position.player == "white"
    assert dict(screen.board.pending) == dict(position.others)  # Black's actual orders, sealed
    wrong = short_move(position)
    enter(app, screen, wrong)
    assert screen.verdict is not None and screen.verdict.kind == "wrong"
    assert on_position(screen) and dict(screen.board.pending) == dict(position.others)
    enter(app, screen, position.better_move())
    assert screen.verdict.kind == "right" and screen.stars[0] == 2
    turn = screen.board.turns[-1]  # both orders revealed together, Black's as given in the game
    assert {p: m for p, m in turn.moves.items() if p != "white"} == dict(position.others)
    click_element(app, screen.controls.buttons["restart"])  # Undo: the position, orders sealed again
    assert on_position(screen) and dict(screen.board.pending) == dict(position.others)
    click_element(app, screen.controls.buttons["show"])  # the better orders drawn; the stars stay
    assert screen.show_text.startswith("Show me: ") and screen.stars[0] == 2
    assert screen.controls.buttons["next"].text == "See your stars"
    click_element(app, screen.controls.buttons["next"])
    assert screen.done and screen.controls.buttons["next"].text == "Back to the review"
    tap(app, pygame.K_ESCAPE)  # leaving at any time: the review as it was
    assert app.top is scene and scene.reviewing and scene.match.move_texts() == match.move_texts()


def test_the_button_is_greyed_without_a_mistake_of_the_players(
    app: Any, short_game: tuple[Match, Analysis]
) -> None:
    match, _ = short_game
    only_the_computers = made_up(match, blunder_at=2)  # the second move: the computer's
    scene = reviewed(app, match, only_the_computers)
    button = scene.strip.practise
    assert button is not None and button.visible and not button.is_enabled
    assert not scene.practice_offered()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_button_fits_beside_the_graph(app: Any, short_game: tuple[Match, Analysis], size: Any) -> None:
    app.resize_window(size)
    match, analysis = short_game
    scene = reviewed(app, match, analysis)
    button = scene.strip.practise
    assert button is not None and scene.strip.rect.contains(button.rect)
    assert scene.strip._graph.right < button.rect.left
    screen = open_practice(app, scene)
    rects = [b.rect for b in screen.controls.buttons.values()]
    assert all(screen.frame.panel.contains(r) for r in rects)
    assert screen.text_rect.bottom <= min(r.top for r in rects)


def test_tab_reaches_the_strips_stop_and_practise(app: Any, short_game: tuple[Match, Analysis]) -> None:
    match, analysis = short_game
    analyst = ScriptedAnalyst()
    app._analysis_worker = analyst
    scene = start(app, Match.from_record(match.to_record()))
    end_dialog(app, scene)
    click_element(app, scene.end_dialog.review)
    click_element(app, scene.review.buttons["analyse"])
    assert scene.analysis.running and scene.strip.stop is not None and scene.strip.stop.visible

    def tab_to(name: str) -> None:
        for _ in range(30):
            tap(app, pygame.K_TAB)
            if scene.keys.focus.button == name:
                return
        raise AssertionError(f"Tab never reached {name}")

    tab_to("analysis:stop")
    tap(app, pygame.K_RETURN)
    pump(app)
    assert not scene.analysis.running and analyst.cancelled == 1
    click_element(app, scene.review.buttons["analyse"])
    analyst.answer = analysis
    idle(app, 2)
    app._analysis_worker = JudgeHere()
    tab_to("analysis:practise")
    tap(app, pygame.K_RETURN)
    pump(app)
    assert isinstance(app.top, PracticeScreen)
    app.step([], DT)
