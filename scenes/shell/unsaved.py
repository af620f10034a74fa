"""The question asked before the app closes over moves it could not save.

When the last autosave failed (a full disk, a folder taken away), closing the window or "Quit to
desktop" used to close at once, and the failure notice was drawn during shutdown where nobody saw it:
14 moves played, 10 on disk. :meth:`scenes.kit.app.App.quit` now opens this screen instead, over the
game, with the reason in words and three answers:

* **Try again** asks every screen to save once more (the disk may have room now); when nothing is
  left unsaved the app closes, else the sentence is brought up to date.
* **Quit anyway** closes without another word.
* **Save as a record** writes the game into the records folder, away from the data folder whose
  disk refused (a record opens from "Open a record…"); once it is written the question says where,
  and quitting loses nothing.
* **Keep playing** (or Esc) goes back to the game; nothing is lost while the app is open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox

from scenes.kit import style
from scenes.kit.app import Scene
from scenes.shell.windows.dialogs import escape

if TYPE_CHECKING:
    from scenes.kit.app import App

PANEL = (720, 300)


class UnsavedScene(Scene):
    """``UnsavedScene(app, sentence)``: over the screen whose moves are unsaved."""

    overlay = True
    name = "unsaved"

    def __init__(self, app: App, sentence: str) -> None:
        super().__init__(app)
        self.sentence = sentence
        self.buttons: dict[str, UIButton] = {}
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.text: UITextBox | None = None
        self.kept = False
        """The moves were kept as a record: quitting now loses nothing, and the question says so."""

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        panel_w, panel_h = PANEL
        self.panel_rect = pygame.Rect((width - panel_w) // 2, (height - panel_h) // 2, panel_w, panel_h)
        after = "Nothing is lost if you quit now." if self.kept else "Closing now loses them."
        self.text = UITextBox(
            f"{escape(self.sentence)}<br><br>{after}",
            pygame.Rect(self.panel_rect.x + 24, self.panel_rect.y + 58, panel_w - 48, panel_h - 130),
            self.ui,
            object_id=ObjectID("#unsaved_text", None),
        )
        # one order for every question in the app: the way back on the left, the action on the right
        specs: tuple[tuple[str, str, str | None], ...] = (
            ("keep", "Keep playing", "@secondary"),
            ("record", "Save as a record", None),
            ("retry", "Try again", None),
            ("quit", "Quit anyway", "@danger"),
        )
        if self.kept:
            specs = (("keep", "Keep playing", "@secondary"), ("quit", "Quit", None))
        button_w, gap = 160, 10
        x = self.panel_rect.right - 24 - len(specs) * button_w - (len(specs) - 1) * gap
        self.buttons = {}
        for key, label, cls in specs:
            self.buttons[key] = UIButton(
                pygame.Rect(x, self.panel_rect.bottom - 62, button_w, 42),
                label,
                self.ui,
                object_id=ObjectID(f"#{key}", cls),
            )
            x += button_w + gap

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.buttons.items():
                if event.ui_element is button:
                    self.choose(key)
                    return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.choose("keep")

    def choose(self, key: str) -> None:
        app = self.app
        if key == "keep":
            app.pop()
        elif key == "quit":
            app.quit(force=True)
        elif key == "record":
            below = [scene for scene in app.stack if scene is not self]
            said = [text for scene in below if (text := scene.keep_elsewhere())]
            self.kept = not any(scene.unsaved_work() for scene in below)
            self.sentence = " ".join(said) or self.sentence
            self.ui.clear_and_reset()
            self.layout(app.size)
        elif key == "retry":
            below = [scene for scene in app.stack if scene is not self]
            for scene in below:
                scene.retry_saving()
            lost = [text for scene in below if (text := scene.unsaved_work())]
            if not lost:
                app.quit(force=True)
                return
            self.sentence = " ".join(lost)
            self.ui.clear_and_reset()
            self.layout(app.size)

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface)
        style.panel(surface, self.panel_rect)
        style.text(
            surface,
            "Your moves are kept" if self.kept else "Quit without your last moves?",
            (self.panel_rect.x + 24, self.panel_rect.y + 18),
            24,
            bold=True,
        )
