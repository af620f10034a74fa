"""Elasta's board view: an 8 x 8 board, two chip trays, and the Battle Line as an elastic band.

Both players act every turn, in secret. The view keeps each human's half-made allotment (a *draft*)
and shows it only to its owner: the acting human sees their own chips face up, a sealed order of the
other side (pending in the match) lies face down in its slots, and the hot-seat curtain of the
shared :class:`~scenes.shell.match.scene.MatchScene` covers the hand-over. Chips are dragged from the tray
onto the files, placed click-by-click, or typed as eight digits.

Its signature animation is the reveal, built from the engine's own :class:`~game.elasta.rules.TurnReport`
(never re-deciding a rule): both rows of chips flip together, each file's winner lights up, the sticks
slide one square, the band over-stretches (thin, in a warning colour, trembling) where neighbours are
more than two ranks apart, then snaps back round by round with an elastic overshoot, and a lost file
flashes at its ground line.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.core import GameError
from game.elasta import rules as R
from scenes.kit import sprites, style
from scenes.kit.animation import Track, ease_in_out, ease_out, ease_out_back, linear
from scenes.kit.board_view import BoardView, GridGeometry, ViewAction, ViewButton, sentence

if TYPE_CHECKING:
    from game.core import GameState
    from game.elasta.rules import ElastaState, TurnReport
    from game.match import Match, Turn

GAME_ID = "elasta"
WHITE, BLACK = R.WHITE, R.BLACK
PLAYERS = (WHITE, BLACK)
N = R.N_FILES
FILE_LETTERS = "ABCDEFGH"

Color = tuple[int, int, int]

FRAME = (74, 48, 34)
LABEL = (236, 214, 176)
SQUARE_LIGHT = (238, 226, 200)
SQUARE_DARK = (224, 208, 178)
GRID_LINE = (176, 150, 112)
WHITE_LAND = (255, 252, 242)
BLACK_LAND = (40, 62, 118)
RAIL = (122, 84, 56)
BAND = (186, 44, 52)
BAND_LIGHT = (236, 120, 112)
BAND_DARK = (110, 20, 30)
STRETCH = (255, 184, 36)
STRETCH_LIGHT = (255, 236, 160)
PEG = (212, 170, 86)
STICK = (150, 104, 62)
GLOW = (255, 206, 84)
LOST = (220, 52, 44)

CHIP_STYLE: dict[str, tuple[Color, Color, Color]] = {
    # base, edge marks, ink
    WHITE: ((240, 234, 218), (168, 40, 50), (64, 40, 34)),
    BLACK: ((46, 48, 60), (216, 172, 76), (246, 228, 184)),
}
CARD_COLOR: dict[str, Color] = {WHITE: (238, 232, 216), BLACK: (46, 48, 60)}

DRAG_START = 6
"""Pixels the mouse must travel with the button held before a press becomes a drag (not a click)."""


def _title(player: str) -> str:
    return player.capitalize()


def _files_text(files: list[int]) -> str:
    names = [FILE_LETTERS[f] for f in files]
    if len(names) == 1:
        return f"file {names[0]}"
    return "files " + ", ".join(names[:-1]) + " and " + names[-1]


def elastic(p: float) -> float:
    """A damped spring from 0 to 1: overshoots by about 15 %, swings back, settles. The band's
    snap-back reads as rubber, not as a piece being moved."""
    if p <= 0:
        return 0.0
    if p >= 1:
        return 1.0
    return 1 - math.exp(-5 * p) * math.cos(p * math.pi * 2.6)


# ----------------------------------------------------------------------------------------------------
# sprites
# ----------------------------------------------------------------------------------------------------
def chip_sprite(diameter: int, side: str, number: int | None) -> pygame.Surface:
    """A poker-style chip: a rim with eight inlaid marks, a sheen, and the number (or, face down,
    the band emblem). White's are ivory with crimson marks, Black's ebony with gold, so the two rows
    never mix up even at a glance; the number is large enough to read at 1024 x 640."""
    base, mark, ink = CHIP_STYLE[side]
    ss = sprites.SS
    big = max(6, diameter * ss)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    r = big / 2 - ss
    dark = side == BLACK
    pygame.draw.circle(surface, (*sprites.shade(base, 0.55 if not dark else 0.6), 255), (c, c), r)
    pygame.draw.circle(surface, (*base, 255), (c, c - ss), r - ss)
    for i in range(8):  # edge marks
        a0 = math.radians(i * 45 + 22.5 - 9)
        a1 = math.radians(i * 45 + 22.5 + 9)
        outer, inner = r * 0.97, r * 0.74
        pts = [
            (c + math.cos(a0) * inner, c - ss + math.sin(a0) * inner),
            (c + math.cos(a0) * outer, c - ss + math.sin(a0) * outer),
            (c + math.cos(a1) * outer, c - ss + math.sin(a1) * outer),
            (c + math.cos(a1) * inner, c - ss + math.sin(a1) * inner),
        ]
        pygame.draw.polygon(surface, (*mark, 255), pts)
    face = r * 0.7
    steps = 18
    for i in range(steps):  # the inner face, lit from the upper left
        t = i / (steps - 1)
        col = sprites.mix(sprites.shade(base, 0.9 if not dark else 0.85), sprites.shade(base, 1.12), t)
        pygame.draw.circle(
            surface, (*col, 255), (c - face * 0.12 * t, c - ss - face * 0.14 * t), face * (1 - 0.7 * t)
        )
    pygame.draw.circle(surface, (*mark, 255), (c, c - ss), face, max(2, int(big * 0.025)))
    if number is not None:
        label = style.font(int(big * 0.5), True).render(str(number), True, ink)
        surface.blit(label, label.get_rect(center=(c, c - ss + big * 0.01)))
    else:  # face down: the band emblem, a little wave between two pegs
        pts = [
            (c - face * 0.62 + face * 1.24 * k / 24, c - ss + math.sin(k / 24 * math.pi * 2) * face * 0.28)
            for k in range(25)
        ]
        pygame.draw.lines(surface, (*mark, 255), False, pts, max(3, int(big * 0.05)))
        for end in (pts[0], pts[-1]):
            pygame.draw.circle(surface, (*mark, 255), end, big * 0.045)
    shine = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.ellipse(
        shine, (255, 255, 255, 60 if dark else 110), (c - r * 0.7, c - r * 0.85, r * 0.8, r * 0.45)
    )
    surface.blit(shine, (0, 0))
    return pygame.transform.smoothscale(surface, (diameter, diameter))


def token_sprite(diameter: int, owner: str | None) -> pygame.Surface:
    """A deletion token: a thick bevelled disc with a carved cross, in its owner's chip colours
    (neutral bronze when the owner is unknown), so a dead square reads as "blocked" at once."""
    if owner in CHIP_STYLE:
        base, mark, _ = CHIP_STYLE[owner]  # type: ignore[index]
    else:
        base, mark = (150, 118, 74), (74, 52, 34)
    ss = sprites.SS
    big = max(6, diameter * ss)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    r = big / 2 - ss
    pygame.draw.circle(surface, (*sprites.shade(base, 0.5), 255), (c, c + ss), r)
    pygame.draw.circle(surface, (*sprites.shade(base, 0.85), 255), (c, c - ss), r - ss)
    pygame.draw.circle(surface, (*base, 255), (c, c - ss), r * 0.8)
    arm = r * 0.42
    width = max(3, int(big * 0.1))
    for dx in (-1, 1):
        pygame.draw.line(
            surface, (*mark, 255), (c - arm, c - ss - arm * dx), (c + arm, c - ss + arm * dx), width
        )
    shine = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.ellipse(shine, (255, 255, 255, 70), (c - r * 0.6, c - r * 0.8, r * 0.7, r * 0.35))
    surface.blit(shine, (0, 0))
    return pygame.transform.smoothscale(surface, (diameter, diameter))


def _disc(size: int, color: Color, alpha: int) -> pygame.Surface:
    ss = sprites.SS
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    pygame.draw.circle(big, (*color, alpha), (size * ss / 2, size * ss / 2), size * ss / 2 - ss)
    return pygame.transform.smoothscale(big, (size, size))


def _recess(size: int, bed: Color, label: str, label_color: Color) -> pygame.Surface:
    """A round hollow in the wood with an inner shadow and an engraved label (file letter or chip
    number): where a chip belongs when it is not there."""
    ss = sprites.SS
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    c = size * ss / 2
    r = c - ss
    pygame.draw.circle(big, (*sprites.shade(bed, 1.35), 255), (c, c + ss), r)
    pygame.draw.circle(big, (*sprites.shade(bed, 0.7), 255), (c, c), r - ss)
    for i in range(5):
        pygame.draw.circle(
            big, (*sprites.shade(bed, 0.74 + 0.05 * i), 255), (c, c + ss * (i + 1)), r * (0.93 - 0.02 * i)
        )
    if label:
        text = style.font(int(size * ss * 0.42), True).render(label, True, label_color)
        text.set_alpha(150)
        big.blit(text, text.get_rect(center=(c, c + ss * 2)))
    return pygame.transform.smoothscale(big, (size, size))


def _stick(width: int, height: int) -> pygame.Surface:
    """One stick of the Battle Line: a turned wooden rod lying across its file."""
    ss = sprites.SS
    w, h = max(4, width * ss), max(3, height * ss)
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    rows = max(2, h)
    for y in range(rows):
        t = y / (rows - 1)
        light = 1.35 - 0.75 * abs(t - 0.3) * 1.6
        col = sprites.shade(STICK, light) if light >= 1 else sprites.shade(STICK, max(0.35, light))
        pygame.draw.line(big, (*col, 255), (h / 2, y), (w - h / 2, y))
    for x in (h / 2, w - h / 2):
        pygame.draw.circle(big, (*sprites.shade(STICK, 0.85), 255), (x, h / 2), h / 2)
    pygame.draw.rect(big, (*sprites.shade(STICK, 0.45), 255), (0, 0, w, h), max(1, ss), border_radius=h // 2)
    return pygame.transform.smoothscale(big, (max(2, width), max(2, height)))


def _peg(diameter: int) -> pygame.Surface:
    """The brass peg at each stick's centre that the band wraps around."""
    ss = sprites.SS
    big = max(6, diameter * ss)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    r = c - ss
    pygame.draw.circle(surface, (*sprites.shade(PEG, 0.45), 255), (c, c + ss), r)
    for i in range(12):
        t = i / 11
        pygame.draw.circle(
            surface,
            (*sprites.mix(sprites.shade(PEG, 0.8), sprites.shade(PEG, 1.5), t), 255),
            (c - r * 0.25 * t, c - r * 0.3 * t),
            r * (1 - 0.75 * t) - ss,
        )
    return pygame.transform.smoothscale(surface, (diameter, diameter))


# ----------------------------------------------------------------------------------------------------
# the band's curve
# ----------------------------------------------------------------------------------------------------
Point = tuple[float, float]


def catmull_rom(points: list[Point], samples: int) -> list[list[Point]]:
    """A centripetal Catmull-Rom spline through ``points``: one list of ``samples + 1`` points per
    span. Centripetal (not uniform) so the steep steps of an over-stretched band never loop or
    bulge past the sticks; the end tangents are extrapolated."""
    if len(points) < 2:
        return []
    ext = [
        (2 * points[0][0] - points[1][0], 2 * points[0][1] - points[1][1]),
        *points,
        (2 * points[-1][0] - points[-2][0], 2 * points[-1][1] - points[-2][1]),
    ]
    spans: list[list[Point]] = []
    for i in range(len(points) - 1):
        p0, p1, p2, p3 = ext[i], ext[i + 1], ext[i + 2], ext[i + 3]
        t0 = 0.0
        t1 = t0 + max(1e-3, math.dist(p0, p1) ** 0.5)
        t2 = t1 + max(1e-3, math.dist(p1, p2) ** 0.5)
        t3 = t2 + max(1e-3, math.dist(p2, p3) ** 0.5)
        span = []
        for k in range(samples + 1):
            t = t1 + (t2 - t1) * k / samples

            def blend(a: Point, b: Point, ta: float, tb: float, t: float = t) -> Point:
                wa, wb = (tb - t) / (tb - ta), (t - ta) / (tb - ta)
                return (a[0] * wa + b[0] * wb, a[1] * wa + b[1] * wb)

            a1, a2, a3 = blend(p0, p1, t0, t1), blend(p1, p2, t1, t2), blend(p2, p3, t2, t3)
            b1, b2 = blend(a1, a2, t0, t2), blend(a2, a3, t1, t3)
            span.append(blend(b1, b2, t1, t2))
        spans.append(span)
    return spans


def _offset(points: list[Point], widths: list[float], shift: float = 0.0) -> tuple[list[Point], list[Point]]:
    """The two edges of a stroke of varying width along ``points`` (``shift`` moves the stroke
    sideways, for the highlight)."""
    left: list[Point] = []
    right: list[Point] = []
    n = len(points)
    for i, (x, y) in enumerate(points):
        ax, ay = points[max(0, i - 1)]
        bx, by = points[min(n - 1, i + 1)]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        nx, ny = dy / length, -dx / length  # points "up" for a band running left to right
        half = widths[i] / 2
        cx, cy = x + nx * shift, y + ny * shift
        left.append((cx + nx * half, cy + ny * half))
        right.append((cx - nx * half, cy - ny * half))
    return left, right


def _fill_stroke(
    surface: pygame.Surface, left: list[Point], right: list[Point], color: tuple[int, ...]
) -> None:
    pygame.draw.polygon(surface, color, left + right[::-1])
    if len(color) == 3:
        pygame.draw.aalines(surface, color, False, left)
        pygame.draw.aalines(surface, color, False, right)


# ----------------------------------------------------------------------------------------------------
# the reveal plan
# ----------------------------------------------------------------------------------------------------
@dataclass
class Plan:
    """One turn's animation. Allotment turns: flips, comparison, push, tension, band rounds, end
    check; token turns: the two tokens dropping onto their squares."""

    kind: str = ""
    moves: dict[str, Any] = field(default_factory=dict)
    report: TurnReport | None = None
    stages: list[list[int]] = field(default_factory=list)
    tracks: list[Track] = field(default_factory=list)
    flips: list[Track] = field(default_factory=list)
    compare: Track | None = None
    push: Track | None = None
    tension: Track | None = None
    end: Track | None = None
    drop: Track | None = None


@dataclass(frozen=True)
class Held:
    """A chip in the hand: from the tray (``index`` = chip) or from a slot (``index`` = file)."""

    player: str
    source: str
    index: int


class ElastaView(BoardView):
    """The Elasta table: White's chip tray on the left and slot row below the board, Black's tray on
    the right and slot row above it, the band across the middle. Drag or click chips onto files (a
    chip dropped on an occupied slot swaps), or type eight digits; Confirm seals the allotment."""

    game_id = GAME_ID

    def __init__(self, match: Match, settings: Any = None) -> None:
        super().__init__(match, settings)
        self.geo = GridGeometry.fit(pygame.Rect(0, 0, 640, 640), N, N)
        self.s = self.geo.square
        self.frame_rect = pygame.Rect(0, 0, 0, 0)
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.slot_rects: dict[str, list[pygame.Rect]] = {WHITE: [], BLACK: []}
        self.rail_rects: dict[str, pygame.Rect] = {}
        self.tray_rects: dict[str, pygame.Rect] = {}
        self.tray_slots: dict[str, list[pygame.Rect]] = {WHITE: [], BLACK: []}
        self.plate_rects: dict[str, pygame.Rect] = {}
        self.sprites: dict[str, pygame.Surface] = {}
        self.board_surface: pygame.Surface | None = None
        self._overlay: pygame.Surface | None = None
        self._field: pygame.Surface | None = None
        self._field_key: tuple[Any, ...] = ()
        # input
        self.drafts: dict[str, list[int | None]] = {}
        self.cursor: dict[str, int] = {}
        self.token_draft: dict[str, int] = {}
        self.held: Held | None = None
        self.dragging = False
        self._press_pos: tuple[int, int] | None = None
        self._pressed = False
        self.drag_pos: tuple[int, int] | None = None
        # animation
        self.plan = Plan()
        self._clock = 0.0
        self._sealed_at: dict[str, float] = {}
        self._seen_pending: set[str] = set(match.pending)
        self.token_owner: dict[int, str] = {}
        self._compute_owners()

    @property
    def ela(self) -> ElastaState:
        return self.state  # type: ignore[return-value]

    # ------------------------------------------------------------------------------------------------
    # layout and sprites
    # ------------------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Board, two slot rows (Black's above, White's below) and two side trays, all sized from one
        square so the table keeps its proportions at every window size."""
        super().layout(rect)
        usable = rect.inflate(-8, -8)
        pad_r, slot_r, slot_gap_r, tray_r, tray_gap_r = 0.34, 0.98, 0.14, 1.22, 0.26
        width_units = N + 2 * pad_r + 2 * (tray_r + tray_gap_r)
        height_units = N + 2 * pad_r + 2 * (slot_r + slot_gap_r)
        s = int(min(usable.width / width_units, usable.height / height_units))
        s = max(20, min(s, 96))
        pad = round(s * pad_r)
        slot_h, slot_gap = round(s * slot_r), round(s * slot_gap_r)
        tray_w, tray_gap = round(s * tray_r), round(s * tray_gap_r)
        board = N * s
        total_w = board + 2 * pad + 2 * (tray_w + tray_gap)
        total_h = board + 2 * pad + 2 * (slot_h + slot_gap)
        left = rect.centerx - total_w // 2
        top = rect.centery - total_h // 2
        self.table_rect = pygame.Rect(left, top, total_w, total_h)
        self.frame_rect = pygame.Rect(
            left + tray_w + tray_gap, top + slot_h + slot_gap, board + 2 * pad, board + 2 * pad
        )
        self.geo = GridGeometry(N, N, (self.frame_rect.left + pad, self.frame_rect.top + pad), s, 0)
        self.s = s
        for player, y in ((BLACK, top), (WHITE, self.frame_rect.bottom + slot_gap)):
            self.slot_rects[player] = [
                pygame.Rect(self.geo.origin[0] + f * s, y, s, slot_h) for f in range(N)
            ]
            self.rail_rects[player] = pygame.Rect(self.geo.origin[0] - pad // 2, y, board + pad, slot_h)
        tray_h = self.frame_rect.height
        for player, x in ((WHITE, left), (BLACK, self.frame_rect.right + tray_gap)):
            tray = pygame.Rect(x, self.frame_rect.top, tray_w, tray_h)
            self.tray_rects[player] = tray
            inner = tray.inflate(0, -round(s * 0.24))
            pitch = inner.height / N
            # chip 7 on top: higher chips stand higher, as on the board
            self.tray_slots[player] = [
                pygame.Rect(tray.left, round(inner.top + (N - 1 - chip) * pitch), tray_w, round(pitch))
                for chip in range(N)
            ]
        plate_w = tray_w + tray_gap + pad - max(2, s // 12)
        self.plate_rects = {
            WHITE: pygame.Rect(left, self.frame_rect.bottom + slot_gap, plate_w, slot_h),
            BLACK: pygame.Rect(self.frame_rect.right - pad + max(2, s // 12), top, plate_w, slot_h),
        }
        self._build_sprites(s)
        self.board_surface = None
        self._overlay = None
        self._field = None

    def _build_sprites(self, s: int) -> None:
        """Every size-dependent picture, built once per layout (never per frame)."""
        chip = max(8, round(s * 0.8))
        sp: dict[str, pygame.Surface] = {}
        for side in PLAYERS:
            for number in range(N):
                sp[f"chip-{side}-{number}"] = chip_sprite(chip, side, number)
            sp[f"chip-{side}-back"] = chip_sprite(chip, side, None)
            sp[f"token-{side}"] = token_sprite(max(8, round(s * 0.7)), side)
        sp["token-none"] = token_sprite(max(8, round(s * 0.7)), None)
        sp["shadow"] = sprites.ellipse_shadow(chip, max(4, chip // 3), 120)
        sp["shadow-lifted"] = sprites.ellipse_shadow(round(chip * 1.05), max(4, chip // 3), 90)
        sp["glow"] = sprites.ring(round(chip * 1.3), GLOW, 0.44, max(2, s * 0.06), 255)
        sp["glow-soft"] = sprites.ring(round(chip * 1.3), GLOW, 0.46, max(3, s * 0.12), 90)
        sp["tie"] = sprites.ring(round(chip * 1.2), (170, 160, 150), 0.45, max(1.5, s * 0.035), 230)
        sp["select"] = sprites.ring(round(chip * 1.3), style.ACCENT_LIGHT, 0.45, max(2, s * 0.07), 255)
        sp["hover"] = sprites.ring(round(chip * 1.22), (255, 255, 255), 0.46, max(2, s * 0.04), 170)
        sp["cursor"] = sprites.ring(round(chip * 1.22), style.ACCENT, 0.46, max(2, s * 0.06), 255)
        sp["dim"] = _disc(chip, (20, 16, 14), 120)
        sp["square-hover"] = sprites.tint(s, (255, 255, 255), 70)
        sp["square-pick"] = sprites.glow_ring(s, style.ACCENT, 0.08, 255)
        sp["stick"] = _stick(round(s * 0.86), max(4, round(s * 0.13)))
        sp["peg"] = _peg(max(6, round(s * 0.24)))
        slot = max(8, round(s * 0.86))
        for player in PLAYERS:
            for f in range(N):
                sp[f"recess-{player}-{f}"] = _recess(slot, RAIL, FILE_LETTERS[f], LABEL)
            for chip_no in range(N):
                sp[f"tray-{player}-{chip_no}"] = _recess(slot, RAIL, str(chip_no), LABEL)
        self.sprites = sp

    def _build_board(self) -> pygame.Surface:
        """The static table: frame, squares with the two ground lines, coordinates, the slot rails
        and the trays. Everything that moves is drawn over it each frame."""
        surface = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        ox, oy = -self.rect.left, -self.rect.top
        s = self.s
        frame = self.frame_rect.move(ox, oy)
        blur = max(4, s // 4)
        radius = max(6, s // 4)
        for part in (
            frame,
            *(r.move(ox, oy) for r in self.tray_rects.values()),
            *(r.move(ox, oy) for r in self.rail_rects.values()),
        ):
            shadow = sprites.soft_shadow(part.size, radius, 110, blur)
            surface.blit(shadow, (part.left - blur + 2, part.top - blur + 5))
        pygame.draw.rect(surface, sprites.shade(FRAME, 0.6), frame, border_radius=radius)
        pygame.draw.rect(surface, FRAME, frame.inflate(-4, -4), border_radius=radius - 1)
        pygame.draw.rect(
            surface, sprites.shade(FRAME, 1.2), frame.inflate(-4, -4), 2, border_radius=radius - 1
        )
        grid = self.geo.rect.move(ox, oy)
        for rank in range(N):
            for file in range(N):
                r = self.geo.square_rect(file, rank).move(ox, oy)
                surface.fill(SQUARE_LIGHT if (file + rank) % 2 else SQUARE_DARK, r)
        for i in range(1, N):
            pygame.draw.line(
                surface, GRID_LINE, (grid.left + i * s, grid.top), (grid.left + i * s, grid.bottom - 1)
            )
            pygame.draw.line(
                surface, GRID_LINE, (grid.left, grid.top + i * s), (grid.right - 1, grid.top + i * s)
            )
        pygame.draw.rect(surface, sprites.shade(FRAME, 0.45), grid.inflate(4, 4), 2)
        size = max(10, int(s * 0.26))
        pad = self.geo.origin[0] - self.frame_rect.left
        for f in range(N):
            x = grid.left + f * s + s // 2
            for y in (grid.bottom + pad // 2 + 1, grid.top - pad // 2):
                label = style.text_surface(FILE_LETTERS[f], size, LABEL, True)
                surface.blit(label, label.get_rect(center=(x, y)))
        for rank in range(N):
            y = grid.bottom - rank * s - s // 2
            for x in (grid.left - pad // 2, grid.right + pad // 2):
                label = style.text_surface(str(rank + 1), size, LABEL, True)
                surface.blit(label, label.get_rect(center=(x, y)))
        for player in PLAYERS:
            rail = self.rail_rects[player].move(ox, oy)
            self._wood(surface, rail, max(6, s // 5))
            for f, slot in enumerate(self.slot_rects[player]):
                recess = self.sprites[f"recess-{player}-{f}"]
                surface.blit(recess, recess.get_rect(center=slot.move(ox, oy).center))
            tray = self.tray_rects[player].move(ox, oy)
            self._wood(surface, tray, max(6, s // 4))
            for chip, slot in enumerate(self.tray_slots[player]):
                recess = self.sprites[f"tray-{player}-{chip}"]
                surface.blit(recess, recess.get_rect(center=slot.move(ox, oy).center))
        return surface

    @staticmethod
    def _wood(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
        pygame.draw.rect(surface, sprites.shade(RAIL, 0.55), rect, border_radius=radius)
        pygame.draw.rect(surface, RAIL, rect.inflate(-4, -4), border_radius=radius - 1)
        pygame.draw.rect(
            surface, sprites.shade(RAIL, 1.22), rect.inflate(-4, -4), 2, border_radius=radius - 1
        )

    # ------------------------------------------------------------------------------------------------
    # positions (public: the tests drive the board with them)
    # ------------------------------------------------------------------------------------------------
    def slot_center(self, player: str, file: int) -> tuple[int, int]:
        return self.slot_rects[player][file].center

    def tray_center(self, player: str, chip: int) -> tuple[int, int]:
        return self.tray_slots[player][chip].center

    def square_center(self, name: str) -> tuple[int, int]:
        return self.geo.center_of(name)

    def stick_y(self, line: float) -> float:
        """Screen y of a stick at ``line`` (0 = White's ground line at the bottom, 8 = the top)."""
        return self.geo.rect.bottom - line * self.s

    def file_x(self, file: int) -> float:
        return self.geo.origin[0] + file * self.s + self.s / 2

    # ------------------------------------------------------------------------------------------------
    # state
    # ------------------------------------------------------------------------------------------------
    def set_state(self, state: GameState, animate_from: Turn | None = None) -> None:
        changed = state is not self.state
        super().set_state(state, animate_from)
        if changed:  # a new position (reveal, undo, load): every half-made order belongs to the past
            self.drafts = {}
            self.cursor = {}
            self.token_draft = {}
        self.plan = Plan()
        self._seen_pending = set(self.match.pending)
        self._sealed_at = {}
        self._compute_owners()
        if animate_from is not None and self.timeline.scale > 0:
            self._plan(animate_from)

    def _compute_owners(self) -> None:
        """Who placed each token, from the match history (the engine keeps only the deleted mask;
        the colour of a token is worth one pass over the turns)."""
        self.token_owner = {}
        for turn in self.match.turns:
            before: Any = turn.before
            if getattr(before, "phase", "") != R.PHASE_TOKEN:
                if turn.after is self.state:
                    break
                continue
            for player, move in turn.moves.items():
                if isinstance(move, int) and move != R.NO_TOKEN:
                    self.token_owner[move] = player
            if turn.after is self.state:
                break

    def _plan(self, turn: Turn) -> None:
        """Turn a :class:`TurnReport` into tracks. Timing (at normal speed): the chips flip in a quick
        ripple, the winners light up, the sticks slide, the stretched band trembles, then each band
        round snaps with an elastic ease; a finished game ends on a flash at the lost ground line."""
        before: Any = turn.before
        after: Any = turn.after
        tl = self.timeline
        plan = Plan(moves=dict(turn.moves))
        if getattr(before, "phase", R.PHASE_ALLOT) == R.PHASE_TOKEN:
            plan.kind = "token"
            plan.drop = tl.add(0.5, ease=ease_out_back)
            last = plan.drop
        else:
            white, black = turn.moves.get(WHITE), turn.moves.get(BLACK)
            if not isinstance(white, tuple) or not isinstance(black, tuple):
                return
            report = after.last_report or R.resolve_turn(before.lines, white, black, before.deleted)
            plan.kind = "allot"
            plan.report = report
            plan.flips = [tl.add(0.34, delay=0.045 * f, ease=ease_in_out) for f in range(N)]
            plan.compare = tl.add(0.42, delay=0.06, after=plan.flips[-1], ease=ease_out)
            plan.push = tl.add(0.5, delay=0.05, after=plan.compare, ease=ease_in_out)
            plan.stages = [list(before.lines), list(report.pushed)]
            plan.tracks = [plan.push]
            last = plan.push
            if report.rounds:
                plan.tension = tl.add(0.4, after=plan.push, ease=linear)
                last = plan.tension
                for round_lines in report.rounds:
                    track = tl.add(0.62, delay=0.05, after=last, ease=elastic)
                    plan.tracks.append(track)
                    plan.stages.append(list(round_lines))
                    last = track
        if after.over:
            plan.end = tl.add(0.8, delay=0.05, after=last, ease=linear)
        else:
            tl.add(0.15, after=last)  # a breath before the next turn's prompt
        self.plan = plan

    def lines_at(self, t: float | None = None) -> list[float]:
        """The sticks as drawn at time ``t`` of the current reveal (the state's lines at rest)."""
        plan = self.plan
        if plan.kind != "allot" or not self.busy:
            return [float(v) for v in self.ela.lines]
        t = self.timeline.t if t is None else t
        values = [float(v) for v in plan.stages[0]]
        for k, track in enumerate(plan.tracks):
            if not track.started(t):
                break
            p = track.at(t)
            values = [a + (b - a) * p for a, b in zip(plan.stages[k], plan.stages[k + 1], strict=True)]
        return values

    def draft(self, player: str) -> list[int | None]:
        return self.drafts.setdefault(player, [None] * N)

    def row(self, player: str) -> tuple[list[int | None], str]:
        """What the slot row shows at rest: (chips, how) with how in "face", "back", "ghost"."""
        pending = self.match.pending.get(player)
        if isinstance(pending, tuple):
            return list(pending), "face" if self._shows(player) else "back"
        if (
            self._shows(player)
            and self.ela.phase == R.PHASE_ALLOT
            and any(c is not None for c in self.draft(player))
        ):
            return list(self.draft(player)), "face"
        last = self._last_allotments()
        if last is not None and player != self._actor():  # the acting player's rail stays clear
            return list(last[player]), "ghost"
        return [None] * N, "face"

    def _last_allotments(self) -> dict[str, tuple[int, ...]] | None:
        """The allotments of the last allotment turn that led to the shown position (kept on the
        rails, faded, as a record of what just happened)."""
        turns = self.match.turns
        end = next((i for i in range(len(turns) - 1, -1, -1) if turns[i].after is self.state), -1)
        for turn in reversed(turns[: end + 1]):
            before: Any = turn.before
            if getattr(before, "phase", "") == R.PHASE_ALLOT:
                moves = turn.moves
                if isinstance(moves.get(WHITE), tuple) and isinstance(moves.get(BLACK), tuple):
                    return {WHITE: moves[WHITE], BLACK: moves[BLACK]}
                return None
        return None

    def tray_chips(self, player: str) -> list[int]:
        """Chips still in ``player``'s tray as drawn now."""
        if self.busy and self.plan.kind == "allot":
            return []
        if player in self.match.pending and self.ela.phase == R.PHASE_ALLOT:
            return []
        if self._shows(player) and self.ela.phase == R.PHASE_ALLOT:
            placed = {c for c in self.draft(player) if c is not None}
            return [c for c in range(N) if c not in placed]
        return list(range(N))

    # ------------------------------------------------------------------------------------------------
    # input
    # ------------------------------------------------------------------------------------------------
    def _hit(self, pos: tuple[int, int]) -> tuple[str, str | None, int] | None:
        """What is under ``pos``: ("slot", player, file), ("tray", player, chip), ("file", None,
        file) for a board column, or None."""
        for player in PLAYERS:
            for f, rect in enumerate(self.slot_rects[player]):
                if rect.collidepoint(pos):
                    return "slot", player, f
            if self.tray_rects.get(player) and self.tray_rects[player].collidepoint(pos):
                for chip, rect in enumerate(self.tray_slots[player]):
                    if rect.collidepoint(pos):
                        return "tray", player, chip
                return None
        square = self.geo.square_at(pos)
        if square is not None:
            return "file", None, square[0]
        return None

    def hover(self, pos: tuple[int, int] | None) -> None:
        super().hover(pos)
        if self.held is None or not self._pressed or pos is None or self._press_pos is None:
            return
        if self.dragging or math.dist(pos, self._press_pos) >= DRAG_START:
            self.dragging = True
            self.drag_pos = pos

    def cancel(self) -> bool:
        had = self.held is not None
        self.held = None
        self.dragging = False
        self._pressed = False
        self.drag_pos = None
        return had

    def handle_click(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        if player is None or self.busy:
            return ViewAction.nothing()
        if self.ela.phase == R.PHASE_TOKEN:
            return self._token_click(pos, player)
        hit = self._hit(pos)
        if hit is None:
            self.cancel()
            return ViewAction.hint(self._how(player))
        kind, owner, index = hit
        if owner is not None and owner != player:
            place = "tray" if kind == "tray" else "row"
            return ViewAction.refuse(
                f"That is {_title(owner)}'s {place} — you allot {_title(player)}'s chips "
                f"({self._where(player)})."
            )
        draft = self.draft(player)
        if self.held is not None:  # click-click: the chip in hand goes where this click says
            held = self.held
            if kind in ("slot", "file"):
                if held.source == "slot" and held.index == index:
                    self.cancel()
                    return ViewAction.hint("Chip put back down.")
                self.cancel()
                return self._place(player, held, index)
            if kind == "tray":
                if held.source == "slot":
                    chip = draft[held.index]
                    draft[held.index] = None
                    self.cancel()
                    self.cursor[player] = self._first_empty(player)
                    return ViewAction.hint(f"Chip {chip} back in the tray.")
                if held.index == index:
                    self.cancel()
                    return ViewAction.hint("Chip put back down.")
        if kind == "tray":
            if index not in self.tray_chips(player):
                return ViewAction.hint(f"Chip {index} is already on file {FILE_LETTERS[draft.index(index)]}.")
            self._pick(Held(player, "tray", index), pos)
            return ViewAction.hint(f"Chip {index}: drop it on a file, or click one.")
        chip = draft[index]
        if chip is not None:
            self._pick(Held(player, "slot", index), pos)
            return ViewAction.hint(
                f"Chip {chip} from file {FILE_LETTERS[index]}: drop it on another file to swap."
            )
        self.cancel()
        self.cursor[player] = index
        return ViewAction.hint(f"File {FILE_LETTERS[index]}: type a chip number, or drag a chip here.")

    def _pick(self, held: Held, pos: tuple[int, int]) -> None:
        self.held = held
        self.dragging = False
        self._pressed = True
        self._press_pos = pos
        self.drag_pos = pos

    def handle_release(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        """A drag ends: drop on a file's slot or column (swapping with a chip there), or anywhere else
        to put it back in the tray. A press that never moved stays picked up (click-click)."""
        if not self._pressed:
            return ViewAction.nothing()
        self._pressed = False
        held = self.held
        if held is None or player is None or held.player != player:
            return ViewAction.nothing()
        if not self.dragging:
            return ViewAction.nothing()
        self.cancel()
        hit = self._hit(pos)
        if hit is not None and hit[0] in ("slot", "file") and hit[1] in (None, player):
            return self._place(player, held, hit[2])
        if held.source == "slot":
            draft = self.draft(player)
            chip = draft[held.index]
            draft[held.index] = None
            self.cursor[player] = self._first_empty(player)
            return ViewAction.hint(f"Chip {chip} back in the tray.")
        return ViewAction.hint("Drop a chip on one of the eight files.")

    def _place(self, player: str, held: Held, file: int) -> ViewAction:
        """Put the held chip on ``file``; an occupied slot swaps (or sends its chip back to the tray
        when the held chip came from the tray)."""
        draft = self.draft(player)
        if held.source == "tray":
            chip = held.index
            if chip in draft:
                draft[draft.index(chip)] = None
            draft[file] = chip
        else:
            chip_or_none = draft[held.index]
            if chip_or_none is None:
                return ViewAction.nothing()
            chip = chip_or_none
            draft[held.index], draft[file] = draft[file], chip
        self.cursor[player] = self._first_empty(player)
        return ViewAction.hint(self._progress(player, f"Chip {chip} on file {FILE_LETTERS[file]}"))

    def _first_empty(self, player: str) -> int:
        draft = self.draft(player)
        return next((f for f, c in enumerate(draft) if c is None), N)

    def _progress(self, player: str, lead: str) -> str:
        placed = sum(c is not None for c in self.draft(player))
        if placed == N:
            return f"{lead}: complete — press Confirm or Enter to seal it."
        return f"{lead} · {placed} of 8 placed."

    def handle_key(self, key: int, text: str, player: str) -> ViewAction | None:
        """Typing: digits 0-7 fill the files from the cursor on (a chip already placed moves),
        Backspace takes the last one back, arrows move the cursor, Enter confirms."""
        if self.busy:
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._confirm(player)
        if self.ela.phase != R.PHASE_ALLOT:
            return None
        digit = _digit(key, text)
        draft = self.draft(player)
        if key == pygame.K_r:
            return self.press("random", player)
        if digit is not None:
            if digit >= N:
                return ViewAction.refuse(sentence(R.why_bad_allotment((digit,) * N) or ""))
            self.cancel()
            cursor = self.cursor.get(player, self._first_empty(player))
            if cursor >= N:
                if all(c is not None for c in draft):  # a fresh eight digits replace the allotment
                    draft[:] = [None] * N
                    cursor = 0
                else:
                    cursor = self._first_empty(player)
            if digit in draft:
                draft[draft.index(digit)] = None
            draft[cursor] = digit
            self.cursor[player] = cursor + 1
            typed = "".join("_" if c is None else str(c) for c in draft)
            return ViewAction.hint(self._progress(player, f"Allotment {typed}"))
        if key == pygame.K_BACKSPACE:
            self.cancel()
            cursor = self.cursor.get(player, self._first_empty(player))
            target = cursor - 1 if cursor > 0 else 0
            if cursor >= N or draft[target] is None:
                filled = [f for f, c in enumerate(draft) if c is not None and f < max(cursor, 1)]
                if not filled:
                    return ViewAction.hint("Nothing to take back.")
                target = filled[-1]
            draft[target] = None
            self.cursor[player] = target
            return ViewAction.hint(f"File {FILE_LETTERS[target]} is empty again.")
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            cursor = self.cursor.get(player, self._first_empty(player))
            step = -1 if key == pygame.K_LEFT else 1
            self.cursor[player] = max(0, min(N - 1, (cursor if cursor < N else N - 1) + step))
            return ViewAction.hint(f"File {FILE_LETTERS[self.cursor[player]]}: type a chip number.")
        return None

    # -- tokens --------------------------------------------------------------------------------------
    def _token_click(self, pos: tuple[int, int], player: str) -> ViewAction:
        square = self.geo.square_at(pos)
        if square is None:
            return ViewAction.hint(self._how(player))
        name = f"{R.FILES[square[0]]}{square[1] + 1}"
        try:
            move = self.ela.parse_move(player, name)
        except GameError as exc:
            return ViewAction.refuse_error(exc)
        if move == R.NO_TOKEN:
            return ViewAction.hint(self._how(player))
        if self.token_draft.get(player) == move:
            del self.token_draft[player]
            return ViewAction.hint("Token taken back — click another square of your territory.")
        self.token_draft[player] = int(move)
        return ViewAction.hint(f"Token on {name} — press Confirm (or Enter) to seal it.")

    # -- buttons --------------------------------------------------------------------------------------
    def _confirm(self, player: str) -> ViewAction:
        state = self.ela
        if state.phase == R.PHASE_TOKEN:
            move = self.token_draft.get(player)
            if move is None:
                if state.can_place(player):
                    return ViewAction.refuse(
                        "Click a square of your territory first: that is where your token goes."
                    )
                move = R.NO_TOKEN
            try:
                state.check_move(player, move)
            except GameError as exc:
                return ViewAction.refuse_error(exc)
            return ViewAction.play(player, move)
        draft = self.draft(player)
        empty = [f for f, c in enumerate(draft) if c is None]
        if empty:
            verb = "is" if len(empty) == 1 else "are"
            return ViewAction.refuse(
                f"Every file needs a chip before you confirm: {_files_text(empty)} {verb} empty."
            )
        move = tuple(int(c) for c in draft if c is not None)
        try:
            state.check_move(player, move)
        except GameError as exc:
            return ViewAction.refuse_error(exc)
        self.cancel()
        return ViewAction.play(player, move)

    def buttons(self, player: str | None) -> list[ViewButton]:
        if player is None or self.busy:
            return []
        if self.ela.phase == R.PHASE_TOKEN:
            must_pass = not self.ela.can_place(player)
            chosen = player in self.token_draft
            return [
                ViewButton("clear", "Clear", "Take the token back", enabled=chosen),
                ViewButton(
                    "confirm",
                    "Confirm",
                    "Seal your token (Enter)" if not must_pass else "You have no token to place",
                    primary=True,
                    enabled=chosen or must_pass,
                ),
            ]
        draft = self.draft(player)
        placed = sum(c is not None for c in draft)
        buttons = [
            ViewButton(
                "clear", "Clear", "Put every chip back in the tray (Backspace takes one)", enabled=placed > 0
            ),
            ViewButton(
                "random", "Random", "Deal the chips still in the tray at random (R)", enabled=placed < N
            ),
            ViewButton(
                "confirm", "Confirm", "Seal this allotment (Enter)", primary=True, enabled=placed == N
            ),
        ]
        if self.rect.width < 800:  # the compact panel fits two buttons; R still deals at random
            del buttons[1]
        return buttons

    def press(self, key: str, player: str | None) -> ViewAction:
        if player is None or self.busy:
            return ViewAction.nothing()
        if key == "confirm":
            return self._confirm(player)
        self.cancel()
        if key == "clear":
            if self.ela.phase == R.PHASE_TOKEN:
                self.token_draft.pop(player, None)
                return ViewAction.hint("Token taken back.")
            self.drafts[player] = [None] * N
            self.cursor[player] = 0
            return ViewAction.hint("All chips back in the tray.")
        if key == "random":
            draft = self.draft(player)
            rest = [c for c in range(N) if c not in draft]
            random.shuffle(rest)
            for f in range(N):
                if draft[f] is None:
                    draft[f] = rest.pop()
            self.cursor[player] = N
            return ViewAction.hint(self._progress(player, "Chips dealt at random"))
        return ViewAction.nothing()

    # ------------------------------------------------------------------------------------------------
    # texts
    # ------------------------------------------------------------------------------------------------
    @staticmethod
    def _where(player: str) -> str:
        return (
            "tray on the left, row below the board"
            if player == WHITE
            else "tray on the right, row above the board"
        )

    def _how(self, player: str) -> str:
        if self.ela.phase == R.PHASE_TOKEN:
            if not self.ela.can_place(player):
                return "you have no token to place — press Confirm"
            return "click a square on your side of the band to delete it with a token, then Confirm"
        return "drag chips from your tray onto the files, or type eight digits"

    def prompt(self, player: str) -> str:
        state = self.ela
        if state.phase == R.PHASE_TOKEN:
            if player in self.token_draft:
                name = R.square_name(self.token_draft[player])
                return f"token on {name} — press Confirm (or Enter) to seal it"
            return self._how(player)
        placed = sum(c is not None for c in self.draft(player))
        if placed == N:
            return "allotment complete — press Confirm (or Enter) to seal it; drag chips to swap"
        if placed:
            return f"{placed} of 8 chips placed — drag the rest, or type their numbers (Backspace undoes)"
        return self._how(player)

    def status_extra(self) -> str:
        state = self.ela
        if state.phase == R.PHASE_TOKEN and not state.over:
            return f"Turn {state.turn} · tokens"
        return f"Turn {state.turn + (0 if state.over else 1)}"

    def player_summary(self, player: str) -> str:
        state = self.ela
        gained = state.score()[player]
        if state.tokens:
            return f"+{gained} · {state.tokens_of(player)} tokens"
        return f"+{gained} rank{'s' if gained != 1 else ''}"

    def result_details(self) -> str:
        state = self.ela
        score = state.score()
        return (
            f"Ranks gained: White {score[WHITE]}, Black {score[BLACK]}  ·  "
            f"{state.turn} turn{'s' if state.turn != 1 else ''}"
        )

    def turn_note(self, turn: Turn) -> str:
        before: Any = turn.before
        if getattr(before, "phase", "") == R.PHASE_TOKEN:
            return "tokens"
        after: Any = turn.after
        report = getattr(after, "last_report", None)
        if report is None:
            return ""
        won = report.results.count(1)
        lost = report.results.count(-1)
        note = f"W {won} · B {lost}"
        if report.rounds:
            note += f" · band ×{len(report.rounds)}"
        return note

    def player_color(self, player: str) -> tuple[int, int, int]:
        return CARD_COLOR.get(player, (128, 128, 128))

    def make_player_token(self, player: str, size: int) -> pygame.Surface | None:
        return chip_sprite(max(8, int(size * 0.94)), player, None) if player in CHIP_STYLE else None

    def focus_rect(self) -> pygame.Rect:
        return self.frame_rect

    # ------------------------------------------------------------------------------------------------
    # drawing
    # ------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self._clock += dt
        pending = set(self.match.pending)
        for player in pending - self._seen_pending:
            if self.match.seats[player].is_ai:  # the computer's chips slide face down onto its rail
                self._sealed_at[player] = self._clock
        self._seen_pending = pending

    def draw(self, surface: pygame.Surface) -> None:
        if not self.sprites:
            return
        if self.board_surface is None:
            self.board_surface = self._build_board()
        surface.blit(self.board_surface, self.rect.topleft)
        lines = self.lines_at()
        self._draw_field(surface, lines)
        self._draw_token_choice(surface)
        self._draw_end_flash(surface)
        for player in PLAYERS:
            self._draw_tray(surface, player)
            self._draw_row(surface, player)
            self._draw_plate(surface, player)
        self._draw_held(surface)

    # -- board ---------------------------------------------------------------------------------------
    def _draw_field(self, surface: pygame.Surface, lines: list[float]) -> None:
        """Territories, tokens, sticks and band. At rest the result is cached (the band is the costly
        part of a frame) and reused until the position or the layout changes."""
        key = (
            tuple(lines),
            self.ela.deleted,
            tuple(sorted(self.token_owner.items())),
            tuple(self.frame_rect),
        )
        if not self.busy and self._field is not None and self._field_key == key:
            surface.blit(self._field, self.frame_rect)
            return
        self._draw_territory(surface, lines)
        self._draw_file_washes(surface)
        self._draw_tokens(surface)
        self._draw_band(surface, lines)
        if self.busy:
            return
        try:
            self._field = surface.subsurface(self.frame_rect).copy()
            self._field_key = key
        except ValueError:  # the frame pokes out of the surface (a tiny window): draw live
            self._field = None

    def _draw_territory(self, surface: pygame.Surface, lines: list[float]) -> None:
        """Each side's territory tinted (White's light, Black's slate) up to the animated stick, so
        the Battle Line reads as a frontier, not only as a curve."""
        s = self.s
        key = "land"
        if key not in self.sprites:
            white = pygame.Surface((s, N * s), pygame.SRCALPHA)
            white.fill((*WHITE_LAND, 120))
            black = pygame.Surface((s, N * s), pygame.SRCALPHA)
            black.fill((*BLACK_LAND, 84))
            self.sprites["land-white"] = white
            self.sprites["land-black"] = black
            self.sprites[key] = white
        grid = self.geo.rect
        for f, line in enumerate(lines):
            x = grid.left + f * s
            y = round(self.stick_y(max(0.0, min(float(N), line))))
            if grid.bottom - y > 0:
                surface.blit(self.sprites["land-white"], (x, y), pygame.Rect(0, 0, s, grid.bottom - y))
            if y - grid.top > 0:
                surface.blit(self.sprites["land-black"], (x, grid.top), pygame.Rect(0, 0, s, y - grid.top))

    def _draw_file_washes(self, surface: pygame.Surface) -> None:
        """During a reveal, each won file glows in the winner's colour while its stick is pushed."""
        plan = self.plan
        if (
            plan.kind != "allot"
            or not self.busy
            or plan.compare is None
            or plan.push is None
            or plan.report is None
        ):
            return
        t = self.timeline.t
        if not plan.compare.started(t):
            return
        fade = 1.0
        if plan.push.done(t):  # the glow outlives the push a little, then gives way to the band
            fade = max(0.0, 1.0 - (t - plan.push.end) / (0.45 * self.timeline.scale))
        alpha = plan.compare.at(t) * fade
        if alpha <= 0.01:
            return
        grid = self.geo.rect
        for f, result in enumerate(plan.report.results):
            if result == 0:
                continue
            color, base = ((255, 214, 110), 90) if result > 0 else ((70, 110, 190), 80)
            wash = pygame.Surface((self.s, grid.height), pygame.SRCALPHA)
            wash.fill((*color, int(base * alpha)))
            surface.blit(wash, (grid.left + f * self.s, grid.top))

    def _draw_tokens(self, surface: pygame.Surface) -> None:
        state = self.ela
        if not state.tokens or (not state.deleted and self.plan.kind != "token"):
            return
        plan = self.plan
        t = self.timeline.t
        dropping: dict[int, str] = {}
        if plan.kind == "token" and self.busy and plan.drop is not None:
            for player, move in plan.moves.items():
                if isinstance(move, int) and move != R.NO_TOKEN:
                    dropping[move] = player
        for sq in range(64):
            if not state.deleted >> sq & 1:
                continue
            rect = self.geo.square_rect(sq % N, sq // N)
            if sq in dropping and plan.drop is not None:
                p = plan.drop.at(t)
                self._hatch(surface, rect, min(1.0, max(0.0, p)))
                self._blit_token(
                    surface,
                    dropping[sq],
                    rect.center,
                    1.6 - 0.6 * p,
                    int(255 * min(1.0, plan.drop.raw(t) * 2)),
                )
            else:
                self._hatch(surface, rect, 1.0)
                self._blit_token(surface, self.token_owner.get(sq), rect.center)

    def _hatch(self, surface: pygame.Surface, rect: pygame.Rect, strength: float) -> None:
        key = "hatch"
        hatch = self.sprites.get(key)
        if hatch is None:
            hatch = pygame.Surface((self.s, self.s), pygame.SRCALPHA)
            hatch.fill((40, 28, 20, 70))
            step = max(4, self.s // 7)
            for k in range(-self.s, self.s, step):
                pygame.draw.line(hatch, (40, 28, 20, 60), (k, self.s), (k + self.s, 0), 2)
            self.sprites[key] = hatch
        if strength < 1:
            hatch = hatch.copy()
            hatch.set_alpha(int(255 * strength))
        surface.blit(hatch, rect)

    def _blit_token(
        self,
        surface: pygame.Surface,
        owner: str | None,
        center: tuple[float, float],
        scale: float = 1.0,
        alpha: int = 255,
    ) -> None:
        img = self.sprites[f"token-{owner}" if owner in PLAYERS else "token-none"]
        if scale != 1.0:
            size = max(2, round(img.get_width() * scale))
            img = pygame.transform.smoothscale(img, (size, size))
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        shadow = self.sprites["shadow"]
        surface.blit(shadow, shadow.get_rect(center=(round(center[0] + 1), round(center[1] + self.s * 0.2))))
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))

    def _draw_token_choice(self, surface: pygame.Surface) -> None:
        """The viewer's secret token (a pulsing ghost) and, on hover, the square a click would take."""
        state = self.ela
        if state.phase != R.PHASE_TOKEN or self.busy or state.over:
            return
        viewer = self.viewer()
        if viewer is None:
            return
        sq = self.token_draft.get(viewer) if self._shows(viewer) else None
        actor = self._actor()
        if actor is not None and self.hover_pos is not None:
            square = self.geo.square_at(self.hover_pos)
            if square is not None:
                hovered = R.square(square[0], square[1] + 1)
                if hovered in state.territory(actor) and hovered != sq:
                    surface.blit(self.sprites["square-hover"], self.geo.square_rect(*square))
        if sq is not None and sq != R.NO_TOKEN:
            rect = self.geo.square_rect(sq % N, sq // N)
            surface.blit(self.sprites["square-pick"], rect)
            pulse = 0.5 + 0.5 * math.sin(self._clock * 4)
            self._blit_token(surface, viewer, rect.center, 1.0, int(170 + 70 * pulse))

    def _draw_band(self, surface: pygame.Surface, lines: list[float]) -> None:
        """The sticks, then the band through their pegs: a centripetal Catmull-Rom curve stroked
        thick with a highlight. A span whose neighbours are more than two ranks apart is drawn
        thinner and in the warning colour (blending in as the gap opens), and trembles while the
        band is under tension."""
        s = self.s
        grid = self.geo.rect
        stick = self.sprites["stick"]
        pts: list[Point] = [(self.file_x(f), self.stick_y(v)) for f, v in enumerate(lines)]
        for x, y in pts:
            surface.blit(stick, stick.get_rect(center=(round(x), round(y))))
        anchors = [(grid.left - s * 0.12, pts[0][1]), *pts, (grid.right + s * 0.12, pts[-1][1])]
        spans = catmull_rom(anchors, max(8, s // 4))
        base_w = max(3.0, s * 0.13)
        stretch = [0.0] * len(spans)
        for k in range(1, len(spans) - 1):
            gap = abs(lines[k] - lines[k - 1])
            stretch[k] = max(0.0, min(1.0, gap - R.MAX_GAP))
        widths = [base_w * (1 - 0.5 * st) for st in stretch]
        node = [widths[0]] + [min(widths[k], widths[k + 1]) for k in range(len(widths) - 1)] + [widths[-1]]
        tremble = 0.0
        plan = self.plan
        if self.busy and plan.tension is not None:
            t = self.timeline.t
            if plan.tension.started(t) and not plan.tension.done(t):
                tremble = s * 0.045 * math.sin(self._clock * 2 * math.pi * 13)
        strokes = []
        for k, span in enumerate(spans):
            n = len(span) - 1
            ws = [
                widths[k]
                + (node[k] - widths[k]) * (1 - i / n) ** 3
                + (node[k + 1] - widths[k]) * (i / n) ** 3
                for i in range(n + 1)
            ]
            if tremble and stretch[k] > 0:
                span = self._shake(span, tremble * stretch[k])
            strokes.append((span, ws, stretch[k]))
        overlay = self._overlay_surface()
        ox, oy = self.frame_rect.topleft
        for span, ws, st in strokes:
            shifted = [(x - ox + s * 0.04, y - oy + s * 0.08) for x, y in span]
            left, right = _offset(shifted, [w * 1.1 for w in ws])
            _fill_stroke(overlay, left, right, (0, 0, 0, 70))
            if st > 0:  # an over-stretched span glows: the eye goes to where the band will snap
                local = [(x - ox, y - oy) for x, y in span]
                left, right = _offset(local, [base_w * 2.4] * len(ws))
                _fill_stroke(overlay, left, right, (*STRETCH, int(70 * st)))
        surface.blit(overlay, self.frame_rect.topleft)
        for span, ws, st in strokes:
            left, right = _offset(span, ws)
            _fill_stroke(surface, left, right, sprites.mix(BAND_DARK, sprites.shade(STRETCH, 0.7), st))
            inner = [w * 0.74 for w in ws]
            left, right = _offset(span, inner, shift=ws[len(ws) // 2] * 0.08)
            _fill_stroke(surface, left, right, sprites.mix(BAND, STRETCH, st))
            light = [max(1.0, w * 0.22) for w in ws]
            left, right = _offset(span, light, shift=ws[len(ws) // 2] * 0.24)
            _fill_stroke(surface, left, right, sprites.mix(BAND_LIGHT, STRETCH_LIGHT, st))
        peg = self.sprites["peg"]
        for x, y in pts:
            surface.blit(peg, peg.get_rect(center=(round(x), round(y))))

    def _shake(self, span: list[Point], amount: float) -> list[Point]:
        """Offset a span sideways by a sine hump (zero at both pegs): a plucked, taut band."""
        n = len(span) - 1
        out = []
        for i, (x, y) in enumerate(span):
            a = span[max(0, i - 1)]
            b = span[min(n, i + 1)]
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy) or 1.0
            k = math.sin(math.pi * i / n) * amount
            out.append((x + dy / length * k, y - dx / length * k))
        return out

    def _overlay_surface(self) -> pygame.Surface:
        size = self.frame_rect.size
        if self._overlay is None or self._overlay.get_size() != size:
            self._overlay = pygame.Surface(size, pygame.SRCALPHA)
        self._overlay.fill((0, 0, 0, 0))
        return self._overlay

    def _draw_end_flash(self, surface: pygame.Surface) -> None:
        """The game just ended: the lost file(s) flash red at the ground line that was reached, and
        stay marked afterwards so the finished board explains itself."""
        state = self.ela
        if not state.over:
            return
        plan = self.plan
        if self.busy and (plan.end is None or not plan.end.started(self.timeline.t)):
            return
        white_lost, black_lost = R.losers(state.lines, state.deleted)
        if self.busy and plan.end is not None:
            p = plan.end.raw(self.timeline.t)
            strength = 0.5 + 0.5 * math.sin(p * math.pi * 5 - math.pi / 2)
        else:
            strength = 0.55
        grid = self.geo.rect
        s = self.s
        for files, at_bottom in ((white_lost, True), (black_lost, False)):
            for f in files:
                column = pygame.Surface((s, grid.height), pygame.SRCALPHA)
                column.fill((*LOST, int(70 * strength)))
                surface.blit(column, (grid.left + f * s, grid.top))
                y = grid.bottom - max(3, s // 10) if at_bottom else grid.top
                pygame.draw.rect(surface, LOST, (grid.left + f * s, y, s, max(3, s // 10)))

    # -- chips ---------------------------------------------------------------------------------------
    def _blit_chip(
        self,
        surface: pygame.Surface,
        key: str,
        center: tuple[float, float],
        *,
        alpha: int = 255,
        squash: float = 1.0,
        lift: float = 0.0,
    ) -> None:
        img = self.sprites[key]
        if squash < 0.999:
            img = pygame.transform.smoothscale(
                img, (max(1, round(img.get_width() * squash)), img.get_height())
            )
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        shadow = self.sprites["shadow-lifted" if lift else "shadow"]
        if alpha >= 200:
            off = max(1, self.s // 18)
            surface.blit(
                shadow,
                shadow.get_rect(center=(round(center[0] + off), round(center[1] + self.s * 0.33 + lift))),
            )
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1] - lift))))

    def _draw_tray(self, surface: pygame.Surface, player: str) -> None:
        held = self.held
        chips = self.tray_chips(player)
        actor = self._actor()
        interactive = actor == player and not self.busy and self.ela.phase == R.PHASE_ALLOT
        sealing = self._sealing(player)
        for chip in chips:
            if sealing is not None:
                break
            if (
                held is not None
                and held.player == player
                and held.source == "tray"
                and held.index == chip
                and self.dragging
            ):
                continue
            center = self.tray_center(player, chip)
            # a tray shows chips face up: a hidden player's tray is full or empty, never telling
            self._blit_chip(surface, f"chip-{player}-{chip}", center)
            if held is not None and held.player == player and held.source == "tray" and held.index == chip:
                ring = self.sprites["select"]
                surface.blit(ring, ring.get_rect(center=center))
            elif (
                interactive
                and self.hover_pos is not None
                and self.tray_slots[player][chip].collidepoint(self.hover_pos)
            ):
                ring = self.sprites["hover"]
                surface.blit(ring, ring.get_rect(center=center))

    def _sealing(self, player: str) -> float | None:
        """Progress 0..1 of the face-down chips sliding from the tray to the rail after ``player``
        sealed an order the viewer may not see (None when not sliding)."""
        start = self._sealed_at.get(player)
        if start is None or self._shows(player) or player not in self.match.pending:
            return None
        p = (self._clock - start) / 0.45
        if p >= 1:
            return None
        return max(0.0, p)

    def _draw_row(self, surface: pygame.Surface, player: str) -> None:
        """The player's rail: the reveal's flipping chips, a draft, a sealed order (face up to its
        owner, face down to everyone else), or the last turn's chips faded."""
        plan = self.plan
        t = self.timeline.t
        if plan.kind == "allot" and self.busy and plan.report is not None:
            chips = plan.moves.get(player)
            if not isinstance(chips, tuple):
                return
            results = plan.report.results
            sign = 1 if player == WHITE else -1
            for f, chip in enumerate(chips):
                center = self.slot_center(player, f)
                flip = plan.flips[f]
                p = flip.at(t)
                lift = self.s * 0.12 * math.sin(math.pi * p)
                if p < 0.5:
                    self._blit_chip(
                        surface, f"chip-{player}-back", center, squash=max(0.02, 1 - 2 * p), lift=lift
                    )
                else:
                    self._blit_chip(
                        surface, f"chip-{player}-{chip}", center, squash=max(0.02, 2 * p - 1), lift=lift
                    )
                if plan.compare is not None and plan.compare.started(t):
                    k = plan.compare.at(t)
                    result = results[f] * sign
                    if result > 0:
                        glow = self.sprites["glow-soft"].copy()
                        glow.set_alpha(int(255 * k))
                        surface.blit(glow, glow.get_rect(center=center))
                        ring = self.sprites["glow"].copy()
                        ring.set_alpha(int(255 * k))
                        surface.blit(ring, ring.get_rect(center=center))
                    elif result < 0:
                        dim = self.sprites["dim"].copy()
                        dim.set_alpha(int(255 * k))
                        surface.blit(dim, dim.get_rect(center=center))
                    else:
                        ring = self.sprites["tie"].copy()
                        ring.set_alpha(int(255 * k))
                        surface.blit(ring, ring.get_rect(center=center))
            return
        chips_list, how = self.row(player)
        sealing = self._sealing(player) if how == "back" else None
        held = self.held
        actor = self._actor()
        interactive = actor == player and not self.busy and self.ela.phase == R.PHASE_ALLOT
        for f, chip in enumerate(chips_list):
            center = self.slot_center(player, f)
            if chip is None:
                continue
            if (
                held is not None
                and held.player == player
                and held.source == "slot"
                and held.index == f
                and self.dragging
            ):
                continue
            if how == "back":
                if sealing is not None:
                    src = self.tray_center(player, N - 1 - f)
                    p = ease_out(min(1.0, max(0.0, sealing * 1.4 - f * 0.05)))
                    pos = (src[0] + (center[0] - src[0]) * p, src[1] + (center[1] - src[1]) * p)
                    self._blit_chip(
                        surface, f"chip-{player}-back", pos, lift=self.s * 0.1 * math.sin(math.pi * p)
                    )
                else:
                    self._blit_chip(surface, f"chip-{player}-back", center)
            elif how == "ghost":
                self._blit_chip(surface, f"chip-{player}-{chip}", center, alpha=120)
            else:
                self._blit_chip(surface, f"chip-{player}-{chip}", center)
            if held is not None and held.player == player and held.source == "slot" and held.index == f:
                ring = self.sprites["select"]
                surface.blit(ring, ring.get_rect(center=center))
        if interactive and how in ("face", "ghost") and player not in self.match.pending:
            self._draw_row_marks(surface, player, chips_list if how == "face" else [None] * N)

    def _draw_row_marks(self, surface: pygame.Surface, player: str, chips: list[int | None]) -> None:
        """Where the next typed digit goes (a pulsing ring) and which slot a drop would hit."""
        target: int | None = None
        pos = self.drag_pos if self.dragging else self.hover_pos
        if pos is not None:
            hit = self._hit(pos)
            if hit is not None and hit[0] in ("slot", "file") and hit[1] in (None, player):
                target = hit[2]
        if target is not None and (self.held is not None or chips[target] is not None):
            ring = self.sprites["select" if self.dragging else "hover"]
            surface.blit(ring, ring.get_rect(center=self.slot_center(player, target)))
        if self.held is None:
            cursor = self.cursor.get(player, self._first_empty(player))
            if cursor < N and chips[cursor] is None:
                ring = self.sprites["cursor"].copy()
                ring.set_alpha(int(150 + 105 * (0.5 + 0.5 * math.sin(self._clock * 4))))
                surface.blit(ring, ring.get_rect(center=self.slot_center(player, cursor)))

    def _draw_held(self, surface: pygame.Surface) -> None:
        held = self.held
        if held is None or not self.dragging or self.drag_pos is None:
            return
        chip = held.index if held.source == "tray" else self.draft(held.player)[held.index]
        if chip is None:
            return
        self._blit_chip(surface, f"chip-{held.player}-{chip}", self.drag_pos, lift=self.s * 0.12)

    def _draw_plate(self, surface: pygame.Surface, player: str) -> None:
        """A name plate in the table's corner by the player's rail: who, and what they are doing."""
        rect = self.plate_rects.get(player)
        if rect is None:
            return
        state = self.ela
        status = self._status(player)
        s = self.s
        name_size = max(11, int(s * 0.27))
        sub_size = max(10, int(s * 0.22))
        token = self.player_token(player, max(10, int(s * 0.46)))
        x = rect.left + 4
        if token is not None:
            surface.blit(token, token.get_rect(midleft=(x, rect.centery)))
            x += token.get_width() + max(4, s // 10)
        width = rect.right - x - 2
        name = style.text_surface(
            style.fit_text(_title(player), name_size, width, True), name_size, style.PARCHMENT, True
        )
        lines = [name]
        if status:
            color = style.ACCENT_LIGHT if status in ("allotting", "placing") else (214, 200, 176)
            lines.append(style.text_surface(style.fit_text(status, sub_size, width), sub_size, color))
        if state.tokens:
            left = state.tokens_of(player)
            lines.append(
                style.text_surface(
                    style.fit_text(f"{left} token{'s' if left != 1 else ''}", sub_size, width),
                    sub_size,
                    (214, 200, 176),
                )
            )
        total = sum(line.get_height() for line in lines) - 3 * (len(lines) - 1)
        y = rect.centery - total // 2
        for line in lines:
            surface.blit(line, (x, y))
            y += line.get_height() - 3

    def _status(self, player: str) -> str:
        state = self.ela
        if state.over:
            outcome = state.outcome()
            if outcome is not None and outcome.winner == player:
                return "wins"
            return "draw" if outcome is not None and outcome.winner is None else ""
        if self.busy:
            return "revealed"
        seat = self.match.seats[player]
        if player in self.match.pending:
            return "sealed"
        if seat.is_ai:
            return "thinking…"
        if player == self._actor():
            return "placing" if state.phase == R.PHASE_TOKEN else "allotting"
        return "to choose"


def _digit(key: int, text: str) -> int | None:
    if text and len(text) == 1 and text.isdigit():
        return int(text)
    if pygame.K_0 <= key <= pygame.K_9:
        return key - pygame.K_0
    keypad = [
        pygame.K_KP0,
        pygame.K_KP1,
        pygame.K_KP2,
        pygame.K_KP3,
        pygame.K_KP4,
        pygame.K_KP5,
        pygame.K_KP6,
        pygame.K_KP7,
        pygame.K_KP8,
        pygame.K_KP9,
    ]
    if key in keypad:
        return keypad.index(key)
    return None


# ----------------------------------------------------------------------------------------------------
# demo matches (screenshots, smoke, bench)
# ----------------------------------------------------------------------------------------------------
def demo_match(stage: str = "mid") -> Match:
    """A deterministic match at ``stage``: "setup" (the start, vs computer), "mid" (a few turns
    played, the band visibly bent, White to allot vs the computer) or "end" (finished, a stick on a
    ground line)."""
    from game.match import AI, Match, Seat

    options = {"tokens": "off"}
    seats = {WHITE: Seat(), BLACK: Seat(AI, "easy")}
    if stage == "setup":
        return Match(GAME_ID, options, {WHITE: Seat(), BLACK: Seat(AI, "normal")})
    if stage == "mid":
        for seed in range(400):
            trial = Match(GAME_ID, options, dict(seats))
            if not _play_random(trial, seed, 5):
                continue
            state: Any = trial.state
            lines = state.lines
            last = state.last_report
            bent = max(lines) - min(lines) >= 3 and min(lines) >= 2 and max(lines) <= 6
            if bent and last is not None and last.rounds and state.phase == R.PHASE_ALLOT:
                return trial
        raise RuntimeError("no mid-game demo found")
    if stage == "end":
        for seed in range(400):
            trial = Match(GAME_ID, options, dict(seats))
            _play_random(trial, seed, 120)
            outcome = trial.outcome
            if trial.over and outcome is not None and outcome.winner is not None:
                return trial
        raise RuntimeError("no finished demo found")
    raise ValueError(f"unknown demo stage '{stage}' (setup, mid, end)")


def _play_random(match: Match, seed: int, turns: int) -> bool:
    """Play ``turns`` allotment turns of seeded random allotments (tokens: random squares). True if
    all were played without the game ending."""
    rng = random.Random(seed)
    played = 0
    while played < turns:
        if match.over:
            return False
        state: Any = match.state
        moves = {p: state.random_move(p, rng) for p in state.to_move()}
        if state.phase == R.PHASE_ALLOT:
            played += 1
        match.play_text(state.turn_to_text(moves))
    return not match.over
