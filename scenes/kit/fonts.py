"""The app's typeface and where its assets live.

One cached ``font(size, bold)`` serves every screen and view, so text measured for layout is the
text that is drawn, and the faces are loaded once per size."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame
import pygame_gui


def _assets_folder() -> Path:
    """``assets/``: inside this package in an installed wheel (``setup.py`` copies it there, since a
    wheel has no repository root), else beside the packages (the source tree, and PyInstaller's
    bundle, whose spec puts it at the top of ``_internal``)."""
    here = Path(__file__).resolve().parent
    installed = here / "assets"
    return installed if (installed / "theme.json").is_file() else here.parent.parent / "assets"


ASSETS = _assets_folder()
THEME_PATH = ASSETS / "theme.json"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The app's typeface (Noto Sans, shipped with pygame-gui) at a pixel size, cached."""
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    path = Path(pygame_gui.__file__).resolve().parent / "data" / name
    return pygame.font.Font(str(path), max(8, int(size)))
