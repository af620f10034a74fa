"""Nelaxtam's board geometry without a window: shapes and paths, the table's layout (squares to
pixels and back), and what a resolution shows at a given moment. Nothing here opens a display."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pygame
import pytest

from game.match import Match, Seat
from game.nelaxtam import rules as R
from scenes.games.nelaxtam.geometry import (
    arrow_polygon,
    arrow_span,
    crack_paths,
    order_code_towards,
    partial,
    shard_offset,
    shield_points,
    shore_direction,
    tile_variant,
)
from scenes.games.nelaxtam.layout import TableLayout, mini_size, token_size
from scenes.games.nelaxtam.plan import plan_turn
from scenes.kit.animation import Timeline

FIGHT = """
. . . . . . . .
. . . . . . . .
. . . . . b w .
. . . B 1 A . .
. . . b w . . .
. . 2 w . . . .
. . . . . . . .
. . . . . . . .
"""


def close(a: tuple[float, float], b: tuple[float, float], tol: float = 1e-9) -> bool:
    return math.dist(a, b) <= tol


# -- shapes ------------------------------------------------------------------------------------------------
def test_tile_variant_known_values_and_all_four_used() -> None:
    # 2654435761 >> 7 = 20737779 (remainder 49), 20737779 % 4 = 3; twice that is 41475558, % 4 = 2
    assert tile_variant(0) == 0
    assert tile_variant(1) == 3
    assert tile_variant(2) == 2
    variants = {tile_variant(sq) for sq in range(64)}
    assert variants == {0, 1, 2, 3}


def test_shield_is_mirror_symmetric_and_spans_top_to_point() -> None:
    c, top, bottom, half = 50.0, 10.0, 90.0, 40.0
    pts = shield_points(c, top, bottom, half)
    assert len(pts) == 35  # 19 on the right (top edge, shoulder, flank) and 16 mirrored
    for x, y in pts:
        assert any(close((2 * c - x, y), q, 1e-6) for q in pts)
        assert c - half - 1e-9 <= x <= c + half + 1e-9
    assert min(y for _, y in pts) == pytest.approx(top)
    assert max(y for _, y in pts) == pytest.approx(bottom)
    widest = max(abs(x - c) for x, _ in pts)
    assert widest == pytest.approx(half)


def test_partial_polyline_grows_segment_by_segment() -> None:
    path = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)]
    assert partial(path, 1.0) is path
    assert partial(path, 0.5)[-1] == (10.0, 0.0)  # one of two segments: the corner
    assert partial(path, 0.75)[-1] == (10.0, 5.0)
    assert partial(path, 0.25) == [(0.0, 0.0), (5.0, 0.0)]
    lengths = []
    for k in range(11):
        pts = partial(path, k / 10)
        lengths.append(sum(math.dist(a, b) for a, b in itertools.pairwise(pts)))
    assert lengths == sorted(lengths) and lengths[0] == 0 and lengths[-1] == 20


def test_cracks_are_the_same_each_time_and_stay_on_the_tile() -> None:
    size = 60.0
    paths = crack_paths(17, size)
    assert paths == crack_paths(17, size)
    assert paths != crack_paths(18, size)
    assert len(paths) == 4 and all(len(p) == 5 for p in paths)
    start = paths[0][0]
    assert all(p[0] == start for p in paths)
    assert 0.4 * size <= start[0] <= 0.6 * size and 0.4 * size <= start[1] <= 0.6 * size
    for path in paths:
        for x, y in path[1:]:
            assert 1.0 <= x <= size - 1 and 1.0 <= y <= size - 1


def test_arrow_span_clears_the_troop_and_stops_short_of_the_target() -> None:
    a, b = (0.0, 0.0), (30.0, 40.0)  # 50 apart
    p0, p1, (ux, uy) = arrow_span(a, b, 20, 0.3, 0.16)
    assert (ux, uy) == pytest.approx((0.6, 0.8))
    assert math.dist(a, p0) == pytest.approx(6.0)
    assert math.dist(p1, b) == pytest.approx(3.2)
    assert math.dist(p0, p1) == pytest.approx(50 - 6.0 - 3.2)
    same = arrow_span(a, a, 20, 0.3, 0.16)  # a degenerate arrow must not divide by zero
    assert same[0] == a and same[1] == a


def test_arrow_polygon_widths_and_tip() -> None:
    a, b = (0.0, 0.0), (100.0, 0.0)
    poly = arrow_polygon(a, b, 10, 26, 22)
    assert len(poly) == 7 and poly[3] == b
    assert math.dist(poly[0], poly[6]) == pytest.approx(10)  # the shaft's width at the tail
    assert math.dist(poly[2], poly[4]) == pytest.approx(26)  # the head's width at its neck
    assert poly[2][0] == pytest.approx(100 - 22)
    for k in range(3):  # mirrored about the shaft's axis
        assert poly[k][0] == pytest.approx(poly[6 - k][0]) and poly[k][1] == pytest.approx(-poly[6 - k][1])


@pytest.mark.parametrize(
    ("name", "direction"),
    [
        ("a5", (-1, 0)),  # west edge
        ("h4", (1, 0)),  # east edge
        ("e1", (0, 1)),  # rank 1 is drawn at the bottom: the south shore is below
        ("d8", (0, -1)),
        ("a1", (-1, 0)),  # corners: the fixed tie-break
        ("h1", (0, 1)),
        ("h8", (0, -1)),
        ("a8", (-1, 0)),
    ],
)
def test_sea_troops_sail_in_from_the_nearest_shore(name: str, direction: tuple[int, int]) -> None:
    geo = R.geometry(8)
    assert shore_direction(geo.index(name), 8) == direction


def test_order_codes_from_clicked_squares() -> None:
    geo = R.geometry(8)
    c3 = geo.index("c3")
    expected = {"d4": 1, "b4": 2, "d2": 3, "b2": 4, "c4": 5, "d3": 6, "c2": 7, "b3": 8}
    for name, code in expected.items():
        assert order_code_towards(geo, c3, geo.index(name)) == code
        assert R.order_target(geo, c3, code) == geo.index(name)
    assert order_code_towards(geo, c3, geo.index("e5")) is None
    assert order_code_towards(geo, c3, c3) is None
    for sq in range(64):  # the inverse of the rules' order_target wherever that lands on the board
        for code in range(1, 9):
            target = R.order_target(geo, sq, code)
            if target >= 0:
                assert order_code_towards(geo, sq, target) == code


def test_shards_start_as_the_tile_and_drift_apart() -> None:
    s = 40
    assert [shard_offset(qx, qy, s, 0.0) for qx in (0, 1) for qy in (0, 1)] == [
        (-10.0, -10.0),
        (-10.0, 10.0),
        (10.0, -10.0),
        (10.0, 10.0),
    ]
    left, right = shard_offset(0, 1, s, 0.6), shard_offset(1, 1, s, 0.6)
    assert left[0] == pytest.approx(-right[0]) and left[1] == pytest.approx(right[1])
    spreads = [shard_offset(1, 0, s, p / 10)[0] for p in range(11)]
    assert spreads == sorted(spreads) and spreads[-1] == pytest.approx(17.0)
    assert shard_offset(1, 0, s, 1.0)[1] == pytest.approx(-17.0 + 8.0)  # sinking as it drifts


# -- the table's layout --------------------------------------------------------------------------------------
def test_layout_known_values() -> None:
    # 992 / 17.56 = 56.5 across, 692 / 12.96 = 53.4 down: s = 53, pad 25, roster 111, gap 11, frame 686
    table = TableLayout.fit(pygame.Rect(0, 0, 1000, 700), 12)
    assert table.s == 53 and table.pad == 25
    assert table.frame == pygame.Rect(157, 7, 686, 686)
    assert table.rosters == {"black": pygame.Rect(35, 7, 111, 686), "white": pygame.Rect(854, 7, 111, 686)}
    assert table.head("black") == pygame.Rect(35, 7, 111, 85)
    assert table.slots["black"][0] == pygame.Rect(39, 96, 103, 108)
    assert table.grid.rect == pygame.Rect(182, 32, 636, 636)
    assert (table.token_size, table.mini_size) == (42, 35)


@pytest.mark.parametrize("n", [8, 10, 12, 14])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (700, 520)])
def test_layout_fits_and_keeps_its_parts_apart(n: int, size: tuple[int, int]) -> None:
    rect = pygame.Rect((30, 40), size)
    table = TableLayout.fit(rect, n)
    grid = table.grid.rect
    assert rect.contains(table.frame) and table.frame.contains(grid)
    assert grid.left - table.frame.left == table.frame.right - grid.right  # the frame is even
    assert grid.top - table.frame.top == table.frame.bottom - grid.bottom
    black, white = table.rosters["black"], table.rosters["white"]
    assert black.right < table.frame.left and white.left > table.frame.right
    for player, roster in table.rosters.items():
        assert rect.contains(roster) and 84 <= roster.width <= 132
        slots = table.slots[player]
        assert len(slots) == 5 and slots[0].top > table.head(player).bottom
        assert all(roster.contains(slot) for slot in slots)
        assert all(a.bottom == b.top for a, b in itertools.pairwise(slots))


@pytest.mark.parametrize("n", [8, 14])
def test_squares_map_to_pixels_and_back(n: int) -> None:
    table = TableLayout.fit(pygame.Rect(0, 0, 1280, 800), n)
    grid = table.grid.rect
    assert table.square_rect(0).bottomleft == grid.bottomleft  # a1 bottom left, as in the diagrams
    assert table.square_rect(n * n - 1).topright == grid.topright
    for sq in range(n * n):
        rect = table.square_rect(sq)
        assert rect.size == (table.s, table.s)
        assert table.square_at(rect.center) == sq
        assert table.square_at(rect.topleft) == sq
        assert table.square_at((rect.right - 1, rect.bottom - 1)) == sq
        assert table.center(sq) == (float(rect.centerx), float(rect.centery))
        if sq % n:
            assert table.center(sq)[0] == table.center(sq - 1)[0] + table.s  # files go right
        if sq >= n:
            assert table.center(sq)[1] == table.center(sq - n)[1] - table.s  # ranks go up
    for outside in ((grid.left - 1, grid.centery), (grid.right, grid.centery), (grid.centerx, grid.top - 1)):
        assert table.square_at(outside) is None
    assert table.square_at((grid.centerx, grid.bottom)) is None


def test_square_size_grows_with_the_window_within_its_limits() -> None:
    sizes = [TableLayout.fit(pygame.Rect(0, 0, w, w * 5 // 8), 12).s for w in range(300, 3001, 100)]
    assert sizes == sorted(sizes)
    assert sizes[0] == 18 and sizes[-1] == 76
    assert (token_size(50), mini_size(50), mini_size(76)) == (40, 33, 44)


def test_unplaced_layout_is_a_plain_grid() -> None:
    table = TableLayout.unplaced(8)
    assert table.s == 80 and table.grid.rect == pygame.Rect(0, 0, 640, 640)
    assert table.rosters == {} and table.slots == {"black": [], "white": []}
    assert table.square_at((5, 635)) == 0


# -- what a resolution shows over time ---------------------------------------------------------------------
def test_plan_shows_the_position_before_then_after() -> None:
    match = Match("nelaxtam", {}, {"black": Seat(), "white": Seat()})
    match.initial = R.from_text(FIGHT)
    state: Any = match.state
    match.submit("black", state.parse_move("black", "1xe,2ne"))
    turn = match.submit("white", state.parse_move("white", "1ne,2xs"))
    assert turn is not None
    after: Any = turn.after
    plan = plan_turn(turn, Timeline(1.0))
    assert plan.kind == "orders" and plan.report == after.last_report
    assert plan.territory_at(0.0) == state.territory
    assert plan.troops_at(0.0) == {"black": state.troops[0], "white": state.troops[1]}
    assert plan.score_before(0.0) == state.score()
    assert plan.revealed_orders("black") == {1: 6, 2: 1}
    end = 100.0
    assert plan.territory_at(end) == after.territory
    assert plan.troops_at(end) == {"black": after.troops[0], "white": after.troops[1]}
    assert plan.score_before(end) is None
    assert plan.score is not None and plan.crack is not None
    assert plan.territory_at(plan.crack.start) == state.territory  # nothing sinks before it cracks
