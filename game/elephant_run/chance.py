"""Elephant Run's raw evaluation for the winning chance (:mod:`game.chance`).

Near the end the exact solver answers (:mod:`.solver`): the chance is then 1 or 0, and a move that
turns a won game into a lost one shows as such. Further out, hard's search score (in the game's
points scale) goes through the fitted curve. The setup turns have no estimate: where the elephant
lands and where the farmers stand is judged once play begins.

Bounded by depth and nodes only (the solver by nodes per question), so a position reads the same
on every machine; the solver's memo is kept between readings, which only ever saves work."""

from __future__ import annotations

import random
from typing import Any

from game.chance import Logistic, Reading, hard_reading
from game.core import GameState
from game.elephant_run.ai import LAST_STATS, PROVEN, search_move
from game.elephant_run.rules import PHASE_PLAY, PLAYERS, ElephantRunState
from game.elephant_run.solver import OutOfBudget, Solver
from game.search import Budget, Limit

EFFORT: dict[str, Limit] = {"quick": Limit(depth=6, nodes=4_000), "deep": Limit(depth=10, nodes=40_000)}
SOLVE_NEED = 5
"""The solver is asked once the elephant needs at most this many points (a quarter of a second or
so; each point more costs about ten times the work)."""
SOLVER_NODES = 30
"""The solver's nodes per question: this many times the effort's node limit."""
GUESS = Logistic(1 / 200)

_SOLVERS: dict[bool, Solver] = {}


def exact(state: ElephantRunState, nodes: int) -> Reading | None:
    """The solver's verdict as a reading (with a move that keeps it), or None past ``nodes``."""
    solver = _SOLVERS.get(state.compound)
    if solver is None or len(solver.memo) > 300_000:
        solver = _SOLVERS[state.compound] = Solver(state.compound)
    solver.budget = nodes
    try:
        verdict, keep = solver.best_moves(state)
    except OutOfBudget:
        return None
    finally:
        solver.budget = None
    share = 1.0 if verdict.winner == PLAYERS[0] else 0.0
    return Reading(None, share, keep[0] if keep else None)


def read(state: GameState, limit: Limit) -> Reading:
    assert isinstance(state, ElephantRunState)
    if state.phase != PHASE_PLAY:
        return Reading(None)
    if state.target - state.points <= SOLVE_NEED:
        found = exact(state, SOLVER_NODES * (limit.nodes or 10_000))
        if found is not None:
            return found
    return hard_reading(state, limit, LAST_STATS, PROVEN, _search)


def _search(state: GameState, player: str, level: str, rng: random.Random, limit: Limit) -> Any:
    """Hard's search alone (not its solver, which :func:`exact` asks with its own budget)."""
    assert isinstance(state, ElephantRunState)
    move, found = search_move(state, rng, Budget(limit), limit.deepest(99), None)
    LAST_STATS.clear()
    if found is not None:
        LAST_STATS.update(found.stats())
    return move


__all__ = ["EFFORT", "GUESS", "read"]
