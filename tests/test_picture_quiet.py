"""A still picture's name plates say nothing of whose turn it is (scenes/kit/picture.py): the board view's
own option, ``BoardView.turn_words``, not a method replaced on the view. Elasta and Nelaxtam are the
boards whose plates speak ("to choose", "waiting")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.match import Snapshot

SPEAKING = {"elasta": "to choose", "nelaxtam": "waiting"}
"""The word each board's plates give a side that is not acting."""


@pytest.fixture
def display() -> Iterator[None]:
    from scenes.kit.fonts import font

    pygame.init()
    font.cache_clear()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    yield


@pytest.mark.parametrize("game_id", sorted(SPEAKING))
def test_turn_words_off_quiets_only_the_turn(display: None, game_id: str) -> None:
    from scenes.kit.registry import demo_match, make_view

    for stage in ("mid", "end"):
        match = demo_match(game_id, stage)
        view: Any = make_view(Snapshot.of(match))
        view.layout(pygame.Rect(0, 0, 800, 500))
        said = {player: view._status(player) for player in match.game.players}
        view.turn_words = False
        quiet = {player: view._status(player) for player in match.game.players}
        if stage == "mid":
            assert set(said.values()) == {SPEAKING[game_id]} and set(quiet.values()) == {""}
        else:  # the end is still said: "wins" or "draw"
            assert quiet == said and set(said.values()) & {"wins", "draw"}


@pytest.mark.parametrize("game_id", sorted(SPEAKING))
def test_a_picture_draws_with_turn_words_off(
    display: None, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes.kit import picture, registry

    made: list[Any] = []
    make_view = registry.make_view

    def keep(source: Any, settings: Any = None) -> Any:
        view = make_view(source, settings)
        made.append(view)
        return view

    monkeypatch.setattr(registry, "make_view", keep)
    state = registry.demo_match(game_id, "mid").state
    drawn = picture.board_picture(game_id, state, (301, 187))  # a size no other test asks for
    assert drawn.get_size() == (301, 187) and len(made) == 1
    view = made[0]
    assert view.turn_words is False
    assert "seat_status" not in vars(view)  # the class's own method, nothing put over it
    assert {view._status(p) for p in view.match.game.players} == {""}
