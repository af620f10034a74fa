"""Where ``python -m game play`` and ``hint`` stand, and what ``play --json`` prints (kept apart from
:mod:`game.cli` for size; it never imports it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from game.core import GameInfo, GameState, Outcome
from game.match import resignation_outcome


class Reached(NamedTuple):
    """Where ``play`` and ``hint`` stand: the game, the position, every move played, and the side a
    record says gave the game up (its ``Resigned:`` line). A resignation ends a game without a turn,
    so the position alone still looks playable: only ``resigned`` says it is over."""

    info: GameInfo
    state: GameState
    moves: list[str]
    resigned: str | None = None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, a resignation included (as :attr:`game.match.Match.outcome`)."""
        if self.resigned is None:
            return self.state.outcome()
        return resignation_outcome(self.info, self.resigned)


def resigned_sentence(info: GameInfo, loser: str) -> str:
    """A resigned game's result in one sentence, as the app's result card says it between two
    people: who gave the game up and who wins it ("Farmers resigned, so the game goes to Elephant.")."""
    others = [p for p in info.players if p != loser]
    if len(others) != 1:
        return f"{info.player_title(loser)} resigned."
    return f"{info.player_title(loser)} resigned, so the game goes to {info.player_title(others[0])}."


def status_json(
    info: GameInfo, state: GameState, moves: Sequence[str], resigned: str | None = None
) -> dict[str, Any]:
    """The JSON object ``play --json`` prints (documented in docs/command-line.md)."""
    outcome = Reached(info, state, list(moves), resigned).outcome
    return {
        "game": info.id,
        "moves": list(moves),
        "to_move": [] if resigned is not None else list(state.to_move()),
        "over": outcome is not None,
        "outcome": None if outcome is None else outcome.to_json(),
        "resigned": resigned,
        "score": state.score(),
        "position": state.position(),
    }
