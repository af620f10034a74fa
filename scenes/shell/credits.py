"""Credits: the people who made the games, the program's own licence and every component shipped with
it, each with its licence.

Opened from the main menu's **Credits** button. The games come first, each with its designers, year,
publisher, the source of its rules and that source's licence (``GameInfo.credit``, the same sentences
as the end of the game's rules window), and how our own rules texts stand to those sources. The
components' list is :data:`scenes.kit.about.COMPONENTS`, the
same table the build uses to collect the licence texts into the app's ``licenses/`` folder
(``packaging/collect_licenses.py``), so what a player reads here is what the folder holds. Versions
are the ones actually running: SDL's libraries are asked for theirs through pygame.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox

from game.core import WRITTEN_FRESH
from game.phrases import joined
from scenes.kit import style
from scenes.kit.about import COMPONENTS, PROGRAM, Component, component_version, licenses_folder, version
from scenes.kit.app import Scene
from scenes.kit.registry import playable_games
from scenes.shell.windows.rules import HEADING_COLOUR, credit_sentences, preload_text_fonts

if TYPE_CHECKING:
    from pathlib import Path

    from game.core import GameInfo
    from scenes.kit.app import App

TITLE = "Credits"


def sdl_versions() -> dict[str, str]:
    """The running SDL libraries' versions by component id, as pygame reports them (those it can)."""
    probes: dict[str, Callable[[], tuple[int, int, int]]] = {
        "sdl2": pygame.get_sdl_version,
        "sdl2-image": pygame.image.get_sdl_image_version,
        "sdl2-mixer": pygame.mixer.get_sdl_mixer_version,
        "sdl2-ttf": pygame.font.get_sdl_ttf_version,
    }
    found = {}
    for component_id, probe in probes.items():
        try:
            numbers = probe()
        except (pygame.error, AttributeError, TypeError):
            continue
        if numbers:
            found[component_id] = ".".join(str(n) for n in numbers)
    return found


def _heading(text: str) -> str:
    return f'<font pixel_size=20 color="{HEADING_COLOUR}"><b>{html.escape(text)}</b></font>'


def _title(component: Component, versions: Mapping[str, str]) -> str:
    found = versions.get(component.id) or component_version(component)
    return f"{component.name} {found}" if found else component.name


def where_the_texts_are(folder: Path | None) -> str:
    """One sentence on where a player finds the full licence texts on this computer."""
    if folder is not None:
        where = html.escape(str(folder))
        return f"The full licence texts are in the <b>licenses</b> folder of the app: {where}"
    return (
        "The full licence texts come with each package (<b>pip show -f NAME</b> lists its files); the "
        "ready-made app for Windows, macOS and Linux carries them all in its <b>licenses</b> folder."
    )


def games_html(games: Sequence[GameInfo]) -> str:
    """The games' section: each game's designers, year, publisher, the source of its rules with that
    source's licence and, for a Creative Commons source, its attribution; then, once for all games
    whose texts we wrote ourselves, how our rules texts stand to the sources."""
    rows = []
    fresh = []
    for info in games:
        credit = info.credit
        if credit is None:
            continue
        who, source, ours = (html.escape(part, quote=False) for part in credit_sentences(credit))
        row = f"<b>{html.escape(info.title)}</b> \u2014 {who}<br>{source}"
        if credit.rules_text == WRITTEN_FRESH:
            fresh.append(info.title)
        else:
            row += f"<br>{ours}"
        rows.append(row)
    if fresh:
        rows.append(
            f"Our rules texts, lessons and diagram captions for {html.escape(joined(fresh))} are written "
            "fresh in our own words; no sentence is taken from the sources. They are part of Curio Boards, "
            f"under its {html.escape(PROGRAM.licence)}."
        )
    return f"{_heading('The games')}<br>" + "<br><br>".join(rows)


def credits_html(
    versions: Mapping[str, str], folder: Path | None, games: Sequence[GameInfo] | None = None
) -> str:
    """The whole text: the program and its licence, the games' designers and the sources of their rules,
    what it is built with, the libraries inside SDL. ``games`` defaults to the games the menu shows."""
    main = [c for c in COMPONENTS if c.group == "main" and c is not PROGRAM]
    libraries = [c for c in COMPONENTS if c.group == "library"]
    parts = [
        f"{_heading(f'Curio Boards {version()}')}<br>"
        "Five rare board games, free to play, copy and share under the "
        f"<b>{html.escape(PROGRAM.licence)}</b>. Made by the Curio Boards authors.",
        games_html(playable_games() if games is None else games),
        f"{_heading('Built with')}<br>"
        + "<br>".join(
            f"<b>{html.escape(_title(c, versions))}</b> — {html.escape(c.what)}. "
            f"<i>{html.escape(c.licence)}</i>"
            for c in main
        ),
        f"{_heading('Inside SDL')}<br>"
        "SDL_image, SDL_mixer and SDL_ttf use these libraries for pictures, sound and text: "
        + "; ".join(
            f"<b>{html.escape(c.name)}</b> ({html.escape(c.what)}, <i>{html.escape(c.licence)}</i>)"
            for c in libraries
        )
        + ". Some come only with some systems' builds.",
        f"{_heading('Thank you')}<br>Every one of these is the work of generous people who share it. "
        + where_the_texts_are(folder),
    ]
    return "<br><br>".join(parts)


class CreditsScreen(Scene):
    """A scrollable list of credits and licences, and Back (Esc) to where it was opened from."""

    name = "credits"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.text_box: UITextBox | None = None
        self.back_button: UIButton | None = None

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        text_w = min(820, width - 80)
        top = 96 if height >= 720 else 80
        bottom_room = 22 + 44 + max(18, height // 30)
        self.text_rect = pygame.Rect((width - text_w) // 2, top, text_w, height - top - bottom_room)
        preload_text_fonts(self.ui)
        self.text_box = UITextBox(
            credits_html(sdl_versions(), licenses_folder()),
            self.text_rect,
            self.ui,
            object_id=ObjectID("#credits_text", None),
        )
        self.back_button = UIButton(
            pygame.Rect(width // 2 - 90, self.text_rect.bottom + 22, 180, 44),
            "Back",
            self.ui,
            tool_tip_text="Esc",
            object_id=ObjectID("#back", "@primary"),
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        width, _ = surface.get_size()
        surface.blit(style.background(surface.get_size()), (0, 0))
        style.text(
            surface,
            TITLE,
            (width // 2, self.text_rect.top - 18),
            34,
            style.PARCHMENT,
            bold=True,
            anchor="midbottom",
            shadow=True,
        )
