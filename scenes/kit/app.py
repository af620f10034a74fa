"""The scene manager: one window, one 60 FPS loop, a stack of scenes.

Every scene owns a pygame-gui ``UIManager`` (so a dialog's widgets never leak into the scene below)
and lays itself out from the window size in :meth:`Scene.layout`, which runs on entry and after
every resize. Scenes marked ``overlay`` (pause menu, dialogs drawn over a board) draw the scene below
them first.
"""

from __future__ import annotations

import contextlib
import time
import warnings
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from scenes.kit import memory
from scenes.kit.fonts import ASSETS, THEME_PATH, font
from scenes.kit.sound import SoundBoard
from scenes.kit.text import render_wrapped

if TYPE_CHECKING:
    from game.match import Match
    from game.worker import AIWorker
    from saves.progress import Progress
    from saves.settings import Settings
    from saves.store import SaveStore

FPS = 60
GARBAGE_SECONDS = 0.5
"""At most this often a full garbage collection after screens or the window size changed."""
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 640)
TITLE = "Curio Boards"

ScreenFactory = Callable[..., "Scene"]
"""Builds a screen: ``factory(app, *args)``. The app's table maps names to these."""


class Scene:
    """A screen of the app. Subclasses override what they need; the defaults do nothing."""

    overlay: bool = False
    """Draw the scene underneath first (pause menu, modal dialogs)."""

    name: str = "scene"

    def __init__(self, app: App) -> None:
        self.app = app
        self.ui = pygame_gui.UIManager(app.size, str(THEME_PATH))
        self._built = False

    # -- lifecycle -----------------------------------------------------------------------------
    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (first time or uncovered again)."""
        if not self._built:
            self._built = True
            self.layout(self.app.size)

    def leave(self) -> None:
        """Called when the scene is removed from the stack for good."""

    def resize(self, size: tuple[int, int]) -> None:
        self.ui.set_window_resolution(size)
        self.ui.clear_and_reset()
        self.layout(size)

    def layout(self, size: tuple[int, int]) -> None:
        """Create or place every widget for a window of ``size`` (called again after a resize)."""

    # -- frame ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one event; pygame-gui has already seen it."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything except the pygame-gui widgets (drawn after this by the app)."""

    def claims_key(self, event: pygame.event.Event) -> bool:
        """True when this scene uses the key of ``event`` now, so the app's own key (``M``, mute)
        leaves it alone."""
        return False


class App:
    """Owns the window, the loop, the scene stack and the shared services (saves, settings, AI)."""

    def __init__(
        self,
        data_dir: Path | None = None,
        size: tuple[int, int] = DEFAULT_SIZE,
        screens: Mapping[str, ScreenFactory] | None = None,
    ) -> None:
        from saves.paths import resolve_config_dir, resolve_data_dir
        from saves.settings import load_settings
        from saves.store import SaveStore

        # Only what the app uses: pygame.init() would also open the audio device (and print the audio
        # system's complaints on a machine without sound); scenes/kit/sound.py opens it when needed.
        pygame.display.init()
        pygame.font.init()
        font.cache_clear()  # fonts from an earlier App (tests) died with its pygame.quit()
        pygame.key.set_repeat(400, 40)
        self.data_dir = resolve_data_dir(data_dir)
        self.store: SaveStore = SaveStore(self.data_dir)
        self.settings: Settings = load_settings(resolve_config_dir(data_dir))
        self.sound = SoundBoard(lambda: self.settings)
        """The app's one voice: ``app.sound.announce("capture")``; muted and volumes from settings."""
        self._tidy(resolve_config_dir(data_dir))
        memory.tune_allocator()
        memory.settle()
        size = at_least_minimum(size)
        self.size = size
        self.windowed_size = size
        self.fullscreen = False
        pygame.display.set_caption(TITLE)
        self._set_icon()
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._keep_minimum_size()
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.screens: dict[str, ScreenFactory] = dict(screens or {})
        """The one table of screens by name (``scenes.routes`` fills it): screens ask for each other by
        name, so none imports another."""
        self.running = True
        self._worker: AIWorker | None = None
        self._progress: Progress | None = None
        self.toasts: list[tuple[str, float]] = []
        self._canvas: pygame.Surface | None = None
        self._garbage_due = False
        self._garbage_at = 0.0
        self._stale: dict[Scene, pygame.Surface | None] = {}
        """Scenes under the top one that missed a resize, with their last picture when an overlay
        shows them. Scenes under an overlay get no updates, so their picture cannot change: it is
        scaled to the new size instead of laying them out again, which halves the cost of a resize
        with the pause menu or the new-game dialog open; they are laid out when they are on top
        again (:meth:`pop`)."""
        self._scaled_picture: tuple[tuple[int, tuple[int, int]], pygame.Surface] | None = None
        if self.settings.fullscreen:
            self.set_fullscreen(True)
        if self.settings.message:
            self.toast(self.settings.message, 8.0)

    def _tidy(self, config_dir: Path) -> None:
        """Remove the temporary files of writes a crash or a kill interrupted last time (never a save
        or a settings file itself)."""
        from saves.atomic import remove_stray_temps

        with contextlib.suppress(Exception):  # tidying must never stop the app from starting
            self.store.tidy()
            remove_stray_temps(config_dir)

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

    # -- services -------------------------------------------------------------------------------
    @property
    def worker(self) -> AIWorker:
        if self._worker is None:
            from game.worker import AIWorker

            self._worker = AIWorker()
        return self._worker

    @property
    def progress(self) -> Progress:
        """The lesson stars (read on first use: the menu and the lessons list ask for them)."""
        if self._progress is None:
            from saves.progress import Progress

            self._progress = Progress(self.data_dir)
            if self._progress.games is not None and self._progress.message:  # read now, to tell once
                self.toast(self._progress.message, 8.0)
        return self._progress

    def toast(self, text: str, seconds: float = 3.0) -> None:
        """A short message at the bottom of the window (errors, 'Saved.')."""
        self.toasts = [*self.toasts[-2:], (text, seconds)]

    # -- stack ----------------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        self._garbage_due = True  # a push usually follows a pop or a reset: screens were dropped
        self._stale = {s: picture for s, picture in self._stale.items() if s in self.stack}
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        self._garbage_due = True
        self._stale.pop(scene, None)
        scene.leave()
        if self.top is not None:
            self._bring_up_to_size(self.top)
            self.top.enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().leave()
        self.push(scene)

    def reset_to(self, scene: Scene) -> None:
        """Clear the stack (e.g. back to the main menu) and show ``scene``."""
        while self.stack:
            self.stack.pop().leave()
        self.push(scene)

    # -- navigation by name ----------------------------------------------------------------------
    def make(self, name: str, *args: Any) -> Scene:
        """Build screen ``name`` (``"menu"``, ``"load"``, ``"match"`` ...) with ``args``."""
        factory = self.screens.get(name)
        if factory is None:
            raise KeyError(f"no screen called '{name}' (known: {', '.join(sorted(self.screens))})")
        return factory(self, *args)

    def open(self, name: str, *args: Any) -> Scene:
        """Show screen ``name`` over the current one (Back returns to it)."""
        scene = self.make(name, *args)
        self.push(scene)
        return scene

    def goto(self, name: str, *args: Any) -> Scene:
        """Leave every screen and show ``name`` alone (e.g. back to the main menu)."""
        scene = self.make(name, *args)
        self.reset_to(scene)
        return scene

    def open_match(self, match: Match) -> bool:
        """Show ``match``: a fresh menu at the bottom of the stack, the match screen on top, so leaving
        the match (which autosaves it) always lands on the menu.

        Returns False (with a notice) when the match screen cannot be built, leaving the stack alone."""
        try:
            scene = self.make("match", match)
        except Exception as exc:  # a view bug must not take the menu down with it
            self.toast(f"Could not open {match.game.title}: {exc}", 6)
            return False
        self.goto("menu")
        self.push(scene)
        return True

    # -- window ---------------------------------------------------------------------------------
    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        self.fullscreen = on
        if on:
            self.windowed_size = self.size
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self._keep_minimum_size()
        self._resized(self.screen.get_size())

    def _resized(self, size: tuple[int, int]) -> None:
        """Lay every scene out for the new window size, never below :data:`MIN_SIZE`: a window
        manager that ignores the minimum gets the window grown back, and a full screen smaller than
        the minimum shows the top-left of a minimum-size picture (see :meth:`draw`)."""
        if not self.fullscreen and (size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]):
            with contextlib.suppress(pygame.error):
                self.screen = pygame.display.set_mode(at_least_minimum(size), pygame.RESIZABLE)
                self._keep_minimum_size()
        size = at_least_minimum(size)
        if size == self.size:
            return
        self._garbage_due = True
        old, self.size = self.size, size
        shown = self._shown()
        for scene in self.stack:
            if scene is self.top:
                scene.resize(size)
            elif scene not in self._stale:
                self._stale[scene] = self._picture(scene, old) if scene in shown else None

    def _shown(self) -> list[Scene]:
        """The scenes drawn each frame: the top one and, under overlays, the ones they dim."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        return self.stack[max(0, first):]

    def _picture(self, scene: Scene, size: tuple[int, int]) -> pygame.Surface | None:
        """``scene`` drawn alone at its current layout ``size`` (None if it cannot be drawn)."""
        try:
            picture = pygame.Surface(size).convert()
            scene.draw(picture)
            scene.ui.draw_ui(picture)
        except Exception:
            return None
        return picture

    def _bring_up_to_size(self, scene: Scene) -> None:
        """Lay out a scene that missed resizes while it was covered, before it is used again."""
        if scene in self._stale:
            del self._stale[scene]
            scene.resize(self.size)

    def _scaled(self, picture: pygame.Surface) -> pygame.Surface:
        """``picture`` smooth-scaled to the window, once per size."""
        key = (id(picture), self.size)
        if self._scaled_picture is None or self._scaled_picture[0] != key:
            self._scaled_picture = (key, pygame.transform.smoothscale(picture, self.size))
        return self._scaled_picture[1]

    def resize_window(self, size: tuple[int, int]) -> None:
        """Resize the window programmatically (tests, screenshots)."""
        if not self.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._resized(self.screen.get_size())

    # -- loop -----------------------------------------------------------------------------------
    def quit(self) -> None:
        self.running = False

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """One frame: events, update, draw. The loop and the tests both come through here."""
        self.sound.next_frame()
        for event in events:
            self._dispatch(event)
            if not self.running:
                return
        top = self.top
        if top is None:
            self.running = False
            return
        top.ui.update(dt)
        top.update(dt)
        self.toasts = [(text, left - dt) for text, left in self.toasts if left - dt > 0]
        self.draw()
        self._release_garbage()

    def _release_garbage(self) -> None:
        """Free dropped screens and widgets now rather than whenever Python's collector gets to them.

        A screen's pygame-gui manager (theme, fonts, widget images: about 10 MB) lives in reference
        cycles, which only a full collection frees, and full collections are rare; during a storm of
        navigation and resizes dozens of dead managers piled up (hundreds of MB). So after the stack
        changed or the window was resized, one full collection runs, at most every
        :data:`GARBAGE_SECONDS`, after the frame was drawn."""
        if not self._garbage_due:
            return
        now = time.monotonic()
        if now - self._garbage_at < GARBAGE_SECONDS:
            return
        self._garbage_due = False
        self._garbage_at = now
        memory.release()

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self._resized((event.w, event.h))
            return
        if event.type == pygame.WINDOWSIZECHANGED and not self.fullscreen:
            self._resized((event.x, event.y))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            self.settings.fullscreen = self.fullscreen
            self.save_settings()
            return
        top = self.top
        if top is None:
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and self._mute_key(top, event):
            self.toggle_mute()
            return
        top.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.sound.announce("click")
        top.handle_event(event)

    @staticmethod
    def _mute_key(top: Scene, event: pygame.event.Event) -> bool:
        """``M`` is mute anywhere, unless typed into a text field, held with a modifier, or used by
        the screen itself just now (Changing Challenges' "merge")."""
        if getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        from pygame_gui.elements import UITextEntryBox, UITextEntryLine

        focused = top.ui.get_focus_set() or set()
        if any(isinstance(element, UITextEntryLine | UITextEntryBox) for element in focused):
            return False
        return not top.claims_key(event)

    def toggle_mute(self) -> None:
        """Sound on or off (the ``M`` key, the settings screen), remembered in the settings."""
        muted = self.sound.toggle_mute()
        self.save_settings()
        self.toast("Sound off (M turns it back on)" if muted else "Sound on", 1.5)

    def save_settings(self) -> None:
        from saves.settings import save_settings

        try:
            save_settings(self.settings)
        except OSError as exc:
            self.toast(f"Could not save settings: {exc}")

    def draw(self) -> None:
        """Draw the top scene, and the ones beneath it for overlays.

        Scenes always draw at the layout size; when the window is smaller (a full screen below the
        minimum) they draw on a canvas whose top-left is shown, so no scene ever sees a size it was
        not laid out for."""
        window = self.screen
        target = window
        if window.get_size() != self.size:
            if self._canvas is None or self._canvas.get_size() != self.size:
                self._canvas = pygame.Surface(self.size).convert()
            target = self._canvas
        self.screen = target  # scenes and toasts draw on self.screen
        try:
            for scene in self._shown():
                picture = self._stale.get(scene)
                if picture is not None:  # covered by an overlay since the window changed size
                    target.blit(self._scaled(picture), (0, 0))
                    continue
                self._bring_up_to_size(scene)
                scene.draw(target)
                scene.ui.draw_ui(target)
            self._draw_toasts()
        finally:
            self.screen = window
        if target is not window:
            window.blit(target, (0, 0))

    def _draw_toasts(self) -> None:
        y = self.size[1] - 16
        for text, left in reversed(self.toasts):
            label = render_wrapped(text, font(18), int(self.size[0] * 0.8), (250, 244, 230))
            box = label.get_rect(midbottom=(self.size[0] // 2, y)).inflate(28, 14)
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            alpha = int(230 * min(1.0, left / 0.4))
            pygame.draw.rect(panel, (40, 30, 24, alpha), panel.get_rect(), border_radius=10)
            self.screen.blit(panel, box)
            label.set_alpha(min(255, alpha + 25))
            self.screen.blit(label, label.get_rect(center=box.center))
            y = box.top - 8

    def run(self, first: Scene) -> None:
        """The 60 FPS loop until the window closes."""
        self.push(first)
        try:
            while self.running:
                dt = self.clock.tick(FPS) / 1000.0
                self.step(pygame.event.get(), min(dt, 0.1))
                pygame.display.flip()
        finally:
            self.shutdown()

    def shutdown(self) -> None:
        """Leave every scene (autosave happens there) and stop the AI worker at once."""
        while self.stack:
            self.stack.pop().leave()
        if self._worker is not None:
            self._worker.close()
        self.sound.close()
        pygame.quit()


def at_least_minimum(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` grown to :data:`MIN_SIZE` where it falls short: the smallest size any layout sees."""
    return max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))


def make_event(kind: int, **attrs: Any) -> pygame.event.Event:
    """A synthetic event, for tests and the smoke run."""
    return pygame.event.Event(kind, attrs)
