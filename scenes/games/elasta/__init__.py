"""Elasta's board: the view the match screen shows, and its demo matches."""

from scenes.games.elasta.view import ElastaView, demo_match

__all__ = ["ElastaView", "demo_match"]
