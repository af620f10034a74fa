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

**Secret orders** (Elasta, Nelaxtam; :func:`advise_order`). Both sides' orders are revealed at once,
so there is no reply to wait for and the word must come *before* the order is sealed. The order is
judged against what the opponent is likely to order: the opponent's side of the turn's matrix game
as the computer solves it (the mixture the hint's "expected outcome" uses), given by the game's own
``coach.py`` beside its rules (``judged``, ``likely``, ``leaves``, ``SUBJECT``; found by package, as
``words.py`` is). Its **expected** winning chance is the mixture's weighted mean of the chance after
each joint turn, read exactly as the analysis reads a position between turns (:func:`game.chance.read`
at the quick effort). It is compared with the best expected chance among a few strong orders of the
player's: hard's order with the analysis's own seed and limit (the one a later analysis compares
with) and the game's strongest candidates.

How that relates to the analysis: the analysis (:func:`game.analysis.turn_game`) judges the same
order after the game, by its expected chance against the other side's equilibrium mixture of the
turn's small matrix game, whose candidates are the orders really given and hard's likeliest — so it
too takes an expectation, not the order the opponent happened to give, and marks no order for bad
luck. The two measures differ only in their candidates: the analysis's matrix holds the opponent's
real order, which the coach cannot know (and must not: in two-player play it is sealed behind the
curtain). Both read chances the same way at the same effort. Only the public position is read, with
the player's own order given to the worker beside it: never the other side's sealed order.
"""

from __future__ import annotations

import json
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from game.analysis import MISTAKE, analyse
from game.chance import effort_limit, first_chance, read
from game.core import GameState, Move, optional_module
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


def order_module(state: GameState) -> Any | None:
    """The game's ``coach.py`` when it judges a secret order in this position (None otherwise)."""
    if not state.simultaneous or state.over:
        return None
    package = type(state).__module__.rpartition(".")[0]
    module = optional_module(f"{package}.coach") if package.startswith("game.") else None
    judged = getattr(module, "judged", None)
    return module if judged is not None and judged(state) else None


def judges_order(state: GameState) -> bool:
    """Whether the coach has a word on a secret order in ``state`` (the match screen asks before it
    holds an order back for it)."""
    return order_module(state) is not None


class _Expected:
    """Expected winning chances of ``player``'s orders against one mixture of the opponent's, each
    position after the turn read once (many pairs of orders lead to the same one)."""

    def __init__(
        self, before: GameState, player: str, theirs: Sequence[Move], weights: Sequence[float], effort: str
    ) -> None:
        self.before, self.player, self.effort = before, player, effort
        self.enemy = opponent_of(before, player)
        self.replies = [(o, w) for o, w in zip(theirs, weights, strict=True) if w > 0]
        self.kept: dict[Hashable, float] = {}

    def chance_after(self, after: GameState) -> float:
        key = after.key()
        found = self.kept.get(key)
        if found is None:
            first = first_chance(after, read(after, self.effort))
            found = self.kept[key] = first if self.player == after.players[0] else 1.0 - first
        return found

    def __call__(self, move: Move) -> float:
        assert self.enemy is not None
        total = sum(w for _, w in self.replies) or 1.0
        return (
            sum(
                w * self.chance_after(self.before.apply_turn({self.player: move, self.enemy: reply}))
                for reply, w in self.replies
            )
            / total
        )


def order_sentence(
    before: GameState, player: str, move: Move, lost: float, better: Move, clause: str | None, subject: str
) -> str:
    """One sentence: what the order throws away, what it leaves open, the better order (each as the
    move list says orders)."""
    said = f"{subject} give away about {percent(lost)}% of your winning chance"
    if clause:
        said += f": {clause}"
    return said + f". Better: {before.move_words(player, better)}."


@dataclass(frozen=True)
class OrderWeighing:
    """A secret order weighed before the reveal: its expected chance (``mine``), the best expected
    chance among the coach's candidates (``kept``) and that candidate (``better``, the order itself
    when none does better), with the opponent's likely orders and their weights it was weighed by."""

    mine: float
    kept: float
    better: Move
    theirs: tuple[Move, ...]
    weights: tuple[float, ...]

    @property
    def lost(self) -> float:
        return self.kept - self.mine


def weigh_order(
    before: GameState, player: str, move: Move, seed: int, effort: str = EFFORT
) -> OrderWeighing | None:
    """``player``'s secret ``move`` in ``before`` against the opponent's likely orders, beside the
    coach's candidates (see the module's docstring); None where the coach does not judge orders.
    ``seed`` is the analysis's for this turn (its number, counted from 1), so hard's order is the
    one a later analysis would name."""
    module = order_module(before)
    if module is None or opponent_of(before, player) is None:
        return None
    ours, theirs, weights = module.likely(before, player, move, random.Random(seed))
    if not theirs:
        return None
    from game.ai import choose_move

    hard = choose_move(before, player, "hard", seed=seed, limit=effort_limit(before, effort))
    expected = _Expected(before, player, theirs, weights, effort)
    mine = expected(move)
    better, kept = move, mine
    for candidate in (hard, *ours):
        if candidate != move and (value := expected(candidate)) > kept + 1e-9:
            better, kept = candidate, value
    return OrderWeighing(mine, kept, better, tuple(theirs), tuple(weights))


def advise_order(before: GameState, player: str, move: Move, seed: int, effort: str = EFFORT) -> Advice:
    """The coach's word on ``player``'s secret ``move`` in ``before``, before it is sealed:
    :func:`weigh_order`'s chance lost, and for :data:`WARN_AT` or more the sentence with what the
    order leaves open in the game's words (its ``leaves``) and the better order."""
    weighed = weigh_order(before, player, move, seed, effort)
    module = order_module(before)
    if weighed is None or module is None:
        return Advice(0.0)
    if weighed.lost < WARN_AT:
        return Advice(weighed.lost)
    clause = module.leaves(before, player, move, weighed.better, weighed.theirs, weighed.weights)
    sentence = order_sentence(before, player, move, weighed.lost, weighed.better, clause, module.SUBJECT)
    return Advice(weighed.lost, sentence)


def answer_for_record(record: dict[str, Any], player: str) -> str:
    """The worker's answer as JSON: the advice on ``player``'s secret order given in the record's
    ``pending`` (a game of secret orders, before the reveal: the screen sends only the player's own
    order with the public record), else on the record's last turn, by ``player``."""
    from game.match import Match

    match = Match.from_record(record)
    if player in match.pending and match.state.simultaneous:
        advice = advise_order(match.state, player, match.pending[player], len(match.turns) + 1)
        return json.dumps(advice.to_json())
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
