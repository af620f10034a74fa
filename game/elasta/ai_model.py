"""Elasta's opponent model: what *this* opponent tends to play, learnt from the turns the position
remembers, as a mixture of simple kinds of player weighed by how well each foretold its chips.

Why: an equilibrium guarantees the game's value and wins little from a player who does not play
it, and a detector per habit only sees the habits it was written for (and a level tuned to one bot's
habits is beaten by the next bot). People play in a few broad ways — at random, roughly where a file
matters most, defending their weakest files, pushing their strongest, repeating or copying or
beating last turn's chips — so the model keeps one *kind* for each and lets the evidence choose: for
each remembered turn it asks how likely each kind made the chips the opponent really played (per
file, from the kind's own sampled allotments in that turn's position), and weighs the kinds by it
(Bayes, with the evidence tempered because files are not independent). The prediction for this
turn is each kind's allotments in today's position, in those weights. Nothing in it names a bot;
a player who changes style is read anew within a turn or two, and one who mixes well is read as
"random", to which the levels answer with their equilibrium as well.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from game.elasta.ai_turn import UNIFORM, TurnGame, live_prefix, random_allotment
from game.elasta.rules import N_FILES, N_RANKS, WHITE, Allotment, ElastaState, PastTurn

KIND_PRIOR: dict[str, float] = {
    "random": 0.25,
    "loose": 0.15,
    "naive": 0.15,
    "greedy": 0.10,
    "turtle": 0.08,
    "reach": 0.08,
    "repeat": 0.05,
    "holds": 0.05,
    "copy": 0.05,
    "counter": 0.04,
}
"""The kinds of player and how likely each is before any evidence: "random" (any chips), "naive"
and "greedy" (high chips where a file matters most, roughly or sharply: the answer to random chips,
each file's stakes misjudged by :data:`NAIVE_SIGMA` or :data:`GREEDY_SIGMA`), "turtle" and "reach"
(chips ranked by its own holds: the big ones on its weakest files, or on its strongest), and the
patterns over last turn: "repeat" (the same chips), "holds" (the same chip for the file at the same
place in its order of holds), "copy" (our chips) and "counter" (ours plus one)."""

FIXED_KINDS = ("repeat", "holds", "copy", "counter")
"""The kinds that foretell one allotment, not a spread: a player the model finds in them is as
predictable as a player can be, so hard trusts its belief about such a player in their weight
(:func:`certainty`)."""


def certainty(weights: dict[str, float]) -> float:
    """How sure the model is that the opponent's chips are fixed by a pattern: the weight of
    :data:`FIXED_KINDS`."""
    return sum(weights.get(kind, 0.0) for kind in FIXED_KINDS)


LOOSE_SIGMA = 1.5
NAIVE_SIGMA = 0.6
GREEDY_SIGMA = 0.15
"""Log-normal spread of the misjudged stakes of the "naive" and the "greedy" kinds."""

HOLDS_NOISE = 0.6
"""Gaussian noise on the holds by which "turtle" and "reach" rank their files (ties and near ties
broken either way)."""

SAMPLES = 24
"""Allotments sampled per kind and position (for the kinds that vary)."""

SMOOTHING = 0.15
"""Share of uniformly random chips mixed into every kind's per-file chip frequencies: no kind is
ever certain, so one odd chip does not rule it out."""

TEMPER = 0.5
"""Evidence is raised to this power: eight files of one allotment are not eight independent
observations (a permutation ties them), and a model sure of itself after one turn is easily baited."""


def holds(lines: Sequence[int], deleted: int, player: str) -> list[int]:
    """Per file, the squares ``player`` still holds between the stick and their ground line."""
    pre = live_prefix(deleted)
    white = [pre[f][line] for f, line in enumerate(lines)]
    return white if player == WHITE else [pre[f][N_RANKS] - w for f, w in enumerate(white)]


def by_keys(keys: Sequence[float]) -> Allotment:
    """The chips in the order of ``keys``: 7 to the file with the largest key, 0 to the smallest."""
    order = sorted(range(N_FILES), key=lambda f: keys[f])
    chips = [0] * N_FILES
    for chip, file in enumerate(order):
        chips[file] = chip
    return tuple(chips)


def by_holds(chips: Allotment, then: Sequence[int], now: Sequence[int]) -> Allotment:
    """``chips`` moved to today's files: the file now at the same place in the order of holds gets
    what the file there got then."""
    then_order = sorted(range(N_FILES), key=lambda f: (then[f], f))
    now_order = sorted(range(N_FILES), key=lambda f: (now[f], f))
    out = [0] * N_FILES
    for old, new in zip(then_order, now_order, strict=True):
        out[new] = chips[old]
    return tuple(out)


def stakes(lines: Sequence[int], deleted: int, player: str) -> list[float]:
    """Per file, what winning it is worth to ``player`` over losing it (one file at a time, the
    rest tied): the slope of a chip's worth against random chips, by which a greedy player ranks
    its files. The same for both sides: what White gains by winning a file over losing it is what
    Black loses."""
    del player  # winning a file is worth to Black what losing it costs White, and the other way
    game = TurnGame(lines, deleted, True)
    return [w - v for w, v in zip(game.file_win, game.file_loss, strict=True)]


def noisy_greedy(slopes: Sequence[float], sigma: float, rng: random.Random) -> Allotment:
    """A greedy allotment with each file's stakes misjudged by a log-normal factor (the answer to
    random chips is the chips in the order of the stakes)."""
    return by_keys([max(s, 1e-9) * math.exp(rng.gauss(0.0, sigma)) + rng.uniform(0, 1e-9) for s in slopes])


Kinds = dict[str, list[Allotment]]


def kind_samples(
    lines: Sequence[int],
    deleted: int,
    player: str,
    last: tuple[Allotment, Allotment, Sequence[int]] | None,
    rng: random.Random,
    tries: bool = False,
) -> Kinds:
    """Each kind's likely allotments for ``player`` in a position; ``last``: its own and its
    opponent's chips last turn and its holds then (the patterns need them; without, they are left
    out); ``tries`` adds the kind "tries" (:func:`tries_samples`)."""
    slopes = stakes(lines, deleted, player)
    mine = holds(lines, deleted, player)

    def ranked(sign: float) -> Callable[[], Allotment]:
        return lambda: by_keys([sign * h + rng.gauss(0.0, HOLDS_NOISE) for h in mine])

    out: Kinds = {
        "random": list(UNIFORM),
        "loose": [noisy_greedy(slopes, LOOSE_SIGMA, rng) for _ in range(SAMPLES)],
        "naive": [noisy_greedy(slopes, NAIVE_SIGMA, rng) for _ in range(SAMPLES)],
        "greedy": [noisy_greedy(slopes, GREEDY_SIGMA, rng) for _ in range(SAMPLES)],
        "turtle": [ranked(-1.0)() for _ in range(SAMPLES)],
        "reach": [ranked(1.0)() for _ in range(SAMPLES)],
    }
    if last is not None:
        theirs, ours, then = last
        out["repeat"] = [theirs]
        out["holds"] = [by_holds(theirs, then, mine)]
        out["copy"] = [ours]
        out["counter"] = [tuple((c + 1) % N_FILES for c in ours)]
    if tries:
        out["tries"] = tries_samples(lines, deleted, player, rng)
    return out


TRIES_PRIOR: dict[str, float] = {"random": 0.20, "naive": 0.10, "tries": 0.10}
"""Where a level keeps the kind "tries" (hard), the priors it changes: it takes its share from
"random" and "naive", the kinds it is most often mistaken for."""

TRIES_SAMPLES = 32
TRIES_CANDIDATES = 40
TRIES_REPLIES = 6
"""The kind "tries": allotments sampled per position, each the best of ``TRIES_CANDIDATES`` random
allotments against the same ``TRIES_REPLIES`` random replies. Fewer samples make its chip
frequencies too flat to tell it from "random" in quiet positions."""


def tries_samples(lines: Sequence[int], deleted: int, player: str, rng: random.Random) -> list[Allotment]:
    """A player who tries a few random allotments against a few random replies and keeps the best.

    Why: such a player is random where little is at stake and sharp on the file that decides (a
    won position outweighs every square), so file by file it looks random to every other kind,
    and an answer to "random" gives it the races it wins. It is also how a human who does not
    calculate plays: a few ideas, checked against a few guesses."""
    game = TurnGame(lines, deleted, True)
    counts = [1.0] * TRIES_REPLIES
    out = []
    for _ in range(TRIES_SAMPLES):
        replies = [random_allotment(rng) for _ in range(TRIES_REPLIES)]
        best: Allotment = replies[0]
        best_value = -math.inf
        for _ in range(TRIES_CANDIDATES):
            move = random_allotment(rng)
            value = game.expected(player, move, replies, counts)
            if value > best_value:
                best, best_value = move, value
        out.append(best)
    return out


def chip_frequencies(samples: Sequence[Allotment]) -> list[list[float]]:
    """Per file, how often each chip appears among ``samples``, smoothed (:data:`SMOOTHING`)."""
    table = [[SMOOTHING / N_FILES] * N_FILES for _ in range(N_FILES)]
    share = (1 - SMOOTHING) / len(samples)
    for allotment in samples:
        for f, chip in enumerate(allotment):
            table[f][chip] += share
    return table


def log_likelihood(samples: Sequence[Allotment], allotment: Allotment) -> float:
    """How likely (log, per file as if independent) a kind sampled as ``samples`` played ``allotment``."""
    table = chip_frequencies(samples)
    return sum(math.log(table[f][chip]) for f, chip in enumerate(allotment))


def _chips(turn: PastTurn, player: str) -> tuple[Allotment, Allotment]:
    """A remembered turn's chips: ``player``'s, then the other side's."""
    return (turn[2], turn[3]) if player == WHITE else (turn[3], turn[2])


Reader = Callable[[ElastaState, str, random.Random], Allotment | None]
"""A player who reads us and answers: its allotment for a side in a position (the history in the
state's ``recent``), with its own source of chance, or None when the decision has no time left for
it (:func:`game.elasta.ai.reader_reply`)."""


def kind_weights(
    state: ElastaState, opponent: str, rng: random.Random, reader: Reader | None = None
) -> dict[str, float]:
    """How much each kind is to be believed of ``opponent`` after the turns ``state`` remembers:
    the prior times each kind's (tempered) likelihood of the chips it really played. A kind that
    could not be asked on a turn (a pattern on the first remembered turn; the reader before the
    last one) counts as random there. ``reader`` adds the kinds "reader" (:func:`reader_samples`)
    and "tries" (:data:`TRIES_PRIOR`): the level that reads a thinking player also keeps the
    player who tries a few allotments."""
    prior = {**KIND_PRIOR, **TRIES_PRIOR, "reader": READER_PRIOR} if reader else KIND_PRIOR
    scores = {kind: math.log(p) for kind, p in prior.items()}
    uniform = N_FILES * math.log(1 / N_FILES)
    recent = state.recent
    for i, turn in enumerate(recent):
        lines, deleted = turn[0], turn[1]
        last = None
        if i > 0:
            before = recent[i - 1]
            theirs, ours = _chips(before, opponent)
            last = (theirs, ours, holds(before[0], before[1], opponent))
        samples = kind_samples(lines, deleted, opponent, last, rng, reader is not None)
        if reader and i == len(recent) - 1:
            then = ElastaState(lines, tokens=state.tokens, deleted=deleted, recent=recent[:i])
            samples["reader"] = reader_samples(then, opponent, reader, rng)
        actual = _chips(turn, opponent)[0]
        for kind in scores:
            found = samples.get(kind)
            scores[kind] += TEMPER * (log_likelihood(found, actual) if found else uniform)
    top = max(scores.values())
    weights = {kind: math.exp(s - top) for kind, s in scores.items()}
    total = sum(weights.values())
    return {kind: w / total for kind, w in weights.items()}


READER_PRIOR = 0.10
"""Prior weight of the kind "reader" where a level models it (hard)."""

READER_SAMPLES = 4
"""Allotments sampled for the kind "reader" per position (each a whole decision of a reading
player, the dearest samples of the model)."""


def reader_samples(state: ElastaState, player: str, reader: Reader, rng: random.Random) -> list[Allotment]:
    """A player who reads us and answers: ``player``'s allotments in ``state`` by ``reader``, each
    with its own chance.

    Why: the other kinds are players who do not look at us. A player who does — learns how we
    place our chips and answers it, as a thinking person or the normal level does — is foretold by
    none of them and is read as a blur of "greedy" and "random"; answering that blur answers
    nobody, and such a player, reading our answer in turn, beats it. Asking what someone who reads
    me would play is seeing one step further (depth), not a blind spot: a player who does not read
    us simply gives this kind no evidence, and its prior share fades within a turn or two."""
    out = []
    for _ in range(READER_SAMPLES):
        move = reader(state, player, random.Random(rng.getrandbits(32)))
        if move is None:  # out of time: the samples so far (none: the kind is left out)
            break
        out.append(move)
    return out


def _mixture(samples: Kinds, weights: dict[str, float]) -> tuple[list[Allotment], list[float]]:
    """Each kind's samples in the kind's weight, normalised (kinds below 1e-4 left out)."""
    allotments: list[Allotment] = []
    probs: list[float] = []
    for kind, found in samples.items():
        w = weights.get(kind, 0.0)
        if w < 1e-4:
            continue
        for allotment in found:
            allotments.append(allotment)
            probs.append(w / len(found))
    total = sum(probs)
    return allotments, [p / total for p in probs]


def predict(
    state: ElastaState, opponent: str, rng: random.Random, reader: Reader | None = None
) -> tuple[list[Allotment], list[float], dict[str, float]]:
    """The opponent's likely allotments this turn and their weights (each kind's samples in
    today's position, in the kind's weight), and the kinds' weights themselves. ``reader`` adds
    the kind "reader" (:func:`reader_samples`: a player who reads us and answers)."""
    weights = kind_weights(state, opponent, rng, reader)
    last = None
    if state.recent:
        before = state.recent[-1]
        theirs, ours = _chips(before, opponent)
        last = (theirs, ours, holds(before[0], before[1], opponent))
    samples = kind_samples(state.lines, state.deleted, opponent, last, rng, reader is not None)
    if reader and weights["reader"] >= 1e-4:
        found = reader_samples(state, opponent, reader, rng)
        if found:
            samples["reader"] = found
    allotments, probs = _mixture(samples, weights)
    return allotments, probs, weights
