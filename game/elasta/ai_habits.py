"""Reading an Elasta opponent's habits from the allotment turns the position remembers.

An equilibrium alone guarantees only the game's value: it does not punish a predictable player. These
tests say what the opponent will likely play next when its last turns show a habit — exact (the same
chips, copying us, the greedy answer to random chips) or loose (chips ranked by a beginner's sense of
the stakes or by its own holds, or a pattern such as a rush on the same files or a counter to our
last chips that foretells some of its chips) — and :func:`punish` answers the prediction.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game import clock
from game.elasta.ai_model import by_holds, holds
from game.elasta.ai_turn import (
    FIRST_GUESS,
    UNIFORM,
    UNIFORM_WEIGHTS,
    TurnGame,
    beginner_allotment,
)
from game.elasta.rules import N_FILES, WHITE, Allotment, ElastaState, PastTurn


def turn_chips(turn: PastTurn, player: str) -> tuple[Allotment, Allotment]:
    """A remembered allotment turn's chips: ``player``'s, then the other side's (the turn holds
    White's at 2 and Black's at 3)."""
    return (turn[2], turn[3]) if player == WHITE else (turn[3], turn[2])


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
    if len(recent) >= 3:
        pairs = [turn_chips(turn, opponent) for turn in recent]
        theirs, ours = [t for t, _ in pairs], [o for _, o in pairs]
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
    return holds_habit(state, opponent, rng) or pattern_habit(state, opponent)


PATTERN_HITS = 6
"""Files (of 16 over the last two turns) a pattern must have foretold, where chance foretells 2,
before the opponent is taken to follow it."""


def pattern_habit(state: ElastaState, opponent: str) -> tuple[str, list[Allotment]] | None:
    """A loose habit: the opponent's chips partly foretold by their own last allotment (the same
    files, or the files at the same place in their order of holds), by ours, or by ours plus one (a
    player who expects us to repeat and beats every file by one). A rush at the same file each turn
    or a counter to our last chips repeats only some chips, so no exact habit sees it. The best
    pattern's prediction weighs as much as it hit; uniformly random chips fill the rest."""
    recent = state.recent
    if len(recent) < 3:
        return None

    def patterns(i: int) -> dict[str, Allotment]:
        """Each pattern's prediction for the turn after ``recent[i]`` (``now``: the holds then)."""
        lines, deleted = recent[i][0], recent[i][1]
        theirs, ours = turn_chips(recent[i], opponent)
        if i + 1 < len(recent):
            now = holds(recent[i + 1][0], recent[i + 1][1], opponent)
        else:
            now = holds(state.lines, state.deleted, opponent)
        return {
            "repeat": theirs,
            "holds": by_holds(theirs, holds(lines, deleted, opponent), now),
            "copy": ours,
            "counter": tuple((c + 1) % N_FILES for c in ours),
        }

    hits: dict[str, int] = {}
    for i in range(len(recent) - 1):
        actual = turn_chips(recent[i + 1], opponent)[0]
        for name, guess in patterns(i).items():
            hits[name] = hits.get(name, 0) + sum(a == b for a, b in zip(guess, actual, strict=True))
    name = max(hits, key=lambda k: hits[k])
    if hits[name] < PATTERN_HITS:
        return None
    share = hits[name] / (N_FILES * (len(recent) - 1))
    guess = patterns(len(recent) - 1)[name]
    copies = 64 if share >= 1 else max(1, round(N_FILES * share / (1 - share)))
    return "pattern-" + name, [guess] * copies + UNIFORM


HOLDS_AGREEMENT = 0.85
"""Share of file pairs whose chips follow (or go against) the opponent's holds, over its recent
allotments, above which its chips are taken to be ranked by holds: a turtle's big chips on its
weakest files, or a player who backs the files it holds most."""


def holds_habit(state: ElastaState, opponent: str, rng: random.Random) -> tuple[str, list[Allotment]] | None:
    """Chips ranked by how much of each file the opponent holds, one way or the other: a plan
    simple enough for a person to adopt ("defend my weakest files") and to be read from three
    turns. The prediction keeps the order, its ties and near ties broken at random."""
    agree = disagree = 0
    for lines, deleted, *allotments in state.recent:
        mine = [float(h) for h in holds(lines, deleted, opponent)]
        a, d = slope_agreement(mine, allotments[0 if opponent == WHITE else 1])
        agree, disagree = agree + a, disagree + d
    total = agree + disagree
    if total < 20 or max(agree, disagree) < HOLDS_AGREEMENT * total:
        return None
    sign = 1.0 if agree > disagree else -1.0
    now = holds(state.lines, state.deleted, opponent)
    predicted = set()
    for _ in range(BEGINNER_SAMPLES):
        keys = [sign * h + rng.gauss(0.0, 0.5) for h in now]
        order = sorted(range(N_FILES), key=lambda f: keys[f])
        chips = [0] * N_FILES
        for chip, file in enumerate(order):
            chips[file] = chip
        predicted.add(tuple(chips))
    return "holds", sorted(predicted)


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
