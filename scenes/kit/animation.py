"""Small, dependency-free animation toolkit for the board views.

A view turns "state before → state after" into a :class:`Timeline` of :class:`Track`s (each a
delayed, eased 0→1 progress) and reads the tracks while drawing. Nothing here knows about pieces or
games, so every game's signature animation is built from the same few parts, and the player's
animation-speed setting scales all of them in one place (``off`` makes every track instant, so the
board simply snaps to the new position).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Protocol

Ease = Callable[[float], float]
Point = tuple[float, float]


# easing ------------------------------------------------------------------------------------------
def linear(p: float) -> float:
    return p


def ease_in_out(p: float) -> float:
    """Cubic ease-in-out: the natural 'picked up and put down' glide of a piece."""
    return 4 * p * p * p if p < 0.5 else 1 - (-2 * p + 2) ** 3 / 2


def ease_out(p: float) -> float:
    """Cubic ease-out: fast start, gentle landing (things flying to a pile)."""
    return 1 - (1 - p) ** 3


def ease_in(p: float) -> float:
    return p * p * p


def ease_out_back(p: float) -> float:
    """Overshoots slightly, then settles: a lively 'pop' for counters and pips."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (p - 1) ** 3 + c1 * (p - 1) ** 2


# geometry helpers ------------------------------------------------------------------------------------
def lerp(a: float, b: float, p: float) -> float:
    return a + (b - a) * p


def lerp_point(a: Point, b: Point, p: float) -> Point:
    return (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p)


def arc_point(a: Point, b: Point, p: float, height: float) -> Point:
    """A point on a parabolic hop from ``a`` to ``b`` peaking ``height`` pixels above the chord."""
    x, y = lerp_point(a, b, p)
    return (x, y - height * 4 * p * (1 - p))


def lift(p: float) -> float:
    """0 at both ends, 1 in the middle: how high a hopping piece is (for its shadow and scale)."""
    return math.sin(math.pi * max(0.0, min(1.0, p)))


def polyline_point(points: list[Point], p: float) -> Point:
    """The point at fraction ``p`` of the length along a polyline (multi-leg moves)."""
    if len(points) == 1:
        return points[0]
    lengths = [math.dist(a, b) for a, b in pairwise(points)]
    total = sum(lengths) or 1.0
    target = max(0.0, min(1.0, p)) * total
    for (a, b), length in zip(pairwise(points), lengths, strict=True):
        if target <= length:
            return lerp_point(a, b, 0.0 if length == 0 else target / length)
        target -= length
    return points[-1]


# tracks and timelines ----------------------------------------------------------------------------------
@dataclass
class Track:
    """One eased 0→1 progress that starts ``start`` seconds into its timeline."""

    start: float
    duration: float
    ease: Ease = ease_in_out
    data: Any = None

    @property
    def end(self) -> float:
        return self.start + self.duration

    def raw(self, t: float) -> float:
        if self.duration <= 0:
            return 1.0 if t >= self.start else 0.0
        return max(0.0, min(1.0, (t - self.start) / self.duration))

    def at(self, t: float) -> float:
        return self.ease(self.raw(t))

    def started(self, t: float) -> bool:
        return t >= self.start

    def done(self, t: float) -> bool:
        return t >= self.end


class Timeline:
    """A clock plus tracks. ``scale`` multiplies every duration and delay (0 = animations off)."""

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = max(0.0, scale)
        self.t = 0.0
        self.tracks: list[Track] = []
        self.cues: list[tuple[float, int, str]] = []
        """(time, order, event): sounds to announce when the clock reaches them (see :meth:`cue`)."""

    def add(
        self,
        duration: float,
        delay: float = 0.0,
        ease: Ease = ease_in_out,
        after: Track | None = None,
        data: Any = None,
    ) -> Track:
        """Add a track ``delay`` seconds after ``after`` ends (or after the timeline's start)."""
        base = after.end if after is not None else 0.0
        track = Track(base + delay * self.scale, duration * self.scale, ease, data)
        self.tracks.append(track)
        return track

    def at_end(self) -> float:
        return max((track.end for track in self.tracks), default=0.0)

    def update(self, dt: float) -> None:
        self.t += dt

    @property
    def busy(self) -> bool:
        return self.t < self.at_end()

    def finish(self) -> None:
        self.t = self.at_end()

    # sound cues: a sound belongs to the moment the picture shows it ---------------------------------
    def cue(self, event: str, track: Track | None = None, at: float = 0.0) -> None:
        """Announce ``event`` (a sound, see :mod:`scenes.kit.sound`) when ``track`` is ``at`` of the
        way through (0 its start, 1 its end), or at the start without a track. Planning the sound
        with the track that draws the moment keeps them together at every animation speed."""
        time = 0.0 if track is None else track.start + track.duration * max(0.0, min(1.0, at))
        self.cue_at(time, event)

    def cue_at(self, time: float, event: str) -> None:
        """Announce ``event`` at ``time`` seconds into the timeline."""
        self.cues.append((time, len(self.cues), event))

    def cue_if_silent(self, event: str = "move") -> None:
        """A turn whose plan cued no sound of its own is heard as ``event`` when it comes to rest
        (a piece set down), so no move goes by in silence."""
        if not self.cues:
            self.cue_at(self.at_end(), event)

    def due(self) -> list[str]:
        """The cues the clock has reached since the last call, in time order (taken: each is said
        once). :meth:`finish` makes the rest due, so skipping an animation still says them."""
        ready = sorted(cue for cue in self.cues if cue[0] <= self.t)
        if ready:
            self.cues = [cue for cue in self.cues if cue[0] > self.t]
        return [event for _, _, event in ready]

    def take_cues(self, other: Timeline) -> None:
        """Say ``other``'s cues at once, in their order: a turn planned on a scratch timeline only to
        be heard, when animations are off (see ``BoardView.hear_turn``)."""
        for _, _, event in sorted(other.cues):
            self.cue_at(0.0, event)


class Paced(Protocol):
    """What the animations read of the settings."""

    animation_speed: str


SPEED_FACTORS: dict[str, float] = {"off": 0.0, "slow": 0.6, "normal": 1.0, "fast": 1.8}
"""The animation speeds by name as factors (bigger = faster, 0 = no animation). The settings keep
the same table for their choices (``saves.settings.ANIMATION_SPEEDS``; the kit reads no ``saves``
module): ``tests/test_services.py`` holds the two equal, so neither can drift."""


def duration_scale(settings: Paced | None) -> float:
    """Multiplier for animation durations from the player's setting (0 = off, no animation).

    A speed is a factor (bigger = faster), so durations are divided by it; a name the table does not
    know is normal speed, as the settings read it. Views built without settings (some tests,
    screenshots) animate at normal speed."""
    if settings is None:
        return 1.0
    factor = SPEED_FACTORS.get(settings.animation_speed, 1.0)
    return 0.0 if factor <= 0 else 1.0 / factor
