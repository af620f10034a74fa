"""Where everything of the see-saw is, and how far it leans: pure geometry, no display needed.

The balance runs along the 15 ranks, so the board is drawn *lying down*: ranks left to right
(Triangles' storage at the left end, Circles' at the right), files a-g as rows from the top, on a
fulcrum under the centre line, a counterweight rail above and the moment gauge below.

Everything that tilts is composed on one "deck" in level coordinates and turned about the
fulcrum's apex only while it leans; :class:`Seesaw` holds the level layout and maps deck points to
the screen at any angle. Clicks are taken only while the board is level, so the click mapping
never has to undo a rotation. Kept free of drawing so the numbers can be tested on their own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.changing_challenges import board as B

Point = tuple[float, float]

COLS, ROWS = B.HEIGHT, B.WIDTH  # drawn lying down: 15 lines across, 7 files down
CENTRE_COL = B.CENTRE_RANK - 1
LIMIT = B.TIP_LIMIT
CW_WEIGHT = B.COUNTERWEIGHT

# proportions, in squares -------------------------------------------------------------------------------
PAD = 0.4  # frame border holding the coordinates
RAIL_GAP = 0.14  # between the rail and the frame
RAIL_H = 0.16
WEIGHT_W, WEIGHT_H = 0.9, 0.62
RAIL_ZONE = WEIGHT_H + RAIL_H + RAIL_GAP
FULCRUM_H = 1.0  # pivot (frame bottom) to floor: sets the angle at which the board crashes
FLOOR_H = 0.22
GAUGE_GAP = 0.34
GAUGE_H = 1.2  # bar, pointer and labels
MAX_TILT = 5.0
"""Degrees the board leans at most while the counterweight still catches it (the crash is steeper)."""
TILT_SCALE = 8.0
"""Unbalanced moment at which the lean reaches ~63% of MAX_TILT: a pawn step still shows."""
GAUGE_OVERSHOOT = 1.06
"""How far past ±LIMIT the gauge's knob may go: a tipped moment shows beyond the end, not off it."""


def tilt_for(unbalanced: float) -> float:
    """Degrees clockwise (right end down) the board leans for an unbalanced moment: it follows
    the moment's sign and grows with its size, easing toward MAX_TILT so that a pawn step is
    visible and a queen's long slide is not absurd."""
    if not unbalanced:
        return 0.0
    return math.copysign(MAX_TILT * (1 - math.exp(-abs(unbalanced) / TILT_SCALE)), unbalanced)


PLAY_LEAN = 1.2
"""Degrees the board leans at most during play, with the coach on, as the moment nears tipping: a
hint of which way it would fall, small enough that the squares stay where the eye expects them."""


def lean_for(moment: float) -> float:
    """Degrees clockwise (right end down) the balanced board leans during play for ``moment``: toward
    the heavier half, in proportion to how near it is to tipping (the counterweight really keeps it
    level; the lean is the coach's picture of how far it is from tipping each way)."""
    if not moment:
        return 0.0
    return math.copysign(PLAY_LEAN * min(1.0, abs(moment) / LIMIT), moment)


def rotate(v: Point, degrees: float) -> Point:
    """``v`` turned ``degrees`` clockwise on screen (y points down, so clockwise is +x → +y)."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return (v[0] * c - v[1] * s, v[0] * s + v[1] * c)


def crash_angle(drop: float, half_length: float) -> float:
    """Degrees a beam of ``half_length`` each side of its pivot turns before one end has fallen
    ``drop`` (the fulcrum's height) onto the floor; capped so a tiny board never stands upright."""
    return math.degrees(math.asin(min(0.95, drop / half_length)))


def extents(crash: float) -> tuple[float, float, float]:
    """(half width, height above the pivot, height below it) of the whole picture in squares,
    with the board crashed at ``crash`` degrees: the size must fit the steepest pose."""
    half = COLS / 2 + PAD
    above = 7 + 2 * PAD + RAIL_ZONE
    xs, ys = [], []
    for corner in ((-half, -above), (half, -above), (-half, 0.0), (half, 0.0)):
        for angle in (crash, -crash):
            x, y = rotate(corner, angle)
            xs.append(abs(x))
            ys.append(y)
    below = FULCRUM_H + FLOOR_H + GAUGE_GAP + GAUGE_H
    return max(xs) + 0.1, -min(ys) + 0.12, below


def _no_rect() -> pygame.Rect:
    return pygame.Rect(0, 0, 0, 0)


@dataclass(frozen=True)
class Seesaw:
    """The see-saw laid out in a view rectangle: the level deck and what stands still around it.

    Deck coordinates (``frame``, ``grid``, ``pivot``) are those of the surface that tilts; screen
    coordinates (``pivot_screen``, ``floor_y``, ``gauge_rect``, ``area``) those of the window.
    The defaults stand for "not laid out yet" (a 40-pixel square, nothing placed)."""

    s: int = 40
    """Side of one square in pixels: every other size is a proportion of it."""
    area: pygame.Rect = field(default_factory=_no_rect)
    frame: pygame.Rect = field(default_factory=_no_rect)
    grid: tuple[int, int] = (0, 0)
    """Deck coordinates of square a1's top-left corner."""
    deck_size: tuple[int, int] = (0, 0)
    pivot: tuple[int, int] = (0, 0)
    """Deck coordinates of the fulcrum's apex, the point the deck turns about."""
    pivot_screen: tuple[int, int] = (0, 0)
    deck_pos: tuple[int, int] = (0, 0)
    """Screen position of the level deck's top-left corner."""
    floor_y: int = 0
    gauge_rect: pygame.Rect = field(default_factory=_no_rect)
    crash_angle: float = 7.0
    """Degrees the board leans once tipped: until its end rests on the floor."""

    @classmethod
    def fit(cls, rect: pygame.Rect) -> Seesaw:
        """The largest see-saw, fulcrum and gauge that fit ``rect`` with room for the crash pose
        (whole-pixel squares, so every grid line is crisp)."""
        half = COLS / 2 + PAD
        wide, above, below = extents(crash_angle(FULCRUM_H, half))
        usable = rect.inflate(-12, -8)
        s = int(min(usable.width / (2 * wide), usable.height / (above + below)))
        s = max(16, min(s, 90))
        pad = round(s * PAD)
        zone = round(s * RAIL_ZONE)
        margin = max(4, round(s * 0.2))
        frame_w, frame_h = COLS * s + 2 * pad, ROWS * s + 2 * pad
        frame = pygame.Rect(margin, margin + zone, frame_w, frame_h)
        grid = (frame.left + pad, frame.top + pad)
        deck_size = (frame_w + 2 * margin, margin + zone + frame_h + margin)
        pivot = (grid[0] + CENTRE_COL * s + s // 2, frame.bottom)
        total = (above + below) * s
        top = rect.top + max(4, int((rect.height - total) / 2))
        pivot_y = top + round(above * s)
        fulcrum_px = round(FULCRUM_H * s)
        floor_y = pivot_y + fulcrum_px
        gauge_w = min(int(s * 11.5), rect.width - 40)
        gauge_top = floor_y + round(FLOOR_H * s) + round(GAUGE_GAP * s)
        return cls(
            s=s,
            area=pygame.Rect(rect),
            frame=frame,
            grid=grid,
            deck_size=deck_size,
            pivot=pivot,
            pivot_screen=(rect.centerx, pivot_y),
            deck_pos=(rect.centerx - pivot[0], pivot_y - pivot[1]),
            floor_y=floor_y,
            gauge_rect=pygame.Rect(rect.centerx - gauge_w // 2, gauge_top, gauge_w, round(GAUGE_H * s)),
            crash_angle=crash_angle(fulcrum_px, frame_w / 2),
        )

    # -- squares ----------------------------------------------------------------------------------------
    def cell(self, sq: int) -> pygame.Rect:
        """Square ``sq`` on the deck (level coordinates): its rank is the column, its file the row."""
        s = self.s
        return pygame.Rect(self.grid[0] + (sq // ROWS) * s, self.grid[1] + (sq % ROWS) * s, s, s)

    def cell_center(self, sq: int) -> tuple[int, int]:
        return self.cell(sq).center

    def square_rect(self, sq: int) -> pygame.Rect:
        """Square ``sq`` on screen while the board is level (the only time clicks are taken)."""
        return self.cell(sq).move(self.deck_pos)

    def square_at(self, pos: tuple[int, int]) -> int | None:
        """The square under screen point ``pos`` on the level board, or None off the field."""
        s = self.s
        x = pos[0] - self.deck_pos[0] - self.grid[0]
        y = pos[1] - self.deck_pos[1] - self.grid[1]
        if x < 0 or y < 0:
            return None
        col, row = int(x // s), int(y // s)
        if col >= COLS or row >= ROWS:
            return None
        return col * ROWS + row

    def focus_rect(self) -> pygame.Rect:
        """The board's frame on screen while level (dialogs centre on it)."""
        return self.frame.move(self.deck_pos)

    # -- the rail -----------------------------------------------------------------------------------------
    def line_x(self, line: float) -> float:
        """Deck x of signed line ``line`` (negative: the Triangles' half, on the left)."""
        return self.grid[0] + (CENTRE_COL + line) * self.s + self.s / 2

    def rail_y(self) -> int:
        """Deck y of the rail's top edge, where the counterweight's saddle rests."""
        return self.frame.top - round(self.s * RAIL_GAP) - round(self.s * RAIL_H)

    # -- tilting ------------------------------------------------------------------------------------------
    def to_screen(self, point: Point, angle: float) -> Point:
        """Where deck point ``point`` is on screen with the deck turned ``angle`` degrees clockwise
        about the fulcrum's apex (the apex itself never moves)."""
        turned = rotate((point[0] - self.pivot[0], point[1] - self.pivot[1]), angle)
        return (self.pivot_screen[0] + turned[0], self.pivot_screen[1] + turned[1])

    def to_level(self, pos: tuple[int, int], angle: float) -> tuple[int, int]:
        """Where screen point ``pos`` on the deck turned ``angle`` degrees would be with the deck
        level: how a click on the leaning board finds its square (the inverse of :meth:`to_screen`,
        in the level board's screen coordinates)."""
        turned = rotate((pos[0] - self.pivot_screen[0], pos[1] - self.pivot_screen[1]), -angle)
        deck = (self.pivot[0] + turned[0], self.pivot[1] + turned[1])
        return round(deck[0] + self.deck_pos[0]), round(deck[1] + self.deck_pos[1])

    def tilted(self, pos: tuple[int, int], angle: float) -> tuple[int, int]:
        """Where the level board's screen point ``pos`` is drawn with the deck turned ``angle``."""
        x, y = self.to_screen((pos[0] - self.deck_pos[0], pos[1] - self.deck_pos[1]), angle)
        return round(x), round(y)

    def deck_center(self, angle: float) -> Point:
        """Screen centre of the deck turned ``angle`` degrees: rotating a surface keeps its centre,
        so this is where the rotated picture is centred."""
        return self.to_screen((self.deck_size[0] / 2, self.deck_size[1] / 2), angle)

    def crash_contact_x(self, direction: int) -> float:
        """Screen x where the crashed board's end (``direction`` 1 right, -1 left) meets the floor."""
        return self.pivot_screen[0] + direction * self.frame.width / 2 * math.cos(
            math.radians(self.crash_angle)
        )

    # -- the gauge ----------------------------------------------------------------------------------------
    def gauge_bar(self) -> pygame.Rect:
        """The gauge's scale: the middle band of its card, leaving room for the ±49 labels."""
        g = self.gauge_rect
        h = max(8, round(self.s * 0.26))
        side = max(36, round(self.s * 0.95))
        return pygame.Rect(g.left + side, g.top + round(g.height * 0.44) - h // 2, g.width - 2 * side, h)

    def gauge_x(self, moment: float) -> float:
        """Screen x of ``moment`` on the gauge (clamped a little past the ±49 limits)."""
        bar = self.gauge_bar()
        m = max(-LIMIT * GAUGE_OVERSHOOT, min(LIMIT * GAUGE_OVERSHOOT, moment))
        return bar.centerx + m / LIMIT * bar.width / 2
