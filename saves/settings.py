"""The player's settings: window mode, animation speed and the last new-game choices per game.

Settings live in ``settings.json`` in the config directory (see :mod:`saves.paths`). They are small
and easy to recreate, but a settings file the player edited by hand is still theirs: a file that does
not parse is left exactly as it is, the app runs on defaults and does not write settings until the
file is fixed or removed (the ``message`` says so). Unknown keys, perhaps from a newer version, are
kept and written back, so switching between versions loses nothing.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saves.atomic import write_atomic

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1
"""Bumped only when a field changes meaning; new optional fields do not bump it."""

ANIMATION_SPEEDS: dict[str, float] = {"off": 0.0, "slow": 0.6, "normal": 1.0, "fast": 1.8}
"""Choices for ``animation_speed`` and their speed factors, in the order a settings screen lists them."""

_KNOWN_KEYS = ("version", "fullscreen", "animation_speed", "last_new_game")


@dataclass
class Settings:
    """The settings the app remembers between runs.

    ``config_dir`` records where the settings came from so :func:`save_settings` needs no arguments;
    it, ``damaged``, ``read_only``, ``message`` and ``extra`` describe the file and are not settings
    themselves (``extra`` holds unknown keys, written back unchanged)."""

    fullscreen: bool = False
    animation_speed: str = "normal"
    last_new_game: dict[str, dict[str, Any]] = field(default_factory=dict)
    config_dir: Path | None = field(default=None, compare=False)
    damaged: bool = field(default=False, compare=False)
    read_only: bool = field(default=False, compare=False)
    message: str | None = field(default=None, compare=False)
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def path(self) -> Path | None:
        return None if self.config_dir is None else self.config_dir / SETTINGS_FILE

    @property
    def writable(self) -> bool:
        """False when saving would overwrite a file the app must leave alone."""
        return self.config_dir is not None and not self.damaged and not self.read_only

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = dict(self.extra)
        data.update(
            {
                "version": SETTINGS_VERSION,
                "fullscreen": self.fullscreen,
                "animation_speed": self.animation_speed,
                "last_new_game": copy.deepcopy(self.last_new_game),
            }
        )
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


def _from_json(data: dict[str, Any], config_dir: Path) -> Settings:
    """Known fields with valid values are taken; anything invalid falls back to its default."""
    defaults = Settings()
    fullscreen = data.get("fullscreen", defaults.fullscreen)
    speed = data.get("animation_speed", defaults.animation_speed)
    last = data.get("last_new_game", {})
    return Settings(
        fullscreen=fullscreen if isinstance(fullscreen, bool) else defaults.fullscreen,
        animation_speed=speed if speed in ANIMATION_SPEEDS else defaults.animation_speed,
        last_new_game=(
            {k: v for k, v in last.items() if isinstance(k, str) and isinstance(v, dict)}
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
            f"Your settings file is damaged ({why}), so defaults are used. The file was left as it is; "
            "settings changes will not be saved until it is fixed or removed."
        ),
    )


def _read(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """(data, None) for a good file, (None, None) for no file, (None, why) for a bad one."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        return None, None
    except UnicodeDecodeError:
        return None, "it is not UTF-8 text"
    except OSError as exc:
        return None, f"it could not be read: {exc.strerror or exc}"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, f"not valid JSON at line {exc.lineno}"
    if not isinstance(data, dict):
        return None, "it is not a settings object"
    return data, None


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
    settings = _from_json(data, config_dir)
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

    Re-checks the file on disk first, so a file damaged by hand while the app runs is not overwritten
    either. Raises OSError if the disk refuses the write (the app shows a toast)."""
    path = settings.path
    if path is None:
        raise ValueError("these settings have no config_dir to be saved to")
    if not settings.writable:
        return False
    _, why = _read(path)
    if why is not None:
        settings.damaged = True
        settings.message = _damaged(path.parent, why).message
        return False
    write_atomic(path, json.dumps(settings.to_json(), indent=2, ensure_ascii=False) + "\n")
    return True
