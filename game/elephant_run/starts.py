"""Elephant Run's start squares with best play: the proved values the start table ships.

The table (``start_table.json`` beside the rules, one file per option family: ``start_table.json``
for the default six farmers without compound moves, ``start_table_<F>f_<on|off>.json`` for others)
holds, for each start square proved, the points the elephant forces against every farmers'
placement, counted up to the table's cap (12, so every ``points`` target 8–12 is answered by one
table), and a placement that holds it there. The elephant wins from a square exactly when those
points reach the target, and the elephant chooses its square first: it wins the game when any
square wins. The numbers come from ``docs/solver/`` (a compiled solver, not needed to play); here
they are only read, checked for shape, and answered from.

Nothing is guessed: a square the machine has not proved is *open* and said so (``winner`` None),
and a damaged file is treated as absent (its family open) rather than trusted.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core import StartValues
from game.elephant_run.board import RANKS, SIZE, WIDTH, square_index, square_name
from game.elephant_run.rules import ELEPHANT, FARMERS

HERE = Path(__file__).resolve().parent
DEFAULT_FAMILY = (6, False)
MAX_BYTES = 200_000
"""A table file is a few kilobytes; anything far bigger is not ours."""


@dataclass(frozen=True)
class StartValue:
    """One start square proved: the points the elephant forces (``points``, at most the table's
    cap) and a farmers' placement that holds it to them."""

    square: str
    points: int
    placement: tuple[str, ...]

    def winner(self, target: int) -> str:
        return ELEPHANT if self.points >= target else FARMERS


@dataclass(frozen=True)
class StartTable:
    """The proved squares of one option family (farmers, compound); squares absent are open."""

    farmers: int
    compound: bool
    cap: int
    squares: Mapping[str, StartValue]

    def value(self, square: str) -> StartValue | None:
        return self.squares.get(square)

    def winner(self, target: int) -> str | None:
        """Who wins the whole game with best play at ``target``: the elephant as soon as one proved
        square wins; the farmers only when every square is proved and none does; else None."""
        if target > self.cap:
            return None
        values = list(self.squares.values())
        if any(v.points >= target for v in values):
            return ELEPHANT
        return FARMERS if len(values) == SIZE else None


def family_path(farmers: int, compound: bool) -> Path:
    """Where a family's table lives (the default family keeps the plain name it was first shipped under)."""
    if (farmers, compound) == DEFAULT_FAMILY:
        return HERE / "start_table.json"
    return HERE / f"start_table_{farmers}f_{'on' if compound else 'off'}.json"


def mirrors(square: str) -> list[str]:
    """``square`` and its images under the board's left-right, top-bottom and both mirrors: a start
    and its mirrors have the same value, and a placement maps along with it."""
    sq = square_index(square)
    f, r = sq % WIDTH, sq // WIDTH
    lr, tb = WIDTH - 1 - f, RANKS - 1 - r
    return [square_name(i) for i in (sq, r * WIDTH + lr, tb * WIDTH + f, tb * WIDTH + lr)]


def _parse(data: Any, farmers: int, compound: bool) -> StartTable:
    """The table in ``data``, or ValueError saying what is wrong with it."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    if data.get("farmers") != farmers or data.get("compound") is not compound:
        raise ValueError("it is the table of another option family")
    cap = data.get("cap")
    squares = data.get("squares")
    if (
        not isinstance(cap, int)
        or isinstance(cap, bool)
        or not 1 <= cap <= 40
        or not isinstance(squares, dict)
    ):
        raise ValueError("its cap or squares are missing")
    values: dict[str, StartValue] = {}
    for name, entry in squares.items():
        if _index_or_none(name) is None:
            raise ValueError(f"{name!r} is not a square")
        if not isinstance(entry, dict):
            raise ValueError(f"the entry of {name} is not an object")
        points, placement = entry.get("elephant_points"), entry.get("placement")
        if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= cap:
            raise ValueError(f"the points of {name} are out of range")
        if not isinstance(placement, list) or len(placement) != farmers or len(set(placement)) != farmers:
            raise ValueError(f"the placement of {name} is not {farmers} distinct squares")
        for farmer in placement:
            if farmer == name or _index_or_none(farmer) is None:
                raise ValueError(f"the placement of {name} holds {farmer!r}")
        values[name] = StartValue(name, points, tuple(placement))
    return StartTable(farmers, compound, cap, values)


def _index_or_none(name: object) -> int | None:
    """The square ``name`` spells exactly as the table writes squares ("a1"), else None."""
    if not isinstance(name, str):
        return None
    try:
        index = square_index(name)
    except ValueError:
        return None
    return index if square_name(index) == name else None


_TABLES: dict[tuple[int, bool], StartTable | None] = {}


def table(farmers: int, compound: bool, path: Path | None = None) -> StartTable | None:
    """The family's table (read once), or None when it has none or its file is damaged."""
    key = (farmers, compound)
    if path is None and key in _TABLES:
        return _TABLES[key]
    where = path or family_path(farmers, compound)
    found: StartTable | None
    try:
        raw = where.read_bytes()
        if len(raw) > MAX_BYTES:
            raise ValueError("it is far too large")
        found = _parse(json.loads(raw.decode("utf-8")), farmers, compound)
    except (OSError, ValueError):  # absent or damaged: the family stays open
        found = None
    if path is None:
        _TABLES[key] = found
    return found


def family_of(options: Mapping[str, str]) -> tuple[int, bool, int]:
    """(farmers, compound, target) of a game's options, defaults filled in."""
    return (
        int(options.get("farmers", "6")),
        options.get("compound", "off") == "on",
        int(options.get("points", "10")),
    )


def proved_placement(square: str, options: Mapping[str, str]) -> tuple[str, ...] | None:
    """The placement the table proves best against an elephant on ``square`` (None: open)."""
    farmers, compound, _target = family_of(options)
    found = table(farmers, compound)
    value = found.value(square) if found is not None else None
    return value.placement if value is not None else None


def start_report(options: Mapping[str, str]) -> dict[str, Any]:
    """Every start square's value for ``options``, in the shape ``solve --start --json`` prints:
    ``{"options", "winner", "squares": {square: {"winner", "elephant_points", "placement"}}}``;
    an open square has ``winner`` None (and None points and placement), as has the game while any
    square that could still win for the elephant is open."""
    farmers, compound, target = family_of(options)
    found = table(farmers, compound)
    squares: dict[str, Any] = {}
    for index in range(SIZE):
        name = square_name(index)
        value = found.value(name) if found is not None else None
        if value is None or target > (found.cap if found else 0):
            squares[name] = {"winner": None, "elephant_points": None, "placement": None}
        else:
            squares[name] = {
                "winner": value.winner(target),
                "elephant_points": value.points,
                "placement": list(value.placement),
            }
    return {
        "options": {"farmers": str(farmers), "compound": "on" if compound else "off", "points": str(target)},
        "winner": found.winner(target) if found is not None else None,
        "proved": sum(1 for entry in squares.values() if entry["winner"] is not None),
        "squares": squares,
    }


def report_lines(report: Mapping[str, Any]) -> list[str]:
    """The start report as a readable table: one rank a line, each square's forced points."""
    options = report["options"]
    lines = [
        f"Elephant Run, {options['farmers']} farmers, compound moves {options['compound']}, "
        f"the elephant needs {options['points']}:",
        "  (points the elephant forces from each start square with best play; '?' not proved)",
    ]
    squares = report["squares"]
    for rank in range(RANKS, 0, -1):
        cells = []
        for file in "abcdef"[:WIDTH]:
            entry = squares[f"{file}{rank}"]
            points = entry["elephant_points"]
            cells.append(f"{'?' if points is None else points:>3}")
        lines.append(f"  {rank} " + "".join(cells))
    lines.append("     " + "".join(f"{f:>3}" for f in "abcdef"[:WIDTH]))
    winner = report["winner"]
    if winner is None:
        lines.append(f"Not settled yet: {report['proved']} of {SIZE} squares proved.")
    else:
        lines.append(f"With best play the {'elephant wins' if winner == ELEPHANT else 'farmers win'}.")
    return lines


FAMILIES: tuple[tuple[int, bool], ...] = ((6, False), (5, False), (7, False), (6, True), (5, True), (7, True))
"""Every option family, the default first: the rules window says something of each."""
NUMBERS = {5: "Five", 6: "Six", 7: "Seven"}
MIN_TARGET = 8
"""The fewest points the ``points`` option can ask of the elephant."""


def family_sentence(farmers: int, compound: bool) -> str:
    """One sentence for the rules window and docs/ai.md: who wins this family with best play and
    the set-up that does it, or that it is not solved yet (never a guess)."""
    name = f"{NUMBERS.get(farmers, str(farmers))} farmers, compound moves {'on' if compound else 'off'}"
    found = table(farmers, compound)
    if found is None or len(found.squares) < SIZE:
        proved = 0 if found is None else len(found.squares)
        best_so_far = max(found.squares.values(), key=lambda v: v.points) if found and found.squares else None
        if best_so_far is not None and best_so_far.points >= MIN_TARGET:
            # one proved square already settles every target up to its value: say that much
            return (
                f"{name}: the elephant wins at {best_so_far.points} points or fewer (from "
                f"{best_so_far.square}); more is open."
            )
        return f"{name}: not solved yet ({proved} of {SIZE} start squares proved)."
    values = [found.squares[square_name(i)] for i in range(SIZE)]
    best = max(values, key=lambda v: v.points)
    centre = found.squares["c2"]
    if best.points >= found.cap:
        return f"{name}: the elephant wins at every target up to {found.cap}, starting on {best.square}."
    fence = f"against c2, farmers on {' '.join(centre.placement)} hold it to {centre.points}"
    if best.points < MIN_TARGET:
        return f"{name}: the farmers win at every target; the elephant gets at most {best.points} ({fence})."
    return (
        f"{name}: the farmers win at {best.points + 1} points or more, since the elephant gets at most "
        f"{best.points} ({fence}); at {best.points} or fewer it wins from {best.square}."
    )


def solved_paragraph() -> str:
    """The rules window's closing section: what computer proofs settled about the start."""
    lines = ["Solved with best play"]
    open_ones: dict[bool, list[int]] = {}
    for farmers, compound in FAMILIES:
        sentence = family_sentence(farmers, compound)
        if "not solved yet" not in sentence:
            lines.append(f"- {sentence}")
        else:
            open_ones.setdefault(compound, []).append(farmers)
    if open_ones:
        said = [
            f"compound moves {'on' if compound else 'off'} with {_counted(sorted(farmers))} farmers"
            for compound, farmers in sorted(open_ones.items())
        ]
        lines.append(f"- Not solved yet: {'; '.join(said)}.")
    return "\n".join(lines) + "\n"


def _counted(numbers: list[int]) -> str:
    """[5, 6, 7] → "five, six or seven": the open families named together, in few words."""
    words = [NUMBERS.get(n, str(n)).lower() for n in numbers]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


START_VALUES = StartValues(report=start_report, lines=report_lines)
"""What the register offers of the table (``GameInfo.start_values``, where ``__init__`` adds the
re-proof of :mod:`.table_check`, which reads this module: no cycle)."""
