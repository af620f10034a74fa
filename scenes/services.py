"""The app's shared services: the data folder with its saves, settings, lesson and practice stars, and
the AI processes working for the app, one a lane (the computer's move, hints, the "solved" badge).

Built here, outside the kit, by :func:`scenes.routes.new_app` (and by the tests that make an app
alone), and handed to :class:`~scenes.kit.app.App`, which knows them only through the protocol in
:mod:`scenes.kit.services`: so the kit that draws never imports ``saves``, and the disk's sentences
stay the shell's business. Building them also tells the kit that a save's refusal (``SaveError``) is
a sentence for players; importing this module changes nothing.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from game.worker import AIWorker
from saves.atomic import remove_stray_temps
from saves.paths import resolve_config_dir, resolve_data_dir
from saves.practice_stars import PracticeStars
from saves.progress import Progress
from saves.save_file import SaveError
from saves.settings import Settings, load_settings, save_settings
from saves.store import SaveStore
from scenes.kit.failures import worded_for_players
from scenes.kit.services import LANES, Tell


def _quiet(text: str, seconds: float) -> None:
    """Where news goes before the app listens (:meth:`FolderServices.start`)."""


class FolderServices:
    """One data folder's services for the life of an app (``data_dir`` None: the player's own
    folder, :mod:`saves.paths`). Reading the settings never writes; nothing is started or read
    that a screen has not asked for, but the settings and the saves' listing."""

    def __init__(self, data_dir: Path | None = None) -> None:
        worded_for_players(SaveError)  # a save's refusal is a sentence for players where it is raised
        self.data_dir = resolve_data_dir(data_dir)
        self.config_dir = resolve_config_dir(data_dir)
        self.store = SaveStore(self.data_dir)
        self.settings: Settings = load_settings(self.config_dir)
        self.lanes: dict[str, AIWorker] = {}
        self._progress: Progress | None = None
        self._practice_stars: PracticeStars | None = None
        self._tell: Tell = _quiet

    def start(self, tell: Tell) -> None:
        """Remove the temporary files of writes a crash or a kill interrupted last time (never a save
        or a settings file itself), then say what the player must know from the start."""
        self._tell = tell
        with contextlib.suppress(Exception):  # tidying must never stop the app from starting
            self.store.tidy()
            remove_stray_temps(self.config_dir)
        if self.settings.message:
            tell(self.settings.message, 8.0)
        if self.store.trash.problem:  # said once, at the start (see saves.folders)
            tell(self.store.trash.problem, 8.0)

    def save_settings(self) -> None:
        save_settings(self.settings)

    def lane(self, name: str) -> AIWorker:
        if name not in LANES:
            raise KeyError(f"no AI lane called '{name}' (known: {', '.join(LANES)})")
        worker = self.lanes.get(name)
        if worker is None:
            worker = self.lanes[name] = AIWorker()
        return worker

    @property
    def progress(self) -> Progress:
        """The lesson stars, read on first use; a damaged or newer file is told of then, once."""
        if self._progress is None:
            self._progress = Progress(self.data_dir)
            if self._progress.games is not None and self._progress.message:
                self._tell(self._progress.message, 8.0)
        return self._progress

    @property
    def practice_stars(self) -> PracticeStars:
        """The stars of "Practise your mistakes", read on first use; a damaged or newer file is told
        of then, once."""
        if self._practice_stars is None:
            self._practice_stars = PracticeStars(self.data_dir)
            if self._practice_stars.games is not None and self._practice_stars.message:
                self._tell(self._practice_stars.message, 8.0)
        return self._practice_stars

    def close(self) -> None:
        for worker in self.lanes.values():
            worker.close()
