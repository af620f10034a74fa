"""Elephant Run's computer player.

Every elephant move scores exactly one point, so from a position with ``points`` the elephant wins
exactly when it can make ``target - points`` more moves: the whole remaining game is at most
``2 * (target - points) - 1`` plies deep. That makes late positions solvable outright, so the hard
level runs iterative-deepening negamax with alpha-beta and a transposition table until it has
either proved the result or run out of time, and it prunes every position where even eating its
whole reachable region plus capturing every farmer could not reach the target.

Values are from the side to move's point of view. A proven elephant win is ``WIN``; a proven
farmers' win is ``-WIN + final_points`` for the elephant, so the elephant prefers to be stopped as
late as possible and the farmers prefer to stop it as early as possible (each elephant move being a
point, fewer points means sooner). Heuristic values stay far inside ``±PROVEN``.

The search works on the raw integers of :mod:`game.elephant_run.rules` (tile mask, farmer mask,
elephant square), never on state objects, because it visits hundreds of thousands of positions.
"""

from __future__ import annotations

import random

from game import clock
from game.core import GameState, Move
from game.elephant_run.rules import (
    BEYOND_BY_PAIR,
    JUMPS,
    NEIGHBOUR_MASK,
    NEIGHBOURS,
    PHASE_PLACE_ELEPHANT,
    PHASE_PLACE_FARMERS,
    SIDE_ELEPHANT,
    SIDE_FARMERS,
    SIZE,
    WIDTH,
    ElephantRunState,
    PlayMove,
    elephant_moves,
    farmer_moves,
    grow,
    region,
)
from game.elephant_run.solver import OutOfBudget, Solver

WIN = 100_000
PROVEN = WIN - 1_000
"""Any value at least this large in magnitude is a proven result, not an estimate."""

EXACT, LOWER, UPPER = 0, 1, 2
SOLVED_DEPTH = 10_000
"""Depth stored with proven values: they hold whatever depth is asked later."""

LEVEL_DEPTH = {"normal": (5, 4), "hard": (99, 99)}
"""Deepest iteration per level, as (elephant, farmers) plies; hard stops only when solved or out of
time. With 6 for both sides normal held hard to 70 % (hard's elephant won only 12 of 20), with 6
and 4 to 68 % after 22 games; with 4 for both normal's elephant lost too often to easy's 3-4-ply
farmers (normal-easy 70 %)."""


class _Timeout(Exception):
    """Raised inside the search when the deadline passes; the last finished iteration counts."""


Stats = dict[str, float]
LAST_STATS: Stats = {}
"""Figures from the most recent search (nodes, depth, seconds, value): for the bench script."""


# -- evaluation -----------------------------------------------------------------------------------
def _mobility(tiles: int, farmers: int, e: int) -> tuple[int, int]:
    """(steps, captures) open to the elephant on ``e``."""
    vacant = tiles & ~farmers
    steps = (NEIGHBOUR_MASK[e] & vacant).bit_count()
    caps = 0
    if NEIGHBOUR_MASK[e] & farmers:
        for near, far in JUMPS[e]:
            if farmers >> near & 1 and vacant >> far & 1:
                caps += 1
    return steps, caps


def evaluate(tiles: int, farmers: int, e: int, side: int, target: int, n_farmers: int) -> int:
    """A heuristic value for the elephant (positive: good for it).

    What wins for the elephant is staying mobile for ``target - points`` more moves, so the value
    weighs the points still missing, the elephant's moves now, the vacant tiles two squares around
    it (its room to come), the spare room in its region over what it needs, and farmers it can
    capture (worth most when it is the elephant's turn; the farmers can cover only one threat)."""
    points = SIZE - tiles.bit_count() + n_farmers - farmers.bit_count()
    need = target - points
    reach = region(NEIGHBOUR_MASK[e] & tiles, tiles)
    spare = reach.bit_count() + farmers.bit_count() - need
    if spare < 0:
        return -WIN + points + need + spare
    steps, caps = _mobility(tiles, farmers, e)
    vacant = tiles & ~farmers
    ring = (grow(grow(1 << e)) & vacant).bit_count()
    value = -40 * need + 14 * steps + 3 * ring + 2 * min(spare, 12)
    if side == SIDE_ELEPHANT:
        value += 45 * caps
    elif caps > 1:
        value += 60 * (caps - 1)  # the farmers can cover only one of several threats
    if steps + caps <= 1:
        value -= 30 if side == SIDE_FARMERS else 10
    return value


# -- search -----------------------------------------------------------------------------------------
class Searcher:
    """Iterative-deepening alpha-beta over raw positions, with a transposition table.

    One instance per decision: the table is not shared between moves (it is rebuilt in well under
    the budget), which keeps memory flat over a long session."""

    def __init__(self, target: int, n_farmers: int, compound: bool, deadline: float) -> None:
        self.target = target
        self.n_farmers = n_farmers
        self.compound = compound
        self.deadline = deadline
        self.table: dict[int, tuple[int, int, int, int]] = {}
        self.nodes = 0

    def _farmer_children(self, tiles: int, farmers: int, e: int) -> dict[int, PlayMove]:
        """Farmer moves keyed by the resulting farmer mask: a compound move that lands where a plain
        move lands leads to the same position, so the search looks at it once."""
        out: dict[int, PlayMove] = {}
        for move in farmer_moves(tiles, farmers, e, self.compound):
            child = farmers & ~(1 << move[0]) | (1 << move[-1])
            if child not in out:
                out[child] = move
        return out

    def search(self, tiles: int, farmers: int, e: int, side: int, depth: int, alpha: int, beta: int) -> int:
        """Negamax value for the side to move (``side``), searching ``depth`` more plies."""
        self.nodes += 1
        if not self.nodes & 1023 and clock.now() > self.deadline:
            raise _Timeout
        key = tiles | farmers << 24 | e << 48 | side << 53
        entry = self.table.get(key)
        best_hint = -1
        if entry is not None:
            e_depth, flag, value, best_hint = entry
            if e_depth >= depth:
                if flag == EXACT:
                    return value
                if flag == LOWER:
                    if value >= beta:
                        return value
                elif value <= alpha:
                    return value
        target = self.target
        points = SIZE - tiles.bit_count() + self.n_farmers - farmers.bit_count()
        alpha0 = alpha
        if side == SIDE_ELEPHANT:
            moves = elephant_moves(tiles, farmers, e)
            if not moves:
                return -WIN + points
            reach = region(NEIGHBOUR_MASK[e] & tiles, tiles)
            bound = reach.bit_count() + farmers.bit_count()
            if points + bound < target:
                value = -WIN + points + bound
                self.table[key] = (SOLVED_DEPTH, UPPER, value, -1)
                return value
            if points + 1 >= target:
                self.table[key] = (SOLVED_DEPTH, EXACT, WIN, moves[0][0])
                return WIN
            if depth <= 0:
                return evaluate(tiles, farmers, e, side, target, self.n_farmers)
            vacant = tiles & ~farmers
            # Captures first, then steps towards open ground; the table's move before all.
            order = sorted(
                moves,
                key=lambda m: -(1000 if m[0] == best_hint else 0) - (100 if m[1] >= 0 else 0)
                - (NEIGHBOUR_MASK[m[0]] & vacant).bit_count(),
            )
            best = -WIN - 1
            best_move = -1
            for to, cap in order:
                if cap >= 0:
                    child_f = farmers & ~(1 << cap)
                    if not child_f:
                        value = -WIN + points + 1
                    else:
                        value = -self.search(tiles, child_f, to, SIDE_FARMERS, depth - 1, -beta, -alpha)
                else:
                    value = -self.search(tiles & ~(1 << to), farmers, to, SIDE_FARMERS, depth - 1,
                                         -beta, -alpha)
                if value > best:
                    best, best_move = value, to
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
        else:
            if depth <= 0:
                return -evaluate(tiles, farmers, e, side, target, self.n_farmers)
            children = self._farmer_children(tiles, farmers, e)
            if not children:
                value = -self.search(tiles, farmers, e, SIDE_ELEPHANT, depth - 1, -beta, -alpha)
                self.table[key] = (depth if abs(value) < PROVEN else SOLVED_DEPTH, EXACT, value, -1)
                return value
            # Order by how little room each move leaves the elephant; a move that leaves it none
            # wins at once and no other move can win sooner.
            scored = []
            for child in children:
                steps, caps = _mobility(tiles, child, e)
                if steps + caps == 0:
                    value = WIN - points
                    self.table[key] = (SOLVED_DEPTH, EXACT, value, child)
                    return value
                bonus = -1000 if child == best_hint else 0
                scored.append((bonus + 3 * caps + steps, child))
            scored.sort()
            best = -WIN - 1
            best_move = -1
            for _, child in scored:
                value = -self.search(tiles, child, e, SIDE_ELEPHANT, depth - 1, -beta, -alpha)
                if value > best:
                    best, best_move = value, child
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
        if best <= alpha0:
            flag = UPPER
        elif best >= beta:
            flag = LOWER
        else:
            flag = EXACT
        stored_depth = SOLVED_DEPTH if abs(best) >= PROVEN else depth
        self.table[key] = (stored_depth, flag, best, best_move)
        return best

    def root(
        self,
        tiles: int,
        farmers: int,
        e: int,
        side: int,
        max_depth: int,
        rng: random.Random,
        start_fraction: float = 0.45,
    ) -> tuple[PlayMove, int, int]:
        """Best move, its value and the depth reached, by iterative deepening.

        A new iteration starts only if less than ``start_fraction`` of the time is used (the next
        one typically costs several times the last), and an unfinished iteration is discarded."""
        if side == SIDE_ELEPHANT:
            pairs = [((e, to), (tiles if cap >= 0 else tiles & ~(1 << to),
                                farmers & ~(1 << cap) if cap >= 0 else farmers, to))
                     for to, cap in elephant_moves(tiles, farmers, e)]
        else:
            children = self._farmer_children(tiles, farmers, e)
            pairs = [(move, (tiles, child, e)) for child, move in children.items()]
            if not pairs:
                return (), 0, 0
        rng.shuffle(pairs)
        if len(pairs) == 1:
            return pairs[0][0], 0, 0
        points = SIZE - tiles.bit_count() + self.n_farmers - farmers.bit_count()
        remaining_plies = 2 * (self.target - points) - (1 if side == SIDE_ELEPHANT else 0)
        start = clock.now()
        budget = self.deadline - start
        best_move, best_value, reached = pairs[0][0], -WIN - 1, 0
        other = SIDE_FARMERS if side == SIDE_ELEPHANT else SIDE_ELEPHANT
        for depth in range(1, max_depth + 1):
            try:
                values: list[tuple[int, int]] = []
                alpha = -WIN - 1
                for index, (_move, child) in enumerate(pairs):
                    value = self._child_value(points, side, child, other, depth, alpha)
                    values.append((value, index))
                    alpha = max(alpha, value)
            except _Timeout:
                break
            # Stable re-order: best first, ties keep the shuffled order (rng tie-breaking).
            order = sorted(range(len(pairs)), key=lambda i: -values[i][0])
            pairs = [pairs[i] for i in order]
            best_value = values[order[0]][0]
            best_move = pairs[0][0]
            reached = depth
            if abs(best_value) >= PROVEN or depth >= remaining_plies:
                break
            if clock.now() - start > start_fraction * budget:
                break
        return best_move, best_value, reached

    def _child_value(self, points: int, side: int, child: tuple[int, int, int], other: int, depth: int,
                     alpha: int) -> int:
        """Value of one root move for the mover, searched with alpha = the best so far: a move that
        fails low only gets an upper bound, so the ranking among worse moves is rough."""
        tiles, farmers, e = child
        if side == SIDE_ELEPHANT:
            if points + 1 >= self.target:
                return WIN
            if not farmers:
                return -WIN + points + 1
        beta = -alpha if alpha > -WIN - 1 else WIN + 1
        return -self.search(tiles, farmers, e, other, depth - 1, -WIN - 1, beta)


# -- setup choices -------------------------------------------------------------------------------------
CORNERS = (0, WIDTH - 1, SIZE - WIDTH, SIZE - 1)
INTERIOR = tuple(sq for sq in range(SIZE) if 0 < sq % WIDTH < WIDTH - 1 and 0 < sq // WIDTH < 3)
EDGES = tuple(sq for sq in range(SIZE) if sq not in INTERIOR and sq not in CORNERS)


def _placement_score(e: int, farmers: int) -> int:
    """Static quality of a farmers' placement against the elephant on ``e`` (higher is better for
    the farmers): a farmer it can capture at once is a free point, each open step is room to grow;
    farmers near the elephant can close in, farmers far away are slow to help."""
    steps, caps = _mobility((1 << SIZE) - 1, farmers, e)
    if steps + caps == 0:
        return 10_000
    score = -120 * caps - 12 * steps
    ring = grow(grow(1 << e)) & ~farmers
    score -= 3 * ring.bit_count()
    ef, er = e % WIDTH, e // WIDTH
    mask = farmers
    while mask:
        low = mask & -mask
        sq = low.bit_length() - 1
        mask ^= low
        score -= 2 * max(abs(sq % WIDTH - ef), abs(sq // WIDTH - er))
    return score


def _hem_at_once(e: int, n: int) -> tuple[int, ...] | None:
    """Farmers on every neighbour of ``e`` and beyond every one of them: the elephant cannot move
    on its first turn. Fits only around a corner (3 + 3 squares)."""
    need = set(NEIGHBOURS[e])
    for near in NEIGHBOURS[e]:
        far = BEYOND_BY_PAIR_FROM.get((e, near))
        if far is not None:
            need.add(far)
    if len(need) > n:
        return None
    rest = [sq for sq in range(SIZE) if sq != e and sq not in need]
    far_first = sorted(rest, key=lambda sq: -max(abs(sq % WIDTH - e % WIDTH), abs(sq // WIDTH - e // WIDTH)))
    return tuple(sorted(need | set(far_first[: n - len(need)])))


BEYOND_BY_PAIR_FROM: dict[tuple[int, int], int] = {
    (frm, near): far for (frm, far), near in BEYOND_BY_PAIR.items()
}


def _climb(e: int, n: int, rng: random.Random, deadline: float) -> int:
    """One hill climb over placements from a random start: move single farmers while it helps."""
    free = [sq for sq in range(SIZE) if sq != e]
    placed = rng.sample(free, n)
    mask = sum(1 << sq for sq in placed)
    score = _placement_score(e, mask)
    improved = True
    while improved and clock.now() < deadline:
        improved = False
        for sq in rng.sample(placed, len(placed)):
            for dest in rng.sample(free, len(free)):
                if mask >> dest & 1:
                    continue
                trial = mask & ~(1 << sq) | (1 << dest)
                trial_score = _placement_score(e, trial)
                if trial_score > score:
                    mask, score = trial, trial_score
                    placed[placed.index(sq)] = dest
                    improved = True
                    break
            if improved:
                break
    return mask


def choose_farmer_setup(state: ElephantRunState, level: str, rng: random.Random, seconds: float) -> Move:
    """The farmers' placement: hem at once if the elephant chose a corner; otherwise hill-climb a
    set of candidate placements on the static score and, on the stronger levels, rank the best few
    by a short search from the elephant's first move. Every stage watches the deadline."""
    start = clock.now()
    deadline = start + seconds * 0.9
    e, n = state.elephant, state.n_farmers
    hem = _hem_at_once(e, n)
    if hem is not None:
        return hem
    if level == "easy":
        # One hill climb from a random placement: a sensible ring, rarely the best one.
        return _mask_to_move(_climb(e, n, rng, deadline))
    candidates: dict[int, int] = {}
    climb_until = start + seconds * (0.35 if level == "hard" else 0.5)
    while clock.now() < climb_until or len(candidates) < 2:
        mask = _climb(e, n, rng, deadline)
        candidates[mask] = _placement_score(e, mask)
        if clock.now() > deadline:
            break
    ranked = sorted(candidates, key=lambda m: -candidates[m])[:8]
    best_mask = ranked[0]
    searcher = Searcher(state.target, n, state.compound, deadline)
    # Rank every candidate shallowly first, then (hard) deeper while time remains: a deeper pass
    # that is cut short still leaves a complete shallow ranking to fall back on.
    for depth in ((3,) if level == "normal" else (3, 5)):
        values: dict[int, int] = {}
        try:
            for mask in ranked:
                values[mask] = searcher.search(state.tiles, mask, e, SIDE_ELEPHANT, depth, -WIN - 1, WIN + 1)
        except _Timeout:
            break
        ranked.sort(key=lambda m: values[m])
        best_mask = ranked[0]
    return _mask_to_move(best_mask)


def _mask_to_move(mask: int) -> PlayMove:
    return tuple(sq for sq in range(SIZE) if mask >> sq & 1)


def start_score(sq: int) -> int:
    """How good a start square is: 0 corner (six farmers close it at once), 1 edge, 2 inner ring
    next to an edge (b2, e3, ...), 3 the centre four. Hard-level self-play from c2 beat the same
    from b2 (5-1 against 3-3 over six games each), and an edge start has five ways out, not eight."""
    file = sq % WIDTH
    if sq in CORNERS:
        return 0
    if sq in EDGES:
        return 1
    return 3 if file in (2, 3) else 2


def choose_elephant_setup(level: str, rng: random.Random) -> Move:
    """The elephant's start, from a scored shortlist: hard takes one of the best squares, normal
    any square of the inner ring, easy may also take an edge (never a corner)."""
    floor = {"easy": 1, "normal": 2}.get(level, 3)
    shortlist = [sq for sq in range(SIZE) if start_score(sq) >= floor]
    return (rng.choice(shortlist),)


# -- level policies ---------------------------------------------------------------------------------
EASY_ELEPHANT_NOISE = 20.0
"""Spread (standard deviation) of the easy elephant's misjudgement, in evaluation units: about one
and a half open steps, so it often takes a good move for the best one, rarely a bad one. (At 35 it
now and then walked to an edge with open ground beside it, which looked random.)"""

EASY_MISSED_TRAMPLE = 0.2
"""How often the easy elephant overlooks the farmers it could trample this turn (a trample that
wins at once is always seen)."""

EASY_TRAMPLE_BONUS = 40.0
"""What the easy elephant adds for a trample on top of its evaluation (which counts every point
alike): a beginner takes a farmer that is on offer, even into a cramped corner."""

EASY_FARMER_DEPTH = 4
"""How far the easy farmers look, in plies (their move, the elephant's answer, their next move and
the elephant's next answer), when they look their furthest."""

EASY_SHORT_SIGHT = 0.65
"""How often the easy farmers look one ply less. At 3 plies always they won 63 % as the farmers
against a random elephant (too few for the ladder); at 4 always, 84 %, and the greedy bot's
elephant lost 73 % to them (greedy–easy 39 %, too close to its floor of 35 %). At one move in
two, easy–random was 85–89 % and greedy–easy 42–46 % over 200 games; at 0.65 (kept) 81 % and 43 %
over 200 games on another seed, 88 % and 45 % over 40 on a third."""

EASY_FARMER_NOISE = 6.0
"""Spread of the easy farmers' misjudgement. Small, because a shallow horizon is already their
main weakness: at 15 or more they lost far more often to an elephant that moves at random."""


def _easy_elephant(state: ElephantRunState, rng: random.Random) -> Move:
    """The easy elephant: every move judged one ply deep with noise, never the farmers' reply, and
    now and then blind to a trample, the way a beginner stares at open ground."""
    moves = list(state.legal_moves(state.to_move()[0]))
    if rng.random() < EASY_MISSED_TRAMPLE:
        steps = [m for m in moves if state.captured_by(m) is None or state.points + 1 >= state.target]
        moves = steps or moves
    best, best_score = moves[0], -float("inf")
    for move in moves:
        child = state._apply_unchecked(move)
        outcome = child.outcome()
        if outcome is not None:
            score = 5000.0 if outcome.winner == state.to_move()[0] else -5000.0
        else:
            score = float(evaluate(child.tiles, child.farmers, child.elephant, child.side, child.target,
                                   child.n_farmers))
            if child.farmers != state.farmers:
                score += EASY_TRAMPLE_BONUS
        score += rng.gauss(0.0, EASY_ELEPHANT_NOISE)
        if score > best_score:
            best, best_score = move, score
    return best


def _easy_farmers(state: ElephantRunState, rng: random.Random, deadline: float) -> Move:
    """The easy farmers: a three- or four-ply look ahead with a little noise. A one-ply farmer
    (even noiseless) lost more than a third of its games to an elephant moving at random, because
    hemming in is a plan over several moves; a short look sees a closing net but not a long one.

    Every move is first judged one ply deep, so a search cut short by the deadline still leaves a
    complete (if shallower) ranking."""
    searcher = Searcher(state.target, state.n_farmers, state.compound, deadline)
    children = searcher._farmer_children(state.tiles, state.farmers, state.elephant)
    tiles, e = state.tiles, state.elephant
    values = {child: WIN if _mobility(tiles, child, e) == (0, 0)
              else -evaluate(tiles, child, e, SIDE_ELEPHANT, state.target, state.n_farmers)
              for child in children}
    depth = EASY_FARMER_DEPTH - (rng.random() < EASY_SHORT_SIGHT)
    try:
        deeper = {child: -searcher.search(tiles, child, e, SIDE_ELEPHANT, depth - 1,
                                          -WIN - 1, WIN + 1)
                  for child in children}
    except _Timeout:
        deeper = {}
    values.update(deeper)
    noisy = {child: value + rng.gauss(0.0, EASY_FARMER_NOISE) for child, value in values.items()}
    return children[max(noisy, key=noisy.__getitem__)]


SOLVE_SHARE = 0.6
"""Of hard's think time, the part the exact solver may take before the search gets the rest."""

SOLVE_FROM_NEED = 6
"""The solver is tried once the elephant needs at most this many points: each point more costs
about ten times the work, and from 7 up it rarely finishes within the share, which the search
would then miss."""

MEMO_LIMIT = 500_000
"""Solved positions the hard level keeps between moves (about 110 bytes each, so ~55 MB at most):
the next move's position is usually already among them. Past the limit the memo starts afresh."""

_SOLVERS: dict[bool, Solver] = {}


def _solver(compound: bool) -> Solver:
    """The per-process solver for one compound rule, started afresh when its memo is full."""
    solver = _SOLVERS.get(compound)
    if solver is None or len(solver.memo) > MEMO_LIMIT:
        solver = _SOLVERS[compound] = Solver(compound)
    return solver


def solved_move(state: ElephantRunState, rng: random.Random, deadline: float) -> Move | None:
    """A move that keeps the solved value of ``state``, or None if the solver runs out of time.

    Among equally valued moves (a lost side's moves all lose equally fast against perfect play)
    the static evaluation picks the one that makes the opponent's task hardest, so a human who
    errs still meets resistance; ties go to the seeded generator."""
    solver = _solver(state.compound)
    solver.deadline = deadline
    try:
        verdict, keep = solver.best_moves(state)
    except OutOfBudget:
        return None
    LAST_STATS.clear()
    LAST_STATS.update(nodes=solver.nodes, depth=SOLVED_DEPTH, seconds=0.0, value=verdict.gain)
    sign = 1 if state.side == SIDE_ELEPHANT else -1

    def preference(move: PlayMove) -> float:
        child = state._apply_unchecked(move)
        if child.over:
            return 0.0
        return sign * evaluate(child.tiles, child.farmers, child.elephant, child.side, child.target,
                               child.n_farmers) + rng.random()

    return max(keep, key=preference)


def ai(state: GameState, player: str, level: str, rng: random.Random, seconds: float) -> Move:
    """``core.AIFunction`` for Elephant Run: easy is a beginner (a noisy one-ply elephant, farmers
    that look three or four plies ahead), normal a shallow search, hard the exact solver
    (:mod:`.solver`) while it answers within part of the time, and a deep search when the position
    is still too far from the end to solve."""
    assert isinstance(state, ElephantRunState)
    started = clock.now()
    if state.phase == PHASE_PLACE_ELEPHANT:
        return choose_elephant_setup(level, rng)
    if state.phase == PHASE_PLACE_FARMERS:
        return choose_farmer_setup(state, level, rng, seconds)
    legal = state.legal_moves(player)
    if len(legal) == 1:
        return legal[0]
    deadline = started + seconds * 0.92
    if level == "easy":
        if state.side == SIDE_ELEPHANT:
            return _easy_elephant(state, rng)
        return _easy_farmers(state, rng, deadline)
    if level == "hard" and state.target - state.points <= SOLVE_FROM_NEED:
        move = solved_move(state, rng, started + seconds * SOLVE_SHARE)
        if move is not None:
            return move
    searcher = Searcher(state.target, state.n_farmers, state.compound, deadline)
    move, value, depth = searcher.root(
        state.tiles, state.farmers, state.elephant, state.side, LEVEL_DEPTH[level][state.side], rng,
        start_fraction=0.45 if level == "hard" else 0.35,
    )
    elapsed = clock.now() - started
    LAST_STATS.clear()
    LAST_STATS.update(nodes=searcher.nodes, depth=depth, seconds=elapsed, value=value)
    return move


__all__ = [
    "LAST_STATS",
    "Searcher",
    "ai",
    "choose_elephant_setup",
    "choose_farmer_setup",
    "evaluate",
    "solved_move",
    "start_score",
]
