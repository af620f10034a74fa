"""Planning several turns ahead against a Nelaxtam opponent whose orders can be foreseen.

Against a player who mixes, hard's search must guess the reply and looks two turns deep at most.
A player who always gives the obvious orders (:mod:`game.nelaxtam.habits` notices one) is not a
guess: their next orders follow from the position. The game then becomes a puzzle for one player,
so hard can afford to look a turn further, and the cuts that hurt it most are set up over three
turns (a greedy bot beat hard by walking its troops to a piece two turns away from splitting off
eleven others). A beam keeps the search small: the most promising positions at each turn, by the
static evaluation, are searched further.

The search's pieces (the position's value, a player's candidate orders, the foreseen orders) are
passed in by :mod:`game.nelaxtam.ai`, which owns them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game import clock
from game.nelaxtam.rules import PHASE_ORDERS, NelaxtamState, Orders, resolve

Value = Callable[[NelaxtamState], float]
"""The planner's value of a position after a turn (higher is better for it)."""

Options = Callable[[NelaxtamState], list[Orders]]
"""The planner's candidate orders in a position."""

Foreseen = Callable[[NelaxtamState], Orders]
"""The opponent's orders in a position, as foreseen."""

BEAM = (16, 5)
"""Positions kept after the first turn (of all the candidates) and after each later turn (per
position kept before it): sixteen first moves, each followed by its five best second ones."""


def state_after(state: NelaxtamState, orders: tuple[Orders, Orders]) -> NelaxtamState:
    """The position after one turn, as a state (so its own move lists and end check apply)."""
    territory, troops, _ = resolve(state.geo, state.territory, state.troops, orders, report=False)
    calm = 0 if tuple(territory) != tuple(state.territory) else state.calm + 1
    return NelaxtamState(
        state.size,
        sea=state.sea,
        quiet=state.quiet,
        territory=territory,
        troops=troops,
        phase=PHASE_ORDERS,
        turn=state.turn + 1,
        calm=calm,
    )


def plan(
    state: NelaxtamState,
    p: int,
    roots: Sequence[Orders],
    value: Value,
    options: Options,
    foreseen: Foreseen,
    deadline: float,
    turns: int = 3,
) -> tuple[Orders, float] | None:
    """Player ``p``'s best first orders among ``roots`` for ``turns`` turns against the foreseen
    orders, and the value reached; None if the deadline left no first move searched."""

    def after_each(s: NelaxtamState, choices: Sequence[Orders]) -> list[tuple[float, int, NelaxtamState]]:
        """Each of my ``choices`` played against the foreseen orders, best first (ties: in order)."""
        theirs = foreseen(s)
        out = []
        for i, mine in enumerate(choices):
            child = state_after(s, (mine, theirs) if p == 0 else (theirs, mine))
            out.append((value(child), i, child))
        return sorted(out, key=lambda x: (-x[0], x[1]))

    def best(s: NelaxtamState, turn: int) -> float:
        """The value of ``s`` with ``turn`` turns played: the best continuation in the beam."""
        if s.over or turn >= turns or clock.now() > deadline:
            return value(s)
        children = after_each(s, options(s))[: BEAM[1]]
        return max(best(child, turn + 1) for _, _, child in children) if children else value(s)

    first = after_each(state, roots)
    found: tuple[Orders, float] | None = None
    for _, i, after in first[: BEAM[0]]:
        if clock.now() > deadline:
            break
        v = best(after, 1)
        if found is None or v > found[1]:
            found = (roots[i], v)
    return found
