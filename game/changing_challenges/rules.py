"""Changing Challenges: the game state behind the contract (RULES.md section 5).

A position is the 105-square board of :mod:`game.changing_challenges.board` (storage included, as
a tuple), the side to move and the en passant square. The state also carries what the draw rules
need: the plies since the last capture and the positions seen since then (a knock-out fills
storage and a merge removes a piece, so no earlier position can come back after a capture and
the repetition history stays short).

A move is ``(from, to, kind)``; notation ``c4-c5`` (move), ``c4xd5`` (knock-out), ``c4&d5``
(merge). En passant is written with the square the capturing pawn lands on.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Literal, cast

from game.changing_challenges import board as B
from game.core import GameError, GameState, Move, NotationError, OptionSpec, Outcome
from game.turns import AlternatingState

GAME_ID = "changing-challenges"
PLAYERS: tuple[str, str] = ("triangles", "circles")
DRAW_PLIES = 100
"""RULES.md's "100 moves in a row with no capture", read as 100 turns (plies), the unit the
project's move list numbers; see docs/games/changing-challenges.md."""

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "pieces",
        "Piece set",
        "standard",
        tuple(B.PIECE_SETS),
        "Besides the king: standard 3Q 2R 4B 4P · no-rooks 3Q 4B 6P · many-pawns 2Q 2R 2B 7P.",
    ),
)

PlayMove = tuple[int, int, int]
PositionKey = tuple[tuple[int, ...], int, int]
"""What the state's ``history`` holds (the shared clock only knows it as hashable): the board, the
side to move and the en passant square."""
_NOTATION = re.compile(r"^\s*([a-g])(\d{1,2})\s*([-x&])\s*([a-g])(\d{1,2})\s*$", re.IGNORECASE)


def _side_of(player: str) -> int:
    return PLAYERS.index(player)


def piece_text(value: int) -> str:
    """'the circles bishop' style description of a signed board value."""
    owner = PLAYERS[0 if value > 0 else 1]
    return f"{owner} {B.PIECE_NAMES[abs(value)]}"


class ChangingChallengesState(AlternatingState):
    """A Changing Challenges position: immutable and hashable (board, side to move, en passant)."""

    game_id = GAME_ID
    players = PLAYERS
    draw_plies = DRAW_PLIES
    repetition_reason = "The same position occurred three times."
    quiet_reason = f"{DRAW_PLIES} moves in a row without a capture."
    __slots__ = ("_moves", "_outcome", "board", "ep", "history", "moment", "pieces", "quiet_plies", "side")

    def __init__(
        self,
        board: Sequence[int] | None = None,
        side: int = B.TRIANGLES,
        ep: int = -1,
        pieces: str = "standard",
        quiet_plies: int = 0,
        history: tuple[Hashable, ...] | None = None,  # PositionKey each
        moment: int | None = None,
    ) -> None:
        self.board: tuple[int, ...] = tuple(board) if board is not None else tuple(B.start_board(pieces))
        self.side = side
        self.ep = ep
        self.pieces = pieces
        self.quiet_plies = quiet_plies
        self.moment = B.moment_of(self.board) if moment is None else moment
        self.history = history if history is not None else (self.key(),)
        self._moves: list[PlayMove] | None = None
        self._outcome: Outcome | Literal[False] | None = False  # False: not computed yet

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> ChangingChallengesState:
        return cls(pieces=options.get("pieces", "standard"))

    @classmethod
    def from_text(cls, text: str, options: Mapping[str, str] | None = None) -> ChangingChallengesState:
        """A position from its text form (see :meth:`text`); GameError naming what is wrong."""
        pieces = (options or {}).get("pieces", "standard")
        parts = text.strip().split()
        if len(parts) not in (2, 3) or parts[1].lower() not in ("t", "c"):
            raise GameError(
                "a position is 15 ranks joined by '/', a space, 't' or 'c' (the side to "
                "move) and optionally the en passant square"
            )
        ranks = parts[0].split("/")
        if len(ranks) != B.HEIGHT:
            raise GameError(f"a position has 15 ranks separated by '/', not {len(ranks)}")
        board = [0] * B.SIZE
        for index, row in enumerate(ranks):
            rank = B.HEIGHT - index
            if len(row) != B.WIDTH:
                raise GameError(f"rank {rank} must have 7 squares (a-g), not {len(row)}")
            for file, char in enumerate(row):
                if char == ".":
                    continue
                weight = B.LETTER_WEIGHTS.get(char.upper())
                if weight is None:
                    raise GameError(
                        f"rank {rank}: '{char}' is not one of P B R Q K (Triangles), "
                        "p b r q k (Circles) or '.'"
                    )
                board[(rank - 1) * B.WIDTH + file] = weight if char.isupper() else -weight
        for side in (B.TRIANGLES, B.CIRCLES):
            name = PLAYERS[side]
            sign = B.SIGN[side]
            kings = sum(1 for p in board if p == B.KING * sign)
            if kings != 1:
                raise GameError(
                    f"{name} must have exactly one king (on the board or in storage), not {kings}"
                )
            fill = B.STORAGE_FILL[side]
            stored = [bool(board[sq]) for sq in fill]
            if any(later and not earlier for earlier, later in itertools.pairwise(stored)):
                raise GameError(f"{name}' storage must fill line 6 first, from the owner's left, then line 7")
            if any(board[sq] and board[sq] * sign < 0 for sq in fill):
                raise GameError(f"only {name} pieces are stored on {name}' storage squares")
            for sq in B.PLAYABLE:
                if board[sq] == sign and B.PAWN_PROMO[side][sq]:
                    raise GameError(f"a {name} pawn on {B.square_name(sq)} would have become a queen")
        side = B.TRIANGLES if parts[1].lower() == "t" else B.CIRCLES
        ep = -1
        if len(parts) == 3 and parts[2] != "-":
            try:
                ep = B.square_index(parts[2])
            except ValueError as exc:
                raise GameError(str(exc)) from None
            # The opposing pawn stepped past ``ep``; it stands one square further along its own
            # direction of travel.
            behind = ep + B.FORWARD[1 - side]
            if (
                not B.IS_PLAYABLE[ep]
                or board[ep]
                or not 0 <= behind < B.SIZE
                or board[behind] != -B.SIGN[side]
            ):
                raise GameError(f"{parts[2]} is not a square an opposing pawn has just passed")
        return cls(board, side, ep, pieces)

    # -- identity -------------------------------------------------------------------------------
    def key(self) -> tuple[tuple[int, ...], int, int]:
        """The position, side to move and en passant square: what the repetition rule compares."""
        return (self.board, self.side, self.ep)

    def __repr__(self) -> str:
        return f"ChangingChallengesState({self.text()!r})"

    def at(self, sq: int) -> dict[str, Any] | None:
        """``{"owner", "kind", "weight"}`` of the piece on square number ``sq``, or None."""
        value = self.board[sq]
        if not value:
            return None
        weight = abs(value)
        return {"owner": PLAYERS[0 if value > 0 else 1], "kind": B.PIECE_NAMES[weight], "weight": weight}

    @property
    def counterweight(self) -> float:
        """Where the counterweight (weight 7) sits: ``-moment / 7`` lines, negative on the
        Triangles' half, clamped to the end of the slide (line 7) once the board has tipped."""
        return counterweight_for(self.moment)

    def material(self, player: str) -> int:
        """Total weight of ``player``'s pieces on the playing field (storage excluded)."""
        sign = B.SIGN[_side_of(player)]
        return sum(p * sign for sq in B.PLAYABLE if (p := self.board[sq]) * sign > 0)

    def total_weight(self) -> int:
        """Weight on board and in storage, both sides: changes only by promotion (+3)."""
        return sum(abs(p) for p in self.board)

    # -- outcome ------------------------------------------------------------------------------------
    def _compute_outcome(self) -> Outcome | None:
        """The win checks after the last move, in the rules' order, then the draws.

        Every check depends on the position alone: a knocked king sits in storage (kings never
        merge), and the mover is the side not to move. So a position typed in is judged the same
        way as one reached by play."""
        board = self.board
        for side in (B.TRIANGLES, B.CIRCLES):
            king = B.KING * B.SIGN[side]
            if any(board[sq] == king for sq in B.STORAGE_FILL[side]):
                other = PLAYERS[1 - side]
                return Outcome(other, f"The {other.title()} knocked out the {PLAYERS[side].title()}' king.")
        if self.moment > B.TIP_LIMIT:
            return Outcome(
                PLAYERS[0], f"The board tips toward the Circles' side (moment {self.moment} > 49)."
            )
        if self.moment < -B.TIP_LIMIT:
            return Outcome(
                PLAYERS[1], f"The board tips toward the Triangles' side (moment {self.moment} < -49)."
            )
        mover = 1 - self.side
        king = B.KING * B.SIGN[mover]
        for sq in B.CENTRE:
            if board[sq] == king and not B.attacked(board, sq, self.side):
                owner = PLAYERS[mover].title()
                return Outcome(
                    PLAYERS[mover],
                    f"The {owner}' king stands safe on the centre line at {B.square_name(sq)}.",
                )
        if not self._legal():
            return Outcome(None, f"The {PLAYERS[self.side].title()} have no legal move.")
        return self._draw_outcome()

    def score(self) -> dict[str, int]:
        """Weight each side has on the playing field (storage excluded)."""
        return {player: self.material(player) for player in PLAYERS}

    # -- moves --------------------------------------------------------------------------------------
    def _legal(self) -> list[PlayMove]:
        if self._moves is None:
            self._moves = B.generate(self.board, self.side, self.ep)
        return self._moves

    def legal_moves(self, player: str) -> Sequence[PlayMove]:
        if player not in self.to_move():
            return []
        return list(self._legal())

    def random_move(self, player: str, rng: random.Random) -> PlayMove:
        return rng.choice(self._legal())

    def moves_from(self, sq: int) -> list[PlayMove]:
        """Legal moves of the piece on ``sq`` (for a scene's click-to-move)."""
        return [m for m in self._legal() if m[0] == sq] if not self.over else []

    def targets_from(self, sq: int) -> list[tuple[int, str]]:
        """``(destination, 'move' | 'knock' | 'merge')`` for the piece on ``sq``: what a scene
        highlights when the piece is picked up (a capture that may merge appears twice)."""
        return [(to, B.KIND_NAMES[kind]) for _, to, kind in self.moves_from(sq)]

    def effects(self, move: Move) -> dict[str, Any]:
        """What a legal ``move`` does, for animation: ``captured`` (square of the piece taken, which
        differs from ``to`` en passant), ``stored`` (storage square a knocked piece goes to),
        ``promotes``, ``weight_after`` of the moving piece, and the balance before and after."""
        frm, to, kind = cast(PlayMove, move)
        board = list(self.board)
        changes, _, captured = B.make(board, self.side, (frm, to, kind))
        after = self.moment + B.moment_delta(changes)
        captured_sq = None
        stored = None
        for sq, old, new in changes:
            if old and not new and sq != frm:
                captured_sq = sq
            if not B.IS_PLAYABLE[sq]:
                stored = sq
        if captured and captured_sq is None:
            captured_sq = to
        mover = abs(self.board[frm])
        return {
            "kind": B.KIND_NAMES[kind],
            "captured": captured_sq,
            "stored": stored,
            "promotes": mover == B.PAWN and kind != B.MERGE and abs(board[to]) == B.QUEEN,
            "weight_after": abs(board[to]),
            "moment_before": self.moment,
            "moment_after": after,
            "counterweight_before": self.counterweight,
            "counterweight_after": counterweight_for(after),
        }

    def balance_after(self, move: Move) -> tuple[int, float]:
        """``(moment, counterweight)`` after ``move``: the scene's preview of the tilt."""
        info = self.effects(move)
        return info["moment_after"], info["counterweight_after"]

    def possessive(self, player: str) -> str:
        """Both sides' names are plurals: "it is not circles' turn"."""
        return f"{player}'"

    def why_illegal(self, player: str, move: Move) -> str | None:
        """None for a move in the legal list (``player`` is the side to move: the shared guard in
        :meth:`GameState.check_move` has checked that), else the broken rule."""
        return None if move in self._legal() else self._why_unlisted(move)

    def _why_unlisted(self, move: Move) -> str:
        """A player-facing reason for a move that is not in the legal list."""
        if not (
            isinstance(move, tuple)
            and len(move) == 3
            and all(isinstance(x, int) for x in move)
            and all(0 <= x < B.SIZE for x in move[:2])
            and move[2] in (B.MOVE, B.KNOCK, B.MERGE)
        ):
            return "a move is a from-square, a to-square and a kind (move, knock or merge)"
        frm, to, kind = move
        board, side = self.board, self.side
        sign = B.SIGN[side]
        name_f, name_t = B.square_name(frm), B.square_name(to)
        p = board[frm] * sign
        if not B.IS_PLAYABLE[frm]:
            return f"{name_f} is a storage square: stored pieces stay there for the rest of the game"
        if p == 0:
            return f"there is no piece on {name_f}"
        if p < 0:
            return f"the piece on {name_f} is a {piece_text(board[frm])}, not yours"
        if frm == to:
            return "a move must go somewhere"
        if not B.IS_PLAYABLE[to]:
            return f"{name_t} is a storage square: no piece moves onto it"
        piece = B.PIECE_NAMES[p]
        q = board[to] * sign
        if q > 0:
            return f"{name_t} is occupied by your own {B.PIECE_NAMES[q]}"
        df = to % B.WIDTH - frm % B.WIDTH
        dr = (to // B.WIDTH - frm // B.WIDTH) * sign  # positive: toward the opponent
        if p == B.PAWN:
            why = self._why_pawn(frm, to, kind, df, dr)
            if why:
                return why
        elif p == B.KING:
            if max(abs(df), abs(dr)) != 1:
                return "a king moves one square in any direction"
        else:
            diagonal = abs(df) == abs(dr)
            straight = df == 0 or dr == 0
            if p == B.BISHOP and not diagonal:
                return "a bishop moves diagonally"
            if p == B.ROOK and not straight:
                return "a rook moves along a file or a rank"
            if p == B.QUEEN and not (diagonal or straight):
                return "a queen moves along a file, a rank or a diagonal"
            blocker = self._first_blocker(frm, to)
            if blocker is not None:
                return f"the path is blocked at {B.square_name(blocker)}"
        if q == 0 and not (p == B.PAWN and to == self.ep):
            if kind != B.MOVE:
                return f"there is nothing to knock on {name_t}: write {name_f}-{name_t}"
        elif kind == B.MOVE:
            if not q:
                return (
                    f"{name_t} is the en passant square: write {name_f}x{name_t} to knock the pawn "
                    f"that just passed it out, or {name_f}&{name_t} to merge"
                )
            victim = piece_text(board[to])
            b = -q
            if p + b <= B.MERGE_LIMIT:
                return (
                    f"{name_t} holds a {victim}: write {name_f}x{name_t} to knock it out or "
                    f"{name_f}&{name_t} to merge"
                )
            return f"{name_t} holds a {victim}: write {name_f}x{name_t} to knock it out"
        elif kind == B.MERGE:
            b = -q if q else 1
            if p + b > B.MERGE_LIMIT:
                victim = B.PIECE_NAMES[b]
                return f"a {piece} ({p}) and a {victim} ({b}) are too heavy to merge (more than 4)"
        return "the rules do not allow it here"

    def _why_pawn(self, frm: int, to: int, kind: int, df: int, dr: int) -> str | None:
        sign = B.SIGN[self.side]
        q = self.board[to] * sign
        if dr <= 0 or abs(df) > 1 or dr > 2 or (dr == 2 and df):
            return "a pawn moves straight forward, toward the opponent (and knocks one square diagonally)"
        if df == 0:
            if dr == 2:
                if not B.PAWN_START[self.side][frm]:
                    return "a pawn moves two squares only on its first move"
                mid = frm + B.FORWARD[self.side]
                if self.board[mid]:
                    return f"the path is blocked at {B.square_name(mid)}"
            if q < 0:
                return "a pawn cannot knock straight ahead, only diagonally forward"
            return None
        if q == 0 and to != self.ep:
            return (
                "a pawn moves diagonally only to knock a piece (or en passant, right after an "
                "opposing pawn's double step past that square)"
            )
        if kind == B.MOVE:
            return None  # the generic capture-kind message follows
        return None

    def _first_blocker(self, frm: int, to: int) -> int | None:
        """The first occupied square strictly between ``frm`` and ``to`` on a straight line."""
        f0, r0 = frm % B.WIDTH, frm // B.WIDTH
        df = (to % B.WIDTH > f0) - (to % B.WIDTH < f0)
        dr = (to // B.WIDTH > r0) - (to // B.WIDTH < r0)
        sq = frm + dr * B.WIDTH + df
        while sq != to:
            if self.board[sq]:
                return sq
            sq += dr * B.WIDTH + df
        return None

    # -- applying ---------------------------------------------------------------------------------
    def _after_legal(self, move: Move) -> ChangingChallengesState:
        return self.after(cast(PlayMove, move))

    def after(self, move: PlayMove) -> ChangingChallengesState:
        """The state after the legal ``move`` (not re-checked: for the AI and perft helpers)."""
        board = list(self.board)
        changes, ep, captured = B.make(board, self.side, move)
        moment = self.moment + B.moment_delta(changes)
        side = 1 - self.side
        new_board = tuple(board)
        quiet_plies, history = self._clock_after((new_board, side, ep), bool(captured))
        return ChangingChallengesState(new_board, side, ep, self.pieces, quiet_plies, history, moment)

    # -- notation ---------------------------------------------------------------------------------
    def move_to_text(self, player: str, move: Move) -> str:
        frm, to, kind = cast(PlayMove, move)
        return f"{B.square_name(frm)}{B.KIND_SYMBOLS[kind]}{B.square_name(to)}"

    def parse_move(self, player: str, text: str) -> PlayMove:
        match = _NOTATION.match(text)
        if not match:
            raise NotationError(text, "write a move as c4-c5 (move), c4xd5 (knock out) or c4&d5 (merge)")
        f1, r1, sym, f2, r2 = match.groups()
        try:
            frm = B.square_index(f1 + r1)
            to = B.square_index(f2 + r2)
        except ValueError as exc:
            raise NotationError(text, str(exc)) from None
        move = (frm, to, B.KIND_SYMBOLS.index(sym.lower()))
        self.check_move(player, move)
        return move

    def move_squares(self, player: str, move: Move) -> list[str]:
        """The piece's square, then where it goes (for en passant the square the pawn lands on, as
        the notation writes it); a merge or a knock-out is told apart by the move, not its squares."""
        frm, to, _kind = cast(PlayMove, move)
        return [B.square_name(frm), B.square_name(to)]

    def captures(self, player: str, move: Move) -> list[str]:
        """The square of the piece a knock-out or a merge takes (en passant: the pawn passed)."""
        if cast(PlayMove, move)[2] == B.MOVE:
            return []
        taken = self.effects(move)["captured"]
        return [] if taken is None else [B.square_name(taken)]

    def with_mover(self, player: str) -> ChangingChallengesState | None:
        """The same board with ``player`` to move (no en passant: that belonged to the real turn)."""
        side = _side_of(player)
        if side == self.side:
            return self
        return ChangingChallengesState(self.board, side, -1, self.pieces, moment=self.moment)

    # -- views ------------------------------------------------------------------------------------
    def text(self) -> str:
        """Ranks 15 down to 1 (P B R Q K Triangles, p b r q k Circles, '.' empty) joined by '/',
        a space, 't' or 'c' for the side to move, a space and the en passant square or '-'."""
        rows = []
        for rank in range(B.HEIGHT, 0, -1):
            row = []
            for file in range(B.WIDTH):
                row.append(_letter(self.board[(rank - 1) * B.WIDTH + file]))
            rows.append("".join(row))
        ep = B.square_name(self.ep) if self.ep >= 0 else "-"
        return "/".join(rows) + (" t " if self.side == B.TRIANGLES else " c ") + ep

    def position(self) -> dict[str, Any]:
        pieces: dict[str, dict[str, Any] | None] = {}
        storage: dict[str, dict[str, Any] | None] = {}
        for sq, p in enumerate(self.board):
            if p:
                (pieces if B.IS_PLAYABLE[sq] else storage)[B.square_name(sq)] = self.at(sq)
        return {
            "pieces": pieces,
            "storage": storage,
            "moment": self.moment,
            "counterweight": round(self.counterweight, 4),
            "to_move": PLAYERS[self.side],
            "en_passant": B.square_name(self.ep) if self.ep >= 0 else None,
            "plies_without_capture": self.quiet_plies,
            "text": self.text(),
        }

    def __str__(self) -> str:
        """First line: the position text form exactly. Then a picture with coordinates, storage
        ranks marked, and the balance."""
        lines = [self.text()]
        for rank in range(B.HEIGHT, 0, -1):
            cells = []
            for file in range(B.WIDTH):
                cells.append(_letter(self.board[(rank - 1) * B.WIDTH + file]))
            line = rank - B.CENTRE_RANK
            tag = "storage" if not 3 <= rank <= 13 else "centre" if line == 0 else ""
            lines.append(f"{rank:>2} " + " ".join(cells) + f"  {line:>2} {tag}".rstrip())
        lines.append("   " + " ".join(B.FILES))
        lines.append(
            f"{PLAYERS[self.side]} to move; moment {self.moment}, counterweight at "
            f"{self.counterweight:+.2f}; plies without capture: {self.quiet_plies}"
        )
        return "\n".join(lines)


def _letter(value: int) -> str:
    """The text form's letter of a signed board value ('.' for empty)."""
    if not value:
        return "."
    return B.PIECE_LETTERS[value] if value > 0 else B.PIECE_LETTERS[-value].lower()


def counterweight_for(moment: int) -> float:
    """The counterweight's line for ``moment``: ``-moment / 7``, clamped to the slide (±7)."""
    return max(-float(B.COUNTERWEIGHT), min(float(B.COUNTERWEIGHT), -moment / B.COUNTERWEIGHT))


def fast_perft(state: GameState, depth: int) -> int:
    """``GameInfo.perft``: list make/unmake perft by the standard convention (a finished
    game has no moves, so it counts at depth 0 only)."""
    assert isinstance(state, ChangingChallengesState)
    if depth > 0 and state.over:
        return 0
    return B.perft(list(state.board), state.side, state.ep, state.moment, depth)
