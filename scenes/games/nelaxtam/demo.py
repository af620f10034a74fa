"""Nelaxtam's demo matches (screenshots, the smoke run, the bench, tests), on the shared search of
:mod:`scenes.kit.demo`.

The positions are played by the easy AI on both sides from a seeded generator, so they look like real
games and come out the same on every machine. The playouts found are kept below as turns
(:data:`MID_TURNS`, :data:`END_TURNS`) and replayed: the search asks the AI for some sixty orders,
about a third of a second, which the menu's first frames could not afford, and a change to the AI
would otherwise change every picture. The search remains for when a kept playout no longer replays
or no longer looks its stage (a rules change). Both players move every turn, so a turn is one joint
move of the two sides — the kit's one-player-per-ply ``play_plies`` does not fit, and the playout
here asks the AI for each side in turn order instead.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from scenes.games.nelaxtam.palette import BLACK, GAME_ID, PLAYERS, WHITE
from scenes.kit.demo import by_stage, find_demo, replayed

if TYPE_CHECKING:
    from game.match import Match

SEEDS = 40

MID_TURNS: tuple[str, ...] = (
    "f4,d8,g1,a3,d12/g10,c2,h1,l7,l3",
    "1xn,2xn,3xe,4xn,5xe/1xn,2xw,3xw,4xn,5xn",
    "1xe,2xe,4xe,5xs/1xe,2xe,4xs,5xs",
    "1xs,2xs,4xs,5xw/1xs,2xn,4xw,5xw",
    "1xw,2xw,4ne,5se/1xw,2ne,4nw,5nw",
    "1ne,2ne,4xn,5xe/1ne,2xn,4xn,5xn",
    "1xn,2xe,4xe,5xs/1xe,2xe,4xw,5xw",
)
"""The "mid" playout (seed 0, 7 turns on the 12-square island)."""

END_TURNS: tuple[str, ...] = (
    "g9,f4,b10,a3,j6/f5,i8,a8,j5,e10",
    "1xn,2xn,3xs,4xn,5xs/1ne,2xw,3xe,4xn,5xs",
    "1xs,2xe,3se,4xe/1xn,2xn,3xn,5xe",
    "1xe,2xs,3xn,4ne/1xe,2xs,3xs,5xw",
    "1xw,2xw,3xe,4xn/1xs,2ne,3se,5-",
    "1sw,2nw,3xs,4xe/1xw,2sw,3sw,5-",
    "1xs,2xn,3se,4ne/1se,2-,3xe,5-",
    "1-,2nw,3xe,4xn/1xs,2se,3xs,5-",
    "1-,2ne,3sw,4se/1xe,2nw,3ne,5-",
    "1ne,2nw,3xw,4xs/1se,2ne,3xe,5-",
    "1ne,2-,4sw/1xs,2nw,5-",
    "1xe,2se,4xs/1sw,2xw,5-",
    "2ne,4se/1xs,5-",
    "2ne,4xe/1xw,5-",
    "2-,4se/1sw,5-",
    "2-,4xe/1ne,5-",
    "2-,4ne/1-,5-",
    "2sw,4nw/1se,5-",
    "2sw,4se/1sw,5-",
    "2ne,4se/1-,5-",
    "2-,4xe/1ne,5-",
    "2ne,4xn/1-,5-",
)
"""The "end" playout (10-square island, won)."""


COACH_TURNS: tuple[str, ...] = (
    "j12,a3,g1,f10,j6/k2,a4,g6,i12,e12",
    "1se,2xn,3xn,4xe,5xs/1sw,2xs,3ne,4sw,5xe",
    "1xe,3xw,4sw,5sw/1nw,3ne,4xw,5xs",
    "1xw,3xe,4xe,5xs/1xw,3xs,4xe,5xw",
    "1xs,3nw,4xn,5xn/1xe,3xn,4xs,5sw",
    "1sw,3xw,4sw,5xw/1xn,3ne,4se,5xw",
)
"""The "coach" playout: six turns of seeded easy play after which Black's troop 1 on j10 stands
beside a White troop (the coach's ring, and its word on orders that leave it there)."""


def demo_match(stage: str = "mid") -> Match:
    """A deterministic match at ``stage``: "setup" (the invasion, you as Black against the computer),
    "mid" (a few turns of computer-quality play, holes in the island, Black to give orders), "end"
    (finished) or "coach" (Black to give orders with a troop beside a White troop: the coach's
    screenshot)."""
    from game.match import AI, Match, Seat

    seats = {BLACK: Seat(), WHITE: Seat(AI, "easy")}

    def setup() -> Match:
        return Match(GAME_ID, {}, seats)

    def mid() -> Match:
        kept = replayed(lambda: Match(GAME_ID, {}, dict(seats)), MID_TURNS, _looks_mid)
        return kept or find_demo(
            lambda: Match(GAME_ID, {}, dict(seats)),
            lambda match, rng: play_ai(match, rng, 7),
            _looks_mid,
            seeds=SEEDS,
            what="mid-game",
        )

    def end() -> Match:
        kept = replayed(lambda: Match(GAME_ID, {"size": "10"}, dict(seats)), END_TURNS, _won)
        return kept or find_demo(
            lambda: Match(GAME_ID, {"size": "10"}, dict(seats)),
            lambda match, rng: play_ai(match, rng, 200),
            _won,
            seeds=SEEDS,
            what="finished",
        )

    def coach() -> Match:
        match = Match(GAME_ID, {}, dict(seats))
        for text in COACH_TURNS:
            match.play_text(text)
        return match

    return by_stage(stage, {"setup": setup, "mid": mid, "end": end, "coach": coach})


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
