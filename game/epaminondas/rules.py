"""Epaminondas: the game state behind the contract (RULES.md section 4).

A position is two bitboards and the side to move (see :mod:`game.epaminondas.board`). The state
also carries what the draw rules need: the plies since the last capture and the positions seen
since then. A capture removes stones for good, so no position from before it can ever come back;
that keeps the repetition history short (at most 200 entries).

A move is the pair ``(from, to)`` of square numbers: ``from`` is S, the rearmost stone of the
moving group, ``to`` is where S ends up. Notation ``a1-a3``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Literal, cast

from game.core import GameError, GameState, Move, NotationError, OptionSpec, Outcome
from game.epaminondas import board as B
from game.turns import AlternatingState

GAME_ID = "epaminondas"
PLAYERS: tuple[str, str] = ("white", "black")
DRAW_PLIES = 200
MAX_STONES = 28

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "symmetry",
        "Symmetry rule",
        "mirror",
        B.SYMMETRY_MODES,
        "A move onto the opponent's home row may not leave the board symmetric: mirrored across the "
        "centre line (mirror), turned half a circle (rotation), or the rule is off.",
    ),
)

PlayMove = tuple[int, int]


def _side_of(player: str) -> int:
    return PLAYERS.index(player)


class EpaminondasState(AlternatingState):
    """An Epaminondas position: immutable and hashable (by position and side to move)."""

    game_id = GAME_ID
    players = PLAYERS
    draw_plies = DRAW_PLIES
    repetition_reason = "The same position occurred three times with the same side to move."
    quiet_reason = f"{DRAW_PLIES} plies in a row without a capture."
    __slots__ = ("_codes", "_outcome", "black", "history", "quiet_plies", "side", "symmetry", "white")

    def __init__(
        self,
        white: int = B.START_WHITE,
        black: int = B.START_BLACK,
        side: int = B.WHITE,
        symmetry: str = "mirror",
        quiet_plies: int = 0,
        history: tuple[Hashable, ...] | None = None,  # position keys: (white, black, side)
    ) -> None:
        self.white = white
        self.black = black
        self.side = side
        self.symmetry = symmetry
        self.quiet_plies = quiet_plies
        self.history = history if history is not None else ((white, black, side),)
        self._codes: dict[PlayMove, int] | None = None
        self._outcome: Outcome | Literal[False] | None = False  # False: not computed yet

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> EpaminondasState:
        return cls(symmetry=options.get("symmetry", "mirror"))

    @classmethod
    def from_text(cls, text: str, options: Mapping[str, str] | None = None) -> EpaminondasState:
        """A position from its text form (see :meth:`text`); GameError naming what is wrong."""
        symmetry = (options or {}).get("symmetry", "mirror")
        parts = text.strip().split()
        if len(parts) != 2 or parts[1].lower() not in ("w", "b"):
            raise GameError(
                "a position is 12 ranks joined by '/', a space, then 'w' or 'b' (the side to move)"
            )
        ranks = parts[0].split("/")
        if len(ranks) != B.HEIGHT:
            raise GameError(f"a position has 12 ranks separated by '/', not {len(ranks)}")
        white = black = 0
        for index, row in enumerate(ranks):
            rank = B.HEIGHT - 1 - index
            if len(row) != B.WIDTH:
                raise GameError(f"rank {rank + 1} must have 14 squares (a-n), not {len(row)}")
            for file, char in enumerate(row.upper()):
                bit = 1 << (rank * B.WIDTH + file)
                if char == "W":
                    white |= bit
                elif char == "B":
                    black |= bit
                elif char != ".":
                    raise GameError(f"rank {rank + 1}: '{char}' is not W, B or '.'")
        for name, stones in (("white", white), ("black", black)):
            if stones.bit_count() > MAX_STONES:
                raise GameError(f"{name} has {stones.bit_count()} stones; at most {MAX_STONES} exist")
        return cls(white, black, B.WHITE if parts[1].lower() == "w" else B.BLACK, symmetry)

    # -- identity -------------------------------------------------------------------------------
    def key(self) -> tuple[int, int, int]:
        """The position and side to move: what the repetition rule compares."""
        return (self.white, self.black, self.side)

    def __repr__(self) -> str:
        return f"EpaminondasState({self.text()!r})"

    def stones(self, player: str) -> int:
        return self.white if player == "white" else self.black

    def own_opp(self) -> tuple[int, int]:
        """(stones of the side to move, stones of the other side)."""
        return (self.white, self.black) if self.side == B.WHITE else (self.black, self.white)

    def at(self, sq: int) -> str | None:
        """'white', 'black' or None for square number ``sq``."""
        if self.white >> sq & 1:
            return "white"
        if self.black >> sq & 1:
            return "black"
        return None

    def crossed(self, player: str) -> int:
        """Stones of ``player`` on the opponent's home row (the win count)."""
        side = _side_of(player)
        return (self.stones(player) & B.TARGET[side]).bit_count()

    # -- outcome ------------------------------------------------------------------------------------
    def _compute_outcome(self) -> Outcome | None:
        """Checked at the start of the turn, in this order: crossing win, no stones, no legal
        move, threefold repetition, 200 quiet plies. A win found at the start of the turn beats a
        draw that the same position would also complete."""
        me, other = PLAYERS[self.side], PLAYERS[1 - self.side]
        mine, theirs = self.crossed(me), self.crossed(other)
        if mine > theirs:
            return Outcome(me, f"{me.title()} starts the turn with more stones across ({mine} to {theirs}).")
        own, _ = self.own_opp()
        if not own:
            return Outcome(other, f"{me.title()} has no stones left.")
        if not self._legal_codes():
            return Outcome(other, f"{me.title()} has no legal move.")
        return self._draw_outcome()

    def score(self) -> dict[str, int]:
        return {player: self.crossed(player) for player in PLAYERS}

    # -- moves --------------------------------------------------------------------------------------
    def _legal_codes(self) -> dict[PlayMove, int]:
        if self._codes is None:
            own, opp = self.own_opp()
            codes = B.generate(own, opp, self.side, self.symmetry)
            self._codes = {(c & 255, (c >> 8) & 255): c for c in codes}
        return self._codes

    def legal_moves(self, player: str) -> Sequence[PlayMove]:
        if player not in self.to_move():
            return []
        return list(self._legal_codes())

    def random_move(self, player: str, rng: random.Random) -> PlayMove:
        return rng.choice(list(self._legal_codes()))

    def code_of(self, move: Move) -> int:
        """The engine code of a legal move (KeyError if not legal): for the AI and scenes."""
        return self._legal_codes()[cast(PlayMove, move)]

    def moves_from(self, sq: int) -> list[PlayMove]:
        """Legal moves whose rearmost stone S is ``sq`` (for a scene's click-to-move)."""
        return [m for m in self._legal_codes() if m[0] == sq] if not self.over else []

    def group_of(self, move: Move) -> list[int]:
        """The squares of the stones that ``move`` carries, rear first."""
        code = self.code_of(move)
        d, n = B.move_direction(code), B.move_size(code)
        return [B.move_from(code) + i * B.DELTA[d] for i in range(n)]

    def captured_by(self, move: Move) -> list[int]:
        """The enemy squares that ``move`` captures (empty for a quiet move)."""
        code = self.code_of(move)
        if not code & B.CAPTURE:
            return []
        _, opp = self.own_opp()
        return B.squares_of(B.capture_run(opp, B.front_landing(code), B.move_direction(code)))

    def why_illegal(self, player: str, move: Move) -> str | None:
        """None for a move in the legal list (``player`` is the side to move: the shared guard in
        :meth:`GameState.check_move` has checked that), else the broken rule."""
        try:
            if move in self._legal_codes():
                return None
        except TypeError:  # an unhashable value is no move at all
            pass
        return self._why_unlisted(move)

    def _why_unlisted(self, move: Move) -> str:
        """A player-facing reason for a move that is not in the legal list."""
        if not (
            isinstance(move, tuple)
            and len(move) == 2
            and all(isinstance(x, int) for x in move)
            and all(0 <= x < B.SIZE for x in move)
        ):
            return "a move is a pair of squares on the board"
        frm, to = move
        own, opp = self.own_opp()
        me = PLAYERS[self.side]
        if not own >> frm & 1:
            return f"there is no {me} stone on {B.square_name(frm)}"
        line = B.direction_between(frm, to)
        if line is None:
            if frm == to:
                return "a move must go somewhere"
            return "a phalanx moves along a straight line (a file, a rank or a diagonal)"
        d, k = line
        step = B.NEXT[d]
        n, front = 1, frm
        while step[front] >= 0 and own >> step[front] & 1:
            n, front = n + 1, step[front]
        group = "a single stone" if n == 1 else f"a phalanx of {n}"
        if k > n:
            limit = "one square" if n == 1 else f"at most {n} squares"
            return f"{group} moves {limit}"
        path: list[int] = []
        sq = front
        while len(path) < k and step[sq] >= 0:
            sq = step[sq]
            path.append(sq)
        if len(path) < k:
            return "the front stone would leave the board"
        for sq in path:
            if (own if sq == path[-1] else own | opp) >> sq & 1:
                return f"the path is blocked at {B.square_name(sq)}"
        landing = path[k - 1]
        if opp >> landing & 1:
            if n == 1:
                return "a single stone cannot capture"
            m = B.capture_run(opp, landing, d).bit_count()
            if m >= n:
                return f"a phalanx of {n} cannot capture a line of {m}"
        code = B.encode(frm, to, n, d, (B.CAPTURE if opp >> landing & 1 else 0) | B.CROSSING)
        if B._symmetric_after(own, opp, self.side, code, self.symmetry):
            return "this move would make the position symmetric"
        return "the rules do not allow it here"

    # -- applying ---------------------------------------------------------------------------------
    def _after_legal(self, move: Move) -> EpaminondasState:
        return self.after_code(self._legal_codes()[cast(PlayMove, move)])

    def after_code(self, code: int) -> EpaminondasState:
        """The state after the engine move ``code`` (assumed legal here)."""
        own, opp = self.own_opp()
        new_own, new_opp = B.make(own, opp, code)
        white, black = (new_own, new_opp) if self.side == B.WHITE else (new_opp, new_own)
        side = 1 - self.side
        quiet_plies, history = self._clock_after((white, black, side), bool(code & B.CAPTURE))
        return EpaminondasState(white, black, side, self.symmetry, quiet_plies, history)

    # -- notation ---------------------------------------------------------------------------------
    def move_to_text(self, player: str, move: Move) -> str:
        frm, to = cast(PlayMove, move)
        return f"{B.square_name(frm)}-{B.square_name(to)}"

    def parse_move(self, player: str, text: str) -> PlayMove:
        raw = text.strip().lower()
        parts = raw.split("-")
        if len(parts) != 2:
            raise NotationError(text, "write a move as from-to, e.g. a1-a3")
        try:
            move = (B.square_index(parts[0]), B.square_index(parts[1]))
        except ValueError as exc:
            raise NotationError(text, str(exc)) from None
        self.check_move(player, move)
        return move

    def move_squares(self, player: str, move: Move) -> list[str]:
        """The rear stone S, then where the *front* stone of its phalanx lands: the two squares a
        player clicks, and where a capture happens. The notation names where S lands instead, which
        for a phalanx of several stones is a square still covered by its own stones."""
        frm, to = cast(PlayMove, move)
        code = self._legal_codes().get((frm, to))
        front = B.front_landing(code) if code is not None else to
        return [B.square_name(frm), B.square_name(front)]

    def captures(self, player: str, move: Move) -> list[str]:
        """The enemy stones the phalanx's front pushes off the board."""
        return [B.square_name(sq) for sq in self.captured_by(move)]

    def with_mover(self, player: str) -> EpaminondasState | None:
        """The same stones with ``player`` to move (no history: only its moves are asked)."""
        side = _side_of(player)
        if side == self.side:
            return self
        return EpaminondasState(self.white, self.black, side, self.symmetry)

    # -- views ------------------------------------------------------------------------------------
    def text(self) -> str:
        """The position text form: ranks 12 down to 1 of W/B/. joined by '/', space, 'w' or 'b'."""
        rows = []
        for rank in range(B.HEIGHT - 1, -1, -1):
            chars = []
            for file in range(B.WIDTH):
                sq = rank * B.WIDTH + file
                chars.append("W" if self.white >> sq & 1 else "B" if self.black >> sq & 1 else ".")
            rows.append("".join(chars))
        return "/".join(rows) + (" w" if self.side == B.WHITE else " b")

    def position(self) -> dict[str, Any]:
        return {
            "white": [B.square_name(sq) for sq in B.squares_of(self.white)],
            "black": [B.square_name(sq) for sq in B.squares_of(self.black)],
            "to_move": PLAYERS[self.side],
            "plies_without_capture": self.quiet_plies,
            "text": self.text(),
        }

    def __str__(self) -> str:
        """First line: the position text form exactly. Then a picture with coordinates."""
        lines = [self.text()]
        for rank in range(B.HEIGHT - 1, -1, -1):
            cells = []
            for file in range(B.WIDTH):
                owner = self.at(rank * B.WIDTH + file)
                cells.append("W" if owner == "white" else "B" if owner == "black" else ".")
            lines.append(f"{rank + 1:>2} " + " ".join(cells))
        lines.append("   " + " ".join(B.FILES))
        lines.append(f"{PLAYERS[self.side]} to move; plies without capture: {self.quiet_plies}")
        return "\n".join(lines)


def fast_perft(state: GameState, depth: int) -> int:
    """``GameInfo.perft``: bitboard perft by the standard convention (a finished game has
    no moves, so it counts at depth 0 only; draws by history count at the root alone)."""
    assert isinstance(state, EpaminondasState)
    if depth > 0 and state.over:
        return 0
    return B.perft(state.white, state.black, state.side, depth, state.symmetry)
