"""Rules-speed figures for ``python -m game bench``, shared by the games with a fast engine.

Changing Challenges and Epaminondas both time their engines the same way (move generation, make of
every move, perft from the start) so that their figures can be compared and read the same; the
clock loop lives here once and each game says only how its engine is called. Pure timing: no game
is imported, so any game package may use it without an import cycle through the register.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
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
