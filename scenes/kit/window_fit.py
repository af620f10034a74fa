"""Where the window goes and how big it is: pure arithmetic over rectangles, no pygame.

:mod:`scenes.kit.desktop` asks SDL for the displays (their whole bounds and the usable part, without
taskbars, docks and panels) and for the window manager's frame around the window; the app
(:mod:`scenes.kit.app`) asks :func:`place` what to do with them:

- first start (nothing remembered): the largest 16:10 window whose frame (title bar included) fits the
  usable area of the first display, never below the minimum size, centred on it;
- a remembered size and position: kept while the whole window is on the displays and its title bar
  can be reached; a window left on a monitor that is gone (or under a panel, or half off the edge)
  is brought back onto the display it overlaps most, or the first one, and shrunk to fit there.

Positions are the SDL window's: the top-left corner of the client area (the picture), in desktop
coordinates; the frame lies around it. Rectangles are ``(x, y, width, height)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Rect = tuple[int, int, int, int]
"""``(x, y, width, height)`` in desktop pixels."""
Size = tuple[int, int]
Point = tuple[int, int]

RATIO = (16, 10)
"""The window's shape on a first start: the layouts are drawn and checked at 16:10."""
TITLE_BAR_SHOWN = 0.5
"""At least this share of a remembered window's title bar must lie on a usable area, or it is brought
back (so it can always be grabbed and moved)."""


@dataclass(frozen=True)
class Frame:
    """The window manager's decorations around the client area, in pixels (SDL's
    ``SDL_GetWindowBordersSize``: the title bar on top; on Windows the invisible resize borders too)."""

    top: int = 0
    left: int = 0
    bottom: int = 0
    right: int = 0

    def outer(self, size: Size, position: Point) -> Rect:
        """The rectangle the window covers, frame included, for a client area of ``size`` at
        ``position``."""
        return (
            position[0] - self.left,
            position[1] - self.top,
            size[0] + self.left + self.right,
            size[1] + self.top + self.bottom,
        )


FRAME_GUESS = Frame(top=40, left=8, bottom=8, right=8)
"""The frame assumed before the window exists (and wherever the system cannot tell): a title bar of
40 px (Windows 31 px at 100 % scaling, GNOME 37, macOS 28) and the invisible resize borders Windows
keeps around a window."""


@dataclass(frozen=True)
class Display:
    """One monitor: ``bounds``, all of it; ``usable``, what windows may cover (without the taskbar,
    the dock, the menu bar or panels)."""

    bounds: Rect
    usable: Rect


@dataclass(frozen=True)
class Placement:
    """Where the window goes: its client size and position, and whether that was fitted anew
    (``fitted``) or is the remembered one (perhaps brought back on screen: ``moved``)."""

    size: Size
    position: Point
    fitted: bool = False
    moved: bool = False


def fit_size(usable: Rect, frame: Frame = FRAME_GUESS, minimum: Size = (1024, 640)) -> Size:
    """The largest 16:10 client size whose frame fits in ``usable``; ``minimum`` when even that does
    not fit (a netbook's 1024x600: the window then hangs off the bottom, its title bar still shown)."""
    room_w = usable[2] - frame.left - frame.right
    room_h = usable[3] - frame.top - frame.bottom
    wide, high = RATIO
    height = min(room_h, (room_w * high + high - 1) // wide)  # the tallest whose width still fits
    width = height * wide // high
    if width < minimum[0] or height < minimum[1]:
        return minimum
    return width, height


def centred(size: Size, usable: Rect, frame: Frame = FRAME_GUESS) -> Point:
    """The client position that centres the framed window in ``usable``; a window taller or wider
    than the area keeps its top-left (title bar) corner inside it."""
    x, y, width, height = frame.outer(size, (0, 0))
    return (
        usable[0] + max(0, (usable[2] - width) // 2) - x,
        usable[1] + max(0, (usable[3] - height) // 2) - y,
    )


def clamp(size: Size, position: Point, usable: Rect, frame: Frame = FRAME_GUESS) -> Point:
    """``position`` moved as little as possible to bring the framed window inside ``usable`` (its
    top-left corner first, when it is too big for the area)."""
    x, y, width, height = frame.outer(size, position)
    x = max(usable[0], min(x, usable[0] + usable[2] - width))
    y = max(usable[1], min(y, usable[1] + usable[3] - height))
    return x + frame.left, y + frame.top


def overlap(a: Rect, b: Rect) -> int:
    """The area two rectangles share."""
    width = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    height = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0, width) * max(0, height)


def _covered(rect: Rect, areas: Sequence[Rect]) -> int:
    """How much of ``rect`` the (distinct, side by side) ``areas`` cover."""
    return min(rect[2] * rect[3], sum(overlap(rect, area) for area in set(areas)))


def on_screen(size: Size, position: Point, displays: Sequence[Display], frame: Frame = FRAME_GUESS) -> bool:
    """The framed window lies wholly on the displays (across several is fine) and at least
    :data:`TITLE_BAR_SHOWN` of its title bar is on a usable area (not under a panel, not off the
    top), so it can be seen whole and grabbed."""
    outer = frame.outer(size, position)
    if outer[2] <= 0 or outer[3] <= 0 or _covered(outer, [d.bounds for d in displays]) < outer[2] * outer[3]:
        return False
    bar = (outer[0], outer[1], outer[2], max(1, frame.top))
    return _covered(bar, [d.usable for d in displays]) >= TITLE_BAR_SHOWN * bar[2] * bar[3]


def _fits(size: Size, usable: Rect, frame: Frame) -> bool:
    return size[0] + frame.left + frame.right <= usable[2] and size[1] + frame.top + frame.bottom <= usable[3]


def place(
    displays: Sequence[Display],
    size: Size | None = None,
    position: Point | None = None,
    frame: Frame = FRAME_GUESS,
    minimum: Size = (1024, 640),
) -> Placement:
    """Where the window goes, given the remembered ``size`` and ``position`` (None: nothing
    remembered) and the ``displays`` (the first is the main one; at least one).

    - a size of at least ``minimum`` at a position :func:`on_screen`: kept as it was;
    - otherwise the display the window overlaps most is its home (the main one when it overlaps
      none, or nothing is remembered);
    - no size, one below ``minimum``, or one too big for its home (a smaller monitor now): fitted
      there (:func:`fit_size`) and centred;
    - no position: centred on its home;
    - a position off the displays, or a title bar out of reach: moved onto its home as little as
      possible (:func:`clamp`)."""
    if not displays:
        raise ValueError("no display to place the window on")
    kept = size if size is not None and size[0] >= minimum[0] and size[1] >= minimum[1] else None
    if kept is not None and position is not None and on_screen(kept, position, displays, frame):
        return Placement(kept, position)
    home = displays[0]
    if position is not None:
        outer = frame.outer(kept or minimum, position)
        best = max(displays, key=lambda d: overlap(outer, d.bounds))
        if overlap(outer, best.bounds) > 0:
            home = best
    if kept is None or not _fits(kept, home.usable, frame):
        fitted = fit_size(home.usable, frame, minimum)
        return Placement(fitted, centred(fitted, home.usable, frame), fitted=True)
    if position is None:
        return Placement(kept, centred(kept, home.usable, frame))
    return Placement(kept, clamp(kept, position, home.usable, frame), moved=True)
