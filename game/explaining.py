"""What every game's hint explanation is built from: the clauses it gathers and the one sentence
they become.

A game explains a suggested move in ``game/<game>/explain.py`` (found beside its rules, like its
``words.py``), with ``explain(state, player, move, rng) -> Reasons``: the reasons worked out from the
position (what the move captures, defends or threatens; in the games of secret orders, what the turn
is expected to bring against the opponent's likely orders), most important first. :mod:`game.hint`
makes them one sentence each, as long as the screen can show, so a game never has to count
characters.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from game.core import GameState, Move
from game.phrases import capitalised

REASON_MOST = 170
"""A reason longer than this loses its least important clauses (the hint card has about three lines)."""


@dataclass
class Reasons:
    """The clauses of a move's reason and of its expected outcome, most important first."""

    why: list[str] = field(default_factory=list)
    expected: list[str] = field(default_factory=list)
    """Only the games of secret orders fill it: what the turn should bring, against likely orders."""


def one_sentence(clauses: Iterable[str], most: int = REASON_MOST, lead: str = "") -> str:
    """The clauses joined into one sentence of at most ``most`` characters, the later ones left out
    while it is too long (the first is kept whole, cut at a word if it alone is too long); "" when
    there is none. ``lead`` starts the sentence ("Expected: ")."""
    kept: list[str] = []
    for clause in (c.strip() for c in clauses):
        if not clause:
            continue
        trial = capitalised(lead + "; ".join([*kept, clause])) + "."
        if kept and len(trial) > most:
            continue
        kept.append(clause)
    if not kept:
        return ""
    said = capitalised(lead + "; ".join(kept)) + "."
    if len(said) > most:
        said = said[: most - 2].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return said


def best_of(
    state: GameState, player: str, gain: Callable[[GameState, Move], float]
) -> tuple[float, Move | None]:
    """The largest ``gain`` any legal move of ``player`` in ``state`` makes, and that move (0 and None
    when no move gains anything): the opponent's best capture, say."""
    best: tuple[float, Move | None] = (0.0, None)
    for move in state.legal_moves(player):
        value = gain(state, move)
        if value > best[0]:
            best = (value, move)
    return best
