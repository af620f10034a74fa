"""What the lesson screen draws: the board with the lesson's marks over it, and the lesson panel
(which lesson, what to do, the feedback on the last move, and the stars at the end).

The painter only reads the screen (through :class:`PaintedLesson`); the screen decides. What the
practice screen's painter draws alike (the parchment, the board with its marks, the panel's heading,
the dots, the feedback boxes and the stars) is here too, written once: :class:`PanelPainter` and the
functions at the end. Feedback
has two boxes of its own colour, so a refusal can never be mistaken for praise: red for a move
that does not do the job (with the reason), green for one that does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from scenes.kit import marks, style
from scenes.kit.animation import ease_out_back
from scenes.kit.fonts import font
from scenes.kit.view_host import Chrome, clipped

if TYPE_CHECKING:
    from game.core import GameInfo
    from game.lessons import Lesson, LessonRun
    from scenes.kit.board_view import BoardView
    from scenes.kit.keyboard import KeyboardHost
    from scenes.shell.tutorial.layout import LessonLayout

WRONG = "wrong"
RIGHT = "right"
HINT = "hint"
REFUSED = "refused"

WRONG_BG = (250, 226, 218)
RIGHT_BG = (226, 242, 222)


@dataclass(frozen=True)
class Feedback:
    """A sentence for the panel and what kind it is (WRONG, RIGHT, HINT or REFUSED)."""

    text: str
    kind: str


class Painted(Protocol):
    """What every panel painter reads from its screen: the board, the layout, the keyboard's focus."""

    view: BoardView
    frame: LessonLayout

    @property
    def keys(self) -> KeyboardHost: ...

    @property
    def text_rect(self) -> pygame.Rect: ...

    def marks_clock(self) -> float: ...


class PaintedLesson(Painted, Protocol):
    """What the lesson painter reads from the lesson screen."""

    info: GameInfo
    lesson: Lesson
    index: int
    count: int
    run: LessonRun
    clock: float
    verdict: Feedback | None
    note: Feedback | None
    shown: marks.Marks | None
    show_text: str
    completed_at: float | None
    best_before: int

    @property
    def waiting_for(self) -> str | None: ...

    def step_marks(self) -> marks.Marks | None: ...


class PanelPainter:
    """The parchment panel beside the board, and the board with its marks while it is still: what
    the lesson's and the practice's painters share. A subclass draws its panel's words
    (:meth:`_draw_panel`) and says which marks go over the board (:meth:`mark_layers`)."""

    def __init__(self, scene: Painted) -> None:
        self.scene = scene
        self._chrome = Chrome(self._build_chrome)

    def forget_layout(self) -> None:
        self._chrome.forget()

    def _build_chrome(self, size: tuple[int, int]) -> pygame.Surface:
        chrome = style.background(size).copy()
        style.panel(chrome, self.scene.frame.panel, style.PARCHMENT, radius=14, border=style.WOOD)
        return chrome

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        self._chrome.blit(surface)
        with clipped(surface, scene.frame.board):
            scene.view.draw(surface)
            if not scene.view.busy:
                for layer in self.mark_layers():
                    if layer:
                        layer.draw(surface, scene.view, scene.marks_clock())
        self._draw_panel(surface)
        scene.keys.draw(surface)

    def mark_layers(self) -> Sequence[marks.Marks | None]:
        """The marks over the still board, bottom first."""
        return ()

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The panel's words."""

    def _draw_head(self, surface: pygame.Surface, where: str, title: str, rule: Sequence[str] = ()) -> int:
        """Where we are (``where``, small capitals, with the dots on its right: :meth:`_draw_dots`),
        the title, ``rule`` (lines under it) and a line across; returns the y below it all."""
        box = self.scene.text_rect
        x, width = box.left, box.width
        head = style.text(surface, where, (x, box.top), 13, style.ACCENT, bold=True)
        self._draw_dots(surface, box.right, head.centery)
        title_size = 20 if self.scene.frame.compact else 23
        lines = style.wrap(title, title_size, width, bold=True, max_lines=2)
        y = style.text_block(surface, lines, (x, head.bottom + 4), title_size, style.INK, bold=True)
        if rule:
            y = style.text_block(surface, list(rule), (x, y + 2), 14, style.INK_SOFT, spacing=1.25)
        y += 8
        pygame.draw.line(surface, style.PARCHMENT_DARK, (x, y), (box.right, y), 2)
        return y + 12

    def _draw_dots(self, surface: pygame.Surface, right: int, cy: int) -> None:
        """The dots of the steps or positions on the heading's right (none by default)."""


class LessonPainter(PanelPainter):
    scene: PaintedLesson

    def __init__(self, scene: PaintedLesson) -> None:
        super().__init__(scene)

    def mark_layers(self) -> Sequence[marks.Marks | None]:
        return (self.scene.step_marks(), self.scene.shown)

    # -- the panel ------------------------------------------------------------------------------------
    def _draw_panel(self, surface: pygame.Surface) -> None:
        scene = self.scene
        where = f"LESSON {scene.index + 1} OF {scene.count}"
        rule = style.wrap(scene.lesson.rule, 14, scene.text_rect.width, max_lines=3)  # wrapped, not cut
        y = self._draw_head(surface, where, scene.lesson.title, rule)
        if scene.completed_at is not None:
            self._draw_finish(surface, y)
        else:
            self._draw_step(surface, y)

    def _draw_dots(self, surface: pygame.Surface, right: int, cy: int) -> None:
        """One dot per step: green when done, an accent ring on the current one."""
        scene = self.scene
        total = len(scene.lesson.steps)
        current = scene.run.index if scene.completed_at is None else None
        step_dots(surface, right, cy, [i < scene.run.index for i in range(total)], current)

    def _draw_step(self, surface: pygame.Surface, y: int) -> None:
        """What to do, the "Show me" answer, the verdict, and a line at the bottom. Room is handed
        out in order of need: the step's words first, then the verdict, then the lesson's intro
        (shown before the first try only), so nothing overlaps in a small window."""
        scene = self.scene
        box = scene.text_rect
        x, width, bottom = box.left, box.width, box.bottom
        body = 15 if scene.frame.compact else 16
        step = scene.run.step
        # the bottom line: the board's words (a hint, a refusal), the reply on its way, or the status
        note = scene.note
        text = scene.waiting_for or (note.text if note is not None else "")
        refused = note is not None and note.kind == REFUSED and not scene.waiting_for
        color = style.BAD if refused else style.INK_SOFT
        foot = style.wrap(text, 14, width, max_lines=2) if text else []
        extra = "" if foot else scene.view.status_extra()
        foot_h = len(foot) * _line(14) + 6 if foot else (22 if extra else 0)
        room = bottom - foot_h - y
        # the step's words come first
        say: list[str] = []
        if step is not None:
            fits = max(1, min(7, (room - 18 - 60) // _line(body + 1)))
            say = style.wrap(step.say, body + 1, width, bold=True, max_lines=fits)
            room -= 18 + len(say) * _line(body + 1) + 6
        verdict = self._verdict_lines(width, body, max(0, room - 52))
        room -= (verdict[1] + 12) if verdict is not None else 0
        shown: list[str] = []
        if scene.shown is not None and scene.show_text and room >= _line(body - 1):
            fits = min(3, room // _line(body - 1))
            shown = style.wrap(scene.show_text, body - 1, width, bold=True, max_lines=fits)
            room -= len(shown) * _line(body - 1) + 6
        if scene.run.index == 0 and scene.run.tried == 0 and scene.lesson.intro and room > _line(body):
            intro = style.wrap(scene.lesson.intro, body, width, max_lines=min(8, room // _line(body)))
            y = style.text_block(surface, intro, (x, y), body, style.INK_SOFT) + 8
        if say:
            style.text(surface, "WHAT TO DO", (x, y), 12, style.WOOD, bold=True)
            y = style.text_block(surface, say, (x, y + 18), body + 1, style.INK, bold=True) + 6
        if shown:
            y = style.text_block(surface, shown, (x, y), body - 1, marks.ANSWER, bold=True) + 6
        if verdict is not None:
            y = self._draw_feedback(surface, y + 4, body, verdict[0], verdict[1])
        if foot:
            style.text_block(surface, foot, (x, bottom - len(foot) * _line(14)), 14, color)
        elif extra and y + 24 <= bottom - 14:  # the status only where it has air around it
            style.text(
                surface,
                style.fit_text(extra, 14, width, True),
                (x, bottom),
                14,
                style.INK_SOFT,
                bold=True,
                anchor="bottomleft",
            )

    def _verdict_lines(self, width: int, size: int, room: int) -> tuple[list[str], int] | None:
        """The verdict's lines that fit in ``room`` pixels (at least one), and the box's height."""
        return verdict_lines(self.scene.verdict, width, size, room)

    def _draw_feedback(
        self, surface: pygame.Surface, y: int, size: int, lines: list[str], height: int
    ) -> int:
        """The verdict on the last move: a red box with the reason, or a green one with the praise."""
        verdict = self.scene.verdict
        assert verdict is not None
        return feedback_box(surface, self.scene.text_rect, y, size, verdict, lines, height)

    def _draw_finish(self, surface: pygame.Surface, y: int) -> None:
        """Lesson complete: the stars pop in one after the other, then the outro."""
        scene = self.scene
        box = scene.text_rect
        run = scene.run
        since = scene.clock - (scene.completed_at or scene.clock)
        done = "Lesson complete!"
        style.text(surface, done, (box.centerx, y + 4), 24, style.GOOD, bold=True, anchor="midtop")
        radius = 24 if scene.frame.compact else 28
        cy = y + 58 + radius
        star_row(surface, (box.centerx, cy), radius, run.stars, since)
        y = cy + radius + 14
        tried, par = run.tried, run.lesson.par_moves
        said = f"{tried} move{'s' if tried != 1 else ''} tried, {par} needed"
        style.text(surface, said, (box.centerx, y), 14, style.INK_SOFT, anchor="midtop")
        y += 22
        if scene.best_before > run.stars:
            best = f"Your best is still {scene.best_before} stars."
            style.text(surface, best, (box.centerx, y), 14, style.INK_SOFT, anchor="midtop")
            y += 22
        elif run.stars < 3:
            again = (
                "Shown an answer: two stars at most. Restart to find every move yourself."
                if run.shown
                else "Restart to try for three stars."
            )
            for line in style.wrap(again, 14, box.width, max_lines=2):
                style.text(surface, line, (box.centerx, y), 14, style.INK_SOFT, anchor="midtop")
                y += 20
            y += 2
        y += 8
        size = 15 if scene.frame.compact else 16
        room = max(1, (box.bottom - y) // _line(size))
        lines = style.wrap(scene.lesson.outro, size, box.width, max_lines=room)
        style.text_block(surface, lines, (box.centerx, y), size, style.INK, anchor="midtop")


def _line(size: int) -> int:
    return round(font(size).get_linesize() * 1.04)


line_height = _line
"""The panel's line spacing at ``size`` (the practice screen's panel shares it)."""


# -- pieces the practice screen's panel shares (scenes/shell/tutorial/practice_panel.py) ------------
def verdict_lines(verdict: Feedback | None, width: int, size: int, room: int) -> tuple[list[str], int] | None:
    """A verdict's lines that fit in ``room`` pixels (at least one), and its box's height; None
    when there is no verdict to box (none yet, or a hint or a refusal, which the foot line says)."""
    if verdict is None or verdict.kind not in (WRONG, RIGHT):
        return None
    fits = max(1, min(6, room // _line(size)))
    lines = style.wrap(verdict.text, size, width - 28, max_lines=fits) if verdict.text else []
    return lines, 40 + len(lines) * _line(size) - (8 if not lines else 0)


def feedback_box(
    surface: pygame.Surface,
    box: pygame.Rect,
    y: int,
    size: int,
    verdict: Feedback,
    lines: list[str],
    height: int,
    heading: str | None = None,
) -> int:
    """The verdict on the last move at ``y`` across ``box``: a red box with the reason, or a green
    one with the praise (``heading`` over it: "Not quite" / "Well done!" unless given); returns its
    bottom."""
    wrong = verdict.kind == WRONG
    heading = heading or ("Not quite" if wrong else "Well done!")
    rect = pygame.Rect(box.left, y, box.width, height)
    pygame.draw.rect(surface, WRONG_BG if wrong else RIGHT_BG, rect, border_radius=10)
    edge = style.BAD if wrong else style.GOOD
    pygame.draw.rect(
        surface,
        edge,
        (rect.left, rect.top, 6, rect.height),
        border_top_left_radius=10,
        border_bottom_left_radius=10,
    )
    pygame.draw.rect(surface, edge, rect, width=2, border_radius=10)
    style.text(surface, heading, (rect.left + 16, rect.top + 8), size, edge, bold=True)
    style.text_block(surface, lines, (rect.left + 16, rect.top + 10 + _line(size)), size, style.INK)
    return rect.bottom


def step_dots(
    surface: pygame.Surface,
    right: int,
    cy: int,
    done: Sequence[bool],
    current: int | None,
    room: int | None = None,
) -> None:
    """One dot per step or position, ending at ``right``: green when ``done``, an accent ring on
    ``current``, else a plain one; none for a single one, nor when they would take more than
    ``room`` pixels (the heading says where then)."""
    total = len(done)
    r, step = 5, 16
    if total < 2 or (room is not None and total * step > room):
        return
    for i in range(total):
        cx = right - r - (total - 1 - i) * step
        if done[i]:
            pygame.draw.circle(surface, style.GOOD, (cx, cy), r)
        elif i == current:
            pygame.draw.circle(surface, style.ACCENT, (cx, cy), r + 1, 3)
        else:
            pygame.draw.circle(surface, style.PARCHMENT_DARK, (cx, cy), r)


def star_row(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, earned: int, since: float
) -> None:
    """Three stars centred on ``centre``, the ``earned`` ones popping in one after the other
    ``since`` seconds after they were earned (a large ``since`` draws them at rest)."""
    gap = round(radius * 2.5)
    for i in range(3):
        at = (centre[0] + (i - 1) * gap, centre[1])
        marks.star(surface, at, radius, False)
        grow = min(1.0, max(0.0, (since - 0.15 - 0.22 * i) / 0.3))
        if i < earned and grow > 0:  # each earned star lands in turn, spinning into place
            marks.star(surface, at, max(2.0, radius * ease_out_back(grow)), True, (1 - grow) * 0.6)
