"""docs/architecture.md's "Adding a sixth game", followed step by step with the toy Nim game.

Each step is what the page tells a developer to do; the test then walks the whole path a player
takes — a card on the menu, the new-game screen, a move on the board, a save, the load screen and
back to the same position — through real events into real screens, so the recipe cannot quietly
go stale while the five real games keep working."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.match import Match
from scenes.kit import registry
from scenes.kit.app import App
from scenes.kit.board_view import BoardView, ViewAction, ViewButton
from tests.scene_driver import click_element, key_down, press_button, pump


class NimView(BoardView):
    """Step 3's board view: one side-panel button per legal move, stones drawn as a row of discs."""

    def buttons(self, player: str | None) -> list[ViewButton]:
        if player is None:
            return []
        return [ViewButton(str(m), f"Take {m}") for m in self.state.legal_moves(player)]

    def press(self, key: str, player: str | None) -> ViewAction:
        if player is None:
            return ViewAction.nothing()
        return ViewAction.play(player, self.state.parse_move(player, f"take{key}"))

    def handle_click(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        return ViewAction.refuse("Take stones with the buttons.")

    def draw(self, surface: pygame.Surface) -> None:
        stones: int = self.state.stones
        for i in range(stones):
            pygame.draw.circle(surface, (90, 80, 70), (self.rect.x + 30 + 40 * i, self.rect.centery), 15)


@pytest.fixture
def sixth_game(toy_games: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Steps 1-3: the game is registered (``toy_games`` stands for the line in game/register.py)
    and its view is named in the kit's registry, as ``_VIEWS`` would hold "scenes.games.nim:NimView"."""
    monkeypatch.setattr(registry, "_VIEWS", {**registry._VIEWS})
    monkeypatch.setattr(registry, "_resolved", {})
    registry.register_view("toy-nim", NimView)
    yield


def test_a_sixth_game_goes_from_menu_card_to_saved_and_loaded(app: App, sixth_game: None) -> None:
    from scenes.shell.load import LoadScreen
    from scenes.shell.match.scene import MatchScene
    from scenes.shell.menu import MainMenuScene
    from scenes.shell.new_game import MODE_TWO, NewGameScene

    app.settings.animation_speed = "off"
    menu = app.goto("menu")
    assert isinstance(menu, MainMenuScene)
    pump(app)
    card = next((c for c in menu.cards if c.info.id == "toy-nim"), None)
    assert card is not None, "the menu shows a card for the new game"

    click_element(app, card.play)
    dialog = app.top
    assert isinstance(dialog, NewGameScene) and dialog.info.id == "toy-nim"
    assert dialog.mode_row is not None and dialog.start_button is not None
    click_element(app, dialog.mode_row.buttons[dialog.mode_row.values.index(MODE_TWO)])
    click_element(app, dialog.start_button)
    scene = app.top
    assert isinstance(scene, MatchScene) and isinstance(scene.view, NimView)
    assert [type(s).__name__ for s in app.stack] == ["MainMenuScene", "MatchScene"]
    stones = scene.match.state.stones

    press_button(app, scene.view_buttons["2"])
    pump(app)
    assert scene.match.state.stones == stones - 2 and len(scene.match.turns) == 1

    key_down(app, pygame.K_s, pygame.KMOD_CTRL)
    saved = [e for e in app.store.entries() if e.kind == "manual"]
    assert [e.game_id for e in saved] == ["toy-nim"]

    app.goto("menu")
    load = app.open("load")
    assert isinstance(load, LoadScreen)
    pump(app)
    index = next(i for i, e in enumerate(load.entries) if e.kind == "manual")
    load.select(index)
    click_element(app, load.load_button)
    again = app.top
    assert isinstance(again, MatchScene) and again is not scene
    assert isinstance(again.match, Match) and again.match.game.id == "toy-nim"
    assert again.match.state.stones == stones - 2 and len(again.match.turns) == 1
