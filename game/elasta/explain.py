"""Why a suggested Elasta allotment is good, and what the turn should bring, from the position.

The reason names where the highest chips go and what those files are to the player: the file nearest
their own ground line (guarded), the one nearest the opponent's (pressed), or simply the file whose
push is worth most this turn by the computer's own measure (:class:`game.elasta.ai.TurnGame`).

The expected outcome plays the hinted allotment against the opponent's likely allotments: the mixed
strategy the computer's double oracle finds for them (:func:`game.elasta.ai.equilibrium`, its payoffs
capped so a hint never waits on it). Over those, it counts the files won and lost, the ranks gained,
and the chance the turn ends the game either way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core import Move
from game.elasta.ai import TurnGame, equilibrium
from game.elasta.rules import (
    BLACK,
    FILES,
    N_RANKS,
    NO_TOKEN,
    PHASE_ALLOT,
    WHITE,
    ElastaState,
    losers,
    square_name,
)
from game.elasta.words import TITLE, file_names
from game.explaining import Reasons
from game.phrases import count, number

PAYOFFS_MOST = 2500
"""Joint results the opponent's mixture may value: a few hundred milliseconds at most."""
DANGER_RANKS = 2
"""A file this close to a ground line is what the chips are about."""


def gap(lines: Sequence[int], f: int, player: str) -> int:
    """Ranks left between file ``f``'s stick and ``player``'s ground line."""
    return lines[f] if player == WHITE else N_RANKS - lines[f]


Mixture = tuple[list[tuple[int, ...]], list[float]]
"""The opponent's likely allotments and how likely each is."""


def chips_clause(
    state: ElastaState, player: str, chips: Sequence[int], game: TurnGame, theirs: Mixture
) -> str:
    """Where the 7 and the 6 go, and why those files."""
    enemy = BLACK if player == WHITE else WHITE
    top = sorted(range(len(FILES)), key=lambda f: -chips[f])[:2]
    placed = f"your 7 and 6 go to {file_names(top)}"
    guarded = [f for f in top if gap(state.lines, f, player) <= DANGER_RANKS]
    pressed = [f for f in top if gap(state.lines, f, enemy) <= DANGER_RANKS]
    if guarded:
        ranks = count(min(gap(state.lines, f, player) for f in guarded), "rank")
        return f"{placed}, guarding {file_names(guarded)}, {ranks} from your ground line"
    if pressed:
        ranks = count(min(gap(state.lines, f, enemy) for f in pressed), "rank")
        return f"{placed}, pressing {file_names(pressed)}, {ranks} from {TITLE[enemy]}'s ground line"
    sign = 1 if player == WHITE else -1
    worth = [sign * (game.file_win[f] - game.file_loss[f]) for f in range(len(FILES))]
    best = sorted(range(len(FILES)), key=lambda f: -worth[f])[:2]
    if set(best) == set(top):
        return f"{placed}, the two files whose push counts most this turn"
    allotments, weights = theirs
    total = sum(weights) or 1.0
    beaten = sum(
        p for other, p in zip(allotments, weights, strict=True) if all(chips[f] > other[f] for f in top)
    )
    return f"{placed}, which should win both {chance(beaten / total)} of the time"


def chance(p: float) -> str:
    """A probability as players say it."""
    if p >= 0.995:
        return "certain"
    if p < 0.005:
        return "no chance"
    return f"about {round(p * 100)}%"


def likely(state: ElastaState, player: str, game: TurnGame, rng: random.Random) -> Mixture:
    """The opponent's likely allotments: their side of the turn's equilibrium, as the computer finds it."""
    whites, x, blacks, y = equilibrium(game, "hard", rng, float("inf"))
    return (list(blacks), list(y)) if player == WHITE else (list(whites), list(x))


def expected_clauses(
    state: ElastaState, player: str, chips: Sequence[int], game: TurnGame, likely_theirs: Mixture
) -> list[str]:
    """The turn against the opponent's likely allotments (see the module's docstring)."""
    theirs, weights = likely_theirs
    sign = 1 if player == WHITE else -1
    won = lost = ranks = lose = win = 0.0
    for other, p in zip(theirs, weights, strict=True):
        if p <= 0:
            continue
        white, black = (chips, other) if player == WHITE else (other, chips)
        signs = game.signs(tuple(white), tuple(black))
        final = game.line_after(signs)
        won += p * sum(1 for s in signs if s == sign)
        lost += p * sum(1 for s in signs if s == -sign)
        ranks += p * sign * (sum(final) - sum(state.lines))
        white_lost, black_lost = losers(final, state.deleted)
        mine, their = (white_lost, black_lost) if player == WHITE else (black_lost, white_lost)
        lose += p * bool(mine and not their)
        win += p * bool(their and not mine)
    total = sum(p for p in weights if p > 0) or 1.0
    won, lost, ranks, lose, win = (v / total for v in (won, lost, ranks, lose, win))
    files = f"you win about {number(round(won))} of eight files to their {number(round(lost))}"
    gained = round(ranks)
    if gained > 0:
        ground = f"gaining about {count(gained, 'rank')} overall"
    elif gained < 0:
        ground = f"losing about {count(-gained, 'rank')} overall"
    else:
        ground = "the line about even"
    said = [f"{files}, {ground}"]
    if win >= 0.005:
        said.append(f"chance of winning this turn: {chance(win)}")
    if lose >= 0.005:
        said.append(f"risk of losing this turn: {chance(lose)}")
    return said


def token_clause(state: ElastaState, player: str, square: int) -> str:
    """A token always deletes a square of one's own land: the hint puts it where that hurts least,
    in the file where the player holds the most ground (the computer's own measure)."""
    if square == NO_TOKEN:
        return "you have no token left or no square to put one on, so you place none"
    f = square % len(FILES)
    depth = gap(state.lines, f, player)
    deepest = max(gap(state.lines, g, player) for g in range(len(FILES)))
    held = f"you hold {count(depth, 'rank')} in file {FILES[f].upper()}"
    if depth >= deepest:
        return f"a token costs a square of your own: {square_name(square)} costs least, since {held}"
    return f"a token costs a square of your own: {square_name(square)} is the computer's pick ({held})"


def explain(state: ElastaState, player: str, move: Move, rng: random.Random) -> Reasons:
    """The reasons and the expected outcome; see the module's docstring (a token: where it costs least)."""
    if state.phase != PHASE_ALLOT:
        return Reasons([token_clause(state, player, int(move))]) if isinstance(move, int) else Reasons()
    if not isinstance(move, tuple):
        return Reasons()
    game = TurnGame(state.lines, state.deleted, True, PAYOFFS_MOST)
    theirs = likely(state, player, game, rng)
    why = [chips_clause(state, player, move, game, theirs)]
    return Reasons(why, expected_clauses(state, player, move, game, theirs))


def suggestion_words(state: ElastaState, text: str) -> str:
    """Suggested orders ``text`` in words for the status line (the hint's first line)."""
    if text.isdigit() and len(text) == 8:
        files = "ABCDEFGH"
        chips = " ".join(f"{file}{chip}" for file, chip in zip(files, text, strict=True))
        seven, six = files[text.index("7")], files[text.index("6")]
        return f"Suggested chips for files A-H: {chips} (your 7 on {seven}, your 6 on {six})."
    if text == "-":
        return "Suggested: place no token."
    return f"Suggested: place your token on {text}."
