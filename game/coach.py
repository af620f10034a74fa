"""The coach's word on a move just played (issue #32, item 6): how much winning chance it threw away,
and in one sentence why, before the computer replies.

The chance lost is the analysis's own measure (:mod:`game.analysis`: the chance the best move would
have kept, less the chance after the move played, at the quick effort), so the coach and a later
analysis of the game never disagree about a move. The sentence names the threat the move leaves in
the game's own words: the opponent's capture (:mod:`game.threats`) said as the move list says moves
(:meth:`GameState.move_words`), then the better move the same way.

The reading takes a good part of a second, so the match screen asks for it in a worker
(:data:`COACH_LEVEL`, answered by :func:`answer_for_record` as one line of JSON); no game is named
here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from game.analysis import MISTAKE, analyse
from game.core import GameState, Move
from game.threats import opponent_of, threatened

COACH_LEVEL = "coach"
"""The worker's level for the coach's question (a :class:`game.worker.Request` like a move's)."""

WARN_AT = MISTAKE
"""The chance a move must throw away before the coach speaks: a mistake or worse, never an
inaccuracy (a coach that speaks at every small slip is switched off)."""

EFFORT = "quick"


@dataclass(frozen=True)
class Advice:
    """The coach's word on one move: ``lost`` (0 to 1, the winning chance thrown away) and the
    ``sentence`` to show, None when the move is fine (under :data:`WARN_AT`)."""

    lost: float
    sentence: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"lost": round(self.lost, 4), "sentence": self.sentence}


def percent(lost: float) -> int:
    """The chance thrown away as a whole percentage, never below 1 for a move worth a word."""
    return max(1, round(lost * 100))


def answer_threat(before: GameState, player: str, move: Move) -> str | None:
    """The opponent's capture the move allows, in the game's words ("Queen d12 knocks out d4"), or
    None: one that takes a piece the move left newly open first, else one a piece was already open
    to and the move did nothing about."""
    enemy = opponent_of(before, player)
    after = before.apply_turn({player: move})
    view = None if enemy is None or after.over else after.with_mover(enemy)
    if enemy is None or view is None:
        return None
    old = set(threatened(before, player))
    open_now = threatened(after, player)
    for wanted in ([sq for sq in open_now if sq not in old], open_now):
        for reply in view.legal_moves(enemy) if wanted else ():
            if any(square in wanted for square in view.captures(enemy, reply)):
                return view.move_words(enemy, reply)
    return None


def sentence_for(before: GameState, player: str, move: Move, lost: float, better: str | None) -> str:
    """One sentence: what the move throws away, the reply it allows, the better move."""
    said = f"That gives away about {percent(lost)}% of your winning chance"
    threat = answer_threat(before, player, move)
    if threat is not None:
        said += f": your opponent could answer {threat}"
    if better is not None:
        try:
            better_words = before.move_words(player, before.parse_move(player, better))
        except ValueError:
            better_words = better
        said += f". Better: {better_words}"
    return said + "."


def advise(before: GameState, player: str, move: Move, effort: str = EFFORT) -> Advice:
    """The coach's word on ``move`` of ``player`` played from ``before`` (an alternating turn)."""
    text = before.move_to_text(player, move)
    note = analyse(before, [text], effort).moves[0]
    if note.lost < WARN_AT:
        return Advice(note.lost)
    return Advice(note.lost, sentence_for(before, player, move, note.lost, note.better))


def answer_for_record(record: dict[str, Any], player: str) -> str:
    """The worker's answer: the advice on the record's last turn, by ``player``, as JSON."""
    from game.match import Match

    match = Match.from_record(record)
    if not match.turns:
        return json.dumps(Advice(0.0).to_json())
    turn = match.turns[-1]
    if player not in turn.moves or len(turn.moves) != 1:
        return json.dumps(Advice(0.0).to_json())
    return json.dumps(advise(turn.before, player, turn.moves[player]).to_json())


def read_answer(text: str) -> Advice:
    """The worker's JSON back into :class:`Advice` (ValueError on anything else)."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("the coach's answer is not an object")
    lost, sentence = data.get("lost"), data.get("sentence")
    if isinstance(lost, bool) or not isinstance(lost, int | float):
        raise ValueError("the coach's answer has no chance lost")
    if sentence is not None and not isinstance(sentence, str):
        raise ValueError("the coach's sentence is not text")
    return Advice(float(lost), sentence)
