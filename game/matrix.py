"""Zero-sum matrix games and the assignment problem: the solvers the simultaneous games share.

Elasta and Nelaxtam decide a turn as a matrix game (both sides choose at once, the payoff from the
row player's side): Elasta solves its small candidate matrices exactly (:func:`solve_matrix`, a
simplex) and grows them by double oracle (:func:`add_replies`); Nelaxtam's matrices are larger and
it approximates their equilibrium by regret matching (:func:`regret_matching`). The best reply to a
mixture in Elasta, and the greedy bot's allotment, are assignment problems
(:func:`hungarian_max`). Pure arithmetic on lists: no game is imported.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from operator import mul
from typing import TypeVar

from game import clock

Row = TypeVar("Row", bound=Hashable)
Col = TypeVar("Col", bound=Hashable)


# -- the assignment problem ---------------------------------------------------------------------------
def hungarian_max(gain: list[list[float]]) -> list[int]:
    """The permutation ``p`` (row i gets column p[i]) maximising the summed gain, exactly.

    The classic O(n³) shortest-augmenting-path algorithm with potentials, on costs = -gain."""
    n = len(gain)
    inf = float("inf")
    u = [0.0] * (n + 1)
    v = [0.0] * (n + 1)
    owner = [0] * (n + 1)  # owner[j]: the row matched to column j (1-based, 0 = none)
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        owner[0] = i
        j0 = 0
        minv = [inf] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = owner[j0]
            delta = inf
            j1 = 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = -gain[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if owner[j0] == 0:
                break
        while True:
            j1 = way[j0]
            owner[j0] = owner[j1]
            j0 = j1
            if j0 == 0:
                break
    result = [0] * n
    for j in range(1, n + 1):
        result[owner[j] - 1] = j - 1
    return result


# -- matrix games ---------------------------------------------------------------------------------
def solve_matrix(matrix: Sequence[Sequence[float]]) -> tuple[float, list[float], list[float]]:
    """Value and optimal mixtures (row player maximises) of a zero-sum matrix game.

    Shift every entry to at least 1, then solve ``max Σz  s.t.  A z <= 1, z >= 0`` with a dense
    simplex on the slack basis (feasible from the start). The column mixture is z / Σz; the row
    mixture is read from the slack columns of the final objective row (the dual solution)."""
    rows, cols = len(matrix), len(matrix[0])
    shift = 1.0 - min(min(row) for row in matrix)
    width = cols + rows + 1
    tableau = []
    for i, row in enumerate(matrix):
        line = [a + shift for a in row] + [0.0] * rows + [1.0]
        line[cols + i] = 1.0
        tableau.append(line)
    objective = [-1.0] * cols + [0.0] * rows + [0.0]
    basis = [cols + i for i in range(rows)]
    eps = 1e-12
    for _ in range(50 * (rows + cols)):
        enter = min(range(width - 1), key=objective.__getitem__)
        if objective[enter] >= -1e-10:
            break
        best_row, best_ratio = -1, float("inf")
        for i in range(rows):
            a = tableau[i][enter]
            if a > eps:
                ratio = tableau[i][-1] / a
                tie = abs(ratio - best_ratio) <= 1e-12 and basis[i] < basis[best_row]
                if ratio < best_ratio - 1e-12 or tie:
                    best_row, best_ratio = i, ratio
        if best_row < 0:  # unbounded cannot happen with positive entries; be safe
            break
        prow = tableau[best_row]
        pivot = prow[enter]
        prow = [a / pivot for a in prow]
        tableau[best_row] = prow
        for i in range(rows):
            if i != best_row:
                factor = tableau[i][enter]
                if factor != 0.0:
                    tableau[i] = [a - factor * b for a, b in zip(tableau[i], prow, strict=True)]
        factor = objective[enter]
        objective = [a - factor * b for a, b in zip(objective, prow, strict=True)]
        basis[best_row] = enter
    total = objective[-1]
    z = [0.0] * cols
    for i, var in enumerate(basis):
        if var < cols:
            z[var] = tableau[i][-1]
    x = [max(0.0, objective[cols + i]) for i in range(rows)]
    sx, sz = sum(x), sum(z)
    x = [a / sx for a in x] if sx > 0 else [1.0 / rows] * rows
    y = [a / sz for a in z] if sz > 0 else [1.0 / cols] * cols
    value = (1.0 / total - shift) if total > 0 else 0.0
    return value, x, y


def add_replies(
    matrix: list[list[float]],
    rows: list[Row],
    cols: list[Col],
    reply_row: Row,
    reply_col: Col,
    payoff: Callable[[Row, Col], float],
) -> bool:
    """One double-oracle step: add each side's best reply to its candidates (a row for the row
    player, a column for the column player) unless it is there already, with its payoffs. False
    when neither was new: the loop has converged."""
    added = False
    if reply_row not in rows:
        rows.append(reply_row)
        matrix.append([payoff(reply_row, c) for c in cols])
        added = True
    if reply_col not in cols:
        cols.append(reply_col)
        for line, r in zip(matrix, rows, strict=True):
            line.append(payoff(r, reply_col))
        added = True
    return added


def regret_matching(
    matrix: list[list[float]], iterations: int, deadline: float = math.inf
) -> tuple[list[float], list[float]]:
    """Average strategies of regret matching (row player maximises) on a payoff matrix; stops early
    (after at least 10 iterations) at ``deadline``.

    This is regret matching⁺ (regrets floored at zero every iteration, later iterations weighted
    more in the average): it reaches a given distance from equilibrium in a fraction of the
    iterations plain regret matching needs, and every iteration is a few list comprehensions over
    the rows and columns (``map(mul, ...)``), so the search buys more candidates with the time."""
    rows, cols = len(matrix), len(matrix[0])
    columns = [list(col) for col in zip(*matrix, strict=True)]
    reg_r, reg_c = [0.0] * rows, [0.0] * cols
    sum_r, sum_c = [0.0] * rows, [0.0] * cols
    sr, sc = [1.0 / rows] * rows, [1.0 / cols] * cols
    for iteration in range(iterations):
        if iteration >= 10 and iteration % 10 == 0 and clock.now() > deadline:
            break
        row_values = [sum(map(mul, row, sc)) for row in matrix]
        col_values = [sum(map(mul, col, sr)) for col in columns]
        mean = sum(map(mul, row_values, sr))
        weight = iteration + 1.0
        reg_r = [max(r + v - mean, 0.0) for r, v in zip(reg_r, row_values, strict=True)]
        reg_c = [max(r + mean - v, 0.0) for r, v in zip(reg_c, col_values, strict=True)]
        sum_r = [a + weight * x for a, x in zip(sum_r, sr, strict=True)]
        sum_c = [a + weight * x for a, x in zip(sum_c, sc, strict=True)]
        total = sum(reg_r)
        sr = [x / total for x in reg_r] if total > 0 else [1.0 / rows] * rows
        total = sum(reg_c)
        sc = [x / total for x in reg_c] if total > 0 else [1.0 / cols] * cols
    tr, tc = sum(sum_r), sum(sum_c)
    return [x / tr for x in sum_r], [x / tc for x in sum_c]


__all__ = ["add_replies", "hungarian_max", "regret_matching", "solve_matrix"]
