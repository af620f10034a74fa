"""Elephant Run's board: the view the match screen shows, and its demo matches."""

from scenes.games.elephant_run.view import ElephantRunView, demo_match

__all__ = ["ElephantRunView", "demo_match"]
