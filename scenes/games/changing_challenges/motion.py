"""One turn's animation on the see-saw, planned from the engine's account of the move.

The piece glides, a knocked piece flies to its storage square (or a merged one fades into the
mover), then the board tilts by an angle that follows the unbalanced moment, the counterweight
slides to its new line while the board comes level — or, past ±49, the board crashes onto one
side. Everything is read from ``effects`` of the position before the move, so the picture never
has to guess a rule; the poses at a time ``t`` are plain functions of the plan.

With the coach on, the board also leans a little at rest (:func:`~.geometry.lean_for`: how near the
balance is to tipping). A turn eases that lean from the one shown before it to the one after it,
while the board tilts and levels (:attr:`Plan.lean`), so the board never jumps at either end of the
turn; with animations off there is no plan and the new lean is simply there.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.changing_challenges.rules import ChangingChallengesState
from game.core import GameError
from scenes.games.changing_challenges.geometry import CW_WEIGHT, LIMIT, Seesaw, tilt_for
from scenes.kit.animation import Timeline, Track, ease_in, ease_in_out, ease_out, ease_out_back, lerp

if TYPE_CHECKING:
    from game.core import Move
    from game.match import Turn

EFFECT_ERRORS = (GameError, KeyError, TypeError, ValueError, IndexError)
"""What asking ``effects`` of a move may raise for a turn that is not this game's plain move
(a foreign record, a stale state): the view then shows it without animation or note."""


def turn_move(turn: Turn) -> tuple[str, Move] | None:
    """The (player, move) of a turn: Changing Challenges has one mover per turn."""
    for player, move in turn.moves.items():
        return player, move
    return None


def turn_effects(turn: Turn) -> tuple[ChangingChallengesState, dict[str, Any]] | None:
    """(position before, the engine's ``effects`` of the move) of a turn, or None when the turn
    cannot be read so (no move, another game's state, a move the state refuses)."""
    found = turn_move(turn)
    before: Any = turn.before
    if found is None or not isinstance(before, ChangingChallengesState):
        return None
    try:
        return before, before.effects(found[1])
    except EFFECT_ERRORS:
        return None


def last_squares(turn: Turn | None) -> frozenset[int]:
    """Squares of the last move (from, to and an en passant victim) for the highlight."""
    found = turn_move(turn) if turn is not None else None
    if found is None or turn is None:
        return frozenset()
    frm, to, _ = found[1]
    squares = {frm, to}
    try:
        captured = turn.before.effects(found[1])["captured"]  # type: ignore[attr-defined]
    except (AttributeError, KeyError, TypeError, ValueError):
        captured = None
    if captured is not None:
        squares.add(captured)
    return frozenset(squares)


def fall(p: float) -> float:
    """The crash: falling faster and faster (gravity), then a small bounce off the floor."""
    hit = 0.72
    if p < hit:
        return ease_in(p / hit)
    q = (p - hit) / (1 - hit)
    return 1 - 0.12 * math.sin(math.pi * q) * (1 - q)


@dataclass
class Plan:
    """One turn's animation, read from the state before the move (``effects``). Tracks left None
    are phases the turn does not have (no capture, nothing to tilt)."""

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
    lean: Track | None = None
    """The coach's lean easing from ``lean_before`` to ``lean_after`` (None: it does not change)."""
    lean_before: float = 0.0
    lean_after: float = 0.0

    @classmethod
    def resting(cls, state: ChangingChallengesState) -> Plan:
        """No animation: the balance as ``state`` has it, before and after alike."""
        return cls(
            moment_before=state.moment,
            moment_after=state.moment,
            cw_before=state.counterweight,
            cw_after=state.counterweight,
        )

    # -- poses while the timeline plays ---------------------------------------------------------------
    def angle_at(self, t: float) -> float:
        """Degrees clockwise the board leans at ``t``: at the coach's lean (:meth:`lean_at`) while the
        piece moves, tilted further by the unbalanced moment, easing back as the counterweight
        slides, or falling when it tipped."""
        lean = self.lean_at(t)
        if self.crash is not None and self.crash.started(t):
            residual = tilt_for(self.moment_after + CW_WEIGHT * self.cw_after)
            return lerp(residual + lean, self.crash_angle, self.crash.at(t))
        if self.level is not None and self.level.started(t):
            return lean + tilt_for(self.moment_after + CW_WEIGHT * self.counterweight_at(t))
        if self.tilt is not None and self.tilt.started(t):
            return lean + tilt_for(self.moment_after + CW_WEIGHT * self.cw_before) * self.tilt.at(t)
        return lean

    def lean_at(self, t: float) -> float:
        """The coach's lean at ``t`` (0 with the coach off): the one shown before the turn until the
        board starts to tilt, the new one once it has come level, eased in between."""
        if self.lean is None:
            return self.lean_after
        return lerp(self.lean_before, self.lean_after, self.lean.at(t))

    def counterweight_at(self, t: float) -> float:
        """The counterweight's line at ``t``: it slides only while the board levels."""
        if self.level is not None and self.level.started(t):
            return lerp(self.cw_before, self.cw_after, self.level.at(t))
        return self.cw_before

    def moment_at(self, t: float) -> float:
        """The moment the gauge shows at ``t``: it swings with the tilt, once the piece has landed."""
        if self.tilt is not None:
            if not self.tilt.started(t):
                return self.moment_before
            return lerp(self.moment_before, self.moment_after, self.tilt.at(t))
        return self.moment_after


LEAN_SECONDS = 0.5
"""How long the coach's lean takes to change when the board neither tilts nor levels (a turn that
ends the game without moving the balance), before the animation speed's factor."""


def plan_turn(
    turn: Turn,
    shown: ChangingChallengesState,
    timeline: Timeline,
    geo: Seesaw,
    lean: tuple[float, float] = (0.0, 0.0),
) -> Plan:
    """The animation of ``turn`` (which led to ``shown``) on ``timeline``: glide, then the
    knocked piece flies to storage (or a merged one fades into the mover), then tilt by the
    unbalanced moment, slide the counterweight while the board levels — and, past the limit,
    crash. ``lean`` is the coach's lean (degrees) shown before the turn and the one after it: it
    eases from the one to the other from the tilt until the board is level. A turn the engine cannot
    explain gives the resting plan (the view just snaps)."""
    plan = Plan.resting(shown)
    plan.lean_before, plan.lean_after = lean
    read = turn_effects(turn)
    found = turn_move(turn)
    if read is None or found is None:
        return plan
    before, fx = read
    frm, to, _ = found[1]
    tl = timeline
    plan.side = before.side
    plan.frm, plan.to = frm, to
    plan.weight_before = abs(before.board[frm])
    distance = math.dist(geo.cell_center(frm), geo.cell_center(to)) / geo.s
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
            tl.cue("weight-thud", plan.fly, at=1.0)  # the knocked piece lands in storage: weight moves
            after_glide = plan.fly
    tl.cue("capture" if captured is not None else "move", plan.glide, at=1.0)
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
        tl.cue("balance-creak", plan.tilt)
        plan.level = tl.add(
            0.45 + 0.35 * min(1.0, abs(plan.cw_after - plan.cw_before) / 4), after=plan.tilt, delay=0.12
        )
    if tipped:
        plan.crash_angle = math.copysign(geo.crash_angle, plan.moment_after)
        assert plan.level is not None
        plan.crash = tl.add(0.62, after=plan.level, delay=0.05, ease=fall)
        tl.cue("board-crash", plan.crash, at=0.7)  # the falling end hits the floor (see fall())
        rng = random.Random(plan.moment_after)
        plan.dust = [(rng.uniform(-1, 1), rng.uniform(0.3, 1.0), rng.uniform(0.6, 1.2)) for _ in range(9)]
    if plan.lean_before != plan.lean_after:
        plan.lean = tl.add(LEAN_SECONDS, after=after_glide, delay=0.04, ease=ease_in_out)
        if plan.level is not None:  # with the tilt, until the board has come level again
            plan.lean.duration = max(0.0, plan.level.end - plan.lean.start)
    return plan
