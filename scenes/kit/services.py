"""What the app asks of the services it is given, as protocols: the kit never imports ``saves``.

The saves, the settings file, the lesson stars and the AI processes are built outside the kit
(:mod:`scenes.services`, by :func:`scenes.routes.new_app`) and handed to
:class:`~scenes.kit.app.App`; the kit knows them only by what it reads and calls here, so a contract
(``pyproject.toml``, "the kit imports no saves") keeps the drawing kit apart from the disk.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.worker import AIWorker

LANES = ("move", "hint", "solve", "analysis")
"""The app's AI processes, one a lane, so that no kind of question waits behind or cancels another:
the computer's move, a player's hint, the "solved" badge's search, a finished game's analysis."""

Tell = Callable[[str, float], None]
"""Shows a notice for a number of seconds (:meth:`App.toast <scenes.kit.app.App.toast>`)."""


class KitSettings(Protocol):
    """The settings the kit itself reads and writes: the window, the sound and the animations (the
    shell's screens read the rest of the settings object they are given)."""

    fullscreen: bool
    animation_speed: str
    muted: bool
    master_volume: int
    effects_volume: int
    window_size: tuple[int, int] | None
    window_position: tuple[int, int] | None


class Services(Protocol):
    """The shared services an :class:`~scenes.kit.app.App` runs with."""

    data_dir: Path
    """The data folder: saves, records, lesson stars, the statistics."""
    settings: KitSettings
    store: Any
    """The saves and autosaves of the data folder (the shell's; the kit never reads it)."""
    lanes: MutableMapping[str, AIWorker]
    """The AI processes started so far, by lane (:data:`LANES`); tests put stand-ins here."""

    def start(self, tell: Tell) -> None:
        """Tidy what an interrupted run left and tell, through ``tell``, what the player must hear
        at the start (a damaged settings file, a trash that cannot be used); news found later (the
        lesson stars' file) is told through it too."""

    def save_settings(self) -> None:
        """Write the settings; raises OSError when the disk refuses."""

    def lane(self, name: str) -> AIWorker:
        """The AI process of lane ``name``, started on first use."""

    @property
    def progress(self) -> Any:
        """The lesson stars (the shell's), read on first use."""

    @property
    def practice_stars(self) -> Any:
        """The stars of "Practise your mistakes" (the shell's), read on first use."""

    def close(self) -> None:
        """Stop every AI process started (the app is closing)."""
