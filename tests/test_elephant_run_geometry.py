"""Elephant Run's board geometry and flight arcs, checked as numbers: no window, no drawing.

The expected values are worked out by hand from the layout's ratios (see each test), so a change to
the arithmetic shows up here before it shows up as a moved pixel in a screenshot.
"""

from __future__ import annotations

import itertools
import math

import pygame
import pytest

from game.match import Match, Seat
from scenes.games.elephant_run.flights import Plan, plan_turn
from scenes.games.elephant_run.geometry import (
    FILES,
    RANKS,
    BoardLayout,
    drop_height,
    eaten_tile_flight,
    glide,
    shadow_scale,
)
from scenes.kit.animation import Timeline
from tests.er_notation import move_squares

ALL_SQUARES = [f"{file}{rank}" for rank in range(1, RANKS + 1) for file in "abcdef"]


# notation -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "squares"),
    [
        ("c2-d3", ["c2", "d3"]),
        (" C2-A2-A4 ", ["c2", "a2", "a4"]),
        ("@c2", ["c2"]),
        ("@a1, b3,,f4", ["a1", "b3", "f4"]),
        ("pass", []),
        ("", []),
    ],
)
def test_move_squares_reads_every_notation(text: str, squares: list[str]) -> None:
    assert move_squares(text) == squares


# layout ---------------------------------------------------------------------------------------------------
def test_fit_gives_the_hand_computed_tile_size_and_parts() -> None:
    # usable 984 x 688; units wide 1.45 + 0.28 + 6 + 0.09*5 + 2*0.26 = 8.7, high 4 + 0.27 + 0.52 + 0.22
    # + 0.72 = 5.73; min(984 / 8.7, 688 / 5.73) = 113.1 -> s = 113
    rect = pygame.Rect(0, 0, 1000, 700)
    board = BoardLayout.fit(rect)
    assert board.s == 113
    # the grid is refitted into the tray's inner area with the same ratios: 728 px (6 * 113 + 5 * 10)
    # over 6.45 units is 112.9, so its squares come out at 112 px, one less than the sprites' ``s``
    assert board.geo.square == 112 and board.geo.gap == round(113 * 0.09) == 10
    pad = round(113 * 0.26)
    assert board.pile.width == round(113 * 1.45)
    assert board.tray.left - board.pile.right == round(113 * 0.28)
    assert board.tray.size == (6 * 113 + 5 * 10 + 2 * pad, 4 * 113 + 3 * 10 + 2 * pad)
    assert board.pile.top == board.tray.top and board.pile.height == board.tray.height
    assert board.track.top - board.tray.bottom == round(113 * 0.22)
    assert board.track.height == round(113 * 0.72)
    assert board.track.left == board.pile.left and board.track.right == board.tray.right
    inner = board.tray.inflate(-2 * pad, -2 * pad)
    assert inner.contains(board.geo.rect) and board.geo.rect.center == inner.center


@pytest.mark.parametrize("size", [(1000, 700), (1280, 800), (640, 420), (300, 200), (4000, 3000)])
def test_fit_centres_the_board_and_keeps_tiles_between_24_and_150(size: tuple[int, int]) -> None:
    rect = pygame.Rect(17, 9, *size)
    board = BoardLayout.fit(rect)
    assert 24 <= board.s <= 150
    whole = board.pile.union(board.tray).union(board.track)
    assert abs(whole.centerx - rect.centerx) <= 1 and abs(whole.centery - rect.centery) <= 1
    if board.s > 24:  # only the smallest tiles may overflow a window too small for them
        assert rect.contains(whole)
    assert not board.pile.colliderect(board.tray) and not board.tray.colliderect(board.track)


def test_tiny_and_huge_areas_clamp_the_tile_size() -> None:
    assert BoardLayout.fit(pygame.Rect(0, 0, 100, 80)).s == 24
    assert BoardLayout.fit(pygame.Rect(0, 0, 5000, 4000)).s == 150


def test_squares_map_to_pixels_and_back_with_a1_bottom_left() -> None:
    board = BoardLayout.fit(pygame.Rect(0, 0, 1000, 700))
    geo = board.geo
    assert (geo.files, geo.ranks) == (FILES, RANKS)
    for name in ALL_SQUARES:
        assert geo.name_at(geo.center_of(name)) == name
    a1, f4, f1 = geo.center_of("a1"), geo.center_of("f4"), geo.center_of("f1")
    assert a1[0] < f1[0] and a1[1] == f1[1] and f4[1] < a1[1]  # files run right, ranks run up
    # the grid is symmetric: opposite corners mirror through the grid's centre
    centre = geo.rect.center
    assert abs((a1[0] + f4[0]) / 2 - centre[0]) <= 1 and abs((a1[1] + f4[1]) / 2 - centre[1]) <= 1
    # neighbours are one tile plus one gap apart
    assert geo.center_of("b1")[0] - a1[0] == geo.square + geo.gap
    assert a1[1] - geo.center_of("a2")[1] == geo.square + geo.gap
    assert geo.name_at((geo.rect.left - geo.gap - 1, a1[1])) is None


def test_unfitted_layout_is_usable_before_the_first_resize() -> None:
    board = BoardLayout.unfitted()
    assert board.s == board.geo.square > 0 and board.tray.size == (0, 0)
    assert board.geo.name_at(board.geo.center_of("c2")) == "c2"


# the pile and the points track ----------------------------------------------------------------------------
def test_pile_stacks_tiles_upward_and_tosses_farmers_in_two_columns() -> None:
    board = BoardLayout.fit(pygame.Rect(0, 0, 1000, 700))
    pile, s = board.pile, board.s
    first = board.pile_tile_pos(0)
    assert first == (pile.centerx, pile.top + int(pile.height * 0.62))
    step = max(2, int(s * 0.075))
    assert [board.pile_tile_pos(i)[1] for i in range(4)] == [first[1] - i * step for i in range(4)]
    divider = pile.top + int(pile.height * 0.7)
    assert first[1] < divider  # eaten tiles above the "Trampled" line
    left, right = board.pile_coin_pos(0), board.pile_coin_pos(1)
    assert left[0] + right[0] == 2 * pile.centerx  # the two columns mirror about the pile's middle
    assert right[1] == left[1] - 2  # the right column sits a little higher
    assert board.pile_coin_pos(2)[0] == left[0] and board.pile_coin_pos(2)[1] < left[1]
    for i in range(8):
        x, y = board.pile_coin_pos(i)
        assert divider < y < pile.bottom and pile.left < x < pile.right


@pytest.mark.parametrize("target", [1, 6, 10, 16])
def test_pips_are_evenly_spaced_centred_under_the_tray_and_do_not_touch(target: int) -> None:
    board = BoardLayout.fit(pygame.Rect(0, 0, 1000, 700))
    centers, radius = board.pips(target)
    assert len(centers) == target and radius > 0
    assert all(y == board.track.centery for _, y in centers)
    xs = [x for x, _ in centers]
    assert all(board.tray.left < x < board.tray.right for x in xs)
    middle = (xs[0] + xs[-1]) / 2
    assert abs(middle - board.tray.centerx) <= 2
    gaps = [b - a for a, b in itertools.pairwise(xs)]
    assert all(abs(g - gaps[0]) <= 1 for g in gaps)
    assert all(g > 2 * radius for g in gaps)


# flights --------------------------------------------------------------------------------------------------
def test_glide_starts_and_ends_on_the_ground_and_hops_symmetrically() -> None:
    points = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0)]
    assert glide(points, 50.0, 1.0, 0.0, 0.0) == ((0.0, 0.0), 0.0, 1.0)
    end, height, scale = glide(points, 50.0, 1.0, 1.0, 1.0)
    assert end == (100.0, 100.0) and height == pytest.approx(0.0, abs=1e-9) and scale == 1.0
    assert glide(points, 50.0, 1.0, 0.5, 0.5)[0] == (100.0, 0.0)  # half the length: the corner
    assert glide(points, 50.0, 1.0, 0.5, 0.5)[1] == pytest.approx(50.0)  # the peak, half-way in time
    assert glide(points, 50.0, 1.0, 0.3, 0.25)[1] == pytest.approx(glide(points, 50.0, 1.0, 0.9, 0.75)[1])
    assert glide(points, 50.0, 0.74, 1.0, 1.0)[2] == pytest.approx(0.74)  # a trampled farmer shrinks
    assert glide(points, 0.0, 1.0, 0.5, 0.5)[1] == 0.0  # a step glides, it does not hop


def test_drop_falls_from_seven_tenths_of_a_tile_and_never_sinks() -> None:
    assert drop_height(0.0, 100) == pytest.approx(70.0)
    assert drop_height(0.5, 100) == pytest.approx(35.0)
    assert drop_height(1.0, 100) == 0.0
    assert drop_height(1.1, 100) == 0.0  # ease_out_back overshoots past 1: the piece stays on its tile


def test_shadow_shrinks_with_height_down_to_forty_percent() -> None:
    assert shadow_scale(0.0, 100) == 1.0
    assert shadow_scale(125.0, 100) == pytest.approx(0.5)
    assert shadow_scale(1000.0, 100) == 0.4
    heights = [0.0, 20.0, 60.0, 140.0]
    scales = [shadow_scale(h, 100) for h in heights]
    assert scales == sorted(scales, reverse=True)


def test_eaten_tile_arcs_from_its_square_to_the_pile() -> None:
    start, end = (300.0, 200.0), (100.0, 400.0)
    assert eaten_tile_flight(start, end, 0.0, 100) == (start, pytest.approx(0.55))
    assert eaten_tile_flight(start, end, 1.0, 100) == (end, pytest.approx(0.62))
    (x, y), _ = eaten_tile_flight(start, end, 0.5, 100)
    assert (x, y) == pytest.approx((200.0, 300.0 - 80.0))  # 0.8 tile above the chord's middle
    (x1, y1), _ = eaten_tile_flight(start, end, 0.25, 100)
    (x3, y3), _ = eaten_tile_flight(start, end, 0.75, 100)
    # symmetric about the middle: equal rise above the chord a quarter from either end
    assert (250.0 - y1) == pytest.approx(350.0 - y3)  # the chord's y: 200 + 200 * p
    assert math.isclose(x1 + x3, 2 * 200.0)


# a turn's animation plan ------------------------------------------------------------------------------
def placed(farmers: str = "@c3,a1,a4,f1,f4,e4") -> Match:
    match = Match("elephant-run", {}, {"elephant": Seat(), "farmers": Seat()})
    match.play_text("@c2")
    match.play_text(farmers)
    return match


def planned(match: Match, move: str | None = None, speed: float = 1.0) -> tuple[BoardLayout, Timeline, Plan]:
    """The animation plan of ``match``'s last turn (after playing ``move``, if given) at ``speed`` on a
    1000 x 700 board, with that board's layout and the plan's timeline."""
    if move is not None:
        match.play_text(move)
    board = BoardLayout.fit(pygame.Rect(0, 0, 1000, 700))
    timeline = Timeline(speed)
    return board, timeline, plan_turn(match.turns[-1], match.state.position(), timeline, board, ())


def test_farmers_drop_top_row_first_left_to_right() -> None:
    board, _, plan = planned(placed("@a1,f4,b4,e1,a3,f2"))
    assert [f.hide_square for f in plan.flights] == ["b4", "f4", "a3", "f2", "a1", "e1"]
    starts = [f.track.start for f in plan.flights]
    assert starts == sorted(starts) and starts[0] == 0.0
    for flight in plan.flights:
        c = board.geo.center_of(flight.hide_square or "")
        assert flight.drop and flight.points == [(c[0], c[1] - board.s * 0.6), c]


def test_elephant_step_eats_the_tile_and_it_flies_to_the_pile() -> None:
    board, timeline, plan = planned(placed(), "c2-d2")
    (move,) = plan.flights
    assert move.piece == "pawn" and move.hop == 0.0 and move.hide_square == "d2"
    assert move.points == [board.geo.center_of("c2"), board.geo.center_of("d2")]
    assert move.track.duration == pytest.approx(0.34)
    (eaten,) = plan.eaten
    assert eaten.pile_index == 0 and eaten.shrink.start >= move.track.end
    assert eaten.fly.start == eaten.shrink.end
    assert plan.pile_tiles_held == [eaten.fly] and plan.tiles_held(eaten.fly.start) == 1
    assert plan.tiles_held(timeline.at_end()) == 0
    assert [index for index, _ in plan.pips] == [0]  # the first point's pip pops


def test_elephant_jump_tramples_the_farmer_it_passes_over() -> None:
    board, _, plan = planned(placed(), "c2-c4")
    move, tossed = plan.flights
    assert move.piece == "pawn" and move.hop == pytest.approx(board.s * 0.55)
    assert move.points == [board.geo.center_of(sq) for sq in ("c2", "c3", "c4")]
    assert move.track.duration == pytest.approx(0.46)
    ((victim, knock),) = plan.ghost_farmers
    assert victim == "c3" and knock.start == pytest.approx(0.23)  # half-way through the jump
    assert tossed.piece == "coin" and tossed.hide_square is None and tossed.scale_to == 0.74
    assert tossed.points == [board.geo.center_of("c3"), board.pile_coin_pos(0)]
    assert tossed.track.start == knock.end and plan.pile_coins_held == [tossed.track]
    assert not plan.eaten


def test_no_animation_speed_scales_every_track_to_nothing() -> None:
    _, timeline, plan = planned(placed(), "c2-c4", speed=0.0)
    assert isinstance(plan, Plan) and timeline.at_end() == 0.0
