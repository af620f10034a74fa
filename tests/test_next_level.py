"""Strength you can feel (#30, point 5): the new-game screen says what each level is like in this
game, and after two wins in a row against a level the result card offers the next one; its button
starts the same game against it. Through the real match and new-game screens."""

from __future__ import annotations

from typing import Any

import pytest

from game.match import AI, Seat
from game.register import all_games
from saves.statistics import shared
from scenes.kit.registry import demo_match
from scenes.shell.match.ending import NEXT_LEVEL
from scenes.shell.match.results import result_of
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import click_element, pump, start
from tests.test_statistics import before_the_end, finish

GAMES = ["elephant-run", "epaminondas", "elasta", "changing-challenges", "nelaxtam"]


def _won_demo() -> tuple[str, Any, str, str, Any]:
    """A game whose finished demo the side moving last won: the person's winning last move."""
    for game_id in GAMES:
        match, person, text, worker = before_the_end(game_id)
        if result_of(demo_match(game_id, "end"), person) == "win":
            return game_id, match, person, text, worker
    raise AssertionError("no demo game ends with a win for the side moving last")


@pytest.mark.parametrize("earlier", [0, 1])
def test_the_next_level_is_offered_after_two_wins_in_a_row(app: Any, earlier: int) -> None:
    game_id, match, person, text, worker = _won_demo()
    store = shared(app.data_dir)
    for number in range(earlier):
        assert store.record_result(game_id, "normal", "win", f"before-{number}")
    app._worker = worker
    scene = start(app, match)
    finish(app, scene, person, text)
    card = scene.end_dialog
    assert card is not None and store.summary(game_id, "normal").streak == earlier + 1
    if earlier + 1 < 2:
        assert card.next_level is None and "next-level" not in card.keyed()
        return
    assert card.next_level is not None and card.next_level.text == "Next level: Hard"
    assert list(card.keyed())[:2] == ["close", "next-level"]
    pump(app, 40)  # the card has slid in: its buttons are shown
    click_element(app, card.next_level)
    pump(app, 3)
    fresh = app.top
    assert isinstance(fresh, MatchScene) and fresh is not scene and not fresh.match.turns
    assert {p: (s.kind, s.level) for p, s in fresh.match.seats.items()} == {
        p: (s.kind, "hard" if s.is_ai else s.level) for p, s in match.seats.items()
    }
    assert fresh.match.options == match.options


def test_no_offer_after_a_loss_or_at_the_top_level(app: Any) -> None:
    game_id, match, person, text, worker = _won_demo()
    store = shared(app.data_dir)
    computer = next(p for p in match.seats if p != person)
    match.seats = {**match.seats, computer: Seat(AI, "hard")}
    for number in range(3):
        store.record_result(game_id, "hard", "win", f"before-{number}")
    app._worker = worker
    scene = start(app, match)
    finish(app, scene, person, text)
    assert scene.end_dialog is not None and scene.end_dialog.next_level is None
    assert NEXT_LEVEL == "next-level"


@pytest.mark.parametrize("info", all_games(), ids=lambda info: info.id)
def test_every_game_says_what_each_level_is_like(info: Any) -> None:
    from game.ai import LEVELS

    assert set(info.level_notes) == set(LEVELS)
    notes = [info.level_notes[level] for level in LEVELS]
    assert len(set(notes)) == len(notes) and all(0 < len(note) <= 70 for note in notes)


def test_the_new_game_screen_shows_the_games_own_line(app: Any) -> None:
    from game.register import get

    info = get("epaminondas")
    app.open("new-game", info)
    pump(app, 2)
    screen = app.top
    tips = [button.tool_tip_text for button in screen.level_row.buttons]
    assert tips == [
        f"{info.level_notes[lv][0].upper()}{info.level_notes[lv][1:]}." for lv in ("easy", "normal", "hard")
    ]
