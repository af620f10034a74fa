"""Elephant Run's board: the view the match screen shows, and its demo matches."""

from scenes.games.elephant_run.demo import demo_match
from scenes.games.elephant_run.view import ElephantRunView

__all__ = ["ElephantRunView", "demo_match"]
