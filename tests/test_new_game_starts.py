"""The new-game dialog's "best play" card (issue #31): with the spoiler setting on, Elephant Run's
dialog shows what each start square is worth for the options chosen, read from the shipped start
table; with it off, or for a game without proved starts, nothing is drawn. Real scenes, real frames.
"""

from __future__ import annotations

import sys
from typing import Any

import pygame
import pytest

from game.register import get
from scenes.shell.new_game import NewGameScene
from scenes.shell.solved_starts import ELEPHANT_TINT, FARMERS_TINT, OPEN_TINT, card_rect, cell_size
from tests.scene_driver import DT, click_element, pump


def _dialog(app: Any, game_id: str = "elephant-run", solved: bool = True) -> NewGameScene:
    app.settings.show_solved = solved
    dialog = NewGameScene(app, get(game_id))
    app.push(dialog)
    pump(app)
    return dialog


def _choose(app: Any, dialog: NewGameScene, option: str, value: str) -> None:
    """Open the option's drop-down with a click and click ``value`` in its list, as a player does."""
    menu = dialog.dropdowns[option]
    click_element(app, menu)
    items = menu.current_state.options_selection_list.item_list
    button = next(item["button_element"] for item in items if item["text"].lower() == value)
    click_element(app, button)
    pump(app, 4)  # the list closes, then the choice arrives as an event
    assert dialog.options[option] == value


def _cell_colour(app: Any, dialog: NewGameScene, square: str) -> tuple[int, int, int]:
    """The colour drawn at the middle-left of ``square``'s cell on the card (off the digit)."""
    grid = dialog.starts_grid()
    assert grid is not None
    rect = card_rect(dialog.panel_rect, app.size, grid, dialog.info.player_title)
    assert rect is not None, "the card fits beside the dialog"
    app.step([], DT)
    cell = cell_size(grid)
    row = next(i for i, cells in enumerate(grid.rows) if any(name == square for name, _, _ in cells))
    column = grid.files.index(square[0])
    # the cells start under the title and small print: find the grid's top by scanning the card
    names = [name for cells in grid.rows for name, _, _ in cells]
    assert square in names
    top = _grid_top(app, rect)
    x = rect.x + 14 + column * cell + 3
    y = top + row * cell + cell // 2
    colour = app.screen.get_at((x, y))
    return (colour.r, colour.g, colour.b)


def _grid_top(app: Any, rect: pygame.Rect) -> int:
    """The first row of the card, from the top, whose left margin column shows a cell tint."""
    for y in range(rect.y, rect.bottom):
        colour = app.screen.get_at((rect.x + 14 + 2, y))
        if (colour.r, colour.g, colour.b) in (ELEPHANT_TINT, FARMERS_TINT, OPEN_TINT):
            return y
    raise AssertionError("no cell drawn on the card")


def test_the_card_shows_the_default_familys_values(app: Any) -> None:
    dialog = _dialog(app)
    grid = dialog.starts_grid()
    assert grid is not None and grid.winner == "farmers" and grid.proved == 24
    values = {name: points for cells in grid.rows for name, points, _ in cells}
    assert values["a1"] == 0 and values["c2"] == 8 and values["b1"] == 9
    assert _cell_colour(app, dialog, "c2") == FARMERS_TINT


def test_a_lower_target_turns_the_elephants_squares(app: Any) -> None:
    """At 9 points the elephant wins from b1 (it forces 9) and still loses from c2 (8)."""
    dialog = _dialog(app)
    _choose(app, dialog, "points", "9")
    grid = dialog.starts_grid()
    assert grid is not None and grid.target == "9" and grid.winner == "elephant"
    assert _cell_colour(app, dialog, "b1") == ELEPHANT_TINT
    assert _cell_colour(app, dialog, "c2") == FARMERS_TINT


def test_an_open_family_says_so_and_guesses_nothing(app: Any) -> None:
    dialog = _dialog(app)
    _choose(app, dialog, "compound", "on")
    grid = dialog.starts_grid()
    assert grid is not None and grid.winner is None and grid.proved == 0
    assert all(points is None for cells in grid.rows for _, points, _ in cells)
    assert _cell_colour(app, dialog, "a1") == OPEN_TINT


def test_with_the_setting_off_no_card_is_drawn(app: Any) -> None:
    on = _dialog(app)
    app.step([], DT)
    grid = on.starts_grid()
    assert grid is not None
    rect = card_rect(on.panel_rect, app.size, grid, on.info.player_title)
    assert rect is not None
    shown = app.screen.copy()
    app.settings.show_solved = False
    app.invalidate()
    app.step([], DT)
    assert on.starts_grid() is None
    hidden = app.screen
    differs = sum(
        shown.get_at((x, y)) != hidden.get_at((x, y))
        for x in range(rect.x, rect.right, 4)
        for y in range(rect.y, rect.bottom, 4)
    )
    assert differs > 100, "the card's pixels went away with the setting"


@pytest.mark.parametrize("game_id", ["elasta", "epaminondas"])
def test_games_without_proved_starts_have_no_card(app: Any, game_id: str) -> None:
    assert _dialog(app, game_id).starts_grid() is None


def test_no_room_beside_the_dialog_leaves_the_card_out(app: Any) -> None:
    """The window's minimum is 1024x640, where the card fits; a dialog wider than that window's
    margin (a larger font, a wider panel) must drop the card rather than cover the options."""
    dialog = _dialog(app)
    grid = dialog.starts_grid()
    assert grid is not None
    smallest = (1024, 640)
    panel = pygame.Rect((smallest[0] - 660) // 2, 28, 660, 584)  # the dialog's own layout there
    assert card_rect(panel, smallest, grid, dialog.info.player_title) is not None
    assert card_rect(panel.inflate(60, 0), smallest, grid, dialog.info.player_title) is None


def test_the_card_is_wrapped_once_per_choice_of_options_not_every_frame(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawing the card asks for its lines and height every frame; the fonts measure its words only
    when the options (and so the grid) change."""
    from scenes.kit import style
    from scenes.shell import solved_starts

    real = style.wrap
    calls: list[str] = []

    def counted(*args: Any, **kwargs: Any) -> list[str]:
        if sys._getframe(1).f_globals.get("__name__") == solved_starts.__name__:
            calls.append(str(args[0]))
        return real(*args, **kwargs)

    monkeypatch.setattr(style, "wrap", counted)
    solved_starts.card_text.cache_clear()
    dialog = _dialog(app)
    for _ in range(3):
        app.invalidate()
        app.step([], DT)
    first = len(calls)
    assert first, "the card's lines were wrapped for its first drawing"
    for _ in range(5):
        app.invalidate()
        app.step([], DT)
    assert len(calls) == first, "the card was wrapped again without any change"
    _choose(app, dialog, "points", "9")
    for _ in range(3):
        app.invalidate()
        app.step([], DT)
    assert len(calls) > first and any("needs 9" in text for text in calls)
    again = len(calls)
    for _ in range(5):
        app.invalidate()
        app.step([], DT)
    assert len(calls) == again
