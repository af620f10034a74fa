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

import math
import random
from collections.abc import Sequence
from typing import Any

from game import clock
from game.core import GameState, Move
from game.elephant_run import starts
from game.elephant_run.board import square_index, square_name
from game.elephant_run.book import book_move
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
from game.search import INF, Budget, Found, Limit, Search, Stop, as_limit

WIN = 100_000
PROVEN = WIN - 1_000
"""Any value at least this large in magnitude is a proven result, not an estimate."""


LEVEL_DEPTH = {"normal": (5, 4), "hard": (99, 99)}
"""Deepest iteration per level, as (elephant, farmers) plies; hard stops only when solved or out of
time. With 6 for both sides normal held hard to 70 % (hard's elephant won only 12 of 20), with 6
and 4 to 68 % after 22 games; with 4 for both normal's elephant lost too often to easy's 3-4-ply
farmers (normal-easy 70 %)."""


Stats = dict[str, float]
LAST_STATS: Stats = {}
"""Figures from the most recent search (nodes, depth, seconds, score): for the bench script."""


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
Position = tuple[int, int, int, int]
"""``(tiles, farmers, elephant, side)``: the raw integers of :mod:`game.elephant_run.rules`."""

ElephantStep = tuple[int, int]
"""An elephant move as the search makes it: ``(to, captured square or -1)``."""

PASS = -1
"""The farmers' move when they have none: the elephant moves again."""


class ElephantRunRules:
    """The game as :class:`game.search.Search` sees it, over raw positions: an elephant move is
    ``(to, captured)``, a farmers' move the farmer mask it leaves (a compound move that lands where
    a plain move lands leads to the same position, so the search looks at it once). Proven values
    count points, not plies, so they hold at any depth; the horizon is the static evaluation, with
    the bound that prunes every position where even eating the elephant's whole reachable region
    plus capturing every farmer could not reach the target."""

    win = PROVEN
    ply_scores = False

    def __init__(self, target: int, n_farmers: int, compound: bool) -> None:
        self.target = target
        self.n_farmers = n_farmers
        self.compound = compound
        self._room: tuple[Sequence[Any] | None, list[tuple[int, int]]] = (None, [])

    def farmer_children(self, tiles: int, farmers: int, e: int) -> dict[int, PlayMove]:
        """Farmer moves keyed by the resulting farmer mask, the first move to each kept."""
        out: dict[int, PlayMove] = {}
        for move in farmer_moves(tiles, farmers, e, self.compound):
            child = farmers & ~(1 << move[0]) | (1 << move[-1])
            if child not in out:
                out[child] = move
        return out

    def points(self, tiles: int, farmers: int) -> int:
        return SIZE - tiles.bit_count() + self.n_farmers - farmers.bit_count()

    def key(self, pos: Position) -> int:
        tiles, farmers, e, side = pos
        return tiles | farmers << 24 | e << 48 | side << 53

    def over(self, pos: Position, ply: int) -> int | None:
        tiles, farmers, _, side = pos
        if side == SIDE_FARMERS:
            points = self.points(tiles, farmers)
            if points >= self.target:
                return -WIN
            if not farmers:  # the last farmer trampled: the elephant is stopped where it stands
                return WIN - points
        return None

    def _elephant_known(self, tiles: int, farmers: int, e: int, moves: Sequence[ElephantStep]) -> int | None:
        """Stuck, or short of the target even if it ate its whole region and every farmer (an
        upper bound), or one point from the target: proven before any search."""
        points = self.points(tiles, farmers)
        if not moves:
            return -WIN + points
        bound = region(NEIGHBOUR_MASK[e] & tiles, tiles).bit_count() + farmers.bit_count()
        if points + bound < self.target:
            return -WIN + points + bound
        if points + 1 >= self.target:
            return WIN
        return None

    def leaf(self, pos: Position, alpha: int, beta: int, ply: int) -> int:
        tiles, farmers, e, side = pos
        if side == SIDE_ELEPHANT:
            known = self._elephant_known(tiles, farmers, e, elephant_moves(tiles, farmers, e))
            if known is not None:
                return known
            return evaluate(tiles, farmers, e, side, self.target, self.n_farmers)
        return -evaluate(tiles, farmers, e, side, self.target, self.n_farmers)

    def moves(self, pos: Position) -> list[Any]:
        tiles, farmers, e, side = pos
        if side == SIDE_ELEPHANT:
            return elephant_moves(tiles, farmers, e)
        return list(self.farmer_children(tiles, farmers, e)) or [PASS]

    def known(self, pos: Position, moves: Sequence[Any], ply: int) -> int | None:
        tiles, farmers, e, side = pos
        if side == SIDE_ELEPHANT:
            return self._elephant_known(tiles, farmers, e, moves)
        # A farmers' move that leaves the elephant no move wins at once: none wins sooner. The
        # elephant's room after each move is kept for the ordering.
        room = []
        for child in moves:
            if child == PASS:
                continue
            steps, caps = _mobility(tiles, child, e)
            if steps + caps == 0:
                return WIN - self.points(tiles, farmers)
            room.append((3 * caps + steps, child))
        self._room = (moves, room)
        return None

    def order(
        self, pos: Position, moves: Sequence[Any], best: Any, killers: list[Any], history: dict[Any, int]
    ) -> list[Any]:
        """The elephant: the table's move, captures, then steps towards open ground. The farmers:
        the table's move, then by how little room each leaves the elephant."""
        tiles, farmers, e, side = pos
        if side == SIDE_ELEPHANT:
            vacant = tiles & ~farmers
            return sorted(
                moves,
                key=lambda m: (
                    -(1000 if m == best else 0)
                    - (100 if m[1] >= 0 else 0)
                    - (NEIGHBOUR_MASK[m[0]] & vacant).bit_count()
                ),
            )
        listed, room = self._room
        if listed is not moves:
            room = [
                (3 * caps + steps, child) for child in moves for steps, caps in (_mobility(tiles, child, e),)
            ]
        return [
            child
            for _, child in sorted((score - (1000 if child == best else 0), child) for score, child in room)
        ]

    def make(self, pos: Position, move: Any) -> Position:
        tiles, farmers, e, side = pos
        if side == SIDE_FARMERS:
            return tiles, farmers if move == PASS else move, e, SIDE_ELEPHANT
        to, cap = move
        if cap >= 0:
            return tiles, farmers & ~(1 << cap), to, SIDE_FARMERS
        return tiles & ~(1 << to), farmers, to, SIDE_FARMERS

    def unmake(self, pos: Position, move: Any, child: Position) -> None:
        pass

    def quiet(self, move: Any, child: Position) -> bool:
        return False  # the orders above use neither killers nor history

    def remaining_plies(self, pos: Position) -> int:
        """The most plies the game can still last: every elephant move scores a point."""
        tiles, farmers, _, side = pos
        return 2 * (self.target - self.points(tiles, farmers)) - (1 if side == SIDE_ELEPHANT else 0)


def root_moves(rules: ElephantRunRules, pos: Position) -> dict[Any, PlayMove]:
    """The search's moves at the root, each with the move it plays."""
    tiles, farmers, e, side = pos
    if side == SIDE_ELEPHANT:
        return {step: (e, step[0]) for step in elephant_moves(tiles, farmers, e)}
    return dict(rules.farmer_children(tiles, farmers, e))


def search_move(
    state: ElephantRunState, rng: random.Random, budget: Budget, depth: int, soft: float | None
) -> tuple[PlayMove, Found[Any] | None]:
    """Best move by iterative deepening (:meth:`game.search.Search.root`), the root's moves in
    ``rng``'s order at first; stops once the result is proven or the game cannot last longer."""
    rules = ElephantRunRules(state.target, state.n_farmers, state.compound)
    pos = (state.tiles, state.farmers, state.elephant, state.side)
    moves = root_moves(rules, pos)
    order = list(moves)
    rng.shuffle(order)
    if len(order) <= 1:
        return (moves[order[0]] if order else ()), None
    found = Search(rules, budget).root(pos, order, depth, soft=soft, horizon=rules.remaining_plies(pos))
    return moves[found.move], found


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


SETUP_CLIMBS = {"normal": 400, "hard": 800}
"""Hill climbs the farmers' set-up makes without a time limit: about what normal and hard make in
their time on a 2-core machine (some 500 climbs in 0.4 s)."""

CLIMB_NODES = 100
"""What one hill climb counts against a node limit (it costs about as much as 100 search nodes)."""


def choose_farmer_setup(state: ElephantRunState, level: str, rng: random.Random, limit: Limit) -> Move:
    """The farmers' placement: hem at once if the elephant chose a corner; otherwise hill-climb a
    set of candidate placements on the static score and, on the stronger levels, rank the best few
    by a short search from the elephant's first move. Every stage watches the limit: the climbs
    stop on the clock (without a time limit after :data:`SETUP_CLIMBS`, fewer under a node limit,
    :data:`CLIMB_NODES` each), the ranking searches at the depth and node limits too."""
    budget = Budget(limit, 0.9)
    e, n = state.elephant, state.n_farmers
    if level == "hard":
        proved = _proved_placement(state)
        if proved is not None:
            return proved
    hem = _hem_at_once(e, n)
    if hem is not None:
        return hem
    if level == "easy":
        # One hill climb from a random placement: a sensible ring, rarely the best one.
        return _mask_to_move(_climb(e, n, rng, budget.deadline))
    candidates: dict[int, int] = {}
    share = 0.35 if level == "hard" else 0.5
    climbs = (
        SETUP_CLIMBS[level]
        if limit.nodes is None
        else max(2, min(SETUP_CLIMBS[level], limit.nodes // CLIMB_NODES))
    )
    made = 0
    while (len(candidates) < 2 or not budget.past(share)) if limit.time is not None else made < climbs:
        mask = _climb(e, n, rng, budget.deadline)
        candidates[mask] = _placement_score(e, mask)
        made += 1
        if budget.out():
            break
    ranked = sorted(candidates, key=lambda m: -candidates[m])[:8]
    best_mask = ranked[0]
    search = Search(ElephantRunRules(state.target, n, state.compound), budget)
    # Rank every candidate shallowly first, then (hard) deeper while the limit allows: a deeper
    # pass that is cut short still leaves a complete shallow ranking to fall back on.
    for depth in (3,) if level == "normal" else (3, 5):
        values: dict[int, int] = {}
        try:
            for mask in ranked:
                values[mask] = search.node(
                    (state.tiles, mask, e, SIDE_ELEPHANT), limit.deepest(depth), -INF, INF, 0
                )
        except Stop:
            break
        ranked.sort(key=lambda m: values[m])
        best_mask = ranked[0]
    return _mask_to_move(best_mask)


def _proved_placement(state: ElephantRunState) -> PlayMove | None:
    """The placement the start table proves best against this start (it holds the elephant to
    the fewest points any placement can), when the table has the square; hard plays it."""
    table = starts.table(state.n_farmers, state.compound)
    value = table.value(square_name(state.elephant)) if table is not None else None
    if value is None:
        return None
    return tuple(sorted(square_index(name) for name in value.placement))


def _best_proved_starts(state: ElephantRunState) -> list[int]:
    """The start squares worth the most points in a fully proved table (empty when the table is
    absent or open: an unproved square might be worth more)."""
    table = starts.table(state.n_farmers, state.compound)
    if table is None or len(table.squares) < SIZE:
        return []
    best = max(value.points for value in table.squares.values())
    squares = [square_index(name) for name, value in table.squares.items() if value.points == best]
    roomiest = max(start_score(sq) for sq in squares)  # among equals, the most ways out for a
    return sorted(sq for sq in squares if start_score(sq) == roomiest)  # player who is not perfect


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


def choose_elephant_setup(level: str, rng: random.Random, state: ElephantRunState | None = None) -> Move:
    """The elephant's start, from a scored shortlist: hard takes one of the best squares, normal
    any square of the inner ring, easy may also take an edge (never a corner). Where the start
    table has proved every square of the game's options, hard starts on a square worth the most
    points: a winning one when there is one, else the one that asks the farmers for the most
    exact placement."""
    if level == "hard" and state is not None:
        proved = _best_proved_starts(state)
        if proved:
            return (rng.choice(proved),)
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
            score = float(
                evaluate(
                    child.tiles, child.farmers, child.elephant, child.side, child.target, child.n_farmers
                )
            )
            if child.farmers != state.farmers:
                score += EASY_TRAMPLE_BONUS
        score += rng.gauss(0.0, EASY_ELEPHANT_NOISE)
        if score > best_score:
            best, best_score = move, score
    return best


def _easy_farmers(state: ElephantRunState, rng: random.Random, budget: Budget) -> Move:
    """The easy farmers: a three- or four-ply look ahead with a little noise. A one-ply farmer
    (even noiseless) lost more than a third of its games to an elephant moving at random, because
    hemming in is a plan over several moves; a short look sees a closing net but not a long one.

    Every move is first judged one ply deep, so a search cut short by the deadline still leaves a
    complete (if shallower) ranking."""
    rules = ElephantRunRules(state.target, state.n_farmers, state.compound)
    children = rules.farmer_children(state.tiles, state.farmers, state.elephant)
    tiles, e = state.tiles, state.elephant
    values = {
        child: WIN
        if _mobility(tiles, child, e) == (0, 0)
        else -evaluate(tiles, child, e, SIDE_ELEPHANT, state.target, state.n_farmers)
        for child in children
    }
    depth = budget.limit.deepest(EASY_FARMER_DEPTH - (rng.random() < EASY_SHORT_SIGHT))
    try:
        deeper = Search(rules, budget).scores((tiles, state.farmers, e, SIDE_FARMERS), list(children), depth)
    except Stop:
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


def solved_move(
    state: ElephantRunState, rng: random.Random, deadline: float, nodes: int | None = None
) -> Move | None:
    """A move that keeps the solved value of ``state``, or None if the solver runs out of time (or
    of ``nodes``, each question it asks).

    Among equally valued moves (a lost side's moves all lose equally fast against perfect play)
    the static evaluation picks the one that makes the opponent's task hardest, so a human who
    errs still meets resistance; ties go to the seeded generator."""
    solver = _solver(state.compound)
    solver.deadline = deadline
    solver.budget = nodes
    before = solver.nodes
    try:
        verdict, keep = solver.best_moves(state)
    except OutOfBudget:
        return None
    finally:
        solver.budget = None
    LAST_STATS.clear()
    plies = 2 * (state.target - state.points) - (1 if state.side == SIDE_ELEPHANT else 0)
    LAST_STATS.update(nodes=solver.nodes - before, depth=plies, seconds=0.0, score=verdict.gain, solved=1)
    sign = 1 if state.side == SIDE_ELEPHANT else -1

    def preference(move: PlayMove) -> float:
        child = state._apply_unchecked(move)
        if child.over:
            return 0.0
        return (
            sign
            * evaluate(child.tiles, child.farmers, child.elephant, child.side, child.target, child.n_farmers)
            + rng.random()
        )

    return max(keep, key=preference)


HARD_SHARE = 0.92
"""Of a time limit, the part after which a search stops midway."""

START_SHARE = {"normal": 0.35, "hard": 0.45}
"""Of what time is left for the search, the part after which no new iteration starts (the next
typically costs several times the last)."""


def ai(state: GameState, player: str, level: str, rng: random.Random, limit: Limit | float) -> Move:
    """``core.AIFunction`` for Elephant Run: easy is a beginner (a noisy one-ply elephant, farmers
    that look three or four plies ahead), normal a shallow search, hard the exact solver
    (:mod:`.solver`) while it answers within part of the time (or of the nodes; not under a depth
    limit alone), and a deep search when the position is still too far from the end to solve."""
    assert isinstance(state, ElephantRunState)
    limit = as_limit(limit)
    if state.phase == PHASE_PLACE_ELEPHANT:
        return choose_elephant_setup(level, rng, state)
    if state.phase == PHASE_PLACE_FARMERS:
        return choose_farmer_setup(state, level, rng, limit)
    legal = state.legal_moves(player)
    if len(legal) == 1:
        return legal[0]
    if level == "hard" and state.side == SIDE_FARMERS:
        known = book_move(state)  # the proved way to keep a won start won, while the book reaches
        if known is not None:
            return known
    budget = Budget(limit, HARD_SHARE)
    if level == "easy":
        if state.side == SIDE_ELEPHANT:
            return _easy_elephant(state, rng)
        return _easy_farmers(state, rng, budget)
    soft = START_SHARE.get(level, 0.35) * HARD_SHARE
    bounded = limit.time is not None or limit.nodes is not None
    if level == "hard" and state.target - state.points <= SOLVE_FROM_NEED and bounded:
        solve = limit.share(SOLVE_SHARE)
        move = solved_move(
            state, rng, budget.start + solve.time if solve.time is not None else math.inf, solve.nodes
        )
        if move is not None:
            return move
        now = clock.now()  # the search gets what is left
        rest = Limit(
            None if limit.time is None else max(0.0, budget.deadline - now),
            limit.depth,
            None if limit.nodes is None else max(1, limit.nodes - (solve.nodes or 0)),
        )
        budget, soft = Budget(rest, 1.0, now), START_SHARE["hard"]
    move, found = search_move(state, rng, budget, limit.deepest(LEVEL_DEPTH[level][state.side]), soft)
    LAST_STATS.clear()
    if found is not None:
        LAST_STATS.update(found.stats())
    return move


__all__ = [
    "LAST_STATS",
    "ElephantRunRules",
    "ai",
    "choose_elephant_setup",
    "choose_farmer_setup",
    "evaluate",
    "search_move",
    "solved_move",
    "start_score",
]
