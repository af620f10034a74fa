"""The player's settings: window mode, size and place, animation speed, sound, the "solved" badge and
the last new-game choices per game.

Settings live in ``settings.json`` in the config directory (see :mod:`saves.paths`). They are small
and easy to recreate, but a settings file the player edited by hand is still theirs: a file that
cannot be read (every read goes through :mod:`saves.reading`, so none can stop the app) is left as it
is and the app runs on defaults, saying so once; the first time a setting is saved, the damaged file
is kept aside as ``settings.damaged-<time>.json`` (renamed, never deleted) and a fresh file is
written. Unknown keys, perhaps from a newer version, are kept and written back, so switching between
versions loses nothing.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from saves.atomic import write_atomic
from saves.reading import MISSING, Limits, ReadError, read_json
from saves.schema import Field, Integer, ListOf, MapOf, Record, Schema, Text, valid

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1
"""Bumped only when a field changes meaning; new optional fields do not bump it."""

ANIMATION_SPEEDS: dict[str, float] = {"off": 0.0, "slow": 0.6, "normal": 1.0, "fast": 1.8}
"""Choices for ``animation_speed`` and their speed factors, in the order a settings screen lists them."""

_KNOWN_KEYS = (
    "version",
    "fullscreen",
    "animation_speed",
    "muted",
    "master_volume",
    "effects_volume",
    "last_new_game",
    "show_solved",
    "coach",
    "window_size",
    "window_position",
)

DEFAULT_VOLUME = 80
"""Master and effects volume out of 100: loud enough to hear a move, quiet enough not to startle."""

SETTINGS_LIMITS = Limits(file_bytes=256 * 1024, string_chars=10_000, list_items=1_000, object_keys=500)
"""A settings file is a few hundred bytes; anything far bigger is not ours (see saves.reading)."""

_CHOICES = Record(
    {key: Field(Text(100), key) for key in ("mode", "level", "side")}
    | {"options": Field(MapOf(Text(200), max_keys=100), "options")}
    | {"names": Field(MapOf(Text(100), max_keys=10), "names")}  # the last two-player names used
)
"""One game's remembered new-game choices; the dialog checks the values against the game again."""

_SPEED = Text(20, choices=tuple(ANIMATION_SPEEDS))
_WINDOW_SIDE = Integer(320, 16384)
"""A remembered window's width or height (the range ``--size`` takes; the app asks more of it)."""
_WINDOW_COORDINATE = Integer(-32768, 32767)
"""Where a remembered window was: desktop coordinates, as far as any system gives them."""

KEPT_ASIDE_PREFIX = "settings.damaged-"
"""A damaged settings file is renamed to ``settings.damaged-<UTC time>.json`` beside the new one."""


@dataclass
class Settings:
    """The settings the app remembers between runs.

    ``config_dir`` records where the settings came from so :func:`save_settings` needs no arguments;
    it, ``damaged``, ``read_only``, ``message`` and ``extra`` describe the file and are not settings
    themselves (``extra`` holds unknown keys, written back unchanged)."""

    fullscreen: bool = False
    animation_speed: str = "normal"
    muted: bool = False
    """Sound off (the ``M`` key): the audio device is then never opened."""
    master_volume: int = DEFAULT_VOLUME
    effects_volume: int = DEFAULT_VOLUME
    """Volumes out of 100; an effect plays at master × effects."""
    last_new_game: dict[str, dict[str, Any]] = field(default_factory=dict)
    show_solved: bool = False
    """Show who wins with best play (Elephant Run endgames): a spoiler, so off unless asked for."""
    coach: bool = False
    """The coach (issue #32): your pieces under attack marked during your turn, and a word before a
    move that throws the game away against the computer. Off by default: it plays half the game for
    you, which only some players want (the new-game screen offers it on easy)."""
    window_size: tuple[int, int] | None = None
    window_position: tuple[int, int] | None = None
    """The window's last size and place (its picture's top-left corner on the desktop), saved when it
    moves or is resized and when the app closes; None: fit the window to the screen
    (:mod:`scenes.kit.window_fit`), which also checks these still fit the displays."""
    config_dir: Path | None = field(default=None, compare=False)
    damaged: bool = field(default=False, compare=False)
    read_only: bool = field(default=False, compare=False)
    message: str | None = field(default=None, compare=False)
    extra: dict[str, Any] = field(default_factory=dict, compare=False)
    kept_aside: Path | None = field(default=None, compare=False)
    """Where the last damaged settings file was renamed to, once a save has kept it aside."""

    @property
    def path(self) -> Path | None:
        return None if self.config_dir is None else self.config_dir / SETTINGS_FILE

    @property
    def writable(self) -> bool:
        """False when saving would overwrite a file the app must leave alone (a newer version's).
        A damaged file does not block saving: it is kept aside first (see :func:`save_settings`)."""
        return self.config_dir is not None and not self.read_only

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = dict(self.extra)
        data.update(
            {
                "version": SETTINGS_VERSION,
                "fullscreen": self.fullscreen,
                "animation_speed": self.animation_speed,
                "muted": self.muted,
                "master_volume": self.master_volume,
                "effects_volume": self.effects_volume,
                "last_new_game": copy.deepcopy(self.last_new_game),
                "show_solved": self.show_solved,
                "coach": self.coach,
            }
        )
        for key, pair in (("window_size", self.window_size), ("window_position", self.window_position)):
            if pair is not None:
                data[key] = list(pair)
        return data


def animation_factor(settings: Settings | str) -> float:
    """How fast animations run: a speed multiplier, 0 meaning "do not animate, jump to the result".

    Scenes divide an animation's base duration by this factor (and skip it when the factor is 0)."""
    speed = settings if isinstance(settings, str) else settings.animation_speed
    return ANIMATION_SPEEDS.get(speed, 1.0)


def new_game_choices(settings: Settings, game_id: str) -> dict[str, Any]:
    """The choices last made in the new-game dialog for ``game_id`` (mode, level, side, options), or {}.

    A copy, so the dialog can change it freely; the dialog still validates it against the game."""
    return copy.deepcopy(settings.last_new_game.get(game_id, {}))


def remember_new_game(settings: Settings, game_id: str, choices: Mapping[str, Any]) -> None:
    """Record the new-game dialog's choices for ``game_id`` (call :func:`save_settings` afterwards).

    Only JSON values are kept, so the settings file can always be written."""
    settings.last_new_game[game_id] = json.loads(json.dumps(dict(choices), default=str))


def volume_value(value: Any, default: int = DEFAULT_VOLUME) -> int:
    """A volume read from the file: a number from 0 to 100 (rounded), anything else ``default``."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 100:
        return default
    return round(value)


def _pair(value: Any, item: Schema) -> tuple[int, int] | None:
    """Two whole numbers ``item`` accepts, as a tuple, or None for anything else."""
    if not valid(ListOf(item, max_items=2), value) or len(value) != 2:
        return None
    return value[0], value[1]


def _from_json(data: dict[str, Any], config_dir: Path) -> Settings:
    """Known fields with valid values are taken; anything invalid falls back to its default."""
    defaults = Settings()
    fullscreen = data.get("fullscreen", defaults.fullscreen)
    speed = data.get("animation_speed", defaults.animation_speed)
    muted = data.get("muted", defaults.muted)
    show_solved = data.get("show_solved", defaults.show_solved)
    coach = data.get("coach", defaults.coach)
    last = data.get("last_new_game", {})
    return Settings(
        fullscreen=fullscreen if isinstance(fullscreen, bool) else defaults.fullscreen,
        animation_speed=speed if valid(_SPEED, speed) else defaults.animation_speed,
        muted=muted if isinstance(muted, bool) else defaults.muted,
        show_solved=show_solved if isinstance(show_solved, bool) else defaults.show_solved,
        coach=coach if isinstance(coach, bool) else defaults.coach,
        window_size=_pair(data.get("window_size"), _WINDOW_SIDE),
        window_position=_pair(data.get("window_position"), _WINDOW_COORDINATE),
        master_volume=volume_value(data.get("master_volume")),
        effects_volume=volume_value(data.get("effects_volume")),
        last_new_game=(
            {k: v for k, v in last.items() if len(k) <= 100 and valid(_CHOICES, v)}
            if isinstance(last, dict)
            else {}
        ),
        config_dir=config_dir,
        extra={k: v for k, v in data.items() if k not in _KNOWN_KEYS},
    )


def _damaged(config_dir: Path, why: str) -> Settings:
    return Settings(
        config_dir=config_dir,
        damaged=True,
        message=(
            f"Your settings file is damaged ({why}), so the default settings are used. The file is "
            "left as it is; when you next change a setting, it is kept beside the new one under "
            "another name."
        ),
    )


def _read(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """(data, None) for a good file, (None, None) for no file, (None, why) for a bad one.

    Goes through :func:`saves.reading.read_json`, so no file can make the app fail to start: sizes,
    nesting and numbers are bounded and every refusal is a phrase for the player."""
    try:
        data = read_json(path, SETTINGS_LIMITS)
    except ReadError as exc:
        if exc.kind == MISSING:
            return None, None
        return None, exc.reason
    if not isinstance(data, dict):
        return None, "it is not a settings object"
    return data, None


def _keep_aside(path: Path) -> Path | None:
    """Rename a damaged settings file to ``settings.damaged-<time>.json`` beside it, so the player's
    content is kept (nothing is deleted) and settings can be saved again. None if the rename fails
    (read-only folder): then the file stays where it is and is not overwritten."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    for n in range(1, 100):
        suffix = "" if n == 1 else f"-{n}"
        target = path.with_name(f"{KEPT_ASIDE_PREFIX}{stamp}{suffix}.json")
        if target.exists():
            continue
        try:
            os.link(path, target)  # refuses to replace an existing file, unlike a rename on POSIX
        except FileExistsError:
            continue
        except OSError:
            try:
                if target.exists():
                    continue
                os.replace(path, target)
            except OSError:
                return None
            return target
        try:
            path.unlink()
        except OSError:
            with contextlib.suppress(OSError):
                target.unlink()
            return None
        return target
    return None


def load_settings(config_dir: Path | str) -> Settings:
    """The saved settings, or defaults when there is no file. Never raises and never writes.

    A damaged file gives defaults with ``damaged=True`` and a ``message`` for the player; a file from a
    newer settings version is read as far as understood but marked ``read_only``."""
    config_dir = Path(config_dir)
    data, why = _read(config_dir / SETTINGS_FILE)
    if why is not None:
        return _damaged(config_dir, why)
    if data is None:
        return Settings(config_dir=config_dir)
    try:
        settings = _from_json(data, config_dir)
    except Exception:  # a field's check that did not expect some value: defaults, never a crash
        return _damaged(config_dir, "its values cannot be read")
    version = data.get("version", SETTINGS_VERSION)
    if isinstance(version, int) and not isinstance(version, bool) and version > SETTINGS_VERSION:
        settings.read_only = True
        settings.message = (
            "Your settings were written by a newer version of Curio Boards; "
            "changes made here will not be saved."
        )
    return settings


def save_settings(settings: Settings) -> bool:
    """Write the settings atomically. Returns False (writing nothing) when the file must be left alone.

    Re-checks the file on disk first: a damaged file (from the start, or broken by hand while the app
    runs) is renamed aside before the new one is written, so its content is never lost; if it cannot
    be renamed, nothing is written. Raises OSError if the disk refuses the write (the app shows a
    toast)."""
    path = settings.path
    if path is None:
        raise ValueError("these settings have no config_dir to be saved to")
    if not settings.writable:
        return False
    _, why = _read(path)
    if why is not None:
        kept = _keep_aside(path)
        if kept is None:
            settings.damaged = True
            settings.message = (
                f"Your settings file is damaged ({why}) and could not be kept aside, so settings are not "
                "saved until it is fixed or removed."
            )
            return False
        settings.kept_aside = kept
    write_atomic(path, json.dumps(settings.to_json(), indent=2, ensure_ascii=False) + "\n")
    settings.damaged = False
    return True
