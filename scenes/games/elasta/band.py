"""The Battle Line's shape: where the band runs, how wide it is, how it snaps back.

Pure arithmetic on points (no pygame), so the curve the players see can be checked by tests without a
display, and the painter only has to fill the polygons these functions describe.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.elasta.rules import MAX_GAP

Point = tuple[float, float]


def elastic(p: float) -> float:
    """A damped spring from 0 to 1: overshoots by about 15 %, swings back, settles. The band's
    snap-back reads as rubber, not as a piece being moved."""
    if p <= 0:
        return 0.0
    if p >= 1:
        return 1.0
    return 1 - math.exp(-5 * p) * math.cos(p * math.pi * 2.6)


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


def stroke_edges(
    points: list[Point], widths: list[float], shift: float = 0.0
) -> tuple[list[Point], list[Point]]:
    """The two edges of a stroke of varying width along ``points`` (``shift`` moves the stroke
    sideways, for the highlight). A polygon, not thick lines, because the band's width changes
    along a span as it stretches."""
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


def shake(span: list[Point], amount: float) -> list[Point]:
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


def stretch_of(lines: list[float], spans: int) -> list[float]:
    """How over-stretched each span of the band is, 0 (slack) to 1 (a rank or more past the limit).
    The first and last spans run to the frame and never stretch; span ``k`` joins sticks k-1 and k.
    A gap up to the rules' MAX_GAP is legal, so only what is beyond it shows."""
    stretch = [0.0] * spans
    for k in range(1, spans - 1):
        gap = abs(lines[k] - lines[k - 1])
        stretch[k] = max(0.0, min(1.0, gap - MAX_GAP))
    return stretch


def span_widths(widths: list[float], samples: int) -> list[list[float]]:
    """Stroke widths sample by sample: each span keeps its own width in the middle and eases (cubic)
    to the narrower of the two spans meeting at each peg, so a thin stretched span never joins its
    neighbour with a step."""
    node = [widths[0]] + [min(widths[k], widths[k + 1]) for k in range(len(widths) - 1)] + [widths[-1]]
    return [
        [
            w + (node[k] - w) * (1 - i / samples) ** 3 + (node[k + 1] - w) * (i / samples) ** 3
            for i in range(samples + 1)
        ]
        for k, w in enumerate(widths)
    ]


@dataclass(frozen=True)
class Stroke:
    """One span of the band as drawn: its centre line, its width at each sample and how
    over-stretched it is (0..1, which blends its colour towards the warning colour)."""

    points: list[Point]
    widths: list[float]
    stretch: float


def band_pegs(lines: list[float], file_x: list[float], ground: float, square: float) -> list[Point]:
    """Where each stick's peg is: on its file's centre, ``lines[f]`` squares above the ``ground``
    y (White's ground line; screen y grows downwards)."""
    return [(x, ground - v * square) for x, v in zip(file_x, lines, strict=True)]


def band_strokes(
    pegs: list[Point], lines: list[float], left: float, right: float, square: float, tremble: float = 0.0
) -> tuple[list[Stroke], float]:
    """The band through ``pegs``, from just inside the frame's ``left`` edge to its ``right`` edge:
    one stroke per span, plus the slack width (the painter sizes the stretch glow from it).
    ``tremble`` (pixels) shakes the over-stretched spans in proportion to their stretch."""
    anchors = [(left - square * 0.12, pegs[0][1]), *pegs, (right + square * 0.12, pegs[-1][1])]
    samples = max(8, int(square) // 4)
    spans = catmull_rom(anchors, samples)
    base_w = max(3.0, square * 0.13)
    stretch = stretch_of(lines, len(spans))
    widths = [base_w * (1 - 0.5 * st) for st in stretch]
    strokes = []
    for span, ws, st in zip(spans, span_widths(widths, samples), stretch, strict=True):
        if tremble and st > 0:
            span = shake(span, tremble * st)
        strokes.append(Stroke(span, ws, st))
    return strokes, base_w
