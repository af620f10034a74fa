"""Hints: what the hard computer player would do in the shoes of the player asking.

A hint is the computer's own move choice (:func:`game.ai.choose_move`), asked for a human's seat. The
only care it needs is secrecy: in Elasta and Nelaxtam the opponent may already have sealed orders
for this turn, and a hint computed from them would tell the player what the other side chose. Sealed
orders live in :attr:`game.match.Match.pending`, beside the game state and never inside it, so a
suggestion made from ``match.state`` (or, in the scenes' worker process, from
:meth:`~game.match.Match.public_record`) knows exactly what the player knows.

The same function serves the command line (``python -m game hint``), the match screen (through the
AI worker, see :func:`worker_request`) and the tests.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.ai import choose_move
from game.core import GameError, GameState, Move
from game.register import get as get_game
from game.search import Limit

if TYPE_CHECKING:
    from game.match import Match

HINT_LEVEL = "hard"
"""A hint is the best the app can offer: the hard computer's choice, at the hard computer's budget."""


class HintError(GameError):
    """Why no hint can be given now; ``str(error)`` is a sentence fragment for players."""


def state_of(source: Match | GameState) -> GameState:
    """The position a hint is computed from: for a match its state, which never holds sealed orders."""
    state = getattr(source, "state", source)
    if not isinstance(state, GameState):
        raise HintError("a hint needs a match or a game position")
    return state


def hint_player(state: GameState, player: str | None = None) -> str:
    """Whose move to suggest: ``player`` when given, else the first player to move.

    Refusals are worded for people, since the command line prints them as they are."""
    info = get_game(state.game_id)
    if state.over:
        raise HintError("the game is already over, so there is no move to suggest")
    acting = state.to_move()
    if not acting:
        raise HintError("nobody is to move in this position")
    if player is None:
        return acting[0]
    if player not in info.players:
        raise HintError(f"{info.title} has no player '{player}' (its players are {', '.join(info.players)})")
    if player not in acting:
        waiting = " and ".join(info.player_title(p) for p in acting)
        raise HintError(f"it is not {info.player_title(player)}'s turn (to move: {waiting})")
    return player


def suggest(
    source: Match | GameState,
    player: str | None = None,
    level: str = HINT_LEVEL,
    seed: int | None = None,
    limit: Limit | None = None,
) -> Move:
    """The computer's suggestion for ``player`` (by default the first to move) in ``source``.

    ``level`` is the hard computer for every hint the app gives, within ``limit`` (by default the
    level's budget); tests may pass a quicker level, or a depth or node limit for the same hint on
    any machine."""
    state = state_of(source)
    return choose_move(state, hint_player(state, player), level, seed, limit)


def suggest_text(
    source: Match | GameState,
    player: str | None = None,
    level: str = HINT_LEVEL,
    seed: int | None = None,
    limit: Limit | None = None,
) -> str:
    """:func:`suggest` in the game's notation."""
    state = state_of(source)
    who = hint_player(state, player)
    return state.move_to_text(who, choose_move(state, who, level, seed, limit))


def worker_request(match: Match, player: str) -> tuple[dict[str, Any], str, str]:
    """(record, player, level) for :meth:`game.worker.AIWorker.request`: the public record only, the
    very record the computer's own searches get, so a hint can never read sealed orders."""
    hint_player(match.state, player)
    return match.public_record(), player, HINT_LEVEL


# -- the suggestion in words ------------------------------------------------------------------------
# Orders in Elasta and Nelaxtam are many parts at once (eight chips, five troops): arrows alone would
# tangle, so the status line also says them. Other games' moves are one piece going somewhere, which
# the marks on the board show better than any sentence.

_NELAXTAM_ORDERS: dict[str, tuple[str, str]] = {
    "ne": ("move", " north-east"),
    "nw": ("move", " north-west"),
    "se": ("move", " south-east"),
    "sw": ("move", " south-west"),
    "xn": ("destroy", " to the north"),
    "xe": ("destroy", " to the east"),
    "xs": ("destroy", " to the south"),
    "xw": ("destroy", " to the west"),
    "-": ("hold", ""),
}
"""Each order's verb and where it goes, in the order the sentence lists them (holding last)."""
_NELAXTAM_ORDER = re.compile(r"([0-9]+)(-|ne|nw|se|sw|x[nesw])")


def _elasta_words(state: GameState, text: str) -> str:
    if text.isdigit() and len(text) == 8:
        files = "ABCDEFGH"
        chips = " ".join(f"{file}{chip}" for file, chip in zip(files, text, strict=True))
        seven, six = files[text.index("7")], files[text.index("6")]
        return f"Suggested chips for files A-H: {chips} (your 7 on {seven}, your 6 on {six})."
    if text == "-":
        return "Suggested: place no token."
    return f"Suggested: place your token on {text}."


def _nelaxtam_words(state: GameState, text: str) -> str:
    parts = [part for part in text.split(",") if part]
    if getattr(state, "phase", "") == "invasion":
        landing = ", ".join(f"troop {n} on {square}" for n, square in enumerate(parts, start=1))
        return f"Suggested landing: {landing}."
    if text == "-":
        return "Suggested: every troop holds."
    troops_by_order: dict[str, list[str]] = {}
    for part in parts:
        found = _NELAXTAM_ORDER.fullmatch(part)
        if found is None:
            raise ValueError(part)
        troops_by_order.setdefault(found.group(2), []).append(found.group(1))
    orders = []
    for order, (verb, where) in _NELAXTAM_ORDERS.items():
        troops = troops_by_order.get(order)
        if troops:
            many = len(troops) > 1
            names = ", ".join(troops[:-1]) + " and " + troops[-1] if many else troops[0]
            orders.append(f"troop{'s' if many else ''} {names} {verb}{'' if many else 's'}{where}")
    return "Suggested: " + "; ".join(orders) + "."


_WORDS: dict[str, Callable[[GameState, str], str]] = {
    "elasta": _elasta_words,
    "nelaxtam": _nelaxtam_words,
}
"""Games whose suggestion is also said in words, by game id."""


def in_words(state: GameState, text: str) -> str | None:
    """The orders ``text`` said for the status line, in the games whose move is many parts at once;
    None in the others, whose marks on the board say it better (their notation may name a direction
    or a phalanx's far end rather than where the piece goes, which beside an arrow would confuse)."""
    words = _WORDS.get(state.game_id)
    if words is None:
        return None
    try:
        return words(state, text)
    except (ValueError, IndexError):  # wording must never cost the player the hint itself
        return f"Suggested: {text}."


def hints_used_text(match: Match) -> str:
    """The end-of-game dialog's line about hints, for games against the computer (else "")."""
    humans = match.humans()
    if len(humans) != 1 or match.two_player:
        return ""
    used = match.hints_used(humans[0])
    if used == 0:
        return "You won without hints." if _won(match, humans[0]) else "You used no hints."
    return f"You used {used} hint{'s' if used != 1 else ''}."


def _won(match: Match, player: str) -> bool:
    outcome = match.outcome
    return outcome is not None and outcome.winner == player
