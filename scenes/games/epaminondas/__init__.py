"""Epaminondas's board: the view the match screen shows, and its demo matches."""

from scenes.games.epaminondas.demo import demo_match
from scenes.games.epaminondas.view import EpaminondasView

__all__ = ["EpaminondasView", "demo_match"]
