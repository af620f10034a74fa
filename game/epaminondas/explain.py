"""Why a suggested Epaminondas move is good, from the position: what it captures, the stones it puts
across, the captures it takes away from the opponent and the ones it threatens next.

Threats are measured by passing the turn: the best capture the opponent would have if it were their
move now, against their best capture after the hinted move (what the move defends), and the mover's
best capture if they could move again (what it threatens). The sentences use the game's own words
(:mod:`game.epaminondas.words`), so the hint and the move list say a capture the same way.
"""

from __future__ import annotations

import random

from game.core import Move
from game.epaminondas import board as B
from game.epaminondas.rules import EpaminondasState
from game.epaminondas.words import TITLE, other, squares_text, step
from game.explaining import Reasons
from game.phrases import count, number


def passed(state: EpaminondasState) -> EpaminondasState:
    """The same stones with the other side to move: what each side could do if it moved now."""
    return EpaminondasState(state.white, state.black, 1 - state.side, state.symmetry)


def best_capture(state: EpaminondasState) -> list[int]:
    """The most stones the side to move could capture in one move (their squares)."""
    best: list[int] = []
    if state.over:
        return best
    for move in state.legal_moves(state.to_move()[0]):
        taken = state.captured_by(move)
        if len(taken) > len(best):
            best = taken
    return best


def can_cross(state: EpaminondasState) -> bool:
    """The side to move has a move that puts a stone on the other side's home row."""
    if state.over:
        return False
    return any(state.code_of(m) & B.CROSSING for m in state.legal_moves(state.to_move()[0]))


def play_squares(move: Move) -> tuple[int, int]:
    """The move's two squares (the rearmost stone's start and end), as the notation names them."""
    if not isinstance(move, tuple) or len(move) != 2:
        raise TypeError(f"not an Epaminondas move: {move!r}")
    return int(move[0]), int(move[1])


def moved_clause(state: EpaminondasState, move: Move) -> str:
    """ "it moves the phalanx of three from c4 two squares north" (the words' own pieces)."""
    frm, to = play_squares(move)
    direction, distance = step(frm, to)
    group = state.group_of(move)
    what = "the stone on" if len(group) == 1 else f"the phalanx of {number(len(group))} from"
    return f"it moves {what} {B.square_name(frm)} {count(distance, 'square')} {direction}"


def explain(state: EpaminondasState, player: str, move: Move, rng: random.Random) -> Reasons:
    """The reasons, most important first; see the module's docstring."""
    after = state.apply_turn({player: move})
    if not isinstance(after, EpaminondasState):
        raise TypeError("an Epaminondas move leads to an Epaminondas position")
    enemy = other(player)
    them = TITLE[enemy]
    why: list[str] = []
    outcome = after.outcome()
    if outcome is not None and outcome.winner == player:
        why.append(f"it wins the game: {outcome.reason.rstrip('.')}")
    taken = state.captured_by(move)
    if taken:
        why.append(f"it captures {count(len(taken), them + ' stone')} on {squares_text(taken)}")
    mine, theirs = after.crossed(player), after.crossed(enemy)
    if mine > state.crossed(player):
        lead = f"{them} must answer it or lose" if mine > theirs else f"{them} has {number(theirs)} on yours"
        why.append(f"it puts a stone on {them}'s home row ({number(mine)} there; {lead})")
    elif theirs < state.crossed(enemy):
        why.append(f"it clears {them}'s stone off your home row")
    if not after.over:
        threat_before = best_capture(passed(state))
        threat_after = best_capture(after)
        if len(threat_before) > len(threat_after):
            saved = len(threat_before) - len(threat_after)
            why.append(
                f"it saves {count(saved, 'stone')} {them} could capture (on {squares_text(threat_before)})"
            )
        aim = best_capture(passed(after))
        if len(aim) > len(best_capture(state)) or (aim and not taken):
            why.append(
                f"it threatens to capture {count(len(aim), them + ' stone')} on {squares_text(aim)} next"
            )
        if can_cross(passed(state)) and not can_cross(after):
            why.append(f"it stops {them} from crossing onto your home row next")
        elif mine <= state.crossed(player) and can_cross(passed(after)) and not can_cross(state):
            why.append(f"it threatens to cross onto {them}'s home row next")
        if threat_after and len(threat_after) >= len(threat_before):
            why.append(f"{them} can still take {count(len(threat_after), 'stone')} in reply")
    if not why:
        why.append(moved_clause(state, move) + f", and {them} has no capture in reply")
    return Reasons(why)
