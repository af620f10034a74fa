"""Changing Challenges in words: which piece moved, knocked or merged with which, a promotion, and
how far the balance swung and how near it is to tipping; at the end, the knocked king, the king on
the centre line, or the tipped balance.

The facts are the state's own :meth:`~game.changing_challenges.rules.ChangingChallengesState.effects`
of the move (the same answer the board's animation reads), so words and picture agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from game.changing_challenges import board as B
from game.changing_challenges.rules import PLAYERS, ChangingChallengesState, PlayMove
from game.core import EndWords, Move, Outcome, TurnWords
from game.phrases import capitalised, sentence

TITLE = {"triangles": "the Triangles", "circles": "the Circles"}
TIP = B.TIP_LIMIT + 1
"""The smallest moment, either way, the counterweight cannot cancel."""


def signed(moment: int) -> str:
    return f"+{moment}" if moment > 0 else str(moment)


def balance_clause(before: int, after: int) -> str:
    """How far the balance swung this move, toward whose half, and how much more would tip it.
    A positive moment is weight on the Circles' half."""
    if after > B.TIP_LIMIT or after < -B.TIP_LIMIT:
        side = "Circles" if after > 0 else "Triangles"
        return f"the board tipped toward the {side}' side (moment {signed(after)})"
    room = TIP - abs(after)
    toward = "Circles" if after > 0 else "Triangles"
    near = f"{room} more would tip it toward the {toward}" if after else "level"
    delta = after - before
    if delta == 0:
        return f"the balance held at {signed(after)}, {near}"
    side = "Circles" if delta > 0 else "Triangles"
    return f"the balance swung {abs(delta)} toward the {side} to {signed(after)}, {near}"


def describe_turn(
    before: ChangingChallengesState, turn: Mapping[str, Move], after: ChangingChallengesState
) -> TurnWords:
    """One move in words; see the module's docstring."""
    mover, move = next(iter(turn.items()))
    frm, to, _ = cast(PlayMove, move)
    fx = before.effects(move)
    piece = before.at(frm)
    owner = capitalised(TITLE[mover])
    enemy = TITLE[PLAYERS[1 - PLAYERS.index(mover)]]
    kind = piece["kind"] if piece else "piece"
    victim = before.at(fx["captured"]) if fx["captured"] is not None else None
    prey = victim["kind"] if victim else "piece"
    if fx["kind"] == "merge":
        grown = B.PIECE_NAMES.get(fx["weight_after"], "piece")
        did = f"{owner}' {kind} merged with {enemy}' {prey} on {B.square_name(to)} into a {grown}"
    elif fx["kind"] == "knock":
        did = f"{owner}' {kind} knocked {enemy}' {prey} off {B.square_name(fx['captured'])} into storage"
    else:
        did = f"{owner}' {kind} moved from {B.square_name(frm)} to {B.square_name(to)}"
    if fx["promotes"]:
        did += " and became a queen"
    moment = fx["moment_after"]
    short = "the board tips"
    if abs(moment) < TIP:
        short = f"balance {signed(moment)}, {TIP - abs(moment)} from tipping"
    return TurnWords(sentence(did, short), sentence(did, balance_clause(fx["moment_before"], moment)))


def move_words(state: ChangingChallengesState, player: str, move: Move) -> str:
    """The move list's short phrase: "Queen c9 merges a11", "Rook b5 knocks out b11", "Pawn c4 to c5"
    (the piece as it stands before the move; a promotion adds "now queen")."""
    frm, to, _ = cast(PlayMove, move)
    fx = state.effects(move)
    piece = state.at(frm)
    kind = capitalised(piece["kind"] if piece else "piece")
    start, end = B.square_name(frm), B.square_name(to)
    captured = fx["captured"]
    if fx["kind"] == "merge":
        said = f"{kind} {start} merges {end}"
    elif fx["kind"] == "knock" and captured is not None and captured != to:  # en passant
        said = f"{kind} {start} to {end}, knocks out {B.square_name(captured)}"
    elif fx["kind"] == "knock":
        said = f"{kind} {start} knocks out {end}"
    else:
        said = f"{kind} {start} to {end}"
    return said + (", now queen" if fx["promotes"] else "")


HEAVIEST_RINGED = 3
"""How many of the pieces that tipped the board are ringed at the end."""


def heaviest(state: ChangingChallengesState, sign: int) -> tuple[str, ...]:
    """The squares of the pieces that weigh most toward the tipped side (weight × line, stored
    pieces included): the ones that decided a game lost to the balance."""
    pulls = []
    for sq, piece in enumerate(state.board):
        pull = abs(piece) * (B.rank_of(sq) - B.CENTRE_RANK) * sign
        if piece and pull > 0:
            pulls.append((pull, sq))
    pulls.sort(key=lambda item: (-item[0], item[1]))
    return tuple(B.square_name(sq) for _, sq in pulls[:HEAVIEST_RINGED])


def describe_end(state: ChangingChallengesState, outcome: Outcome) -> EndWords:
    """Ring the knocked king in storage, or the king standing safe on the centre line."""
    for side, player in enumerate(PLAYERS):
        king = B.KING * B.SIGN[side]
        for sq in B.STORAGE_FILL[side]:
            if state.board[sq] == king:
                name = B.square_name(sq)
                said = f"{TITLE[player]}' king was knocked off the board (it lies in storage on {name})"
                return EndWords(sentence(said), (name,))
    moment = state.moment
    if abs(moment) > B.TIP_LIMIT:
        toward = "Circles" if moment > 0 else "Triangles"
        said = (
            f"the board tipped toward the {toward}' side: a moment of {signed(moment)} is more than the "
            f"counterweight can hold (at most {B.TIP_LIMIT})"
        )
        return EndWords(sentence(said), heaviest(state, 1 if moment > 0 else -1))
    if outcome.winner is not None:
        king = B.KING * B.SIGN[PLAYERS.index(outcome.winner)]
        for sq in B.CENTRE:
            if state.board[sq] == king:
                name = B.square_name(sq)
                owner = TITLE[outcome.winner]
                said = f"{owner}' king stands on the centre line at {name} and no reply can knock it"
                return EndWords(sentence(said), (name,))
    return EndWords(outcome.reason)
