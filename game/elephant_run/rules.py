"""Elephant Run: the rules engine (RULES.md section 3).

The board has 24 squares, so a position is three small integers: a 24-bit mask of the tiles still
present, a 24-bit mask of the farmers, and the elephant's square. Everything the search needs
(neighbours, jump landings, run rays, flood fill, raw move lists) works on those integers and lives
in :mod:`.board`; the game's names and options are in :mod:`.names` and the reasons a move is
refused in :mod:`.refusals`. This module holds the state, notation and perft, and re-exports the
public names of all three so imports from here keep working.

Squares are numbered ``rank_index * 6 + file_index`` (a1 = 0, f1 = 5, a2 = 6, ..., f4 = 23).

A move is a tuple of square numbers whose meaning follows from the phase, like the notation:

* ``(sq,)``             the elephant's placement, ``@c2``;
* ``(sq, sq, ...)``     the farmers' placement (sorted), ``@a1,b3,c4,d1,e2,f4``;
* ``(frm, to)``         a step, jump or run, ``c2-d3``;
* ``(frm, mid, to)``    a compound run + jump (option), ``a1-c3-c5``;
* ``()``                the farmers' forced pass, ``pass``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypeGuard, cast

from game.bits import squares_of
from game.core import GameError, GameState, IllegalMoveError, Move, NotationError, Outcome
from game.elephant_run.board import (
    BEYOND,
    DIRECTIONS,
    FILES,
    FULL,
    JUMPS,
    NEIGHBOUR_MASK,
    NEIGHBOURS,
    NO_SQUARE,
    RANKS,
    RAYS,
    SIZE,
    WIDTH,
    Placements,
    PlayMove,
    Square,
    compound_moves,
    elephant_bound,
    elephant_can_move,
    elephant_moves,
    farmer_moves,
    farmer_targets,
    grow,
    region,
    square_index,
    square_name,
)
from game.elephant_run.names import (
    ELEPHANT,
    FARMERS,
    GAME_ID,
    OPTIONS,
    PHASE_NAMES,
    PHASE_PLACE_ELEPHANT,
    PHASE_PLACE_FARMERS,
    PHASE_PLAY,
    PLAYERS,
    SIDE_ELEPHANT,
    SIDE_FARMERS,
)
from game.elephant_run.refusals import BEYOND_BY_PAIR, between, line, why_illegal


# -- the state --------------------------------------------------------------------------------------
class ElephantRunState(GameState):
    """An Elephant Run position: immutable, hashable, cheap to copy.

    ``elephant`` is NO_SQUARE until placed. ``side`` is SIDE_ELEPHANT or SIDE_FARMERS (who acts in
    the play phase); the setup phases imply their own actor."""

    game_id = GAME_ID
    players = PLAYERS
    __slots__ = (
        "_outcome",
        "compound",
        "elephant",
        "farmers",
        "n_farmers",
        "phase",
        "side",
        "target",
        "tiles",
    )

    def __init__(
        self,
        tiles: int = FULL,
        farmers: int = 0,
        elephant: int = NO_SQUARE,
        phase: int = PHASE_PLACE_ELEPHANT,
        side: int = SIDE_ELEPHANT,
        target: int = 10,
        n_farmers: int = 6,
        compound: bool = False,
    ) -> None:
        self.tiles = tiles
        self.farmers = farmers
        self.elephant = elephant
        self.phase = phase
        self.side = side
        self.target = target
        self.n_farmers = n_farmers
        self.compound = compound
        self._outcome: Outcome | Literal[False] | None = False  # False: not computed yet

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> ElephantRunState:
        """A new game from validated options (see :data:`OPTIONS`)."""
        return cls(
            target=int(options.get("points", "10")),
            n_farmers=int(options.get("farmers", "6")),
            compound=options.get("compound", "off") == "on",
        )

    @classmethod
    def from_position(
        cls,
        elephant: str,
        farmers: Sequence[str],
        holes: Sequence[str] = (),
        to_move: str = ELEPHANT,
        target: int = 10,
        n_farmers: int | None = None,
        compound: bool = False,
    ) -> ElephantRunState:
        """A play-phase position from square names: for tests, benchmarks and analysis.

        ``n_farmers`` is how many farmers started (default: those on the board, i.e. none captured)."""
        e = square_index(elephant)
        fmask = sum(1 << square_index(s) for s in farmers)
        tiles = FULL & ~sum(1 << square_index(s) for s in holes)
        if fmask & ~tiles or fmask >> e & 1 or len(set(farmers)) != len(farmers):
            raise ValueError("farmers must stand on distinct tiles away from the elephant")
        total = len(farmers) if n_farmers is None else n_farmers
        side = SIDE_ELEPHANT if to_move == ELEPHANT else SIDE_FARMERS
        return cls(tiles, fmask, e, PHASE_PLAY, side, target, total, compound)

    @classmethod
    def from_text(cls, text: str, options: Mapping[str, str]) -> ElephantRunState:
        """A play-phase position from its text form (see :meth:`to_text`), for ``--position``.

        The options give the target, compound rule and how many farmers started (those missing
        from the board were captured)."""
        body, _, side_text = text.strip().partition(" ")
        rows = body.split("/")
        side_text = side_text.strip().lower()
        if len(rows) != RANKS or any(len(row) != WIDTH for row in rows) or side_text not in ("e", "f"):
            raise GameError(
                f"position '{text}' must be 4 ranks of 6 squares (rank 4 first) joined by '/', "
                "then 'e' or 'f' for the side to move"
            )
        tiles, farmers, elephant = 0, 0, NO_SQUARE
        for row_index, row in enumerate(rows):
            for file, char in enumerate(row):
                sq = (RANKS - 1 - row_index) * WIDTH + file
                if char not in ".FEe_":
                    raise GameError(f"position '{text}': unknown symbol '{char}' (use . _ F E e)")
                if char in ".FE":
                    tiles |= 1 << sq
                if char == "F":
                    farmers |= 1 << sq
                if char in "Ee":
                    if elephant != NO_SQUARE:
                        raise GameError(f"position '{text}' has more than one elephant")
                    elephant = sq
        if elephant == NO_SQUARE:
            raise GameError(f"position '{text}' has no elephant")
        total = int(options.get("farmers", "6"))
        if farmers.bit_count() > total:
            raise GameError(f"position '{text}' has more farmers than the game's {total}")
        side = SIDE_ELEPHANT if side_text == "e" else SIDE_FARMERS
        return cls(
            tiles,
            farmers,
            elephant,
            PHASE_PLAY,
            side,
            int(options.get("points", "10")),
            total,
            options.get("compound", "off") == "on",
        )

    def to_text(self) -> str:
        """One line: ranks 4..1 joined by '/', symbols as in ``str()``, then 'e' or 'f' to move."""
        lines = str(self).splitlines()[:RANKS]
        rows = "/".join(line[2:].replace(" ", "") for line in lines)
        return rows + (" e" if self.side == SIDE_ELEPHANT else " f")

    # -- identity -----------------------------------------------------------------------------------
    def key(self) -> tuple[int, ...]:
        """Everything that defines the position; equal keys mean equal states."""
        return (
            self.tiles,
            self.farmers,
            self.elephant,
            self.phase,
            self.side,
            self.target,
            self.n_farmers,
            int(self.compound),
        )

    def __repr__(self) -> str:
        return f"ElephantRunState({self.position()!r})"

    def _replace(self, **changes: Any) -> ElephantRunState:
        fields: dict[str, Any] = {
            "tiles": self.tiles,
            "farmers": self.farmers,
            "elephant": self.elephant,
            "phase": self.phase,
            "side": self.side,
            "target": self.target,
            "n_farmers": self.n_farmers,
            "compound": self.compound,
        }
        fields.update(changes)
        return ElephantRunState(**fields)

    # -- derived quantities ---------------------------------------------------------------------------
    @property
    def eaten(self) -> int:
        """Tiles the elephant has eaten (every missing tile was eaten)."""
        return SIZE - self.tiles.bit_count()

    @property
    def captured(self) -> int:
        """Farmers the elephant has captured."""
        if self.phase != PHASE_PLAY:
            return 0
        return self.n_farmers - self.farmers.bit_count()

    @property
    def points(self) -> int:
        return self.eaten + self.captured

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def has_tile(self, sq: int) -> bool:
        return bool(self.tiles >> sq & 1)

    def has_farmer(self, sq: int) -> bool:
        return bool(self.farmers >> sq & 1)

    def is_vacant(self, sq: int) -> bool:
        """A vacant tile: present and holding no piece."""
        return self.has_tile(sq) and not self.has_farmer(sq) and sq != self.elephant

    def farmer_squares(self) -> list[int]:
        return squares_of(self.farmers)

    # -- who acts --------------------------------------------------------------------------------
    def to_move(self) -> tuple[str, ...]:
        if self.phase == PHASE_PLACE_ELEPHANT:
            return (ELEPHANT,)
        if self.phase == PHASE_PLACE_FARMERS:
            return (FARMERS,)
        if self.outcome() is not None:
            return ()
        return (PLAYERS[self.side],)

    # -- result ------------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self._outcome is False:
            self._outcome = self._compute_outcome()
        return self._outcome

    def _compute_outcome(self) -> Outcome | None:
        if self.phase != PHASE_PLAY:
            return None
        points, target = self.points, self.target
        if points >= target:
            return Outcome(ELEPHANT, f"The elephant reached {points} points.")
        if self.farmers == 0:
            return Outcome(
                FARMERS,
                f"Every farmer is captured, but the elephant has only {points} of {target} points: "
                "the farmers win.",
            )
        if self.tiles == 0:
            return Outcome(
                FARMERS, f"Every tile is eaten with only {points} of {target} points: the farmers win."
            )
        if self.side == SIDE_ELEPHANT and not elephant_can_move(self.tiles, self.farmers, self.elephant):
            return Outcome(
                FARMERS, f"The elephant is hemmed in with {points} {_plural(points)}: the farmers win."
            )
        return None

    def score(self) -> dict[str, int]:
        return {ELEPHANT: self.points}

    # -- moves ---------------------------------------------------------------------------------------
    def legal_moves(self, player: str) -> Sequence[PlayMove]:
        if player not in self.to_move():
            return []
        if self.phase == PHASE_PLACE_ELEPHANT:
            return [(sq,) for sq in range(SIZE)]
        if self.phase == PHASE_PLACE_FARMERS:
            return Placements([sq for sq in range(SIZE) if sq != self.elephant], self.n_farmers)
        return self._play_moves()

    def _play_moves(self) -> list[PlayMove]:
        if self.side == SIDE_ELEPHANT:
            return [(self.elephant, to) for to, _ in elephant_moves(self.tiles, self.farmers, self.elephant)]
        moves = farmer_moves(self.tiles, self.farmers, self.elephant, self.compound)
        return moves if moves else [()]

    def random_move(self, player: str, rng: random.Random) -> Move:
        """Uniform over legal moves; the farmers' placement is sampled without listing 100 000."""
        if self.phase == PHASE_PLACE_FARMERS and player in self.to_move():
            free = [sq for sq in range(SIZE) if sq != self.elephant]
            return tuple(sorted(rng.sample(free, self.n_farmers)))
        return super().random_move(player, rng)

    def moves_from(self, sq: int) -> list[PlayMove]:
        """The side to move's play-phase moves starting on ``sq`` (for highlighting a selection)."""
        if self.phase != PHASE_PLAY or self.over:
            return []
        return [m for m in self._play_moves() if m and m[0] == sq]

    def destinations(self, sq: int) -> list[int]:
        """Final squares reachable by the piece on ``sq`` this turn (each once, sorted)."""
        return sorted({m[-1] for m in self.moves_from(sq)})

    def move_kind(self, move: Move) -> str:
        """'place' (elephant setup), 'setup' (farmers), 'step', 'jump', 'run', 'compound' or 'pass'.

        Classification only; it does not check legality."""
        if self.phase == PHASE_PLACE_ELEPHANT:
            return "place"
        if self.phase == PHASE_PLACE_FARMERS:
            return "setup"
        assert isinstance(move, tuple)
        if len(move) == 0:
            return "pass"
        if len(move) == 3:
            return "compound"
        frm, to = move
        if to in NEIGHBOURS[frm]:
            return "step"
        if BEYOND[frm].get(between(frm, to), NO_SQUARE) == to and self.has_farmer(between(frm, to)):
            return "jump"
        return "run"

    def captured_by(self, move: Move) -> int | None:
        """The square of the farmer this move captures (an elephant jump), else None."""
        if not self._is_elephant_move(move):
            return None
        frm, to = move
        mid = between(frm, to)
        if mid != NO_SQUARE and BEYOND[frm].get(mid) == to and self.has_farmer(mid):
            return mid
        return None

    def eaten_by(self, move: Move) -> int | None:
        """The square of the tile this move eats (an elephant step), else None."""
        if not self._is_elephant_move(move):
            return None
        frm, to = move
        return to if to in NEIGHBOURS[frm] else None

    def _is_elephant_move(self, move: Move) -> TypeGuard[PlayMove]:
        in_play = self.phase == PHASE_PLAY and self.side == SIDE_ELEPHANT
        return in_play and isinstance(move, tuple) and len(move) == 2

    def path_of(self, move: Move) -> list[int]:
        """The squares a moving piece passes through, start and end included (for animation)."""
        if not isinstance(move, tuple) or self.phase != PHASE_PLAY or len(move) < 2:
            return list(move) if isinstance(move, tuple) else []
        path = [move[0]]
        for a, b in itertools.pairwise(move):
            path.extend(line(a, b)[1:])
        return path

    # -- checking ------------------------------------------------------------------------------------
    def possessive(self, player: str) -> str:
        """'the elephant's' / 'the farmers'': "it is not the farmers' turn"."""
        return "the farmers'" if player == FARMERS else f"the {player}'s"

    def why_illegal(self, player: str, move: Move) -> str | None:
        """None if ``move`` is legal for the side to move, else the reason in players' words
        (:mod:`.refusals`)."""
        return why_illegal(self, move)

    # -- applying ------------------------------------------------------------------------------------
    def apply_turn(self, turn: Mapping[str, Move]) -> ElephantRunState:
        acting = self.to_move()
        if set(turn) != set(acting):
            raise IllegalMoveError(
                ", ".join(str(v) for v in turn.values()),
                "the game is already over" if not acting else f"it is {self.possessive(acting[0])} turn now",
            )
        player = acting[0]
        move = turn[player]
        self.check_move(player, move)
        # Checked just above, so it is one of this game's moves: a tuple of squares.
        return self._apply_unchecked(cast(PlayMove, move))

    def _apply_unchecked(self, move: PlayMove) -> ElephantRunState:
        if self.phase == PHASE_PLACE_ELEPHANT:
            return self._replace(elephant=move[0], phase=PHASE_PLACE_FARMERS, side=SIDE_FARMERS)
        if self.phase == PHASE_PLACE_FARMERS:
            return self._replace(farmers=sum(1 << sq for sq in move), phase=PHASE_PLAY, side=SIDE_ELEPHANT)
        if self.side == SIDE_ELEPHANT:
            frm, to = move
            mid = BEYOND_BY_PAIR.get((frm, to))
            if to in NEIGHBOURS[frm]:
                return self._replace(tiles=self.tiles & ~(1 << to), elephant=to, side=SIDE_FARMERS)
            assert mid is not None
            return self._replace(farmers=self.farmers & ~(1 << mid), elephant=to, side=SIDE_FARMERS)
        if not move:
            return self._replace(side=SIDE_ELEPHANT)
        return self._replace(farmers=self.farmers & ~(1 << move[0]) | (1 << move[-1]), side=SIDE_ELEPHANT)

    # -- notation ------------------------------------------------------------------------------------
    def move_to_text(self, player: str, move: Move) -> str:
        if not isinstance(move, tuple):
            raise TypeError(f"not an Elephant Run move: {move!r}")
        if self.phase in (PHASE_PLACE_ELEPHANT, PHASE_PLACE_FARMERS):
            return "@" + ",".join(sorted(square_name(sq) for sq in move))
        if not move:
            return "pass"
        return "-".join(square_name(sq) for sq in move)

    def move_squares(self, player: str, move: Move) -> list[str]:
        """A placement's tiles as the notation lists them; a move's start, then every tile it stops
        on (a compound run and jump passes its corner); none for the farmers' pass."""
        squares = cast(tuple[int, ...], move)
        if self.phase in (PHASE_PLACE_ELEPHANT, PHASE_PLACE_FARMERS):
            return sorted(square_name(sq) for sq in squares)
        return [square_name(sq) for sq in squares]

    def captures(self, player: str, move: Move) -> list[str]:
        """The farmer an elephant's jump captures; farmers never take anything."""
        taken = self.captured_by(move)
        return [] if taken is None else [square_name(taken)]

    def with_mover(self, player: str) -> ElephantRunState | None:
        """In play, the same tiles with ``player`` to move; None while the pieces are being placed."""
        if self.phase != PHASE_PLAY:
            return None
        return self._replace(side=PLAYERS.index(player))

    def parse_move(self, player: str, text: str) -> PlayMove:
        raw = text
        text = text.strip().lower()
        if not text:
            raise NotationError(raw, "the move is empty")
        refused = self.why_cannot_move(player)
        if refused:
            raise IllegalMoveError(raw, refused)
        move = self._parse_shape(raw, text)
        why = self.why_illegal(player, move)
        if why:
            raise IllegalMoveError(raw, why)
        return move

    def _parse_shape(self, raw: str, text: str) -> PlayMove:
        """Turn text into a move tuple for the current phase, checking only the form."""
        if self.phase != PHASE_PLAY:
            if not text.startswith("@"):
                example = "@c2" if self.phase == PHASE_PLACE_ELEPHANT else "@a1,b3,c4,d1,e2,f4"
                raise NotationError(raw, f"a placement starts with '@', like {example}")
            names = [part.strip() for part in text[1:].split(",")]
            placed = [self._square(raw, name) for name in names]
            if self.phase == PHASE_PLACE_ELEPHANT:
                if len(placed) != 1:
                    raise NotationError(raw, "the elephant is placed on exactly one tile, like @c2")
                return (placed[0],)
            return tuple(sorted(placed))
        if text.startswith("@"):
            raise NotationError(raw, "the pieces are already placed; a move looks like c2-d3")
        if text == "pass":
            return ()
        parts = [part.strip() for part in text.split("-")]
        if len(parts) not in (2, 3):
            raise NotationError(raw, "a move is from-to like c2-d3 (a1-c3-c5 for a compound move), or pass")
        squares = tuple(self._square(raw, name) for name in parts)
        if len(set(squares)) != len(squares):
            raise NotationError(raw, "a move must not name the same square twice")
        return squares

    @staticmethod
    def _square(raw: str, name: str) -> int:
        try:
            return square_index(name)
        except ValueError:
            raise NotationError(raw, f"'{name}' is not a square (files a-f, ranks 1-4)") from None

    # -- description ---------------------------------------------------------------------------------
    def position(self) -> dict[str, Any]:
        return {
            "phase": self.phase_name,
            "to_move": list(self.to_move()),
            "elephant": square_name(self.elephant) if self.elephant >= 0 else None,
            "elephant_in_hole": self.elephant >= 0 and not self.has_tile(self.elephant),
            "farmers": sorted(square_name(sq) for sq in self.farmer_squares()),
            "tiles": sorted(square_name(sq) for sq in squares_of(self.tiles)),
            "points": self.points,
            "target": self.target,
            "captured": self.captured,
            "eaten": self.eaten,
            "farmers_total": self.n_farmers,
            "compound": self.compound,
            "text": self.to_text() if self.phase == PHASE_PLAY else None,
        }

    def __str__(self) -> str:
        """Rank 4 on top. ``.`` vacant tile, ``_`` hole, ``F`` farmer, ``E`` elephant on a tile,
        ``e`` elephant standing in a hole it ate."""
        lines = []
        for rank in range(RANKS - 1, -1, -1):
            cells = []
            for file in range(WIDTH):
                sq = rank * WIDTH + file
                if sq == self.elephant:
                    cells.append("E" if self.has_tile(sq) else "e")
                elif self.has_farmer(sq):
                    cells.append("F")
                else:
                    cells.append("." if self.has_tile(sq) else "_")
            lines.append(f"{rank + 1} {' '.join(cells)}")
        lines.append("  " + " ".join(FILES))
        status = f"points {self.points}/{self.target} (eaten {self.eaten}, captured {self.captured})"
        outcome = self.outcome()
        if outcome is not None:
            status += f"; {outcome.reason}"
        else:
            status += f"; {self.to_move()[0]} to move ({self.phase_name})"
        lines.append(status)
        return "\n".join(lines)


def _plural(points: int) -> str:
    return "point" if points == 1 else "points"


def perft(state: GameState, depth: int) -> int:
    """Leaf count ``depth`` turns deep with the generic convention (a finished game has no moves),
    on raw integers; the farmers' placement is counted without building states."""
    assert isinstance(state, ElephantRunState)
    if depth == 0:
        return 1
    if state.over:
        return 0
    if state.phase != PHASE_PLAY:
        moves = state.legal_moves(state.to_move()[0])
        if depth == 1:
            return len(moves)
        return sum(perft(state._apply_unchecked(m), depth - 1) for m in moves)
    return _perft_raw(
        state.tiles,
        state.farmers,
        state.elephant,
        state.side,
        depth,
        state.target,
        state.n_farmers,
        state.compound,
    )


def _perft_raw(
    tiles: int, farmers: int, e: int, side: int, depth: int, target: int, total: int, compound: bool
) -> int:
    points = SIZE - tiles.bit_count() + total - farmers.bit_count()
    if points >= target or farmers == 0:
        return 0
    if side == SIDE_ELEPHANT:
        moves = elephant_moves(tiles, farmers, e)
        if depth == 1:
            return len(moves)
        count = 0
        for to, cap in moves:
            if cap >= 0:
                child_tiles, child_farmers = tiles, farmers & ~(1 << cap)
            else:
                child_tiles, child_farmers = tiles & ~(1 << to), farmers
            count += _perft_raw(
                child_tiles, child_farmers, to, SIDE_FARMERS, depth - 1, target, total, compound
            )
        return count
    fmoves = farmer_moves(tiles, farmers, e, compound) or [()]
    if depth == 1:
        return len(fmoves)
    count = 0
    for move in fmoves:
        child = farmers & ~(1 << move[0]) | (1 << move[-1]) if move else farmers
        count += _perft_raw(tiles, child, e, SIDE_ELEPHANT, depth - 1, target, total, compound)
    return count


def new_state(options: Mapping[str, str]) -> ElephantRunState:
    """The register's factory: a fresh game (the elephant places first)."""
    return ElephantRunState.from_options(options)


__all__ = [
    "BEYOND",
    "BEYOND_BY_PAIR",
    "DIRECTIONS",
    "ELEPHANT",
    "FARMERS",
    "FILES",
    "FULL",
    "GAME_ID",
    "JUMPS",
    "NEIGHBOURS",
    "NEIGHBOUR_MASK",
    "NO_SQUARE",
    "OPTIONS",
    "PHASE_NAMES",
    "PHASE_PLACE_ELEPHANT",
    "PHASE_PLACE_FARMERS",
    "PHASE_PLAY",
    "PLAYERS",
    "RANKS",
    "RAYS",
    "SIDE_ELEPHANT",
    "SIDE_FARMERS",
    "SIZE",
    "WIDTH",
    "ElephantRunState",
    "Placements",
    "PlayMove",
    "Square",
    "compound_moves",
    "elephant_bound",
    "elephant_can_move",
    "elephant_moves",
    "farmer_moves",
    "farmer_targets",
    "grow",
    "new_state",
    "perft",
    "region",
    "square_index",
    "square_name",
    "squares_of",
]
