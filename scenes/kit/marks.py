"""Marks drawn over any game's board: rings on squares, arrows between them, and stars.

A lesson points at squares ("go here", "this farmer can be eaten"); a hint points at a suggested
move the same way. Neither knows a board's geometry: they name squares in the game's notation and ask
the view where each one is drawn (:meth:`~scenes.kit.board_view.BoardView.square_center`). So one
module serves all five boards, and a board that cannot place a name simply gets no mark there. A
move's marks come from the squares the rules give it (``GameState.move_squares``), shaped by the
board (:meth:`~scenes.kit.board_view.BoardView.move_marks`): never read back from pixels or from
the notation's text.

Everything is drawn translucent onto a scratch layer, so marks tint the board without hiding the
pieces under them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Protocol

import pygame

from scenes.kit import style

Point = tuple[int, int]

TARGET = (240, 190, 100)
"""Rings on the squares a lesson asks for (the app's accent, light)."""
ARROW = (70, 140, 200)
"""Arrows of a lesson (a calm blue that reads on every board)."""
ANSWER = (92, 170, 96)
"""The model answer shown by "Show me" and a hint (green: this is the move that works)."""
THREAT = (214, 62, 50)
"""The coach's rings round a player's pieces the opponent could take next move (a warning red)."""
MAX_DRAGS = 3
"""The most drag arrows "Show me" draws (Elasta's eight chips would cross each other)."""


class Board(Protocol):
    """What marks ask of a board: where it is and where each square is drawn (every
    :class:`~scenes.kit.board_view.BoardView` is one; a protocol, so the view's module may build
    marks without the two importing each other)."""

    rect: pygame.Rect

    def square_center(self, name: str) -> tuple[int, int] | None: ...


def center_of(view: Board, name: str) -> Point | None:
    """Where ``name`` is on the board now, or None; a view that cannot read the name (it raises)
    counts as "not a square here", so a stray mark never takes a screen down."""
    try:
        point = view.square_center(name)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None
    if point is None:
        return None
    return int(point[0]), int(point[1])


def mark_radius(view: Board, names: Iterable[str]) -> int:
    """A ring size that suits the board: half the distance from a marked square to its nearest
    neighbour among the marked ones or the squares beside it, else a share of the board's size."""
    points = [p for p in (center_of(view, n) for n in names) if p is not None]
    distances: list[float] = []
    for name in names:
        here = center_of(view, name)
        if here is None:
            continue
        for other in _neighbours(name):
            there = center_of(view, other)
            if there is not None and there != here:
                distances.append(math.dist(here, there))
    for i, a in enumerate(points):
        distances.extend(math.dist(a, b) for b in points[i + 1 :] if a != b)
    if distances:
        return max(10, min(60, round(min(distances) * 0.42)))
    return max(12, min(40, min(view.rect.width, view.rect.height) // 16))


def _neighbours(name: str) -> list[str]:
    """The squares beside ``name`` on a plain grid (a letter and a number), for sizing rings."""
    file, number = name[:1], name[1:]
    if not ("a" <= file <= "z" and number.isdigit()):
        return []
    rank = int(number)
    out = [f"{file}{rank + 1}"]
    if rank > 1:
        out.append(f"{file}{rank - 1}")
    for step in (-1, 1):
        letter = chr(ord(file) + step)
        if "a" <= letter <= "z":
            out.append(f"{letter}{rank}")
    return out


@dataclass
class Marks:
    """What to draw over a board: rings on squares, arrows between squares, and (for parts of a move
    that happen off the squares, such as Elasta's chips dragged from the tray) rings and arrows at
    screen points."""

    rings: list[str] = field(default_factory=list)
    arrows: list[tuple[str, str]] = field(default_factory=list)
    points: list[Point] = field(default_factory=list)
    drags: list[tuple[Point, Point]] = field(default_factory=list)
    color: tuple[int, int, int] = TARGET
    arrow_color: tuple[int, int, int] = ARROW

    def __bool__(self) -> bool:
        return bool(self.rings or self.arrows or self.points or self.drags)

    @classmethod
    def along(cls, squares: Sequence[str]) -> Marks:
        """A piece's way in "Show me" green: an arrow from each square to the next and a ring where
        it ends (a piece and its destination make one arrow); a single square is ringed."""
        marks = cls(color=ANSWER, arrow_color=ANSWER)
        if len(squares) >= 2:
            marks.rings, marks.arrows = [squares[-1]], list(pairwise(squares))
        else:
            marks.rings = list(squares)
        return marks

    @classmethod
    def on(cls, squares: Sequence[str]) -> Marks:
        """Squares chosen one by one (farmers set out, troops landing): a ring on each."""
        return cls(rings=list(squares), color=ANSWER, arrow_color=ANSWER)

    @classmethod
    def pairs(cls, squares: Sequence[str]) -> Marks:
        """Orders of many pieces, each a piece and its target in turn (``a, a's target, b, …``): one
        arrow per piece, a ring on each target."""
        starts, ends = list(squares[0::2]), list(squares[1::2])
        arrows = list(zip(starts, ends, strict=False))
        return cls(rings=[end for _, end in arrows], arrows=arrows, color=ANSWER, arrow_color=ANSWER)

    @classmethod
    def threats(cls, squares: Sequence[str]) -> Marks:
        """The coach's warning: a red ring on each piece that can be taken next move."""
        return cls(rings=list(squares), color=THREAT, arrow_color=THREAT)

    def draw(self, surface: pygame.Surface, view: Board, clock: float = 0.0) -> None:
        """Draw onto ``surface`` (clipped by the caller to the board); ``clock`` makes rings breathe."""
        if not self:
            return
        radius = mark_radius(view, [*self.rings, *(s for a in self.arrows for s in a)])
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        pulse = 0.5 + 0.5 * math.sin(clock * 3.2)
        for start, end in self.arrows:
            a, b = center_of(view, start), center_of(view, end)
            if a is not None and b is not None and a != b:
                arrow(layer, a, b, (*self.arrow_color, 175), max(6, radius // 3), radius)
        for start_point, end_point in self.drags:
            arrow(layer, start_point, end_point, (*self.arrow_color, 175), max(6, radius // 3), radius)
        for name in self.rings:
            point = center_of(view, name)
            if point is not None:
                ring(layer, point, radius + round(3 * pulse), (*self.color, 215), max(4, radius // 6))
        for point in self.points:
            ring(layer, point, radius + round(3 * pulse), (*self.color, 215), max(4, radius // 6))
        surface.blit(layer, (0, 0))


def ring(surface: pygame.Surface, center: Point, radius: int, color: tuple[int, ...], width: int) -> None:
    """A ring with a dark hairline inside and out, so it reads on light and dark boards alike."""
    pygame.draw.circle(surface, (20, 14, 10, 110), center, radius + width // 2 + 1, 2)
    pygame.draw.circle(surface, color, center, radius, width)
    pygame.draw.circle(surface, (20, 14, 10, 90), center, max(1, radius - width - 1), 1)


def arrow(
    surface: pygame.Surface, start: Point, end: Point, color: tuple[int, ...], width: int, inset: int = 0
) -> None:
    """A thick arrow from ``start`` to ``end`` whose head stops ``inset`` pixels short of the end
    (so it points at the piece rather than covering it)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 4:
        return
    ux, uy = dx / length, dy / length
    head = min(length * 0.5, width * 2.6)
    tip_gap = min(inset * 0.9, length * 0.35)  # the head touches a ring on the end square
    tail_gap = min(inset * 0.35, length * 0.2)
    tip = (end[0] - ux * tip_gap, end[1] - uy * tip_gap)
    tail = (start[0] + ux * tail_gap, start[1] + uy * tail_gap)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    nx, ny = -uy, ux
    half = width / 2
    body = [
        (tail[0] + nx * half, tail[1] + ny * half),
        (base[0] + nx * half, base[1] + ny * half),
        (base[0] - nx * half, base[1] - ny * half),
        (tail[0] - nx * half, tail[1] - ny * half),
    ]
    wing = head * 0.62
    point = [
        (base[0] + nx * wing, base[1] + ny * wing),
        tip,
        (base[0] - nx * wing, base[1] - ny * wing),
    ]
    pygame.draw.polygon(surface, color, body)
    pygame.draw.polygon(surface, color, point)


def star_points(
    center: tuple[float, float], radius: float, inner: float = 0.45, turn: float = 0.0
) -> list[tuple[float, float]]:
    """The ten corners of a five-pointed star (one point up, then ``turn`` radians on)."""
    cx, cy = center
    corners = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * inner
        angle = -math.pi / 2 + turn + i * math.pi / 5
        corners.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return corners


def star(
    surface: pygame.Surface, center: tuple[float, float], radius: float, filled: bool, turn: float = 0.0
) -> None:
    """One star of a lesson's score: gold when earned, an empty outline when not. Drawn, not typed:
    the app's typeface has no star glyph."""
    corners = star_points(center, radius, turn=turn)
    if filled:
        shade = [(x + 1, y + 2) for x, y in corners]
        pygame.draw.polygon(surface, style.WOOD_DARK, shade)
        pygame.draw.polygon(surface, style.ACCENT_LIGHT, corners)
        pygame.draw.polygon(surface, style.ACCENT, corners, max(1, round(radius / 8)))
    else:
        pygame.draw.polygon(surface, style.PARCHMENT_DARK, corners)
        pygame.draw.polygon(surface, style.WOOD_LIGHT, corners, max(1, round(radius / 10)))


def stars(
    surface: pygame.Surface, left_center: tuple[int, int], radius: int, earned: int, total: int = 3
) -> int:
    """A row of ``total`` stars, the first ``earned`` filled; returns the x just right of the row."""
    x, y = left_center
    step = round(radius * 2.35)
    for i in range(total):
        star(surface, (x + i * step, y), radius, i < earned)
    return x + (total - 1) * step + radius
