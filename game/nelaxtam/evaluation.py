"""How Nelaxtam's search values a position: the evaluation and its weights.

Split from :mod:`game.nelaxtam.ai` (the orders search), which evaluates every pair of candidate
joint orders with :func:`evaluate` after resolving it by the rules. The value is from one player's
side, in territory pieces: territory, troops, troops standing next to an enemy troop (the
double-destruction danger, weighted by the groups only that troop holds), enemy pieces within
reach, troops with nothing to destroy, the straight-cut threat and the hanging parts
(:mod:`game.nelaxtam.threats`), and the calm cap (:func:`clock_value`). :class:`Terms` holds the
terms that differ between normal and hard.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.nelaxtam.rules import CALM_LIMIT, TURN_LIMIT, Geometry, bits_of
from game.nelaxtam.threats import army_worth, cut_threat, frontier_distance, hang_loss, sole_loss, troop_mask

WIN = 1000.0
"""Bonus for a position where the game has ended won; heuristic values stay far below it."""

TROOP_VALUE = 7.0
"""A living troop, in territory pieces: five destroyed pieces a turn at most, shared among five."""

DANGER = 0.45
"""Share of a threatened troop's value (plus the groups only it holds) counted as lost."""

REACH = 0.12
"""Per enemy piece orthogonally next to a troop: options to destroy next turn."""

IDLE = 0.4
"""Penalty per troop with nothing to destroy from where it stands, per step it is away from it."""

CUT_WEIGHT = 0.8
"""Weight of the largest straight-cut threat against a player's territory."""

HANG = 0.4
"""Share of the pieces an enemy troop could cut off next turn (its best single destruction, see
:func:`hang_loss`) counted as lost: the owner can still parry by moving a troop into the part."""

CLOCK_STAKE = 30.0
"""What a territory lead is worth, at most, when the calm cap is one turn away (normal and hard).

The game also ends after :data:`CALM_LIMIT` turns in a row without a destroyed piece, and then
only territory counts. An evaluation blind to that clock lets a side that is behind sit still
while the cap hands the game to the side ahead (the greedy bot won that way against an earlier
hard). So the lead is worth more the nearer the cap: ``CLOCK_STAKE · max(0, 1 - (CALM_LIMIT -
calm) / CLOCK_WINDOW) · tanh(lead / CLOCK_SCALE)``. A destroyed piece resets the count and the
term with it, so the side behind gains by forcing contact and the side ahead by keeping the turn
quiet. The turns the side behind needs to bring a troop next to an enemy piece count as calm
turns already gone: a hard that was behind once let its troops wander until the cap was nearer
than the front."""

CLOCK_WINDOW = 5
"""Calm turns before the cap at which the clock starts to count (linearly up to the whole stake).

Earlier the lead gained ``(calm / CALM_LIMIT)²`` of the stake from the first calm turn on; a side
ahead then stopped destroying halfway to the cap to keep its clock value, while an opponent that
kept destroying reset the count anyway and caught up piece by piece. Only a cap that is near, or
that the side behind cannot reach in time, is worth playing for."""

CLOCK_SCALE = 3.0
"""Territory lead (pieces) at which the clock term is about three quarters of its stake."""


@dataclass(frozen=True)
class Terms:
    """The evaluation terms that differ between normal and hard (the rest follow ``full``): the
    share of the hanging parts counted as lost (normal: none, it sees a cut only when it is made or
    lies along a straight line), and whether two enemy troops' joint cut counts (hard,
    :func:`game.nelaxtam.threats.pair_hang`)."""

    hang: float = HANG
    pairs: bool = False
    bounded: bool = False


DEFAULT_TERMS = Terms()


def final_value(diff: int) -> float:
    """A finished game by its territory margin: the win dominates, the margin breaks ties."""
    return diff + (WIN if diff > 0 else -WIN if diff < 0 else 0.0)


def clock_value(diff: int, calm: int) -> float:
    """The calm cap's share of the value for the side ``diff`` pieces ahead (see :data:`CLOCK_STAKE`)."""
    pressure = max(0.0, 1.0 - (CALM_LIMIT - calm) / CLOCK_WINDOW)
    return CLOCK_STAKE * pressure * math.tanh(diff / CLOCK_SCALE)


def evaluate(
    geo: Geometry,
    territory: tuple[int, int],
    troops: Sequence[Sequence[int]],
    p: int,
    full: bool = True,
    calm: int | None = None,
    turn: int = 0,
    terms: Terms | None = None,
) -> float:
    """The position after a turn's clean-up, from player ``p``'s side (higher is better for p).

    With ``calm`` (the count of turns in a row without a destroyed piece *after* this turn) the
    evaluation plays the clock: a position where the calm cap or the turn limit has been reached
    is final, and near the cap the territory lead weighs more (:func:`clock_value`), counting the
    turns the side behind needs to walk a troop to the front as calm turns already gone. Without
    it the caps are invisible, as they are to easy."""
    terms = terms or DEFAULT_TERMS
    q = 1 - p
    mine, theirs = territory[p].bit_count(), territory[q].bit_count()
    if not geo.spread_orth(territory[0]) & territory[1]:
        return final_value(mine - theirs)
    if calm is not None and (calm >= CALM_LIMIT or turn >= TURN_LIMIT):
        return final_value(mine - theirs)
    value = float(mine - theirs)
    masks = (troop_mask(troops[0]), troop_mask(troops[1]))
    # Per side: calm turns before one of its troops can destroy (0: one stands at the front).
    soonest = [CALM_LIMIT, CALM_LIMIT] if full else [0, 0]
    if terms.bounded:
        value += army_worth(geo, territory[p], troops[p], territory[q], TROOP_VALUE) - army_worth(
            geo, territory[q], troops[q], territory[p], TROOP_VALUE
        )
    else:
        value += TROOP_VALUE * (masks[p].bit_count() - masks[q].bit_count())
    for side, sign in ((p, 1.0), (q, -1.0)):
        other = 1 - side
        threatened = geo.spread_orth(masks[other]) & masks[side]
        for sq in bits_of(threatened):
            loss = TROOP_VALUE + sole_loss(geo, territory[side], troops[side], sq)
            value -= sign * DANGER * loss
        for sq in troops[side]:
            if sq >= 0:
                reach = (geo.spread_orth(1 << sq) & territory[other]).bit_count()
                value += sign * REACH * reach
                if reach:
                    soonest[side] = 0
                elif full:
                    # A stranded troop (-1) is not pushed anywhere: it has no way to the front, and
                    # penalising it would stop a troop from taking its own last target.
                    steps = frontier_distance(geo, territory[side], territory[other], sq)
                    if steps >= 0:
                        value -= sign * IDLE * (1 + steps)
                        soonest[side] = min(soonest[side], steps)
        if full:
            # The straight cut and the hanging part often name the same pieces: the larger counts,
            # never both (a threat counted twice was worth almost as much as the cut itself, and
            # normal kept threatening instead of cutting).
            threat = CUT_WEIGHT * cut_threat(geo, territory[side], masks[side])
            if terms.hang:
                lost = hang_loss(geo, territory[side], masks[side], troops[other], terms.pairs)
                threat = max(threat, terms.hang * lost)
            value -= sign * threat
    diff = mine - theirs
    if calm is not None and diff:
        # The side behind must destroy before the cap; its troops' walk to the front counts as calm
        # turns already spent, so the lead is safe sooner when they are far (or stranded).
        behind = p if diff < 0 else q
        value += clock_value(diff, min(CALM_LIMIT, calm + soonest[behind]))
    return value
