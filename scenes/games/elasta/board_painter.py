"""Drawing the board: the static table once per layout, then each frame the territories, the
deletion tokens, the sticks and the band, the token being chosen and the end-of-game flash.

Functions take what they draw from (the layout, the sprites, the state, the animation
:class:`~scenes.games.elasta.reveal.Moment`) rather than the view, so what a picture depends on is
visible in its signature and the view stays a mapping from state and input to these calls.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.elasta import rules as R
from scenes.games.elasta.band import Point, band_pegs, band_strokes, stroke_edges
from scenes.games.elasta.palette import (
    BAND,
    BAND_DARK,
    BAND_LIGHT,
    FILE_LETTERS,
    FRAME,
    GRID_LINE,
    LABEL,
    LOST,
    PLAYERS,
    RAIL,
    SQUARE_DARK,
    SQUARE_LIGHT,
    STRETCH,
    STRETCH_LIGHT,
    N,
)
from scenes.kit import sprites as kit
from scenes.kit import style

if TYPE_CHECKING:
    from game.elasta.rules import ElastaState
    from scenes.games.elasta.layout import TableLayout
    from scenes.games.elasta.reveal import Moment
    from scenes.games.elasta.sprites import Sprites


# -- the static table ------------------------------------------------------------------------------
def build_table(area: pygame.Rect, table: TableLayout, sprites: Sprites) -> pygame.Surface:
    """The static table as one surface the size of ``area`` (the view's rect): frame, squares with
    the two ground lines, coordinates, the slot rails and the trays. Everything that moves is drawn
    over it each frame."""
    surface = pygame.Surface(area.size, pygame.SRCALPHA)
    ox, oy = -area.left, -area.top
    s = table.s
    frame = table.frame_rect.move(ox, oy)
    blur = max(4, s // 4)
    radius = max(6, s // 4)
    for part in (
        frame,
        *(r.move(ox, oy) for r in table.tray_rects.values()),
        *(r.move(ox, oy) for r in table.rail_rects.values()),
    ):
        shadow = kit.soft_shadow(part.size, radius, 110, blur)
        surface.blit(shadow, (part.left - blur + 2, part.top - blur + 5))
    _bevelled(surface, frame, FRAME, 0.6, 1.2, radius)
    geo = table.geo
    grid = geo.rect.move(ox, oy)
    for rank in range(N):
        for file in range(N):
            r = geo.square_rect(file, rank).move(ox, oy)
            surface.fill(SQUARE_LIGHT if (file + rank) % 2 else SQUARE_DARK, r)
    for i in range(1, N):
        pygame.draw.line(
            surface, GRID_LINE, (grid.left + i * s, grid.top), (grid.left + i * s, grid.bottom - 1)
        )
        pygame.draw.line(
            surface, GRID_LINE, (grid.left, grid.top + i * s), (grid.right - 1, grid.top + i * s)
        )
    pygame.draw.rect(surface, kit.shade(FRAME, 0.45), grid.inflate(4, 4), 2)
    size = max(10, int(s * 0.26))
    pad = table.pad
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
        _bevelled(surface, table.rail_rects[player].move(ox, oy), RAIL, 0.55, 1.22, max(6, s // 5))
        for f, slot in enumerate(table.slot_rects[player]):
            recess = sprites[f"recess-{player}-{f}"]
            surface.blit(recess, recess.get_rect(center=slot.move(ox, oy).center))
        _bevelled(surface, table.tray_rects[player].move(ox, oy), RAIL, 0.55, 1.22, max(6, s // 4))
        for chip, slot in enumerate(table.tray_slots[player]):
            recess = sprites[f"tray-{player}-{chip}"]
            surface.blit(recess, recess.get_rect(center=slot.move(ox, oy).center))
    return surface


def _bevelled(
    surface: pygame.Surface, rect: pygame.Rect, color: kit.Color, dark: float, light: float, radius: int
) -> None:
    """A rounded wooden board: a dark outer edge, the face, and a light inner edge, so frame, rails
    and trays all read as the same carved piece of wood."""
    pygame.draw.rect(surface, kit.shade(color, dark), rect, border_radius=radius)
    pygame.draw.rect(surface, color, rect.inflate(-4, -4), border_radius=radius - 1)
    pygame.draw.rect(surface, kit.shade(color, light), rect.inflate(-4, -4), 2, border_radius=radius - 1)


# -- the field: territories, tokens, sticks and band ---------------------------------------------------
class FieldPainter:
    """Draws the field inside the frame and keeps the last still picture of it.

    The band is the costly part of a frame, so at rest the result is cached and reused until the
    position or the layout changes; during an animation it is drawn live every frame."""

    def __init__(self) -> None:
        self._field: pygame.Surface | None = None
        self._key: tuple[object, ...] = ()
        self._overlay: pygame.Surface | None = None

    def reset(self) -> None:
        """Forget the pictures (a new layout: the frame moved or changed size)."""
        self._field = None
        self._overlay = None

    def draw(
        self,
        surface: pygame.Surface,
        table: TableLayout,
        sprites: Sprites,
        moment: Moment,
        state: ElastaState,
        lines: list[float],
        token_owner: dict[int, str],
    ) -> None:
        frame = table.frame_rect
        key = (tuple(lines), state.deleted, tuple(sorted(token_owner.items())), tuple(frame))
        if not moment.busy and self._field is not None and self._key == key:
            surface.blit(self._field, frame)
            return
        _draw_territory(surface, table, sprites, lines)
        _draw_file_washes(surface, table, moment)
        _draw_tokens(surface, table, sprites, moment, state, token_owner)
        self._draw_band(surface, table, sprites, moment, lines)
        if moment.busy:
            return
        try:
            self._field = surface.subsurface(frame).copy()
            self._key = key
        except ValueError:  # the frame pokes out of the surface (a tiny window): draw live
            self._field = None

    def _overlay_surface(self, size: tuple[int, int]) -> pygame.Surface:
        """A clear layer the size of the frame for the band's translucent shadow and glow (drawn
        straight onto the board they would replace pixels instead of darkening them)."""
        if self._overlay is None or self._overlay.get_size() != size:
            self._overlay = pygame.Surface(size, pygame.SRCALPHA)
        self._overlay.fill((0, 0, 0, 0))
        return self._overlay

    def _draw_band(
        self,
        surface: pygame.Surface,
        table: TableLayout,
        sprites: Sprites,
        moment: Moment,
        lines: list[float],
    ) -> None:
        """The sticks, then the band through their pegs, stroked thick with a highlight. A span whose
        neighbours are more than two ranks apart is drawn thinner and in the warning colour
        (blending in as the gap opens), and trembles while the band is under tension."""
        s = table.s
        grid = table.geo.rect
        stick = sprites["stick"]
        pegs = band_pegs(lines, [table.file_x(f) for f in range(len(lines))], grid.bottom, s)
        for x, y in pegs:
            surface.blit(stick, stick.get_rect(center=(round(x), round(y))))
        tremble = s * 0.045 * math.sin(moment.clock * 2 * math.pi * 13) if moment.trembling() else 0.0
        strokes, base_w = band_strokes(pegs, lines, grid.left, grid.right, s, tremble)
        overlay = self._overlay_surface(table.frame_rect.size)
        ox, oy = table.frame_rect.topleft
        for stroke in strokes:
            shifted = [(x - ox + s * 0.04, y - oy + s * 0.08) for x, y in stroke.points]
            left, right = stroke_edges(shifted, [w * 1.1 for w in stroke.widths])
            _fill_stroke(overlay, left, right, (0, 0, 0, 70))
            if stroke.stretch > 0:  # an over-stretched span glows: the eye goes to where the band will snap
                local = [(x - ox, y - oy) for x, y in stroke.points]
                left, right = stroke_edges(local, [base_w * 2.4] * len(stroke.widths))
                _fill_stroke(overlay, left, right, (*STRETCH, int(70 * stroke.stretch)))
        surface.blit(overlay, table.frame_rect.topleft)
        for stroke in strokes:
            span, ws, st = stroke.points, stroke.widths, stroke.stretch
            left, right = stroke_edges(span, ws)
            _fill_stroke(surface, left, right, kit.mix(BAND_DARK, kit.shade(STRETCH, 0.7), st))
            left, right = stroke_edges(span, [w * 0.74 for w in ws], shift=ws[len(ws) // 2] * 0.08)
            _fill_stroke(surface, left, right, kit.mix(BAND, STRETCH, st))
            light = [max(1.0, w * 0.22) for w in ws]
            left, right = stroke_edges(span, light, shift=ws[len(ws) // 2] * 0.24)
            _fill_stroke(surface, left, right, kit.mix(BAND_LIGHT, STRETCH_LIGHT, st))
        peg = sprites["peg"]
        for x, y in pegs:
            surface.blit(peg, peg.get_rect(center=(round(x), round(y))))


def _fill_stroke(
    surface: pygame.Surface, left: list[Point], right: list[Point], color: tuple[int, ...]
) -> None:
    """Fill the stroke between two edges; an opaque one also gets anti-aliased edges (a translucent
    one would show the doubled edge pixels as a seam)."""
    pygame.draw.polygon(surface, color, left + right[::-1])
    if len(color) == 3:
        pygame.draw.aalines(surface, color, False, left)
        pygame.draw.aalines(surface, color, False, right)


def _draw_territory(
    surface: pygame.Surface, table: TableLayout, sprites: Sprites, lines: list[float]
) -> None:
    """Each side's territory tinted (White's light, Black's slate) up to the animated stick, so
    the Battle Line reads as a frontier, not only as a curve."""
    s = table.s
    grid = table.geo.rect
    for f, line in enumerate(lines):
        x = grid.left + f * s
        y = round(table.stick_y(max(0.0, min(float(N), line))))
        if grid.bottom - y > 0:
            surface.blit(sprites["land-white"], (x, y), pygame.Rect(0, 0, s, grid.bottom - y))
        if y - grid.top > 0:
            surface.blit(sprites["land-black"], (x, grid.top), pygame.Rect(0, 0, s, y - grid.top))


def _tint_file(
    surface: pygame.Surface, table: TableLayout, file: int, color: tuple[int, int, int, int]
) -> None:
    """Lay a translucent colour over a whole file (blended, so the squares show through)."""
    rect = table.file_rect(file)
    column = pygame.Surface(rect.size, pygame.SRCALPHA)
    column.fill(color)
    surface.blit(column, rect.topleft)


def _draw_file_washes(surface: pygame.Surface, table: TableLayout, moment: Moment) -> None:
    """During a reveal, each won file glows in the winner's colour while its stick is pushed."""
    plan = moment.plan
    if not moment.revealing() or plan.compare is None or plan.push is None or plan.report is None:
        return
    t = moment.t
    if not plan.compare.started(t):
        return
    fade = 1.0
    if plan.push.done(t):  # the glow outlives the push a little, then gives way to the band
        fade = max(0.0, 1.0 - (t - plan.push.end) / (0.45 * moment.scale))
    alpha = plan.compare.at(t) * fade
    if alpha <= 0.01:
        return
    for f, result in enumerate(plan.report.results):
        if result == 0:
            continue
        color, base = ((255, 214, 110), 90) if result > 0 else ((70, 110, 190), 80)
        _tint_file(surface, table, f, (*color, int(base * alpha)))


def _draw_tokens(
    surface: pygame.Surface,
    table: TableLayout,
    sprites: Sprites,
    moment: Moment,
    state: ElastaState,
    token_owner: dict[int, str],
) -> None:
    """The deleted squares: hatched, with their owner's token; the tokens of the turn being revealed
    drop in from above, growing from large to their place."""
    plan = moment.plan
    if not state.tokens or (not state.deleted and plan.kind != "token"):
        return
    t = moment.t
    dropping: dict[int, str] = {}
    if plan.kind == "token" and moment.busy and plan.drop is not None:
        for player, move in plan.moves.items():
            if isinstance(move, int) and move != R.NO_TOKEN:
                dropping[move] = player
    for sq in range(64):
        if not state.deleted >> sq & 1:
            continue
        rect = table.geo.square_rect(sq % N, sq // N)
        if sq in dropping and plan.drop is not None:
            p = plan.drop.at(t)
            _hatch(surface, sprites, rect, min(1.0, max(0.0, p)))
            alpha = int(255 * min(1.0, plan.drop.raw(t) * 2))
            blit_token(surface, sprites, table.s, dropping[sq], rect.center, 1.6 - 0.6 * p, alpha)
        else:
            _hatch(surface, sprites, rect, 1.0)
            blit_token(surface, sprites, table.s, token_owner.get(sq), rect.center)


def _hatch(surface: pygame.Surface, sprites: Sprites, rect: pygame.Rect, strength: float) -> None:
    hatch = sprites["hatch"]
    if strength < 1:
        hatch = hatch.copy()
        hatch.set_alpha(int(255 * strength))
    surface.blit(hatch, rect)


def blit_token(
    surface: pygame.Surface,
    sprites: Sprites,
    s: int,
    owner: str | None,
    center: tuple[float, float],
    scale: float = 1.0,
    alpha: int = 255,
) -> None:
    """A deletion token standing on ``center`` with its shadow, scaled and faded on copies (the
    shared sprite stays as it is)."""
    img = sprites[f"token-{owner}" if owner in PLAYERS else "token-none"]
    if scale != 1.0:
        size = max(2, round(img.get_width() * scale))
        img = pygame.transform.smoothscale(img, (size, size))
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    shadow = sprites["shadow"]
    surface.blit(shadow, shadow.get_rect(center=(round(center[0] + 1), round(center[1] + s * 0.2))))
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


# -- token choice and end flash -----------------------------------------------------------------------
def draw_token_choice(
    surface: pygame.Surface,
    table: TableLayout,
    sprites: Sprites,
    hovered: tuple[int, int] | None,
    chosen: int | None,
    owner: str,
    clock: float,
) -> None:
    """The square a click would take (``hovered``, file and rank) and the viewer's secret token on
    ``chosen`` as a pulsing ghost: only its owner sees where it will go."""
    if hovered is not None:
        surface.blit(sprites["square-hover"], table.geo.square_rect(*hovered))
    if chosen is not None and chosen != R.NO_TOKEN:
        rect = table.geo.square_rect(chosen % N, chosen // N)
        surface.blit(sprites["square-pick"], rect)
        pulse = 0.5 + 0.5 * math.sin(clock * 4)
        blit_token(surface, sprites, table.s, owner, rect.center, 1.0, int(170 + 70 * pulse))


def draw_end_flash(surface: pygame.Surface, table: TableLayout, moment: Moment, state: ElastaState) -> None:
    """The game just ended: the lost file(s) flash red at the ground line that was reached, and
    stay marked afterwards so the finished board explains itself."""
    if not state.over:
        return
    end = moment.plan.end
    if moment.busy and (end is None or not end.started(moment.t)):
        return
    white_lost, black_lost = R.losers(state.lines, state.deleted)
    if moment.busy and end is not None:
        p = end.raw(moment.t)
        strength = 0.5 + 0.5 * math.sin(p * math.pi * 5 - math.pi / 2)
    else:
        strength = 0.55
    grid = table.geo.rect
    s = table.s
    for files, at_bottom in ((white_lost, True), (black_lost, False)):
        for f in files:
            _tint_file(surface, table, f, (*LOST, int(70 * strength)))
            y = grid.bottom - max(3, s // 10) if at_bottom else grid.top
            pygame.draw.rect(surface, LOST, (grid.left + f * s, y, s, max(3, s // 10)))
