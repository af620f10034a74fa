"""The coach's look at Nelaxtam orders before they are sealed (issue #32, item 6).

Both sides' orders are revealed at once, so there is no reply to wait for: the orders are judged
against what the opponent is likely to order, found the way the hint's "expected outcome" finds it
(:func:`game.nelaxtam.explain.likely_replies`): the opponent's candidate orders (their obvious ones
first) in a small matrix game against ours, each pair resolved by the rules and valued by the
computer's evaluation, regret matching for their mixture. The player's own orders are among our
candidates, so the mixture answers them too. :mod:`game.coach` does the sums and compares with the
best of hard's orders (the ones a later analysis compares with) and our likeliest candidates; this
module gives it the mixtures (:func:`likely`) and says what the orders leave open (:func:`leaves`):
a troop the likely orders destroy, or the pieces they take, against what the better orders keep.

Only the orders of the play are judged: the landing is a placement before anything can be
destroyed, and its worth shows only turns later.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.core import GameState, Move
from game.matrix import regret_matching
from game.nelaxtam.ai import candidates, evaluate
from game.nelaxtam.board import PHASE_ORDERS, Orders, resolve
from game.nelaxtam.explain import OURS, ROUNDS, THEIRS
from game.nelaxtam.rules import NelaxtamState
from game.nelaxtam.words import troops

SUBJECT = "Those orders"
"""What the coach's sentence calls the order it judges ("Those orders give away about …")."""
OWN_CANDIDATES = 3
"""Our likeliest candidate orders compared with the player's, besides hard's."""
SUPPORT = 1e-6
"""Opponent orders less likely than this are left out of the sums."""
DIES_MORE = 0.25
"""A troop is named when it dies at least this much more often with the player's orders than with
the better ones."""
PIECES_MORE = 2.0
"""Pieces of the player's lost on average, beyond what the better orders lose, worth naming."""


def judged(state: GameState) -> bool:
    """Whether the coach looks at an order here: the orders of the play, in a game still going."""
    return isinstance(state, NelaxtamState) and state.phase == PHASE_ORDERS and not state.over


def likely(
    state: GameState, player: str, move: Move, rng: random.Random
) -> tuple[list[Move], list[Move], list[float]]:
    """(our other strong orders to compare with, the opponent's likely orders, their weights)."""
    assert isinstance(state, NelaxtamState) and isinstance(move, tuple)
    p = state.index_of(player)
    q = 1 - p
    rows: list[Orders] = [move, *[r for r in candidates(state, p, OURS, 1.0, rng, True) if r != move]]
    cols = candidates(state, q, THEIRS, 1.0, rng, True)
    matrix = []
    for mine in rows:
        line = []
        for theirs in cols:
            orders = (mine, theirs) if p == 0 else (theirs, mine)
            territory, army, _ = resolve(state.geo, state.territory, state.troops, orders, report=False)
            line.append(evaluate(state.geo, territory, army, p))
        matrix.append(line)
    x, y = regret_matching(matrix, ROUNDS)
    ranked = sorted(range(1, len(rows)), key=lambda i: -x[i])[:OWN_CANDIDATES]
    support = [(c, w) for c, w in zip(cols, y, strict=True) if w > SUPPORT]
    return [rows[i] for i in ranked], [c for c, _ in support], [w for _, w in support]


@dataclass(frozen=True)
class Losses:
    """What the player's orders lose on average against the likely orders: how often each troop
    (1 to 5) dies, and the pieces of their territory destroyed or cut off."""

    dies: dict[int, float]
    pieces: float


def losses(
    state: NelaxtamState, player: str, orders: Orders, theirs: Sequence[Move], weights: Sequence[float]
) -> Losses:
    p = state.index_of(player)
    total = sum(weights) or 1.0
    alive = [t for t, sq in enumerate(state.troops[p], start=1) if sq >= 0]
    dies = dict.fromkeys(alive, 0.0)
    pieces = 0.0
    for other, w in zip(theirs, weights, strict=True):
        assert isinstance(other, tuple)
        joint = (orders, other) if p == 0 else (other, orders)
        territory, army, _ = resolve(state.geo, state.territory, state.troops, joint, report=False)
        for t in alive:
            if army[p][t - 1] < 0:
                dies[t] += w / total
        pieces += w / total * (state.territory[p].bit_count() - territory[p].bit_count())
    return Losses(dies, pieces)


def often(p: float) -> str:
    """How often, as players say it."""
    return "every time" if p >= 0.995 else f"about {max(1, round(p * 100))}% of the time"


def leaves(
    state: GameState, player: str, move: Move, better: Move, theirs: Sequence[Move], weights: Sequence[float]
) -> str | None:
    """What the orders leave open, in one clause: the troop that dies much more often than with the
    better orders (where it stands now), else the pieces lost beyond the better orders' losses.
    Never a word of the opponent's real orders: only their likely ones, from the public position."""
    assert isinstance(state, NelaxtamState) and isinstance(move, tuple) and isinstance(better, tuple)
    mine = losses(state, player, move, theirs, weights)
    best = losses(state, player, better, theirs, weights)
    worse = [(t, p - best.dies.get(t, 0.0)) for t, p in mine.dies.items()]
    worse = [(t, more) for t, more in worse if more >= DIES_MORE]
    if worse:
        troop, _ = max(worse, key=lambda tm: tm[1])
        square = state.geo.name(state.troops[state.index_of(player)][troop - 1])
        return f"{troops([troop])} on {square} is lost {often(mine.dies[troop])}"
    if mine.pieces - best.pieces >= PIECES_MORE:
        lose, keep = round(mine.pieces), round(best.pieces)
        return f"you lose about {lose} pieces to their likely orders (better: about {keep})"
    return None
