"""The tutorial screens driven through real pygame events: every lesson of every game is opened, one
wrong move is made and explained, every step's model answer is entered with the board's own
gestures (``BoardView.gestures_for``), the stars are earned, saved, and still there after a restart.
Also the Learn button, the lessons list, the practice game and the new-game screen's first-time offer.

A board whose ``gestures_for`` cannot say yet (None) skips its lessons with the reason: the lesson
authors add them game by game.
"""

from __future__ import annotations

import itertools
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.lessons import Lesson, LessonRun, Step, lessons_for, stars_for
from game.register import all_games, get
from saves.progress import Progress
from scenes.kit.app import App, make_event
from scenes.kit.board_view import Gesture, ViewAction

DT = 1 / 60
WRONG_SEARCH = 3000
"""How many legal moves to try, spread over the whole list, when a step names no wrong move."""


# -- helpers ----------------------------------------------------------------------------------------
def pump(app: App, frames: int = 2) -> None:
    """Frames fed from pygame's real queue (where pygame-gui posts its button events)."""
    for _ in range(frames):
        app.step(pygame.event.get(), DT)


def click_widget(app: App, element: Any) -> None:
    """A left click at the centre of a pygame-gui widget, then frames to deliver its events."""
    assert element.visible and element.is_enabled, f"{element} is not clickable"
    pos = element.rect.center
    app.step([make_event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], DT)
    app.step(
        [
            make_event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            make_event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
        DT,
    )
    pump(app)


def press_key(app: App, code: int, text: str = "", mod: int = 0) -> None:
    app.step(
        [
            make_event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0),
            make_event(pygame.KEYUP, key=code, mod=mod, unicode=text, scancode=0),
        ],
        DT,
    )
    pump(app, 1)


def perform(app: App, scene: Any, gestures: list[Gesture]) -> None:
    """Do what a player does: clicks, drags, the board's buttons in the panel, keys."""
    for gesture in gestures:
        if gesture.kind == "click":
            app.step([make_event(pygame.MOUSEMOTION, pos=gesture.pos, rel=(0, 0), buttons=(0, 0, 0))], DT)
            app.step(
                [
                    make_event(pygame.MOUSEBUTTONDOWN, pos=gesture.pos, button=1),
                    make_event(pygame.MOUSEBUTTONUP, pos=gesture.pos, button=1),
                ],
                DT,
            )
        elif gesture.kind == "drag":
            app.step([make_event(pygame.MOUSEBUTTONDOWN, pos=gesture.pos, button=1)], DT)
            middle = ((gesture.pos[0] + gesture.to[0]) // 2, (gesture.pos[1] + gesture.to[1]) // 2)
            for pos in (middle, gesture.to):
                app.step([make_event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))], DT)
            app.step([make_event(pygame.MOUSEBUTTONUP, pos=gesture.to, button=1)], DT)
        elif gesture.kind == "button":
            pump(app, 1)
            button = scene.controls.view_buttons.get(str(gesture.key))
            assert button is not None, f"the board offers no '{gesture.key}' button now"
            click_widget(app, button)
        elif gesture.kind == "key":
            press_key(app, int(gesture.key), gesture.text)
        else:
            raise AssertionError(f"unknown gesture {gesture}")
    pump(app, 1)


def settle(app: App, scene: Any, limit: int = 400) -> None:
    """Frames until the board is still and no scripted answer is on its way."""
    for _ in range(limit):
        app.step([], 0.05)
        if not scene.view.busy and scene.reply_due is None:
            app.step([], DT)
            return
    raise AssertionError("the lesson never came to rest")


def gestures(scene: Any, text: str) -> list[Gesture]:
    found = scene.view.gestures_for(scene.learner, text)
    board = type(scene.view).__name__
    assert found is not None, f"{board}.gestures_for cannot enter '{text}': a learner could not play it"
    return list(found)


def wrong_move(run: LessonRun) -> tuple[str, str] | None:
    """A legal move the current step does not accept, and the reason the lesson gives."""
    step = run.step
    assert step is not None
    state, learner = run.state, run.lesson.learner
    for text in step.wrong:
        verdict = run.judge(state.parse_move(learner, text))
        if not verdict.ok and not verdict.illegal:
            return text, verdict.why
    moves = state.legal_moves(learner)
    try:  # a lazy sequence (Nelaxtam's nine million invasions): sample it without listing it
        count = len(moves)
        sample: Any = (moves[i] for i in range(0, count, max(1, count // WRONG_SEARCH)))
    except TypeError:
        sample = itertools.islice(moves, WRONG_SEARCH)
    for move in sample:
        verdict = run.judge(move)
        if not verdict.ok and not verdict.illegal:
            return state.move_to_text(learner, move), verdict.why
    return None


def open_lesson(app: App, game_id: str, index: int) -> Any:
    app.settings.animation_speed = "off"
    info = get(game_id)
    app.goto("menu")
    app.open("lessons", info)
    scene = app.open("lesson", info, index)
    pump(app, 3)
    return scene


def _cases() -> list[Any]:
    """(game, lesson index) for every lesson there is; a game whose lessons cannot even be loaded
    gets one case that fails with the reason (without stopping the other games' cases)."""
    cases: list[Any] = []
    for info in all_games():
        try:
            count = len(lessons_for(info.id))
        except Exception as exc:
            cases.append(pytest.param(info.id, -1, id=f"{info.id}-cannot-load"))
            BROKEN[info.id] = f"{type(exc).__name__}: {exc}"
            continue
        cases.extend((info.id, index) for index in range(count))
    return cases or [pytest.param("none", 0, marks=pytest.mark.skip(reason="no game has lessons yet"))]


BROKEN: dict[str, str] = {}
CASES = _cases()


# -- every lesson, through the real screen ------------------------------------------------------------
@pytest.mark.parametrize(("game_id", "index"), CASES)
def test_every_lesson_through_real_gestures(app: App, game_id: str, index: int) -> None:
    if index < 0:
        pytest.fail(f"the lessons of {game_id} cannot be loaded: {BROKEN.get(game_id)}")
    scene = open_lesson(app, game_id, index)
    run = scene.run
    lesson = run.lesson
    assert scene.name == "lesson" and not scene.completed

    # one wrong move: taken back, explained in red
    wrong = wrong_move(run)
    mistakes = 0
    if wrong is not None:
        text, why = wrong
        before = run.state.key()
        perform(app, scene, gestures(scene, text))
        settle(app, scene)
        assert scene.verdict is not None and scene.verdict.kind == "wrong", f"'{text}' was not refused"
        assert scene.verdict.text == why
        assert run.index == 0 and run.mistakes == 1
        assert run.state.key() == before and scene.view.state.key() == before
        mistakes = 1

    # every step's model answer, with its replies and animations
    for _ in range(len(lesson.steps)):
        step = run.step
        assert step is not None and scene.input_player() == lesson.learner, "the learner cannot move"
        number = run.index
        perform(app, scene, gestures(scene, step.model))
        settle(app, scene)
        assert run.index == number + 1, f"step {number + 1}: '{step.model}' was not taken: {scene.verdict}"
    assert scene.completed and run.finished
    assert run.stars == stars_for(len(lesson.steps) + mistakes, lesson.par_moves) and run.stars >= 1
    assert app.progress.stars(game_id, lesson.id) == run.stars
    assert Progress(app.data_dir).stars(game_id, lesson.id) == run.stars  # on disk, not only in memory
    assert scene.controls.buttons["next"].is_enabled


# -- the screens' flow on a lesson of our own (runs whether or not the games have lessons yet) -------------
POSITION = "F....F/....../..E.../FF..FF e"


def _eats(before: Any, after: Any, _text: str) -> bool:
    return after.position()["eaten"] > before.position()["eaten"]


TOY_LESSONS = (
    Lesson(
        id="toy-eat",
        title="The elephant eats",
        rule="Eating",
        intro="The elephant eats tiles.",
        learner="elephant",
        position=POSITION,
        steps=(
            Step(
                say="Step onto any tile.",
                goal=_eats,
                solution="c2-d3",
                reply="a4-b4",
                targets=("d3",),
                arrows=(("c2", "d3"),),
            ),
            Step(
                say="Eat towards the far side.",
                accept=("d3-e3", "d3-e4"),
                wrong={"d3-c2": "Back to c2 eats nothing new on the far side."},
            ),
        ),
    ),
    Lesson(
        id="toy-again",
        title="Eat again",
        rule="Eating",
        intro="Once more.",
        learner="elephant",
        position=POSITION,
        steps=(Step(say="Step to d3.", accept=("c2-d3",)),),
    ),
)


@pytest.fixture
def toy_lessons(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Lesson, ...]]:
    """Elephant Run's lessons replaced by two small ones for the duration of a test."""
    module = types.ModuleType("game.elephant_run.lessons")
    module.LESSONS = TOY_LESSONS  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "game.elephant_run.lessons", module)
    yield TOY_LESSONS


def play(scene: Any, text: str) -> None:
    """Hand a move to the screen as the board would after its clicks (the view's gestures are tested
    above, game by game)."""
    scene._apply(ViewAction.play(scene.learner, scene.run.state.parse_move(scene.learner, text)))


def test_a_lesson_refuses_explains_replies_and_pays_out(app: App, toy_lessons: Any) -> None:
    scene = open_lesson(app, "elephant-run", 0)
    marks = scene.step_marks()
    assert marks.rings == ["d3"] and marks.arrows == [("c2", "d3")]
    play(scene, "c2-b3")  # any eating step does the job: accepted, then the farmers' scripted answer
    settle(app, scene)
    assert scene.run.index == 1 and scene.verdict.kind == "right"
    assert len(scene.run.match.turns) == 2  # the learner's step, then the farmers' scripted answer
    before = scene.run.state.key()
    play(scene, "b3-c2")
    settle(app, scene)
    assert scene.verdict.kind == "wrong" and "does not do what this step asks" in scene.verdict.text
    assert scene.view.state.key() == before == scene.run.state.key()
    assert not scene.controls.buttons["next"].is_enabled
    scene.show_me()
    assert scene.shown is not None and scene.show_text.startswith("Show me:")
    if scene.shown:  # drawn on the board: the marks speak, the notation is left out
        assert "green marks" in scene.show_text
    else:
        assert scene.run.step.model in scene.show_text
    scene.restart()
    assert scene.run.index == 0 and scene.verdict is None and scene.shown is None
    play(scene, "c2-d3")
    settle(app, scene)
    play(scene, "d3-c2")
    settle(app, scene)
    assert scene.verdict.text == "Back to c2 eats nothing new on the far side."
    play(scene, "d3-e4")
    settle(app, scene)
    assert scene.completed and scene.run.stars == stars_for(3, 2) == 2
    assert app.progress.stars("elephant-run", "toy-eat") == 2
    press_key(app, pygame.K_RETURN)  # Enter: the next lesson
    assert app.top.name == "lesson" and app.top.index == 1


def test_stars_survive_a_restart_on_the_menu_card_and_in_the_list(tmp_path: Path, toy_lessons: Any) -> None:
    from scenes.routes import new_app

    first = new_app(data_dir=tmp_path, size=(1024, 640))
    try:
        scene = open_lesson(first, "elephant-run", 0)
        for text in ("c2-d3", "d3-e3"):
            play(scene, text)
            settle(first, scene)
        assert scene.completed and scene.run.stars == 3
    finally:
        first.shutdown()
    again = new_app(data_dir=tmp_path, size=(1024, 640))
    try:
        menu = again.goto("menu")
        pump(again)
        card = next(c for c in menu.cards if c.info.id == "elephant-run")
        assert card.lessons == (1, 2, 3)
        assert card.learn is not None and card.learn.is_enabled
        click_widget(again, card.learn)
        listing = again.top
        assert listing.name == "lessons"
        assert [row.stars for row in listing.rows] == [3, 0, 0]
        assert listing.selected == listing.next_row == 1  # the next lesson not yet done is picked out
    finally:
        again.shutdown()


def test_the_list_opens_lessons_and_the_practice_game(app: App, toy_lessons: Any) -> None:
    info = get("elephant-run")
    app.goto("menu")
    pump(app)
    listing = app.open("lessons", info)
    pump(app)
    assert len(listing.rows) == 3 and listing.selected == 0
    press_key(app, pygame.K_RETURN)
    assert app.top.name == "lesson" and app.top.index == 0
    press_key(app, pygame.K_ESCAPE)  # back to the list it came from
    assert app.top is listing
    rect = listing.row_rect(1)
    app.step([make_event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)], DT)
    assert app.top.name == "lesson" and app.top.index == 1
    app.top.to_lessons()
    assert app.top is listing
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_RETURN)  # the last row: a whole game against the easy computer
    match_scene = app.top
    assert match_scene.name == "match"
    seats = match_scene.match.seats
    assert not seats["elephant"].is_ai and seats["farmers"].is_ai and seats["farmers"].level == "easy"
    assert [scene.name for scene in app.stack] == ["menu", "match"]


def test_esc_and_back_leave_the_list(app: App, toy_lessons: Any) -> None:
    app.goto("menu")
    pump(app)
    listing = app.open("lessons", get("elephant-run"))
    pump(app)
    click_widget(app, listing.back_button)
    assert app.top.name == "menu"


def test_new_game_offers_the_lessons_only_the_first_time(app: App, toy_lessons: Any) -> None:
    info = get("elephant-run")
    app.goto("menu")
    pump(app)
    offer = app.open("new-game", info)
    pump(app)
    assert offer.learn_button is not None and offer.start_button.is_enabled
    click_widget(app, offer.learn_button)
    assert app.top.name == "lessons"
    press_key(app, pygame.K_ESCAPE)
    assert app.top is offer  # back where the player was, free to start a game
    app.pop()
    app.progress.record("elephant-run", "toy-eat", 1)
    again = app.open("new-game", info)
    pump(app)
    assert again.learn_button is None


def test_no_offer_once_a_game_of_it_was_saved(app: App, toy_lessons: Any) -> None:
    from game.match import Match

    app.store.save(Match("elephant-run"))
    app.goto("menu")
    pump(app)
    scene = app.open("new-game", get("elephant-run"))
    pump(app)
    assert scene.learn_button is None


def test_a_game_without_lessons_has_a_quiet_learn_button(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("game.elephant_run.lessons")
    module.LESSONS = ()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "game.elephant_run.lessons", module)
    menu = app.goto("menu")
    pump(app)
    card = next(c for c in menu.cards if c.info.id == "elephant-run")
    assert card.lessons is None and card.learn is not None and not card.learn.is_enabled


def test_a_damaged_progress_file_does_not_stop_the_menu(app: App, toy_lessons: Any) -> None:
    (app.data_dir / "progress.json").parent.mkdir(parents=True, exist_ok=True)
    (app.data_dir / "progress.json").write_text("{not json", encoding="utf-8")
    menu = app.goto("menu")
    pump(app)
    card = next(c for c in menu.cards if c.info.id == "elephant-run")
    assert card.lessons == (0, 2, 0)
    assert list(app.data_dir.glob("progress.damaged-*.json"))


def test_the_lesson_screens_fit_small_and_large_windows(app: App, toy_lessons: Any) -> None:
    scene = open_lesson(app, "elephant-run", 0)
    for size in ((1024, 640), (1280, 800)):
        app.resize_window(size)
        pump(app)
        panel = scene.frame.panel
        assert scene.frame.board.right < panel.left and panel.right <= size[0] and panel.bottom <= size[1]
        for button in scene.controls.buttons.values():
            assert panel.contains(button.rect), button.text
        assert scene.text_rect.bottom < min(b.rect.top for b in scene.controls.buttons.values())


def test_a_lesson_is_heard_like_a_game(app: App, toy_lessons: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The board's own moments (a tile eaten), a refused move and the lesson learnt all sound."""
    heard: list[str] = []
    monkeypatch.setattr(app.sound, "announce", heard.append)
    scene = open_lesson(app, "elephant-run", 0)
    play(scene, "c2-d3")
    settle(app, scene)
    assert "tile-eaten" in heard  # cued by the elephant's animation, as in a match
    heard.clear()
    play(scene, "d3-c2")
    settle(app, scene)
    assert heard[:1] == ["illegal"]
    heard.clear()
    play(scene, "d3-e4")
    settle(app, scene)
    assert scene.completed and heard[-1] == "win"


def test_show_me_caps_the_lesson_at_two_stars(app: App, toy_lessons: Any) -> None:
    scene = open_lesson(app, "elephant-run", 0)
    scene.show_me()
    scene.show_me()  # asking twice for the same step counts once
    assert scene.run.shown == {0}
    play(scene, "c2-d3")
    settle(app, scene)
    play(scene, "d3-e4")
    settle(app, scene)
    assert scene.completed and scene.run.tried == 2  # within par: three stars without the answer shown
    assert scene.run.stars == 2 and app.progress.stars("elephant-run", "toy-eat") == 2
