"""Epaminondas in words: which phalanx moved how far which way, the stones it captured, and the count
of stones across each home row (the count that wins); at the end, the stones that decided it.

The facts are the state's own answers about the move (``group_of``, ``captured_by``) and the
crossing counts before and after, so a sentence says exactly what the rules did.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from game.core import EndWords, Move, Outcome, TurnWords
from game.epaminondas import board as B
from game.epaminondas.rules import DRAW_PLIES, PLAYERS, EpaminondasState, PlayMove
from game.phrases import amount, compass, count, joined, number, sentence

TITLE = {"white": "White", "black": "Black"}
QUIET_WARNING = 20
"""Plies left before the quiet-plies draw at which the note starts counting them down."""


def other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def squares_text(squares: Sequence[int]) -> str:
    """A line of squares as "d5–d7" when it runs end to end, else "d5 and e6"."""
    names = [B.square_name(sq) for sq in sorted(squares)]
    if len(names) > 2:
        return f"{names[0]}–{names[-1]}"
    return joined(names)


def step(frm: int, to: int) -> tuple[str, int]:
    """The direction and distance from ``frm`` to ``to`` (a straight line, as every move is)."""
    df = to % B.WIDTH - frm % B.WIDTH
    dr = to // B.WIDTH - frm // B.WIDTH
    return compass(df, dr), max(abs(df), abs(dr))


def crossing_clause(after: EpaminondasState, mover: str) -> str:
    """Stones on the opponent's home row, when either side has any: the win is counted there."""
    mine, theirs = after.crossed(mover), after.crossed(other(mover))
    if not mine and not theirs:
        return ""
    return (
        f"{TITLE[mover]} has {count(mine, 'stone')} on {TITLE[other(mover)]}'s home row, "
        f"{TITLE[other(mover)]} {amount(theirs)} on {TITLE[mover]}'s"
    )


def describe_turn(before: EpaminondasState, turn: Mapping[str, Move], after: EpaminondasState) -> TurnWords:
    """One move in words; see the module's docstring."""
    mover, move = next(iter(turn.items()))
    group = before.group_of(move)
    captured = before.captured_by(move)
    frm, to = cast(PlayMove, move)
    direction, distance = step(frm, to)
    who = TITLE[mover]
    if len(group) == 1:
        did = f"{who} moved the stone on {B.square_name(frm)} {count(distance, 'square')} {direction}"
    else:
        did = (
            f"{who}'s phalanx of {number(len(group))} from {B.square_name(frm)} moved "
            f"{count(distance, 'square')} {direction}"
        )
    if captured:
        taken = count(len(captured), TITLE[other(mover)] + " stone")
        did += f" and captured {taken} on {squares_text(captured)}"
    crossed_now = after.crossed(mover) > before.crossed(mover)
    crossing = crossing_clause(after, mover)
    quiet = ""
    left = DRAW_PLIES - after.quiet_plies
    if not captured and 0 < left <= QUIET_WARNING:
        quiet = f"{count(left, 'more move')} without a capture and the game is drawn"
    across = f"now {count(after.crossed(mover), 'stone')} on {TITLE[other(mover)]}'s home row"
    line = sentence(did, across if crossed_now else "")
    return TurnWords(line, sentence(did, crossing, quiet))


def move_words(state: EpaminondasState, player: str, move: Move) -> str:
    """The move list's short phrase: "Stone a2 to a3", "3 stones a1 to a4, take 2" (the rearmost
    stone's squares, as in the notation)."""
    frm, to = cast(PlayMove, move)
    group = state.group_of(move)
    captured = state.captured_by(move)
    what = "Stone" if len(group) == 1 else f"{len(group)} stones"
    said = f"{what} {B.square_name(frm)} to {B.square_name(to)}"
    return said + (f", take {len(captured)}" if captured else "")


def describe_end(state: EpaminondasState, outcome: Outcome) -> EndWords:
    """A win by crossing rings the winner's stones on the loser's home row."""
    winner = outcome.winner
    if winner is None:
        return EndWords(outcome.reason)
    stones = state.stones(winner) & B.TARGET[PLAYERS.index(winner)]
    squares = tuple(B.square_name(sq) for sq in B.squares_of(stones))
    if not squares:
        return EndWords(outcome.reason)
    loser = other(winner)
    reason = sentence(
        f"{TITLE[winner]} began a turn with more stones across: {number(len(squares))} on {TITLE[loser]}'s "
        f"home row ({joined(list(squares))}) to {amount(state.crossed(loser))}"
    )
    return EndWords(reason, squares)
