"""A match's saves: Ctrl+S over its own file, a copy under a new id, the autosave after turns, and a
finished analysis added to the save the game came from.

Split from the match scene, which decides *when* to save; this holds *how*, and the one piece of
state that needs: whether a match with no turn yet has had its opening written. Every failure is a
toast with a plain sentence, never a crash, and the game goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.match import Match
from scenes.kit.failures import failure_reason, failure_sentence

if TYPE_CHECKING:
    from scenes.kit.app import App


class MatchSaving:
    """The save commands of one match scene."""

    def __init__(self, app: App, match: Match) -> None:
        self.app = app
        self.match = match
        self.opening_saved = False
        self.saved_turns = len(match.turns)
        """Turns on disk as of the last autosave that worked (a loaded game is on disk as it is)."""
        self.failure: str | None = None
        """Why the last autosave failed ("the disk is full"); None once one works again."""
        self.kept_turns = -1
        """Turns written as a record outside the data folder after autosaves failed (the question
        before quitting offers it): quitting then loses none of them."""

    def save_now(self) -> bool:
        """Save this game over its own save file, or make its first one (the pause menu calls this
        too). Raises OSError/SaveError/GameError on failure."""
        self.app.store.save_in_place(self.match)
        return True

    def save_copy_now(self) -> bool:
        """A new save file of this position under a new id (the pause menu's "Save a copy"); this
        game's own save file is not touched, and its next Ctrl+S still goes there."""
        self.app.store.save_copy(self.match)
        return True

    def save(self) -> None:
        """Ctrl+S / the Save button: save and say so; a failure is a toast, never a crash."""
        try:
            self.save_now()
        except Exception as exc:  # OSError, SaveError: the player must hear about it, the game goes on
            self.app.toast(failure_sentence("The game could not be saved", exc), 5.0)
            return
        self.app.toast("Game saved")

    def autosave(self, opening: bool = False) -> None:
        """Write the match's autosave (after every completed turn, on undo/redo and on leaving).

        A match with no turn yet is written only when the computer opens it (``opening``): its first
        search can take seconds, and a crash or a kill then must not lose the game the player set up
        (killed Changing Challenges runs where the computer plays the Triangles, who move first, left
        no autosave). A two-player match left before its first move leaves nothing behind."""
        if not self.match.turns and not (opening or self.opening_saved):
            return
        if opening:
            if self.opening_saved:
                return
            self.opening_saved = True
        try:
            self.app.store.autosave(self.match)
        except Exception as exc:
            self.failure = failure_reason(exc)
            self.app.toast(failure_sentence("The game could not be saved automatically", exc), 5.0)
            return
        self.failure = None
        self.saved_turns = len(self.match.turns)

    def keep_analysis(self) -> None:
        """An analysis just finished (the autosave has it already): the player's own save of this
        game, the file it was loaded from or last saved to, keeps it too when it holds these very
        moves, so opening that save again shows the analysis without the wait. Only its analysis is
        added (:meth:`saves.store.SaveStore.keep_analysis`): another game's file, or this game saved
        at another move, is never touched. A refusing disk is a toast; the game goes on."""
        try:
            self.app.store.keep_analysis(self.match)
        except Exception as exc:
            self.app.toast(failure_sentence("The analysis could not be kept in your save", exc), 5.0)

    def keep_as_record(self) -> str:
        """Write the game as a record in the records folder (away from the data folder whose disk
        refused the autosave) and say where, or why it could not be written."""
        from saves.records import export_record
        from scenes.shell.windows.records import folder_words, records_folder

        try:
            path = export_record(self.match, records_folder(self.app.data_dir))
        except Exception as exc:  # OSError: that disk refuses too; words, never a crash
            return failure_sentence("The record could not be written either", exc)
        self.kept_turns = len(self.match.turns)
        return (
            f"Your game is kept as the record '{path.name}' in {folder_words(path.parent)}: "
            'open it from the Load screen\'s "Open a record…" and choose Continue from here.'
        )

    def unsaved(self) -> str | None:
        """What quitting now would lose, as a sentence, or None: asked before the app closes, so the
        player is never told after the window has gone."""
        if self.failure is None or self.kept_turns == len(self.match.turns):
            return None
        count = max(1, len(self.match.turns) - self.saved_turns)
        moves = "move" if count == 1 else f"{count} moves"
        return f"Your last {moves} could not be saved: {self.failure}."
