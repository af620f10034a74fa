"""Epaminondas's board geometry and phalanx reading, checked as numbers: no window, no drawing.

The layout values are worked out by hand from the frame's ratios; the phalanx helpers are checked
against the engine's own moves, so the marks, lanes and click reading cannot drift from the rules.
"""

from __future__ import annotations

import pygame
import pytest

from game.epaminondas import BENCH_POSITIONS
from game.epaminondas import board as B
from game.epaminondas.rules import EpaminondasState
from game.match import Match, Seat
from scenes.games.epaminondas.geometry import FILES, RANKS, BoardLayout, cell
from scenes.games.epaminondas.moves import farthest_lanes, front_reading, landings, options_from


def sq(name: str) -> int:
    return B.square_index(name)


def direction(frm: str, to: str) -> int:
    line = B.direction_between(sq(frm), sq(to))
    assert line is not None
    return line[0]


NORTH = direction("a1", "a2")
NORTH_EAST = direction("a1", "b2")


def opening() -> EpaminondasState:
    state = Match("epaminondas", {}, {"white": Seat(), "black": Seat()}).state
    assert isinstance(state, EpaminondasState)
    return state


# layout and the square mapping -------------------------------------------------------------------------
def test_cell_is_file_and_rank_of_the_engine_square() -> None:
    assert (FILES, RANKS) == (14, 12)
    assert cell(sq("a1")) == (0, 0)
    assert cell(sq("n1")) == (13, 0)
    assert cell(sq("b2")) == (1, 1)
    assert cell(sq("n12")) == (13, 11)


def test_fit_gives_the_hand_computed_frame_and_squares() -> None:
    # usable 988 x 690; 988 / (14 + 1.12) = 65.3, 690 / (12 + 1.12) = 52.6 -> s = 52; pad round(29.12) = 29;
    # frame 14 * 52 + 58 = 786 by 12 * 52 + 58 = 682, centred on (500, 350)
    board = BoardLayout.fit(pygame.Rect(0, 0, 1000, 700))
    assert board.s == board.geo.square == 52 and board.geo.gap == 0
    assert board.frame == pygame.Rect(500 - 393, 350 - 341, 786, 682)
    assert board.geo.rect == board.frame.inflate(-58, -58)


@pytest.mark.parametrize("size", [(1000, 700), (1280, 800), (700, 520), (300, 260), (3000, 2400)])
def test_fit_centres_the_frame_and_keeps_squares_between_16_and_96(size: tuple[int, int]) -> None:
    rect = pygame.Rect(13, 7, *size)
    board = BoardLayout.fit(rect)
    assert 16 <= board.s <= 96
    assert abs(board.frame.centerx - rect.centerx) <= 1 and abs(board.frame.centery - rect.centery) <= 1
    if board.s > 16:
        assert rect.contains(board.frame)
    assert board.frame.contains(board.geo.rect)


def test_tiny_and_huge_areas_clamp_the_square_size() -> None:
    assert BoardLayout.fit(pygame.Rect(0, 0, 100, 100)).s == 16
    assert BoardLayout.fit(pygame.Rect(0, 0, 5000, 4000)).s == 96


def test_every_square_maps_to_pixels_and_back_with_a1_bottom_left() -> None:
    board = BoardLayout.fit(pygame.Rect(0, 0, 1000, 700))
    for square in range(FILES * RANKS):
        assert board.square_at(board.center(square)) == square
        assert board.square_rect(square).collidepoint(board.center(square))
    a1, n1, a12, n12 = (board.center(sq(name)) for name in ("a1", "n1", "a12", "n12"))
    assert a1[1] == n1[1] > a12[1] == n12[1] and a1[0] == a12[0] < n1[0] == n12[0]
    middle = board.geo.rect.center
    assert (a1[0] + n12[0]) / 2 == pytest.approx(middle[0], abs=1)
    assert (a1[1] + n12[1]) / 2 == pytest.approx(middle[1], abs=1)
    assert board.center(sq("b1"))[0] - a1[0] == board.s
    assert board.square_at((board.geo.rect.left - 1, a1[1])) is None
    assert board.square_at((a1[0], board.geo.rect.bottom + 1)) is None


def test_unfitted_layout_is_usable_before_the_first_resize() -> None:
    board = BoardLayout.unfitted()
    assert board.s > 0 and board.frame.size == (0, 0)
    assert board.square_at(board.center(sq("g6"))) == sq("g6")


# phalanxes --------------------------------------------------------------------------------------------
def test_landings_shift_the_whole_group_by_one_step() -> None:
    assert landings((sq("a1"), sq("a2")), NORTH, 2) == (sq("a3"), sq("a4"))
    assert landings([sq("a1"), sq("b2")], NORTH_EAST, 1) == (sq("b2"), sq("c3"))
    assert landings((sq("c3"),), NORTH, 0) == (sq("c3"),)


def test_options_are_marked_on_the_front_landing_and_lanes_reach_farthest() -> None:
    state = opening()
    options = options_from(state, sq("a1"))
    assert {o.text for o in options} == {state.move_to_text("white", m) for m in state.moves_from(sq("a1"))}
    north = [o for o in options if o.direction == NORTH]
    assert sorted(B.square_name(o.target) for o in north) == ["a3", "a4"]  # a1-a2 slides 1 or 2
    for option in options:
        assert option.target == option.landings[-1]  # the front stone's landing
        assert option.kind == "move"  # nothing to capture or cross at the start
    lanes = farthest_lanes(options)
    assert set(lanes) == {o.direction for o in options}
    assert B.square_name(lanes[NORTH].target) == "a4"
    for direction, far in lanes.items():
        assert far.distance == max(o.distance for o in options if o.direction == direction)


def test_front_reading_reads_a_click_back_to_the_rear_stones_landing() -> None:
    state = opening()
    own = state.own_opp()[0]
    # a1-a2 is a column of two: its front lands one square beyond the rear's landing
    assert front_reading(own, sq("a1"), sq("a3")) == sq("a2")
    assert front_reading(own, sq("a1"), sq("a6")) == sq("a5")  # too far: the engine will say why
    assert front_reading(own, sq("a1"), sq("a2")) == sq("a2")  # never less than one step
    assert front_reading(own, sq("a1"), sq("c7")) is None  # on no line from a1


@pytest.mark.parametrize("position", [None, *range(len(BENCH_POSITIONS))])
def test_front_reading_of_every_mark_is_the_moves_own_notation(position: int | None) -> None:
    """Reading a mark's square back must give the very move the mark stands for: the click that
    misses a mark is then explained in terms of the move the player meant."""
    state = opening() if position is None else EpaminondasState.from_text(BENCH_POSITIONS[position])
    own = state.own_opp()[0]
    checked = 0
    for stone in B.squares_of(own):
        for option in options_from(state, stone):
            to = front_reading(own, stone, option.target)
            assert to is not None
            assert f"{B.square_name(stone)}-{B.square_name(to)}" == option.text
            checked += 1
    assert checked > 50
