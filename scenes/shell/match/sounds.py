"""What the match screen says out loud: the moments every game shares, as sound events.

The board view announces its own moments from inside its animation (a band snapping, a tile eaten);
this helper announces the rest, the ones the scene knows: a click refused, a piece picked up, secret
orders sealed, the hand-off curtain, "your turn" once the computer has moved or the screen has
changed hands, and the end of the game heard from the human's side of the table. Event names only:
``assets/sounds/events.json`` decides what each sounds like (see :mod:`scenes.kit.sound`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.kit.sound import Announce

if TYPE_CHECKING:
    from game.match import Match, Turn
    from scenes.kit.board_view import BoardView, ViewAction

YOUR_TURN_PAUSE = 0.18
"""Seconds between the board falling still and the "your turn" chime, so the chime does not land
on top of the last piece's knock."""


def ending_event(match: Match) -> str | None:
    """The stinger for a finished match, heard from the human's side: "win" or "loss" against the
    computer, "draw", or "game-over" when two people (or two computers) played."""
    outcome = match.outcome
    if outcome is None:
        return None
    if outcome.winner is None:
        return "draw"
    humans = match.humans()
    if len(humans) != 1:
        return "game-over"
    return "win" if outcome.winner in humans else "loss"


class MatchSounds:
    """The scene calls one method per moment; this decides which event (if any) is heard."""

    def __init__(self, announce: Announce, match: Match) -> None:
        self.announce = announce
        self.match = match
        self.owed_your_turn = False
        """A human gets the board back after waiting (the computer moved, a reveal, a hand-off)."""
        self._wait = 0.0
        self._ended_at: int | None = None
        """The turn count the end stinger was played for (a resize reopening the dialog is silent)."""

    def action(self, action: ViewAction) -> None:
        """A human's click, key or view button, as the board answered it. The human is at the board,
        so a "your turn" still owed would come too late."""
        self.owed_your_turn = False
        if action.heard:
            self.announce(action.heard)

    def refused(self) -> None:
        """A move or click turned down (the rules said no, or it is not the human's turn)."""
        self.announce("illegal")

    def sealed(self) -> None:
        """Secret orders given and hidden (the human's confirmation, or the computer's)."""
        self.announce("sealed")

    def turn_played(self, view: BoardView, turn: Turn, by_computer: bool) -> None:
        """A complete turn is on the board. A view that cued no sound of its own gets a piece set
        down when its animation ends; the human is owed "your turn" when they did not finish it."""
        view.timeline.cue_if_silent("move")
        has_computer = any(seat.is_ai for seat in self.match.seats.values())
        if by_computer or (turn.simultaneous and has_computer):
            self.owed_your_turn = True
            self._wait = 0.0

    def curtain_up(self) -> None:
        self.announce("curtain")

    def curtain_lifted(self) -> None:
        """The next player has the screen: their turn, once the curtain is gone."""
        self.owed_your_turn = True
        self._wait = 0.0

    def history_changed(self) -> None:
        """Undo or redo: nothing owed from the old position; the end may be heard again."""
        self.owed_your_turn = False
        self._ended_at = None

    def game_over(self) -> None:
        """The end-of-game dialog opens: the stinger, once per finished position."""
        if self._ended_at == len(self.match.turns):
            return
        self._ended_at = len(self.match.turns)
        self.owed_your_turn = False
        event = ending_event(self.match)
        if event is not None:
            self.announce(event)

    def due_in(self, human: str | None) -> float | None:
        """Seconds until :meth:`frame` chimes "your turn" for ``human`` (the human who may act now),
        so a still screen wakes for it; None when no chime is owed or nobody may act yet."""
        if not self.owed_your_turn or human is None:
            return None
        return max(0.0, YOUR_TURN_PAUSE - self._wait)

    def frame(self, dt: float, human: str | None) -> None:
        """Every frame: chime "your turn" a moment after a human may act again."""
        if not self.owed_your_turn:
            return
        if self.match.over:
            self.owed_your_turn = False
        elif human is None:
            self._wait = 0.0
        else:
            self._wait += dt
            if self._wait >= YOUR_TURN_PAUSE:
                self.owed_your_turn = False
                self.announce("your-turn")
