"""Why a suggested Elephant Run move is good, from the position: the tile eaten or the farmer
trampled and the points that makes, how many ways out the elephant keeps (or the farmers leave it),
the farmers moved out of reach or still in danger.

The elephant's room is counted the way the words count it (its legal moves), with the turn passed
where it is not the elephant's move, and its worst case is the farmers' best reply. The squares and
verbs are the game's words' own (:mod:`game.elephant_run.words`).
"""

from __future__ import annotations

import random

from game.core import Move
from game.elephant_run.rules import ELEPHANT, FARMERS, PHASE_PLAY, PLAYERS, ElephantRunState, square_name
from game.elephant_run.words import neighbours, points_clause
from game.explaining import Reasons
from game.phrases import count, joined


def elephant_to_move(state: ElephantRunState) -> ElephantRunState:
    """The same board with the elephant to move: its room, whoever's turn it is."""
    if state.side == PLAYERS.index(ELEPHANT):
        return state
    return state._replace(side=PLAYERS.index(ELEPHANT))


def ways_out(state: ElephantRunState) -> int:
    """How many moves the elephant would have now."""
    if state.phase != PHASE_PLAY or state.elephant is None or state.elephant < 0:
        return 0
    moving = elephant_to_move(state)
    return 0 if moving.over else len(moving.legal_moves(ELEPHANT))


def in_reach(state: ElephantRunState) -> list[int]:
    """The farmers the elephant could trample if it moved now."""
    if state.phase != PHASE_PLAY:
        return []
    moving = elephant_to_move(state)
    if moving.over:
        return []
    hit = {moving.captured_by(m) for m in moving.legal_moves(ELEPHANT)}
    return sorted(sq for sq in hit if sq is not None)


def squares(found: list[int]) -> str:
    return joined([square_name(sq) for sq in found])


def explain_elephant(state: ElephantRunState, move: tuple[int, ...], after: ElephantRunState) -> list[str]:
    why: list[str] = []
    trampled, eaten = state.captured_by(move), state.eaten_by(move)
    if trampled is not None:
        why.append(f"it tramples the farmer on {square_name(trampled)} ({points_clause(after)})")
    elif eaten is not None:
        why.append(f"it eats the tile on {square_name(eaten)} ({points_clause(after)})")
    outcome = after.outcome()
    if outcome is not None:
        return [f"it wins: {outcome.reason.rstrip('.')}"] if outcome.winner == ELEPHANT else why
    replies = after.legal_moves(FARMERS)
    worst = min((ways_out(after.apply_turn({FARMERS: r})) for r in replies), default=ways_out(after))
    if worst == 0:
        why.append("but the farmers can hem it in next: look for a way out")
    elif worst <= 2:
        why.append(f"whatever the farmers do it keeps {count(worst, 'way')} out")
    else:
        why.append(f"it stays free: at least {count(worst, 'way')} out whatever the farmers do")
    reach = in_reach(after)
    if reach:
        why.append(f"it threatens the farmer{'s' if len(reach) > 1 else ''} on {squares(reach)}")
    return why


def explain_farmers(state: ElephantRunState, move: tuple[int, ...], after: ElephantRunState) -> list[str]:
    why: list[str] = []
    outcome = after.outcome()
    if outcome is not None and outcome.winner == FARMERS:
        return [f"it wins: {outcome.reason.rstrip('.')}"]
    before_ways, after_ways = ways_out(state), ways_out(after)
    if after_ways < before_ways:
        why.append(f"it cuts the elephant's ways out from {before_ways} to {after_ways}")
    elif after_ways <= 3:
        why.append(f"it keeps the elephant down to {count(after_ways, 'way')} out")
    danger_before, danger_after = in_reach(state), in_reach(after)
    saved = [sq for sq in danger_before if sq not in danger_after and sq != move[0]]
    if move[0] in danger_before:
        why.append(f"it takes the farmer on {square_name(move[0])} out of the elephant's reach")
    elif saved:
        why.append(f"it covers the farmer on {squares(saved)}")
    if danger_after:
        why.append(f"the elephant can still trample the farmer on {squares(danger_after)}")
    elif not why:
        frm, to = square_name(move[0]), square_name(move[-1])
        why.append(f"it moves a farmer from {frm} to {to}, out of the elephant's reach")
    return why


def explain(state: ElephantRunState, player: str, move: Move, rng: random.Random) -> Reasons:
    """The reasons, most important first; see the module's docstring."""
    if not isinstance(move, tuple):
        raise TypeError(f"not an Elephant Run move: {move!r}")
    after = state.apply_turn({player: move})
    kind = state.move_kind(move)
    if kind == "place":
        room = sum(1 for sq in neighbours(move[0]) if state.has_tile(sq))
        where = square_name(move[0])
        return Reasons([f"the elephant starts on {where}, with {count(room, 'tile')} around it to move to"])
    if kind == "setup":
        ways = ways_out(after)
        return Reasons([f"the farmers leave the elephant only {count(ways, 'move')} on its first turn"])
    if player == ELEPHANT:
        return Reasons(explain_elephant(state, move, after))
    return Reasons(explain_farmers(state, move, after))
