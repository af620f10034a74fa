"""The app's shell screens driven through real pygame events: menu, new game, load, settings, pause.

Clicks are MOUSEBUTTONDOWN/UP pairs at a widget's centre; pygame-gui answers by posting
UI_BUTTON_PRESSED onto pygame's queue, so each click is followed by a frame that pumps the queue.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.windows import UIConfirmationDialog, UIMessageWindow

from scenes.kit.app import App, make_event
from tests.scene_driver import DT, click_element, key_down, pump


# -- helpers ----------------------------------------------------------------------------------------
def key(app: App, code: int, mod: int = 0) -> None:
    key_down(app, code, mod)
    pump(app)


def open_menu(app: App):
    from scenes.shell.menu import MainMenuScene

    menu = MainMenuScene(app)
    app.push(menu)
    pump(app)
    return menu


def elephant_card(menu):
    cards = [c for c in menu.cards if c.info.id == "elephant-run"]
    assert cards, "the menu lists every game, Elephant Run among them"
    return cards[0]


def new_elephant_game(app: App):
    """The menu, then the new-game screen for Elephant Run pushed over it: ``(menu, info, dialog)``."""
    from scenes.shell.new_game import NewGameScene

    menu = open_menu(app)
    info = elephant_card(menu).info
    dialog = NewGameScene(app, info)
    app.push(dialog)
    pump(app)
    return menu, info, dialog


def damaged_save(app: App, name: str = "broken.json") -> Path:
    app.store.saves_dir.mkdir(parents=True, exist_ok=True)
    path = app.store.saves_dir / name
    path.write_text('{"format": "curio-boards-save", "match": {"gam', encoding="utf-8")
    return path


# -- main menu --------------------------------------------------------------------------------------
def test_menu_shows_a_card_per_playable_game_and_no_continue_without_saves(app: App) -> None:
    menu = open_menu(app)
    card = elephant_card(menu)
    assert card.play.is_enabled and card.rules.is_enabled
    assert menu.continue_button is None


def test_escape_on_menu_asks_before_quitting(app: App) -> None:
    menu = open_menu(app)
    key(app, pygame.K_ESCAPE)
    dialog = menu.dialogs.active
    assert isinstance(dialog, UIConfirmationDialog)
    assert app.running
    key(app, pygame.K_ESCAPE)  # Esc again cancels the question
    assert menu.dialogs.active is None and app.running
    key(app, pygame.K_ESCAPE)
    click_element(app, menu.dialogs.active.confirm_button)
    assert not app.running


def test_rules_button_opens_the_rules_window(app: App) -> None:
    menu = open_menu(app)
    click_element(app, elephant_card(menu).rules)
    window = menu.dialogs.active
    assert window is not None and "Elephant Run" in window.window_display_title
    key(app, pygame.K_ESCAPE)
    assert menu.dialogs.active is None


def test_continue_offers_the_last_unfinished_game(app: App) -> None:
    from game.match import Match

    menu = open_menu(app)
    elephant_card(menu)
    match = Match("elephant-run")
    state = match.state
    match.play_text(state.move_to_text(state.to_move()[0], state.legal_moves(state.to_move()[0])[0]))
    app.store.save(match)
    app.pop()
    menu = open_menu(app)
    assert menu.continue_button is not None
    key(app, pygame.K_RETURN)
    assert type(app.top).__name__ == "MatchScene"
    assert app.top.match.move_texts() == match.move_texts()
    assert type(app.stack[0]).__name__ == "MainMenuScene"


# -- new game ---------------------------------------------------------------------------------------
def test_new_game_dialog_starts_a_two_player_elephant_run(app: App) -> None:
    from scenes.shell.new_game import MODE_TWO, NewGameScene

    menu = open_menu(app)
    click_element(app, elephant_card(menu).play)
    dialog = app.top
    assert isinstance(dialog, NewGameScene)
    two_players = dialog.mode_row.buttons[dialog.mode_row.values.index(MODE_TWO)]
    click_element(app, two_players)
    assert dialog.mode == MODE_TWO
    assert dialog.level_row is None and dialog.side_row is None  # the names are asked instead
    assert set(dialog.name_entries) == {"elephant", "farmers"}
    click_element(app, dialog.name_entries["elephant"])
    for character in "Ana m":  # "m" is the mute key everywhere else; typed, it is a letter
        app.step(
            [
                pygame.event.Event(
                    pygame.KEYDOWN, key=ord(character.lower()), mod=0, unicode=character, scancode=0
                ),
                pygame.event.Event(pygame.TEXTINPUT, text=character),
            ],
            1 / 60,
        )
    assert not app.settings.muted
    click_element(app, dialog.start_button)
    assert dialog.match is not None and dialog.match.two_player
    assert dialog.match.seats["elephant"].name == "Ana m" and dialog.match.seats["farmers"].name is None
    assert dialog.match.player_name("farmers") == "Farmers"
    assert dialog.match.game.id == "elephant-run"
    assert type(app.top).__name__ == "MatchScene"
    assert app.top.match is dialog.match
    assert type(app.stack[0]).__name__ == "MainMenuScene" and len(app.stack) == 2
    assert app.settings.last_new_game["elephant-run"]["mode"] == MODE_TWO
    assert app.settings.last_new_game["elephant-run"]["names"] == {"elephant": "Ana m"}


def test_new_game_remembers_choices_and_vs_computer_seats(app: App) -> None:
    from scenes.shell.new_game import NewGameScene

    _, info, dialog = new_elephant_game(app)
    click_element(app, dialog.level_row.buttons[dialog.level_row.values.index("hard")])
    click_element(app, dialog.side_row.buttons[1])
    seats = dialog.seats()
    assert not seats[info.players[1]].is_ai and seats[info.players[0]].level == "hard"
    dialog._remember()
    again = NewGameScene(app, info)
    assert (again.level, again.side) == ("hard", info.players[1])


def test_new_game_shows_option_errors_instead_of_crashing(app: App) -> None:
    menu, info, dialog = new_elephant_game(app)
    dialog.options[info.options[0].name] = "not-a-choice"
    key(app, pygame.K_RETURN)
    assert app.top is dialog and dialog.error and "not-a-choice" in dialog.error
    key(app, pygame.K_ESCAPE)
    assert app.top is menu


# -- settings ---------------------------------------------------------------------------------------
def _settings_file(app: App) -> dict:
    return json.loads(Path(app.settings.path).read_text(encoding="utf-8"))


def test_settings_changes_apply_and_persist(app: App) -> None:
    from saves.settings import load_settings
    from scenes.shell.settings import SettingsScreen

    open_menu(app)
    screen = SettingsScreen(app)
    app.push(screen)
    pump(app)
    click_element(app, screen.speed_row.buttons[screen.speed_row.values.index("fast")])
    assert app.settings.animation_speed == "fast"
    assert _settings_file(app)["animation_speed"] == "fast"
    click_element(app, screen.window_row.buttons[1])
    assert app.settings.fullscreen and _settings_file(app)["fullscreen"] is True
    click_element(app, screen.window_row.buttons[0])
    assert not app.fullscreen and _settings_file(app)["fullscreen"] is False
    assert load_settings(app.settings.config_dir).animation_speed == "fast"
    key(app, pygame.K_ESCAPE)
    assert type(app.top).__name__ == "MainMenuScene"


# -- load screen ------------------------------------------------------------------------------------
def test_load_screen_empty_state(app: App) -> None:
    from scenes.shell.load import LoadScreen

    screen = LoadScreen(app)
    app.push(screen)
    pump(app)
    assert screen.entries == []
    assert not screen.load_button.is_enabled and not screen.delete_button.is_enabled


def test_load_screen_lists_damaged_files_and_deletes_only_after_confirmation(app: App) -> None:
    from scenes.shell.load import LoadScreen

    path = damaged_save(app)
    open_menu(app)
    screen = LoadScreen(app)
    app.push(screen)
    pump(app)
    assert [e.path for e in screen.entries] == [path]
    assert screen.entries[0].error
    screen.select(0)
    pump(app)
    assert not screen.load_button.is_enabled  # a damaged file cannot be loaded
    click_element(app, screen.delete_button)
    dialog = screen.dialogs.active
    assert isinstance(dialog, UIConfirmationDialog) and path.exists()
    assert "broken.json" in dialog.confirmation_text.html_text
    click_element(app, dialog.cancel_button)
    assert screen.dialogs.active is None and path.exists()
    key(app, pygame.K_DELETE)  # the Delete key asks too; Enter answers the question
    assert isinstance(screen.dialogs.active, UIConfirmationDialog) and path.exists()
    key(app, pygame.K_RETURN)
    pump(app)
    assert not path.exists() and screen.entries == []


def test_load_screen_loads_a_save_over_a_fresh_menu(app: App) -> None:
    from game.match import Match
    from scenes.shell.load import LoadScreen

    menu = open_menu(app)
    elephant_card(menu)
    match = Match("elephant-run")
    app.store.save(match, label="My game")
    screen = LoadScreen(app)
    app.push(screen)
    pump(app)
    row = screen.row_rect(0)
    app.step([make_event(pygame.MOUSEBUTTONDOWN, pos=row.center, button=1)], DT)
    assert screen.selected == 0 and screen.load_button.is_enabled
    click_element(app, screen.load_button)
    assert type(app.top).__name__ == "MatchScene"
    assert [type(s).__name__ for s in app.stack] == ["MainMenuScene", "MatchScene"]


def test_load_error_is_explained_and_the_file_kept(app: App) -> None:
    from scenes.shell.load import LoadScreen

    open_menu(app)
    screen = LoadScreen(app)
    app.push(screen)
    pump(app)
    path = damaged_save(app, "late.json")  # appears after listing: the entry looks healthy to nobody
    screen.reload()
    screen.select(0)
    screen.load_selected()
    pump(app)
    assert isinstance(screen.dialogs.active, UIMessageWindow)
    assert path.exists()


def test_friendly_time() -> None:
    from scenes.kit.text import friendly_time

    now = datetime.now().astimezone()
    assert friendly_time(now.astimezone(UTC), now).startswith("today ")
    assert friendly_time((now - timedelta(days=1)).astimezone(UTC), now).startswith("yesterday ")
    assert str(now.year - 2) in friendly_time(now - timedelta(days=800), now)


# -- pause ------------------------------------------------------------------------------------------
class FakeMatchScene:
    """Enough of a match scene for the pause menu (its ``Pausable``): the match and its ways on."""

    def __init__(self, match: Any) -> None:
        self.match = match
        self.saved = 0
        self.asked: list[str] = []

    def save_now(self) -> bool:
        self.saved += 1
        return True

    def save_copy_now(self) -> bool:
        self.asked.append("copy")
        return True

    def rematch(self) -> None:
        self.asked.append("rematch")

    def swap_sides(self) -> None:
        self.asked.append("swap")

    def new_game(self) -> None:
        self.asked.append("new")


def _paused(app: App):
    from game.match import Match
    from scenes.kit.app import Scene
    from scenes.shell.pause import PauseScene

    open_menu(app)
    board = Scene(app)
    board.match = Match("elephant-run")
    app.push(board)
    fake = FakeMatchScene(board.match)
    pause = PauseScene(app, fake)
    app.push(pause)
    pump(app)
    return pause, fake


def test_pause_save_resume_and_main_menu(app: App) -> None:
    pause, fake = _paused(app)
    click_element(app, pause.buttons["save"])
    assert fake.saved == 1 and any("saved" in text.lower() for text, _ in app.toasts)
    key(app, pygame.K_ESCAPE)
    assert app.top is not pause
    pause, _ = _paused(app)
    click_element(app, pause.buttons["menu"])
    assert [type(s).__name__ for s in app.stack] == ["MainMenuScene"]


def test_pause_opens_rules_settings_and_load(app: App) -> None:
    pause, _ = _paused(app)
    click_element(app, pause.buttons["rules"])
    assert pause.dialogs.active is not None
    key(app, pygame.K_ESCAPE)
    assert pause.dialogs.active is None and app.top is pause
    click_element(app, pause.buttons["settings"])
    assert type(app.top).__name__ == "SettingsScreen"
    key(app, pygame.K_ESCAPE)
    click_element(app, pause.buttons["load"])
    assert type(app.top).__name__ == "LoadScreen"
    key(app, pygame.K_ESCAPE)
    assert app.top is pause
    click_element(app, pause.buttons["quit"])
    assert not app.running


# -- help -------------------------------------------------------------------------------------------
def test_rules_text_becomes_html() -> None:
    from scenes.shell.windows.rules import rules_to_html

    out = rules_to_html(
        "Intro line with <angle> & more.\n\nSetup\n- first\n- second\n\nScoring\nPoints count."
    )
    assert "&lt;angle&gt; &amp;" in out
    assert "<b>Setup</b>" in out and "• first<br>" in out and "<b>Scoring</b>" in out


# -- every screen at both sizes ---------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_every_showcase_scene_draws_and_survives_a_resize(app: App, size: tuple[int, int]) -> None:
    from scenes.dev.showcase import SCENES, ShowcaseUnavailable, build

    app.resize_window(size)
    for name in SCENES:
        try:
            build(app, name, demo_saves=True)
        except ShowcaseUnavailable:
            continue
        pump(app, 3)
        app.resize_window((size[0] + 100, size[1] + 60))
        pump(app, 2)
        app.resize_window(size)
        pump(app, 1)
        assert app.stack, name


def test_escape_in_a_real_match_opens_the_pause_menu(app: App) -> None:
    from game.match import Match
    from scenes.shell.pause import PauseScene

    menu = open_menu(app)
    elephant_card(menu)
    assert app.open_match(Match("elephant-run"))
    pump(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    click_element(app, app.top.buttons["save"])
    assert app.store.entries(), "Save game in the pause menu wrote a save"
    key(app, pygame.K_ESCAPE)
    assert type(app.top).__name__ == "MatchScene"


def test_screens_are_reached_by_name(app: App) -> None:
    """Navigation goes through the app's one table: open stacks, goto clears, unknown names are refused."""
    from scenes.shell.load import LoadScreen
    from scenes.shell.menu import MainMenuScene

    menu = app.goto("menu")
    assert isinstance(menu, MainMenuScene) and app.stack == [menu]
    load = app.open("load")
    assert isinstance(load, LoadScreen) and app.stack == [menu, load]
    again = app.goto("menu")
    assert app.stack == [again] and again is not menu
    with pytest.raises(KeyError, match="no screen called 'nowhere'"):
        app.open("nowhere")
    assert app.stack == [again]


def test_a_match_that_cannot_be_shown_leaves_the_screens_alone(app: App) -> None:
    from game.match import Match

    menu = app.goto("menu")

    def broken(_app: App, _match: Match) -> None:
        raise RuntimeError("the board could not be drawn")

    app.screens["match"] = broken
    assert not app.open_match(Match("elephant-run"))
    assert app.stack == [menu]
    # the notice says what failed in a plain sentence; the exception's own text goes to the log
    assert any(text.startswith("Elephant Run could not be opened: ") for text, _ in app.toasts)
    assert not any("board could not be drawn" in text for text, _ in app.toasts)
