"""Styles of play for Nelaxtam's gauntlet (see :mod:`game.styles`), written from the rules alone.

Nelaxtam is simultaneous: both sides land their five troops in secret, then give secret orders each
turn, and the rules' own :func:`~game.nelaxtam.rules.resolve` decides. Some styles rank each troop's
orders by a simple habit (charge, hunt, hide); the one-ply ones resolve their orders against a guessed
reply and look no further. Every style plays either side, the invasion, and the quiet variant (one
order a turn: the order it likes best).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.bits import squares_of
from game.core import GameState, Move
from game.nelaxtam.rules import (
    NOTHING,
    PHASE_INVASION,
    PLAYERS,
    TROOPS,
    NelaxtamState,
    Orders,
    Placement,
    order_target,
    resolve,
)
from game.styles import Past, Style

MOVE_EAST = (1, 3)
MOVE_WEST = (2, 4)
DESTROY_NORTH, DESTROY_EAST, DESTROY_SOUTH, DESTROY_WEST = 5, 6, 7, 8
TURNED = (0, 4, 3, 2, 1, 7, 8, 5, 6)
"""Each order code turned half-way round (ne ↔ sw, xn ↔ xs ...), for the mirror."""

INVASIONS_WEIGHED = 150
"""Random invasions the careful styles weigh, the way a person tries a few landings in their head."""

OrdersChooser = Callable[[NelaxtamState, str, random.Random, Past], Orders]
Landing = Callable[[NelaxtamState, str, random.Random], Placement]


# -- reading a position ---------------------------------------------------------------------------------
def _side(player: str) -> int:
    return PLAYERS.index(player)


def _rival(player: str) -> str:
    return PLAYERS[1 - _side(player)]


def _distance(n: int, a: int, b: int) -> int:
    """Orthogonal steps between two squares (1: a troop can shoot the other's square)."""
    return abs(a % n - b % n) + abs(a // n - b // n)


def _nearest(n: int, sq: int, others: Sequence[int], none: int = 99) -> int:
    return min((_distance(n, sq, o) for o in others), default=none)


@dataclass(frozen=True)
class _View:
    """What one side sees before giving orders: its troops, the rival's, the rival's pieces."""

    state: NelaxtamState
    side: int
    mine: tuple[int, ...]
    theirs: tuple[int, ...]
    enemy: int

    @classmethod
    def of(cls, state: NelaxtamState, player: str) -> _View:
        p = _side(player)
        return cls(
            state,
            p,
            state.troops[p],
            tuple(sq for sq in state.troops[1 - p] if sq >= 0),
            state.territory[1 - p],
        )

    @property
    def n(self) -> int:
        return self.state.size

    def target(self, troop: int, code: int) -> int:
        return order_target(self.state.geo, self.mine[troop], code)


def _codes(state: NelaxtamState, player: str) -> list[list[int]]:
    """Each troop's legal orders (troops 1..5 at 0..4; a dead troop: nothing only)."""
    return [state.orders_for(player, t + 1) for t in range(TROOPS)]


def _moves_apart(view: _View, joint: Sequence[int]) -> bool:
    """No two troops move to one square (the one rule on a whole order)."""
    seen: set[int] = set()
    for t, code in enumerate(joint):
        if 1 <= code <= 4:
            target = view.target(t, code)
            if target in seen:
                return False
            seen.add(target)
    return True


def _obvious(state: NelaxtamState, player: str) -> Orders:
    """The obvious orders a side can be expected to give: every troop shoots an enemy troop beside
    it, else destroys some enemy piece beside it, else does nothing (quiet: the first such order)."""
    view = _View.of(state, player)
    joint = [NOTHING] * TROOPS
    for t, codes in enumerate(_codes(state, player)):
        shots = [c for c in codes if c >= DESTROY_NORTH]
        kills = [c for c in shots if view.target(t, c) in view.theirs]
        joint[t] = kills[0] if kills else shots[0] if shots else NOTHING
    if state.quiet:
        kills = [t for t, c in enumerate(joint) if c and view.target(t, c) in view.theirs]
        given = kills or [t for t, c in enumerate(joint) if c]
        return tuple(joint[t] if given and t == given[0] else NOTHING for t in range(TROOPS))
    return tuple(joint)


# -- invasions ------------------------------------------------------------------------------------------
def _legal_landing(
    state: NelaxtamState, player: str, rng: random.Random, squares: Sequence[int]
) -> Placement:
    move = tuple(squares)
    if len(move) == TROOPS and move in state.legal_moves(player):
        return move
    return state.random_move(player, rng)


def _land_by(key: Callable[[int, int], float]) -> Landing:
    """The ``sea`` edge squares with the best ``key(square, n)``, then the best of the rest."""

    def land(state: NelaxtamState, player: str, rng: random.Random) -> Placement:
        own = squares_of(state.territory[_side(player)])
        n, edge = state.size, state.geo.edge
        ranked = sorted(own, key=lambda sq: (-key(sq, n), rng.random()))
        chosen = [sq for sq in ranked if edge >> sq & 1][: state.sea]
        chosen += [sq for sq in ranked if sq not in chosen][: TROOPS - len(chosen)]
        return _legal_landing(state, player, rng, chosen)

    return land


def _land_spread(state: NelaxtamState, player: str, rng: random.Random) -> Placement:
    """One troop in every part of the island: each lands as far as it can from those already down."""
    own = squares_of(state.territory[_side(player)])
    n, edge = state.size, state.geo.edge
    coast = [sq for sq in own if edge >> sq & 1]
    chosen = [rng.choice(coast)]
    while len(chosen) < TROOPS:
        pool = coast if len(chosen) < state.sea else own
        pool = [sq for sq in pool if sq not in chosen]
        chosen.append(max(pool, key=lambda sq: (_nearest(n, sq, chosen), rng.random())))
    return _legal_landing(state, player, rng, chosen)


def _land_weighed(state: NelaxtamState, player: str, rng: random.Random) -> Placement:
    """Of some random landings, the one best spread out (no two troops close) and nearest the middle."""
    n = state.size
    middle = (n - 1) / 2

    def worth(move: Placement) -> float:
        spread = sum(min(_nearest(n, sq, [o for o in move if o != sq]), 5) for sq in move)
        centre = sum(abs(sq % n - middle) + abs(sq // n - middle) for sq in move)
        return spread - 0.3 * centre

    sample = [state.random_move(player, rng) for _ in range(INVASIONS_WEIGHED)]
    return max(sample, key=lambda m: (worth(m), rng.random()))


def _land_random(state: NelaxtamState, player: str, rng: random.Random) -> Placement:
    return state.random_move(player, rng)


def _west_middle(sq: int, n: int) -> float:
    """The west flank around the middle rank: the rusher's landing."""
    return -3 * (sq % n) - abs(sq // n - (n - 1) / 2)


def _centre(sq: int, n: int) -> float:
    middle = (n - 1) / 2
    return -(abs(sq % n - middle) + abs(sq // n - middle))


# -- orders by habit ------------------------------------------------------------------------------------
Habit = Callable[[_View, int, int], float]
"""How much a style likes giving troop ``t`` (0..4) the order ``code``; nothing is always 0."""


def _by_habit(habit: Habit) -> OrdersChooser:
    """Each troop gets the order its habit likes most (troops with the strongest wish first, so two
    never step onto one square); quiet: only the single order liked most, if it beats nothing."""

    def choose(state: NelaxtamState, player: str, rng: random.Random, _past: Past) -> Orders:
        view = _View.of(state, player)
        ranked: dict[int, list[tuple[float, int]]] = {}
        for t, codes in enumerate(_codes(state, player)):
            if view.mine[t] < 0:
                continue
            ranked[t] = sorted(
                ((0.0 if c == NOTHING else habit(view, t, c)) + 1e-3 * rng.random(), c) for c in codes
            )[::-1]
        joint = [NOTHING] * TROOPS
        if state.quiet:
            wishes = [
                (scored[0], t)
                for t, scored in ranked.items()
                if scored[0][1] != NOTHING and scored[0][0] > 0.001
            ]
            if wishes:
                (_, code), t = max(wishes)
                joint[t] = code
            return tuple(joint)
        taken: set[int] = set()
        for t in sorted(ranked, key=lambda t: -ranked[t][0][0]):
            for _, code in ranked[t]:
                if 1 <= code <= 4:
                    target = view.target(t, code)
                    if target in taken:
                        continue
                    taken.add(target)
                joint[t] = code
                break
        return tuple(joint)

    return choose


def _rusher_habit(view: _View, t: int, code: int) -> float:
    """Sweep east from the west flank: shoot a troop beside it, else destroy what lies ahead (east),
    then beside (north, south), step east when nothing is left, never back."""
    target = view.target(t, code)
    if code >= DESTROY_NORTH:
        if target in view.theirs:
            return 100.0
        return {DESTROY_EAST: 60.0, DESTROY_NORTH: 40.0, DESTROY_SOUTH: 40.0}.get(code, 20.0)
    if code in MOVE_EAST:
        return 10.0 - 0.1 * abs(target // view.n - (view.n - 1) / 2)
    return -1.0


def _hunter_habit(view: _View, t: int, code: int) -> float:
    """Chase the nearest enemy troop and shoot the piece under it; destroy towards it when stuck."""
    sq, target, n = view.mine[t], view.target(t, code), view.n
    if code >= DESTROY_NORTH:
        if target in view.theirs:
            return 100.0
        return 10.0 - 0.5 * min(_nearest(n, target, view.theirs, 0), 18)
    before, after = _nearest(n, sq, view.theirs), _nearest(n, target, view.theirs)
    return 30.0 - after if after < before else -1.0


def _turtle_habit(view: _View, t: int, code: int) -> float:
    """Hide: shoot back only at a troop standing beside it; step away when an enemy troop comes within
    three steps; otherwise stay put and destroy nothing."""
    sq, target, n = view.mine[t], view.target(t, code), view.n
    if code >= DESTROY_NORTH:
        return 100.0 if target in view.theirs else -10.0
    before, after = _nearest(n, sq, view.theirs), _nearest(n, target, view.theirs)
    if before > 3:
        return -1.0
    return 5.0 * (after - before)


# -- one-ply orders ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Weights:
    """How a one-ply style counts a position after the turn: its own and the rival's pieces and troops,
    its troops standing beside an enemy troop (who can shoot them next turn), the enemy pieces its
    troops can reach next turn, and their distance from the nearest enemy piece."""

    own: float = 1.0
    rival: float = 1.0
    own_troop: float = 6.0
    rival_troop: float = 6.0
    exposed: float = 3.0
    reach: float = 0.3
    approach: float = 0.1


CAREFUL = Weights()
HOARDER = Weights(own=1.0, rival=0.2, own_troop=12.0, rival_troop=2.0, exposed=8.0, reach=0.05, approach=0.0)


def _distances(state: NelaxtamState, pieces: int) -> list[int]:
    """Orthogonal steps from every square to the nearest of ``pieces`` (capped at 8)."""
    geo = state.geo
    out = [8] * (state.size * state.size)
    layer, seen = pieces, pieces
    for step in range(8):
        for sq in squares_of(layer):
            out[sq] = step
        layer = geo.spread_orth(layer) & ~seen
        seen |= layer
        if not layer:
            break
    return out


Replies = Callable[[NelaxtamState, str, Past], list[Orders]]


def _one_ply(weights: Weights, replies: Replies) -> OrdersChooser:
    """The orders whose worst result over the guessed ``replies`` the ``weights`` like most, found a
    troop at a time (two passes over the troops, each changing one troop's order while it helps);
    quiet: the best single order or none."""

    def choose(state: NelaxtamState, player: str, rng: random.Random, past: Past) -> Orders:
        view = _View.of(state, player)
        p, geo = view.side, state.geo
        guesses = replies(state, player, past)
        far = _distances(state, view.enemy)

        def value(joint: Orders) -> float:
            worst = float("inf")
            for reply in guesses:
                orders = (joint, reply) if p == 0 else (reply, joint)
                territory, troops, _ = resolve(geo, state.territory, state.troops, orders, report=False)
                mine = [sq for sq in troops[p] if sq >= 0]
                theirs = {sq for sq in troops[1 - p] if sq >= 0}
                exposed = sum(1 for sq in mine if any(o in theirs for o in geo.orth[sq]))
                reach = (geo.spread_orth(sum(1 << sq for sq in mine)) & territory[1 - p]).bit_count()
                worth = (
                    weights.own * territory[p].bit_count()
                    - weights.rival * territory[1 - p].bit_count()
                    + weights.own_troop * len(mine)
                    - weights.rival_troop * len(theirs)
                    - weights.exposed * exposed
                    + weights.reach * reach
                    - weights.approach * sum(far[sq] for sq in mine)
                )
                worst = min(worst, worth)
            return worst + 1e-6 * rng.random()

        codes = _codes(state, player)
        still: Orders = (NOTHING,) * TROOPS
        if state.quiet:
            options = [still] + [
                tuple(c if i == t else NOTHING for i in range(TROOPS))
                for t in range(TROOPS)
                for c in codes[t]
                if c != NOTHING
            ]
            return max(options, key=value)
        joint, best = list(still), value(still)
        for _sweep in range(2):
            changed = False
            for t in rng.sample(range(TROOPS), TROOPS):
                for code in codes[t]:
                    if code == joint[t]:
                        continue
                    trial = [*joint[:t], code, *joint[t + 1 :]]
                    if not _moves_apart(view, trial):
                        continue
                    worth = value(tuple(trial))
                    if worth > best:
                        joint, best, changed = trial, worth, True
            if not changed:
                break
        return tuple(joint)

    return choose


def _still_or_obvious(state: NelaxtamState, player: str, _past: Past) -> list[Orders]:
    """The careful guess: the rival stands still, or gives the obvious orders; the worse counts."""
    return [(NOTHING,) * TROOPS, _obvious(state, _rival(player))]


def _last_orders(state: NelaxtamState, player: str) -> Orders | None:
    """``player``'s orders in the last order turn, from the turns the state remembers."""
    if not state.recent:
        return None
    *_, black, white = state.recent[-1]
    return black if _side(player) == 0 else white


def _predicted(state: NelaxtamState, player: str, _past: Past) -> list[Orders]:
    """The reader's guess: each rival troop repeats its last order (a step the same way, a shot the
    same way) when it still can; else the obvious order; before any order turn, the obvious ones."""
    rival = _rival(player)
    obvious = _obvious(state, rival)
    last = _last_orders(state, rival)
    if last is None:
        return [obvious]
    codes = _codes(state, rival)
    guess = tuple(c if c != NOTHING and c in codes[t] else obvious[t] for t, c in enumerate(last))
    if state.quiet and sum(1 for c in guess if c) > 1:
        guess = obvious
    return [guess]


# -- orders by copying or chance -------------------------------------------------------------------------
def _mirror(state: NelaxtamState, player: str, rng: random.Random, past: Past) -> Orders:
    """Troop by troop, the order the rival's troop of the same number gave last turn (turned half-way
    round if the same way is not open); a random order to begin."""
    last = _last_orders(state, _rival(player))
    if last is None:
        return _random(state, player, rng, past)
    view = _View.of(state, player)
    codes = _codes(state, player)
    joint = [NOTHING] * TROOPS
    for t, code in enumerate(last):
        for c in (code, TURNED[code]):
            if c in codes[t] and _moves_apart(view, [*joint[:t], c]):
                joint[t] = c
                break
    if state.quiet and sum(1 for c in joint if c) > 1:
        first = next(t for t, c in enumerate(joint) if c)
        joint = [c if t == first else NOTHING for t, c in enumerate(joint)]
    return tuple(joint)


def _random(state: NelaxtamState, player: str, rng: random.Random, _past: Past) -> Orders:
    """Any legal orders, each destroy four times likelier than a step or nothing."""
    view = _View.of(state, player)
    codes = _codes(state, player)
    if state.quiet:
        pairs = [(t, c) for t in range(TROOPS) for c in codes[t]]
        t, c = rng.choices(pairs, weights=[4.0 if c >= DESTROY_NORTH else 1.0 for _, c in pairs])[0]
        return tuple(c if i == t else NOTHING for i in range(TROOPS))
    joint: list[int] = []
    for t in range(TROOPS):
        options = [c for c in codes[t] if _moves_apart(view, [*joint, c])]
        joint.append(rng.choices(options, weights=[4.0 if c >= DESTROY_NORTH else 1.0 for c in options])[0])
    return tuple(joint)


# -- the styles -----------------------------------------------------------------------------------------
def _style(name: str, line: str, land: Landing, orders: OrdersChooser) -> Style:
    def choose(state: GameState, player: str, rng: random.Random, past: Past = ()) -> Move:
        assert isinstance(state, NelaxtamState)
        if state.phase == PHASE_INVASION:
            return land(state, player, rng)
        return orders(state, player, rng, past)

    return Style(name, line, choose)


def styles() -> tuple[Style, ...]:
    """Nelaxtam's gauntlet."""
    return (
        _style(
            "rusher",
            "lands all five on the west flank and sweeps east, destroying ahead, then beside",
            _land_by(_west_middle),
            _by_habit(_rusher_habit),
        ),
        _style(
            "hunter",
            "lands in the middle and chases the nearest enemy troop to shoot the piece under it",
            _land_by(_centre),
            _by_habit(_hunter_habit),
        ),
        _style(
            "turtle",
            "spreads out and hides: steps away from enemy troops, shoots only one beside it",
            _land_spread,
            _by_habit(_turtle_habit),
        ),
        _style(
            "careful",
            "one move ahead on the piece and troop count, against a still or an obvious reply",
            _land_weighed,
            _one_ply(CAREFUL, _still_or_obvious),
        ),
        _style(
            "hoarder",
            "keeps its pieces and troops: one move ahead, never beside an enemy troop",
            _land_spread,
            _one_ply(HOARDER, _still_or_obvious),
        ),
        _style(
            "mirror",
            "gives each troop the order the rival's troop of its number gave last turn",
            _land_by(_centre),
            _mirror,
        ),
        _style(
            "random",
            "any legal orders, destroying four times likelier than stepping; lands anywhere",
            _land_random,
            _random,
        ),
        _style(
            "reader",
            "expects each enemy troop to repeat its last order and answers that, one move ahead",
            _land_weighed,
            _one_ply(CAREFUL, _predicted),
        ),
    )
