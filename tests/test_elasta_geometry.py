"""Elasta's table geometry without a display: the band's curve and spring, where the table's parts
sit and what a point hits, and where the sticks are during a reveal."""

from __future__ import annotations

import math
from itertools import pairwise

import pygame
import pytest

from game.elasta import rules as R
from game.match import Match, Seat
from scenes.games.elasta.band import (
    band_pegs,
    band_strokes,
    catmull_rom,
    elastic,
    shake,
    span_widths,
    stretch_of,
    stroke_edges,
)
from scenes.games.elasta.layout import MAX_SQUARE, MIN_SQUARE, TableLayout
from scenes.games.elasta.reveal import lines_at, plan_turn
from scenes.kit.animation import Timeline

N = R.N_FILES


def close(a: tuple[float, float], b: tuple[float, float], eps: float = 1e-9) -> bool:
    return math.dist(a, b) <= eps


# -- the spring ------------------------------------------------------------------------------------------
def test_elastic_starts_and_ends_at_rest_and_clamps_outside() -> None:
    assert elastic(0) == 0.0 and elastic(1) == 1.0
    assert elastic(-0.5) == 0.0 and elastic(1.5) == 1.0


def test_elastic_known_value() -> None:
    # 1 - e^-2.5 * cos(1.3 pi) = 1 + 0.0820850 * 0.5877853
    assert elastic(0.5) == pytest.approx(1.0482484, abs=1e-6)


def test_elastic_overshoots_about_fifteen_percent_then_settles() -> None:
    values = [elastic(i / 1000) for i in range(1001)]
    peak = max(values)
    assert 1.1 < peak < 1.2
    assert values.index(peak) < 500  # the overshoot comes early, the rest is settling
    assert all(abs(v - 1) < 0.02 for v in values[900:])
    assert all(b >= a for a, b in pairwise(values[:300]))  # rises without a wobble to the peak


# -- the curve ---------------------------------------------------------------------------------------------
def test_catmull_rom_passes_through_every_point() -> None:
    points = [(0.0, 0.0), (10.0, 5.0), (20.0, -3.0), (35.0, 8.0)]
    spans = catmull_rom(points, 6)
    assert len(spans) == 3 and all(len(span) == 7 for span in spans)
    for i, span in enumerate(spans):
        assert close(span[0], points[i], 1e-6) and close(span[-1], points[i + 1], 1e-6)


def test_catmull_rom_needs_two_points() -> None:
    assert catmull_rom([], 4) == [] and catmull_rom([(1.0, 1.0)], 4) == []


def test_catmull_rom_through_evenly_spaced_collinear_points_is_that_line() -> None:
    points = [(float(x), 50.0) for x in range(0, 100, 20)]
    for span in catmull_rom(points, 8):
        assert all(y == pytest.approx(50.0) for _, y in span)
        xs = [x for x, _ in span]
        assert all(b > a for a, b in pairwise(xs))


def test_catmull_rom_of_a_mirrored_band_is_the_mirrored_curve() -> None:
    points = [(0.0, 0.0), (10.0, 30.0), (20.0, 0.0), (30.0, 10.0)]
    mirrored = [(-x, y) for x, y in reversed(points)]
    spans = catmull_rom(points, 5)
    back = catmull_rom(mirrored, 5)
    for span, other in zip(spans, reversed(back), strict=True):
        for p, q in zip(span, reversed(other), strict=True):
            assert close(p, (-q[0], q[1]), 1e-6)


def test_a_steep_step_does_not_overshoot_its_pegs() -> None:
    """Centripetal: a band stretched over four ranks between two pegs stays between their heights."""
    points = [(0.0, 0.0), (10.0, 0.0), (20.0, 40.0), (30.0, 40.0)]
    middle = catmull_rom(points, 16)[1]
    assert all(-1e-6 <= y <= 40 + 1e-6 for _, y in middle)


def test_stroke_edges_of_a_horizontal_line() -> None:
    points = [(0.0, 10.0), (5.0, 10.0), (10.0, 10.0)]
    left, right = stroke_edges(points, [4.0, 4.0, 4.0])
    assert left == [(0.0, 8.0), (5.0, 8.0), (10.0, 8.0)]  # "left" of a band running rightwards is up
    assert right == [(0.0, 12.0), (5.0, 12.0), (10.0, 12.0)]
    left, right = stroke_edges(points, [4.0, 2.0, 0.0], shift=1.0)
    assert left == [(0.0, 7.0), (5.0, 8.0), (10.0, 9.0)]
    assert right == [(0.0, 11.0), (5.0, 10.0), (10.0, 9.0)]


def test_stroke_edges_of_a_vertical_line_lie_beside_it() -> None:
    left, right = stroke_edges([(3.0, 0.0), (3.0, 10.0)], [2.0, 2.0])
    assert left == [(4.0, 0.0), (4.0, 10.0)] and right == [(2.0, 0.0), (2.0, 10.0)]


def test_shake_keeps_the_pegs_and_bulges_the_middle_sideways() -> None:
    span = [(float(x), 0.0) for x in range(0, 11)]
    shaken = shake(span, 3.0)
    assert close(shaken[0], span[0]) and close(shaken[-1], span[-1], 1e-9)
    assert shaken[5] == pytest.approx((5.0, -3.0))  # sin(pi / 2) * amount, perpendicular
    assert [x for x, _ in shaken] == [x for x, _ in span]
    assert shake(span, 0.0) == span


# -- stretch and width -----------------------------------------------------------------------------------
def test_only_gaps_beyond_the_legal_two_ranks_stretch() -> None:
    lines = [4.0, 4.0, 6.0, 8.5, 8.0, 5.0, 4.0, 4.0]
    stretch = stretch_of(lines, N + 1)
    assert stretch[0] == 0 and stretch[-1] == 0  # the spans to the frame never stretch
    assert stretch[1] == 0  # no gap
    assert stretch[2] == 0  # a gap of exactly MAX_GAP is legal
    assert stretch[3] == pytest.approx(0.5)  # 2.5 ranks
    assert stretch[5] == 1.0  # 3 ranks: fully stretched, and no more for bigger gaps
    assert stretch_of([0.0, 7.0, *[7.0] * 6], N + 1)[1] == 1.0


def test_span_widths_are_even_on_a_slack_band_and_meet_at_the_narrower_span() -> None:
    even = span_widths([5.0, 5.0, 5.0], 4)
    assert all(w == 5.0 for ws in even for w in ws)
    ws = span_widths([6.0, 3.0, 6.0], 4)
    assert ws[0][0] == 6.0 and ws[0][-1] == 3.0 and ws[1][0] == 3.0 and ws[1][-1] == 3.0
    assert ws[2][0] == 3.0 and ws[2][-1] == 6.0
    assert all(b <= a for a, b in pairwise(ws[0]))  # narrowing towards the thin span, never widening


# -- the whole band --------------------------------------------------------------------------------------
def test_pegs_stand_on_their_file_at_their_line() -> None:
    pegs = band_pegs([0.0, 4.0, 8.0], [10.0, 20.0, 30.0], ground=500, square=50)
    assert pegs == [(10.0, 500.0), (20.0, 300.0), (30.0, 100.0)]


def test_a_slack_band_runs_from_frame_to_frame_through_every_peg() -> None:
    lines = [4.0] * N
    pegs = band_pegs(lines, [100 + 50 * f + 25 for f in range(N)], ground=600, square=50)
    strokes, base = band_strokes(pegs, lines, left=100, right=500, square=50)
    assert base == pytest.approx(6.5)
    assert len(strokes) == N + 1
    assert strokes[0].points[0] == pytest.approx((94.0, 400.0))
    assert strokes[-1].points[-1] == pytest.approx((506.0, 400.0))
    for stroke, peg in zip(strokes, pegs, strict=False):
        assert close(stroke.points[-1], peg, 1e-6)
    assert all(s.stretch == 0 and all(w == pytest.approx(base) for w in s.widths) for s in strokes)
    assert len(strokes[0].points) == 13  # 50 // 4 samples per span (8 at the least)


def test_a_stretched_span_is_thinner_and_only_it_trembles() -> None:
    lines = [4.0, 4.0, 4.0, 7.0, 7.0, 7.0, 7.0, 7.0]
    pegs = band_pegs(lines, [25.0 + 50 * f for f in range(N)], ground=400, square=50)
    still, base = band_strokes(pegs, lines, 0, 400, 50)
    shaking, _ = band_strokes(pegs, lines, 0, 400, 50, tremble=4.0)
    assert [s.stretch for s in still] == [0, 0, 0, 1.0, 0, 0, 0, 0, 0]
    assert max(still[3].widths) == pytest.approx(base / 2)
    assert still[2].widths[-1] == pytest.approx(base / 2)  # its neighbours narrow to meet it
    for calm, moved in zip(still, shaking, strict=True):
        if calm.stretch == 0:
            assert moved.points == calm.points
        else:
            assert moved.points != calm.points
            assert close(moved.points[0], calm.points[0], 1e-6) and close(
                moved.points[-1], calm.points[-1], 1e-6
            )


# -- the table -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(900, 700), (640, 560), (1400, 1000)])
def test_the_table_is_centred_inside_its_rectangle(size: tuple[int, int]) -> None:
    rect = pygame.Rect(30, 20, *size)
    table = TableLayout.fit(rect)
    assert rect.contains(table.table_rect)
    assert (
        abs(table.table_rect.centerx - rect.centerx) <= 1
        and abs(table.table_rect.centery - rect.centery) <= 1
    )
    assert table.table_rect.contains(table.frame_rect)
    assert table.frame_rect.contains(table.geo.rect)
    assert table.geo.rect.size == (N * table.s, N * table.s)


def test_square_size_is_bounded() -> None:
    assert TableLayout.fit(pygame.Rect(0, 0, 200, 150)).s == MIN_SQUARE
    assert TableLayout.fit(pygame.Rect(0, 0, 4000, 3000)).s == MAX_SQUARE
    # 692 px high / (8 + 2 x 0.34 + 2 x (0.98 + 0.14)) = 10.92 squares: 63 (the width would allow 76)
    assert TableLayout.fit(pygame.Rect(0, 0, 900, 700)).s == 63


def test_rows_trays_and_plates_are_on_their_owners_sides() -> None:
    table = TableLayout.fit(pygame.Rect(0, 0, 900, 700))
    frame = table.frame_rect
    assert all(slot.bottom <= frame.top for slot in table.slot_rects[R.BLACK])
    assert all(slot.top >= frame.bottom for slot in table.slot_rects[R.WHITE])
    assert table.tray_rects[R.WHITE].right <= frame.left and table.tray_rects[R.BLACK].left >= frame.right
    for player in (R.WHITE, R.BLACK):
        for f in range(N):  # each slot sits under (or over) its file
            assert table.slot_center(player, f)[0] == pytest.approx(table.file_x(f), abs=1)
        ys = [table.tray_center(player, chip)[1] for chip in range(N)]
        assert all(b < a for a, b in pairwise(ys))  # chip 7 on top
    assert table.plate_rects[R.WHITE].top == table.slot_rects[R.WHITE][0].top
    assert table.plate_rects[R.BLACK].top == table.slot_rects[R.BLACK][0].top


def test_sticks_sit_on_the_ranks() -> None:
    table = TableLayout.fit(pygame.Rect(0, 0, 900, 700))
    grid = table.geo.rect
    assert table.stick_y(0) == grid.bottom and table.stick_y(N) == grid.top
    assert table.stick_y(4) == pytest.approx(grid.centery, abs=1)
    assert table.file_rect(3).center == (round(table.file_x(3)), grid.centery)


def test_what_a_point_hits() -> None:
    table = TableLayout.fit(pygame.Rect(0, 0, 900, 700))
    assert table.hit(table.slot_center(R.WHITE, 2)) == ("slot", R.WHITE, 2)
    assert table.hit(table.slot_center(R.BLACK, 7)) == ("slot", R.BLACK, 7)
    assert table.hit(table.tray_center(R.BLACK, 5)) == ("tray", R.BLACK, 5)
    assert table.hit(table.geo.center_of("e4")) == ("file", None, 4)
    tray = table.tray_rects[R.WHITE]
    assert table.hit((tray.centerx, tray.top + 1)) is None  # the tray's padding, not a chip
    assert table.hit((table.table_rect.right + 50, 5)) is None
    # a drop goes to one's own slot or a board column, never the other side's slot
    assert table.drop_file(table.geo.center_of("c7"), R.WHITE) == 2
    assert table.drop_file(table.slot_center(R.WHITE, 6), R.WHITE) == 6
    assert table.drop_file(table.slot_center(R.BLACK, 6), R.WHITE) is None
    assert table.drop_file(table.tray_center(R.WHITE, 1), R.WHITE) is None


# -- the sticks during a reveal --------------------------------------------------------------------------
def test_the_sticks_move_through_every_stage_of_the_reveal() -> None:
    match = Match("elasta", {"tokens": "off"}, {R.WHITE: Seat(), R.BLACK: Seat()})
    match.play_text("05172463/47203165")
    match.play_text("01472653/34207615")
    turn = match.turns[-1]
    timeline = Timeline(1.0)
    plan = plan_turn(turn, timeline)
    assert plan is not None and plan.kind == "allot"
    report = R.resolve_turn(turn.before.lines, turn.moves[R.WHITE], turn.moves[R.BLACK])  # type: ignore[attr-defined]
    assert plan.stages == [list(turn.before.lines), report.pushed, *report.rounds]  # type: ignore[attr-defined]
    assert len(plan.tracks) == len(plan.stages) - 1 and plan.tension is not None
    assert lines_at(plan, 0.0) == [float(v) for v in turn.before.lines]  # type: ignore[attr-defined]
    assert lines_at(plan, plan.push.end) == pytest.approx(report.pushed)  # type: ignore[union-attr]
    # held over-stretched while the band is under tension, before the first round snaps
    assert lines_at(plan, (plan.tension.start + plan.tension.end) / 2) == pytest.approx(report.pushed)
    assert lines_at(plan, timeline.at_end()) == pytest.approx(list(match.state.lines))  # type: ignore[attr-defined]
    assert timeline.at_end() > plan.tracks[-1].end  # a breath before the next prompt
