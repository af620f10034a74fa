"""Styles of play for Elephant Run's gauntlet (see :mod:`game.styles`), written from the rules: each
plays either side, the setup included, and none looks further than its own move (the careful ones
also check that the move does not lose at once).

The farmers' setup has about 100,000 placements, so a style judges a sample of them
(:data:`PLACEMENT_SAMPLE`) the way a person tries a few set-ups in their head.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from game.core import GameState, Move
from game.elephant_run.board import NEIGHBOUR_MASK, WIDTH, PlayMove, elephant_bound, elephant_moves
from game.elephant_run.rules import (
    ELEPHANT,
    FARMERS,
    PHASE_PLACE_ELEPHANT,
    PHASE_PLACE_FARMERS,
    ElephantRunState,
)
from game.styles import Past, Style, best_by, biased_random, last_move_of, one_ply, safe_moves, winning_move

PLACEMENT_SAMPLE = 300
"""Farmer placements a style weighs at setup, drawn at random."""


def _distance(a: int, b: int) -> int:
    """King-move distance between two squares."""
    return max(abs(a % WIDTH - b % WIDTH), abs(a // WIDTH - b // WIDTH))


def _mobility(state: ElephantRunState) -> int:
    """The elephant's moves from where it stands, whoever is to move."""
    return len(elephant_moves(state.tiles, state.farmers, state.elephant))


def _exposed(state: ElephantRunState) -> int:
    """Farmers the elephant could trample next (a farmer beside it with a vacant tile behind)."""
    return sum(1 for _, taken in elephant_moves(state.tiles, state.farmers, state.elephant) if taken >= 0)


def _crowding(state: ElephantRunState) -> int:
    """Sum of the farmers' distances to the elephant (small: they crowd it)."""
    return sum(_distance(sq, state.elephant) for sq in state.farmer_squares())


def _spread(state: ElephantRunState) -> int:
    """How far apart the farmers stand from each other (small: a compact group)."""
    squares = state.farmer_squares()
    return sum(_distance(a, b) for i, a in enumerate(squares) for b in squares[i + 1 :])


Judge = Callable[[ElephantRunState], float]


Chooser = Callable[[GameState, str, random.Random, Past], Move]
Setup = Callable[[GameState, str, random.Random], Move | None]


def _setup(elephant_square: Judge, placement: Judge) -> Setup:
    """The setup moves of a style: the elephant's square by ``elephant_square`` of the position after
    it, the farmers' placement by ``placement`` over a random sample; None when not in setup."""

    def choose(state: GameState, player: str, rng: random.Random) -> Move | None:
        assert isinstance(state, ElephantRunState)
        if state.phase == PHASE_PLACE_ELEPHANT:
            return best_by(_after(elephant_square), state, player, rng)
        if state.phase == PHASE_PLACE_FARMERS:
            sample = [state.random_move(player, rng) for _ in range(PLACEMENT_SAMPLE)]
            return best_by(_after(placement), state, player, rng, sample)
        return None

    return choose


def _style(name: str, line: str, setup: Setup, elephant: Chooser, farmers: Chooser) -> Style:
    def choose(state: GameState, player: str, rng: random.Random, past: Past = ()) -> Move:
        placed = setup(state, player, rng)
        if placed is not None:
            return placed
        return (elephant if player == ELEPHANT else farmers)(state, player, rng, past)

    return Style(name, line, choose)


def _after(judge: Judge) -> Callable[[GameState, str, Move, GameState], float]:
    def score(_before: GameState, _player: str, _move: Move, after: GameState) -> float:
        assert isinstance(after, ElephantRunState)
        return judge(after)

    return score


# -- the styles ---------------------------------------------------------------------------------------------
def _rusher() -> Style:
    """All-out: the elephant grabs the most points now, the farmers charge the elephant."""
    return _style(
        "rusher",
        "elephant grabs the most points every move; farmers charge straight at the elephant",
        _setup(lambda s: _mobility(s), lambda s: -_crowding(s)),
        one_ply(_after(lambda s: 10 * s.points + _mobility(s)), careful=False),
        one_ply(_after(lambda s: -_crowding(s)), careful=False),
    )


def _turtle() -> Style:
    """Safety first: the elephant keeps to open ground, the farmers keep away in a tight group."""
    return _style(
        "turtle",
        "elephant keeps the most room to move; farmers huddle together out of reach",
        _setup(lambda s: elephant_bound(s.tiles, s.farmers, s.elephant), lambda s: _crowding(s) - _spread(s)),
        one_ply(_after(lambda s: 3 * _mobility(s) + elephant_bound(s.tiles, s.farmers, s.elephant))),
        one_ply(_after(lambda s: -20 * _exposed(s) - _spread(s) + _crowding(s))),
    )


def _hemmer() -> Style:
    """The obvious plan for the farmers and its mirror: take away the elephant's squares."""
    return _style(
        "hemmer",
        "farmers take away the elephant's next squares; elephant heads for the biggest open region",
        _setup(lambda s: elephant_bound(s.tiles, s.farmers, s.elephant), lambda s: -_mobility(s)),
        one_ply(_after(lambda s: elephant_bound(s.tiles, s.farmers, s.elephant) + s.points)),
        one_ply(_after(lambda s: -4 * _mobility(s) - 10 * _exposed(s))),
    )


def _careful_greedy() -> Style:
    """A sensible beginner: points and room, never a move that loses at once."""
    return _style(
        "careful",
        "one move ahead with a safety check: points and room for the elephant, "
        "fewer escape squares and no farmer left to trample for the farmers",
        _setup(lambda s: _mobility(s), lambda s: -_mobility(s) - 3 * _exposed(s)),
        one_ply(
            _after(lambda s: 6 * s.points + 2 * _mobility(s) + elephant_bound(s.tiles, s.farmers, s.elephant))
        ),
        one_ply(
            _after(
                lambda s: (
                    -3 * _mobility(s) - 12 * _exposed(s) - elephant_bound(s.tiles, s.farmers, s.elephant)
                )
            )
        ),
    )


def _near_elephant(state: GameState, _player: str, any_move: Move) -> float:
    assert isinstance(state, ElephantRunState)
    move = cast(PlayMove, any_move)
    if len(move) < 2 or state.elephant < 0:
        return 1.0
    return 4.0 if NEIGHBOUR_MASK[state.elephant] >> move[-1] & 1 else 1.0


def _no_setup(_state: GameState, _player: str, _rng: random.Random) -> Move | None:
    return None


def _random_biased() -> Style:
    """Random but legal, drawn to the elephant's neighbourhood (its setup at random too)."""
    chooser = biased_random(_near_elephant)
    return _style(
        "random", "any legal move, four times likelier next to the elephant", _no_setup, chooser, chooser
    )


def _direction(frm: int, to: int) -> tuple[int, int]:
    dx, dy = to % WIDTH - frm % WIDTH, to // WIDTH - frm // WIDTH
    return (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)


def _mirror_move(state: GameState, player: str, rng: random.Random, past: Past) -> Move:
    """Step the way the opponent last stepped (the elephant follows the last farmer's direction; the
    farmer nearest the elephant follows the elephant's) when it can; else a safe move at random."""
    assert isinstance(state, ElephantRunState)
    theirs = cast(PlayMove | None, last_move_of(past, FARMERS if player == ELEPHANT else ELEPHANT))
    moves = list(state.legal_moves(player))
    if theirs is not None and len(theirs) >= 2:
        step = _direction(theirs[0], theirs[-1])
        fitting = [m for m in moves if len(m) >= 2 and _direction(m[0], m[-1]) == step]
        if fitting:
            return min(fitting, key=lambda m: (_distance(m[0], state.elephant), rng.random()))
    win = winning_move(state, player)
    return win if win is not None else rng.choice(safe_moves(state, player))


def _mirror() -> Style:
    return _style(
        "mirror",
        "copies the direction of the opponent's last move; a safe random move otherwise",
        _no_setup,
        _mirror_move,
        _mirror_move,
    )


def _reader_move(state: GameState, player: str, rng: random.Random, past: Past) -> Move:
    """Reads the opponent: the side it moved towards most often so far (by file) is where it will go
    next, so the elephant runs the other way and the farmers gather on that side."""
    assert isinstance(state, ElephantRunState)
    rival = FARMERS if player == ELEPHANT else ELEPHANT
    drift = 0
    for turn in past:
        move = cast(PlayMove | None, turn.get(rival))
        if move is not None and len(move) >= 2:
            drift += _direction(move[0], move[-1])[0]
    lean = (drift > 0) - (drift < 0)

    def judge(after: ElephantRunState) -> float:
        column = after.elephant % WIDTH
        if player == ELEPHANT:
            return 5 * after.points + _mobility(after) - 2 * lean * column
        centre = sum(sq % WIDTH for sq in after.farmer_squares()) / max(1, after.farmers.bit_count())
        return -3 * _mobility(after) - 12 * _exposed(after) + 2 * lean * centre

    return one_ply(_after(judge))(state, player, rng, past)


def _reader() -> Style:
    return _style(
        "reader",
        "learns which way the opponent drifts and plays against it, one move ahead",
        _setup(lambda s: _mobility(s), lambda s: -_mobility(s) - 3 * _exposed(s)),
        _reader_move,
        _reader_move,
    )


def styles() -> tuple[Style, ...]:
    """Elephant Run's gauntlet."""
    return (_rusher(), _turtle(), _hemmer(), _careful_greedy(), _random_biased(), _mirror(), _reader())
