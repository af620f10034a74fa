"""What the analysis tests share: games of random legal turns, and every game's readings shrunk to
a few hundred nodes (the marks then mean little; the shapes hold)."""

from __future__ import annotations

import random

import pytest

from game import chance
from game.register import all_games, get
from game.search import Limit


def shrink_efforts(monkeypatch: pytest.MonkeyPatch, quick: Limit, deep: Limit) -> None:
    """Every game's "quick" and "deep" analysis efforts set to ``quick`` and ``deep``."""
    for info in all_games():
        module = chance.game_module(info.new_state())
        efforts = dict(module.EFFORT)
        efforts["quick"] = quick
        efforts["deep"] = deep
        monkeypatch.setattr(module, "EFFORT", efforts)


def random_game(game_id: str, seed: int, turns: int) -> list[str]:
    """The notation of up to ``turns`` turns of uniformly random legal moves, from the start."""
    state = get(game_id).new_state()
    rng = random.Random(seed)
    moves = []
    while not state.over and len(moves) < turns:
        turn = {p: state.random_move(p, rng) for p in state.to_move()}
        moves.append(state.turn_to_text(turn))
        state = state.apply_turn(turn)
    return moves
