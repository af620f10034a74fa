"""Epaminondas on bitboards: move generation, making moves, the symmetry test and perft.

The board has 14 x 12 = 168 squares, numbered ``rank_index * 14 + file_index`` (a1 = 0, n1 = 13,
a2 = 14, ..., n12 = 167). A side's stones are one Python int with bit ``sq`` set per stone, so a
whole army moves one square in a direction with one shift and one edge mask. The rules engine, the
perft counter and the AI all work on plain ``(own, opp)`` int pairs: the AI expands hundreds of
thousands of positions and Python objects per square would be far too slow.

Moves inside the engine are small ints (see :func:`encode`); the public move is the pair
``(from, to)`` of square numbers that the notation ``from-to`` spells.

Generation, per direction ``d`` (8 of them):

* a *front* is an own stone whose next square in ``d`` is not an own stone;
* ``runs_n`` = own stones ending an own line of at least ``n`` stones (each stone with its ``n - 1``
  predecessors against ``d``), so ``fronts & runs_n`` are the fronts of groups of size ``n``;
* the group slides ``j = 1..n`` squares: the front's landing set after ``j`` steps is the previous
  (empty) landing set shifted once; empty landings are quiet moves and keep sliding, enemy landings
  are captures when the enemy line starting there is shorter than ``n``.

Every step is a handful of big-int operations for *all* groups of a direction at once.
"""

from __future__ import annotations

from game.bits import squares_of as squares_of  # re-exported: the rules and view use B.squares_of

WIDTH = 14
HEIGHT = 12
SIZE = WIDTH * HEIGHT
FULL = (1 << SIZE) - 1
FILES = "abcdefghijklmn"
ROW = (1 << WIDTH) - 1

WHITE = 0
BLACK = 1

FILE_A = sum(1 << (r * WIDTH) for r in range(HEIGHT))
FILE_N = FILE_A << (WIDTH - 1)
RANKS: tuple[int, ...] = tuple(ROW << (r * WIDTH) for r in range(HEIGHT))

HOME: tuple[int, int] = (RANKS[0], RANKS[HEIGHT - 1])
"""Each side's own home row: White rank 1, Black rank 12."""
TARGET: tuple[int, int] = (HOME[BLACK], HOME[WHITE])
"""The row each side tries to reach: the opponent's home row."""

START_WHITE = RANKS[0] | RANKS[1]
START_BLACK = RANKS[10] | RANKS[11]

# Directions as (file step, rank step), clockwise from north. OPPOSITE[d] is d + 4.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
)
DELTA: tuple[int, ...] = tuple(dr * WIDTH + df for df, dr in DIRECTIONS)
OPPOSITE: tuple[int, ...] = tuple((d + 4) % 8 for d in range(8))


def _target_mask(df: int) -> int:
    """Squares a one-step shift may land on: a step east must not wrap onto file a, west onto n."""
    if df > 0:
        return FULL & ~FILE_A
    if df < 0:
        return FULL & ~FILE_N
    return FULL


# fwd(b, d) == ((b << LSH[d]) >> RSH[d]) & MASK[d]: one shift is always 0, so no branch is needed.
LSH: tuple[int, ...] = tuple(max(delta, 0) for delta in DELTA)
RSH: tuple[int, ...] = tuple(max(-delta, 0) for delta in DELTA)
MASK: tuple[int, ...] = tuple(_target_mask(df) for df, _ in DIRECTIONS)


def shift(bits: int, d: int) -> int:
    """Every stone of ``bits`` moved one square in direction ``d``; stones leaving the board vanish."""
    return ((bits << LSH[d]) >> RSH[d]) & MASK[d]


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < WIDTH and 0 <= rank < HEIGHT


def _build_rays() -> tuple[list[list[int]], list[list[list[int]]]]:
    rays: list[list[int]] = []
    lines: list[list[list[int]]] = []
    for df, dr in DIRECTIONS:
        ray_d: list[int] = []
        line_d: list[list[int]] = []
        for sq in range(SIZE):
            f, r = sq % WIDTH, sq // WIDTH
            acc = 0
            line = [0]
            step = 0
            while _on_board(f + step * df, r + step * dr):
                acc |= 1 << ((r + step * dr) * WIDTH + f + step * df)
                line.append(acc)
                step += 1
            ray_d.append(acc)
            line_d.append(line)
        rays.append(ray_d)
        lines.append(line_d)
    return rays, lines


RAY, LINE = _build_rays()
"""``RAY[d][sq]``: sq and every square beyond it in direction d. ``LINE[d][sq][n]``: the first n of them."""

NEXT: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (line[2].bit_length() - 1 if DELTA[d] > 0 else (line[2] ^ line[1]).bit_length() - 1)
        if len(line) > 2
        else -1
        for line in LINE[d]
    )
    for d in range(8)
)
"""``NEXT[d][sq]``: the square one step from sq in direction d, or -1 off the board."""

# Move code layout: bits 0-7 from, 8-15 to, 16-19 group size n, 20-22 direction, then flags.
CAPTURE = 1 << 23
CROSSING = 1 << 24


def encode(frm: int, to: int, n: int, d: int, flags: int = 0) -> int:
    """An engine move: S at ``frm`` with its group of ``n`` stones slides in ``d`` so S ends at ``to``."""
    return frm | (to << 8) | (n << 16) | (d << 20) | flags


def move_from(code: int) -> int:
    return code & 255


def move_to(code: int) -> int:
    return (code >> 8) & 255


def move_size(code: int) -> int:
    return (code >> 16) & 15


def move_direction(code: int) -> int:
    return (code >> 20) & 7


def move_distance(code: int) -> int:
    return (move_to(code) - move_from(code)) // DELTA[move_direction(code)]


def front_landing(code: int) -> int:
    """The square the front stone of the group lands on (the captured line starts here)."""
    return move_to(code) + (move_size(code) - 1) * DELTA[move_direction(code)]


def capture_run(opp: int, t: int, d: int) -> int:
    """The enemy stones from ``t`` onward in direction ``d`` up to the first non-enemy square or edge."""
    ray = RAY[d][t]
    gaps = ray & ~opp
    if not gaps:
        return ray
    if DELTA[d] > 0:
        return ray & ((gaps & -gaps) - 1)
    return ray & ~((1 << gaps.bit_length()) - 1)


def make(own: int, opp: int, code: int) -> tuple[int, int]:
    """The mover's and the opponent's stones after ``code`` (no legality check)."""
    frm = code & 255
    to = (code >> 8) & 255
    n = (code >> 16) & 15
    d = (code >> 20) & 7
    line_d = LINE[d]
    own = own ^ line_d[frm][n] ^ line_d[to][n]
    if code & CAPTURE:
        opp &= ~capture_run(opp, to + (n - 1) * DELTA[d], d)
    return own, opp


# -- symmetry -------------------------------------------------------------------------------------------
def vflip(bits: int) -> int:
    """Ranks reversed (c3 <-> c10): the mirror across the centre line between the players."""
    out = 0
    for r in range(HEIGHT):
        out |= ((bits >> (r * WIDTH)) & ROW) << ((HEIGHT - 1 - r) * WIDTH)
    return out


def rotate(bits: int) -> int:
    """The board turned by 180 degrees (a1 <-> n12): bit order reversed over 168 squares."""
    return int(format(bits, f"0{SIZE}b")[::-1], 2)


SYMMETRY_MODES = ("mirror", "rotation", "off")


def is_symmetric(white: int, black: int, mode: str) -> bool:
    """Does every square equal the colour-swapped content of its image under ``mode``?

    Because both maps are involutions, ``white == image(black)`` already implies the converse."""
    if mode == "off" or white.bit_count() != black.bit_count():
        return False
    if mode == "mirror":
        return white == vflip(black)
    return white == rotate(black)


def _symmetric_after(own: int, opp: int, side: int, code: int, mode: str) -> bool:
    new_own, new_opp = make(own, opp, code)
    if side == WHITE:
        return is_symmetric(new_own, new_opp, mode)
    return is_symmetric(new_opp, new_own, mode)


# -- generation -----------------------------------------------------------------------------------------
def generate(own: int, opp: int, side: int, symmetry: str = "mirror", noisy_only: bool = False) -> list[int]:
    """Every legal move of the side owning ``own``, captures first, then crossings, then the rest.

    ``noisy_only`` keeps only captures and moves onto the opponent's home row (the quiescence
    search's moves). A move that lands a stone on the opponent's home row is a *crossing*; only
    crossings can break the symmetry rule, so only they pay for the full test."""
    empty = FULL ^ own ^ opp
    target = TARGET[side]
    check_sym = symmetry != "off"
    caps: list[int] = []
    crosses: list[int] = []
    quiets: list[int] = []
    for d in range(8):
        ls, rs, m = LSH[d], RSH[d], MASK[d]
        od = OPPOSITE[d]
        bls, brs, bm = LSH[od], RSH[od], MASK[od]
        delta = DELTA[d]
        # Fronts: own stones whose next square is on the board and not an own stone.
        fronts = own & ((((FULL ^ own) << bls) >> brs) & bm)
        if not fronts:
            continue
        runs = own
        enemy_runs = opp
        n = 1
        dbase = d << 20
        while True:
            movers = fronts & runs
            if not movers:
                break
            base = dbase | (n << 16)
            off_to = (n - 1) * delta
            cur = movers
            for j in range(1, n + 1):
                nxt = ((cur << ls) >> rs) & m
                if not nxt:
                    break
                off_frm = off_to + j * delta
                if n > 1:
                    hits = nxt & opp & ~enemy_runs
                    while hits:
                        low = hits & -hits
                        t = low.bit_length() - 1
                        hits ^= low
                        code = (t - off_frm) | ((t - off_to) << 8) | base | CAPTURE
                        if low & target:
                            code |= CROSSING
                            if check_sym and _symmetric_after(own, opp, side, code, symmetry):
                                continue
                        caps.append(code)
                cur = nxt & empty
                if not cur:
                    break
                cross = cur & target
                while cross:
                    low = cross & -cross
                    t = low.bit_length() - 1
                    cross ^= low
                    code = (t - off_frm) | ((t - off_to) << 8) | base | CROSSING
                    if check_sym and _symmetric_after(own, opp, side, code, symmetry):
                        continue
                    crosses.append(code)
                if not noisy_only:
                    quiet = cur & ~target
                    while quiet:
                        low = quiet & -quiet
                        t = low.bit_length() - 1
                        quiet ^= low
                        quiets.append((t - off_frm) | ((t - off_to) << 8) | base)
            n += 1
            runs = own & (((runs << ls) >> rs) & m)
            enemy_runs = opp & (((enemy_runs << bls) >> brs) & bm)
    caps.extend(crosses)
    caps.extend(quiets)
    return caps


def generate_noisy(own: int, opp: int, side: int, symmetry: str = "mirror") -> list[int]:
    """The same moves as ``generate(..., noisy_only=True)`` (as a set), faster for the quiescence search.

    It works in *front* coordinates: a front F slides while ``F + i*d`` is empty, and the sets
    "square i steps ahead is empty / enemy / on the target row" are the board shifted back i times.
    One pass per slide distance j serves every group size at once; the rare hits (captures and
    crossings) are then expanded into one move per group size n >= j that may make them."""
    empty = FULL ^ own ^ opp
    target = TARGET[side]
    check_sym = symmetry != "off"
    caps: list[int] = []
    crosses: list[int] = []
    for d in range(8):
        od = OPPOSITE[d]
        bls, brs, bm = LSH[od], RSH[od], MASK[od]
        ls, rs, m = LSH[d], RSH[d], MASK[d]
        empty_ahead = ((empty << bls) >> brs) & bm
        fronts = own & (empty_ahead | (((opp << bls) >> brs) & bm))
        if not fronts:
            continue
        runs2 = own & (((own << ls) >> rs) & m)  # stones with an own stone right behind them
        tgt_ahead = ((target << bls) >> brs) & bm
        if not fronts & runs2:
            # Only single stones: one step, never a capture; a crossing if that step reaches the row.
            cross = fronts & empty_ahead & tgt_ahead
            if cross:
                _expand(own, opp, side, cross, d, 1, 1, 0, crosses, check_sym, symmetry)
            continue
        opp_ahead = ((opp << bls) >> brs) & bm
        sliding = fronts
        runs = own
        j = 1
        while sliding:
            hits = sliding & opp_ahead
            if hits:
                _expand(own, opp, side, hits, d, j, max(j, 2), CAPTURE, caps, check_sym, symmetry)
            sliding &= empty_ahead
            cross = sliding & tgt_ahead
            if cross:
                _expand(own, opp, side, cross, d, j, j, 0, crosses, check_sym, symmetry)
            j += 1
            runs = own & (((runs << ls) >> rs) & m)
            sliding &= runs  # fronts whose line has at least j stones may slide j squares
            if not sliding:
                break
            empty_ahead = ((empty_ahead << bls) >> brs) & bm
            opp_ahead = ((opp_ahead << bls) >> brs) & bm
            tgt_ahead = ((tgt_ahead << bls) >> brs) & bm
    caps.extend(crosses)
    return caps


def _expand(
    own: int,
    opp: int,
    side: int,
    fronts: int,
    d: int,
    j: int,
    n_min: int,
    flag: int,
    out: list[int],
    check_sym: bool,
    symmetry: str,
) -> None:
    """Append the moves whose front is in ``fronts`` and slides ``j`` squares, for every group size
    n >= n_min the front's line allows (and, for captures, n longer than the enemy line)."""
    delta = DELTA[d]
    back = NEXT[OPPOSITE[d]]
    target = TARGET[side]
    while fronts:
        low = fronts & -fronts
        front = low.bit_length() - 1
        fronts ^= low
        t = front + j * delta
        lowest = n_min
        if flag:
            lowest = max(lowest, capture_run(opp, t, d).bit_count() + 1)
        extra = CROSSING if target >> t & 1 else 0
        rear = front
        n = 1
        while True:
            if n >= lowest:
                code = rear | ((rear + j * delta) << 8) | (n << 16) | (d << 20) | flag | extra
                if not (extra and check_sym and _symmetric_after(own, opp, side, code, symmetry)):
                    out.append(code)
            behind = back[rear]
            if behind < 0 or not own >> behind & 1:
                break
            rear = behind
            n += 1


def count_moves(own: int, opp: int, side: int, symmetry: str = "mirror") -> int:
    """``len(generate(...))`` without building the list: perft's bulk count at the last ply."""
    empty = FULL ^ own ^ opp
    target = TARGET[side]
    check_sym = symmetry != "off"
    total = 0
    for d in range(8):
        ls, rs, m = LSH[d], RSH[d], MASK[d]
        od = OPPOSITE[d]
        bls, brs, bm = LSH[od], RSH[od], MASK[od]
        # Fronts: own stones whose next square is on the board and not an own stone.
        fronts = own & ((((FULL ^ own) << bls) >> brs) & bm)
        if not fronts:
            continue
        runs = own
        enemy_runs = opp
        n = 1
        while True:
            movers = fronts & runs
            if not movers:
                break
            cur = movers
            for j in range(1, n + 1):
                nxt = ((cur << ls) >> rs) & m
                if not nxt:
                    break
                if n > 1:
                    hits = nxt & opp & ~enemy_runs
                    if hits:
                        total += hits.bit_count()
                        if check_sym and hits & target:
                            total -= _symmetric_count(
                                own, opp, side, hits & target, n, j, d, CAPTURE, symmetry
                            )
                cur = nxt & empty
                if not cur:
                    break
                total += cur.bit_count()
                if check_sym and cur & target:
                    total -= _symmetric_count(own, opp, side, cur & target, n, j, d, 0, symmetry)
            n += 1
            runs = own & (((runs << ls) >> rs) & m)
            enemy_runs = opp & (((enemy_runs << bls) >> brs) & bm)
    return total


def _symmetric_count(
    own: int, opp: int, side: int, landings: int, n: int, j: int, d: int, flag: int, symmetry: str
) -> int:
    """How many of these crossing landings the symmetry rule forbids."""
    bad = 0
    delta = DELTA[d]
    off_to = (n - 1) * delta
    off_frm = off_to + j * delta
    while landings:
        low = landings & -landings
        t = low.bit_length() - 1
        landings ^= low
        code = encode(t - off_frm, t - off_to, n, d, flag | CROSSING)
        if _symmetric_after(own, opp, side, code, symmetry):
            bad += 1
    return bad


# -- decisions and perft ------------------------------------------------------------------------------
def crossing_win(own: int, opp: int, side: int) -> bool:
    """Does the side to move (``own``) win now: strictly more stones on the opponent's home row
    than the opponent has on its own home row?"""
    return (own & TARGET[side]).bit_count() > (opp & HOME[side]).bit_count()


def decided(own: int, opp: int, side: int, symmetry: str) -> bool:
    """Is the game over in this position by a win (crossing count, no stones, no legal move)?"""
    return not own or crossing_win(own, opp, side) or count_moves(own, opp, side, symmetry) == 0


def perft(white: int, black: int, side: int, depth: int, symmetry: str = "mirror") -> int:
    """Leaf positions ``depth`` plies below the root, by the standard convention (the one of chess
    perft, AbstractPlay, EveryBoard and Dagaz; see docs/games/epaminondas.md).

    A position in which the game is decided by a win (the side to move has more stones across, has
    no stones, or has no legal move) has no moves: it counts 1 at depth 0 and nothing deeper, the
    root included, so counts from other implementations can be compared at every depth. Draws by
    repetition or the 200-ply rule are history, not position, and are ignored, as chess perft
    ignores them."""
    own, opp = (white, black) if side == WHITE else (black, white)
    if depth <= 0:
        return 1
    if not own or crossing_win(own, opp, side):
        return 0
    if depth == 1:
        return count_moves(own, opp, side, symmetry)
    return _perft_children(own, opp, side, depth, symmetry)


def _perft_children(own: int, opp: int, side: int, depth: int, symmetry: str) -> int:
    total = 0
    other = 1 - side
    target_other = TARGET[other]
    home_other = HOME[other]
    child_depth = depth - 1
    for code in generate(own, opp, side, symmetry):
        new_own, new_opp = make(own, opp, code)
        # The child position: ``other`` to move with stones new_opp against new_own. Decided by a
        # win there, it has no moves and adds nothing; a child without legal moves adds 0 below.
        if not new_opp or (new_opp & target_other).bit_count() > (new_own & home_other).bit_count():
            continue
        if child_depth == 1:
            total += count_moves(new_opp, new_own, other, symmetry)
        else:
            total += _perft_children(new_opp, new_own, other, child_depth, symmetry)
    return total


def square_name(sq: int) -> str:
    """``0 -> 'a1'``, ``167 -> 'n12'``."""
    return f"{FILES[sq % WIDTH]}{sq // WIDTH + 1}"


def square_index(name: str) -> int:
    """``'a1' -> 0``; ValueError for anything that is not a square of this board."""
    text = name.strip().lower()
    if len(text) < 2 or text[0] not in FILES or not text[1:].isdigit():
        raise ValueError(f"'{name}' is not a square (files a-n, ranks 1-12)")
    rank = int(text[1:])
    if not 1 <= rank <= HEIGHT or text[1] == "0":
        raise ValueError(f"'{name}' is not a square (files a-n, ranks 1-12)")
    return (rank - 1) * WIDTH + FILES.index(text[0])


def direction_between(frm: int, to: int) -> tuple[int, int] | None:
    """``(direction, distance)`` when ``to`` lies on a straight line from ``frm``, else None."""
    df = to % WIDTH - frm % WIDTH
    dr = to // WIDTH - frm // WIDTH
    if (df == 0 and dr == 0) or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
        return None
    dist = max(abs(df), abs(dr))
    step = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
    return DIRECTIONS.index(step), dist
