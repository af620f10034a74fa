"""A headless match: a game, its options, who sits at each side, and the history of turns.

Scenes and saves talk to a :class:`Match`, never to a game's internals. The match owns the flow every
game shares: submitting moves (collecting secret orders until a simultaneous turn is complete),
undo/redo with the rules for when going back is fair, and the record a save file stores.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol, TypeVar

from game.core import GameError, GameInfo, GameState, Move, Outcome
from game.register import get as get_game
from game.text import clean_text, quoted

HUMAN = "human"
AI = "ai"


class RecordError(GameError):
    """A match record that cannot be loaded.

    The message names everything, but the parts are kept as fields too, so that a reader who words
    its own sentence (the load screen) never has to parse this one: ``move_number`` (1-based) and
    ``move_text`` name the first bad turn, ``reason`` says what is wrong with it (or with the
    record) without that prefix, ``pending`` marks a bad secret order, and ``cause`` is the game's
    own error when the rules refused the move (an :class:`~game.core.IllegalMoveError` or a
    :class:`~game.core.NotationError`, with their ``text`` and ``why``)."""

    def __init__(
        self,
        reason: str,
        move_number: int | None = None,
        move_text: str | None = None,
        *,
        pending: bool = False,
        cause: GameError | None = None,
    ) -> None:
        message = f"pending order: {reason}" if pending else reason
        if move_number is not None:
            message = f"move {move_number} ('{move_text}'): {message}"
        super().__init__(message)
        self.reason = reason
        self.move_number = move_number
        self.move_text = move_text
        self.pending = pending
        self.cause = cause


@dataclass(frozen=True)
class Seat:
    """Who plays one side: a human at this screen, or the computer at a level."""

    kind: str = HUMAN
    level: str | None = None
    name: str | None = None
    """A person's own name for a local two-player game ("Ana"), or None: the side's title is used."""

    @property
    def is_ai(self) -> bool:
        return self.kind == AI

    def to_json(self) -> dict[str, Any]:
        if self.is_ai:
            return {"kind": self.kind, "level": self.level}
        return {"kind": self.kind, "name": self.name} if self.name else {"kind": self.kind}

    @classmethod
    def from_json(cls, data: Any) -> Seat:
        from game.ai import LEVELS

        if not isinstance(data, dict) or data.get("kind") not in (HUMAN, AI):
            raise RecordError("a seat must be a person or the computer with a level")
        if data["kind"] == AI:
            if data.get("level") not in LEVELS:
                raise RecordError(f"unknown computer level {quoted(data.get('level'))}")
            return cls(AI, data["level"])
        return cls(HUMAN, name=player_name(data.get("name")))

    def describe(self) -> str:
        return f"Computer ({self.level})" if self.is_ai else "Human"


MAX_NAME_CHARS = 20
"""A player's name fits a player card, the curtain and a line of the load screen."""


def player_name(value: Any) -> str | None:
    """A name typed for a player (or read from a file) made safe: one line, visible characters, at
    most :data:`MAX_NAME_CHARS`; None when nothing is left or it is not text."""
    if not isinstance(value, str):
        return None
    text = " ".join(clean_text(value).replace("\ufffd", " ").split())
    return text[:MAX_NAME_CHARS].strip() or None


@dataclass(frozen=True)
class Turn:
    """One played turn: the state before it, the moves, and their notation."""

    before: GameState
    moves: Mapping[str, Move]
    text: str
    after: GameState

    @property
    def simultaneous(self) -> bool:
        return len(self.moves) > 1


StateT = TypeVar("StateT", bound=GameState, covariant=True)


class ViewSource(Protocol[StateT]):
    """What a board reads of the match it draws: the game, the position and the turns that led
    there, who sits where, the secret orders sealed so far, and who still owes a move.

    A board never plays, undoes or saves, so it is given this and not a whole :class:`Match`
    (which is one): a review's frozen past or a still picture (:class:`Snapshot`) is one too,
    without pretending to be a match. Generic over the game's state type, so a board or a test
    that knows its game can say ``ViewSource[NelaxtamState]``; the shared kit reads
    ``ViewSource[GameState]``."""

    @property
    def game(self) -> GameInfo: ...

    @property
    def state(self) -> StateT: ...

    @property
    def turns(self) -> Sequence[Turn]: ...

    @property
    def seats(self) -> Mapping[str, Seat]: ...

    @property
    def pending(self) -> Mapping[str, Move]: ...

    @property
    def over(self) -> bool: ...

    def awaiting(self) -> list[str]:
        """Players who still owe a move now (see :meth:`Match.awaiting`)."""
        ...

    def humans(self) -> list[str]:
        """Players at the screen rather than the computer."""
        ...


@dataclass
class Snapshot:
    """A position of a game to look at, where nobody acts: the turns up to it, no sealed order,
    every seat a plain one (the computer does not think in the past). A board drawn from it offers
    no move, draws no one's draft and names no side as thinking or choosing: what a review of
    earlier moves and a still picture of a board need (a :class:`ViewSource`)."""

    game: GameInfo
    initial: GameState
    turns: list[Turn] = field(default_factory=list)
    seats: dict[str, Seat] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.seats = {player: self.seats.get(player, Seat()) for player in self.game.players}

    @classmethod
    def of(cls, match: Match) -> Snapshot:
        """``match`` as it stands, frozen: its turns copied (cutting them later leaves the match
        alone), its sealed orders left out, its seats plain."""
        return cls(match.game, match.initial, list(match.turns))

    @classmethod
    def played(cls, game: GameInfo, start: GameState, moves: Sequence[str]) -> Snapshot:
        """``start`` and then ``moves`` (whole turns in notation) played through the rules, so the
        last of them can be shown as it is in a match. Raises the rules' GameError for a bad one."""
        turns: list[Turn] = []
        state = start
        for text in moves:
            played = state.parse_turn(text)
            after = state.apply_turn(played)
            turns.append(Turn(state, played, state.turn_to_text(played), after))
            state = after
        return cls(game, start, turns)

    @property
    def state(self) -> GameState:
        return self.turns[-1].after if self.turns else self.initial

    @property
    def pending(self) -> Mapping[str, Move]:
        return {}

    @property
    def over(self) -> bool:
        return self.state.over

    def awaiting(self) -> list[str]:
        return []

    def humans(self) -> list[str]:
        return list(self.seats)


def mode_text(game: GameInfo, seats: Mapping[str, Seat]) -> str:
    """How a match is played, for the menu and the load screen: "Two players", or who the
    computer is and at which level."""
    ai_seats = [(p, s) for p, s in seats.items() if s.is_ai]
    if not ai_seats:
        names = [s.name for s in seats.values()]
        if any(names):
            return " vs ".join(s.name or game.player_title(p) for p, s in seats.items())
        return "Two players"
    if len(ai_seats) == len(seats):
        return "Computer vs computer"
    player, seat = ai_seats[0]
    return f"vs computer ({seat.level}), computer plays {game.player_title(player)}"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


MAX_HINTS = 1_000_000
"""More hints than anyone could ask for in a game; a record claiming more was not written by the app."""


def _hints_from(data: Any, info: GameInfo) -> dict[str, int]:
    """The record's hint counts; a record from before hints were counted has none, which is zero."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise RecordError("hints must be an object of whole numbers")
    hints: dict[str, int] = {}
    for player, used in data.items():
        if player not in info.players:
            raise RecordError(f"hints name {quoted(player)}, who does not play {info.title}")
        if isinstance(used, bool) or not isinstance(used, int) or not 0 <= used <= MAX_HINTS:
            raise RecordError(f"hints must be whole numbers from 0 to {MAX_HINTS:,}")
        if used:
            hints[player] = used
    return hints


def resignation_outcome(info: GameInfo, loser: str) -> Outcome:
    """How a game given up by ``loser`` ended: the other player wins (no one, were there more)."""
    others = [p for p in info.players if p != loser]
    return Outcome(others[0] if len(others) == 1 else None, f"{info.player_title(loser)} resigned")


class Match:
    """A game in progress with its history. Mutable: this is the one object a scene keeps."""

    def __init__(
        self,
        game: GameInfo | str,
        options: Mapping[str, str] | None = None,
        seats: Mapping[str, Seat] | None = None,
        *,
        start: GameState | None = None,
    ) -> None:
        self.game: GameInfo = get_game(game) if isinstance(game, str) else game
        self.options: dict[str, str] = self.game.validate(options or {})
        seats = dict(seats or {})
        unknown = set(seats) - set(self.game.players)
        if unknown:
            raise GameError(f"{self.game.title} has no player {', '.join(sorted(unknown))}")
        self.seats: dict[str, Seat] = {p: seats.get(p, Seat()) for p in self.game.players}
        self.initial: GameState = start if start is not None else self.game.factory(self.options)
        self.set_position = start is not None
        """Started from a set position (a lesson, a rules diagram) rather than the game's opening: such a
        match has no record a save could replay, so :meth:`to_record` refuses it."""
        self.turns: list[Turn] = []
        self.redo_stack: list[Turn] = []
        self.pending: dict[str, Move] = {}
        self.hints: dict[str, int] = {}
        """Hints each player was shown (players who never asked are left out): the end of the game
        says it, and the save keeps it, so a loaded game remembers the help it had."""
        self.resigned: str | None = None
        """The side that gave the game up (Resign): the game is over without a turn, the other wins."""
        self.match_id: str = uuid.uuid4().hex[:12]
        self.created: str = _now()
        self.updated: str = self.created

    # -- state ----------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.turns[-1].after if self.turns else self.initial

    @property
    def outcome(self) -> Outcome | None:
        if self.resigned is not None:
            return resignation_outcome(self.game, self.resigned)
        return self.state.outcome()

    @property
    def over(self) -> bool:
        return self.resigned is not None or self.state.over

    def humans(self) -> list[str]:
        return [p for p, seat in self.seats.items() if not seat.is_ai]

    def player_name(self, player: str) -> str:
        """What to call the side ``player``: the person's own name when one was given, else the side's
        title ("White")."""
        seat = self.seats.get(player)
        return (seat.name if seat is not None else None) or self.game.player_title(player)

    @property
    def two_player(self) -> bool:
        return not any(seat.is_ai for seat in self.seats.values())

    def mode_text(self) -> str:
        return mode_text(self.game, self.seats)

    def awaiting(self) -> list[str]:
        """Players who still owe a move this turn (for simultaneous turns: not yet submitted), in
        the order they give it at a shared screen.

        In hot-seat play of a simultaneous turn the player who confirmed last still holds the
        screen when the reveal ends, so the order rotates every turn: that player goes first next
        turn, and the screen only ever changes hands behind the curtain."""
        if self.resigned is not None:
            return []
        players = [p for p in self.state.to_move() if p not in self.pending]
        if len(players) > 1 and self.two_player:
            shift = len(self.turns) % len(players)
            players = players[shift:] + players[:shift]
        return players

    # -- playing --------------------------------------------------------------------------------
    def submit(self, player: str, move: Move) -> Turn | None:
        """Play (or, in a simultaneous phase, secretly commit) ``move`` for ``player``.

        Returns the completed :class:`Turn` once every acting player has moved, else None.
        Raises IllegalMoveError (with a player-facing reason) and changes nothing if illegal."""
        state = self.state
        if self.resigned is not None:
            raise GameError("the game is over: it was resigned")
        if player not in state.to_move():
            raise GameError(f"it is not {self.game.player_title(player)}'s turn")
        state.check_move(player, move)
        self.pending[player] = move
        if any(p not in self.pending for p in state.to_move()):
            return None
        moves = {p: self.pending[p] for p in state.to_move()}
        self.pending = {}
        return self._push(state, moves)

    def submit_text(self, player: str, text: str) -> Turn | None:
        return self.submit(player, self.state.parse_move(player, text))

    def play_text(self, text: str) -> Turn:
        """Play a whole turn from notation (``A/B`` for simultaneous turns)."""
        state = self.state
        moves = state.parse_turn(text)
        self.pending = {}
        return self._push(state, moves)

    def resign(self, player: str) -> None:
        """``player`` gives the game up: it is over, won by the other side, with no turn played.
        Final: neither Undo nor Redo takes it back (the sealed orders and undone turns go)."""
        if self.over:
            raise GameError("the game is already over")
        if player not in self.game.players:
            raise GameError(f"{self.game.title} has no player {player}")
        self.resigned = player
        self.pending = {}
        self.redo_stack.clear()
        self.updated = _now()

    def withdraw(self, player: str) -> bool:
        """Take back a secret order not yet revealed."""
        return self.pending.pop(player, None) is not None

    def _push(self, state: GameState, moves: Mapping[str, Move]) -> Turn:
        after = state.apply_turn(moves)
        turn = Turn(state, dict(moves), state.turn_to_text(moves), after)
        self.turns.append(turn)
        self.redo_stack.clear()
        self.updated = _now()
        return turn

    def hints_used(self, player: str) -> int:
        return self.hints.get(player, 0)

    def count_hint(self, player: str) -> None:
        """``player`` was just shown a hint (counted once it is on the board, not when asked)."""
        self.hints[player] = min(MAX_HINTS, self.hints_used(player) + 1)
        self.updated = _now()

    # -- undo / redo ----------------------------------------------------------------------------
    def human_pending(self) -> dict[str, Move]:
        """Secret orders given by humans and not yet revealed: the only sealed orders Undo gives
        back on their own (the computer's are thrown away with the turn they belong to)."""
        return {p: m for p, m in self.pending.items() if not self.seats[p].is_ai}

    def undo_crosses_reveal(self) -> bool:
        """True when the last turn was revealed to two humans at once: going back would let each
        replay their secret choice knowing the other's (Board Game Arena's rule), so it is refused
        and the scene says why instead of silently doing nothing."""
        if self.human_pending() or not self.turns:
            return False
        return self.two_player and self.turns[-1].simultaneous

    def can_undo(self) -> bool:
        """Something a human could take back: their own sealed order, or a played turn that does not
        cross a two-player reveal. The computer's sealed orders alone are nothing to undo (it would
        only seal them again), so Undo is off on the first turn against it."""
        if self.resigned is not None:
            return False
        if self.human_pending():
            return True
        if not self.turns or self.undo_crosses_reveal():
            return False
        return self._undo_depth() > 0

    def _undo_depth(self) -> int:
        """How many turns one undo takes back: at least one, then on until a human is to move."""
        humans = set(self.humans())
        if not humans:
            return 1 if self.turns else 0
        for depth in range(1, len(self.turns) + 1):
            before = self.turns[-depth].before
            if humans & set(before.to_move()):
                return depth
        return 0

    def undo(self) -> bool:
        """Withdraw the humans' sealed orders if there are any (a smaller step back); else take back
        turns until a human is to move, throwing away the computer's orders sealed for the turn that
        was current (they were chosen for a position that is gone; it chooses again)."""
        mine = self.human_pending()
        if mine:
            for player in mine:
                del self.pending[player]
            self.updated = _now()
            return True
        if not self.can_undo():
            return False
        self.pending = {}
        for _ in range(self._undo_depth()):
            self.redo_stack.append(self.turns.pop())
        self.updated = _now()
        return True

    def can_redo(self) -> bool:
        """Undone turns wait to be replayed unless a human has meanwhile sealed a new order; the
        computer re-sealing its orders after an undo does not count (redo replaces them)."""
        return bool(self.redo_stack) and not self.human_pending() and self.resigned is None

    def redo(self) -> bool:
        """Replay undone turns up to the next point where a human is to move."""
        if not self.can_redo():
            return False
        self.pending = {}
        humans = set(self.humans())
        while self.redo_stack:
            self.turns.append(self.redo_stack.pop())
            if not humans or humans & set(self.state.to_move()) or self.state.over:
                break
        self.updated = _now()
        return True

    # -- record ---------------------------------------------------------------------------------
    def move_texts(self) -> list[str]:
        return [turn.text for turn in self.turns]

    def to_record(self) -> dict[str, Any]:
        """The match as plain JSON-able data: what a save file stores (see docs/save-format.md)."""
        if self.set_position:
            raise GameError("a game started from a set position cannot be saved")
        outcome = self.outcome
        resigned = {"resigned": self.resigned} if self.resigned is not None else {}
        return {
            "id": self.match_id,
            "game": self.game.id,
            "options": dict(self.options),
            "seats": {p: seat.to_json() for p, seat in self.seats.items()},
            "moves": self.move_texts(),
            "pending": {p: self.state.move_to_text(p, m) for p, m in self.pending.items()},
            "hints": dict(self.hints),
            "created": self.created,
            "updated": self.updated,
            "result": None if outcome is None else outcome.to_json(),
            **resigned,
        }

    def public_record(self) -> dict[str, Any]:
        """The record without secret orders: what the computer may see when it chooses its move,
        exactly like a human opponent who has not yet seen the other side's hidden choice."""
        record = self.to_record()
        record["pending"] = {}
        return record

    @classmethod
    def from_record(cls, record: Any) -> Match:
        """Rebuild a match by replaying every move through the rules.

        Raises RecordError naming the first bad move (1-based number and its text); nothing
        half-loaded ever comes back."""
        if not isinstance(record, dict):
            raise RecordError("the match record is not an object")
        game_id = record.get("game")
        if not isinstance(game_id, str):
            raise RecordError("the match record names no game")
        try:
            info = get_game(game_id)
        except KeyError as exc:
            raise RecordError(str(exc.args[0])) from None
        options = record.get("options", {})
        seats_data = record.get("seats", {})
        moves = record.get("moves", [])
        pending = record.get("pending", {}) or {}
        if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
            raise RecordError("options must be an object of text values")
        if not isinstance(seats_data, dict):
            raise RecordError("seats must be an object")
        if not isinstance(moves, list):
            raise RecordError("moves must be a list")
        if not isinstance(pending, dict):
            raise RecordError("pending must be an object")
        hints = _hints_from(record.get("hints"), info)
        try:
            seats = {p: Seat.from_json(s) for p, s in seats_data.items()}
            match = cls(info, options, seats)
        except GameError as exc:
            raise RecordError(str(exc)) from None
        for number, text in enumerate(moves, start=1):
            if not isinstance(text, str):
                raise RecordError("a move must be text", number, repr(text))
            if match.over:
                raise RecordError("the game was already over before this move", number, text)
            try:
                match.play_text(text)
            except GameError as exc:
                raise RecordError(str(exc), number, text, cause=exc) from None
        for player, text in pending.items():
            try:
                if not isinstance(text, str) or player not in match.state.to_move():
                    raise GameError(f"{player} has no secret order to give now")
                match.pending[player] = match.state.parse_move(player, text)
            except GameError as exc:
                raise RecordError(str(exc), pending=True, cause=exc) from None
        if match.pending and not match.awaiting():
            raise RecordError("pending orders cover the whole turn; it should have been played")
        resigned = record.get("resigned")
        if resigned is not None:
            if resigned not in info.players or match.over or match.pending:
                raise RecordError("its resignation names no player of a game still going on")
            match.resigned = resigned
        match.hints = hints
        for key in ("id", "created", "updated"):
            if isinstance(record.get(key), str):
                setattr(match, "match_id" if key == "id" else key, record[key])
        return match


def _both_are_view_sources(match: Match, snapshot: Snapshot) -> list[ViewSource[GameState]]:
    """Never called: here the type checker holds :class:`Match` and :class:`Snapshot` to the
    :class:`ViewSource` protocol, so a change to either that a board would trip on fails at once."""
    return [match, snapshot]
