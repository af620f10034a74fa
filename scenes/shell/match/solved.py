"""The "solved" badge: who wins an Elephant Run endgame with best play, under the move list.

A spoiler, so only with the ``show_solved`` setting on (off by default). After every turn, on load,
undo or redo, the position on the board is looked at; once it is within the exact solver's reach
(:func:`game.solved.within_reach`) its verdict is asked of an AI worker process and drawn, in words,
at the foot of the move list. Nothing is drawn in other games, out of reach, in a review (the badge is
about the game as it stands), or while the answer is still being worked out.

The worker is a third one (``app.solve_worker``), started only when a badge is first asked for.
Sharing the hint's would not do: a worker holds one request at a time and a new request kills the
process serving the old one, so a badge asked after each turn would kill a hint being worked out, and
a hint would kill the badge's search, each then waiting for an answer that never comes. A request
whose position has since moved on is not cancelled either: its answer is not shown when it comes
(only kept, should undo bring that position back), and the position now on the board is asked
next. Killing would restart the process and throw away the solver's memo, which the next position's
search reuses (a search is capped at a few seconds).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import pygame

from game.solved import SOLVE_LEVEL, within_reach
from scenes.kit import style
from scenes.shell.match.computer import WorkerRequest

if TYPE_CHECKING:
    from game.core import GameState
    from game.match import Match
    from scenes.kit.app import App

KEEP = 64
"""Answers remembered (the positions of the last moves, for undo and redo)."""
MAX_LINES = 3
PADDING = 8
GAP = 8
"""Between the move list and the badge."""


class SolvedBadge:
    """The verdict for the position on the board, asked (:meth:`update`, every frame) and drawn
    (:meth:`draw`) while the setting is on."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.request = WorkerRequest(lambda: app.solve_worker)
        self._asked_for: GameState | None = None
        """The position the request in flight was made for (it may have moved on since)."""
        self._known: dict[int, tuple[GameState, str | None]] = {}
        """Answers by position (the state itself kept, so its id stays its own): the words, or None
        for none (out of reach, past the budget, a failure). Undo and redo find them again."""

    @property
    def on(self) -> bool:
        return bool(getattr(self.app.settings, "show_solved", False))

    @property
    def pending(self) -> bool:
        """A verdict is being worked out (the scene keeps looking for it at a gentle rate)."""
        return self.request.pending

    def _answer(self, state: GameState) -> tuple[bool, str | None]:
        """(known, words) for ``state``."""
        entry = self._known.get(id(state))
        if entry is None or entry[0] is not state:
            return False, None
        return True, entry[1]

    def text(self, match: Match) -> str | None:
        """The badge's words for the position on the board now; None: no badge."""
        return self._answer(match.state)[1] if self.on else None

    def update(self, match: Match) -> bool:
        """Collect an answer that came, and ask for the position on the board when it needs one.
        True when the badge changed (the screen is then drawn again)."""
        if not self.on:
            self.forget()
            return False
        state = match.state
        changed = self._collect(state)
        if self._answer(state)[0] or self.pending:
            return changed
        if not within_reach(state):
            self.show(state, None)
            return changed
        try:
            self.request.start(match.public_record(), state.to_move()[0], SOLVE_LEVEL)
        except Exception:  # a worker that cannot start: no badge, and the window goes on
            self.request.forget()
            self.show(state, None)
            return changed
        self._asked_for = state
        return changed

    def _collect(self, state: GameState) -> bool:
        """Take the answer in if it came; True when it is for the position on the board and shows.
        An answer for a position the game has left is not shown, only kept in case it comes back."""
        asked = self._asked_for
        try:
            result = self.request.collect()
            if result is None or asked is None:
                return False
            text = None if result.error else result.move_text or None
        except Exception:  # the worker died (the request is over): that position gets no badge
            if asked is None:
                return False
            text = None
        self._asked_for = None
        self.show(asked, text)
        return asked is state and text is not None

    def show(self, state: GameState, text: str | None) -> None:
        """Keep ``text`` as the verdict for ``state`` (the showcase too, which works it out itself)."""
        self._known[id(state)] = (state, text)
        while len(self._known) > KEEP:
            del self._known[next(iter(self._known))]

    def forget(self) -> None:
        """Leaving the match, or the setting was switched off: stop any search and show nothing."""
        self._asked_for = None
        self._known.clear()
        with contextlib.suppress(Exception):  # a dying worker must not take the window with it
            self.request.cancel()

    # -- drawing -------------------------------------------------------------------------------------
    def _lines(self, text: str, width: int, size: int) -> list[str]:
        return style.wrap(text, size, width - 2 * PADDING, max_lines=MAX_LINES)

    @staticmethod
    def _size(compact: bool) -> int:
        return 14 if compact else 15

    def room(self, match: Match, moves: pygame.Rect, compact: bool, reviewing: bool) -> pygame.Rect:
        """The move list's rectangle with the badge's place taken from its foot (unchanged when
        there is no badge)."""
        text = None if reviewing else self.text(match)
        if text is None:
            return moves
        height = self._height(text, moves.width, compact)
        return pygame.Rect(moves.left, moves.top, moves.width, max(40, moves.height - height - GAP))

    def _height(self, text: str, width: int, compact: bool) -> int:
        size = self._size(compact)
        lines = self._lines(text, width, size)
        step = round(style.font(size).get_linesize() * 1.3 * 0.8)
        return step * len(lines) + 2 * PADDING

    def draw(
        self, surface: pygame.Surface, match: Match, moves: pygame.Rect, compact: bool, reviewing: bool
    ) -> None:
        """The badge in the space :meth:`room` left under the move list ``moves`` (its full rect)."""
        text = None if reviewing else self.text(match)
        if text is None:
            return
        height = self._height(text, moves.width, compact)
        box = pygame.Rect(moves.left, moves.bottom - height, moves.width, height)
        pygame.draw.rect(surface, style.WHITE, box, border_radius=8)
        pygame.draw.rect(surface, style.GOOD, box, width=2, border_radius=8)
        size = self._size(compact)
        lines = self._lines(text, moves.width, size)
        style.text_block(surface, lines, (box.left + PADDING, box.top + PADDING), size, style.INK)
