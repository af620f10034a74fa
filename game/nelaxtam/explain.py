"""Why suggested Nelaxtam orders are good, and what the turn should bring, from the position.

The reason says what the orders aim at: the pieces destroyed (the ones under enemy troops first, since
those kill), the troops that step away from an enemy troop next to them; for the landing, where the
troops come ashore.

The expected outcome plays the hinted orders against the opponent's likely orders, found the way the
computer finds them (:mod:`game.nelaxtam.ai`): their candidate orders (their obvious ones first) in a
small matrix game against ours, each pair resolved by the rules and valued by the computer's
evaluation, and regret matching for their mixture. Over that mixture it counts the troops each side
loses and the pieces each destroys, and names a troop of ours at real risk, so a player who follows
the hint knows what it costs before the reveal shows it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core import Move
from game.explaining import Reasons
from game.matrix import regret_matching
from game.nelaxtam.ai import candidates, evaluate
from game.nelaxtam.board import (
    DESTROY_CODES,
    MOVE_CODES,
    NOTHING,
    ORDER_NAMES,
    PHASE_INVASION,
    Orders,
    resolve,
)
from game.nelaxtam.notation import read_orders
from game.nelaxtam.rules import NelaxtamState
from game.nelaxtam.words import TITLE, enemy, troops
from game.phrases import count, joined, number

OURS, THEIRS = 8, 10
"""Candidate orders per side in the expectation's matrix: a few hundred resolutions at most."""
ROUNDS = 300
"""Regret-matching iterations over that matrix."""
AT_RISK = 0.2
"""A troop that dies at least this often against the likely orders is named as at risk."""


def chance(p: float) -> str:
    return "almost surely" if p >= 0.95 else f"about {round(p * 100)}% of the time"


def enemy_next_to(state: NelaxtamState, q: int, sq: int) -> bool:
    """An enemy troop stands orthogonally next to ``sq``: it could destroy the piece on ``sq``."""
    theirs = set(state.troops[q])
    return any(n >= 0 and n in theirs for n in state.geo.orth[sq])


def orders_clauses(state: NelaxtamState, player: str, orders: Orders) -> list[str]:
    """What the orders aim at (see the module's docstring)."""
    p = state.index_of(player)
    q = 1 - p
    name = state.geo.name
    under: list[tuple[int, int]] = []  # (troop, square under an enemy troop)
    plain: list[tuple[int, int]] = []
    away: list[int] = []
    moved: list[tuple[int, int]] = []
    for troop, code in enumerate(orders, start=1):
        if code == NOTHING:
            continue
        target = state.order_target(player, troop, code)
        if target < 0:
            continue
        if code in DESTROY_CODES:
            (under if target in state.troops[q] else plain).append((troop, target))
        elif code in MOVE_CODES:
            here = state.troops[p][troop - 1]
            if enemy_next_to(state, q, here) and not enemy_next_to(state, q, target):
                away.append(troop)
            else:
                moved.append((troop, target))
    said = []
    them = TITLE[enemy(player)]
    if under:
        squares = joined(sorted({name(sq) for _, sq in under}))
        who = [t for t, _ in under]
        said.append(
            f"{troops(who)} {verb(who, 'strikes', 'strike')} the land under {them}'s troops on {squares}"
        )
    if plain:
        squares = joined(sorted({name(sq) for _, sq in plain}))
        who = [t for t, _ in plain]
        said.append(f"{troops(who)} {verb(who, 'destroys', 'destroy')} {them} land on {squares}")
    if away:
        said.append(f"{troops(away)} {verb(away, 'steps', 'step')} away from the {them} troops beside them")
    if moved:
        who = [t for t, _ in moved]
        places = joined([name(sq) for _, sq in moved])
        said.append(f"{troops(who)} {verb(who, 'moves', 'move')} to {places}")
    if not said:
        said.append("every troop holds where it stands")
    return said


def verb(who: Sequence[int], one: str, many: str) -> str:
    return one if len(set(who)) == 1 else many


def likely_replies(
    state: NelaxtamState, p: int, hinted: Orders, rng: random.Random
) -> tuple[list[Orders], list[float]]:
    """The opponent's likely orders and their weights: regret matching over our candidates (the hint
    among them) against theirs, valued by the computer's own evaluation."""
    q = 1 - p
    rows = [hinted, *[r for r in candidates(state, p, OURS, 1.0, rng, True) if r != hinted]]
    cols = candidates(state, q, THEIRS, 1.0, rng, True)
    geo = state.geo
    matrix = []
    for mine in rows:
        line = []
        for theirs in cols:
            orders = (mine, theirs) if p == 0 else (theirs, mine)
            territory, army, _ = resolve(geo, state.territory, state.troops, orders, report=False)
            line.append(evaluate(geo, territory, army, p))
        matrix.append(line)
    _, y = regret_matching(matrix, ROUNDS)
    return cols, y


def expected_clauses(state: NelaxtamState, player: str, orders: Orders, rng: random.Random) -> list[str]:
    """The turn against the opponent's likely orders (see the module's docstring)."""
    p = state.index_of(player)
    q = 1 - p
    cols, weights = likely_replies(state, p, orders, rng)
    total = sum(weights) or 1.0
    alive = [t for t, sq in enumerate(state.troops[p], start=1) if sq >= 0]
    dies = dict.fromkeys(alive, 0.0)
    killed = kill_any = mine_lost = theirs_lost = 0.0
    for theirs, w in zip(cols, weights, strict=True):
        share = w / total
        joint = (orders, theirs) if p == 0 else (theirs, orders)
        territory, army, _ = resolve(state.geo, state.territory, state.troops, joint, report=False)
        for t in alive:
            if army[p][t - 1] < 0:
                dies[t] += share
        dead_theirs = sum(1 for a, b in zip(state.troops[q], army[q], strict=True) if a >= 0 > b)
        killed += share * dead_theirs
        kill_any += share * (dead_theirs > 0)
        mine_lost += share * (state.territory[p].bit_count() - territory[p].bit_count())
        theirs_lost += share * (state.territory[q].bit_count() - territory[q].bit_count())
    said: list[str] = []
    risky = sorted((t for t in alive if dies[t] >= AT_RISK), key=lambda t: -dies[t])
    if not risky:
        said.append(f"you keep all {number(len(alive))} troops" if len(alive) > 1 else "your troop survives")
    else:
        worst = risky[0]
        said.append(f"you may lose {troops(risky)} (troop {worst} dies {chance(dies[worst])})")
    if kill_any >= 0.05:
        said.append(f"you kill one of theirs {chance(kill_any)}")
    lose, destroy = round(mine_lost), round(theirs_lost)
    if not lose and not destroy:
        said.append("no piece is destroyed on either side")
    else:
        took = (
            f"you destroy about {count(destroy, 'piece')} of theirs"
            if destroy
            else "you destroy none of theirs"
        )
        said.append(took + (f" and lose about {number(lose)}" if lose else " and lose none"))
    return said


def landing_clause(state: NelaxtamState, squares: Sequence[int]) -> str:
    """Where the troops land: by sea on the edge, by air inland."""
    name = state.geo.name
    edge = [name(sq) for sq in squares if state.geo.edge >> sq & 1]
    inland = [name(sq) for sq in squares if not state.geo.edge >> sq & 1]
    parts = []
    if edge:
        parts.append(f"{count(len(edge), 'troop')} on the coast ({joined(edge)})")
    if inland:
        parts.append(f"{count(len(inland), 'troop')} inland ({joined(inland)})")
    return "it lands " + " and ".join(parts)


def explain(state: NelaxtamState, player: str, move: Move, rng: random.Random) -> Reasons:
    """The reasons and the expected outcome; see the module's docstring."""
    if not isinstance(move, tuple):
        raise TypeError(f"not a Nelaxtam move: {move!r}")
    if state.phase == PHASE_INVASION:
        return Reasons([landing_clause(state, move)])
    orders: Orders = move
    return Reasons(orders_clauses(state, player, orders), expected_clauses(state, player, orders, rng))


_NELAXTAM_ORDERS: dict[str, tuple[str, str]] = {
    "ne": ("move", " north-east"),
    "nw": ("move", " north-west"),
    "se": ("move", " south-east"),
    "sw": ("move", " south-west"),
    "xn": ("destroy", " to the north"),
    "xe": ("destroy", " to the east"),
    "xs": ("destroy", " to the south"),
    "xw": ("destroy", " to the west"),
    "-": ("hold", ""),
}
"""Each order's verb and where it goes, in the order the sentence lists them (holding last)."""


def suggestion_words(state: NelaxtamState, text: str) -> str:
    """Suggested orders ``text`` in words for the status line (the hint's first line)."""
    parts = [part for part in text.split(",") if part]
    if getattr(state, "phase", "") == "invasion":
        landing = ", ".join(f"troop {n} on {square}" for n, square in enumerate(parts, start=1))
        return f"Suggested landing: {landing}."
    if text == "-":
        return "Suggested: every troop holds."
    troops_by_order: dict[str, list[str]] = {}
    for troop, code in read_orders(text):  # the rules' own reader: NotationError (a ValueError) if bad
        troops_by_order.setdefault(ORDER_NAMES[code], []).append(str(troop))
    orders = []
    for order, (verb, where) in _NELAXTAM_ORDERS.items():
        troops = troops_by_order.get(order)
        if troops:
            many = len(troops) > 1
            names = ", ".join(troops[:-1]) + " and " + troops[-1] if many else troops[0]
            orders.append(f"troop{'s' if many else ''} {names} {verb}{'' if many else 's'}{where}")
    return "Suggested: " + "; ".join(orders) + "."
