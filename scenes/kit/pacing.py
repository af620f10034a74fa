"""When the loop draws: a still screen sleeps until something happens, a moving one gets 60 frames.

A full redraw of a still picture 60 times a second kept half a core busy (a laptop's fan and
battery notice). The loop in :class:`scenes.kit.app.App` now asks, after every pass, how soon the
next one is needed, and sleeps in :func:`wait_for_event` until then or until input arrives:

* a scene answers through ``Scene.next_frame()``: ``NOW`` (0.0) while something on it moves, a
  number of seconds for a timer (a message that expires, the computer's answer to collect at
  :data:`GENTLE`), or ``None`` while its picture is still;
* a board answers the same through ``BoardView.next_frame()`` (its animation, sounds still to be
  said, a pulse), which the screens hosting it pass on;
* pygame-gui's own motion (a tooltip appearing after a delay, a text cursor blinking, a scroll
  arrow held down) has no such question, so :class:`UIWatch` looks: while the pointer is over a
  widget, a widget has focus or a mouse button is held, the widgets are updated every
  :data:`UI_POLL` seconds, and a frame is drawn only when what they show changed.

Nothing here draws; it only answers "when", so the tests can check the answers without a window.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

import pygame
import pygame_gui

NOW = 0.0
"""A scene's answer while something moves: draw the next frame at the full frame rate."""
GENTLE = 1 / 20
"""Slow motion that needs no 60 frames (rings breathing with periods over a second, the
computer-thinking spinner, the curtain's pulse), and how often the computer's answer is looked for
while it thinks."""
LISTEN = 1 / 60
"""How often a sleeping loop looks for input (see :func:`wait_for_event`)."""
UI_POLL = 0.1
"""How often the widgets are looked at while the pointer or the focus is on them (tooltips appear
after 1 s, a text cursor blinks every 0.4 s)."""
HEARTBEAT = 1.0
"""The longest the loop sleeps with nothing due: a safety net, it draws nothing by itself."""


def sooner(*delays: float | None) -> float | None:
    """The earliest of some delays in seconds (None: never); None when none is due."""
    due = [delay for delay in delays if delay is not None]
    return max(0.0, min(due)) if due else None


def wait_for_event(seconds: float) -> list[pygame.event.Event]:
    """Sleep until input arrives or ``seconds`` pass (the loop's idle state); the events, or none.

    The queue is looked at every :data:`LISTEN` seconds between sleeps. ``pygame.event.wait`` would
    seem the natural call, but it polls every millisecond inside (2-3 % of a core doing nothing,
    measured with the dummy and the X11 drivers); a look every 1/60 s costs about 0.4 % and answers
    input as fast as a 60 FPS loop did."""
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return []
        time.sleep(min(left, LISTEN))
        if pygame.event.peek():
            return pygame.event.get()


class UIWatch:
    """Notices when a pygame-gui manager's picture changed during an update, without drawing it.

    The fingerprint is what the manager would blit: each visible sprite's image and place, and each
    text field's cursor (its blink redraws the same image in place)."""

    def __init__(self) -> None:
        self._last: tuple[object, ...] = ()
        self._manager: pygame_gui.UIManager | None = None

    @staticmethod
    def fingerprint(manager: pygame_gui.UIManager) -> tuple[object, ...]:
        shown: list[object] = []
        for sprite in manager.get_sprite_group().sprites():
            if not sprite.visible:
                continue
            rect = sprite.rect
            shown.append(
                (
                    id(sprite),
                    id(sprite.image),
                    None if rect is None else tuple(rect),
                    getattr(sprite, "cursor_on", None),
                )
            )
        return tuple(shown)

    def changed(self, manager: pygame_gui.UIManager) -> bool:
        """True when ``manager`` shows something else than at the last call (another manager
        counts as a change: the screen changed)."""
        now = self.fingerprint(manager)
        different = manager is not self._manager or now != self._last
        self._manager, self._last = manager, now
        return different

    @staticmethod
    def next_look(manager: pygame_gui.UIManager) -> float | None:
        """When the widgets should be updated again with no input: :data:`NOW` while a mouse
        button is held over them (a scroll arrow repeats), :data:`UI_POLL` while the pointer is on
        one or a text field has focus (tooltips, the text cursor), else None."""
        hovering = manager.get_hovering_any_element()
        if hovering and any(_buttons_held()):
            return NOW
        focused = manager.get_focus_set() or ()
        if hovering or any(hasattr(element, "cursor_on") for element in focused):
            return UI_POLL
        return None


def _buttons_held() -> Iterable[bool]:
    try:
        return pygame.mouse.get_pressed()
    except pygame.error:  # no display (a test without a window)
        return ()
