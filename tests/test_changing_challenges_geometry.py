"""The see-saw's geometry on its own: tilt, rotation about the fulcrum, layout and the gauge, with
no display (only pygame.Rect, which needs none)."""

from __future__ import annotations

import itertools
import math
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.changing_challenges import board as B
from scenes.games.changing_challenges.geometry import (
    COLS,
    CW_WEIGHT,
    GAUGE_OVERSHOOT,
    LIMIT,
    MAX_TILT,
    PAD,
    RAIL_ZONE,
    ROWS,
    TILT_SCALE,
    Seesaw,
    crash_angle,
    extents,
    rotate,
    tilt_for,
)

RECTS = [pygame.Rect(0, 0, 900, 680), pygame.Rect(30, 70, 1003, 577), pygame.Rect(5, 5, 420, 300)]


@pytest.fixture(params=RECTS, ids=lambda r: f"{r.width}x{r.height}")
def geo(request: pytest.FixtureRequest) -> Seesaw:
    return Seesaw.fit(request.param)


# tilt ----------------------------------------------------------------------------------------------
def test_level_when_balanced() -> None:
    assert tilt_for(0) == 0.0


def test_tilt_known_values() -> None:
    assert tilt_for(TILT_SCALE) == pytest.approx(MAX_TILT * (1 - 1 / math.e))  # ~63 % at the scale
    assert tilt_for(1) == pytest.approx(5 * (1 - math.exp(-1 / 8)))  # 0.59°: a pawn step shows
    assert tilt_for(1) > 0.5


def test_tilt_is_odd_monotonic_and_bounded() -> None:
    moments = [m / 2 for m in range(-200, 201)]
    angles = [tilt_for(m) for m in moments]
    assert all(b > a for a, b in itertools.pairwise(angles))
    assert all(abs(a) < MAX_TILT for a in angles)
    for m in moments:
        assert tilt_for(-m) == -tilt_for(m)
    assert tilt_for(1000) == pytest.approx(MAX_TILT)


def test_right_end_goes_down_for_a_positive_moment() -> None:
    assert tilt_for(12) > 0 > tilt_for(-12)


# rotation ------------------------------------------------------------------------------------------
def test_rotate_is_clockwise_on_screen() -> None:
    x, y = rotate((1.0, 0.0), 90)
    assert (x, y) == pytest.approx((0.0, 1.0))  # right turns to down (y grows downward)
    x, y = rotate((0.0, -1.0), 90)
    assert (x, y) == pytest.approx((1.0, 0.0))  # up turns to right


def test_rotate_keeps_length_and_undoes() -> None:
    v = (3.0, -4.0)
    for angle in (0.0, 7.5, -33.0, 180.0):
        turned = rotate(v, angle)
        assert math.hypot(*turned) == pytest.approx(5.0)
        assert rotate(turned, -angle) == pytest.approx(v)


def test_crash_angle_known_values_and_cap() -> None:
    assert crash_angle(1, 2) == pytest.approx(30.0)
    assert crash_angle(0, 5) == 0.0
    assert crash_angle(3, 2) == pytest.approx(math.degrees(math.asin(0.95)))  # never upright


def test_extents_level_and_crashed() -> None:
    half, above, below = extents(0.0)
    assert half == pytest.approx(COLS / 2 + PAD + 0.1)
    assert above == pytest.approx(7 + 2 * PAD + RAIL_ZONE + 0.12)
    crashed = extents(8.0)
    assert crashed[0] > half and crashed[1] > above  # a leaning board needs more room
    assert crashed[2] == below  # what stands still does not move


# layout --------------------------------------------------------------------------------------------
def test_default_is_not_laid_out() -> None:
    geo = Seesaw()
    assert geo.s == 40 and geo.crash_angle == 7.0 and geo.frame.size == (0, 0)


def test_squares_round_trip(geo: Seesaw) -> None:
    seen = set()
    for sq in range(B.SIZE):
        rect = geo.square_rect(sq)
        assert rect.size == (geo.s, geo.s)
        assert geo.square_at(rect.center) == sq
        assert geo.square_at(rect.topleft) == sq
        assert geo.square_at((rect.right - 1, rect.bottom - 1)) == sq
        seen.add(rect.topleft)
    assert len(seen) == B.SIZE


def test_board_lies_down(geo: Seesaw) -> None:
    """Ranks run left to right (rank 1 at the left end), files a-g top to bottom."""
    a1, a15, g1 = (geo.square_rect(B.square_index(n)) for n in ("a1", "a15", "g1"))
    assert a1.top == a15.top and a15.left - a1.left == (COLS - 1) * geo.s
    assert a1.left == g1.left and g1.top - a1.top == (ROWS - 1) * geo.s


def test_off_the_field_is_no_square(geo: Seesaw) -> None:
    a1 = geo.square_rect(B.square_index("a1"))
    g15 = geo.square_rect(B.square_index("g15"))
    assert geo.square_at((a1.left - 1, a1.top)) is None
    assert geo.square_at((a1.left, a1.top - 1)) is None
    assert geo.square_at((g15.right, g15.bottom - 1)) is None
    assert geo.square_at((g15.right - 1, g15.bottom)) is None


def test_pivot_under_the_centre_line(geo: Seesaw) -> None:
    d8 = geo.cell(B.square_index("d8"))
    assert geo.pivot[0] == d8.centerx and geo.pivot[1] == geo.frame.bottom
    assert geo.pivot_screen[0] == geo.area.centerx
    assert abs(geo.line_x(0) - geo.pivot[0]) <= 0.5
    assert geo.line_x(CW_WEIGHT) - geo.line_x(-CW_WEIGHT) == 2 * CW_WEIGHT * geo.s
    assert geo.rail_y() < geo.frame.top


def test_everything_fits_even_crashed(geo: Seesaw) -> None:
    area = geo.area
    assert 16 <= geo.s <= 90
    for angle in (0.0, geo.crash_angle, -geo.crash_angle):
        for corner in (geo.frame.topleft, geo.frame.topright, geo.frame.bottomleft, geo.frame.bottomright):
            x, y = geo.to_screen(corner, angle)
            assert area.left <= x <= area.right and area.top <= y <= area.bottom, (angle, corner)
    assert geo.floor_y > geo.pivot_screen[1]
    assert area.contains(geo.gauge_rect) and geo.gauge_rect.top > geo.floor_y


def test_bigger_area_bigger_board() -> None:
    sizes = [Seesaw.fit(pygame.Rect(0, 0, w, round(w * 0.75))).s for w in (300, 500, 800, 1200, 3000)]
    assert sizes == sorted(sizes) and sizes[0] == 16 and sizes[-1] == 90


# projecting onto the tilted board ----------------------------------------------------------------
def test_level_projection_is_the_click_mapping(geo: Seesaw) -> None:
    for sq in range(B.SIZE):
        assert geo.to_screen(geo.cell_center(sq), 0.0) == geo.square_rect(sq).center
    w, h = geo.deck_size
    assert geo.deck_center(0.0) == (geo.deck_pos[0] + w / 2, geo.deck_pos[1] + h / 2)


def test_tilting_turns_about_the_apex(geo: Seesaw) -> None:
    a8, a15 = geo.cell_center(B.square_index("a8")), geo.cell_center(B.square_index("a15"))
    a1 = geo.cell_center(B.square_index("a1"))
    for angle in (2.0, -3.5, geo.crash_angle):
        assert geo.to_screen(geo.pivot, angle) == pytest.approx(geo.pivot_screen)
        p, q = geo.to_screen(a1, angle), geo.to_screen(a15, angle)
        assert math.dist(p, q) == pytest.approx(math.dist(a1, a15))  # the board does not stretch
    level_right, level_left = geo.to_screen(a15, 0)[1], geo.to_screen(a1, 0)[1]
    assert geo.to_screen(a15, 4.0)[1] > level_right  # clockwise: the right (Circles') end goes down
    assert geo.to_screen(a1, 4.0)[1] < level_left
    # a square straight above the pivot swings toward the low end by its height times sin(angle)
    height = geo.pivot[1] - a8[1]
    x, y = geo.to_screen(a8, 4.0)
    assert x == pytest.approx(geo.pivot_screen[0] + height * math.sin(math.radians(4.0)))
    assert y == pytest.approx(geo.pivot_screen[1] - height * math.cos(math.radians(4.0)))


def test_tilts_mirror_each_other(geo: Seesaw) -> None:
    end = (geo.pivot[0] + 5 * geo.s, geo.pivot[1])
    mirrored = (geo.pivot[0] - 5 * geo.s, geo.pivot[1])
    down = geo.to_screen(end, 3.0)[1] - geo.pivot_screen[1]
    up = geo.to_screen(mirrored, 3.0)[1] - geo.pivot_screen[1]
    assert down == pytest.approx(-up) and down > 0


def test_crashed_end_rests_on_the_floor(geo: Seesaw) -> None:
    half = geo.frame.width / 2
    for direction in (1, -1):
        end = (geo.pivot[0] + direction * half, geo.pivot[1])
        x, y = geo.to_screen(end, direction * geo.crash_angle)
        assert y == pytest.approx(geo.floor_y)
        assert x == pytest.approx(geo.crash_contact_x(direction))


# the gauge ----------------------------------------------------------------------------------------------
def test_gauge_scale(geo: Seesaw) -> None:
    bar = geo.gauge_bar()
    assert geo.gauge_rect.contains(bar) and bar.width > 0
    assert geo.gauge_x(0) == bar.centerx
    assert geo.gauge_x(LIMIT) == pytest.approx(bar.centerx + bar.width / 2)
    assert geo.gauge_x(-LIMIT) == pytest.approx(bar.centerx - bar.width / 2)
    assert geo.gauge_x(20) - geo.gauge_x(0) == pytest.approx(geo.gauge_x(0) - geo.gauge_x(-20))
    xs = [geo.gauge_x(m) for m in range(-LIMIT, LIMIT + 1)]
    assert all(b > a for a, b in itertools.pairwise(xs))


def test_gauge_clamps_just_past_the_limit(geo: Seesaw) -> None:
    edge = geo.gauge_x(LIMIT * GAUGE_OVERSHOOT)
    assert geo.gauge_x(LIMIT + 100) == edge > geo.gauge_x(LIMIT)
    assert geo.gauge_x(-LIMIT - 100) == geo.gauge_x(-LIMIT * GAUGE_OVERSHOOT) < geo.gauge_x(-LIMIT)


def test_geometry_needs_no_display() -> None:
    code = (
        "import pygame\n"
        "from scenes.games.changing_challenges.geometry import Seesaw, tilt_for\n"
        "geo = Seesaw.fit(pygame.Rect(0, 0, 900, 680))\n"
        "geo.to_screen(geo.cell_center(50), tilt_for(12)); geo.gauge_x(30)\n"
        "assert not pygame.display.get_init() and not pygame.font.get_init()\n"
    )
    root = Path(__file__).resolve().parent.parent
    subprocess.run(
        [sys.executable, "-c", code], check=True, cwd=root, env={"PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    )
