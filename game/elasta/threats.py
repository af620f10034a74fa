"""What an Elasta player can lose next turn: the files one lost push (or a few, with the rubber band
unable to save them) from their ground line, for the coach's red rings (:mod:`game.threats`).

Nothing is "taken" in Elasta: a file is lost when the opponent's chip beats the player's there and
the push leaves no square of the player's between the stick and their ground line, unless the band
pulls the stick back (RULES.md: a stick that touched an edge and was pulled back does not end the
game). So the question is asked of the rules' own push and band for the worst turns the opponent
could win: every file lost but one (at least one file always goes the player's way or ties, since
both allot the same eight chips), and each file lost alone. Pulls only ever draw a stick toward
its neighbours, so losing more of the other files never helps the player keep one: those turns
find every file that could be lost. A file is marked by the player's front square in it (the live
square next to the stick, as :meth:`ElastaState.move_squares` names a file), which is exactly what
the lost push would give up.

In the token sub-turn nothing of the player's can be lost to the opponent (a token deletes a
square of its owner's own territory), so there are no threats there.
"""

from __future__ import annotations

from game.elasta.rules import (
    N_FILES,
    N_RANKS,
    PHASE_ALLOT,
    WHITE,
    ElastaState,
    contract,
    losers,
    push,
    square,
    square_name,
)


def _after(state: ElastaState, results: list[int]) -> list[int]:
    """The sticks after one reveal with these per-file results (+1 White won the file)."""
    pushed = push(state.lines, results, state.deleted)
    rounds = contract(pushed)
    return rounds[-1] if rounds else pushed


def threatened_files(state: ElastaState, player: str) -> list[int]:
    """The files (0 = A) ``player`` could lose the game in next turn, in file order; none outside the
    allotment sub-turn or in a finished game."""
    if state.over or state.phase != PHASE_ALLOT:
        return []
    against = -1 if player == WHITE else 1
    found: set[int] = set()
    turns = [[against if f != kept else 0 for f in range(N_FILES)] for kept in range(N_FILES)]
    turns += [[against if f == alone else 0 for f in range(N_FILES)] for alone in range(N_FILES)]
    for results in turns:
        white_lost, black_lost = losers(_after(state, results), state.deleted)
        lost = white_lost if player == WHITE else black_lost
        found.update(f for f in lost if results[f] == against)
    return sorted(found)


def front_square(state: ElastaState, player: str, file: int) -> int | None:
    """``player``'s live square nearest the stick in ``file`` (None: they hold no square there)."""
    line = state.lines[file]
    ranks = range(line, 0, -1) if player == WHITE else range(line + 1, N_RANKS + 1)
    for rank in ranks:
        if not state.deleted >> square(file, rank) & 1:
            return square(file, rank)
    return None


def threatened(state: ElastaState, player: str) -> list[str]:
    """The coach's marks: ``player``'s front square in each file they could lose next turn."""
    squares = [front_square(state, player, f) for f in threatened_files(state, player)]
    return [square_name(sq) for sq in squares if sq is not None]
