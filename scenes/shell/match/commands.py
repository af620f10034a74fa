"""The match screen's plain commands: the rules window, the pause menu, and the ways on to another
game (rematch, swap sides, new game). A part of :class:`~scenes.shell.match.scene.MatchScene` kept in
a module of its own (the scene mixes it in), so the scene keeps to its flow.
"""

from __future__ import annotations

from typing import Any

from game.match import Match
from scenes.kit.failures import failure_sentence
from scenes.shell.match import texts


class MatchCommands:
    """Commands of the match scene that only open something or start another match."""

    # what the match scene that mixes this in holds (see its __init__)
    match: Match
    app: Any
    ui: Any
    _rules_window: Any

    def open_rules(self) -> None:
        """F1 / Rules: the game's rules in a window over the board (one at a time)."""
        from scenes.shell.windows.rules import open_rules_window

        self.close_rules()
        try:
            self._rules_window = open_rules_window(self.ui, self.match.game)
        except Exception as exc:
            self.app.toast(failure_sentence("The rules could not be opened", exc))

    def close_rules(self) -> bool:
        """True if a rules window was open (Esc then closes only that)."""
        window = self._rules_window
        self._rules_window = None
        if window is not None and window.alive():
            window.kill()
            return True
        return False

    def open_pause(self) -> None:
        self.app.open("pause", self)

    def go_to_menu(self) -> None:
        self.app.goto("menu")

    def rematch(self) -> None:
        """A fresh match with the same game, options and seats (sides kept)."""
        self.app.open_match(Match(self.match.game, self.match.options, self.match.seats))

    def swap_sides(self) -> None:
        """A fresh match with the seats exchanged: against the computer the human plays the other
        side; two people (by their names) change colours."""
        self.app.open_match(Match(self.match.game, self.match.options, texts.swapped_seats(self.match)))

    def new_game(self) -> None:
        """The new-game screen for this game, over this one (Cancel comes back here)."""
        self.app.open("new-game", self.match.game)
