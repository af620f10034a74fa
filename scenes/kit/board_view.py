"""The board-view contract shared by every game, and the square-grid geometry most games reuse.

The shared :class:`~scenes.shell.match.scene.MatchScene` owns the flow of a match (banner, move list, AI,
undo, saving, dialogs). A game contributes only a :class:`BoardView` subclass that

* lays its board out inside a rectangle the scene gives it (:meth:`BoardView.layout`),
* draws a state and animates the difference between two states (:meth:`BoardView.set_state`),
* maps clicks to moves (:meth:`BoardView.handle_click` → :class:`ViewAction`), asking ``game/`` for
  the legal moves, never deciding a rule itself,
* explains what the human should do now (:meth:`BoardView.prompt`) and offers extra buttons such as
  *Pass* or *Confirm* (:meth:`BoardView.buttons` / :meth:`BoardView.press`),
* shapes a move's marks for a hint or a lesson from the squares the rules give it
  (:meth:`BoardView.move_marks`).

A view reads its match through :class:`~game.match.ViewSource` (state, turns, seats, sealed orders,
who owes a move), never a whole :class:`~game.match.Match`: the same view draws the live game, a
review's frozen past and a still picture.

Keeping that split means a sixth game is one view package plus one line in ``scenes/kit/registry.py``
(docs/architecture.md has the steps).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.core import GameError
from scenes.kit.animation import Timeline, duration_scale
from scenes.kit.marks import MAX_DRAGS, Marks
from scenes.kit.pacing import GENTLE, NOW
from scenes.kit.sound import Announce, silent

if TYPE_CHECKING:
    from game.core import GameState, Move
    from game.match import Turn, ViewSource

FILES = "abcdefghijklmnopqrstuvwxyz"

log = logging.getLogger(__name__)


# player-facing text ----------------------------------------------------------------------------------
def cap(text: str) -> str:
    """``text`` with a capital first letter (the engines' reasons start in lower case)."""
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """Player-facing text as a sentence: a capital first letter and one closing full stop."""
    text = cap(text.strip())
    return text if not text or text[-1] in ".!?…" else text + "."


def error_sentence(exc: Exception) -> str:
    """Why a game refused something, for the player: ``IllegalMoveError.why``, else the message."""
    return sentence(getattr(exc, "why", None) or str(exc))


# actions ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ViewAction:
    """What a click or button meant, for the scene to act on.

    ``move`` set: submit it for ``player`` through the match. ``message`` without ``error``: a hint for
    the banner (e.g. "Farmer selected — 3 places to go"). ``error``: the click was refused, show why
    (the board is unchanged). ``sound``: the event to announce for a quiet change (a farmer put down
    at setup); without it the scene says "pick-up" for a hint and "illegal" for a refusal."""

    move: Move | None = None
    player: str | None = None
    message: str | None = None
    error: bool = False
    sound: str | None = None

    @property
    def heard(self) -> str | None:
        """The sound event this answer makes at once (every screen with a board says the same): a
        refusal, the view's own sound, or a piece picked up for a hint; a move is heard from its
        animation instead."""
        if self.error:
            return "illegal"
        if self.sound:
            return self.sound
        return "pick-up" if self.move is None and self.message else None

    @classmethod
    def nothing(cls) -> ViewAction:
        return cls()

    @classmethod
    def hint(cls, message: str) -> ViewAction:
        return cls(message=message)

    @classmethod
    def refuse(cls, message: str) -> ViewAction:
        return cls(message=message, error=True)

    @classmethod
    def refuse_error(cls, exc: Exception) -> ViewAction:
        """Refuse with the game's own reason (see :func:`error_sentence`)."""
        return cls.refuse(error_sentence(exc))

    @classmethod
    def play(cls, player: str, move: Move, message: str | None = None) -> ViewAction:
        return cls(move=move, player=player, message=message)


@dataclass(frozen=True)
class ViewButton:
    """An extra command a view offers in the side panel (Pass, Confirm setup, Clear...)."""

    key: str
    label: str
    tooltip: str = ""
    primary: bool = False
    enabled: bool = True
    """False shows the button greyed out (e.g. Confirm before an allotment is complete)."""


@dataclass(frozen=True)
class CursorPlace:
    """A spot the keyboard cursor can stand on: Enter or Space there is a click at the centre of
    ``rect``, and the focus ring is drawn round ``rect``. ``name`` keeps the cursor on the same spot
    when the board is laid out again (a square's name, "tray 3", "merge"...)."""

    name: str
    rect: pygame.Rect


# square-grid geometry -------------------------------------------------------------------------------------
def square_name(file: int, rank: int) -> str:
    """Algebraic name of a square: file 0, rank 0 → ``a1``."""
    return f"{FILES[file]}{rank + 1}"


def parse_square(name: str) -> tuple[int, int]:
    """``c2`` → (2, 1). Raises ValueError for anything else."""
    name = name.strip().lower()
    if len(name) < 2 or name[0] not in FILES or not name[1:].isdigit():
        raise ValueError(f"'{name}' is not a square")
    return FILES.index(name[0]), int(name[1:]) - 1


@dataclass(frozen=True)
class GridGeometry:
    """Where each square of a ``files`` × ``ranks`` grid is on screen, with ``gap`` pixels between.

    Rank 1 is at the bottom (the usual diagram orientation) unless ``flipped``. Clicks that land in
    a gap belong to the nearer square, so a slightly-off click on a gapped board still counts."""

    files: int
    ranks: int
    origin: tuple[int, int]
    square: int
    gap: int
    flipped: bool = False

    @classmethod
    def fit(
        cls,
        area: pygame.Rect,
        files: int,
        ranks: int,
        gap_ratio: float = 0.0,
        flipped: bool = False,
        max_square: int | None = None,
    ) -> GridGeometry:
        """The largest grid of whole-pixel squares (and gaps of ``gap_ratio`` × square) centred in
        ``area``. Whole pixels keep tile edges crisp and every gap equal."""
        unit_w = files + gap_ratio * (files - 1)
        unit_h = ranks + gap_ratio * (ranks - 1)
        square = int(min(area.width / unit_w, area.height / unit_h))
        if max_square is not None:
            square = min(square, max_square)
        square = max(4, square)
        gap = round(square * gap_ratio)
        width = files * square + (files - 1) * gap
        height = ranks * square + (ranks - 1) * gap
        origin = (area.centerx - width // 2, area.centery - height // 2)
        return cls(files, ranks, origin, square, gap, flipped)

    @property
    def pitch(self) -> int:
        return self.square + self.gap

    @property
    def rect(self) -> pygame.Rect:
        """The whole grid, from the outer edge of the first square to the outer edge of the last."""
        return pygame.Rect(
            self.origin, (self.files * self.pitch - self.gap, self.ranks * self.pitch - self.gap)
        )

    def _row(self, rank: int) -> int:
        return rank if self.flipped else self.ranks - 1 - rank

    def square_rect(self, file: int, rank: int) -> pygame.Rect:
        x = self.origin[0] + file * self.pitch
        y = self.origin[1] + self._row(rank) * self.pitch
        return pygame.Rect(x, y, self.square, self.square)

    def center(self, file: int, rank: int) -> tuple[int, int]:
        return self.square_rect(file, rank).center

    def center_of(self, name: str) -> tuple[int, int]:
        return self.center(*parse_square(name))

    def rect_of(self, name: str) -> pygame.Rect:
        return self.square_rect(*parse_square(name))

    def square_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The square under ``pos`` (gaps count for the nearer square), or None off the grid."""
        x = pos[0] - self.origin[0] + self.gap / 2
        y = pos[1] - self.origin[1] + self.gap / 2
        if x < 0 or y < 0:
            return None
        file, row = int(x // self.pitch), int(y // self.pitch)
        if file >= self.files or row >= self.ranks:
            return None
        rank = row if self.flipped else self.ranks - 1 - row
        return file, rank

    def name_at(self, pos: tuple[int, int]) -> str | None:
        square = self.square_at(pos)
        return None if square is None else square_name(*square)

    def names(self) -> list[str]:
        return [square_name(f, r) for r in range(self.ranks) for f in range(self.files)]

    def places(self) -> list[CursorPlace]:
        """Every square as a stop of the keyboard cursor (see :meth:`BoardView.cursor_places`)."""
        return [
            CursorPlace(square_name(f, r), self.square_rect(f, r))
            for r in range(self.ranks)
            for f in range(self.files)
        ]


# the view base class ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Gesture:
    """One thing a player does with the mouse or keyboard to enter (part of) a move: tests drive
    lessons and whole games with real events from these, and a lesson's "Show me" can point at them.

    ``kind`` is ``"click"`` (at ``pos``), ``"drag"`` (press at ``pos``, release at ``to``),
    ``"button"`` (the view's own side-panel button ``key``, see :meth:`BoardView.buttons`) or
    ``"key"`` (``key`` is a pygame key code, ``text`` what it types)."""

    kind: str
    pos: tuple[int, int] = (0, 0)
    to: tuple[int, int] = (0, 0)
    key: str | int = ""
    text: str = ""


class BoardView:
    """Base class for a game's board. Subclasses override the drawing and input parts.

    The scene calls, every frame: :meth:`update`, then :meth:`draw`; on input: :meth:`hover`,
    :meth:`handle_click`, :meth:`cancel`, :meth:`press`; on each new position: :meth:`set_state`
    (with the :class:`~game.match.Turn` that led there to animate, or None to snap, e.g. after undo).
    While :attr:`busy` the scene holds back the AI and further input, so the board never shows a
    position other than the one being animated to."""

    game_id: ClassVar[str] = ""

    def __init__(self, match: ViewSource[GameState], settings: Any = None) -> None:
        self.match = match
        """What the board draws from (:class:`~game.match.ViewSource`): the live match on the match
        screen, a frozen past in a review, a :class:`~game.match.Snapshot` in a picture. Only read:
        the screen hosting the board plays the moves."""
        self.settings = settings
        self.state: GameState = match.state
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.timeline = Timeline(0.0)
        self.hover_pos: tuple[int, int] | None = None
        self.last_move: Turn | None = match.turns[-1] if match.turns else None
        self.hidden_players: frozenset[str] = frozenset()
        self._player_tokens: dict[tuple[str, int], pygame.Surface | None] = {}
        self.announce: Announce = silent
        """Where the board's sounds go: the match screen plugs in the app's sound board; elsewhere
        (lessons, screenshots, tests) the board stays silent."""
        self._coach_threats: tuple[GameState, str, Marks] | None = None
        """The coach's threat marks of the last position asked about (:meth:`threat_marks`)."""
        self.turn_words = True
        """Whether the name plates say whose turn it is ("placing", "to choose", "waiting"): False
        for a still picture (:mod:`scenes.kit.picture`), where nobody is about to act and the plates
        say only "wins" or "draw" at the end (:meth:`seat_status`)."""

    # -- layout and state -------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Fit the board into ``rect`` and (re)build size-dependent sprites. Called on every resize."""
        self.rect = pygame.Rect(rect)

    def set_state(self, state: GameState, animate_from: Turn | None = None) -> None:
        """Show ``state``. With ``animate_from`` (the turn that produced it) play the game's animation
        of that turn; without, snap (undo, redo, loading). Any partial input is dropped."""
        self.state = state
        self.last_move = animate_from if animate_from is not None else self._turn_leading_to(state)
        self.timeline = Timeline(self.animation_scale() if animate_from is not None else 0.0)
        self.cancel()

    def _turn_leading_to(self, state: GameState) -> Turn | None:
        for turn in reversed(self.match.turns):
            if turn.after is state:
                return turn
        return None

    def animation_scale(self) -> float:
        return duration_scale(self.settings)

    # -- who sees what (simultaneous games with secret orders) ------------------------------------
    def _actor(self) -> str | None:
        """The human who may act on the board now (the scene's input player, minus its own checks)."""
        if self.match.over:
            return None
        for player in self.match.awaiting():
            if not self.match.seats[player].is_ai:
                return player
        return None

    def viewer(self) -> str | None:
        """Whose secrets may be shown: the acting human, else the only human at the screen."""
        actor = self._actor()
        if actor is not None:
            return actor
        humans = self.match.humans()
        return humans[0] if len(humans) == 1 else None

    def _shows(self, player: str) -> bool:
        """Whether ``player``'s own draft or sealed orders may be drawn face up: only to that
        player, and behind the hand-off curtain only when no other human shares the screen."""
        if player != self.viewer():
            return False
        return player not in self.hidden_players or len(self.match.humans()) == 1

    def secret_task(self, player: str) -> tuple[str, str]:
        """What ``player`` enters in secret now, for the hand-off curtain: (what they do, what it is
        called), e.g. ("deals the chips", "chips"); the curtain says "Black deals the chips" and
        "Backspace takes your chips back". Boards with secret entries say it in their game's words."""
        return "gives the orders", "orders"

    def set_hidden(self, players: Sequence[str]) -> None:
        """Hide the secret parts (pending orders) of these players — for the hot-seat curtain."""
        self.hidden_players = frozenset(players)

    def seat_status(self, player: str, acting: str, waiting: str) -> str:
        """A side's word for its name plate: "wins" or "draw" (else nothing) at the end, "revealed"
        while a turn plays, "sealed" once its orders are in, "thinking…" for the computer, then
        ``acting`` when it is the acting human and ``waiting`` when not (nothing for either without
        :attr:`turn_words`)."""
        if not self.turn_words:
            acting = waiting = ""
        state = self.state
        if state.over:
            outcome = state.outcome()
            if outcome is not None and outcome.winner == player:
                return "wins"
            return "draw" if outcome is not None and outcome.winner is None else ""
        if self.busy:
            return "revealed"
        if player in self.match.pending:
            return "sealed"
        if self.match.seats[player].is_ai:
            return "thinking…"
        return acting if player == self._actor() else waiting

    # -- frame --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.timeline.update(dt)
        for event in self.timeline.due():
            self.announce(event)

    def hear_turn(self, plan: Callable[[Timeline], object]) -> None:
        """Animations off: the board snaps, but the turn is still heard. ``plan`` (the view's own
        planner, given a timeline) runs on a scratch timeline; its sound cues are said at once, in
        their order, on the next frame, and its tracks are thrown away."""
        scratch = Timeline(1.0)
        try:
            plan(scratch)
        except Exception as exc:  # a sound is never worth a crash: the board just snaps, silently
            log.debug("no sound for this turn: its plan failed (%s)", exc)
            return
        self.timeline.take_cues(scratch)

    @property
    def busy(self) -> bool:
        """True while an animation plays: the scene waits before the AI moves or input is taken."""
        return self.timeline.busy

    def finish_animation(self) -> None:
        self.timeline.finish()

    def next_frame(self) -> float | None:
        """How soon the board must be drawn again by itself (the screen hosting it passes this on
        as its ``Scene.next_frame``): ``NOW`` while an animation plays or its sounds are still to be
        said, ``GENTLE`` while something pulses (:meth:`pulsing`), else None: a still board costs
        nothing."""
        if self.busy or self.timeline.cues:
            return NOW
        return GENTLE if self.pulsing() else None

    def pulsing(self) -> bool:
        """True while something on the board moves with time outside any animation (a ring that
        breathes round a threat, a piece put down but not yet final). Views that draw with their
        clock at rest override this; without it their pulse would freeze until the next input."""
        return False

    def prepare_scenery(self) -> None:
        """Build what ``draw`` caches for the board's size (its static scenery) now rather than in
        the first drawing: called in the frame of a layout after a resize. Nothing by default."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the board into :attr:`rect` (only there: the scene owns the rest of the window)."""

    # -- input ----------------------------------------------------------------------------------------
    def hover(self, pos: tuple[int, int] | None) -> None:
        self.hover_pos = pos

    def handle_click(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        """A left click at ``pos``. ``player`` is the human who may act now (None: look, don't touch)."""
        return ViewAction.nothing()

    def handle_release(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        """The left button went up at ``pos`` (anywhere in the window): the end of a drag. The scene
        only acts on a non-empty action, so a plain click's release never clears its own message."""
        return ViewAction.nothing()

    def handle_key(self, key: int, text: str, player: str) -> ViewAction | None:
        """A key press (no Ctrl) while ``player`` may act, e.g. typing an order. None: not the view's
        key, the scene applies its own shortcuts. Esc and F1 always stay with the scene."""
        return None

    def claims_key(self, key: int) -> bool:
        """True when :meth:`handle_key` means something by ``key`` right now, so the app leaves it to
        the board instead of using it itself (``M`` is mute everywhere else)."""
        return False

    def cancel(self) -> bool:
        """Drop any selection or half-made move (right click, Esc). True if there was one."""
        return False

    def cursor_places(self, player: str | None) -> list[CursorPlace]:
        """Where the keyboard cursor may stand now for ``player`` (None: nobody may act): every place
        a click means something, so a game can be played without a mouse (:mod:`scenes.kit.keyboard`
        moves the cursor by the places' centres and turns Enter into a click there). A board whose
        input is not a plain square grid lists its own places (trays, rails, a question's buttons)."""
        return []

    def prompt(self, player: str) -> str:
        """What ``player`` (a human to act) should do now, for the turn banner."""
        return "make your move"

    def buttons(self, player: str | None) -> list[ViewButton]:
        """Extra commands for the side panel now (e.g. Pass); the scene rebuilds them on change."""
        return []

    def press(self, key: str, player: str | None) -> ViewAction:
        """One of :meth:`buttons` was pressed."""
        return ViewAction.nothing()

    def status_extra(self) -> str:
        """Optional one-line status below the banner (e.g. 'Elephant 4 of 10 points')."""
        return ""

    # -- teaching: where things are, and how a move is entered -------------------------------------
    def square_center(self, name: str) -> tuple[int, int] | None:
        """Where square ``name`` (in the game's notation, e.g. "c2") is drawn now, for a lesson's
        rings and arrows and a hint's marks; None if this board has no such square."""
        return None

    def move_marks(self, player: str, move: Move) -> Marks:
        """The marks that show every part of ``move`` of ``player`` in the position shown: made from
        the squares the rules give it (``GameState.move_squares``), by default the piece's way (an
        arrow, a ring where it ends). A board whose moves are placements or orders of many pieces
        shapes them its own way; nothing here is read back from pixels or from notation."""
        return Marks.along(self.state.move_squares(player, move))

    def hint_marks(self, player: str, move: Move) -> Marks:
        """The marks of a hint suggesting ``move``: :meth:`move_marks`, unless a move of many parts
        drawn whole would tangle and the board keeps the parts that decide it (the status line
        says the rest in words)."""
        return self.move_marks(player, move)

    def marks_for_move(self, player: str, move_text: str) -> Marks:
        """A lesson's "Show me" for ``move_text``: :meth:`move_marks`, without drag arrows when
        there are more than :data:`~scenes.kit.marks.MAX_DRAGS` (they would cross; the screen then
        writes the move out); no marks for text that is not a legal move here."""
        marks = self._marks(player, move_text, self.move_marks)
        if len(marks.drags) > MAX_DRAGS:
            marks.drags = []
        return marks

    def marks_for_hint(self, player: str, move_text: str) -> Marks:
        """A hint's marks for the suggestion ``move_text`` (:meth:`hint_marks`); none for text that
        is not a legal move here."""
        return self._marks(player, move_text, self.hint_marks)

    def _marks(self, player: str, move_text: str, shape: Callable[[str, Move], Marks]) -> Marks:
        """``shape``'s marks for ``move_text`` read in the position shown; none when the text is no
        legal move here or the board cannot mark it (marks are help: they never take a screen down)."""
        try:
            return shape(player, self.state.parse_move(player, move_text))
        except (GameError, ValueError, KeyError, IndexError, TypeError) as exc:
            log.debug("no marks for %r: %s", move_text, exc)
            return Marks()

    def threat_marks(self, player: str) -> Marks:
        """The coach's red rings on ``player``'s pieces the opponent could take with its next move
        (:func:`game.threats.threatened`, from the rules' own captures), in the position shown. The
        same for every board that places its squares (:meth:`square_center`), so every game of
        alternating turns has them at once; worked out once per position, since the screen asks
        at every frame it draws."""
        kept = self._coach_threats
        if kept is not None and kept[0] is self.state and kept[1] == player:
            return kept[2]
        from game.threats import threatened

        try:
            marks = Marks.threats(threatened(self.state, player))
        except (GameError, ValueError, KeyError, IndexError, TypeError) as exc:
            log.debug("no threat marks: %s", exc)  # marks are help: they never take a screen down
            marks = Marks()
        self._coach_threats = (self.state, player, marks)
        return marks

    def gestures_for(self, player: str, move_text: str) -> list[Gesture] | None:
        """The clicks, drags, buttons and keys that enter ``move_text`` for ``player`` in the position
        shown now (a simultaneous game's whole set of orders, ending with its confirmation); None if
        this view cannot say. Performed in order through real events, they must submit exactly that
        move."""
        return None

    # -- side panel helpers ---------------------------------------------------------------------------
    def player_color(self, player: str) -> tuple[int, int, int]:
        """The colour that stands for ``player`` in the banner, cards and move list."""
        palette = ((196, 72, 58), (226, 178, 74), (70, 120, 180), (92, 160, 96))
        players = list(self.match.game.players)
        return palette[players.index(player) % len(palette)] if player in players else (128, 128, 128)

    def player_token(self, player: str, size: int) -> pygame.Surface | None:
        """A small picture of ``player``'s piece (cards, banner); None draws a coloured disc.
        Drawn once per player and size: the panel asks for it every frame."""
        key = (player, size)
        if key not in self._player_tokens:
            if len(self._player_tokens) >= 32:  # sizes the window passed through: forget them
                self._player_tokens.clear()
            self._player_tokens[key] = self.make_player_token(player, size)
        return self._player_tokens[key]

    def make_player_token(self, player: str, size: int) -> pygame.Surface | None:
        """Draw :meth:`player_token`'s picture; views with pieces of their own override this."""
        return None

    def player_summary(self, player: str) -> str:
        """One line under the player's name on its card (score, pieces left...)."""
        score = self.state.score()
        return f"{score[player]} points" if player in score else ""

    def result_details(self) -> str:
        """The score line of the end dialog ("Points 10 / 10 · 9 tiles eaten"); "" uses score()."""
        return ""

    def focus_rect(self) -> pygame.Rect:
        """The board proper inside :attr:`rect` (dialogs centre on it)."""
        return self.rect

    def turn_note(self, turn: Turn) -> str:
        """A short explanation shown beside a turn's notation in the move list ("eats d3")."""
        return ""


class FittedBoardView(BoardView):
    """A board that scales with one square size: the game's own layout (``board``, fitted to the view's
    rect by :meth:`fit_board`, with its square grid ``geo`` and square size ``s``) and the sprites
    made for that size (:meth:`make_sprites`). The cached static picture (``board_surface``) is
    dropped at every layout."""

    board: Any
    sprites: Any
    board_surface: pygame.Surface | None

    def fit_board(self, rect: pygame.Rect) -> Any:
        """The game's layout fitted into ``rect`` (it has ``geo`` and ``s``)."""
        raise NotImplementedError

    def make_sprites(self, s: int) -> Any:
        """The game's sprites for square size ``s``."""
        raise NotImplementedError

    @property
    def geo(self) -> GridGeometry:
        """The square grid on screen (tests and clicks find squares through it)."""
        return self.board.geo

    def cursor_places(self, player: str | None) -> list[CursorPlace]:
        """Every square of the grid: all these boards' clicks land on squares."""
        return self.geo.places()

    @property
    def s(self) -> int:
        """The square size in pixels, which every sprite and distance on the board scales with."""
        return self.board.s

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self.board = self.fit_board(rect)
        self.sprites = self.make_sprites(self.board.s)
        self.board_surface = None
