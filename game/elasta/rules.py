"""Elasta: the rules engine (RULES.md section 1).

The whole position is eight small integers: for each file A..H the stick value ``L``, the number of
ranks on White's side of the Battle Line (0..8). The token variant adds a 64-bit mask of deleted
squares and each player's tokens left. Square numbers are ``(rank - 1) * 8 + file`` (a1 = 0,
h1 = 7, a2 = 8, ..., h8 = 63).

Moves:

* an allotment is a tuple of eight chips, the chip for each file A..H (a permutation of 0..7),
  written as eight digits, ``05172463``;
* a token is a square number, or :data:`NO_TOKEN` when the player has nothing to place, written
  ``c2`` or ``-``.

The pure functions :func:`push`, :func:`contract` and :func:`resolve_turn` carry the rules of one
reveal; the state object only sequences phases, so the AI and the scene's reveal animation use the
very same code the game is decided by.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from game.core import IllegalMoveError, Move, NotationError, OptionSpec, Outcome
from game.turns import SimultaneousState

GAME_ID = "elasta"
WHITE = "white"
BLACK = "black"
PLAYERS: tuple[str, str] = (WHITE, BLACK)

FILES = "abcdefgh"
N_FILES = 8
N_RANKS = 8
START_LINE = 4
MAX_GAP = 2
TOKENS_EACH = 20
TURN_LIMIT = 300
RECENT_TURNS = 3
"""Allotment turns a state remembers (``ElastaState.recent``)."""
NO_TOKEN = -1
"""The token move of a player who has nothing to place (notation ``-``)."""

PHASE_ALLOT = "allot"
PHASE_TOKEN = "token"

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "tokens",
        "Token variant",
        "off",
        ("off", "on"),
        "On: after every turn each player deletes a square of their own territory (20 tokens each).",
    ),
)

Allotment = tuple[int, ...]
Lines = tuple[int, ...]
PastTurn = tuple[Lines, int, Allotment, Allotment]
"""One revealed allotment turn: the lines and deleted squares before it, White's and Black's chips."""


# -- squares ----------------------------------------------------------------------------------------
def square(file: int, rank: int) -> int:
    """The square number of ``file`` (0..7) and ``rank`` (1..8)."""
    return (rank - 1) * N_FILES + file


def square_name(sq: int) -> str:
    """``0 -> 'a1'``."""
    return f"{FILES[sq % N_FILES]}{sq // N_FILES + 1}"


def square_index(name: str) -> int:
    """``'c2' -> 10``; ValueError for anything that is not a square of the 8×8 board."""
    text = name.strip().lower()
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        raise ValueError(f"'{name}' is not a square (files a-h, ranks 1-8)")
    return square(FILES.index(text[0]), int(text[1]))


def live_below(deleted: int, file: int, line: int) -> int:
    """Non-deleted squares of ``file`` on White's side of a stick at ``line`` (ranks 1..line)."""
    return sum(1 for rank in range(1, line + 1) if not deleted >> square(file, rank) & 1)


def live_above(deleted: int, file: int, line: int) -> int:
    """Non-deleted squares of ``file`` on Black's side of a stick at ``line`` (ranks line+1..8)."""
    return sum(1 for rank in range(line + 1, N_RANKS + 1) if not deleted >> square(file, rank) & 1)


# -- one reveal -------------------------------------------------------------------------------------
def compare(white: Sequence[int], black: Sequence[int]) -> list[int]:
    """Per file: +1 White's chip is higher, -1 Black's is, 0 equal chips."""
    return [(w > b) - (w < b) for w, b in zip(white, black, strict=True)]


def push(lines: Sequence[int], results: Sequence[int], deleted: int = 0) -> list[int]:
    """The sticks after the pushes of one reveal (step 2), before the rubber band.

    A push moves a stick past exactly one non-deleted square of the loser, together with any
    deleted squares between the stick and it (ruling). Without deletions that is one rank. In a
    live game the loser always has such a square (otherwise they would already have lost); if not,
    the stick goes to the ground line."""
    out = list(lines)
    for file, result in enumerate(results):
        line = out[file]
        if result > 0:
            rank = line + 1
            while rank <= N_RANKS and deleted >> square(file, rank) & 1:
                rank += 1
            out[file] = min(rank, N_RANKS)
        elif result < 0:
            rank = line
            while rank >= 1 and deleted >> square(file, rank) & 1:
                rank -= 1
            out[file] = max(rank - 1, 0)
    return out


def contract(lines: Sequence[int]) -> list[list[int]]:
    """The rubber band (step 3): the sticks after each contraction round, in order.

    In one round every neighbour pair more than two physical ranks apart pulls both its sticks one
    rank toward each other; a stick moves by the sign of the sum of its pulls, so two pulls the
    same way still move it one rank and opposite pulls cancel. Rounds repeat until every gap is at
    most two (ruling). Each round moves sticks only toward values already between their
    neighbours', so no stick leaves 0..8; the cap only guards against a bug looping forever."""
    rounds: list[list[int]] = []
    current = list(lines)
    for _ in range(64):
        pulls = [0] * N_FILES
        stretched = False
        for i in range(N_FILES - 1):
            gap = current[i + 1] - current[i]
            if gap > MAX_GAP:
                pulls[i] += 1
                pulls[i + 1] -= 1
                stretched = True
            elif gap < -MAX_GAP:
                pulls[i] -= 1
                pulls[i + 1] += 1
                stretched = True
        if not stretched:
            return rounds
        current = [v + (p > 0) - (p < 0) for v, p in zip(current, pulls, strict=True)]
        rounds.append(current)
    raise AssertionError(f"the rubber band did not settle from {list(lines)}")


@dataclass(frozen=True)
class TurnReport:
    """What one reveal did, for the scene's animation: per-file comparison results (+1 White won
    the file, -1 Black did, 0 tie), the sticks after the pushes, and after each band round."""

    results: list[int]
    pushed: list[int]
    rounds: list[list[int]]

    @property
    def final(self) -> list[int]:
        """The sticks after contraction (the new ``lines``)."""
        return self.rounds[-1] if self.rounds else self.pushed


def resolve_turn(
    lines: Sequence[int], white: Sequence[int], black: Sequence[int], deleted: int = 0
) -> TurnReport:
    """Steps 2 and 3 of a turn: compare the chips, push, contract."""
    results = compare(white, black)
    pushed = push(lines, results, deleted)
    return TurnReport(results, pushed, contract(pushed))


def losers(lines: Sequence[int], deleted: int = 0) -> tuple[list[int], list[int]]:
    """Files in which White / Black has lost: no non-deleted square is left between the stick and
    that player's ground line (without deletions: the stick is at 0 / at 8)."""
    white_lost = [f for f, line in enumerate(lines) if live_below(deleted, f, line) == 0]
    black_lost = [f for f, line in enumerate(lines) if live_above(deleted, f, line) == 0]
    return white_lost, black_lost


def _end_outcome(lines: Sequence[int], deleted: int, tokens: bool) -> Outcome | None:
    white_lost, black_lost = losers(lines, deleted)
    if not white_lost and not black_lost:
        return None

    def where(files: list[int]) -> str:
        names = [FILES[f].upper() for f in files]
        return ("file " if len(names) == 1 else "files ") + ", ".join(names)

    if tokens:
        what = "No square is left between the stick and {}'s ground line in {}."
    else:
        what = "A stick reached {}'s ground line in {}."
    if white_lost and black_lost:
        return Outcome(
            None,
            f"Both ground lines were reached at once (White: {where(white_lost)}; "
            f"Black: {where(black_lost)}).",
        )
    if white_lost:
        return Outcome(BLACK, what.format("White", where(white_lost)))
    return Outcome(WHITE, what.format("Black", where(black_lost)))


# -- moves ------------------------------------------------------------------------------------------
_ALL_ALLOTMENTS: tuple[Allotment, ...] | None = None


def all_allotments() -> tuple[Allotment, ...]:
    """All 40,320 permutations of 0..7, built once (about 5 MB) and shared."""
    global _ALL_ALLOTMENTS
    if _ALL_ALLOTMENTS is None:
        _ALL_ALLOTMENTS = tuple(itertools.permutations(range(N_FILES)))
    return _ALL_ALLOTMENTS


def why_bad_allotment(move: object) -> str | None:
    """None if ``move`` is a permutation of 0..7, else the reason in players' words."""
    if not isinstance(move, tuple) or len(move) != N_FILES:
        return "an allotment gives one chip to each of the eight files A-H"
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in move):
        return "an allotment is made of chips numbered 0-7"
    bad = [c for c in move if not 0 <= c <= 7]
    if bad:
        return f"the chips are numbered 0-7: there is no chip {bad[0]}"
    for chip in range(N_FILES):
        count = move.count(chip)
        if count > 1:
            times = "twice" if count == 2 else f"{count} times"
            missing = ", ".join(str(c) for c in range(N_FILES) if c not in move)
            return f"an allotment uses each chip 0-7 exactly once: {chip} appears {times} ({missing} missing)"
    return None


def allotment_text(move: Sequence[int]) -> str:
    return "".join(str(c) for c in move)


# -- the state --------------------------------------------------------------------------------------
class ElastaState(SimultaneousState):
    """An Elasta position: the sticks, the phase, the turn count and (token variant) the deleted
    squares and tokens left. Immutable; ``apply_turn`` returns a new state.

    ``last_report`` is the :class:`TurnReport` of the allotment turn that led here (None at the
    start and after a token sub-turn) so the scene can animate the reveal it just received.
    ``recent`` holds the last :data:`RECENT_TURNS` allotment turns as ``(lines, deleted, white,
    black)`` (public once revealed) so the computer can notice an opponent's fixed habit. Neither
    is part of the position: they do not affect equality."""

    game_id = GAME_ID
    players = PLAYERS
    player_scope = " in Elasta"
    missing_reason = "both White and Black must choose before the reveal"

    def __init__(
        self,
        lines: Sequence[int] = (START_LINE,) * N_FILES,
        *,
        tokens: bool = False,
        phase: str = PHASE_ALLOT,
        turn: int = 0,
        deleted: int = 0,
        tokens_left: tuple[int, int] = (TOKENS_EACH, TOKENS_EACH),
        last_report: TurnReport | None = None,
        outcome: Outcome | None = None,
        recent: tuple[PastTurn, ...] = (),
    ) -> None:
        self.lines: Lines = tuple(lines)
        self.tokens = tokens
        self.phase = phase
        self.turn = turn
        self.deleted = deleted
        self.tokens_left = tokens_left
        self.last_report = last_report
        self._outcome = outcome
        self.recent = recent

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> ElastaState:
        return cls(tokens=options.get("tokens", "off") == "on")

    def key(self) -> tuple[Any, ...]:
        return (self.lines, self.tokens, self.phase, self.turn, self.deleted, self.tokens_left, self._outcome)

    def __repr__(self) -> str:
        return f"ElastaState(lines={list(self.lines)}, phase={self.phase!r}, turn={self.turn})"

    # -- queries --------------------------------------------------------------------------------
    def territory(self, player: str) -> list[int]:
        """The player's non-deleted territory squares (White: ranks 1..L, Black: L+1..8)."""
        out: list[int] = []
        for file, line in enumerate(self.lines):
            ranks = range(1, line + 1) if player == WHITE else range(line + 1, N_RANKS + 1)
            out.extend(square(file, r) for r in ranks if not self.deleted >> square(file, r) & 1)
        return sorted(out)

    def tokens_of(self, player: str) -> int:
        return self.tokens_left[PLAYERS.index(player)]

    def can_place(self, player: str) -> bool:
        return self.tokens_of(player) > 0 and bool(self.territory(player))

    # -- moves ----------------------------------------------------------------------------------
    def legal_moves(self, player: str) -> Sequence[Move]:
        if player not in self.to_move():
            return ()
        if self.phase == PHASE_ALLOT:
            return all_allotments()
        if not self.can_place(player):
            return (NO_TOKEN,)
        return tuple(self.territory(player))

    def random_move(self, player: str, rng: random.Random) -> Move:
        if self.phase == PHASE_ALLOT:
            chips = list(range(N_FILES))
            rng.shuffle(chips)
            return tuple(chips)
        return rng.choice(list(self.legal_moves(player)))

    def why_illegal(self, player: str, move: Move) -> str | None:
        """None if ``move`` is legal for ``player`` in this sub-turn, else the reason in players' words."""
        if self.phase == PHASE_ALLOT:
            return why_bad_allotment(move)
        if not isinstance(move, int) or isinstance(move, bool) or not (move == NO_TOKEN or 0 <= move < 64):
            return "in the token sub-turn a player places one token on a square, like c2, or writes -"
        who = player.title()
        if move == NO_TOKEN:
            if self.can_place(player):
                return (
                    f"{who} must place a token: {who} has {self.tokens_of(player)} left "
                    "and free squares in their territory"
                )
            return None
        if self.tokens_of(player) == 0:
            return f"{who} has no tokens left: write -"
        file, rank = move % N_FILES, move // N_FILES + 1
        line = self.lines[file]
        if (rank <= line) != (player == WHITE):
            own = f"ranks 1-{line}" if player == WHITE else f"ranks {line + 1}-8"
            if (player == WHITE and line == 0) or (player == BLACK and line == N_RANKS):
                return (
                    f"{square_name(move)} is not in {who}'s territory ({who} has no squares in file "
                    f"{FILES[file].upper()})"
                )
            return (
                f"{square_name(move)} is not in {who}'s territory ({who} holds {own} of file "
                f"{FILES[file].upper()})"
            )
        if self.deleted >> move & 1:
            return f"{square_name(move)} is already deleted"
        return None

    # -- applying -------------------------------------------------------------------------------
    def _resolve(self, turn: Mapping[str, Move]) -> ElastaState:
        # Both moves are checked: allotments (tuples of chips) in that phase, else token squares.
        if self.phase == PHASE_ALLOT:
            return self._apply_allotments(cast(Allotment, turn[WHITE]), cast(Allotment, turn[BLACK]))
        return self._apply_tokens(cast(int, turn[WHITE]), cast(int, turn[BLACK]))

    def _apply_allotments(self, white: Allotment, black: Allotment) -> ElastaState:
        report = resolve_turn(self.lines, white, black, self.deleted)
        lines = tuple(report.final)
        turn = self.turn + 1
        outcome = _end_outcome(lines, self.deleted, self.tokens)
        recent = (*self.recent, (self.lines, self.deleted, white, black))[-RECENT_TURNS:]
        after = ElastaState(
            lines,
            tokens=self.tokens,
            turn=turn,
            deleted=self.deleted,
            tokens_left=self.tokens_left,
            last_report=report,
            outcome=outcome,
            recent=recent,
        )
        if outcome is not None:
            return after
        if self.tokens and (after.can_place(WHITE) or after.can_place(BLACK)):
            after.phase = PHASE_TOKEN
            return after
        if turn >= TURN_LIMIT:
            after._outcome = Outcome(None, f"No winner after {TURN_LIMIT} turns.")
        return after

    def _apply_tokens(self, white: int, black: int) -> ElastaState:
        deleted = self.deleted
        left = list(self.tokens_left)
        for index, sq in enumerate((white, black)):
            if sq != NO_TOKEN:
                deleted |= 1 << sq
                left[index] -= 1
        outcome = _end_outcome(self.lines, deleted, True)
        if outcome is None and self.turn >= TURN_LIMIT:
            outcome = Outcome(None, f"No winner after {TURN_LIMIT} turns.")
        return ElastaState(
            self.lines,
            tokens=True,
            turn=self.turn,
            deleted=deleted,
            tokens_left=(left[0], left[1]),
            outcome=outcome,
            recent=self.recent,
        )

    # -- notation -------------------------------------------------------------------------------
    def move_to_text(self, player: str, move: Move) -> str:
        if self.phase == PHASE_ALLOT:
            if not isinstance(move, tuple):
                raise TypeError(f"not an Elasta allotment: {move!r}")
            return allotment_text(move)
        if move == NO_TOKEN:
            return "-"
        if not isinstance(move, int) or not 0 <= move < 64:
            raise TypeError(f"not an Elasta token square: {move!r}")
        return square_name(move)

    def move_squares(self, player: str, move: Move) -> list[str]:
        """A token's square (none for ``-``). An allotment names files, one chip each, in file order
        A-H: each file stands for ``player``'s front square there, the live square nearest the
        stick, which is exactly what losing that file gives up (the push passes one live square)."""
        if self.phase != PHASE_ALLOT:
            return [] if move == NO_TOKEN else [square_name(int(cast(int, move)))]
        fronts: list[str] = []
        for file, line in enumerate(self.lines):
            ranks = range(line, 0, -1) if player == WHITE else range(line + 1, N_RANKS + 1)
            front = next((r for r in ranks if not self.deleted >> square(file, r) & 1), None)
            if front is not None:  # a file with no square of the player's left: the game is over
                fronts.append(square_name(square(file, front)))
        return fronts

    def parse_move(self, player: str, text: str) -> Move:
        raw = text
        text = "".join(text.split()).lower()
        if not text:
            raise NotationError(raw, "the move is empty")
        refused = self.why_cannot_move(player)
        if refused:
            raise IllegalMoveError(raw, refused)
        move: Move
        if self.phase == PHASE_ALLOT:
            if not text.isdigit():
                hint = (
                    " (tokens are placed only after a turn's reveal)"
                    if self.tokens and (text == "-" or text[0] in FILES)
                    else ""
                )
                raise NotationError(
                    raw, f"an allotment is eight digits, the chips 0-7 for files A-H, like 05172463{hint}"
                )
            if len(text) != N_FILES:
                raise NotationError(
                    raw, f"an allotment has eight digits, one chip per file A-H (this has {len(text)})"
                )
            move = tuple(int(ch) for ch in text)
        elif text == "-":
            move = NO_TOKEN
        else:
            if text.isdigit():
                raise NotationError(
                    raw,
                    "it is the token sub-turn: place a token on a square of your "
                    "territory, like c2 (or - with none to place)",
                )
            try:
                move = square_index(text)
            except ValueError:
                raise NotationError(
                    raw, "a token goes on a square, files a-h and ranks 1-8 like c2, or - with none to place"
                ) from None
        why = self.why_illegal(player, move)
        if why:
            raise IllegalMoveError(raw, why)
        return move

    def ended_by_cap(self) -> bool:
        """No file reached a ground line: the game stopped on the turn limit, not by play."""
        for file, line in enumerate(self.lines):
            live = [not self.deleted >> square(file, rank) & 1 for rank in range(1, N_RANKS + 1)]
            if not any(live[:line]) or not any(live[line:]):
                return False
        return True

    # -- description ----------------------------------------------------------------------------
    def score(self) -> dict[str, int]:
        """Ranks gained past the starting line, summed over the files each side is ahead in."""
        return {
            WHITE: sum(max(0, line - START_LINE) for line in self.lines),
            BLACK: sum(max(0, START_LINE - line) for line in self.lines),
        }

    def position(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "lines": list(self.lines),
            "phase": self.phase,
            "turn": self.turn,
            "to_move": list(self.to_move()),
            "tokens": self.tokens,
        }
        if self.tokens:
            data["deleted"] = [square_name(sq) for sq in range(64) if self.deleted >> sq & 1]
            data["tokens_left"] = {WHITE: self.tokens_left[0], BLACK: self.tokens_left[1]}
        return data

    def __str__(self) -> str:
        """Rank 8 (Black's side) on top. ``.`` a square, ``x`` a deleted square, ``===`` the stick of
        that file on the border between two ranks (at the top edge: L = 8, bottom edge: L = 0)."""
        header = "     " + "   ".join(FILES.upper())
        rows = [header + "     BLACK"]

        def border(level: int) -> str:
            cells = ["===" if line == level else "   " for line in self.lines]
            return ("    " + " ".join(cells)).rstrip()

        for rank in range(N_RANKS, 0, -1):
            rows.append(border(rank))
            cells = [" x " if self.deleted >> square(f, rank) & 1 else " . " for f in range(N_FILES)]
            rows.append(f"  {rank} " + " ".join(cells).rstrip())
        rows.append(border(0))
        rows.append(header + "     WHITE")
        rows.append("L: " + " ".join(str(line) for line in self.lines) + f"   turn {self.turn}")
        if self.tokens:
            rows.append(f"tokens left: white {self.tokens_left[0]}, black {self.tokens_left[1]}")
        outcome = self.outcome()
        if outcome is not None:
            rows.append(f"over: {outcome.winner or 'draw'} — {outcome.reason}")
        else:
            rows.append("white and black " + ("allot chips" if self.phase == PHASE_ALLOT else "place tokens"))
        return "\n".join(rows)


def new_state(options: Mapping[str, str]) -> ElastaState:
    """The register's factory: a fresh game, all sticks between ranks 4 and 5."""
    return ElastaState.from_options(options)
