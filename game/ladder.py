"""How strong is each level? Seeded computer-against-computer games and the figures that say so.

One game loop serves both ``python -m game arena`` (two chosen levels) and ``python -m game
ladder`` (every neighbouring pair of levels in every game): :func:`play_game` plays one game,
:func:`run_jobs` plays many (in worker processes when asked), and :func:`summarise` turns a pair's
results into the figures the ladder table and ``docs/ai.md`` show: W-D-L of the stronger side, its
score with a 95 % Wilson interval, games stopped by a safety cap, mean length and think times.

A game has two ways of ending that are not a result of play: the rules' own safety caps (Elasta's
300 turns, Nelaxtam's 20 calm turns and 300 turns, the quiet-move draws of Epaminondas and Changing
Challenges) and the ladder's turn limit. Both are counted as *capped*, apart from the rules' real
endings (a draw by repetition or by both ground lines at once is a rules draw, not a cap), because
many capped games mean the levels could not force a decision, which a score alone hides.
"""

from __future__ import annotations

import math
import os
import random
import statistics
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game import clock
from game.ai import ALL_LEVELS, choose_move
from game.core import GameInfo, GameState, Move
from game.greedy import greedy_move
from game.register import get
from game.styles import SEAT_PREFIX, style_named

BOT_LEVELS: tuple[str, ...] = ("random", "greedy", *ALL_LEVELS[1:])
"""Every player the ladder and the arena can seat, weakest first: the app's levels plus the random
mover and the greedy beginner (:mod:`game.greedy`)."""

LADDER_PAIRS: tuple[tuple[str, str], ...] = (("hard", "normal"), ("normal", "easy"), ("easy", "random"))
"""Stronger level first: each step of the ladder is one pair."""

GREEDY_PAIRS: tuple[tuple[str, str], ...] = (("greedy", "easy"), ("greedy", "hard"))
"""``--b greedy``: the beginner against the weakest and the strongest level (greedy's score shown)."""

MAX_TURNS = 2000
"""The ladder's own stop for a game the rules would let run on (none of the five should reach it)."""

Z_95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""


def move_for(
    state: GameState, player: str, level: str, seed: int, past: Sequence[Mapping[str, Move]] = ()
) -> Move:
    """A move from any seat of :data:`BOT_LEVELS` or a gauntlet style (``style:<name>``, which also
    sees the turns played so far, ``past``), deterministic for a seed (time-limited levels aside:
    they stop on the clock)."""
    if level == "greedy":
        return greedy_move(state, player, seed)
    if level.startswith(SEAT_PREFIX):  # a style of the gauntlet (game/styles.py)
        style = style_named(get(state.game_id), level.removeprefix(SEAT_PREFIX))
        return style.choose(state, player, random.Random(seed), past)
    return choose_move(state, player, level, seed)


# -- one game -----------------------------------------------------------------------------------------
def play_game(
    info: GameInfo,
    options: dict[str, str],
    levels: dict[str, str],
    seed: int,
    times: dict[str, list[float]] | None = None,
    max_turns: int = MAX_TURNS,
) -> tuple[GameState, list[str]]:
    """One computer-vs-computer game; ``levels`` maps each player to a seat of :data:`BOT_LEVELS`.
    Think times per level go into ``times`` when given. Returns the last state and the turns played
    in notation (fewer than ``max_turns`` unless the limit stopped it)."""
    state = info.factory(options)
    moves: list[str] = []
    past: list[dict[str, Move]] = []
    rng = random.Random(seed)
    while not state.over and len(moves) < max_turns:
        turn = {}
        for player in state.to_move():
            start = clock.now()
            turn[player] = move_for(state, player, levels[player], rng.getrandbits(32), past)
            if times is not None:
                times.setdefault(levels[player], []).append(clock.now() - start)
        moves.append(state.turn_to_text(turn))
        past.append(turn)
        state = state.apply_turn(turn)
    return state, moves


def ended_by_cap(state: GameState) -> bool:
    """True when the game was stopped by a cap (the rules' or the ladder's), not decided by play."""
    return state.outcome() is None or state.ended_by_cap()


# -- many games -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameJob:
    """One seeded game between seats ``a`` and ``b``: A plays the first player in even-indexed
    games and the second in odd ones, so every pair plays both sides equally."""

    game_id: str
    options: dict[str, str]
    index: int
    a: str
    b: str
    seed: int
    max_turns: int = MAX_TURNS


@dataclass(frozen=True)
class GameResult:
    """What one game left: who sat where, who won and why, its length and every move's think time."""

    job: GameJob
    a_player: str
    b_player: str
    winner: str | None
    reason: str
    turns: int
    capped: bool
    times: dict[str, list[float]] = field(default_factory=dict)

    @property
    def a_score(self) -> float:
        """1 for a win of seat A, ½ for a draw (or a game without a winner), 0 for a loss."""
        if self.winner == self.a_player:
            return 1.0
        return 0.5 if self.winner is None else 0.0


def run_job(job: GameJob) -> GameResult:
    """Play one job (a top-level function, so a process pool can run it)."""
    info = get(job.game_id)
    players = info.players
    a_player = players[job.index % len(players)]
    b_player = next(p for p in players if p != a_player)
    times: dict[str, list[float]] = {}
    state, moves = play_game(
        info,
        info.validate(job.options),
        {a_player: job.a, b_player: job.b},
        job.seed * 100_003 + job.index,
        times,
        job.max_turns,
    )
    outcome = state.outcome()
    return GameResult(
        job,
        a_player,
        b_player,
        outcome.winner if outcome else None,
        outcome.reason if outcome else "turn limit reached",
        len(moves),
        ended_by_cap(state),
        times,
    )


def run_jobs(jobs: Sequence[GameJob], workers: int, ordered: bool = True) -> Iterator[GameResult]:
    """Games one after another, or spread over ``workers`` processes (in order, or as they finish
    when ``ordered`` is False). Each game has its own seed, so only levels that stop on the clock
    can play differently when games share cores."""
    if workers <= 1:
        yield from map(run_job, jobs)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from (pool.imap if ordered else pool.imap_unordered)(run_job, jobs)


# -- figures ---------------------------------------------------------------------------------------------
def wilson_interval(score: float, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score / games`` (draws counting a half).

    Unlike the plain ``p ± z·sqrt(p(1-p)/n)`` it stays inside [0, 1] and does not shrink to a
    point at 0 % or 100 %, which matters for the ladder's small samples and lopsided pairs."""
    if games <= 0:
        return 0.0, 1.0
    p = score / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class ThinkTime:
    """Seconds per move of one seat over a pair's games."""

    moves: int
    median: float
    maximum: float


@dataclass(frozen=True)
class PairSummary:
    """The ladder's row for one pair in one game, from the first seat's side."""

    game: str
    a: str
    b: str
    wins: int
    draws: int
    losses: int
    capped: int
    mean_turns: float
    think: dict[str, ThinkTime]
    first_player_wins: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """(wins + half the draws) / games, for seat A."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins + 0.5 * self.draws, self.games)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "game": self.game,
            "a": self.a,
            "b": self.b,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": round(self.score, 4),
            "interval": [round(low, 4), round(high, 4)],
            "capped": self.capped,
            "mean_turns": round(self.mean_turns, 2),
            "first_player_wins": self.first_player_wins,
            "think": {
                level: {"moves": t.moves, "median": round(t.median, 4), "max": round(t.maximum, 4)}
                for level, t in self.think.items()
            },
        }


def summarise(game: str, a: str, b: str, results: Iterable[GameResult]) -> PairSummary:
    """One pair's figures from its games, counted for seat A."""
    results = list(results)
    wins = sum(1 for r in results if r.winner == r.a_player)
    losses = sum(1 for r in results if r.winner == r.b_player)
    times: dict[str, list[float]] = {}
    for result in results:
        for level, values in result.times.items():
            times.setdefault(level, []).extend(values)
    think = {
        level: ThinkTime(len(values), statistics.median(values), max(values))
        for level, values in times.items()
        if values
    }
    first = get(game).players[0]
    return PairSummary(
        game=game,
        a=a,
        b=b,
        wins=wins,
        draws=len(results) - wins - losses,
        losses=losses,
        capped=sum(1 for r in results if r.capped),
        mean_turns=statistics.fmean(r.turns for r in results) if results else 0.0,
        think=think,
        first_player_wins=sum(1 for r in results if r.winner == first),
    )


def ladder_jobs(
    game_ids: Sequence[str],
    pairs: Sequence[tuple[str, str]],
    n: int,
    seed: int,
    options: dict[str, str] | None = None,
) -> list[GameJob]:
    """Every game of a ladder run: ``n`` per pair per game, sides alternating."""
    return [
        GameJob(game_id, dict(options or {}), index, a, b, seed)
        for game_id in game_ids
        for a, b in pairs
        for index in range(n)
    ]


def run_ladder(
    jobs: Sequence[GameJob], workers: int, on_result: Callable[[GameResult], None] | None = None
) -> list[PairSummary]:
    """Play every job and summarise each (game, pair), in the order the jobs list them."""
    place = {(job.game_id, job.a, job.b, job.index): n for n, job in enumerate(jobs)}
    results = []
    for result in run_jobs(jobs, workers, ordered=False):
        results.append(result)
        if on_result is not None:
            on_result(result)
    results.sort(key=lambda r: place[(r.job.game_id, r.job.a, r.job.b, r.job.index)])
    return summaries_of(results)


def summaries_of(results: Sequence[GameResult]) -> list[PairSummary]:
    """One summary per (game, pair), in the order they first appear (a run's, or merged files')."""
    by_pair: dict[tuple[str, str, str], list[GameResult]] = {}
    for result in results:
        by_pair.setdefault((result.job.game_id, result.job.a, result.job.b), []).append(result)
    return [summarise(game, a, b, games) for (game, a, b), games in by_pair.items()]


# -- the table ---------------------------------------------------------------------------------------------
def _think_text(summary: PairSummary) -> str:
    parts = []
    for level in (summary.a, summary.b):
        t = summary.think.get(level)
        if t is not None and level != "random":
            parts.append(f"{level} {t.median:.2f}/{t.maximum:.2f}")
    return "  ".join(parts)


def format_table(summaries: Sequence[PairSummary]) -> str:
    """The ladder as plain text: one row per pair, the first seat's result."""
    header = (
        f"{'game':<20}{'pair':<15}{'W-D-L':>10}{'score':>7}  {'95% interval':<13}"
        f"{'capped':>6}{'turns':>7}  think s/move (median/max)"
    )
    rows = [header, "-" * len(header)]
    for s in summaries:
        low, high = s.interval
        rows.append(
            f"{s.game:<20}{s.a + '-' + s.b:<15}{f'{s.wins}-{s.draws}-{s.losses}':>10}"
            f"{s.score:>7.2f}  {f'{low:.2f}-{high:.2f}':<13}{s.capped:>6}{s.mean_turns:>7.1f}  "
            f"{_think_text(s)}"
        )
    return "\n".join(rows)


def machine_load() -> dict[str, Any]:
    """The cores and the load average now (None where the system has no load average): every
    ladder figure about time is only as good as the machine was quiet."""
    try:
        load: list[float] | None = [round(v, 2) for v in os.getloadavg()]
    except (AttributeError, OSError):  # no load average on this system (Windows)
        load = None
    return {"cpus": os.cpu_count(), "load_average": load}


def load_text(before: dict[str, Any], after: dict[str, Any]) -> str:
    """One line on how busy the machine was, for under the table."""

    def one(figures: dict[str, Any]) -> str:
        load = figures.get("load_average")
        return "unknown" if not load else f"{load[0]:.1f}"

    return (
        f"machine: {before.get('cpus') or '?'} cores; load average (1 min) {one(before)} at the start, "
        f"{one(after)} at the end"
    )


__all__ = [
    "BOT_LEVELS",
    "GREEDY_PAIRS",
    "LADDER_PAIRS",
    "GameJob",
    "GameResult",
    "PairSummary",
    "ended_by_cap",
    "format_table",
    "ladder_jobs",
    "load_text",
    "machine_load",
    "move_for",
    "play_game",
    "run_jobs",
    "run_ladder",
    "summaries_of",
    "summarise",
    "wilson_interval",
]
