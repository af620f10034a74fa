"""Winning chances a player can read: a position → each side's chance (0 to 1) of winning.

Every game's hard search judges a position on its own scale (Epaminondas in stones and threats,
Elephant Run in points, Elasta and Nelaxtam by the value of the next turn's matrix game). Those
numbers mean nothing to a player, and nothing from one game to another. So each game gives a *raw*
evaluation from a bounded search, and a logistic curve fitted on seeded self-play games turns it
into a chance: ``p = 1 / (1 + exp(-(scale * raw + bias)))``, for the first player.

A game takes part by adding ``game/<game>/chance.py`` beside its rules, found by the package the
state lives in (as its ``words.py`` is), never by a table of game ids here. The module offers:

- ``EFFORT``: a mapping from effort name (``"quick"``, ``"deep"``) to the :class:`~game.search.Limit`
  the reading may spend. Depth and nodes only, so a reading is the same on every machine.
- ``read(state, limit) -> Reading``: the raw value for the first player, an exact share when the
  position is proven (a forced win, Elephant Run's solver), and the best move where there is one.

The fitted curve is small data, ``game/<game>/chance.json``, written by ``python -m game calibrate``
(:mod:`game.cli_analyse`). Draws count half: the two chances always add up to 1, a drawn ending
gives each side 0.5, a won one 1 and 0.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core import GameState, Move, optional_module
from game.search import Limit

EFFORTS: tuple[str, ...] = ("quick", "deep")
"""``quick``: what the analysis and the calibration read with; ``deep``: the slower check the
agreement benchmark compares the quick marks with."""

FOLLOW_FORCED = 8
"""A side with one legal move is judged by the position after it, at most this many times over."""


class ChanceError(ValueError):
    """A game without a winning-chance module, or a damaged ``chance.json``: a sentence for people."""


@dataclass(frozen=True)
class Reading:
    """What one bounded look at a position says, before calibration.

    ``value``: the raw evaluation for the first player, on the game's own scale (None: the game
    has no estimate here, such as Elephant Run's setup); ``exact``: the first player's share when
    the result is proven (1 won, 0 lost, 0.5 drawn); ``best``: the best move of the side to move
    (alternating games), for the analysis's "better" suggestion."""

    value: float | None
    exact: float | None = None
    best: Move | None = None


@dataclass(frozen=True)
class Logistic:
    """The curve from a raw value to the first player's chance."""

    scale: float
    bias: float = 0.0

    def __call__(self, value: float) -> float:
        z = self.scale * value + self.bias
        if z >= 0:
            return 1.0 / (1.0 + math.exp(-min(z, 700.0)))
        e = math.exp(max(z, -700.0))
        return e / (1.0 + e)


# -- the game's module and its curve ---------------------------------------------------------------
def _package(state: GameState) -> str:
    return type(state).__module__.rpartition(".")[0]


def game_module(state: GameState) -> Any:
    """``game/<game>/chance.py`` for this state's game, or a :class:`ChanceError`."""
    package = _package(state)
    module = optional_module(f"{package}.chance") if package.startswith("game.") else None
    if module is None:
        raise ChanceError(f"{state.game_id or 'this game'} has no winning-chance evaluation")
    return module


def effort_limit(state: GameState, effort: str) -> Limit:
    """The limit of one reading at ``effort`` in this state's game."""
    limits: Mapping[str, Limit] = game_module(state).EFFORT
    if effort not in limits:
        raise ChanceError(f"unknown effort '{effort}' (efforts: {', '.join(EFFORTS)})")
    return limits[effort]


def curve_path(state: GameState) -> Path:
    """Where this game's fitted curve lives: ``chance.json`` beside its rules."""
    return Path(game_module(state).__file__).with_name("chance.json")


_CURVES: dict[str, Logistic] = {}


def curve(state: GameState) -> Logistic:
    """The game's fitted curve (read once), or its module's ``GUESS`` before any calibration."""
    package = _package(state)
    found = _CURVES.get(package)
    if found is None:
        path = curve_path(state)
        if path.is_file():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                found = Logistic(float(data["scale"]), float(data["bias"]))
            except (OSError, ValueError, KeyError, TypeError) as exc:
                raise ChanceError(
                    f"{path.name} of {state.game_id} is damaged ({type(exc).__name__})"
                ) from None
        else:
            found = game_module(state).GUESS
        _CURVES[package] = found
    return found


def forget_curves() -> None:
    """Read the curves afresh (after a calibration wrote one)."""
    _CURVES.clear()


# -- readings and chances --------------------------------------------------------------------------
def outcome_share(state: GameState) -> float | None:
    """The first player's share of a finished game (1, 0.5 or 0), None while it goes on."""
    outcome = state.outcome()
    if outcome is None:
        return None
    if outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == state.players[0] else 0.0


def read(state: GameState, effort: str = "quick") -> Reading:
    """The position's reading at ``effort``: the ending itself when the game is over, the position
    after a forced move when the side to move has only one, else the game's own bounded look."""
    limit = effort_limit(state, effort)
    module = game_module(state)
    forced: Move | None = None
    for _ in range(FOLLOW_FORCED):
        share = outcome_share(state)
        if share is not None:
            return Reading(None, share, forced)
        movers = state.to_move()
        if len(movers) != 1:
            break
        moves = state.legal_moves(movers[0])
        if len(moves) != 1:
            break
        forced = moves[0] if forced is None else forced
        state = state.apply_turn({movers[0]: moves[0]})
    reading: Reading = module.read(state, limit)
    return reading if forced is None else Reading(reading.value, reading.exact, forced)


def turn_candidates(state: GameState, effort: str = "quick") -> dict[str, list[Move]]:
    """Each side's candidate orders for the coming turn of a game of secret orders, likeliest first:
    the game module's ``turn_candidates(state, limit)`` (the support of hard's equilibrium at the
    effort's limit). A :class:`ChanceError` for a game that offers none."""
    module = game_module(state)
    offer = getattr(module, "turn_candidates", None)
    if offer is None:
        raise ChanceError(f"{state.game_id or 'this game'} offers no candidate orders")
    found: dict[str, list[Move]] = offer(state, effort_limit(state, effort))
    return found


def first_chance(state: GameState, reading: Reading) -> float:
    """The first player's chance from a reading: exact when proven, else through the curve (one
    half where the game has no estimate)."""
    if reading.exact is not None:
        return reading.exact
    if reading.value is None:
        return 0.5
    return curve(state)(reading.value)


def chances(state: GameState, first: float) -> dict[str, float]:
    """Both players' chances, from the first player's."""
    a, b = state.players[0], state.players[1]
    return {a: first, b: 1.0 - first}


def winning_chance(state: GameState, effort: str = "quick") -> dict[str, float]:
    """Each player's chance of winning ``state`` (draws counted half, so they add up to 1)."""
    return chances(state, first_chance(state, read(state, effort)))


def hard_reading(
    state: GameState,
    limit: Limit,
    stats: Mapping[str, Any],
    win: int,
    ai: Callable[[GameState, str, str, random.Random, Limit], Move],
) -> Reading:
    """The reading of an alternating game's hard search: its score for the side to move (left in
    the game's ``LAST_STATS`` by ``ai``), turned to the first player's side; a score past ``win``
    is a proven result. A fixed seed, so the same position reads the same every time."""
    mover = state.to_move()[0]
    if not isinstance(stats, dict):
        raise TypeError("LAST_STATS should be a dict")
    stats.clear()
    best = ai(state, mover, "hard", random.Random(0), limit)
    score = float(stats.get("score", 0.0))
    sign = 1.0 if mover == state.players[0] else -1.0
    if abs(score) >= win:
        return Reading(sign * score, 1.0 if sign * score > 0 else 0.0, best)
    return Reading(sign * score, None, best)


# -- fitting the curve -----------------------------------------------------------------------------
def fit_logistic(values: Sequence[float], results: Sequence[float], iterations: int = 60) -> Logistic:
    """The curve that best predicts ``results`` (1 won, 0.5 drawn, 0 lost, for the first player)
    from ``values``, by log-loss: Newton's method on the values scaled to unit spread, with a faint
    ridge so a sample that separates perfectly (or one side always winning) still gives a finite curve."""
    if len(values) != len(results) or not values:
        raise ValueError("fitting needs as many results as values, and at least one")
    spread = math.sqrt(sum(v * v for v in values) / len(values)) or 1.0
    xs = [v / spread for v in values]
    a = b = 0.0
    ridge = 1e-3 * len(xs)
    for _ in range(iterations):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, results, strict=True):
            p = Logistic(a, b)(x)
            w = max(p * (1.0 - p), 1e-12)
            ga += (p - y) * x
            gb += p - y
            haa += w * x * x
            hab += w * x
            hbb += w
        ga += ridge * a
        gb += ridge * b
        haa += ridge
        hbb += ridge
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a - da, b - db
        if abs(da) + abs(db) < 1e-10:
            break
    return Logistic(a / spread, b)


@dataclass(frozen=True)
class Bucket:
    """One row of a calibration table: predictions in [low, high), how many, their mean, the
    observed share of wins (draws half)."""

    low: float
    high: float
    count: int
    predicted: float
    observed: float


def calibration_table(
    predicted: Sequence[float], results: Sequence[float], buckets: int = 10
) -> tuple[list[Bucket], float]:
    """The predictions in ``buckets`` equal slices of [0, 1] against what happened, and the
    expected calibration error (the count-weighted mean gap between prediction and outcome)."""
    rows: list[Bucket] = []
    error = 0.0
    total = len(predicted)
    for i in range(buckets):
        low, high = i / buckets, (i + 1) / buckets
        inside = [
            (p, y)
            for p, y in zip(predicted, results, strict=True)
            if low <= p < high or (i == buckets - 1 and p == 1.0)
        ]
        if not inside:
            continue
        mean_p = sum(p for p, _ in inside) / len(inside)
        mean_y = sum(y for _, y in inside) / len(inside)
        rows.append(Bucket(low, high, len(inside), mean_p, mean_y))
        error += len(inside) / total * abs(mean_p - mean_y)
    return rows, error


def log_loss(predicted: Sequence[float], results: Sequence[float]) -> float:
    """Mean log-loss of the predictions (clipped away from 0 and 1)."""
    total = 0.0
    for p, y in zip(predicted, results, strict=True):
        p = min(max(p, 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(1, len(predicted))


# -- self-play for the calibration -----------------------------------------------------------------
PAIRINGS: tuple[tuple[str, str], ...] = (
    ("normal", "normal"),
    ("hard", "normal"),
    ("normal", "hard"),
    ("easy", "normal"),
    ("normal", "easy"),
    ("hard", "hard"),
)
"""Who plays whom in the calibration games, in turn: mostly even games, some lopsided ones, so the
curve sees both close and clear positions."""


@dataclass(frozen=True)
class Sample:
    """One position of a self-play game: its raw value and the first player's final result."""

    value: float
    result: float
    game: int


def self_play(
    start: Callable[[], GameState],
    games: int,
    seed: int,
    play_limit: Limit,
    every: int = 1,
    progress: Callable[[int, int], None] | None = None,
    opening: int = 0,
) -> list[Sample]:
    """Seeded games between the levels of :data:`PAIRINGS` (each move bounded by ``play_limit``),
    every ``every``-th position of each read at the quick effort, labelled with how the game ended.
    Proven positions and those without an estimate are left out: the curve is not needed there.

    ``opening``: up to that many first turns of each game (a different number each game) are
    played by easy on both sides. Under a node limit the stronger levels play much the same game
    whatever the seed, and a curve fitted on a handful of distinct games says little."""
    from game.ai import choose_move

    samples: list[Sample] = []
    for number in range(games):
        rng = random.Random(seed * 1_000_003 + number)
        free = rng.randint(0, opening) if opening else 0
        state = start()
        seen: list[GameState] = []
        ply = 0
        while not state.over and ply < 2000:
            if ply % every == 0:
                seen.append(state)
            levels = ("easy", "easy") if ply < free else PAIRINGS[number % len(PAIRINGS)]
            turn = {
                p: choose_move(state, p, levels[state.players.index(p)], rng.randrange(1 << 30), play_limit)
                for p in state.to_move()
            }
            state = state.apply_turn(turn)
            ply += 1
        result = outcome_share(state)
        if result is None:
            continue
        for position in seen:
            reading = read(position, "quick")
            if reading.exact is None and reading.value is not None:
                samples.append(Sample(reading.value, result, number))
        if progress is not None:
            progress(number + 1, games)
    return samples


def write_curve(state: GameState, fitted: Logistic, extra: Mapping[str, Any]) -> Path:
    """Keep the fitted curve as ``chance.json`` beside the game's rules."""
    path = curve_path(state)
    data = {"scale": fitted.scale, "bias": fitted.bias, **extra}
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    forget_curves()
    return path


__all__ = [
    "EFFORTS",
    "Bucket",
    "ChanceError",
    "Logistic",
    "Reading",
    "Sample",
    "calibration_table",
    "chances",
    "curve",
    "first_chance",
    "fit_logistic",
    "log_loss",
    "read",
    "self_play",
    "turn_candidates",
    "winning_chance",
    "write_curve",
]
