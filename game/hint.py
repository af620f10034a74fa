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

import json
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.ai import choose_move
from game.core import WORDS_ERRORS, GameError, GameState, Move, optional_module
from game.explaining import Reasons, one_sentence
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


HINT_ANSWER = "hint"
"""The level a hint asks the worker for: the hard computer's move *and* its explanation, worked out
in the worker since the reason of a secret order searches too (:func:`answer_for_record`)."""


def worker_request(match: Match, player: str) -> tuple[dict[str, Any], str, str]:
    """(record, player, level) for :meth:`game.worker.AIWorker.request`: the public record only, the
    very record the computer's own searches get, so a hint can never read sealed orders."""
    hint_player(match.state, player)
    return match.public_record(), player, HINT_ANSWER


# -- why: the suggestion explained -----------------------------------------------------------------
@dataclass(frozen=True)
class Explanation:
    """Why the hint is a good move, in one sentence; in the games of secret orders also what the turn
    is expected to bring (one sentence beginning "Expected:"), else ""."""

    reason: str
    expected: str = ""


def explain(state: GameState, player: str, move: Move, seed: int | None = None) -> Explanation:
    """``move`` of ``player`` explained from the position: the game's own ``explain.py`` (beside its
    rules, like ``words.py``) gives the reasons; a game without one, or one that cannot read this
    move, says what the move does in its words. Bounded work (the games cap their look-ups), the same
    for a seed."""
    package = type(state).__module__.rpartition(".")[0]
    module = optional_module(f"{package}.explain") if package.startswith("game.") else None
    reasons = Reasons()
    if module is not None:
        try:
            reasons = module.explain(state, player, move, random.Random(seed))
        except WORDS_ERRORS:  # a reason that fails must never cost the player the hint itself
            reasons = Reasons()
    reason = one_sentence(reasons.why) or plain_reason(state, player, move)
    return Explanation(reason, one_sentence(reasons.expected, lead="Expected: "))


def plain_reason(state: GameState, player: str, move: Move) -> str:
    """What the move does, in the game's words, where nothing better is known: the computer's search
    chose it, and this much can always be said."""
    if len(state.to_move()) == 1:
        try:
            said = state.describe_turn({player: move}, state.apply_turn({player: move})).line
            return one_sentence([f"the hard computer's pick: {said.rstrip('.')}"])
        except GameError:
            pass
    return "It is the hard computer's choice for this turn."


def answer_for_record(record: dict[str, Any], player: str, seed: int, limit: Limit | None = None) -> str:
    """The worker's answer to :data:`HINT_ANSWER`: the move in notation with its explanation, as one
    line of JSON (:func:`read_answer` takes it apart). Only the public record is read."""
    from game.match import Match

    state = Match.from_record(record).state
    move = choose_move(state, player, HINT_LEVEL, seed, limit)
    answer: dict[str, str] = {"move": state.move_to_text(player, move)}
    try:
        said = explain(state, player, move, seed)
        answer.update(reason=said.reason, expected=said.expected)
    except Exception:  # the move is the hint; its reason is a bonus that must never lose it
        pass
    return json.dumps(answer)


def read_answer(text: str) -> tuple[str, Explanation | None]:
    """(notation, explanation) from :func:`answer_for_record`'s line; plain notation (an older
    worker, a test's fake) has no explanation."""
    if not text.startswith("{"):
        return text, None
    try:
        answer = json.loads(text)
        move = str(answer["move"])
    except (ValueError, KeyError, TypeError):
        return text, None
    reason = answer.get("reason")
    if not isinstance(reason, str) or not reason:
        return move, None
    expected = answer.get("expected")
    return move, Explanation(reason, expected if isinstance(expected, str) else "")


# -- the suggestion in words ------------------------------------------------------------------------
# Orders in Elasta and Nelaxtam are many parts at once (eight chips, five troops): arrows alone would
# tangle, so the status line also says them. Other games' moves are one piece going somewhere, which
# the marks on the board show better than any sentence.


def in_words(state: GameState, text: str) -> str | None:
    """The orders ``text`` said for the status line, in the games whose move is many parts at once
    (their ``explain.py`` has ``suggestion_words(state, text)``);
    None in the others, whose marks on the board say it better (their notation may name a direction
    or a phalanx's far end rather than where the piece goes, which beside an arrow would confuse)."""
    package = type(state).__module__.rpartition(".")[0]
    module = optional_module(f"{package}.explain") if package.startswith("game.") else None
    words = getattr(module, "suggestion_words", None)
    if words is None:
        return None
    try:
        return str(words(state, text))
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
