"""The centre-line win the board warns about: a king that could step safely onto the centre line.

A king on the centre line where nothing can knock it wins at once, which is easy to miss on a
board that is mostly about balance; the view rings such kings and their squares and the prompt
says so. Asked of the engine (the outcome after each king step), never worked out here.
"""

from __future__ import annotations

from game.changing_challenges import board as B
from game.changing_challenges.rules import ChangingChallengesState
from scenes.games.changing_challenges.sides import CIRCLES, PLAYERS, TRIANGLES


def king_square(state: ChangingChallengesState, side: int) -> int | None:
    """Where ``side``'s king stands on the field (None once it is in storage)."""
    return next((sq for sq in B.PLAYABLE if state.board[sq] == B.KING * B.SIGN[side]), None)


def centre_threats(state: ChangingChallengesState) -> dict[str, list[int]]:
    """Per player: centre-line squares their king could step onto *safely* and so win, were it
    their move (asked of the engine: the outcome of the position after that king step)."""
    out: dict[str, list[int]] = {TRIANGLES: [], CIRCLES: []}
    if state.over:
        return out
    for side, player in enumerate(PLAYERS):
        king = king_square(state, side)
        if king is None:
            continue
        probe = state if side == state.side else ChangingChallengesState(state.board, side, -1, state.pieces)
        for move in B.generate(state.board, side, state.ep if side == state.side else -1):
            if move[0] != king or move[1] not in B.CENTRE:
                continue
            outcome = probe.after(move).outcome()
            if outcome is not None and outcome.winner == player and "centre" in outcome.reason:
                out[player].append(move[1])
        out[player].sort()
    return out
