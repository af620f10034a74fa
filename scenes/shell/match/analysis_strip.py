"""The analysis under the reviewed board: a strip with each player's summary and a graph of the first
player's winning chance after every move (a click on it reviews that position), or, while the analysis
is worked out, its progress bar and Stop.

The strip takes the foot of the board area only while a review shows it: the review's own board view
is laid out above it (:func:`board_above`), so the live board, drawn by another view, never moves.
The marks of a move (?! ? ??) and their colours are :data:`MARK_STYLE`, which the move list shares.
Pure geometry and drawing; the scene decides when the strip shows (:mod:`.analysis_flow`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.analysis import ORDER
from scenes.kit import style
from scenes.shell.match.moves import MARK_GLYPHS

if TYPE_CHECKING:
    import pygame_gui

    from game.analysis import Analysis, MoveNote
    from game.match import Match
    from scenes.kit.board_view import BoardView

MARK_STYLE: dict[str, tuple[str, tuple[int, int, int], str]] = {
    mark: (glyph, colour, mark.capitalize()) for mark, (glyph, colour) in MARK_GLYPHS.items()
}
"""A mark's glyph, colour and name, as chess players know them (a good move has none): the move
list's."""

STRIP_H, STRIP_H_COMPACT = 96, 84
GAP = 8
"""Between the reviewed board and the strip."""
PAD = 10
INSET = 10
"""Inside the review's blue frame round the board area."""
TAG_ROOM = 22
"""The reviewed board, made shorter by the strip, keeps clear of the frame's "Review" tag (a board
whose height decides its size stands at the top of its area, where the tag is)."""
STOP_W, STOP_H = 76, 30
PRACTISE = ("Practise your mistakes", "Practise mistakes", "Practise")
"""The label of the button that opens the practice (issue #32, item 4), longest first: the first
that leaves the graph :data:`GRAPH_LEAST` wide."""
GRAPH_LEAST = 200
BUTTON_FONT = 17
"""The theme's button text: bold, at this size (assets/theme.json)."""
LEFT_MOST = 270
"""The summaries' column is at most this wide; the graph has the rest."""
POINT_R = 4


def worst(notes: list[MoveNote]) -> str:
    """The heaviest mark among a turn's notes ("good" for none)."""
    return max((n.mark for n in notes), key=ORDER.index, default="good")


def strip_rect(board: pygame.Rect, compact: bool) -> pygame.Rect:
    """The strip at the foot of the board area."""
    height = STRIP_H_COMPACT if compact else STRIP_H
    inset = INSET
    return pygame.Rect(board.left + inset, board.bottom - height - inset, board.width - 2 * inset, height)


def board_above(board: pygame.Rect, compact: bool) -> pygame.Rect:
    """What the reviewed board keeps above the strip."""
    strip = strip_rect(board, compact)
    top = board.top + TAG_ROOM
    return pygame.Rect(board.left, top, board.width, strip.top - GAP - top)


def first_chances(analysis: Analysis, turns: list[list[MoveNote]]) -> list[float]:
    """The first player's chance at the start and after every turn (a turn's notes share it)."""
    first = analysis.players[0] if analysis.players else ""
    values = [analysis.start.get(first, 0.5)]
    for notes in turns:
        values.append(notes[0].chance.get(first, values[-1]) if notes else values[-1])
    return [max(0.0, min(1.0, v)) for v in values]


class AnalysisStrip:
    """The strip's widgets and pictures for one match screen."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.compact = False
        self.stop: UIButton | None = None
        self.practise: UIButton | None = None
        """Practise your mistakes: shown with the analysis, enabled when the player has a mistake or
        a blunder to practise (the scene says, :meth:`show_practise`)."""
        self._graph = pygame.Rect(0, 0, 0, 0)
        self._count = 0

    # -- layout -------------------------------------------------------------------------------------
    def build(self, ui: pygame_gui.UIManager, board: pygame.Rect, compact: bool) -> None:
        """Lay the strip out at the foot of ``board`` and make its Stop button (hidden until the
        analysis runs; the UI was just reset by a layout)."""
        for old in (self.stop, self.practise):
            if old is not None and old.alive():
                old.kill()
        self.compact = compact
        self.rect = strip_rect(board, compact)
        button = pygame.Rect(0, 0, STOP_W, STOP_H)
        button.midright = (self.rect.right - PAD, self.rect.centery)
        self.stop = UIButton(
            button,
            "Stop",
            ui,
            tool_tip_text="Stop the analysis (it can be started again from the banner)",
            object_id=ObjectID("#analysis_stop", "@secondary"),
        )
        self.stop.hide()
        left_w = min(LEFT_MOST, self.rect.width * 2 // 5)
        self._graph = pygame.Rect(
            self.rect.left + left_w + PAD, self.rect.top + PAD, 0, self.rect.height - 2 * PAD
        )
        self.practise = self._practise_button(ui)
        self._graph.width = self.practise.rect.left - PAD - self._graph.left

    def _practise_button(self, ui: pygame_gui.UIManager) -> UIButton:
        """Practise your mistakes at the strip's right, as long a label as leaves the graph room."""
        room = self.rect.right - PAD - self._graph.left
        label, width = PRACTISE[-1], 0
        for label in PRACTISE:
            width = style.font(BUTTON_FONT, bold=True).size(label)[0] + 32
            if room - width - PAD >= GRAPH_LEAST:
                break
        rect = pygame.Rect(0, 0, width, STOP_H + 4)
        rect.midright = (self.rect.right - PAD, self.rect.centery)
        button = UIButton(
            rect,
            label,
            ui,
            tool_tip_text="Play again from each position where you made a mistake or a blunder",
            object_id=ObjectID("#analysis_practise", "@primary"),
        )
        button.hide()
        return button

    def show_practise(self, on: bool, enabled: bool) -> None:
        """Practise your mistakes on show while the summaries are (``on``), greyed without a
        mistake or a blunder of the player's (``enabled``)."""
        button = self.practise
        if button is None:
            return
        if on and not button.visible:
            button.show()
        elif not on and button.visible:
            button.hide()
        if enabled and not button.is_enabled:
            button.enable()
        elif not enabled and button.is_enabled:
            button.disable()

    def keyed(self) -> dict[str, UIButton]:
        """The strip's buttons for Tab, in screen order (hidden ones are passed over by the caller)."""
        return {
            key: button
            for key, button in (("practise", self.practise), ("stop", self.stop))
            if button is not None
        }

    def show_stop(self, on: bool) -> None:
        if self.stop is None:
            return
        if on and not self.stop.visible:
            self.stop.show()
        elif not on and self.stop.visible:
            self.stop.hide()

    # -- the graph's points -------------------------------------------------------------------------
    def _x(self, position: int) -> int:
        graph, count = self._graph, max(1, self._count)
        return graph.left + POINT_R + round((graph.width - 2 * POINT_R) * position / count)

    def _y(self, chance: float) -> int:
        graph = self._graph
        return graph.bottom - POINT_R - round((graph.height - 2 * POINT_R) * chance)

    def position_at(self, pos: tuple[int, int], turns: int) -> int | None:
        """The position (0: the start, ``k``: after move ``k``) whose point is nearest ``pos`` on the
        graph, or None when ``pos`` is off it."""
        if turns <= 0 or not self._graph.inflate(2 * POINT_R, 2 * POINT_R).collidepoint(pos):
            return None
        self._count = turns
        span = max(1, self._graph.width - 2 * POINT_R)
        share = (pos[0] - self._graph.left - POINT_R) / span
        return max(0, min(turns, round(share * turns)))

    def point(self, position: int, chance: float) -> tuple[int, int]:
        """Where the graph draws ``position`` (for the tests' clicks)."""
        return self._x(position), self._y(chance)

    # -- drawing ------------------------------------------------------------------------------------
    def draw_progress(self, surface: pygame.Surface, done: float) -> None:
        """Working: what it is doing, and a bar with the share done, left of Stop."""
        rect = self.rect
        style.panel(surface, rect, style.PARCHMENT, radius=12, border=style.WOOD)
        size = 16 if self.compact else 17
        title = style.text_surface("Analysing the game…", size, style.INK, True)
        surface.blit(title, (rect.left + PAD + 4, rect.top + PAD))
        note = "Each move is read by the computer; Stop ends it."
        small = 13 if self.compact else 14
        note = style.fit_text(note, small, rect.width - STOP_W - 3 * PAD)
        surface.blit(
            style.text_surface(note, small, style.INK_SOFT), (rect.left + PAD + 4, rect.bottom - PAD - 18)
        )
        bar = pygame.Rect(rect.left + PAD + 4, rect.centery - 7, rect.width - STOP_W - 4 * PAD - 60, 14)
        pygame.draw.rect(surface, style.WHITE, bar, border_radius=7)
        filled = bar.copy()
        filled.width = max(0, round(bar.width * done))
        if filled.width:
            pygame.draw.rect(surface, style.ACCENT, filled, border_radius=7)
        pygame.draw.rect(surface, style.WOOD_LIGHT, bar, width=1, border_radius=7)
        share = style.text_surface(f"{round(done * 100)}%", size, style.INK, True)
        surface.blit(share, share.get_rect(midleft=(bar.right + 10, bar.centery)))

    def draw(
        self,
        surface: pygame.Surface,
        match: Match,
        view: BoardView,
        analysis: Analysis,
        turns: list[list[MoveNote]],
        position: int | None,
    ) -> None:
        """Done: each player's summary on the left, the graph on the right with the marked moves
        coloured and the position shown picked out."""
        rect = self.rect
        style.panel(surface, rect, style.PARCHMENT, radius=12, border=style.WOOD)
        self._draw_summaries(surface, match, view, analysis)
        self._draw_graph(surface, view, analysis, turns, position)

    def _draw_summaries(
        self, surface: pygame.Surface, match: Match, view: BoardView, analysis: Analysis
    ) -> None:
        rect = self.rect
        left = rect.left + PAD + 4
        width = self._graph.left - PAD - left
        size = 15 if self.compact else 16
        head = style.text_surface("Analysis", size, style.INK, True)
        surface.blit(head, (left, rect.top + PAD - 2))
        y = rect.top + PAD + head.get_height()
        line_h = (rect.bottom - PAD - y) // max(1, len(analysis.players))
        for player in analysis.players:
            centre = (left + 6, y + line_h // 2)
            pygame.draw.circle(surface, style.WOOD_DARK, (centre[0], centre[1] + 1), 6)
            pygame.draw.circle(surface, view.player_color(player), centre, 5)
            pygame.draw.circle(surface, style.INK_SOFT, centre, 5, width=1)
            x = left + 18
            counts = analysis.counts(player)
            said = analysis.summary(player) if sum(counts.values()) > counts["good"] else "a clean game"
            words = f"{who(match, player)}: {said}"
            text_size = style.size_to_fit(words, size - 1, width - 18, False, 12)
            if style.font(text_size).size(words)[0] <= width - 18:
                label = style.text_surface(words, text_size, style.INK)
                surface.blit(label, label.get_rect(midleft=(x, centre[1])))
            else:  # too long in words: the marks' glyphs with their counts
                self._draw_counts(surface, f"{who(match, player)}:", analysis.counts(player), (x, centre[1]))
            y += line_h

    def _draw_counts(
        self, surface: pygame.Surface, name: str, counts: dict[str, int], midleft: tuple[int, int]
    ) -> None:
        size = 14 if self.compact else 15
        label = style.text_surface(name, size, style.INK)
        surface.blit(label, label.get_rect(midleft=midleft))
        x = midleft[0] + label.get_width() + 8
        for mark, (glyph, colour, _) in MARK_STYLE.items():
            part = style.text_surface(f"{glyph} {counts.get(mark, 0)}", size, colour, True)
            surface.blit(part, part.get_rect(midleft=(x, midleft[1])))
            x += part.get_width() + 10

    def _draw_graph(
        self,
        surface: pygame.Surface,
        view: BoardView,
        analysis: Analysis,
        turns: list[list[MoveNote]],
        position: int | None,
    ) -> None:
        graph = self._graph
        self._count = len(turns)
        values = first_chances(analysis, turns)
        first = analysis.players[0] if analysis.players else ""
        second = analysis.players[1] if len(analysis.players) > 1 else first
        pygame.draw.rect(surface, _mix(style.WHITE, view.player_color(second), 0.18), graph, border_radius=6)
        points = [(self._x(i), self._y(v)) for i, v in enumerate(values)]
        if len(points) >= 2:
            area = [(points[0][0], graph.bottom), *points, (points[-1][0], graph.bottom)]
            pygame.draw.polygon(surface, _mix(style.WHITE, view.player_color(first), 0.45), area)
        middle = self._y(0.5)
        pygame.draw.line(
            surface, style.PARCHMENT_DARK, (graph.left + 2, middle), (graph.right - 2, middle), 1
        )
        if position is not None and 0 <= position < len(points):
            x = points[position][0]
            pygame.draw.line(surface, style.ARMS_BLUE, (x, graph.top + 1), (x, graph.bottom - 2), 2)
        if len(points) >= 2:
            pygame.draw.lines(surface, style.INK_SOFT, False, points, 2)
        for index, notes in enumerate(turns):
            mark = worst(notes)
            if mark in MARK_STYLE:
                centre = points[index + 1]
                pygame.draw.circle(surface, style.WHITE, centre, POINT_R + 1)
                pygame.draw.circle(surface, MARK_STYLE[mark][1], centre, POINT_R)
        if position is not None and 0 <= position < len(points):
            pygame.draw.circle(surface, style.ARMS_BLUE, points[position], POINT_R + 2, width=2)
        pygame.draw.rect(surface, style.WOOD_LIGHT, graph, width=1, border_radius=6)
        label = style.text_surface(f"Winning chance: {_title(view, first)}", 12, style.INK_SOFT)
        tag = label.get_rect(topleft=(graph.left + 4, graph.top + 3)).inflate(6, 0)
        pygame.draw.rect(surface, style.WHITE, tag, border_radius=4)  # readable over the line
        surface.blit(label, label.get_rect(center=tag.center))


def who(match: Match, player: str) -> str:
    """What the summaries call a side: "You" for the one person against the computer, else its name."""
    seat = match.seats.get(player)
    if seat is not None and not seat.is_ai and len(match.humans()) == 1 and not match.two_player:
        return "You"
    return match.player_name(player)


def _title(view: BoardView, player: str) -> str:
    return view.match.game.player_title(player)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], share: float) -> tuple[int, int, int]:
    return (
        round(a[0] + (b[0] - a[0]) * share),
        round(a[1] + (b[1] - a[1]) * share),
        round(a[2] + (b[2] - a[2]) * share),
    )
