"""Nelaxtam's board view: an island of territory tiles in the sea, two armies of numbered troops.

Both players act every turn, in secret. The view keeps each human's half-made invasion or orders (a
*draft*) and shows it only to its owner, exactly like Elasta's chips: the acting human sees their own
troops and arrows, a sealed order of the other side is never drawn, and the hot-seat curtain of the
shared :class:`~scenes.shell.match.scene.MatchScene` covers the hand-over.

Every rule question (where a troop may go, why an order is illegal, what a turn did) is answered by
``game/nelaxtam``: ``orders_for``, ``order_target``, ``why_illegal`` / ``check_move`` and the turn's
:class:`~game.nelaxtam.rules.TurnReport`. The resolution animation replays that report in the rules'
own order — the orders are revealed, troops march, targeted pieces crack and sink, doomed troops fall,
cut-off groups crumble into the sea, then the scores tick — so what the player sees is what the
engine decided, never a second opinion.

Colour-blind safety: the two territories differ in brightness *and* in shape (Black's dark basalt
tiles carry a diamond inlay, White's light sandstone tiles a ring and dot), and the two armies differ
in silhouette (Black's troops are shields, White's are round tokens).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.core import GameError
from game.nelaxtam import rules as R
from scenes.kit import sprites, style
from scenes.kit.animation import Track, ease_in, ease_in_out, ease_out, ease_out_back, linear
from scenes.kit.board_view import BoardView, GridGeometry, ViewAction, ViewButton, sentence

if TYPE_CHECKING:
    from game.core import GameState
    from game.match import Match, Turn
    from game.nelaxtam.rules import NelaxtamState, TurnReport

GAME_ID = "nelaxtam"
BLACK, WHITE = R.BLACK, R.WHITE
PLAYERS: tuple[str, str] = R.PLAYERS
TROOPS = R.TROOPS
DEAD = R.DEAD

Color = tuple[int, int, int]
Point = tuple[float, float]

FRAME = (78, 54, 38)
LABEL = (236, 214, 176)
SEA_TOP = (46, 112, 140)
SEA_BOTTOM = (24, 72, 104)
SEA_WAVE = (120, 182, 200)
DARK_TILE = (92, 80, 74)
"""Black's basalt: clearly darker than the sand and the sea (luminance, not hue, carries it)."""
DARK_INLAY = (186, 150, 92)
LIGHT_TILE = (230, 214, 176)
LIGHT_INLAY = (164, 120, 76)
COAST = (112, 230, 226)
CRACK_DARK = (34, 26, 22)
CRACK_LIGHT = (255, 240, 210)
SPLASH = (214, 240, 246)

TROOP_STYLE: dict[str, tuple[Color, Color, Color]] = {
    # body, rim, ink
    BLACK: ((36, 36, 46), (226, 184, 92), (250, 222, 150)),
    WHITE: ((248, 244, 232), (176, 44, 52), (118, 28, 34)),
}
ORDER_STYLE: dict[str, tuple[Color, Color]] = {
    # stroke, outline: each side's arrows and crosses keep one colour, with an outline that reads
    # on both the basalt and the sandstone
    BLACK: ((250, 196, 64), (40, 26, 14)),
    WHITE: ((220, 50, 62), (255, 248, 236)),
}
CARD_COLOR: dict[str, Color] = {BLACK: (44, 44, 54), WHITE: (240, 234, 220)}
SHAPE_WORD = {BLACK: "diamond", WHITE: "ring"}
COLOUR_WORD = {BLACK: "dark", WHITE: "light"}
DIRECTIONS = ("north-east", "north-west", "south-east", "south-west", "north", "east", "south", "west")


def _title(player: str) -> str:
    return player.capitalize()


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# ----------------------------------------------------------------------------------------------------
# sprites (drawn in code at a few times the size, smoothscaled down; built once per layout)
# ----------------------------------------------------------------------------------------------------
def tile_sprite(size: int, dark: bool, variant: int) -> pygame.Surface:
    """One territory piece seen from above: a bevelled stone slab with a speckled texture and its
    side's emblem inlaid — a bronze diamond on Black's basalt, a ring and dot on White's sandstone —
    so the two colours are told apart by shape as well as by brightness."""
    ss = sprites.SS
    big = max(6, size * ss)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    base = DARK_TILE if dark else LIGHT_TILE
    radius = max(2, int(big * 0.13))
    bevel = max(ss, int(big * 0.07))
    pygame.draw.rect(surface, (*sprites.shade(base, 0.6), 255), (0, 0, big, big), border_radius=radius)
    pygame.draw.rect(
        surface, (*sprites.shade(base, 1.18), 255), (0, 0, big, big - bevel), border_radius=radius
    )
    face = pygame.Rect(bevel // 2, bevel // 2, big - bevel, big - bevel * 3 // 2)
    pygame.draw.rect(surface, (*base, 255), face, border_radius=max(1, radius - bevel // 3))
    rng = random.Random(variant * 977 + (1 if dark else 0))
    speck = sprites.shade(base, 0.86 if not dark else 0.8)
    fleck = sprites.shade(base, 1.08 if not dark else 1.2)
    for _ in range(int(big * 0.5)):
        x = rng.uniform(face.left + ss * 2, face.right - ss * 2)
        y = rng.uniform(face.top + ss * 2, face.bottom - ss * 2)
        pygame.draw.circle(
            surface, (*(speck if rng.random() < 0.6 else fleck), 255), (x, y), rng.uniform(1, ss)
        )
    c = (face.centerx, face.centery)
    if dark:  # a bronze diamond inlay with a bright facet
        half = big * 0.2
        outer = [(c[0], c[1] - half), (c[0] + half, c[1]), (c[0], c[1] + half), (c[0] - half, c[1])]
        pygame.draw.polygon(surface, (*sprites.shade(DARK_INLAY, 0.55), 255), outer)
        inner = [(c[0] + (x - c[0]) * 0.78, c[1] + (y - c[1]) * 0.78) for x, y in outer]
        pygame.draw.polygon(surface, (*DARK_INLAY, 255), inner)
        facet = [inner[0], inner[1], c, inner[3]]
        pygame.draw.polygon(surface, (*sprites.shade(DARK_INLAY, 1.3), 255), facet)
    else:  # a carved ring with a dot in its middle
        r = big * 0.2
        pygame.draw.circle(
            surface, (*sprites.shade(LIGHT_TILE, 1.12), 255), (c[0], c[1] + ss), r, max(2, int(big * 0.05))
        )
        pygame.draw.circle(surface, (*LIGHT_INLAY, 255), c, r, max(2, int(big * 0.05)))
        pygame.draw.circle(surface, (*LIGHT_INLAY, 255), c, big * 0.055)
    return pygame.transform.smoothscale(surface, (size, size))


def _shield_points(c: float, top: float, bottom: float, half: float) -> list[Point]:
    """A heraldic shield: flat top with rounded shoulders, straight sides, curving to a point."""
    pts: list[Point] = []
    shoulder = half * 0.22
    mid = top + (bottom - top) * 0.46
    pts.append((c - half + shoulder, top))
    pts.append((c + half - shoulder, top))
    for i in range(1, 5):  # right shoulder
        a = i / 4 * math.pi / 2
        pts.append((c + half - shoulder + math.sin(a) * shoulder, top + shoulder - math.cos(a) * shoulder))
    pts.append((c + half, mid))
    for i in range(1, 13):  # right flank curving down to the point
        t = i / 12
        pts.append(
            (c + half * math.cos(t * math.pi / 2) ** 0.9, mid + (bottom - mid) * math.sin(t * math.pi / 2))
        )
    left = [(2 * c - x, y) for x, y in reversed(pts[2:-1])]
    return pts + left


def troop_sprite(diameter: int, side: str, number: int | None) -> pygame.Surface:
    """A numbered troop: Black's are ebony shields with a gold rim, White's ivory round tokens with a
    crimson rim. The silhouettes differ so the armies never mix up, whatever one's colour vision; the
    number is large enough to read at 1024 x 640. ``number=None`` draws the side's emblem instead."""
    body, rim, ink = TROOP_STYLE[side]
    ss = sprites.SS
    big = max(6, diameter * ss)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    rim_w = max(2, int(big * 0.075))
    if side == BLACK:
        outer = _shield_points(c, ss * 2, big - ss * 2, big * 0.42)
        pygame.draw.polygon(surface, (*sprites.shade(rim, 0.45), 255), [(x, y + ss * 1.5) for x, y in outer])
        pygame.draw.polygon(surface, (*rim, 255), outer)
        inner = _shield_points(c, ss * 2 + rim_w, big - ss * 2 - rim_w * 1.6, big * 0.42 - rim_w)
        pygame.draw.polygon(surface, (*body, 255), inner)
        sheen = [(x, y) for x, y in inner if y < big * 0.42]
        if len(sheen) > 2:
            glow = pygame.Surface((big, big), pygame.SRCALPHA)
            pygame.draw.polygon(glow, (255, 255, 255, 34), sheen)
            surface.blit(glow, (0, 0))
        center_y = c - big * 0.04
    else:
        r = big / 2 - ss * 2
        pygame.draw.circle(surface, (*sprites.shade(rim, 0.5), 255), (c, c + ss * 1.5), r)
        pygame.draw.circle(surface, (*rim, 255), (c, c), r)
        steps = 14
        for i in range(steps):  # the ivory face, lit from the upper left
            t = i / (steps - 1)
            col = sprites.mix(sprites.shade(body, 0.86), sprites.shade(body, 1.05), t)
            pygame.draw.circle(
                surface, (*col, 255), (c - r * 0.1 * t, c - r * 0.12 * t), (r - rim_w) * (1 - 0.55 * t)
            )
        pygame.draw.circle(surface, (*sprites.shade(rim, 1.1), 255), (c, c), (r - rim_w) * 0.86, max(1, ss))
        center_y = c
    if number is not None:
        label = style.font(int(big * 0.52), True).render(str(number), True, ink)
        surface.blit(label, label.get_rect(center=(c, center_y + big * 0.01)))
    elif side == BLACK:  # emblem: a small diamond, like the territory's inlay
        h = big * 0.15
        pygame.draw.polygon(
            surface, (*rim, 255), [(c, center_y - h), (c + h, center_y), (c, center_y + h), (c - h, center_y)]
        )
    else:
        pygame.draw.circle(surface, (*rim, 255), (c, c), big * 0.14, max(2, int(big * 0.05)))
        pygame.draw.circle(surface, (*rim, 255), (c, c), big * 0.045)
    return pygame.transform.smoothscale(surface, (diameter, diameter))


def _move_mark(size: int, color: Color, outline: Color) -> pygame.Surface:
    """Where a selected troop may step: a soft footprint dot (a move), unlike the crosshair of a
    target, so the two kinds of option differ in shape."""
    ss = sprites.SS
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    c = size * ss / 2
    pygame.draw.circle(big, (*color, 70), (c, c), size * ss * 0.3)
    pygame.draw.circle(big, (*outline, 230), (c, c), size * ss * 0.15)
    pygame.draw.circle(big, (*color, 255), (c, c), size * ss * 0.12)
    return pygame.transform.smoothscale(big, (size, size))


def _target_mark(size: int, color: Color, outline: Color) -> pygame.Surface:
    """An enemy piece a selected troop may destroy: a crosshair (ring and four ticks)."""
    ss = sprites.SS
    s = size * ss
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    c = s / 2
    for col, extra in ((outline, ss * 2), (color, 0)):
        w = max(2, int(s * 0.055)) + extra
        pygame.draw.circle(big, (*col, 240), (c, c), s * 0.3, w)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            a = (c + dx * s * 0.2, c + dy * s * 0.2)
            b = (c + dx * s * 0.42, c + dy * s * 0.42)
            pygame.draw.line(big, (*col, 240), a, b, w)
    return pygame.transform.smoothscale(big, (size, size))


def _cross(size: int, color: Color, outline: Color, alpha: int = 255) -> pygame.Surface:
    """The mark of a destroy order: a bold X on the doomed piece."""
    ss = sprites.SS
    s = size * ss
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    arm = s * 0.3
    c = s / 2
    for col, w in ((outline, s * 0.19), (color, s * 0.11)):
        for d in (-1, 1):
            a, b = (c - arm, c - arm * d), (c + arm, c + arm * d)
            pygame.draw.line(big, (*col, alpha), a, b, max(2, int(w)))
            for end in (a, b):
                pygame.draw.circle(big, (*col, alpha), end, w / 2)
    return pygame.transform.smoothscale(big, (size, size))


def _coast(size: int) -> pygame.Surface:
    """The mark of an edge square during the invasion (where sea troops may land): a bright surf
    border and a small double wave."""
    ss = sprites.SS
    s = size * ss
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    inset = s * 0.06
    rect = pygame.Rect(inset, inset, s - 2 * inset, s - 2 * inset)
    pygame.draw.rect(big, (*COAST, 220), rect, max(2, int(s * 0.06)), border_radius=int(s * 0.14))
    for row in (0, 1):
        y0 = s * (0.72 + row * 0.1)
        pts = [
            (s * 0.3 + s * 0.4 * k / 16, y0 + math.sin(k / 16 * math.pi * 2) * s * 0.035) for k in range(17)
        ]
        pygame.draw.lines(big, (*sprites.shade(COAST, 0.45), 230), False, pts, max(2, int(s * 0.035)))
    return pygame.transform.smoothscale(big, (size, size))


def _crack_paths(sq: int, size: float) -> list[list[Point]]:
    """Jagged crack lines across a tile (tile-local pixels), the same for a square every time."""
    rng = random.Random(sq * 7919 + 13)
    paths = []
    start = (size * rng.uniform(0.4, 0.6), size * rng.uniform(0.4, 0.6))
    for k in range(4):
        angle = k * math.pi / 2 + rng.uniform(0.2, 1.2)
        pts = [start]
        x, y = start
        for _ in range(4):
            angle += rng.uniform(-0.5, 0.5)
            step = size * rng.uniform(0.1, 0.16)
            x, y = x + math.cos(angle) * step, y + math.sin(angle) * step
            pts.append((max(1.0, min(size - 1.0, x)), max(1.0, min(size - 1.0, y))))
        paths.append(pts)
    return paths


def _partial(points: list[Point], p: float) -> list[Point]:
    """The first fraction ``p`` of a polyline (a crack growing)."""
    if p >= 1:
        return points
    segments = len(points) - 1
    reach = p * segments
    whole = int(reach)
    out = points[: whole + 1]
    if whole < segments:
        (ax, ay), (bx, by) = points[whole], points[whole + 1]
        f = reach - whole
        out = [*out, (ax + (bx - ax) * f, ay + (by - ay) * f)]
    return out


def _arrow_polygon(a: Point, b: Point, width: float, head_w: float, head_l: float) -> list[Point]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    neck = (b[0] - ux * head_l, b[1] - uy * head_l)
    hw, w = head_w / 2, width / 2
    return [
        (a[0] + nx * w, a[1] + ny * w),
        (neck[0] + nx * w, neck[1] + ny * w),
        (neck[0] + nx * hw, neck[1] + ny * hw),
        b,
        (neck[0] - nx * hw, neck[1] - ny * hw),
        (neck[0] - nx * w, neck[1] - ny * w),
        (a[0] - nx * w, a[1] - ny * w),
    ]


# ----------------------------------------------------------------------------------------------------
# the resolution plan
# ----------------------------------------------------------------------------------------------------
@dataclass
class Plan:
    """One turn's animation, built from the engine's report. Invasion: both armies land (sea troops
    sail in from the nearest shore, air troops drop from above). Orders: reveal, march, crack and
    sink, fall, crumble, score — the rules' own order."""

    kind: str = ""
    before: Any = None
    after: Any = None
    moves: dict[str, Any] = field(default_factory=dict)
    report: TurnReport | None = None
    drops: dict[tuple[str, int], Track] = field(default_factory=dict)
    reveal: Track | None = None
    march: Track | None = None
    crack: Track | None = None
    vanish: Track | None = None
    fall: Track | None = None
    crumbles: list[tuple[tuple[int, ...], Track]] = field(default_factory=list)
    score: Track | None = None


class NelaxtamView(BoardView):
    """The Nelaxtam island: the board in a wooden frame, Black's army roster on the left and White's
    on the right. Invasion: click own squares to land troops 1..5 in order. Orders: click a troop,
    then a marked diagonal square (move) or enemy piece (destroy); Confirm seals them."""

    game_id = GAME_ID

    def __init__(self, match: Match, settings: Any = None) -> None:
        super().__init__(match, settings)
        n = self.nel.size
        self.n = n
        self.geo = GridGeometry.fit(pygame.Rect(0, 0, 640, 640), n, n)
        self.s = self.geo.square
        self.frame_rect = pygame.Rect(0, 0, 0, 0)
        self.roster_rects: dict[str, pygame.Rect] = {}
        self.slot_rects: dict[str, list[pygame.Rect]] = {BLACK: [], WHITE: []}
        self.sprites: dict[str, pygame.Surface] = {}
        self.board_surface: pygame.Surface | None = None
        self._land: pygame.Surface | None = None
        self._land_key: tuple[Any, ...] = ()
        self._cracks: dict[int, list[list[Point]]] = {}
        # input
        self.drafts: dict[str, list[int]] = {}
        self.orders: dict[str, dict[int, int]] = {}
        self.selected: int | None = None
        # animation
        self.plan = Plan()
        self._clock = 0.0

    @property
    def nel(self) -> NelaxtamState:
        return self.state  # type: ignore[return-value]

    # ------------------------------------------------------------------------------------------------
    # layout and sprites
    # ------------------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """The framed board in the middle, an army roster each side, all sized from one square so the
        table keeps its proportions from 8 to 14 squares and at every window size."""
        super().layout(rect)
        n = self.n
        usable = rect.inflate(-8, -8)
        pad_r, roster_r, gap_r = 0.48, 2.1, 0.2
        s = int(min(usable.width / (n + 2 * pad_r + 2 * (roster_r + gap_r)), usable.height / (n + 2 * pad_r)))
        s = max(18, min(s, 76))
        pad = round(s * pad_r)
        roster_w = max(84, min(round(s * roster_r), 132))
        gap = round(s * gap_r)
        frame = n * s + 2 * pad
        total_w = frame + 2 * (roster_w + gap)
        left = rect.centerx - total_w // 2
        top = rect.centery - frame // 2
        self.frame_rect = pygame.Rect(left + roster_w + gap, top, frame, frame)
        self.geo = GridGeometry(n, n, (self.frame_rect.left + pad, self.frame_rect.top + pad), s, 0)
        self.s = s
        roster_h = frame
        for player, x in ((BLACK, left), (WHITE, self.frame_rect.right + gap)):
            roster = pygame.Rect(x, self.frame_rect.centery - roster_h // 2, roster_w, roster_h)
            self.roster_rects[player] = roster
            head = self._roster_head(roster)
            body_top = head.bottom + 4
            foot = max(40, round(s * 1.05))
            row_h = (roster.bottom - foot - body_top) // TROOPS
            self.slot_rects[player] = [
                pygame.Rect(roster.left + 4, body_top + k * row_h, roster.width - 8, row_h)
                for k in range(TROOPS)
            ]
        self._build_sprites(s)
        self.board_surface = None
        self._land = None
        self._cracks = {}

    def _roster_head(self, roster: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(roster.left, roster.top, roster.width, max(64, round(self.s * 1.6)))

    @property
    def token_size(self) -> int:
        return max(12, round(self.s * 0.8))

    def _build_sprites(self, s: int) -> None:
        """Every size-dependent picture, built once per layout (never per frame)."""
        sp: dict[str, pygame.Surface] = {}
        for variant in range(4):
            sp[f"tile-dark-{variant}"] = tile_sprite(s, True, variant)
            sp[f"tile-light-{variant}"] = tile_sprite(s, False, variant)
        d = self.token_size
        mini = max(12, min(round(s * 0.66), 44))
        for side in PLAYERS:
            for number in range(1, TROOPS + 1):
                sp[f"troop-{side}-{number}"] = troop_sprite(d, side, number)
                sp[f"mini-{side}-{number}"] = troop_sprite(mini, side, number)
            stroke, outline = ORDER_STYLE[side]
            sp[f"opt-move-{side}"] = _move_mark(s, stroke, outline)
            sp[f"opt-target-{side}"] = _target_mark(s, stroke, outline)
            sp[f"cross-{side}"] = _cross(round(s * 0.7), stroke, outline)
        sp["scar"] = _cross(round(s * 0.5), (210, 236, 240), (40, 80, 100), 110)
        sp["shadow"] = sprites.ellipse_shadow(d, max(4, d // 3), 130)
        sp["select"] = sprites.ring(round(s * 1.12), style.ACCENT_LIGHT, 0.46, max(2, s * 0.07), 255)
        sp["ready"] = sprites.ring(round(s * 1.0), (255, 255, 255), 0.46, max(1.5, s * 0.035), 150)
        sp["hover"] = sprites.tint(s, (255, 255, 255), 70)
        sp["coast"] = _coast(s)
        sp["mini-shadow"] = sprites.ellipse_shadow(mini, max(4, mini // 3), 110)
        self.sprites = sp

    def _tile(self, sq: int) -> pygame.Surface:
        dark = self.nel.geo.is_dark(sq)
        variant = (sq * 2654435761 >> 7) % 4
        return self.sprites[f"tile-{'dark' if dark else 'light'}-{variant}"]

    def _build_board(self) -> pygame.Surface:
        """The static table: frame with coordinates, the sea under the island, and the two roster
        panels. Tiles, troops and marks are drawn over it."""
        surface = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        ox, oy = -self.rect.left, -self.rect.top
        s = self.s
        frame = self.frame_rect.move(ox, oy)
        radius = max(6, s // 4)
        blur = max(4, s // 4)
        for part in (frame, *(r.move(ox, oy) for r in self.roster_rects.values())):
            shadow = sprites.soft_shadow(part.size, radius, 110, blur)
            surface.blit(shadow, (part.left - blur + 2, part.top - blur + 5))
        pygame.draw.rect(surface, sprites.shade(FRAME, 0.6), frame, border_radius=radius)
        pygame.draw.rect(surface, FRAME, frame.inflate(-4, -4), border_radius=radius - 1)
        pygame.draw.rect(
            surface, sprites.shade(FRAME, 1.22), frame.inflate(-4, -4), 2, border_radius=radius - 1
        )
        grid = self.geo.rect.move(ox, oy)
        pygame.draw.rect(surface, sprites.shade(FRAME, 0.4), grid.inflate(6, 6), border_radius=4)
        size = max(10, min(18, int(s * 0.3)))
        pad = self.geo.origin[0] - self.frame_rect.left
        for f in range(self.n):
            x = grid.left + f * s + s // 2
            for y in (grid.bottom + pad // 2 + 1, grid.top - pad // 2):
                label = style.text_surface(R.FILES[f], size, LABEL, True)
                surface.blit(label, label.get_rect(center=(x, y)))
        for rank in range(self.n):
            y = grid.bottom - rank * s - s // 2
            for x in (grid.left - pad // 2, grid.right + pad // 2):
                label = style.text_surface(str(rank + 1), size, LABEL, True)
                surface.blit(label, label.get_rect(center=(x, y)))
        for player, roster in self.roster_rects.items():
            r = roster.move(ox, oy)
            pygame.draw.rect(surface, sprites.shade(FRAME, 0.6), r, border_radius=radius)
            pygame.draw.rect(surface, FRAME, r.inflate(-4, -4), border_radius=radius - 1)
            pygame.draw.rect(
                surface, sprites.shade(FRAME, 1.22), r.inflate(-4, -4), 2, border_radius=radius - 1
            )
            head = self._roster_head(roster).move(ox, oy).inflate(-10, -10)
            pygame.draw.rect(surface, sprites.shade(FRAME, 0.78), head, border_radius=max(4, radius - 3))
            for k, slot in enumerate(self.slot_rects[player]):
                if k:
                    y = slot.top + oy
                    pygame.draw.line(surface, sprites.shade(FRAME, 0.8), (r.left + 10, y), (r.right - 11, y))
        return surface

    def _sea(self) -> pygame.Surface:
        """The water under the island: a deep gradient with scattered wave strokes."""
        grid = self.geo.rect
        sea = style.vertical_gradient(grid.size, SEA_TOP, SEA_BOTTOM).convert_alpha()
        rng = random.Random(self.n * 31)
        waves = pygame.Surface(grid.size, pygame.SRCALPHA)
        for _ in range(self.n * self.n // 2 + 8):
            x, y = rng.uniform(0, grid.width), rng.uniform(0, grid.height)
            w = self.s * rng.uniform(0.25, 0.45)
            pts = [(x + w * k / 8, y + math.sin(k / 8 * math.pi * 2) * self.s * 0.035) for k in range(9)]
            pygame.draw.aalines(waves, (*SEA_WAVE, 120), False, pts)
        sea.blit(waves, (0, 0))
        return sea

    def _land_layer(self, land: int) -> pygame.Surface:
        """Sea plus every tile in ``land`` (a bit set over both colours), cached: at rest the island
        is one blit; during a resolution only the tiles being destroyed are drawn on their own."""
        key = (land, tuple(self.geo.rect))
        if self._land is not None and self._land_key == key:
            return self._land
        surface = self._sea()
        grid = self.geo.rect
        for sq in R.bits_of(land):
            rect = self.square_rect(sq).move(-grid.left, -grid.top)
            self._blit_tile(surface, sq, rect.center)
        self._land, self._land_key = surface, key
        return surface

    def _blit_tile(
        self, surface: pygame.Surface, sq: int, center: Point, scale: float = 1.0, alpha: int = 255
    ) -> None:
        img = self._tile(sq)
        inset = max(1, self.s // 22)
        size = max(2, round((self.s - 2 * inset) * scale))
        if size != img.get_width():
            img = pygame.transform.smoothscale(img, (size, size))
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))

    # ------------------------------------------------------------------------------------------------
    # positions (public: the tests drive the board with them)
    # ------------------------------------------------------------------------------------------------
    def square_rect(self, sq: int) -> pygame.Rect:
        return self.geo.square_rect(sq % self.n, sq // self.n)

    def square_center(self, name: str) -> tuple[int, int]:
        return self.square_rect(self.nel.geo.index(name)).center

    def square_at(self, pos: tuple[int, int]) -> int | None:
        hit = self.geo.square_at(pos)
        if hit is None or not self.geo.rect.inflate(2, 2).collidepoint(pos):
            return None
        return hit[1] * self.n + hit[0]

    def _center(self, sq: int) -> Point:
        x, y = self.square_rect(sq).center
        return (float(x), float(y))

    # ------------------------------------------------------------------------------------------------
    # state
    # ------------------------------------------------------------------------------------------------
    def set_state(self, state: GameState, animate_from: Turn | None = None) -> None:
        changed = state is not self.state
        super().set_state(state, animate_from)
        if changed:  # a new position (reveal, undo, load): every half-made order belongs to the past
            self.drafts = {}
            self.orders = {}
        self.selected = None
        self.plan = Plan()
        if animate_from is not None and self.timeline.scale > 0:
            self._plan(animate_from)

    def _plan(self, turn: Turn) -> None:
        """Turn the engine's :class:`TurnReport` into tracks (durations at normal speed)."""
        before: Any = turn.before
        after: Any = turn.after
        tl = self.timeline
        plan = Plan(before=before, after=after, moves=dict(turn.moves))
        if before.phase == R.PHASE_INVASION:
            plan.kind = "invasion"
            for p, player in enumerate(PLAYERS):
                for t in range(TROOPS):
                    plan.drops[(player, t + 1)] = tl.add(0.6, delay=0.09 * t + 0.05 * p, ease=ease_out)
            last = max(plan.drops.values(), key=lambda track: track.end)
        else:
            report = after.last_report
            if report is None:
                moves = (turn.moves[BLACK], turn.moves[WHITE])
                report = R.resolve(before.geo, before.territory, before.troops, moves)[2]
            plan.kind = "orders"
            plan.report = report
            plan.reveal = tl.add(0.45, ease=ease_out)
            last = plan.reveal
            if report.moves:
                plan.march = tl.add(0.55, delay=0.3, after=last, ease=ease_in_out)
                last = plan.march
            if report.destructions:
                plan.crack = tl.add(0.5, delay=0.12 if report.moves else 0.35, after=last, ease=linear)
                plan.vanish = tl.add(0.42, after=plan.crack, ease=ease_in)
                last = plan.vanish
                if report.deaths:
                    plan.fall = tl.add(0.6, after=plan.crack, ease=ease_in)
                    last = plan.fall
            for i, group in enumerate(report.removed_groups):
                track = tl.add(0.7, delay=0.12 + 0.14 * i, after=last, ease=ease_in_out)
                plan.crumbles.append((group.squares, track))
            if plan.crumbles:
                last = max((track for _, track in plan.crumbles), key=lambda track: track.end)
            plan.score = tl.add(0.45, delay=0.05, after=last, ease=ease_out_back)
            last = plan.score
        tl.add(0.2, after=last)  # a breath before the next prompt
        self.plan = plan

    @property
    def animating(self) -> bool:
        return self.busy and self.plan.kind != ""

    # -- what is drawn now (public: tests compare it with the engine) -----------------------------------
    def drawn_territory(self) -> tuple[int, int]:
        """The pieces on screen now, as bit sets (Black's, White's): the state's at rest; during a
        resolution the pieces before the turn minus those that have already sunk or crumbled."""
        plan = self.plan
        if not self.animating or plan.kind != "orders" or plan.report is None:
            if self.animating and plan.kind == "invasion":
                return plan.before.territory
            return self.nel.territory
        t = self.timeline.t
        gone = 0
        if plan.vanish is not None and plan.vanish.done(t):
            for sq in plan.report.destroyed:
                gone |= 1 << sq
        for squares, track in plan.crumbles:
            if track.done(t):
                for sq in squares:
                    gone |= 1 << sq
        black, white = plan.before.territory
        return black & ~gone, white & ~gone

    def drawn_troops(self) -> dict[str, tuple[int, ...]]:
        """Where each side's troops 1..5 stand on screen now (DEAD: none drawn): during a resolution
        the square a marching troop has reached, a fallen troop gone once its fall is over."""
        plan = self.plan
        if self.animating and plan.kind == "orders" and plan.report is not None:
            t = self.timeline.t
            out: dict[str, list[int]] = {p: list(plan.before.troops[i]) for i, p in enumerate(PLAYERS)}
            if plan.march is not None and plan.march.at(t) >= 0.5:
                for m in plan.report.moves:
                    out[m.player][m.troop - 1] = m.target
            if plan.fall is not None and plan.fall.done(t):
                for death in plan.report.deaths:
                    out[death.player][death.troop - 1] = DEAD
            return {p: tuple(v) for p, v in out.items()}
        if self.animating and plan.kind == "invasion":
            t = self.timeline.t
            return {
                p: tuple(
                    sq if plan.drops[(p, k + 1)].started(t) else DEAD for k, sq in enumerate(plan.moves[p])
                )
                for p in PLAYERS
            }
        state = self.nel
        if state.phase == R.PHASE_INVASION:
            return {p: self._shown_placement(p) for p in PLAYERS}
        return {p: state.troops[i] for i, p in enumerate(PLAYERS)}

    def _shown_placement(self, player: str) -> tuple[int, ...]:
        """The invasion troops of ``player`` the viewer may see: their own draft or sealed order."""
        if not self._shows(player):
            return (DEAD,) * TROOPS
        pending = self.match.pending.get(player)
        if isinstance(pending, tuple):
            return pending
        return tuple(self.draft(player))

    def shown_orders(self, player: str) -> dict[int, int]:
        """The orders of ``player`` drawn now (troop -> code): the viewer's own draft or sealed
        orders; during a reveal everyone's; never a hidden player's, never the computer's."""
        plan = self.plan
        if self.animating and plan.kind == "orders":
            move = plan.moves.get(player)
            return {t + 1: c for t, c in enumerate(move or ()) if c}
        if self.nel.phase != R.PHASE_ORDERS or not self._shows(player):
            return {}
        pending = self.match.pending.get(player)
        if isinstance(pending, tuple):
            return {t + 1: c for t, c in enumerate(pending) if c}
        return dict(self.orders.get(player, {}))

    def draft(self, player: str) -> list[int]:
        return self.drafts.setdefault(player, [DEAD] * TROOPS)

    def sea_counter(self, player: str) -> tuple[int, int, int]:
        """(troops landed by sea, sea troops required, troops landed by air) of ``player``'s draft:
        edge landings count as sea until the requirement is met, the rest as air."""
        state = self.nel
        placed = [sq for sq in self._shown_placement(player) if sq >= 0]
        on_edge = sum(1 for sq in placed if state.geo.edge >> sq & 1)
        sea = min(on_edge, state.sea)
        return sea, state.sea, len(placed) - sea

    def counter_text(self, player: str) -> str:
        sea, need, air = self.sea_counter(player)
        parts = []
        if need:
            parts.append(f"Sea {sea}/{need}")
        if need < TROOPS:
            parts.append(f"Air {air}/{TROOPS - need}")
        return " · ".join(parts)

    # ------------------------------------------------------------------------------------------------
    # input
    # ------------------------------------------------------------------------------------------------
    def cancel(self) -> bool:
        """Right click or Esc: the selected troop's order is cleared and the troop let go."""
        if self.selected is None:
            return False
        player = self._actor()
        if player is not None:
            self.orders.get(player, {}).pop(self.selected, None)
        self.selected = None
        return True

    def handle_click(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        if player is None or self.busy:
            return ViewAction.nothing()
        if self.nel.phase == R.PHASE_INVASION:
            return self._invasion_click(pos, player)
        return self._orders_click(pos, player)

    def _invasion_click(self, pos: tuple[int, int], player: str) -> ViewAction:
        state = self.nel
        sq = self.square_at(pos)
        if sq is None:
            return ViewAction.hint(self._how(player))
        p = PLAYERS.index(player)
        geo = state.geo
        draft = self.draft(player)
        name = geo.name(sq)
        if sq in draft:
            troop = draft.index(sq) + 1
            draft[troop - 1] = DEAD
            return ViewAction.hint(f"Troop {troop} picked up from {name} — click a square to land it again.")
        if DEAD not in draft:
            return ViewAction.refuse(
                "All five troops have landed — click one to pick it up, or press Confirm."
            )
        troop = draft.index(DEAD) + 1
        if not state.territory[p] >> sq & 1:
            return ViewAction.refuse(
                f"{name} is not yours: troops land on own {COLOUR_WORD[player]} "
                f"({SHAPE_WORD[player]}) squares."
            )
        on_edge = sum(1 for s in draft if s >= 0 and geo.edge >> s & 1)
        left_after = draft.count(DEAD) - 1
        if not geo.edge >> sq & 1 and on_edge + left_after < state.sea:
            return ViewAction.refuse(
                f"Troop {troop} must land on the marked coast: {state.sea} troops come by sea."
            )
        draft[troop - 1] = sq
        return ViewAction.hint(self._invasion_progress(player, f"Troop {troop} on {name}"))

    def _invasion_progress(self, player: str, lead: str) -> str:
        draft = self.draft(player)
        if DEAD in draft:
            return f"{lead} · next: troop {draft.index(DEAD) + 1} ({self.counter_text(player)})."
        why = self.nel.why_illegal(player, tuple(draft))
        if why:
            return f"{lead} · {why}."
        return f"{lead} · all five landed — press Confirm (or Enter) to seal the invasion."

    def _own_troop_at(self, player: str, sq: int) -> int | None:
        troops = self.nel.troops[PLAYERS.index(player)]
        return troops.index(sq) + 1 if sq >= 0 and sq in troops else None

    def _code_towards(self, origin: int, target: int) -> int | None:
        geo = self.nel.geo
        for k in range(4):
            if geo.diag[origin][k] == target:
                return 1 + k
            if geo.orth[origin][k] == target:
                return 5 + k
        return None

    def _orders_click(self, pos: tuple[int, int], player: str) -> ViewAction:
        state = self.nel
        sq = self.square_at(pos)
        if sq is None:
            self.selected = None
            return ViewAction.hint(self._how(player))
        troop_here = self._own_troop_at(player, sq)
        mine = self.orders.setdefault(player, {})
        if self.selected is not None:
            troop = self.selected
            if troop_here == troop:  # clicked again: its order is cleared
                had = mine.pop(troop, None)
                self.selected = None
                said = f"Troop {troop}'s order cleared — it holds." if had else f"Troop {troop} let go."
                return ViewAction.hint(said)
            origin = state.troops[PLAYERS.index(player)][troop - 1]
            code = self._code_towards(origin, sq)
            if code is not None:
                return self._give(player, troop, code)
            if troop_here is None:
                return ViewAction.refuse(
                    f"Troop {troop} moves one square diagonally or destroys the enemy piece one square "
                    "orthogonally away — click a marked square."
                )
        if troop_here is not None:
            self.selected = troop_here
            return ViewAction.hint(self._options_text(player, troop_here))
        enemy = PLAYERS[1 - PLAYERS.index(player)]
        return ViewAction.hint(
            f"Click one of your troops first ({_title(player)}'s are the "
            f"{'shields' if player == BLACK else 'round tokens'}); {_title(enemy)}'s cannot take your orders."
        )

    def _give(self, player: str, troop: int, code: int) -> ViewAction:
        """Set ``troop``'s order, asking the engine whether the whole order is still legal."""
        state = self.nel
        mine = self.orders.setdefault(player, {})
        trial = {} if state.quiet else dict(mine)
        trial[troop] = code
        why = state.why_illegal(player, state.make_orders(trial))
        if why:
            return ViewAction.refuse(sentence(why))
        replaced = [t for t in mine if t != troop] if state.quiet else []
        self.orders[player] = trial
        self.selected = None
        target = state.geo.name(state.order_target(player, troop, code))
        verb = "moves to" if code in R.MOVE_CODES else "destroys"
        lead = f"Troop {troop} {verb} {target}"
        if replaced:
            return ViewAction.hint(
                f"{lead} — quiet variant: one order a turn, troop {replaced[0]}'s is dropped."
            )
        return ViewAction.hint(self._orders_progress(player, lead))

    def _orders_progress(self, player: str, lead: str) -> str:
        given = len(self.orders.get(player, {}))
        living = len(self.nel.living(player))
        if self.nel.quiet:
            return f"{lead} — press Confirm (or Enter); click another troop to order it instead."
        return f"{lead} · {given} of {living} troops have orders — click another, or Confirm."

    def _options_text(self, player: str, troop: int) -> str:
        codes = [c for c in self.nel.orders_for(player, troop) if c]
        moves = sum(1 for c in codes if c in R.MOVE_CODES)
        hits = len(codes) - moves
        if not codes:
            return f"Troop {troop} can neither move nor destroy this turn — it holds."
        parts = []
        if moves:
            parts.append(f"{moves} square{'s' if moves != 1 else ''} to move to")
        if hits:
            parts.append(f"{hits} piece{'s' if hits != 1 else ''} to destroy")
        return f"Troop {troop}: {_and(parts)} — click one (click the troop again to clear its order)."

    def handle_key(self, key: int, text: str, player: str) -> ViewAction | None:
        """Enter confirms, Backspace takes the last troop or order back, 1-5 pick a troop, R lands the
        rest of the army at random."""
        if self.busy:
            return None
        state = self.nel
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._confirm(player)
        if key == pygame.K_BACKSPACE:
            if state.phase == R.PHASE_INVASION:
                draft = self.draft(player)
                placed = [t for t, sq in enumerate(draft) if sq >= 0]
                if not placed:
                    return ViewAction.hint("No troop has landed yet.")
                draft[placed[-1]] = DEAD
                return ViewAction.hint(f"Troop {placed[-1] + 1} picked up.")
            mine = self.orders.get(player, {})
            troop = self.selected if self.selected in mine else (max(mine) if mine else None)
            if troop is None:
                return ViewAction.hint("No order to take back.")
            del mine[troop]
            self.selected = None
            return ViewAction.hint(f"Troop {troop}'s order cleared — it holds.")
        if key == pygame.K_r and state.phase == R.PHASE_INVASION:
            return self.press("random", player)
        digit = text if len(text) == 1 and text in "12345" else None
        if digit is not None and state.phase == R.PHASE_ORDERS:
            troop = int(digit)
            if state.troops[PLAYERS.index(player)][troop - 1] < 0:
                return ViewAction.refuse(f"Troop {troop} has fallen and cannot take orders.")
            self.selected = troop
            return ViewAction.hint(self._options_text(player, troop))
        return None

    # -- buttons --------------------------------------------------------------------------------------
    def _confirm(self, player: str) -> ViewAction:
        state = self.nel
        if state.phase == R.PHASE_INVASION:
            draft = self.draft(player)
            missing = [str(t + 1) for t, sq in enumerate(draft) if sq < 0]
            if missing:
                word = "Troop" if len(missing) == 1 else "Troops"
                verb = "has" if len(missing) == 1 else "have"
                return ViewAction.refuse(
                    f"{word} {_and(missing)} {verb} not landed yet — click your squares."
                )
            move: tuple[int, ...] = tuple(draft)
        else:
            move = state.make_orders(self.orders.get(player, {}))
        try:
            state.check_move(player, move)
        except GameError as exc:
            return ViewAction.refuse_error(exc)
        self.selected = None
        return ViewAction.play(player, move)

    def buttons(self, player: str | None) -> list[ViewButton]:
        if player is None or self.busy:
            return []
        state = self.nel
        if state.phase == R.PHASE_INVASION:
            draft = self.draft(player)
            placed = sum(1 for sq in draft if sq >= 0)
            ready = placed == TROOPS and state.why_illegal(player, tuple(draft)) is None
            buttons = [
                ViewButton(
                    "clear", "Clear", "Pick every troop up again (Backspace takes one)", enabled=placed > 0
                ),
                ViewButton(
                    "random", "Random", "Land the troops still in hand at random (R)", enabled=placed < TROOPS
                ),
                ViewButton("confirm", "Confirm", "Seal this invasion (Enter)", primary=True, enabled=ready),
            ]
            if self.rect.width < 800:  # the compact panel fits two buttons; R still lands at random
                del buttons[1]
            return buttons
        given = bool(self.orders.get(player))
        return [
            ViewButton("clear", "Clear", "Clear every order (Backspace clears one)", enabled=given),
            ViewButton(
                "confirm",
                "Confirm",
                "Seal these orders (Enter); troops without an order hold",
                primary=True,
            ),
        ]

    def press(self, key: str, player: str | None) -> ViewAction:
        if player is None or self.busy:
            return ViewAction.nothing()
        if key == "confirm":
            return self._confirm(player)
        state = self.nel
        if key == "clear":
            self.selected = None
            if state.phase == R.PHASE_INVASION:
                self.drafts[player] = [DEAD] * TROOPS
                return ViewAction.hint("Every troop picked up again.")
            self.orders[player] = {}
            return ViewAction.hint("Every order cleared — all troops hold.")
        if key == "random" and state.phase == R.PHASE_INVASION:
            self._land_rest(player, random.Random())
            return ViewAction.hint(self._invasion_progress(player, "Troops landed at random"))
        return ViewAction.nothing()

    def _land_rest(self, player: str, rng: random.Random) -> None:
        """Land every troop still in hand on a random free own square, on the coast first while the
        sea requirement is unmet."""
        state = self.nel
        geo = state.geo
        draft = self.draft(player)
        own = state.territory[PLAYERS.index(player)]
        free_edge = [sq for sq in R.bits_of(own & geo.edge) if sq not in draft]
        free_any = [sq for sq in R.bits_of(own) if sq not in draft]
        rng.shuffle(free_edge)
        rng.shuffle(free_any)
        need = state.sea - sum(1 for sq in draft if sq >= 0 and geo.edge >> sq & 1)
        for t in range(TROOPS):
            if draft[t] >= 0:
                continue
            pool = free_edge if need > 0 else free_any
            sq = next(s for s in pool if s not in draft)
            draft[t] = sq
            if geo.edge >> sq & 1:
                need -= 1

    # ------------------------------------------------------------------------------------------------
    # texts
    # ------------------------------------------------------------------------------------------------
    def _how(self, player: str) -> str:
        if self.nel.phase == R.PHASE_INVASION:
            where = f"; {self.nel.sea} on the marked coast" if self.nel.sea else ""
            return f"click {COLOUR_WORD[player]} ({SHAPE_WORD[player]}) squares to land troops 1-5{where}"
        if self.nel.quiet:
            return "quiet variant: one troop, one order — click it, then a marked square"
        return "click a troop, then where it moves or what it destroys; then Confirm"

    def prompt(self, player: str) -> str:
        state = self.nel
        if state.phase == R.PHASE_INVASION:
            draft = self.draft(player)
            placed = sum(1 for sq in draft if sq >= 0)
            if placed == TROOPS:
                why = state.why_illegal(player, tuple(draft))
                if why:
                    return why + " — click a troop to pick it up"
                return "all five landed — press Confirm (or Enter); click a troop to pick it up"
            if placed:
                return f"land troop {draft.index(DEAD) + 1} of 5 — {self.counter_text(player)}"
            return self._how(player)
        if self.selected is not None:
            return self._options_text(player, self.selected)[:-1]
        given = len(self.orders.get(player, {}))
        if given:
            return self._orders_progress(player, f"{given} order{'s' if given != 1 else ''} given")
        return self._how(player)

    def status_extra(self) -> str:
        state = self.nel
        if state.phase == R.PHASE_INVASION:
            viewer = self.viewer()
            if viewer is not None and self._shows(viewer) and not self.busy:
                return self.counter_text(viewer)
            return "Invasion"
        turn = state.turn if state.over or self.busy else state.turn + 1
        text = f"Turn {turn}"
        if state.calm >= R.CALM_LIMIT - 5 and not state.over:
            text += f" · calm {state.calm}/{R.CALM_LIMIT}"
        return text

    def shown_score(self) -> dict[str, int]:
        """The score as drawn: the old one until the resolution reaches its score step."""
        plan = self.plan
        score = plan.score
        if (
            self.animating
            and plan.kind == "orders"
            and score is not None
            and not score.started(self.timeline.t)
        ):
            return plan.before.score()
        return self.nel.score()

    def player_summary(self, player: str) -> str:
        return f"{self.shown_score()[player]} pieces"

    def result_details(self) -> str:
        state = self.nel
        score = state.score()
        return f"Pieces held: Black {score[BLACK]}, White {score[WHITE]}  ·  {state.turn} turns"

    def turn_note(self, turn: Turn) -> str:
        before: Any = turn.before
        if getattr(before, "phase", "") == R.PHASE_INVASION:
            return "invasion"
        report = getattr(turn.after, "last_report", None)
        if report is None:
            return ""
        parts = []
        if report.destroyed:
            parts.append(f"{len(report.destroyed)} destroyed")
        if report.deaths:
            parts.append(f"{len(report.deaths)} fell")
        cut = sum(len(g.squares) for g in report.removed_groups)
        if cut:
            parts.append(f"{cut} cut off")
        return " · ".join(parts) or "no hits"

    def player_color(self, player: str) -> tuple[int, int, int]:
        return CARD_COLOR.get(player, (128, 128, 128))

    def make_player_token(self, player: str, size: int) -> pygame.Surface | None:
        return troop_sprite(max(8, int(size * 0.96)), player, None) if player in TROOP_STYLE else None

    def focus_rect(self) -> pygame.Rect:
        return self.frame_rect

    # ------------------------------------------------------------------------------------------------
    # drawing
    # ------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self._clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        if not self.sprites:
            return
        if self.board_surface is None:
            self.board_surface = self._build_board()
        surface.blit(self.board_surface, self.rect.topleft)
        self._draw_land(surface)
        self._draw_marks(surface)
        self._draw_record(surface)
        self._draw_orders(surface, moves=True)  # under the troops: a marching troop walks over its arrow
        self._draw_troops(surface)
        self._draw_orders(surface, moves=False)  # over them: the X sits on an enemy troop's piece
        for player in PLAYERS:
            self._draw_roster(surface, player)

    # -- the island ------------------------------------------------------------------------------------
    def _draw_land(self, surface: pygame.Surface) -> None:
        plan = self.plan
        grid = self.geo.rect
        if not (self.animating and plan.kind == "orders" and plan.report is not None):
            black, white = self.drawn_territory()
            surface.blit(self._land_layer(black | white), grid.topleft)
            return
        t = self.timeline.t
        report = plan.report
        destroyed = set(report.destroyed)
        crumbling = {sq: track for squares, track in plan.crumbles for sq in squares}
        black, white = plan.before.territory
        moving = 0
        for sq in destroyed | set(crumbling):
            moving |= 1 << sq
        surface.blit(self._land_layer((black | white) & ~moving), grid.topleft)
        for sq in destroyed:
            self._draw_destroyed(surface, sq, t)
        for sq, track in crumbling.items():
            if sq not in destroyed:
                self._draw_crumble(surface, sq, track, t)

    def _draw_destroyed(self, surface: pygame.Surface, sq: int, t: float) -> None:
        """A targeted piece: cracks spread over it, it shudders, then sinks with a splash."""
        plan = self.plan
        crack, vanish = plan.crack, plan.vanish
        if crack is None or vanish is None:
            return
        center = self._center(sq)
        if vanish.done(t):
            return
        if not crack.started(t):
            self._blit_tile(surface, sq, center)
            return
        p = crack.at(t)
        if vanish.started(t):
            v = vanish.at(t)
            self._splash(surface, center, v)
            self._blit_tile(
                surface, sq, (center[0], center[1] + self.s * 0.12 * v), 1 - 0.45 * v, int(255 * (1 - v))
            )
            return
        shake = self.s * 0.025 * math.sin(self._clock * 70) * p
        self._blit_tile(surface, sq, (center[0] + shake, center[1]))
        rect = self.square_rect(sq)
        paths = self._cracks.get(sq)
        if paths is None:
            paths = self._cracks[sq] = _crack_paths(sq, float(self.s))
        ink = CRACK_DARK if not self.nel.geo.is_dark(sq) else CRACK_LIGHT
        width = max(2, self.s // 16)
        for path in paths:
            pts = [(rect.left + x + shake, rect.top + y) for x, y in _partial(path, p)]
            if len(pts) >= 2:
                pygame.draw.lines(surface, ink, False, pts, width + 1)

    def _splash(self, surface: pygame.Surface, center: Point, p: float) -> None:
        radius = self.s * (0.2 + 0.45 * p)
        alpha = int(200 * (1 - p))
        if alpha <= 4:
            return
        size = int(radius * 2 + 6)
        ring = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(ring, (*SPLASH, alpha), (size / 2, size / 2), radius, max(2, self.s // 16))
        surface.blit(ring, ring.get_rect(center=(round(center[0]), round(center[1]))))

    def _draw_crumble(self, surface: pygame.Surface, sq: int, track: Track, t: float) -> None:
        """A piece of a cut-off group: it breaks into four shards that drift apart and sink."""
        center = self._center(sq)
        if not track.started(t):
            self._blit_tile(surface, sq, center)
            return
        if track.done(t):
            return
        p = track.at(t)
        img = self._tile(sq)
        half = img.get_width() // 2
        inset = max(1, self.s // 22)
        base = self.s - 2 * inset
        scale = base / img.get_width()
        for qx in (0, 1):
            for qy in (0, 1):
                part = img.subsurface(pygame.Rect(qx * half, qy * half, half, half))
                size = max(1, round(half * scale * (1 - 0.55 * p)))
                piece = pygame.transform.smoothscale(part, (size, size))
                piece.set_alpha(int(255 * (1 - p) ** 0.8))
                dx = (qx - 0.5) * (self.s * 0.5 + self.s * 0.35 * p)
                dy = (qy - 0.5) * (self.s * 0.5 + self.s * 0.35 * p) + self.s * 0.2 * p
                surface.blit(piece, piece.get_rect(center=(round(center[0] + dx), round(center[1] + dy))))
        if p > 0.3:
            self._splash(surface, center, (p - 0.3) / 0.7)

    # -- marks under the troops -------------------------------------------------------------------------
    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Coast marks and hover during the invasion; the selected troop's options during orders."""
        actor = self._actor()
        if actor is None or self.busy:
            return
        state = self.nel
        p = PLAYERS.index(actor)
        hovered = self.square_at(self.hover_pos) if self.hover_pos is not None else None
        if state.phase == R.PHASE_INVASION:
            draft = self.draft(actor)
            if state.sea > 0 and DEAD in draft:
                coast = self.sprites["coast"].copy()
                coast.set_alpha(int(170 + 60 * math.sin(self._clock * 3)))
                for sq in R.bits_of(state.territory[p] & state.geo.edge):
                    if sq not in draft:
                        surface.blit(coast, self.square_rect(sq))
            if hovered is not None and (state.territory[p] >> hovered & 1 or hovered in draft):
                surface.blit(self.sprites["hover"], self.square_rect(hovered))
            return
        troops = state.troops[p]
        if self.selected is None:
            if hovered is not None and hovered in troops:
                surface.blit(self.sprites["hover"], self.square_rect(hovered))
            return
        origin = troops[self.selected - 1]
        if origin < 0:
            return
        claimed = {
            state.order_target(actor, t, c)
            for t, c in self.orders.get(actor, {}).items()
            if c in R.MOVE_CODES and t != self.selected
        }
        for code in state.orders_for(actor, self.selected):
            if not code:
                continue
            target = state.order_target(actor, self.selected, code)
            rect = self.square_rect(target)
            if target == hovered:
                surface.blit(self.sprites["hover"], rect)
            kind = "move" if code in R.MOVE_CODES else "target"
            mark = self.sprites[f"opt-{kind}-{actor}"]
            if target in claimed:
                mark = mark.copy()
                mark.set_alpha(90)
            surface.blit(mark, rect)

    def _draw_record(self, surface: pygame.Surface) -> None:
        """The last turn, faintly, so the position explains itself: thin trails behind the troops that
        moved and a pale X where each destroyed piece stood."""
        if self.busy or self.last_move is None or self.nel.phase == R.PHASE_INVASION:
            return
        report = getattr(self.last_move.after, "last_report", None)
        if report is None or (not report.destructions and not report.moves):
            return
        for sq in report.destroyed:
            scar = self.sprites["scar"]
            surface.blit(scar, scar.get_rect(center=self.square_rect(sq).center))
        width = max(2, self.s // 14)
        for m in report.moves:
            a, b = self._center(m.origin), self._center(m.target)
            stroke = ORDER_STYLE[m.player][0]
            self._arrow(surface, a, b, stroke, None, width, 95, start=0.08, end=0.34)

    # -- troops -------------------------------------------------------------------------------------------
    def _draw_troops(self, surface: pygame.Surface) -> None:
        plan = self.plan
        t = self.timeline.t
        if self.animating and plan.kind == "invasion":
            for (player, troop), track in plan.drops.items():
                sq = plan.moves[player][troop - 1]
                self._draw_landing(surface, player, troop, sq, track, t)
            return
        if self.animating and plan.kind == "orders" and plan.report is not None:
            report = plan.report
            marches = {(m.player, m.troop): m for m in report.moves}
            deaths = {(d.player, d.troop): d for d in report.deaths}
            for i, player in enumerate(PLAYERS):
                for k, sq in enumerate(plan.before.troops[i]):
                    if sq < 0:
                        continue
                    center = self._center(sq)
                    lift = 0.0
                    m = marches.get((player, k + 1))
                    if m is not None and plan.march is not None:
                        q = plan.march.at(t)
                        a, b = self._center(m.origin), self._center(m.target)
                        center = (a[0] + (b[0] - a[0]) * q, a[1] + (b[1] - a[1]) * q)
                        lift = self.s * 0.16 * math.sin(math.pi * plan.march.raw(t))
                    death = deaths.get((player, k + 1))
                    if death is not None and plan.fall is not None and plan.fall.started(t):
                        f = plan.fall.at(t)
                        if f >= 1:
                            continue
                        self._blit_troop(
                            surface,
                            player,
                            k + 1,
                            (center[0], center[1] + self.s * 0.3 * f),
                            scale=1 - 0.65 * f,
                            alpha=int(255 * (1 - f)),
                            angle=35 * f,
                            shadow=False,
                        )
                        continue
                    self._blit_troop(surface, player, k + 1, center, lift=lift)
            return
        troops = self.drawn_troops()
        actor = self._actor()
        for player in PLAYERS:
            for k, sq in enumerate(troops[player]):
                if sq < 0:
                    continue
                center = self._center(sq)
                self._blit_troop(surface, player, k + 1, center)
                if player == actor and self.selected == k + 1:
                    ring = self.sprites["select"]
                    surface.blit(ring, ring.get_rect(center=(round(center[0]), round(center[1]))))

    def _draw_landing(
        self, surface: pygame.Surface, player: str, troop: int, sq: int, track: Track, t: float
    ) -> None:
        """An invading troop: sea troops sail in from the nearest shore, air troops drop from above."""
        if not track.started(t):
            return
        q = track.at(t)
        center = self._center(sq)
        geo = self.nel.geo
        if geo.edge >> sq & 1:
            f, r = sq % self.n, sq // self.n
            options = [(f, -1, 0), (self.n - 1 - f, 1, 0), (r, 0, 1), (self.n - 1 - r, 0, -1)]
            _, dx, dy = min(options)
            reach = self.s * 1.3 * (1 - q)
            self._blit_troop(
                surface,
                player,
                troop,
                (center[0] + dx * reach, center[1] + dy * reach),
                alpha=int(255 * min(1.0, track.raw(t) * 2.5)),
            )
        else:
            self._blit_troop(
                surface,
                player,
                troop,
                center,
                scale=1.5 - 0.5 * q,
                alpha=int(255 * min(1.0, track.raw(t) * 2.5)),
                lift=self.s * 0.9 * (1 - q),
            )

    def _blit_troop(
        self,
        surface: pygame.Surface,
        player: str,
        troop: int,
        center: Point,
        *,
        scale: float = 1.0,
        alpha: int = 255,
        lift: float = 0.0,
        angle: float = 0.0,
        shadow: bool = True,
    ) -> None:
        img = self.sprites[f"troop-{player}-{troop}"]
        if scale != 1.0 or angle:
            img = pygame.transform.rotozoom(img, angle, max(0.05, scale))
        if alpha < 255:
            img = img.copy()
            img.set_alpha(max(0, alpha))
        if shadow and alpha > 60:
            shade = self.sprites["shadow"]
            surface.blit(
                shade, shade.get_rect(center=(round(center[0] + 2), round(center[1] + self.s * 0.26)))
            )
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1] - self.s * 0.04 - lift))))

    # -- orders ---------------------------------------------------------------------------------------------
    def _draw_orders(self, surface: pygame.Surface, moves: bool) -> None:
        """Arrows for moves and crosses for destructions: the viewer's own orders at rest, everyone's
        during the reveal (fading as the march and the strikes play them out)."""
        plan = self.plan
        t = self.timeline.t
        revealing = self.animating and plan.kind == "orders"
        if self.animating and not revealing:
            return
        state: Any = plan.before if revealing else self.nel
        if state.phase != R.PHASE_ORDERS:
            return
        for i, player in enumerate(PLAYERS):
            orders = self.shown_orders(player)
            if not orders:
                continue
            stroke, outline = ORDER_STYLE[player]
            move_alpha = hit_alpha = 255
            if revealing and plan.reveal is not None:
                shown = plan.reveal.at(t)
                move_alpha = hit_alpha = int(255 * shown)
                if plan.march is not None and plan.march.started(t):
                    move_alpha = int(move_alpha * (1 - plan.march.at(t)))
                if plan.crack is not None and plan.crack.started(t):
                    hit_alpha = int(hit_alpha * (1 - plan.crack.raw(t)))
                elif plan.crack is None and plan.march is not None:
                    hit_alpha = int(hit_alpha * (1 - plan.march.raw(t)))
            for troop, code in sorted(orders.items()):
                origin = state.troops[i][troop - 1]
                target = R.order_target(state.geo, origin, code)
                if origin < 0 or target < 0:
                    continue
                a, b = self._center(origin), self._center(target)
                if (code in R.MOVE_CODES) != moves:
                    continue
                if code in R.MOVE_CODES:
                    if move_alpha > 4:
                        self._arrow(surface, a, b, stroke, outline, max(3, self.s * 0.13), move_alpha)
                elif hit_alpha > 4:
                    self._strike(surface, a, b, player, hit_alpha)

    def _arrow(
        self,
        surface: pygame.Surface,
        a: Point,
        b: Point,
        color: Color,
        outline: Color | None,
        width: float,
        alpha: int,
        start: float = 0.3,
        end: float = 0.16,
    ) -> None:
        """A straight arrow from troop ``a`` toward square ``b`` (clear of the token at the start)."""
        dist = math.dist(a, b) or 1.0
        ux, uy = (b[0] - a[0]) / dist, (b[1] - a[1]) / dist
        p0 = (a[0] + ux * self.s * start, a[1] + uy * self.s * start)
        p1 = (b[0] - ux * self.s * end, b[1] - uy * self.s * end)
        pad = int(self.s * 0.5)
        left, top = int(min(p0[0], p1[0])) - pad, int(min(p0[1], p1[1])) - pad
        w, h = int(abs(p1[0] - p0[0])) + 2 * pad, int(abs(p1[1] - p0[1])) + 2 * pad
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        q0, q1 = (p0[0] - left, p0[1] - top), (p1[0] - left, p1[1] - top)
        head_w, head_l = width * 2.6, width * 2.2
        if outline is not None:
            o = max(2.0, width * 0.35)
            ext = (q1[0] + ux * o, q1[1] + uy * o)
            back = (q0[0] - ux * o, q0[1] - uy * o)
            poly = _arrow_polygon(back, ext, width + 2 * o, head_w + 3 * o, head_l + 1.6 * o)
            pygame.draw.polygon(layer, (*outline, 255), poly)
        poly = _arrow_polygon(q0, q1, width, head_w, head_l)
        pygame.draw.polygon(layer, (*color, 255), poly)
        pygame.draw.aalines(layer, (*color, 255), True, poly)
        if alpha < 255:
            layer.set_alpha(alpha)
        surface.blit(layer, (left, top))

    def _strike(self, surface: pygame.Surface, a: Point, b: Point, player: str, alpha: int) -> None:
        """A destroy order: a short bolt from the troop's edge and a bold X on the doomed piece."""
        stroke, outline = ORDER_STYLE[player]
        self._arrow(surface, a, b, stroke, outline, max(2, self.s * 0.07), alpha, start=0.34, end=0.3)
        cross = self.sprites[f"cross-{player}"]
        if alpha < 255:
            cross = cross.copy()
            cross.set_alpha(alpha)
        surface.blit(cross, cross.get_rect(center=(round(b[0]), round(b[1]))))

    # -- rosters ------------------------------------------------------------------------------------------
    def _draw_roster(self, surface: pygame.Surface, player: str) -> None:
        """A side's army: name and score at the top, then each troop with where it stands and what it
        was told (only what the viewer may know), and during the invasion the sea/air counter."""
        roster = self.roster_rects.get(player)
        if roster is None:
            return
        state = self.nel
        plan = self.plan
        s = self.s
        head = self._roster_head(roster).inflate(-10, -10)
        name_size = max(13, min(19, int(s * 0.32)))
        small = max(11, min(15, int(s * 0.27)))
        token = self.player_token(player, max(16, min(round(s * 0.5), 34)))
        line1 = head.top + head.height * 0.3
        x = head.left + 5
        if token is not None:
            surface.blit(token, token.get_rect(midleft=(x, line1)))
            x += token.get_width() + 5
        name = style.text_surface(
            style.fit_text(_title(player), name_size, head.right - x - 3, True),
            name_size,
            style.PARCHMENT,
            True,
        )
        surface.blit(name, name.get_rect(midleft=(x, line1)))
        self._draw_score(surface, player, head)
        troops = self.drawn_troops()[player]
        orders = self.shown_orders(player)
        invading = state.phase == R.PHASE_INVASION and not (self.animating and plan.kind == "invasion")
        own_draft = invading and self._shows(player) and player not in self.match.pending
        next_troop = None
        if own_draft:
            draft = self.draft(player)
            next_troop = draft.index(DEAD) + 1 if DEAD in draft else None
        for k, slot in enumerate(self.slot_rects[player]):
            troop = k + 1
            sq = troops[k]
            icon = self.sprites[f"mini-{player}-{troop}"]
            mini = icon.get_width()
            center = (slot.left + 3 + mini // 2, slot.centery)
            fallen = not invading and sq < 0 and not (self.animating and plan.kind == "invasion")
            if fallen or (invading and sq < 0 and next_troop != troop):
                icon = icon.copy()
                icon.set_alpha(80 if fallen else 150)
            if next_troop == troop:
                pulse = int(170 + 80 * math.sin(self._clock * 4))
                glow = sprites.ring(mini + 10, style.ACCENT_LIGHT, 0.46, 2.5, pulse)
                surface.blit(glow, glow.get_rect(center=center))
            surface.blit(icon, icon.get_rect(center=center))
            top, bottom, color = self._troop_lines(player, troop, sq, orders, invading, fallen)
            tx = center[0] + mini // 2 + 6
            width = slot.right - tx - 1
            first_color = (150, 126, 108) if fallen else (color if top == "next" else style.PARCHMENT)
            first = style.text_surface(
                style.fit_text(top, name_size - 1, width, True), name_size - 1, first_color, True
            )
            if bottom:
                second = style.text_surface(style.fit_text(bottom, small, width, True), small, color, True)
                total = first.get_height() + second.get_height() - 6
                y = slot.centery - total // 2
                surface.blit(first, (tx, y))
                surface.blit(second, (tx, y + first.get_height() - 6))
            else:
                surface.blit(first, first.get_rect(midleft=(tx, slot.centery)))
        last = self.slot_rects[player][-1].bottom
        if own_draft:
            sea, need, air = self.sea_counter(player)
            lines = []
            if need:
                lines.append(f"Sea {sea}/{need}")
            if need < TROOPS:
                lines.append(f"Air {air}/{TROOPS - need}")
            color = style.ACCENT_LIGHT
        else:
            status = self._status(player)
            lines = [status] if status else []
            color = LABEL
        if lines:
            labels = [
                style.text_surface(style.fit_text(t, small, roster.width - 12, True), small, color, True)
                for t in lines
            ]
            total = sum(label.get_height() for label in labels) - 4 * (len(labels) - 1)
            y = last + (roster.bottom - last) // 2 - total // 2
            for label in labels:
                surface.blit(label, label.get_rect(midtop=(roster.centerx, y)))
                y += label.get_height() - 4

    def _draw_score(self, surface: pygame.Surface, player: str, head: pygame.Rect) -> None:
        """The pieces a side holds, big; it pops when the resolution reaches its score step."""
        score = self.shown_score()[player]
        score_size = max(17, min(30, int(self.s * 0.5)))
        small = max(11, min(15, int(self.s * 0.27)))
        plan = self.plan
        number = style.text_surface(str(score), score_size, style.ACCENT_LIGHT, True)
        width = number.get_width()
        if self.animating and plan.score is not None and plan.score.started(self.timeline.t):
            pop = 1 + 0.35 * math.sin(math.pi * plan.score.raw(self.timeline.t))
            number = pygame.transform.smoothscale(
                number, (round(number.get_width() * pop), round(number.get_height() * pop))
            )
        row = head.top + head.height * 0.72
        left = head.left + 6
        surface.blit(number, number.get_rect(center=(left + width // 2, row)))
        unit = style.text_surface("pieces", small, LABEL)
        if left + width + 6 + unit.get_width() <= head.right - 2:
            surface.blit(unit, unit.get_rect(midleft=(left + width + 5, row + 2)))

    def _troop_lines(
        self, player: str, troop: int, sq: int, orders: dict[int, int], invading: bool, fallen: bool
    ) -> tuple[str, str, Color]:
        """One roster row: where the troop is and, if the viewer may know, how it came or its order."""
        geo = self.nel.geo
        muted = (182, 160, 132)
        if invading:
            if sq >= 0:
                return geo.name(sq), "sea" if geo.edge >> sq & 1 else "air", muted
            if player in self.match.pending:
                return "sealed", "", muted
            if self._shows(player):
                draft = self.draft(player)
                return ("next", "", style.ACCENT_LIGHT) if draft.index(DEAD) + 1 == troop else ("", "", muted)
            return "?", "", muted
        if fallen:
            return "fallen", "", muted
        if sq < 0:
            return "—", "", muted
        state: Any = self.plan.before if self.animating and self.plan.before is not None else self.nel
        origin = state.troops[PLAYERS.index(player)][troop - 1]
        code = orders.get(troop)
        if code and origin >= 0:
            target = R.order_target(geo, origin, code)
            if target >= 0:
                mark = "›" if code in R.MOVE_CODES else "×"
                return geo.name(origin), f"{mark} {geo.name(target)}", ORDER_STYLE[player][0]
        if self._shows(player) and state.phase == R.PHASE_ORDERS and not self.animating:
            return geo.name(sq), "holds", muted
        return geo.name(sq), "", muted

    def _status(self, player: str) -> str:
        state = self.nel
        if state.over:
            outcome = state.outcome()
            if outcome is not None and outcome.winner == player:
                return "wins"
            return "draw" if outcome is not None and outcome.winner is None else ""
        if self.busy:
            return "revealed"
        if player in self.match.pending:
            return "sealed"
        if self.match.seats[player].is_ai:
            return "thinking…"
        if player == self._actor():
            return "ordering" if state.phase == R.PHASE_ORDERS else "invading"
        return "waiting"


# ----------------------------------------------------------------------------------------------------
# demo matches (screenshots, smoke, bench)
# ----------------------------------------------------------------------------------------------------
def demo_match(stage: str = "mid") -> Match:
    """A deterministic match at ``stage``: "setup" (the invasion, you as Black against the computer),
    "mid" (a few turns of computer-quality play, holes in the island, Black to give orders) or "end"
    (finished). Played by the easy AI with a fixed seed, so positions look like real games."""
    from game.match import AI, Match, Seat

    seats = {BLACK: Seat(), WHITE: Seat(AI, "easy")}
    if stage == "setup":
        return Match(GAME_ID, {}, seats)
    if stage == "mid":
        for seed in range(40):
            trial = Match(GAME_ID, {}, dict(seats))
            _play_ai(trial, seed, 7)
            state: Any = trial.state
            holes = (state.geo.full & ~(state.territory[0] | state.territory[1])).bit_count()
            alive = min(len(state.living(p)) for p in PLAYERS)
            if not trial.over and holes >= 10 and alive >= 4:
                return trial
        raise RuntimeError("no mid-game demo found")
    if stage == "end":
        for seed in range(40):
            trial = Match(GAME_ID, {"size": "10"}, dict(seats))
            _play_ai(trial, seed, 200)
            outcome = trial.outcome
            if trial.over and outcome is not None and outcome.winner is not None:
                return trial
        raise RuntimeError("no finished demo found")
    raise ValueError(f"unknown demo stage '{stage}' (setup, mid, end)")


def _play_ai(match: Match, seed: int, turns: int) -> None:
    """Play up to ``turns`` turns (the invasion included) with the easy AI on both sides."""
    rng = random.Random(seed)
    ai = match.game.ai
    while len(match.turns) < turns and not match.over:
        state = match.state
        moves = {p: ai(state, p, "easy", rng, 1.0) for p in state.to_move()}
        match.play_text(state.turn_to_text(moves))
