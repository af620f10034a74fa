"""Where the lesson screen's parts go, from the window size alone: the board on the left (as large as
the window allows: a lesson has no move list or banner to make room for), the lesson panel on the
right with its text on top, the game's own buttons (Confirm, Pass...) above the lesson's buttons at
the bottom."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

GAP = 8


def _nowhere() -> pygame.Rect:
    return pygame.Rect(0, 0, 0, 0)


@dataclass(frozen=True)
class LessonLayout:
    compact: bool = False
    board: pygame.Rect = field(default_factory=_nowhere)
    panel: pygame.Rect = field(default_factory=_nowhere)
    inner: pygame.Rect = field(default_factory=_nowhere)
    text: pygame.Rect = field(default_factory=_nowhere)
    """The panel's words: title, what to do, the feedback (and the stars at the end)."""
    view_buttons: pygame.Rect = field(default_factory=_nowhere)
    button_h: int = 0
    buttons_top: int = 0
    """The top of the three rows of lesson buttons."""

    @classmethod
    def fit(cls, size: tuple[int, int], share: float = 0.3, least: int = 310) -> LessonLayout:
        """The parts for a window of ``size``; the panel takes ``share`` of its width, at least
        ``least`` pixels (the practice screen's panel is narrower: its boards are whole games')."""
        width, height = size
        compact = width < 1180 or height < 720
        margin = 12 if compact else 18
        panel_w = max(least, min(390, int(width * share)))
        panel = pygame.Rect(width - panel_w - margin, margin, panel_w, height - 2 * margin)
        board = pygame.Rect(margin, margin, panel.left - 2 * margin, height - 2 * margin)
        inner = panel.inflate(-32 if not compact else -28, -28)
        button_h = 38 if compact else 42
        buttons_top = inner.bottom - 3 * button_h - 2 * GAP
        view_buttons = pygame.Rect(inner.left, buttons_top - 14 - button_h, inner.width, button_h)
        text = pygame.Rect(inner.left, inner.top, inner.width, view_buttons.top - 12 - inner.top)
        return cls(compact, board, panel, inner, text, view_buttons, button_h, buttons_top)

    def button_rects(self) -> dict[str, pygame.Rect]:
        """The lesson's own buttons: Show me and Restart, Lessons and Rules, and Next across the
        bottom, where the eye lands when a lesson is done."""
        inner, top, h = self.inner, self.buttons_top, self.button_h
        half = (inner.width - GAP) // 2
        second = top + h + GAP
        third = second + h + GAP
        return {
            "show": pygame.Rect(inner.left, top, half, h),
            "restart": pygame.Rect(inner.left + half + GAP, top, inner.width - half - GAP, h),
            "lessons": pygame.Rect(inner.left, second, half, h),
            "rules": pygame.Rect(inner.left + half + GAP, second, inner.width - half - GAP, h),
            "next": pygame.Rect(inner.left, third, inner.width, h),
        }
