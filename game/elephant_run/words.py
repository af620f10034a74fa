"""Elephant Run in words: what the elephant ate or trampled and how many points that makes, how a
farmer stepped, ran or jumped, and how many ways out the elephant has left; at the end, why the
game stopped with the elephant and its jailers ringed.

The facts come from the state's own public questions (``move_kind``, ``eaten_by``, ``captured_by``,
``points``, the elephant's legal moves after the turn), never from its inner tables, so the rules
module can be reshaped freely underneath.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core import EndWords, Move, Outcome, TurnWords
from game.elephant_run.rules import ELEPHANT, FARMERS, ElephantRunState, square_name
from game.phrases import count, joined, number, sentence

FILES = "abcdef"
RANKS = 4


def points_clause(after: ElephantRunState) -> str:
    """ "six of ten points" and, when the target is near, how many are still missing."""
    return f"{number(after.points)} of {number(after.target)} points"


def ways_out(after: ElephantRunState) -> str:
    """The elephant's room after the farmers' move: the number players watch in this game."""
    if after.over or ELEPHANT not in after.to_move():
        return ""
    moves = len(after.legal_moves(ELEPHANT))
    if moves > 3:
        return ""
    return f"the elephant has {count(moves, 'way')} out" if moves else "the elephant cannot move"


def describe_elephant(before: ElephantRunState, move: tuple[int, ...], after: ElephantRunState) -> TurnWords:
    frm, to = move[0], move[-1]
    eaten = before.eaten_by(move)
    trampled = before.captured_by(move)
    if trampled is not None:
        did = (
            f"the elephant trampled the farmer on {square_name(trampled)}, jumping from "
            f"{square_name(frm)} to {square_name(to)}"
        )
    elif eaten is not None:
        did = f"the elephant stepped from {square_name(frm)} and ate the tile on {square_name(eaten)}"
    else:
        did = f"the elephant moved from {square_name(frm)} to {square_name(to)}"
    return TurnWords(sentence(did, points_clause(after)))


def describe_farmer(before: ElephantRunState, move: tuple[int, ...], after: ElephantRunState) -> TurnWords:
    kind = before.move_kind(move)
    names = [square_name(sq) for sq in move]
    if kind == "pass":
        did = "no farmer could move, so the farmers passed"
    elif kind == "jump":
        did = f"a farmer jumped from {names[0]} over a farmer to {names[-1]}"
    elif kind == "run":
        holes = max(0, len(before.path_of(move)) - 2)
        did = f"a farmer ran from {names[0]} across {count(holes, 'hole')} to {names[-1]}"
    elif kind == "compound":
        did = f"a farmer ran and jumped from {names[0]} by way of {names[1]} to {names[-1]}"
    else:
        did = f"a farmer stepped from {names[0]} to {names[-1]}"
    return TurnWords(sentence(did, ways_out(after)))


def describe_turn(before: ElephantRunState, turn: Mapping[str, Move], after: ElephantRunState) -> TurnWords:
    """One move in words; see the module's docstring."""
    player, move = next(iter(turn.items()))
    if not isinstance(move, tuple):
        raise TypeError(f"not an Elephant Run move: {move!r}")
    kind = before.move_kind(move)
    if kind == "place":
        return TurnWords(sentence(f"the elephant starts on {square_name(move[0])}"))
    if kind == "setup":
        return TurnWords(
            sentence(f"the farmers stand on {joined([square_name(sq) for sq in move])}", ways_out(after))
        )
    if player == ELEPHANT:
        return describe_elephant(before, move, after)
    return describe_farmer(before, move, after)


def move_words(state: ElephantRunState, player: str, move: Move) -> str:
    """The move list's short phrase: "Elephant starts on c2", "Farmers a4, b1, b3, c1, d2, e2",
    "Elephant b2 eats c3", "Elephant b2 tramples c3" (landing beyond it), "Farmer b1 to b2", "Farmer
    a1 runs to a4"."""
    if not isinstance(move, tuple):
        raise TypeError(f"not an Elephant Run move: {move!r}")
    kind = state.move_kind(move)
    names = [square_name(sq) for sq in move]
    if kind == "place":
        return f"Elephant starts on {names[0]}"
    if kind == "setup":
        return "Farmers " + ", ".join(sorted(names))
    if kind == "pass":
        return "Farmers pass (stuck)"
    if player == ELEPHANT:
        trampled = state.captured_by(move)
        if trampled is not None:
            return f"Elephant {names[0]} tramples {square_name(trampled)}"
        eaten = state.eaten_by(move)
        if eaten is not None:
            return f"Elephant {names[0]} eats {square_name(eaten)}"
        return f"Elephant {names[0]} to {names[-1]}"
    if kind == "compound":
        return f"Farmer {names[0]} via {names[1]} to {names[-1]}"
    verb = {"jump": "jumps to", "run": "runs to"}.get(kind, "to")
    return f"Farmer {names[0]} {verb} {names[-1]}"


def neighbours(sq: int) -> list[int]:
    """The up to eight squares around ``sq`` on the 6 × 4 board."""
    file, rank = sq % len(FILES), sq // len(FILES)
    out = []
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            f, r = file + df, rank + dr
            if (df or dr) and 0 <= f < len(FILES) and 0 <= r < RANKS:
                out.append(r * len(FILES) + f)
    return out


def describe_end(state: ElephantRunState, outcome: Outcome) -> EndWords:
    """Ring the elephant, and when it is hemmed in, the farmers around it."""
    elephant = state.elephant
    if elephant is None or elephant < 0:
        return EndWords(outcome.reason)
    squares = [square_name(elephant)]
    reason = outcome.reason
    hemmed = outcome.winner == FARMERS and state.tiles and state.farmers
    if hemmed:
        jailers = [sq for sq in neighbours(elephant) if state.has_farmer(sq)]
        squares += [square_name(sq) for sq in jailers]
        holes = sum(1 for sq in neighbours(elephant) if not state.has_tile(sq))
        reason = sentence(
            f"the elephant on {square_name(elephant)} cannot move: "
            f"{count(len(jailers), 'farmer')} and {count(holes, 'hole')} around it",
            f"it has {count(state.points, 'point')}, {number(state.target)} were needed",
        )
    return EndWords(reason, tuple(squares))
