"""Practise your mistakes (issue #32, item 4): the positions of an analysed game where a player made a
mistake or a blunder, and the judge of another try in each.

A position is the board before the marked move, the move played there and what the analysis found
(the better move, the chance it would have kept). A try is judged the way the analysis judged the move
(:mod:`game.analysis`): the mover's chance after it, read at the analysis's effort (a node limit, so
the same answer on every machine), against the best chance the analysis found. Any move within
:data:`MARGIN` of that best is accepted — a position rarely has one right move, and a try that
keeps the game as good as the analysis's choice has learnt the lesson — and so is the analysis's
better move itself, whatever a fresh reading says.

In the games of secret orders (Elasta, Nelaxtam) a try is judged as the analysis judged the order
played: by its expected chance against the other side's equilibrium mixture over the turn's
candidate orders (the other side's actual order among them; :func:`game.analysis.order_worth`), not
by what it would have made of the one order the other side happened to give.

No game is named here; the words are the game's own (:meth:`GameState.move_words`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.analysis import INACCURACY, Analysis, order_worth, replay
from game.chance import first_chance, read
from game.core import GameError, GameState, IllegalMoveError, Move

MARGIN = INACCURACY
"""How much less than the analysis's best a try may keep and still be accepted: less than that is
not even an inaccuracy by the analysis's own marks."""
PRACTISED: tuple[str, ...] = ("mistake", "blunder")
"""The marks whose positions are practised (an inaccuracy is too small a slip to drill)."""

MISSED, GOOD, PLAYED, SHORT, ILLEGAL = "missed", "good", "played", "short", "illegal"
"""What a :class:`Verdict` found: the analysis's better move; another move as good; the very move
played in the game; a move that still loses too much; a move the rules refuse."""


@dataclass(frozen=True)
class Position:
    """One position to practise: ``player`` to move in ``before`` at turn ``ply`` (from 1), where the
    game saw ``played`` (``played_text`` in notation), marked ``mark`` for losing ``lost`` of the
    chance; ``best_chance`` is what the analysis's best kept and ``better`` that move in notation.
    ``others``: the other side's orders of that turn, in a game of secret orders (else empty)."""

    ply: int
    player: str
    before: GameState
    played: Move
    played_text: str
    mark: str
    lost: float
    best_chance: float
    better: str | None
    effort: str = "quick"
    others: Mapping[str, Move] = field(default_factory=dict)

    @property
    def simultaneous(self) -> bool:
        return bool(self.others)

    def better_move(self) -> Move | None:
        """The analysis's better move, read in this position (None if it cannot be read)."""
        if self.better is None:
            return None
        try:
            return self.before.parse_move(self.player, self.better)
        except (GameError, ValueError):
            return None

    def played_words(self) -> str:
        """The move played, in the move list's words ("Queen d4 to d8"), else its notation."""
        try:
            return self.before.move_words(self.player, self.played)
        except Exception:  # the words are a nicety: the notation always reads
            return self.played_text

    def task(self) -> str:
        """ "Move 14: you played Queen d4 to d8 and lost 22% of your chance. Find a better move." """
        return (
            f"Move {self.ply}: you played {self.played_words()} and lost {percent(self.lost)}% "
            "of your winning chance. Find a better move."
        )


@dataclass(frozen=True)
class Verdict:
    """A try's judgement: ``ok`` when accepted; ``kind`` one of :data:`MISSED`, :data:`GOOD`,
    :data:`PLAYED`, :data:`SHORT`, :data:`ILLEGAL`; ``chance`` the mover's chance after it (None
    when not read); ``why`` the sentence for the player."""

    ok: bool
    kind: str
    chance: float | None
    why: str


def percent(share: float) -> int:
    """A share as a whole percentage (0 to 100)."""
    return max(0, min(100, round(share * 100)))


def positions(
    start: GameState, turns: Sequence[str], analysis: Analysis, players: Iterable[str]
) -> list[Position]:
    """Every move of ``players`` that ``analysis`` (of the game ``turns`` played from ``start``)
    marked a mistake or a blunder, in the order played. Notes that do not fit the game (another
    version's notation) are left out rather than practised wrong."""
    wanted = set(players)
    played = replay(start, turns)
    found: list[Position] = []
    for note in analysis.moves:
        if note.player not in wanted or note.mark not in PRACTISED or not 1 <= note.ply <= len(played):
            continue
        before, turn = played[note.ply - 1]
        move = turn.get(note.player)
        if move is None or before.move_to_text(note.player, move) != note.move:
            continue
        others = {p: m for p, m in turn.items() if p != note.player}
        found.append(
            Position(
                note.ply,
                note.player,
                before,
                move,
                note.move,
                note.mark,
                note.lost,
                note.best_chance,
                note.better,
                analysis.effort,
                others,
            )
        )
    return found


def chance_after(position: Position, move: Move) -> float:
    """The mover's chance after ``move``, read as the analysis reads it; in a game of secret orders
    the order's expected chance against the other side's mixture (:func:`game.analysis.order_worth`)."""
    if position.others:
        turn = {**position.others, position.player: position.played}
        return order_worth(position.before, turn, position.player, move, position.effort)[0]
    after = position.before.apply_turn({**position.others, position.player: move})
    first = first_chance(after, read(after, position.effort))
    return first if position.player == after.players[0] else 1.0 - first


def judge(position: Position, move: Move) -> Verdict:
    """Whether ``move`` is a better move in ``position`` (see the module's docstring), and why."""
    before, player = position.before, position.player
    try:
        before.check_move(player, move)
    except IllegalMoveError as exc:
        return Verdict(False, ILLEGAL, None, _sentence(exc.why))
    best = position.best_chance
    if move == position.better_move():
        return Verdict(
            True, MISSED, best, f"That is the move the game missed: it keeps {percent(best)}% of your chance."
        )
    if move == position.played:
        return Verdict(
            False, PLAYED, best - position.lost, "That is the move played in the game. Look for another."
        )
    mine = chance_after(position, move)
    if mine >= best - MARGIN - 1e-9:
        said = f"Good: that keeps {percent(mine)}% of your winning chance"
        said += "." if percent(mine) >= percent(best) else f", close to the best {percent(best)}%."
        return Verdict(True, GOOD, mine, said)
    return Verdict(
        False,
        SHORT,
        mine,
        f"Still loses {percent(best - mine)}% of your chance: that keeps {percent(mine)}%, "
        f"where {percent(best)}% was possible. Try again.",
    )


# -- across the worker's process boundary ----------------------------------------------------------
def query(position: Position, move_text: str) -> dict[str, Any]:
    """What the worker needs besides the game's record to judge ``move_text`` in ``position``: plain
    data, so the position is rebuilt there from the record (:func:`answer_for_record`)."""
    return {
        "ply": position.ply,
        "player": position.player,
        "move": move_text,
        "mark": position.mark,
        "lost": position.lost,
        "best_chance": position.best_chance,
        "better": position.better,
        "effort": position.effort,
    }


def position_in(start: GameState, turns: Sequence[str], asked: Mapping[str, Any]) -> Position:
    """The position a :func:`query` names, rebuilt from the game ``turns`` played from ``start``
    (a GameError or ValueError when it does not fit the game)."""
    ply, player = int(asked["ply"]), str(asked["player"])
    if not 1 <= ply <= len(turns):
        raise ValueError(f"the game has no move {ply}")
    before, turn = replay(start, turns[:ply])[-1]
    if player not in turn:
        raise ValueError(f"{player} did not move at move {ply}")
    better = asked.get("better")
    return Position(
        ply,
        player,
        before,
        turn[player],
        before.move_to_text(player, turn[player]),
        str(asked["mark"]),
        float(asked["lost"]),
        float(asked["best_chance"]),
        None if better is None else str(better),
        str(asked.get("effort") or "quick"),
        {p: m for p, m in turn.items() if p != player},
    )


def answer_for_record(record: dict[str, Any], asked: Mapping[str, Any]) -> str:
    """The worker's answer: the verdict on the query's move in the record's game, as JSON."""
    from game.match import Match

    match = Match.from_record(record)
    position = position_in(match.initial, match.move_texts(), asked)
    try:
        move = position.before.parse_move(position.player, str(asked["move"]))
    except GameError as exc:
        verdict = Verdict(False, ILLEGAL, None, _sentence(getattr(exc, "why", "") or str(exc)))
    else:
        verdict = judge(position, move)
    return json.dumps({"ok": verdict.ok, "kind": verdict.kind, "chance": verdict.chance, "why": verdict.why})


def read_verdict(text: str) -> Verdict:
    """The worker's JSON back into a :class:`Verdict` (ValueError on anything else)."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("the verdict is not an object")
    ok, kind, chance, why = data.get("ok"), data.get("kind"), data.get("chance"), data.get("why")
    if not isinstance(ok, bool) or not isinstance(kind, str) or not isinstance(why, str):
        raise ValueError("the verdict lacks its parts")
    if chance is not None and (isinstance(chance, bool) or not isinstance(chance, int | float)):
        raise ValueError("the verdict's chance is not a number")
    return Verdict(ok, kind, None if chance is None else float(chance), why)


def quick_verdict(position: Position, move: Move) -> Verdict | None:
    """The verdict when no reading is needed (a refused move, the better move, the move played),
    else None: the screen then asks the worker."""
    try:
        position.before.check_move(position.player, move)
    except IllegalMoveError as exc:
        return Verdict(False, ILLEGAL, None, _sentence(exc.why))
    if move == position.better_move() or move == position.played:
        return judge(position, move)
    return None


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if not text or text[-1] in ".!?" else text + "."


__all__ = [
    "GOOD",
    "ILLEGAL",
    "MARGIN",
    "MISSED",
    "PLAYED",
    "PRACTISED",
    "SHORT",
    "Position",
    "Verdict",
    "answer_for_record",
    "chance_after",
    "judge",
    "percent",
    "position_in",
    "positions",
    "query",
    "quick_verdict",
    "read_verdict",
]
