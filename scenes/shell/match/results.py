"""Counting a finished game into the player's record (:mod:`saves.statistics`).

The match screen calls :func:`count_finish` after every turn played on it; only the turn that ends
the game counts anything, so a finished game opened again, reviewed, or looked at as a record (no
turn is played on it) is never counted, and the store's match ids keep a game finished, taken back
with Undo and finished again to its first ending.

What counts is decided here, where the seats are known: one person against one computer seat, at
that seat's level. Two people at the table, the computer against itself, and games left unfinished
are not a record of the player's play against a level; nor is a lesson's practice game (it starts from
a set position). A game the person gives up counts as a loss: :func:`count_resignation` is what a
Resign action calls, since giving up ends the game without a turn.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.match import Match
from saves.statistics import LEVELS, shared
from scenes.kit.failures import failure_sentence

if TYPE_CHECKING:
    from scenes.kit.app import App

WINS_BEFORE_NEXT_LEVEL = 2
"""Wins in a row at a level after which the result card offers the next one."""


def counted_side(match: Match) -> tuple[str, str] | None:
    """(the person's side, the computer's level) when ``match`` is one the record counts, else None."""
    humans = match.humans()
    computers = [seat for seat in match.seats.values() if seat.is_ai]
    if len(humans) != 1 or len(computers) != 1 or computers[0].level not in LEVELS:
        return None
    level = computers[0].level
    assert level is not None
    return humans[0], level


def result_of(match: Match, person: str) -> str | None:
    """ "win", "draw" or "loss" from the person's side; None while the game goes on."""
    outcome = match.outcome
    if outcome is None:
        return None
    if outcome.winner is None:
        return "draw"
    return "win" if outcome.winner == person else "loss"


def count_finish(app: App, match: Match) -> bool:
    """Count ``match`` if it has just ended and is one the record keeps; True if it was counted now.
    A disk that refuses is told once as a notice; the game itself is never held up by its record."""
    side = counted_side(match)
    if side is None or match.set_position:
        return False
    result = result_of(match, side[0])
    return result is not None and _count(app, match, side[1], result)


def count_resignation(app: App, match: Match) -> bool:
    """Count a game the person gave up against the computer as a loss (an ending without a turn);
    True if it was counted now. A game already over keeps the result it had."""
    side = counted_side(match)
    if side is None or match.set_position or match.over:
        return False
    return _count(app, match, side[1], "loss")


def _count(app: App, match: Match, level: str, result: str) -> bool:
    store = shared(app.data_dir)
    try:
        counted = store.record_result(match.game.id, level, result, match.match_id)
    except (OSError, ValueError) as exc:
        app.toast(failure_sentence("Your record could not be updated", exc), 6.0)
        return False
    message = store.take_message()
    if message:
        app.toast(message, 8.0)
    return counted


def next_level_offer(app: App, match: Match) -> str | None:
    """The level to offer after ``match`` ("Try the next level"): the one above the computer's when
    the person has now won :data:`WINS_BEFORE_NEXT_LEVEL` games in a row against it, by the record;
    None otherwise (no higher level, a game the record does not keep, a record that cannot be read)."""
    side = counted_side(match)
    if side is None or match.set_position or result_of(match, side[0]) != "win":
        return None
    level = side[1]
    if level not in LEVELS or level == LEVELS[-1]:
        return None
    try:
        summary = shared(app.data_dir).summary(match.game.id, level)
    except (OSError, ValueError):
        return None
    if summary.streak_kind != "win" or summary.streak < WINS_BEFORE_NEXT_LEVEL:
        return None
    return LEVELS[LEVELS.index(level) + 1]


def at_level(match: Match, level: str) -> Match:
    """A fresh match of the same game, options and sides, the computer playing at ``level``."""
    seats = {
        player: replace(seat, level=level) if seat.is_ai else seat for player, seat in match.seats.items()
    }
    return Match(match.game, match.options, seats)
