"""Looking back on the match screen: a review of any earlier position, a record opened from a file,
and the game (or side line) made from the position shown. A part of
:class:`~scenes.shell.match.scene.MatchScene` kept in a module of its own (the scene mixes it in); what
the review shows and its buttons are :mod:`.review`, the side line's question (who plays it) is
:mod:`.side_line`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scenes.kit.failures import failure_sentence
from scenes.shell.match.review import ANALYSE, CONTINUE, RECORD_NOTE, played_on
from scenes.shell.match.side_line import SideLineDialog

if TYPE_CHECKING:
    from game.match import Seat


class ReviewFlow:
    """The review's flow, for the match scene."""

    # what the match scene that mixes this in holds (see its __init__)
    match: Any
    app: Any
    review: Any
    frame: Any
    ui: Any
    moves: Any
    saving: Any
    _banner_words: Any
    end_dialog: Any
    _end_dismissed: Any
    start_analysis: Any
    build_review_banner: Any

    def review_at(self, position: int | None = None) -> None:
        """Show the board after move ``position`` (0: the start; None: the last move) as a review. The
        game goes on meanwhile: the computer's reply is kept and shown when the player goes back.
        The load screen calls this for a finished game, the end dialog's "Review game" with 0."""
        if not self.match.turns and not self.review.record:
            self._say("There are no moves to review yet.")
            return
        if self.end_dialog is not None:
            self._end_dismissed = True
            self._close_end(row=False)
        self.review.show(len(self.match.turns) if position is None else position)
        self.moves.focus = self.review.turn_index
        self._say(None)
        self._refresh_view_buttons()
        self._refresh_buttons()

    def _review_command(self, command: str) -> None:
        """Left/Right/Home/End and the banner's buttons: step, jump, or leave the review (a record:
        make a game of it)."""
        if command == CONTINUE:
            if self.review.record:
                self.continue_from_here()
            else:  # a side line: first, who plays it
                self.ask_side_line()
            return
        if command == ANALYSE:
            self.start_analysis()
            return
        if not self.review.active and command in ("next", "live"):
            return  # the game as it stands is already on the board
        target = self.review.target(command)
        if target is None:
            self._leave_review()
        else:
            self.review_at(target)

    def look_at_record(self) -> None:
        """Show this match as a game record opened from a file: a review of its last move, with
        "Continue from here" in the banner. Until that is pressed nothing is saved, the computer
        does not move and the review cannot be left (the records screen calls this)."""
        self.review.record = True
        self.build_review_banner()
        self.review_at(None)

    def ask_side_line(self) -> None:
        """A live game's "Play from here": the small dialog that asks who plays the side line (the
        computer at a level, or two people, and the person's side) over this screen; its Play
        makes the side line with those seats (:meth:`continue_from_here`)."""
        if not self.review.active or self.review.record:
            return
        position = self.review.position or 0
        self.app.push(SideLineDialog(self.app, self.match, position, self._play_side_line(position)))

    def _play_side_line(self, position: int) -> Any:
        """The dialog's answer: the side line from ``position`` (where the review stood when it was
        asked) with the seats chosen, if this screen still shows that position."""

        def play(seats: dict[str, Seat]) -> None:
            if self.app.top is self and self.review.active and self.review.position == position:
                self.continue_from_here(seats)

        return play

    def continue_from_here(self, seats: dict[str, Seat] | None = None) -> None:
        """A record becomes a game from the position shown: a new match screen takes this one's
        place, and it is saved like any game from now on (its first autosave at once). From a live
        game's review the same makes a side line ("Play from here"), after this game is saved, with
        ``seats`` (the side line's dialog's answer; the game's own when None)."""
        if not self.review.active:
            return
        side_line = not self.review.record
        if side_line:
            self.saving.autosave()
        fresh = played_on(self.match, self.review.position or 0, seats)
        try:
            scene = self.app.make("match", fresh)
        except Exception as exc:  # a view bug must not take the screen down with it
            self.app.toast(failure_sentence(f"{fresh.game.title} could not be opened", exc), 6)
            return
        self.app.replace(scene)
        if isinstance(scene, type(self)):
            scene.saving.autosave()
        if side_line:
            self.app.toast(
                "A side line from here, saved as a game of its own; your game is kept as it was.", 5
            )
        else:
            self.app.toast("Playing on from here: this game is saved like any other.", 4)

    def _leave_review(self, message: str | None = None) -> None:
        if not self.review.active:
            return
        if self.review.record:  # no game to go back to: only Continue from here makes one
            self._say(RECORD_NOTE)
            return
        self.review.leave()
        self.moves.focus = None
        self.moves.scroll = 0  # back to the game as it stands: its last move in sight, not move 1
        self._say(message)
        self._refresh_view_buttons()
        self._refresh_buttons()
