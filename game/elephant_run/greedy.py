"""Elephant Run's greedy beginner (:mod:`game.greedy`): room for the elephant, none for the farmers.

The elephant tramples when it can and otherwise keeps the most vacant tiles around it; the farmers
leave it as few ways out as they can this very turn. Found through ``GameInfo.greedy``.
"""

from __future__ import annotations

import random

from game.core import GameState, Move
from game.elephant_run.rules import (
    ELEPHANT,
    PHASE_PLACE_ELEPHANT,
    PHASE_PLACE_FARMERS,
    SIZE,
    WIDTH,
    ElephantRunState,
    PlayMove,
)
from game.greedy import best_by_score, one_ply


def _er_is_jump(move: PlayMove) -> bool:
    """A two-square elephant move is a jump, and an elephant's jump always tramples a farmer."""
    frm, to = move
    return max(abs(frm % WIDTH - to % WIDTH), abs(frm // WIDTH - to // WIDTH)) == 2


def _er_vacant_around(state: ElephantRunState, sq: int) -> int:
    """Vacant tiles next to ``sq``: the room an elephant standing there has to keep eating."""
    vacant = state.tiles & ~state.farmers
    f, r = sq % WIDTH, sq // WIDTH
    count = 0
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            nf, nr = f + df, r + dr
            if (df or dr) and 0 <= nf < WIDTH and 0 <= nr < SIZE // WIDTH:
                count += vacant >> (nr * WIDTH + nf) & 1
    return count


def elephant_run_move(state: GameState, player: str, rng: random.Random) -> Move:
    """The elephant starts where it has most room, tramples a farmer when it can, else steps to
    the tile with most vacant tiles around it; the farmers set up and move to leave the elephant
    as few ways out as they can this very turn."""
    assert isinstance(state, ElephantRunState)
    phase = state.phase
    if phase == PHASE_PLACE_ELEPHANT:
        return best_by_score(state.legal_moves(player), lambda m: _er_vacant_around(state, m[0]), rng)
    if phase == PHASE_PLACE_FARMERS:
        return _er_farmer_setup(state, player, rng)
    if player == ELEPHANT:

        def elephant_value(child: GameState, me: str) -> float:
            assert isinstance(child, ElephantRunState)
            jumped = child.farmers.bit_count() < state.farmers.bit_count()
            return 100.0 * jumped + _er_vacant_around(child, child.elephant)

        return one_ply(state, player, rng, elephant_value)
    return one_ply(state, player, rng, lambda child, me: -_er_elephant_room(child))


def _er_elephant_room(child: GameState) -> float:
    """After a farmers' move the elephant is to move: its moves, a trample counting three."""
    if ELEPHANT not in child.to_move():
        return 0.0
    assert isinstance(child, ElephantRunState)
    return float(sum(3 if _er_is_jump(move) else 1 for move in child.legal_moves(ELEPHANT)))


def _er_farmer_setup(state: ElephantRunState, player: str, rng: random.Random) -> Move:
    """Farmers placed one at a time, each where it leaves the elephant fewest ways out on its first
    move (a beginner's ring around it, with the holes a ring has)."""
    elephant = state.elephant
    n_farmers = state.n_farmers
    placed: list[int] = []
    free = [sq for sq in range(SIZE) if sq != elephant]
    for _ in range(n_farmers):

        def room_after(sq: int) -> float:
            rest = [s for s in free if s != sq and s not in placed]
            filler = tuple(sorted([*placed, sq, *_far_fill(rest, elephant, n_farmers - len(placed) - 1)]))
            return -_er_elephant_room(state.apply_turn({player: filler}))

        choice = best_by_score([sq for sq in free if sq not in placed], room_after, rng)
        placed.append(choice)
    return tuple(sorted(placed))


def _far_fill(squares: list[int], elephant: int, count: int) -> list[int]:
    """The ``count`` squares farthest from the elephant: where not-yet-placed farmers are parked
    while the next one is chosen, so they neither help nor hinder that choice."""

    def distance(sq: int) -> int:
        return max(abs(sq % WIDTH - elephant % WIDTH), abs(sq // WIDTH - elephant // WIDTH))

    return sorted(squares, key=lambda sq: (-distance(sq), sq))[:count]
