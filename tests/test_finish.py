"""The finish of issue #28: one button order for every question the app asks (the way back on the left,
the action on the right), notices that cover neither the match's banner nor its board, a menu whose
buttons never move when the Continue banner appears, and the fit checker over the end of a game with
its result card closed and over the pause menu of a finished game, at both window sizes."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.windows import UIConfirmationDialog, UIMessageWindow

from game.match import AI, HUMAN, Match, Seat
from scenes.dev import fit, showcase
from scenes.kit.registry import view_ids
from scenes.shell.match.layout import MatchLayout
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import DT, click_element, end_dialog, key, pump, start
from tests.test_ending import NAMED, finished


def left_to_right(*buttons: Any) -> bool:
    """Each button wholly left of the next, on one row."""
    rects = [b.rect for b in buttons]
    return all(a.right <= b.left and a.centery == b.centery for a, b in itertools.pairwise(rects))


# -- one button order -----------------------------------------------------------------------------------
def open_menu(app: Any) -> Any:
    menu = app.goto("menu")
    pump(app)
    return menu


def test_the_confirm_dialogs_put_their_action_on_the_right(app: Any) -> None:
    menu = open_menu(app)
    key(app, pygame.K_ESCAPE)  # Quit?
    quit_dialog = menu.dialogs.active
    assert isinstance(quit_dialog, UIConfirmationDialog)
    assert left_to_right(quit_dialog.cancel_button, quit_dialog.confirm_button)
    assert quit_dialog.confirm_button.text == "Quit"
    key(app, pygame.K_ESCAPE)
    assert menu.dialogs.active is None
    message = menu.dialogs.message("Could not continue", "The file is damaged.")
    assert isinstance(message, UIMessageWindow)
    assert message.dismiss_button.rect.right > message.rect.centerx  # its one button on the right
    menu.dialogs.close_all()


def test_the_load_screens_delete_and_rename_put_their_action_on_the_right(app: Any) -> None:
    from scenes.shell.windows.rename import RenameWindow

    app.store.save(Match("elephant-run"), label="A game to ask about")
    open_menu(app)
    load = app.open("load")
    pump(app)
    load.select(0)
    pump(app)
    click_element(app, load.delete_button)
    dialog = load.dialogs.active
    assert isinstance(dialog, UIConfirmationDialog) and dialog.confirm_button.text == "Delete"
    assert left_to_right(dialog.cancel_button, dialog.confirm_button)
    click_element(app, dialog.cancel_button)
    assert load.dialogs.active is None and app.store.entries()
    click_element(app, load.rename_button)
    window = load.dialogs.active
    assert isinstance(window, RenameWindow)
    assert left_to_right(window.cancel_button, window.rename_button)


def test_the_new_game_and_unsaved_questions_put_their_action_on_the_right(app: Any) -> None:
    from scenes.shell.new_game import NewGameScene
    from scenes.shell.unsaved import UnsavedScene

    menu = open_menu(app)
    dialog = NewGameScene(app, next(c.info for c in menu.cards if c.info.id == "epaminondas"))
    app.push(dialog)
    pump(app)
    assert left_to_right(dialog.cancel_button, dialog.start_button)
    app.pop()
    unsaved = UnsavedScene(app, "Your last 4 moves could not be saved: the disk is full.")
    app.push(unsaved)
    pump(app)
    assert left_to_right(unsaved.buttons["keep"], unsaved.buttons["retry"], unsaved.buttons["quit"])


def test_the_result_card_and_its_row_put_rematch_on_the_right(app: Any) -> None:
    scene = start(app, finished(NAMED))
    card = end_dialog(app, scene)
    assert left_to_right(card.review, card.new_game)
    assert left_to_right(card.swap, card.rematch)
    assert card.rematch.rect.bottom == max(b.rect.bottom for b in card.keyed().values())
    click_element(app, card.close_button)
    assert scene.end_row is not None
    assert left_to_right(scene.end_row.swap, scene.end_row.rematch)


# -- notices ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_notices_keep_clear_of_the_banner_and_the_board(size: tuple[int, int]) -> None:
    from scenes.kit.notices import place_notices

    frame = MatchLayout.fit(size, 2)
    buttons = [
        pygame.Rect(frame.inner.left, frame.buttons_top, frame.inner.width, frame.button_h),
        pygame.Rect(frame.view_buttons),
    ]
    boxes = place_notices(size, buttons, lambda width: (width, 110), 2, [frame.banner, frame.board])
    window = pygame.Rect(0, 0, *size)
    for box in boxes:
        assert window.contains(box)
        assert not box.colliderect(frame.banner) and not box.colliderect(frame.board)
        assert not [b for b in buttons if b.colliderect(box)]
    assert place_notices(size, [], lambda width: (width, 40), 1)[0].colliderect(frame.banner)  # elsewhere


def test_a_notice_on_the_match_screen_covers_neither_its_banner_nor_its_board(app: Any) -> None:
    scene = start(app, finished(NAMED))
    end_dialog(app, scene)
    app.toast("Saved the record as Elephant Run, today 14:05.txt in the records folder.", 30)
    app.step([], DT)
    with_notice = app.screen.copy()
    app.toasts.clear()
    app.invalidate()
    app.step([], DT)
    without = app.screen.copy()
    for rect in (scene.frame.banner, scene.board_rect):
        assert all(
            with_notice.get_at((x, y)) == without.get_at((x, y))
            for x in range(rect.left, rect.right, 3)
            for y in range(rect.top, rect.bottom, 3)
        ), rect
    panel = scene.frame.panel
    assert any(
        with_notice.get_at((x, y)) != without.get_at((x, y))
        for x in range(panel.left, panel.right, 3)
        for y in range(panel.top, panel.centery, 3)
    )


# -- the menu's Continue -----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_menu_buttons_stay_put_when_continue_appears(tmp_path: Path, size: tuple[int, int]) -> None:
    from scenes.routes import new_app

    app: Any = new_app(data_dir=tmp_path, size=size)
    try:
        menu = open_menu(app)
        assert menu.continue_button is None

        def rects() -> list[pygame.Rect]:
            bottom = [menu.load_button, menu.settings_button, menu.credits_button, menu.quit_button]
            cards = [button for card in menu.cards for button in (card.play, card.learn, card.rules)]
            return [pygame.Rect(b.rect) for b in [*bottom, *cards] if b is not None]

        before = rects()
        app.store.autosave(Match("epaminondas", {}, {"white": Seat(HUMAN), "black": Seat(AI, "easy")}))
        menu = open_menu(app)
        assert menu.continue_button is not None and menu.continue_rect is not None
        assert rects() == before
        assert not [r for r in before if r.colliderect(menu.continue_rect)]
    finally:
        app.shutdown()


# -- the fit checker over the end --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def fit_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from scenes.routes import new_app

    made = new_app(data_dir=tmp_path_factory.mktemp("finish-fit"), size=(1024, 640))
    yield made
    made.shutdown()


def _settle(app: Any, frames: int = 40) -> None:
    for _ in range(frames):
        app.step([], 0.05)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", view_ids())
def test_the_end_fits_with_its_card_closed_and_in_the_pause_menu(
    fit_app: Any, game_id: str, size: tuple[int, int]
) -> None:
    app = fit_app
    if tuple(app.size) != size:
        app.resize_window(size)
    app.settings.animation_speed = "off"
    with fit.TextWatch() as watch:
        showcase.build(app, f"match-end:{game_id}")
        _settle(app)
        scene = app.top
        assert isinstance(scene, MatchScene) and scene.end_dialog is not None
        card_misfits = [str(m) for m in watch.look(app)]
        scene._end_choice("close")
        _settle(app, 5)
        assert scene.end_row is not None
        closed = [str(m) for m in watch.look(app)]
        pause = app.open("pause", scene)
        _settle(app, 5)
        assert "rematch" in pause.buttons
        paused = [str(m) for m in watch.look(app)]
    # (the watch keeps what it found: each look answers for the screens looked at so far)
    known = "'+49': overlaps" if game_id == "changing-challenges" else None  # see tests/test_fit.py KNOWN
    for found in (card_misfits, closed, paused):
        assert not [m for m in found if known is None or not m.startswith(known)], found
