"""Nelaxtam: two armies invade a checkered island in secret, then destroy each other's territory
with simultaneous secret orders; territory no troop stands on is lost.

The package exposes :data:`GAME` for the register; the rules live in :mod:`.rules`, the computer
player in :mod:`.ai`.
"""

from __future__ import annotations

import random

from game.core import Credit, GameInfo, GameState
from game.nelaxtam.ai import ai as _ai
from game.nelaxtam.greedy import nelaxtam_move as greedy_move
from game.nelaxtam.rules import (
    BLACK,
    GAME_ID,
    OPTIONS,
    PLAYERS,
    WHITE,
    NelaxtamState,
    TurnReport,
    from_text,
    new_state,
    resolve,
)

SUMMARY = "Land troops in secret, then move and destroy at once to hold the most land."

RULES_HELP = """\
The board is a checkerboard (12×12 by default) and every square starts with a territory piece of \
its colour. Black owns the dark pieces (a1 is dark), White the light ones. Each player has five \
troops, numbered 1 to 5.

Invasion
- Both players secretly place all five troops on different squares of their own colour.
- Some troops come by sea (3 by default, an option): at least that many must stand on the board \
edge. The others come by air and may land anywhere on own territory.

Orders
Every turn both players secretly give each living troop one order:
- nothing;
- move one square diagonally, onto an own piece where no own troop stood at the start of the \
turn (two own troops may not move to the same square);
- destroy the enemy piece one square orthogonally away.

Resolution
1. All moves happen at once.
2. All destructions happen at once. A troop standing on a destroyed piece dies, but its own order \
still counts: two troops destroying each other's squares both die. A troop that moved onto a piece \
destroyed this turn dies; one that moved away in time survives.
3. Clean-up: dead troops leave the board, and every group of pieces (same colour, connected \
diagonally) on which no troop of its owner stands is removed.

End
The game ends when no troop can ever destroy again: no troop's group touches an enemy piece \
orthogonally. It also ends after 20 turns in a row without a destroyed piece, or after 300 turns. \
Each player scores the pieces they still control; more wins, equal is a draw.

Quiet variant (option)
Each turn a player gives an order to at most one troop.

Notation
An invasion lists the squares of troops 1 to 5: a1,c1,l4,e6,f7. Orders are troop number plus \
order, comma-separated: 1ne,2xs,4- (ne/nw/se/sw move, xn/xe/xs/xw destroy, - nothing; a troop left \
out does nothing). A joint turn is Black's part, then White's: 1ne,2xs/3-,5xw.
"""


def _played(options: dict[str, str], turns: int, seed: int) -> NelaxtamState:
    """A position reached by seeded random play (invasion included), for benchmarks."""
    rng = random.Random(seed)
    state = new_state(options)
    for _ in range(turns):
        if state.over:
            break
        state = state.apply_turn({p: state.random_move(p, rng) for p in state.to_move()})
    return state


def bench_states() -> list[GameState]:
    """Fixed positions for timing the AI: the invasion, openings and middle games on each board size,
    the quiet variant, and a late game with broken territory."""
    return [
        new_state({}),
        _played({}, 1, 1),
        _played({}, 6, 2),
        _played({}, 14, 3),
        _played({"size": "8"}, 5, 4),
        _played({"size": "14"}, 8, 5),
        _played({"quiet": "on"}, 10, 6),
        _played({"size": "10"}, 18, 7),
    ]


def _styles() -> tuple[object, ...]:
    """The gauntlet's styles (game/nelaxtam/styles.py), imported only when a gauntlet asks."""
    from game.nelaxtam.styles import styles

    return styles()


GAME = GameInfo(
    id=GAME_ID,
    title="Nelaxtam",
    players=PLAYERS,
    summary=SUMMARY,
    options=OPTIONS,
    factory=new_state,
    ai=_ai,
    simultaneous=True,
    rules_help=RULES_HELP,
    credit=Credit(
        designers=("Jorge Gómez Arrausi",),
        year=2003,
        publisher=None,
        source="the designer's rules",
        source_licence="© 2003 Jorge Gómez Arrausi",
    ),
    bench_states=bench_states,
    position_factory=from_text,
    greedy=greedy_move,
    styles=_styles,
    level_notes={
        "easy": "orders each troop on its own, like a beginner",
        "normal": "plans one turn at a time; sees troops in danger and parts left hanging",
        "hard": "plans two turns ahead and sees the parts you leave hanging",
    },
)

__all__ = ["BLACK", "GAME", "WHITE", "NelaxtamState", "TurnReport", "from_text", "resolve"]
