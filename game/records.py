"""Game records: a finished or unfinished match as a plain text file a person can read and share.

A save file is JSON for the program; a record is for people — it opens in any text editor, can be
pasted into a message, and still loads back exactly, because every move is replayed through the
rules. The format (documented in docs/command-line.md)::

    Curio Boards game record
    Game: Elephant Run (elephant-run)
    Options: none
    Elephant: Human
    Farmers: Computer (hard)
    Date: 2026-11-24 07:05 UTC
    Result: Elephant won — the elephant reached the edge

    1. c3
    2. a1-a2
    ...

Header lines are ``Key: value``; the moves follow after a blank line, one per line, numbered in
order; lines starting with ``#`` are comments. A game given up has a ``Resigned: <player>`` line
(``Resigned: Farmers``): its moves alone would leave it unfinished. It is read back with the save's
rule (:meth:`game.match.Match.resign`: it names a player of a game still going on after the moves);
a record written before the line existed says it only in its ``Result:`` ("Elephant won — Farmers
resigned"), which is then read as the resignation. Reading is strict about what matters (the game,
the options, each move, the result if one is claimed, a resignation) and forgiving about what does
not (spacing, the order of header lines, a missing date): a bad record is refused with a
:class:`RecordFileError` naming the line and the reason in players' words, and nothing half-read
ever comes back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime

from game.ai import LEVELS
from game.core import GameError, GameInfo
from game.match import AI, Match, Seat, player_name
from game.register import all_games
from game.text import quoted

MAGIC = "Curio Boards game record"
MAX_RECORD_CHARS = 1_000_000
"""A record longer than this is not one of ours (the longest real game is a few thousand moves)."""
MAX_LINE_CHARS = 2_000
SUFFIX = ".txt"
RESIGNED = "Resigned"
"""The header of a game given up: ``Resigned: <the side's title>``."""

_HEADER = re.compile(r"^([A-Za-z][A-Za-z -]{0,40}):\s*(.*)$")
_MOVE = re.compile(r"^(\d{1,6})\.\s*(\S.*)$")
_GAME_ID = re.compile(r"\(([a-z0-9-]+)\)\s*$")
_COMPUTER = re.compile(r"^computer\s*\(([a-z]+)\)$", re.IGNORECASE)


class RecordFileError(GameError):
    """A record that cannot be opened: ``line`` is 1-based (None for the file as a whole) and
    ``reason`` is the sentence without the line prefix, so a screen can word it its own way."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        super().__init__(reason if line is None else f"line {line}: {reason}")
        self.reason = reason
        self.line = line


@dataclass(frozen=True)
class Record:
    """A record read back: the replayed match, and the date its header gave (if any)."""

    match: Match
    date: str | None
    claimed_result: str | None


# -- writing ---------------------------------------------------------------------------------------
def result_text(match: Match) -> str:
    """The result in words, as the header's ``Result:`` line says it."""
    outcome = match.outcome
    if outcome is None:
        return "unfinished"
    if outcome.winner is None:
        return f"Draw — {outcome.reason}"
    return f"{match.game.player_title(outcome.winner)} won — {outcome.reason}"


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def format_record(match: Match, when: datetime | None = None) -> str:
    """The record of ``match`` as text. Secret orders not yet revealed are never written: a record
    is for sharing, and the other side's sealed order is nobody's business."""
    when = when or datetime.now(UTC)
    info = match.game
    options = ", ".join(f"{k}={v}" for k, v in sorted(match.options.items())) or "none"
    lines = [
        MAGIC,
        f"Game: {info.title} ({info.id})",
        f"Options: {options}",
    ]
    for player in info.players:
        lines.append(f"{info.player_title(player)}: {_seat_text(match.seats[player])}")
    if match.resigned is not None:
        lines.append(f"{RESIGNED}: {info.player_title(match.resigned)}")
    lines.append(f"Date: {when.astimezone(UTC).strftime('%Y-%m-%d %H:%M')} UTC")
    lines.append(f"Result: {_one_line(result_text(match))}")
    lines.append("")
    lines.extend(f"{number}. {text}" for number, text in enumerate(match.move_texts(), start=1))
    return "\n".join(lines) + "\n"


# -- reading ---------------------------------------------------------------------------------------
def _find_game(value: str, line: int) -> GameInfo:
    by_id = _GAME_ID.search(value)
    wanted = by_id.group(1) if by_id else value.strip().lower()
    for info in all_games():
        if wanted in (info.id, info.title.lower()):
            return info
    raise RecordFileError(f"no game called {quoted(value.strip())} is known here", line)


def _options(value: str, line: int) -> dict[str, str]:
    value = value.strip()
    if value.lower() in ("", "none", "-"):
        return {}
    options: dict[str, str] = {}
    for part in value.split(","):
        key, sep, setting = part.partition("=")
        if not sep or not key.strip():
            raise RecordFileError(f"an option must be written name=value, not {quoted(part.strip())}", line)
        options[key.strip()] = setting.strip()
    return options


def _seat_text(seat: Seat) -> str:
    """ "Computer (easy)", "Human", or a person's name ("Ana") when one was given and cannot be read
    back as anything else."""
    name = seat.name
    if seat.is_ai or not name or _COMPUTER.match(name) or name.lower() == "human":
        return seat.describe()
    return name


def _seat(value: str, line: int) -> Seat:
    value = value.strip()
    computer = _COMPUTER.match(value)
    if computer:
        level = computer.group(1).lower()
        if level not in LEVELS:
            levels = ", ".join(LEVELS)
            raise RecordFileError(f"the computer level {quoted(level)} is not one of {levels}", line)
        return Seat(AI, level)
    return Seat(name=player_name(value) if value.lower() != "human" else None)


def _split(text: str) -> tuple[dict[str, tuple[int, str]], list[tuple[int, str]]]:
    """Header entries (key → line number, value) and numbered moves (line number, text)."""
    headers: dict[str, tuple[int, str]] = {}
    moves: list[tuple[int, str]] = []
    lines = text.splitlines()
    if not lines or lines[0].strip().lstrip("\ufeff") != MAGIC:
        raise RecordFileError(f"this is not a Curio Boards game record (it should start with '{MAGIC}')", 1)
    in_moves = False
    for number, raw in enumerate(lines[1:], start=2):
        if len(raw) > MAX_LINE_CHARS:
            raise RecordFileError("the line is far too long to be part of a record", number)
        line = raw.strip()
        if not line or line.startswith("#"):
            in_moves = in_moves or (not line and bool(headers))
            continue
        move = _MOVE.match(line)
        if move:
            in_moves = True
            expected = len(moves) + 1
            if int(move.group(1)) != expected:
                raise RecordFileError(f"expected move {expected} here, found move {move.group(1)}", number)
            moves.append((number, move.group(2).strip()))
            continue
        header = _HEADER.match(line)
        if header and not in_moves:
            key = header.group(1).strip().lower()
            if key in headers:
                raise RecordFileError(f"'{header.group(1).strip()}' is given twice", number)
            headers[key] = (number, header.group(2))
            continue
        what = "a numbered move like '12. e4'" if in_moves else "a header line like 'Game: Epaminondas'"
        raise RecordFileError(f"this line is not {what}", number)
    return headers, moves


def parse_record(text: str) -> Record:
    """Read a record and replay it through the rules. Raises :class:`RecordFileError`."""
    if not isinstance(text, str):
        raise RecordFileError("a record is text")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordFileError("the file is far too large to be a game record")
    headers, moves = _split(text)
    if "game" not in headers:
        raise RecordFileError("the record does not say which game it is (a 'Game:' line is missing)")
    game_line, game_value = headers["game"]
    info = _find_game(game_value, game_line)
    options_line, options_value = headers.get("options", (game_line, ""))
    options = _options(options_value, options_line)
    seats = {}
    for player in info.players:
        entry = headers.get(info.player_title(player).lower())
        if entry is not None:
            seats[player] = _seat(entry[1], entry[0])
    try:
        match = Match(info, options, seats)
    except GameError as exc:
        raise RecordFileError(str(exc), options_line) from None
    for position, (line, move_text) in enumerate(moves, start=1):
        if match.over:
            raise RecordFileError(
                f"the game was already over before move {position} ({move_text[:40]})", line
            )
        try:
            match.play_text(move_text)
        except GameError as exc:
            raise RecordFileError(
                f"move {position} ({move_text[:40]}) cannot be played: {exc}", line
            ) from None
    claimed = headers.get("result")
    _resign(match, headers.get(RESIGNED.lower()), claimed)
    if claimed is not None:
        said = _one_line(claimed[1])
        actual = _one_line(result_text(match))
        if said and said.lower() != actual.lower() and not _same_winner(said, actual):
            raise RecordFileError(
                f"the record claims '{said[:80]}', but its moves give '{actual[:80]}'", claimed[0]
            )
    date = headers.get("date")
    return Record(
        match,
        None if date is None else _one_line(date[1])[:40],
        None if claimed is None else claimed[1],
    )


def _resign(match: Match, entry: tuple[int, str] | None, claimed: tuple[int, str] | None) -> None:
    """The ``Resigned:`` line given up to the match as a save's ``resigned`` is: it must name one of
    the game's players (by title or id), and the game must still be going on after its moves
    (:meth:`Match.resign` refuses a game already over). Without the line, an older record's
    ``Result:`` saying "<Winner> won — <Loser> resigned" of a game its moves leave unfinished."""
    if entry is None:
        loser = _resigned_in_result(match, None if claimed is None else claimed[1])
        if loser is not None:
            match.resign(loser)
        return
    line, value = entry
    player = _player_named(match.game, value)
    if not value.strip():
        raise RecordFileError("the 'Resigned:' line names no player", line)
    if player is None:
        raise RecordFileError(
            f"the resignation should name a player of {match.game.title}, not {quoted(value.strip()[:40])}",
            line,
        )
    if match.over:
        raise RecordFileError(
            f"the record says {match.game.player_title(player)} resigned, but its moves already end the game",
            line,
        )
    try:
        match.resign(player)
    except GameError as exc:
        raise RecordFileError(str(exc), line) from None


def _player_named(info: GameInfo, value: str) -> str | None:
    """The player ``value`` names, by its title ("Farmers") or id, in any case; None if none."""
    wanted = _one_line(value).lower()
    for player in info.players:
        if wanted in (player.lower(), info.player_title(player).lower()):
            return player
    return None


def _resigned_in_result(match: Match, said: str | None) -> str | None:
    """The player an older record's ``Result:`` says resigned ("Elephant won — Farmers resigned"),
    when the moves leave the game going on and the winner named is the other side; else None."""
    if said is None or match.over:
        return None
    winner, dash, reason = _one_line(said).partition("—")
    if not dash or not reason.strip().lower().endswith(" resigned"):
        return None
    loser = _player_named(match.game, reason.strip()[: -len(" resigned")])
    others = [p for p in match.game.players if p != loser]
    if loser is None or len(others) != 1:
        return None
    title = match.game.player_title(others[0]).lower()
    return loser if winner.strip().lower() == f"{title} won" else None


def _same_winner(said: str, actual: str) -> bool:
    """A hand-edited result that agrees on who won (the reason may be worded differently)."""
    return said.lower().split("—")[0].strip() == actual.lower().split("—")[0].strip()
