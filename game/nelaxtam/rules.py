"""Nelaxtam: the rules engine (RULES.md section 2).

The board is n×n (8, 10, 12 or 14). Squares are numbered ``(rank - 1) * n + file`` (a1 = 0); a1 is
dark. Black owns the dark territory, White the light territory. Each player's territory is a Python
``int`` used as a bit set, so whole-board questions (groups, control, contact) are a handful of
shifts: that keeps the AI's thousands of look-ahead resolutions cheap.

Moves (one per player per turn, both secret):

* invasion: a tuple of five squares, the places of troops 1..5 (notation ``a1,c1,l4,e6,f7``);
* orders: a tuple of five order codes, one per troop 1..5 (see :data:`ORDER_NAMES`); dead troops
  always carry :data:`NOTHING`. Notation ``1ne,2xs,4-``.

:func:`resolve` carries the three-step resolution and returns a :class:`TurnReport` so the scene
animates exactly what the rules decided; the state object only sequences turns.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any, cast

from game.bits import squares_of as bits_of
from game.core import GameError, IllegalMoveError, Move, NotationError, Outcome
from game.nelaxtam.board import (  # re-exported (__all__ below): rules is the game's public face
    _DIRECTION_WORDS,
    BLACK,
    CALM_LIMIT,
    DEAD,
    DEFAULT_SIZE,
    DESTROY_CODES,
    FILES,
    GAME_ID,
    MOVE_CODES,
    NOTHING,
    OPTIONS,
    ORDER_NAMES,
    PHASE_INVASION,
    PHASE_ORDERS,
    PHASE_OVER,
    PLAYERS,
    SIZES,
    TROOPS,
    TURN_LIMIT,
    WHITE,
    Death,
    Destruction,
    Geometry,
    Orders,
    Placement,
    RemovedGroup,
    TroopMove,
    TurnReport,
    controlled,
    geometry,
    in_contact,
    order_target,
    order_text,
    resolve,
)
from game.nelaxtam.move_lists import JointOrders, Placements
from game.nelaxtam.notation import move_squares, read_orders
from game.turns import SimultaneousState


def _as_ints(move: Move) -> tuple[int, ...]:
    """A checked move as the rules read it: both phases' moves are tuples of five ints (squares in
    the invasion, order codes after), which the shared contract only knows as hashable."""
    return tuple(cast(Sequence[int], move))


# -- the state --------------------------------------------------------------------------------------
RECENT_TURNS = 3
"""Order turns a state remembers (``NelaxtamState.recent``)."""

PastTurn = tuple[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]], int, int, Orders, Orders]
"""One order turn as it stood before the reveal: territories, troops, the calm count, the turn
number, then Black's and White's orders."""


class NelaxtamState(SimultaneousState):
    """A Nelaxtam position: both territories, both armies, the phase and the turn counters.

    Immutable; ``apply_turn`` returns a new state whose ``last_report`` tells what the turn did.
    ``recent`` holds the last :data:`RECENT_TURNS` order turns (:data:`PastTurn`, public once
    revealed) so the computer can notice an opponent who always gives the obvious orders; like
    ``last_report`` it is not part of the position (:meth:`key` leaves it out)."""

    game_id = GAME_ID
    players = PLAYERS
    player_scope = " in Nelaxtam"
    missing_reason = "both Black and White must give their orders before the reveal"

    def __init__(
        self,
        size: int = DEFAULT_SIZE,
        *,
        sea: int = 3,
        quiet: bool = False,
        territory: tuple[int, int] | None = None,
        troops: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
        phase: str = PHASE_INVASION,
        turn: int = 0,
        calm: int = 0,
        last_report: TurnReport | None = None,
        recent: tuple[PastTurn, ...] = (),
    ) -> None:
        if size not in SIZES:
            raise GameError(f"Nelaxtam is played on 8, 10, 12 or 14 squares a side, not {size}")
        self.size = size
        self.geo = geometry(size)
        self.sea = sea
        self.quiet = quiet
        self.territory: tuple[int, int] = (
            territory if territory is not None else (self.geo.dark, self.geo.light)
        )
        self.troops: tuple[tuple[int, ...], tuple[int, ...]] = (
            troops if troops is not None else ((DEAD,) * TROOPS, (DEAD,) * TROOPS)
        )
        self.phase = phase
        self.turn = turn
        self.calm = calm
        self.last_report = last_report
        self.recent = recent
        self._outcome: Outcome | None = None
        if phase == PHASE_ORDERS:
            self._outcome = self._end()
            if self._outcome is not None:
                self.phase = PHASE_OVER

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> NelaxtamState:
        return cls(
            int(options.get("size", DEFAULT_SIZE)),
            sea=int(options.get("sea", 3)),
            quiet=options.get("quiet", "off") == "on",
        )

    def with_changes(self, **changes: Any) -> NelaxtamState:
        """A copy with some fields replaced (fixtures and the AI's look-ahead)."""
        fields: dict[str, Any] = {
            "sea": self.sea,
            "quiet": self.quiet,
            "territory": self.territory,
            "troops": self.troops,
            "phase": self.phase,
            "turn": self.turn,
            "calm": self.calm,
        }
        fields.update(changes)
        return NelaxtamState(self.size, **fields)

    def key(self) -> tuple[Any, ...]:
        return (
            self.size,
            self.sea,
            self.quiet,
            self.territory,
            self.troops,
            self.phase,
            self.turn,
            self.calm,
        )

    def __repr__(self) -> str:
        return f"NelaxtamState(size={self.size}, phase={self.phase!r}, turn={self.turn})"

    # -- queries --------------------------------------------------------------------------------
    def index_of(self, player: str) -> int:
        if player not in PLAYERS:
            raise GameError(f"there is no player '{player}' in Nelaxtam (players: black, white)")
        return PLAYERS.index(player)

    def living(self, player: str) -> list[int]:
        """Numbers (1..5) of the player's living troops."""
        return [t + 1 for t, sq in enumerate(self.troops[self.index_of(player)]) if sq >= 0]

    def controlled(self, player: str) -> int:
        """Bit set of the player's pieces in a group holding one of their troops."""
        p = self.index_of(player)
        return controlled(self.geo, self.territory[p], self.troops[p])

    def _end(self) -> Outcome | None:
        """The end predicate and the safety caps, checked after every order turn."""
        if not in_contact(self.geo, self.territory, self.troops):
            reason = "No troop can destroy any more"
        elif self.calm >= CALM_LIMIT:
            reason = f"{CALM_LIMIT} turns in a row without a destroyed piece"
        elif self.turn >= TURN_LIMIT:
            reason = f"{TURN_LIMIT} turns played"
        else:
            return None
        score = self.score()
        b, w = score[BLACK], score[WHITE]
        tally = f"{reason}: Black {b}, White {w}."
        if b == w:
            return Outcome(None, tally)
        return Outcome(BLACK if b > w else WHITE, tally)

    # -- per-troop orders (for the scene and the AI) --------------------------------------------
    def orders_for(self, player: str, troop: int) -> list[int]:
        """The order codes troop ``troop`` (1..5) may get now, each legal on its own (nothing first).

        The one joint rule, two troops moving to one square, is checked on the whole order."""
        if self.phase != PHASE_ORDERS or player not in self.to_move():
            return []
        p = self.index_of(player)
        sq = self.troops[p][troop - 1]
        if sq < 0:
            return [NOTHING]
        own, enemy = self.territory[p], self.territory[1 - p]
        occupied = {s for s in self.troops[p] if s >= 0}
        codes = [NOTHING]
        for k, target in enumerate(self.geo.diag[sq]):
            if target >= 0 and own >> target & 1 and target not in occupied:
                codes.append(1 + k)
        for k, target in enumerate(self.geo.orth[sq]):
            if target >= 0 and enemy >> target & 1:
                codes.append(5 + k)
        return codes

    def order_target(self, player: str, troop: int, code: int) -> int:
        """The square troop ``troop`` would move to or destroy with ``code`` (-1 for nothing)."""
        return order_target(self.geo, self.troops[self.index_of(player)][troop - 1], code)

    @staticmethod
    def make_orders(chosen: Mapping[int, int]) -> Orders:
        """A joint order from ``{troop: code}``; troops not mentioned do nothing."""
        return tuple(chosen.get(t, NOTHING) for t in range(1, TROOPS + 1))

    # -- moves ----------------------------------------------------------------------------------
    def legal_moves(self, player: str) -> Sequence[Placement | Orders]:
        if player not in self.to_move():
            return []
        p = self.index_of(player)
        if self.phase == PHASE_INVASION:
            return Placements(self.territory[p], self.geo.edge, self.sea)
        per_troop = [self.orders_for(player, t) for t in range(1, TROOPS + 1)]
        if self.quiet:
            out: list[Orders] = [(NOTHING,) * TROOPS]
            for t, codes in enumerate(per_troop):
                out.extend(tuple(c if i == t else NOTHING for i in range(TROOPS)) for c in codes if c)
            return out
        targets = [[order_target(self.geo, sq, c) for c in range(9)] for sq in self.troops[p]]
        return JointOrders(per_troop, targets)

    def random_move(self, player: str, rng: random.Random) -> Placement | Orders:
        """Uniform over the legal moves without listing them: an invasion by a random index into the
        lazy list, wild orders by rejection (a collision of two moves is rare), quiet from the list."""
        moves = self.legal_moves(player)
        if self.phase == PHASE_INVASION or self.quiet:
            return moves[rng.randrange(len(moves))]
        assert isinstance(moves, JointOrders)
        while True:
            joint = tuple(rng.choice(codes) for codes in moves.per_troop)
            if moves._ok(joint):
                return joint

    def why_illegal(self, player: str, move: Move) -> str | None:
        """None if ``move`` is legal for ``player`` now, else the reason in players' words."""
        p = self.index_of(player)
        if (
            not isinstance(move, tuple)
            or len(move) != TROOPS
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in move)
        ):
            return "a move gives something for each of the five troops"
        if self.phase == PHASE_INVASION:
            return self._why_bad_placement(p, move)
        return self._why_bad_orders(p, move)

    def _why_bad_placement(self, p: int, move: Placement) -> str | None:
        geo = self.geo
        colour = "dark" if p == 0 else "light"
        for t, sq in enumerate(move):
            if not 0 <= sq < self.size * self.size:
                return f"troop {t + 1} must land on a square of the board"
            if not self.territory[p] >> sq & 1:
                return f"troop {t + 1} cannot land on {geo.name(sq)}: troops land on own ({colour}) territory"
        for t, sq in enumerate(move):
            if move.index(sq) != t:
                return f"troops {move.index(sq) + 1} and {t + 1} cannot both land on {geo.name(sq)}"
        on_edge = sum(1 for sq in move if geo.edge >> sq & 1)
        if on_edge < self.sea:
            return (
                f"{self.sea} troops come by sea and must land on the board edge "
                f"(only {on_edge} {'does' if on_edge == 1 else 'do'})"
            )
        return None

    def _why_bad_orders(self, p: int, move: Orders) -> str | None:
        geo = self.geo
        squares = self.troops[p]
        own, enemy = self.territory[p], self.territory[1 - p]
        occupied = {s for s in squares if s >= 0}
        given = 0
        landing: dict[int, int] = {}
        for t, code in enumerate(move):
            if not 0 <= code < len(ORDER_NAMES):
                return f"troop {t + 1} has no order number {code}"
            if code == NOTHING:
                continue
            sq = squares[t]
            if sq < 0:
                return f"troop {t + 1} is dead and cannot take orders"
            given += 1
            name = order_text(t + 1, code)
            word = _DIRECTION_WORDS[ORDER_NAMES[code].lstrip("x")]
            target = order_target(geo, sq, code)
            if target < 0:
                return f"{name}: troop {t + 1} on {geo.name(sq)} has no square to the {word} (board edge)"
            if code <= 4:
                if not own >> target & 1:
                    return (
                        f"{name}: troop {t + 1} can only move onto own territory; {geo.name(target)} "
                        f"holds no piece of yours any more"
                    )
                if target in occupied:
                    other = squares.index(target) + 1
                    return f"{name}: troop {other} stands on {geo.name(target)} at the start of the turn"
                if target in landing:
                    return f"troops {landing[target]} and {t + 1} cannot both move to {geo.name(target)}"
                landing[target] = t + 1
            elif not enemy >> target & 1:
                return f"{name}: {geo.name(target)} holds no enemy piece to destroy"
        if self.quiet and given > 1:
            return "quiet variant: give an order to at most one troop each turn"
        return None

    # -- applying -------------------------------------------------------------------------------
    def _resolve(self, turn: Mapping[str, Move]) -> NelaxtamState:
        moves = (_as_ints(turn[BLACK]), _as_ints(turn[WHITE]))
        if self.phase == PHASE_INVASION:
            return NelaxtamState(
                self.size,
                sea=self.sea,
                quiet=self.quiet,
                territory=self.territory,
                troops=moves,
                phase=PHASE_ORDERS,
                turn=self.turn + 1,
                calm=0,
                last_report=TurnReport({BLACK: moves[0], WHITE: moves[1]}),
            )
        territory, troops, report = resolve(self.geo, self.territory, self.troops, moves)
        destroyed = report is not None and bool(report.destructions)
        past: PastTurn = (self.territory, self.troops, self.calm, self.turn, moves[0], moves[1])
        return NelaxtamState(
            self.size,
            sea=self.sea,
            quiet=self.quiet,
            territory=territory,
            troops=troops,
            phase=PHASE_ORDERS,
            turn=self.turn + 1,
            calm=0 if destroyed else self.calm + 1,
            last_report=report,
            recent=(*self.recent, past)[-RECENT_TURNS:],
        )

    # -- notation -------------------------------------------------------------------------------
    def move_to_text(self, player: str, move: Move) -> str:
        """Canonical notation: an invasion lists the five squares; wild orders list every living troop
        in number order (``1ne,2-,3xs``); quiet orders are the one order given, or ``-``."""
        p = self.index_of(player)
        if not isinstance(move, tuple) or len(move) != TROOPS:
            raise TypeError(f"not a Nelaxtam move: {move!r}")
        if self.phase == PHASE_INVASION:
            return ",".join(self.geo.name(sq) for sq in move)
        if self.quiet:
            given = [order_text(t + 1, c) for t, c in enumerate(move) if c]
            return ",".join(given) if given else "-"
        parts = [order_text(t + 1, c) for t, c in enumerate(move) if self.troops[p][t] >= 0 or c]
        return ",".join(parts) if parts else "-"

    def move_squares(self, player: str, move: Move) -> list[str]:
        """See :func:`game.nelaxtam.notation.move_squares`: landings, or each troop and its target."""
        return move_squares(self.geo, self.phase, self.troops[self.index_of(player)], move)

    def parse_move(self, player: str, text: str) -> Move:
        raw = text
        compact = "".join(text.split()).lower()
        if not compact:
            raise NotationError(raw, "the move is empty")
        if self._outcome is not None:
            raise IllegalMoveError(raw, "the game is already over")
        p = self.index_of(player)
        move: tuple[int, ...]
        if self.phase == PHASE_INVASION:
            parts = compact.split(",")
            if len(parts) != TROOPS:
                raise NotationError(
                    raw,
                    f"the invasion names five squares, for troops 1-5, like "
                    f"a1,c1,{FILES[self.size - 1]}4,e6,f7 (this has {len(parts)})",
                )
            squares = []
            for part in parts:
                try:
                    squares.append(self.geo.index(part))
                except ValueError as exc:
                    raise NotationError(raw, str(exc)) from None
            move = tuple(squares)
        elif compact == "-":
            move = (NOTHING,) * TROOPS
        else:
            codes = [NOTHING] * TROOPS
            for troop, code in read_orders(raw):
                if self.troops[p][troop - 1] < 0:
                    raise IllegalMoveError(raw, f"troop {troop} is dead and cannot take orders")
                codes[troop - 1] = code
            move = tuple(codes)
        why = self.why_illegal(player, move)
        if why:
            raise IllegalMoveError(raw, why)
        return move

    def ended_by_cap(self) -> bool:
        """Troops could still destroy: the calm-turns or turn limit ended the game, not the fighting."""
        from game.nelaxtam.board import in_contact

        return in_contact(self.geo, self.territory, self.troops)

    # -- description ----------------------------------------------------------------------------
    def score(self) -> dict[str, int]:
        """Controlled pieces (in a group holding an own troop). Before the invasion no troop stands
        anywhere yet, so every piece counts: the score starts at n²/2 each, not 0."""
        if self.phase == PHASE_INVASION:
            return {BLACK: self.territory[0].bit_count(), WHITE: self.territory[1].bit_count()}
        return {player: self.controlled(player).bit_count() for player in PLAYERS}

    def position(self) -> dict[str, Any]:
        geo = self.geo

        def army(p: int) -> dict[str, str | None]:
            return {str(t + 1): (geo.name(sq) if sq >= 0 else None) for t, sq in enumerate(self.troops[p])}

        return {
            "size": self.size,
            "sea": self.sea,
            "quiet": self.quiet,
            "phase": self.phase,
            "turn": self.turn,
            "calm_turns": self.calm,
            "to_move": list(self.to_move()),
            "black_territory": [geo.name(sq) for sq in bits_of(self.territory[0])],
            "white_territory": [geo.name(sq) for sq in bits_of(self.territory[1])],
            "troops": {BLACK: army(0), WHITE: army(1)},
        }

    def cell(self, sq: int) -> str:
        """The picture's character for a square (see :meth:`__str__`)."""
        for p, symbols in ((0, "12345"), (1, "ABCDE")):
            if sq in self.troops[p]:
                return symbols[self.troops[p].index(sq)]
        if self.territory[0] >> sq & 1:
            return "b"
        if self.territory[1] >> sq & 1:
            return "w"
        return "."

    def __str__(self) -> str:
        """Rank n on top. ``b`` a Black (dark) piece, ``w`` a White (light) piece, ``.`` an empty
        square; Black's troops are ``1``-``5``, White's ``A``-``E`` (each stands on its own piece).
        The picture reads back through :func:`from_text`."""
        n = self.size
        score = self.score()
        lines = [
            f"# Nelaxtam {n}x{n}, {self.phase}, score black {score[BLACK]} white {score[WHITE]}",
            f"turn={self.turn} calm={self.calm}",
        ]
        for rank in range(n, 0, -1):
            row = " ".join(self.cell((rank - 1) * n + f) for f in range(n))
            lines.append(f"{rank:>2} {row}")
        lines.append("   " + " ".join(FILES[:n]))
        outcome = self.outcome()
        if outcome is not None:
            lines.append(f"# over: {outcome.winner or 'draw'} — {outcome.reason}")
        return "\n".join(lines)


# -- construction -----------------------------------------------------------------------------------
def new_state(options: Mapping[str, str]) -> NelaxtamState:
    """The register's factory: a full board waiting for the invasion."""
    return NelaxtamState.from_options(options)


_CELL_PIECE = {"b": 0, "o": 0, "w": 1, "x": 1}


def from_text(text: str, options: Mapping[str, str] | None = None) -> NelaxtamState:
    """A position from a picture: rows from rank n down to rank 1, cells separated by spaces (or a
    row written without spaces). ``b`` or ``o`` a dark (Black) piece, ``w`` or ``x`` a light (White)
    piece — so the seed's diagrams read as they are — ``.`` an empty square, ``1``-``5`` Black's
    troops, ``A``-``E`` White's. A rank number before a row, the file-letter line and ``#`` lines are
    ignored; a ``turn=N calm=N`` line sets the counters (turns played, turns in a row without a
    destroyed piece). The size comes from the picture; sea
    and quiet from ``options``. The position is in the orders phase (and over if the end predicate
    holds). Raises GameError with the row and cell of any mistake."""
    options = dict(options or {})
    rows: list[list[str]] = []
    counters = {"turn": 1, "calm": 0}
    for raw_line in text.strip("\n").splitlines():
        line = raw_line.strip()
        if not line or line.startswith("#"):
            continue
        if re.fullmatch(r"((turn|calm)\s*=\s*\d+\s*)+", line):
            for key, value in re.findall(r"(turn|calm)\s*=\s*(\d+)", line):
                counters[key] = int(value)
            continue
        tokens = line.split()
        if len(tokens) > 1 and tokens == list(FILES[: len(tokens)]):
            continue
        rows.append(tokens)
    n = len(rows)
    if n not in SIZES:
        raise GameError(f"a Nelaxtam position has 8, 10, 12 or 14 rows, not {n}")
    geo = geometry(n)
    territory = [0, 0]
    troops = [[DEAD] * TROOPS, [DEAD] * TROOPS]
    for i, tokens in enumerate(rows):
        rank = n - i
        if tokens[0] == str(rank) and (len(tokens) == n + 1 or (len(tokens) == 2 and len(tokens[1]) == n)):
            tokens = tokens[1:]
        if len(tokens) == 1 and len(tokens[0]) > 1:
            tokens = list(tokens[0])
        if len(tokens) != n:
            raise GameError(f"rank {rank} has {len(tokens)} cells, not {n}")
        for f, cell in enumerate(tokens):
            sq = (rank - 1) * n + f
            where = f"{geo.name(sq)} ('{cell}')"
            if cell == ".":
                continue
            if cell in _CELL_PIECE:
                p = _CELL_PIECE[cell]
            elif cell in "12345" and len(cell) == 1:
                p = 0
                troops[0][int(cell) - 1] = sq if troops[0][int(cell) - 1] == DEAD else -2
            elif cell in "ABCDE" and len(cell) == 1:
                p = 1
                troops[1][ord(cell) - ord("A")] = sq if troops[1][ord(cell) - ord("A")] == DEAD else -2
            else:
                raise GameError(f"{where}: unknown cell (use b/o, w/x, ., 1-5 or A-E)")
            if geo.is_dark(sq) != (p == 0):
                owner = "Black" if geo.is_dark(sq) else "White"
                colour = "dark" if geo.is_dark(sq) else "light"
                raise GameError(f"{where}: {colour} squares hold {owner}'s pieces and troops only")
            territory[p] |= 1 << sq
    for p, army in enumerate(troops):
        if -2 in army:
            raise GameError(f"{PLAYERS[p].title()} troop {army.index(-2) + 1} appears twice")
    sea = int(options.get("sea", 3))
    quiet = options.get("quiet", "off") == "on"
    return NelaxtamState(
        n,
        sea=sea,
        quiet=quiet,
        territory=(territory[0], territory[1]),
        troops=(tuple(troops[0]), tuple(troops[1])),
        phase=PHASE_ORDERS,
        turn=counters["turn"],
        calm=counters["calm"],
    )


# What other modules import from here: the board's names come through, so rules stays the game's
# public face (mypy's strict mode reads re-exports only from this list).
__all__ = [
    "BLACK",
    "CALM_LIMIT",
    "DEAD",
    "DEFAULT_SIZE",
    "DESTROY_CODES",
    "FILES",
    "GAME_ID",
    "MOVE_CODES",
    "NOTHING",
    "OPTIONS",
    "ORDER_NAMES",
    "PHASE_INVASION",
    "PHASE_ORDERS",
    "PHASE_OVER",
    "PLAYERS",
    "RECENT_TURNS",
    "SIZES",
    "TROOPS",
    "TURN_LIMIT",
    "WHITE",
    "Death",
    "Destruction",
    "Geometry",
    "JointOrders",
    "NelaxtamState",
    "Orders",
    "PastTurn",
    "Placement",
    "Placements",
    "RemovedGroup",
    "TroopMove",
    "TurnReport",
    "bits_of",
    "controlled",
    "from_text",
    "geometry",
    "in_contact",
    "new_state",
    "order_target",
    "order_text",
    "resolve",
]
