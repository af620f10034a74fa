"""Two tiny games that exercise the contract's two kinds of turn without any real rules engine:
Nim (alternating) and matching pennies (simultaneous). The match, record and command-line tests use
them so the shared flow is tested independently of any one real game."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from game.core import GameInfo, GameState, IllegalMoveError, Move, NotationError, OptionSpec, Outcome


class NimState(GameState):
    """Take 1 or 2 stones; whoever takes the last stone wins."""

    game_id = "toy-nim"
    players = ("first", "second")

    def __init__(self, stones: int, mover: int = 0) -> None:
        self.stones = stones
        self.mover = mover

    def key(self) -> tuple[int, int]:
        return (self.stones, self.mover)

    def to_move(self) -> tuple[str, ...]:
        return () if self.stones == 0 else (self.players[self.mover],)

    def legal_moves(self, player: str) -> list[Move]:
        return [n for n in (1, 2) if n <= self.stones] if player in self.to_move() else []

    def apply_turn(self, turn: Mapping[str, Move]) -> NimState:
        ((player, move),) = turn.items()
        self.check_move(player, move)
        return NimState(self.stones - int(move), 1 - self.mover)

    def move_to_text(self, player: str, move: Move) -> str:
        return f"take{move}"

    def parse_move(self, player: str, text: str) -> Move:
        if text not in ("take1", "take2"):
            raise NotationError(text, "write take1 or take2")
        move = int(text[-1])
        self.check_move(player, move)
        return move

    def outcome(self) -> Outcome | None:
        if self.stones:
            return None
        return Outcome(self.players[1 - self.mover], "took the last stone")

    def score(self) -> dict[str, int]:
        return {}

    def position(self) -> dict[str, Any]:
        return {"stones": self.stones}

    def __str__(self) -> str:
        return "o" * self.stones


class PenniesState(GameState):
    """Both show heads or tails at once; ``same`` scores on a match, ``odd`` otherwise. First to 2."""

    game_id = "toy-pennies"
    players = ("same", "odd")

    def __init__(self, points: tuple[int, int] = (0, 0)) -> None:
        self.points = points

    def key(self) -> tuple[int, int]:
        return self.points

    def to_move(self) -> tuple[str, ...]:
        return () if max(self.points) >= 2 else self.players

    def legal_moves(self, player: str) -> list[Move]:
        return ["h", "t"] if player in self.to_move() else []

    def apply_turn(self, turn: Mapping[str, Move]) -> PenniesState:
        if set(turn) != set(self.to_move()):
            raise IllegalMoveError("/".join(map(str, turn.values())), "both players must choose")
        for player, move in turn.items():
            self.check_move(player, move)
        same = turn["same"] == turn["odd"]
        return PenniesState((self.points[0] + same, self.points[1] + (not same)))

    def move_to_text(self, player: str, move: Move) -> str:
        return str(move)

    def parse_move(self, player: str, text: str) -> Move:
        if text not in ("h", "t"):
            raise NotationError(text, "write h or t")
        self.check_move(player, text)
        return text

    def outcome(self) -> Outcome | None:
        if max(self.points) < 2:
            return None
        return Outcome(self.players[0] if self.points[0] >= 2 else self.players[1], "two points")

    def score(self) -> dict[str, int]:
        return dict(zip(self.players, self.points, strict=True))

    def position(self) -> dict[str, Any]:
        return {"points": list(self.points)}

    def __str__(self) -> str:
        return f"{self.points[0]}:{self.points[1]}"


def _first_move(state: GameState, player: str, level: str, rng: random.Random, seconds: float) -> Move:
    return state.legal_moves(player)[0]


NIM = GameInfo(
    id="toy-nim",
    title="Toy Nim",
    players=NimState.players,
    summary="test game",
    options=(OptionSpec("stones", "Stones", "5", ("3", "4", "5")),),
    factory=lambda options: NimState(int(options["stones"])),
    ai=_first_move,
)
PENNIES = GameInfo(
    id="toy-pennies",
    title="Toy Pennies",
    players=PenniesState.players,
    summary="test game",
    options=(),
    factory=lambda options: PenniesState(),
    ai=_first_move,
    simultaneous=True,
)
