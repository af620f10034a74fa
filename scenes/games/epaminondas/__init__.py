"""Epaminondas's board: the view the match screen shows, and its demo matches."""

from scenes.games.epaminondas.view import EpaminondasView, demo_match

__all__ = ["EpaminondasView", "demo_match"]
