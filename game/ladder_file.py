"""Ladder runs on disk: every game kept as it finishes, and runs added together.

The ladder the issue asks for — at least 100 games per pair in five games, the stronger levels
thinking up to 2.5 s a move — costs about a dozen CPU hours on a two-core machine, more than any one
sitting. So a run's ``--json`` file holds every finished game (who sat where, who won, the length,
every think time) and is rewritten after each game, and ``python -m game ladder --merge A.json
B.json …`` adds runs together into one table.

Games only add up when they measure the same players. Each file records, per game, a fingerprint of
the code the levels are made of (the game's package and the shared AI modules); files made with
other code, another clock or another budget scale are refused with a sentence, and so is a game
played twice (same game, pair, seed and index).
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from game.ladder import GameJob, GameResult, PairSummary
from game.register import get

SHARED_AI_MODULES: tuple[str, ...] = (
    "ai.py",
    "clock.py",
    "core.py",
    "greedy.py",
    "matrix.py",
    "search.py",
    "styles.py",
    "turns.py",
)
"""The modules outside a game's package that every level's play depends on."""

MAX_FILE_BYTES = 64 * 2**20
"""A ladder file larger than this is not one of ours."""

FORMAT = 1


class LadderFileError(Exception):
    """A ladder file that cannot be used, said in a sentence naming the file."""


@functools.cache
def fingerprint(game_id: str) -> str:
    """A short hash of the code ``game_id``'s players are made of: games measured with different
    code are different experiments and must not be added together. Taken once per process (a run
    writes it before its first game), so an edit to the files during a long run cannot relabel the
    games the old code played."""
    info = get(game_id)
    package = Path(__import__(info.ai.__module__, fromlist=["_"]).__file__ or "").parent
    shared = Path(__file__).parent
    digest = hashlib.sha256()
    for path in [*sorted(package.glob("*.py")), *(shared / name for name in SHARED_AI_MODULES)]:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


# -- one game ----------------------------------------------------------------------------------------------
def result_to_json(result: GameResult) -> dict[str, Any]:
    job = result.job
    return {
        "game": job.game_id,
        "options": job.options,
        "index": job.index,
        "a": job.a,
        "b": job.b,
        "seed": job.seed,
        "a_player": result.a_player,
        "b_player": result.b_player,
        "winner": result.winner,
        "reason": result.reason,
        "turns": result.turns,
        "capped": result.capped,
        "times": {level: [round(t, 4) for t in values] for level, values in result.times.items()},
    }


def _field(record: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = record.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ValueError(f"its game record has no proper '{name}'")
    return value


def result_from_json(record: Any) -> GameResult:
    """One game back from its record; ValueError with the reason when the record is not one."""
    if not isinstance(record, dict):
        raise ValueError("a game record is not a table")
    game_id = _field(record, "game", str)
    try:
        info = get(game_id)
    except Exception:
        raise ValueError(f"it names an unknown game '{game_id[:40]}'") from None
    options = _field(record, "options", dict)
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
        raise ValueError("its game options are not text")
    a_player, b_player = _field(record, "a_player", str), _field(record, "b_player", str)
    if {a_player, b_player} != set(info.players):
        raise ValueError(f"its players are not {game_id}'s")
    winner = record.get("winner")
    if winner is not None and winner not in info.players:
        raise ValueError("its winner is not a player of the game")
    times = _field(record, "times", dict)
    clean: dict[str, list[float]] = {}
    for level, values in times.items():
        if (
            not isinstance(level, str)
            or not isinstance(values, list)
            or not all(
                isinstance(t, int | float) and not isinstance(t, bool) and math.isfinite(t) and t >= 0
                for t in values
            )
        ):
            raise ValueError("its think times are not lists of seconds")
        clean[level] = [float(t) for t in values]
    job = GameJob(
        game_id,
        dict(options),
        _field(record, "index", int),
        _field(record, "a", str),
        _field(record, "b", str),
        _field(record, "seed", int),
    )
    return GameResult(
        job,
        a_player,
        b_player,
        winner,
        str(record.get("reason", "")),
        _field(record, "turns", int),
        bool(record.get("capped")),
        clean,
    )


# -- files -------------------------------------------------------------------------------------------------
def ladder_document(
    settings: dict[str, Any],
    machine: dict[str, Any],
    seconds: float,
    results: Sequence[GameResult],
    summaries: Sequence[PairSummary] = (),
) -> dict[str, Any]:
    """What a ladder file holds: the settings, the machine, every finished game and (once the run is
    over) the table's figures."""
    games = sorted({r.job.game_id for r in results} | set(settings.get("games", ())))
    return {
        "format": FORMAT,
        "settings": settings,
        "machine": machine,
        "seconds": round(seconds, 1),
        "fingerprints": {game: fingerprint(game) for game in games},
        "finished": bool(summaries),
        "pairs": [s.to_json() for s in summaries],
        "results": [result_to_json(r) for r in results],
    }


def write_document(path: str | os.PathLike[str], document: dict[str, Any]) -> None:
    """Replace ``path`` whole (written beside it, then renamed), so a run stopped mid-write leaves
    the previous version rather than half a file. Raises OSError."""
    target = Path(path)
    temporary = target.with_name(target.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(document, handle, indent=1)
        handle.write("\n")
    os.replace(temporary, target)


def read_document(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A ladder file's contents, or LadderFileError saying why it cannot be used."""
    name = os.fspath(path)
    try:
        size = os.path.getsize(name)
        if size > MAX_FILE_BYTES:
            raise LadderFileError(f"{name} is not a ladder file: it is {size // 2**20} MB")
        with open(name, encoding="utf-8") as handle:
            document = json.load(handle)
    except OSError as exc:
        raise LadderFileError(f"{name} could not be read: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError, ValueError):
        raise LadderFileError(f"{name} is not a ladder file: it is not readable JSON") from None
    if not isinstance(document, dict) or not isinstance(document.get("results"), list):
        raise LadderFileError(
            f"{name} has no games in it (a ladder file from before games were kept, or not a ladder file)"
        )
    return document


def merged_results(
    paths: Iterable[str | os.PathLike[str]], current: dict[str, str] | None = None
) -> tuple[list[GameResult], dict[str, Any]]:
    """Every game of every file, checked to measure the same thing; and the settings they share
    (clock and budget scale). ``current``: game id → fingerprint to insist on (default: this code's)."""
    results: list[GameResult] = []
    seen: set[tuple[str, str, str, int, int]] = set()
    shared: dict[str, Any] | None = None
    for path in paths:
        name = os.fspath(path)
        document = read_document(path)
        found = document.get("settings")
        settings: dict[str, Any] = found if isinstance(found, dict) else {}
        mode = {"clock": settings.get("clock", "wall"), "budget_scale": settings.get("budget_scale", 1.0)}
        if shared is None:
            shared = mode
        elif mode != shared:
            raise LadderFileError(
                f"{name} was played with {_mode_text(mode)}, the files before it with "
                f"{_mode_text(shared)}: such games do not add up"
            )
        found = document.get("fingerprints")
        prints: dict[str, Any] = found if isinstance(found, dict) else {}
        for number, record in enumerate(document["results"], start=1):
            try:
                result = result_from_json(record)
            except ValueError as exc:
                raise LadderFileError(f"{name}: game {number} cannot be used: {exc}") from None
            game = result.job.game_id
            wanted = (current or {}).get(game) or fingerprint(game)
            if prints.get(game) != wanted:
                raise LadderFileError(
                    f"{name}: its {game} games were played by other code than this "
                    f"(fingerprint {str(prints.get(game))[:12]}, now {wanted}); they "
                    "measure other players and do not add up"
                )
            key = (game, result.job.a, result.job.b, result.job.seed, result.job.index)
            if key in seen:
                job = result.job
                raise LadderFileError(
                    f"{name}: {game} {job.a}-{job.b} game {job.index + 1} of seed "
                    f"{job.seed} is in an earlier file too (use another --seed for a "
                    "run meant to add up)"
                )
            seen.add(key)
            results.append(result)
    return results, shared or {"clock": "wall", "budget_scale": 1.0}


def _mode_text(mode: dict[str, Any]) -> str:
    return f"the {mode['clock']} clock and budgets times {mode['budget_scale']}"
