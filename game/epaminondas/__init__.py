"""Epaminondas (Robert Abbott, 1975): phalanxes of stones race to the far row on a 14 x 12 board.

The register entry: options, factories, the AI, fixed benchmark positions and the rules-speed
benchmark (move generation, make/unmake and perft timings, see ``python -m game bench epaminondas``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.bench import Position, engine_rates
from game.core import CC_BY_SA_4, Credit, GameInfo, GameState
from game.epaminondas import ai as ai_module
from game.epaminondas import board as B
from game.epaminondas.greedy import epaminondas_move as greedy_move
from game.epaminondas.rules import GAME_ID, OPTIONS, PLAYERS, EpaminondasState, fast_perft

BENCH_POSITIONS: tuple[str, ...] = (
    # 1. the opening position
    "BBBBBBBBBBBBBB/BBBBBBBBBBBBBB/............../............../............../............../"
    "............../............../............../............../WWWWWWWWWWWWWW/WWWWWWWWWWWWWW w",
    # 2. early: a white column marches up the m-file
    ".BBBBBBB.BBBBB/BBBBBBBB..BBBB/..B.....B...../........B...../........B...../............../"
    "...........W../...........W../...........W../............W./WWWWWWWWWWW.W./WWWWWWWWWWW.W. w",
    # 3. middlegame: White's wedge on the right is in contact, six captures on the board
    ".BBBBBBB.B..B./BBBBBBBBBB.BB./..B........WB./...........WW./........B..WW./........B..WW./"
    "........B..W../............../............../........W...../WWWWWWWWWW..../WWWWWWWWW..... w",
    # 4. middlegame, Black to move: White's b-file columns against Black's left
    ".B.BB..BBBBBBB/.BWBBB..BBBBBB/..W.B........./..WB........../.WW.........../.BW.........../"
    ".W............/.W............/............../............../...W...WWWWWWW/...W.WWWWWWWWW b",
    # 5. tactical: White has crossed at m12; Black must answer at once
    ".BBBBBBB....W./BBBBBB....BWW./..B........WW./............W./............../............../"
    "............../........B...../........B...../.......WB...../WWWWWW..BW..../WWWWW..W...... b",
    # 6. tactical: Black has crossed at j1, White must answer at once
    ".BB.....BBBBB./BBBBBB....BWW./..B........WW./............W./............../............../"
    "............../........B...../........B...../.......WB...../WWWWWW..W...../WWWWW..W.B.... w",
    # 7. endgame race: few stones, captures on both wings
    "........BBBBBB/.BBB.B...WW.W./.BBB.......W../............W./............../............../"
    "............../............../............../........W...../WWW....WW...../WWWWW..W...... w",
    # 8. endgame: White must answer the black stone on c1
    "....B......BB./....BBB....W../....B......W../...........W../..B.........../..B.........../"
    "............../............../W............./..........W.../..WB......W.WW/..BW.....WW.W. w",
)
"""Fixed positions for the AI benchmark (opening, middlegames, tactical races), as text forms."""


def bench_states() -> list[GameState]:
    return [EpaminondasState.from_text(text) for text in BENCH_POSITIONS]


def rules_bench(seconds: float) -> list[tuple[str, float]]:
    """Rates over the fixed positions: legal-move generation, make of every move (make/unmake is
    free on immutable int pairs: unmake is keeping the old pair), and perft 1-3 from the start."""
    states = [EpaminondasState.from_text(text) for text in BENCH_POSITIONS]
    positions = [(*s.own_opp(), s.side) for s in states]
    return engine_rates(
        seconds,
        positions,
        B.generate,
        _make_all,
        lambda depth: B.perft(B.START_WHITE, B.START_BLACK, B.WHITE, depth),
    )


def _make_all(position: Position, codes: Sequence[Any]) -> None:
    own, opp, _ = position
    for code in codes:
        B.make(own, opp, code)


RULES_HELP = """\
Epaminondas is played on a board of 14 files (a-n) and 12 ranks. White starts on ranks 1 and 2,
Black on ranks 11 and 12. Your home row is your back rank; you want to get stones onto your
opponent's home row. White moves first.

A phalanx is an unbroken straight line (file, rank or diagonal) of your stones; a lone stone is a
phalanx of one. To move, pick a direction and a stone: that stone and all your stones directly
in front of it in that direction move together, as far as the number of stones moved (a group of 3
may move 1, 2 or 3 squares). The squares the leading stone passes must be empty.

The leading stone may end on an enemy stone to capture it, together with the enemy stones directly
behind it in the same line, but only if that enemy line is shorter than your moving group. A lone
stone never captures, and capturing is never compulsory.

You may not move onto your opponent's home row if that leaves the board symmetric (option).

At the start of your turn you win if you have more stones on your opponent's home row than they
have on yours, so a crossing must be answered at once. You lose if you have no stones or no legal
move. The same position three times with the same player to move, or 200 plies without a capture,
is a draw. Moves are written from-to: the rearmost stone of the group and where it ends up
(a1-a3 moves the stones on a1 and a2 two squares up).
"""


def _styles() -> tuple[object, ...]:
    """The gauntlet's styles (game/epaminondas/styles.py), imported only when a gauntlet asks."""
    from game.epaminondas.styles import styles

    return styles()


GAME = GameInfo(
    id=GAME_ID,
    title="Epaminondas",
    players=PLAYERS,
    summary="Phalanxes of stones push across the board to reach the far row.",
    options=OPTIONS,
    factory=EpaminondasState.from_options,
    ai=ai_module.ai,
    rules_help=RULES_HELP,
    credit=Credit(
        designers=("Robert Abbott",),
        year=1975,
        publisher=None,
        source="the Wikipedia article “Epaminondas (game)”",
        source_licence="CC BY-SA 4.0",
        source_url="https://en.wikipedia.org/wiki/Epaminondas_(game)",
        attribution="“Epaminondas (game)” by Wikipedia contributors, "
        f"https://en.wikipedia.org/wiki/Epaminondas_(game), licensed under CC BY-SA 4.0 ({CC_BY_SA_4})",
    ),
    bench_states=bench_states,
    position_factory=EpaminondasState.from_text,
    perft=fast_perft,
    rules_bench=rules_bench,
    greedy=greedy_move,
    styles=_styles,
    level_notes={
        "easy": "guards its home and its stones; misses most captures further out",
        "normal": "sees its move, your reply and the captures after them",
        "hard": "reads several moves ahead in the middle game",
    },
)

__all__ = ["GAME", "EpaminondasState", "bench_states", "rules_bench"]
