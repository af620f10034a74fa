"""Elasta's demo matches (screenshots, the smoke run, the bench, tests), on the shared seed search.

The seeds, the random calls and their order, and what makes a good picture are exactly those the
screenshots were taken with: changing any of them changes the pictures.
"""

from __future__ import annotations

import random
from typing import Any

from game.elasta import rules as R
from game.match import AI, Match, Seat
from scenes.games.elasta.palette import BLACK, GAME_ID, WHITE
from scenes.kit.demo import by_stage, find_demo

SEEDS = 400
OPTIONS = {"tokens": "off"}
SEATS = {WHITE: Seat(), BLACK: Seat(AI, "easy")}


COACH_TURNS: tuple[str, ...] = (
    "03475216/40362157",
    "12637045/05674231",
    "14657320/30157462",
    "04763125/61524370",
    "54670312/46570132",
    "05734162/16502473",
)
"""The "coach" playout: six turns of seeded easy play after which White's file G is one lost push
from its ground line (the coach's ring, and its word on chips that leave G with a low one)."""


def demo_match(stage: str = "mid") -> Match:
    """A deterministic match at ``stage``: "setup" (the start, vs computer), "mid" (a few turns
    played, the band visibly bent, White to allot vs the computer), "end" (finished, a stick on a
    ground line) or "coach" (White to allot vs the computer with a file one push from its ground
    line: the coach's screenshot)."""
    return by_stage(stage, {"setup": _setup, "mid": _mid, "end": _end, "coach": _coach})


def _coach() -> Match:
    match = _new()
    for text in COACH_TURNS:
        match.play_text(text)
    return match


def _new() -> Match:
    return Match(GAME_ID, OPTIONS, dict(SEATS))


def _setup() -> Match:
    return Match(GAME_ID, OPTIONS, {WHITE: Seat(), BLACK: Seat(AI, "normal")})


def _mid() -> Match:
    return find_demo(_new, lambda match, rng: play_turns(match, rng, 5), _bent, seeds=SEEDS, what="mid-game")


def _bent(match: Match) -> bool:
    """The band visibly bent but nowhere near a ground line, just after a turn whose band snapped
    back, with White about to allot."""
    state: Any = match.state
    lines = state.lines
    last = state.last_report
    bent = max(lines) - min(lines) >= 3 and min(lines) >= 2 and max(lines) <= 6
    return bent and last is not None and bool(last.rounds) and state.phase == R.PHASE_ALLOT


def _end() -> Match:
    return find_demo(_new, _play_out, _won, seeds=SEEDS, what="finished")


def _play_out(match: Match, rng: random.Random) -> None:
    """Play on until the game ends (a game ends well before 120 turns). None, not False: a seed is
    judged only by where it ends, never skipped for ending."""
    play_turns(match, rng, 120)


def _won(match: Match) -> bool:
    outcome = match.outcome
    return match.over and outcome is not None and outcome.winner is not None


def play_turns(match: Match, rng: random.Random, turns: int) -> bool:
    """Play ``turns`` allotment turns of seeded random allotments (tokens: random squares). True if
    all were played without the game ending.

    Not the kit's ``play_plies``: both sides move at once here (``random_move`` for each player,
    then the turn's text), and only allotment turns count, so the demos keep their positions."""
    played = 0
    while played < turns:
        if match.over:
            return False
        state: Any = match.state
        moves = {p: state.random_move(p, rng) for p in state.to_move()}
        if state.phase == R.PHASE_ALLOT:
            played += 1
        match.play_text(state.turn_to_text(moves))
    return not match.over
