"""Persistence for Curio Boards: save files, autosave, settings and where they live on disk.

``saves`` knows ``game`` (match records and notation) and the disk (platformdirs), nothing about
pygame. The save-file format and its version rules are documented in ``docs/save-format.md``.
"""

from saves.atomic import write_atomic
from saves.paths import DATA_DIR_ENV, resolve_config_dir, resolve_data_dir
from saves.save_file import (
    AUTOSAVE,
    FORMAT_NAME,
    FORMAT_VERSION,
    MANUAL,
    MAX_AUTOSAVES,
    SaveEntry,
    SaveError,
)
from saves.settings import (
    ANIMATION_SPEEDS,
    Settings,
    animation_factor,
    load_settings,
    new_game_choices,
    remember_new_game,
    save_settings,
)
from saves.store import SaveStore

__all__ = [
    "ANIMATION_SPEEDS",
    "AUTOSAVE",
    "DATA_DIR_ENV",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MANUAL",
    "MAX_AUTOSAVES",
    "SaveEntry",
    "SaveError",
    "SaveStore",
    "Settings",
    "animation_factor",
    "load_settings",
    "new_game_choices",
    "remember_new_game",
    "resolve_config_dir",
    "resolve_data_dir",
    "save_settings",
    "write_atomic",
]
