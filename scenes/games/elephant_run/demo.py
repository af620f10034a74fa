"""Elephant Run's demo matches (screenshots, the smoke run, the bench, tests).

The seeds, the number of plies and the acceptance tests are part of the screenshots: change any of
them and every Elephant Run picture changes. The seed loop itself is the shared one in
:mod:`scenes.kit.demo`.
"""

from __future__ import annotations

import random

from game.elephant_run.rules import ELEPHANT, FARMERS, GAME_ID
from game.match import AI, Match, Seat
from scenes.kit.demo import by_stage, find_demo, play_plies

SEEDS = 200


def demo_match(stage: str = "mid") -> Match:
    """A deterministic match at ``stage``: "setup" (vs computer, elephant to place), "mid" (about ten
    turns played, tiles eaten and a farmer trampled) or "end" (finished)."""
    return by_stage(stage, {"setup": _setup, "mid": _mid, "end": _end})


def _setup() -> Match:
    return Match(GAME_ID, {}, {ELEPHANT: Seat(), FARMERS: Seat(AI, "normal")})


def _placed() -> Match:
    """A fixed placement (elephant central, farmers round the edges) so random play from it looks
    like a real game rather than an early trap."""
    trial = Match(GAME_ID, {}, {ELEPHANT: Seat(), FARMERS: Seat(AI, "easy")})
    trial.play_text("@c2")
    trial.play_text("@a1,a4,b4,e1,f2,f4")
    return trial


def _mid() -> Match:
    return find_demo(
        _placed,
        lambda match, rng: play_plies(match, rng, 10),
        lambda match: match.state.position()["captured"] >= 1 and not match.over,
        seeds=SEEDS,
        what="mid-game",
    )


def _play_out(match: Match, rng: random.Random) -> None:
    """Random play until the game ends (200 plies is far more than any game lasts). Returns None, not
    ``play_plies``' False-when-it-ended, so that ``find_demo`` judges the finished match instead of
    skipping it."""
    play_plies(match, rng, 200)


def _end() -> Match:
    return find_demo(
        _placed,
        _play_out,
        lambda match: match.over and match.state.position()["points"] >= 6,
        seeds=SEEDS,
        what="finished",
    )
