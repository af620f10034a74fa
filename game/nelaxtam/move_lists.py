"""Nelaxtam's lazy move lists: every legal invasion and every legal joint order, as sequences that
count, check and index without building the tuples.

Kept apart from :mod:`game.nelaxtam.rules` (which re-exports both) because they are pure counting
over bit sets and squares: the rules only choose which list a position has.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence

from game.bits import squares_of as bits_of
from game.nelaxtam.board import TROOPS, Orders, Placement


def _perm_count(m: int, r: int) -> int:
    return math.perm(m, r) if 0 <= r <= m else 0


def _unrank_perm(pool: Sequence[int], r: int, index: int) -> list[int]:
    """The ``index``-th r-permutation of ``pool`` in itertools.permutations order."""
    rest = list(pool)
    out = []
    for i in range(r):
        block = _perm_count(len(rest) - 1, r - i - 1)
        digit, index = divmod(index, block)
        out.append(rest.pop(digit))
    return out


class Placements(Sequence[Placement]):
    """Every legal invasion (five distinct own squares, at least ``sea`` on the edge) without building
    the ~10^9 tuples: length by counting, membership by checking, indexing by unranking (so a uniform
    random invasion is one random index)."""

    def __init__(self, own: int, edge: int, sea: int) -> None:
        self.edge = tuple(bits_of(own & edge))
        self.inner = tuple(bits_of(own & ~edge))
        self.sea = sea
        self.blocks: list[tuple[int, tuple[int, ...], int, int]] = []
        """(count of edge troops j, which troops are on the edge, edge perms, inner perms)."""
        for j in range(sea, TROOPS + 1):
            pe, pi = _perm_count(len(self.edge), j), _perm_count(len(self.inner), TROOPS - j)
            if pe * pi:
                for which in itertools.combinations(range(TROOPS), j):
                    self.blocks.append((j, which, pe, pi))
        self._len = sum(pe * pi for _, _, pe, pi in self.blocks)

    def __len__(self) -> int:
        return self._len

    @staticmethod
    def _merge(which: tuple[int, ...], on_edge: Sequence[int], inside: Sequence[int]) -> Placement:
        e, i = iter(on_edge), iter(inside)
        return tuple(next(e) if t in which else next(i) for t in range(TROOPS))

    def __getitem__(self, index: int) -> Placement:  # type: ignore[override]  # never sliced: refused
        if isinstance(index, slice):
            raise TypeError("Placements does not slice")
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("placement index out of range")
        for j, which, pe, pi in self.blocks:
            size = pe * pi
            if index < size:
                e_index, i_index = divmod(index, pi)
                return self._merge(
                    which, _unrank_perm(self.edge, j, e_index), _unrank_perm(self.inner, TROOPS - j, i_index)
                )
            index -= size
        raise IndexError("placement index out of range")  # pragma: no cover

    def __iter__(self) -> Iterator[Placement]:
        for j, which, _, _ in self.blocks:
            for on_edge in itertools.permutations(self.edge, j):
                for inside in itertools.permutations(self.inner, TROOPS - j):
                    yield self._merge(which, on_edge, inside)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, tuple) or len(move) != TROOPS or len(set(move)) != TROOPS:
            return False
        edge, inner = set(self.edge), set(self.inner)
        if not all(sq in edge or sq in inner for sq in move):
            return False
        return sum(sq in edge for sq in move) >= self.sea


class JointOrders(Sequence[Orders]):
    """Every legal joint order of the wild game: the product of each troop's orders minus the joints
    that send two troops to one square. Up to 9^5 = 59,049 of them, so the list is only built when
    indexed or measured; iteration and membership never build it."""

    def __init__(self, per_troop: Sequence[Sequence[int]], targets: Sequence[Sequence[int]]) -> None:
        self.per_troop = [list(codes) for codes in per_troop]
        self.targets = targets
        self._items: list[Orders] | None = None

    def _ok(self, joint: Orders) -> bool:
        seen: set[int] = set()
        for t, code in enumerate(joint):
            if 1 <= code <= 4:
                target = self.targets[t][code]
                if target in seen:
                    return False
                seen.add(target)
        return True

    def __iter__(self) -> Iterator[Orders]:
        return (joint for joint in itertools.product(*self.per_troop) if self._ok(joint))

    def _all(self) -> list[Orders]:
        if self._items is None:
            self._items = list(iter(self))  # not list(self): that would ask __len__ first
        return self._items

    def __len__(self) -> int:
        return len(self._all())

    def __getitem__(self, index: int) -> Orders:  # type: ignore[override]  # never sliced (no slice form)
        return self._all()[index]

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, tuple) or len(move) != TROOPS:
            return False
        if not all(isinstance(c, int) and c in codes for c, codes in zip(move, self.per_troop, strict=True)):
            return False
        return self._ok(move)
