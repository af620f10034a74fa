"""``python -m game bench``: the AI's think times per level against the budgets, the rules' speed,
and how fast the app gets its answers back (moved out of :mod:`game.cli`, which registers it with
:func:`add_command`; this module never imports that one). The figures are measured here, never in
the tests."""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from game import clock
from game.ai import ALL_LEVELS, BUDGET_SECONDS, LEVELS, choose_move
from game.bench import seconds_of, think_figures, think_table
from game.core import GameInfo
from game.register import all_games, get


# -- bench -----------------------------------------------------------------------------------------
def rules_speed(info: GameInfo, seconds: float, seed: int = 7) -> float:
    """Positions per second over random playouts: list legal moves, pick one, apply it."""
    rng = random.Random(seed)
    count = 0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    state = info.new_state()
    while time.perf_counter() < deadline:
        if state.over:
            state = info.new_state()
        turn = {}
        for player in state.to_move():
            state.legal_moves(player)
            turn[player] = state.random_move(player, rng)
        state = state.apply_turn(turn)
        count += 1
    return count / (time.perf_counter() - start)


def cmd_bench(args: argparse.Namespace) -> int:
    try:
        games = [get(g) for g in args.games] if args.games else all_games()
    except KeyError as exc:
        print(f"error: {exc.args[0]}", file=sys.stderr)
        return 2
    levels = args.levels or list(LEVELS)
    budgets = {level: BUDGET_SECONDS[level] * clock.scale for level in ALL_LEVELS}
    for info in games:
        states = info.bench_states() if info.bench_states else [info.new_state()]
        if args.positions:
            states = states[: args.positions]
        print(
            f"{info.id}: AI seconds per move over {len(states)} fixed positions, against each level's "
            "budget (depth: the search's median depth)"
        )
        stats = getattr(sys.modules.get(info.ai.__module__), "LAST_STATS", None)
        figures = think_figures(
            states, levels, lambda s, p, lv, seed: choose_move(s, p, lv, seed=seed), budgets, stats
        )
        for line in think_table(figures):
            print(line, flush=True)
        extra_bench: Callable[[float], list[tuple[str, float]]] | None = info.rules_bench
        if extra_bench is not None:
            for label, rate in extra_bench(args.seconds):
                print(f"  rules: {label}: {rate:,.0f}/s")
        print(f"  rules: random playouts: {rules_speed(info, args.seconds):,.0f} positions/s", flush=True)
    _print_responsiveness([info.id for info in games])
    return 0


def _print_responsiveness(ids: Sequence[str]) -> None:
    """How fast the app gets its answers back: a worker closed while it thinks (it is killed, not
    waited for), and the solved badge refusing a position out of its reach (never searched)."""
    from game.match import Match
    from game.search import Limit
    from game.worker import AIWorker

    worker = AIWorker()
    match = Match(ids[0] if ids else all_games()[0].id)
    thinker = match.state.to_move()[0]
    worker.request(match.to_record(), thinker, "hard", 5, Limit(time=600))
    time.sleep(1.5)  # the process starts and is deep in its think
    print(f"worker: closed while thinking in {seconds_of(worker.close):.3f} s")
    from game.solved import solved_text

    for game_id in ids:
        info = get(game_id)
        if info.solved_badge is None:
            continue
        far = info.bench_states()[1] if info.bench_states else info.new_state()  # far from the end
        refused = seconds_of(functools.partial(solved_text, far))
        print(f"solved badge ({info.title}): refused a position out of reach in {1000 * refused:.2f} ms")


def add_command(sub: Any, parsers: dict[str, argparse.ArgumentParser]) -> None:
    """Add ``bench`` to :mod:`game.cli`'s sub-commands."""
    bench = sub.add_parser("bench", help="AI think times per level and rules speed")
    bench.add_argument("games", nargs="*", metavar="GAME")
    bench.add_argument("--levels", nargs="+", choices=ALL_LEVELS, metavar="LEVEL")
    bench.add_argument("--positions", type=int, default=0, help="use only the first N positions")
    bench.add_argument("--seconds", type=float, default=2.0, help="seconds per rules-speed figure")
    parsers["bench"] = bench
    bench.set_defaults(func=cmd_bench)
