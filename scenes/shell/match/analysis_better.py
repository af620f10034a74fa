"""The better move of a marked move, as a review shows it: in words for the banner ("Mistake, 14% of
the chance lost. Better: Farmer b1 to b3.", with the game's reason when it fits) and on the board,
drawn the way a hint is (:func:`scenes.shell.match.hint.hint_marks`), so every game shows it as it
shows a hint.

The better move was open in the position *before* the move, while the review shows the board after
it (as chess sites do: the move made, and the arrow of the one missed). Its marks are made by a board
view of that earlier position, as a hint's are by the live board (the squares the rules give the
move, in the board's own style), made once per move looked at and thrown away; they are then drawn
over the reviewed board, which has the same layout.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.analysis import ORDER
from scenes.shell.match.analysis_strip import MARK_STYLE
from scenes.shell.match.hint import hint_marks
from scenes.shell.match.review import played_on

if TYPE_CHECKING:
    import pygame

    from game.analysis import MoveNote
    from game.match import Match
    from scenes.kit.board_view import BoardView
    from scenes.kit.marks import Marks


@dataclass(frozen=True)
class Better:
    """The better move for ``player`` at the ``index``-th turn (from 0): its notation, its phrase in
    the move list's words, the game's reason for it ("" when it has none), the mark of the move played
    and the share of the chance that move lost."""

    index: int
    player: str
    text: str
    phrase: str
    reason: str
    mark: str
    lost: float
    who: str = ""
    """Whose order it was, in a turn of secret orders (both sides moved): "Black"; else ""."""

    def words(self) -> str:
        """ "Mistake, 14% of the chance lost. Better: Farmer b1 to b3." (in a turn of secret
        orders "Black's mistake, …")."""
        name = MARK_STYLE[self.mark][2] if self.mark in MARK_STYLE else "Move"
        if self.who:
            name = f"{self.who}'s {name.lower()}"
        return f"{name}, {round(self.lost * 100)}% of the chance lost. Better: {self.phrase}."


def pick(match: Match, notes: list[MoveNote]) -> MoveNote | None:
    """The note whose better move to show: a marked one with a better move, the person's own before
    the computer's (in a turn of secret orders both may be marked), the heavier mark first."""
    marked = [n for n in notes if n.mark in MARK_STYLE and n.better]
    if not marked:
        return None
    humans = set(match.humans())
    return max(marked, key=lambda n: (n.player in humans, ORDER.index(n.mark), n.lost))


def better_at(match: Match, index: int, notes: list[MoveNote]) -> Better | None:
    """The better move of the ``index``-th turn, or None (a good move, or one the rules cannot read
    now: the analysis is then shown without it)."""
    note = pick(match, notes)
    if note is None or note.better is None or not 0 <= index < len(match.turns):
        return None
    before = match.turns[index].before
    try:
        move = before.parse_move(note.player, note.better)
        phrase = before.move_words(note.player, move)
    except Exception:  # a kept analysis of another version's notation: no better move shown
        return None
    who = match.player_name(note.player) if len(match.turns[index].moves) > 1 else ""
    return Better(index, note.player, note.better, phrase, note.reason, note.mark, note.lost, who)


class BetterMarks:
    """The marks of one better move on the reviewed board, worked out once per move and layout."""

    def __init__(self, make_view: Callable[[Match], BoardView]) -> None:
        self._make_view = make_view
        self._key: tuple[object, ...] | None = None
        self._marks: Marks | None = None

    def marks(self, match: Match, better: Better, view: BoardView) -> Marks | None:
        """The marks for ``better`` placed on ``view`` (the reviewed board) as laid out now."""
        key = (better, tuple(view.rect), id(match))
        if key != self._key:
            self._key = key
            self._marks = None
            with contextlib.suppress(Exception):  # a board that cannot say draws no marks
                earlier = played_on(match, better.index)
                helper = self._make_view(earlier)
                helper.layout(view.rect)
                self._marks = hint_marks(helper, better.player, better.text)
        return self._marks

    def draw(
        self, surface: pygame.Surface, match: Match, better: Better | None, view: BoardView, clock: float
    ) -> None:
        """Draw the better move over ``view`` (the caller clips to the board); nothing while it moves."""
        if better is None or view.busy:
            return
        marks = self.marks(match, better, view)
        if marks:
            marks.draw(surface, view, clock)
