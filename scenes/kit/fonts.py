"""The app's typeface and where its assets live.

One cached ``font(size, bold)`` serves every screen and view, so text measured for layout is the
text that is drawn, and the faces are loaded once per size."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pygame
import pygame_gui

from game.text import drawable


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


class SafeFont(pygame.font.Font):
    """pygame's font that can draw any text. Text from a file or the keyboard may hold characters a
    font draws as nothing (a zero-width space, a soft hyphen): pygame then raises "Text has zero
    width" instead of drawing nothing, and a lone surrogate (a file name that is not UTF-8) raises
    ``UnicodeEncodeError``. Every text measured or drawn here passes :func:`game.text.drawable`
    first, and a text that still takes no room draws as an empty line of the font's height."""

    def render(
        self, text: object, antialias: bool, color: object, bgcolor: object = None, wraplength: int = 0
    ) -> pygame.Surface:
        line = drawable(text if isinstance(text, str) else str(text))
        try:
            return super().render(line, antialias, color, bgcolor, wraplength)  # type: ignore[arg-type]
        except pygame.error:
            if super().size(line)[0] > 0:
                raise  # not a text that takes no room: a real failure, not ours to hide
            return pygame.Surface((0, self.get_height()), pygame.SRCALPHA)

    def size(self, text: object) -> tuple[int, int]:
        return super().size(drawable(text if isinstance(text, str) else str(text)))

    def metrics(self, text: object) -> list[tuple[int, int, int, int, int] | None]:
        """Per character, as pygame gives it, but None (no glyph) for a character that draws as
        nothing: pygame-gui's text field then refuses it when typed, as for any missing glyph."""
        content = text if isinstance(text, str) else str(text)
        found: list[tuple[int, int, int, int, int] | None] = []
        for character in content:
            shown = drawable(character)
            found.append(super().metrics(shown)[0] if shown else None)
        return found


def guard_gui_fonts() -> None:
    """Make pygame-gui draw with :class:`SafeFont` too: its labels, buttons, text boxes and text
    fields build their fonts from the name ``Font`` in ``pygame_gui.core.gui_font_pygame``, so
    replacing that one name guards every widget, including what a player types or pastes. (pygame-gui
    offers no hook for a font class of one's own; its freetype fonts are never used by our theme.)"""
    from pygame_gui.core import gui_font_pygame

    gui_font_pygame.Font = SafeFont  # type: ignore[misc]


guard_gui_fonts()


class Face(SafeFont):
    """The app's font, remembering its pixel size and telling :data:`RENDER_LISTENERS` what it renders,
    so the fit checker can follow every line from the font to the window (one empty-list test a line
    when nobody listens)."""

    def __init__(self, path: str, pixel_size: int) -> None:
        super().__init__(path, pixel_size)
        self.pixel_size = pixel_size
        self.path = path

    def render(
        self, text: object, antialias: bool, color: object, bgcolor: object = None, wraplength: int = 0
    ) -> pygame.Surface:
        surface = super().render(text, antialias, color, bgcolor, wraplength)
        for listener in RENDER_LISTENERS:
            surface = listener(str(text), self.pixel_size, surface)
        return surface


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The app's typeface (Noto Sans, shipped with pygame-gui) at a pixel size, cached."""
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    path = Path(pygame_gui.__file__).resolve().parent / "data" / name
    return Face(str(path), max(8, int(size)))
