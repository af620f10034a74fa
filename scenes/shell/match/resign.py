"""Giving a game up on the match screen: the Resign button, its question, and the game it ends.

Against the computer the person resigns; between two people at one screen, the side to move does.
One stray click never loses a game: Resign asks first, in the app's one question window
(:meth:`scenes.shell.windows.dialogs.DialogHost.confirm`: Cancel on the left, Resign on the right,
Enter resigns, Esc keeps playing). Resigning ends the game the way a last move does, in the same
order (:meth:`MatchScene._turn_played`): the match is over (:meth:`game.match.Match.resign`, kept in
its record, so its save and autosave say "over" and Continue no longer offers it), it is written to
the autosave, counted into the record as a loss (:func:`.results.count_resignation`, asked while
the game still goes on, since a game already over keeps the result it had), and the result card
comes with a sentence that says who gave up, with Review and Analyse as after any ending.

A part of :class:`~scenes.shell.match.scene.MatchScene` kept in a module of its own (the scene
mixes it in); the button is :mod:`.controls`', its row :mod:`.layout`'s.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.shell.match.results import count_resignation, counted_side
from scenes.shell.windows.dialogs import DialogHost, escape

TITLE = "Resign?"
ACTION = "Resign"


class ResignFlow:
    """Resign for the match scene: offered while a game with a person in it goes on."""

    # what the match scene that mixes this in holds (see its __init__)
    match: Any
    app: Any
    ui: Any
    frame: Any
    controls: Any
    review: Any
    computer: Any
    hint: Any
    coach: Any
    handoff: Any
    analysis: Any
    saving: Any
    view: Any
    told: Any
    curtain_for: Any
    _played_here: Any
    _end_dismissed: Any
    input_player: Any
    _leave_review: Any
    _say: Any
    _refresh_buttons: Any
    _refresh_view_buttons: Any
    resign_host: DialogHost | None = None
    resign_asked_for: str | None = None
    """The side the open question asks about, so a resize can ask it again."""

    # -- when -----------------------------------------------------------------------------------------
    def resign_offered(self) -> bool:
        """A game a person plays that is still going on (not a record looked at, nor a game of the
        computer against itself)."""
        return not self.match.over and not self.review.record and bool(self.match.humans())

    def resigning_side(self) -> str | None:
        """Who resigns: the one person against the computer; between two people the side to move
        (the first of those still to choose, in a turn of secret orders)."""
        humans = self.match.humans()
        if len(humans) == 1:
            return str(humans[0])
        player = self.input_player() or next((p for p in self.match.awaiting() if p in humans), None)
        return None if player is None else str(player)

    def place_resign(self) -> None:
        """The Resign row while the game may be given up; the move list takes it back once it is over.
        Hidden (not gone) behind the hand-off curtain, where no button shows."""
        offered = self.resign_offered()
        if offered != bool(self.frame.resign.height):
            self.frame = self.frame.with_resign(offered)
        shown = offered and self.curtain_for is None
        self.controls.place_resign(self.frame.resign if shown else None)

    # -- asking ---------------------------------------------------------------------------------------
    def ask_resign(self) -> None:
        """The Resign button: the question, in its window over the board."""
        player = self.resigning_side()
        if not self.resign_offered() or player is None:
            return
        if self.resign_host is None or self.resign_host.manager is not self.ui:
            self.resign_host = DialogHost(self.ui)
        self.resign_asked_for = player
        self.resign_host.confirm(
            TITLE,
            escape(self.resign_question(player)),
            ACTION,
            lambda: self.resign(player),
            danger=True,
            size=(460, 220),
        )
        self.app.invalidate()

    def resize(self, size: tuple[int, int]) -> None:
        """A resize resets the screen's widgets, the question's window with them; the player has
        not answered, so it is asked again at the new size (centred there, Enter and Esc as before)
        while the game can still be given up. Otherwise the click on Resign would be lost and the
        game would go on as if the player had said Cancel."""
        asking = self.resign_asked_for if self.asking_resign else None
        super().resize(size)  # type: ignore[misc]  # the Scene's: the UI reset, then the layout
        if asking is not None and asking == self.resigning_side() and self.resign_offered():
            self.ask_resign()

    def resign_question(self, player: str) -> str:
        """What the question says: what resigning does, for this game."""
        humans = self.match.humans()
        if len(humans) == 1 and not self.match.two_player:
            side = counted_side(self.match)
            counts = f" It counts as a loss against the {side[1]} computer." if side is not None else ""
            return f"Give up this game? It ends now and the computer wins.{counts}"
        others = [p for p in self.match.game.players if p != player]
        winner = self.match.player_name(others[0]) if len(others) == 1 else "the other side"
        return f"Resign for {self.match.player_name(player)}? The game ends now and {winner} wins."

    def resign_event(self, event: Any) -> bool:
        """The question's own events (its buttons, Enter, Esc); True when the event was its. While it
        is open nothing under it takes a click or a key."""
        host = self.resign_host
        if host is None:
            return False
        if host.handle_event(event):
            return True
        return host.active is not None and event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.KEYDOWN,
        )

    @property
    def asking_resign(self) -> bool:
        return self.resign_host is not None and self.resign_host.active is not None

    # -- the end --------------------------------------------------------------------------------------
    def resign(self, player: str) -> None:
        """``player`` gives the game up (the question was answered Resign). Nothing happens if the
        game ended meanwhile (the computer's last move came while the question was open)."""
        if self.match.over or player not in self.match.game.players:
            return
        count_resignation(self.app, self.match)  # before: only a game still going on is counted
        self.computer.cancel()  # its move, or its sealed orders, are of a game that has ended
        self.hint.forget()
        self.coach.forget()
        self.analysis.stop()
        if self.review.active:
            self._leave_review()
        self.match.resign(player)
        self._played_here = True  # the result card comes as after a last move
        self._end_dismissed = False
        self.told = None
        self.handoff.forget()
        self.view.set_hidden([])
        self.view.cancel()
        self.view.set_state(self.match.state, None)
        self._say(None)
        self.saving.autosave()  # the autosave is of a finished game: Continue passes it over
        self._refresh_buttons()
        self._refresh_view_buttons()
