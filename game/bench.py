"""The figures of ``python -m game bench``: rules speed and the computer players' think times.

Changing Challenges and Epaminondas both time their engines the same way (move generation, make of
every move, perft from the start) so that their figures can be compared and read the same; the
clock loop lives here once and each game says only how its engine is called.

The computer players' think times per level (median and slowest move against the budget, the
depth the search reaches, nodes a second) are measured here too, and nowhere else: the tests give
the AI depth and node limits and never compare wall-clock time with a threshold, since on a busy
machine any threshold flakes. Pure timing: no game is imported (the callers pass the AI in), so any
game package may use this module without an import cycle through the register.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Position = tuple[Any, ...]
"""An engine position as the arguments of the game's move generator, e.g. ``(board, side, ep)``."""


def engine_rates(
    seconds: float,
    positions: Sequence[Position],
    generate: Callable[..., Sequence[Any]],
    make_all: Callable[[Position, Sequence[Any]], None],
    perft: Callable[[int], int],
) -> list[tuple[str, float]]:
    """``(label, rate per second)`` rows: move generation over ``positions`` (``generate(*position)``
    gives the moves), ``make_all(position, moves)`` making and unmaking each of them, and ``perft(depth)``
    for depths 1-3. The first two share ``seconds`` equally with the perft runs' budget; the position
    is unpacked straight into the generator, so the timing adds no call of its own per position."""
    share = max(seconds, 0.1) / 3
    out: list[tuple[str, float]] = []

    count = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < share:
        for position in positions:
            moves += len(generate(*position))
            count += 1
    elapsed = time.perf_counter() - start
    out.append(("move generation (positions)", count / elapsed))
    out.append(("move generation (moves)", moves / elapsed))

    lists = [(position, generate(*position)) for position in positions]
    made = 0
    start = time.perf_counter()
    while time.perf_counter() - start < share:
        for position, generated in lists:
            make_all(position, generated)
            made += len(generated)
    out.append(("make/unmake (moves)", made / (time.perf_counter() - start)))

    for depth in (1, 2, 3):
        start = time.perf_counter()
        leaves = perft(depth)
        elapsed = time.perf_counter() - start
        label = f"perft {depth} from the start ({leaves} leaves in {elapsed:.3f} s), leaves"
        out.append((label, leaves / max(elapsed, 1e-9)))
    return out


# -- the computer players' think times -------------------------------------------------------------
@dataclass(frozen=True)
class ThinkFigures:
    """One level's think times over the bench positions, against its budget (seconds), and what its
    search reported where the game's AI reports it (``LAST_STATS``: depth and nodes)."""

    level: str
    budget: float
    median: float
    worst: float
    depth: float | None = None
    nodes_per_second: float | None = None

    @property
    def over(self) -> float:
        """How far the slowest move went past the budget (0 if none did)."""
        return max(0.0, self.worst - self.budget)


def think_figures(
    states: Sequence[Any],
    levels: Sequence[str],
    choose: Callable[[Any, str, str, int], Any],
    budgets: Mapping[str, float],
    stats: Mapping[str, Any] | None = None,
) -> list[ThinkFigures]:
    """Every level's :class:`ThinkFigures`: ``choose(state, player, level, seed)`` timed for every
    player to move in every state (the seed is the state's index); ``stats`` is the game AI's
    ``LAST_STATS``, read after each move. These are the figures the AI tests no longer time: a
    level's median and slowest move against its budget, the depth its search reaches in it."""
    out = []
    for level in levels:
        samples: list[float] = []
        depths: list[float] = []
        nodes = searching = 0.0
        for index, state in enumerate(states):
            for player in state.to_move():
                if stats is not None and hasattr(stats, "clear"):
                    stats.clear()
                start = time.perf_counter()
                choose(state, player, level, index)
                samples.append(time.perf_counter() - start)
                if stats is not None and "depth" in stats and "nodes" in stats:
                    depths.append(float(stats["depth"]))
                    if stats["nodes"]:  # a search ran (not a one-ply beginner's look)
                        nodes += float(stats["nodes"])
                        searching += samples[-1]
        out.append(
            ThinkFigures(
                level,
                budgets.get(level, 0.0),
                statistics.median(samples),
                max(samples),
                statistics.median(depths) if depths else None,
                nodes / searching if searching > 0 else None,
            )
        )
    return out


def think_table(figures: Sequence[ThinkFigures]) -> list[str]:
    """The rows ``python -m game bench`` prints for :func:`think_figures`."""
    lines = [f"  {'level':<8}{'budget':>9}{'median':>9}{'max':>9}{'over':>9}{'depth':>7}{'nodes/s':>10}"]
    for row in figures:
        depth = f"{row.depth:>7.1f}" if row.depth is not None else f"{'-':>7}"
        rate = f"{row.nodes_per_second:>10,.0f}" if row.nodes_per_second is not None else f"{'-':>10}"
        lines.append(
            f"  {row.level:<8}{row.budget:>8.2f}s{row.median:>8.3f}s{row.worst:>8.3f}s"
            f"{row.over:>8.3f}s{depth}{rate}"
        )
    return lines


def seconds_of(action: Callable[[], object]) -> float:
    """Wall seconds one call of ``action`` takes (for the responsiveness figures: how fast a worker
    closes while thinking, how fast the solved badge refuses a position out of reach)."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start
