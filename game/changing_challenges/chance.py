"""Changing Challenges' raw evaluation for the winning chance (:mod:`game.chance`): hard's search score.

Bounded by depth and nodes only, so the same position reads the same on every machine. Quick is
what the analysis and the calibration use; deep is the slower check of the agreement benchmark."""

from __future__ import annotations

from game.chance import Logistic, Reading, hard_reading
from game.changing_challenges.ai import LAST_STATS, ChangingChallengesRules, ai
from game.core import GameState
from game.search import Limit

EFFORT: dict[str, Limit] = {"quick": Limit(depth=3, nodes=2_000), "deep": Limit(depth=6, nodes=25_000)}
GUESS = Logistic(1 / 400)
"""The curve before any calibration."""


def read(state: GameState, limit: Limit) -> Reading:
    return hard_reading(state, limit, LAST_STATS, ChangingChallengesRules.win, ai)
