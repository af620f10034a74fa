"""Nelaxtam's board and the resolution of one turn (RULES.md section 2): the constants, the
geometry of each board size, and :func:`resolve`.

Kept apart from :mod:`game.nelaxtam.rules` (the state, its move lists and notation) because this is
the part every other layer leans on — the AI's look-ahead resolves thousands of turns, the scenes
animate a :class:`TurnReport` — and it reads best on its own. ``rules`` re-exports every name, so
``rules.resolve`` and ``rules.Geometry`` keep working.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from game.bits import squares_of as bits_of
from game.core import OptionSpec

GAME_ID = "nelaxtam"
BLACK = "black"
WHITE = "white"
PLAYERS: tuple[str, str] = (BLACK, WHITE)
TROOPS = 5
SIZES = (8, 10, 12, 14)
DEFAULT_SIZE = 12
CALM_LIMIT = 20
"""Turns in a row without a destroyed piece that end the game (ruling)."""
TURN_LIMIT = 300
"""Turns (the invasion counts as the first) after which the game ends regardless (ruling)."""

PHASE_INVASION = "invasion"
PHASE_ORDERS = "orders"
PHASE_OVER = "over"

FILES = "abcdefghijklmn"
DEAD = -1
"""The square of a troop that is dead (or not yet landed)."""

# order codes ---------------------------------------------------------------------------------------
NOTHING = 0
MOVE_CODES = (1, 2, 3, 4)
DESTROY_CODES = (5, 6, 7, 8)
ORDER_NAMES: tuple[str, ...] = ("-", "ne", "nw", "se", "sw", "xn", "xe", "xs", "xw")
"""Order code → its notation after the troop number: ``3-``, ``2ne``, ``4xs``."""
_DIRECTION_WORDS = {
    "ne": "north-east",
    "nw": "north-west",
    "se": "south-east",
    "sw": "south-west",
    "n": "north",
    "e": "east",
    "s": "south",
    "w": "west",
}

Orders = tuple[int, ...]
Placement = tuple[int, ...]

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "size",
        "Board size",
        str(DEFAULT_SIZE),
        tuple(str(s) for s in SIZES),
        "Squares per side. 10×10 is the smallest the designer found interesting (8×8 for quiet).",
    ),
    OptionSpec(
        "sea",
        "Troops by sea",
        "3",
        tuple(str(k) for k in range(TROOPS + 1)),
        "How many of the five troops must land on the board edge at the invasion.",
    ),
    OptionSpec(
        "quiet",
        "Quiet variant",
        "off",
        ("off", "on"),
        "On: each turn a player gives an order to at most one troop.",
    ),
)


# -- geometry ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Geometry:
    """Masks and neighbour tables of one board size, built once per size and shared."""

    n: int
    full: int
    not_first: int
    not_last: int
    dark: int
    light: int
    edge: int
    diag: tuple[tuple[int, ...], ...]
    """``diag[sq][k]``: the square north-east/north-west/south-east/south-west of sq (k = 0..3), or -1."""
    orth: tuple[tuple[int, ...], ...]
    """``orth[sq][k]``: the square north/east/south/west of sq (k = 0..3), or -1."""

    def name(self, sq: int) -> str:
        return f"{FILES[sq % self.n]}{sq // self.n + 1}"

    def index(self, text: str) -> int:
        """``'c2' -> square``; ValueError if ``text`` is not a square of this board."""
        m = re.fullmatch(r"([a-z])(\d{1,2})", text.strip().lower())
        if not m:
            raise ValueError(f"'{text}' is not a square (like c4)")
        file, rank = FILES.find(m.group(1)), int(m.group(2))
        if not (0 <= file < self.n and 1 <= rank <= self.n):
            raise ValueError(
                f"'{text}' is off the {self.n}×{self.n} board (files a-{FILES[self.n - 1]}, ranks 1-{self.n})"
            )
        return (rank - 1) * self.n + file

    def is_dark(self, sq: int) -> bool:
        return (sq % self.n + sq // self.n) % 2 == 0

    def spread_diag(self, bits: int) -> int:
        """Every square diagonally next to a square of ``bits``."""
        n = self.n
        east = bits & self.not_last
        west = bits & self.not_first
        return ((east << (n + 1)) | (west << (n - 1)) | (east >> (n - 1)) | (west >> (n + 1))) & self.full

    def spread_orth(self, bits: int) -> int:
        """Every square orthogonally next to a square of ``bits``."""
        n = self.n
        return (
            (bits << n) | (bits >> n) | ((bits & self.not_last) << 1) | ((bits & self.not_first) >> 1)
        ) & self.full

    def flood(self, seeds: int, territory: int) -> int:
        """The territory groups (diagonally connected pieces) that contain a square of ``seeds``."""
        group = seeds & territory
        while True:
            grown = group | (self.spread_diag(group) & territory)
            if grown == group:
                return group
            group = grown

    def groups(self, territory: int) -> list[int]:
        """The territory split into its groups, lowest square first."""
        out = []
        rest = territory
        while rest:
            low = rest & -rest
            group = self.flood(low, territory)
            out.append(group)
            rest &= ~group
        return out


@functools.cache
def geometry(n: int) -> Geometry:
    full = (1 << (n * n)) - 1
    first = sum(1 << (r * n) for r in range(n))
    last = first << (n - 1)
    dark = sum(1 << sq for sq in range(n * n) if (sq % n + sq // n) % 2 == 0)
    edge = sum(1 << sq for sq in range(n * n) if sq % n in (0, n - 1) or sq // n in (0, n - 1))

    def at(f: int, r: int) -> int:
        return r * n + f if 0 <= f < n and 0 <= r < n else -1

    diag = tuple(
        tuple(at(sq % n + df, sq // n + dr) for df, dr in ((1, 1), (-1, 1), (1, -1), (-1, -1)))
        for sq in range(n * n)
    )
    orth = tuple(
        tuple(at(sq % n + df, sq // n + dr) for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)))
        for sq in range(n * n)
    )
    return Geometry(n, full, full & ~first, full & ~last, dark, full & ~dark, edge, diag, orth)


def order_target(geo: Geometry, square: int, code: int) -> int:
    """The square an order aims at from ``square`` (-1 for nothing or off the board)."""
    if code == NOTHING or square < 0:
        return -1
    if code <= 4:
        return geo.diag[square][code - 1]
    return geo.orth[square][code - 5]


def order_text(troop: int, code: int) -> str:
    """``(2, 1) -> '2ne'`` (troops are numbered from 1)."""
    return f"{troop}{ORDER_NAMES[code]}"


# -- resolution -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TroopMove:
    player: str
    troop: int
    origin: int
    target: int


@dataclass(frozen=True)
class Destruction:
    """``player``'s troop ``troop`` removed the enemy piece on ``target``."""

    player: str
    troop: int
    target: int


@dataclass(frozen=True)
class Death:
    """A troop that died: its player, number, the square it died on and why (for the scene's text)."""

    player: str
    troop: int
    square: int
    moved: bool
    """True if it died on the square it had just moved to."""


@dataclass(frozen=True)
class RemovedGroup:
    """A territory group removed in clean-up because no troop of its owner stands on it."""

    player: str
    squares: tuple[int, ...]


@dataclass(frozen=True)
class TurnReport:
    """Everything one turn did, step by step, for the scene's animation and the move list.

    Invasion turns fill ``placements`` only. Order turns: ``moves`` (step 1), ``destructions``
    (step 2, two troops hitting one piece appear twice), ``deaths`` (step 2), ``removed_groups``
    (step 3)."""

    placements: dict[str, tuple[int, ...]]
    moves: tuple[TroopMove, ...] = ()
    destructions: tuple[Destruction, ...] = ()
    deaths: tuple[Death, ...] = ()
    removed_groups: tuple[RemovedGroup, ...] = ()

    @property
    def destroyed(self) -> tuple[int, ...]:
        """The distinct squares whose piece step 2 removed."""
        return tuple(sorted({d.target for d in self.destructions}))


def resolve(
    geo: Geometry,
    territory: tuple[int, int],
    troops: tuple[tuple[int, ...], tuple[int, ...]],
    orders: tuple[Orders, Orders],
    report: bool = True,
) -> tuple[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]], TurnReport | None]:
    """One order turn, already checked legal: (territory, troops) after it, plus the report.

    1. every move at once; 2. every destruction at once — a troop standing on a removed piece
    dies, whether it was there before (its own order still took effect) or just moved there;
    3. clean-up: the dead leave and every group with no own troop is removed.
    ``report=False`` skips building the report (the AI's look-ahead)."""
    moved: list[list[int]] = [list(troops[0]), list(troops[1])]
    hit = [0, 0]  # pieces of player i removed (aimed at by the other player)
    move_records: list[TroopMove] = []
    destroy_records: list[Destruction] = []
    for p in (0, 1):
        squares = troops[p]
        for t, code in enumerate(orders[p]):
            if code == NOTHING or squares[t] < 0:
                continue
            target = order_target(geo, squares[t], code)
            if code <= 4:
                moved[p][t] = target
                if report:
                    move_records.append(TroopMove(PLAYERS[p], t + 1, squares[t], target))
            else:
                hit[1 - p] |= 1 << target
                if report:
                    destroy_records.append(Destruction(PLAYERS[p], t + 1, target))
    deaths: list[Death] = []
    after_troops: list[tuple[int, ...]] = []
    for p in (0, 1):
        row = moved[p]
        if hit[p]:
            for t, sq in enumerate(row):
                if sq >= 0 and hit[p] >> sq & 1:
                    if report:
                        deaths.append(Death(PLAYERS[p], t + 1, sq, sq != troops[p][t]))
                    row[t] = DEAD
        after_troops.append(tuple(row))
    new_territory = []
    removed: list[RemovedGroup] = []
    for p in (0, 1):
        land = territory[p] & ~hit[p]
        seeds = 0
        for sq in after_troops[p]:
            if sq >= 0:
                seeds |= 1 << sq
        kept = geo.flood(seeds, land)
        if report and kept != land:
            removed.extend(RemovedGroup(PLAYERS[p], tuple(bits_of(g))) for g in geo.groups(land & ~kept))
        new_territory.append(kept)
    rep = None
    if report:
        rep = TurnReport({}, tuple(move_records), tuple(destroy_records), tuple(deaths), tuple(removed))
    return (new_territory[0], new_territory[1]), (after_troops[0], after_troops[1]), rep


def controlled(geo: Geometry, territory: int, squares: Sequence[int]) -> int:
    """The pieces of ``territory`` in a group holding one of the living troops on ``squares``."""
    seeds = 0
    for sq in squares:
        if sq >= 0:
            seeds |= 1 << sq
    return geo.flood(seeds, territory)


def in_contact(geo: Geometry, territory: tuple[int, int], troops: Sequence[Sequence[int]]) -> bool:
    """True while some living troop's group touches enemy territory orthogonally (the game goes on)."""
    for p in (0, 1):
        mine = controlled(geo, territory[p], troops[p])
        if geo.spread_orth(mine) & territory[1 - p]:
            return True
    return False
