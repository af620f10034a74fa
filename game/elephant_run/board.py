"""Elephant Run's board: squares, the tables computed once at import, and raw move generation.

Split from :mod:`.rules` so the rules module holds the state and its contract; everything here
works on three small integers (a 24-bit tile mask, a 24-bit farmer mask, the elephant's square)
because the AI and the solver expand millions of positions and Python objects would be too slow.
:mod:`.rules` re-exports every public name, so ``from game.elephant_run.rules import ...`` keeps
working.

Squares are numbered ``rank_index * 6 + file_index`` (a1 = 0, f1 = 5, a2 = 6, ..., f4 = 23).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from typing import overload

from game.bits import squares_of

FILES = "abcdef"
RANKS = 4
WIDTH = 6
SIZE = WIDTH * RANKS
FULL = (1 << SIZE) - 1
NO_SQUARE = -1

Square = int
PlayMove = tuple[int, ...]

# -- board tables ---------------------------------------------------------------------------------
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
)


def square_name(sq: int) -> str:
    """``0 -> 'a1'``; the notation's name of a square number."""
    return f"{FILES[sq % WIDTH]}{sq // WIDTH + 1}"


def square_index(name: str) -> int:
    """``'a1' -> 0``; raises ValueError for anything that is not a square of this board."""
    text = name.strip().lower()
    if len(text) != 2 or text[0] not in FILES or not text[1].isdigit() or not 1 <= int(text[1]) <= RANKS:
        raise ValueError(f"'{name}' is not a square (files a-f, ranks 1-4)")
    return (int(text[1]) - 1) * WIDTH + FILES.index(text[0])


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < WIDTH and 0 <= rank < RANKS


def _build_tables() -> tuple[
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
    tuple[tuple[tuple[int, int], ...], ...],
    tuple[tuple[tuple[int, ...], ...], ...],
    tuple[dict[int, int], ...],
]:
    neighbours: list[tuple[int, ...]] = []
    neighbour_mask: list[int] = []
    jumps: list[tuple[tuple[int, int], ...]] = []
    rays: list[tuple[tuple[int, ...], ...]] = []
    beyond: list[dict[int, int]] = []
    for sq in range(SIZE):
        f, r = sq % WIDTH, sq // WIDTH
        nbs: list[int] = []
        jps: list[tuple[int, int]] = []
        rys: list[tuple[int, ...]] = []
        bey: dict[int, int] = {}
        for df, dr in DIRECTIONS:
            if not _on_board(f + df, r + dr):
                continue
            near = (r + dr) * WIDTH + f + df
            nbs.append(near)
            if _on_board(f + 2 * df, r + 2 * dr):
                far = (r + 2 * dr) * WIDTH + f + 2 * df
                jps.append((near, far))
                bey[near] = far
                ray = []
                step = 1
                while _on_board(f + step * df, r + step * dr):
                    ray.append((r + step * dr) * WIDTH + f + step * df)
                    step += 1
                rys.append(tuple(ray))
        neighbours.append(tuple(nbs))
        neighbour_mask.append(sum(1 << n for n in nbs))
        jumps.append(tuple(jps))
        rays.append(tuple(rys))
        beyond.append(bey)
    return tuple(neighbours), tuple(neighbour_mask), tuple(jumps), tuple(rays), tuple(beyond)


NEIGHBOURS, NEIGHBOUR_MASK, JUMPS, RAYS, BEYOND = _build_tables()
"""Per square: adjacent squares; their mask; (jumped, landing) pairs; rays of length >= 2 (the only
directions a run can use: it needs a hole and a landing); ``BEYOND[sq][near] = far``."""

# Masks used by the bitboard flood fill: a shift east must not wrap from file f onto file a.
_NOT_FILE_A = sum(1 << (r * WIDTH) for r in range(RANKS)) ^ FULL
_NOT_FILE_F = sum(1 << (r * WIDTH + WIDTH - 1) for r in range(RANKS)) ^ FULL


def grow(mask: int) -> int:
    """``mask`` plus every square 8-adjacent to it (bit shifts, no loops over squares)."""
    east = (mask & _NOT_FILE_F) << 1
    west = (mask & _NOT_FILE_A) >> 1
    row = mask | east | west
    return (row | (row << WIDTH) | (row >> WIDTH)) & FULL


def region(seed: int, within: int) -> int:
    """The squares of ``within`` 8-connected to ``seed`` (``seed`` must be inside ``within``)."""
    current = seed & within
    while True:
        bigger = grow(current) & within
        if bigger == current:
            return current
        current = bigger


# -- raw move generation (shared by the state and the AI) -----------------------------------------
def elephant_moves(tiles: int, farmers: int, elephant: int) -> list[tuple[int, int]]:
    """The elephant's moves as ``(to, captured)``: ``captured`` is the jumped farmer's square, or
    NO_SQUARE for a step (which eats ``to``). The elephant's own square is never vacant, and no
    neighbour or landing can be it, so ``vacant`` needs no elephant bit here."""
    vacant = tiles & ~farmers
    out: list[tuple[int, int]] = []
    steps = NEIGHBOUR_MASK[elephant] & vacant
    while steps:
        low = steps & -steps
        out.append((low.bit_length() - 1, NO_SQUARE))
        steps ^= low
    if NEIGHBOUR_MASK[elephant] & farmers:
        for near, far in JUMPS[elephant]:
            if farmers >> near & 1 and vacant >> far & 1:
                out.append((far, near))
    return out


def elephant_can_move(tiles: int, farmers: int, elephant: int) -> bool:
    """Whether the elephant has any move: cheaper than listing them."""
    vacant = tiles & ~farmers
    if NEIGHBOUR_MASK[elephant] & vacant:
        return True
    return any(farmers >> near & 1 and vacant >> far & 1 for near, far in JUMPS[elephant])


def farmer_targets(tiles: int, farmers: int, elephant: int, frm: int) -> list[int]:
    """Where the farmer on ``frm`` can go by one step, jump or run (each destination once).

    ``farmers`` may or may not contain ``frm``; the square is treated as vacated by the mover."""
    others = farmers & ~(1 << frm)
    ebit = 1 << elephant if elephant >= 0 else 0
    vacant = tiles & ~others & ~ebit
    out: list[int] = []
    steps = NEIGHBOUR_MASK[frm] & vacant
    while steps:
        low = steps & -steps
        out.append(low.bit_length() - 1)
        steps ^= low
    # The jumps and runs of _jump_targets and _run_targets, written out again on purpose: this is
    # the AI's move generator (via farmer_moves), and calling those two costs it 10-20 % here.
    for near, far in JUMPS[frm]:
        if others >> near & 1 and vacant >> far & 1:
            out.append(far)
    for ray in RAYS[frm]:
        first = ray[0]
        if tiles >> first & 1 or first == elephant:
            continue
        for sq in ray[1:]:
            if sq == elephant:
                break
            if tiles >> sq & 1:
                if vacant >> sq & 1:
                    out.append(sq)
                break
    return out


def _run_targets(tiles: int, vacant: int, elephant: int, frm: int) -> list[int]:
    out = []
    for ray in RAYS[frm]:
        first = ray[0]
        if tiles >> first & 1 or first == elephant:
            continue
        for sq in ray[1:]:
            if sq == elephant:
                break
            if tiles >> sq & 1:
                if vacant >> sq & 1:
                    out.append(sq)
                break
    return out


def _jump_targets(others: int, vacant: int, frm: int) -> list[int]:
    return [far for near, far in JUMPS[frm] if others >> near & 1 and vacant >> far & 1]


def compound_moves(tiles: int, farmers: int, elephant: int, frm: int) -> list[tuple[int, int]]:
    """``(mid, to)`` for every run-then-jump and jump-then-run of the farmer on ``frm``.

    The mover's own square counts as vacated for the second leg; ``mid`` is always a vacant tile
    because both legs must land on one."""
    others = farmers & ~(1 << frm)
    ebit = 1 << elephant if elephant >= 0 else 0
    vacant = tiles & ~others & ~ebit
    out: list[tuple[int, int]] = []
    for mid in _run_targets(tiles, vacant, elephant, frm):
        for to in _jump_targets(others, vacant, mid):
            out.append((mid, to))
    for mid in _jump_targets(others, vacant, frm):
        for to in _run_targets(tiles, vacant, elephant, mid):
            out.append((mid, to))
    return out


def farmer_moves(tiles: int, farmers: int, elephant: int, compound: bool) -> list[PlayMove]:
    """Every farmer move as a tuple ``(frm, to)`` or ``(frm, mid, to)``; empty means a forced pass."""
    out: list[PlayMove] = []
    for frm in squares_of(farmers):
        for to in farmer_targets(tiles, farmers, elephant, frm):
            out.append((frm, to))
        if compound:
            for mid, to in compound_moves(tiles, farmers, elephant, frm):
                out.append((frm, mid, to))
    return out


def elephant_bound(tiles: int, farmers: int, elephant: int) -> int:
    """An upper bound on the points the elephant can still score.

    Tiles are never added, and every elephant move lands on a tile 8-connected (through present
    tiles, farmers stand on tiles) to where it stands, so it can only ever eat tiles of that region;
    on top of that it can capture at most every farmer still on the board."""
    reach = region(NEIGHBOUR_MASK[elephant] & tiles, tiles)
    return reach.bit_count() + farmers.bit_count()


# -- the lazy list of farmer placements ------------------------------------------------------------
class Placements(Sequence[PlayMove]):
    """All farmer placements (sorted tuples of ``count`` free squares), without materialising the
    ~100 000 tuples: length by binomial, membership by checking, indexing by unranking."""

    def __init__(self, free: Sequence[int], count: int) -> None:
        self._free = tuple(sorted(free))
        self._count = count
        self._len = math.comb(len(self._free), count)

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[PlayMove]:
        return itertools.combinations(self._free, self._count)

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, tuple) or len(item) != self._count:
            return False
        if not all(isinstance(sq, int) and sq in self._free for sq in item):
            return False
        return len(set(item)) == self._count

    @overload
    def __getitem__(self, index: int) -> PlayMove: ...

    @overload
    def __getitem__(self, index: slice) -> list[PlayMove]: ...

    def __getitem__(self, index: int | slice) -> PlayMove | list[PlayMove]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("placement index out of range")
        # Unrank in lexicographic order of combinations.
        out: list[int] = []
        n, k, start = len(self._free), self._count, 0
        while k:
            for pos in range(start, n):
                block = math.comb(n - pos - 1, k - 1)
                if index < block:
                    out.append(self._free[pos])
                    start = pos + 1
                    k -= 1
                    break
                index -= block
        return tuple(out)
