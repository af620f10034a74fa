"""Goal tests for Changing Challenges' lessons: what "did the move do the job" means in a step.

Kept apart from the lesson data in :mod:`.lessons` so that file stays words and positions. Each
test reads the engine's own verdict (``outcome``, ``moment``), never a rule of its own.
"""

from __future__ import annotations

from game.changing_challenges import board as B
from game.changing_challenges.rules import PLAYERS, ChangingChallengesState
from game.core import GameState

TRIANGLES, CIRCLES = PLAYERS
LEARNER = TRIANGLES
"""Every lesson is played from the Triangles' side: drawn on the left, moving right."""


# -- end tests and goals --------------------------------------------------------------------------------
def triangles_won(state: GameState) -> bool:
    """The lesson's end test for a winning lesson: the game is over and the Triangles won."""
    outcome = state.outcome()
    return outcome is not None and outcome.winner == TRIANGLES


def drawn(state: GameState) -> bool:
    """The end test of the draw lesson: over, and nobody won."""
    outcome = state.outcome()
    return outcome is not None and outcome.winner is None


def wins(_before: GameState, after: GameState, _text: str) -> bool:
    """Any move that wins the game for the learner (many may, e.g. several squares that tip)."""
    return triangles_won(after)


def tips_right(_before: GameState, after: GameState, _text: str) -> bool:
    """The learner won by tipping the board (moment above 49), not some other way."""
    return triangles_won(after) and isinstance(after, ChangingChallengesState) and after.moment > B.TIP_LIMIT


def draws(_before: GameState, after: GameState, _text: str) -> bool:
    """The move ends the game in a draw (the learner is behind: a draw is the job)."""
    return drawn(after)


def tipping_left(position: str) -> dict[str, str]:
    """Every Triangles move in ``position`` that tips the board to their own side, with the
    lesson's words: so the synthesis names each such blunder without a hand-kept list."""
    state = ChangingChallengesState.from_text(position)
    words = (
        "That puts too much weight on your own half: the board tips to the left and the "
        "Circles win, even though it was your move. Pull weight to the right instead."
    )
    out: dict[str, str] = {}
    for move in state.legal_moves(LEARNER):
        outcome = state.after(move).outcome()
        if outcome is not None and outcome.winner == CIRCLES:
            out[state.move_to_text(LEARNER, move)] = words
    return out
