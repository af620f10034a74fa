"""Hints on the match screen: the hard computer's move for the human to move, drawn, never played.

The search runs like the computer's own moves, in an AI worker process, so the window stays live;
but on a worker of its own (``app.hint_worker``): in Elasta and Nelaxtam the computer chooses its
secret orders while the human chooses theirs, and a hint must neither cancel that search nor queue
behind it. The request carries the match's *public* record (:func:`game.hint.worker_request`), so a
hint never knows the computer's sealed orders.

An answer is kept only while the position it was worked out for is still on the board: the scene
calls :meth:`HintAdvisor.forget` when the player moves, undoes or redoes, and asking again replaces
the old marks. A hint is counted in the match once it is shown.

The worker answers with the move's reason too (:func:`game.hint.answer_for_record`): the card in the
side panel (:mod:`~scenes.shell.match.hint_card`) says it, with the turn's expected outcome in Elasta
and Nelaxtam, and its Apply button plays the move through the scene's own path for a click
(:meth:`HintAdvisor.apply_action`), while the hint is still for the position on the board.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core import GameError
from game.hint import Explanation, HintError, explain, in_words, read_answer, worker_request
from scenes.kit.board_view import ViewAction
from scenes.kit.marks import Marks
from scenes.shell.match import hint_card
from scenes.shell.match.computer import WorkerRequest
from scenes.shell.match.hint_card import CardText

if TYPE_CHECKING:
    from game.core import GameState
    from game.match import Match
    from scenes.kit.app import App
    from scenes.kit.board_view import BoardView

HINT_KEY = pygame.K_h
NO_HINT = "No hint this time: the computer could not work one out. Try again in a moment."


@dataclass(frozen=True)
class ShownHint:
    """A suggestion on the board: for whom, in notation, and said in words for the status line."""

    player: str
    text: str
    words: str | None
    """The orders in words (Elasta, Nelaxtam); None where the marks alone show the move."""
    seconds: float
    """From the request to the answer, as the player waited (for the measurements in the issue)."""
    state: GameState | None = None
    """The position the hint is for: Apply plays it only while that position is on the board."""
    explanation: Explanation | None = None
    """Why, and (Elasta, Nelaxtam) what the turn should bring; None when it could not be said."""
    phrase: str = ""
    """The move in the move list's short words ("Stone a2 to a3"): the card's title."""


def hint_marks(view: BoardView, player: str, text: str) -> Marks:
    """The marks that show the suggestion ``text`` for ``player`` on ``view``: the board's own, made
    from the squares the rules give the move (:meth:`~scenes.kit.board_view.BoardView.marks_for_hint`)."""
    return view.marks_for_hint(player, text)


def offered(match: Match) -> bool:
    """Hints belong to games against the computer: between two people at one screen a hint would
    help whoever pressed it, against the other."""
    return bool(match.humans()) and not match.two_player


class HintAdvisor:
    """One hint at a time: asked (:meth:`ask`), awaited (:meth:`poll`, every frame), shown
    (:meth:`draw`) and forgotten (:meth:`forget`)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.request = WorkerRequest(lambda: app.hint_worker)
        self.shown: ShownHint | None = None
        self._asked_for: GameState | None = None
        self._asked_at = 0.0
        self._marks: Marks | None = None
        self._marks_for: tuple[object, ...] | None = None

    @property
    def thinking(self) -> bool:
        return self.request.pending

    def words(self, view: BoardView) -> str | None:
        """The status line while the hint is on the board (None when there is none): the orders in
        words, or a pointer to the marks, or the notation when this board could not mark the move;
        while the hint is worked out, that it is."""
        if self.thinking:
            return "Working out a hint for you… (the board is yours meanwhile)"
        if self.shown is None:
            return None
        if self.shown.words:
            return self.shown.words
        if self.marks(view):
            return "Suggested move: follow the green marks, or press Apply to play it."
        return f"Suggested move: {self.shown.text}."

    def usable(self, match: Match, player: str | None) -> bool:
        """Whether the Hint button is lit: a human may act now and no hint is being worked out."""
        return offered(match) and player is not None and not match.over and not self.thinking

    def refusal(self, match: Match, player: str | None) -> str | None:
        """Why a hint cannot be asked for now, in the player's words; None when it can."""
        if not offered(match):
            return "Hints are for games against the computer."
        if match.over:
            return "The game is over, so there is nothing left to suggest."
        if self.thinking:
            return "Still thinking about your hint…"
        if player is None:
            return "A hint is for your own turn: wait until it is your move."
        return None

    def ask(self, match: Match, player: str | None) -> str | None:
        """Start working out a hint for ``player``; the sentence to show instead when it cannot be."""
        why = self.refusal(match, player)
        if why is not None or player is None:
            return why
        self.forget()
        try:
            record, who, level = worker_request(match, player)
            self.request.start(record, who, level)
        except HintError as exc:
            return f"No hint: {exc}."
        except Exception:  # a worker that cannot start must not take the window with it
            self.request.forget()
            return NO_HINT
        self._asked_for = match.state
        self._asked_at = time.perf_counter()
        return None

    def poll(self, match: Match) -> ShownHint | None:
        """The hint, the frame its answer arrives (and it is counted in ``match``); else None.

        An answer for a position no longer on the board is dropped; an unusable one becomes a toast,
        in words, never the worker's error text."""
        player = self.request.player
        try:
            result = self.request.collect()
        except Exception:
            self.app.toast(NO_HINT)
            return None
        if result is None or player is None:
            return None
        if match.state is not self._asked_for:
            return None
        try:
            if result.error or not result.move_text:
                raise GameError(result.error or "no move")
            text, said = read_answer(result.move_text)
            match.state.check_move(player, match.state.parse_move(player, text))
        except GameError:
            self.app.toast(NO_HINT)
            return None
        return self.show(match, player, text, time.perf_counter() - self._asked_at, said)

    def show(
        self,
        match: Match,
        player: str,
        text: str,
        seconds: float = 0.0,
        explanation: Explanation | None = None,
    ) -> ShownHint:
        """Put the suggestion ``text`` (legal notation) for ``player`` on the board, and count it.
        Without an ``explanation`` (the showcase, an answer without one) it is worked out here: the
        games bound that work, so the frame it costs stays short."""
        state = match.state
        move = state.parse_move(player, text)
        if explanation is None:
            with contextlib.suppress(Exception):  # the reason is a bonus: never lose the hint to it
                explanation = explain(state, player, move)
        words = in_words(state, text)
        phrase = state.move_words(player, move)
        self.shown = ShownHint(player, text, words, seconds, state, explanation, phrase)
        match.count_hint(player)
        return self.shown

    # -- the card and Apply ----------------------------------------------------------------------------
    def current(self, match: Match) -> ShownHint | None:
        """The hint while it is for the position on the board (a reply or an undo makes it history)."""
        shown = self.shown
        return shown if shown is not None and shown.state is match.state and not match.over else None

    def card_text(self, match: Match, reviewing: bool) -> CardText | None:
        """What the card says now; None when there is no card (no current hint, or a review)."""
        shown = None if reviewing else self.current(match)
        if shown is None:
            return None
        said = shown.explanation
        reason = said.reason if said is not None else "The hard computer's choice for this position."
        return CardText(f"Hint: {shown.phrase or shown.text}", reason, said.expected if said else "")

    def room(self, match: Match, moves: pygame.Rect, compact: bool, reviewing: bool) -> pygame.Rect:
        """The move list's rectangle with the card's place taken from its top (unchanged without one)."""
        text = self.card_text(match, reviewing)
        if text is None:
            return moves
        return hint_card.list_below(hint_card.card_rect(text, moves, compact), moves)

    def draw_card(
        self, surface: pygame.Surface, match: Match, moves: pygame.Rect, compact: bool, reviewing: bool
    ) -> None:
        """The card in the place :meth:`room` took from ``moves`` (the move list's full rectangle)."""
        text = self.card_text(match, reviewing)
        if text is not None:
            hint_card.draw_card(surface, text, moves, compact)

    def apply_place(
        self, match: Match, player: str | None, moves: pygame.Rect, compact: bool
    ) -> pygame.Rect | None:
        """Where the Apply button stands, or None when it must not show: only on the card of a hint
        that is current, while its player may act on the board (so never during a review, an
        animation or the computer's turn)."""
        shown = self.current(match)
        text = self.card_text(match, reviewing=False)
        if shown is None or text is None or player != shown.player:
            return None
        return hint_card.apply_rect(hint_card.card_rect(text, moves, compact))

    def apply_action(self, match: Match, player: str | None) -> ViewAction:
        """Apply: the hinted move as the board would answer a click that plays it (so the scene's path
        for a click does the rest: undo, sounds, autosave, sealing secret orders), or why not."""
        shown = self.current(match)
        if shown is None:
            return ViewAction.refuse("That hint was for an earlier position: ask for a new one.")
        if player != shown.player:
            return ViewAction.refuse("Apply plays the hint on your own turn: wait until it is your move.")
        try:
            move = match.state.parse_move(player, shown.text)
        except GameError:
            return ViewAction.refuse("That hint can no longer be played: ask for a new one.")
        return ViewAction.play(player, move)

    def forget(self) -> None:
        """The player moved, undid or asked again (or is leaving): the marks go, any search stops."""
        self.shown = None
        self._marks = None
        self._marks_for = None
        self._asked_for = None
        with contextlib.suppress(Exception):  # a dying worker must not take the window with it
            self.request.cancel()

    def marks(self, view: BoardView) -> Marks | None:
        """The marks of the hint on ``view`` as it is laid out now (worked out again after a resize,
        since where the hand goes depends on where the board is drawn)."""
        if self.shown is None:
            return None
        key = (tuple(view.rect), id(view.state), self.shown)
        if key != self._marks_for:
            self._marks = hint_marks(view, self.shown.player, self.shown.text)
            self._marks_for = key
        return self._marks

    def draw(self, surface: pygame.Surface, view: BoardView, clock: float) -> None:
        """Draw the hint's marks over the board (the caller clips to it); nothing while it animates."""
        if self.shown is None or view.busy:
            return
        marks = self.marks(view)
        if marks:
            marks.draw(surface, view, clock)
