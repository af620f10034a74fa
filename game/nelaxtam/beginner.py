"""Nelaxtam's easy level: a beginner who gives every troop a sensible order of its own.

Split from :mod:`game.nelaxtam.ai` because it is a different kind of player, not a smaller search:
no matrix game, no joint look-ahead, no clock. A beginner looks at one troop at a time and asks
what that troop can do *now*: destroy an enemy piece next to it (above all one under an enemy
troop), or walk toward the enemy. Its mistakes are the ones people make when they start:

- it **overlooks** destructions now and then (each troop misses what it could destroy
  :data:`OVERLOOK` of the time and walks or waits instead);
- it **misjudges cuts**: it sees only part of the pieces a destruction would cut off from every
  enemy troop (:data:`CUT_SEEN`), so a big cut looks little better than any other piece;
- it **does not see danger**: a troop stands next to an enemy troop, or walks next to one, as if
  nothing could happen to it (it does see a kill of its own), and it never weighs what a part of
  its territory that no troop holds could lose;
- it does not know the calm clock (20 turns without a destroyed piece end the game).

What it does is always sensible: a troop next to enemy pieces destroys one, a troop away from the
front walks toward it, and each troop's order is drawn from a sharp softmax over these scores, so
the best-looking order is the usual one and a plainly bad one is never played.
"""

from __future__ import annotations

import math
import random

from game.nelaxtam.rules import NOTHING, TROOPS, NelaxtamState, Orders, order_target

OVERLOOK = 0.3
"""Chance that a troop does not see the pieces it could destroy this turn."""

CUT_SEEN = 0.25
"""Share of the pieces a destruction would cut off that the beginner counts."""

KILL = 6.0
"""What destroying the piece under an enemy troop is worth to the beginner (a plain piece is 1)."""

TEMP = 0.35
"""Softmax temperature over a troop's scores: low, so the best-looking order is the usual one."""


def beginner_scores(
    state: NelaxtamState, p: int, rng: random.Random, overlook: float = OVERLOOK
) -> list[list[tuple[int, float]]]:
    """Every troop's legal orders with the beginner's score (a troop that overlooks its targets
    this turn has only its moves and nothing)."""
    geo = state.geo
    q = 1 - p
    player = state.players[p]
    enemy = state.territory[q]
    enemy_troops = {sq for sq in state.troops[q] if sq >= 0}
    seeds = sum(1 << sq for sq in enemy_troops)
    out: list[list[tuple[int, float]]] = []
    for t, sq in enumerate(state.troops[p]):
        if sq < 0:
            out.append([(NOTHING, 0.0)])
            continue
        blind = rng.random() < overlook
        at_front = bool(geo.spread_orth(1 << sq) & enemy)
        scored: list[tuple[int, float]] = []
        for code in state.orders_for(player, t + 1):
            target = order_target(geo, sq, code)
            if code == NOTHING:
                scored.append((code, -0.5))
            elif code >= 5:
                if blind:
                    continue
                rest = enemy & ~(1 << target)
                cut = rest.bit_count() - geo.flood(seeds & ~(1 << target), rest).bit_count()
                scored.append((code, 1.0 + CUT_SEEN * cut + (KILL if target in enemy_troops else 0.0)))
            else:
                reach = (geo.spread_orth(1 << target) & enemy).bit_count()
                score = 0.15 * reach
                if not at_front:
                    score += 0.8 if reach else 0.2
                scored.append((code, score))
        out.append(scored)
    return out


def _pick(options: list[tuple[int, float]], temp: float, rng: random.Random) -> list[int]:
    """The troop's orders in the order the beginner would try them: one drawn from the softmax
    first, then the rest best first (used when the drawn move collides with another troop's)."""
    top = max(s for _, s in options)
    weights = [math.exp((s - top) / temp) for _, s in options]
    first = rng.choices([c for c, _ in options], weights)[0]
    rest = [c for c, _ in sorted(options, key=lambda o: -o[1]) if c != first]
    return [first, *rest]


def beginner_orders(
    state: NelaxtamState, p: int, rng: random.Random, overlook: float = OVERLOOK, temp: float = TEMP
) -> Orders:
    """The beginner's joint order: each troop its drawn order, the troops with the best-looking
    orders first; a troop whose move would land where another already goes takes its next one.
    In the quiet variant, the single best-looking order (or none)."""
    scores = beginner_scores(state, p, rng, overlook)
    if state.quiet:
        best = max(
            ((s, t, c) for t, opts in enumerate(scores) for c, s in opts if c != NOTHING), default=None
        )
        if best is None or best[0] <= 0:
            return (NOTHING,) * TROOPS
        return tuple(best[2] if i == best[1] else NOTHING for i in range(TROOPS))
    order = sorted(range(TROOPS), key=lambda t: -max(s for _, s in scores[t]))
    joint = [NOTHING] * TROOPS
    landed: set[int] = set()
    for t in order:
        for code in _pick(scores[t], temp, rng):
            if lands_free(state, p, t, code, landed):
                joint[t] = code
                break
    return tuple(joint)


def lands_free(state: NelaxtamState, p: int, t: int, code: int, landed: set[int]) -> bool:
    """Whether troop ``t``'s order ``code`` can join a joint order whose moves already go to
    ``landed`` (two own troops may not move to one square); a move that can is added to it.
    Builders of a joint order troop by troop (the beginner, the greedy candidate) share this."""
    if 1 <= code <= 4:
        target = order_target(state.geo, state.troops[p][t], code)
        if target in landed:
            return False
        landed.add(target)
    return True
