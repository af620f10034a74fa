"""The app's notices drawn: short messages over the top screen ("Saved.", errors), fading out.

Where they go is :mod:`scenes.kit.notices`' arithmetic; this draws them on the window for
:meth:`scenes.kit.app.App.draw`, which keeps the list and counts their seconds down.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

from scenes.kit.fonts import font
from scenes.kit.notices import place_notices
from scenes.kit.text import render_wrapped


def draw_toasts(
    surface: pygame.Surface, size: tuple[int, int], toasts: Sequence[tuple[str, float]], top: Any
) -> None:
    """The notices (``(text, seconds left)``), newest on top, where no button of the top screen
    ``top`` is, and clear of what it asks to keep in sight (its ``keep_clear()``: the match
    screen's banner and board; see :mod:`scenes.kit.notices`)."""
    if not toasts:
        return
    newest_first = list(reversed(toasts))
    labels: list[pygame.Surface] = []

    def measure(width: int) -> tuple[int, int]:
        text = newest_first[len(labels)][0]
        labels.append(render_wrapped(text, font(18), width, (250, 244, 230)))
        return labels[-1].get_size()

    buttons = (
        []
        if top is None
        else [
            e.rect
            for e in top.ui.get_sprite_group().sprites()
            if isinstance(e, pygame_gui.elements.UIButton) and e.visible
        ]
    )
    keep_clear = getattr(top, "keep_clear", None)
    clear = list(keep_clear()) if callable(keep_clear) else []
    boxes = place_notices(size, buttons, measure, len(newest_first), clear)
    for (_, left), label, box in zip(newest_first, labels, boxes, strict=True):
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        alpha = int(230 * min(1.0, left / 0.4))
        pygame.draw.rect(panel, (40, 30, 24, alpha), panel.get_rect(), border_radius=10)
        surface.blit(panel, box)
        label.set_alpha(min(255, alpha + 25))
        surface.blit(label, label.get_rect(center=box.center))
