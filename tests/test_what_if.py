"""What if (#32, point 3): from any reviewed position of a game being played, "Play from here" starts
a side line — a game of its own, with the same seats, saved like any other — and the game reviewed
stays saved as it was. Driven through the real match screen with real keys and clicks."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.match import HUMAN, Match, Seat
from scenes.shell.match.review import CONTINUE, WHAT_IF_LABEL, WHAT_IF_SHORT
from scenes.shell.match.scene import MatchScene
from scenes.shell.match.side_line import SideLineDialog
from tests.scene_driver import click_element, key, start

GAMES = ["elephant-run", "epaminondas", "changing-challenges", "elasta", "nelaxtam"]


def _played(game_id: str, turns: int) -> Match:
    match = Match(game_id, {}, {})
    match.seats = {player: Seat(HUMAN) for player in match.game.players}
    rng = random.Random(5)
    for _ in range(turns):
        moves = {p: match.state.random_move(p, rng) for p in match.state.to_move()}
        match.play_text(match.state.turn_to_text(moves))
    return match


def _saved_moves(app: Any, match_id: str) -> list[str]:
    for entry in app.store.entries():
        if entry.match_id == match_id:
            return list(entry.moves)
    raise AssertionError(f"no save of {match_id}")


@pytest.mark.parametrize("game_id", GAMES)
def test_play_from_here_makes_a_side_line_and_keeps_the_game(app: Any, game_id: str) -> None:
    match = _played(game_id, 4)
    scene = start(app, match)
    scene.saving.autosave()
    original = match.move_texts()
    assert not match.over and len(original) == 4

    scene.review_at(2)  # as a click on the move list's second row does
    assert scene.reviewing and scene.review.position == 2
    button = scene.review.buttons[CONTINUE]
    assert button.text in (WHAT_IF_LABEL, WHAT_IF_SHORT) and button.visible and button.is_enabled
    click_element(app, button)
    assert isinstance(app.top, SideLineDialog)  # who plays it: the game's own seats to start with
    key(app, pygame.K_RETURN)

    side = app.top
    assert isinstance(side, MatchScene) and side is not scene and not side.reviewing
    assert side.match.move_texts() == original[:2]
    assert side.match.match_id != match.match_id and side.match.seats == match.seats
    assert _saved_moves(app, match.match_id) == original  # the game reviewed is kept as it was
    assert _saved_moves(app, side.match.match_id) == original[:2]  # the side line saves at once

    rng = random.Random(2)
    moves = {p: side.match.state.random_move(p, rng) for p in side.match.state.to_move()}
    side.match.play_text(side.match.state.turn_to_text(moves))
    side.saving.autosave()
    assert _saved_moves(app, side.match.match_id) == side.match.move_texts()
    assert _saved_moves(app, match.match_id) == original


def test_play_from_here_is_not_offered_where_the_game_itself_stands(app: Any) -> None:
    scene = start(app, _played("epaminondas", 3))
    key(app, pygame.K_LEFT)
    button = scene.review.buttons[CONTINUE]
    assert button.is_enabled
    scene.review_at(len(scene.match.turns))  # the newest move: the game goes on from here anyway
    assert not button.is_enabled
    key(app, pygame.K_END)
    assert not scene.reviewing and not button.visible
