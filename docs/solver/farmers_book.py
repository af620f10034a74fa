"""Build the farmers' book: a winning reply to every elephant move, from each proved placement down
to positions the game's own solver settles (issue #31, "hard never gives a won game away").

For each class of start square of the start table (game/elephant_run/start_table.json) where the
proved placement holds the elephant below the target, the book walks every line the elephant can
choose. At each farmers' turn it keeps the first farmers' move (ordered as hard orders them: the
fewest elephant moves after it) after which the elephant can *not* force the points it still needs,
asked of docs/solver/er_solve.c in its `query` mode (one long-lived process, one shared table). The
walk stops where the elephant needs at most ``--stop`` points: from there the game's Python solver
answers within hard's budget. Positions are stored as found (the elephant's start squares of a
class are mirrors of each other, so the game maps a position onto the class's square by the
board's mirrors before it looks).

    nice -n 10 .venv/bin/python docs/solver/farmers_book.py [--stop 5] [--bits 28] [--squares c2,...]

Writes game/elephant_run/farmers_book.json (small: a few thousand moves). Only reads
game.elephant_run (square names and move generation, the same as the rules').
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.elephant_run.board import (  # noqa: E402
    FULL,
    NO_SQUARE,
    SIZE,
    elephant_moves,
    farmer_moves,
    square_index,
    square_name,
)

SOURCE = ROOT / "docs" / "solver" / "er_solve.c"
TABLE = ROOT / "game" / "elephant_run" / "start_table.json"
BOOK = ROOT / "game" / "elephant_run" / "farmers_book.json"
CLASSES = ("a2", "b1", "c1", "b2", "c2")
"""One square of each class (the corner needs no book: the placement leaves the elephant no move)."""


class Oracle:
    """er_solve's query mode: "can the elephant, to move, force k more points?"."""

    def __init__(self, exe: Path, bits: int) -> None:
        self.process = subprocess.Popen(
            [str(exe), "-b", str(bits), "query"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.asked = 0

    def elephant_forces(self, tiles: int, farmers: int, e: int, k: int) -> bool:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{tiles} {farmers} {e} 0 {k}\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        self.asked += 1
        return line.split("->")[1].split()[0] == "1"

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


class Lost(Exception):
    """A farmers' position the book was asked to keep won has no move that keeps it: a bug."""


class Builder:
    def __init__(self, oracle: Oracle, n_farmers: int, target: int, stop: int) -> None:
        self.oracle = oracle
        self.n_farmers = n_farmers
        self.target = target
        self.stop = stop
        self.entries: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self.leaves = 0

    def points(self, tiles: int, farmers: int) -> int:
        return SIZE - tiles.bit_count() + self.n_farmers - farmers.bit_count()

    def farmers_node(self, tiles: int, farmers: int, e: int) -> None:
        need = self.target - self.points(tiles, farmers)
        if need <= self.stop:
            self.leaves += 1
            return
        key = (tiles, farmers, e)
        if key in self.entries:
            return
        moves = farmer_moves(tiles, farmers, e, False)
        if not moves:
            if self.oracle.elephant_forces(tiles, farmers, e, need):
                raise Lost(key)
            self.entries[key] = ()  # a forced pass
            self.elephant_node(tiles, farmers, e)
            return

        def room(move: tuple[int, ...]) -> int:
            after = farmers & ~(1 << move[0]) | (1 << move[-1])
            return len(elephant_moves(tiles, after, e))

        for move in sorted(moves, key=room):
            after = farmers & ~(1 << move[0]) | (1 << move[-1])
            if not self.oracle.elephant_forces(tiles, after, e, need):
                self.entries[key] = move
                self.elephant_node(tiles, after, e)
                return
        raise Lost(key)

    def elephant_node(self, tiles: int, farmers: int, e: int) -> None:
        for to, captured in elephant_moves(tiles, farmers, e):
            if captured == NO_SQUARE:
                child_tiles, child_farmers = tiles & ~(1 << to), farmers
            else:
                child_tiles, child_farmers = tiles, farmers & ~(1 << captured)
            if not child_farmers or self.points(child_tiles, child_farmers) >= self.target:
                if self.points(child_tiles, child_farmers) >= self.target:
                    raise Lost((tiles, farmers, e))
                continue
            self.farmers_node(child_tiles, child_farmers, to)


def build(out_dir: Path) -> Path:
    exe = out_dir / "er_solve"
    subprocess.run(["cc", "-O2", "-o", str(exe), str(SOURCE)], check=True)
    return exe


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--stop", type=int, default=5, help="stop where the elephant needs this many or fewer"
    )
    parser.add_argument("--bits", type=int, default=28)
    parser.add_argument("--target", type=int, default=10)
    parser.add_argument("--squares", default=",".join(CLASSES))
    args = parser.parse_args()
    table = json.loads(TABLE.read_text())
    n_farmers = table["farmers"]
    book: dict[str, Any] = {
        "about": (
            "Elephant Run, the farmers' book: from each proved placement of start_table.json, a "
            "farmers' move after every elephant line that keeps the elephant below the target, down "
            "to positions where it needs at most 'stop' points. Keys: 'tiles farmers elephant' "
            "(square bit masks, a1 = bit 0; the elephant's square), farmers to move; values: the "
            "move's squares (empty: a forced pass). Written by docs/solver/farmers_book.py."
        ),
        "farmers": n_farmers,
        "compound": False,
        "target": args.target,
        "stop": args.stop,
        "classes": {},
        "moves": {},
    }
    if BOOK.exists():
        book = json.loads(BOOK.read_text())
    with tempfile.TemporaryDirectory() as tmp:
        oracle = Oracle(build(Path(tmp)), args.bits)
        try:
            for name in args.squares.split(","):
                if name in book["classes"]:
                    continue
                entry = table["squares"][name]
                if entry["elephant_points"] >= args.target:
                    print(f"{name}: the elephant wins at {args.target}; no farmers' book", flush=True)
                    continue
                start = time.process_time()
                builder = Builder(oracle, n_farmers, args.target, args.stop)
                farmers = sum(1 << square_index(s) for s in entry["placement"])
                builder.elephant_node(FULL, farmers, square_index(name))
                for (tiles, farmer_mask, e), move in builder.entries.items():
                    book["moves"][f"{tiles} {farmer_mask} {e}"] = [square_name(sq) for sq in move]
                book["classes"][name] = {
                    "placement": entry["placement"],
                    "positions": len(builder.entries),
                    "leaves": builder.leaves,
                    "queries": oracle.asked,
                    "cpu_seconds_python": round(time.process_time() - start, 1),
                }
                print(f"{name}: {book['classes'][name]}", flush=True)
                tmp_path = BOOK.with_suffix(".json.tmp")
                tmp_path.write_text(json.dumps(book, separators=(",", ":")) + "\n")
                tmp_path.replace(BOOK)
        finally:
            oracle.close()


if __name__ == "__main__":
    main()
