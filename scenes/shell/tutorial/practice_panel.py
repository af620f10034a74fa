"""What the practice screen draws (:mod:`.practice`): the board with "Show me"'s marks over it, and the
lessons' panel with the practice's words — which position of how many, what the game's move cost,
the verdict on the last try in the lessons' red and green boxes, the stars, the best stars kept from
earlier visits, and at the end the stars of every position.

The parchment, the heading, the dots, the boxes, the stars and the line spacing are the lesson
panel's own (:mod:`.panel`: :class:`~.panel.PanelPainter`), so practice and lessons look and read
alike. The painter only reads the screen (through :class:`PaintedPractice`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from scenes.kit import marks, style
from scenes.shell.tutorial.panel import (
    REFUSED,
    RIGHT,
    Painted,
    PanelPainter,
    feedback_box,
    line_height,
    star_row,
    step_dots,
    verdict_lines,
)

if TYPE_CHECKING:
    import pygame

    from game.core import GameInfo
    from game.practice import Position
    from scenes.shell.tutorial.panel import Feedback

TITLE = "Practise your mistakes"
BEST_HERE = "Your best here:"
BEST_ROW = 24
"""The height of the line with the best stars kept at a position."""


class PaintedPractice(Painted, Protocol):
    """What the painter reads from the practice screen."""

    info: GameInfo
    positions: list[Position]
    index: int
    stars: list[int]
    kept: list[int]
    clock: float
    verdict: Feedback | None
    note: Feedback | None
    shown: marks.Marks | None
    show_text: str
    found_at: float | None
    finished_at: float | None
    waiting: int | None

    def task(self) -> str: ...


class PracticePainter(PanelPainter):
    scene: PaintedPractice

    def __init__(self, scene: PaintedPractice) -> None:
        super().__init__(scene)

    def mark_layers(self) -> Sequence[marks.Marks | None]:
        return (self.scene.shown,)

    # -- the panel ----------------------------------------------------------------------------------
    def _draw_panel(self, surface: pygame.Surface) -> None:
        scene = self.scene
        done = scene.finished_at is not None
        where = "ALL DONE" if done else f"POSITION {scene.index + 1} OF {len(scene.positions)}"
        y = self._draw_head(surface, where, TITLE)
        if done:
            self._draw_done(surface, y)
        else:
            self._draw_position(surface, y)

    def _draw_dots(self, surface: pygame.Surface, right: int, cy: int) -> None:
        """One dot per position: green when its better move was found, a ring on the current one
        (none when there are too many to count by dots: the heading says where)."""
        scene = self.scene
        current = scene.index if scene.finished_at is None else None
        done = [bool(s) for s in scene.stars]
        step_dots(surface, right, cy, done, current, scene.text_rect.width // 2)

    def _draw_position(self, surface: pygame.Surface, y: int) -> None:
        """What the game's move cost and what to do, "Show me"'s answer, the verdict with the stars,
        and the foot line; room handed out in that order so nothing overlaps in a small window."""
        scene = self.scene
        box = scene.text_rect
        x, width, bottom = box.left, box.width, box.bottom
        body = 15 if scene.frame.compact else 16
        checking = scene.waiting is not None
        note = scene.note
        text = "Checking your move…" if checking else (note.text if note is not None else "")
        refused = note is not None and note.kind == REFUSED and not checking
        foot = style.wrap(text, 14, width, max_lines=2) if text else []
        foot_h = len(foot) * line_height(14) + 6 if foot else 0
        room = bottom - foot_h - y
        fits = max(1, min(6, (room - 18 - 60) // line_height(body + 1)))
        say = style.wrap(scene.task(), body + 1, width, bold=True, max_lines=fits)
        room -= 18 + len(say) * line_height(body + 1) + 6
        kept = scene.kept[scene.index]
        best_h = BEST_ROW if kept else 0
        room -= best_h
        radius = 14 if scene.frame.compact else 16
        stars_h = 2 * radius + 14 if scene.verdict is not None and scene.verdict.kind == RIGHT else 0
        verdict = verdict_lines(scene.verdict, width, body, max(0, room - 52 - stars_h))
        room -= (verdict[1] + 12 + stars_h) if verdict is not None else 0
        shown: list[str] = []
        if scene.show_text and room >= line_height(body - 1):
            fits = min(3, room // line_height(body - 1))
            shown = style.wrap(scene.show_text, body - 1, width, bold=True, max_lines=fits)
        style.text(surface, "WHAT TO DO", (x, y), 12, style.WOOD, bold=True)
        y = style.text_block(surface, say, (x, y + 18), body + 1, style.INK, bold=True) + 6
        if kept:
            self._draw_best(surface, x, y + BEST_ROW // 2 - 2, kept)
            y += best_h
        if shown:
            y = style.text_block(surface, shown, (x, y), body - 1, marks.ANSWER, bold=True) + 6
        if verdict is not None and scene.verdict is not None:
            y = feedback_box(surface, box, y + 4, body, scene.verdict, verdict[0], verdict[1])
            if stars_h:
                since = scene.clock - (scene.found_at if scene.found_at is not None else scene.clock)
                earned = scene.stars[scene.index]
                star_row(surface, (box.centerx, y + 8 + radius), radius, earned, since)
        if foot:
            color = style.BAD if refused else style.INK_SOFT
            style.text_block(surface, foot, (x, bottom - len(foot) * line_height(14)), 14, color)

    def _draw_best(self, surface: pygame.Surface, x: int, cy: int, kept: int) -> None:
        """ "Your best here" and the stars kept from an earlier visit, small, on one line."""
        said = style.text(surface, BEST_HERE, (x, cy), 14, style.INK_SOFT, anchor="midleft")
        radius = 7
        star_row(surface, (said.right + 8 + round(radius * 3.5), cy), radius, kept, 10.0)

    def _draw_done(self, surface: pygame.Surface, y: int) -> None:
        """Every position gone through: the stars of each, and how many better moves were found."""
        scene = self.scene
        box = scene.text_rect
        since = scene.clock - (scene.finished_at or scene.clock)
        top = (box.centerx, y + 4)
        style.text(surface, "Practice done!", top, 24, style.GOOD, bold=True, anchor="midtop")
        y += 44
        found = sum(1 for s in scene.stars if s)
        count = len(scene.positions)
        said = f"You found {found} of {count} better move{'s' if count != 1 else ''}."
        for line in style.wrap(said, 15, box.width, max_lines=2):
            style.text(surface, line, (box.centerx, y), 15, style.INK, anchor="midtop")
            y += line_height(15)
        y += 10
        radius = 9
        row_h = 2 * radius + 10
        rows = max(0, (box.bottom - y) // row_h)
        for i, position in enumerate(scene.positions[:rows]):
            cy = y + radius
            label = f"Move {position.ply}"
            if scene.kept[i] > scene.stars[i]:
                label += f" · best {scene.kept[i]}"
            style.text(surface, label, (box.left + 4, cy), 14, style.INK_SOFT, anchor="midleft")
            star_row(surface, (box.right - 4 - round(radius * 3.5), cy), radius, scene.stars[i], since)
            y += row_h
