"""A board draws from a narrow view source, and marks a move from the squares the rules give it.

Issue #29 item 4: ``BoardView`` reads a :class:`game.match.ViewSource` (a live match, a review's
frozen past, a picture's :class:`~game.match.Snapshot`), never builds or fakes a whole match; the
hint's and "Show me"'s marks come from ``GameState.move_squares`` through the board's own
``move_marks``; the pause menu asks the match screen through its typed ``Pausable``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from game.match import AI, Match, Seat, Snapshot, ViewSource
from game.register import get
from scenes.kit.marks import Marks, center_of
from scenes.kit.registry import demo_match, make_view, view_ids
from scenes.shell.match.review_source import ReviewedMatch, frozen_copy
from scenes.shell.pause import Pausable


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    """A (dummy) display: views convert their sprites for it."""
    from scenes.kit.fonts import font

    pygame.init()
    font.cache_clear()  # faces made before an earlier test's pygame.quit() are dead (App does the same)
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    yield


SOURCE_MEMBERS = ("game", "state", "turns", "seats", "pending", "over", "awaiting", "humans")


def played(game_id: str, turns: int, seed: int = 3) -> Match:
    match = Match(game_id, {}, {get(game_id).players[1]: Seat(AI, "easy")})
    rng = random.Random(seed)
    for _ in range(turns):
        if match.over:
            break
        match.play_text(
            match.state.turn_to_text({p: match.state.random_move(p, rng) for p in match.state.to_move()})
        )
    return match


def test_the_protocol_names_what_boards_read() -> None:
    members = {name for name in vars(ViewSource) if not name.startswith("_")}
    assert members == set(SOURCE_MEMBERS)
    for source in (Match("epaminondas"), Snapshot(get("epaminondas"), get("epaminondas").new_state())):
        for name in SOURCE_MEMBERS:
            assert hasattr(source, name), (type(source).__name__, name)


def test_a_frozen_copy_is_a_past_nobody_acts_in() -> None:
    match = played("elasta", 4)
    match.submit("white", match.state.random_move("white", random.Random(1)))
    frozen = frozen_copy(match)
    assert isinstance(frozen, ReviewedMatch) and not isinstance(frozen, Match)
    assert frozen.state is match.state and frozen.turns == match.turns
    assert frozen.pending == {} and match.pending  # the sealed order stays with the game
    assert frozen.awaiting() == [] and frozen.humans() == list(match.game.players)
    assert all(not seat.is_ai for seat in frozen.seats.values())
    frozen.turns = match.turns[:1]  # the review cuts its copy; the game is untouched
    assert frozen.state is match.turns[0].after and len(match.turns) == 4


def test_a_snapshot_plays_moves_through_the_rules_like_a_match() -> None:
    match = played("nelaxtam", 3)
    still = Snapshot.played(match.game, match.initial, match.move_texts())
    assert still.state == match.state and [t.text for t in still.turns] == match.move_texts()
    assert still.over == match.over and still.awaiting() == []


@pytest.mark.parametrize("game_id", sorted(view_ids()))
def test_every_board_draws_from_a_snapshot(game_id: str) -> None:
    match = demo_match(game_id, "mid")
    view = make_view(Snapshot.of(match))
    surface = pygame.Surface((640, 480))
    view.layout(surface.get_rect())
    view.draw(surface)
    assert view.state is match.state and view.viewer() is None  # nobody acts in a snapshot


@pytest.mark.parametrize("game_id", sorted(view_ids()))
def test_hint_marks_come_from_the_rules_squares(game_id: str) -> None:
    """Every square a hint marks is one of the move's squares, and the board can place it."""
    match = played(game_id, 6, seed=11)
    view = make_view(match)
    view.layout(pygame.Rect(0, 0, 900, 640))
    state = match.state
    rng = random.Random(2)
    for player in state.to_move():
        for _ in range(5):
            move = state.random_move(player, rng)
            text = state.move_to_text(player, move)
            marks = view.marks_for_hint(player, text)
            named = set(state.move_squares(player, move))
            marked = {*marks.rings, *(square for arrow in marks.arrows for square in arrow)}
            assert marked <= named, (text, marked, named)
            assert all(center_of(view, square) is not None for square in marked)
            if named and getattr(state, "phase", "") != "allot":  # Elasta's chips are drags instead
                assert marks, text


def test_one_pieces_way_is_an_arrow_and_a_ring() -> None:
    assert Marks.along(["c2", "d3"]).arrows == [("c2", "d3")]
    assert Marks.along(["c2", "d3"]).rings == ["d3"]
    assert Marks.along(["a1", "c3", "c5"]).arrows == [("a1", "c3"), ("c3", "c5")]
    assert Marks.along(["c2"]).rings == ["c2"] and not Marks.along([])
    assert Marks.pairs(["c3", "d4", "e5", "d5"]).arrows == [("c3", "d4"), ("e5", "d5")]
    assert Marks.on(["a1", "b3"]).rings == ["a1", "b3"] and not Marks.on(["a1"]).arrows


def test_text_that_is_no_move_gets_no_marks() -> None:
    view = make_view(Match("epaminondas"))
    view.layout(pygame.Rect(0, 0, 800, 600))
    assert not view.marks_for_hint("white", "z9-z10")
    assert not view.marks_for_move("black", "a12-a11")  # not Black's turn


def test_the_match_screen_keeps_the_pause_menus_interface() -> None:
    from scenes.shell.match.scene import MatchScene

    wanted = {name for name in vars(Pausable) if not name.startswith("_")}
    assert wanted == {"match", "save_now", "save_copy_now", "rematch", "swap_sides", "new_game"}
    for name in wanted - {"match"}:
        assert callable(getattr(MatchScene, name)), name


def test_elastas_chips_show_in_a_hint_but_are_written_out_in_show_me() -> None:
    """Eight drag arrows would cross: "Show me" draws none (the lesson writes the chips out) and a
    hint draws the 7 and the 6 into the slots of their files."""
    match = Match("elasta")
    view = make_view(match)
    view.layout(pygame.Rect(0, 0, 1000, 700))
    text = "35170246"
    assert not view.marks_for_move("white", text)
    hint = view.marks_for_hint("white", text)
    slot = view.slot_center  # type: ignore[attr-defined]
    tray = view.tray_center  # type: ignore[attr-defined]
    assert hint.drags == [(tray("white", 7), slot("white", 3)), (tray("white", 6), slot("white", 7))]
