"""Nelaxtam's computer player: normal and hard play a mixed strategy over sampled joint orders.

Orders are secret and simultaneous, so a predictable player is exploitable (a troop that always
fires at an adjacent enemy troop can be side-stepped; one that always dodges can be shot where it
lands). Normal and hard therefore compute a *mixed* strategy and sample from it. Easy is a
different kind of player, a beginner who orders each troop on its own
(:mod:`game.nelaxtam.beginner`).

A turn is a zero-sum matrix game between joint orders, and the joint space (up to 9^5 per side) is
far too big, so the search decomposes:

1. **Per-troop candidates.** Every troop's legal orders get a quick heuristic score: a destroyed
   piece, plus the enemy pieces it would cut off from every enemy troop, plus a kill when an enemy
   troop stands on it; a move scores the danger it escapes or walks into and the targets it reaches.
2. **Sampled joint orders.** Both sides' candidate sets are the greedy joint order (every troop its
   best order, as the greedy bot plays) plus joint orders sampled troop by troop from a softmax of
   those scores (collisions dropped), deduplicated.
3. **Look-ahead payoffs.** Each pair (mine, theirs) is resolved with the real rules
   (:func:`game.nelaxtam.rules.resolve`) and evaluated (:mod:`game.nelaxtam.evaluation`): territory,
   troops, troops standing next to an enemy troop (the double-destruction danger, weighted by the
   groups only that troop holds), enemy pieces within reach, troops with nothing to destroy, the
   straight-cut threat and the calm cap (:func:`~game.nelaxtam.evaluation.clock_value`), and for
   hard the parts of a territory that one enemy troop, or two together, could cut off next turn
   (:mod:`game.nelaxtam.threats`).
4. **Regret matching** (:func:`game.matrix.regret_matching`) over the matrix gives both sides'
   mixtures; the move is drawn from ours, in a game where the opponent is expected to give its
   obvious orders part of the time (:func:`expect_obvious`). ``hard`` first improves: single-troop
   changes to the best candidates that pay more against the opponent's mixture join the matrix (for
   both sides).
5. ``hard`` only: it looks a turn further (:func:`look_ahead`): the likeliest joint orders of both
   sides are re-scored by the next turn's small matrix game from the position each pair leads to,
   and the move is drawn from the mixture of that two-turn game.

The invasion is scored, not random: sea troops on edge squares away from the corners, air troops
inland, all spread apart so the army anchors every region of the island (easy scores few landings).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from game import clock
from game.core import GameState, Move
from game.matrix import regret_matching
from game.nelaxtam.beginner import beginner_orders, lands_free
from game.nelaxtam.evaluation import DANGER, HANG, TROOP_VALUE, Terms, final_value
from game.nelaxtam.evaluation import WIN as WIN  # re-exported: the level tests read it
from game.nelaxtam.evaluation import clock_value as clock_value  # re-exported: the level tests read it
from game.nelaxtam.evaluation import evaluate as evaluate  # re-exported: explain.py and the tests use it
from game.nelaxtam.habits import gives_obvious_orders
from game.nelaxtam.invasion import placement_score as placement_score  # re-exported: the greedy bot uses it
from game.nelaxtam.invasion import scored_placement
from game.nelaxtam.plan import plan, state_after
from game.nelaxtam.rules import (
    NOTHING,
    PHASE_INVASION,
    TROOPS,
    NelaxtamState,
    Orders,
    order_target,
    resolve,
)
from game.nelaxtam.threats import sole_loss, troop_mask
from game.search import Limit, as_limit

LEVEL_SETTINGS: dict[str, dict[str, float]] = {
    "easy": {"beginner": 1, "temp": 0.35, "overlook": 0.3, "share": 0.5, "placements": 40},
    "normal": {
        "mine": 8,
        "theirs": 6,
        "rm": 300,
        "share": 0.75,
        "temp": 1.0,
        "improve": 1,
        "noise": 0.0,
        "placements": 300,
        "full": 1,
        "clock": 0,
        "obvious": 0.0,
        "spread": 1,
        "hang": 0.4,
    },
    "hard": {
        "mine": 48,
        "theirs": 32,
        "rm": 400,
        "share": 0.85,
        "temp": 0.9,
        "improve": 1,
        "noise": 0.0,
        "placements": 600,
        "full": 1,
        "clock": 1,
        "deep": 20,
        "static": 0.45,
        "obvious": 0.6,
        "next_obvious": 0.5,
        "spread": 1,
        "pairs": 1,
        "read": 0.85,
        "read_share": 0.9,
        "bounded": 1,
        "plan": 1,
    },
}
"""Per level. Easy (``beginner``): no search, each troop's order drawn from a sharp softmax
(``temp``) over the beginner's scores, destructions overlooked ``overlook`` of the time
(:mod:`game.nelaxtam.beginner`); ``placements`` is its only other figure. Normal and hard:
candidate joint orders for each side, regret-matching iterations, share of the time budget used,
softmax temperature of the troop sampling, whether to improve candidates (hard), chance of a
uniformly random candidate instead of the mixture, invasions scored, whether the evaluation sees
cut threats and idle troops, whether it plays the clock (the calm cap and the turn limit), the
share of the hanging parts counted (``hang``) and whether two enemy troops' joint cut
counts (``pairs``, hard), the share of the time the opponent is expected to give its obvious orders
(``obvious``), and for hard the look-ahead — the level difference in kind between normal and hard:
how many of each side's likeliest joint orders are re-scored by the next turn's matrix game
(``deep``, as many as the budget allows), after a one-turn stage that gets the ``static`` share of
the budget, the next turn's game also expecting the obvious orders ``next_obvious`` of the time.
Normal is a player of the moment: one turn deep, 8 × 6 candidates (improved one troop at a time
while the matrix pays more, as hard's are), blind to the clock and to what two enemy troops could
cut off together, but it sees what one turn can do to a territory — idle troops, straight cuts and
the part one enemy troop's destruction would cut off (``full``, ``hang``). Until 27 November 2026
it was blind to those too, and the gauntlet's one-ply styles beat it: careful scored 90 % against
it, hoarder 80 % (`gauntlet --seed 301`); seeing them, normal scored 75 % and 70 % at 10 games
(`--seed 401`) but 56 % and 58 % over 120 (seeds 9220, 9230); the improvement rounds took that to
71 % and 73 % (the night of 27 November; docs/ai.md). Hard differs from it by depth (two turns, or a plan of
three against a read opponent) and breadth (48 × 32 candidates).
Hard also reads an opponent whose recent orders were all the obvious ones
(:func:`game.nelaxtam.habits.gives_obvious_orders`): ``read`` of the time it then expects them
``read_share`` of the time in both turns and adds its best answer to them (:func:`punish`); with
``plan`` it then plays the best of its candidates over three turns against them
(:mod:`game.nelaxtam.plan`) instead of a mixture.
Hard's troops are worth no more than what their groups can still destroy (``bounded``,
:func:`game.nelaxtam.threats.army_worth`): with every troop at its full worth to the end, hard
spared troops that had little left to do and lost close games on the count to the greedy bot,
which trades them for pieces (7 of 60 in a ladder run)."""

NEXT_MINE, NEXT_THEIRS, NEXT_RM = 6, 6, 60
"""The next turn's small matrix game in hard's look-ahead: candidates a side (the greedy joint
order and softmax samples) and regret-matching iterations. Small on purpose: hard needs dozens of
these inside its budget, and the few best orders of each side carry most of a turn's value."""

PLAN_OPTIONS = 20
"""My candidate orders per position after the first turn of a plan against foreseen orders."""

LAST_STATS: dict[str, float] = {}
"""Figures from the latest decision (candidates, evaluations, rounds): for tests and tuning."""


# -- per-troop candidates -------------------------------------------------------------------------
TroopScores = list[list[tuple[int, float]]]


def troop_scores(state: NelaxtamState, p: int) -> list[list[tuple[int, float]]]:
    """For each troop 1..5 of player ``p``: its legal orders with a quick heuristic score."""
    geo = state.geo
    q = 1 - p
    player = state.players[p]
    own, enemy = state.territory[p], state.territory[q]
    enemy_troops = troop_mask(state.troops[q])
    enemy_seeds = enemy_troops
    out: list[list[tuple[int, float]]] = []
    for t, sq in enumerate(state.troops[p]):
        if sq < 0:
            out.append([(NOTHING, 0.0)])
            continue
        here_danger = bool(geo.spread_orth(enemy_troops) >> sq & 1)
        loss_here = TROOP_VALUE + (sole_loss(geo, own, state.troops[p], sq) if here_danger else 0)
        scored: list[tuple[int, float]] = []
        for code in state.orders_for(player, t + 1):
            target = order_target(geo, sq, code)
            stay_risk = -DANGER * loss_here if here_danger else 0.0
            if code == NOTHING:
                score = stay_risk - 0.5
            elif code >= 5:
                rest = enemy & ~(1 << target)
                cut = rest.bit_count() - geo.flood(enemy_seeds & ~(1 << target), rest).bit_count()
                score = 1.0 + cut + stay_risk
                if enemy_troops >> target & 1:
                    victim = state.troops[q].index(target)
                    score += TROOP_VALUE + sole_loss(geo, enemy, state.troops[q], state.troops[q][victim])
            else:
                danger_there = bool(geo.spread_orth(enemy_troops) >> target & 1)
                reach = (geo.spread_orth(1 << target) & enemy).bit_count()
                score = 0.15 * reach - (DANGER * TROOP_VALUE if danger_there else 0.0)
                if (geo.spread_orth(1 << sq) & enemy) == 0:
                    score += 0.8 if reach else 0.2
            scored.append((code, score))
        out.append(scored)
    return out


def _collides(state: NelaxtamState, p: int, joint: Sequence[int]) -> bool:
    seen: set[int] = set()
    return not all(lands_free(state, p, t, code, seen) for t, code in enumerate(joint))


def _kind(code: int) -> int:
    """0 for nothing, 1 for a move, 2 for a destruction."""
    return 0 if code == NOTHING else 1 if code <= 4 else 2


def _softmax_pick(options: list[tuple[int, float]], temp: float, rng: random.Random) -> int:
    top = max(s for _, s in options)
    weights = [math.exp((s - top) / temp) for _, s in options]
    return rng.choices([c for c, _ in options], weights)[0]


def _greedy_joint(state: NelaxtamState, p: int, scores: TroopScores) -> Orders:
    """Every troop its own best order, the best orders first; a troop whose move lands where an
    own troop already goes takes its next best (as the greedy bot does, so that the column that
    models it is its real order, not a sampled one)."""
    ranked = sorted(((s, t, c) for t, opts in enumerate(scores) for c, s in opts), key=lambda x: -x[0])
    joint: list[int | None] = [None] * TROOPS
    landed: set[int] = set()
    for _, t, code in ranked:
        if joint[t] is None and lands_free(state, p, t, code, landed):
            joint[t] = code
    return tuple(NOTHING if c is None else c for c in joint)


def candidates(
    state: NelaxtamState, p: int, count: int, temp: float, rng: random.Random, spread: bool = False
) -> list[Orders]:
    """Up to ``count`` distinct legal joint orders of player ``p``: greedy first, then sampled.

    With ``spread``, the greedy joint order with one troop changed to its best order of another
    kind (destroy, move, nothing) comes right after it. A troop next to an enemy troop scores the
    kill far above stepping aside, so the softmax never samples the step, and the matrix could not
    see that the double destruction costs more (a group only that troop held) than it wins."""
    scores = troop_scores(state, p)
    out: list[Orders] = []
    seen: set[Orders] = set()

    def add(joint: Orders) -> None:
        if joint not in seen and not _collides(state, p, joint):
            seen.add(joint)
            out.append(joint)

    if state.quiet:
        singles = sorted(
            ((s, t, c) for t, opts in enumerate(scores) for c, s in opts if c != NOTHING), reverse=True
        )
        add((NOTHING,) * TROOPS)
        pool = singles[: max(count * 2, 8)]
        for _, t, c in pool[: count - 1]:
            add(tuple(c if i == t else NOTHING for i in range(TROOPS)))
        return out
    greedy = _greedy_joint(state, p, scores)
    add(greedy)
    if spread:
        for t, opts in enumerate(scores):
            kind = _kind(greedy[t])
            best: dict[int, tuple[float, int]] = {}
            for code, score in opts:
                k = _kind(code)
                if k != kind and score > best.get(k, (-math.inf, 0))[0]:
                    best[k] = (score, code)
            for _, code in sorted(best.values(), reverse=True):
                if len(out) < count:
                    add((*greedy[:t], code, *greedy[t + 1 :]))
    tries = 0
    while len(out) < count and tries < count * 8:
        tries += 1
        add(tuple(_softmax_pick(opts, temp, rng) for opts in scores))
    return out


# -- the matrix game ------------------------------------------------------------------------------
class _Game:
    """The growing matrix of one decision: my rows, their columns, payoffs from my side."""

    def __init__(
        self,
        state: NelaxtamState,
        p: int,
        deadline: float,
        full: bool = True,
        clock: bool = False,
        terms: Terms | None = None,
        cap: float = math.inf,
    ) -> None:
        self.state = state
        self.cap = cap
        """Positions a decision may evaluate (a :class:`~game.search.Limit`'s nodes), the look-ahead's
        included: the matrices stop growing past it."""
        self.terms = terms
        self.full = full
        self.clock = clock
        self.p = p
        self.deadline = deadline
        self.rows: list[Orders] = []
        self.cols: list[Orders] = []
        self.matrix: list[list[float]] = []
        self.evals = 0
        self.cache: dict[tuple[Orders, Orders], float] = {}

    def payoff(self, mine: Orders, theirs: Orders) -> float:
        key = (mine, theirs)
        value = self.cache.get(key)
        if value is None:
            s = self.state
            orders = (mine, theirs) if self.p == 0 else (theirs, mine)
            territory, troops, _ = resolve(s.geo, s.territory, s.troops, orders, report=False)
            if self.clock:
                calm = 0 if tuple(territory) != tuple(s.territory) else s.calm + 1
                value = evaluate(s.geo, territory, troops, self.p, self.full, calm, s.turn + 1, self.terms)
            else:
                value = evaluate(s.geo, territory, troops, self.p, self.full, terms=self.terms)
            self.cache[key] = value
            self.evals += 1
        return value

    def out(self, more: int = 0) -> bool:
        """Past the stage's deadline, or ``more`` evaluations would pass the cap."""
        return self.evals + more > self.cap or clock.now() > self.deadline

    def add_row(self, mine: Orders) -> bool:
        if self.out(len(self.cols)):
            return False
        self.rows.append(mine)
        self.matrix.append([self.payoff(mine, theirs) for theirs in self.cols])
        return True

    def add_col(self, theirs: Orders) -> bool:
        if self.out(len(self.rows)):
            return False
        self.cols.append(theirs)
        for row, mine in zip(self.matrix, self.rows, strict=True):
            row.append(self.payoff(mine, theirs))
        return True


def _climb(
    state: NelaxtamState,
    player: int,
    start: Orders,
    options: TroopScores,
    value: Callable[[Orders], float],
    deadline: float,
    passes: int,
) -> tuple[Orders, float]:
    """Change one troop's order at a time, keeping each change that raises ``value``, for at most
    ``passes`` passes over the troops (fewer once a pass changes nothing) or until ``deadline``.
    Only legal joint orders are tried: no two troops onto one square, one order in the quiet
    variant. Returns the orders reached and their value."""
    current, current_value = start, value(start)
    for _ in range(passes):
        improved = False
        for t in range(TROOPS):
            for code, _ in options[t]:
                if code == current[t] or clock.now() > deadline:
                    continue
                trial = (*current[:t], code, *current[t + 1 :])
                if state.quiet and sum(1 for c in trial if c) > 1:
                    continue
                if _collides(state, player, trial):
                    continue
                v = value(trial)
                if v > current_value + 1e-9:
                    current, current_value, improved = trial, v, True
        if not improved:
            break
    return current, current_value


def _improve(
    game: _Game,
    mine_mix: list[float],
    their_mix: list[float],
    scores_me: TroopScores,
    scores_them: TroopScores,
) -> int:
    """One double-oracle-style round: change one troop's order in each side's best candidate while
    that pays more against the other side's mixture; add what improved. Returns candidates added."""
    added = 0
    state = game.state
    for side in (0, 1):
        mix_other = their_mix if side == 0 else mine_mix
        support = sorted(range(len(mix_other)), key=lambda k: -mix_other[k])[:6]
        support = [k for k in support if mix_other[k] > 0.01] or support[:1]
        weight = sum(mix_other[k] for k in support)
        own_list = game.rows if side == 0 else game.cols
        mix_own = mine_mix if side == 0 else their_mix
        best = own_list[max(range(len(own_list)), key=lambda k: mix_own[k])]
        player = game.p if side == 0 else 1 - game.p

        def value(
            joint: Orders, side: int = side, support: list[int] = support, weight: float = weight
        ) -> float:
            if side == 0:
                return sum(their_mix[k] * game.payoff(joint, game.cols[k]) for k in support) / weight
            return -sum(mine_mix[k] * game.payoff(game.rows[k], joint) for k in support) / weight

        options = scores_me if side == 0 else scores_them
        current, _ = _climb(state, player, best, options, value, game.deadline, passes=1)
        if current != best and current not in own_list:
            ok = game.add_row(current) if side == 0 else game.add_col(current)
            added += ok
    return added


def punish(game: _Game, scores_me: TroopScores) -> bool:
    """Add my best answer to the opponent's obvious orders (column 0) as a row: my candidate that
    does best against them, improved one troop at a time while that pays more. Known orders are
    worth more than a fair guess: a shot at the square an enemy troop steps onto kills it, and a
    troop can step aside from the shot it knows is coming. False if nothing new was added."""
    theirs = game.cols[0]
    start = max(game.rows, key=lambda row: game.payoff(row, theirs))
    current, _ = _climb(
        game.state,
        game.p,
        start,
        scores_me,
        lambda row: game.payoff(row, theirs),
        game.deadline,
        passes=TROOPS * 8,
    )
    return current not in game.rows and game.add_row(current)


def expect_obvious(matrix: list[list[float]], share: float) -> list[list[float]]:
    """The payoffs when the opponent gives its obvious orders (column 0: every troop its own best
    order) ``share`` of the time and plays its best mixture otherwise.

    Regret matching on these payoffs answers a player who does what looks best (a beginner, the
    greedy bot) instead of only surviving every opponent; a strategic opponent costs little, since
    most of the weight still goes to its best mixture."""
    if not share:
        return matrix
    return [[(1.0 - share) * v + share * row[0] for v in row] for row in matrix]


def next_turn_value(
    after: NelaxtamState,
    p: int,
    rng: random.Random,
    full: bool = True,
    obvious: float = 0.0,
    terms: Terms | None = None,
) -> float:
    """Player ``p``'s value of the position ``after``, by the *next* turn's matrix game.

    A static evaluation guesses what the next turn will do to a troop standing next to an enemy
    troop, or to a group hanging on one piece; playing that turn's guessing game out (greedy and a
    few sampled joint orders a side, each pair resolved by the rules and evaluated, regret matching
    over the pairs) sees it. A finished position is worth its final score."""
    geo = after.geo
    if after.over:
        own, other = after.territory[p].bit_count(), after.territory[1 - p].bit_count()
        return final_value(own - other)
    rows = candidates(after, p, NEXT_MINE, 1.0, rng)
    cols = candidates(after, 1 - p, NEXT_THEIRS, 1.0, rng)
    matrix = []
    for mine in rows:
        line = []
        for theirs in cols:
            orders = (mine, theirs) if p == 0 else (theirs, mine)
            territory, troops, _ = resolve(geo, after.territory, after.troops, orders, report=False)
            calm = 0 if tuple(territory) != tuple(after.territory) else after.calm + 1
            line.append(evaluate(geo, territory, troops, p, full, calm, after.turn + 1, terms))
        matrix.append(line)
    matrix = expect_obvious(matrix, obvious)
    x, y = regret_matching(matrix, NEXT_RM)
    return sum(
        xi * yj * value for xi, row in zip(x, matrix, strict=True) for yj, value in zip(y, row, strict=True)
    )


def look_ahead(
    game: _Game,
    mine_mix: list[float],
    their_mix: list[float],
    keep: int,
    rng: random.Random,
    deadline: float,
    obvious: float = 0.0,
    next_obvious: float = 0.0,
) -> tuple[list[Orders], list[float]] | None:
    """Hard's second turn: the ``keep`` likeliest joint orders of each side, every pair re-scored by
    :func:`next_turn_value` of the position it leads to, and regret matching over that deeper
    matrix. The opponent's greedy joint order (the first candidate) always comes first among its
    columns, however unlikely the one-turn equilibrium found it: a player who simply gives every
    troop its best order is the commonest opponent, and the shallow game misjudges it most. The
    matrix grows in shells (the n likeliest of each side, then n + 1) until the deadline, so a busy
    machine still gets the largest block it finished; None if not even 2 × 2 did."""
    state, p = game.state, game.p
    rows = [game.rows[i] for i in sorted(range(len(game.rows)), key=lambda i: -mine_mix[i])[:keep]]
    cols = [game.cols[j] for j in sorted(range(len(game.cols)), key=lambda j: -their_mix[j])[:keep]]
    if game.cols[0] in cols:  # the opponent's obvious orders (each troop its best) always get a say
        cols.remove(game.cols[0])
    cols.insert(0, game.cols[0])
    values: dict[tuple[Orders, Orders], float] = {}

    def deep(mine: Orders, theirs: Orders) -> float:
        key = (mine, theirs)
        if key not in values:
            orders = (mine, theirs) if p == 0 else (theirs, mine)
            values[key] = next_turn_value(
                state_after(state, orders), p, rng, game.full, next_obvious, game.terms
            )
        return values[key]

    size = 0
    while size < min(len(rows), len(cols)):
        n = size + 1
        try:
            for i in range(n):
                for j in range(n):
                    if clock.now() > deadline or game.evals + len(values) >= game.cap:
                        raise TimeoutError
                    deep(rows[i], cols[j])
        except TimeoutError:
            break
        size = n
    LAST_STATS["deep"] = size
    if size < 2:
        return None
    matrix = [[values[(rows[i], cols[j])] for j in range(size)] for i in range(size)]
    x, _ = regret_matching(expect_obvious(matrix, obvious), 400)
    return rows[:size], x


def _plan(
    state: NelaxtamState, p: int, game: _Game, temp: float, rng: random.Random, spread: bool, deadline: float
) -> tuple[Orders, float] | None:
    """Hard's answer to an opponent read as giving the obvious orders: :func:`plan` three turns
    against them, from the candidates of the one-turn stage, by the stage's evaluation."""
    q = 1 - p

    def value(s: NelaxtamState) -> float:
        if s.over:
            return final_value(s.territory[p].bit_count() - s.territory[q].bit_count())
        return evaluate(s.geo, s.territory, s.troops, p, game.full, s.calm, s.turn, game.terms)

    return plan(
        state,
        p,
        game.rows,
        value,
        lambda s: candidates(s, p, PLAN_OPTIONS, temp, rng, spread),
        lambda s: _greedy_joint(s, q, troop_scores(s, q)),
        deadline,
    )


def choose_orders(state: NelaxtamState, player: str, level: str, rng: random.Random, limit: Limit) -> Orders:
    """The orders phase: candidates, matrix, regret matching, a sample from the mixture (for hard,
    from the mixture of the two-turn game over the likeliest candidates, unless ``limit`` says one
    turn deep). Without a time limit every stage runs to its own caps, so the choice is the same
    on any machine for a seed; a node limit caps the positions evaluated."""
    settings = LEVEL_SETTINGS.get(level, LEVEL_SETTINGS["normal"])
    if settings.get("beginner"):
        return beginner_orders(state, state.index_of(player), rng, settings["overlook"], settings["temp"])
    start = clock.now()
    seconds = math.inf if limit.time is None else limit.time
    two_turns = limit.deepest(2) > 1
    budget = seconds * settings["share"]
    deadline = start + budget
    stage = budget * settings.get("static", 1.0)  # the one-turn stage; hard's look-ahead gets the rest
    p = state.index_of(player)
    temp = settings["temp"]
    spread = bool(settings.get("spread", 0))
    mine = candidates(state, p, int(settings["mine"]), temp, rng, spread)
    theirs = candidates(state, 1 - p, int(settings["theirs"]), temp, rng, spread)
    terms = Terms(
        settings.get("hang", HANG), bool(settings.get("pairs", 0)), bool(settings.get("bounded", 0))
    )
    game = _Game(
        state,
        p,
        start + 0.5 * stage,
        bool(settings["full"]),
        bool(settings.get("clock", 0)),
        terms,
        math.inf if limit.nodes is None else limit.nodes,
    )
    for joint in theirs:
        game.cols.append(joint)
    for joint in mine:
        if not game.add_row(joint):
            break
    if not game.rows:
        game.rows, game.matrix = [mine[0]], [[0.0] * len(game.cols)]
    iterations = int(settings["rm"])
    mine_mix, their_mix = regret_matching(game.matrix, iterations, start + 0.7 * stage)
    rounds = 0
    if settings["improve"]:
        scores_me, scores_them = troop_scores(state, p), troop_scores(state, 1 - p)
        game.deadline = start + 0.75 * stage
        while not game.out(1) and rounds < 20:
            rounds += 1
            if not _improve(game, mine_mix, their_mix, scores_me, scores_them):
                break
            mine_mix, their_mix = regret_matching(game.matrix, iterations, start + stage)
    obvious, next_obvious = settings.get("obvious", 0.0), settings.get("next_obvious", 0.0)
    read = settings.get("read", 0.0)
    habit = bool(read) and gives_obvious_orders(state, 1 - p, troop_scores) and rng.random() < read
    if habit:
        obvious = next_obvious = settings["read_share"]
        game.deadline = start + stage
        punish(game, troop_scores(state, p))
        mine_mix, _ = regret_matching(expect_obvious(game.matrix, obvious), iterations, start + stage)
        if settings.get("plan") and two_turns:
            planned = _plan(state, p, game, temp, rng, spread, deadline)
            if planned is not None:
                LAST_STATS.clear()
                LAST_STATS.update({"rows": len(game.rows), "habit": True, "plan": planned[1]})
                return planned[0]
    LAST_STATS.clear()
    LAST_STATS.update(
        {
            "rows": len(game.rows),
            "cols": len(game.cols),
            "evals": game.evals,
            "rounds": rounds,
            "habit": habit,
        }
    )
    options = game.rows
    deep = settings.get("deep") if two_turns else 0
    if obvious and not deep:
        mine_mix, _ = regret_matching(expect_obvious(game.matrix, obvious), iterations, deadline)
    if deep:
        deeper = look_ahead(game, mine_mix, their_mix, int(deep), rng, deadline, obvious, next_obvious)
        if deeper is not None:
            options, mine_mix = deeper
    LAST_STATS["seconds"] = clock.now() - start
    if rng.random() < settings["noise"]:
        return rng.choice(options)
    weights = [w if w >= 0.03 else 0.0 for w in mine_mix]
    if sum(weights) <= 0:
        weights = mine_mix
    return rng.choices(options, weights)[0]


def choose_placement(state: NelaxtamState, player: str, level: str, rng: random.Random, limit: Limit) -> Move:
    """The invasion at ``level``: :func:`game.nelaxtam.invasion.scored_placement` with the level's
    count of scored landings (at most ``limit``'s nodes) and share of the budget."""
    settings = LEVEL_SETTINGS.get(level, LEVEL_SETTINGS["normal"])
    count = int(settings["placements"])
    if limit.nodes is not None:
        count = max(1, min(count, limit.nodes))
    deadline = math.inf if limit.time is None else clock.now() + limit.time * settings["share"]
    return scored_placement(state, player, rng, count, deadline)


def ai(state: GameState, player: str, level: str, rng: random.Random, limit: Limit | float) -> Move:
    """``core.AIFunction``: a legal move of ``player`` at ``level`` within ``limit``."""
    assert isinstance(state, NelaxtamState)
    limit = as_limit(limit)
    if state.phase == PHASE_INVASION:
        return choose_placement(state, player, level, rng, limit)
    return choose_orders(state, player, level, rng, limit)
