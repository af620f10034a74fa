"""The pause menu: an overlay that dims the board and offers the match's ways out.

New game is always there; once the game is over, Swap sides and Rematch too (the result card beside
the board offers them, and they stay here when it is closed). Related choices share a row (Save game
and Save a copy, Rules and Settings…) so the whole menu fits a 1024x640 window.

It never touches the match itself: saving goes through ``match_scene.save_now()`` (the match scene
owns its save file, which Save replaces) and ``save_copy_now()`` (a new file of its own), leaving
goes through the stack, and the match scene autosaves when it leaves. What it asks of the screen
below is a small typed interface, :class:`Pausable`, which the match screen keeps (screens never
import each other, so it is a protocol, not the match screen's class).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from scenes.kit import style
from scenes.kit.app import Scene
from scenes.kit.failures import failure_sentence
from scenes.shell.windows.dialogs import DialogHost
from scenes.shell.windows.records import export_sentence
from scenes.shell.windows.rules import open_rules_window

if TYPE_CHECKING:
    from game.match import Match
    from scenes.kit.app import App

ITEMS: dict[str, tuple[str, str | None]] = {
    "resume": ("Resume", "@primary"),
    "swap": ("Swap sides", None),
    "rematch": ("Rematch", None),
    "new": ("New game", None),
    "save": ("Save game", None),
    "copy": ("Save a copy", None),
    "export": ("Export record", None),
    "load": ("Load game", None),
    "rules": ("Rules", None),
    "settings": ("Settings", None),
    "menu": ("Main menu", None),
    "quit": ("Quit to desktop", "@secondary"),
}
"""Every item by key: (label, class)."""
ROWS: tuple[tuple[str, ...], ...] = (
    ("resume",),
    ("swap", "rematch"),
    ("new",),
    ("save", "copy"),
    ("export", "load"),
    ("rules", "settings"),
    ("menu",),
    ("quit",),
)
"""The items row by row, top to bottom (a finished game's row of Swap sides and Rematch comes and goes)."""
ENDING = frozenset({"swap", "rematch"})
"""Items for a finished game only."""
PANEL_W = 380
TIPS: dict[str, str] = {
    "resume": "Back to the board (Esc)",
    "swap": "Play again with the sides exchanged",
    "rematch": "Play again with the same sides and options",
    "new": "Choose the sides, level and options of a new game of this one",
    "save": "Save this game over its own save (Ctrl+S)",
    "copy": "Keep this position as a separate save; Save goes on replacing the first",
    "export": "Write the moves as a text file to keep or share; the load screen opens it again",
    "menu": "Leave the game; it is kept and Continue picks it up",
    "quit": "Close Curio Boards; this game is kept",
}


class Pausable(Protocol):
    """What the pause menu asks of the screen it pauses (the match screen): the match, and the
    ways on that only that screen can take."""

    @property
    def match(self) -> Match: ...

    def save_now(self) -> bool:
        """Save over the game's own file; True when it was written (raises on a failure)."""
        ...

    def save_copy_now(self) -> bool:
        """Save a separate copy; True when it was written (raises on a failure)."""
        ...

    def rematch(self) -> None:
        """A fresh match with the same game, options and seats."""
        ...

    def swap_sides(self) -> None:
        """A fresh match with the sides exchanged."""
        ...

    def new_game(self) -> None:
        """The new-game screen for this game, over the match."""
        ...


class PauseScene(Scene):
    """Resume, (Swap sides, Rematch,) New game, Save, Load, Rules, Settings, Main menu, Quit — over
    the dimmed match scene."""

    overlay = True
    name = "pause"

    def __init__(self, app: App, match_scene: Pausable) -> None:
        super().__init__(app)
        self.match_scene = match_scene
        self.dialogs = DialogHost(self.ui)
        self.buttons: dict[str, UIButton] = {}
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def match(self) -> Match:
        return self.match_scene.match

    def rows(self) -> list[tuple[str, ...]]:
        """The rows this match gets: the ending's only once it is over."""
        over = self.match.over
        rows = []
        for row in ROWS:
            keys = tuple(key for key in row if key not in ENDING or over)
            if keys:
                rows.append(keys)
        return rows

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        button_h = 44 if height >= 720 else 40
        gap = 10 if height >= 720 else 8
        rows = self.rows()
        panel_w = PANEL_W
        header = 92
        panel_h = header + len(rows) * button_h + (len(rows) - 1) * gap + 28 + 14
        self.panel_rect = pygame.Rect((width - panel_w) // 2, (height - panel_h) // 2, panel_w, panel_h)
        y = self.panel_rect.y + header
        inner = panel_w - 72
        self.buttons = {}
        for row in rows:
            if row == ("quit",):
                y += 14  # set the way out apart from the rest
            each = (inner - (len(row) - 1) * gap) // len(row)
            x = self.panel_rect.x + 36
            for index, key in enumerate(row):
                label, cls = ITEMS[key]
                w = each if index < len(row) - 1 else self.panel_rect.x + 36 + inner - x
                self.buttons[key] = UIButton(
                    pygame.Rect(x, y, w, button_h),
                    label,
                    self.ui,
                    tool_tip_text=TIPS.get(key),
                    object_id=ObjectID(f"#{key}", cls),
                )
                x += w + gap
            y += button_h + gap

    # -- events ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialogs.handle_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.buttons.items():
                if event.ui_element is button:
                    self.choose(key)
                    return
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.choose("resume")
            elif event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
                self.choose("save")
            elif event.key == pygame.K_F1:
                self.choose("rules")

    def choose(self, key: str) -> None:
        """Carry out one menu item (also what the keyboard shortcuts call)."""
        app = self.app
        if key == "resume":
            app.pop()
        elif key == "save":
            self.save()
        elif key == "copy":
            self.save_copy()
        elif key == "export":
            self.export_record()
        elif key == "load":
            app.open("load")
        elif key == "rules":
            self.rules()
        elif key == "settings":
            app.open("settings")
        elif key == "menu":
            app.goto("menu")
        elif key == "rematch":
            self.match_scene.rematch()  # a new match screen: this menu goes with the old one
        elif key == "swap":
            self.match_scene.swap_sides()
        elif key == "new":
            self.new_game()
        elif key == "quit":
            app.quit()

    def new_game(self) -> None:
        """The new-game screen for this game, over the match (Cancel goes back to the board)."""
        self.app.pop()
        self.match_scene.new_game()

    def save(self) -> None:
        """Save through the match scene's ``save_now()``, and say how it went in a toast."""
        self._report(self.match_scene.save_now, "Game saved")

    def save_copy(self) -> None:
        """A separate save of this position (the match scene's ``save_copy_now``)."""
        self._report(self.match_scene.save_copy_now, "A copy was saved; Save still updates the first")

    def _report(self, write: Callable[[], object], done: str) -> None:
        """Run one way of saving and tell the player how it went, in plain words."""
        try:
            ok = bool(write())
        except Exception as exc:  # the player must hear about it, and the game goes on
            self.app.toast(failure_sentence("The game could not be saved", exc), 5)
            return
        self.app.toast(done if ok else "The game was not saved", 2.5 if ok else 4)

    def export_record(self) -> None:
        """Write the game's record (a readable text file) and say where it went, or why not."""
        self.app.toast(export_sentence(self.match, self.app.data_dir), 6)

    def rules(self) -> None:
        """Open the rules over the pause menu (closing them returns here; Esc closes them first)."""
        self.dialogs.close_all()
        self.dialogs.track(open_rules_window(self.ui, self.match.game))

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 150)
        rect = self.panel_rect
        style.panel(surface, rect, style.PARCHMENT, radius=16, border=style.WOOD_DARK)
        pygame.draw.rect(
            surface,
            style.WOOD_DARK,
            (rect.x, rect.y, rect.width, 70),
            border_top_left_radius=16,
            border_top_right_radius=16,
        )
        style.text(
            surface, "Paused", (rect.centerx, rect.y + 10), 28, style.ACCENT_LIGHT, bold=True, anchor="midtop"
        )
        match = self.match
        moves = len(match.turns)
        caption = f"{match.game.title} · move {moves + 1}" if not match.over else f"{match.game.title} · over"
        style.text(surface, caption, (rect.centerx, rect.y + 48), 14, style.PARCHMENT_DARK, anchor="midtop")
        style.flourish(surface, (rect.centerx, rect.y + 80), rect.width - 120, style.WOOD_LIGHT)
