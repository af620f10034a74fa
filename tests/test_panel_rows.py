"""The match screen's side panel in the smallest window (1024x640): with the coach's card up the move
list still shows three rows under it, and the panel's parts stand in order, none over another."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pygame
import pytest

from scenes.shell.match.layout import MatchLayout
from tests.scene_driver import DT

SMALLEST = (1024, 640)


@pytest.fixture
def small_app(tmp_path: Path) -> Any:
    from scenes.routes import new_app

    application = new_app(data_dir=tmp_path, size=SMALLEST)
    yield application
    application.shutdown()


@pytest.mark.parametrize("game_id", ["epaminondas", "elephant-run"])
def test_the_move_list_keeps_three_rows_under_the_coachs_card(small_app: Any, game_id: str) -> None:
    from scenes.dev.showcase import build

    build(small_app, f"match-coach:{game_id}")
    for _ in range(3):
        small_app.step([], DT)
    scene = small_app.top
    assert scene.coach.advice is not None, "the showcase puts the coach's card up"
    card, moves = scene.coach.card, scene.moves_rect
    assert len(scene.moves.shown) >= 3, f"only {len(scene.moves.shown)} rows under the card"
    assert card.bottom <= moves.top and moves.bottom <= scene.frame.resign.top
    buttons = [b.rect for b in scene.buttons.values() if b.visible]
    assert not any(moves.colliderect(b) or card.colliderect(b) for b in buttons)


@pytest.mark.parametrize("size", [SMALLEST, (1100, 700), (1280, 800), (1366, 768)])
@pytest.mark.parametrize("view_buttons", [False, True])
def test_the_panel_stands_in_order(size: tuple[int, int], view_buttons: bool) -> None:
    """Title, player cards, the game's buttons, the move list, Resign and the fixed rows, top to
    bottom inside the panel, each clear of the next."""
    frame = MatchLayout.fit(size, 2, resign=True)
    moves = frame.moves(view_buttons)
    parts = [frame.cards, *([frame.view_buttons] if view_buttons else []), moves, frame.resign]
    fixed = pygame.Rect(frame.inner.left, frame.buttons_top, frame.inner.width, 2 * frame.button_h + 8)
    parts.append(fixed)
    for upper, lower in itertools.pairwise(parts):
        assert upper.bottom < lower.top, (upper, lower)
    assert all(frame.panel.contains(part) for part in parts)
    assert frame.cards.top - frame.inner.top >= 48  # the title and the mode line above the cards
