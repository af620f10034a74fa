"""Re-proving the start table's farmers' placements with the Python solver (issue #31).

The start table (:mod:`.starts`, ``start_table.json``) claims, for each start square, that the
elephant forces ``V`` points against every farmers' placement (counted up to the table's cap) and
ships one placement that holds it to ``V``. The first half was proved once by the compiled tool in
``docs/solver/`` (the minimum over all 100 947 placements, hours of C); the second half is a single
position per square and is what this module re-proves, in Python, with :class:`.solver.Solver`:

    against the shipped placement, the elephant on the square and to move (every tile present,
    nothing scored), the elephant forces at least ``V`` points and does not force ``V + 1``.

``holds`` is exactly that (for ``V`` at the cap only the first half: the table counts no further).
Together with "V against every placement" it makes the placement a best one and ``V`` the square's
value; a wrong placement or a wrong ``V`` fails here. One square per mirror class is searched (the
board's two mirrors map a start and its placement onto the other three squares of the class), and
every other square of the class is checked to be that image, or else searched too.

``check_table_lines`` is the text of ``python -m game solve elephant-run --check-table``.
Figures (nodes and CPU seconds per square) are in ``docs/solver/README.md``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from game.elephant_run import starts
from game.elephant_run.board import FULL, square_index
from game.elephant_run.rules import SIDE_ELEPHANT
from game.elephant_run.solver import OutOfBudget, Solver

FAMILIES: tuple[tuple[int, bool], ...] = tuple((f, c) for c in (False, True) for f in (5, 6, 7))
"""Every option family a start table may exist for: (farmers, compound)."""


@dataclass(frozen=True)
class CheckResult:
    """One placement re-proved (or not): ``holds`` is True exactly when, the elephant on
    ``square`` to move against ``placement``, it forces at least ``points`` and (unless ``points``
    is the table's cap) not ``points + 1``. ``nodes`` and ``seconds`` (CPU) are the search's cost;
    ``out_of_budget`` says the node budget ran out first (then ``holds`` is False: not proved)."""

    square: str
    placement: tuple[str, ...]
    points: int
    holds: bool
    nodes: int
    seconds: float
    forces: bool | None = None
    """The elephant forces ``points`` (None: not settled, budget)."""
    exceeds: bool | None = None
    """The elephant forces ``points + 1`` (None: not asked, at the cap, or budget)."""
    out_of_budget: bool = False
    covers: tuple[str, ...] = ()
    """The mirror squares whose table entry is this one's image (checked with it)."""

    def line(self) -> str:
        """One line of the ``--check-table`` report."""
        where = f"{self.square} ({', '.join(self.placement)})"
        mirrors = f" [and {', '.join(self.covers)} by mirror]" if self.covers else ""
        cost = f"{self.nodes:,} nodes, {self.seconds:.1f} s"
        if self.out_of_budget:
            return f"NOT PROVED {where}: node budget spent after {cost}{mirrors}"
        if self.holds:
            return f"ok {where}: the elephant forces {self.points}, not more; {cost}{mirrors}"
        found = (
            f"the elephant does not force {self.points}"
            if not self.forces
            else f"the elephant forces {self.points + 1} or more"
        )
        return f"FAILED {where}: {found}; {cost}{mirrors}"


def _mask(placement: tuple[str, ...] | list[str]) -> int:
    return sum(1 << square_index(name) for name in placement)


def check_placement(
    square: str,
    placement: tuple[str, ...] | list[str],
    points: int,
    compound: bool = False,
    n_farmers: int = 6,
    *,
    cap: int | None = None,
    budget: int | None = None,
) -> CheckResult:
    """Re-prove one claim: the elephant on ``square`` (to move, every tile present) forces at
    least ``points`` against the farmers on ``placement`` and not ``points + 1``; with ``cap`` and
    ``points >= cap`` only the first half (a table counted up to ``cap`` claims no more).

    ``budget`` bounds the nodes of the whole check (``None``: unlimited); past it the result is
    ``out_of_budget`` and does not hold. Raises ValueError for a malformed placement."""
    placed = tuple(placement)
    e = square_index(square)
    farmers = _mask(placed)
    if len(placed) != n_farmers or farmers.bit_count() != n_farmers or farmers >> e & 1:
        raise ValueError(f"{placed} is not {n_farmers} distinct squares besides {square}")
    solver = Solver(compound)
    start = time.process_time()
    forces: bool | None = None
    exceeds: bool | None = None
    try:
        # The farmers' half first: it is the costly one, and its memo makes the other cheap.
        if cap is None or points < cap:
            solver.budget = budget
            exceeds = solver.at_least(FULL, farmers, e, SIDE_ELEPHANT, points + 1)
        solver.budget = None if budget is None else max(0, budget - solver.nodes)
        forces = solver.at_least(FULL, farmers, e, SIDE_ELEPHANT, points)
        spent = False
    except OutOfBudget:
        spent = True
    seconds = time.process_time() - start
    return CheckResult(
        square=square,
        placement=placed,
        points=points,
        holds=not spent and bool(forces) and not exceeds,
        nodes=solver.nodes,
        seconds=seconds,
        forces=forces,
        exceeds=exceeds,
        out_of_budget=spent,
    )


def _image(value: starts.StartValue, which: int) -> tuple[int, int]:
    """The (square, placement mask) of ``value`` under mirror ``which`` (0: itself)."""
    return (
        square_index(starts.mirrors(value.square)[which]),
        sum(1 << square_index(starts.mirrors(name)[which]) for name in value.placement),
    )


def plan(table: starts.StartTable) -> list[tuple[starts.StartValue, list[str]]]:
    """The squares to search, each with the squares its result covers by mirror: one per mirror
    class, plus any square whose entry is not the mirror image of its class's searched one."""
    chosen: list[tuple[starts.StartValue, list[str]]] = []
    for name, value in table.squares.items():
        for searched, covers in chosen:
            images = starts.mirrors(searched.square)
            if name in images:
                which = images.index(name)
                if value.points == searched.points and _image(searched, which) == (
                    square_index(name),
                    _mask(value.placement),
                ):
                    covers.append(name)
                    break
        else:
            chosen.append((value, []))
    return chosen


def check_table(
    family: tuple[int, bool] = starts.DEFAULT_FAMILY,
    *,
    budget: int | None = None,
    echo: Callable[[CheckResult], None] | None = None,
) -> list[CheckResult]:
    """Re-prove every placement of the family's shipped table, one square per mirror class (see
    :func:`plan`); empty when the family has no table. ``budget`` bounds each square's nodes;
    ``echo`` is told each result as it comes (a whole table takes minutes)."""
    farmers, compound = family
    table = starts.table(farmers, compound)
    if table is None:
        return []
    results = []
    for value, covers in plan(table):
        result = check_placement(
            value.square, value.placement, value.points, compound, farmers, cap=table.cap, budget=budget
        )
        result = replace(result, covers=tuple(covers))
        if echo is not None:
            echo(result)
        results.append(result)
    return results


def _families(options: Mapping[str, str]) -> list[tuple[int, bool]]:
    """The families ``options`` names: all six unless farmers or compound is given."""
    found = list(FAMILIES)
    if "farmers" in options:
        found = [f for f in found if f[0] == int(options["farmers"])]
    if "compound" in options:
        found = [f for f in found if f[1] == (options["compound"] == "on")]
    return found


def check_table_lines(
    options: Mapping[str, str], echo: Callable[[str], None] | None = None
) -> tuple[bool, list[str]]:
    """``python -m game solve elephant-run --check-table``: re-prove every shipped placement of
    every family (or only those ``options`` name: ``farmers``, ``compound``); a family without a
    table is reported open, not failed. Returns (every claim re-proved, the report's lines);
    ``echo`` is given each line as soon as it is known."""
    lines: list[str] = []

    def say(line: str) -> None:
        lines.append(line)
        if echo is not None:
            echo(line)

    ok = True
    checked = 0
    for farmers, compound in _families(options):
        title = f"{farmers} farmers, compound moves {'on' if compound else 'off'}"
        table = starts.table(farmers, compound)
        if table is None:
            say(f"{title}: no start table shipped (the family is open)")
            continue
        say(f"{title}: {len(table.squares)} of 24 squares in the table, cap {table.cap}")
        start = time.process_time()
        results = check_table((farmers, compound), echo=lambda r: say("  " + r.line()))
        ok = ok and all(r.holds for r in results)
        checked += sum(1 + len(r.covers) for r in results)
        nodes = sum(r.nodes for r in results)
        say(f"  {title}: {nodes:,} nodes, {time.process_time() - start:.1f} CPU s")
    say(
        f"every shipped placement re-proved ({checked} squares)"
        if ok
        else "SOME CLAIMS DID NOT RE-PROVE (see above)"
    )
    return ok, lines


def main() -> None:  # pragma: no cover - a convenience until the CLI flag is wired
    import sys

    options = dict(arg.split("=", 1) for arg in sys.argv[1:])
    ok, _lines = check_table_lines(options, echo=lambda line: print(line, flush=True))
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":  # pragma: no cover
    main()
