"""Elasta's computer player: a mixed strategy for each secret turn, sampled with the caller's rng.

A simultaneous game punishes predictability: any AI that always answers a position with the same
allotment can be read and beaten file by file. So no level plays one fixed answer: easy misjudges
the stakes afresh every turn, normal and hard answer a belief built from random samples and their
own mixed strategy.

The turn is a zero-sum matrix game between allotments. The payoff of a pair is a static
evaluation of the line it produces (pushes and rubber band applied). Its 40,320 × 40,320 matrix is
far too big, so a double-oracle loop grows two small candidate sets instead: solve the small
matrix game exactly (a dense simplex, :func:`game.matrix.solve_matrix`), then add each side's best
response to the other's mixture, until neither best response is new or time runs out.

A best response is found in two stages. Per-file outcomes depend only on the two chips in that
file, so with a payoff that is a sum over files, the best response to a mixture is an 8×8
assignment problem (chip → file), solved exactly by the Hungarian algorithm (:mod:`game.matrix`).
The real payoff is not quite a sum (the rubber band couples neighbours), so the assignment's answer
is then polished by swapping pairs of chips while the true expected payoff improves.

The evaluation counts, for each file, the non-deleted squares each player still has on their side
(their "depth"): the material balance and a convex danger for shallow files. A static evaluation
misses tactics (a file one push from the ground line that the band will or will not save, two
threats at once), so the hard level looks one turn further: it re-scores the likeliest candidates
of both sides by the value of the *next* turn's matrix game from each resulting line, and solves
that deeper game. Easy runs no oracle at all: it answers random chips as a
beginner would, misjudging each file's stakes (:func:`beginner_allotment`). Normal and hard differ
in what they see: how long the oracle loop runs (normal: six rounds, hard: up to 150) and the
look-ahead (hard only). Both then answer what they believe the opponent will play: mostly the
prediction of an opponent model learnt from the game so far (:mod:`game.elasta.ai_model`: random,
roughly or sharply greedy, ranking its files by its holds, repeating, copying or beating last turn's
chips, each kind weighed by how well it foretold the opponent's last three allotments), the rest
the equilibrium — an equilibrium alone guarantees only the game's value and wins little from a
player who does not play it. Hard's model keeps one kind more, a player who reads *us* and answers
(the normal level's own decision from the opponent's seat, :func:`reader_reply`): one step further
of the same reasoning, so a thinking opponent is foretold instead of read as a blur. Hard's reply
then competes with its likeliest equilibrium allotments on the value one turn deeper and is
polished by chip swaps on that value while time lasts. It plays a sample of a restrained answer
to the belief (a restricted Nash response: the deep game's equilibrium when the opponent keeps to
the belief only part of the time), not the reply itself: a reply is a pure function of the belief,
and a player who reads the code can sample the belief too. How far the belief is trusted is bought
by what the opponent has given away so far in the game (:mod:`game.elasta.ledger`): a player who
answers hard's mixture gives nothing and meets the deep equilibrium.

Neither level plays one fixed answer to a position: the model's samples of each kind, the reader's
own decisions and the equilibrium all change with the seed, so two seeds rarely give the same
allotment (a best-responder that samples a level's choices sees a spread, not a point).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from game import clock
from game.core import GameState, Move
from game.elasta import ai_model, ledger
from game.elasta.ai_turn import (
    DANGER,
    EASY_MISJUDGE,
    FIRST_GUESS,
    UNIFORM,
    UNIFORM_WEIGHTS,
    WIN,
    Mixtures,
    TurnGame,
    beginner_allotment,
    evaluate,
    greedy_allotment,
    live_prefix,
    random_allotment,
)
from game.elasta.rules import BLACK, N_FILES, NO_TOKEN, PHASE_ALLOT, WHITE, Allotment, ElastaState
from game.matrix import add_replies, solve_matrix
from game.search import Limit, as_limit

LEVEL_SETTINGS: dict[str, dict[str, float]] = {
    "easy": {
        "iterations": 3,
        "time_share": 0.5,
        "full_eval": 0,
        "lookahead": 0,
        "static_share": 1.0,
        "beginner": 1.0,
    },
    "normal": {
        "iterations": 6,
        "time_share": 0.6,
        "full_eval": 1,
        "lookahead": 0,
        "static_share": 1.0,
        "model": 0.85,
    },
    "hard": {
        "iterations": 150,
        "time_share": 0.8,
        "full_eval": 1,
        "lookahead": 64,
        "static_share": 0.5,
        "model": 0.8,
        "reply_share": 0.4,
        "reader": 1,
        "deep_polish": 1,
        "ledger": 1,
    },
}
"""Per level: double-oracle iterations at most, share of the time budget used, ``beginner``: the
chance of playing :func:`beginner_allotment` instead of any oracle (easy: always), which evaluation
(``full_eval`` 0: material only; 1: material and the danger of shallow files), the look-ahead: how
many of each side's likeliest candidates are re-scored one turn deeper (0: none), after a static
double oracle that gets ``static_share`` of the budget, and ``model``: the share of the opponent
model's prediction in the belief the level answers (the rest is the equilibrium;
:func:`model_reply`), with ``reply_share`` of the time kept for that reply after the look-ahead.
Hard's model also keeps ``reader``, a player who reads us and answers (:func:`reader_reply`),
``deep_polish``es its reply by chip swaps on the value one turn deeper (:func:`deep_polish`), and
then does not simply play that reply: it samples the answer of the deep game in which the opponent
is held to the belief only a share of the time (:func:`restrained_reply`), so that a player who
reads hard's code cannot answer one fixed reply (issue #30's exploitability measure won 20 games of
20 from the plain reply). With ``ledger`` that share is the trust the opponent's gifts have bought
(:func:`game.elasta.ledger.trust`; a fixed half before 29 November 2026), and from the second
remembered turn on the rest of it grows with the model's certainty that the opponent keeps a fixed
pattern (:func:`game.elasta.ai_model.certainty`): a player who repeats or copies chips is answered
with the reply itself, and one who stops is read anew within a turn.

Until issue #30 normal's oracle counted material only ("blind to the danger of shallow files", so
that hard would beat it): a blind spot a player could find — the one-ply sampler of the issue beat
it 9 games of 10 by pushing one file. Then it answered a fixed blend of its equilibrium and a
greedy beginner and read exact habits: 62 % against the sampler, 72 % against the hoarder (40
games each, seed 7 of our tuning script); the opponent model learnt from the game took that to 85 %
and 82 %. Normal now sees everything hard's static evaluation sees; it sees less far. With the
blind spot gone hard beat normal only 7-0-5 (27 November): both read the other, and normal was read
as a blur of "random" and "greedy" whose answer normal then read in turn. Hard now also asks what a
player who reads it would play — one step more of the same reasoning, not a flaw of normal's."""

LAST_STATS: dict[str, float | str] = {}
"""Figures from the most recent decision (iterations, candidates, value), and under ``habit`` the
kind of player the opponent model believes most ("random", "greedy", "repeat", "reader", ...): for
tests and tuning."""


UNTIMED_ITERATIONS = 50
"""Double-oracle rounds at most without a time limit: about what hard makes in its time on a 2-core
machine (45 to 52 on the bench positions); its own cap is for a fast machine, and the rounds grow
dearer as the matrix grows (a round past 100 costs seconds)."""


def equilibrium(game: TurnGame, level: str, rng: random.Random, seconds: float) -> Mixtures:
    """Double oracle: candidate sets and mixtures for White and Black (the game's value goes to
    :data:`LAST_STATS`). Without a time limit (``seconds`` infinite) at most
    :data:`UNTIMED_ITERATIONS` rounds."""
    settings = LEVEL_SETTINGS[level]
    start = clock.now()
    deadline = start + seconds * settings["time_share"]
    most = (
        int(settings["iterations"])
        if math.isfinite(seconds)
        else min(int(settings["iterations"]), UNTIMED_ITERATIONS)
    )
    whites = [game.assignment_reply(WHITE, FIRST_GUESS, [1.0])]
    blacks = [game.assignment_reply(BLACK, FIRST_GUESS, [1.0])]
    for _ in range(2):
        for pool in (whites, blacks):
            candidate = random_allotment(rng)
            if candidate not in pool:
                pool.append(candidate)
    matrix = [[game.payoff(w, b) for b in blacks] for w in whites]
    value, x, y = solve_matrix(matrix)
    iterations = 0
    while iterations < most and clock.now() < deadline and len(game.cache) < game.cap:
        iterations += 1
        reply_w, _ = game.best_reply(WHITE, whites, blacks, y, deadline)
        reply_b, _ = game.best_reply(BLACK, blacks, whites, x, deadline)
        if not add_replies(matrix, whites, blacks, reply_w, reply_b, game.payoff):
            break
        value, x, y = solve_matrix(matrix)
    LAST_STATS.update(
        iterations=iterations,
        whites=len(whites),
        blacks=len(blacks),
        value=value,
        seconds=clock.now() - start,
        payoffs=len(game.cache),
    )
    return whites, x, blacks, y


# -- looking one turn further -----------------------------------------------------------------------
def next_turn_value(lines: Sequence[int], deleted: int, rounds: int = 3) -> float:
    """White's value of the *next* turn's matrix game from ``lines``, under the static evaluation.

    A static evaluation misjudges tactical lines (a file one push from the ground line that the
    band will or will not save, two threats at once); playing the next turn's guessing game out
    sees them. It has to be cheap, because a turn's look-ahead needs hundreds of these: a few
    oracle rounds with assignment replies only (no polishing), about half a millisecond."""
    pre = live_prefix(deleted)
    static = evaluate(lines, pre, True)
    if abs(static) >= WIN:
        return static
    game = TurnGame(lines, deleted, True)
    whites = [game.assignment_reply(WHITE, FIRST_GUESS, [1.0])]
    blacks = [game.assignment_reply(BLACK, FIRST_GUESS, [1.0])]
    matrix = [[game.payoff(whites[0], blacks[0])]]
    value, x, y = solve_matrix(matrix)
    for _ in range(rounds):
        reply_w = game.assignment_reply(WHITE, blacks, y)
        reply_b = game.assignment_reply(BLACK, whites, x)
        if not add_replies(matrix, whites, blacks, reply_w, reply_b, game.payoff):
            break
        value, x, y = solve_matrix(matrix)
    return value


class DeepValues:
    """White's payoff of a pair of allotments one turn deeper: the value of the next turn's matrix
    game from the line they make (:func:`next_turn_value`), cached by that line (many pairs of
    allotments give the same one)."""

    def __init__(self, game: TurnGame) -> None:
        self.game = game
        self.values: dict[tuple[int, ...], float] = {}
        self.block: DeepBlock | None = None
        """The deep game as :func:`look_ahead` left it, for :func:`restrained_reply`."""
        self.value = 0.0
        """White's value of that deep game (the ledger scores the opponent's next move against it)."""

    def __call__(self, white: Allotment, black: Allotment) -> float:
        final = self.game.line_after(self.game.signs(white, black))
        value = self.values.get(final)
        if value is None:
            value = self.values[final] = next_turn_value(final, self.game.deleted)
        return value


DeepBlock = tuple[list[Allotment], list[float], list[Allotment], list[float]]
"""The deep game solved: White's candidates and their weights, Black's and theirs."""


UNTIMED_DEEP_ROUNDS = 12
"""Oracle rounds of the deep game at most without a time limit: hard makes 6 to 10 in its time on
a 2-core machine, and unbounded some positions take 40 rounds and more."""


def look_ahead(
    game: TurnGame,
    whites: list[Allotment],
    x: list[float],
    blacks: list[Allotment],
    y: list[float],
    keep: int,
    deadline: float,
    deep: DeepValues | None = None,
) -> Mixtures:
    """Re-solve the turn one turn deeper: each joint outcome is scored by the value of the turn
    after it (:func:`next_turn_value`) instead of the static evaluation.

    The static double oracle has found the allotments worth considering; the ``keep`` likeliest of
    each side form the deep game's first candidates. The matrix grows in shells (the n likeliest
    of each side, then n + 1) for at most half the time left, so on a busy machine the largest
    finished block is used. A mixture that is optimal among a fixed set of candidates can still be
    wide open to an allotment outside it (say, a 6 guarding a file where the other side's
    candidates happen never to put their 7), so the deep game then runs oracle rounds of its own:
    each side's (static) best reply to the other's deep mixture joins the candidates, scored deep,
    until no reply is new or time is up. Outcomes are cached by the resulting line (many pairs of
    allotments give the same one). If not even one of those rounds finished, the static mixture
    stands. Positions valued count against ``game.cap`` too (static payoffs and deep values alike)."""

    def likeliest(pool: list[Allotment], weights: list[float]) -> list[Allotment]:
        order = sorted(range(len(pool)), key=lambda i: -weights[i])[:keep]
        return [pool[i] for i in order]

    deep = deep or DeepValues(game)
    values = deep.values

    mine, theirs = likeliest(whites, x), likeliest(blacks, y)
    matrix: list[list[float]] = []
    rows = cols = 0
    shells_end = clock.now() + (deadline - clock.now()) / 2  # the rest: oracle rounds

    def spent() -> bool:
        return len(game.cache) + len(values) >= game.cap

    while (rows < len(mine) or cols < len(theirs)) and clock.now() < shells_end and not spent():
        if rows < len(mine):  # one more row, across the columns so far
            matrix.append([deep(mine[rows], b) for b in theirs[:cols]])
            rows += 1
        if cols < len(theirs):  # one more column, down every row
            for i in range(rows):
                matrix[i].append(deep(mine[i], theirs[cols]))
            cols += 1
    if min(rows, cols) < 2:
        LAST_STATS.update(lookahead=len(values), deep_rounds=0)
        return whites, x, blacks, y
    del mine[rows:], theirs[cols:]
    value, xx, yy = solve_matrix(matrix)
    deep_rounds = 0
    most = UNTIMED_DEEP_ROUNDS if math.isinf(deadline) else math.inf
    while clock.now() < deadline and deep_rounds < most and not spent():
        reply_w, _ = game.best_reply(WHITE, mine, theirs, yy, deadline)
        reply_b, _ = game.best_reply(BLACK, theirs, mine, xx, deadline)
        if not add_replies(matrix, mine, theirs, reply_w, reply_b, deep):
            break
        deep_rounds += 1
        value, xx, yy = solve_matrix(matrix)
    LAST_STATS.update(lookahead=len(values), deep_rounds=deep_rounds, deep_value=value)
    if not deep_rounds:  # never checked against a reply from outside: not to be trusted
        return whites, x, blacks, y
    deep.block, deep.value = (mine, xx, theirs, yy), value
    return mine, xx, theirs, yy


_T = TypeVar("_T")


def _sample(items: Sequence[_T], weights: Sequence[float], rng: random.Random) -> _T:
    return rng.choices(list(items), weights=list(weights), k=1)[0]


def choose_allotment(state: ElastaState, player: str, level: str, rng: random.Random, limit: Limit) -> Move:
    """Sample this player's allotment from the turn's (approximate) equilibrium, looked one turn
    further at levels that do (unless ``limit`` says one turn deep), and answer what the opponent is
    believed to play where the level does (:func:`model_reply`). Without a time limit every
    stage runs to its own caps, so the choice is the same on any machine for a seed."""
    start = clock.now()
    seconds = math.inf if limit.time is None else limit.time
    settings = LEVEL_SETTINGS[level]
    LAST_STATS.clear()
    if rng.random() < settings.get("beginner", 0.0):
        return beginner_allotment(state, player, rng)
    game = TurnGame(
        state.lines,
        state.deleted,
        bool(settings["full_eval"]),
        math.inf if limit.nodes is None else limit.nodes,
    )
    whites, x, blacks, y = equilibrium(game, level, rng, seconds * settings["static_share"])
    deep = None
    if settings["lookahead"] and limit.deepest(2) > 1:
        deep = DeepValues(game)
        deadline = start + seconds * settings["time_share"] * (1 - settings.get("reply_share", 0.0))
        whites, x, blacks, y = look_ahead(
            game, whites, x, blacks, y, int(settings["lookahead"]), deadline, deep
        )
    mine, weights = (whites, x) if player == WHITE else (blacks, y)
    if settings.get("model", 0.0):
        theirs, their_weights = (blacks, y) if player == WHITE else (whites, x)
        deadline = start + seconds * settings["time_share"]
        return model_reply(
            state, player, game, (mine, weights), (theirs, their_weights), settings, rng, deadline, deep
        )
    return _sample(mine, weights, rng)


def model_reply(
    state: ElastaState,
    player: str,
    game: TurnGame,
    ours: tuple[Sequence[Allotment], Sequence[float]],
    theirs: tuple[Sequence[Allotment], Sequence[float]],
    settings: dict[str, float],
    rng: random.Random,
    deadline: float,
    deep: DeepValues | None = None,
) -> Allotment:
    """The best reply to what this opponent is believed to play: ``model`` parts the opponent
    model's prediction (:mod:`game.elasta.ai_model`; with ``reader``, hard's, also a player who
    reads us: :func:`reader_reply`), the rest the oracle's equilibrium.

    The reply is the assignment answer polished by chip swaps under the full static evaluation;
    with ``deep`` (hard's look-ahead) it then competes with our likeliest equilibrium allotments
    on the value one turn deeper, against the same belief, and the best of them is polished on
    that value (``deep_polish``, :func:`deep_polish`) until the deadline."""
    opponent = BLACK if player == WHITE else WHITE
    reader = None
    if settings.get("reader", 0):
        now = clock.now()
        reader = Reader(now + READER_SHARE * (deadline - now) if math.isfinite(deadline) else deadline)
    predicted, probs, kinds = ai_model.predict(state, opponent, rng, reader)
    share = settings["model"]
    others = [*theirs[0], *predicted]
    weights = [(1 - share) * p for p in theirs[1]] + [share * p for p in probs]
    LAST_STATS.update(habit=max(kinds, key=lambda k: kinds[k]))
    full = game if game.full else TurnGame(state.lines, state.deleted, True)
    reply, _ = full.best_reply(player, ours[0], others, weights, deadline)
    if deep is None:
        return reply
    belief = [(o, p) for o, p in zip(others, weights, strict=True) if p > DEEP_BELIEF_FLOOR]
    mass = sum(p for _, p in belief)
    belief = [(o, p / mass) for o, p in belief]
    keep = int(settings.get("deep_candidates", DEEP_CANDIDATES))
    order = sorted(range(len(ours[0])), key=lambda i: -ours[1][i])[:keep]
    candidates = list(dict.fromkeys([reply, *(ours[0][i] for i in order)]))
    sign = 1.0 if player == WHITE else -1.0
    now = clock.now()
    polish_end = now + POLISH_SHARE * (deadline - now) if settings.get("ledger") else deadline
    worth = belief_worth(player, belief, deep)

    best, best_value = reply, worth(reply)
    for move in candidates[1:]:
        if clock.now() > deadline:
            break
        value = worth(move)
        if value > best_value:
            best, best_value = move, value
    swaps = 0
    if settings.get("deep_polish", 0):
        best, best_value, swaps = deep_polish(best, best_value, worth, polish_end)
    LAST_STATS.update(reply_value=sign * best_value, deep_swaps=swaps)
    if not settings.get("ledger"):
        return best
    tally, gift = ledger.gifts(state, player)
    restraint = ledger.trust(tally)
    if len(state.recent) >= 2:  # a pattern is first put to the test on the second turn remembered
        restraint += (1 - restraint) * ai_model.certainty(kinds)
    LAST_STATS.update(restraint=restraint, tally=tally, gift=math.nan if gift is None else gift)
    if deep.block is None:  # no deep game to weigh: the reply by the trust, else the equilibrium
        rows, weights = _mix_reply(best, ours[0], ours[1], restraint)
        return _sample(rows, weights, rng)
    rows, weights = restrained_reply(
        player, game, deep, deep.block, (best, best_value), belief, worth, restraint, deadline
    )
    value = deep.value if player == WHITE else -deep.value
    ledger.record(state, player, (rows, weights), _ours(player, deep), value, tally)
    return _sample(rows, weights, rng)


def _mix_reply(
    reply: Allotment, moves: Sequence[Allotment], weights: Sequence[float], restraint: float
) -> tuple[list[Allotment], list[float]]:
    """The reply played a ``restraint`` share of the time, the mixture ``moves`` the rest: what is
    left of a restrained answer when there is no time to weigh the two against each other."""
    if not moves:
        return [reply], [1.0]
    return [reply, *moves], [restraint, *((1 - restraint) * p for p in weights)]


def _ours(player: str, deep: DeepValues) -> Callable[[Allotment, Allotment], float]:
    """``player``'s deep payoff of its allotment against the opponent's."""
    if player == WHITE:
        return deep
    return lambda mine, other: -deep(other, mine)


def belief_worth(
    player: str, belief: Sequence[tuple[Allotment, float]], deep: DeepValues
) -> Callable[[Allotment], float]:
    """``player``'s expected value one turn deeper of an allotment against the belief."""
    if player == WHITE:
        return lambda move: sum(p * deep(move, o) for o, p in belief)
    return lambda move: -sum(p * deep(o, move) for o, p in belief)


def deep_polish(
    move: Allotment,
    value: float,
    worth: Callable[[Allotment], float],
    deadline: float,
    passes: float = math.inf,
) -> tuple[Allotment, float, int]:
    """Hill-climb ``move`` by swapping two files' chips while its value one turn deeper against
    the belief (``worth``) improves, until none does, time is up or ``passes`` sweeps of all 28
    swaps are made; with the swaps made.

    Why: the reply is found under the static evaluation, which misjudges races (a file one push
    from the ground line that the band will or will not save); choosing among a few candidates
    by the deeper value fixes only what one of them happens to get right."""
    current = list(move)
    swaps = 0
    improved = True
    sweeps = 0
    while improved and sweeps < passes:
        sweeps += 1
        improved = False
        for i in range(N_FILES - 1):
            for j in range(i + 1, N_FILES):
                if clock.now() > deadline:
                    return tuple(current), value, swaps
                current[i], current[j] = current[j], current[i]
                trial = worth(tuple(current))
                if trial > value + 1e-9:
                    value, improved, swaps = trial, True, swaps + 1
                else:
                    current[i], current[j] = current[j], current[i]
    return tuple(current), value, swaps


RESTRAINED_ROUNDS = 8
"""Oracle rounds of the restrained game at most (each adds the opponent's best answer to our
mixture and ours to the belief the game holds it to); hard makes 0 or 1 in its time on a 2-core
machine, all 8 untimed."""

POLISH_SHARE = 0.5
"""With ``restraint``, the share of the time left after choosing the reply that polishing it may
take; the rest is the restrained game's."""


def restrained_reply(
    player: str,
    game: TurnGame,
    deep: DeepValues,
    block: DeepBlock,
    reply: tuple[Allotment, float],
    belief: Sequence[tuple[Allotment, float]],
    worth: Callable[[Allotment], float],
    restraint: float,
    deadline: float,
) -> tuple[list[Allotment], list[float]]:
    """A *restrained* answer to the belief: the equilibrium of the deep game in which
    the opponent plays the belief with probability ``restraint`` and anything at all otherwise
    (a restricted Nash response).

    Why: the best reply to a belief is one allotment, a pure function of what the belief's samples
    share; a player who learns the level's code (the exploitability measure of issue #30 does)
    samples that belief too and answers the reply: Elasta's hard lost 20 games of 20 to it. The
    restrained game's row mixture exploits the belief as far as it can while staying an
    equilibrium against everyone else, so it gives up at most a ``restraint`` share of what a
    reader could win from the pure reply. Its payoff is ``(1 − r)·M[i][j] + r·worth(i)`` (``M``
    our deep payoffs, ``worth`` the row's deep value against the belief), an ordinary matrix game
    solved by the same oracle loop: the opponent's best answer to our mixture, and our best reply
    to theirs blended with the belief, join the candidates while time lasts (``block``: the deep
    game solved, :data:`DeepBlock`)."""
    whites, x, blacks, y = block
    white = player == WHITE
    ours = zip(whites if white else blacks, x if white else y, strict=True)
    support = [(m, p) for m, p in ours if p > 1e-6]
    mine = [m for m, _ in support]
    theirs = list(blacks if white else whites)
    belief_reply = reply[0]

    def mine_vs(move: Allotment, other: Allotment) -> float:
        return deep(move, other) if white else -deep(other, move)

    values: dict[Allotment, float] = {belief_reply: reply[1]}
    rows: list[Allotment] = [belief_reply]
    for move in mine:
        if clock.now() > deadline:
            break
        if move not in values:
            values[move] = worth(move)
            rows.append(move)
    if len(rows) < 2:  # no time to weigh the equilibrium's rows: mix the two answers instead
        LAST_STATS.update(restrained_rows=1, restrained_rounds=0, reply_weight=restraint)
        return _mix_reply(belief_reply, mine, [p for _, p in support], restraint)

    def payoff(move: Allotment, other: Allotment) -> float:
        return (1 - restraint) * mine_vs(move, other) + restraint * values[move]

    matrix = [[payoff(m, t) for t in theirs] for m in rows]
    _, xs, ys = solve_matrix(matrix)
    rounds = 0
    opponent = BLACK if white else WHITE
    while rounds < RESTRAINED_ROUNDS and clock.now() < deadline:
        rounds += 1
        answer, _ = game.best_reply(opponent, theirs, rows, xs, deadline)
        blend = [(1 - restraint) * q for q in ys] + [restraint * q for _, q in belief]
        others = [*theirs, *(o for o, _ in belief)]
        mine_reply, _ = game.best_reply(player, rows, others, blend, deadline)
        if mine_reply not in values:
            values[mine_reply] = worth(mine_reply)
        if not add_replies(matrix, rows, theirs, mine_reply, answer, payoff):
            break
        _, xs, ys = solve_matrix(matrix)
    LAST_STATS.update(
        restrained_rows=len(rows),
        restrained_rounds=rounds,
        reply_weight=xs[0],
    )
    return rows, list(xs)


def reader_reply(
    state: ElastaState, player: str, rng: random.Random, limit: Limit | None = None
) -> Allotment:
    """What a player who reads us and answers would play: the normal level's decision (untimed
    unless ``limit`` says), for hard's opponent model (the kind "reader" of
    :mod:`game.elasta.ai_model`). The figures of the decision being made are kept."""
    saved = dict(LAST_STATS)
    move = choose_allotment(state, player, "normal", rng, limit or Limit())
    LAST_STATS.clear()
    LAST_STATS.update(saved)
    assert isinstance(move, tuple)
    return move


READER_SHARE = 0.7
"""Share of the time left for hard's reply that its reader decisions may take (the rest: the reply
itself, its polish and the restrained game). The reader is what lets hard read a thinking opponent,
so it gets most of it: at hard's budget 4 to 6 decisions of normal's a turn on the development
machine (a little over 0.5 s)."""


class Reader:
    """:func:`reader_reply` within a deadline: each decision is given the time left (normal needs
    far less than its budget, so with time to spare it plays as untimed), and none is begun once the
    last one's cost would carry it past ``deadline`` (None then). So hard keeps its think budget on
    any machine and under any clock; an untimed decision (an infinite deadline) reads every time."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.cost = 0.0

    def __call__(self, state: ElastaState, player: str, rng: random.Random) -> Allotment | None:
        began = clock.now()
        left = self.deadline - began
        if left <= self.cost:
            return None
        move = reader_reply(state, player, rng, Limit(time=left) if math.isfinite(left) else None)
        self.cost = clock.now() - began
        return move


DEEP_CANDIDATES = 6
"""Hard's likeliest equilibrium allotments that compete with its model reply on the deep value."""

DEEP_BELIEF_FLOOR = 0.002
"""Allotments of the belief less likely than this are left out of the deep comparison (time)."""


# -- tokens -----------------------------------------------------------------------------------------
def token_scores(state: ElastaState, player: str) -> list[tuple[float, int]]:
    """Each legal token square with ``player``'s evaluation of the position after it.

    A token can only delete one's own square, so it always costs a square of depth in its file;
    the question is where that hurts least. Depth is what decides the game, so the evaluation
    prefers the file where the player is deepest (least danger, fewest threats). Among squares of
    that file, the one nearest the player's own ground line is preferred: a deleted square right
    behind the stick makes the opponent's next push there jump two ranks, over-stretching the band
    and dragging the neighbouring sticks toward the player too."""
    moves = state.legal_moves(player)
    if list(moves) == [NO_TOKEN]:
        return [(0.0, NO_TOKEN)]
    sign = 1.0 if player == WHITE else -1.0
    out = []
    for sq in moves:
        assert isinstance(sq, int)
        pre = live_prefix(state.deleted | 1 << sq)
        value = sign * evaluate(state.lines, pre, True)
        rank = sq // N_FILES + 1
        line = state.lines[sq % N_FILES]
        distance = (line - rank) if player == WHITE else (rank - line - 1)
        out.append((value + 0.05 * distance, sq))
    return out


def choose_token(state: ElastaState, player: str, level: str, rng: random.Random) -> Move:
    """Pick a token square: sample among the best few by a softmax over their scores."""
    scored = token_scores(state, player)
    if len(scored) == 1:
        return scored[0][1]
    temperature = {"easy": 0.3, "normal": 0.3, "hard": 0.15}[level]
    top = max(v for v, _ in scored)
    weights = [math.exp((v - top) / temperature) for v, _ in scored]
    return _sample([sq for _, sq in scored], weights, rng)


def ai(state: GameState, player: str, level: str, rng: random.Random, limit: Limit | float) -> Move:
    """The register's AI entry point (``game.core.AIFunction``). Uses only the public position.

    ``limit``: the time as before; a depth of 1 turn leaves out hard's look-ahead; nodes cap the
    positions valued; without a time limit nothing stops on the clock."""
    assert isinstance(state, ElastaState)
    if state.phase == PHASE_ALLOT:
        return choose_allotment(state, player, level, rng, as_limit(limit))
    return choose_token(state, player, level, rng)


__all__ = [
    "BLACK",
    "DANGER",
    "EASY_MISJUDGE",
    "FIRST_GUESS",
    "UNIFORM",
    "UNIFORM_WEIGHTS",
    "WHITE",
    "WIN",
    "TurnGame",
    "ai",
    "beginner_allotment",
    "evaluate",
    "greedy_allotment",
    "live_prefix",
    "random_allotment",
]
