"""The furniture around Elephant Run's pieces: the wooden tray of tiles and holes, the elephant's
scoring pile and the points track.

The tray changes only when a tile is eaten, so the view draws it once per position and size
(:func:`tray_picture`) and blits that every frame; the pile and the track change during a turn's
animation, so they are drawn each frame from the counts and tracks the view passes in. Nothing here
keeps state: it draws what it is given where :class:`~.geometry.BoardLayout` says.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

import pygame

from scenes.games.elephant_run.geometry import FILES, RANKS, BoardLayout
from scenes.games.elephant_run.palette import BED, ELEPHANT_COLOR, LABEL, TRAY
from scenes.kit import sprites as kit
from scenes.kit import style
from scenes.kit.animation import Track


def tray_picture(
    rect: pygame.Rect,
    board: BoardLayout,
    sprites: Mapping[str, pygame.Surface],
    tiles: Collection[str],
    suit_of: Mapping[str, str],
) -> pygame.Surface:
    """The view's ``rect`` with the tray, every present tile (``tiles``) and hole, and the pile's
    empty frame, on a transparent surface the view blits at ``rect``'s top left."""
    surface = pygame.Surface(rect.size, pygame.SRCALPHA)
    ox, oy = -rect.left, -rect.top
    s = board.s
    geo = board.geo
    tray = board.tray.move(ox, oy)
    shadow = kit.soft_shadow(tray.size, int(s * 0.2), 120, max(4, s // 8))
    surface.blit(shadow, (tray.left - max(4, s // 8) + 3, tray.top - max(4, s // 8) + 6))
    pygame.draw.rect(surface, kit.shade(TRAY, 0.7), tray, border_radius=int(s * 0.2))
    pygame.draw.rect(surface, TRAY, tray.inflate(-4, -4), border_radius=int(s * 0.19))
    pygame.draw.rect(
        surface, kit.shade(TRAY, 1.15), tray.inflate(-4, -4), width=2, border_radius=int(s * 0.19)
    )
    bed = geo.rect.move(ox, oy).inflate(int(s * 0.14), int(s * 0.14))
    pygame.draw.rect(surface, BED, bed, border_radius=int(s * 0.14))
    pygame.draw.rect(surface, kit.shade(BED, 0.7), bed, width=2, border_radius=int(s * 0.14))
    # coordinates on the frame: they match the notation in the move list
    size = max(12, int(s * 0.15))
    label_color = kit.shade(TRAY, 1.7)
    for f in range(FILES):
        r = geo.square_rect(f, 0).move(ox, oy)
        centre = (r.centerx, tray.bottom - (tray.bottom - bed.bottom) // 2)
        style.text(surface, "abcdef"[f], centre, size, label_color, bold=True, anchor="center")
    for rank in range(RANKS):
        r = geo.square_rect(0, rank).move(ox, oy)
        centre = (tray.left + (bed.left - tray.left) // 2, r.centery)
        style.text(surface, str(rank + 1), centre, size, label_color, bold=True, anchor="center")
    # every shadow before any tile: a tile's shadow must never fall across its neighbour
    shadow_tile = sprites["tile-shadow"]
    blur = (shadow_tile.get_width() - s) // 2
    for name in geo.names():
        r = geo.rect_of(name).move(ox, oy)
        if name in tiles:
            surface.blit(shadow_tile, (r.left - blur + 2, r.top - blur + 4))
    for name in geo.names():
        r = geo.rect_of(name).move(ox, oy)
        if name in tiles:
            surface.blit(sprites[f"tile-{suit_of[name]}"], r)
        else:
            surface.blit(sprites["hole"], r)
    _draw_pile_frame(surface, board.pile.move(ox, oy), s)
    return surface


def _draw_pile_frame(surface: pygame.Surface, pile: pygame.Rect, s: int) -> None:
    """The pile's dark panel with its two headings: eaten tiles above the line, trampled farmers below."""
    panel = pygame.Surface(pile.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (0, 0, 0, 70), panel.get_rect(), border_radius=int(s * 0.18))
    pygame.draw.rect(panel, (255, 255, 255, 30), panel.get_rect(), width=2, border_radius=int(s * 0.18))
    surface.blit(panel, pile)
    size = max(12, int(s * 0.14))
    style.text(
        surface, "Eaten", (pile.centerx, pile.top + int(s * 0.1)), size, LABEL, bold=True, anchor="midtop"
    )
    divider = pile.top + int(pile.height * 0.7)
    pygame.draw.line(surface, (255, 255, 255, 40), (pile.left + 10, divider), (pile.right - 10, divider), 1)
    heading = (pile.centerx, divider + int(s * 0.06))
    style.text(surface, "Trampled", heading, size, LABEL, bold=True, anchor="midtop")


def draw_pile(
    surface: pygame.Surface,
    board: BoardLayout,
    sprites: Mapping[str, pygame.Surface],
    eaten: int,
    captured: int,
) -> None:
    """The elephant's scoring pile: a neat stack of ``eaten`` tiles, its height written on the top
    one, and a heap of ``captured`` farmers."""
    mini = sprites["mini-tile"]
    for i in range(max(0, eaten)):
        surface.blit(mini, mini.get_rect(center=board.pile_tile_pos(i)))
    if eaten > 0:
        x, y = board.pile_tile_pos(eaten - 1)
        label = style.text_surface(str(eaten), max(12, int(board.s * 0.2)), style.INK_SOFT, True)
        surface.blit(label, label.get_rect(center=(x, y)))
    coin_img = sprites["mini-coin"]
    for i in range(max(0, captured)):
        surface.blit(coin_img, coin_img.get_rect(center=board.pile_coin_pos(i)))


def draw_points_track(
    surface: pygame.Surface,
    board: BoardLayout,
    target: int,
    points: int,
    popping: Mapping[int, Track],
    t: float,
) -> None:
    """The points track: one pip per point up to the target, the target pip ringed in gold. A pip in
    ``popping`` stays dark until its track starts, then grows into place (the point just scored)."""
    label_size = max(12, int(board.s * 0.16))
    label = style.text_surface("Points", label_size, LABEL, True)
    surface.blit(label, label.get_rect(center=(board.pile.centerx, board.track.centery)))
    centers, radius = board.pips(target)
    for i, (cx, cy) in enumerate(centers):
        filled = i < points
        scale = 1.0
        if i in popping:
            track = popping[i]
            if not track.started(t):
                filled = False
            elif not track.done(t):
                scale = 0.6 + 0.4 * track.at(t)
        pygame.draw.circle(surface, (20, 30, 26), (cx, cy + 2), radius + 2)
        pygame.draw.circle(surface, (64, 52, 42), (cx, cy), radius + 1)
        if filled:
            r = max(2, int(radius * scale))
            pygame.draw.circle(surface, kit.shade(ELEPHANT_COLOR, 0.6), (cx, cy), r)
            pygame.draw.circle(surface, ELEPHANT_COLOR, (cx - 1, cy - 1), r - 2)
        else:
            pygame.draw.circle(surface, (42, 34, 28), (cx, cy), radius - 1)
        if i == target - 1:
            pygame.draw.circle(surface, style.ACCENT_LIGHT, (cx, cy), radius + 3, 3)
        number = style.text_surface(
            str(i + 1),
            max(10, int(radius * 0.95)),
            (250, 240, 220) if filled else (150, 130, 110),
            i == target - 1,
        )
        surface.blit(number, number.get_rect(center=(cx, cy)))
