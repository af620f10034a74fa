"""Epaminondas's demo matches (screenshots, the smoke run, tests).

The seeds, the number of plies, the move picker and the acceptance tests are part of the
screenshots: change any of them and every Epaminondas picture changes. The seed loop itself is the
shared one in :mod:`scenes.kit.demo`.
"""

from __future__ import annotations

import random
from typing import Any

from game.epaminondas.rules import GAME_ID
from game.match import AI, Match, Seat
from scenes.games.epaminondas.moves import BLACK, WHITE
from scenes.kit.demo import by_stage, find_demo, play_plies

SEEDS = 300


def demo_match(stage: str = "mid") -> Match:
    """A deterministic match at ``stage``: "setup" (the opening position, vs computer), "mid"
    (about two dozen plies with captures on both sides) or "end" (finished by a crossing)."""
    return by_stage(stage, {"setup": _setup, "mid": _mid, "end": _end})


def _setup() -> Match:
    return Match(GAME_ID, {}, {WHITE: Seat(), BLACK: Seat(AI, "normal")})


def _fresh() -> Match:
    return Match(GAME_ID, {}, {WHITE: Seat(), BLACK: Seat(AI, "easy")})


def _lively(state: Any, player: str, rng: random.Random) -> Any:
    """A random move that favours captures and forward marches, so demos look like real games
    rather than stones shuffling about at home."""
    moves = list(state.legal_moves(player))
    captures = [m for m in moves if state.captured_by(m)]
    forward = 1 if player == WHITE else -1
    advancing = [m for m in moves if (m[1] - m[0]) * forward > 0]
    if captures and rng.random() < 0.85:
        return rng.choice(captures)
    if advancing and rng.random() < 0.8:
        return rng.choice(advancing)
    return rng.choice(moves)


def _mid_game(match: Match) -> bool:
    """Stones taken on both sides, White to move (the human's side in the picture), still going."""
    state: Any = match.state
    return (
        state.white.bit_count() <= 25
        and state.black.bit_count() <= 25
        and state.player == WHITE
        and not match.over
    )


def _mid() -> Match:
    return find_demo(
        _fresh,
        lambda match, rng: play_plies(match, rng, 26, _lively),
        _mid_game,
        seeds=SEEDS,
        what="mid-game",
    )


def _play_out(match: Match, rng: random.Random) -> None:
    """Lively play until the game ends (400 plies is far more than any game lasts). Returns None, not
    ``play_plies``' False-when-it-ended, so that ``find_demo`` judges the finished match instead of
    skipping it."""
    play_plies(match, rng, 400, _lively)


def _won(match: Match) -> bool:
    outcome = match.outcome
    return match.over and outcome is not None and outcome.winner is not None


def _end() -> Match:
    return find_demo(_fresh, _play_out, _won, seeds=SEEDS, what="finished")
