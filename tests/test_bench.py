"""The bench's think-time figures (game/bench.py): what ``python -m game bench`` prints per level,
the figures the AI tests no longer time. Checked with a stand-in AI, so no clock decides anything."""

from __future__ import annotations

from typing import Any

from game.bench import ThinkFigures, seconds_of, think_figures, think_table


class Stand:
    """A position with one player to move."""

    def to_move(self) -> tuple[str, ...]:
        return ("first",)


def test_think_figures_gather_every_move_and_the_searchs_report() -> None:
    stats: dict[str, Any] = {}
    calls: list[tuple[str, int]] = []

    def choose(state: Any, player: str, level: str, seed: int) -> str:
        calls.append((level, seed))
        if level != "easy":  # easy reports nothing, as a beginner's look does not search
            stats.update(depth={"normal": 2, "hard": 6}[level], nodes=1000)
        return "move"

    figures = think_figures(
        [Stand(), Stand()],
        ["easy", "normal", "hard"],
        choose,
        {"easy": 0.25, "normal": 0.8, "hard": 2.5},
        stats,
    )
    assert calls == [("easy", 0), ("easy", 1), ("normal", 0), ("normal", 1), ("hard", 0), ("hard", 1)]
    easy, normal, hard = figures
    assert (easy.level, easy.budget, easy.depth, easy.nodes_per_second) == ("easy", 0.25, None, None)
    assert (normal.depth, hard.depth) == (2.0, 6.0) and hard.nodes_per_second and hard.nodes_per_second > 0
    assert 0 <= hard.median <= hard.worst and hard.over == 0.0


def test_the_table_says_how_far_over_the_budget_the_slowest_move_went() -> None:
    lines = think_table(
        [ThinkFigures("hard", 2.5, 2.1, 2.75, 5.0, 90_000.0), ThinkFigures("easy", 0.25, 0.01, 0.02)]
    )
    assert lines[0].split() == ["level", "budget", "median", "max", "over", "depth", "nodes/s"]
    assert lines[1].split() == ["hard", "2.50s", "2.100s", "2.750s", "0.250s", "5.0", "90,000"]
    assert lines[2].split() == ["easy", "0.25s", "0.010s", "0.020s", "0.000s", "-", "-"]
    assert seconds_of(lambda: None) >= 0
