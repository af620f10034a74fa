"""One seeded game of a level against a gauntlet style, written once for the smoke tests of issue #30
(``tests/test_gauntlet_smoke.py``, Elasta; ``tests/test_gauntlet_smoke_games.py``, the other games).

The tests differ only in how the level is asked for a move (Elasta's own ``ai`` with a random
generator, or :func:`game.ai.choose_move` with a seed), so that is what they pass: ``level(state,
player, seed)``. Every seat that must act draws 32 bits from the game's generator, in the order the
state lists them; the level gets them as its seed, the style as a ``random.Random`` of them, so a
game is the same on any machine and the tests' figures stay the ones they were measured with.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.core import GameInfo, GameState, Move
from game.styles import style_named

Level = Callable[[GameState, str, int], Move]
"""The level under test: its move for ``player`` in ``state``, from a 32-bit ``seed``."""


def play_style_game(
    info: GameInfo, style_name: str, level: Level, level_side: str, seed: int, max_turns: int
) -> float:
    """One game from the start of ``info`` of ``level`` (playing ``level_side``) against the style
    ``style_name``: the level's score, 1 for a win, 0 for a loss, ½ for a draw or a game still
    going after ``max_turns`` turns."""
    style = style_named(info, style_name)
    state = info.factory({})
    rng = random.Random(seed)
    past: list[dict[str, Move]] = []
    for _ in range(max_turns):
        if state.over:
            break
        turn: dict[str, Move] = {}
        for player in state.to_move():
            move_seed = rng.getrandbits(32)
            if player == level_side:
                turn[player] = level(state, player, move_seed)
            else:
                turn[player] = style.choose(state, player, random.Random(move_seed), past)
        past.append(turn)
        state = state.apply_turn(turn)
    outcome = state.outcome()
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == level_side else 0.0
