"""Nelaxtam's board: the view the match screen shows, and its demo matches."""

from scenes.games.nelaxtam.demo import demo_match
from scenes.games.nelaxtam.view import NelaxtamView

__all__ = ["NelaxtamView", "demo_match"]
