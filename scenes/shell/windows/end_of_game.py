"""The end-of-game dialog: who won, why, the score, and what to do next.

A pygame-gui window (so it is keyboard/mouse friendly and themed like every other dialog) placed
over the board. It only reports which choice was made; the match scene acts on it, which keeps the
"what happens on rematch" logic in one place.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIWindow

from scenes.kit.text import wrap_lines

REMATCH = "rematch"
MENU = "menu"
REVIEW = "review"
CLOSE = "close"


class EndDialog:
    """A modal-looking (but non-blocking) result window. ``choice(event)`` maps its events to
    REMATCH / MENU / REVIEW (step through the game from its start) / CLOSE (the window closed: the
    final position stays on the board).
    ``hints`` is the line about the hints used in a game against the computer ("" for none)."""

    def __init__(
        self, ui: pygame_gui.UIManager, area: pygame.Rect, headline: str, reason: str, score: str,
        hints: str = "",
    ) -> None:
        width = min(480, max(450, area.width - 40))  # 450: "Review game" fits its third of the row
        pad = 18
        face = pygame_gui_font()
        lines = [line for line in wrap_lines(reason, face, width - 2 * pad - 12) if line][:4]
        line_h = face.get_linesize() + 2
        height = 58 + len(lines) * line_h + (34 if score else 0) + (28 if hints else 0) + 78 + 40
        rect = pygame.Rect(0, 0, width, height)
        rect.center = area.center
        self.window = UIWindow(
            rect,
            ui,
            window_display_title="Game over",
            object_id=ObjectID("#end_dialog"),
            resizable=False,
            draggable=True,
        )
        inner = self.window.get_container().get_rect()
        w = inner.width
        self.headline = UILabel(
            pygame.Rect(pad, 12, w - 2 * pad, 40),
            headline,
            ui,
            container=self.window,
            object_id=ObjectID("#end_headline", "@large"),
        )
        y = 58
        self.reason_lines = []
        for line in lines:
            self.reason_lines.append(
                UILabel(
                    pygame.Rect(pad, y, w - 2 * pad, line_h),
                    line,
                    ui,
                    container=self.window,
                    object_id=ObjectID("#end_reason"),
                )
            )
            y += line_h
        self.score = None
        if score:
            self.score = UILabel(
                pygame.Rect(pad, y + 6, w - 2 * pad, 28),
                score,
                ui,
                container=self.window,
                object_id=ObjectID("#end_score", "@caption"),
            )
        self.hints = None
        if hints:
            y += 34 if score else 6
            self.hints = UILabel(
                pygame.Rect(pad, y, w - 2 * pad, 26),
                hints,
                ui,
                container=self.window,
                object_id=ObjectID("#end_hints", "@caption"),
            )
        bw = (w - 2 * pad - 2 * 10) // 3
        by = inner.height - 58
        self.rematch = UIButton(
            pygame.Rect(pad, by, bw, 42),
            "Rematch",
            ui,
            container=self.window,
            object_id=ObjectID("#end_rematch", "@primary"),
            tool_tip_text="Play again with the same sides and options",
        )
        self.review = UIButton(
            pygame.Rect(pad + bw + 10, by, bw, 42),
            "Review game",
            ui,
            container=self.window,
            object_id=ObjectID("#end_review", "@secondary"),
            tool_tip_text="Step through the game from the start (Left and Right arrows, or click a move)",
        )
        self.menu = UIButton(
            pygame.Rect(pad + 2 * (bw + 10), by, bw, 42),
            "Main menu",
            ui,
            container=self.window,
            object_id=ObjectID("#end_menu", "@secondary"),
        )
        self.closed = False

    @property
    def rect(self) -> pygame.Rect:
        return self.window.rect

    def alive(self) -> bool:
        return not self.closed and self.window.alive()

    def choice(self, event: pygame.event.Event) -> str | None:
        """REMATCH / MENU / REVIEW / CLOSE if ``event`` chose one, else None."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.rematch:
                return REMATCH
            if event.ui_element is self.menu:
                return MENU
            if event.ui_element is self.review:
                return REVIEW
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.closed = True
            return CLOSE
        return None

    def close(self) -> None:
        self.closed = True
        if self.window.alive():
            self.window.kill()


def pygame_gui_font() -> pygame.font.Font:
    """The labels' face (Noto Sans 16, the theme's default), to wrap text the way it will render."""
    from scenes.kit.fonts import font

    return font(16)
