"""The coach's look at an Elasta allotment before it is sealed (issue #32, item 6).

Both allotments are revealed at once, so there is no reply to wait for: the chips are judged
against what the opponent is likely to allot, their side of the turn's equilibrium as the computer
finds it (:func:`game.elasta.explain.likely`, the hint's "expected outcome"), and compared with the
best of a few strong allotments of the player's own: hard's (the one a later analysis compares
with), the static best reply to that mixture and the player's own likeliest equilibrium
allotments. :mod:`game.coach` does the sums; this module gives it the mixtures
(:func:`likely`) and says in Elasta's words what the chips leave open (:func:`leaves`).

Only the allotment sub-turn is judged: a token deletes a square of one's own territory, and where it
goes changes a winning chance too little to interrupt anyone.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game.core import GameState, Move
from game.elasta.ai import equilibrium
from game.elasta.ai_turn import TurnGame
from game.elasta.explain import PAYOFFS_MOST
from game.elasta.rules import FILES, PHASE_ALLOT, WHITE, Allotment, ElastaState, losers
from game.elasta.threats import threatened_files

SUBJECT = "Those chips"
"""What the coach's sentence calls the order it judges ("Those chips give away about …")."""
OWN_CANDIDATES = 3
"""The player's likeliest equilibrium allotments compared with the one they chose, besides hard's."""
SUPPORT = 1e-6
"""Opponent allotments less likely than this are left out of the sums."""
BEATEN_MOST = 0.35
"""A file the player could lose the game in is named when their chip there loses it at least this
often against the likely chips."""
RISK_LEAST = 0.05
"""The chance of losing the game this turn worth naming."""


def often(p: float) -> str:
    """How often, as players say it."""
    return "every time" if p >= 0.995 else f"about {max(1, round(p * 100))}% of the time"


def judged(state: GameState) -> bool:
    """Whether the coach looks at an order here: an allotment, in a game still going."""
    return isinstance(state, ElastaState) and state.phase == PHASE_ALLOT and not state.over


def _turn_game(state: ElastaState) -> TurnGame:
    return TurnGame(state.lines, state.deleted, True, PAYOFFS_MOST)


def likely(
    state: GameState, player: str, move: Move, rng: random.Random
) -> tuple[list[Move], list[Move], list[float]]:
    """(the player's own strong allotments to compare with, the opponent's likely allotments, their
    weights): the turn's equilibrium as the computer finds it, its payoffs capped as the hint's are,
    and the static best reply to the opponent's side of it."""
    assert isinstance(state, ElastaState)
    game = _turn_game(state)
    whites, x, blacks, y = equilibrium(game, "hard", rng, math.inf)
    mine, mine_w, theirs, theirs_w = (whites, x, blacks, y) if player == WHITE else (blacks, y, whites, x)
    support = [(o, w) for o, w in zip(theirs, theirs_w, strict=True) if w > SUPPORT]
    others = [o for o, _ in support]
    weights = [w for _, w in support]
    ranked = sorted(range(len(mine)), key=lambda i: -mine_w[i])[:OWN_CANDIDATES]
    ours: list[Move] = [mine[i] for i in ranked]
    reply, _ = game.best_reply(player, mine, others, weights, math.inf)
    ours.append(reply)
    return ours, list(others), weights


def _beaten(chips: Allotment, theirs: Sequence[Move], weights: Sequence[float], file: int) -> float:
    """How often the opponent's chip beats ``chips`` in ``file`` over their likely allotments."""
    total = sum(weights) or 1.0
    return sum(w for o, w in zip(theirs, weights, strict=True) if _chip(o, file) > chips[file]) / total


def _chip(allotment: Move, file: int) -> int:
    assert isinstance(allotment, tuple)
    return int(allotment[file])


def _risk(
    state: ElastaState, player: str, chips: Allotment, theirs: Sequence[Move], weights: Sequence[float]
) -> float:
    """The chance the turn ends the game lost for ``player`` (a draw does not count)."""
    game = _turn_game(state)
    total = sum(weights) or 1.0
    lost = 0.0
    for other, w in zip(theirs, weights, strict=True):
        assert isinstance(other, tuple)
        white, black = (chips, other) if player == WHITE else (other, chips)
        white_lost, black_lost = losers(game.line_after(game.signs(white, black)), state.deleted)
        mine, their = (white_lost, black_lost) if player == WHITE else (black_lost, white_lost)
        lost += w * bool(mine and not their)
    return lost / total


def leaves(
    state: GameState, player: str, move: Move, better: Move, theirs: Sequence[Move], weights: Sequence[float]
) -> str | None:
    """What the chips leave open, in one clause: a file the player could lose the game in (one push
    from their ground line, :mod:`game.elasta.threats`) where their chip is beaten often, else the
    risk of losing the game this turn, else the file whose lost push costs most where their chip is
    beaten more often than the better chips' would be. None when nothing stands out."""
    assert isinstance(state, ElastaState) and isinstance(move, tuple) and isinstance(better, tuple)
    danger = [(f, _beaten(move, theirs, weights, f)) for f in threatened_files(state, player)]
    danger = [(f, p) for f, p in danger if p >= BEATEN_MOST]
    if danger:
        file, beaten = max(danger, key=lambda fp: fp[1])
        where = f"{move[file]} on {FILES[file].upper()}"
        return f"your {where}, one push from your ground line, is beaten {often(beaten)}"
    risk = _risk(state, player, move, theirs, weights)
    if risk >= RISK_LEAST:
        return f"they could win the game this turn {often(risk)}"
    game = _turn_game(state)
    cost = [-v for v in game.file_loss] if player == WHITE else list(game.file_win)
    worse = [
        (f, _beaten(move, theirs, weights, f), _beaten(better, theirs, weights, f)) for f in range(len(FILES))
    ]
    worse = [(f, p, q) for f, p, q in worse if p - q >= BEATEN_MOST and cost[f] > 0]
    if not worse:
        return None
    file, beaten, _ = max(worse, key=lambda fpq: (fpq[1] - fpq[2]) * cost[fpq[0]])
    return f"your {move[file]} on {FILES[file].upper()} is beaten there {often(beaten)}"
