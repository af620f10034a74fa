"""Changing Challenges' demo matches (screenshots, the smoke run, the bench, tests).

The seeds, the number of plies, the order of every random draw and the acceptance tests are part
of the screenshots: change any of them and every Changing Challenges picture changes. The seed
loop itself is the shared one in :mod:`scenes.kit.demo`.
"""

from __future__ import annotations

import random
from typing import Any

from game.changing_challenges import board as B
from game.match import AI, Match, Seat
from scenes.games.changing_challenges.sides import CIRCLES, GAME_ID, TRIANGLES
from scenes.kit.demo import by_stage, find_demo, play_plies

SEEDS = 400


def demo_match(stage: str = "mid") -> Match:
    """A deterministic match at ``stage``: "setup" (the start, vs computer), "mid" (a couple of
    dozen plies with pieces in both storages, the balance well off level) or "end" (finished by
    the board tipping)."""
    return by_stage(stage, {"setup": _setup, "mid": _mid, "end": _end})


def _setup() -> Match:
    return Match(GAME_ID, {}, {TRIANGLES: Seat(), CIRCLES: Seat(AI, "normal")})


def _vs_easy() -> Match:
    return Match(GAME_ID, {}, {TRIANGLES: Seat(), CIRCLES: Seat(AI, "easy")})


class _Stuck(Exception):
    """Every legal move would end the game: this seed cannot reach a quiet middle game."""


def _careful_move(state: Any, player: str, rng: random.Random) -> Any:
    """A seeded random move that favours captures (so storage fills) but never ends the game."""
    moves = [m for m in state.legal_moves(player) if state.after(m).outcome() is None]
    if not moves:
        raise _Stuck
    captures = [m for m in moves if m[2] != B.MOVE]
    return rng.choice(captures) if captures and rng.random() < 0.7 else rng.choice(moves)


def _play_careful(match: Match, rng: random.Random, plies: int) -> bool:
    """``plies`` careful moves (see :func:`_careful_move`); False when the game ended or got
    stuck first, so the seed is skipped."""
    try:
        return play_plies(match, rng, plies, _careful_move)
    except _Stuck:
        return False


def _mid_looks_right(match: Match) -> bool:
    """Pieces in storage, the balance clearly off level but safe, and the human (Triangles) to move."""
    state: Any = match.state
    stored = [sq for side in (0, 1) for sq in B.STORAGE_FILL[side] if state.board[sq]]
    return len(stored) >= 3 and 12 <= abs(state.moment) <= 40 and state.player == TRIANGLES and not match.over


def _mid() -> Match:
    return find_demo(
        _vs_easy,
        lambda match, rng: _play_careful(match, rng, 22),
        _mid_looks_right,
        seeds=SEEDS,
        what="mid-game",
    )


def _lean_hard(state: Any, player: str, rng: random.Random) -> Any:
    """The move that pushes the moment furthest toward the mover's own winning side: plays the
    board over the limit quickly (the rng is not used, so the seed's draws stay as they were)."""
    sign = 1 if player == TRIANGLES else -1
    return max(state.legal_moves(player), key=lambda m: sign * state.balance_after(m)[0])


def _play_to_tip(match: Match, rng: random.Random) -> bool:
    """24 careful plies, then up to 30 plies leaning hard until the game ends."""
    if not _play_careful(match, rng, 24):
        return False
    play_plies(match, rng, 30, _lean_hard)
    return True


def _tipped_by_triangles(match: Match) -> bool:
    outcome = match.outcome
    return match.over and outcome is not None and "tips" in outcome.reason and outcome.winner == TRIANGLES


def _end() -> Match:
    return find_demo(_vs_easy, _play_to_tip, _tipped_by_triangles, seeds=SEEDS, what="finished")
