"""What a screen that hosts a :class:`~scenes.kit.board_view.BoardView` needs, whichever screen it is.

The match screen and the lesson screen both put a board beside a side panel, and screens may not
import each other, so the pieces they share live here: the panel's buttons with the board's own
buttons that come and go (:class:`PanelControls`), the events passed on to the view
(:func:`over_window`, :func:`released`, :func:`typed`), and the static chrome and clipped board
drawing (:class:`Chrome`, :func:`clipped`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIWindow

from scenes.kit.board_view import BoardView, ViewAction, ViewButton


class PanelControls:
    """The side panel's pygame-gui buttons: ``buttons`` (the screen's fixed commands by key, made by
    the screen's own subclass) and ``view_buttons`` (the board view's, by key, rebuilt only when they
    change). Only widgets here; what a press does is the screen's business."""

    def __init__(self, ui: pygame_gui.UIManager, gap: int) -> None:
        self.ui = ui
        self.gap = gap
        self.buttons: dict[str, UIButton] = {}
        self.view_buttons: dict[str, UIButton] = {}
        self._view_specs: list[ViewButton] = []

    def forget_view_buttons(self) -> None:
        """The UI was just reset: the board's buttons are gone and must be made again."""
        self.view_buttons = {}
        self._view_specs = []

    @staticmethod
    def set_button_enabled(button: UIButton, on: bool) -> None:
        if on and not button.is_enabled:
            button.enable()
        elif not on and button.is_enabled:
            button.disable()

    def show_view_buttons(self, specs: list[ViewButton], row: pygame.Rect, force: bool = False) -> None:
        """(Re)create the board's buttons in ``row`` when the list changed: rebuilding every frame would
        reset their hover state and tooltips."""
        if not force and specs == self._view_specs:
            return
        for button in self.view_buttons.values():
            button.kill()
        self.view_buttons = {}
        self._view_specs = specs
        if not specs:
            return
        for spec, rect in zip(specs, button_row(row, [spec.label for spec in specs], self.gap), strict=True):
            button = UIButton(
                rect,
                spec.label,
                self.ui,
                tool_tip_text=spec.tooltip or None,
                object_id=ObjectID(f"#view_{spec.key}", "@primary" if spec.primary else "@secondary"),
            )
            if not spec.enabled:
                button.disable()
            self.view_buttons[spec.key] = button

    def command(self, element: Any) -> str | None:
        """The key of the fixed button ``element``, or None."""
        return next((key for key, button in self.buttons.items() if element is button), None)

    def view_key(self, element: Any) -> str | None:
        """The key of the board's button ``element``, or None."""
        return next((key for key, button in self.view_buttons.items() if element is button), None)


BUTTON_PADDING = 12
"""Room a button's label needs beside its text (border and inner padding, both sides)."""


def button_row(row: pygame.Rect, labels: list[str], gap: int) -> list[pygame.Rect]:
    """Rectangles for buttons labelled ``labels`` side by side in ``row``: as wide as each label
    needs, the room left over shared equally, so "Clear", "Random" and "Confirm" all fit the narrow
    panel of a 1024x640 window where three equal thirds cut the longer two. Equal widths when the
    labels need more than the row has (the fit checker then says so)."""
    from scenes.kit.fonts import font

    face = font(17, True)  # the theme's button face (assets/theme.json: "button")
    needs = [face.size(label)[0] + BUTTON_PADDING for label in labels]
    room = row.width - gap * (len(labels) - 1)
    if sum(needs) > room:
        needs = [room // len(labels)] * len(labels)
    spare = room - sum(needs)
    widths = [need + spare // len(labels) for need in needs]
    widths[-1] += room - sum(widths)  # the pixels the division leaves over go to the last
    rects, x = [], row.left
    for width in widths:
        rects.append(pygame.Rect(x, row.top, width, row.height))
        x += width + gap
    return rects


def over_window(ui: pygame_gui.UIManager, pos: tuple[int, int]) -> bool:
    """A click on a pygame-gui window (end dialog, rules) must not also hit the board below."""
    return any(
        isinstance(element, UIWindow)
        and element.alive()
        and element.visible
        and element.rect.collidepoint(pos)
        for element in ui.get_root_container().elements
    )


def released(view: BoardView, pos: tuple[int, int], player: str | None) -> ViewAction | None:
    """The end of a drag, released anywhere (off the board drops the dragged piece back): the view's
    answer, or None when there is nothing to do."""
    if player is None:
        return None
    action = view.handle_release(pos, player)
    return None if action == ViewAction.nothing() else action


def typed(view: BoardView, event: pygame.event.Event, player: str | None) -> ViewAction | None:
    """Typed orders (Elasta's digits, Enter to confirm) go to the view first: its answer, or None
    when the key is not the view's."""
    if player is None:
        return None
    return view.handle_key(event.key, getattr(event, "unicode", "") or "", player)


class Chrome:
    """A screen's static backdrop, built by ``build(size)`` once per layout and window size."""

    def __init__(self, build: Callable[[tuple[int, int]], pygame.Surface]) -> None:
        self._build = build
        self._surface: pygame.Surface | None = None

    def forget(self) -> None:
        """The layout changed: the chrome must be built again."""
        self._surface = None

    def blit(self, surface: pygame.Surface) -> None:
        if self._surface is None or self._surface.get_size() != surface.get_size():
            self._surface = self._build(surface.get_size())
        surface.blit(self._surface, (0, 0))


@contextmanager
def clipped(surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Draw only inside ``rect`` (the board), then put the surface's clip back."""
    clip = surface.get_clip()
    surface.set_clip(rect)
    try:
        yield
    finally:
        surface.set_clip(clip)
