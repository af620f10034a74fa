"""The hot-seat hand-off for secret orders: when two humans share one screen in a game of secret,
simultaneous choices, neither may see what the other enters, so *every* secret entry starts behind a
curtain over the whole window that names both people ("Black's turn — White, please look away").

It used to come only between the first and the second entry of a turn, so each turn's first entry
was made with the other player still watching (the reveal had just kept both at the screen). Now the
curtain goes up before the first entry too, once the reveal has played out (both see the reveal: it
is public), and again before the second.

Only the state and its rules live here (who the curtain is up for, whose sealed entry may still be
taken back, what a key means behind it); the scene raises and lifts it and keeps everything under it
hidden and unclickable, the painter draws it, and the board only says what its secret entry is called
(:meth:`scenes.kit.board_view.BoardView.secret_task`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.match import Match

TAKE_BACK = "take back"
READY = "ready"


def curtain_answer(event: pygame.event.Event) -> str | None:
    """What a key or click means while the curtain is up: :data:`TAKE_BACK` (Backspace, Ctrl+Z) for
    the player who just confirmed and is still at the screen, :data:`READY` (a click, Space, Enter)
    for the next player who has taken it over; anything else means nothing."""
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_BACKSPACE or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            return TAKE_BACK
        if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            return READY
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return READY
    return None


class HandOff:
    """``up_for`` is the player the curtain currently waits for (None: no curtain). ``cleared`` is
    the player it was last lifted for, so it does not go straight back up for the same person."""

    def __init__(self) -> None:
        self.up_for: str | None = None
        self.cleared: str | None = None

    def raise_if_due(self, match: Match) -> bool:
        """Put the curtain up whenever a human is about to make a secret entry while another human
        shares the screen: the first entry of a turn as well as the second. True if it went up just
        now."""
        if self.up_for is not None or not self.applies(match) or match.over:
            return False
        nxt = next((p for p in match.awaiting() if not match.seats[p].is_ai), None)
        if nxt is None or self.cleared == nxt:
            return False
        self.up_for = nxt
        return True

    @staticmethod
    def applies(match: Match) -> bool:
        """Secret entries (a simultaneous game) and two people at one screen."""
        return bool(match.state.simultaneous) and len(match.humans()) >= 2

    @staticmethod
    def looking_away(match: Match, player: str) -> str | None:
        """The other human, who must look away while ``player`` enters (None if there is none)."""
        return next((p for p in match.humans() if p != player), None)

    def lift(self, handed_over: bool = True, at_screen: str | None = None) -> None:
        """Take the curtain down: the next player is at the screen (``handed_over``), or the player
        who just confirmed is still there and took their orders back (``at_screen``: they have the
        board again at once, since it never changed hands; the curtain goes up for the other once
        they confirm again)."""
        self.cleared = self.up_for if handed_over else at_screen
        self.up_for = None

    def forget(self) -> None:
        """A turn was completed or the history changed: the next secret orders need a new hand-off."""
        self.cleared = None

    @staticmethod
    def sealed_by(match: Match) -> str | None:
        """The human whose sealed secret order Undo would withdraw while another human sits at the
        screen (hot seat), or None. Only its owner may take an order back, and they have passed the
        screen on; the reveal comes when the other human confirms."""
        if len(match.humans()) < 2:
            return None
        return next((p for p in match.pending if not match.seats[p].is_ai), None)

    @staticmethod
    def hidden(match: Match) -> list[str]:
        """Humans' secret orders given and not yet revealed: the board draws them face down."""
        return [p for p in match.pending if not match.seats[p].is_ai]
