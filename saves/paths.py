"""Where Curio Boards keeps its files.

Everything the app writes lives in per-user directories chosen by ``platformdirs`` (never beside the
executable, which may sit in a read-only install location or be shared between users). For portable
use and for tests, ``--data-dir`` or the environment variable ``CURIO_BOARDS_DATA_DIR`` moves
everything, settings included, under one directory.

Resolving never creates a directory: merely starting the app (or running ``--help``) must not litter
the disk. Writers create what they need at write time (see :func:`saves.atomic.write_atomic`).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "curio-boards"
"""The directory name platformdirs uses under the per-user data and config locations."""

DATA_DIR_ENV = "CURIO_BOARDS_DATA_DIR"
"""Environment variable that overrides the data directory (weaker than an explicit ``--data-dir``)."""


def _override(override: Path | str | None) -> Path | None:
    """The explicit or environment override, if any, as an absolute path.

    Made absolute at resolve time so a later change of working directory cannot move the saves.
    Empty strings count as "not given", so ``CURIO_BOARDS_DATA_DIR=`` does not mean the current directory.
    """
    if override is not None and str(override).strip():
        return Path(override).expanduser().absolute()
    env = os.environ.get(DATA_DIR_ENV, "").strip()
    if env:
        return Path(env).expanduser().absolute()
    return None


def resolve_data_dir(override: Path | str | None = None) -> Path:
    """The directory holding saves and autosaves.

    Precedence: ``override`` (from ``--data-dir``), then ``$CURIO_BOARDS_DATA_DIR``, then the
    platform's per-user data directory. The directory is not created here.
    """
    chosen = _override(override)
    if chosen is not None:
        return chosen
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def resolve_config_dir(override: Path | str | None = None) -> Path:
    """The directory holding ``settings.json``.

    With an override (argument or environment variable) settings live in ``<data dir>/config`` so a
    portable or test run touches nothing outside that one directory; otherwise the platform's
    per-user config directory. The directory is not created here.
    """
    chosen = _override(override)
    if chosen is not None:
        return chosen / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


RECORDS_FOLDER = "Curio Boards records"
"""The folder in the player's documents where exported game records go (a place they look for
files they made, unlike the hidden data directory)."""


def resolve_records_dir(override: Path | str | None = None) -> Path:
    """Where exported game records are written.

    With an override (``--data-dir`` or ``$CURIO_BOARDS_DATA_DIR``) records stay inside it, so tests
    and portable runs never touch the real documents folder; otherwise the platform's documents
    folder (platformdirs), in a folder named for the app. Not created here."""
    chosen = _override(override)
    if chosen is not None:
        return chosen / "records"
    return Path(platformdirs.user_documents_dir()) / RECORDS_FOLDER
