"""Elephant Run's moves as the board reads them: squares, kinds and paths from the engine.

The view never decides a rule. What it needs to know about a move (which squares it touches, whether
it is a step, jump, run or compound route, which holes a run crosses) is asked of the game state
here, in one place, so the click handling, the marks and the animation plan
all agree on it. Engines without ``move_kind``/``path_of`` still work: moves then glide straight, as
steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scenes.games.elephant_run.geometry import FILES
from scenes.kit.board_view import square_name

if TYPE_CHECKING:
    from game.core import GameState, Move
    from game.match import Turn

KIND_ORDER = {"step": 0, "jump": 1, "run": 2, "compound": 3}
"""Simplest first: when several moves end on one tile, the mark shows (and a click plays) the simplest."""


def turn_squares(turn: Turn) -> list[str]:
    """The squares a played turn touches, as the rules give them (a placement's tiles, a move's
    whole way with a compound move's corner), never read back from its notation."""
    ((player, move),) = turn.moves.items()
    return turn.before.move_squares(player, move)


def move_kind(state: GameState, moves: Any) -> str:
    """The engine's kind of a move (or of a turn's ``{player: move}``); "step" if it cannot tell."""
    move = moves[next(iter(moves))] if isinstance(moves, dict) else moves
    kind_of = getattr(state, "move_kind", None)
    if callable(kind_of):
        try:
            return str(kind_of(move))
        except Exception:
            pass
    return "step"


def move_path(turn: Turn, squares: list[str]) -> list[str]:
    """The squares the piece passes (runs cross holes): asked of the game when it can tell, else the
    notation's own squares."""
    path_of = getattr(turn.before, "path_of", None)
    names = list(squares)
    if callable(path_of):
        try:
            raw = path_of(turn.moves[next(iter(turn.moves))])
            names = [sq if isinstance(sq, str) else _name(sq) for sq in raw] or names
        except Exception:  # an engine without the helper (or a new move shape) just glides straight
            names = list(squares)
    return names


def _name(index: int) -> str:
    """The engine numbers squares row by row from a1; the view speaks in names."""
    return square_name(index % FILES, index // FILES)


@dataclass
class Option:
    """One legal move of the selected piece, as the view needs it."""

    move: Move
    text: str
    path: list[str]
    kind: str

    @property
    def dest(self) -> str:
        return self.path[-1]

    @property
    def simple(self) -> bool:
        return self.kind != "compound"


def options_from(state: GameState, square: str, player: str) -> list[Option]:
    """Legal moves starting on ``square``, from the game's own list (rules stay in game/)."""
    options: list[Option] = []
    for move in state.legal_moves(player):
        text = state.move_to_text(player, move)
        names = state.move_squares(player, move)  # the rules' own squares, not the text read back
        if len(names) >= 2 and names[0] == square and not text.startswith("@"):
            options.append(Option(move, text, names, move_kind(state, move)))
    return options


def simplest_marks(options: list[Option]) -> dict[str, str]:
    """Destination square → the kind of mark to draw (the simplest way to get there wins)."""
    marks: dict[str, str] = {}
    for option in options:
        current = marks.get(option.dest)
        if current is None or KIND_ORDER.get(option.kind, 9) < KIND_ORDER.get(current, 9):
            marks[option.dest] = option.kind
    return marks


def route_to(options: list[Option], dest: str) -> Option | None:
    """The move a click on ``dest`` would play (a simple one before a compound route), for tracing."""
    return next((o for o in options if o.dest == dest and o.simple), None) or next(
        (o for o in options if o.dest == dest), None
    )
