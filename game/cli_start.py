"""``python -m game solve GAME --start [--json]`` and ``--check-table``: the proved value of every
start, and the re-proof of the shipped tables, for games that carry them (``GameInfo.start_values``,
today Elephant Run's). Kept apart from :mod:`game.cli` for size; it never imports it (no cycle), so
it prints its own refusals the way the command line does."""

from __future__ import annotations

import argparse
import json
import sys

from game.core import GameError, GameInfo, parse_option_args
from game.register import all_games
from game.text import clean_text


def _refuse(message: str) -> int:
    print(f"error: {clean_text(message, 400)}", file=sys.stderr)
    return 2


def solve_start(info: GameInfo, args: argparse.Namespace) -> int:
    """Every start's proved value for the options given (``--start``), or every claim of the
    shipped tables re-proved (``--check-table``: exit 1 if one fails)."""
    values = info.start_values
    if values is None:
        proved = ", ".join(g.id for g in all_games() if g.start_values is not None)
        return _refuse(f"{info.title} has no proved start table (games with one: {proved})")
    if args.moves or args.position:
        return _refuse("--start and --check-table take no position or moves")
    try:
        asked = parse_option_args(args.option)
        options = info.validate(asked)
    except GameError as exc:
        return _refuse(str(exc))
    if args.check_table:
        if values.check is None:
            return _refuse(f"{info.title}'s start table has no checker")
        ok, _lines = values.check(asked, lambda line: print(line, flush=True))
        return 0 if ok else 1
    report = values.report(options)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for line in values.lines(report):
            print(line)
    return 0
