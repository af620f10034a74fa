"""Changing Challenges' board view: a see-saw of 15 lines on a fulcrum, with a sliding counterweight.

The balance runs along the 15 ranks, so the board is drawn *lying down*: ranks left to right
(Triangles' orange storage at the left end, Circles' at the right), files a-g as rows from the top,
resting on a wooden fulcrum under the centre line. Above it a rail carries the counterweight (7)
from line 7 on one side to line 7 on the other; below, a gauge shows the moment against the ±49
limit at all times.

Everything that tilts (frame, squares, pieces, rail, counterweight) is composed on one "deck"
surface in level coordinates and, only while it is not level, rotated about the fulcrum's apex.
Clicks are taken only while the board is level (the scene holds input during animations), so the
click mapping never has to undo a rotation.

The view draws and maps clicks; every rule question (which moves, which captures may merge, where
a knocked piece is stored, the moment and counterweight after a move, why a click is illegal) is
answered by the game state (``moves_from``, ``effects``, ``balance_after``, ``check_move``).
Its signature animation: the piece glides, a knocked piece flies to its storage square, then the
board tilts by an angle that follows the unbalanced moment, the counterweight slides to its new
line and the board comes level again — or, past ±49, crashes down onto one side.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.changing_challenges import board as B
from game.changing_challenges.rules import ChangingChallengesState, counterweight_for
from game.core import GameError
from scenes.kit import sprites, style
from scenes.kit.animation import (
    Track,
    arc_point,
    ease_in,
    ease_in_out,
    ease_out,
    ease_out_back,
    lerp,
    lerp_point,
)
from scenes.kit.board_view import BoardView, ViewAction, ViewButton, cap

if TYPE_CHECKING:
    from game.core import GameState, Move
    from game.match import Match, Turn

GAME_ID = "changing-challenges"
TRIANGLES, CIRCLES = "triangles", "circles"
PLAYERS = (TRIANGLES, CIRCLES)
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

# palette ---------------------------------------------------------------------------------------------
FRAME = (86, 58, 38)
SQUARE_LIGHT = (230, 206, 162)
SQUARE_DARK = (212, 182, 134)
CENTRE_TINT = (255, 226, 140)
STORE_LIGHT = (240, 156, 66)
STORE_DARK = (226, 138, 50)
GRID_LINE = (128, 92, 58)
LABEL = (242, 222, 186)
LABEL_SOFT = (206, 178, 138)
TRI_COLOR = (46, 98, 172)
CIR_COLOR = (182, 52, 56)
GOLD = (236, 190, 72)
IRON = (74, 78, 88)
RAIL = (168, 172, 180)
MARK_MOVE = (36, 104, 88)
MARK_KNOCK = (206, 52, 40)
MARK_MERGE = (236, 176, 40)
LAST_MOVE = (250, 214, 120)
THREAT = (214, 60, 44)
FULCRUM = (120, 82, 52)
FLOOR = (52, 36, 26)


def _signed(value: int) -> str:
    """``+12`` / ``−12`` (a real minus sign) / ``0``: how the moment is written everywhere."""
    return f"{value:+d}".replace("-", "\u2212") if value else "0"


def _title(player: str) -> str:
    return player.capitalize()


def _side(player: str) -> int:
    return PLAYERS.index(player)


def tilt_for(unbalanced: float) -> float:
    """Degrees clockwise (right end down) the board leans for an unbalanced moment: it follows
    the moment's sign and grows with its size, easing toward MAX_TILT so that a pawn step is
    visible and a queen's long slide is not absurd."""
    if not unbalanced:
        return 0.0
    return math.copysign(MAX_TILT * (1 - math.exp(-abs(unbalanced) / TILT_SCALE)), unbalanced)


def _rotate(v: tuple[float, float], degrees: float) -> tuple[float, float]:
    """``v`` turned ``degrees`` clockwise on screen (y points down)."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return (v[0] * c - v[1] * s, v[0] * s + v[1] * c)


# sprites ----------------------------------------------------------------------------------------------
def _triangle_points(big: float) -> list[tuple[float, float]]:
    return [(big * 0.5, big * 0.03), (big * 0.99, big * 0.92), (big * 0.01, big * 0.92)]


def _shape_mask(big: int, shape: str, inset: float) -> pygame.Surface:
    """The token's silhouette (white), shrunk by ``inset`` pixels. A triangle gets round corners:
    a smaller triangle (edges moved in by corner + inset) widened by a disc of the corner radius."""
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    white = (255, 255, 255, 255)
    if shape == "circle":
        pygame.draw.circle(mask, white, (big / 2, big / 2), big * 0.46 - inset)
        return mask
    pts = _triangle_points(big)
    sides = [math.dist(pts[(i + 1) % 3], pts[(i + 2) % 3]) for i in range(3)]
    perimeter = sum(sides)
    ix = sum(side * p[0] for side, p in zip(sides, pts, strict=True)) / perimeter
    iy = sum(side * p[1] for side, p in zip(sides, pts, strict=True)) / perimeter
    (x0, y0), (x1, y1), (x2, y2) = pts
    area = abs((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)) / 2
    inradius = 2 * area / perimeter
    corner = big * 0.06
    k = max(0.05, (inradius - corner - inset) / inradius)
    core = [(ix + (x - ix) * k, iy + (y - iy) * k) for x, y in pts]
    pygame.draw.polygon(mask, white, core)
    for i in range(3):
        a, b = core[i], core[(i + 1) % 3]
        pygame.draw.line(mask, white, a, b, max(1, round(2 * corner)))
    for p in core:
        pygame.draw.circle(mask, white, p, corner)
    return mask


def _masked(mask: pygame.Surface, fill: pygame.Surface) -> pygame.Surface:
    out = fill.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def token_sprite(
    diameter: int,
    shape: str,
    color: tuple[int, int, int],
    weight: int | None = None,
    king: bool = False,
) -> pygame.Surface:
    """A flat piece: a triangle or a disc in the side's colour, lit from the top, with its weight
    in big white figures and a small badge naming its kind (P B R Q K). Kings get a gold edge so
    the piece that can win on the centre line is found at a glance."""
    ss = sprites.SS
    big = max(6, diameter * ss)
    rim = sprites.shade(color, 0.5)
    outer = _shape_mask(big, shape, 0)
    inner = _shape_mask(big, shape, big * 0.035)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    flat = pygame.Surface((big, big), pygame.SRCALPHA)
    flat.fill((*rim, 255))
    surface.blit(_masked(outer, flat), (0, 0))
    body = pygame.Surface((big, big), pygame.SRCALPHA)
    light, dark = sprites.shade(color, 1.32), sprites.shade(color, 0.8)
    for y in range(big):
        t = y / (big - 1)
        pygame.draw.line(body, (*sprites.mix(light, dark, t), 255), (0, y), (big, y))
    surface.blit(_masked(inner, body), (0, 0))
    if king:
        ring = _shape_mask(big, shape, big * 0.06)
        hole = _shape_mask(big, shape, big * 0.105)
        gold = pygame.Surface((big, big), pygame.SRCALPHA)
        gold.fill((*GOLD, 255))
        band = _masked(ring, gold)
        band.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
        surface.blit(band, (0, 0))
    shine = pygame.Surface((big, big), pygame.SRCALPHA)
    if shape == "circle":
        pygame.draw.ellipse(shine, (255, 255, 255, 70), (big * 0.24, big * 0.1, big * 0.52, big * 0.26))
    else:
        pygame.draw.ellipse(shine, (255, 255, 255, 60), (big * 0.38, big * 0.22, big * 0.24, big * 0.2))
    surface.blit(_masked(inner, shine), (0, 0))
    if weight is not None:
        centre = (big * 0.5, big * 0.5) if shape == "circle" else (big * 0.5, big * 0.63)
        size = big * (0.5 if shape == "circle" else 0.44)
        digits = style.font(int(size), True).render(str(weight), True, (255, 255, 255))
        shadow = style.font(int(size), True).render(str(weight), True, sprites.shade(color, 0.3))
        shadow.set_alpha(170)
        rect = digits.get_rect(center=(round(centre[0]), round(centre[1])))
        surface.blit(shadow, rect.move(0, max(1, ss)))
        surface.blit(digits, rect)
        badge = (big * 0.8, big * 0.2) if shape == "circle" else (big * 0.8, big * 0.24)
        radius = big * 0.17
        pygame.draw.circle(surface, (*sprites.shade(color, 0.4), 255), badge, radius)
        pygame.draw.circle(surface, (*style.PARCHMENT, 255), badge, radius - ss)
        letter = style.font(int(radius * 1.45), True).render(B.PIECE_LETTERS[weight], True, style.INK)
        surface.blit(letter, letter.get_rect(center=(round(badge[0]), round(badge[1] + ss * 0.3))))
    return pygame.transform.smoothscale(surface, (diameter, diameter))


def silhouette_shadow(image: pygame.Surface, alpha: int = 95) -> pygame.Surface:
    """A soft shadow in the shape of ``image`` (triangles cast triangular shadows)."""
    w, h = image.get_size()
    pad = max(2, w // 8)
    shadow = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    dark = image.copy()
    dark.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    dark.fill((0, 0, 0, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    shadow.blit(dark, (pad, pad))
    small = pygame.transform.smoothscale(
        shadow, (max(1, shadow.get_width() // 4), max(1, shadow.get_height() // 4))
    )
    return pygame.transform.smoothscale(small, shadow.get_size())


def counterweight_sprite(w: int, h: int) -> pygame.Surface:
    """The cast-iron counterweight: a rounded block with a saddle that rides the rail, '7' cast in."""
    ss = sprites.SS
    bw, bh = max(4, w * ss), max(4, h * ss)
    surface = pygame.Surface((bw, bh), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, bw, int(bh * 0.84))
    pygame.draw.rect(surface, (*sprites.shade(IRON, 0.55), 255), body, border_radius=int(bh * 0.2))
    inner = body.inflate(-2 * ss, -2 * ss)
    grad = pygame.Surface(inner.size, pygame.SRCALPHA)
    for y in range(inner.height):
        t = y / max(1, inner.height - 1)
        pygame.draw.line(
            grad, (*sprites.mix(sprites.shade(IRON, 1.5), IRON, t**0.7), 255), (0, y), (inner.width, y)
        )
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(bh * 0.18))
    surface.blit(_masked(mask, grad), inner)
    saddle = pygame.Rect(int(bw * 0.3), int(bh * 0.78), int(bw * 0.4), int(bh * 0.22))
    pygame.draw.rect(surface, (*sprites.shade(IRON, 0.45), 255), saddle, border_radius=int(bh * 0.06))
    size = int(bh * 0.62)
    digit = style.font(size, True).render(str(CW_WEIGHT), True, (236, 238, 242))
    shade = style.font(size, True).render(str(CW_WEIGHT), True, (20, 22, 26))
    rect = digit.get_rect(center=(bw // 2, int(bh * 0.43)))
    surface.blit(shade, rect.move(0, ss))
    surface.blit(digit, rect)
    return pygame.transform.smoothscale(surface, (w, h))


def _mark(s: int, kind: str) -> pygame.Surface:
    """Destination marks differ in shape, not only colour: a dot for a move, a red ring for a
    knock, a gold ring around a red one for a capture that may also merge."""
    ss = sprites.SS
    big = pygame.Surface((s * ss, s * ss), pygame.SRCALPHA)
    c = s * ss / 2
    if kind == "move":
        pygame.draw.circle(big, (0, 0, 0, 70), (c + ss, c + 2 * ss), s * ss * 0.15)
        pygame.draw.circle(big, (*MARK_MOVE, 235), (c, c), s * ss * 0.15)
        pygame.draw.circle(big, (255, 255, 255, 190), (c, c), s * ss * 0.15, max(2, ss))
    elif kind == "knock":
        pygame.draw.circle(big, (*MARK_KNOCK, 235), (c, c), s * ss * 0.47, max(3, int(s * ss * 0.085)))
        pygame.draw.circle(big, (255, 255, 255, 150), (c, c), s * ss * 0.38, max(1, ss))
    else:
        pygame.draw.circle(big, (*MARK_MERGE, 245), (c, c), s * ss * 0.47, max(3, int(s * ss * 0.07)))
        pygame.draw.circle(big, (*MARK_KNOCK, 235), (c, c), s * ss * 0.375, max(2, int(s * ss * 0.05)))
        # a small "+" in the corner (the kind badge has the other one): these two can become one
        p = (s * ss * 0.14, s * ss * 0.14)
        arm, width = s * ss * 0.09, max(2, int(s * ss * 0.045))
        pygame.draw.circle(big, (*sprites.shade(MARK_MERGE, 0.55), 255), p, arm * 1.6)
        pygame.draw.circle(big, (*MARK_MERGE, 255), p, arm * 1.6 - ss)
        pygame.draw.line(big, (255, 255, 255, 255), (p[0] - arm, p[1]), (p[0] + arm, p[1]), width)
        pygame.draw.line(big, (255, 255, 255, 255), (p[0], p[1] - arm), (p[0], p[1] + arm), width)
    return pygame.transform.smoothscale(big, (s, s))


# the view's small records -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Option:
    """Where the selected piece may go, with the engine's move of each kind that ends there (a
    capture that may merge has both a "knock" and a "merge" move)."""

    to: int
    moves: dict[str, Move]

    @property
    def kind(self) -> str:
        """The mark to draw: "move", "knock" or "merge" (a capture that may also merge)."""
        if "merge" in self.moves:
            return "merge"
        return "knock" if "knock" in self.moves else "move"


@dataclass
class Choice:
    """The open merge-or-knock question for one capture, and where its popover sits on screen."""

    option: Option
    rect: pygame.Rect
    merge_rect: pygame.Rect
    knock_rect: pygame.Rect
    merge_label: str
    knock_label: str
    caption: str


@dataclass
class Plan:
    """One turn's animation, read from the state before the move (``effects``)."""

    side: int = 0
    frm: int = -1
    to: int = -1
    weight_before: int = 0
    glide: Track | None = None
    victim_sq: int | None = None
    victim_value: int = 0
    stored: int | None = None
    fly: Track | None = None
    fade: Track | None = None
    pop: Track | None = None
    tilt: Track | None = None
    level: Track | None = None
    crash: Track | None = None
    moment_before: int = 0
    moment_after: int = 0
    cw_before: float = 0.0
    cw_after: float = 0.0
    crash_angle: float = 0.0
    dust: list[tuple[float, float, float]] = field(default_factory=list)


class ChangingChallengesView(BoardView):
    """The see-saw board: click a piece of yours to see where it may go (dots move, red rings
    knock out, gold rings may also merge), then a mark; a capture that may merge asks which."""

    game_id = GAME_ID

    def __init__(self, match: Match, settings: Any = None) -> None:
        super().__init__(match, settings)
        self.s = 40
        self.sprites: dict[str, pygame.Surface] = {}
        self.base: pygame.Surface | None = None
        self.stage: pygame.Surface | None = None
        self.deck_size = (0, 0)
        self.deck_pos = (0, 0)
        self.frame = pygame.Rect(0, 0, 0, 0)  # deck coordinates
        self.grid = (0, 0)  # deck coordinates of square a1's top-left corner
        self.pivot = (0, 0)  # deck coordinates of the fulcrum's apex
        self.pivot_screen = (0, 0)
        self.floor_y = 0
        self.gauge_rect = pygame.Rect(0, 0, 0, 0)
        self.crash_angle = 7.0
        self.selected: int | None = None
        self.options: list[Option] = []
        self.choice: Choice | None = None
        self.hover_sq: int | None = None
        self.plan = Plan()
        self.last_squares: frozenset[int] = frozenset()
        self._clock = 0.0
        self._rotated: tuple[Any, pygame.Surface, pygame.Rect] | None = None
        self._threats: tuple[GameState, dict[str, list[int]]] | None = None
        self._compute_last()

    @property
    def cc(self) -> ChangingChallengesState:
        return self.state  # type: ignore[return-value]

    # ------------------------------------------------------------------------------------------------
    # layout and sprites
    # ------------------------------------------------------------------------------------------------
    @staticmethod
    def _extents(crash: float) -> tuple[float, float, float]:
        """(half width, height above the pivot, height below it) of the whole picture in squares,
        with the board crashed at ``crash`` degrees: the size must fit the steepest pose."""
        half = COLS / 2 + PAD
        above = 7 + 2 * PAD + RAIL_ZONE
        xs, ys = [], []
        for corner in ((-half, -above), (half, -above), (-half, 0.0), (half, 0.0)):
            for angle in (crash, -crash):
                x, y = _rotate(corner, angle)
                xs.append(abs(x))
                ys.append(y)
        below = FULCRUM_H + FLOOR_H + GAUGE_GAP + GAUGE_H
        return max(xs) + 0.1, -min(ys) + 0.12, below

    def layout(self, rect: pygame.Rect) -> None:
        """Fit the see-saw, its fulcrum and the gauge into ``rect`` with room for the crash pose,
        then rebuild every size-dependent sprite (never per frame)."""
        super().layout(rect)
        half = COLS / 2 + PAD
        crash = math.degrees(math.asin(min(0.95, FULCRUM_H / half)))
        wide, above, below = self._extents(crash)
        usable = rect.inflate(-12, -8)
        s = int(min(usable.width / (2 * wide), usable.height / (above + below)))
        s = max(16, min(s, 90))
        self.s = s
        pad = round(s * PAD)
        zone = round(s * RAIL_ZONE)
        margin = max(4, round(s * 0.2))
        frame_w, frame_h = COLS * s + 2 * pad, ROWS * s + 2 * pad
        self.frame = pygame.Rect(margin, margin + zone, frame_w, frame_h)
        self.grid = (self.frame.left + pad, self.frame.top + pad)
        self.deck_size = (frame_w + 2 * margin, margin + zone + frame_h + margin)
        self.pivot = (self.grid[0] + CENTRE_COL * s + s // 2, self.frame.bottom)
        total = (above + below) * s
        top = rect.top + max(4, int((rect.height - total) / 2))
        pivot_y = top + round(above * s)
        self.pivot_screen = (rect.centerx, pivot_y)
        self.deck_pos = (rect.centerx - self.pivot[0], pivot_y - self.pivot[1])
        fulcrum_px = round(FULCRUM_H * s)
        self.floor_y = pivot_y + fulcrum_px
        half_px = frame_w / 2
        self.crash_angle = math.degrees(math.asin(min(0.95, fulcrum_px / half_px)))
        gauge_w = min(int(s * 11.5), rect.width - 40)
        gauge_top = self.floor_y + round(FLOOR_H * s) + round(GAUGE_GAP * s)
        self.gauge_rect = pygame.Rect(rect.centerx - gauge_w // 2, gauge_top, gauge_w, round(GAUGE_H * s))
        self._build_sprites(s)
        self.base = None
        self.stage = None
        self._rotated = None
        if self.choice is not None:
            self.choice = self._make_choice(self.choice.option)

    def _build_sprites(self, s: int) -> None:
        d = max(8, int(s * 0.84))
        sp: dict[str, pygame.Surface] = {}
        for side, (shape, color) in enumerate((("triangle", TRI_COLOR), ("circle", CIR_COLOR))):
            for weight in B.PIECE_NAMES:
                img = token_sprite(d, shape, color, weight, king=weight == B.KING)
                sp[f"piece-{side}-{weight}"] = img
                ghost = img.copy()
                ghost.set_alpha(115)
                sp[f"ghost-{side}-{weight}"] = ghost
            sp[f"shadow-{side}"] = silhouette_shadow(sp[f"piece-{side}-1"])
        for kind in ("move", "knock", "merge"):
            sp[f"mark-{kind}"] = _mark(s, kind)
        sp["last"] = sprites.tint(s, LAST_MOVE, 96)
        sp["hover"] = sprites.tint(s, (255, 255, 255), 64)
        sp["select"] = sprites.glow_ring(s, style.ACCENT_LIGHT, 0.12, 255)
        sp["select-tint"] = sprites.tint(s, style.ACCENT_LIGHT, 120)
        sp["threat"] = sprites.ring(s, THREAT, 0.47, max(2, s // 14), 235)
        cw = counterweight_sprite(max(8, int(s * WEIGHT_W)), max(6, int(s * WEIGHT_H)))
        sp["cw"] = cw
        ghost_cw = cw.copy()
        ghost_cw.set_alpha(95)
        sp["cw-ghost"] = ghost_cw
        sp["cw-shadow"] = silhouette_shadow(cw, 80)
        self.sprites = sp

    # -- coordinates ------------------------------------------------------------------------------------
    def cell(self, sq: int) -> pygame.Rect:
        """Square ``sq`` on the deck (level coordinates): its rank is the column, its file the row."""
        s = self.s
        return pygame.Rect(self.grid[0] + (sq // ROWS) * s, self.grid[1] + (sq % ROWS) * s, s, s)

    def cell_center(self, sq: int) -> tuple[int, int]:
        return self.cell(sq).center

    def square_rect(self, sq: int) -> pygame.Rect:
        """Square ``sq`` on screen while the board is level (the only time clicks are taken)."""
        return self.cell(sq).move(self.deck_pos)

    def center(self, sq: int) -> tuple[int, int]:
        return self.square_rect(sq).center

    def center_of(self, name: str) -> tuple[int, int]:
        return self.center(B.square_index(name))

    def square_at(self, pos: tuple[int, int]) -> int | None:
        s = self.s
        x = pos[0] - self.deck_pos[0] - self.grid[0]
        y = pos[1] - self.deck_pos[1] - self.grid[1]
        if x < 0 or y < 0:
            return None
        col, row = int(x // s), int(y // s)
        if col >= COLS or row >= ROWS:
            return None
        return col * ROWS + row

    def line_x(self, line: float) -> float:
        """Deck x of signed line ``line`` (negative: the Triangles' half, on the left)."""
        return self.grid[0] + (CENTRE_COL + line) * self.s + self.s / 2

    def rail_y(self) -> int:
        """Deck y of the rail's top edge, where the counterweight's saddle rests."""
        return self.frame.top - round(self.s * RAIL_GAP) - round(self.s * RAIL_H)

    # -- the static pictures -------------------------------------------------------------------------------
    def _build_base(self) -> pygame.Surface:
        """The deck without pieces: frame, squares (orange storage, golden centre line), the
        coordinates, and the rail with its line ticks. Built once per size."""
        s = self.s
        surface = pygame.Surface(self.deck_size, pygame.SRCALPHA)
        frame = self.frame
        blur = max(4, s // 4)
        shadow = sprites.soft_shadow(frame.size, max(6, s // 4), 120, blur)
        surface.blit(shadow, (frame.left - blur + 2, frame.top - blur + 6))
        radius = max(6, s // 4)
        pygame.draw.rect(surface, sprites.shade(FRAME, 0.6), frame, border_radius=radius)
        pygame.draw.rect(surface, FRAME, frame.inflate(-4, -4), border_radius=radius - 1)
        pygame.draw.rect(
            surface, sprites.shade(FRAME, 1.2), frame.inflate(-4, -4), width=2, border_radius=radius - 1
        )
        gx, gy = self.grid
        field_rect = pygame.Rect(gx, gy, COLS * s, ROWS * s)
        for sq in range(B.SIZE):
            col, row = sq // ROWS, sq % ROWS
            light = (col + row) % 2 == 0
            if not B.IS_PLAYABLE[sq]:
                color = STORE_LIGHT if light else STORE_DARK
            else:
                color = SQUARE_LIGHT if light else SQUARE_DARK
            surface.fill(color, self.cell(sq))
        grain = pygame.Surface(field_rect.size, pygame.SRCALPHA)
        rng = random.Random(1961)  # fixed: the same grain every time
        for _ in range(field_rect.height // 2):
            y = rng.uniform(0, field_rect.height)
            amp, freq, phase = rng.uniform(1, 3), rng.uniform(0.004, 0.012), rng.uniform(0, 6.3)
            tone = rng.choice(((90, 56, 30), (255, 236, 200)))
            pts = [(x, y + amp * math.sin(x * freq + phase)) for x in range(0, field_rect.width + 8, 8)]
            pygame.draw.lines(grain, (*tone, rng.randint(8, 20)), False, pts, 1)
        surface.blit(grain, field_rect)
        centre = pygame.Surface((s, ROWS * s), pygame.SRCALPHA)
        centre.fill((*CENTRE_TINT, 70))
        surface.blit(centre, (gx + CENTRE_COL * s, gy))
        # faint emblems in empty storage: whose pieces go where
        for side, shape in ((B.TRIANGLES, "triangle"), (B.CIRCLES, "circle")):
            mark = token_sprite(max(6, int(s * 0.5)), shape, sprites.shade(STORE_DARK, 0.8))
            mark.set_alpha(70)
            for sq in B.STORAGE_FILL[side]:
                surface.blit(mark, mark.get_rect(center=self.cell_center(sq)))
        for col in range(1, COLS):
            x = gx + col * s
            storage_edge = col in (2, COLS - 2)
            width = 3 if storage_edge else 1
            color = sprites.shade(FRAME, 0.7) if storage_edge else GRID_LINE
            pygame.draw.line(surface, color, (x, gy), (x, gy + ROWS * s - 1), width)
        for row in range(1, ROWS):
            pygame.draw.line(surface, GRID_LINE, (gx, gy + row * s), (gx + COLS * s - 1, gy + row * s), 1)
        for x in (gx + CENTRE_COL * s, gx + (CENTRE_COL + 1) * s):  # the centre line's edges
            pygame.draw.line(surface, sprites.shade(CENTRE_TINT, 0.75), (x, gy), (x, gy + ROWS * s - 1), 2)
        pygame.draw.rect(surface, sprites.shade(FRAME, 0.5), field_rect.inflate(4, 4), width=2)
        self._draw_coordinates(surface)
        self._draw_rail(surface)
        return surface

    def _draw_coordinates(self, surface: pygame.Surface) -> None:
        """Ranks (the notation) under the board, lines (the balance's lever arms) above it, files
        at both ends of each row."""
        s = self.s
        frame = self.frame
        gx, gy = self.grid
        size = max(10, int(s * 0.28))
        small = max(9, int(s * 0.25))
        bottom_y = (frame.bottom + gy + ROWS * s) // 2
        top_y = (frame.top + gy) // 2
        for col in range(COLS):
            x = gx + col * s + s // 2
            label = style.text_surface(str(col + 1), size, LABEL, True)
            surface.blit(label, label.get_rect(center=(x, bottom_y)))
            line = abs(col - CENTRE_COL)
            tone = style.ACCENT_LIGHT if line == 0 else LABEL_SOFT
            tag = style.text_surface(str(line), small, tone, line == 0)
            surface.blit(tag, tag.get_rect(center=(x, top_y)))
        for row in range(ROWS):
            y = gy + row * s + s // 2
            for x in ((frame.left + gx) // 2, (frame.right + gx + COLS * s) // 2):
                label = style.text_surface(B.FILES[row], size, LABEL, True)
                surface.blit(label, label.get_rect(center=(x, y)))

    def _draw_rail(self, surface: pygame.Surface) -> None:
        """The counterweight's rail over the board: a steel bar on three posts, a tick per line."""
        s = self.s
        top = self.rail_y()
        h = max(3, round(s * RAIL_H))
        left = round(self.line_x(-CW_WEIGHT) - s * 0.5)
        right = round(self.line_x(CW_WEIGHT) + s * 0.5)
        post_w = max(3, s // 7)
        for x in (left + post_w, self.line_x(0), right - post_w):
            post = pygame.Rect(0, 0, post_w, self.frame.top - top)
            post.midtop = (round(x), top)
            pygame.draw.rect(surface, sprites.shade(RAIL, 0.45), post)
            pygame.draw.rect(surface, sprites.shade(RAIL, 0.7), post.inflate(-2, 0))
        bar = pygame.Rect(left, top, right - left, h)
        pygame.draw.rect(surface, sprites.shade(RAIL, 0.4), bar.move(0, 2), border_radius=h // 2)
        pygame.draw.rect(surface, sprites.shade(RAIL, 0.55), bar, border_radius=h // 2)
        shine = bar.inflate(-4, -max(2, h // 2)).move(0, -max(1, h // 5))
        pygame.draw.rect(surface, RAIL, shine, border_radius=max(1, shine.height // 2))
        for line in range(-CW_WEIGHT, CW_WEIGHT + 1):
            x = round(self.line_x(line))
            major = line == 0 or abs(line) == CW_WEIGHT
            pygame.draw.line(surface, sprites.shade(RAIL, 0.3), (x, top), (x, top + h - 1), 2 if major else 1)
        for x in (left, right):
            pygame.draw.circle(surface, sprites.shade(RAIL, 0.35), (x, top + h // 2), max(3, h * 0.75))
            pygame.draw.circle(surface, RAIL, (x, top + h // 2), max(2, h * 0.75) - 1)

    def _build_stage(self) -> pygame.Surface:
        """What never tilts, behind the board: the floor and the fulcrum (the gauge's frame too)."""
        s = self.s
        surface = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        ox, oy = -self.rect.left, -self.rect.top
        px, py = self.pivot_screen[0] + ox, self.pivot_screen[1] + oy
        floor_y = self.floor_y + oy
        floor_h = max(4, round(FLOOR_H * s))
        half = self.frame.width / 2 + s * 0.8
        floor = pygame.Rect(round(px - half), floor_y, round(2 * half), floor_h)
        glow = sprites.soft_shadow(floor.size, floor_h // 2, 90, max(4, s // 5))
        surface.blit(glow, (floor.left - max(4, s // 5), floor.top - max(4, s // 5) + 4))
        pygame.draw.rect(surface, FLOOR, floor, border_radius=floor_h // 2)
        pygame.draw.line(
            surface,
            sprites.shade(FLOOR, 1.5),
            (floor.left + 6, floor.top + 1),
            (floor.right - 6, floor.top + 1),
            2,
        )
        base_w = s * 0.85
        apex = (px, py)
        pts = [apex, (px + base_w, floor_y + 1), (px - base_w, floor_y + 1)]
        pygame.draw.polygon(surface, sprites.shade(FULCRUM, 0.55), [(x + 2, y + 2) for x, y in pts])
        pygame.draw.polygon(surface, FULCRUM, pts)
        lit = [apex, (px, floor_y + 1), (px - base_w, floor_y + 1)]
        pygame.draw.polygon(surface, sprites.shade(FULCRUM, 1.25), lit)
        pygame.draw.polygon(surface, sprites.shade(FULCRUM, 0.5), pts, 2)
        self._draw_gauge_frame(surface, ox, oy)
        return surface

    # -- gauge -----------------------------------------------------------------------------------------
    def _gauge_bar(self) -> pygame.Rect:
        """The gauge's scale: the middle band of the card, leaving room for the ±49 labels."""
        g = self.gauge_rect
        h = max(8, round(self.s * 0.26))
        side = max(36, round(self.s * 0.95))
        return pygame.Rect(g.left + side, g.top + round(g.height * 0.44) - h // 2, g.width - 2 * side, h)

    def gauge_x(self, moment: float) -> float:
        """Screen x of ``moment`` on the gauge (clamped a little past the ±49 limits)."""
        bar = self._gauge_bar()
        m = max(-LIMIT * 1.06, min(LIMIT * 1.06, moment))
        return bar.centerx + m / LIMIT * bar.width / 2

    def _draw_gauge_frame(self, surface: pygame.Surface, ox: int, oy: int) -> None:
        """The balance gauge's static part: a scale from -49 to +49 that warms from green at level
        to red at the limits, ticks every 10, and what tipping either way means."""
        s = self.s
        bar = self._gauge_bar().move(ox, oy)
        card = self.gauge_rect.move(ox, oy)
        style.panel(surface, card, (44, 33, 26), radius=max(8, s // 4), border=(118, 86, 60), shadow=True)
        good, warn, bad = (92, 160, 96), (226, 178, 74), (206, 64, 50)
        for x in range(bar.width):
            t = abs(x / max(1, bar.width - 1) * 2 - 1)
            color = sprites.mix(good, warn, t / 0.6) if t < 0.6 else sprites.mix(warn, bad, (t - 0.6) / 0.4)
            pygame.draw.line(surface, color, (bar.left + x, bar.top), (bar.left + x, bar.bottom - 1))
        pygame.draw.rect(surface, (20, 14, 10), bar.inflate(4, 4), width=2, border_radius=3)
        for m in range(-40, 41, 10):
            x = round(bar.centerx + m / LIMIT * bar.width / 2)
            tall = m == 0
            pygame.draw.line(
                surface, (20, 14, 10), (x, bar.bottom + 2), (x, bar.bottom + (7 if tall else 4)), 2
            )
        size = max(11, int(s * 0.26))
        for m, anchor in ((-LIMIT, "midright"), (LIMIT, "midleft")):
            x = bar.left - 8 if m < 0 else bar.right + 8
            label = style.text_surface(f"{m:+d}".replace("-", "\u2212"), size, (240, 220, 190), True)
            surface.blit(label, label.get_rect(**{anchor: (x, bar.centery)}))
        small = max(10, int(s * 0.23))
        caption_y = (bar.bottom + card.bottom) // 2 + 2
        left = style.text_surface("tips left: Circles win", small, (236, 170, 150))
        right = style.text_surface("tips right: Triangles win", small, (160, 192, 236))
        middle = style.text_surface("BALANCE", small, (200, 176, 140), True)
        surface.blit(left, left.get_rect(midleft=(bar.left, caption_y)))
        surface.blit(right, right.get_rect(midright=(bar.right, caption_y)))
        surface.blit(middle, middle.get_rect(center=(bar.centerx, caption_y)))

    def _draw_gauge(self, surface: pygame.Surface, moment: float, preview: int | None) -> None:
        """The moving part of the gauge: a knob on the scale carrying the current moment, and a
        hollow knob where the hovered move would put it."""
        size = max(11, int(self.s * 0.27))
        if preview is not None and preview != round(moment):
            knob = self._knob_rect(preview, size)
            pygame.draw.rect(surface, (255, 255, 255), knob, width=2, border_radius=knob.height // 2)
            label = style.text_surface(_signed(preview), size, (255, 255, 255), True)
            surface.blit(label, label.get_rect(center=knob.center))
        knob = self._knob_rect(moment, size)
        tipped = abs(moment) > LIMIT
        fill = (250, 238, 214) if not tipped else (255, 206, 196)
        pygame.draw.rect(surface, (12, 8, 6), knob.move(0, 2), border_radius=knob.height // 2)
        pygame.draw.rect(surface, fill, knob, border_radius=knob.height // 2)
        pygame.draw.rect(surface, (20, 14, 10), knob, width=2, border_radius=knob.height // 2)
        label = style.text_surface(_signed(round(moment)), size, style.INK if not tipped else style.BAD, True)
        surface.blit(label, label.get_rect(center=knob.center))

    def _knob_rect(self, moment: float, size: int) -> pygame.Rect:
        bar = self._gauge_bar()
        w = style.font(size, True).size("\u221249")[0] + 14
        knob = pygame.Rect(0, 0, w, bar.height + 12)
        knob.center = (round(self.gauge_x(moment)), bar.centery)
        return knob

    # ------------------------------------------------------------------------------------------------
    # state and animation
    # ------------------------------------------------------------------------------------------------
    def set_state(self, state: GameState, animate_from: Turn | None = None) -> None:
        super().set_state(state, animate_from)
        self.selected, self.options, self.choice = None, [], None
        self.plan = Plan(moment_before=self.cc.moment, moment_after=self.cc.moment)
        self.plan.cw_before = self.plan.cw_after = self.cc.counterweight
        self._rotated = None
        self._compute_last()
        if animate_from is not None and self.timeline.scale > 0:
            self._plan(animate_from)

    @staticmethod
    def _turn_move(turn: Turn) -> tuple[str, Move] | None:
        for player, move in turn.moves.items():
            return player, move
        return None

    def _compute_last(self) -> None:
        """Squares of the last move (from, to and an en passant victim) for the highlight."""
        self.last_squares = frozenset()
        turn = self.last_move
        found = self._turn_move(turn) if turn is not None else None
        if found is None or turn is None:
            return
        frm, to, _ = found[1]
        squares = {frm, to}
        try:
            captured = turn.before.effects(found[1])["captured"]  # type: ignore[attr-defined]
        except (AttributeError, KeyError, TypeError, ValueError):
            captured = None
        if captured is not None:
            squares.add(captured)
        self.last_squares = frozenset(squares)

    def _plan(self, turn: Turn) -> None:
        """Glide, then the knocked piece flies to storage (or a merged one fades into the mover),
        then tilt by the unbalanced moment, slide the counterweight while the board levels — and,
        past the limit, crash."""
        found = self._turn_move(turn)
        before: Any = turn.before
        if found is None or not isinstance(before, ChangingChallengesState):
            return
        _, move = found
        try:
            fx = before.effects(move)
        except (GameError, KeyError, TypeError, ValueError, IndexError):
            return
        frm, to, _ = move
        plan = self.plan
        tl = self.timeline
        plan.side = before.side
        plan.frm, plan.to = frm, to
        plan.weight_before = abs(before.board[frm])
        fc, tc = self.cell_center(frm), self.cell_center(to)
        distance = math.dist(fc, tc) / self.s
        plan.glide = tl.add(min(0.55, 0.2 + 0.06 * distance), ease=ease_in_out)
        after_glide = plan.glide
        captured = fx["captured"]
        if captured is not None:
            plan.victim_sq = captured
            plan.victim_value = before.board[captured]
            if fx["kind"] == "merge":
                plan.fade = tl.add(0.22, delay=plan.glide.duration * 0.75, ease=ease_out)
            else:
                plan.stored = fx["stored"]
                plan.fly = tl.add(0.5, after=plan.glide, delay=-0.06, ease=ease_out)
                after_glide = plan.fly
        if fx["kind"] == "merge" or fx["promotes"]:
            plan.pop = tl.add(0.28, after=plan.glide, ease=ease_out_back)
            if plan.pop.end > after_glide.end:
                after_glide = plan.pop
        plan.moment_before, plan.moment_after = fx["moment_before"], fx["moment_after"]
        plan.cw_before, plan.cw_after = fx["counterweight_before"], fx["counterweight_after"]
        unbalanced = plan.moment_after + CW_WEIGHT * plan.cw_before
        tipped = abs(plan.moment_after) > LIMIT
        if unbalanced or tipped:
            strength = min(1.0, abs(unbalanced) / 20)
            plan.tilt = tl.add(0.28 + 0.14 * strength, after=after_glide, delay=0.04, ease=ease_out)
            plan.level = tl.add(
                0.45 + 0.35 * min(1.0, abs(plan.cw_after - plan.cw_before) / 4), after=plan.tilt, delay=0.12
            )
        if tipped:
            plan.crash_angle = math.copysign(self.crash_angle, plan.moment_after)
            assert plan.level is not None
            plan.crash = tl.add(0.62, after=plan.level, delay=0.05, ease=_fall)
            rng = random.Random(plan.moment_after)
            plan.dust = [(rng.uniform(-1, 1), rng.uniform(0.3, 1.0), rng.uniform(0.6, 1.2)) for _ in range(9)]

    def angle(self) -> float:
        """Degrees clockwise the board leans now (right end down), from the plan's tracks, or the
        resting pose: level, or crashed when the game ended by tipping."""
        plan = self.plan
        t = self.timeline.t
        resting = self._resting_angle()
        if not self.busy:
            return resting
        if plan.crash is not None and plan.crash.started(t):
            residual = tilt_for(plan.moment_after + CW_WEIGHT * plan.cw_after)
            return lerp(residual, plan.crash_angle, plan.crash.at(t))
        if plan.level is not None and plan.level.started(t):
            cw = lerp(plan.cw_before, plan.cw_after, plan.level.at(t))
            return tilt_for(plan.moment_after + CW_WEIGHT * cw)
        if plan.tilt is not None and plan.tilt.started(t):
            return tilt_for(plan.moment_after + CW_WEIGHT * plan.cw_before) * plan.tilt.at(t)
        return 0.0

    def _resting_angle(self) -> float:
        moment = self.cc.moment
        return math.copysign(self.crash_angle, moment) if abs(moment) > LIMIT else 0.0

    def counterweight_line(self) -> float:
        """Where the counterweight stands now (it slides while the board levels)."""
        plan = self.plan
        t = self.timeline.t
        if not self.busy:
            return self.cc.counterweight
        if plan.level is not None and plan.level.started(t):
            return lerp(plan.cw_before, plan.cw_after, plan.level.at(t))
        return plan.cw_before

    def gauge_moment(self) -> float:
        """The moment the gauge shows now: it swings with the tilt, once the piece has landed."""
        plan = self.plan
        t = self.timeline.t
        if not self.busy:
            return self.cc.moment
        if plan.tilt is not None:
            if not plan.tilt.started(t):
                return plan.moment_before
            return lerp(plan.moment_before, plan.moment_after, plan.tilt.at(t))
        return plan.moment_after

    # ------------------------------------------------------------------------------------------------
    # input
    # ------------------------------------------------------------------------------------------------
    def hover(self, pos: tuple[int, int] | None) -> None:
        super().hover(pos)
        self.hover_sq = self.square_at(pos) if pos is not None else None

    def cancel(self) -> bool:
        """Esc / right click: first close the merge question (the piece stays picked up), then
        put the piece down."""
        if self.choice is not None:
            self.choice = None
            return True
        had = self.selected is not None
        self.selected = None
        self.options = []
        return had

    def options_from(self, sq: int) -> list[Option]:
        """The selected piece's destinations, from the engine's own move list."""
        grouped: dict[int, dict[str, Move]] = {}
        state = self.cc
        for move in state.moves_from(sq):
            grouped.setdefault(move[1], {})[B.KIND_NAMES[move[2]]] = move
        return [Option(to, moves) for to, moves in grouped.items()]

    def destinations(self) -> dict[str, str]:
        """Destination square name → its mark ("move", "knock", or "merge": may also merge)."""
        return {B.square_name(o.to): o.kind for o in self.options}

    def handle_click(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        if player is None:
            return ViewAction.nothing()
        if self.choice is not None:
            hit = self._choice_hit(pos)
            if hit is not None:
                return self._decide(player, hit)
            self.choice = None  # a click elsewhere closes the question and counts as usual
        sq = self.square_at(pos)
        if sq is None:
            if self.cancel():
                return ViewAction.hint("Piece put down.")
            return ViewAction.nothing()
        state = self.cc
        name = B.square_name(sq)
        if self.selected is not None:
            option = next((o for o in self.options if o.to == sq), None)
            if option is not None:
                return self._choose(player, option)
        piece = state.at(sq)
        if piece is not None and piece["owner"] == player:
            if not B.IS_PLAYABLE[sq]:
                self.cancel()
                return ViewAction.refuse(
                    f"The {piece['kind']} on {name} is in storage: stored pieces stay there."
                )
            if sq == self.selected:
                self.cancel()
                return ViewAction.hint("Piece put down.")
            self.selected = sq
            self.options = self.options_from(sq)
            if not self.options:
                self.selected = None
                return ViewAction.refuse(
                    f"The {piece['kind']} on {name} has no legal move — try another piece."
                )
            return ViewAction.hint(self._selection_hint(sq))
        if self.selected is not None:
            return self._explain(player, self.selected, sq)
        if piece is not None:
            return ViewAction.refuse(
                f"That is a {piece['owner']} {piece['kind']} — you play {_title(player)}."
            )
        return ViewAction.refuse(f"Click one of your {_title(player)} first, then where it should go.")

    def _selection_hint(self, sq: int) -> str:
        piece = self.cc.at(sq) or {"kind": "piece", "weight": 0}
        n = len(self.options)
        knocks = sum(1 for o in self.options if o.kind != "move")
        merges = sum(1 for o in self.options if o.kind == "merge")
        tail = f", {knocks} knock{'s' if knocks != 1 else ''}" if knocks else ""
        tail += ", may merge" if merges else ""
        return (
            f"{cap(piece['kind'])} ({piece['weight']}) on {B.square_name(sq)}: "
            f"{n} square{'s' if n != 1 else ''}{tail}."
        )

    def _explain(self, player: str, frm: int, to: int) -> ViewAction:
        """A click that is no marked destination: ask the engine why (the move it would be is a
        knock onto an enemy piece, a plain move otherwise). The piece stays picked up."""
        state = self.cc
        target = state.board[to]
        enemy = target * B.SIGN[state.side] < 0 or (to == state.ep and abs(state.board[frm]) == B.PAWN)
        move = (frm, to, B.KNOCK if enemy else B.MOVE)
        try:
            state.check_move(player, move)
        except GameError as exc:
            return ViewAction.refuse_error(exc)
        self.cancel()  # the engine allows it after all: play what it understood
        return ViewAction.play(player, move)

    def _choose(self, player: str, option: Option) -> ViewAction:
        if option.kind == "merge":
            self.choice = self._make_choice(option)
            return ViewAction.hint(self.choice.caption[:-1] + ": merge or knock out?")
        move = option.moves.get("knock") or option.moves["move"]
        self.cancel()
        return ViewAction.play(player, move)

    def _merge_texts(self, option: Option) -> tuple[str, str, str]:
        """(merge button, knock button, caption) for a capture that may merge."""
        state = self.cc
        fx = state.effects(option.moves["merge"])
        weight = fx["weight_after"]
        victim_sq = fx["captured"] if fx["captured"] is not None else option.to
        victim = state.at(victim_sq) or {"kind": "piece"}
        merge = f"Merge: {B.PIECE_NAMES.get(weight, 'piece')} {weight}"
        return merge, "Knock out", f"Take the {victim['kind']} on {B.square_name(victim_sq)}."

    def _make_choice(self, option: Option) -> Choice:
        """The popover over the captured square: a caption and two buttons, kept on the board."""
        s = self.s
        merge, knock, caption = self._merge_texts(option)
        size = max(12, int(s * 0.3))
        pad = max(8, s // 5)
        face = style.font(size, True)
        bw = max(face.size(merge)[0], face.size(knock)[0]) + 2 * pad
        bh = max(26, int(s * 0.72))
        cap_h = style.font(size - 1).get_linesize()
        w = max(2 * bw + 3 * pad, style.font(size - 1).size(caption)[0] + 2 * pad)
        h = pad + cap_h + pad // 2 + bh + pad
        target = self.square_rect(option.to)
        rect = pygame.Rect(0, 0, w, h)
        rect.midbottom = (target.centerx, target.top - max(6, s // 6))
        if rect.top < self.rect.top + 4:
            rect.midtop = (target.centerx, target.bottom + max(6, s // 6))
        rect.clamp_ip(self.rect.inflate(-8, -8))
        inner_w = w - 3 * pad
        bw = inner_w // 2
        top = rect.top + pad + cap_h + pad // 2
        merge_rect = pygame.Rect(rect.left + pad, top, bw, bh)
        knock_rect = pygame.Rect(merge_rect.right + pad, top, inner_w - bw, bh)
        return Choice(option, rect, merge_rect, knock_rect, merge, knock, caption)

    def _choice_hit(self, pos: tuple[int, int]) -> str | None:
        choice = self.choice
        if choice is None:
            return None
        if choice.merge_rect.collidepoint(pos):
            return "merge"
        if choice.knock_rect.collidepoint(pos):
            return "knock"
        return "inside" if choice.rect.collidepoint(pos) else None

    def _decide(self, player: str, hit: str) -> ViewAction:
        choice = self.choice
        if choice is None or hit not in ("merge", "knock"):
            return ViewAction.nothing()  # a click on the popover's caption: keep asking
        move = choice.option.moves[hit]
        self.choice = None
        self.cancel()
        message = "Merged." if hit == "merge" else None
        return ViewAction.play(player, move, message)

    def buttons(self, player: str | None) -> list[ViewButton]:
        """While a capture may merge, the two answers are side-panel buttons too."""
        if player is None or self.choice is None:
            return []
        return [
            ViewButton("merge", "Merge", f"{self.choice.merge_label}: your piece climbs on top (M)", True),
            ViewButton("knock", "Knock out", "Send the piece to its owner's storage (K)"),
        ]

    def handle_key(self, key: int, text: str, player: str) -> ViewAction | None:
        """M merges and K knocks out while a capture asks which (when the scene forwards keys)."""
        if self.choice is None:
            return None
        if key == pygame.K_m:
            return self._decide(player, "merge")
        if key in (pygame.K_k, pygame.K_x):
            return self._decide(player, "knock")
        return None

    def press(self, key: str, player: str | None) -> ViewAction:
        if player is None or self.choice is None or key not in ("merge", "knock"):
            return ViewAction.nothing()
        return self._decide(player, key)

    # ------------------------------------------------------------------------------------------------
    # texts
    # ------------------------------------------------------------------------------------------------
    def centre_threats(self) -> dict[str, list[int]]:
        """Per player: centre-line squares their king could step onto *safely* and so win, were it
        their move (asked of the engine: the outcome of the position after that king step)."""
        state = self.cc
        if self._threats is not None and self._threats[0] is state:
            return self._threats[1]
        out: dict[str, list[int]] = {TRIANGLES: [], CIRCLES: []}
        self._threats = (state, out)  # asked every frame (banner, board): once per position
        if state.over:
            return out
        for side, player in enumerate(PLAYERS):
            king = next((sq for sq in B.PLAYABLE if state.board[sq] == B.KING * B.SIGN[side]), None)
            if king is None:
                continue
            probe = (
                state if side == state.side else ChangingChallengesState(state.board, side, -1, state.pieces)
            )
            for move in B.generate(state.board, side, state.ep if side == state.side else -1):
                if move[0] != king or move[1] not in B.CENTRE:
                    continue
                outcome = probe.after(move).outcome()
                if outcome is not None and outcome.winner == player and "centre" in outcome.reason:
                    out[player].append(move[1])
            out[player].sort()
        return out

    def prompt(self, player: str) -> str:
        if self.choice is not None:
            return "merge into one heavier piece, or knock it out to storage — Esc cancels"
        threats = self.centre_threats()
        other = CIRCLES if player == TRIANGLES else TRIANGLES
        if threats[player]:
            names = ", ".join(B.square_name(sq) for sq in threats[player])
            return f"your king can win now: step safely onto the centre line at {names}"
        if threats[other]:
            names = ", ".join(B.square_name(sq) for sq in threats[other])
            return f"{_title(other)}' king threatens to win on the centre line at {names} — stop it"
        if self.selected is not None:
            return "click a mark: dots move, red rings knock out, gold rings may also merge"
        return "pick up a piece — every move shifts the balance"

    def status_extra(self) -> str:
        """The balance in words for the banner: the moment and which way the counterweight sits."""
        state = self.cc
        cw = state.counterweight
        where = f"{abs(cw):.1f} left" if cw < 0 else f"{cw:.1f} right" if cw > 0 else "centre"
        name = "Weight" if self.rect.width < 800 else "Counterweight"
        return f"Moment {_signed(state.moment)} · {name} {where}"

    def player_summary(self, player: str) -> str:
        """Weight still on the field (what can move and knock), and how many pieces are out."""
        state = self.cc
        stored = sum(1 for sq in B.STORAGE_FILL[_side(player)] if state.board[sq])
        on_board = state.material(player)
        return f"{on_board} · {stored} out" if stored else f"weight {on_board}"

    def result_details(self) -> str:
        state = self.cc
        moment = _signed(state.moment)
        return (
            f"Moment {moment} (limit ±{LIMIT})  ·  On the board: Triangles "
            f"{state.material(TRIANGLES)}, Circles {state.material(CIRCLES)}"
        )

    def turn_note(self, turn: Turn) -> str:
        found = self._turn_move(turn)
        before: Any = turn.before
        if found is None or not isinstance(before, ChangingChallengesState):
            return ""
        try:
            fx = before.effects(found[1])
        except (GameError, KeyError, TypeError, ValueError, IndexError):
            return ""
        parts = []
        if fx["kind"] == "merge":
            parts.append(f"merges: {B.PIECE_NAMES.get(fx['weight_after'], 'piece')}")
        elif fx["kind"] == "knock":
            victim = before.at(fx["captured"]) if fx["captured"] is not None else None
            parts.append(f"knocks {victim['kind']}" if victim else "knocks")
        if fx["promotes"]:
            parts.append("queen")
        after: Any = turn.after
        outcome = after.outcome() if hasattr(after, "outcome") else None
        if outcome is not None and "tips" in outcome.reason:
            parts.append("tips!")
        else:
            parts.append(
                f"moment {_signed(fx['moment_after'])}" if not parts else _signed(fx["moment_after"])
            )
        return ", ".join(parts)

    def player_color(self, player: str) -> tuple[int, int, int]:
        return TRI_COLOR if player == TRIANGLES else CIR_COLOR

    def make_player_token(self, player: str, size: int) -> pygame.Surface | None:
        shape = "triangle" if player == TRIANGLES else "circle"
        return token_sprite(max(8, int(size * 0.96)), shape, self.player_color(player))

    def focus_rect(self) -> pygame.Rect:
        return self.frame.move(self.deck_pos)

    # ------------------------------------------------------------------------------------------------
    # drawing
    # ------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self._clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        if not self.sprites:
            return
        if self.base is None:
            self.base = self._build_base()
        if self.stage is None:
            self.stage = self._build_stage()
        surface.blit(self.stage, self.rect.topleft)
        angle = self.angle()
        if abs(angle) < 0.02:
            deck = self._compose()
            surface.blit(deck, self.deck_pos)
        else:
            self._blit_rotated(surface, angle)
        self._draw_pin(surface)
        self._draw_dust(surface)
        preview = self._preview()
        self._draw_gauge(surface, self.gauge_moment(), preview[0] if preview else None)
        if self.choice is not None and not self.busy:
            self._draw_choice(surface, self.choice)

    def _blit_rotated(self, surface: pygame.Surface, angle: float) -> None:
        """The deck turned ``angle`` degrees clockwise about the fulcrum's apex. The resting crash
        pose is cached (nothing on it changes); a tilt in motion is rotated frame by frame."""
        key = (id(self.state), round(angle, 3), self.deck_size)
        if not self.busy and self._rotated is not None and self._rotated[0] == key:
            _, image, rect = self._rotated
            surface.blit(image, rect)
            return
        deck = self._compose()
        image = pygame.transform.rotozoom(deck, -angle, 1.0)
        w, h = deck.get_size()
        offset = (self.pivot[0] - w / 2, self.pivot[1] - h / 2)
        turned = _rotate(offset, angle)
        centre = (self.pivot_screen[0] - turned[0], self.pivot_screen[1] - turned[1])
        rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
        surface.blit(image, rect)
        if not self.busy:
            self._rotated = (key, image, rect)

    def _draw_pin(self, surface: pygame.Surface) -> None:
        """The brass pin at the fulcrum's apex, drawn over the board: it is what it turns about."""
        r = max(3, round(self.s * 0.13))
        c = self.pivot_screen
        pygame.draw.circle(surface, (60, 44, 20), (c[0] + 1, c[1] + 2), r)
        pygame.draw.circle(surface, (196, 156, 72), c, r)
        pygame.draw.circle(surface, (250, 224, 150), (c[0] - r // 3, c[1] - r // 3), max(1, r // 3))

    def _draw_dust(self, surface: pygame.Surface) -> None:
        """A puff of dust where the crashing end hits the floor."""
        plan = self.plan
        t = self.timeline.t
        if plan.crash is None or not plan.dust or not plan.crash.started(t):
            return
        impact = plan.crash.start + plan.crash.duration * 0.72
        if t < impact:
            return
        p = min(1.0, (t - impact) / max(0.01, 0.7 * self.timeline.scale))
        if p >= 1.0:
            return
        direction = 1 if plan.crash_angle > 0 else -1
        x = self.pivot_screen[0] + direction * self.frame.width / 2 * math.cos(math.radians(self.crash_angle))
        y = self.floor_y
        puff = pygame.Surface((self.s * 4, self.s * 2), pygame.SRCALPHA)
        for dx, rise, size in plan.dust:
            cx = puff.get_width() / 2 + dx * self.s * 1.6 * p
            cy = puff.get_height() * 0.85 - rise * self.s * 0.9 * p
            pygame.draw.circle(
                puff, (226, 210, 186, int(150 * (1 - p))), (cx, cy), self.s * 0.25 * size * (0.5 + p)
            )
        surface.blit(puff, puff.get_rect(midbottom=(round(x), y + 4)))

    def _preview(self) -> tuple[int, float] | None:
        """(moment, counterweight) after the hovered destination's move, for the ghost pointer
        and ghost counterweight; a capture that may merge previews the knock."""
        if self.busy or self.selected is None or self.hover_sq is None:
            return None
        if self.choice is not None:
            return None
        option = next((o for o in self.options if o.to == self.hover_sq), None)
        if option is None:
            return None
        move = option.moves.get("knock") or option.moves.get("move") or next(iter(option.moves.values()))
        return self.cc.balance_after(move)

    def _compose(self) -> pygame.Surface:
        """The deck as it looks level: base, highlights, pieces, flights and the counterweight."""
        assert self.base is not None
        deck = self.base.copy()
        busy = self.busy
        if not busy:
            self._draw_last(deck)
            self._draw_selection_under(deck)
        self._draw_pieces(deck)
        if not busy:
            self._draw_threats(deck)
            self._draw_marks(deck)
        self._draw_counterweight(deck)
        return deck

    def _draw_last(self, deck: pygame.Surface) -> None:
        for sq in self.last_squares:
            deck.blit(self.sprites["last"], self.cell(sq))

    def _draw_selection_under(self, deck: pygame.Surface) -> None:
        sp = self.sprites
        hover = self.hover_sq
        state = self.cc
        if hover is not None and self.selected is None and state.to_move():
            piece = state.at(hover)
            if piece is not None and piece["owner"] == state.player and B.IS_PLAYABLE[hover]:
                deck.blit(sp["hover"], self.cell(hover))
        if self.selected is not None:
            deck.blit(sp["select-tint"], self.cell(self.selected))
            deck.blit(sp["select"], self.cell(self.selected))
            if hover is not None and any(o.to == hover for o in self.options):
                deck.blit(sp["hover"], self.cell(hover))

    def _draw_marks(self, deck: pygame.Surface) -> None:
        for option in self.options:
            deck.blit(self.sprites[f"mark-{option.kind}"], self.cell(option.to))

    def _draw_threats(self, deck: pygame.Surface) -> None:
        """A king that could win on the centre line next pulses; its safe squares are ringed."""
        threats = self.centre_threats()
        if not any(threats.values()):
            return
        ring = self.sprites["threat"].copy()
        ring.set_alpha(int(150 + 105 * (0.5 + 0.5 * math.sin(self._clock * 5))))
        state = self.cc
        for player, squares in threats.items():
            if not squares:
                continue
            side = _side(player)
            king = next((sq for sq in B.PLAYABLE if state.board[sq] == B.KING * B.SIGN[side]), None)
            if king is not None:
                deck.blit(ring, self.cell(king))
            for sq in squares:
                pygame.draw.rect(deck, (*THREAT,), self.cell(sq).inflate(-4, -4), width=2, border_radius=4)

    def _piece(
        self,
        deck: pygame.Surface,
        value: int,
        center: tuple[float, float],
        scale: float = 1.0,
        alpha: int = 255,
        lift: float = 0.0,
    ) -> None:
        """One piece (signed board value) at ``center`` on the deck, ``lift`` pixels in the air."""
        side = 0 if value > 0 else 1
        weight = abs(value)
        img = self.sprites[f"piece-{side}-{weight}"]
        shadow = self.sprites[f"shadow-{side}"]
        if scale != 1.0:
            size = (max(1, round(img.get_width() * scale)), max(1, round(img.get_height() * scale)))
            img = pygame.transform.smoothscale(img, size)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
            shadow = shadow.copy()
            shadow.set_alpha(alpha)
        off = max(1, self.s // 24) + lift * 0.25
        deck.blit(shadow, shadow.get_rect(center=(round(center[0] + off), round(center[1] + 2 * off))))
        deck.blit(img, img.get_rect(center=(round(center[0]), round(center[1] - lift))))

    def _draw_pieces(self, deck: pygame.Surface) -> None:
        state = self.cc
        plan = self.plan
        t = self.timeline.t
        busy = self.busy
        hidden: set[int] = set()
        if busy and plan.glide is not None and not plan.glide.done(t):
            hidden.add(plan.to)
        if busy and plan.fly is not None and plan.stored is not None and not plan.fly.done(t):
            hidden.add(plan.stored)
        popping = busy and plan.pop is not None and plan.pop.started(t) and not plan.pop.done(t)
        if popping:
            hidden.add(plan.to)
        for sq, value in enumerate(state.board):
            if value and sq not in hidden:
                self._piece(deck, value, self.cell_center(sq))
        if not busy:
            return
        # the captured piece: waiting where it stood, fading into the mover, or flying to storage
        if plan.victim_sq is not None and plan.victim_value:
            vc = self.cell_center(plan.victim_sq)
            if plan.fade is not None and not plan.fade.done(t):
                self._piece(
                    deck, plan.victim_value, vc, 1.0 - 0.3 * plan.fade.at(t), int(255 * (1 - plan.fade.at(t)))
                )
            elif plan.fly is not None and not plan.fly.started(t):
                self._piece(deck, plan.victim_value, vc)
        if plan.pop is not None and popping:
            self._piece(deck, state.board[plan.to], self.cell_center(plan.to), 0.7 + 0.3 * plan.pop.at(t))
        if plan.glide is not None and not plan.glide.done(t):
            p = plan.glide.at(t)
            value = plan.weight_before * B.SIGN[plan.side]
            pos = lerp_point(self.cell_center(plan.frm), self.cell_center(plan.to), p)
            self._piece(deck, value, pos, 1.06, lift=self.s * 0.1 * math.sin(math.pi * plan.glide.raw(t)))
        if plan.fly is not None and plan.stored is not None and plan.fly.started(t) and not plan.fly.done(t):
            p = plan.fly.at(t)
            start = (
                self.cell_center(plan.victim_sq) if plan.victim_sq is not None else self.cell_center(plan.to)
            )
            pos = arc_point(start, self.cell_center(plan.stored), p, self.s * 1.4)
            self._piece(deck, plan.victim_value, pos, 1.0 + 0.15 * math.sin(math.pi * p), lift=0.0)

    def _draw_counterweight(self, deck: pygame.Surface) -> None:
        """The counterweight on its rail; while a destination is hovered, a ghost shows where it
        would slide to."""
        img = self.sprites["cw"]
        bottom = self.rail_y() + max(1, self.s // 24)
        preview = self._preview()
        if preview is not None:
            ghost = self.sprites["cw-ghost"]
            deck.blit(ghost, ghost.get_rect(midbottom=(round(self.line_x(preview[1])), bottom)))
        x = self.line_x(self.counterweight_line())
        shadow = self.sprites["cw-shadow"]
        deck.blit(shadow, shadow.get_rect(midbottom=(round(x + 2), bottom + shadow.get_height() // 8 + 3)))
        deck.blit(img, img.get_rect(midbottom=(round(x), bottom)))

    def _draw_choice(self, surface: pygame.Surface, choice: Choice) -> None:
        """The merge-or-knock popover: parchment card, a caption and two buttons; a pointer marks
        the capture it is about."""
        s = self.s
        size = max(12, int(s * 0.3))
        rect = choice.rect
        target = self.square_rect(choice.option.to)
        pygame.draw.rect(
            surface, sprites.shade(MARK_MERGE, 0.8), target.inflate(2, 2), width=3, border_radius=6
        )
        shade = pygame.Surface((rect.width + 12, rect.height + 12), pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 90), shade.get_rect().inflate(-6, -6).move(2, 5), border_radius=12)
        surface.blit(shade, (rect.x - 6, rect.y - 6))
        above = rect.bottom <= target.top
        tip_y = target.top - 1 if above else target.bottom + 1
        base_y = rect.bottom - 2 if above else rect.top + 2
        cx = max(rect.left + 16, min(rect.right - 16, target.centerx))
        pygame.draw.polygon(
            surface, style.WOOD, [(cx - 9, base_y), (cx + 9, base_y), (target.centerx, tip_y)]
        )
        pygame.draw.rect(surface, style.PARCHMENT, rect, border_radius=10)
        pygame.draw.rect(surface, style.WOOD, rect, width=2, border_radius=10)
        pad = max(8, s // 5)
        caption = style.text_surface(choice.caption, size - 1, style.INK_SOFT)
        surface.blit(caption, (rect.left + pad, rect.top + pad - 2))
        for button, label, color in (
            (choice.merge_rect, choice.merge_label, (196, 140, 30)),
            (choice.knock_rect, choice.knock_label, MARK_KNOCK),
        ):
            hovered = self.hover_pos is not None and button.collidepoint(self.hover_pos)
            fill = sprites.shade(color, 1.15) if hovered else color
            pygame.draw.rect(surface, sprites.shade(color, 0.6), button.move(0, 2), border_radius=8)
            pygame.draw.rect(surface, fill, button, border_radius=8)
            text = style.text_surface(
                style.fit_text(label, size, button.width - 8, True), size, (255, 255, 255), True
            )
            surface.blit(text, text.get_rect(center=button.center))


def _fall(p: float) -> float:
    """The crash: falling faster and faster (gravity), then a small bounce off the floor."""
    hit = 0.72
    if p < hit:
        return ease_in(p / hit)
    q = (p - hit) / (1 - hit)
    return 1 - 0.12 * math.sin(math.pi * q) * (1 - q)


# ----------------------------------------------------------------------------------------------------
# demo matches (screenshots, smoke, bench)
# ----------------------------------------------------------------------------------------------------
def demo_match(stage: str = "mid") -> Match:
    """A deterministic match at ``stage``: "setup" (the start, vs computer), "mid" (a couple of
    dozen plies with pieces in both storages, the balance well off level) or "end" (finished by
    the board tipping)."""
    from game.match import AI, Match, Seat

    if stage == "setup":
        return Match(GAME_ID, {}, {TRIANGLES: Seat(), CIRCLES: Seat(AI, "normal")})
    seats = {TRIANGLES: Seat(), CIRCLES: Seat(AI, "easy")}
    if stage == "mid":
        for seed in range(400):
            trial = Match(GAME_ID, {}, dict(seats))
            if not _play_careful(trial, seed, 22):
                continue
            state: Any = trial.state
            stored = [sq for side in (0, 1) for sq in B.STORAGE_FILL[side] if state.board[sq]]
            if (
                len(stored) >= 3
                and 12 <= abs(state.moment) <= 40
                and state.player == TRIANGLES
                and not trial.over
            ):
                return trial
        raise RuntimeError("no mid-game demo found")
    if stage == "end":
        for seed in range(400):
            trial = Match(GAME_ID, {}, dict(seats))
            if not _play_careful(trial, seed, 24):
                continue
            for _ in range(30):
                if trial.over:
                    break
                state = trial.state
                player = state.player
                moves = list(state.legal_moves(player))
                sign = 1 if player == TRIANGLES else -1
                trial.submit(player, max(moves, key=lambda m: sign * state.balance_after(m)[0]))
            outcome = trial.outcome
            if (
                trial.over
                and outcome is not None
                and "tips" in outcome.reason
                and outcome.winner == TRIANGLES
            ):
                return trial
        raise RuntimeError("no finished demo found")
    raise ValueError(f"unknown demo stage '{stage}' (setup, mid, end)")


def _play_careful(match: Match, seed: int, plies: int) -> bool:
    """``plies`` plies of seeded random moves that favour captures but never end the game (so a
    demo reaches the middle game). True if all were played."""
    rng = random.Random(seed)
    for _ in range(plies):
        if match.over:
            return False
        state: Any = match.state
        player = state.player
        moves = [m for m in state.legal_moves(player) if state.after(m).outcome() is None]
        if not moves:
            return False
        captures = [m for m in moves if m[2] != B.MOVE]
        move = rng.choice(captures) if captures and rng.random() < 0.7 else rng.choice(moves)
        match.submit(player, move)
    return True


__all__ = ["ChangingChallengesView", "counterweight_for", "demo_match", "tilt_for"]
