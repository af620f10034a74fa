"""Elasta's board: the view the match screen shows, and its demo matches."""

from scenes.games.elasta.demo import demo_match
from scenes.games.elasta.view import ElastaView

__all__ = ["ElastaView", "demo_match"]
