"""Changing Challenges's board: the view the match screen shows, and its demo matches."""

from scenes.games.changing_challenges.demo import demo_match
from scenes.games.changing_challenges.view import ChangingChallengesView

__all__ = ["ChangingChallengesView", "demo_match"]
