"""Playing without a mouse: a cursor over the board's places, and a focus that Tab walks to the buttons.

Every board already knows what a click at a point means; keyboard play only has to say *where* the
click is. So a board lists the places a click means something (:meth:`BoardView.cursor_places`:
its squares, or Elasta's trays and rails, or a question's two answers), the arrow keys move a
cursor to the nearest place in that direction, worked out from the places' centres alone (any
layout works, grid or see-saw), and Enter or Space clicks there, through the very path a mouse
click takes. Drags become two clicks (pick up, put down), which the boards already accept.

Tab moves the focus from the board to the side panel's buttons one by one and round again (Shift+Tab
backwards), and Enter or Space presses the button in focus. Nothing is shown until a key asks for it:
a mouse player never sees a ring, and a click hides it again. Until the board has the focus, its
arrow keys keep their other meanings (stepping through the moves in review, Elasta's typing
cursor), and the panel's focus leaves them to those too.

:class:`KeyboardFocus` holds the state and answers each key with a :class:`KeyAnswer` the hosting
screen carries out; it never touches the board or the widgets itself, so the match screen and the
lesson screen can share it.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pygame
import pygame_gui

from scenes.kit import style
from scenes.kit.board_view import CursorPlace

Point = tuple[int, int]

DIRECTIONS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
"""The arrow keys and the screen direction each moves the cursor in."""
WAKE_KEYS = (pygame.K_UP, pygame.K_DOWN)
"""Arrows that bring the cursor onto the board from nowhere. Left and Right do not: while the board
has no focus they step through the moves (review), as they always have."""
SELECT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
"""Keys that click at the cursor, or press the button in focus."""
BOARD = "board"
PANEL = "panel"

ACROSS_WEIGHT = 2.0
"""How much a step sideways counts against a place, beside a step in the arrow's direction: on a
grid the next square in the row beats the diagonal one, and on a ragged layout the cursor still goes
where the arrow points rather than to the closest place at an angle."""
RING = style.WHITE
RING_EDGE = style.INK
"""The focus ring: a light band edged in ink, seen on dark felt, light tiles and wood alike."""


def center(place: CursorPlace) -> Point:
    return (place.rect.centerx, place.rect.centery)


def neighbour(places: Sequence[CursorPlace], start: Point, direction: tuple[int, int]) -> CursorPlace | None:
    """The place an arrow key moves to from ``start``: ahead in ``direction``, near, and with the
    least sideways drift. Places inside a 45° cone are preferred; only when there are none does a
    place further off to the side count, so the cursor never gets stuck at a ragged edge. None when
    nothing lies that way (the cursor stays)."""
    dx, dy = direction
    best: tuple[bool, float, CursorPlace] | None = None
    for place in places:
        px, py = center(place)
        vx, vy = px - start[0], py - start[1]
        along = vx * dx + vy * dy
        if along <= 0:
            continue
        across = abs(vx * dy - vy * dx)
        outside = across > along
        score = along + ACROSS_WEIGHT * across
        if best is None or (outside, score) < (best[0], best[1]):
            best = (outside, score, place)
    return None if best is None else best[2]


def keys_to(places: Sequence[CursorPlace], start: str, goal: str) -> list[int] | None:
    """The shortest run of arrow keys that takes the cursor from place ``start`` to place ``goal``
    (by :func:`neighbour`, as the keys themselves move it), or None if ``goal`` cannot be reached.
    For "Show me" style help and the tests that play whole games by key."""
    by_name = {place.name: place for place in places}
    if start not in by_name or goal not in by_name:
        return None
    came: dict[str, tuple[str, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        name = queue.popleft()
        if name == goal:
            keys: list[int] = []
            step = came[name]
            while step is not None:
                name, key = step
                keys.append(key)
                step = came[name]
            return keys[::-1]
        for key, direction in DIRECTIONS.items():
            nxt = neighbour(places, center(by_name[name]), direction)
            if nxt is not None and nxt.name not in came:
                came[nxt.name] = (name, key)
                queue.append(nxt.name)
    return None


def middle_place(places: Sequence[CursorPlace]) -> CursorPlace:
    """Where the cursor first appears: the place nearest the middle of them all."""
    xs = [center(p)[0] for p in places]
    ys = [center(p)[1] for p in places]
    mid = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    return min(places, key=lambda p: math.dist(center(p), mid))


@dataclass(frozen=True)
class KeyAnswer:
    """What a key meant, for the hosting screen to carry out: ``click`` at a point of the board (a
    click exactly as the mouse makes it), ``press`` a button of the panel, or, with neither, only the
    ring moved (the screen redraws, and may show the board's hover at ``spot``)."""

    click: Point | None = None
    press: Any = None
    spot: Point | None = None


class KeyboardFocus:
    """Who has the keyboard: nobody (``zone`` None: the mouse's screen, nothing drawn), the board
    (``BOARD``: a cursor on place ``place``) or the panel (``PANEL``: the button ``button``, by
    its key, so a button rebuilt at a resize or a new turn keeps the focus)."""

    def __init__(self) -> None:
        self.zone: str | None = None
        self.place: str | None = None
        self.button: str | None = None
        self._spot: Point | None = None
        """The centre the cursor was last moved to: when its place goes (a question answered, a
        tray emptied), the cursor stands on the place nearest it."""

    @property
    def on_board(self) -> bool:
        return self.zone == BOARD

    @property
    def shown(self) -> bool:
        return self.zone is not None

    def mouse_used(self) -> bool:
        """A click or the wheel: the mouse has the screen again, the ring goes. True if one showed."""
        was = self.shown
        self.zone = None
        return was

    # -- where things are now ------------------------------------------------------------------------
    def cursor(self, places: Sequence[CursorPlace]) -> CursorPlace | None:
        """The place the cursor stands on among ``places`` (the board's list now): its own, else the
        one nearest where it last was, else the middle one; None without places."""
        if not places:
            return None
        for place in places:
            if place.name == self.place:
                return place
        if self._spot is not None:
            spot = self._spot
            place = min(places, key=lambda p: math.dist(center(p), spot))
        else:
            place = middle_place(places)
        self.place = place.name
        return place

    def focused_button(self, buttons: Sequence[tuple[str, Any]]) -> Any:
        """The widget in focus among ``buttons`` (the (key, widget) pairs on show now)."""
        if self.zone != PANEL:
            return None
        return next((widget for key, widget in buttons if key == self.button), None)

    # -- keys -----------------------------------------------------------------------------------------
    def key(
        self,
        event: pygame.event.Event,
        places: Sequence[CursorPlace],
        buttons: Sequence[tuple[str, Any]],
    ) -> KeyAnswer | None:
        """The meaning of key ``event`` for the focus, given the board's ``places`` now (empty when
        the board takes no input) and the ``buttons`` on show, in Tab order (greyed ones too: Tab
        passes them over, but one greyed while in focus keeps it). None: not a key of the focus,
        the screen's other shortcuts apply."""
        key = event.key
        if key == pygame.K_TAB:
            backwards = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            return self._tab(places, buttons, backwards)
        if self.zone == PANEL and self.focused_button(buttons) is None:
            self.zone = BOARD if places else None  # the button went (Confirm pressed, turn over)
        if self.zone == PANEL:
            if key not in SELECT_KEYS:
                return None
            widget = self.focused_button(buttons)
            return KeyAnswer(press=widget) if _enabled(widget) else KeyAnswer()
        if not places:
            return None
        if self.zone is None:
            if key not in WAKE_KEYS:
                return None
            return self._show_board(places)
        here = self.cursor(places)
        assert here is not None
        if key in SELECT_KEYS:
            return KeyAnswer(click=center(here))
        if key in DIRECTIONS:
            there = neighbour(places, center(here), DIRECTIONS[key]) or here
            self.place, self._spot = there.name, center(there)
            return KeyAnswer(spot=self._spot)
        return None

    def _show_board(self, places: Sequence[CursorPlace]) -> KeyAnswer:
        self.zone = BOARD
        here = self.cursor(places)
        assert here is not None
        self._spot = center(here)
        return KeyAnswer(spot=self._spot)

    def _tab(
        self, places: Sequence[CursorPlace], buttons: Sequence[tuple[str, Any]], backwards: bool
    ) -> KeyAnswer | None:
        """The next stop round the ring board → buttons → board (backwards with Shift)."""
        # (the stop's button key, or None for the board; whether it can take the focus)
        stops: list[tuple[str | None, bool]] = [(None, True)] if places else []
        stops += [(key, _enabled(widget)) for key, widget in buttons]
        if not any(usable for _, usable in stops):
            return None
        keys = [key for key, _ in stops]
        step = -1 if backwards else 1
        if self.zone == BOARD and places:
            index = 0
        elif self.zone == PANEL and self.focused_button(buttons) is not None:
            index = keys.index(self.button)
        else:  # from nowhere: the first stop, or the last one backwards
            index = 0 if backwards else len(stops) - 1
        index = (index + step) % len(stops)
        while not stops[index][1]:  # a greyed button is passed over
            index = (index + step) % len(stops)
        stop = keys[index]
        if stop is None:
            return self._show_board(places)
        self.zone, self.button = PANEL, stop
        return KeyAnswer()

    # -- drawing --------------------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        places: Sequence[CursorPlace],
        buttons: Sequence[tuple[str, Any]],
    ) -> None:
        """The ring round the cursor's place or the button in focus; nothing while nobody has it."""
        if self.zone == BOARD:
            place = self.cursor(places)
            if place is not None:
                draw_ring(surface, place.rect, inset=True)
        elif self.zone == PANEL:
            widget = self.focused_button(buttons)
            if widget is not None:
                draw_ring(surface, pygame.Rect(widget.rect), inset=False)


def _enabled(widget: Any) -> bool:
    return widget is not None and bool(getattr(widget, "is_enabled", True))


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, inset: bool) -> None:
    """A rounded ring, a light band between two ink lines: round a square just inside its edge
    (``inset``, so neighbouring rings never touch), round a button just outside it (in the gap
    between buttons, never over the label)."""
    band = max(3, min(5, rect.height // 11))
    outer = rect.inflate(-2, -2) if inset else rect.inflate(2 * band + 4, 2 * band + 4)
    radius = max(4, min(outer.width, outer.height) // 6)
    pygame.draw.rect(surface, RING_EDGE, outer, band + 2, border_radius=radius)
    pygame.draw.rect(surface, RING, outer.inflate(-2, -2), band, border_radius=max(2, radius - 1))


class KeyboardHost:
    """A screen's :class:`KeyboardFocus`, its answers carried out the way the mouse's would be: a
    click at the cursor, a button press, a hover. Screens subclass it to say where the board's places
    and their buttons are (:meth:`places`, :meth:`buttons`); ``scene`` needs ``app`` and
    ``handle_event``. The match screen and the lesson screen share it."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.focus = KeyboardFocus()
        self._lit: Any = None
        """The button wearing its selected look for the focus."""

    def places(self) -> list[CursorPlace]:
        """The board's places a click means something at now (none: the arrows are not the board's)."""
        raise NotImplementedError

    def buttons(self) -> list[tuple[str, Any]]:
        """The buttons on show as (key, widget), in screen order."""
        raise NotImplementedError

    def key(self, event: pygame.event.Event) -> bool:
        """Act on a key press of the focus; False when the key is not the focus's (the screen's
        other shortcuts then apply). What it does reaches the scene as the events the mouse would
        have made (marked ``keyboard``, so they do not hide the cursor): one path for both hands."""
        answer = self.focus.key(event, self.places(), self.buttons())
        if answer is None:
            return False
        scene = self.scene
        if answer.click is not None:
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                scene.handle_event(pygame.event.Event(kind, pos=answer.click, button=1, keyboard=True))
        elif answer.press is not None:
            scene.app.sound.announce("click")  # as the app does for every pressed button
            scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=answer.press))
        elif answer.spot is not None:  # the board's own hover look follows the cursor
            scene.handle_event(
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=answer.spot, rel=(0, 0), buttons=(0, 0, 0), keyboard=True
                )
            )
        self._light()
        scene.app.invalidate()  # the ring moved: a still screen draws once more
        return True

    def _light(self) -> None:
        """The button in focus, and only it, wears pygame-gui's selected look."""
        widget = self.focus.focused_button(self.buttons())
        if widget is self._lit:
            return
        if self._lit is not None and self._lit.alive():
            self._lit.unselect()
        if widget is not None:
            widget.select()
        self._lit = widget

    def heard(self, event: pygame.event.Event) -> None:
        """Every event the screen gets: a real click or turn of the wheel gives the mouse the screen
        back, and the ring goes."""
        mouse = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL)
        if mouse and not getattr(event, "keyboard", False):
            self.mouse_used()

    def mouse_used(self) -> None:
        if self.focus.mouse_used():
            self._light()
            self.scene.app.invalidate()

    def draw(self, surface: pygame.Surface) -> None:
        self.focus.draw(surface, self.places(), self.buttons())


class ButtonKeys(KeyboardHost):
    """Keyboard use of a screen that has no board (menu, new game, load, settings, pause, dialogs):
    Tab and Shift+Tab walk every button on show in reading order, Enter or Space presses the one in
    focus. The app gives one to every screen that brings no keyboard host of its own (``keys``), so
    a new screen is keyboard-usable without a line of its own."""

    ARROWS: ClassVar[dict[int, bool]] = {
        pygame.K_DOWN: False,
        pygame.K_RIGHT: False,
        pygame.K_UP: True,
        pygame.K_LEFT: True,
    }
    """The arrow keys walk the buttons as Tab does (Up and Left backwards), on every screen whose
    arrows are not its own (``uses_arrows``: a list the arrows move through, as on the load screen)."""

    def key(self, event: pygame.event.Event) -> bool:
        backwards = self.ARROWS.get(event.key)
        if backwards is not None and not getattr(self.scene, "uses_arrows", False):
            shift = pygame.KMOD_SHIFT if backwards else 0
            event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=shift, unicode="\t", scancode=0)
        return super().key(event)

    def places(self) -> list[CursorPlace]:
        return []

    def buttons(self) -> list[tuple[str, Any]]:
        """The screen's visible buttons top to bottom, left to right, each keyed by its label and
        how many before it bear the same one (five cards each have a "Play"), so the focus stays on
        the same button when the screen is rebuilt."""
        found = [
            element
            for element in self.scene.ui.get_sprite_group().sprites()
            if isinstance(element, pygame_gui.elements.UIButton) and element.visible and element.alive()
        ]
        found.sort(key=lambda b: (b.rect.top // 8, b.rect.left))
        seen: dict[str, int] = {}
        keyed: list[tuple[str, Any]] = []
        for button in found:
            label = str(getattr(button, "text", "") or "")
            count = seen.get(label, 0)
            seen[label] = count + 1
            keyed.append((f"{label}#{count}", button))
        return keyed


def _screen_keys(top: Any) -> ButtonKeys | None:
    """The app's :class:`ButtonKeys` for screen ``top``, made on first use; None for a screen with
    a keyboard host of its own (``keys``: the match and lesson screens)."""
    if hasattr(top, "keys"):
        return None
    host = top.__dict__.get("_button_keys")
    if host is None:
        host = top.__dict__["_button_keys"] = ButtonKeys(top)
    return host


def screen_keys_take(top: Any, event: pygame.event.Event) -> bool:
    """Offer ``event`` to the buttons' focus of ``top``; True when it was the focus's key. Keys held
    with Ctrl, Alt or Cmd, and keys typed into a text field, are never the focus's."""
    host = _screen_keys(top)
    if host is None:
        return False
    host.heard(event)
    held = getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
    if event.type != pygame.KEYDOWN or held:
        return False
    from pygame_gui.elements import UITextEntryBox, UITextEntryLine

    if any(isinstance(e, UITextEntryLine | UITextEntryBox) for e in top.ui.get_focus_set() or set()):
        return False
    return host.key(event)


def draw_screen_keys(top: Any, surface: pygame.Surface) -> None:
    """The ring of the buttons' focus, once a key has shown it."""
    host = top.__dict__.get("_button_keys")
    if host is not None:
        host.draw(surface)
