"""Elasta's turn as a matrix game: the static evaluation, the payoffs of one allotment turn and the
best replies to a mixture (:class:`TurnGame`), and the beginner's allotment every level builds on.

Split from :mod:`game.elasta.ai` so that the opponent model (:mod:`game.elasta.ai_model`) and the
levels can share it without importing each other.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game import clock
from game.elasta.rules import (
    BLACK,
    N_FILES,
    N_RANKS,
    WHITE,
    Allotment,
    ElastaState,
    contract,
    push,
    square,
)
from game.matrix import hungarian_max

WIN = 100.0
"""Value of a won position; heuristic values stay well inside it."""

DANGER = (0.0, 9.0, 2.5, 0.8, 0.25, 0.0, 0.0, 0.0, 0.0)
"""Penalty for having a file of depth d (index d): convex, since a file at depth 1 is one lost
comparison from defeat while depth 4 is four turns away."""

EASY_MISJUDGE = 0.15
"""Spread (log-normal sigma) of easy's misjudgement of how much each file matters this turn."""
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


def greedy_allotment(lines: Sequence[int], deleted: int, player: str) -> Allotment:
    """The exact best answer to uniformly random chips under the full evaluation: what a player
    who only asks "where does a file matter most?" plays, every time (ties broken one fixed way;
    the sparring partner "greedy" of :mod:`game.elasta.sparring`)."""
    return TurnGame(lines, deleted, True).assignment_reply(player, UNIFORM, UNIFORM_WEIGHTS)


__all__ = ["BLACK", "WHITE", "TurnGame", "beginner_allotment", "evaluate", "greedy_allotment", "live_prefix"]
