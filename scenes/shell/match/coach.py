"""The coach on the match screen (issue #32, item 6; the Coach setting, off by default).

Two things, both only with the setting on:

* **threat marks**: during a human's turn, red rings on that player's pieces the opponent could take
  with its next move, from the rules (:meth:`~scenes.kit.board_view.BoardView.threat_marks`, the
  same for every board);
* **the card**: against the computer, after the human's move and before the computer replies, the
  move is judged in a worker (:mod:`game.coach`, the analysis's own measure at the quick effort, so
  the window never waits). A move that throws away a mistake's worth of winning chance or more gets a
  small card over the move list with one sentence and two buttons, "Play it anyway" and "Take it
  back" (the Undo button's own path). The computer's reply waits until the player answers.

The card answers the keyboard as the app's questions do (:mod:`scenes.shell.windows.dialogs`): its
two buttons are stops of Tab and the arrows (:mod:`.keys`), Enter or Space presses the one in focus,
Enter with no button in focus is the card's primary answer (Take it back, on the right) and Esc the
way back on the left (Play it anyway: the move stands, nothing is changed). When the card comes while
the keyboard is in use, the focus goes to Take it back, ringed like every focused button.

Kept out of the scene (which is near its size limit): the scene calls :meth:`Coach.holds` before it
asks the computer for its move, :meth:`Coach.turn_played`, :meth:`Coach.button`, :meth:`Coach.words`
(the banner's line), :meth:`Coach.key`, :meth:`Coach.keyed` and :meth:`Coach.draw`.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.coach import COACH_LEVEL, Advice, read_answer
from scenes.kit import style

if TYPE_CHECKING:
    from game.match import Match, Turn
    from scenes.kit.app import App
    from scenes.kit.board_view import BoardView
    from scenes.shell.match.review import Review

log = logging.getLogger(__name__)

TITLE = "Coach"
ANYWAY, TAKE_BACK = "Play it anyway", "Take it back"
KEYED = {"anyway": ANYWAY, "take-back": TAKE_BACK}
"""The card's buttons by their keys in the match screen's Tab order (left, then right)."""
FOCUS = "coach:take-back"
"""The stop the keyboard's focus goes to when the card comes (the match screen's key for it)."""
PADDING = 12
BUTTON_H = 32
GAP = 8
"""Between the two buttons, and between the card and the move list under it."""
BODY_LINES = 5
LIST_LEAST = 40
"""The move list keeps at least this much under the card."""


class CoachedMatch(Protocol):
    """What the coach asks of the match screen (a protocol: the screen imports this module)."""

    app: App
    match: Match
    view: BoardView
    review: Review
    ui: Any
    keys: Any
    """The screen's keyboard focus (:class:`~scenes.shell.match.keys.MatchKeys`)."""

    @property
    def board_rect(self) -> pygame.Rect: ...

    @property
    def moves_rect(self) -> pygame.Rect: ...

    def input_player(self) -> str | None: ...

    def undo(self) -> None: ...


def coach_on(settings: Any) -> bool:
    """The Coach setting (settings without it, as in tests' stand-ins, say no)."""
    return bool(getattr(settings, "coach", False))


class Coach:
    """The coach of one match screen: its question in the worker, its card and its marks."""

    def __init__(self, scene: CoachedMatch) -> None:
        self.scene = scene
        self.turn: Turn | None = None
        """The human's turn being judged (the computer waits while this is set)."""
        self.request_id: int | None = None
        self.advice: Advice | None = None
        """The coach's word, once a move earned one: the card is up."""
        self.buttons: dict[str, UIButton] = {}
        self._built = pygame.Rect(0, 0, 0, 0)
        self.card = pygame.Rect(0, 0, 0, 0)
        """Where the card stands (over the top of the move list's place, :meth:`room`)."""

    @property
    def on(self) -> bool:
        return coach_on(self.scene.app.settings)

    @property
    def pending(self) -> bool:
        """The worker is judging a move (the screen keeps drawing to look for the answer)."""
        return self.request_id is not None

    # -- the scene's hooks ----------------------------------------------------------------------------
    def turn_played(self, turn: Turn, by_computer: bool) -> None:
        """A turn was played: a human's single move against the computer, with the coach on, is sent
        to be judged; the computer's reply waits for the answer."""
        self.forget()
        match = self.scene.match
        if by_computer or not self.on or match.over or len(turn.moves) != 1:
            return
        (player,) = turn.moves
        if match.seats[player].is_ai or not any(seat.is_ai for seat in match.seats.values()):
            return
        try:
            self.request_id = self._worker().request(match.public_record(), player, COACH_LEVEL, 0)
        except Exception as exc:  # a coach that cannot start never holds up the game
            log.warning("the coach could not start: %s", exc)
            return
        self.turn = turn

    def holds(self) -> bool:
        """Whether the computer must wait: the move is being judged or the card is up. Asked at every
        frame, so it also collects the worker's answer and lets go once the turn is taken back."""
        if not self._current():
            return False
        if self.request_id is not None:
            self._collect()
        return self.turn is not None

    def _current(self) -> bool:
        """Whether a move is being judged or answered for still: not once it was undone (the Undo
        button, Take it back) or the coach was switched off, which drops the question and the card."""
        if self.turn is None:
            return False
        turns = self.scene.match.turns
        if not turns or turns[-1] is not self.turn or not self.on:
            self.forget()
            return False
        return True

    def words(self) -> str | None:
        """The banner's line while the computer waits for the coach (None otherwise)."""
        self._current()
        if self.advice is not None:
            return "Your last move may cost you: read the card, then play on or take it back."
        if self.request_id is not None:
            return "The coach looks at your move…"
        return None

    def room(self, moves: pygame.Rect) -> pygame.Rect:
        """What the move list keeps of ``moves`` while the card takes its top (all of it otherwise)."""
        self._current()
        if self.advice is None or not self.advice.sentence:
            return moves
        self.card = self._card_rect(self.advice.sentence, moves)
        top = self.card.bottom + GAP
        return pygame.Rect(moves.left, top, moves.width, max(LIST_LEAST, moves.bottom - top))

    def button(self, element: Any) -> bool:
        """One of the card's buttons: True when it was (and its answer is carried out)."""
        if element is self.buttons.get(ANYWAY):
            self.forget()
            return True
        if element is self.buttons.get(TAKE_BACK):
            self.forget()
            self.scene.undo()
            return True
        return False

    def keyed(self) -> dict[str, UIButton]:
        """The card's buttons for Tab, in screen order (none while the card is down)."""
        if self.advice is None:
            return {}
        return {key: self.buttons[label] for key, label in KEYED.items() if label in self.buttons}

    def key(self, event: pygame.event.Event) -> bool:
        """Esc and Enter while the card is up (after the focus had its say: Enter on a focused button
        presses that one): Esc plays on, Enter takes the move back. True when the key was the card's."""
        self._current()
        if self.advice is None or event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE:
            self.forget()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.forget()
            self.scene.undo()
        else:
            return False
        self.scene.app.invalidate()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The threat marks over the board on a human's turn, and the card while it is up."""
        scene = self.scene
        player = scene.input_player()
        if self.on and player is not None and not scene.review.active:
            marks = scene.view.threat_marks(player)
            if marks:
                surface.set_clip(scene.board_rect)
                marks.draw(surface, scene.view)
                surface.set_clip(None)
        if self.advice is not None and self.advice.sentence:
            self._draw_card(surface, self.advice.sentence)

    def forget(self) -> None:
        """Drop the question and the card (the move was answered, undone, or the game moved on)."""
        if self.request_id is not None:
            self.request_id = None
            try:
                self._worker().cancel()
            except Exception as exc:
                log.debug("the coach's worker did not stop cleanly: %s", exc)
        self.turn = None
        self.advice = None
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}

    # -- inside -------------------------------------------------------------------------------------
    def _worker(self) -> Any:
        return self.scene.app.analysis_worker

    def _collect(self) -> None:
        """The worker's answer, if it has come: a card for a mistake, else the computer may go on."""
        try:
            result = self._worker().poll()
        except Exception as exc:
            log.warning("the coach's worker failed: %s", exc)
            self.forget()
            return
        if result is None or result.request_id != self.request_id:
            return
        self.request_id = None
        try:
            if result.error or not result.move_text:
                raise ValueError(result.error or "no answer")
            advice = read_answer(result.move_text)
        except Exception as exc:  # a bad answer is the log's: the game goes on unjudged
            log.warning("the coach's answer was unusable: %s", exc)
            self.forget()
            return
        if not advice.sentence:
            self.forget()  # a good move: nothing to say, the computer replies
            return
        self.advice = advice
        self.scene.moves_rect  # noqa: B018 -- places the card (:meth:`room`), its buttons at once
        self._build_buttons(self.card)
        self.scene.keys.offer(FOCUS)  # a keyboard player finds the focus on the card
        self.scene.app.invalidate()

    def _stacked(self, width: int) -> bool:
        """Whether the two buttons stand one above the other: side by side they would cut a label."""
        half = (width - 2 * PADDING - GAP) // 2
        return any(style.font(15, True).size(label)[0] + 28 > half for label in (ANYWAY, TAKE_BACK))

    def _lines(self, sentence: str, width: int) -> list[str]:
        return style.wrap(sentence, 14, width - 2 * PADDING, max_lines=BODY_LINES)

    def _card_rect(self, sentence: str, moves: pygame.Rect) -> pygame.Rect:
        """The card at the top of ``moves``: title, the sentence's lines, then the buttons."""
        lines = self._lines(sentence, moves.width)
        rows = 2 if self._stacked(moves.width) else 1
        body = len(lines) * style.font(14).get_linesize()
        height = PADDING + 22 + body + 8 + rows * BUTTON_H + (rows - 1) * GAP + PADDING
        return pygame.Rect(
            moves.left, moves.top, moves.width, min(height, max(60, moves.height - LIST_LEAST))
        )

    def _draw_card(self, surface: pygame.Surface, sentence: str) -> None:
        """The card (placed by :meth:`room`): title, the sentence, the two buttons under it."""
        self.scene.moves_rect  # noqa: B018 -- places the card for the panel as it is now
        card = self.card
        lines = self._lines(sentence, card.width)
        pygame.draw.rect(surface, style.WHITE, card, border_radius=8)
        pygame.draw.rect(surface, style.BAD, card, width=2, border_radius=8)
        style.text(surface, TITLE, (card.left + PADDING, card.top + PADDING), 16, style.BAD, bold=True)
        style.text_block(surface, lines, (card.left + PADDING, card.top + PADDING + 22), 14, style.INK)
        if card != self._built or not self.buttons or not all(b.alive() for b in self.buttons.values()):
            self._build_buttons(card)

    def _build_buttons(self, card: pygame.Rect) -> None:
        """The two answers at the card's foot, side by side or stacked (again after a resize reset the
        panel)."""
        for button in self.buttons.values():
            button.kill()
        self._built = pygame.Rect(card)
        if self._stacked(card.width):
            width = card.width - 2 * PADDING
            second = pygame.Rect(card.left + PADDING, card.bottom - PADDING - BUTTON_H, width, BUTTON_H)
            first = second.move(0, -(BUTTON_H + GAP))
        else:
            width = (card.width - 2 * PADDING - GAP) // 2
            first = pygame.Rect(card.left + PADDING, card.bottom - PADDING - BUTTON_H, width, BUTTON_H)
            second = first.move(width + GAP, 0)
        self.buttons = {
            ANYWAY: UIButton(
                first, ANYWAY, self.scene.ui, tool_tip_text="Keep the move; the computer replies (Esc)"
            ),
            TAKE_BACK: UIButton(
                second,
                TAKE_BACK,
                self.scene.ui,
                tool_tip_text="Undo the move and choose again (Enter)",
                object_id=ObjectID("#coach-take-back", "@primary"),
            ),
        }
        self.scene.app.invalidate()
