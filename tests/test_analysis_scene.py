"""A finished game's analysis in the app (#32 item 2), through the real match scene and real events:
Analyse on the result card and in the review banner, the progress under the board and Stop, the
graph (a click on a point reviews that position), the marks in the move list, the better move on the
board and in the banner, the analysis kept in the save and shown again without a new search, and a
record's kept only in memory. One test runs the real worker on a short game; the rest use a stand-in
whose answers the tests write, so what is shown is known exactly."""

from __future__ import annotations

import json
import random
from typing import Any

import pygame
import pytest

from game.analysis import Analysis, MoveNote, analyse, explained
from game.match import AI, Match, Seat
from game.worker import AIResult
from saves.save_file import analysis_of, keep_analysis
from scenes.shell.match.analysis_run import EFFORT
from scenes.shell.match.analysis_strip import first_chances
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import DT, click, click_element, end_dialog, idle, pump, resize, start


def finished(game_id: str, seed: int) -> Match:
    """A finished game of random moves, the second side the easy computer (a game against it)."""
    info = Match(game_id).game
    match = Match(game_id, {}, {info.players[1]: Seat(AI, "easy")})
    rng = random.Random(seed)
    while not match.over:
        moves = {p: match.state.random_move(p, rng) for p in match.state.to_move()}
        match.play_text(match.state.turn_to_text(moves))
    return match


SHORT = ("changing-challenges", 22)
"""A Changing Challenges game of six moves: its analysis takes about a second."""


def made_up(match: Match, blunder_at: int = 2) -> Analysis:
    """An analysis of ``match`` with known chances and one blunder (at turn ``blunder_at``, 1-based)
    whose better move is another legal move of that position."""
    players = tuple(match.game.players)
    notes = []
    for number, turn in enumerate(match.turns, start=1):
        ((player, move),) = turn.moves.items()
        text = turn.before.move_to_text(player, move)
        first = 0.5 + 0.4 * ((-1) ** number) * (number / len(match.turns))
        chance = {players[0]: first, players[1]: 1 - first}
        mark, better = "good", None
        if number == blunder_at:
            other = next(m for m in turn.before.legal_moves(player) if m != move)
            mark, better = "blunder", turn.before.move_to_text(player, other)
        reason = "It keeps the pieces together." if better else ""
        lost = 0.3 if better else 0.0
        notes.append(MoveNote(number, player, text, chance, mark, better, lost, 0.8, reason))
    made = Analysis(match.game.id, EFFORT, players, {players[0]: 0.5, players[1]: 0.5}, tuple(notes))
    return Analysis.from_json(made.to_json())  # as the worker's answer and a save carry it


class ScriptedAnalyst:
    """The analysis lane's stand-in: it takes requests, reports the progress the test sets, and
    answers with ``answer`` once the test gives one."""

    def __init__(self) -> None:
        self.asked: list[dict[str, Any]] = []
        self.cancelled = 0
        self.progress: float | None = None
        self.answer: Analysis | None = None

    def analyse(self, record: dict[str, Any], effort: str = "quick") -> int:
        self.asked.append(record)
        self.progress = 0.0
        return len(self.asked)

    def poll(self) -> AIResult | None:
        if self.answer is None:
            return None
        text = json.dumps(self.answer.to_json())
        self.answer = None
        self.progress = None
        return AIResult(len(self.asked), text, None, 0.0)

    def cancel(self) -> None:
        self.cancelled += 1
        self.progress = None

    def close(self) -> None:
        pass


def on_screen(app: Any, match: Match) -> tuple[MatchScene, ScriptedAnalyst]:
    analyst = ScriptedAnalyst()
    app._analysis_worker = analyst
    return start(app, match), analyst


def analyse_button(scene: MatchScene) -> Any:
    return scene.review.buttons.get("analyse")


def answer(app: Any, scene: MatchScene, analyst: ScriptedAnalyst, analysis: Analysis) -> None:
    analyst.answer = analysis
    idle(app, 2)
    assert not scene.analysis.running and scene.analysis.analysis == analysis


# -- starting, following, stopping ------------------------------------------------------------------------
def test_the_result_cards_analyse_shows_progress_and_stop_ends_it(app: Any) -> None:
    match = finished(*SHORT)
    scene, analyst = on_screen(app, match)
    card = end_dialog(app, scene)
    assert card.analyse is not None and card.analyse.visible
    live = scene.view.rect.copy()
    click_element(app, card.analyse)
    assert len(analyst.asked) == 1 and analyst.asked[0]["moves"] == match.move_texts()
    assert scene.reviewing and scene.review.position == 0 and scene.end_dialog is None
    assert scene.strip_on and scene.analysis.running
    stop = scene.strip.stop
    assert stop is not None and stop.visible and scene.strip.rect.contains(stop.rect)
    assert analyse_button(scene) is None  # not offered twice
    # the reviewed board gives the strip its room; the live board keeps its own
    assert scene.review.view is not None and scene.review.view.rect.bottom < scene.strip.rect.top
    assert scene.view.rect == live
    analyst.progress = 0.5
    idle(app)
    assert scene.analysis.progress == 0.5
    resize(app, (1024, 640))  # a new layout while it works: the strip and its Stop come back
    stop = scene.strip.stop
    assert stop is not None and stop.visible and scene.strip_on and scene.analysis.running
    assert scene.board_rect.contains(scene.strip.rect)
    click_element(app, stop)
    assert analyst.cancelled == 1 and not scene.analysis.running
    assert not scene.strip_on and not stop.visible
    assert analyse_button(scene) is not None and analyse_button(scene).visible  # asked again at will
    assert scene.reviewing  # no dead end: the review goes on


def test_the_review_banners_analyse_then_graph_marks_and_better_move(app: Any) -> None:
    match = finished(*SHORT)
    scene, analyst = on_screen(app, match)
    end_dialog(app, scene)
    click_element(app, scene.end_dialog.review)
    assert scene.reviewing and analyse_button(scene) is not None
    click_element(app, analyse_button(scene))
    assert scene.analysis.running and len(analyst.asked) == 1
    made = made_up(match, blunder_at=2)
    answer(app, scene, analyst, made)
    assert any(text.startswith("The analysis is ready") for text, _ in app.toasts)
    assert scene.strip_on and not scene.strip.stop.visible
    assert scene.moves.marks[1] == {next(iter(match.turns[1].moves)): "blunder"}
    assert all(marks == {p: "good" for p in marks} for i, marks in scene.moves.marks.items() if i != 1)
    # a click on the graph's point of move 2 reviews the board after it
    app.step([], DT)
    values = first_chances(made, [[n] for n in made.moves])
    click(app, scene.strip.point(2, values[2]))
    assert scene.review.position == 2
    idle(app)
    detail = scene.banner_texts()[1]
    better = made.moves[1].better
    assert detail.startswith("Blunder, 30% of the chance lost. Better: ")
    assert detail.endswith(". It keeps the pieces together.")  # the game's reason, where it fits
    shown = scene.better_shown()
    assert shown is not None and shown.text == better
    view = scene.review.view
    assert view is not None
    marks = scene.better_marks.marks(match, shown, view)
    assert marks  # drawn the way a hint is
    # a good move says what it did, with no better move
    click(app, scene.strip.point(3, values[3]))
    assert scene.review.position == 3 and scene.better_shown() is None
    assert not scene.banner_texts()[1].startswith("Blunder")
    # the start of the graph is the start position
    click(app, scene.strip.point(0, values[0]))
    assert scene.review.position == 0


def test_the_analysis_is_saved_with_the_game_and_shown_again_without_a_search(app: Any) -> None:
    match = finished(*SHORT)
    scene, analyst = on_screen(app, match)
    end_dialog(app, scene)
    click_element(app, scene.end_dialog.analyse)
    made = made_up(match)
    answer(app, scene, analyst, made)
    files = list(app.store.autosave_dir.glob("*.json"))
    assert len(files) == 1
    data = json.loads(files[0].read_text(encoding="utf-8"))
    assert data["analysis"]["moves"][1]["mark"] == "blunder"
    loaded = app.store.load(files[0])
    assert analysis_of(loaded) == made
    again, analyst_again = on_screen(app, loaded)
    card = end_dialog(app, again)
    assert card.analyse is None  # already analysed: nothing to offer
    again.review_at(2)
    idle(app)
    assert again.strip_on and analyst_again.asked == []
    assert again.better_shown() is not None


def test_a_record_keeps_its_analysis_in_memory_only(app: Any) -> None:
    match = finished(*SHORT)
    record = Match.from_record(match.to_record())
    scene, analyst = on_screen(app, record)
    scene.look_at_record()
    idle(app)
    assert scene.review.record and analyse_button(scene) is not None
    click_element(app, analyse_button(scene))
    answer(app, scene, analyst, made_up(record))
    assert list(app.store.autosave_dir.glob("*.json")) == []
    assert list(app.store.saves_dir.glob("*.json")) == []
    assert analysis_of(record) is not None  # while the record is on screen


def test_an_undo_after_the_analysis_hides_it(app: Any) -> None:
    match = finished(*SHORT)
    scene, analyst = on_screen(app, match)
    end_dialog(app, scene)
    click_element(app, scene.end_dialog.analyse)
    answer(app, scene, analyst, made_up(match))
    scene.undo()
    idle(app, 2)
    assert scene.analysis.analysis is None and scene.moves.marks == {}
    assert not scene.strip_on


def test_a_worker_that_fails_says_so_and_offers_analyse_again(app: Any) -> None:
    match = finished(*SHORT)
    scene, analyst = on_screen(app, match)
    end_dialog(app, scene)
    click_element(app, scene.end_dialog.analyse)
    analyst.poll = lambda: AIResult(1, None, "RuntimeError: boom", 0.0)  # type: ignore[method-assign]
    idle(app, 2)
    assert not scene.analysis.running and scene.analysis.analysis is None
    told = app.toasts[-1][0]
    assert told.startswith("The analysis could not be finished") and "boom" not in told
    assert analyse_button(scene) is not None and analyse_button(scene).visible


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_strip_and_the_banner_fit(app: Any, size: tuple[int, int]) -> None:
    app.resize_window(size)
    match = finished(*SHORT)
    scene, analyst = on_screen(app, match)
    end_dialog(app, scene)
    click_element(app, scene.end_dialog.review)
    buttons = [b for b in scene.review.buttons.values() if b.visible]
    assert len(buttons) == 5
    for a in buttons:  # Analyse, What if…, ‹, ›, Back: in the banner, overlapping nothing
        assert scene.frame.banner.contains(a.rect)
        assert all(not a.rect.colliderect(b.rect) for b in buttons if b is not a)
    assert scene.banner_words.right <= min(b.rect.left for b in buttons)
    click_element(app, analyse_button(scene))
    answer(app, scene, analyst, made_up(match))
    assert scene.board_rect.contains(scene.strip.rect)
    assert scene.review.view is not None and not scene.review.view.rect.colliderect(scene.strip.rect)


# -- the real worker ----------------------------------------------------------------------------------------
def test_the_real_worker_analyses_a_short_game_in_the_app(app: Any) -> None:
    match = finished(*SHORT)
    quick = analyse(match.initial, match.move_texts(), EFFORT)  # bounded by nodes: the same anywhere
    expected = explained(quick, match.initial, match.move_texts())
    scene = start(app, match)
    end_dialog(app, scene)
    click_element(app, scene.end_dialog.analyse)
    assert scene.analysis.running
    for _ in range(6000):  # frames; the worker's search is bounded by nodes, the wait by the frames
        if not scene.analysis.running:
            break
        app.step([], DT)
        pygame.time.wait(10)
    assert scene.analysis.analysis == Analysis.from_json(json.loads(json.dumps(expected.to_json())))
    assert scene.strip_on
    marked = next(n for n in expected.moves if n.better)
    scene.review_at(marked.ply)
    idle(app)
    shown = scene.better_shown()
    assert shown is not None and shown.text == marked.better and shown.reason == marked.reason != ""
    pump(app)


def test_keep_analysis_of_another_game_is_not_shown(app: Any) -> None:
    match = finished(*SHORT)
    other = finished("changing-challenges", 3)
    keep_analysis(match, made_up(other))
    scene, _ = on_screen(app, match)
    assert scene.analysis.analysis is None
    card = end_dialog(app, scene)
    assert card.analyse is not None
