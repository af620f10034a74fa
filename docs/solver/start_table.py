"""Drive docs/solver/er_solve.c over Elephant Run's start squares and write the start table.

For each class of start square (the board's mirrors make 24 squares 6 classes) it runs the C tool's
start procedure, re-proves the farmers' placement it reports with a fresh table ("the elephant
forces V against it, and not V + 1"), optionally once more with the Python solver, and then writes
``game/elephant_run/start_table.json`` for the square and its three mirrors. Each square is written
the moment it is settled, and a square already in the table is skipped, so a run can be killed
and started again without losing a finished square. Nothing here is guessed: a square not yet
settled is simply absent.

    nice -n 19 .venv/bin/python docs/solver/start_table.py [--farmers 5|6|7] [--bits 29]
        [--squares a1,b1,...] [--python]

Other families go to ``start_table_<F>f_off.json`` (``game/elephant_run/starts.py`` reads them by
that name) with their own log in ``docs/solver/runs/``.

Only reads game.elephant_run (for square names and, with --python, the Python checker
game.elephant_run.table_check).
"""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.elephant_run.board import RANKS, WIDTH, square_index, square_name  # noqa: E402

SOURCE = ROOT / "docs" / "solver" / "er_solve.c"
TABLE = ROOT / "game" / "elephant_run" / "start_table.json"
RUNS = ROOT / "docs" / "solver" / "runs"
LOG = RUNS / "start_6f_off.log"
CAP = 12
TARGET = 10
FARMERS = 6
ORDER = ("a1", "a2", "b1", "c1", "b2", "c2")
"""Cheap classes first: the corner is lost at once; edges before the middle."""


def mirrors(sq: int) -> list[int]:
    """``sq`` and its images under the left-right, top-bottom and both mirrors (in that order)."""
    f, r = sq % WIDTH, sq // WIDTH
    lr, tb = WIDTH - 1 - f, RANKS - 1 - r
    return [sq, r * WIDTH + lr, tb * WIDTH + f, tb * WIDTH + lr]


def build(out_dir: Path) -> Path:
    exe = out_dir / "er_solve"
    subprocess.run(["cc", "-O2", "-o", str(exe), str(SOURCE)], check=True)
    return exe


def load_table() -> dict[str, Any]:
    if TABLE.exists():
        loaded: dict[str, Any] = json.loads(TABLE.read_text())
        return loaded
    return {
        "about": (
            f"Elephant Run's start squares with best play, {FARMERS} farmers, compound moves "
            "off: the points the elephant forces from each start square against every farmers' "
            "placement, counted up to 12 so every points target 8-12 is answered (the elephant wins "
            "with target T exactly when elephant_points >= T). 'placement' is a farmers' placement "
            "that holds the elephant to that many. Proved by docs/solver/er_solve.c (the start "
            "procedure) and each placement re-proved with a fresh table; squares not yet proved are "
            "absent. Written by docs/solver/start_table.py."
        ),
        "farmers": FARMERS,
        "compound": False,
        "cap": CAP,
        "target": TARGET,
        "squares": {},
    }


def save_table(table: dict[str, Any]) -> None:
    table["squares"] = dict(sorted(table["squares"].items(), key=lambda kv: square_index(kv[0])))
    tmp = TABLE.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(table, indent=1) + "\n")
    tmp.replace(TABLE)


def log(line: str) -> None:
    with LOG.open("a") as out:
        out.write(line.rstrip("\n") + "\n")


def check(exe: Path, bits: int, sq: int, farmers: int, k: int) -> tuple[bool, int, float]:
    """A fresh table's answer to "does the elephant on ``sq`` force ``k`` against ``farmers``?"."""
    done = subprocess.run(
        [str(exe), "-b", str(bits), "check", str(sq), str(farmers), str(k)],
        capture_output=True,
        text=True,
        check=True,
    )
    fields = done.stdout.split()
    log(f"  {done.stdout.strip()}")
    return (
        fields[fields.index("->") + 1] == "1",
        int(fields[fields.index("nodes") + 1]),
        float(fields[fields.index("cpu") + 1]),
    )


def python_check(sq: int, farmers: int, value: int) -> bool:
    """The Python solver's word on the same placement (game.elephant_run.table_check): the elephant
    forces ``value`` against it and, below the cap, not ``value + 1``."""
    from game.elephant_run.table_check import check_placement

    placement = [square_name(s) for s in range(24) if farmers >> s & 1]
    result = check_placement(square_name(sq), placement, value, False, FARMERS, cap=CAP)
    log(
        f"  python check {square_name(sq)} {value}: holds {result.holds}, "
        f"{result.nodes} nodes, {result.seconds:.1f} s"
    )
    return result.holds


def solve_square(exe: Path, bits: int, name: str, use_python: bool) -> dict[str, Any] | None:
    sq = square_index(name)
    log(
        f"# {time.strftime('%Y-%m-%d %H:%M:%S')} start {name}: "
        f"nice -n 19 er_solve -b {bits} start {sq} {FARMERS} {CAP}"
    )
    proc = subprocess.Popen(
        [str(exe), "-b", str(bits), "start", str(sq), str(FARMERS), str(CAP)],
        stdout=subprocess.PIPE,
        text=True,
    )

    def stop(signum: int, _frame: object) -> None:  # a killed driver takes its solver with it
        proc.terminate()
        log(f"# {time.strftime('%Y-%m-%d %H:%M:%S')} stopped (signal {signum}) while solving {name}")
        sys.exit(1)

    signal.signal(signal.SIGTERM, stop)
    result = None
    assert proc.stdout is not None
    for line in proc.stdout:
        log(line)
        if line.startswith("RESULT"):
            result = line.split()
    proc.wait()
    if proc.returncode != 0 or result is None:
        log(f"# {name}: the tool stopped (exit {proc.returncode}) without a result")
        return None
    value = int(result[2])
    nodes = int(result[result.index("nodes") + 1])
    seconds = float(result[result.index("cpu") + 1])
    entry: dict[str, Any] = {
        "elephant_points": value,
        "winner": "elephant" if value >= TARGET else "farmers",
        "nodes": nodes,
        "cpu_seconds": seconds,
    }
    if value < CAP:
        farmers = int(result[4])
        holds, n1, _ = check(exe, min(bits, 27), sq, farmers, value + 1)
        forces, n2, _ = check(exe, min(bits, 27), sq, farmers, value)
        if holds or not forces:
            log(
                f"# {name}: the placement did NOT re-prove "
                f"(forces {value + 1}: {holds}, forces {value}: {forces})"
            )
            return None
        entry["placement"] = [square_name(s) for s in range(24) if farmers >> s & 1]
        entry["check_nodes"] = n1 + n2
        if use_python:
            entry["python_checked"] = python_check(sq, farmers, value)
    log(f"# {time.strftime('%Y-%m-%d %H:%M:%S')} {name}: {json.dumps(entry)}")
    return entry


def mirrored_entry(entry: dict[str, Any], which: int) -> dict[str, Any]:
    out = dict(entry)
    if "placement" in entry:
        out["placement"] = sorted(
            (square_name(mirrors(square_index(s))[which]) for s in entry["placement"]), key=square_index
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bits", type=int, default=29, help="log2 of the table's entries (8 bytes each)")
    parser.add_argument("--squares", default=",".join(ORDER))
    parser.add_argument(
        "--python", action="store_true", help="also check each placement with the Python solver"
    )
    parser.add_argument(
        "--farmers", type=int, default=6, choices=(5, 6, 7), help="the option family (compound moves off)"
    )
    args = parser.parse_args()
    global FARMERS, TABLE, LOG
    FARMERS = args.farmers
    if FARMERS != 6:  # the default family keeps the file name it was first shipped under
        TABLE = TABLE.with_name(f"start_table_{FARMERS}f_off.json")
        LOG = RUNS / f"start_{FARMERS}f_off.log"
    RUNS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.squares.split(","):
            table = load_table()
            if name in table["squares"]:
                continue
            exe = build(Path(tmp))  # per square: a long run picks up the source's latest state
            entry = solve_square(exe, args.bits, name, args.python)
            if entry is None:
                continue
            table = load_table()
            for which, sq in enumerate(mirrors(square_index(name))):
                table["squares"][square_name(sq)] = mirrored_entry(entry, which) | (
                    {"solved_as": name} if which else {}
                )
            save_table(table)


if __name__ == "__main__":
    main()
