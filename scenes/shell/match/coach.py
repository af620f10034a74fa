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

**Secret orders** (Elasta, Nelaxtam): both orders are revealed at once, so the word must come
before the order is sealed. When the player confirms their whole order (against the computer, or
either player of two at one screen), :meth:`Coach.weigh` holds it back from the match and sends it
to the worker with the public record only (:func:`game.coach.advise_order`: the order against the
opponent's likely orders; the other side's sealed order is never sent, so nothing of it can show).
Meanwhile nobody acts on the board. A fine order is then sealed as if nothing had happened; one that
throws away a mistake's worth gets the same card, on the entering player's own screen, before the
curtain goes up for the other: "Play it anyway" seals it, "Take it back" gives the board back with
the order still on it, to change and confirm again. The threat marks are the game's own
(:func:`game.threats.threatened`: Elasta's files one lost push from the ground line, Nelaxtam's
troops and pieces an enemy troop can destroy).

Kept out of the scene (which is near its size limit): the scene calls :meth:`Coach.holds` at every
frame (before it asks the computer for its move), :meth:`Coach.weigh` before it submits a move,
:attr:`Coach.weighing` (nobody acts meanwhile), :meth:`Coach.turn_played`, :meth:`Coach.button`,
:meth:`Coach.words` (the banner's line), :meth:`Coach.key`, :meth:`Coach.keyed` and :meth:`Coach.draw`.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.coach import COACH_LEVEL, Advice, judges_order, read_answer
from scenes.kit import style

if TYPE_CHECKING:
    from game.core import GameState, Move
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
LIST_ROOM = 90
"""Under this much left below the card the list would show a sliver of one row (a turn of secret
orders takes two lines): the card then takes the list's whole place while it is up."""


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

    def _submit(self, player: str, move: Any) -> None: ...

    def _say(self, text: str | None, error: bool = False) -> None: ...


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
        self.order: tuple[str, Move, GameState] | None = None
        """A secret order held back from the match for the coach's word: its player, the order and
        the position it was given in (nobody acts on the board while this is set)."""
        self._approved: tuple[str, Move] | None = None
        """The order the coach lets through next (:meth:`weigh` passes it on once)."""

    @property
    def on(self) -> bool:
        return coach_on(self.scene.app.settings)

    @property
    def pending(self) -> bool:
        """The worker is judging a move (the screen keeps drawing to look for the answer)."""
        return self.request_id is not None

    @property
    def weighing(self) -> bool:
        """A secret order waits for the coach's word or the player's answer to it: nobody acts."""
        return self.order is not None

    # -- secret orders, before they are sealed ---------------------------------------------------
    def weigh(self, player: str, move: Move) -> bool:
        """Before ``player``'s ``move`` goes into the match: True when the coach holds it back to
        judge it (a human's whole secret order, with the coach on, in a position its game judges);
        it is sealed later through the screen's own path, once judged fine or played anyway."""
        if self._approved is not None and self._approved == (player, move):
            self._approved = None
            return False
        self._approved = None
        match = self.scene.match
        if not self.on or match.over or match.seats[player].is_ai:
            return False
        try:
            if not judges_order(match.state):
                return False
            record = match.public_record()  # the other side's sealed order stays out
            record["pending"] = {player: match.state.move_to_text(player, move)}
            self.forget()
            self.request_id = self._worker().request(record, player, COACH_LEVEL, 0)
        except Exception as exc:  # a coach that cannot start never holds up the game
            log.warning("the coach could not start: %s", exc)
            return False
        self.order = (player, move, match.state)
        self.scene.app.invalidate()
        return True

    def _seal(self) -> None:
        """The order held back goes into the match now, through the screen's own path."""
        if self.order is None:
            return
        player, move, _ = self.order
        self.forget()
        self._approved = (player, move)
        self.scene._submit(player, move)
        self._approved = None

    def _give_back(self) -> None:
        """Take it back, for a secret order: nothing was sealed, the board is the player's again."""
        noun = self._order_noun(self.order[0]) if self.order is not None else "orders"
        self.forget()
        self.scene._say(f"Your {noun} are back on the board: change them and confirm again.")

    def _order_noun(self, player: str) -> str:
        """What the board calls a secret order ("chips", "orders"), from its secret task's words."""
        try:
            return self.scene.view.secret_task(player)[1] or "orders"
        except Exception:  # words are help: a board that cannot say gets the plain word
            return "orders"

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
        frame, so it also collects the worker's answer and lets go once the turn is taken back. A
        secret order held back never holds the computer: its own order is chosen apart."""
        if not self._current():
            return False
        if self.order is not None and not self.on:
            self._seal()  # the coach was switched off meanwhile: the order goes in unjudged
            return False
        if self.request_id is not None:
            self._collect()
        return self.turn is not None

    def _current(self) -> bool:
        """Whether a move is being judged or answered for still: not once it was undone (the Undo
        button, Take it back) or the coach was switched off, which drops the question and the card.
        A secret order held back is current while its position stands and its player still owes an
        order there."""
        if self.order is not None:
            player, _, state = self.order
            match = self.scene.match
            if match.state is not state or player not in match.awaiting():
                self.forget()
                return False
            return True
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
        if self.order is not None:
            noun = self._order_noun(self.order[0])
            if self.advice is not None:
                return f"Your {noun} may cost you: read the card, then play them or take them back."
            return f"The coach looks at your {noun}…"
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
        if moves.bottom - top < LIST_ROOM:  # no sliver of a list: the card has its place for now
            self.card = pygame.Rect(moves)
            return pygame.Rect(moves.left, moves.bottom, moves.width, 0)
        return pygame.Rect(moves.left, top, moves.width, max(LIST_LEAST, moves.bottom - top))

    def button(self, element: Any) -> bool:
        """One of the card's buttons: True when it was (and its answer is carried out)."""
        if element is self.buttons.get(ANYWAY):
            self._play_anyway()
            return True
        if element is self.buttons.get(TAKE_BACK):
            self._take_back()
            return True
        return False

    def _play_anyway(self) -> None:
        """The move stands (the computer replies), or the secret order is sealed."""
        if self.order is not None:
            self._seal()
        else:
            self.forget()

    def _take_back(self) -> None:
        """The move is undone, or the secret order given back to change."""
        if self.order is not None:
            self._give_back()
        else:
            self.forget()
            self.scene.undo()

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
            self._play_anyway()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._take_back()
        else:
            return False
        self.scene.app.invalidate()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The threat marks over the board on a human's turn, and the card while it is up."""
        scene = self.scene
        player = scene.input_player() if self.order is None else self.order[0]
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
        self.order = None
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
            self._unjudged()
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
            self._unjudged()
            return
        if not advice.sentence:
            self._unjudged()  # a good move: nothing to say, the computer replies (or it is sealed)
            return
        self.advice = advice
        self.scene.moves_rect  # noqa: B018 -- places the card (:meth:`room`), its buttons at once
        self._build_buttons(self.card)
        self.scene.keys.offer(FOCUS)  # a keyboard player finds the focus on the card
        self.scene.app.invalidate()

    def _unjudged(self) -> None:
        """No word to say (a good move, or a coach that failed): the game goes on as if unasked; a
        secret order held back is sealed, never lost."""
        if self.order is not None:
            self._seal()
        else:
            self.forget()

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
        secret = self.order is not None
        self.buttons = {
            ANYWAY: UIButton(
                first,
                ANYWAY,
                self.scene.ui,
                tool_tip_text="Seal these orders as they are (Esc)"
                if secret
                else "Keep the move; the computer replies (Esc)",
            ),
            TAKE_BACK: UIButton(
                second,
                TAKE_BACK,
                self.scene.ui,
                tool_tip_text="Change your orders before they are sealed (Enter)"
                if secret
                else "Undo the move and choose again (Enter)",
                object_id=ObjectID("#coach-take-back", "@primary"),
            ),
        }
        self.scene.app.invalidate()
