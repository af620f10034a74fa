"""The app's typeface and where its assets live.

One cached ``font(size, bold)`` serves every screen and view, so text measured for layout is the
text that is drawn, and the faces are loaded once per size."""

from __future__ import annotations

from collections.abc import Callable
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


RenderListener = Callable[[str, int, pygame.Surface], pygame.Surface]
"""Told each line a :class:`Face` renders (text, pixel size, surface); answers the surface to hand on."""

RENDER_LISTENERS: list[RenderListener] = []
"""The fit checker (``scenes/dev/fit.py``) listens here while it looks at a screen; empty otherwise."""


class Face(pygame.font.Font):
    """pygame's font, remembering its pixel size and telling :data:`RENDER_LISTENERS` what it renders,
    so the fit checker can follow every line from the font to the window (one empty-list test a line
    when nobody listens)."""

    def __init__(self, path: str, pixel_size: int) -> None:
        super().__init__(path, pixel_size)
        self.pixel_size = pixel_size

    def render(self, text: object, antialias: bool, color: object, bgcolor: object = None,
               wraplength: int = 0) -> pygame.Surface:
        surface = super().render(text, antialias, color, bgcolor, wraplength)  # type: ignore[arg-type]
        for listener in RENDER_LISTENERS:
            surface = listener(str(text), self.pixel_size, surface)
        return surface


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The app's typeface (Noto Sans, shipped with pygame-gui) at a pixel size, cached."""
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    path = Path(pygame_gui.__file__).resolve().parent / "data" / name
    return Face(str(path), max(8, int(size)))
