"""Nelaxtam's demo matches (screenshots, the smoke run, the bench, tests), on the shared search of
:mod:`scenes.kit.demo`.

The positions are played by the easy AI on both sides from a seeded generator, so they look like real
games and come out the same on every machine. Both players move every turn, so a turn is one joint
move of the two sides — the kit's one-player-per-ply ``play_plies`` does not fit, and the playout
here asks the AI for each side in turn order instead.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from scenes.games.nelaxtam.palette import BLACK, GAME_ID, PLAYERS, WHITE
from scenes.kit.demo import by_stage, find_demo

if TYPE_CHECKING:
    from game.match import Match

SEEDS = 40


def demo_match(stage: str = "mid") -> Match:
    """A deterministic match at ``stage``: "setup" (the invasion, you as Black against the computer),
    "mid" (a few turns of computer-quality play, holes in the island, Black to give orders) or "end"
    (finished)."""
    from game.match import AI, Match, Seat

    seats = {BLACK: Seat(), WHITE: Seat(AI, "easy")}

    def setup() -> Match:
        return Match(GAME_ID, {}, seats)

    def mid() -> Match:
        return find_demo(
            lambda: Match(GAME_ID, {}, dict(seats)),
            lambda match, rng: play_ai(match, rng, 7),
            _looks_mid,
            seeds=SEEDS,
            what="mid-game",
        )

    def end() -> Match:
        return find_demo(
            lambda: Match(GAME_ID, {"size": "10"}, dict(seats)),
            lambda match, rng: play_ai(match, rng, 200),
            _won,
            seeds=SEEDS,
            what="finished",
        )

    return by_stage(stage, {"setup": setup, "mid": mid, "end": end})


def _looks_mid(match: Match) -> bool:
    """Still running, the island visibly holed (ten pieces gone), both armies mostly alive."""
    state: Any = match.state
    holes = (state.geo.full & ~(state.territory[0] | state.territory[1])).bit_count()
    alive = min(len(state.living(p)) for p in PLAYERS)
    return not match.over and holes >= 10 and alive >= 4


def _won(match: Match) -> bool:
    """Finished with a winner: a draw would show no victory on the end screen."""
    outcome = match.outcome
    return match.over and outcome is not None and outcome.winner is not None


def play_ai(match: Match, rng: random.Random, turns: int) -> None:
    """Play up to ``turns`` turns (the invasion included) with the easy AI on both sides, asking it
    for each side in turn order so the generator is drawn from the same way on every run."""
    ai = match.game.ai
    while len(match.turns) < turns and not match.over:
        state = match.state
        moves = {p: ai(state, p, "easy", rng, 1.0) for p in state.to_move()}
        match.play_text(state.turn_to_text(moves))
