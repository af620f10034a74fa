"""The small window a second start shows when Curio Boards is already open on the same data folder.

``main.py`` takes the data folder's lock (:mod:`saves.instance`) before it builds the app; when
another copy holds it, this window says so in plain words, and OK, Enter, Esc or closing the window
ends the second copy, which never touches the folder. It is drawn with the app's palette and
typeface but needs no :class:`~scenes.kit.app.App` (none is built), and no screen table: it is not a
screen the app navigates to.

Bringing the first copy's window forward is not attempted: pygame gives no handle on another
process's window, and the platforms that allow it at all (Windows, with conditions) would need
native calls this app does not otherwise make. The sentence tells the player where to look instead.

Under SDL's headless drivers (``dummy``, ``offscreen``: tests, CI) nobody can press OK, so the window
closes by itself after :data:`HEADLESS_SECONDS`.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import pygame

from scenes.kit import style
from scenes.kit.fonts import ASSETS

SIZE = (600, 270)
TITLE = "Curio Boards"
HEADING = "Curio Boards is already open"
HEADLESS_SECONDS = 0.5
"""How long the window stays when no one can see it (SDL's dummy or offscreen video driver)."""
HEADLESS_DRIVERS = ("dummy", "offscreen")
MARGIN = 24
BUTTON = (120, 40)


MESSAGE = (
    "It is open with this data folder in another window, so this copy closes to keep your "
    "games, lesson stars and settings safe. Switch to the window that is already open."
)
"""The sentence under the heading."""


def show_already_open(data_dir: Path, timeout: float | None = None) -> None:
    """Show the window until OK, Enter, Esc or its close button (or ``timeout`` seconds; by default
    none, or :data:`HEADLESS_SECONDS` under a headless video driver). Never raises: without a
    display there is simply no window (``main.py`` has printed the line on stderr already)."""
    try:
        _show(Path(data_dir), timeout)
    except (pygame.error, OSError):
        pass
    finally:
        pygame.quit()


def _show(data_dir: Path, timeout: float | None) -> None:
    pygame.display.init()
    pygame.font.init()
    if timeout is None and pygame.display.get_driver() in HEADLESS_DRIVERS:
        timeout = HEADLESS_SECONDS
    pygame.display.set_caption(TITLE)
    icon = ASSETS / "icon.png"
    if icon.exists():
        with contextlib.suppress(pygame.error):
            pygame.display.set_icon(pygame.image.load(str(icon)))
    screen = pygame.display.set_mode(SIZE)
    button = pygame.Rect((0, 0), BUTTON)
    button.bottomright = (SIZE[0] - MARGIN - 16, SIZE[1] - MARGIN - 16)
    deadline = None if timeout is None else time.monotonic() + timeout
    while deadline is None or time.monotonic() < deadline:
        _draw(screen, data_dir, button, button.collidepoint(pygame.mouse.get_pos()))
        pygame.display.flip()
        event = pygame.event.wait(100)
        events = [event, *pygame.event.get()] if event.type != pygame.NOEVENT else pygame.event.get()
        if any(_closes(event, button) for event in events):
            return


def _closes(event: pygame.event.Event, button: pygame.Rect) -> bool:
    if event.type == pygame.QUIT:
        return True
    if event.type == pygame.KEYDOWN:
        return event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
    return event.type == pygame.MOUSEBUTTONUP and event.button == 1 and button.collidepoint(event.pos)


def _draw(screen: pygame.Surface, data_dir: Path, button: pygame.Rect, hover: bool) -> None:
    screen.blit(style.background(SIZE), (0, 0))
    card = pygame.Rect(0, 0, SIZE[0] - 2 * MARGIN, SIZE[1] - 2 * MARGIN)
    card.center = (SIZE[0] // 2, SIZE[1] // 2)
    style.panel(screen, card)
    inner = card.inflate(-2 * MARGIN, -2 * MARGIN)
    heading = style.fit_text(HEADING, 24, inner.width, bold=True)
    y = style.text(screen, heading, inner.topleft, 24, style.INK, bold=True).bottom + 10
    lines = style.wrap(MESSAGE, 16, inner.width, max_lines=4)
    y = style.text_block(screen, lines, (inner.x, y), 16, style.INK)
    folder = style.fit_text(f"Data folder: {data_dir}", 13, inner.width - button.width - 16)
    style.text(screen, folder, (inner.x, button.centery), 13, style.INK_SOFT, anchor="midleft")
    pygame.draw.rect(screen, style.ACCENT if hover else style.WOOD, button, border_radius=8)
    pygame.draw.rect(screen, style.WOOD_DARK, button, width=2, border_radius=8)
    style.text(screen, "OK", button.center, 18, style.WHITE, bold=True, anchor="center")
