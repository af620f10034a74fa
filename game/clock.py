"""The clock the computer players think by.

In the app a level's budget is wall time: that is what a player waits. When the ladder plays
several games at once, or the machine is busy, wall time starves the levels that stop on the clock
(normal and hard search less deeply), so a ladder measured under load understates them and the
figures change with the load rather than with the code. ``python -m game ladder --clock cpu``
therefore lets them think by this process's CPU time instead: a level then searches as deeply as
it would alone on a quiet machine of the same speed, however many games share the cores.

Every search asks :func:`now` through this module (``clock.now()``, never ``from game.clock import
now``) so that :func:`use` reaches it. Worker processes learn the choice from the environment
(:data:`ENV`), which a spawned process inherits.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

ENV = "CURIO_AI_CLOCK"
"""Environment variable naming the clock (``wall`` or ``cpu``) for processes started later."""

SCALE_ENV = "CURIO_AI_BUDGET_SCALE"
"""Environment variable holding :data:`scale` for processes started later."""

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}

now: Callable[[], float] = time.perf_counter
"""Seconds on the chosen clock; only differences mean anything."""

name = "wall"

scale = 1.0
"""Every level's budget is multiplied by this (``ladder --budget-scale``): a quick, rough ladder
while tuning, where the ratio between the levels' budgets is what matters. The app never sets it."""


def use(clock: str) -> None:
    """Think by ``clock`` in this process and in processes it starts afterwards."""
    global now, name
    if clock not in CLOCKS:
        raise ValueError(f"unknown clock '{clock}' (clocks: {', '.join(CLOCKS)})")
    now, name = CLOCKS[clock], clock
    os.environ[ENV] = clock


def use_scale(factor: float) -> None:
    """Multiply every budget by ``factor`` here and in processes started afterwards."""
    global scale
    if not 0 < factor <= 100:
        raise ValueError(f"a budget scale must be above 0 and at most 100, not {factor}")
    scale = factor
    os.environ[SCALE_ENV] = repr(factor)


@contextmanager
def using(clock: str, factor: float) -> Iterator[None]:
    """Think by ``clock`` with budgets times ``factor`` for the ``with`` block (a command's run),
    then as before, so a command called in-process (the tests, a script) leaves no trace."""
    previous = (name, scale)
    use(clock)
    use_scale(factor)
    try:
        yield
    finally:
        use(previous[0])
        use_scale(previous[1])


def _from_environment() -> None:
    chosen = os.environ.get(ENV, "wall")
    global now, name, scale
    if chosen in CLOCKS:
        now, name = CLOCKS[chosen], chosen
    try:
        factor = float(os.environ.get(SCALE_ENV, "1"))
    except ValueError:
        factor = 1.0
    if 0 < factor <= 100:
        scale = factor


_from_environment()
