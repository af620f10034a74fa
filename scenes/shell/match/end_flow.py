"""The end of a game on the match screen: when the result card opens, what its choices do, and
what it says. A part of :class:`~scenes.shell.match.scene.MatchScene` kept in a module of its own
(the scene mixes it in); the card and the row it leaves are drawn by :mod:`.ending`.
"""

from __future__ import annotations

from typing import Any

from scenes.kit import style
from scenes.shell.match import results, texts
from scenes.shell.match.ending import (
    ANALYSE,
    CLOSE,
    NEW_GAME,
    NEXT_LEVEL,
    REMATCH,
    REVIEW,
    SWAP,
    EndBanner,
    EndRow,
    Result,
)


class EndFlow:
    """The result card's flow, for the match scene."""

    # what the match scene that mixes this in holds (see its __init__)
    match: Any
    app: Any
    review: Any
    frame: Any
    ui: Any
    view: Any
    sounds: Any
    clock: Any
    _end_dismissed: Any
    _played_here: Any
    curtain_for: Any
    analysis: Any
    start_analysis: Any

    end_dialog: Any
    end_row: Any

    # -- the end --------------------------------------------------------------------------------------
    def _end_choice(self, choice: str) -> None:
        if choice == NEW_GAME:
            self.new_game()  # the card stays, should the player come back from the new-game screen
            return
        if choice == NEXT_LEVEL and self.end_dialog is not None and self.end_dialog.offered_level:
            self.app.open_match(results.at_level(self.match, self.end_dialog.offered_level))
            return
        if choice in (CLOSE, REVIEW, ANALYSE):
            self._end_dismissed = True
        self._close_end(row=choice in (REMATCH, SWAP))
        if choice == REMATCH:
            self.rematch()
        elif choice == SWAP:
            self.swap_sides()
        elif choice == REVIEW:
            self.review_at(0)
        elif choice == ANALYSE:
            self.start_analysis()  # in a review of the start, the progress under the board
        if choice in (CLOSE, REVIEW, ANALYSE):
            self._maybe_open_end_dialog()  # the row that keeps Swap sides and Rematch, at once

    def _close_end(self, row: bool = True) -> None:
        """Close the result card (and with ``row`` the row that stays after it)."""
        if self.end_dialog is not None:
            self.end_dialog.close()
            self.end_dialog = None
        if row and self.end_row is not None:
            self.end_row.close()
            self.end_row = None

    def _maybe_open_end_dialog(self) -> None:
        """Once a finished game's last move has landed (and been heard), the result card; once the
        card is answered (or a finished game is reviewed), the row of Swap sides and Rematch."""
        if not self.match.over or self.review.record or self.curtain_for is not None:
            return
        if self.end_dialog is not None or self.end_row is not None:
            return
        if self.review.active or self._end_dismissed:
            self.end_row = EndRow(self.ui, self.frame.view_buttons, texts.swap_words(self.match))
            return
        if self.view.busy or self.view.timeline.cues:  # the last move still to be seen or heard
            return
        animate = self._played_here and self.app.settings.animation_speed != "off"
        self.end_dialog = self._end_banner(animate=animate)
        self.sounds.game_over()

    def _end_banner(self, animate: bool) -> EndBanner:
        return EndBanner(
            self.ui,
            self.frame.moves(False),
            self.end_result(),
            compact=self.frame.compact,
            swap_tip=texts.swap_words(self.match),
            animate=animate,
            next_level=results.next_level_offer(self.app, self.match),
            analyse=self.analysis.offered(record=False),
        )

    def end_result(self) -> Result:
        """What the result card says: the result texts, the figures, and whether a person won."""
        headline, reason, score = self.result_texts()
        outcome = self.match.outcome
        winner = outcome.winner if outcome is not None else None
        colour = style.EMBLEM_COLOURS.get(style.game_suit(self.match.game.id), style.ACCENT)
        facts = texts.result_facts(self.match, self.clock)
        return Result(headline, reason, score, facts, winner, winner in self.match.humans(), colour)

    def result_texts(self) -> tuple[str, str, str]:
        """Headline, reason and score line for the end dialog (and the banner)."""
        return texts.result_texts(self.match, self.view)
