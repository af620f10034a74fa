"""The shapes and paths behind Nelaxtam's pictures: pure math on points, no display needed.

Everything that is a number rather than a pixel lives here — the shield silhouette, the jagged cracks
of a targeted piece, the arrow outlines, which shore a sea troop sails in from, the shards a cut-off
piece breaks into — so it can be unit-tested (``tests/test_nelaxtam_geometry.py``) without opening
a window, and the painters only turn these points into pixels. Where a picture must look the same
every time (cracks, tile variants) the randomness is seeded from the square, never from the clock.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.nelaxtam.rules import Geometry

Point = tuple[float, float]

TILE_VARIANTS = 4
"""How many speckle patterns each territory colour has: enough that the island does not look tiled."""


def tile_variant(sq: int) -> int:
    """Which of the :data:`TILE_VARIANTS` textures square ``sq`` wears: a multiplicative hash, so
    neighbours rarely match and a square keeps its look for the whole game."""
    return (sq * 2654435761 >> 7) % TILE_VARIANTS


def shield_points(c: float, top: float, bottom: float, half: float) -> list[Point]:
    """A heraldic shield: flat top with rounded shoulders, straight sides, curving to a point.
    Built right half first and mirrored about ``c``, so the two flanks are exactly symmetric."""
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


def crack_paths(sq: int, size: float) -> list[list[Point]]:
    """Jagged crack lines across a tile (tile-local pixels), the same for a square every time: four
    arms from one point near the middle, each kept a pixel inside the tile's edge."""
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


def partial(points: list[Point], p: float) -> list[Point]:
    """The first fraction ``p`` of a polyline (a crack growing), counted in segments rather than
    length: every segment of a crack grows in the same time, which reads as spreading."""
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


def arrow_span(a: Point, b: Point, s: float, start: float, end: float) -> tuple[Point, Point, Point]:
    """Where an arrow from ``a`` toward ``b`` starts and ends, and its unit direction: ``start``
    squares (of ``s`` pixels) clear of the troop, ``end`` squares short of the target's centre, so it
    neither hides the token nor covers the mark at its head."""
    dist = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / dist, (b[1] - a[1]) / dist
    p0 = (a[0] + ux * s * start, a[1] + uy * s * start)
    p1 = (b[0] - ux * s * end, b[1] - uy * s * end)
    return p0, p1, (ux, uy)


def arrow_polygon(a: Point, b: Point, width: float, head_w: float, head_l: float) -> list[Point]:
    """A straight arrow as one polygon (shaft and head), tip at ``b``: one fill gives one outline,
    so a translucent arrow has no darker seam where shaft and head would overlap."""
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


def shore_direction(sq: int, n: int) -> tuple[int, int]:
    """The screen direction (dx, dy) of the shore nearest to edge square ``sq`` of an ``n`` × ``n``
    board, where its sea troop sails in from. Rank 1 is drawn at the bottom, so the south shore is
    +y on screen. A corner is as near to two shores; the tie goes to the smaller (dx, dy): west, then
    north, south, east — any fixed choice will do, as long as a troop always comes the same way."""
    f, r = sq % n, sq // n
    options = [(f, -1, 0), (n - 1 - f, 1, 0), (r, 0, 1), (n - 1 - r, 0, -1)]
    _, dx, dy = min(options)
    return dx, dy


def order_code_towards(geo: Geometry, origin: int, target: int) -> int | None:
    """The order code that aims a troop on ``origin`` at ``target``: 1-4 a diagonal move, 5-8 an
    orthogonal strike, None if ``target`` is no neighbour — clicks name squares, orders name codes."""
    for k in range(4):
        if geo.diag[origin][k] == target:
            return 1 + k
        if geo.orth[origin][k] == target:
            return 5 + k
    return None


def shard_offset(qx: int, qy: int, s: float, p: float) -> Point:
    """Where quarter (``qx``, ``qy``) of a crumbling tile of ``s`` pixels sits at progress ``p``:
    the four shards start as the whole tile, drift apart and sink a little as they go."""
    spread = s * 0.5 + s * 0.35 * p
    return (qx - 0.5) * spread, (qy - 0.5) * spread + s * 0.2 * p
