"""Review: the board as it was after any earlier move, while the game itself goes on untouched.

A player who clicks a row of the move list, or presses Left, Right, Home or End, looks back at the
game. What they see is drawn by a second board view of the same game, built the first time it is
needed and kept, so nothing of the live board is disturbed: a half-entered order, a selection, the
animation of the computer's reply that arrives meanwhile — all of it is still there, and up to date,
when the player goes back. That second view is given a frozen copy of the match cut at the position
shown, with no sealed orders in it: a review only ever shows turns both sides have seen.

Positions are counted the way players count moves: position 0 is the start, position ``k`` the
board after move ``k`` (``match.turns[k - 1].after``). Stepping forward one move animates it, as the
live board would; any jump snaps.

A game record opened from a file (:attr:`Review.record`) is only ever reviewed: there is no game
behind it to go back to, so nothing is saved and the computer does not move. The banner's last
button is then "Continue from here", which makes a game of the position shown (:func:`played_on`):
from then on it is played and saved like any other. A live game's review offers the same as "Play
from here" beside the arrows: a side line, a game of its own against the opponent chosen in a small
dialog (:mod:`.side_line`: the computer at a level or two players, the game's own seats to start
with), while the game reviewed stays saved as it was (the Load screen brings it back).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.match import Match, Seat
from scenes.kit import style
from scenes.shell.match.review_source import ReviewedMatch, frozen_copy

if TYPE_CHECKING:
    from game.match import Turn
    from scenes.kit.board_view import BoardView

REVIEW_KEYS: dict[int, str] = {
    pygame.K_LEFT: "previous",
    pygame.K_RIGHT: "next",
    pygame.K_HOME: "start",
    pygame.K_END: "live",
}
"""The keys of a review and what they do (a board that uses a key itself gets it first)."""

BACK_LABEL = "Back to the game"
BACK_WHEN_OVER = "Back to the end"
BACK_SHORT = "Back"
"""A small window's "Back to the game": beside the arrows and the blue Review tag it needs no more,
and the banner's words need the room (its tooltip and End say the rest)."""
TAG_TEXT = "Review"
CONTINUE = "continue"
"""The command of a record's "Continue from here" button (the scene makes the game)."""
ANALYSE = "analyse"
"""The command of the banner's Analyse button (a finished game's or a record's, until it is analysed)."""
ANALYSE_LABEL = "Analyse"
CONTINUE_LABEL = "Continue from here"
WHAT_IF_LABEL = "Play from here"
WHAT_IF_SHORT = "What if…"
"""The same button in a small window's banner."""
"""A live game's review offers the same command: a side line from the position shown, as a game of
its own, while the game itself stays saved as it was."""
RECORD_TAG = "Record"
RECORD_NOTE = "This is a game record: Continue from here plays on from the position shown."
"""What a record says when the player tries to leave its review or touch its board."""
STEP_WIDTH = 44
"""The banner's ‹ and › buttons: square enough for one glyph, wide enough to hit."""


def played_on(match: Match, position: int, seats: dict[str, Seat] | None = None) -> Match:
    """A new game from a record's position ``position``: the same game and options, the same seats
    unless ``seats`` are given (a side line's, chosen in its dialog), its moves up to there replayed
    through the rules, and an id of its own (so it saves as a game of its own; the record's later
    moves are left out). The match it comes from is only read."""
    fresh = Match(match.game, match.options, dict(seats) if seats is not None else match.seats)
    for text in match.move_texts()[: max(0, position)]:
        fresh.play_text(text)
    return fresh


class Review:
    """Which position is shown (``position``; None while the live game is shown) and the board view
    that shows it. The scene asks it what to draw and where the keys and buttons lead; the
    live match is only ever read."""

    def __init__(self, match: Match, make_view: Callable[[Match], BoardView]) -> None:
        self.match = match
        self._make_view = make_view
        self.position: int | None = None
        self.view: BoardView | None = None
        self._frozen: ReviewedMatch | None = None
        self._rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[str, UIButton] = {}
        self.compact = False
        self.crowded = False
        """Analyse stands in the banner too: the headline and "What if…" say less, as in a small one."""
        """The banner is a small window's (set by :meth:`build`): the headline says less."""
        self.record = False
        """The match is a game record opened from a file: only reviewed, never left for a live game;
        "Continue from here" stands where "Back to the game" would."""

    # -- where the review stands ---------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.position is not None

    @property
    def last(self) -> int:
        """The newest position there is to see (a reply that arrived during the review counts)."""
        return len(self.match.turns)

    @property
    def turn_index(self) -> int | None:
        """The index in ``match.turns`` of the move shown (its row is highlighted); None at the
        start position and while the live game is shown."""
        if self.position is None or self.position == 0:
            return None
        return self.position - 1

    @property
    def turn(self) -> Turn | None:
        """The move that led to the position shown."""
        index = self.turn_index
        return None if index is None or index >= len(self.match.turns) else self.match.turns[index]

    # -- moving through the game ---------------------------------------------------------------
    def show(self, position: int) -> None:
        """Show the board after move ``position`` (0: the start), clamped to the moves there are.
        One step forward animates that move; anything else snaps."""
        position = max(0, min(position, self.last))
        previous = self.position
        view, frozen = self._built()
        frozen.turns = self.match.turns[:position]
        turn = None
        if previous is not None and position == previous + 1:
            turn = self.match.turns[position - 1]
        view.finish_animation()
        view.set_state(frozen.state, animate_from=turn)
        self.position = position
        self._show_buttons()

    def target(self, command: str) -> int | None:
        """Where a review command ("previous", "next", "start", "live") leads: the position to
        show, or None for the game as it stands (End, or Right past the newest move)."""
        here = self.position if self.position is not None else self.last
        if self.record:  # End is the last move: a record has no live game to go back to
            steps = {"previous": here - 1, "next": here + 1, "start": 0, "live": self.last}
            return max(0, min(self.last, steps.get(command, here)))
        if command == "live" or (command == "next" and here >= self.last):
            return None
        return max(0, {"previous": here - 1, "next": here + 1, "start": 0}.get(command, here))

    def leave(self) -> None:
        """Back to the live game; the review view is kept for the next look back."""
        self.position = None
        if self.view is not None:
            self.view.finish_animation()
        self._show_buttons()

    def _built(self) -> tuple[BoardView, ReviewedMatch]:
        """The review's view and its frozen match, made on the first look back and kept."""
        if self.view is None or self._frozen is None:
            self._frozen = frozen_copy(self.match)
            self.view = self._make_view(self._frozen)
            self.view.layout(self._rect)
        return self.view, self._frozen

    # -- the frame -----------------------------------------------------------------------------
    def layout(self, board: pygame.Rect) -> None:
        """The board area changed (a resize): the review view fits itself again."""
        self._rect = pygame.Rect(board)
        if self.view is not None:
            self.view.layout(self._rect)

    def update(self, dt: float) -> None:
        if self.active and self.view is not None:
            self.view.update(dt)

    def next_frame(self) -> float | None:
        """The review view's own motion (a step's animation), only while it is on screen."""
        if self.active and self.view is not None:
            return self.view.next_frame()
        return None

    def banner_texts(self, sentence: Callable[[Turn], str]) -> tuple[str, str]:
        """The banner's headline and detail: which move is shown and what it did (``sentence``:
        the move list's words for a turn); at the start, how to go on."""
        last = self.last
        turn = self.turn
        if self.record:
            name = "" if self.crowded else "Game record: "  # the board's "Record" tag says it too
            if self.position == 0 or turn is None:
                steps = "Right arrow or › steps through the moves; " if last else ""
                start = f"{name}the start position" if name else "The start position"
                return start, f"{steps}Continue from here plays from it."
            move = f"move {self.position} of {last}"
            return f"{name}{move}" if name else move.capitalize(), sentence(turn)
        if self.position == 0 or turn is None:
            return "Reviewing the start position", "Right arrow or › steps through the moves."
        if self.compact or self.crowded:  # "Play from here" takes room, the board's tag says "Review"
            return f"Move {self.position} of {last}", sentence(turn)
        return f"Reviewing move {self.position} of {last}", sentence(turn)

    # -- the banner's buttons ------------------------------------------------------------------
    def build(
        self, ui: pygame_gui.UIManager, banner: pygame.Rect, compact: bool, analyse: bool = False
    ) -> pygame.Rect:
        """Make the ‹, › and "Back to the game" (a record's "Continue from here") buttons at the
        banner's right end, and with ``analyse`` an Analyse button left of them (the UI was just
        reset by a layout, a record was opened, or Analyse comes or goes: the old ones go); returns
        the part of the banner left for the words."""
        for button in self.buttons.values():
            if button.alive():
                button.kill()
        self.compact = compact
        self.crowded = analyse
        height = 34 if compact else 38
        label = CONTINUE_LABEL if self.record else self._back_label()
        back_w = max(style.font(16, True).size(label)[0] + 34, 80 if compact else 150)
        gap = 8
        top = banner.centery - height // 2
        right = banner.right - 14
        back = pygame.Rect(right - back_w, top, back_w, height)
        forward = pygame.Rect(back.left - gap - STEP_WIDTH, top, STEP_WIDTH, height)
        backward = pygame.Rect(forward.left - gap - STEP_WIDTH, top, STEP_WIDTH, height)
        specs = (
            ("previous", backward, "‹", "The move before (Left arrow; Home: the start)", "@secondary"),
            ("next", forward, "›", "The next move (Right arrow)", "@secondary"),
            (
                "live",
                back,
                label,
                "Leave the review and show the game as it stands now (End)",
                "@primary",
            ),
        )
        if self.record:
            specs = (
                *specs[:2],
                (
                    CONTINUE,
                    back,
                    CONTINUE_LABEL,
                    "Play on from the position shown as a new game, saved like any other",
                    "@primary",
                ),
            )
        else:  # what if: a side line from the position shown; the game itself is kept as it is
            what_label = WHAT_IF_SHORT if compact or analyse else WHAT_IF_LABEL
            what_if_w = max(style.font(16, True).size(what_label)[0] + 30, 100)
            what_if = pygame.Rect(backward.left - gap - what_if_w, top, what_if_w, height)
            specs = (
                (
                    CONTINUE,
                    what_if,
                    what_label,
                    "Play on from here against the opponent you choose; this game stays as it is",
                    "@secondary",
                ),
                *specs,
            )
            backward = what_if
        if analyse:  # a finished game or a record, not yet analysed
            analyse_w = max(style.font(16, True).size(ANALYSE_LABEL)[0] + 30, 90)
            analyse_rect = pygame.Rect(backward.left - gap - analyse_w, top, analyse_w, height)
            specs = (
                (
                    ANALYSE,
                    analyse_rect,
                    ANALYSE_LABEL,
                    "Let the computer read every move: a graph of the winning chance, the mistakes marked",
                    "@secondary",
                ),
                *specs,
            )
            backward = analyse_rect
        self.buttons = {
            key: UIButton(rect, label, ui, tool_tip_text=tip, object_id=ObjectID(f"#review_{key}", kind))
            for key, rect, label, tip, kind in specs
        }
        self._show_buttons()
        return pygame.Rect(banner.left, banner.top, backward.left - gap - banner.left, banner.height)

    def command(self, element: object) -> str | None:
        """The review command of a pressed button, or None when it is not one of the review's."""
        return next((key for key, button in self.buttons.items() if element is button), None)

    def _show_buttons(self) -> None:
        """The buttons stand in the banner only during a review; "Back to the game" says where it
        leads once the game is over (there is no game left to play, only its end)."""
        for key, button in self.buttons.items():
            if not self.active:
                if button.visible:
                    button.hide()
                continue
            if not button.visible:
                button.show()
            if key == "live":
                label = self._back_label()
                if button.text != label:
                    button.set_text(label)
            elif key == "previous":
                _enable(button, (self.position or 0) > 0)
            elif key == "next" and self.record:
                _enable(button, (self.position or 0) < self.last)
            elif key == CONTINUE:  # at the end of a finished game there is nothing left to play,
                # unless it was resigned: the board still has moves ("what if I had played on?")
                _enable(button, not (self.match.state.over and self.position == self.last))
                if not self.record and self.position == self.last and not self.match.over:
                    _enable(button, False)  # the game itself goes on from here: no side line needed

    def _back_label(self) -> str:
        if self.compact:
            return BACK_SHORT
        return BACK_WHEN_OVER if self.match.over else BACK_LABEL

    def refresh(self) -> None:
        """A move arrived or the game ended during the review: the buttons follow."""
        self._show_buttons()

    def draw_frame(self, surface: pygame.Surface, board: pygame.Rect) -> None:
        """A coloured frame round the board area and a tag on it, so a past position is never
        taken for the game as it stands."""
        frame = board.inflate(-2, -2)
        pygame.draw.rect(surface, style.ARMS_BLUE, frame, width=4, border_radius=12)
        label = style.text_surface(RECORD_TAG if self.record else TAG_TEXT, 15, style.WHITE, bold=True)
        tag = label.get_rect().inflate(20, 8)
        tag.topleft = (frame.left + 16, frame.top)
        pygame.draw.rect(
            surface, style.ARMS_BLUE, tag, border_bottom_left_radius=8, border_bottom_right_radius=8
        )
        surface.blit(label, label.get_rect(center=tag.center))


def _enable(button: UIButton, on: bool) -> None:
    if on and not button.is_enabled:
        button.enable()
    elif not on and button.is_enabled:
        button.disable()
