"""What the opponent has given away so far in a game: hard's licence to trust its belief.

Why: a level that answers its opponent model plays an allotment that is a pure function of what
the model's samples share, and a player who learns the level's code samples the same belief and
answers it (issue #30's exploitability responder won 20 games of 20 from the plain reply). Mixing
the reply with the equilibrium by a fixed share halves what such a reader wins but also what a
weak player gives (hard scored 81-84 % against the one-ply sampler, where the plain reply scored
92 %). *Safe exploitation* (Ganzfried and Sandholm, 2015) settles the trade by evidence: each turn
the opponent's real allotment is scored against the mixture we played, one turn deeper, and what
it got less than the deep game's value is a *gift*. Trusting the belief risks only what has been
given: a player who reads us answers our mixture at or above the value, gives nothing, and meets
the equilibrium; a player who is random where it does not matter gives every turn, and is answered.

The gift is an expectation over our mixture, not the chips we happened to draw, so it is not the
luck of one turn. The mixture played is kept here between decisions, keyed by the position and
the turns before it (the state remembers three; the key uses two, which the previous position's
state also held). A game resumed in a new process, or a position never decided here, starts the
count at zero: the level then plays its equilibrium until the opponent gives again.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.elasta.rules import WHITE, Allotment, ElastaState

Key = tuple[object, ...]

MEMORY = 256
"""Decisions kept (the oldest forgotten first): a game needs one a side; the rest is headroom for
analyses and for several games in one process."""

GIFT_SCALE = 8.0
"""Gifts (evaluation units, one turn deeper) that buy full trust in the belief: about what a file
pushed to one square from the ground line is worth, the most one turn's reply can lose to a reader."""


GIFT_CLIP = GIFT_SCALE / 2
"""The most one turn's gift counts either way. Where a file is one push from a ground line the deep
values hold a won or lost game (±100), and one such turn would buy full trust or spend it all on
what is mostly the coarseness of the deep value there, not the opponent's play."""


@dataclass(frozen=True)
class Played:
    """A decision as the ledger keeps it: the mixture sampled from, its value function one turn
    deeper (``ours(row, theirs)``: our payoff), the deep game's value for us, and the gifts before it."""

    rows: tuple[Allotment, ...]
    weights: tuple[float, ...]
    ours: Callable[[Allotment, Allotment], float]
    value: float
    tally: float


_BOOK: OrderedDict[Key, Played] = OrderedDict()


def key(state: ElastaState, player: str) -> Key:
    """The decision's key: the position, the side, and the two last turns that led to it."""
    return (tuple(state.lines), state.deleted, player, state.recent[-2:])


def previous_key(state: ElastaState, player: str) -> Key | None:
    """The key the decision one allotment turn earlier had (None on the first turn)."""
    if not state.recent:
        return None
    lines, deleted = state.recent[-1][0], state.recent[-1][1]
    return (tuple(lines), deleted, player, state.recent[-3:-1])


def gifts(state: ElastaState, player: str) -> tuple[float, float | None]:
    """What the opponent has given ``player`` so far in this game (the running tally, never below
    zero), and last turn's gift (None when the last decision is not known here)."""
    before = previous_key(state, player)
    played = _BOOK.get(before) if before is not None else None
    if played is None:
        return 0.0, None
    last = state.recent[-1]
    theirs = last[3] if player == WHITE else last[2]
    got = sum(w * played.ours(row, theirs) for row, w in zip(played.rows, played.weights, strict=True))
    gift = max(-GIFT_CLIP, min(GIFT_CLIP, got - played.value))
    return max(0.0, played.tally + gift), gift


def trust(tally: float) -> float:
    """The share of the time the belief is trusted, bought by the gifts so far."""
    return min(1.0, tally / GIFT_SCALE)


def played(state: ElastaState, player: str) -> Played | None:
    """The decision kept for ``player`` at ``state`` (None if none was made here)."""
    return _BOOK.get(key(state, player))


def record(
    state: ElastaState,
    player: str,
    mixture: tuple[Sequence[Allotment], Sequence[float]],
    ours: Callable[[Allotment, Allotment], float],
    value: float,
    tally: float,
) -> None:
    """Keep the decision just made (the first one made at a position counts: later ones there are
    samples or analyses, not the move played)."""
    k = key(state, player)
    if k in _BOOK:
        return
    _BOOK[k] = Played(tuple(mixture[0]), tuple(mixture[1]), ours, value, tally)
    while len(_BOOK) > MEMORY:
        _BOOK.popitem(last=False)


def forget() -> None:
    """Forget every decision (tests, and a new match)."""
    _BOOK.clear()
