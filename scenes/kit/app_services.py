"""The app's shared services as the screens reach them: ``app.store``, ``app.settings``,
``app.progress``, ``app.practice_stars``, ``app.data_dir``, ``app.worker``, ``app.hint_worker``,
``app.solve_worker``, ``app.analysis_worker``.

Part of :class:`scenes.kit.app.App` (a base class of it), kept apart for its size. Each is a door
to the services object the app was given (:mod:`scenes.kit.services`; built in
:mod:`scenes.services`), so the screens' ``app.…`` did not change when the services moved out of
the kit. Nothing is started before a screen asks: a player who never meets the computer never
starts a process.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from scenes.kit.services import KitSettings, Services

if TYPE_CHECKING:
    from game.worker import AIWorker


class _LaneSlot:
    """``app._worker`` and its kin: the process of one lane if started, else None; assigning puts a
    stand-in there (the tests' scripted workers), None takes it away."""

    def __init__(self, lane: str) -> None:
        self.lane = lane

    def __get__(self, app: AppServices | None, owner: type | None = None) -> Any:
        if app is None:
            return self
        return app.services.lanes.get(self.lane)

    def __set__(self, app: AppServices, worker: AIWorker | None) -> None:
        if worker is None:
            app.services.lanes.pop(self.lane, None)
        else:
            app.services.lanes[self.lane] = worker


class AppServices:
    """The services' half of the app."""

    services: Services

    _worker = _LaneSlot("move")
    _hint_worker = _LaneSlot("hint")
    _solve_worker = _LaneSlot("solve")
    _analysis_worker = _LaneSlot("analysis")

    @property
    def data_dir(self) -> Path:
        return self.services.data_dir

    @property
    def store(self) -> Any:
        """The data folder's saves (``saves.store.SaveStore``)."""
        return self.services.store

    @property
    def settings(self) -> KitSettings:
        """The player's settings (``saves.settings.Settings``: the shell's screens read all of it)."""
        return self.services.settings

    @property
    def progress(self) -> Any:
        """The lesson stars (``saves.progress.Progress``), read on first use: the menu and the lessons
        list ask for them."""
        return self.services.progress

    @property
    def practice_stars(self) -> Any:
        """The stars of "Practise your mistakes" (``saves.practice_stars.PracticeStars``), read when
        the practice first opens."""
        return self.services.practice_stars

    @property
    def worker(self) -> AIWorker:
        return self.services.lane("move")

    @property
    def hint_worker(self) -> AIWorker:
        """A second AI process for hints: a hint asked while the computer chooses its own secret orders
        must neither cancel that search nor wait behind it. Started on the first hint, kept for the
        next match."""
        return self.services.lane("hint")

    @property
    def solve_worker(self) -> AIWorker:
        """A third AI process for the "solved" badge (a setting, off by default): its searches after
        every turn must neither kill a hint being worked out nor be killed by one. Started on the
        first badge asked for."""
        return self.services.lane("solve")

    @property
    def analysis_worker(self) -> AIWorker:
        """A fourth AI process for a finished game's analysis (seconds of work, with progress): it
        must not hold up the computer's next move in another game, nor a hint. Started on the first
        Analyse."""
        return self.services.lane("analysis")
