"""A finished (or unfinished) game, move by move: each side's winning chance after every move and a
mark for what the move threw away.

**Alternating games.** A move is compared with the best move the quick search found in the same
position: both resulting positions are read the same way (the opponent to move in each), and the
mark is by the mover's chance lost between them. Reading the two children alike keeps the side to
move's own bonus (a tempo term, a quiescence) out of the comparison. In a solved position (an
ending, Elephant Run's solver) chances are 1 and 0, so a move that turns a won game into a lost one
loses a whole 1 and is a blunder.

**Simultaneous games** (Elasta, Nelaxtam): the chance is read between turns (the value of the coming
turn's matrix game). An order is judged against the other side's *equilibrium mixture*, not against
the order it happened to meet: the turn's matrix game over each side's candidate orders (the orders
played, then the game's candidates: the support of hard's equilibrium at the effort,
:func:`game.chance.turn_candidates`), every pair read as the chance after it, is solved exactly; an
order's worth is its expected chance against the other side's mixture, the best order's worth is
the game's value, and the mark is by the difference. An order in the equilibrium's support loses
nothing however the turn fell out (a guess that met the wrong guess is luck, not a mistake); an
order the other side's mixture punishes loses what it gives up on average. The chance after the
turn, shown on the graph, is what really happened.

**Marks** by the mover's chance lost: at least :data:`INACCURACY` (5 points of percentage) an
inaccuracy, :data:`MISTAKE` (10) a mistake, :data:`BLUNDER` (20) a blunder; below, good. The
thresholds are those chess sites use on their win-probability graphs, and the agreement benchmark
(``python -m game analyse --bench``) measures how often a deeper look gives the same marks.

The result is plain dataclasses with a ``to_json`` a save can keep and ``from_json`` to read it back;
:func:`analyse` takes a progress callback so a worker can report as it goes.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.chance import Reading, chances, first_chance, read, turn_candidates
from game.core import GameState, Move

INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.20
MARKS: tuple[str, ...] = ("good", "inaccuracy", "mistake", "blunder")
ORDER = MARKS
"""The marks from the lightest to the heaviest."""
WORDS: dict[str, tuple[str, str]] = {
    "inaccuracy": ("inaccuracy", "inaccuracies"),
    "mistake": ("mistake", "mistakes"),
    "blunder": ("blunder", "blunders"),
}


def mark_for(lost: float) -> str:
    """The mark of a move that threw away ``lost`` of the mover's chance."""
    if lost >= BLUNDER:
        return "blunder"
    if lost >= MISTAKE:
        return "mistake"
    if lost >= INACCURACY:
        return "inaccuracy"
    return "good"


@dataclass(frozen=True)
class MoveNote:
    """One move: ``ply`` counts turns from 1 (both orders of a simultaneous turn share it);
    ``chance`` is each side's after the turn; ``lost`` the mover's chance thrown away against
    ``best_chance``, what the better move would have kept; ``better`` that move in notation when
    the move is marked (else None). In a game of secret orders ``lost`` and ``best_chance`` are
    expected chances against the other side's equilibrium mixture (see the module's docstring)."""

    ply: int
    player: str
    move: str
    chance: dict[str, float]
    mark: str
    better: str | None
    lost: float = 0.0
    best_chance: float = 0.0
    reason: str = ""
    """Why ``better`` is better, in one sentence of the game's words (:func:`explained`); "" when
    not worked out."""

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "player": self.player,
            "move": self.move,
            "chance": {p: round(c, 4) for p, c in self.chance.items()},
            "mark": self.mark,
            "better": self.better,
            "lost": round(self.lost, 4),
            "best_chance": round(self.best_chance, 4),
            **({"reason": self.reason} if self.reason else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MoveNote:
        mark = str(data["mark"])
        if mark not in MARKS:
            raise ValueError(f"unknown mark {mark!r}")
        better = data.get("better")
        return cls(
            int(data["ply"]),
            str(data["player"]),
            str(data["move"]),
            {str(p): float(c) for p, c in dict(data["chance"]).items()},
            mark,
            None if better is None else str(better),
            float(data.get("lost", 0.0)),
            float(data.get("best_chance", 0.0)),
            str(data.get("reason") or ""),
        )


@dataclass(frozen=True)
class Analysis:
    """A game's analysis: the chances before the first move, then a note per move (per player's
    order in a simultaneous turn)."""

    game: str
    effort: str
    players: tuple[str, ...]
    start: dict[str, float]
    moves: tuple[MoveNote, ...] = field(default=())

    def counts(self, player: str) -> dict[str, int]:
        """How many of ``player``'s moves got each mark."""
        out = dict.fromkeys(MARKS, 0)
        for note in self.moves:
            if note.player == player:
                out[note.mark] += 1
        return out

    def summary(self, player: str) -> str:
        """ "3 mistakes, 1 blunder"; "no inaccuracies, mistakes or blunders" for a clean game."""
        counts = self.counts(player)
        parts = [
            f"{counts[mark]} {WORDS[mark][0] if counts[mark] == 1 else WORDS[mark][1]}"
            for mark in MARKS[1:]
            if counts[mark]
        ]
        return ", ".join(parts) if parts else "no inaccuracies, mistakes or blunders"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "effort": self.effort,
            "players": list(self.players),
            "start": {p: round(c, 4) for p, c in self.start.items()},
            "moves": [note.to_json() for note in self.moves],
            "summary": {p: self.counts(p) for p in self.players},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Analysis:
        """Read back what :meth:`to_json` wrote (a ValueError, KeyError or TypeError if damaged)."""
        return cls(
            str(data["game"]),
            str(data["effort"]),
            tuple(str(p) for p in data["players"]),
            {str(p): float(c) for p, c in dict(data["start"]).items()},
            tuple(MoveNote.from_json(note) for note in data["moves"]),
        )


Progress = Callable[[int, int], None]
"""Told ``(moves done, moves in all)`` after each turn."""


class _Reader:
    """Readings at one effort, kept by position: each position of the game is read once, though
    it is both the position after one move and the one before the next."""

    def __init__(self, effort: str) -> None:
        self.effort = effort
        self.kept: dict[Hashable, Reading] = {}

    def reading(self, state: GameState) -> Reading:
        key = (state.key(), state.to_move())
        found = self.kept.get(key)
        if found is None:
            found = self.kept[key] = read(state, self.effort)
        return found

    def chance(self, state: GameState, player: str) -> float:
        first = first_chance(state, self.reading(state))
        return first if player == state.players[0] else 1.0 - first


def replay(start: GameState, turns: Sequence[str]) -> list[tuple[GameState, dict[str, Move]]]:
    """Each turn in notation parsed against the position it is played in: ``(before, moves)``.
    Raises the rules' :class:`~game.core.GameError` on a turn that cannot be played there."""
    out: list[tuple[GameState, dict[str, Move]]] = []
    state = start
    for text in turns:
        turn = state.parse_turn(text)
        after = state.apply_turn(turn)
        out.append((state, turn))
        state = after
    return out


def analyse(
    start: GameState, turns: Sequence[str], effort: str = "quick", progress: Progress | None = None
) -> Analysis:
    """Every turn of ``turns`` (notation, as records keep them) played from ``start``, with chances
    and marks (see the module's docstring)."""
    played = replay(start, turns)
    reader = _Reader(effort)
    notes: list[MoveNote] = []
    for number, (before, turn) in enumerate(played, start=1):
        after = before.apply_turn(turn)
        if len(turn) == 1:
            notes.append(_alternating(reader, number, before, turn, after))
        else:
            notes.extend(_simultaneous(reader, number, before, turn, after))
        if progress is not None:
            progress(number, len(played))
    start_first = first_chance(start, reader.reading(start))
    return Analysis(start.game_id, effort, tuple(start.players), chances(start, start_first), tuple(notes))


def _alternating(
    reader: _Reader, number: int, before: GameState, turn: Mapping[str, Move], after: GameState
) -> MoveNote:
    ((player, move),) = turn.items()
    text = before.move_to_text(player, move)
    mine = reader.chance(after, player)
    first = reader.chance(after, after.players[0])
    here = reader.reading(before)
    best = here.best
    kept = mine
    if (here.value is not None or here.exact is not None) and best is not None and best != move:
        kept = max(mine, reader.chance(before.apply_turn({player: best}), player))
    lost = kept - mine
    mark = mark_for(lost)
    better = before.move_to_text(player, best) if mark != "good" and best is not None else None
    return MoveNote(number, player, text, chances(after, first), mark, better, lost, kept)


@dataclass(frozen=True)
class TurnMatrix:
    """The matrix game of one turn of secret orders, as the analysis weighs it: each side's
    candidate orders (the ones played first, then the game's candidates), the first player's chance
    after each pair, and the equilibrium (``value``, mixtures ``rows_mix`` and ``cols_mix``)."""

    rows: tuple[Move, ...]
    cols: tuple[Move, ...]
    matrix: tuple[tuple[float, ...], ...]
    value: float
    rows_mix: tuple[float, ...]
    cols_mix: tuple[float, ...]

    def worth(self, first_player: bool, index: int) -> float:
        """The chance of candidate ``index`` of a side (its own chance), against the other side's
        equilibrium mixture."""
        if first_player:
            return sum(p * v for p, v in zip(self.cols_mix, self.matrix[index], strict=True))
        return 1.0 - sum(p * row[index] for p, row in zip(self.rows_mix, self.matrix, strict=True))

    def best(self, first_player: bool) -> tuple[int, float]:
        """A side's best candidate against the other's mixture (ties: the likeliest in its own
        mixture) and its chance."""
        count = len(self.rows if first_player else self.cols)
        mix = self.rows_mix if first_player else self.cols_mix
        worths = [self.worth(first_player, i) for i in range(count)]
        top = max(worths)
        index = max((i for i in range(count) if worths[i] >= top - 1e-9), key=lambda i: (mix[i], -i))
        return index, worths[index]


def turn_game(
    reader: _Reader, before: GameState, turn: Mapping[str, Move], extra: Mapping[str, Move] | None = None
) -> TurnMatrix:
    """The turn's matrix game: the orders in ``turn`` (and ``extra``, another order to weigh) first,
    then the game's candidates (:func:`game.chance.turn_candidates`), each pair read at the
    reader's effort and solved exactly (:func:`game.matrix.solve_matrix`)."""
    from game.matrix import solve_matrix

    first, second = before.players[0], before.players[1]
    offered = turn_candidates(before, reader.effort)

    def pool(player: str) -> tuple[Move, ...]:
        own = [turn[player]] + ([extra[player]] if extra and player in extra else [])
        return tuple(dict.fromkeys([*own, *offered.get(player, [])]))

    rows, cols = pool(first), pool(second)
    matrix = tuple(
        tuple(reader.chance(before.apply_turn({first: a, second: b}), first) for b in cols) for a in rows
    )
    value, x, y = solve_matrix([list(row) for row in matrix])
    return TurnMatrix(rows, cols, matrix, value, tuple(x), tuple(y))


def _simultaneous(
    reader: _Reader, number: int, before: GameState, turn: Mapping[str, Move], after: GameState
) -> list[MoveNote]:
    first = reader.chance(after, after.players[0])
    game = turn_game(reader, before, turn)
    notes = []
    for player, move in turn.items():
        is_first = player == before.players[0]
        mine = game.worth(is_first, 0)
        index, kept = game.best(is_first)
        lost = max(0.0, kept - mine)
        mark = mark_for(lost)
        better_move = (game.rows if is_first else game.cols)[index]
        better = before.move_to_text(player, better_move) if mark != "good" and index != 0 else None
        notes.append(
            MoveNote(
                number,
                player,
                before.move_to_text(player, move),
                chances(after, first),
                mark,
                better,
                lost,
                kept,
            )
        )
    return notes


def order_worth(
    before: GameState, turn: Mapping[str, Move], player: str, move: Move, effort: str = "quick"
) -> tuple[float, float]:
    """In a game of secret orders: ``move`` as ``player``'s order in the turn ``turn`` was played
    in, judged as the analysis judges the order played (:func:`analyse`): its chance against the
    other side's equilibrium mixture, and the best chance there (with ``move`` among the
    candidates). For practising a marked order (:mod:`game.practice`)."""
    game = turn_game(_Reader(effort), before, turn, {player: move})
    is_first = player == before.players[0]
    pool = game.rows if is_first else game.cols
    return game.worth(is_first, pool.index(move)), game.best(is_first)[1]


def explained(
    analysis: Analysis, start: GameState, turns: Sequence[str], progress: Progress | None = None
) -> Analysis:
    """``analysis`` of the game ``turns`` played from ``start``, each better move given the game's
    reason for it (:func:`game.hint.explain`, as a hint's): worked out where the analysis is, since in
    the games of secret orders one reason takes a good part of a second. ``progress`` is told
    ``(reasons done, reasons in all)``."""
    import contextlib

    from game.hint import explain

    played = replay(start, turns)
    wanted = [i for i, note in enumerate(analysis.moves) if note.better and not note.reason]
    notes = list(analysis.moves)
    for done, index in enumerate(wanted, start=1):
        note = notes[index]
        if 1 <= note.ply <= len(played) and note.better is not None:
            before = played[note.ply - 1][0]
            with contextlib.suppress(Exception):  # the reason is a bonus: never lose the analysis to it
                move = before.parse_move(note.player, note.better)
                notes[index] = replace(note, reason=explain(before, note.player, move).reason)
        if progress is not None:
            progress(done, len(wanted))
    return replace(analysis, moves=tuple(notes))


def by_turn(analysis: Analysis) -> list[list[MoveNote]]:
    """The notes turn by turn (a turn of a simultaneous game has one note per player's order), in
    order of ply; a ply with no note gets an empty list."""
    turns: list[list[MoveNote]] = [[] for _ in range(max((n.ply for n in analysis.moves), default=0))]
    for note in analysis.moves:
        if note.ply >= 1:
            turns[note.ply - 1].append(note)
    return turns


def fits(analysis: Analysis, game_id: str, played: Sequence[Mapping[str, str]]) -> bool:
    """Whether ``analysis`` is of exactly the game played: the same game and, turn by turn, the same
    moves (``played``: each turn's moves in notation by player). An analysis kept with a game that
    was since undone, or one from another file, must not mark moves it never saw."""
    if analysis.game != game_id:
        return False
    turns = by_turn(analysis)
    if len(turns) != len(played):
        return False
    return all(
        len(notes) == len(moves) and all(moves.get(n.player) == n.move for n in notes)
        for notes, moves in zip(turns, played, strict=True)
    )


def agreement(quick: Analysis, deep: Analysis) -> float:
    """The share of moves whose mark is the same in both analyses (of the same game)."""
    pairs = list(zip(quick.moves, deep.moves, strict=True))
    if not pairs:
        return 1.0
    return sum(a.mark == b.mark for a, b in pairs) / len(pairs)


__all__ = [
    "BLUNDER",
    "INACCURACY",
    "MARKS",
    "MISTAKE",
    "ORDER",
    "Analysis",
    "MoveNote",
    "agreement",
    "analyse",
    "by_turn",
    "explained",
    "fits",
    "mark_for",
    "order_worth",
    "replay",
    "turn_game",
]
