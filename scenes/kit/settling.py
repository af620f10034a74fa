"""From a window resize to the screens' own pictures at the new size, in frames that stay cheap.

A window being dragged sends a resize every frame, and laying a board screen out again costs a
few frames' time (its sprites and scenery built anew for the size). So:

1. **The resize frame** draws no screen: the top screen's last frame, kept by the app after every
   drawing (:meth:`Settling.keep_frame`, a plain copy), is shown scaled to the window. A screen
   under an overlay gets a picture of its own, since it shows again once the overlay is laid out.
2. **The layout** comes once the resizes have stopped for :data:`RESIZE_SETTLE`, or at once when
   the player does something; the old picture is shown once more meanwhile.
3. **The first drawing** at the new size comes in the next frame, and only then does the screen
   get the input that came meanwhile (the app holds it: a click may open a whole screen).

All of it in one frame made the slowest frames after a resize (up to a quarter of a second); apart,
each stays well inside 100 ms (``python -m scenes.dev.storm``).

Screens under an overlay get no updates, so their picture cannot change: it is scaled to the new
size instead of laying them out again, and they are laid out when they are on top again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import pygame

Scene = Any
"""A :class:`scenes.kit.app.Scene` (not imported: the app imports this module)."""


class Host(Protocol):
    """What settling needs of the app (:class:`scenes.kit.app.App`)."""

    stack: list[Any]
    size: tuple[int, int]
    elapsed: float

    @property
    def top(self) -> Any: ...

    def invalidate(self) -> None: ...


RESIZE_SETTLE = 0.15
"""Seconds without a resize after which the top screen is laid out for the window."""


class Settling:
    """The screens a resize left behind, their pictures meanwhile, and when each catches up."""

    def __init__(self, app: Host) -> None:
        self.app = app
        self.stale: dict[Scene, pygame.Surface | None] = {}
        """Screens that missed a resize, with the picture to scale for those on show."""
        self.layout_due_at = 0.0
        """When (on the app's ``elapsed``) a top screen left stale by a resize is laid out."""
        self.first_drawing: Scene | None = None
        """A screen laid out for a new size that has not yet drawn itself at that size."""
        self.interim: pygame.Surface | None = None
        """Its old picture, shown once more in the frame of its layout."""
        self.last_frame: tuple[Scene, pygame.Surface] | None = None
        """The top screen as last drawn, with what it showed beneath it."""
        self._scaled: tuple[tuple[int, tuple[int, int], bool], pygame.Surface] | None = None
        self._scaled_used = False
        """Whether this frame showed a picture scaled; one that did not drops the scaled copy."""

    # -- state --------------------------------------------------------------------------------------
    @property
    def awaiting_layout(self) -> bool:
        top = self.app.top
        return top is not None and top in self.stale

    @property
    def busy(self) -> bool:
        """The top screen's layout or its first drawing at the new size is still to come."""
        return self.awaiting_layout or self.first_drawing is not None

    # -- a resize ---------------------------------------------------------------------------------------
    def resized(self, old: tuple[int, int], shown: Sequence[Scene], settle: bool) -> None:
        """The window went from ``old`` to the app's size: lay the top screen out now (``settle``
        False: a programmatic resize) or leave it stale with the others, keeping pictures of those
        on show."""
        app = self.app
        for scene in app.stack:
            if scene is app.top and not settle:
                self.stale.pop(scene, None)
                scene.resize(app.size)
            elif scene not in self.stale:
                self.stale[scene] = self._old_picture(scene, old) if scene in shown else None
        if settle:
            self.layout_due_at = app.elapsed + RESIZE_SETTLE

    def lay_out_top(self, now: bool) -> bool:
        """Lay out the top screen if a resize left it stale and ``now`` (input is coming) or the
        resizes have settled; True when it is laid out for the window (it may be updated)."""
        top = self.app.top
        if top is None or top not in self.stale:
            return True
        if not now and self.app.elapsed < self.layout_due_at:
            return False
        picture = self.stale.get(top)
        self.bring_up_to_size(top)
        if picture is not None and not top.overlay:
            self.first_drawing, self.interim = top, picture
            top.prepare_drawing()  # the board's scenery now, so the first drawing is lighter
        self.app.invalidate()
        return True

    def lay_out_soon(self) -> None:
        """Input came: lay the top screen out in this frame."""
        self.layout_due_at = min(self.layout_due_at, self.app.elapsed)

    def bring_up_to_size(self, scene: Scene) -> None:
        """Lay out a scene that missed resizes while it was covered, before it is used again."""
        if scene in self.stale:
            del self.stale[scene]
            scene.resize(self.app.size)

    def forget(self, stack: Sequence[Scene]) -> None:
        """Drop what is kept for screens no longer on the stack."""
        self.stale = {s: picture for s, picture in self.stale.items() if s in stack}

    # -- pictures ---------------------------------------------------------------------------------------
    def _old_picture(self, scene: Scene, size: tuple[int, int]) -> pygame.Surface | None:
        """What the window showed of ``scene`` at its old ``size``: for the top screen the last
        frame (the resize frame then draws nothing, and an overlay's picture keeps the screen it
        dims); a screen under an overlay drawn alone."""
        kept = self.last_frame
        if scene is self.app.top and kept is not None and kept[0] is scene and kept[1].get_size() == size:
            self.last_frame = None  # handed over: the next frame keeps itself in a new surface
            return kept[1]
        return picture_of(scene, size)

    def keep_frame(self, target: pygame.Surface) -> None:
        """Keep the screens as just drawn (before the keyboard ring and the notices, drawn afresh
        over any picture) in one surface reused from frame to frame: a copy, about a millisecond,
        instead of drawing the whole screen again in the resize frame."""
        top = self.app.top
        if top is None:
            return
        kept = self.last_frame
        surface = kept[1] if kept is not None and kept[1].get_size() == target.get_size() else None
        if surface is None:
            surface = pygame.Surface(target.get_size(), 0, target)  # the window's own pixel format
        surface.blit(target, (0, 0))
        self.last_frame = (top, surface)

    def draw_shown(self, target: pygame.Surface, shown: Sequence[Scene]) -> None:
        """Draw the screens on show: each at its size, or its picture scaled while it is stale,
        and a screen in the frame of its layout as its old picture once more."""
        first, self.first_drawing = self.first_drawing, None
        top = self.app.top
        self._scaled_used = False
        for scene in shown:
            if scene is first and self.interim is not None:
                target.blit(self.scaled(self.interim, smooth=False), (0, 0))
                self.interim, self.first_drawing = None, first  # its own picture next frame
                continue
            picture = self.stale.get(scene)
            if picture is not None:  # covered by an overlay, or the top while the window changes size
                target.blit(self.scaled(picture, smooth=scene is not top), (0, 0))
                continue
            self.bring_up_to_size(scene)
            scene.draw(target)
            scene.ui.draw_ui(target)
        if not self._scaled_used:
            self._scaled = None  # nothing was shown scaled: a full-window surface less to hold
        self.keep_frame(target)  # pictures too: a resize before the screen's own drawing scales them

    def scaled(self, picture: pygame.Surface, smooth: bool = True) -> pygame.Surface:
        """``picture`` scaled to the window, once per size: smoothly for a screen that stays
        covered by an overlay (it is looked at), plainly for the top screen while the window is
        being dragged (a new size every frame, each shown for a frame: a smooth scaling to a large
        window costs 30 ms or more, a plain one a few)."""
        size = self.app.size
        self._scaled_used = True
        key = (id(picture), size, smooth)
        if self._scaled is None or self._scaled[0] != key:
            scale = pygame.transform.smoothscale if smooth else pygame.transform.scale
            self._scaled = (key, scale(picture, size))
        return self._scaled[1]


def picture_of(scene: Scene, size: tuple[int, int]) -> pygame.Surface | None:
    """``scene`` drawn alone at its current layout ``size`` (None if it cannot be drawn)."""
    try:
        picture = pygame.Surface(size).convert()
        scene.draw(picture)
        scene.ui.draw_ui(picture)
    except Exception:
        return None
    return picture
