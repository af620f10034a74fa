"""``EpaminondasView.gestures_for``: the clicks it names, performed as real pygame events through a
real MatchScene (both seats human, animation off), enter exactly the move asked for.

What the tutorial screen and a lesson's "Show me" rely on, checked on seeded random games (long
phalanxes, captures, crossings) and on every lesson's position, for a sample of legal moves in each.
The board marks a move where its *front* stone lands, so the second click is not the notation's
``to`` square whenever more than one stone moves."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.epaminondas import board as B
from game.lessons import lessons_for, start_match
from game.match import Match, Seat
from game.register import get
from scenes.games.epaminondas import EpaminondasView
from scenes.shell.match.scene import MatchScene
from tests.gesture_driver import perform_settled as perform
from tests.scene_driver import DT, click, key, settle, start

GAME = "epaminondas"


def view_of(scene: MatchScene) -> EpaminondasView:
    assert isinstance(scene.view, EpaminondasView)
    return scene.view


def enters_exactly(app: Any, scene: MatchScene, text: str, take_back: bool = True) -> None:
    """Perform the view's gestures for ``text`` by the side to move and check the match's last turn
    is exactly ``text``; then take it back (Ctrl+Z) unless told to keep it."""
    match = scene.match
    player = match.state.to_move()[0]
    gestures = view_of(scene).gestures_for(player, text)
    assert gestures is not None, text
    before = len(match.turns)
    perform(app, scene, gestures)
    assert len(match.turns) == before + 1, (text, gestures, scene.message)
    assert match.turns[-1].text == text, (match.turns[-1].text, text)
    if take_back:
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        settle(app, scene)
        assert len(match.turns) == before


def sample_texts(state: Any, rng: random.Random, count: int, prefer_long: bool = True) -> list[str]:
    """``count`` legal moves, half of them (when there are) moves of two or more stones or captures:
    those are where the front landing differs from the notation's ``to``."""
    player = state.to_move()[0]
    moves = list(state.legal_moves(player))
    rich = [m for m in moves if len(state.group_of(m)) > 1 or state.captured_by(m)]
    picked = rng.sample(rich, min(len(rich), count // 2)) if prefer_long else []
    rest = [m for m in moves if m not in picked]
    picked += rng.sample(rest, min(len(rest), count - len(picked)))
    return [state.move_to_text(player, m) for m in picked]


def test_random_games_every_sampled_move_is_entered_exactly(app: Any) -> None:
    """Random games from the opening, each ply one sampled move entered and taken back and the game
    carried on by another entered by clicks; then a crowded middle game with captures."""
    rng = random.Random(1975)
    match = Match(GAME, {}, {"white": Seat(), "black": Seat()})
    scene = start(app, match)
    kinds = {"group": 0, "capture": 0}
    while not match.over and len(match.turns) < 24:
        state = match.state
        for text in sample_texts(state, rng, 2):
            move = state.parse_move(state.to_move()[0], text)
            kinds["group"] += len(state.group_of(move)) > 1
            kinds["capture"] += bool(state.captured_by(move))
            enters_exactly(app, scene, text)
        enters_exactly(app, scene, sample_texts(state, rng, 1, prefer_long=False)[0], take_back=False)
    app.pop()
    assert kinds["group"] >= 10


def test_captures_in_the_middle_game_and_a_selected_stone(app: Any) -> None:
    info = get(GAME)
    assert info.position_factory is not None
    text = (
        ".BBBBBBB.B..B./BBBBBBBBBB.BB./..B........WB./...........WW./........B..WW./"
        "........B..WW./........B..W../............../............../........W...../"
        "WWWWWWWWWW..../WWWWWWWWW..... w"
    )
    start_state = info.position_factory(text, info.validate({}))
    match = Match(GAME, {}, {"white": Seat(), "black": Seat()}, start=start_state)
    scene = start(app, match)
    state = match.state
    captures = [state.move_to_text("white", m) for m in state.legal_moves("white") if state.captured_by(m)]
    assert captures
    for capture in captures[:4]:
        enters_exactly(app, scene, capture)
    view = view_of(scene)
    frm = captures[0].split("-")[0]
    click(app, view.center(B.square_index(frm)))  # the stone is selected already: one click plays it
    assert view.selected == B.square_index(frm)
    gestures = view.gestures_for("white", captures[0])
    assert gestures is not None and len(gestures) == 1
    enters_exactly(app, scene, captures[0])
    assert view.gestures_for("white", "a1-a5") is None  # not a legal move
    assert view.gestures_for("black", "b11-b10") is None  # not Black's turn
    assert view.square_center("n12") == view.center(B.square_index("n12"))
    assert view.square_center("o1") is None and view.square_center("a13") is None


def test_every_lessons_position_and_answers(app: Any) -> None:
    """Each lesson walked through on the board: every step's answers and named wrong moves, then
    the model answer and the scripted reply, all entered by clicks."""
    info = get(GAME)
    rng = random.Random(4)
    for lesson in lessons_for(GAME):
        match = start_match(info, lesson)
        scene = start(app, match)
        for step in lesson.steps:
            answers = [*step.accept, *([step.solution] if step.solution else []), *step.wrong]
            for text in [*answers, *sample_texts(match.state, rng, 1)]:
                enters_exactly(app, scene, text)
            enters_exactly(app, scene, step.model, take_back=False)
            if step.reply is not None:
                enters_exactly(app, scene, step.reply, take_back=False)
        app.pop()
        app.step([], DT)
