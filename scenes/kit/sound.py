"""Sound effects: screens and boards announce moments by name; this module decides what is heard.

Nothing else in the app knows a sound file. A board says ``announce("band-snap")`` at the moment its
animation shows the band snapping back, the match screen says ``announce("your-turn")``; the one
table ``assets/sounds/events.json`` maps each event to a file made by ``packaging/make_sounds.py``.
Changing what a moment sounds like is an edit to that table, never to a view.

Silence is done right, because a board game must never be the program that spams a terminal or
fails to start over audio:

* The audio device is opened lazily, by the first sound that would actually be heard. With the sound
  muted or a volume at zero it is never opened at all, so a machine without sound stays untouched.
* A device that fails to open is one quiet ``INFO`` line in the log (whatever the audio library
  printed meanwhile is captured into that log too), and the game goes on silent for the session.
* A missing or damaged sound file, or an event the table does not know, is one ``WARNING`` line the
  first time, then skipped; nothing here ever raises into a scene.
* The same event announced twice in one frame plays once (ten troops landing at once with
  animations off are one landing, not a roar).

Tests swap the :class:`PygameMixer` for a fake with the same four methods (:class:`Mixer`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

from scenes.kit.fonts import ASSETS

log = logging.getLogger(__name__)

SOUNDS_DIR = ASSETS / "sounds"
EVENTS_FILE = "events.json"

Announce = Callable[[str], None]
"""How a view or screen asks for a sound: ``announce("capture")``."""


def silent(event: str) -> None:
    """Announce nothing: the default for views outside a match screen (lessons, tests, screenshots)."""


class Mixer(Protocol):
    """What :class:`SoundBoard` needs from an audio back end (pygame's mixer, or a test's fake)."""

    def open(self) -> None:
        """Open the audio device; raise any exception when it cannot be opened."""

    def load(self, path: Path) -> Any:
        """A playable sound read from ``path``; raise when the file cannot be read."""

    def play(self, sound: Any, volume: float) -> None:
        """Start ``sound`` at ``volume`` (0..1) over whatever else is playing."""

    def stop(self) -> None:
        """Silence everything playing now (mute)."""

    def close(self) -> None:
        """Close the audio device."""


@contextlib.contextmanager
def _stderr_captured() -> Iterator[list[str]]:
    """Collect what C libraries write straight to file descriptor 2 (ALSA's "cannot find card"
    lines, SDL's complaints) while the device opens, so it can go to the log instead of the
    terminal. Where descriptor 2 cannot be redirected (a windowed app without one), nothing is
    captured and nothing breaks."""
    lines: list[str] = []
    try:
        saved = os.dup(2)
    except OSError:
        yield lines
        return
    with tempfile.TemporaryFile() as sink:
        try:
            os.dup2(sink.fileno(), 2)
        except OSError:
            os.close(saved)
            yield lines
            return
        try:
            yield lines
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            lines.extend(line for line in sink.read().decode("utf-8", "replace").splitlines() if line)


class PygameMixer:
    """pygame's mixer: 44.1 kHz stereo with a short buffer (an effect must follow its click)."""

    CHANNELS = 16

    def open(self) -> None:
        import pygame

        failure: Exception | None = None
        with _stderr_captured() as printed:
            try:
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            except Exception as exc:  # raised below, once the captured lines are in the log
                failure = exc
        for line in printed:
            log.debug("audio: %s", line)
        if failure is not None:
            raise failure
        pygame.mixer.set_num_channels(self.CHANNELS)

    def load(self, path: Path) -> Any:
        import pygame

        return pygame.mixer.Sound(str(path))

    def play(self, sound: Any, volume: float) -> None:
        sound.set_volume(volume)
        sound.play()

    def stop(self) -> None:
        import pygame

        if pygame.mixer.get_init():
            pygame.mixer.stop()

    def close(self) -> None:
        import pygame

        if pygame.mixer.get_init():
            pygame.mixer.quit()


def load_table(folder: Path = SOUNDS_DIR) -> dict[str, str]:
    """Event → file name from ``events.json`` in ``folder``; {} (and one warning) when it is missing
    or damaged, which leaves the game silent rather than broken."""
    path = folder / EVENTS_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        events = data["events"]
        if not isinstance(events, dict):
            raise TypeError("'events' is not an object")
        return {str(k): str(v) for k, v in events.items() if isinstance(v, str)}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("No sounds: the sound table %s could not be read (%s).", path, exc)
        return {}


def _percent(value: Any, default: int) -> float:
    """A volume setting (0..100) as a 0..1 factor; anything odd counts as ``default``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        value = default
    return max(0.0, min(100.0, float(value))) / 100.0


class SoundBoard:
    """The app's one voice. ``announce(event)`` from anywhere; the settings (``muted``,
    ``master_volume``, ``effects_volume``, read fresh each time through ``settings``) decide whether
    and how loud it is heard.

    ``state`` is ``"closed"`` (device not opened yet), ``"open"`` or ``"failed"`` (silent for the
    rest of the session)."""

    def __init__(
        self,
        settings: Callable[[], Any],
        mixer: Mixer | None = None,
        folder: Path = SOUNDS_DIR,
        table: Mapping[str, str] | None = None,
    ) -> None:
        self._settings = settings
        self.mixer: Mixer = mixer if mixer is not None else PygameMixer()
        self.folder = folder
        self._table: dict[str, str] | None = dict(table) if table is not None else None
        self._sounds: dict[str, Any] = {}
        self._warned: set[str] = set()
        self._this_frame: set[str] = set()
        self.state = "closed"

    # -- settings ------------------------------------------------------------------------------------
    @property
    def muted(self) -> bool:
        return bool(getattr(self._settings(), "muted", False))

    def volume(self) -> float:
        """How loud an effect plays now (0 when muted): master × effects."""
        settings = self._settings()
        if getattr(settings, "muted", False):
            return 0.0
        master = _percent(getattr(settings, "master_volume", 80), 80)
        effects = _percent(getattr(settings, "effects_volume", 80), 80)
        return master * effects

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute (the caller saves the settings); muting silences what is playing too."""
        settings = self._settings()
        if settings is not None:
            settings.muted = muted
        if muted and self.state == "open":
            with contextlib.suppress(Exception):
                self.mixer.stop()

    def toggle_mute(self) -> bool:
        """Flip mute (the ``M`` key); True when the sound is now off."""
        self.set_muted(not self.muted)
        return self.muted

    # -- playing -------------------------------------------------------------------------------------
    @property
    def table(self) -> dict[str, str]:
        if self._table is None:
            self._table = load_table(self.folder)
        return self._table

    def next_frame(self) -> None:
        """A new frame began: the same event may sound again (the app calls this every frame)."""
        self._this_frame.clear()

    def announce(self, event: str) -> None:
        """Play the sound of ``event`` if sound is on; never raises, never blocks on a failure."""
        volume = self.volume()
        if volume <= 0.0 or self.state == "failed" or event in self._this_frame:
            return
        sound = self._sound(event)
        if sound is None or not self._open():
            return
        self._this_frame.add(event)
        try:
            self.mixer.play(sound, volume)
        except Exception as exc:
            self._warn_once(f"play:{event}", "Sound %r could not be played (%s).", event, exc)

    def _open(self) -> bool:
        if self.state == "closed":
            try:
                self.mixer.open()
            except Exception as exc:  # no device, no driver, a broken driver: the game goes on silent
                self.state = "failed"
                log.info("No sound: the audio device could not be opened (%s); playing on silently.", exc)
                return False
            self.state = "open"
        return self.state == "open"

    def _sound(self, event: str) -> Any:
        """The loaded sound for ``event`` (cached), or None (warned once) when it cannot be had.
        Files are checked before the device is opened, so a broken table never opens it."""
        name = self.table.get(event)
        if name is None:
            if self.table:
                self._warn_once(f"event:{event}", "No sound for %r: it is not in %s.", event, EVENTS_FILE)
            return None
        if name in self._sounds:
            return self._sounds[name]
        path = self.folder / name
        sound = None
        if not path.is_file():
            self._warn_once(f"file:{name}", "Sound %r skipped: %s is missing.", event, path)
        elif self._open():
            try:
                sound = self.mixer.load(path)
            except Exception as exc:
                why = "Sound %r skipped: %s could not be read (%s)."
                self._warn_once(f"file:{name}", why, event, path, exc)
        else:
            return None  # no device: nothing to load into, and nothing to remember
        self._sounds[name] = sound
        return sound

    def _warn_once(self, key: str, message: str, *args: Any) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message, *args)

    def close(self) -> None:
        """Close the device (the app is shutting down); a later sound would open it again."""
        if self.state == "open":
            with contextlib.suppress(Exception):
                self.mixer.close()
        if self.state != "failed":
            self.state = "closed"
        self._sounds.clear()
