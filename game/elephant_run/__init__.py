"""Elephant Run: one hungry elephant against a band of farmers on a field of vanishing tiles.

The package exposes :data:`GAME` for the register; the rules live in :mod:`.rules`, the computer
player in :mod:`.ai`.
"""

from __future__ import annotations

from dataclasses import replace

from game.core import CC_BY_SA_4, Credit, GameInfo, GameState
from game.elephant_run.ai import ai
from game.elephant_run.badge import BADGE
from game.elephant_run.greedy import elephant_run_move as greedy_move
from game.elephant_run.rules import (
    ELEPHANT,
    FARMERS,
    GAME_ID,
    OPTIONS,
    PLAYERS,
    ElephantRunState,
    new_state,
    perft,
    square_index,
    square_name,
)
from game.elephant_run.solver import report as solve_report
from game.elephant_run.starts import START_VALUES, solved_paragraph
from game.elephant_run.table_check import check_table_lines

SUMMARY = "An elephant eats the field tile by tile; farmers must hem it in."

RULES_HELP = """\
The field is a grid of 24 tiles, files a-f and ranks 1-4. One player is the elephant, the other \
commands the farmers (6 by default).

Setup
- The elephant puts its pawn on any tile.
- Then the farmers put all their farmers on other tiles, one per tile.
- The starting tile is not eaten.

Turns
The elephant moves first, then the farmers move one farmer, and so on. A vacant tile is a tile \
that is still there and has nobody on it.
- Step: any piece may move one square in any of the eight directions onto a vacant tile. When the \
elephant steps, it eats that tile: the tile is removed and the elephant stands in the hole.
- Jump: any piece may leap over a neighbouring farmer onto the vacant tile straight behind it. If \
the elephant jumps, the farmer is trampled and taken off; the landing tile is not eaten. A farmer \
jumping a farmer just moves fast. Nobody may jump the elephant, and only one jump per move.
- Run: a farmer may dash in a straight line across one or more holes and stop on the first tile \
beyond them, which must be vacant. A run cannot pass the elephant.
- The farmers may pass only when no farmer can move at all.

Scoring and the end
Every eaten tile and every trampled farmer is one point for the elephant. The elephant wins as soon \
as it reaches its target (10 points by default). The farmers win if the elephant is stuck with no \
move when its turn begins (this can happen on its very first turn: a corner start is a trap), or if \
the game ends some other way first: every tile eaten or every farmer taken, short of the target.

Every elephant move scores, so the farmers race to close it in. Holes help them: farmers run \
across holes, the elephant cannot.

Options
- Points the elephant needs: 8 to 12.
- Number of farmers: 5, 6 or 7.
- Compound moves: when on, a farmer may make one run and one jump in the same move, in either \
order, stopping in between on a vacant tile. Write it with the middle square: a1-c3-c5.

Notation
Placements are written @c2 and @a1,b3,c4,d1,e2,f4; moves are from-to such as c2-d3; pass is \
written pass.

""" + solved_paragraph()


def bench_states() -> list[GameState]:
    """Fixed, varied positions for timing the AI: setup, opening, middle and end game, each option."""
    base = ElephantRunState.from_options({})
    placed = base.apply((square_index("c2"),))
    states: list[GameState] = [
        placed,
        ElephantRunState.from_position("c2", ["a1", "b3", "c4", "d1", "e2", "f4"]),
        ElephantRunState.from_position(
            "d3", ["b2", "c4", "d1", "e4", "f2", "f3"], holes=["c2"], to_move=FARMERS
        ),
        ElephantRunState.from_position("c3", ["a3", "b1", "c1", "d4", "e2", "f3"], holes=["c2", "d2", "d3"]),
        ElephantRunState.from_position(
            "d2", ["b2", "b4", "c4", "e4", "f1"], holes=["c3", "d3", "e3", "e2"], to_move=FARMERS, n_farmers=6
        ),
        ElephantRunState.from_position(
            "b3",
            ["a1", "a4", "c1", "d2", "d4", "e3"],
            holes=["c2", "c3", "b2", "d3", "e2", "f2"],
            to_move=ELEPHANT,
        ),
        ElephantRunState.from_position(
            "e2",
            ["b1", "c3", "d4", "f4", "a2"],
            holes=["c2", "d2", "d3", "e3", "e1", "f1", "b3"],
            to_move=FARMERS,
            n_farmers=6,
        ),
        ElephantRunState.from_position("c2", ["a2", "b4", "d1", "e3", "f2"], target=8, n_farmers=5),
        ElephantRunState.from_position(
            "d3",
            ["a1", "b2", "c4", "e1", "e4", "f2", "f3"],
            holes=["d2"],
            to_move=FARMERS,
            target=12,
            n_farmers=7,
        ),
        ElephantRunState.from_position(
            "c3",
            ["a1", "b1", "d4", "e2", "f3", "f1"],
            holes=["c2", "b3", "d2"],
            to_move=FARMERS,
            compound=True,
        ),
        ElephantRunState.from_position(
            "d2", ["a4", "b2", "c4", "e4", "f1", "f3"], holes=["c3", "d3", "e3", "c2"], compound=True
        ),
    ]
    return states


def _styles() -> tuple[object, ...]:
    """The gauntlet's styles (game/elephant_run/styles.py), imported only when a gauntlet asks."""
    from game.elephant_run.styles import styles

    return styles()


GAME = GameInfo(
    id=GAME_ID,
    title="Elephant Run",
    players=PLAYERS,
    summary=SUMMARY,
    options=OPTIONS,
    factory=new_state,
    ai=ai,
    simultaneous=False,
    rules_help=RULES_HELP,
    credit=Credit(
        designers=("Jim Adams", "Amy Enge"),
        year=2004,
        publisher=None,
        source="the designers' rules for the piecepack, version 1.2 of 29 October 2004",
        source_licence="CC BY-SA 4.0",
        attribution="“Elephant Run”, version 1.2 (29 October 2004), by Jim Adams and Amy Enge, "
        f"licensed under CC BY-SA 4.0 ({CC_BY_SA_4})",
    ),
    bench_states=bench_states,
    position_factory=ElephantRunState.from_text,
    perft=perft,
    solve_report=solve_report,
    greedy=greedy_move,
    solved_badge=BADGE,
    start_values=replace(START_VALUES, check=check_table_lines),
    styles=_styles,
    level_notes={
        "easy": "looks one move ahead as the elephant and misses some chances",
        "normal": "looks four or five moves ahead; a patient plan beats it",
        "hard": "reads as deep as it can and plays the last moves perfectly",
    },
)

__all__ = ["ELEPHANT", "FARMERS", "GAME", "ElephantRunState", "square_index", "square_name"]
