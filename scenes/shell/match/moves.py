"""The move list in the side panel: one row per played turn, newest at the bottom, scrollable.

It keeps its own state (the scroll position, which turns it has seen, each turn's note and words,
the row under the pointer, the row a review shows) because that state outlives a frame. Each row
names the move in words a newcomer reads ("Queen c9 merges a11", from the game's
:meth:`~game.core.GameState.move_words`; a simultaneous turn "W: …  B: …") and, where it fits, the
board's short note ("captures 2"); pointing at a row opens a card beside the list with the whole
sentence the game says about that turn (a sentence never fits a row of a 1024-pixel panel, and
cutting it would lose the part that explains) and the move's notation, which records and saves keep.
Clicking a row reviews the board after that move (:mod:`~scenes.shell.match.review`): the row shown
is then marked, and kept in sight.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.analysis import ORDER
from scenes.kit import style

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from game.core import TurnWords
    from game.match import Turn
    from scenes.kit.board_view import BoardView

CARD_WIDTH = 380
"""The widest the card of a pointed-at row gets (it sits over the board, left of the panel)."""
CARD_TEXT = 15
POINT_HINT = "Point to read a move, click to see it"
SMALLEST_NOTATION = 12
"""A long turn (Nelaxtam's orders for both sides) is set smaller, down to this, before it is cut."""
NOTATION_TEXT = 13
"""The card's "Notation: c9&a11" line, under the sentence."""
PARTS_BETWEEN = "  "
"""Between the movers' parts of a simultaneous turn on one line ("W: 7 on C…  B: 7 on A…")."""
FOCUS_FILL = (222, 232, 246)
"""The row of the move a review shows: the review's blue, lightened (the newest row is amber)."""

NOTES_KEPT = 4096
"""Notes remembered before the cache starts over (a very long session of undo and replay)."""


_TOKENS = re.compile(r"[A-Za-z]{4,}|(?<![A-Za-z0-9])\d+(?![A-Za-z0-9])")


def _stems(text: str) -> set[str]:
    """The words of ``text`` by their first four letters ("jumps" and "jump" alike) and its bare
    numbers ("2", not the "2" of a square's name)."""
    return {token[:4].lower() for token in _TOKENS.findall(text)}


def adds_to(note: str, words: str) -> bool:
    """Whether the view's note says something the row's words do not: "eats a tile" beside
    "Elephant c2 eats c3", or "phalanx of 2" beside "2 stones e10 to d10", would only repeat them,
    while "moment -20" beside "Rook g3 to f3" or "run + jump" beside "Farmer a1 via c3 to c5" adds."""
    return not _stems(note) & _stems(words)


class MoveRow(NamedTuple):
    """One row of the list as the player reads it: "12." then a dot per mover, the move in words
    ("Elephant c2 eats d3"; each mover's part, with their initial, in a simultaneous turn) and the
    view's short note ("eats a tile")."""

    number: int
    players: tuple[str, ...]
    text: str
    note: str


class MoveList:
    """Rows for ``view``'s match. ``scroll`` counts rows back from the newest (0: the newest turn is
    in sight); ``shown`` is the range of turn indexes drawn in the last frame."""

    def __init__(self, view: BoardView) -> None:
        self.view = view
        self.scroll = 0
        self.shown = range(0)
        self._seen = -1
        self._notes: dict[int, tuple[Turn, str]] = {}
        self._words: dict[int, tuple[Turn, TurnWords]] = {}
        self._said: dict[int, tuple[Turn, tuple[str, ...]]] = {}
        self._rows: list[tuple[pygame.Rect, int]] = []
        self.pointer: tuple[int, int] | None = None
        """Where the mouse is (None: elsewhere or unknown); the row under it gets its card."""
        self.focus: int | None = None
        """The index of the turn a review shows (None: no review, or its start position): marked,
        and scrolled into sight each time it changes."""
        self._kept_in_sight: int | None = None
        self._stacked_for: tuple[tuple[int, int] | None, bool] = (None, False)
        self.marks: dict[int, dict[str, str]] = {}
        """An analysed game's marks by turn index, each mover's ("mistake"): a row ends in the
        glyph of its heaviest (?! ? ??), a stacked row's line in its mover's."""

    def note(self, turn: Turn) -> str:
        """The view's note for a turn, computed once: a played turn never changes, and asking the
        view every frame for every visible row cost more than drawing the whole board."""
        cached = self._notes.get(id(turn))
        if cached is None or cached[0] is not turn:
            if len(self._notes) > NOTES_KEPT:
                self._notes.clear()
            cached = (turn, self.view.turn_note(turn))
            self._notes[id(turn)] = cached
        return cached[1]

    def words(self, turn: Turn) -> TurnWords:
        """What the game says ``turn`` did (status line and full sentence), asked once per turn: a
        played turn never changes, and the card and the banner ask every frame."""
        cached = self._words.get(id(turn))
        if cached is None or cached[0] is not turn:
            if len(self._words) > NOTES_KEPT:
                self._words.clear()
            cached = (turn, turn.before.describe_turn(turn.moves, turn.after))
            self._words[id(turn)] = cached
        return cached[1]

    def phrases(self, turn: Turn) -> tuple[str, ...]:
        """Each mover's move in ``turn`` as the game's short phrase ("Queen c9 merges a11",
        :meth:`~game.core.GameState.move_words`), in the turn's order; asked once per turn, like the
        note."""
        cached = self._said.get(id(turn))
        if cached is None or cached[0] is not turn:
            if len(self._said) > NOTES_KEPT:
                self._said.clear()
            said = tuple(turn.before.move_words(player, move) for player, move in turn.moves.items())
            cached = (turn, said)
            self._said[id(turn)] = cached
        return cached[1]

    def said(self, turn: Turn) -> tuple[str, ...]:
        """:meth:`phrases`, each after its mover's initial in a simultaneous turn ("W: 7 on C, 6 on F,
        5 on A"): a row on one line and the card say whose part is whose by it (a row on two lines
        by each line's dot)."""
        phrases = self.phrases(turn)
        if len(phrases) < 2:
            return phrases
        title = self.view.match.game.player_title
        movers = zip(turn.moves, phrases, strict=True)
        return tuple(f"{title(player)[:1]}: {phrase}" for player, phrase in movers)

    def line(self, turn: Turn) -> str:
        """The turn's sentence short enough for the status line."""
        return self.words(turn).line

    def hover(self, pos: tuple[int, int] | None) -> None:
        self.pointer = pos

    def pointed(self) -> int | None:
        """The index of the turn whose row is under the pointer (as drawn last frame), else None."""
        return None if self.pointer is None else self.row_at(self.pointer)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the turn whose row is drawn at ``pos`` (as in the last frame), else None."""
        for rect, index in self._rows:
            if rect.collidepoint(pos):
                return index
        return None

    def row_rect(self, index: int) -> pygame.Rect | None:
        """Where the row of the ``index``-th turn was drawn last frame (None: out of sight)."""
        return next((rect for rect, i in self._rows if i == index), None)

    def row(self, index: int, turn: Turn) -> MoveRow:
        """The row for ``turn``, the ``index``-th (from 0) of the match."""
        return MoveRow(index + 1, tuple(turn.moves), PARTS_BETWEEN.join(self.said(turn)), self.note(turn))

    def scroll_by(self, rows: int) -> None:
        """The mouse wheel: up (positive) shows earlier moves. Drawing clamps it to the list."""
        self.scroll = max(0, self.scroll + rows)

    def window(self, count: int, visible: int) -> range:
        """Indexes of the turns to show out of ``count`` when ``visible`` rows fit. A new move
        scrolls back to the newest, since that is what the player just made or must answer, unless
        a review shows an older one: the row shown is brought into sight whenever it changes, and
        the wheel may take the list elsewhere meanwhile."""
        if count != self._seen:
            self._seen = count
            if self.focus is None:
                self.scroll = 0
        if self.focus != self._kept_in_sight:
            self._kept_in_sight = self.focus
            if self.focus is not None:
                end = count - self.scroll
                if self.focus >= end:
                    self.scroll = count - self.focus - 1
                elif self.focus < end - visible:
                    self.scroll = count - self.focus - visible
        self.scroll = max(0, min(self.scroll, max(0, count - visible)))
        end = count - self.scroll
        return range(max(0, end - visible), end)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, turns: Sequence[Turn], compact: bool) -> None:
        """The "Moves" title and a white box of rows in ``rect``; the newest turn is highlighted."""
        if rect.height < 40:
            return
        size = 15 if compact else 16
        surface.blit(style.text_surface("Moves", size + 1, style.INK, True), (rect.left, rect.top))
        box = pygame.Rect(rect.left, rect.top + 26, rect.width, rect.height - 26)
        pygame.draw.rect(surface, style.WHITE, box, border_radius=8)
        pygame.draw.rect(surface, style.PARCHMENT_DARK, box, width=1, border_radius=8)
        stacked = self._stacked(turns, box.width - 60 - 14 * 2)
        row_h = size + 9 if not stacked else 2 * size + 12
        self.shown = self.window(len(turns), max(1, (box.height - 8) // row_h))
        self._rows = []
        if not turns:
            hint = style.text_surface("No moves yet", size, style.INK_SOFT)
            surface.blit(hint, hint.get_rect(center=box.center))
            return
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-4, -4))
        y = box.top + 4
        num_w = style.font(size).size(f"{len(turns)}.")[0]
        for index in self.shown:
            row = self.row(index, turns[index])
            if index == self.focus:
                marked = pygame.Rect(box.left + 2, y, box.width - 4, row_h)
                pygame.draw.rect(surface, FOCUS_FILL, marked, border_radius=5)
                pygame.draw.rect(surface, style.ARMS_BLUE, marked, width=2, border_radius=5)
            elif index == len(turns) - 1:
                pygame.draw.rect(
                    surface, (250, 236, 206), (box.left + 2, y, box.width - 4, row_h), border_radius=5
                )
            pointed = pygame.Rect(box.left + 2, y, box.width - 4, row_h)
            self._rows.append((pointed.clip(box), index))
            if self.pointer is not None and pointed.collidepoint(self.pointer):
                pygame.draw.rect(surface, style.PARCHMENT_DARK, pointed, width=1, border_radius=5)
            marks = self.marks.get(index, {})
            if stacked:
                self._draw_stacked_row(surface, row, self.phrases(turns[index]), box, y, num_w, size, marks)
            else:
                self._draw_row(surface, row, box, y, row_h, num_w, size, _heaviest(marks.values()))
            y += row_h
        if y + row_h + 4 <= box.bottom:  # a spare row: say that the rows have more to tell
            hint = style.text_surface(style.fit_text(POINT_HINT, 13, box.width - 16), 13, style.INK_SOFT)
            surface.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - 6)))
        surface.set_clip(clip)
        if self.shown.start > 0:
            more = style.text_surface(f"{self.shown.start} earlier", 12, style.INK_SOFT)
            surface.blit(more, more.get_rect(topright=(box.right - 8, rect.top + 4)))

    def _stacked(self, turns: Sequence[Turn], width: int) -> bool:
        """Whether the list shows each mover's part of a turn on its own line: in a simultaneous
        game whose turns are too long for one line even at the smallest size (Nelaxtam's orders for
        both sides). Decided for the whole list, so rows keep one height and the list its rhythm."""
        key = (len(turns), width)
        if self._stacked_for[0] != key:
            face = style.font(SMALLEST_NOTATION, True)
            stacked = any(
                len(t.moves) > 1 and face.size(PARTS_BETWEEN.join(self.said(t)))[0] > width for t in turns
            )
            self._stacked_for = (key, stacked)
        return self._stacked_for[1]

    def _draw_stacked_row(
        self,
        surface: pygame.Surface,
        row: MoveRow,
        parts: Sequence[str],
        box: pygame.Rect,
        y: int,
        num_w: int,
        size: int,
        marks: dict[str, str] | None = None,
    ) -> None:
        """A simultaneous turn on two lines: each mover's dot (it says whose line it is, where the
        initial would cost a narrow row its room) and their move in words, and its mark's glyph."""
        number = style.text_surface(f"{row.number}.", size, style.INK_SOFT)
        surface.blit(number, number.get_rect(topright=(box.left + 10 + num_w, y + 4)))
        x = box.left + 18 + num_w
        parts = list(parts)
        if len(parts) != len(row.players):
            parts = [row.text] + [""] * (len(row.players) - 1)
        line_h = size + 4
        for line, (player, part) in enumerate(zip(row.players, parts, strict=True)):
            top = y + 3 + line * line_h
            centre = top + line_h // 2
            pygame.draw.circle(surface, style.WOOD_DARK, (x + 5, centre + 1), 6)
            pygame.draw.circle(surface, self.view.player_color(player), (x + 5, centre), 5)
            pygame.draw.circle(surface, style.INK_SOFT, (x + 5, centre), 5, width=1)
            glyph = _glyph((marks or {}).get(player, "good"), size)
            text_w = box.right - x - 26 - (glyph.get_width() + 6 if glyph is not None else 0)
            text_size = style.size_to_fit(part, size - 1, text_w, True, SMALLEST_NOTATION)
            shown = style.fit_text(part, text_size, text_w, True)
            label = style.text_surface(shown, text_size, style.INK, True)
            surface.blit(label, (x + 16, top + (line_h - label.get_height()) // 2))
            if glyph is not None:
                surface.blit(glyph, glyph.get_rect(midright=(box.right - 8, centre)))

    def _draw_row(
        self,
        surface: pygame.Surface,
        row: MoveRow,
        box: pygame.Rect,
        y: int,
        row_h: int,
        num_w: int,
        size: int,
        mark: str = "good",
    ) -> None:
        number = style.text_surface(f"{row.number}.", size, style.INK_SOFT)
        surface.blit(number, number.get_rect(topright=(box.left + 10 + num_w, y + 4)))
        x = box.left + 18 + num_w
        for player in row.players:
            pygame.draw.circle(surface, style.WOOD_DARK, (x + 5, y + row_h // 2 + 1), 6)
            pygame.draw.circle(surface, self.view.player_color(player), (x + 5, y + row_h // 2), 5)
            # an ink rim keeps light colours (white stones) visible on the parchment list
            pygame.draw.circle(surface, style.INK_SOFT, (x + 5, y + row_h // 2), 5, width=1)
            x += 14
        x += 4
        glyph = _glyph(mark, size)
        right = box.right - 8 - (glyph.get_width() + 6 if glyph is not None else 0)
        if glyph is not None:
            surface.blit(glyph, glyph.get_rect(midright=(box.right - 8, y + row_h // 2)))
        text_w = right - x
        text_size = style.size_to_fit(row.text, size, text_w, True, SMALLEST_NOTATION)
        shown_text = style.fit_text(row.text, text_size, text_w, True)
        label = style.text_surface(shown_text, text_size, style.INK, True)
        surface.blit(label, (x, y + 3 + (size - text_size) // 2))
        if row.note and adds_to(row.note, row.text):  # whole or not at all: the card has it all
            nx = x + label.get_width() + 8
            if style.font(size - 2).size(row.note)[0] <= right - nx:
                surface.blit(style.text_surface(row.note, size - 2, style.INK_SOFT), (nx, y + 5))

    def draw_card(
        self, surface: pygame.Surface, turns: Sequence[Turn], right: int, room: pygame.Rect
    ) -> None:
        """The card of the row under the pointer: the turn's number and its words (each mover's on a
        line of their own), the whole sentence, and the notation ("Notation: c9&a11"), all wrapped
        (never cut) in a box whose right edge is ``right``, kept inside ``room``."""
        index = self.pointed()
        if index is None or index >= len(turns):
            return
        turn = turns[index]
        width = min(CARD_WIDTH, max(160, right - room.left - 8))
        number = style.text_surface(f"{index + 1}. ", CARD_TEXT, style.INK, True)
        heads = [
            line
            for phrase in self.said(turn)
            for line in style.wrap(phrase, CARD_TEXT, width - 24 - number.get_width(), True)
        ]
        lines = style.wrap(self.words(turn).note, CARD_TEXT, width - 24)
        # a simultaneous turn's notation "A/B" may break at its slash
        notation = style.wrap(f"Notation: {turn.text.replace('/', ' / ')}", NOTATION_TEXT, width - 24)
        head_h = style.font(CARD_TEXT, True).get_linesize()
        line_h = style.font(CARD_TEXT).get_linesize()
        notation_h = style.font(NOTATION_TEXT).get_linesize()
        height = 16 + head_h * len(heads) + 4 + line_h * len(lines) + 4 + notation_h * len(notation)
        row_rect = self.row_rect(index)
        if row_rect is None:
            return
        card = pygame.Rect(right - width, row_rect.centery - height // 2, width, height)
        card.clamp_ip(room)
        style.panel(surface, card, style.WHITE, radius=10, border=style.WOOD)
        surface.blit(number, (card.left + 12, card.top + 8))
        y = card.top + 8
        for text in heads:
            head = style.text_surface(text, CARD_TEXT, style.INK, True)
            surface.blit(head, (card.left + 12 + number.get_width(), y))
            y += head_h
        y += 4
        for text in lines:
            surface.blit(style.text_surface(text, CARD_TEXT, style.INK_SOFT), (card.left + 12, y))
            y += line_h
        y += 4
        for text in notation:
            surface.blit(style.text_surface(text, NOTATION_TEXT, style.INK_SOFT), (card.left + 12, y))
            y += notation_h


MARK_GLYPHS: dict[str, tuple[str, tuple[int, int, int]]] = {
    "inaccuracy": ("?!", style.ARMS_BLUE),
    "mistake": ("?", style.ACCENT),
    "blunder": ("??", style.BAD),
}
"""An analysed move's mark as chess players write it, in the analysis strip's colours."""


def _heaviest(marks: Iterable[str]) -> str:
    return max(marks, key=lambda m: ORDER.index(m) if m in ORDER else 0, default="good")


def _glyph(mark: str, size: int) -> pygame.Surface | None:
    """The mark's glyph, bold in its colour (None for a good move: no mark)."""
    if mark not in MARK_GLYPHS:
        return None
    glyph, colour = MARK_GLYPHS[mark]
    return style.text_surface(glyph, size, colour, True)
