"""Styles of play a person might adopt, for the gauntlet (``python -m game gauntlet``).

The ladder measures the levels against each other and against one greedy beginner, all written beside
the levels; a level tuned against those can still lose every game to a plan nobody tried (an outside
one-ply bot pushing one file in Elasta beat normal 9 games of 10). A *style* is such a plan, simple
and of its own kind — rush one flank, turtle, hoard material, mirror the opponent, grab with a
one-move safety check, play at random with a bias, read the opponent's habits — written from the
rules alone, never from the levels' code, so it finds what a player would find.

Each game lists its styles in ``game/<game>/styles.py`` and names that list on its ``GameInfo``
(``styles``). This module holds what they share: the :class:`Style` record, one-ply choosing with
random tie-breaks, and the safety checks of an alternating game (does a move hand the opponent a win
at once?).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core import GameState, Move

if TYPE_CHECKING:
    from game.core import GameInfo

Past = Sequence[Mapping[str, Move]]
"""The turns played so far, oldest first (each maps the players who acted to their moves): what a
person at the table has seen, for the styles that copy or read the opponent."""

Chooser = Callable[[GameState, str, random.Random, Past], Move]
"""A style's whole mind: the position, the side it plays, a seeded source of chance and the game so
far → a legal move."""

Scorer = Callable[[GameState, str, Move, GameState], float]
"""How much a style likes a move: the position before, its side, the move, the position after."""


@dataclass(frozen=True)
class Style:
    """One way to play: a short ``name`` for tables and seats ("rusher"), a ``line`` saying what it
    does in plain words, and its ``choose``."""

    name: str
    line: str
    choose: Chooser


SEAT_PREFIX = "style:"
"""A ladder seat naming a style: ``style:rusher``."""


def styles_for(info: GameInfo) -> tuple[Style, ...]:
    """The styles ``info`` lists (none for a game without a gauntlet)."""
    return tuple(info.styles()) if info.styles is not None else ()


def style_named(info: GameInfo, name: str) -> Style:
    """The style ``name`` of ``info``; ValueError naming the choices when there is none."""
    found = {style.name: style for style in styles_for(info)}
    if name not in found:
        choices = ", ".join(found) or "none"
        raise ValueError(f"{info.title} has no style '{name}' (styles: {choices})")
    return found[name]


# -- choosing ---------------------------------------------------------------------------------------------
def best_by(
    score: Scorer, state: GameState, player: str, rng: random.Random, moves: Sequence[Move] | None = None
) -> Move:
    """The move ``score`` likes most after playing it (one ply, no reply weighed); equal scores are
    broken by ``rng``, so a style never plays the same game twice against a level that varies."""
    candidates = list(state.legal_moves(player) if moves is None else moves)
    best: list[Move] = []
    top = float("-inf")
    for move in candidates:
        value = score(state, player, move, state.apply(move))
        if value > top:
            top, best = value, [move]
        elif value == top:
            best.append(move)
    return rng.choice(best)


def other(state: GameState, player: str) -> str:
    """The opponent of ``player`` (every game here has two sides)."""
    from game.register import get

    return next(p for p in get(state.game_id).players if p != player)


def wins_at_once(after: GameState, player: str) -> bool:
    """``player`` has won in ``after`` (the game is over and theirs)."""
    outcome = after.outcome()
    return outcome is not None and outcome.winner == player


def gives_a_win(after: GameState, player: str) -> bool:
    """In ``after`` the opponent of ``player`` is to move and has a move that wins at once (or the
    game is already theirs): the one-move safety check a careful beginner makes."""
    outcome = after.outcome()
    if outcome is not None:
        return outcome.winner not in (None, player)
    movers = after.to_move()
    if player in movers:
        return False
    rival = movers[0]
    return any(wins_at_once(after.apply(reply), rival) for reply in after.legal_moves(rival))


def safe_moves(state: GameState, player: str) -> list[Move]:
    """The moves after which the opponent cannot win at once; all moves when none is safe."""
    moves = list(state.legal_moves(player))
    safe = [m for m in moves if not gives_a_win(state.apply(m), player)]
    return safe or moves


def winning_move(state: GameState, player: str) -> Move | None:
    """A move that wins at once, if there is one (every style but the random one takes it)."""
    for move in state.legal_moves(player):
        if wins_at_once(state.apply(move), player):
            return move
    return None


def biased_random(weight: Callable[[GameState, str, Move], float]) -> Chooser:
    """Random but legal, each move drawn with probability proportional to ``weight`` (≥ 0)."""

    def choose(state: GameState, player: str, rng: random.Random, past: Past = ()) -> Move:
        moves = list(state.legal_moves(player))
        weights = [max(0.0, weight(state, player, m)) + 1e-9 for m in moves]
        return rng.choices(moves, weights=weights, k=1)[0]

    return choose


def one_ply(score: Scorer, careful: bool = True) -> Chooser:
    """A one-ply style: take a win at once, else (``careful``: among the moves that hand the opponent
    no win at once) the move ``score`` likes most."""

    def choose(state: GameState, player: str, rng: random.Random, past: Past = ()) -> Move:
        win = winning_move(state, player)
        if win is not None:
            return win
        moves = safe_moves(state, player) if careful else list(state.legal_moves(player))
        return best_by(score, state, player, rng, moves)

    return choose


def last_move_of(past: Past, player: str) -> Move | None:
    """The last move ``player`` made in ``past`` (None before their first)."""
    for turn in reversed(past):
        if player in turn:
            return turn[player]
    return None
