"""The farmers' book (game/elephant_run/book.py, built by docs/solver/farmers_book.py): from each
proved placement, hard's farmers keep the won start won against every elephant line the book
covers, and then play on to the win against the solver's best elephant.

Every book move is checked by the game's own Python solver at the book's end (each line the
elephant can choose, down to where it needs ``stop`` points): the compiled tool that built it is
not trusted here. Bounded by solver nodes and search nodes, never by time."""

from __future__ import annotations

import json
import os
import random

import pytest

from game.elephant_run import book as farmers_book
from game.elephant_run import starts
from game.elephant_run.ai import ai
from game.elephant_run.board import square_index
from game.elephant_run.rules import ElephantRunState
from game.elephant_run.solver import Solver
from game.search import Limit

BOOK = farmers_book.load()
CLASSES = sorted(json.loads(farmers_book.BOOK_PATH.read_text())["classes"]) if BOOK is not None else []
SOLVER_NODES = 3_000_000
"""Far more than a position where the elephant needs the book's ``stop`` points costs (about
10,000 nodes measured); hitting it fails the test rather than passing unproved."""


def placed(square: str, options: dict[str, str] | None = None) -> ElephantRunState:
    table = starts.table(6, False)
    assert table is not None
    state = ElephantRunState.from_options(options or {}).apply((square_index(square),))
    return state.apply(tuple(sorted(square_index(s) for s in table.squares[square].placement)))


def farmers_hold(solver: Solver, state: ElephantRunState) -> bool:
    """The one yes-or-no question (cheaper than the exact value): can the elephant, whoever is to
    move, still force the points it needs? The farmers hold when it cannot."""
    need = state.target - state.points
    return not solver.at_least(state.tiles, state.farmers, state.elephant, state.side, need)


def test_the_book_ships_and_covers_every_class_where_the_farmers_win() -> None:
    assert BOOK is not None, "game/elephant_run/farmers_book.json is missing or damaged"
    table = starts.table(6, False)
    assert table is not None
    for name in CLASSES:
        assert table.squares[name].points < BOOK.target


LEAVES_CHECKED = None if os.environ.get("CURIO_BOOK_LEAVES") == "all" else 24
"""How many of a class's book ends the solver re-proves in a normal run (a seeded sample: each
takes the Python solver about a third of a second); ``CURIO_BOOK_LEAVES=all`` checks every one."""


@pytest.mark.parametrize("square", CLASSES)
def test_every_elephant_line_in_the_book_ends_in_a_farmers_win(square: str) -> None:
    """Every line the elephant can choose is followed through the book (the book must have a move
    at every farmers' turn on the way); where the book ends, the solver must say the farmers still
    hold, for a seeded sample of those ends, or for all of them."""
    assert BOOK is not None
    leaves: list[ElephantRunState] = []
    stack = [placed(square)]
    seen: set[tuple[int, int, int, int]] = set()
    while stack:
        state = stack.pop()
        key = (state.tiles, state.farmers, state.elephant, state.side)
        if key in seen:  # the same position by another order of moves
            continue
        seen.add(key)
        if state.over:
            assert (outcome := state.outcome()) is not None and outcome.winner != "elephant"
            continue
        if state.target - state.points <= BOOK.stop:
            leaves.append(state)
            continue
        if state.side == 0:  # the elephant: every move it has
            stack.extend(state.apply(move) for move in state.legal_moves("elephant"))
        else:
            move = farmers_book.book_move(state)
            assert move is not None, f"the book has no move for {state.to_text()}"
            stack.append(state.apply(move))
    assert leaves
    sample = (
        leaves
        if LEAVES_CHECKED is None
        else random.Random(square).sample(leaves, min(LEAVES_CHECKED, len(leaves)))
    )
    solver = Solver(False, SOLVER_NODES)
    for state in sample:
        assert farmers_hold(solver, state), f"the book's line ends lost: {state.to_text()}"


@pytest.mark.parametrize("square", CLASSES)
def test_hard_farmers_win_a_whole_game_against_the_solvers_elephant(square: str) -> None:
    solver = Solver(False, SOLVER_NODES)
    rng = random.Random(square)
    state = placed(square)
    while not state.over:
        player = state.to_move()[0]
        if player == "elephant":
            if state.target - state.points <= 6:
                _, best = solver.best_moves(state)
                move = rng.choice(best)
            else:  # far from the end nobody can say which is best: any line the book covers
                move = rng.choice(list(state.legal_moves("elephant")))
        else:
            move = ai(state, "farmers", "hard", random.Random(7), Limit(nodes=60_000))
        state = state.apply(move)
        if player == "farmers" and not state.over and state.target - state.points <= 6:
            assert farmers_hold(solver, state), f"hard's farmers let the win go: {state.to_text()}"
    assert (outcome := state.outcome()) is not None and outcome.winner == "farmers"


def test_a_mirrored_start_gets_the_mirrored_move() -> None:
    assert BOOK is not None and CLASSES
    square = CLASSES[0]
    state = placed(square)
    first = state.apply(state.legal_moves("elephant")[0])
    move = farmers_book.book_move(first)
    assert move is not None
    mirrored = ElephantRunState(
        tiles=farmers_book._mirror_mask(first.tiles, 1),
        farmers=farmers_book._mirror_mask(first.farmers, 1),
        elephant=farmers_book._mirror_square(first.elephant, 1),
        phase=first.phase,
        side=first.side,
    )
    assert farmers_book.book_move(mirrored) == tuple(farmers_book._mirror_square(sq, 1) for sq in move)


def test_no_book_below_its_target_or_in_another_family() -> None:
    assert BOOK is not None and CLASSES
    for options in ({"points": "9"}, {"farmers": "7"}):
        state = ElephantRunState.from_options(options).apply((square_index(CLASSES[0]),))
        table = starts.table(6, False)
        assert table is not None
        placement = tuple(sorted(square_index(s) for s in table.squares[CLASSES[0]].placement))
        if options.get("farmers") == "7":
            placement = tuple(
                sorted({*placement, next(i for i in range(24) if i not in placement and i != state.elephant)})
            )
        state = state.apply(placement)
        state = state.apply(state.legal_moves("elephant")[0])
        assert farmers_book.book_move(state) is None
