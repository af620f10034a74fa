"""Elasta's greedy beginner (:mod:`game.greedy`): the best allotment against random chips.

One turn deep against an opponent the bot does not model: the high chips go where winning the file
is worth most this turn. Found through ``GameInfo.greedy``.
"""

from __future__ import annotations

import random

from game.core import GameState, Move
from game.elasta.ai import TurnGame, token_scores
from game.elasta.rules import N_FILES, PHASE_ALLOT, WHITE, ElastaState
from game.greedy import TIE_JITTER, best_by_score
from game.matrix import hungarian_max


def elasta_move(state: GameState, player: str, rng: random.Random) -> Move:
    """The allotment that is best against uniformly random chips: the high chips go where winning
    the file is worth most this turn. Tokens go where they hurt least (the game's own token score)."""
    assert isinstance(state, ElastaState)
    if state.phase != PHASE_ALLOT:
        value_of = {sq: value for value, sq in token_scores(state, player)}
        return best_by_score(list(value_of), value_of.__getitem__, rng)
    game = TurnGame(state.lines, state.deleted, True)
    win = game.file_win if player == WHITE else [-v for v in game.file_loss]
    lose = game.file_loss if player == WHITE else [-v for v in game.file_win]
    top = N_FILES - 1
    # Against random chips, chip c beats the other side's chip in a file with chance c/8 and loses
    # with chance (7 - c)/8.
    gain = [
        [
            (win[f] * chip + lose[f] * (top - chip)) / N_FILES + rng.uniform(0, TIE_JITTER)
            for chip in range(N_FILES)
        ]
        for f in range(N_FILES)
    ]
    return tuple(hungarian_max(gain))
