"""The window's first size and its place (scenes/kit/window_fit.py): pure arithmetic, no display."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.kit.desktop import TASKBAR_GUESS, estimated
from scenes.kit.window_fit import (
    FRAME_GUESS,
    Display,
    Frame,
    centred,
    clamp,
    fit_size,
    on_screen,
    overlap,
    place,
)

MIN = (1024, 640)
OPENBOX = Frame(top=20, left=1, bottom=5, right=1)
"""The frame Openbox's default theme draws (measured under Xvfb)."""


def screen(width: int, height: int, taskbar: int = 0, x: int = 0, y: int = 0) -> Display:
    return Display((x, y, width, height), (x, y, width, height - taskbar))


def inside(rect: tuple[int, int, int, int], area: tuple[int, int, int, int]) -> bool:
    return (
        area[0] <= rect[0]
        and area[1] <= rect[1]
        and rect[0] + rect[2] <= area[0] + area[2]
        and rect[1] + rect[3] <= area[1] + area[3]
    )


@pytest.mark.parametrize(
    ("display", "frame", "expected"),
    [
        (screen(1366, 768), OPENBOX, (1188, 743)),  # the laptop, measured under Xvfb
        (screen(1280, 720), OPENBOX, (1112, 695)),
        (screen(1280, 800), OPENBOX, (1240, 775)),
        (screen(1920, 1080), OPENBOX, (1688, 1055)),
        (screen(1366, 768, taskbar=48), OPENBOX, (1112, 695)),
        (screen(1366, 768, taskbar=40), FRAME_GUESS, (1088, 680)),  # Windows: taskbar, title bar
        (screen(1920, 1080, taskbar=48), FRAME_GUESS, (1574, 984)),
        (screen(2560, 1440), Frame(), (2304, 1440)),  # no window manager: no frame at all
        (screen(1280, 1024), OPENBOX, (1278, 799)),  # 5:4: the width decides
        (screen(1024, 600), OPENBOX, MIN),  # too small for anything: the minimum, title bar shown
        (screen(800, 600), FRAME_GUESS, MIN),
    ],
)
def test_first_size_is_the_largest_16_by_10_that_fits(
    display: Display, frame: Frame, expected: tuple[int, int]
) -> None:
    assert fit_size(display.usable, frame, MIN) == expected
    placed = place([display], frame=frame, minimum=MIN)
    assert placed.size == expected and placed.fitted
    outer = frame.outer(placed.size, placed.position)
    if expected != MIN:
        assert inside(outer, display.usable)
        # centred: the room left is shared out evenly (to a pixel)
        ux, uy, uw, uh = display.usable
        left, right = outer[0] - ux, ux + uw - outer[0] - outer[2]
        top, bottom = outer[1] - uy, uy + uh - outer[1] - outer[3]
        assert abs(left - right) <= 1 and abs(top - bottom) <= 1
    else:  # a screen below the minimum: the title bar's corner stays on it
        assert outer[:2] == display.usable[:2]


def test_centred_and_clamped_positions() -> None:
    usable = (0, 0, 1366, 728)
    # framed: 1088 + 8 + 8 = 1104 wide, 680 + 40 + 8 = 728 high
    assert centred((1088, 680), usable, FRAME_GUESS) == ((1366 - 1104) // 2 + 8, 0 + 40)
    assert clamp((1088, 680), (5000, 5000), usable, FRAME_GUESS) == (1366 - 1104 + 8, 728 - 728 + 40)
    assert clamp((1088, 680), (-900, -900), usable, FRAME_GUESS) == (8, 40)
    assert clamp((1100, 700), (150, 80), usable, Frame()) == (150, 28)
    assert overlap((0, 0, 10, 10), (5, 5, 10, 10)) == 25 and overlap((0, 0, 10, 10), (20, 0, 5, 5)) == 0


def test_remembered_window_comes_back_where_it_was() -> None:
    displays = [screen(1366, 768, taskbar=48)]
    placed = place(displays, (1100, 680), (151, 30), OPENBOX, MIN)
    assert (placed.size, placed.position) == ((1100, 680), (151, 30))
    assert not placed.fitted and not placed.moved


def test_window_over_the_taskbar_is_kept_but_not_one_with_its_title_bar_off_the_top() -> None:
    displays = [screen(1366, 768, taskbar=48)]
    assert place(displays, (1100, 680), (151, 80), OPENBOX, MIN).position == (151, 80)  # bottom under the bar
    back = place(displays, (1100, 680), (151, 5), OPENBOX, MIN)  # title bar above the screen
    assert back.moved and back.position == (151, 20)


def test_window_on_an_unplugged_monitor_comes_back_to_the_main_one() -> None:
    laptop = screen(1366, 768, taskbar=40)
    placed = place([laptop], (1200, 700), (2500, 300), OPENBOX, MIN)  # the monitor was on the right
    assert placed.moved and placed.size == (1200, 700)
    assert inside(OPENBOX.outer(placed.size, placed.position), laptop.usable)
    # as little a move as possible: to the right edge, and up just enough to clear the taskbar
    assert placed.position == (1366 - 1201, 728 - 725 + 20)


def test_window_too_big_for_the_monitor_left_is_fitted_there() -> None:
    laptop = screen(1366, 768)
    placed = place([laptop], (1800, 1000), (2100, 60), OPENBOX, MIN)  # was on a 1920x1080 monitor
    assert placed.fitted and placed.size == (1188, 743)
    assert inside(OPENBOX.outer(placed.size, placed.position), laptop.usable)


def test_second_monitor_is_kept_and_a_window_across_two_is_fine() -> None:
    left, right = screen(1920, 1080, taskbar=48), screen(1366, 768, x=1920, y=100)
    displays = [left, right]
    assert place(displays, (1100, 660), (2000, 150), OPENBOX, MIN).position == (2000, 150)
    assert place(displays, (1100, 660), (1500, 150), OPENBOX, MIN).position == (1500, 150)  # across
    # below the smaller right-hand monitor: onto it, the one it overlaps most
    moved = place(displays, (1100, 660), (2100, 400), OPENBOX, MIN)
    assert moved.moved and inside(OPENBOX.outer(moved.size, moved.position), right.usable)
    # nothing remembered: the first display, whatever the others
    first = place(displays, frame=OPENBOX, minimum=MIN)
    assert inside(OPENBOX.outer(first.size, first.position), left.usable)


@pytest.mark.parametrize("size", [(800, 500), (1024, 639), (0, 0)])
def test_a_remembered_size_below_the_minimum_is_fitted_again(size: tuple[int, int]) -> None:
    placed = place([screen(1366, 768)], size, (10, 30), OPENBOX, MIN)
    assert placed.fitted and placed.size == (1188, 743)


def test_remembered_size_without_position_is_centred() -> None:
    placed = place([screen(1366, 768)], (1100, 680), None, OPENBOX, MIN)
    assert placed.size == (1100, 680) and placed.position == ((1366 - 1102) // 2 + 1, (768 - 705) // 2 + 20)


def test_no_display_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        place([])


def test_displays_estimated_from_their_sizes() -> None:
    one, two = estimated([(1920, 1080), (1366, 768)])
    assert one == Display((0, 0, 1920, 1080), (0, 0, 1920, 1080 - TASKBAR_GUESS))
    assert two.bounds == (1920, 0, 1366, 768)


frames = st.builds(Frame, st.integers(0, 60), st.integers(0, 12), st.integers(0, 12), st.integers(0, 12))
displays_big_enough = st.builds(
    lambda w, h, taskbar, x, y: screen(w, h + taskbar, taskbar, x, y),
    st.integers(1024 + 24 + 40, 7680),
    st.integers(640 + 72, 4320),
    st.integers(0, 80),
    st.integers(-4000, 4000),
    st.integers(-2000, 2000),
)


@settings(max_examples=400, deadline=None)
@given(displays_big_enough, frames)
def test_any_display_big_enough_gets_a_16_by_10_window_that_fits(display: Display, frame: Frame) -> None:
    placed = place([display], frame=frame, minimum=MIN)
    width, height = placed.size
    assert width >= MIN[0] and height >= MIN[1]
    assert 1.6 - 1 / height < width / height <= 1.6
    assert inside(frame.outer(placed.size, placed.position), display.usable)
    assert on_screen(placed.size, placed.position, [display], frame)
    # the largest: one pixel taller (and 16:10) would not fit
    taller = (height + 1) * 16 // 10, height + 1
    assert (
        taller[0] + frame.left + frame.right > display.usable[2]
        or taller[1] + frame.top + frame.bottom > display.usable[3]
    )


@settings(max_examples=400, deadline=None)
@given(
    st.lists(displays_big_enough, min_size=1, max_size=3),
    frames,
    st.tuples(st.integers(1024, 3000), st.integers(640, 2000)),
    st.tuples(st.integers(-30000, 30000), st.integers(-30000, 30000)),
)
def test_any_remembered_window_ends_up_reachable(
    displays: list[Display], frame: Frame, size: tuple[int, int], position: tuple[int, int]
) -> None:
    placed = place(displays, size, position, frame, MIN)
    if on_screen(size, position, displays, frame):
        assert placed.size == size and placed.position == position and not placed.moved
        return
    outer = frame.outer(placed.size, placed.position)
    # brought back: wholly on one display's usable area, title bar and all
    assert any(inside(outer, d.usable) for d in displays)
    assert on_screen(placed.size, placed.position, displays, frame)
    assert placed.size == size or placed.fitted
