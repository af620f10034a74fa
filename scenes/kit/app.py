"""The scene manager: one window, one loop (60 FPS while something moves, asleep while nothing
does: :mod:`scenes.kit.pacing`), a stack of scenes.

Every scene owns a pygame-gui ``UIManager`` (so a dialog's widgets never leak into the scene below)
and lays itself out from the window size in :meth:`Scene.layout`, which runs on entry and after
every resize. Scenes marked ``overlay`` (pause menu, dialogs drawn over a board) draw the scene below
them first.
"""

from __future__ import annotations

import contextlib
import gc
import time
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from scenes.kit import memory
from scenes.kit.app_services import AppServices
from scenes.kit.app_window import DEFAULT_SIZE, MIN_SIZE, TITLE, AppWindow, at_least_minimum
from scenes.kit.failures import failure_sentence
from scenes.kit.fonts import THEME_PATH, font
from scenes.kit.keyboard import draw_screen_keys, screen_keys_take
from scenes.kit.pacing import HEARTBEAT, NOW, UIWatch, sooner, wait_for_event
from scenes.kit.services import Services
from scenes.kit.settling import Settling
from scenes.kit.sound import SoundBoard
from scenes.kit.toasts import draw_toasts

if TYPE_CHECKING:
    from game.match import Match

FPS = 60
MAX_STEP = 0.1
"""The longest step an animation is advanced by in one frame: a hiccup (a slow frame, a dragged
window) makes it jump at most this far, never skip to its end."""
TOAST_FADE = 0.4
"""The last seconds of a notice, when it fades out (and so needs frames)."""
GARBAGE_SECONDS = 0.5
"""At most this often a full garbage collection after screens or the window size changed."""
PLAYER_INPUT = frozenset(
    {
        pygame.KEYDOWN,
        pygame.KEYUP,
        pygame.TEXTINPUT,
        pygame.TEXTEDITING,
        pygame.MOUSEMOTION,
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEWHEEL,
        pygame.FINGERDOWN,
        pygame.FINGERUP,
        pygame.FINGERMOTION,
    }
)
"""Events a player makes (not the window's own news, which come with every resize)."""
WINDOW_NEWS = frozenset({pygame.WINDOWMOVED, pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED})
"""The player moved or resized the window: its size and place are saved once it rests."""
WINDOW_SAVE_DELAY = 1.0
"""Seconds a moved or resized window must rest before its size and place are saved."""

ScreenFactory = Callable[..., "Scene"]
"""Builds a screen: ``factory(app, *args)``. The app's table maps names to these."""


class Scene:
    """A screen of the app. Subclasses override what they need; the defaults do nothing."""

    overlay: bool = False
    """Draw the scene underneath first (pause menu, modal dialogs)."""

    name: str = "scene"

    uses_arrows: bool = False
    """The arrow keys are the screen's own (a list to move through); else they walk its buttons as
    Tab does (:class:`scenes.kit.keyboard.ButtonKeys`)."""

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

    def prepare_drawing(self) -> None:
        """Work the first drawing at a new size would do that can come a frame earlier: a board's
        scenery for its new size (``view.prepare_scenery``), so that neither the layout frame nor the
        first drawing after a resize carries all of it (:mod:`scenes.kit.settling`)."""
        prepare = getattr(getattr(self, "view", None), "prepare_scenery", None)
        if callable(prepare):
            prepare()

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

    def unsaved_work(self) -> str | None:
        """A sentence saying what closing the app now would lose ("Your last 4 moves could not be
        saved: the disk is full."), or None. Asked by :meth:`App.quit` before the window goes."""
        return None

    def retry_saving(self) -> None:
        """Try once more to save what :meth:`unsaved_work` spoke of (the "Try again" of the question
        :meth:`App.quit` asks)."""

    def keep_elsewhere(self) -> str | None:
        """Keep what :meth:`unsaved_work` spoke of outside the data folder (the question's "Save as
        a record": the records folder, another place when the data folder's disk refuses), and say
        where or why not in a sentence; None when this screen has nothing to keep that way."""
        return None

    def next_frame(self) -> float | None:
        """How soon this screen must be updated and drawn again when no input comes:
        :data:`~scenes.kit.pacing.NOW` while something on it moves (every frame at :data:`FPS`),
        seconds until a timer of its own is due (a message that expires, the computer's answer to
        look for), or None while its picture is still, so the app sleeps until the next event.
        Input, resizes and :meth:`App.invalidate` always bring a frame; a screen only answers for
        what changes by itself."""
        return None


class App(AppWindow, AppServices):
    """Owns the window, the loop, the scene stack and the settling after a resize; the shared
    services (saves, settings, lesson stars, AI processes) are given (:mod:`scenes.kit.services`,
    reached as ``app.store``, ``app.settings``… through :mod:`scenes.kit.app_services`); the window's
    placement is in :mod:`scenes.kit.app_window`."""

    def __init__(
        self,
        services: Services,
        size: tuple[int, int] | None = DEFAULT_SIZE,
        screens: Mapping[str, ScreenFactory] | None = None,
    ) -> None:
        """``services``: the data folder's and the AI's (``scenes.services.FolderServices``, built by
        ``scenes.routes.new_app``). ``size``: the window's size for this run (tests, developer
        modes, ``--size``); None: the window the player left last time, or on a first start one that
        fits the screen (:meth:`_open_window`), remembered in the settings."""
        self.services = services
        # Only what the app uses: pygame.init() would also open the audio device (and print the audio
        # system's complaints on a machine without sound); scenes/kit/sound.py opens it when needed.
        pygame.display.init()
        pygame.font.init()
        font.cache_clear()  # fonts from an earlier App (tests) died with its pygame.quit()
        pygame.key.set_repeat(400, 40)
        self.sound = SoundBoard(lambda: self.settings)
        """The app's one voice: ``app.sound.announce("capture")``; muted and volumes from settings."""
        memory.tune_allocator()
        memory.settle()
        self.fullscreen = False
        self.remembers_window = size is None
        """The window's size and place come from the settings and are saved back (:meth:`_open_window`)."""
        self._window_save_due: float | None = None
        pygame.display.set_caption(TITLE)
        self._set_icon()
        self._open_window(size)
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.screens: dict[str, ScreenFactory] = dict(screens or {})
        """The one table of screens by name (``scenes.routes`` fills it): screens ask for each other by
        name, so none imports another."""
        self.running = True
        self.toasts: list[tuple[str, float]] = []
        self._canvas: pygame.Surface | None = None
        self._garbage_due = False
        self._garbage_at = 0.0
        self.settle = Settling(self)
        """What a window resize left to do (:mod:`scenes.kit.settling`)."""
        self._held: list[pygame.event.Event] = []
        """Input kept until the top screen has settled into a new size (:meth:`_hold_for_layout`)."""
        self._dirty = True
        """Something changed that the screen's own answers do not cover (see :meth:`invalidate`)."""
        self._moving = False
        """The last pass was drawn because something moves: the next step is clamped to
        :data:`MAX_STEP` (see :meth:`frame`)."""
        self.elapsed = 0.0
        """Seconds the loop has run, as the passes were told (:meth:`frame`'s ``dt``): the clock of
        the screens' timers, so the tests can drive it."""
        self._scene_due_at: float | None = None
        """When (on :attr:`elapsed`) the top scene asked to be drawn again; None: not by itself."""
        self._ui_watch = UIWatch()
        self._widgets_changed = False
        """The widgets showed something new at the last pass: look again at once, since they may be
        in the middle of something (a window built piece by piece, a tooltip fading in)."""
        self.frames_drawn = 0
        """Frames drawn since the start: the idle tests and the benchmark count them."""
        if self.settings.fullscreen:
            self.set_fullscreen(True)
        services.start(self.toast)  # tidies the data folder, tells what the player must know now

    def toast(self, text: str, seconds: float = 3.0) -> None:
        """A short message at the top of the window, clear of the buttons (errors, "Saved.")."""
        self.toasts = [*self.toasts[-2:], (text, seconds)]
        self.invalidate()

    def invalidate(self) -> None:
        """Draw the next frame: something changed that no event and no screen's
        :meth:`Scene.next_frame` tells the loop about (a notice, a new screen, a new window size)."""
        self._dirty = True

    # -- stack ----------------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        self.invalidate()
        self._garbage_due = True  # a push usually follows a pop or a reset: screens were dropped
        self.settle.forget(self.stack)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        self._garbage_due = True
        self.invalidate()
        self.settle.stale.pop(scene, None)
        scene.leave()
        if self.top is not None:
            self.settle.bring_up_to_size(self.top)
            self.top.enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().leave()
        self.push(scene)

    def clear(self) -> None:
        """No screen: leave every scene, top first, and forget what the settling kept of them (their
        pictures from before a resize, the last frame), so nothing holds a screen that is gone. The
        developer tools' way back to a screen of their own (:mod:`scenes.dev.storm`); the app itself
        always shows a screen, so it clears only to close (:meth:`shutdown`)."""
        while self.stack:
            self.stack.pop().leave()
        self.settle.forget(self.stack)
        self.settle.last_frame = None
        self._garbage_due = True

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
            self.toast(failure_sentence(f"{match.game.title} could not be opened", exc), 6)
            return False
        self.goto("menu")
        self.push(scene)
        return True

    # -- window ---------------------------------------------------------------------------------
    def _note_window_change(self) -> None:
        """The player moved or resized the window: save its size and place once it rests
        (:meth:`_save_window`, from :meth:`frame`)."""
        if self.remembers_window and not self.fullscreen:
            self._window_save_due = time.monotonic() + WINDOW_SAVE_DELAY

    def _save_window(self, now: bool = False) -> None:
        """Save the window's size and place when they changed and the window has rested
        :data:`WINDOW_SAVE_DELAY` seconds since (``now``: at once, as the app closes)."""
        due = self._window_save_due
        if not self.remembers_window or (not now and (due is None or time.monotonic() < due)):
            return
        self._window_save_due = None
        if ((self.settings.window_size, self.settings.window_position), self._window_now()) == self._placed:
            return  # where the app put it from the settings as they are: the next start does the same
        if self._record_window():
            self.save_settings()

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        if on:
            self._record_window()  # the window to come back to
        self.fullscreen = on
        if on:
            self.windowed_size = self.size
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self._keep_minimum_size()
            position = self.settings.window_position
            if self.remembers_window and position is not None:
                with contextlib.suppress(pygame.error):
                    pygame.display.set_window_position(position)
        self._resized(self.screen.get_size())

    def _resized(self, size: tuple[int, int], settle: bool = False) -> None:
        """Lay every scene out for the new window size, never below :data:`MIN_SIZE`: a window
        manager that ignores the minimum gets the window grown back, and a full screen smaller than
        the minimum shows the top-left of a minimum-size picture (see :meth:`draw`).

        ``settle`` (a resize the player is making): the top screen too is laid out later, once the
        resizes stop, showing its last picture scaled until then (:mod:`scenes.kit.settling`)."""
        if not self.fullscreen and (size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]):
            with contextlib.suppress(pygame.error):
                self.screen = pygame.display.set_mode(at_least_minimum(size), pygame.RESIZABLE)
                self._keep_minimum_size()
        size = at_least_minimum(size)
        if size == self.size:
            return
        self._garbage_due = True
        self.invalidate()
        old, self.size = self.size, size
        self.settle.resized(old, self._shown(), settle)

    @property
    def awaiting_layout(self) -> bool:
        """The top screen waits for the window to stop changing size (:mod:`scenes.kit.settling`)."""
        return self.settle.awaiting_layout

    @property
    def settling(self) -> bool:
        """A resize has not yet reached the top screen's picture: its layout or its first drawing
        at the new size is still to come."""
        return self.settle.busy

    def _shown(self) -> list[Scene]:
        """The scenes drawn each frame: the top one and, under overlays, the ones they dim."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        return self.stack[max(0, first) :]

    def resize_window(self, size: tuple[int, int]) -> None:
        """Resize the window programmatically (tests, screenshots)."""
        if not self.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._resized(self.screen.get_size())

    # -- loop -----------------------------------------------------------------------------------
    def quit(self, force: bool = False) -> None:
        """Close the app, unless a screen holds work that could not be saved: then the player is
        asked first (the "unsaved" screen: Quit anyway / Try again / Keep playing), while the window
        is still there to ask in. ``force``: close without asking (the answer "Quit anyway")."""
        if not force and "unsaved" in self.screens and self.top is not None and self.top.name != "unsaved":
            lost = [text for scene in self.stack if (text := scene.unsaved_work())]
            if lost:
                self.open("unsaved", " ".join(lost))
                return
        self.running = False

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """One frame that is always drawn: events, update, draw. Tests, screenshots and the
        developer tools come through here; the loop uses :meth:`frame`."""
        self.frame(events, dt, force=True)

    def frame(self, events: Iterable[pygame.event.Event], dt: float, force: bool = False) -> bool:
        """One pass of the loop: the events, the top screen's update, and a drawing only when
        something on screen may have changed (``force``: always). True when it drew.

        ``dt`` is the real time since the last pass. While something moves it is clamped to
        :data:`MAX_STEP`; after a quiet spell the screen first catches up on the quiet time (its
        timers run on), and the input is then handled as happening now, so an animation it starts
        is not swallowed by the time the window slept."""
        events = list(events)
        self.elapsed += dt
        self._save_window()
        if self._moving:
            dt = min(dt, MAX_STEP)
        elif events and dt > MAX_STEP and self.settle.lay_out_top(now=False):
            self._advance(dt - 1 / FPS)
            dt = 1 / FPS
        self.sound.next_frame()
        events, self._held = self._held + events, []
        for index, event in enumerate(events):
            if event.type in PLAYER_INPUT and self.settling:
                self._hold_for_layout(events[index:])
                break
            self._dispatch(event)
            if not self.running:
                return False
        if self.top is None:
            self.running = False
            return False
        stale = self.settling
        laid_out = self.settle.lay_out_top(now=False)
        due = (laid_out and self._advance(dt)) or force or bool(events) or self._dirty
        if due:
            self.draw()
            self.frames_drawn += 1
            self._dirty = self.settle.first_drawing is not None  # a screen still to draw at its new size
        self._plan_next(drawn=due)
        if not (stale or self.settling):  # settling frames are costly enough: tidy up later
            self._release_garbage()
        return due

    def _hold_for_layout(self, events: list[pygame.event.Event]) -> None:
        """Input came while the top screen is settling into a new size: lay it out now and give it
        the input once it has drawn itself at that size, two frames later (about 33 ms).

        The work after a resize is spread over frames that each stay well inside 100 ms: first the
        layout (the last picture, scaled, is shown meanwhile), then the first drawing at the new
        size (boards build their scenery for it), then the input (a click may open a whole screen).
        All three in one frame made the slowest frames after a resize."""
        self._held = events
        self.settle.lay_out_soon()

    def _advance(self, dt: float) -> bool:
        """Update the top screen, its widgets and the notices by ``dt`` seconds; True when that
        changed the picture (the screen's own time came, a widget or a notice changed)."""
        top = self.top
        if top is None:
            return False
        top.ui.update(dt)
        widgets = self._widgets_changed = self._ui_watch.changed(top.ui)
        top.update(dt)
        toasts = len(self.toasts)
        self.toasts = [(text, left - dt) for text, left in self.toasts if left - dt > 0]
        due_at = self._scene_due_at
        scene_due = due_at is not None and self.elapsed >= due_at - 0.002
        return widgets or scene_due or len(self.toasts) != toasts or self._toasts_fading()

    def _toasts_fading(self) -> bool:
        return any(left < TOAST_FADE for _, left in self.toasts)

    def _plan_next(self, drawn: bool) -> None:
        """Ask the top screen when it wants its next frame (after its update, before the wait). A
        pass that did not draw keeps the time already planned unless the screen wants it sooner, so
        a gentle pulse asked for at every look still comes round."""
        top = self.top
        wanted = None if top is None else top.next_frame()
        if wanted is None:
            self._scene_due_at = None
        else:
            due_at = self.elapsed + wanted
            planned = self._scene_due_at
            self._scene_due_at = due_at if drawn or planned is None else min(planned, due_at)
        self._moving = wanted == NOW

    def next_frame(self) -> float:
        """Seconds the loop may sleep before the next pass (0: draw the next frame at :data:`FPS`),
        whatever comes first: the screen's own time, the widgets', a notice fading, tidying up."""
        if self._dirty or self._widgets_changed or self.top is None or self._held:
            return NOW
        if self.settle.awaiting_layout:  # the window is being resized: nothing but the layout to come
            return max(NOW, self.settle.layout_due_at - self.elapsed)
        scene = None if self._scene_due_at is None else self._scene_due_at - self.elapsed
        toast = min((left - TOAST_FADE for _, left in self.toasts), default=None)
        garbage = self._garbage_at + GARBAGE_SECONDS - time.monotonic() if self._garbage_due else None
        wait = sooner(scene, toast, garbage, UIWatch.next_look(self.top.ui), HEARTBEAT)
        return NOW if wait is None else wait

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
        if event.type in WINDOW_NEWS:
            self._note_window_change()
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self._resized((event.w, event.h), settle=True)
            return
        if event.type == pygame.WINDOWSIZECHANGED and not self.fullscreen:
            self._resized((event.x, event.y), settle=True)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            self.settings.fullscreen = self.fullscreen
            self.save_settings()
            return
        top = self.top
        if top is None:
            return
        if event.type in PLAYER_INPUT:  # for the screen as the window shows it now
            self.settle.lay_out_top(now=True)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and self._mute_key(top, event):
            self.toggle_mute()
            return
        if screen_keys_take(top, event):  # Tab through a board-less screen's buttons
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
        try:
            self.services.save_settings()
        except OSError as exc:
            self.toast(failure_sentence("The settings could not be saved", exc))

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
        else:
            self._canvas = None  # a window as big as the layout again: no second full-window surface
        self.screen = target  # scenes and toasts draw on self.screen
        try:
            self.settle.draw_shown(target, self._shown())
            if self.top is not None:
                draw_screen_keys(self.top, target)
            self._draw_toasts()
        finally:
            self.screen = window
        if target is not window:
            window.blit(target, (0, 0))

    def _draw_toasts(self) -> None:
        """The notices, newest on top, where no button of the top screen is (:mod:`scenes.kit.toasts`)."""
        draw_toasts(self.screen, self.size, self.toasts, self.top)

    def run(self, first: Scene) -> None:
        """The loop until the window closes: at most :data:`FPS` frames a second while something
        moves, asleep in the event queue while nothing does (see :meth:`next_frame`)."""
        self.push(first)
        try:
            self.loop()
        finally:
            self.shutdown()

    def loop(self, until: Callable[[], bool] | None = None) -> None:
        """Pass after pass until the window closes or ``until()`` is true (the benchmark idles on a
        screen for a few seconds): wait for an event or the next thing due, then :meth:`frame`."""
        last = time.monotonic()
        while self.running and not (until is not None and until()):
            wait = self.next_frame()
            events = wait_for_event(wait) if wait > NOW else []
            self.clock.tick(FPS)  # a stream of mouse motion still draws at most FPS frames
            events += pygame.event.get()
            now = time.monotonic()
            if self.frame(events, now - last):
                pygame.display.flip()
            last = now

    def shutdown(self) -> None:
        """Leave every scene (autosave happens there) and stop the AI worker at once; the window's
        size and place are saved first, while it is still there."""
        self._save_window(now=True)
        self.clear()
        self.services.close()
        self.sound.close()
        with contextlib.suppress(pygame.error):
            # pygame-gui posts events that name their widgets. Left in the queue (tests step the app
            # without reading it) they kept every screen of every App alive, ~35 MB an App: pygame
            # lets go of an event's attributes when it is read, never when the queue is cleared or
            # pygame quits (pygame-ce 2.5.8), so the queue is read empty here
            pygame.event.get()
        memory.unsettle()  # what this App froze can be collected once it is gone (tests make many)
        self._canvas = None
        self.settle = Settling(self)  # it remembered the last screens drawn
        self._ui_watch = UIWatch()  # and this the last screen's widgets
        self._held = []
        # The screens left are garbage now; collected while pygame still runs, their fonts close
        # their files. After pygame.quit() a font still open keeps its whole font file (pygame-gui
        # reads them into memory) for good: ~20 MB an App in a test process that makes hundreds.
        font.cache_clear()
        with contextlib.suppress(Exception):  # pygame-gui remembers the last manager made, globally
            pygame_gui.core.utility.set_default_manager(None)  # type: ignore[arg-type]
        gc.collect()
        pygame.quit()
        font.cache_clear()  # the faces died with pygame.quit(): whoever draws next makes new ones


def make_event(kind: int, **attrs: Any) -> pygame.event.Event:
    """A synthetic event, for tests and the smoke run."""
    return pygame.event.Event(kind, attrs)
