"""The lessons list: a game's lessons in order, what each teaches, the stars earned, and a practice
game against the computer at the end.

``app.open("lessons", info)``. The next lesson not yet finished is picked out, so "Learn" then Enter
always continues where the player left off. Rows are drawn, not widgets, because each carries
stars and a number badge that pygame-gui buttons cannot show; the keyboard (Up/Down, Enter, Esc),
the mouse (hover, click, wheel) and the Back button all work.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.core import GameInfo
from scenes.kit import marks, style
from scenes.kit.app import Scene
from scenes.kit.failures import failure_sentence
from scenes.kit.fonts import font
from scenes.kit.text import leading_clauses
from scenes.shell.tutorial import catalogue

if TYPE_CHECKING:
    from game.lessons import Lesson
    from scenes.kit.app import App

PRACTICE = "Practice game against the computer (easy)"


@dataclass(frozen=True)
class Row:
    """One line of the list: a lesson (``lesson`` set) or the practice game (``lesson`` None)."""

    index: int
    lesson: Lesson | None
    stars: int


class LessonsScreen(Scene):
    """``LessonsScreen(app, info)``: choose a lesson of ``info`` (or the practice game)."""

    name = "lessons"
    uses_arrows = True
    """The arrow keys move through its list (the app's button walk leaves them alone)."""

    def __init__(self, app: App, info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        self.rows: list[Row] = []
        self.selected = 0
        self.hovered: int | None = None
        self.scroll = 0
        self.card = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 56
        self.gap = 6
        self.header_h = 96
        self.back_button: UIButton | None = None
        self.rules_button: UIButton | None = None
        self._rules_window: object | None = None
        self.refresh()
        self.selected = self.next_row

    # -- data ---------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read the lessons and stars (the player may be back from finishing one)."""
        earned = catalogue.stars_of(self.app, self.info)
        lessons = catalogue.lessons(self.info)
        self.rows = [Row(i, lesson, s) for i, (lesson, s) in enumerate(zip(lessons, earned, strict=True))]
        self.rows.append(Row(len(lessons), None, 0))

    @property
    def next_row(self) -> int:
        """The first lesson not finished (the practice game once all are)."""
        return next((r.index for r in self.rows if r.lesson is not None and r.stars == 0), len(self.rows) - 1)

    def enter(self) -> None:
        """Back from a lesson: new stars are shown, and a lesson just finished hands the highlight on
        to the next one not done yet."""
        super().enter()
        self.refresh()
        self.selected = min(self.selected, len(self.rows) - 1)
        if self.rows[self.selected].stars:
            self.selected = self.next_row
        self._keep_visible(self.selected)

    # -- layout -------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        compact = height < 720
        margin = 16 if compact else max(18, width // 40)
        card_w = min(820, width - 2 * margin)
        self.card = pygame.Rect((width - card_w) // 2, margin, card_w, height - 2 * margin)
        self.header_h = 80 if compact else 96
        self.gap = 4 if compact else 6
        button_h = 40 if compact else 42
        bottom = self.card.bottom - (14 if compact else 20) - button_h
        top = self.card.top + self.header_h + 12
        self.list_rect = pygame.Rect(self.card.left + 24, top, card_w - 48, bottom - 10 - top)
        count = len(self.rows)
        fit = (self.list_rect.height - self.gap * (count - 1)) // max(1, count)
        self.row_h = max(36, min(66, fit))
        self.back_button = UIButton(
            pygame.Rect(self.card.left + 24, bottom, 150, button_h),
            "Back",
            self.ui,
            tool_tip_text="Esc",
            object_id=ObjectID("#lessons_back", "@secondary"),
        )
        self.rules_button = UIButton(
            pygame.Rect(self.card.right - 24 - 150, bottom, 150, button_h),
            "Rules",
            self.ui,
            tool_tip_text=f"The rules of {self.info.title} (F1)",
            object_id=ObjectID("#lessons_rules", "@secondary"),
        )
        self._keep_visible(self.selected)

    @property
    def visible_rows(self) -> int:
        return max(1, (self.list_rect.height + self.gap) // (self.row_h + self.gap))

    def row_rect(self, index: int) -> pygame.Rect | None:
        """Where row ``index`` is drawn, or None when it is scrolled out of sight."""
        slot = index - self.scroll
        if not 0 <= slot < self.visible_rows:
            return None
        top = self.list_rect.top + slot * (self.row_h + self.gap)
        return pygame.Rect(self.list_rect.left, top, self.list_rect.width, self.row_h)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        for row in self.rows:
            rect = self.row_rect(row.index)
            if rect is not None and rect.collidepoint(pos):
                return row.index
        return None

    def _keep_visible(self, index: int) -> None:
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + self.visible_rows:
            self.scroll = index - self.visible_rows + 1
        self.scroll = max(0, min(self.scroll, len(self.rows) - self.visible_rows))

    # -- events -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_button:
                self.back()
            elif event.ui_element is self.rules_button:
                self.open_rules()
        elif event.type == pygame.MOUSEMOTION:
            self.hovered = self.row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None and not self._over_rules(event.pos):
                self.selected = index
                self.choose(index)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.scroll - event.y, len(self.rows) - self.visible_rows))
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            if not self._close_rules():
                self.back()
        elif key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if key == pygame.K_UP else 1
            self.selected = max(0, min(len(self.rows) - 1, self.selected + step))
            self._keep_visible(self.selected)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.choose(self.selected)
        elif key == pygame.K_F1:
            self.open_rules()

    # -- actions ------------------------------------------------------------------------------------
    def choose(self, index: int) -> None:
        """Open lesson ``index``, or start the practice game for the last row."""
        row = self.rows[index]
        if row.lesson is None:
            self.app.open_match(catalogue.practice_match(self.app, self.info))
            return
        try:
            self.app.open("lesson", self.info, index)
        except Exception as exc:  # a lesson's broken data must not take the list down
            self.app.toast(failure_sentence("This lesson could not be opened", exc), 6.0)

    def back(self) -> None:
        self.app.pop()

    def open_rules(self) -> None:
        from scenes.shell.windows.rules import open_rules_window

        self._close_rules()
        self._rules_window = open_rules_window(self.ui, self.info)

    def _close_rules(self) -> bool:
        window, self._rules_window = self._rules_window, None
        if window is not None and window.alive():  # type: ignore[attr-defined]
            window.kill()  # type: ignore[attr-defined]
            return True
        return False

    def _over_rules(self, pos: tuple[int, int]) -> bool:
        window = self._rules_window
        return bool(window is not None and window.alive() and window.rect.collidepoint(pos))  # type: ignore[attr-defined]

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.background(surface.get_size()), (0, 0))
        card = self.card
        style.panel(surface, card, style.PARCHMENT, radius=16, border=style.WOOD_DARK)
        self._draw_header(surface)
        next_row = self.next_row
        for row in self.rows:
            rect = self.row_rect(row.index)
            if rect is not None:
                self._draw_row(surface, rect, row, row.index == next_row)
        if self.scroll > 0:
            self._more(surface, self.list_rect.top - 9, up=True)
        if self.scroll + self.visible_rows < len(self.rows):
            below = self.list_rect.top + self.visible_rows * (self.row_h + self.gap) - 2
            self._more(surface, below, up=False)

    def _draw_header(self, surface: pygame.Surface) -> None:
        card = self.card
        header = pygame.Rect(card.x, card.y, card.width, self.header_h)
        pygame.draw.rect(
            surface, style.WOOD_DARK, header, border_top_left_radius=16, border_top_right_radius=16
        )
        coin_r = 26
        suit = style.game_suit(self.info.id)
        style.piecepack_coin(surface, (card.x + 28 + coin_r, header.centery), coin_r, suit)
        x = card.x + 28 + 2 * coin_r + 18
        style.text(surface, "LEARN TO PLAY", (x, header.centery - 30), 13, style.ACCENT_LIGHT, bold=True)
        lessons = [r for r in self.rows if r.lesson is not None]
        done = sum(1 for r in lessons if r.stars)
        earned = sum(r.stars for r in lessons)
        right = card.right - 28
        if lessons:
            summary = f"{done} of {len(lessons)} done"
            label = style.text(
                surface, summary, (right, header.centery - 26), 15, style.PARCHMENT_DARK, anchor="topright"
            )
            count = style.text(
                surface,
                f"{earned} / {3 * len(lessons)}",
                (right, label.bottom + 16),
                17,
                style.ACCENT_LIGHT,
                bold=True,
                anchor="midright",
            )
            marks.star(surface, (count.left - 15, count.centery - 1), 10, True)
            right = min(label.left, count.left - 28) - 16
        title = style.fit_text(self.info.title, 30, right - x, True)
        style.text(surface, title, (x, header.centery - 12), 30, style.PARCHMENT, bold=True)
        if not lessons:
            empty = "No lessons for this game yet — the practice game is a good start."
            where = (self.list_rect.left, self.list_rect.bottom + 2)
            style.text(surface, empty, where, 14, style.INK_SOFT, anchor="bottomleft")

    def _draw_row(self, surface: pygame.Surface, rect: pygame.Rect, row: Row, is_next: bool) -> None:
        chosen = row.index == self.selected
        hovered = row.index == self.hovered
        base = style.WHITE if chosen or hovered else style.PARCHMENT_DARK
        pygame.draw.rect(surface, base, rect, border_radius=10)
        border = style.ACCENT if chosen else (style.WOOD_LIGHT if hovered else style.PARCHMENT_DARK)
        pygame.draw.rect(surface, border, rect, width=3 if chosen else 1, border_radius=10)
        compact = rect.height < 58
        one_line = rect.height < 50
        badge_r = rect.height // 2 - (5 if one_line else 9)
        centre = (rect.left + 14 + badge_r, rect.centery)
        if row.lesson is None:
            style.piecepack_coin(surface, centre, badge_r, style.game_suit(self.info.id))
        else:
            fill = style.GOOD if row.stars else (style.ACCENT if is_next else style.WOOD_LIGHT)
            pygame.draw.circle(surface, style.WOOD_DARK, (centre[0], centre[1] + 2), badge_r)
            pygame.draw.circle(surface, fill, centre, badge_r)
            number = min(17, badge_r + 2)
            style.text(surface, str(row.index + 1), centre, number, style.WHITE, bold=True, anchor="center")
        x = centre[0] + badge_r + 14
        right = rect.right - 16
        if row.lesson is not None:
            right = self._draw_row_end(surface, rect, row, is_next) - 16
        title = PRACTICE if row.lesson is None else row.lesson.title
        sub = self._subtitle(row)
        title_size, sub_size = (17, 13) if compact else (19, 14)
        title = style.fit_text(title, title_size, right - x, True)
        head = style.text_surface(title, title_size, style.INK, True)
        if one_line:  # a short row (a small window, many lessons): the rule follows the title
            surface.blit(head, head.get_rect(midleft=(x, rect.centery)))
            room = right - x - head.get_width() - 14
            shown, size = _rule_line(sub, sub_size, room)
            if room > 60 and shown:
                body = style.text_surface(shown, size, style.INK_SOFT)
                surface.blit(body, body.get_rect(midleft=(x + head.get_width() + 14, rect.centery + 1)))
            return
        shown, size = _rule_line(sub, sub_size, right - x)
        body = style.text_surface(shown or " ", size, style.INK_SOFT)
        top = rect.centery - (head.get_height() + body.get_height() - 4) // 2
        surface.blit(head, (x, top))
        surface.blit(body, (x, top + head.get_height() - 4))

    def _subtitle(self, row: Row) -> str:
        if row.lesson is None:
            side = self.info.player_title(catalogue.usual_side(self.app, self.info))
            return f"A whole game: you play {side}"
        return row.lesson.rule

    def _draw_row_end(self, surface: pygame.Surface, rect: pygame.Rect, row: Row, is_next: bool) -> int:
        """Stars at the right end of a lesson's row, and a "next" tag; returns the left edge used."""
        radius = 10 if rect.height < 58 else 12
        step = round(radius * 2.35)
        first = rect.right - 18 - radius - 2 * step
        marks.stars(surface, (first, rect.centery), radius, row.stars)
        left = first - radius
        if is_next:
            tag = style.text_surface("next", 13, style.ACCENT, True)
            tag_rect = tag.get_rect(midright=(left - 12, rect.centery))
            pill = tag_rect.inflate(14, 6)
            pygame.draw.rect(surface, style.WHITE, pill, border_radius=pill.height // 2)
            pygame.draw.rect(surface, style.ACCENT, pill, width=2, border_radius=pill.height // 2)
            surface.blit(tag, tag_rect)
            left = pill.left
        return left

    def _more(self, surface: pygame.Surface, y: int, up: bool) -> None:
        """A small chevron: more rows above or below (the wheel or the arrow keys reach them)."""
        cx = self.list_rect.centerx
        tip = -4 if up else 4
        points = [(cx - 10, y - tip), (cx, y + tip), (cx + 10, y - tip)]
        pygame.draw.lines(surface, style.WOOD, False, points, 3)


def _rule_line(rule: str, size: int, room: int) -> tuple[str, int]:
    """A lesson's rule for its row, and the size to draw it at: set smaller if need be (down to
    12 px), then only its first clauses, never cut mid-word (the lesson itself shows it whole)."""
    fitting = next((n for n in range(size, 11, -1) if font(n).size(rule)[0] <= room), 12)
    return leading_clauses(rule, font(fitting), room), fitting
