"""The timing of a turn's reveal, built from the engine's own report of what happened.

A :class:`Plan` is a set of tracks on the view's timeline; the painters read them to draw any frame of
the animation, and :func:`lines_at` says where the sticks are at any moment. Nothing here draws or
decides a rule: an allotment turn's outcome comes from :class:`~game.elasta.rules.TurnReport`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.elasta import rules as R
from scenes.games.elasta.band import elastic
from scenes.games.elasta.palette import BLACK, WHITE, N
from scenes.kit.animation import Timeline, Track, ease_in_out, ease_out, ease_out_back, linear

if TYPE_CHECKING:
    from game.elasta.rules import TurnReport
    from game.match import Turn


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


def plan_turn(turn: Turn, tl: Timeline) -> Plan | None:
    """Turn a :class:`TurnReport` into tracks on ``tl``. Timing (at normal speed): the chips flip in
    a quick ripple, the winners light up, the sticks slide, the stretched band trembles, then each
    band round snaps with an elastic ease; a finished game ends on a flash at the lost ground line.
    None (and nothing added) for an allotment turn without both allotments to show."""
    before: Any = turn.before
    after: Any = turn.after
    plan = Plan(moves=dict(turn.moves))
    if getattr(before, "phase", R.PHASE_ALLOT) == R.PHASE_TOKEN:
        plan.kind = "token"
        plan.drop = tl.add(0.5, ease=ease_out_back)
        tl.cue("move", plan.drop, at=0.6)  # the overshooting ease touches down at about 60 %
        last = plan.drop
    else:
        white, black = turn.moves.get(WHITE), turn.moves.get(BLACK)
        if not isinstance(white, tuple) or not isinstance(black, tuple):
            return None
        report = after.last_report or R.resolve_turn(before.lines, white, black, before.deleted)
        plan.kind = "allot"
        plan.report = report
        plan.flips = [tl.add(0.34, delay=0.045 * f, ease=ease_in_out) for f in range(N)]
        tl.cue("reveal", plan.flips[0])
        plan.compare = tl.add(0.42, delay=0.06, after=plan.flips[-1], ease=ease_out)
        plan.push = tl.add(0.5, delay=0.05, after=plan.compare, ease=ease_in_out)
        tl.cue("band-stretch" if report.rounds else "move", plan.push)
        plan.stages = [list(before.lines), list(report.pushed)]
        plan.tracks = [plan.push]
        last = plan.push
        if report.rounds:
            plan.tension = tl.add(0.4, after=plan.push, ease=linear)
            last = plan.tension
            for round_lines in report.rounds:
                track = tl.add(0.62, delay=0.05, after=last, ease=elastic)
                tl.cue("band-snap", track)
                plan.tracks.append(track)
                plan.stages.append(list(round_lines))
                last = track
    if after.over:
        plan.end = tl.add(0.8, delay=0.05, after=last, ease=linear)
    else:
        tl.add(0.15, after=last)  # a breath before the next turn's prompt
    return plan


def lines_at(plan: Plan, t: float) -> list[float]:
    """The sticks of an allotment reveal at time ``t``: each stage slides to the next along its
    track, and a stage whose track has not started yet leaves the sticks where the last one put
    them (the tension pause holds the over-stretched band)."""
    values = [float(v) for v in plan.stages[0]]
    for k, track in enumerate(plan.tracks):
        if not track.started(t):
            break
        p = track.at(t)
        values = [a + (b - a) * p for a, b in zip(plan.stages[k], plan.stages[k + 1], strict=True)]
    return values


@dataclass(frozen=True)
class Moment:
    """Where the animation is in the frame being drawn: the plan, the timeline's time and scale,
    whether it still plays, and the free-running clock that drives pulses and the band's tremble."""

    plan: Plan
    t: float
    busy: bool
    scale: float
    clock: float

    def revealing(self) -> bool:
        """An allotment reveal is on screen (the rows flip, the sticks move)."""
        return self.plan.kind == "allot" and self.busy

    def trembling(self) -> bool:
        """The band is held over-stretched before it snaps back."""
        tension = self.plan.tension
        return self.busy and tension is not None and tension.started(self.t) and not tension.done(self.t)
