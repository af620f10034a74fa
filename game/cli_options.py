"""Command-line options that several commands share, each defined and checked once.

Why not in :mod:`game.clock`: that module is part of every level's fingerprint
(:data:`game.ladder_file.SHARED_AI_MODULES`), and a change to a command's wording must not relabel
the games measured with unchanged play."""

from __future__ import annotations

import argparse


def add_budget_scale(parser: argparse.ArgumentParser, purpose: str) -> None:
    """``--budget-scale F``: every level's thinking budget times F (the ladder, the gauntlet and the
    exploit measure; ``purpose`` says what the command uses it for)."""
    parser.add_argument(
        "--budget-scale",
        type=float,
        default=1.0,
        metavar="F",
        help=f"multiply every level's thinking budget by F: {purpose} (default 1)",
    )


def budget_scale_problem(factor: float) -> str | None:
    """The sentence refusing ``factor`` as a budget scale (None when it is one): above 0 and at most
    100, as :func:`game.clock.use_scale` insists; NaN is refused too."""
    if 0 < factor <= 100:
        return None
    return f"--budget-scale must be above 0 and at most 100, not {factor:g}"
