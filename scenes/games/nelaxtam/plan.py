"""One turn's animation, built from the engine's report, and what it shows at any moment.

The resolution animation replays :class:`~game.nelaxtam.rules.TurnReport` in the rules' own order —
the orders are revealed, troops march, targeted pieces crack and sink, doomed troops fall, cut-off
groups crumble into the sea, then the scores tick — so what the player sees is what the engine
decided, never a second opinion. The invasion is simpler: both armies land (sea troops sail in from
the nearest shore, air troops drop from above), staggered troop by troop.

:class:`Plan` answers "what is on the board at time t" (pieces, troops, orders, score) from the
report alone, without pygame, so the painters and the tests ask the same question the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.nelaxtam import rules as R
from scenes.games.nelaxtam.palette import BLACK, DEAD, PLAYERS, TROOPS, WHITE
from scenes.kit.animation import Timeline, Track, ease_in, ease_in_out, ease_out, ease_out_back, linear

if TYPE_CHECKING:
    from game.match import Turn
    from game.nelaxtam.rules import TurnReport

INVASION, ORDERS = "invasion", "orders"


@dataclass
class Plan:
    """The tracks of one turn (durations at normal speed, scaled by the timeline). ``kind`` is ""
    when nothing is being animated: the board then shows the position at rest."""

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

    @property
    def resolving(self) -> bool:
        """An orders turn with its report: the only kind whose pieces sink and troops march."""
        return self.kind == ORDERS and self.report is not None

    def territory_at(self, t: float) -> tuple[int, int] | None:
        """The pieces on screen at ``t`` (Black's, White's bit sets): before the turn minus those that
        have already sunk or crumbled; None when the plan has no say (nothing animated)."""
        if self.kind == INVASION:
            return self.before.territory  # type: ignore[no-any-return]
        if not self.resolving:
            return None
        assert self.report is not None
        gone = 0
        if self.vanish is not None and self.vanish.done(t):
            for sq in self.report.destroyed:
                gone |= 1 << sq
        for squares, track in self.crumbles:
            if track.done(t):
                for sq in squares:
                    gone |= 1 << sq
        black, white = self.before.territory
        return black & ~gone, white & ~gone

    def troops_at(self, t: float) -> dict[str, tuple[int, ...]] | None:
        """Where each side's troops 1..5 stand at ``t`` (DEAD: none drawn): a marching troop counts on
        its target from half way, a fallen one is gone once its fall is over, an invading one is there
        from the moment its landing starts. None when nothing is animated."""
        if self.resolving:
            assert self.report is not None
            out: dict[str, list[int]] = {p: list(self.before.troops[i]) for i, p in enumerate(PLAYERS)}
            if self.march is not None and self.march.at(t) >= 0.5:
                for m in self.report.moves:
                    out[m.player][m.troop - 1] = m.target
            if self.fall is not None and self.fall.done(t):
                for death in self.report.deaths:
                    out[death.player][death.troop - 1] = DEAD
            return {p: tuple(v) for p, v in out.items()}
        if self.kind == INVASION:
            return {
                p: tuple(
                    sq if self.drops[(p, k + 1)].started(t) else DEAD for k, sq in enumerate(self.moves[p])
                )
                for p in PLAYERS
            }
        return None

    def revealed_orders(self, player: str) -> dict[int, int]:
        """During an orders turn everyone's orders are public: troop -> code of ``player``'s move."""
        move = self.moves.get(player)
        return {t + 1: c for t, c in enumerate(move or ()) if c}

    def score_progress(self, t: float) -> float | None:
        """How far the score step has run (0..1) once it has started: the numbers pop meanwhile."""
        if self.score is not None and self.score.started(t):
            return self.score.raw(t)
        return None

    def score_before(self, t: float) -> dict[str, int] | None:
        """The old score while the resolution has not reached its score step, else None."""
        if self.kind == ORDERS and self.score is not None and not self.score.started(t):
            return self.before.score()  # type: ignore[no-any-return]
        return None


def plan_turn(turn: Turn, tl: Timeline) -> Plan:
    """Turn the engine's report of ``turn`` into tracks on ``tl``, each step after the last."""
    before: Any = turn.before
    after: Any = turn.after
    plan = Plan(before=before, after=after, moves=dict(turn.moves))
    if before.phase == R.PHASE_INVASION:
        plan.kind = INVASION
        for p, player in enumerate(PLAYERS):
            for t in range(TROOPS):
                plan.drops[(player, t + 1)] = tl.add(0.6, delay=0.09 * t + 0.05 * p, ease=ease_out)
                square = plan.moves[player][t]
                by_sea = square >= 0 and before.geo.edge >> square & 1  # the painter sails these in
                tl.cue("land-sea" if by_sea else "land-air", plan.drops[(player, t + 1)], at=0.8)
        last = max(plan.drops.values(), key=lambda track: track.end)
    else:
        report = after.last_report
        if report is None:
            moves = (turn.moves[BLACK], turn.moves[WHITE])
            report = R.resolve(before.geo, before.territory, before.troops, moves)[2]
        plan.kind = ORDERS
        plan.report = report
        plan.reveal = tl.add(0.45, ease=ease_out)
        tl.cue("reveal", plan.reveal)
        last = plan.reveal
        if report.moves:
            plan.march = tl.add(0.55, delay=0.3, after=last, ease=ease_in_out)
            tl.cue("move", plan.march, at=1.0)
            last = plan.march
        if report.destructions:
            plan.crack = tl.add(0.5, delay=0.12 if report.moves else 0.35, after=last, ease=linear)
            plan.vanish = tl.add(0.42, after=plan.crack, ease=ease_in)
            tl.cue("destroy", plan.crack)
            last = plan.vanish
            if report.deaths:
                plan.fall = tl.add(0.6, after=plan.crack, ease=ease_in)
                tl.cue("capture", plan.fall)
                last = plan.fall
        for i, group in enumerate(report.removed_groups):
            track = tl.add(0.7, delay=0.12 + 0.14 * i, after=last, ease=ease_in_out)
            plan.crumbles.append((group.squares, track))
            tl.cue("sink", track)
        if plan.crumbles:
            last = max((track for _, track in plan.crumbles), key=lambda track: track.end)
        plan.score = tl.add(0.45, delay=0.05, after=last, ease=ease_out_back)
        last = plan.score
    tl.add(0.2, after=last)  # a breath before the next prompt
    return plan
