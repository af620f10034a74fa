"""Game records in the app: exporting the game on screen, and putting an opened record on screen.

The text format and the files belong to :mod:`game.records` and :mod:`saves.records`; this module
only adds what a screen needs around them: the folder the app writes to (the player's documents, or
the data directory when one was given with ``--data-dir``), the sentence that says where a record
went or why it did not, the sentence naming the bad line of a damaged one, and how an opened record
reaches the match screen (as a review that saves nothing). The pause menu, the load screen and the
records screen (:mod:`scenes.shell.records`, the picker) use it, and screens never import each other.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.records import RecordFileError
from saves.paths import resolve_data_dir, resolve_records_dir
from saves.records import export_record, open_record
from scenes.kit.failures import failure_sentence

if TYPE_CHECKING:
    from game.match import Match
    from game.records import Record
    from scenes.kit.app import App


def records_folder(data_dir: Path) -> Path:
    """Where this app writes records: beside its data when the data directory was chosen for it
    (``--data-dir``: tests and portable runs touch nothing else), else the documents folder. The app
    knows only the directory it ended up with, so a directory other than the default one means an
    override (the environment variable is the default's own business)."""
    chosen = Path(data_dir)
    return resolve_records_dir(chosen if chosen != resolve_data_dir() else None)


def folder_words(folder: Path) -> str:
    """A folder as a player would say it: from their home folder ("Documents/Curio Boards records")
    when it is inside it, else the whole path."""
    try:
        return Path(folder).relative_to(Path.home()).as_posix() or "your home folder"
    except ValueError:
        return str(folder)


def export_sentence(match: Match, data_dir: Path) -> str:
    """Write ``match``'s record and say where it went, or why it could not be written; never raises
    for a disk that refuses (the game goes on either way)."""
    try:
        path = export_record(match, records_folder(data_dir))
    except Exception as exc:  # OSError, a match without a record (a lesson): words, not a crash
        return failure_sentence("The record could not be written", exc)
    return f"Saved the record as '{path.name}' in {folder_words(path.parent)}."


def record_problem(error: RecordFileError) -> str:
    """What is wrong with a record, naming the line when there is one ("Line 12: move 3 …")."""
    reason = error.reason.strip()
    if not reason.endswith((".", "!", "?")):
        reason += "."
    if error.line is None:
        return reason[:1].upper() + reason[1:]
    return f"Line {error.line}: {reason}"


def read_record(path: Path | str) -> tuple[Record | None, str]:
    """The record in ``path`` replayed, or None and the sentence saying why it cannot be opened."""
    try:
        return open_record(path), ""
    except RecordFileError as exc:
        return None, record_problem(exc)
    except Exception:  # saves.records words its own refusals; anything else is still not a crash
        return None, "The file could not be read as a game record."


def show_match(app: App, match: Match) -> None:
    """Put ``match`` on screen (a loaded save): a finished game opens as a review
    of its last move, since there is nothing left to play in it (Home goes back to its start)."""
    if app.open_match(match) and match.over:
        review_at = getattr(app.top, "review_at", None)  # the match screen's; screens are asked by name
        if callable(review_at):
            review_at(None)


def show_record(app: App, match: Match) -> bool:
    """Put a record opened from a file on screen: the match screen shows it as a review of its last
    move, and nothing is saved, however often it is opened, until the player chooses "Continue from
    here" (the match screen's :meth:`look_at_record`). False (with a notice) when it cannot be shown."""
    if not app.open_match(match):
        return False
    look = getattr(app.top, "look_at_record", None)  # the match screen's; screens are asked by name
    if callable(look):
        look()
    return True
