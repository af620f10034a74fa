"""Drawing the Nelaxtam island frame by frame: the land, the marks, the orders and the troops.

The view decides *what* may be shown (whose orders, which troops, which turn is being replayed) and
hands it over as a :class:`Frame`; :class:`IslandPainter` only turns that into pixels, with the
pictures and caches of one layout (the sprite set, the static table, the island's land layer, the
crack paths). At rest the whole island is one cached blit; during a resolution only the pieces being
destroyed or cut off are drawn on their own, following the :class:`~.plan.Plan`'s tracks.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.nelaxtam import rules as R
from scenes.games.nelaxtam.geometry import (
    Point,
    arrow_polygon,
    arrow_span,
    crack_paths,
    partial,
    shard_offset,
    shore_direction,
    tile_variant,
)
from scenes.games.nelaxtam.palette import CRACK_DARK, CRACK_LIGHT, ORDER_STYLE, PLAYERS, SPLASH, Color
from scenes.games.nelaxtam.plan import INVASION, ORDERS, Plan
from scenes.games.nelaxtam.sprites import sprite_set
from scenes.games.nelaxtam.table import sea_surface, table_surface

if TYPE_CHECKING:
    from game.nelaxtam.rules import Geometry, NelaxtamState, TurnReport
    from scenes.games.nelaxtam.controls import Mark
    from scenes.games.nelaxtam.layout import TableLayout
    from scenes.kit.animation import Track


@dataclass(frozen=True)
class Frame:
    """What one frame shows, as the view allows it to be seen (secret drafts already filtered)."""

    state: NelaxtamState
    """The position at rest (during a resolution the plan's ``before`` is what is replayed)."""
    plan: Plan
    t: float
    clock: float
    """Seconds since the view was made: drives the shudder of a cracking piece."""
    animating: bool
    territory: tuple[int, int]
    troops: dict[str, tuple[int, ...]]
    orders: dict[str, dict[int, int]]
    marks: list[Mark]
    record: TurnReport | None
    """The last turn to recall faintly (trails and scars), or None."""
    actor: str | None
    selected: int | None


class IslandPainter:
    """The pictures of one layout and the drawing of the island from a :class:`Frame`."""

    def __init__(self, table: TableLayout, rect: pygame.Rect) -> None:
        self.table = table
        self.rect = pygame.Rect(rect)
        self.s = table.s
        self.sprites: Mapping[str, pygame.Surface] = sprite_set(table.s)
        self._table: pygame.Surface | None = None
        self._land: pygame.Surface | None = None
        self._land_key: tuple[Any, ...] = ()
        self._cracks: dict[int, list[list[Point]]] = {}

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        if self._table is None:
            self._table = table_surface(self.table, self.rect)
        surface.blit(self._table, self.rect.topleft)
        self._draw_land(surface, frame)
        self._draw_marks(surface, frame.marks)
        if frame.record is not None:
            self._draw_record(surface, frame.record)
        # arrows under the troops (a marching troop walks over its arrow), crosses over them (the X
        # sits on an enemy troop's piece)
        self._draw_orders(surface, frame, moves=True)
        self._draw_troops(surface, frame)
        self._draw_orders(surface, frame, moves=False)

    # -- tiles and the land layer ----------------------------------------------------------------------
    def _tile(self, geo: Geometry, sq: int) -> pygame.Surface:
        dark = geo.is_dark(sq)
        return self.sprites[f"tile-{'dark' if dark else 'light'}-{tile_variant(sq)}"]

    def _blit_tile(
        self,
        surface: pygame.Surface,
        geo: Geometry,
        sq: int,
        center: Point,
        scale: float = 1.0,
        alpha: int = 255,
    ) -> None:
        img = self._tile(geo, sq)
        inset = max(1, self.s // 22)
        size = max(2, round((self.s - 2 * inset) * scale))
        if size != img.get_width():
            img = pygame.transform.smoothscale(img, (size, size))
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))

    def _land_layer(self, geo: Geometry, land: int) -> pygame.Surface:
        """Sea plus every tile in ``land`` (a bit set over both colours), cached: at rest the island
        is one blit; during a resolution only the tiles being destroyed are drawn on their own."""
        key = (land, tuple(self.table.grid.rect))
        if self._land is not None and self._land_key == key:
            return self._land
        surface = sea_surface(self.table)
        grid = self.table.grid.rect
        for sq in R.bits_of(land):
            rect = self.table.square_rect(sq).move(-grid.left, -grid.top)
            self._blit_tile(surface, geo, sq, rect.center)
        self._land, self._land_key = surface, key
        return surface

    # -- the island ------------------------------------------------------------------------------------
    def _draw_land(self, surface: pygame.Surface, frame: Frame) -> None:
        plan = frame.plan
        geo = frame.state.geo
        grid = self.table.grid.rect
        if not (frame.animating and plan.resolving):
            black, white = frame.territory
            surface.blit(self._land_layer(geo, black | white), grid.topleft)
            return
        assert plan.report is not None
        t = frame.t
        destroyed = set(plan.report.destroyed)
        crumbling = {sq: track for squares, track in plan.crumbles for sq in squares}
        black, white = plan.before.territory
        moving = 0
        for sq in destroyed | set(crumbling):
            moving |= 1 << sq
        surface.blit(self._land_layer(geo, (black | white) & ~moving), grid.topleft)
        for sq in destroyed:
            self._draw_destroyed(surface, frame, sq)
        for sq, track in crumbling.items():
            if sq not in destroyed:
                self._draw_crumble(surface, geo, sq, track, t)

    def _draw_destroyed(self, surface: pygame.Surface, frame: Frame, sq: int) -> None:
        """A targeted piece: cracks spread over it, it shudders, then sinks with a splash."""
        crack, vanish = frame.plan.crack, frame.plan.vanish
        if crack is None or vanish is None:
            return
        t = frame.t
        geo = frame.state.geo
        center = self.table.center(sq)
        if vanish.done(t):
            return
        if not crack.started(t):
            self._blit_tile(surface, geo, sq, center)
            return
        p = crack.at(t)
        if vanish.started(t):
            v = vanish.at(t)
            self._splash(surface, center, v)
            self._blit_tile(
                surface, geo, sq, (center[0], center[1] + self.s * 0.12 * v), 1 - 0.45 * v, int(255 * (1 - v))
            )
            return
        shake = self.s * 0.025 * math.sin(frame.clock * 70) * p
        self._blit_tile(surface, geo, sq, (center[0] + shake, center[1]))
        rect = self.table.square_rect(sq)
        paths = self._cracks.get(sq)
        if paths is None:
            paths = self._cracks[sq] = crack_paths(sq, float(self.s))
        ink = CRACK_DARK if not geo.is_dark(sq) else CRACK_LIGHT
        width = max(2, self.s // 16)
        for path in paths:
            pts = [(rect.left + x + shake, rect.top + y) for x, y in partial(path, p)]
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

    def _draw_crumble(self, surface: pygame.Surface, geo: Geometry, sq: int, track: Track, t: float) -> None:
        """A piece of a cut-off group: it breaks into four shards that drift apart and sink."""
        center = self.table.center(sq)
        if not track.started(t):
            self._blit_tile(surface, geo, sq, center)
            return
        if track.done(t):
            return
        p = track.at(t)
        img = self._tile(geo, sq)
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
                dx, dy = shard_offset(qx, qy, self.s, p)
                surface.blit(piece, piece.get_rect(center=(round(center[0] + dx), round(center[1] + dy))))
        if p > 0.3:
            self._splash(surface, center, (p - 0.3) / 0.7)

    # -- marks under the troops -------------------------------------------------------------------------
    def _draw_marks(self, surface: pygame.Surface, marks: list[Mark]) -> None:
        faded: dict[tuple[str, int], pygame.Surface] = {}
        for mark in marks:
            img = self.sprites[mark.sprite]
            if mark.alpha is not None:
                key = (mark.sprite, mark.alpha)
                if key not in faded:
                    faded[key] = img.copy()
                    faded[key].set_alpha(mark.alpha)
                img = faded[key]
            surface.blit(img, self.table.square_rect(mark.sq))

    def _draw_record(self, surface: pygame.Surface, report: TurnReport) -> None:
        """The last turn, faintly, so the position explains itself: thin trails behind the troops that
        moved and a pale X where each destroyed piece stood."""
        for sq in report.destroyed:
            scar = self.sprites["scar"]
            surface.blit(scar, scar.get_rect(center=self.table.square_rect(sq).center))
        width = max(2, self.s // 14)
        for m in report.moves:
            a, b = self.table.center(m.origin), self.table.center(m.target)
            stroke = ORDER_STYLE[m.player][0]
            self._arrow(surface, a, b, stroke, None, width, 95, start=0.08, end=0.34)

    # -- troops -------------------------------------------------------------------------------------------
    def _draw_troops(self, surface: pygame.Surface, frame: Frame) -> None:
        plan = frame.plan
        t = frame.t
        if frame.animating and plan.kind == INVASION:
            for (player, troop), track in plan.drops.items():
                sq = plan.moves[player][troop - 1]
                self._draw_landing(surface, frame.state.geo, player, troop, sq, track, t)
            return
        if frame.animating and plan.resolving:
            self._draw_resolving_troops(surface, plan, t)
            return
        for player in PLAYERS:
            for k, sq in enumerate(frame.troops[player]):
                if sq < 0:
                    continue
                center = self.table.center(sq)
                self._blit_troop(surface, player, k + 1, center)
                if player == frame.actor and frame.selected == k + 1:
                    ring = self.sprites["select"]
                    surface.blit(ring, ring.get_rect(center=(round(center[0]), round(center[1]))))

    def _draw_resolving_troops(self, surface: pygame.Surface, plan: Plan, t: float) -> None:
        """The armies as they stood before the turn: movers hop to their targets, the doomed ones
        tumble and fade once the strikes land."""
        assert plan.report is not None
        marches = {(m.player, m.troop): m for m in plan.report.moves}
        deaths = {(d.player, d.troop): d for d in plan.report.deaths}
        for i, player in enumerate(PLAYERS):
            for k, sq in enumerate(plan.before.troops[i]):
                if sq < 0:
                    continue
                center = self.table.center(sq)
                lift = 0.0
                m = marches.get((player, k + 1))
                if m is not None and plan.march is not None:
                    q = plan.march.at(t)
                    a, b = self.table.center(m.origin), self.table.center(m.target)
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

    def _draw_landing(
        self, surface: pygame.Surface, geo: Geometry, player: str, troop: int, sq: int, track: Track, t: float
    ) -> None:
        """An invading troop: sea troops sail in from the nearest shore, air troops drop from above."""
        if not track.started(t):
            return
        q = track.at(t)
        center = self.table.center(sq)
        alpha = int(255 * min(1.0, track.raw(t) * 2.5))
        if geo.edge >> sq & 1:
            dx, dy = shore_direction(sq, self.table.n)
            reach = self.s * 1.3 * (1 - q)
            self._blit_troop(
                surface, player, troop, (center[0] + dx * reach, center[1] + dy * reach), alpha=alpha
            )
        else:
            self._blit_troop(
                surface, player, troop, center, scale=1.5 - 0.5 * q, alpha=alpha, lift=self.s * 0.9 * (1 - q)
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
    def _draw_orders(self, surface: pygame.Surface, frame: Frame, moves: bool) -> None:
        """Arrows for moves (``moves``) or crosses for destructions: the viewer's own orders at rest,
        everyone's during the reveal (fading as the march and the strikes play them out)."""
        plan = frame.plan
        t = frame.t
        revealing = frame.animating and plan.kind == ORDERS
        if frame.animating and not revealing:
            return
        state: Any = plan.before if revealing else frame.state
        if state.phase != R.PHASE_ORDERS:
            return
        for i, player in enumerate(PLAYERS):
            orders = frame.orders[player]
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
                a, b = self.table.center(origin), self.table.center(target)
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
        """A straight arrow from troop ``a`` toward square ``b``, drawn on its own layer so a fading
        arrow fades as one shape (outline and fill together)."""
        p0, p1, (ux, uy) = arrow_span(a, b, self.s, start, end)
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
            poly = arrow_polygon(back, ext, width + 2 * o, head_w + 3 * o, head_l + 1.6 * o)
            pygame.draw.polygon(layer, (*outline, 255), poly)
        poly = arrow_polygon(q0, q1, width, head_w, head_l)
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
