"""Elasta's computer player: a mixed strategy for each secret turn, sampled with the caller's rng.

A simultaneous game punishes predictability: any AI that always answers a position with the same
allotment can be read and beaten file by file. So every level computes a *mixed* strategy and
samples from it.

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
of both sides by the value of the *next* turn's matrix game from each resulting line, and samples
from the equilibrium of that deeper game. Easy runs no oracle at all: it answers random chips as a
beginner would, misjudging each file's stakes (:func:`beginner_allotment`). Normal and hard differ
in how long the oracle loop runs (normal: two rounds), in what the oracle sees (normal counts
material only, blind to the danger of shallow files), in the look-ahead (hard only), and in how
much extra randomness is mixed in. Both read the opponent's recent allotments for a habit (the same
chips, copying, the greedy answer to random chips or a beginner's rough version of it) and then
mostly play the best reply to what the habit predicts (:func:`habit_prediction`): an equilibrium
alone guarantees only the game's value and does not punish a predictable player.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game import clock
from game.core import GameState, Move
from game.elasta.rules import (
    BLACK,
    N_FILES,
    N_RANKS,
    NO_TOKEN,
    PHASE_ALLOT,
    WHITE,
    Allotment,
    ElastaState,
    contract,
    push,
    square,
)
from game.matrix import add_replies, hungarian_max, solve_matrix
from game.search import Limit, as_limit

WIN = 100.0
"""Value of a won position; heuristic values stay well inside it."""

DANGER = (0.0, 9.0, 2.5, 0.8, 0.25, 0.0, 0.0, 0.0, 0.0)
"""Penalty for having a file of depth d (index d): convex, since a file at depth 1 is one lost
comparison from defeat while depth 4 is four turns away."""

EASY_MISJUDGE = 0.15
"""Spread (log-normal sigma) of easy's misjudgement of how much each file matters this turn."""

LEVEL_SETTINGS: dict[str, dict[str, float]] = {
    "easy": {
        "iterations": 3,
        "time_share": 0.5,
        "noise": 0.0,
        "full_eval": 0,
        "lookahead": 0,
        "static_share": 1.0,
        "exploit": 0.0,
        "beginner": 1.0,
    },
    "normal": {
        "iterations": 2,
        "time_share": 0.6,
        "noise": 0.15,
        "full_eval": 0,
        "lookahead": 0,
        "static_share": 1.0,
        "exploit": 0.8,
    },
    "hard": {
        "iterations": 150,
        "time_share": 0.8,
        "noise": 0.0,
        "full_eval": 1,
        "lookahead": 64,
        "static_share": 0.5,
        "exploit": 0.85,
    },
}
"""Per level: double-oracle iterations at most, share of the time budget used, chance of playing a
random candidate of the oracle's instead of sampling the equilibrium (normal's deliberate weakness:
an unused candidate may be a blunder; hard has none, its mixture is unpredictable enough),
``beginner``: the chance of playing :func:`beginner_allotment` instead of any oracle (easy:
always), which evaluation (``full_eval`` 0: material only; 1: material and the danger of shallow
files), the look-ahead: how many of each side's likeliest candidates are re-scored one turn deeper
(0: none), after a static double oracle that gets ``static_share`` of the budget, and ``exploit``:
the chance of punishing an opponent's detected habit (:func:`habit_prediction`) instead of mixing
— not always, so a player who fakes a habit to bait the punishment cannot count on it. Normal's
oracle is short (2 rounds, 15 % noise) and counts material only: like a club player, it does not
feel how much a shallow file is in danger until the file is lost, which keeps it clearly below hard
(with 4 rounds and the full evaluation hard won only 73 % of 53 games). Reading beginners, not
search, is what lifts it above easy; its habit reading and punishment use the full evaluation."""

FIRST_GUESS: list[Allotment] = [tuple(range(N_FILES))]
"""Where every oracle starts: each side's answer to the plain allotment 0..7 (a fixed, arbitrary
opening candidate; the oracle rounds that follow do the real work)."""

UNIFORM: list[Allotment] = [tuple((f + k) % N_FILES for f in range(N_FILES)) for k in range(N_FILES)]
UNIFORM_WEIGHTS: list[float] = [1 / N_FILES] * N_FILES
"""Uniformly random chips, as far as any single file can tell: the eight cyclic shifts of 0..7,
equally likely, put every chip in every file exactly once. Per-file answers to it (the assignment
step) are the answers to truly random chips."""

Mixtures = tuple[list[Allotment], list[float], list[Allotment], list[float]]
"""White's candidates and their weights, Black's candidates and theirs."""

LAST_STATS: dict[str, float] = {}
"""Figures from the most recent decision (iterations, candidates, value): for tests and tuning."""


# -- evaluation -----------------------------------------------------------------------------------
def live_prefix(deleted: int) -> list[list[int]]:
    """``pre[f][L]``: non-deleted squares of file f in ranks 1..L (White's depth at stick L)."""
    table = []
    for file in range(N_FILES):
        row = [0]
        for rank in range(1, N_RANKS + 1):
            row.append(row[-1] + (0 if deleted >> square(file, rank) & 1 else 1))
        table.append(row)
    return table


def evaluate(lines: Sequence[int], pre: list[list[int]], full: bool = True) -> float:
    """White's view of a line after contraction: ±WIN if decided, else a heuristic. ``full`` adds
    the danger of shallow files to the material balance."""
    white = [pre[f][line] for f, line in enumerate(lines)]
    black = [pre[f][N_RANKS] - w for f, w in enumerate(white)]
    white_lost = min(white) == 0
    black_lost = min(black) == 0
    if white_lost or black_lost:
        return 0.0 if white_lost and black_lost else (-WIN if white_lost else WIN)
    value = (sum(white) - sum(black)) / 2
    if not full:
        return value
    return value + sum(DANGER[min(b, 8)] for b in black) - sum(DANGER[min(w, 8)] for w in white)


# -- one turn ---------------------------------------------------------------------------------------
class TurnGame:
    """The matrix game of one allotment turn from a position, with cached payoffs.

    Payoffs depend only on the eight comparison results, so they are cached by that sign vector
    (at most 3^8 = 6,561 entries), which makes every matrix entry after the first a dict lookup."""

    def __init__(self, lines: Sequence[int], deleted: int, full_eval: bool, cap: float = math.inf) -> None:
        self.lines = list(lines)
        self.deleted = deleted
        self.pre = live_prefix(deleted)
        self.full = full_eval
        self.cap = cap
        """Positions a decision may value (a :class:`~game.search.Limit`'s nodes): the oracle and the
        look-ahead stop growing their candidates past it."""
        self.cache: dict[tuple[int, ...], float] = {}
        base = self.value((0,) * N_FILES)
        self.file_win: list[float] = []
        self.file_loss: list[float] = []
        for f in range(N_FILES):
            signs = [0] * N_FILES
            signs[f] = 1
            self.file_win.append(self.value(tuple(signs)) - base)
            signs[f] = -1
            self.file_loss.append(self.value(tuple(signs)) - base)

    def line_after(self, signs: Sequence[int]) -> tuple[int, ...]:
        """The sticks after this turn's pushes and rubber band, for per-file results ``signs``."""
        pushed = push(self.lines, signs, self.deleted)
        rounds = contract(pushed)
        return tuple(rounds[-1] if rounds else pushed)

    @staticmethod
    def signs(white: Allotment, black: Allotment) -> tuple[int, ...]:
        """Per-file results of two allotments: +1 White's chip is higher, -1 Black's, 0 a tie."""
        return tuple([(w > b) - (w < b) for w, b in zip(white, black, strict=True)])

    def value(self, signs: tuple[int, ...]) -> float:
        """White's payoff for a vector of per-file results."""
        cached = self.cache.get(signs)
        if cached is None:
            cached = self.cache[signs] = evaluate(self.line_after(signs), self.pre, self.full)
        return cached

    def payoff(self, white: Allotment, black: Allotment) -> float:
        return self.value(self.signs(white, black))

    def expected(
        self, me: str, move: Allotment, others: Sequence[Allotment], weights: Sequence[float]
    ) -> float:
        """``me``'s expected payoff for ``move`` against the opponent mixture."""
        if me == WHITE:
            return sum(p * self.payoff(move, o) for o, p in zip(others, weights, strict=True))
        return -sum(p * self.payoff(o, move) for o, p in zip(others, weights, strict=True))

    def assignment_reply(self, me: str, others: Sequence[Allotment], weights: Sequence[float]) -> Allotment:
        """The best reply if the payoff were the sum of single-file effects: an assignment."""
        win = self.file_win if me == WHITE else [-v for v in self.file_loss]
        lose = self.file_loss if me == WHITE else [-v for v in self.file_win]
        gain = []
        for f in range(N_FILES):
            dist = [0.0] * N_FILES
            for o, p in zip(others, weights, strict=True):
                dist[o[f]] += p
            below = 0.0
            row = []
            for chip in range(N_FILES):
                above = 1.0 - below - dist[chip]
                row.append(win[f] * below + lose[f] * above)
                below += dist[chip]
            gain.append(row)
        return tuple(hungarian_max(gain))

    def polish(
        self, me: str, move: Allotment, others: Sequence[Allotment], weights: Sequence[float], deadline: float
    ) -> tuple[Allotment, float]:
        """Hill-climb by swapping two files' chips while the true expected payoff improves."""
        best = self.expected(me, move, others, weights)
        current = list(move)
        improved = True
        while improved and clock.now() < deadline:
            improved = False
            for i in range(N_FILES - 1):
                for j in range(i + 1, N_FILES):
                    current[i], current[j] = current[j], current[i]
                    value = self.expected(me, tuple(current), others, weights)
                    if value > best + 1e-9:
                        best = value
                        improved = True
                    else:
                        current[i], current[j] = current[j], current[i]
        return tuple(current), best

    def best_reply(
        self,
        me: str,
        mine: Sequence[Allotment],
        others: Sequence[Allotment],
        weights: Sequence[float],
        deadline: float,
    ) -> tuple[Allotment, float]:
        """A strong reply to the opponent mixture: the assignment answer and my best current
        candidate, each polished by chip swaps; the better of the two."""
        support = [(o, p) for o, p in zip(others, weights, strict=True) if p > 1e-6]
        opp = [o for o, _ in support]
        probs = [p for _, p in support]
        starts = [self.assignment_reply(me, opp, probs)]
        starts.append(max(mine, key=lambda m: self.expected(me, m, opp, probs)))
        results = [self.polish(me, s, opp, probs, deadline) for s in starts]
        return max(results, key=lambda r: r[1])


def random_allotment(rng: random.Random) -> Allotment:
    chips = list(range(N_FILES))
    rng.shuffle(chips)
    return tuple(chips)


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

    values: dict[tuple[int, ...], float] = {}

    def deep(w: Allotment, b: Allotment) -> float:
        final = game.line_after(game.signs(w, b))
        value = values.get(final)
        if value is None:
            value = values[final] = next_turn_value(final, game.deleted)
        return value

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
    return mine, xx, theirs, yy


def _sample(items: Sequence[Move], weights: Sequence[float], rng: random.Random) -> Move:
    return rng.choices(list(items), weights=list(weights), k=1)[0]


def choose_allotment(state: ElastaState, player: str, level: str, rng: random.Random, limit: Limit) -> Move:
    """Sample this player's allotment from the turn's (approximate) equilibrium, looked one turn
    further at levels that do (unless ``limit`` says one turn deep). Without a time limit every
    stage runs to its own caps, so the choice is the same on any machine for a seed."""
    start = clock.now()
    seconds = math.inf if limit.time is None else limit.time
    settings = LEVEL_SETTINGS[level]
    LAST_STATS.clear()
    if rng.random() < settings.get("beginner", 0.0):
        return beginner_allotment(state, player, rng)
    if settings["exploit"]:
        habit = habit_prediction(state, BLACK if player == WHITE else WHITE, rng)
        if habit is not None and rng.random() < settings["exploit"]:
            LAST_STATS.update(habit=habit[0])
            return punish(state, player, habit[1], seconds * settings["time_share"])
    game = TurnGame(
        state.lines,
        state.deleted,
        bool(settings["full_eval"]),
        math.inf if limit.nodes is None else limit.nodes,
    )
    whites, x, blacks, y = equilibrium(game, level, rng, seconds * settings["static_share"])
    if settings["lookahead"] and limit.deepest(2) > 1:
        deadline = start + seconds * settings["time_share"]
        whites, x, blacks, y = look_ahead(game, whites, x, blacks, y, int(settings["lookahead"]), deadline)
    mine, weights = (whites, x) if player == WHITE else (blacks, y)
    if rng.random() < settings["noise"]:
        return rng.choice(mine)  # a little extra unpredictability (normal)
    return _sample(mine, weights, rng)


def beginner_allotment(
    state: ElastaState, player: str, rng: random.Random, misjudge: float = EASY_MISJUDGE
) -> Allotment:
    """Easy's allotment: high chips where a file matters most, with each file's worth misjudged.

    Why not a weakened equilibrium: easy used to play a uniformly random allotment 45 % of the
    time, and a beginner who simply puts high chips on the files that matter (the greedy bot) won
    every game against it — the level looked random, not human. A person asks "where does a file
    matter most?" and judges it roughly: so easy answers uniformly random chips as the greedy bot
    does (an 8×8 assignment), but with every file's stakes scaled by a log-normal error. It is
    sensible every turn, never random, and — unlike the greedy bot — not always the same
    allotment in the same position."""
    game = TurnGame(state.lines, state.deleted, True)
    win = game.file_win if player == WHITE else [-v for v in game.file_loss]
    lose = game.file_loss if player == WHITE else [-v for v in game.file_win]
    top = N_FILES - 1
    gain = []
    for f in range(N_FILES):
        worth = math.exp(rng.gauss(0.0, misjudge))
        gain.append(
            [
                worth * (win[f] * chip + lose[f] * (top - chip)) / N_FILES + rng.uniform(0, 1e-6)
                for chip in range(N_FILES)
            ]
        )
    return tuple(hungarian_max(gain))


# -- habits -----------------------------------------------------------------------------------------
def greedy_slopes(lines: Sequence[int], deleted: int, player: str) -> list[float]:
    """Per file, how much more winning it is worth to ``player`` than losing it (rounded, so that
    files the position treats alike compare equal).

    Against uniformly random chips, chip c wins a file with chance c/8 and loses with chance
    (7 - c)/8, so the expected gain of chip c on file f is linear in c with this slope: the best
    answer to random chips (what the greedy beginner plays) puts the chips in slope order, and files
    of equal slope may take their chips in any order."""
    game = TurnGame(lines, deleted, True)
    win = game.file_win if player == WHITE else [-v for v in game.file_loss]
    lose = game.file_loss if player == WHITE else [-v for v in game.file_win]
    return [round(w - v, 6) for w, v in zip(win, lose, strict=True)]


def slope_agreement(slopes: Sequence[float], allotment: Allotment) -> tuple[int, int]:
    """Pairs of files of different slope whose chips follow the slopes, and pairs that go against
    them: (concordant, discordant)."""
    agree = disagree = 0
    for i in range(N_FILES - 1):
        for j in range(i + 1, N_FILES):
            if slopes[i] != slopes[j]:
                product = (slopes[i] - slopes[j]) * (allotment[i] - allotment[j])
                agree += product > 0
                disagree += product < 0
    return agree, disagree


def greedy_groups(slopes: Sequence[float]) -> list[list[int]]:
    """Files grouped by equal slope, the lowest slope first: the greedy answer gives the lowest
    chips to the first group, and any order of its chips within a group."""
    groups: dict[float, list[int]] = {}
    for f, slope in enumerate(slopes):
        groups.setdefault(slope, []).append(f)
    return [groups[s] for s in sorted(groups)]


def greedy_answers(slopes: Sequence[float], rng: random.Random, limit: int = 24) -> list[Allotment]:
    """The greedy answers to random chips in a position with these slopes: every one when there
    are at most ``limit``, else ``limit`` drawn at random (chips shuffled within each group), as
    the greedy beginner breaks its ties."""
    groups = greedy_groups(slopes)
    count = math.prod(math.factorial(len(g)) for g in groups)
    answers: set[Allotment] = set()
    for _ in range(limit * 4 if count > limit else count * 20):
        chip = 0
        allotment = [0] * N_FILES
        for group in groups:
            files = list(group)
            rng.shuffle(files)
            for f in files:
                allotment[f] = chip
                chip += 1
        answers.add(tuple(allotment))
        if len(answers) >= min(limit, count):
            break
    return sorted(answers)


GREEDY_EVIDENCE = 1e-4
"""How unlikely the opponent's recent allotments must have been for a player who does not play the
greedy answer before they count as that habit: the product over those turns of the chance that a
random allotment is *a* greedy answer. A symmetric line (where every order of chips is greedy)
gives no evidence; a bent one, where only a few orders are, gives much."""

BEGINNER_AGREEMENT = 0.85
"""Share of file pairs whose chips follow the greedy slopes, over the opponent's recent allotments,
above which they are taken for a beginner who asks only where a file matters most (easy's
misjudged greedy answers agree about 0.92; an equilibrium mixes and agrees about 0.6)."""

BEGINNER_SAMPLES = 24
"""How many beginner allotments model such an opponent's next move."""


def habit_prediction(
    state: ElastaState, opponent: str, rng: random.Random | None = None
) -> tuple[str, list[Allotment]] | None:
    """The opponent's likely next allotments, if the last allotment turns show a habit: always the
    same chips, copying our previous allotment, the greedy answer to random chips (exactly, its
    ties broken any way), or a beginner's rough version of it (chips mostly in the greedy order).

    An exact habit counts only when it predicted the opponent's last allotments exactly, and the
    greedy habit only when that would have been unlikely by chance (:data:`GREEDY_EVIDENCE`). With
    40,320 allotments a turn, a player who really mixes passes neither test."""
    rng = rng or random.Random(0)
    recent = state.recent
    side = 2 if opponent == WHITE else 3
    mine = 5 - side
    if len(recent) >= 3:
        theirs = [turn[side] for turn in recent]
        ours = [turn[mine] for turn in recent]
        if theirs[-1] == theirs[-2] == theirs[-3]:
            return "repeat", [theirs[-1]]
        if theirs[-1] == ours[-2] and theirs[-2] == ours[-3]:
            return "copy", [ours[-1]]
    if len(recent) < 2:
        return None
    chance = 1.0
    agree = disagree = 0
    consistent = True
    for lines, deleted, *allotments in recent:
        slopes = greedy_slopes(lines, deleted, opponent)
        a, d = slope_agreement(slopes, allotments[side - 2])
        agree, disagree = agree + a, disagree + d
        consistent = consistent and d == 0
        chance *= math.prod(math.factorial(len(g)) for g in greedy_groups(slopes)) / math.factorial(N_FILES)
    slopes = greedy_slopes(state.lines, state.deleted, opponent)
    if consistent and chance <= GREEDY_EVIDENCE:
        return "greedy", greedy_answers(slopes, rng)
    if agree + disagree >= 20 and agree >= BEGINNER_AGREEMENT * (agree + disagree):
        return "beginner", sorted({beginner_allotment(state, opponent, rng) for _ in range(BEGINNER_SAMPLES)})
    return None


def greedy_allotment(lines: Sequence[int], deleted: int, player: str) -> Allotment:
    """The exact best answer to uniformly random chips under the full evaluation: what a player
    who only asks "where does a file matter most?" plays, every time (ties broken one fixed way)."""
    return TurnGame(lines, deleted, True).assignment_reply(player, UNIFORM, UNIFORM_WEIGHTS)


def punish(state: ElastaState, player: str, predicted: Sequence[Allotment], seconds: float) -> Allotment:
    """The best answer to the predicted allotments (equally likely): the assignment answer,
    polished by chip swaps."""
    game = TurnGame(state.lines, state.deleted, True)
    weights = [1.0 / len(predicted)] * len(predicted)
    reply, _ = game.best_reply(player, FIRST_GUESS, list(predicted), weights, clock.now() + seconds)
    return reply


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


__all__ = ["BLACK", "WHITE", "ai", "evaluate"]
