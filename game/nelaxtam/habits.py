"""Noticing a Nelaxtam opponent who always gives the obvious orders.

An equilibrium only guarantees the game's value; it does not punish a predictable player. A
beginner who gives every troop the order that looks best (the greedy bot plays exactly so) can be
read: its troops' next steps are known, so a troop can shoot the square an enemy troop is about to
step onto, and step aside from a shot it knows is coming. These helpers look back over the turns a
state remembers (``NelaxtamState.recent``) and say whether the opponent's orders were all the
obvious ones; the search (:mod:`game.nelaxtam.ai`) decides what to do about it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.nelaxtam.rules import PHASE_ORDERS, NelaxtamState, Orders, PastTurn

EVIDENCE = 1e-4
"""How unlikely the opponent's remembered orders must have been for a player who does not give the
obvious ones: the product, over the troops that had a choice, of the chance that an order drawn at
random is one of the troop's best. A troop whose orders all score alike gives no evidence; one
with a single best order among nine gives much."""

MISSES = 1
"""Troop orders over the remembered turns that may differ from the obvious one (a troop whose best
step collided with another's takes its next best)."""


def past_state(state: NelaxtamState, past: PastTurn) -> NelaxtamState:
    """The position a remembered turn was played from."""
    territory, troops, calm, turn, _, _ = past
    return state.with_changes(territory=territory, troops=troops, phase=PHASE_ORDERS, turn=turn, calm=calm)


def past_orders(past: PastTurn, q: int) -> Orders:
    """Player ``q``'s orders in a remembered turn (Black's are at 4, White's at 5)."""
    return past[4] if q == 0 else past[5]


def obvious_count(scored: Sequence[Sequence[tuple[int, float]]], orders: Orders) -> tuple[int, float]:
    """How one turn's troop orders compare with each troop's best by ``scored`` (each troop's
    orders with their quick scores): the orders that were not among the best, and the chance that
    random orders would have been among the best as often (troops with a single order, or whose
    orders all score alike, do not count)."""
    misses, chance = 0, 1.0
    for options, given in zip(scored, orders, strict=True):
        top = max(score for _, score in options)
        best = {code for code, score in options if score >= top - 1e-9}
        if len(best) == len(options):
            continue
        if given in best:
            chance *= len(best) / len(options)
        else:
            misses += 1
    return misses, chance


Scorer = Callable[[NelaxtamState, int], Sequence[Sequence[tuple[int, float]]]]


def gives_obvious_orders(state: NelaxtamState, q: int, scores: Scorer) -> bool:
    """Whether player ``q``'s remembered orders were all (but :data:`MISSES`) among each troop's
    best, when that would have been unlikely by chance (:data:`EVIDENCE`). ``scores(state, q)``
    gives each troop's orders with their quick scores (:func:`game.nelaxtam.ai.troop_scores`)."""
    if len(state.recent) < 2 or state.quiet:
        return False
    misses, chance = 0, 1.0
    for past in state.recent:
        m, c = obvious_count(scores(past_state(state, past), q), past_orders(past, q))
        misses, chance = misses + m, chance * c
    return misses <= MISSES and chance <= EVIDENCE
