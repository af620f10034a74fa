"""The compiled start solver (docs/solver/er_solve.c) against the Python solver.

The start table (game/elephant_run/start_table.json) rests on the C tool alone, so it must answer
"can the elephant force k more points?" exactly as ``Solver.at_least`` does. Positions come from
seeded random games of the default options (6 farmers, compound moves off), taken late enough that
the Python side answers each in a fraction of a second; every position is asked at its exact gain
(yes) and one above (no), so both answers are checked. Skipped when the machine has no C compiler.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

from game.elephant_run.rules import PHASE_PLAY, ElephantRunState
from game.elephant_run.solver import OutOfBudget, Solver

SOURCE = Path(__file__).resolve().parent.parent / "docs" / "solver" / "er_solve.c"
CAP = 5
"""Gains are counted up to here: a position with more to come says "yes" at CAP and is still a check."""

pytestmark = pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler on this machine")


@pytest.fixture(scope="module")
def tool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("er_solve") / "er_solve"
    subprocess.run(["cc", "-O2", "-o", str(out), str(SOURCE)], check=True, capture_output=True, timeout=120)
    return out


def late_positions(count: int, seed: int) -> list[ElephantRunState]:
    """Play-phase positions from seeded random games, a few moves before each game's end."""
    rng = random.Random(seed)
    out: list[ElephantRunState] = []
    while len(out) < count:
        state = ElephantRunState.from_options({})
        played: list[ElephantRunState] = []
        while not state.over:
            if state.phase == PHASE_PLAY:
                played.append(state)
            state = state._apply_unchecked(state.random_move(state.to_move()[0], rng))  # type: ignore[arg-type]
        if len(played) > 4:
            out.append(played[-rng.randint(2, min(len(played) - 1, 9))])
    return out


def python_questions(count: int, seed: int) -> list[tuple[int, int, int, int, int, bool]]:
    """At least ``count`` questions ``(tiles, farmers, elephant, side, k, answer)`` answered by the
    Python solver, two per position whose gain is under the cap."""
    questions: list[tuple[int, int, int, int, int, bool]] = []
    for state in late_positions(4 * count, seed):
        if len(questions) >= count:
            break
        solver = Solver(compound=False, budget=30_000)
        args = (state.tiles, state.farmers, state.elephant, state.side)
        try:
            gain = solver.gain(*args, CAP)
        except OutOfBudget:
            continue
        questions.append((*args, gain, True))
        if gain < CAP:
            questions.append((*args, gain + 1, False))
    return questions


@pytest.fixture(scope="module")
def questions() -> list[tuple[int, int, int, int, int, bool]]:
    return python_questions(40, seed=3101)


def ask(
    tool: Path, questions: list[tuple[int, int, int, int, int, bool]], switches: tuple[str, ...] = ()
) -> list[bool]:
    lines = "".join(f"{t} {f} {e} {s} {k}\n" for t, f, e, s, k, _ in questions)
    done = subprocess.run(
        [str(tool), "-b", "20", *switches, "query"],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    answers = [line.split("->")[1].split()[0] == "1" for line in done.stdout.splitlines()]
    assert len(answers) == len(questions)
    return answers


@pytest.mark.parametrize(
    "switches",
    [(), ("-m", "1"), ("-s", "0", "-e", "1", "-o", "1"), ("-o", "2", "-s", "6", "-c", "6"), ("-c", "0")],
    ids=["default", "mirror-keys", "no-static-bound", "history-first", "no-reply-test"],
)
def test_the_tool_agrees_with_the_python_solver(
    tool: Path, questions: list[tuple[int, int, int, int, int, bool]], switches: tuple[str, ...]
) -> None:
    """Every switch of the search (mirror keys, the static bound, the orderings) keeps the answers."""
    assert len(questions) >= 40
    expected = [answer for *_, answer in questions]
    assert True in expected and False in expected
    assert ask(tool, questions, switches) == expected


def test_a_fresh_table_per_question_gives_the_same_answers(tool: Path) -> None:
    """The shared table of the query mode must not change an answer: each question alone again."""
    questions = python_questions(12, seed=3102)
    for question in questions:
        assert ask(tool, [question]) == [question[-1]]


def test_a_corner_start_is_lost_at_once(tool: Path) -> None:
    """a1 against every placement: the start procedure must find the one placement that walls it in
    (its three neighbours and the three squares beyond them) and stop at cap 1."""
    done = subprocess.run(
        [str(tool), "-b", "20", "start", "0", "6", "3"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    result = [line for line in done.stdout.splitlines() if line.startswith("RESULT")]
    assert len(result) == 1
    fields = result[0].split()
    assert fields[1:3] == ["a1", "0"]
    assert sorted(fields[3].split(",")) == ["a2", "a3", "b1", "b2", "c1", "c3"]


def test_check_mode_answers_a_placement(tool: Path) -> None:
    """The walled-in corner scores nothing, and any other elephant start scores at least one point."""
    walled = sum(1 << sq for sq in (1, 2, 6, 7, 12, 14))  # b1, c1, a2, b2, a3, c3
    done = subprocess.run(
        [str(tool), "-b", "20", "check", "0", str(walled), "1"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert "-> 0" in done.stdout
    done = subprocess.run(
        [str(tool), "-b", "20", "check", "3", str(walled), "1"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert "-> 1" in done.stdout
