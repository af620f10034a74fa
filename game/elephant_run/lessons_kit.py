"""The goal and end tests the Elephant Run lessons share ("eat a ringed tile", "leave nobody to
trample", "the farmers have won").

Goals answer from the rules engine, never from the lesson's own reading of the board: whether a
farmer can be trampled is asked by handing the elephant the move in the same position.
"""

from __future__ import annotations

from game.core import GameState
from game.elephant_run.rules import ElephantRunState
from game.lessons import Goal
from game.lessons import ends_won_by as ends_won_by  # re-exported: the lessons import it from here
from game.lessons import won_by as won_by  # re-exported as well

ELEPHANT, FARMERS = "elephant", "farmers"


def eats(before: GameState, after: GameState, _text: str) -> bool:
    """The elephant's move ate a tile."""
    return int(after.position()["eaten"]) > int(before.position()["eaten"])


def eats_one_of(*squares: str) -> Goal:
    """A goal: the elephant steps onto (and eats) one of ``squares``."""

    def goal(before: GameState, after: GameState, text: str) -> bool:
        return eats(before, after, text) and after.position()["elephant"] in squares

    return goal


def capturable(state: GameState) -> list[str]:
    """The elephant's jumps that would trample a farmer if it were the elephant's turn now, in
    notation: a farmer next to it with a vacant tile straight behind."""
    pos = state.position()
    if pos["phase"] != "play" or state.over:
        return []
    options = {
        "points": str(pos["target"]),
        "farmers": str(pos["farmers_total"]),
        "compound": "on" if pos["compound"] else "off",
    }
    turn = ElephantRunState.from_text(str(pos["text"])[:-1] + "e", options)
    return [
        turn.move_to_text(ELEPHANT, move)
        for move in turn.legal_moves(ELEPHANT)
        if turn.captured_by(move) is not None
    ]


def all_safe(_before: GameState, after: GameState, _text: str) -> bool:
    """A goal: after the farmers' move nobody can be trampled."""
    return not capturable(after)


def next_to(a: str, b: str) -> bool:
    """Whether squares ``a`` and ``b`` touch (side or corner)."""
    return a != b and abs(ord(a[0]) - ord(b[0])) <= 1 and abs(int(a[1:]) - int(b[1:])) <= 1


def safe_beside(_before: GameState, after: GameState, text: str) -> bool:
    """A goal: the moved farmer now stands next to the elephant, and nobody can be trampled."""
    landing = text.split("-")[-1]
    return next_to(landing, str(after.position()["elephant"])) and not capturable(after)


def placed_on(*squares: str) -> Goal:
    """A goal: the farmers' placement is exactly ``squares`` (asked of the position the rules made)."""
    wanted = set(squares)

    def goal(_before: GameState, after: GameState, _text: str) -> bool:
        return set(after.position()["farmers"]) == wanted

    return goal
