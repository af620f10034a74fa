"""Elasta: both players secretly allot chips 0-7 to the eight files; the higher chip pushes the
Battle Line, and a rubber band keeps neighbouring sticks at most two ranks apart.

The package exposes :data:`GAME` for the register; the rules live in :mod:`.rules`, the computer
player in :mod:`.ai`, fixed sparring opponents for measuring it in :mod:`.sparring`.
"""

from __future__ import annotations

from game.core import Credit, GameInfo, GameState
from game.elasta.ai import ai as _ai
from game.elasta.greedy import elasta_move as greedy_move
from game.elasta.rules import (
    BLACK,
    GAME_ID,
    OPTIONS,
    PLAYERS,
    WHITE,
    ElastaState,
    TurnReport,
    new_state,
    resolve_turn,
)

SUMMARY = "Deal chips in secret to push the battle line; a rubber band pulls it back."

RULES_HELP = """\
The board is 8 files (A-H) by 8 ranks. White sits at rank 1, Black at rank 8. Each file has a stick; \
together the eight sticks form the Battle Line, which starts between ranks 4 and 5.

A turn
- Both players secretly give each file one of their chips 0-7, every chip exactly once.
- Reveal: in each file the higher chip pushes the stick one square toward the loser. Equal chips \
do nothing, and the size of the difference does not matter.
- Rubber band: neighbouring sticks may be at most two squares apart. Wherever a gap is larger, \
both sticks of that pair are pulled one square toward each other, all at once, and this repeats \
until every gap is two or less. A stick pulled both ways stays put; a stick pulled twice the same \
way still moves only one square.
- End: if, after the band, a stick lies on a player's ground line, that player loses (both at \
once: a draw). A stick that touched the edge but was pulled back does not count.

After 300 turns with no winner the game is a draw.

Token variant (option)
After each turn, each player deletes one square of their own territory with a token (20 each). A \
push moves the stick past one non-deleted square plus any deleted squares on the way, and a player \
loses as soon as some file has no non-deleted square left on their side. The band still measures \
real ranks.

Notation
An allotment is eight digits, the chips for files A to H: 05172463. A joint turn is White's and \
Black's allotments, 05172463/47203165. A token is a square such as c2, or - for none.
"""


def bench_states() -> list[GameState]:
    """Fixed positions for timing the AI: the start, a bent line, a line near each ground line and
    a token-variant middle game."""
    start = ElastaState()
    return [
        start,
        ElastaState((2, 2, 4, 5, 3, 4, 4, 3), turn=2),
        ElastaState((1, 2, 3, 3, 2, 1, 2, 3), turn=20),
        ElastaState((6, 7, 7, 5, 6, 7, 5, 4), turn=20),
        ElastaState(
            (3, 4, 5, 6, 5, 4, 3, 2),
            tokens=True,
            turn=10,
            deleted=(1 << 0) | (1 << 9) | (1 << 63) | (1 << 54),
            tokens_left=(18, 18),
        ),
    ]


def _styles() -> tuple[object, ...]:
    """The gauntlet's styles (game/elasta/styles.py), imported only when a gauntlet asks."""
    from game.elasta.styles import styles

    return styles()


GAME = GameInfo(
    id=GAME_ID,
    title="Elasta",
    players=PLAYERS,
    summary=SUMMARY,
    options=OPTIONS,
    factory=new_state,
    ai=_ai,
    simultaneous=True,
    rules_help=RULES_HELP,
    credit=Credit(
        designers=("Michail Antonow",),
        year=2003,
        publisher=None,
        source="the designer's rules, published on About.com as an entry in its 2003 Simultaneous "
        "Movement Game Design Competition",
        source_licence="© 2003 Michail Antonow",
    ),
    bench_states=bench_states,
    greedy=greedy_move,
    styles=_styles,
    level_notes={
        "easy": "places its chips sensibly but misjudges which files matter most",
        "normal": "learns how you tend to place your chips and answers it",
        "hard": "learns your habits, guesses how you read it, looks a turn further",
    },
)

__all__ = ["BLACK", "GAME", "WHITE", "ElastaState", "TurnReport", "resolve_turn"]
