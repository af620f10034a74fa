"""Nelaxtam's greedy beginner (:mod:`game.greedy`): every troop its own best order.

By the game's quick per-troop score (destroy what cuts off most, kill a troop standing on a target,
else close in), with clashes between two of its own troops settled in favour of the better order.
Found through ``GameInfo.greedy``.
"""

from __future__ import annotations

import random

from game.core import GameState, Move
from game.greedy import TIE_JITTER, best_by_score
from game.nelaxtam.ai import placement_score, troop_scores
from game.nelaxtam.rules import NOTHING, PHASE_INVASION, TROOPS, NelaxtamState


def nelaxtam_move(state: GameState, player: str, rng: random.Random) -> Move:
    """Invasion: the best spread of a few random landings. Orders: each troop its own best order
    by the game's quick per-troop score (one order in all in the quiet variant)."""
    assert isinstance(state, NelaxtamState)
    if state.phase == PHASE_INVASION:
        landings = [state.random_move(player, rng) for _ in range(12)]
        return best_by_score(landings, lambda m: placement_score(state, m), rng)
    p = state.index_of(player)
    scores = troop_scores(state, p)
    ranked = [
        (score + rng.uniform(0, TIE_JITTER), t, code)
        for t, options in enumerate(scores)
        for code, score in options
    ]
    ranked.sort(reverse=True)
    if state.quiet:
        joint = [NOTHING] * TROOPS
        for score, t, code in ranked:
            if code != NOTHING:
                nothing = next(s for c, s in scores[t] if c == NOTHING)
                if score > nothing:
                    joint[t] = code
                break
        return tuple(joint)
    # Best orders first; a troop whose best move lands where an own troop already goes takes its
    # next best order. A troop's own orders are each legal, and only a shared landing square can
    # make the whole illegal, which the check against ``state`` rules out.
    joint_codes: list[int | None] = [None] * TROOPS
    for _, t, code in ranked:
        if joint_codes[t] is not None:
            continue
        trial = tuple(NOTHING if c is None else c for c in joint_codes)
        trial = (*trial[:t], code, *trial[t + 1 :])
        if state.why_illegal(player, trial) is None:
            joint_codes[t] = code
    return tuple(NOTHING if c is None else c for c in joint_codes)
