"""Game records in the app: exporting the game on screen, and choosing a record file to open.

The text format and the files belong to :mod:`game.records` and :mod:`saves.records`; this module
only adds what a screen needs around them: the folder the app writes to (the player's documents, or
the data directory when one was given with ``--data-dir``), the sentence that says where a record
went or why it did not, the file dialog that picks one, and the sentence naming the bad line of a
damaged one. Both the pause menu and the load screen use it, and screens never import each other.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.windows import UIFileDialog

from game.records import SUFFIX, RecordFileError
from saves.paths import resolve_data_dir, resolve_records_dir
from saves.records import export_record, open_record
from scenes.kit.failures import failure_sentence
from scenes.shell.windows.dialogs import centered_rect

if TYPE_CHECKING:
    from game.match import Match
    from game.records import Record
    from scenes.kit.app import App

PICKER_SIZE = (620, 460)
PICKER_TITLE = "Open a game record"


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
    """Put ``match`` on screen (a loaded save, an opened record): a finished game opens as a review
    of its last move, since there is nothing left to play in it (Home goes back to its start)."""
    if app.open_match(match) and match.over:
        review_at = getattr(app.top, "review_at", None)  # the match screen's; screens are asked by name
        if callable(review_at):
            review_at(None)


class RecordPicker:
    """The "Open a record…" file dialog, starting in the records folder. ``picked(event)`` answers
    the path the player chose with OK (pygame-gui posts it as an event), else None."""

    def __init__(self, ui: pygame_gui.UIManager, data_dir: Path) -> None:
        folder = records_folder(data_dir)
        try:
            folder.mkdir(parents=True, exist_ok=True)  # an empty folder beats starting somewhere odd
        except OSError:
            folder = Path.home()
        width, height = PICKER_SIZE
        screen = ui.get_root_container().get_rect()
        rect = centered_rect(ui, min(width, screen.width - 40), min(height, screen.height - 40))
        self.window = UIFileDialog(
            rect,
            ui,
            window_title=PICKER_TITLE,
            allowed_suffixes={SUFFIX},
            initial_file_path=str(folder),
            allow_existing_files_only=True,
        )

    def picked(self, event: pygame.event.Event) -> Path | None:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.window:
            return Path(event.text)
        return None

    def alive(self) -> bool:
        return bool(self.window.alive())
