"""The app's window: where it opens, how big, and what of it the settings remember.

Part of :class:`scenes.kit.app.App` (a base class of it, so ``app.size``, ``app.screen`` and the
rest stay where callers find them), kept apart for its size: the arithmetic is
:mod:`scenes.kit.window_fit`'s and the displays and frame are asked of :mod:`scenes.kit.desktop`;
this is the pygame side of it. When a moved or resized window is saved is the app's loop's business
(:meth:`App._save_window <scenes.kit.app.App._save_window>`).
"""

from __future__ import annotations

import contextlib
import os
import warnings
from typing import TYPE_CHECKING

import pygame

from scenes.kit import desktop
from scenes.kit.fonts import ASSETS
from scenes.kit.window_fit import place

if TYPE_CHECKING:
    from scenes.kit.services import KitSettings

DEFAULT_SIZE = (1280, 800)
"""The window of the tests and developer modes, and of a system that names no display."""
MIN_SIZE = (1024, 640)
TITLE = "Curio Boards"


class AppWindow:
    """The window's half of the app: opening it, its minimum size and icon, and reading its size
    and place for the settings."""

    size: tuple[int, int]
    windowed_size: tuple[int, int]
    screen: pygame.Surface
    fullscreen: bool
    remembers_window: bool
    _placed: tuple[object, tuple[tuple[int, int], tuple[int, int]] | None]

    if TYPE_CHECKING:

        @property
        def settings(self) -> KitSettings: ...  # the app's (scenes.kit.app_services)

    @staticmethod
    def _keep_minimum_size() -> None:
        """Stop the player shrinking the window below what the layouts are designed for."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # only the window's size is touched
            with contextlib.suppress(pygame.error, AttributeError):
                pygame.Window.from_display_module().minimum_size = MIN_SIZE

    def _set_icon(self) -> None:
        icon = ASSETS / "icon.png"
        if icon.exists():
            with contextlib.suppress(pygame.error):
                pygame.display.set_icon(pygame.image.load(str(icon)))

    def _open_window(self, size: tuple[int, int] | None) -> None:
        """Open the window at ``size``, or (None) where the player left it, brought back onto the
        displays if it is no longer on them, or on a first start as the largest 16:10 window that
        fits the first display's usable area with its title bar, centred (:mod:`scenes.kit.window_fit`;
        the displays and the frame from :mod:`scenes.kit.desktop`). The frame is guessed until the
        window exists, then measured, and the window corrected to it."""
        remembered = self.settings.window_size, self.settings.window_position
        screens = desktop.displays() if size is None else []
        plan = place(screens, *remembered, minimum=MIN_SIZE) if screens else None
        self.size = self.windowed_size = at_least_minimum(size or (plan.size if plan else DEFAULT_SIZE))
        placed_by_player = any(os.environ.get(k) for k in ("SDL_VIDEO_WINDOW_POS", "SDL_VIDEO_CENTERED"))
        ours = plan is not None and not placed_by_player  # SDL's own variables, set by hand, win
        if plan is not None and ours:
            os.environ["SDL_VIDEO_WINDOW_POS"] = f"{plan.position[0]},{plan.position[1]}"
        try:
            self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        finally:
            if plan is not None and ours:  # later set_mode calls (full screen and back) must not move it
                os.environ.pop("SDL_VIDEO_WINDOW_POS", None)
        self._keep_minimum_size()
        frame = desktop.window_frame() if plan is not None else None
        if frame is not None:
            plan = place(screens, *remembered, frame, MIN_SIZE)
            if plan.size != self.size:
                self.size = self.windowed_size = at_least_minimum(plan.size)
                self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
                self._keep_minimum_size()
            if ours:
                with contextlib.suppress(pygame.error):
                    if pygame.display.get_window_position() != plan.position:
                        pygame.display.set_window_position(plan.position)
        self._placed = (remembered, self._window_now())
        """The settings' window when the app started and the window it opened from them: while both
        still hold, there is nothing to save (the next start places the window there again)."""

    def _window_now(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """The window's size and place, or None while it is full screen or minimised (then the last
        window the player saw is the one to remember)."""
        if self.fullscreen:
            return None
        try:
            if not pygame.display.get_active():
                return None
            x, y = pygame.display.get_window_position()
        except pygame.error:
            return None
        return self.size, (int(x), int(y))

    def _record_window(self) -> bool:
        """Put the window's size and place in the settings; True when that changed them."""
        now = self._window_now() if self.remembers_window else None
        if now is None or now == (self.settings.window_size, self.settings.window_position):
            return False
        self.settings.window_size, self.settings.window_position = now
        return True


def at_least_minimum(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` grown to :data:`MIN_SIZE` where it falls short: the smallest size any layout sees."""
    return max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))
