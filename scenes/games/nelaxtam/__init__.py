"""Nelaxtam's board: the view the match screen shows, and its demo matches."""

from scenes.games.nelaxtam.view import NelaxtamView, demo_match

__all__ = ["NelaxtamView", "demo_match"]
