"""The end of a game (issue #28, point 6), through the real match screen and real events: the result
card beside the board (never over it) with the winner in words, the reason and the figures; Swap
sides and Rematch still at hand once it is closed (a row in the panel, and the pause menu, which
also has New game); the move list left at the last move; a celebration that stays off the board."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.match import AI, HUMAN, Match, Seat
from scenes.shell.match import texts
from scenes.shell.match.ending import CHEER, EndBanner
from scenes.shell.match.scene import MatchScene
from tests.gesture_driver import perform
from tests.scene_driver import DT, click_element, end_dialog, idle, key, press_button, resize, settle, start

NAMED = {"elephant": Seat(HUMAN, name="Ana"), "farmers": Seat(HUMAN, name="Ben")}


def one_move_from_the_end(seats: dict[str, Seat], seed: int = 4) -> tuple[Match, str, str]:
    """An Elephant Run match with ``seats`` one move before its end (random legal moves): the match,
    the player to make the last move and that move's notation."""
    rng = random.Random(seed)
    probe = Match("elephant-run", {}, seats)
    while not probe.over:
        player = probe.awaiting()[0]
        probe.submit(player, probe.state.random_move(player, rng))
    match = Match("elephant-run", {}, seats)
    for turn in probe.turns[:-1]:
        match.play_text(turn.text)
    last = probe.turns[-1]
    return match, next(iter(last.moves)), last.text


def finish_on_screen(app: Any, seats: dict[str, Seat], speed: str = "fast") -> MatchScene:
    """The last move played with the mouse on the match screen, and frames until it has landed."""
    match, player, text = one_move_from_the_end(seats)
    scene = start(app, match, speed=speed)
    gestures = scene.view.gestures_for(player, text)
    assert gestures, text
    perform(app, scene, gestures)
    assert match.over
    settle(app, scene)
    for _ in range(200):  # the card slides in; its buttons show once it is in place
        app.step([], DT)
        if scene.end_dialog is not None and scene.end_dialog.rematch.visible:
            break
    assert scene.end_dialog is not None and scene.end_dialog.rematch.visible
    return scene


def finished(seats: dict[str, Seat], seed: int = 4) -> Match:
    match, _, text = one_move_from_the_end(seats, seed)
    match.play_text(text)
    assert match.over
    return match


# -- the card -----------------------------------------------------------------------------------------
def test_the_result_card_stands_beside_the_board_and_says_who_won_why_and_how(app: Any) -> None:
    scene = finish_on_screen(app, NAMED)
    match = scene.match
    card = scene.end_dialog
    assert isinstance(card, EndBanner)
    assert not card.rect.colliderect(scene.board_rect)  # beside the board, never over the last move
    assert not card.rect.colliderect(scene.frame.banner)
    assert scene.frame.panel.contains(card.rect)
    assert match.outcome is not None and match.outcome.winner is not None
    winner = match.player_name(match.outcome.winner)
    assert winner in ("Ana", "Ben") and winner in card.result.headline
    assert card.result.reason and card.result.reason in " ".join(line.text for line in card.lines)
    values = dict((label, value) for value, label in card.result.facts)
    assert values["moves"] == str(len(match.turns))
    assert values["time"] == "<1 min"
    assert "hints" not in values  # two people at one screen get no hints
    for button in (card.review, card.new_game, card.swap, card.rematch, card.close_button):
        assert button.visible and button.is_enabled and card.rect.contains(button.rect)
    assert scene.input_player() is None  # the game is over: nothing to play on the board


def test_the_celebration_stays_off_the_board(app: Any) -> None:
    scene = finish_on_screen(app, NAMED)
    card = scene.end_dialog
    assert card is not None and card.result.cheer and card.cheering is not None
    board = scene.board_rect
    scene.draw(app.screen)
    cheering = app.screen.copy()
    winner_card = pygame.Rect(
        scene.frame.cards.left, scene.frame.cards.top, scene.frame.cards.width, scene.frame.card_h
    )
    if scene.match.outcome is not None and scene.match.outcome.winner == "farmers":
        winner_card.move_ip(0, scene.frame.card_h + 8)
    card.age = CHEER  # the same frame once the celebration is over
    assert card.cheering is None
    scene.draw(app.screen)
    calm = app.screen.copy()
    around = winner_card.inflate(12, 12)
    changed = [
        (x, y)
        for x in range(around.left, around.right, 2)
        for y in range(around.top, around.bottom, 2)
        if cheering.get_at((x, y)) != calm.get_at((x, y))
    ]
    assert changed, "the winner's card glows"
    assert all(
        cheering.get_at((x, y)) == calm.get_at((x, y))
        for x in range(board.left, board.right, 3)
        for y in range(board.top, board.bottom, 3)
    )
    assert scene.end_dialog is not None and scene.end_dialog.next_frame() is None  # and it ends


def test_a_loss_to_the_computer_is_not_cheered_and_animations_off_show_the_card_at_rest(app: Any) -> None:
    match = finished({"elephant": Seat(HUMAN), "farmers": Seat(AI, "easy")}, seed=2)
    scene = start(app, match, speed="normal")
    card = end_dialog(app, scene)  # opened finished: no slide, straight to its place
    assert card.rematch.visible and card.next_frame() is None
    assert match.outcome is not None
    assert card.result.cheer == (match.outcome.winner == "elephant")
    values = dict((label, value) for value, label in card.result.facts)
    assert values["hints"] == "none"


# -- after the card -----------------------------------------------------------------------------------
def test_closing_the_card_keeps_swap_sides_and_rematch_and_the_last_move_in_sight(app: Any) -> None:
    scene = finish_on_screen(app, NAMED)
    match = scene.match
    click_element(app, scene.end_dialog.close_button)
    assert scene.end_dialog is None and scene.end_row is not None
    assert scene.moves.shown.stop == len(match.turns)  # the move list ends at the last move
    assert scene.view.state is match.state
    row = scene.end_row
    assert row.swap.visible and row.rematch.visible and row.swap.is_enabled
    assert not row.rematch.rect.colliderect(scene.moves_rect)
    idle(app, 5)
    assert scene.end_dialog is None  # answered: it does not come back by itself
    click_element(app, row.swap)
    fresh = app.top
    assert isinstance(fresh, MatchScene) and fresh is not scene and fresh.match.turns == []
    assert fresh.match.seats == {"elephant": NAMED["farmers"], "farmers": NAMED["elephant"]}
    assert fresh.match.player_name("elephant") == "Ben"


def test_rematch_after_closing_keeps_the_seats(app: Any) -> None:
    scene = finish_on_screen(app, NAMED, speed="off")
    key(app, pygame.K_ESCAPE)  # Esc closes the card first
    assert scene.end_dialog is None and app.top is scene and scene.end_row is not None
    click_element(app, scene.end_row.rematch)
    fresh = app.top
    assert isinstance(fresh, MatchScene) and fresh is not scene
    assert fresh.match.seats == NAMED and fresh.match.turns == []
    assert app.stack[0].name == "menu"  # leaving it still lands on the menu


def test_swap_sides_against_the_computer_gives_the_human_the_other_side(app: Any) -> None:
    seats = {"elephant": Seat(HUMAN), "farmers": Seat(AI, "normal")}
    scene = start(app, finished(seats))
    card = end_dialog(app, scene)
    assert card.swap.is_enabled
    press_button(app, card.swap)
    fresh = app.top
    assert isinstance(fresh, MatchScene) and fresh is not scene
    assert fresh.match.seats == {"elephant": Seat(AI, "normal"), "farmers": Seat(HUMAN)}


def test_two_people_without_names_have_nothing_to_swap(app: Any) -> None:
    match = finished({"elephant": Seat(HUMAN), "farmers": Seat(HUMAN)})
    scene = start(app, match)
    card = end_dialog(app, scene)
    assert not card.swap.is_enabled and card.rematch.is_enabled
    assert texts.swap_words(match) is None


def test_review_then_escape_keeps_the_row_and_the_last_move_in_sight(app: Any) -> None:
    scene = finish_on_screen(app, NAMED, speed="off")
    match = scene.match
    click_element(app, scene.end_dialog.review)
    assert scene.reviewing and scene.review.position == 0
    assert scene.end_row is not None and scene.end_row.rematch.visible  # during the review too
    key(app, pygame.K_ESCAPE)
    assert not scene.reviewing
    idle(app, 2)
    assert scene.moves.shown.stop == len(match.turns)  # not back at move 1
    assert scene.end_row is not None and scene.end_dialog is None


def test_the_card_and_the_row_survive_a_resize(app: Any) -> None:
    scene = finish_on_screen(app, NAMED, speed="off")
    resize(app, (1024, 640))
    card = scene.end_dialog
    assert card is not None and card.rematch.visible and card.next_frame() is None
    assert not card.rect.colliderect(scene.board_rect) and scene.frame.panel.contains(card.rect)
    press_button(app, card.close_button)
    resize(app, (1280, 800))
    assert scene.end_dialog is None and scene.end_row is not None and scene.end_row.swap.visible
    assert scene.frame.panel.contains(scene.end_row.rematch.rect)


def test_undo_after_the_end_takes_the_card_and_the_row_away(app: Any) -> None:
    scene = finish_on_screen(app, NAMED, speed="off")
    press_button(app, scene.end_dialog.close_button)
    assert scene.end_row is not None
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not scene.match.over and scene.end_row is None and scene.end_dialog is None


# -- the pause menu -----------------------------------------------------------------------------------
def test_the_pause_menu_of_a_finished_game_has_rematch_swap_sides_and_new_game(app: Any) -> None:
    scene = finish_on_screen(app, NAMED, speed="off")
    press_button(app, scene.end_dialog.close_button)
    pause = app.open("pause", scene)
    app.step([], DT)
    for name in ("rematch", "swap", "new", "resume", "save", "menu", "quit"):
        assert pause.buttons[name].visible, name
    assert pause.panel_rect.contains(pause.buttons["quit"].rect)
    assert pause.buttons["swap"].rect.right < pause.buttons["rematch"].rect.left  # one row, Rematch right
    click_element(app, pause.buttons["new"])
    assert app.top.name == "new-game" and app.top.info.id == "elephant-run"
    key(app, pygame.K_ESCAPE)  # Cancel: back to the finished game
    idle(app, 2)
    assert app.top is scene
    pause = app.open("pause", scene)
    app.step([], DT)
    click_element(app, pause.buttons["rematch"])
    fresh = app.top
    assert isinstance(fresh, MatchScene) and fresh is not scene and fresh.match.seats == NAMED


def test_the_pause_menu_of_a_game_in_progress_offers_new_game_but_no_rematch(app: Any) -> None:
    match, _, _ = one_move_from_the_end(NAMED)
    scene = start(app, match)
    pause = app.open("pause", scene)
    app.step([], DT)
    assert "new" in pause.buttons and "rematch" not in pause.buttons and "swap" not in pause.buttons


# -- the words ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("seconds", "said"),
    [
        (0, "<1 min"),
        (29, "<1 min"),
        (31, "1 min"),
        (60 * 47, "47 min"),
        (60 * 150, "150 min"),
        (3600 * 5, "5 h"),
        (3600 * 72, "3 days"),
    ],
)
def test_the_time_a_game_took(seconds: float, said: str) -> None:
    assert texts.duration_text(seconds) == said


def test_the_time_taken_comes_from_the_match_or_says_it_is_an_estimate() -> None:
    match = Match("elephant-run")
    match.created, match.updated = "2026-03-01T10:00:00+00:00", "2026-03-01T10:12:20+00:00"
    assert texts.time_taken(match, 5.0) == "12 min"
    match.created = "not a time"
    assert texts.time_taken(match, 200.0) == "about 3 min"


def test_swap_words_name_the_new_sides() -> None:
    vs = Match("elephant-run", {}, {"elephant": Seat(HUMAN), "farmers": Seat(AI, "easy")})
    assert texts.swap_words(vs) == "Play again as Farmers, with the same options"
    named = Match("elephant-run", {}, NAMED)
    assert texts.swap_words(named) == "Play again with Ben as Elephant and Ana as Farmers"


def test_the_card_fits_a_long_reason_in_a_small_panel() -> None:
    from scenes.shell.match.ending import Result, plan_text

    pygame.font.init()
    long = Result(
        "The computer wins (Farmers)",
        "word " * 80,
        "Elephant 3 of 10 points · 9 tiles eaten",
        (("40", "moves"), ("12 min", "time"), ("none", "hints")),
        "farmers",
        False,
        (0, 0, 0),
    )
    lines, height = plan_text(long, 244, 300, 76)
    assert height <= 300 and lines
    assert max(line.size for line in lines) >= 12 and min(line.size for line in lines) >= 12
