"""The two ways a two-player game's turns go, each written once on top of :mod:`game.core`.

* :class:`AlternatingState`: the players take turns and the state keeps the side to move as an
  index. Changing Challenges and Epaminondas hold their positions in engine form (a list board, a
  pair of bit boards) and add the same few things to the contract: the outcome worked out once per
  state, the turn of ``players[side]``, a turn applied as one checked move, and two draw rules whose
  memory restarts at every capture (a position seen a third time since the last capture, too many
  plies without one). A game supplies the rest of its outcome, the state after a legal move and the
  sentences of its two draws.
* :class:`SimultaneousState`: both players act in every turn (Elasta's allotments, Nelaxtam's
  orders), the turn is refused unless both moves are there and legal, and the outcome is decided
  when a turn is resolved and kept on the new state. A game supplies the resolution and the sentence
  for a turn that lacks a move.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable, Mapping
from typing import ClassVar, Literal, Self

from game.core import GameState, IllegalMoveError, Move, Outcome


class AlternatingState(GameState):
    """A :class:`GameState` whose ``side`` (0 or 1) names the player to move in :attr:`players`.

    Subclasses set ``side``, ``quiet_plies`` (plies since the last capture), ``history`` (the
    positions since then, ending with this one) and ``_outcome = False`` (not worked out yet) in
    their constructors, and name their draws in the class attributes below."""

    __slots__ = ()

    side: int
    quiet_plies: int
    history: tuple[Hashable, ...]
    _outcome: Outcome | Literal[False] | None

    draw_plies: ClassVar[int]
    """Plies without a capture after which the game is drawn."""
    repetition_reason: ClassVar[str]
    """The outcome's reason when a position occurs a third time."""
    quiet_reason: ClassVar[str]
    """The outcome's reason after :attr:`draw_plies` plies without a capture."""

    def ended_by_cap(self) -> bool:
        """The quiet-moves draw (a repetition, checked first, is a rules draw, not a cap)."""
        outcome = self.outcome()
        return (
            outcome is not None
            and outcome.winner is None
            and self.quiet_plies >= self.draw_plies
            and self.history.count(self.key()) < 3
        )

    @property
    def player(self) -> str:
        """The player whose turn it is (even once the game is over: the one who would move)."""
        return self.players[self.side]

    def to_move(self) -> tuple[str, ...]:
        return () if self.outcome() is not None else (self.players[self.side],)

    def outcome(self) -> Outcome | None:
        if self._outcome is False:
            self._outcome = self._compute_outcome()
        return self._outcome

    @abstractmethod
    def _compute_outcome(self) -> Outcome | None:
        """The game's own result checks, ending with :meth:`_draw_outcome`; worked out once."""

    def _draw_outcome(self) -> Outcome | None:
        """The two draws by the clock that a capture restarts: threefold repetition, then too many
        quiet plies."""
        if self.history.count(self.key()) >= 3:
            return Outcome(None, self.repetition_reason)
        if self.quiet_plies >= self.draw_plies:
            return Outcome(None, self.quiet_reason)
        return None

    def _clock_after(self, key: Hashable, capture: bool) -> tuple[int, tuple[Hashable, ...]]:
        """``(quiet_plies, history)`` of the position ``key`` that a move reaches from here: a
        capture restarts both (no earlier position can come back after one)."""
        if capture:
            return 0, (key,)
        return self.quiet_plies + 1, (*self.history, key)

    def apply_turn(self, turn: Mapping[str, Move]) -> Self:
        player = self._sole_mover(turn)
        move = turn[player]
        self.check_move(player, move)
        return self._after_legal(move)

    @abstractmethod
    def _after_legal(self, move: Move) -> Self:
        """The state after ``move``, which :meth:`check_move` has found legal."""


class SimultaneousState(GameState):
    """A :class:`GameState` in which every player acts in every turn until the game is over.

    Subclasses keep the result of the turn that led to them in ``_outcome`` (None while the game
    goes on) and name the refusal of an incomplete turn in :attr:`missing_reason`."""

    __slots__ = ()

    _outcome: Outcome | None

    missing_reason: ClassVar[str]
    """Why a turn without a move of every player is refused ("both ... before the reveal")."""

    def to_move(self) -> tuple[str, ...]:
        return () if self._outcome is not None else self.players

    def outcome(self) -> Outcome | None:
        return self._outcome

    def apply_turn(self, turn: Mapping[str, Move]) -> Self:
        text = "/".join(str(v) for v in turn.values())
        if self._outcome is not None:
            raise IllegalMoveError(text, "the game is already over")
        if set(turn) != set(self.players):
            raise IllegalMoveError(text, self.missing_reason)
        for player in self.players:
            self.check_move(player, turn[player])
        return self._resolve(turn)

    @abstractmethod
    def _resolve(self, turn: Mapping[str, Move]) -> Self:
        """The state after ``turn``, whose every move :meth:`check_move` has found legal."""
