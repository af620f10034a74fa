"""``python -m game``: play, hint, arena, perft, bench and lessons, headless.

Every sub-command speaks only the game contract, so a new game gets all four for free. Errors in
the user's input (unknown game, bad option, illegal move) end with a one-line message and exit
status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from game import clock
from game.ai import ALL_LEVELS, LEVELS
from game.cli_analyse import add_commands as add_analysis_commands
from game.cli_bench import add_command as add_bench_command
from game.cli_exploit import add_command as add_exploit_command
from game.cli_options import add_budget_scale, budget_scale_problem
from game.cli_start import solve_start
from game.cli_status import Reached, resigned_sentence, status_json
from game.core import GameError, GameInfo, GameState, parse_option_args
from game.ladder import (
    BOT_LEVELS,
    GREEDY_PAIRS,
    LADDER_PAIRS,
    GameJob,
    GameResult,
    PairSummary,
    format_table,
    ladder_jobs,
    load_text,
    machine_load,
    run_jobs,
    run_ladder,
    summaries_of,
)
from game.ladder_file import LadderFileError, ladder_document, merged_results, write_document
from game.register import all_games, get
from game.text import clean_text, quoted


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


# -- helpers ---------------------------------------------------------------------------------------
def _game(game_id: str) -> GameInfo:
    try:
        return get(game_id)
    except KeyError as exc:
        raise UsageError(exc.args[0]) from None


def _start_state(info: GameInfo, option_args: Sequence[str], position: str | None) -> GameState:
    try:
        options = info.validate(parse_option_args(option_args))
        if position is None:
            return info.factory(options)
        if info.position_factory is None:
            raise UsageError(f"{info.id} does not take --position")
        return info.position_factory(position, options)
    except GameError as exc:
        raise UsageError(str(exc)) from None


def _replay(
    state: GameState, moves: Sequence[str], told: list[str] | None = None, first: int = 1
) -> GameState:
    """The state after ``moves``; ``told`` (if given) collects each turn's sentence in words.
    ``first`` is the number of the first move (a record's moves come before the ones given)."""
    for number, text in enumerate(moves, start=first):
        if state.over:
            raise UsageError(f"move {number} {quoted(text)}: the game is already over")
        try:
            turn = state.parse_turn(text)
            after = state.apply_turn(turn)
        except GameError as exc:
            raise UsageError(f"move {number}: {exc}") from None
        if told is not None:
            told.append(f"{len(told) + 1}. {text}: {state.describe_turn(turn, after).note}")
        state = after
    return state


# -- play ------------------------------------------------------------------------------------------
def _record_start(args: argparse.Namespace) -> Reached:
    """``play --record FILE``: the record's game and moves, then any moves given after it (the
    first positional is a move then, since the record names the game). A record of a game given up
    takes no more moves: the refusal says who resigned."""
    from game.files import ReadError, read_bytes
    from game.records import MAX_RECORD_CHARS, RecordFileError, parse_record

    extra = ([args.game] if args.game else []) + list(args.moves)
    if args.option or args.position:
        raise UsageError("--record takes the game and its options from the record file")
    name = quoted(args.record)
    try:
        data = read_bytes(args.record, MAX_RECORD_CHARS * 4)  # regular files only, size checked
        record = parse_record(data.decode("utf-8-sig"))
    except ReadError as exc:
        raise UsageError(f"{name} cannot be opened: {exc.reason}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{name}: the file is not UTF-8 text") from None
    except RecordFileError as exc:
        raise UsageError(f"{name}: {clean_text(str(exc), 200)}") from None
    match = record.match
    moves = match.move_texts()
    if match.resigned is not None and extra:
        said = resigned_sentence(match.game, match.resigned)
        raise UsageError(f"move {len(moves) + 1} {quoted(extra[0])}: the game is already over: {said}")
    state = _replay(match.state, extra, first=len(moves) + 1)
    return Reached(match.game, state, moves + extra, match.resigned)


def _position(args: argparse.Namespace, told: list[str] | None = None) -> Reached:
    """The position ``play`` and ``hint`` reach from their shared arguments (see
    ``position_args`` in :func:`build_parser`): the game, every move played, and where they lead.
    ``told`` collects the sentences of the moves given on the command line."""
    if args.record:
        return _record_start(args)
    if not args.game:
        raise UsageError("name a game (or give --record FILE)")
    info = _game(args.game)
    state = _replay(_start_state(info, args.option, args.position), args.moves, told)
    return Reached(info, state, list(args.moves))


def cmd_play(args: argparse.Namespace) -> int:
    told: list[str] = []
    reached = _position(args, told)
    info, state = reached.info, reached.state
    if args.json:
        print(json.dumps(status_json(info, state, reached.moves, reached.resigned)))
        return 0
    for line in told:
        print(line)
    if reached.resigned is not None:  # the board alone would say whose move it is, as if going on
        print(f"The position when {info.player_title(reached.resigned)} resigned:")
    print(state)
    outcome = reached.outcome
    if outcome is None:
        print("to move: " + ", ".join(state.to_move()))
    elif reached.resigned is not None:
        print(f"over: {resigned_sentence(info, reached.resigned)}")
    else:
        winner = outcome.winner or "nobody (draw)"
        end = state.describe_end()
        print(f"over: {winner} — {end.reason if end is not None else outcome.reason}")
    print("score: " + ", ".join(f"{k} {v}" for k, v in state.score().items()))
    return 0


# -- hint ------------------------------------------------------------------------------------------
def cmd_hint(args: argparse.Namespace) -> int:
    """Print whose move it is, why the move is suggested (and, in Elasta and Nelaxtam, what the turn
    should bring) and, as the last line, the suggested move in notation."""
    from game.hint import HintError, explain, hint_player, suggest

    reached = _position(args)
    info, state = reached.info, reached.state
    if reached.resigned is not None:
        raise UsageError(f"the game is already over: {resigned_sentence(info, reached.resigned)}")
    wanted = args.player.strip().lower() if args.player else None
    try:
        player = hint_player(state, wanted)
    except HintError as exc:
        raise UsageError(str(exc)) from None
    start = time.perf_counter()
    move = suggest(state, player, args.level, args.seed)
    seconds = time.perf_counter() - start
    print(
        f"{info.player_title(player)} to move; the {args.level} computer suggests (thought {seconds:.1f} s):"
    )
    said = explain(state, player, move, args.seed)
    print(f"Why: {said.reason}")
    if said.expected:
        print(said.expected)
    print(state.move_to_text(player, move))
    return 0


# -- perft -----------------------------------------------------------------------------------------
def perft(state: GameState, depth: int) -> int:
    """Leaf positions ``depth`` turns deep, through the generic contract (games may supply faster)."""
    if depth == 0:
        return 1
    acting = state.to_move()
    if len(acting) != 1:
        if not acting:
            return 0
        raise UsageError("perft counts alternating turns only")
    player = acting[0]
    moves = state.legal_moves(player)
    if depth == 1:
        return len(moves)
    return sum(perft(state.apply_turn({player: move}), depth - 1) for move in moves)


def cmd_perft(args: argparse.Namespace) -> int:
    info = _game(args.game)
    if args.depth < 0:
        raise UsageError("--depth must be 0 or more")
    state = _replay(_start_state(info, args.option, args.position), args.moves)
    counter: Callable[[GameState, int], int] = info.perft or perft
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        count = counter(state, depth)
        seconds = time.perf_counter() - start
        print(f"perft {depth}: {count}", flush=True)
        if args.verbose:
            print(f"  ({seconds:.3f} s, {count / max(seconds, 1e-9):,.0f} leaves/s)", file=sys.stderr)
    return 0


# -- arena -----------------------------------------------------------------------------------------
def _summary(values: list[float]) -> str:
    if not values:
        return "no moves"
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"moves={len(values)} median={statistics.median(values):.3f}s p90={p90:.3f}s max={ordered[-1]:.3f}s"
    )


def cmd_arena(args: argparse.Namespace) -> int:
    info = _game(args.game)
    try:
        options = info.validate(parse_option_args(args.option))
    except GameError as exc:
        raise UsageError(str(exc)) from None
    if args.n < 1:
        raise UsageError("-n must be at least 1")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    players = info.players
    wins = {"a": 0, "b": 0}
    draws = 0
    times: dict[str, list[float]] = {}
    side_wins: dict[str, int] = {p: 0 for p in players}
    jobs = [GameJob(info.id, options, index, args.a, args.b, args.seed) for index in range(args.n)]
    for game in run_jobs(jobs, args.jobs):
        for level, values in game.times.items():
            times.setdefault(level, []).extend(values)
        if game.winner == game.a_player:
            wins["a"] += 1
        elif game.winner == game.b_player:
            wins["b"] += 1
        else:
            draws += 1
        if game.winner:
            side_wins[game.winner] += 1
        if not args.quiet:
            result = f"won by {game.winner}" if game.winner else "draw"
            print(
                f"game {game.job.index + 1}: a={args.a} as {game.a_player}, b={args.b} as {game.b_player}: "
                f"{result} after {game.turns} turns — {game.reason}",
                flush=True,
            )
    print("sides: " + ", ".join(f"{p} won {n}" for p, n in side_wins.items()))
    for level in BOT_LEVELS:
        if level in times:
            print(f"think time {level}: {_summary(times[level])}")
    print(f"result: a={wins['a']} b={wins['b']} draws={draws}")
    return 0


# -- ladder ----------------------------------------------------------------------------------------
def _pair(text: str) -> tuple[str, str]:
    """``hard-normal`` → ("hard", "normal"), refusing anything else with the players there are."""
    a, sep, b = text.strip().lower().partition("-")
    if not sep or a not in BOT_LEVELS or b not in BOT_LEVELS or a == b:
        raise UsageError(
            f"--pair {quoted(text)} should be two different players joined by '-', such as "
            f"hard-normal (players: {', '.join(BOT_LEVELS)})"
        )
    return a, b


def cmd_ladder(args: argparse.Namespace) -> int:
    """Every step of the ladder in every game asked for: the table on standard output, progress on
    standard error, the figures as JSON with ``--json FILE``."""
    if args.merge:
        return cmd_ladder_merge(args)
    ids = [_game(g).id for g in args.games] or [g.id for g in all_games()]
    if args.n < 1:
        raise UsageError("-n must be at least 1")
    if args.jobs < 1:
        raise UsageError("-j must be at least 1")
    pairs = [_pair(p) for p in args.pair] or [*LADDER_PAIRS, *(GREEDY_PAIRS if args.b == "greedy" else ())]
    if (problem := budget_scale_problem(args.budget_scale)) is not None:
        raise UsageError(problem)
    with clock.using(args.clock, args.budget_scale):
        return _run_ladder(args, ids, pairs)


def _run_ladder(args: argparse.Namespace, ids: list[str], pairs: list[tuple[str, str]]) -> int:
    jobs = ladder_jobs(ids, pairs, args.n, args.seed)
    settings = {
        "games": ids,
        "pairs": [f"{a}-{b}" for a, b in pairs],
        "n": args.n,
        "jobs": args.jobs,
        "seed": args.seed,
        "clock": args.clock,
        "budget_scale": args.budget_scale,
    }
    summaries, load = _play_jobs(args, jobs, settings)
    print(format_table(summaries))
    print(load)
    _print_mode(args.clock, args.budget_scale)
    return 0


def _play_jobs(
    args: argparse.Namespace, jobs: list[GameJob], settings: dict[str, Any]
) -> tuple[list[PairSummary], str]:
    """Play ``jobs`` with progress on standard error and every finished game kept in ``--json``:
    the summaries and a line on how busy the machine was. The ladder and the gauntlet both run here."""
    before, started = machine_load(), time.perf_counter()
    done: list[GameResult] = []

    def keep(summaries: Sequence[PairSummary] = ()) -> None:
        """The file as it stands: every finished game, so a run stopped midway still counts."""
        if args.json:
            machine = {"start": before, "end": machine_load()}
            document = ladder_document(settings, machine, time.perf_counter() - started, done, summaries)
            try:
                write_document(args.json, document)
            except OSError:
                raise UsageError(
                    f"could not write the figures to {args.json}: is the folder there and "
                    "may files be written in it?"
                ) from None

    def progress(game: GameResult) -> None:
        done.append(game)
        keep()
        if not args.quiet:
            job = game.job
            seat = job.a if game.winner == game.a_player else job.b
            result = f"{seat} ({game.winner}) won" if game.winner else "draw"
            cap = ", stopped by a cap" if game.capped else ""
            print(
                f"[{len(done)}/{len(jobs)}] {job.game_id} {job.a}-{job.b} game {job.index + 1}: {result} "
                f"after {game.turns} turns{cap}",
                file=sys.stderr,
                flush=True,
            )

    keep()  # a file that cannot be written is said before the games, not after hours of them
    summaries = run_ladder(jobs, args.jobs, progress)
    keep(summaries)
    return summaries, load_text(before, machine_load())


# -- gauntlet ---------------------------------------------------------------------------------------
def cmd_gauntlet(args: argparse.Namespace) -> int:
    """Every style of a game against its levels, both sides: each style's score with its interval,
    and each level's worst (its weakness). ``--merge`` tables files of earlier runs."""
    from game.gauntlet import gauntlet_jobs, gauntlet_table

    info = _game(args.game)
    if args.merge:
        try:
            results, mode = merged_results(args.merge)
        except LadderFileError as exc:
            raise UsageError(str(exc)) from None
        summaries = summaries_of([r for r in results if r.job.game_id == info.id])
        if not summaries:
            raise UsageError(f"the files hold no {info.title} games")
        print(gauntlet_table(info, summaries))
        _print_mode(mode["clock"], mode["budget_scale"])
        return 0
    if args.n < 1 or args.jobs < 1:
        raise UsageError("-n and -j must be at least 1")
    if (problem := budget_scale_problem(args.budget_scale)) is not None:
        raise UsageError(problem)
    levels = [args.level] if args.level else list(LEVELS)
    try:
        jobs = gauntlet_jobs(info, levels, args.n, args.seed, args.style or None)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    settings = {
        "games": [info.id],
        "gauntlet": True,
        "levels": levels,
        "n": args.n,
        "jobs": args.jobs,
        "seed": args.seed,
        "clock": args.clock,
        "budget_scale": args.budget_scale,
    }
    with clock.using(args.clock, args.budget_scale):
        summaries, load = _play_jobs(args, jobs, settings)
    print(gauntlet_table(info, summaries))
    print(load)
    _print_mode(args.clock, args.budget_scale)
    return 0


def _print_mode(clock_name: str, scale: float) -> None:
    if clock_name == "cpu" or scale != 1.0:
        print(
            f"Levels thought by {clock_name} time"
            + (f", every budget times {scale:g}" if scale != 1.0 else "")
            + "; think times are on that clock."
        )


def cmd_ladder_merge(args: argparse.Namespace) -> int:
    """``ladder --merge``: the table of every game in the files (of the games named, if any)."""
    try:
        results, mode = merged_results(args.merge)
    except LadderFileError as exc:
        raise UsageError(str(exc)) from None
    wanted = {_game(g).id for g in args.games}
    results = [r for r in results if not wanted or r.job.game_id in wanted]
    if not results:
        raise UsageError("the files hold no games" + (" of the games named" if wanted else ""))
    summaries = summaries_of(results)
    print(format_table(summaries))
    print(f"{len(results)} games from {len(args.merge)} file(s)")
    _print_mode(mode["clock"], mode["budget_scale"])
    if args.json:
        settings = {"merged": [os.fspath(p) for p in args.merge], **mode}
        try:
            write_document(args.json, ladder_document(settings, {}, 0.0, results, summaries))
        except OSError:
            raise UsageError(f"could not write the figures to {args.json}") from None
    return 0


# -- entry -----------------------------------------------------------------------------------------
_SUBPARSERS: dict[str, argparse.ArgumentParser] = {}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        raise UsageError(message)


def cmd_lessons(args: argparse.Namespace) -> int:
    """List a game's lessons, or (``--check``) play every lesson's model answers through the rules."""
    from game.lessons import check_lesson, lessons_for

    info = _game(args.game)
    lessons = lessons_for(info.id)
    if not lessons:
        print(f"{info.title} has no lessons yet.")
        return 1 if args.check else 0
    failures = 0
    for number, lesson in enumerate(lessons, start=1):
        steps = len(lesson.steps)
        size = f"{steps} step{'s' if steps != 1 else ''}, par {lesson.par_moves}"
        line = f"{number:2}. {lesson.title} — {lesson.rule} ({size})"
        if not args.check:
            print(line)
            continue
        problems = check_lesson(info, lesson)
        print(f"{'ok  ' if not problems else 'FAIL'} {line}")
        for problem in problems:
            print(f"       {problem}")
        failures += bool(problems)
    if args.check:
        print(f"{len(lessons) - failures} of {len(lessons)} lessons hold")
    return 1 if failures else 0


# -- solve -----------------------------------------------------------------------------------------
def cmd_solve(args: argparse.Namespace) -> int:
    """The exact value of a position and of each move, for games that carry a solver in
    ``GameInfo.solve_report`` (Elephant Run): ``(state, seconds) -> lines``."""
    info = _game(args.game)
    if args.start or args.check_table:
        return solve_start(info, args)
    solver = info.solve_report
    if solver is None:
        solvable = ", ".join(g.id for g in all_games() if g.solve_report is not None)
        raise UsageError(f"{info.title} has no exact solver (games with one: {solvable})")
    if args.seconds <= 0:
        raise UsageError("--seconds must be more than 0")
    state = _replay(_start_state(info, args.option, args.position), args.moves)
    for line in solver(state, args.seconds):
        print(line, flush=True)
    return 0


def build_parser() -> argparse.ArgumentParser:
    ids = ", ".join(g.id for g in all_games())
    parser = _Parser(prog="python -m game", description="Curio Boards, headless: rules, AI and benchmarks.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    _SUBPARSERS.clear()

    def game_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help=f"game id ({ids})")
        p.add_argument("--option", action="append", default=[], metavar="K=V", help="a game option")

    def position_args(p: argparse.ArgumentParser) -> None:
        """The arguments that say where a game stands, shared by ``play`` and ``hint``."""
        p.add_argument("game", nargs="?", help=f"game id ({ids}); not needed with --record")
        p.add_argument("--option", action="append", default=[], metavar="K=V", help="a game option")
        p.add_argument("--record", metavar="FILE", help="start from a game record file (exported by the app)")
        p.add_argument("--position", help="start from a position in the game's text form")
        p.add_argument("moves", nargs="*", metavar="MOVE")

    play = sub.add_parser("play", help="apply moves in notation and print the position")
    position_args(play)
    play.add_argument("--json", action="store_true", help="print one JSON object")
    _SUBPARSERS["play"] = play
    play.set_defaults(func=cmd_play)

    hint = sub.add_parser("hint", help="the computer's suggested move for the player to move")
    position_args(hint)
    hint.add_argument("--player", help="whose move (in Elasta and Nelaxtam; default: the first to move)")
    hint.add_argument(
        "--level",
        default="hard",
        choices=ALL_LEVELS,
        help="which computer suggests (default hard, as in the app)",
    )
    hint.add_argument("--seed", type=int, default=None, help="make the suggestion repeatable")
    _SUBPARSERS["hint"] = hint
    hint.set_defaults(func=cmd_hint)

    perft_p = sub.add_parser("perft", help="count move sequences (alternating games)")
    game_args(perft_p)
    perft_p.add_argument("--depth", type=int, required=True)
    perft_p.add_argument("--position", help="start from a position in the game's text form")
    perft_p.add_argument("-v", "--verbose", action="store_true", help="timing per depth on stderr")
    perft_p.add_argument("moves", nargs="*", metavar="MOVE")
    _SUBPARSERS["perft"] = perft_p
    perft_p.set_defaults(func=cmd_perft)

    arena = sub.add_parser("arena", help="seeded AI-vs-AI games, sides alternating")
    game_args(arena)
    arena.add_argument("--a", default="hard", choices=BOT_LEVELS, help="level of AI A")
    arena.add_argument("--b", default="easy", choices=BOT_LEVELS, help="level of AI B")
    arena.add_argument("-n", type=int, default=10, help="number of games")
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("-q", "--quiet", action="store_true", help="only the summary")
    arena.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=1,
        help="games played at once in separate processes (think times then share cores)",
    )
    _SUBPARSERS["arena"] = arena
    arena.set_defaults(func=cmd_arena)

    ladder_p = sub.add_parser("ladder", help="every level against the next one down, in every game")
    ladder_p.add_argument("games", nargs="*", metavar="GAME", help=f"game ids (default all: {ids})")
    ladder_p.add_argument("-n", type=int, default=20, help="games per pair per game (sides alternate)")
    ladder_p.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=1,
        help="games played at once in separate processes (think times then share cores)",
    )
    ladder_p.add_argument("--seed", type=int, default=1)
    ladder_p.add_argument("--b", choices=("greedy",), help="also play greedy-easy and greedy-hard")
    ladder_p.add_argument(
        "--pair",
        action="append",
        default=[],
        metavar="A-B",
        help="only this pair, such as easy-random (repeatable)",
    )
    ladder_p.add_argument(
        "--json",
        metavar="FILE",
        help="also write every game and the figures to FILE as JSON (rewritten after each "
        "game, so a run stopped midway keeps what it played)",
    )
    ladder_p.add_argument(
        "--merge",
        nargs="+",
        metavar="FILE",
        default=[],
        help="play nothing: add up the games in these --json files (same code, clock and "
        "budget scale) and print one table",
    )
    ladder_p.add_argument("-q", "--quiet", action="store_true", help="no progress lines on standard error")
    ladder_p.add_argument(
        "--clock",
        choices=tuple(clock.CLOCKS),
        default="wall",
        help="think by wall time (as in the app) or by CPU time, so that games sharing "
        "cores or a busy machine do not starve the levels (default wall)",
    )
    add_budget_scale(ladder_p, "a quick, rough ladder while tuning")
    _SUBPARSERS["ladder"] = ladder_p

    gauntlet_p = sub.add_parser("gauntlet", help="styles of play a person might adopt, against each level")
    gauntlet_p.add_argument("game", metavar="GAME", help=f"game id ({ids})")
    gauntlet_p.add_argument("--level", choices=LEVELS, help="only this level (default: every level)")
    gauntlet_p.add_argument(
        "--style",
        action="append",
        default=[],
        metavar="NAME",
        help="only these styles (repeatable; default: every style of the game)",
    )
    gauntlet_p.add_argument("-n", type=int, default=40, help="games per style and level (sides alternate)")
    gauntlet_p.add_argument(
        "-j", "--jobs", type=int, default=1, help="games played at once, one process each"
    )
    gauntlet_p.add_argument("--seed", type=int, default=1)
    gauntlet_p.add_argument(
        "--json",
        metavar="FILE",
        help="keep every game and the figures in FILE (rewritten after each game; files merge with --merge)",
    )
    gauntlet_p.add_argument(
        "--merge",
        nargs="+",
        metavar="FILE",
        default=[],
        help="no games: the table of earlier --json files of this game",
    )
    gauntlet_p.add_argument("-q", "--quiet", action="store_true", help="no progress lines on standard error")
    gauntlet_p.add_argument(
        "--clock",
        choices=tuple(clock.CLOCKS),
        default="wall",
        help="the clock the levels think by: cpu counts only this process's time",
    )
    add_budget_scale(gauntlet_p, "how a level holds as it thinks longer")
    gauntlet_p.set_defaults(func=cmd_gauntlet)
    _SUBPARSERS["gauntlet"] = gauntlet_p
    ladder_p.set_defaults(func=cmd_ladder)

    add_bench_command(sub, _SUBPARSERS)

    lessons = sub.add_parser("lessons", help="list a game's lessons, or check them with --check")
    lessons.add_argument("game", help=f"game id ({ids})")
    lessons.add_argument(
        "--check",
        action="store_true",
        help="play every lesson's model answers through the rules; exit 0 when all hold",
    )
    _SUBPARSERS["lessons"] = lessons
    lessons.set_defaults(func=cmd_lessons)

    solve = sub.add_parser("solve", help="exact values of a position and its moves (elephant-run)")
    game_args(solve)
    solve.add_argument("--position", help="start from a position in the game's text form")
    solve.add_argument("--seconds", type=float, default=60.0, help="give up after this long (default 60)")
    solve.add_argument("--start", action="store_true", help="the proved value of every start square")
    solve.add_argument("--json", action="store_true", help="with --start: print one JSON object")
    solve.add_argument(
        "--check-table", action="store_true", help="re-prove every claim of the shipped start tables"
    )
    solve.add_argument("moves", nargs="*", metavar="MOVE")
    _SUBPARSERS["solve"] = solve
    solve.set_defaults(func=cmd_solve)
    add_analysis_commands(sub, _SUBPARSERS)  # analyse, calibrate
    add_exploit_command(sub, _SUBPARSERS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser()
        # Options and moves may be intermixed (``play g e2-e4 --json``), which plain parse_args
        # cannot do for a '*' positional; the sub-command's own parser parses intermixed.
        if not argv or argv[0] not in _SUBPARSERS:
            parser.parse_args(argv)  # prints help, or raises UsageError naming the bad command
            return 2
        args = _SUBPARSERS[argv[0]].parse_intermixed_args(argv[1:])
        return int(args.func(args))
    except UsageError as exc:
        print(f"error: {clean_text(str(exc), 400)}", file=sys.stderr)  # no raw NUL or escape codes
        return 2
    except KeyboardInterrupt:
        return 130
