"""``python -m game analyse`` and ``python -m game calibrate``: winning chances from the command line.

``analyse GAME [--option K=V …] [--record FILE] [--json] [--deep] [MOVE …]`` prints every move with
its player, each side's winning chance after it and its mark (:mod:`game.analysis`), then a summary
line per player; ``--json`` prints one object, ``{"moves": [{"ply", "player", "move", "chance",
"mark", "better"}, …], …}``. ``analyse --bench [GAME …] [--seed S] [--games N]`` plays N seeded games of
each game, times the quick analysis and measures how often its marks agree with the deep one's.

``calibrate GAME [-n N] [--seed S]`` plays seeded self-play games, fits the curve from raw value to
chance (:func:`game.chance.fit_logistic`), prints the calibration table of predictions made on
games the fit did not see (two folds), and writes ``game/<game>/chance.json`` unless ``--dry-run``.

Registered by :func:`add_commands` from :mod:`game.cli`; this module never imports it (no cycle),
so it reports bad input itself: one sentence on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from game.analysis import Analysis, agreement, analyse
from game.chance import (
    ChanceError,
    Sample,
    calibration_table,
    fit_logistic,
    game_module,
    log_loss,
    self_play,
    write_curve,
)
from game.core import GameError, GameInfo, GameState, parse_option_args
from game.register import all_games, get
from game.search import Limit
from game.text import clean_text, quoted

PLAY_LIMIT = Limit(nodes=2_000)
"""Each move of the calibration and benchmark games, where the game's module names no other: nodes
only, so the games are the same on any machine."""

BENCH_SEED = 5


class _Refusal(Exception):
    """Bad input: the sentence printed before exit status 2."""


def _refuse(message: str) -> int:
    print(f"error: {clean_text(message, 400)}", file=sys.stderr)
    return 2


def _info(game_id: str) -> GameInfo:
    try:
        return get(game_id)
    except KeyError as exc:
        raise _Refusal(exc.args[0]) from None


def _start(info: GameInfo, option_args: Sequence[str]) -> GameState:
    try:
        return info.factory(info.validate(parse_option_args(option_args)))
    except GameError as exc:
        raise _Refusal(str(exc)) from None


def _from_record(path: str) -> tuple[GameState, list[str]]:
    """The record's opening position and its moves, or a refusal naming the file and the reason."""
    from game.files import ReadError, read_bytes
    from game.records import MAX_RECORD_CHARS, RecordFileError, parse_record

    name = quoted(path)
    try:
        data = read_bytes(path, MAX_RECORD_CHARS * 4)
        record = parse_record(data.decode("utf-8-sig"))
    except ReadError as exc:
        raise _Refusal(f"{name} cannot be opened: {exc.reason}") from None
    except UnicodeDecodeError:
        raise _Refusal(f"{name}: the file is not UTF-8 text") from None
    except RecordFileError as exc:
        raise _Refusal(f"{name}: {clean_text(str(exc), 200)}") from None
    return record.match.initial, record.match.move_texts()


def _percent(chance: float) -> str:
    return f"{100 * chance:.0f} %"


def print_analysis(info: GameInfo, result: Analysis) -> None:
    """The analysis as lines for people: one a move, then the summary of each player."""
    for note in result.moves:
        sides = ", ".join(f"{info.player_title(p)} {_percent(c)}" for p, c in note.chance.items())
        mark = "" if note.mark == "good" else f"  {note.mark}"
        better = f" (better: {note.better})" if note.better else ""
        print(f"{note.ply:3}. {info.player_title(note.player)} {note.move}: {sides}{mark}{better}")
    for player in result.players:
        print(f"{info.player_title(player)}: {result.summary(player)}")


def cmd_analyse(args: argparse.Namespace) -> int:
    try:
        if args.bench:
            return bench(args.moves if args.game is None else [args.game, *args.moves], args.seed, args.games)
        if args.record:
            if args.option:
                raise _Refusal("--record takes the game and its options from the record file")
            start, moves = _from_record(args.record)
            if args.game:
                moves.append(args.game)  # with --record the first word is a move
            moves.extend(args.moves)
            info = _info(start.game_id)
        else:
            if not args.game:
                raise _Refusal("name a game (or give --record FILE)")
            info = _info(args.game)
            start, moves = _start(info, args.option), list(args.moves)
        game_module(start)
        try:
            result = analyse(start, moves, "deep" if args.deep else "quick")
        except GameError as exc:
            raise _Refusal(_which_move(start, moves, exc)) from None
    except (_Refusal, ChanceError) as exc:
        return _refuse(str(exc))
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print_analysis(info, result)
    return 0


def _which_move(start: GameState, moves: Sequence[str], error: GameError) -> str:
    """The refusal of a move list: the first move that cannot be played, numbered from 1."""
    state = start
    for number, text in enumerate(moves, start=1):
        if state.over:
            return f"move {number} {quoted(text)}: the game is already over"
        try:
            state = state.apply_turn(state.parse_turn(text))
        except GameError as exc:
            return f"move {number}: {exc}"
    return str(error)


# -- the benchmark ---------------------------------------------------------------------------------
def bench_game(info: GameInfo, seed: int) -> tuple[GameState, list[str]]:
    """One seeded game of normal against normal (nodes only), as the benchmark analyses it."""
    from game.ai import choose_move

    start = info.factory(info.validate({}))
    limit: Limit = getattr(game_module(start), "PLAY_LIMIT", PLAY_LIMIT)
    rng = random.Random(seed)
    state, moves = start, list[str]()
    while not state.over and len(moves) < 1_000:
        turn = {p: choose_move(state, p, "normal", rng.randrange(1 << 30), limit) for p in state.to_move()}
        moves.append(state.turn_to_text(turn))
        state = state.apply_turn(turn)
    return start, moves


def bench(ids: Sequence[str], seed: int, games: int = 1) -> int:
    """Per game: the quick analysis of ``games`` finished games (seeds ``seed``, ``seed`` + 1, …;
    CPU and wall seconds, the slowest game's), the deep one's CPU seconds (all games), and the share
    of moves both mark the same (all games' moves together). With more than one game, a line per
    game first."""
    infos = [_info(g) for g in ids] if ids else all_games()
    if games < 1:
        raise _Refusal("--games must be at least 1")
    seeds = range(seed, seed + games)
    which = f"seed {seed}" if games == 1 else f"seeds {seed}–{seed + games - 1}"
    print(
        f"analysis of {games} finished game{'s' if games > 1 else ''} a game (normal against normal, {which})"
    )
    head = f"{'game':22} {'games':>5} {'moves':>5} {'quick cpu s':>11} {'wall s':>7} {'deep cpu s':>10}"
    print(f"{head} {'agree':>6}")
    for info in infos:
        notes = agreed = 0
        slowest_cpu = slowest_wall = deep_total = 0.0
        for game_seed in seeds:
            start, moves = bench_game(info, game_seed)
            cpu, wall = time.process_time(), time.perf_counter()
            quick = analyse(start, moves, "quick")
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            deep_cpu = time.process_time()
            deep = analyse(start, moves, "deep")
            deep_cpu = time.process_time() - deep_cpu
            share = agreement(quick, deep)
            notes += len(quick.moves)
            agreed += round(share * len(quick.moves))
            slowest_cpu, slowest_wall = max(slowest_cpu, cpu), max(slowest_wall, wall)
            deep_total += deep_cpu
            if games > 1:
                print(
                    f"  seed {game_seed:<15} {1:5} {len(quick.moves):5} {cpu:11.1f} {wall:7.1f} "
                    f"{deep_cpu:10.1f} {100 * share:5.0f}%",
                    flush=True,
                )
        share = agreed / notes if notes else 1.0
        print(
            f"{info.id:22} {games:5} {notes:5} {slowest_cpu:11.1f} {slowest_wall:7.1f} {deep_total:10.1f} "
            f"{100 * share:5.0f}%",
            flush=True,
        )
    return 0


# -- calibration -----------------------------------------------------------------------------------
def calibrate(
    info: GameInfo, games: int, seed: int, every: int, quiet: bool = False, opening: int = 0
) -> tuple[dict[str, Any], list[Sample]]:
    """Self-play, the fit, and the held-out table's figures (see the module's docstring)."""
    start = info.factory(info.validate({}))
    limit: Limit = getattr(game_module(start), "PLAY_LIMIT", PLAY_LIMIT)

    def progress(done: int, total: int) -> None:
        if not quiet:
            print(f"  {info.id}: game {done} of {total}", file=sys.stderr, flush=True)

    samples = self_play(lambda: info.factory(info.validate({})), games, seed, limit, every, progress, opening)
    if len(samples) < 2:
        raise _Refusal(f"{info.title}: too few positions to fit ({len(samples)})")
    predicted: list[float] = []
    results: list[float] = []
    for fold in (0, 1):
        train = [s for s in samples if s.game % 2 != fold]
        test = [s for s in samples if s.game % 2 == fold]
        if not train or not test:
            continue
        curve = fit_logistic([s.value for s in train], [s.result for s in train])
        predicted.extend(curve(s.value) for s in test)
        results.extend(s.result for s in test)
    fitted = fit_logistic([s.value for s in samples], [s.result for s in samples])
    rows, error = calibration_table(predicted, results)
    figures: dict[str, Any] = {
        "scale": fitted.scale,
        "bias": fitted.bias,
        "games": games,
        "seed": seed,
        "every": every,
        "opening": opening,
        "positions": len(samples),
        "ece": round(error, 4),
        "log_loss": round(log_loss(predicted, results), 4),
        "table": [
            [round(r.low, 2), round(r.high, 2), r.count, round(r.predicted, 3), round(r.observed, 3)]
            for r in rows
        ],
    }
    return figures, samples


def cmd_calibrate(args: argparse.Namespace) -> int:
    try:
        if args.n < 2:
            raise _Refusal("-n must be at least 2 games")
        if args.every < 1:
            raise _Refusal("--every must be at least 1")
        info = _info(args.game)
        start = info.factory(info.validate({}))
        game_module(start)
        if args.opening < 0:
            raise _Refusal("--opening must be 0 or more")
        figures, _ = calibrate(info, args.n, args.seed, args.every, args.quiet, args.opening)
    except (_Refusal, ChanceError) as exc:
        return _refuse(str(exc))
    print(
        f"{info.title}: {figures['positions']} positions of {args.n} games "
        f"(seed {args.seed}, every {args.every}, opening {args.opening})"
    )
    print(f"curve: chance = 1 / (1 + exp(-({figures['scale']:.6g} × value + {figures['bias']:.4g})))")
    print("held-out predictions (two folds by game):")
    print("| predicted | positions | mean predicted | observed |")
    print("| --- | --- | --- | --- |")
    for low, high, count, mean_p, observed in figures["table"]:
        print(
            f"| {100 * low:.0f}–{100 * high:.0f} % | {count} "
            f"| {100 * mean_p:.1f} % | {100 * observed:.1f} % |"
        )
    print(f"expected calibration error {100 * figures['ece']:.1f} points, log-loss {figures['log_loss']:.3f}")
    if not args.dry_run:
        from game.chance import Logistic

        path = write_curve(
            start,
            Logistic(figures["scale"], figures["bias"]),
            {k: v for k, v in figures.items() if k not in ("scale", "bias")},
        )
        print(f"written: {path}")
    return 0


def add_commands(sub: Any, parsers: dict[str, argparse.ArgumentParser]) -> None:
    """Add ``analyse`` and ``calibrate`` to :mod:`game.cli`'s sub-commands."""
    ids = ", ".join(g.id for g in all_games())
    p = sub.add_parser("analyse", help="each move's winning chances and marks (good … blunder)")
    p.add_argument("game", nargs="?", help=f"game id ({ids}); not needed with --record")
    p.add_argument("--option", action="append", default=[], metavar="K=V", help="a game option")
    p.add_argument("--record", metavar="FILE", help="analyse a game record file (exported by the app)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--deep", action="store_true", help="the slower, deeper look (the benchmark's yardstick)")
    p.add_argument(
        "--bench", action="store_true", help="time one seeded game of each game, quick against deep"
    )
    p.add_argument("--seed", type=int, default=BENCH_SEED, help="the benchmark game's seed (the first one's)")
    p.add_argument(
        "--games", type=int, default=1, metavar="N", help="with --bench: N games a game, seeds S to S+N-1"
    )
    p.add_argument("moves", nargs="*", metavar="MOVE")
    p.set_defaults(func=cmd_analyse)
    parsers["analyse"] = p

    c = sub.add_parser("calibrate", help="fit a game's winning-chance curve on seeded self-play")
    c.add_argument("game", help=f"game id ({ids})")
    c.add_argument("-n", type=int, default=40, help="self-play games (default 40)")
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--every", type=int, default=2, help="read every N-th position of each game (default 2)")
    c.add_argument(
        "--opening",
        type=int,
        default=0,
        metavar="N",
        help="up to N first turns of each game played by easy, for variety (default 0)",
    )
    c.add_argument("--dry-run", action="store_true", help="print the table, write nothing")
    c.add_argument("-q", "--quiet", action="store_true", help="no progress lines on standard error")
    c.set_defaults(func=cmd_calibrate)
    parsers["calibrate"] = c


__all__ = ["add_commands", "bench", "calibrate", "cmd_analyse", "cmd_calibrate", "print_analysis"]
