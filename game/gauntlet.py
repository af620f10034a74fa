"""The gauntlet: every style of play a person might adopt (:mod:`game.styles`) against every level,
both sides, and what it says about each level — its score against each style, and its worst score,
which is its weakness: a player who finds that style wins there.

The games are ladder games (:mod:`game.ladder`): a style sits in a seat named ``style:<name>``, so
the same runner, the same files (``--json``, merged with ``--merge``) and the same Wilson intervals
serve both. The table is read from the level's side.

The bars (issue #30): against every style hard scores at least 90 %, normal 75 %, easy 40 %, and
hard ≥ normal ≥ easy against each style.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from game.core import GameInfo
from game.ladder import GameJob, PairSummary
from game.styles import SEAT_PREFIX, style_named, styles_for

BARS: dict[str, float] = {"easy": 0.40, "normal": 0.75, "hard": 0.90}
"""The least each level must score against every style."""


def gauntlet_jobs(
    info: GameInfo, levels: Sequence[str], n: int, seed: int, only: Sequence[str] | None = None
) -> list[GameJob]:
    """``n`` games of every style (or the ``only`` ones) against every level in ``levels``, sides
    alternating; the level sits in seat A so the figures are the level's."""
    styles = [style_named(info, name) for name in only] if only else list(styles_for(info))
    if not styles:
        raise ValueError(f"{info.title} has no styles for a gauntlet yet")
    return [
        GameJob(info.id, {}, index, level, SEAT_PREFIX + style.name, seed)
        for level in levels
        for style in styles
        for index in range(n)
    ]


def gauntlet_table(info: GameInfo, summaries: Sequence[PairSummary]) -> str:
    """Per style, each level's score and 95 % interval; then each level's worst style, and whether
    the bars hold."""
    rows = [s for s in summaries if s.b.startswith(SEAT_PREFIX)]
    levels = [lv for lv in ("easy", "normal", "hard") if any(s.a == lv for s in rows)]
    styles = list(dict.fromkeys(s.b.removeprefix(SEAT_PREFIX) for s in rows))
    lines = {style.name: style.line for style in styles_for(info)}
    by = {(s.a, s.b.removeprefix(SEAT_PREFIX)): s for s in rows}
    width = max([len(name) for name in styles] + [5])
    header = f"{'style':<{width}}  " + "".join(f"{level:>24}" for level in levels)
    out = [
        f"{info.title}: the levels' score against each style (W-D-L, score, 95 % interval)",
        header,
        "-" * len(header),
    ]
    for name in styles:
        cells = []
        for level in levels:
            s = by.get((level, name))
            if s is None:
                cells.append(f"{'-':>24}")
                continue
            low, high = s.interval
            cells.append(f"{f'{s.wins}-{s.draws}-{s.losses} {s.score:.0%} ({low:.0%}-{high:.0%})':>24}")
        out.append(f"{name:<{width}}  " + "".join(cells))
    out.append("")
    for name in styles:
        out.append(f"  {name}: {lines.get(name, '')}")
    out.append("")
    for level in levels:
        mine = [s for s in rows if s.a == level]
        worst = min(mine, key=lambda s: s.score)
        bar = BARS.get(level, 0.0)
        held = "holds" if all(s.score >= bar for s in mine) else "FAILS"
        out.append(
            f"{level}: worst {worst.score:.0%} against {worst.b.removeprefix(SEAT_PREFIX)} "
            f"({worst.games} games); the bar of {bar:.0%} {held}"
        )
    order = _order_breaks(by, levels, styles)
    out.append(
        "order hard ≥ normal ≥ easy: "
        + ("holds against every style" if not order else "broken against " + ", ".join(order))
    )
    return "\n".join(out)


def _order_breaks(
    by: dict[tuple[str, str], PairSummary], levels: Sequence[str], styles: Sequence[str]
) -> list[str]:
    """The styles against which a lower level scored more than the one above it."""
    broken = []
    for name in styles:
        scores = [by[(lv, name)].score for lv in levels if (lv, name) in by]
        if any(low > high for low, high in itertools.pairwise(scores)):
            broken.append(name)
    return broken
