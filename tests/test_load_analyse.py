"""Analyse from the load screen (issue #32): a saved game, finished or still going on, opens on the
match screen in the review of its start with its analysis — the one its save kept shown at once, any
other worked out by the match screen's own flow (the result card's). A file that cannot be replayed
gets a sentence in a window and the screen stays; a damaged one cannot be analysed. Real events
through the real load and match screens; the analysis lane is the stand-in of the analysis tests."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pygame
import pytest
from pygame_gui.windows import UIMessageWindow

from game.match import AI, HUMAN, Match, Seat
from saves.save_file import keep_analysis
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import click_element, idle, key, pump, resize
from tests.test_analysis_scene import SHORT, ScriptedAnalyst, finished, made_up


def load_screen(app: Any) -> tuple[Any, ScriptedAnalyst]:
    analyst = ScriptedAnalyst()
    app._analysis_worker = analyst
    app.goto("menu")
    load = app.open("load")
    pump(app)
    return load, analyst


def analyse(app: Any, load: Any) -> None:
    assert load.analyse_button is not None
    click_element(app, load.analyse_button)


def test_a_saved_analysis_is_shown_at_once(app: Any) -> None:
    match = finished(*SHORT)
    analysis = made_up(match)
    keep_analysis(match, analysis)
    app.store.save(match)
    load, analyst = load_screen(app)
    assert load.analyse_button.is_enabled
    analyse(app, load)
    scene = app.top
    assert isinstance(scene, MatchScene) and scene.match.match_id == match.match_id
    assert analyst.asked == []  # nothing worked out again
    assert scene.reviewing and scene.review.position == 0 and scene.strip_on
    assert scene.analysis.analysis == analysis and not scene.analysis.running
    assert scene.end_dialog is None


def test_a_finished_game_without_one_is_analysed_by_the_match_screens_flow(app: Any) -> None:
    match = finished(*SHORT)
    app.store.save(match)
    load, analyst = load_screen(app)
    analyse(app, load)
    scene = app.top
    assert isinstance(scene, MatchScene)
    assert len(analyst.asked) == 1 and analyst.asked[0]["moves"] == match.move_texts()
    assert scene.reviewing and scene.review.position == 0 and scene.strip_on and scene.analysis.running
    analyst.answer = made_up(scene.match)
    idle(app, 2)
    assert scene.analysis.analysis is not None and not scene.analysis.running
    assert scene.strip.practise is not None  # the strip's own buttons, as after the result card


def test_a_game_still_going_on_can_be_analysed_too(app: Any) -> None:
    match = Match("epaminondas", {}, {"white": Seat(HUMAN), "black": Seat(AI, "easy")})
    match.play_text("a1-a3")
    match.play_text("a12-a10")
    app.store.save(match)
    _, analyst = load_screen(app)
    key(app, pygame.K_a, unicode="a")  # its shortcut
    pump(app)
    scene = app.top
    assert isinstance(scene, MatchScene) and not scene.match.over
    assert len(analyst.asked) == 1 and analyst.asked[0]["moves"] == ["a1-a3", "a12-a10"]
    assert scene.reviewing and scene.review.position == 0


def test_a_save_that_cannot_be_replayed_gets_a_sentence_and_the_screen_stays(app: Any) -> None:
    match = finished(*SHORT)
    entry = app.store.save(match)
    data = json.loads(entry.path.read_text())
    data["match"]["moves"][1] = "a1-a1"  # hand-edited: a move the rules refuse
    entry.path.write_text(json.dumps(data))
    load, analyst = load_screen(app)
    assert load.current is not None and load.current.error is None  # listed: its envelope reads
    analyse(app, load)
    assert app.top is load and analyst.asked == []
    window = load.dialogs.active
    assert isinstance(window, UIMessageWindow)
    assert window.window_display_title == "Could not analyse the game"
    words = window.text_block.html_text
    assert "move 2" in words.lower() and "Traceback" not in words


def test_a_damaged_file_cannot_be_analysed_and_says_why(app: Any) -> None:
    app.store.saves_dir.mkdir(parents=True, exist_ok=True)
    (app.store.saves_dir / "broken.json").write_text('{"version": 1, "kind": "save", "match": {')
    load, analyst = load_screen(app)
    assert load.current is not None and load.current.error is not None
    assert not load.analyse_button.is_enabled
    key(app, pygame.K_a, unicode="a")
    pump(app)
    window = load.dialogs.active
    assert isinstance(window, UIMessageWindow) and window.window_display_title == "Cannot analyse this file"
    assert app.top is load and analyst.asked == []


def test_a_game_without_moves_is_not_offered(app: Any) -> None:
    app.store.save(Match("elephant-run"))
    load, _ = load_screen(app)
    assert load.current is not None and not load.analyse_button.is_enabled


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1366, 768)])
def test_the_load_screens_buttons_stand_apart(app: Any, size: tuple[int, int]) -> None:
    app.store.save(finished(*SHORT))
    load, _ = load_screen(app)
    resize(app, size)
    buttons = [
        load.back_button,
        load.record_button,
        load.analyse_button,
        load.rename_button,
        load.delete_button,
        load.load_button,
    ]
    rects = [b.rect for b in buttons]
    assert all(a.right + 8 <= b.left for a, b in itertools.pairwise(rects)), rects
    assert all(pygame.Rect((0, 0), size).contains(r) for r in rects)
