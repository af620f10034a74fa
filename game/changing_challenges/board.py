"""Changing Challenges: board geometry, move generation and make/unmake on a flat list.

The board is 7 files (a-g) by 15 ranks. Square numbers are ``(rank - 1) * 7 + file`` (a1 = 0,
g15 = 104). Rank 8 is the centre line (line 0); a square's signed line is ``rank - 8``: positive on
the Circles' half, negative on the Triangles' half, exactly the factor the balance multiplies
weights by. Ranks 1-2 and 14-15 are storage; only ranks 3-13 are the playing field.

A position is a list (or tuple) of 105 small integers: 0 for an empty square, ``+weight`` for a
Triangles piece and ``-weight`` for a Circles piece. A piece's kind follows from its weight
(1 pawn, 2 bishop, 3 rook, 4 queen, 6 king), which is exactly how a merged stack behaves, so no
other piece state is needed: a pawn may double-step exactly when it stands on its own line 4,
because every piece set starts its pawns there and pawns never move backwards.

A move is a tuple ``(from, to, kind)`` with kind MOVE, KNOCK or MERGE. En passant is a pawn's
diagonal KNOCK or MERGE onto the empty square the opposing pawn just passed; the state carries
that square as ``ep`` (-1 when there is none).

Everything here works on plain lists and precomputed tuples because the AI and perft visit
hundreds of thousands of positions; the state class in :mod:`.rules` wraps it for the contract.
"""

from __future__ import annotations

from collections.abc import Sequence

WIDTH = 7
HEIGHT = 15
SIZE = WIDTH * HEIGHT
FILES = "abcdefg"
CENTRE_RANK = 8  # 1-based
TRIANGLES, CIRCLES = 0, 1
SIGN = (1, -1)
TIP_LIMIT = 49
COUNTERWEIGHT = 7

MOVE, KNOCK, MERGE = 0, 1, 2
KIND_NAMES = ("move", "knock", "merge")
KIND_SYMBOLS = ("-", "x", "&")

PAWN, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 6
PIECE_NAMES = {1: "pawn", 2: "bishop", 3: "rook", 4: "queen", 6: "king"}
PIECE_LETTERS = {1: "P", 2: "B", 3: "R", 4: "Q", 6: "K"}
LETTER_WEIGHTS = {v: k for k, v in PIECE_LETTERS.items()}
MERGE_LIMIT = 4

Move = tuple[int, int, int]
Change = tuple[int, int, int]
"""``(square, old value, new value)``: one square's change in a make; unmake restores ``old``."""


def rank_of(sq: int) -> int:
    """1-based rank of a square number."""
    return sq // WIDTH + 1


def square_name(sq: int) -> str:
    """``0 -> 'a1'``, ``104 -> 'g15'``."""
    return f"{FILES[sq % WIDTH]}{sq // WIDTH + 1}"


def square_index(name: str) -> int:
    """``'a1' -> 0``; ValueError for anything that is not a square of this board."""
    text = name.strip().lower()
    if len(text) < 2 or text[0] not in FILES or not text[1:].isdigit() or not 1 <= int(text[1:]) <= HEIGHT:
        raise ValueError(f"'{name}' is not a square (files a-g, ranks 1-15)")
    return (int(text[1:]) - 1) * WIDTH + FILES.index(text[0])


def own_line(sq: int, side: int) -> int:
    """The line number of ``sq`` seen from ``side``'s half: positive on its own half, 0 on the
    centre line, negative on the opponent's half (Triangles' line 5 is rank 3)."""
    line = rank_of(sq) - CENTRE_RANK
    return -line if side == TRIANGLES else line


def rank_of_own_line(line: int, side: int) -> int:
    """1-based rank of ``side``'s own line ``line`` (Triangles' line 7 is rank 1)."""
    return CENTRE_RANK - line if side == TRIANGLES else CENTRE_RANK + line


LINE: tuple[int, ...] = tuple(rank_of(sq) - CENTRE_RANK for sq in range(SIZE))
"""Signed line of each square: the balance's lever arm (positive on the Circles' half)."""

PLAYABLE: tuple[int, ...] = tuple(sq for sq in range(SIZE) if 3 <= rank_of(sq) <= 13)
IS_PLAYABLE: tuple[bool, ...] = tuple(3 <= rank_of(sq) <= 13 for sq in range(SIZE))
CENTRE: tuple[int, ...] = tuple(sq for sq in range(SIZE) if rank_of(sq) == CENTRE_RANK)


def _storage_fill(side: int) -> tuple[int, ...]:
    """Storage squares of ``side`` in filling order: line 6 then line 7, each from the owner's
    left (Triangles look up the board, so their left is file a; Circles look down, so file g)."""
    files = range(WIDTH) if side == TRIANGLES else range(WIDTH - 1, -1, -1)
    out: list[int] = []
    for line in (6, 7):
        rank = rank_of_own_line(line, side)
        out.extend((rank - 1) * WIDTH + f for f in files)
    return tuple(out)


STORAGE_FILL: tuple[tuple[int, ...], tuple[int, ...]] = (_storage_fill(TRIANGLES), _storage_fill(CIRCLES))

ORTHO = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAG = ((1, 1), (1, -1), (-1, -1), (-1, 1))


def _ray(sq: int, df: int, dr: int) -> tuple[int, ...]:
    f, r = sq % WIDTH, sq // WIDTH
    out = []
    while True:
        f, r = f + df, r + dr
        if not (0 <= f < WIDTH and 0 <= r < HEIGHT):
            break
        t = r * WIDTH + f
        if not IS_PLAYABLE[t]:
            break
        out.append(t)
    return tuple(out)


def _rays(dirs: Sequence[tuple[int, int]]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    table = []
    for sq in range(SIZE):
        rays = [_ray(sq, df, dr) for df, dr in dirs] if IS_PLAYABLE[sq] else []
        table.append(tuple(r for r in rays if r))
    return tuple(table)


ORTHO_RAYS = _rays(ORTHO)
DIAG_RAYS = _rays(DIAG)
QUEEN_RAYS = tuple(o + d for o, d in zip(ORTHO_RAYS, DIAG_RAYS, strict=True))
SLIDER_RAYS: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {
    BISHOP: DIAG_RAYS,
    ROOK: ORTHO_RAYS,
    QUEEN: QUEEN_RAYS,
}
"""``SLIDER_RAYS[weight][sq]``: the rays a bishop, rook or queen on ``sq`` slides along, each
clipped at the playing field's edge (no piece moves onto or through storage)."""

KING_STEPS: tuple[tuple[int, ...], ...] = tuple(tuple(ray[0] for ray in QUEEN_RAYS[sq]) for sq in range(SIZE))


def _pawn_tables(
    side: int,
) -> tuple[
    tuple[int, ...],
    tuple[tuple[int, ...], ...],
    tuple[bool, ...],
    tuple[bool, ...],
    tuple[tuple[int, ...], ...],
]:
    """Per square: the push square (-1 if none), the diagonal capture squares, whether a pawn
    there may double-step (own line 4), whether it promotes there (opponent's line 5) and, for
    attack detection, the squares from which a pawn of ``side`` would capture onto it."""
    dr = 1 if side == TRIANGLES else -1
    push, caps, start, promo = [], [], [], []
    attackers: list[list[int]] = [[] for _ in range(SIZE)]
    for sq in range(SIZE):
        f, r = sq % WIDTH, sq // WIDTH
        ahead = (r + dr) * WIDTH + f
        ok = IS_PLAYABLE[sq] and 0 <= r + dr < HEIGHT and IS_PLAYABLE[ahead]
        push.append(ahead if ok else -1)
        diag = []
        if ok:
            for df in (-1, 1):
                if 0 <= f + df < WIDTH:
                    diag.append(ahead + df)
                    attackers[ahead + df].append(sq)
        caps.append(tuple(diag))
        start.append(IS_PLAYABLE[sq] and own_line(sq, side) == 4)
        promo.append(IS_PLAYABLE[sq] and own_line(sq, side) == -5)
    return tuple(push), tuple(caps), tuple(start), tuple(promo), tuple(tuple(a) for a in attackers)


_PAWNS = (_pawn_tables(TRIANGLES), _pawn_tables(CIRCLES))
PAWN_PUSH = (_PAWNS[0][0], _PAWNS[1][0])
PAWN_CAPS = (_PAWNS[0][1], _PAWNS[1][1])
PAWN_START = (_PAWNS[0][2], _PAWNS[1][2])
PAWN_PROMO = (_PAWNS[0][3], _PAWNS[1][3])
PAWN_ATTACKERS = (_PAWNS[0][4], _PAWNS[1][4])
"""``PAWN_ATTACKERS[side][sq]``: squares from which a pawn of ``side`` captures onto ``sq``."""
FORWARD = (WIDTH, -WIDTH)


# -- piece sets --------------------------------------------------------------------------------------
PIECE_SETS: dict[str, tuple[str, str]] = {
    "standard": ("RBQKQBR", "PBPQPBP"),
    "no-rooks": ("BQBKBQB", "PPPQPPP"),
    "many-pawns": ("RBQKQBR", "PPPPPPP"),
}
"""Each set as (own line 5, own line 4), files a..g from the owner's side. Every row is
symmetric, so Circles' rows read the same from either side of the board."""


def start_board(pieces: str = "standard") -> list[int]:
    """The starting position of a piece set (see :data:`PIECE_SETS`)."""
    board = [0] * SIZE
    line5, line4 = PIECE_SETS[pieces]
    for side in (TRIANGLES, CIRCLES):
        for line, row in ((5, line5), (4, line4)):
            rank = rank_of_own_line(line, side)
            for i, letter in enumerate(row):
                f = i if side == TRIANGLES else WIDTH - 1 - i
                board[(rank - 1) * WIDTH + f] = LETTER_WEIGHTS[letter] * SIGN[side]
    return board


def moment_of(board: Sequence[int]) -> int:
    """The balance's moment from scratch: sum of weight x signed line over board and storage."""
    return sum(abs(p) * LINE[sq] for sq, p in enumerate(board) if p)


def storage_free(board: Sequence[int], side: int) -> int:
    """The storage square the next knocked piece of ``side`` goes to (-1 if full, which the
    piece counts make impossible in a real game)."""
    for sq in STORAGE_FILL[side]:
        if not board[sq]:
            return sq
    return -1


# -- move generation -------------------------------------------------------------------------------
def generate(board: Sequence[int], side: int, ep: int) -> list[Move]:
    """Every legal move of ``side`` (there is no check: every pseudo-legal move is legal).

    A capture that the merge rule allows appears twice, as KNOCK and as MERGE."""
    sign = SIGN[side]
    out: list[Move] = []
    append = out.append
    push_t, caps_t, start_t = PAWN_PUSH[side], PAWN_CAPS[side], PAWN_START[side]
    for sq in PLAYABLE:
        p = board[sq] * sign
        if p <= 0:
            continue
        if p == PAWN:
            t = push_t[sq]
            if t >= 0 and not board[t]:
                append((sq, t, MOVE))
                if start_t[sq]:
                    t2 = push_t[t]
                    if t2 >= 0 and not board[t2]:
                        append((sq, t2, MOVE))
            for t in caps_t[sq]:
                q = board[t] * sign
                if q < 0:
                    append((sq, t, KNOCK))
                    if PAWN - q <= MERGE_LIMIT:
                        append((sq, t, MERGE))
                elif t == ep:
                    append((sq, t, KNOCK))
                    append((sq, t, MERGE))
        elif p == KING:
            for t in KING_STEPS[sq]:
                q = board[t] * sign
                if not q:
                    append((sq, t, MOVE))
                elif q < 0:
                    append((sq, t, KNOCK))
        else:
            for ray in SLIDER_RAYS[p][sq]:
                for t in ray:
                    q = board[t] * sign
                    if not q:
                        append((sq, t, MOVE))
                        continue
                    if q < 0:
                        append((sq, t, KNOCK))
                        if p - q <= MERGE_LIMIT:
                            append((sq, t, MERGE))
                    break
    return out


def attacked(board: Sequence[int], sq: int, by: int) -> bool:
    """Whether a piece of side ``by`` could knock a piece standing on ``sq`` right now."""
    sign = SIGN[by]
    for a in PAWN_ATTACKERS[by][sq]:
        if board[a] == sign:
            return True
    king = KING * sign
    for t in KING_STEPS[sq]:
        if board[t] == king:
            return True
    rook, queen, bishop = ROOK * sign, QUEEN * sign, BISHOP * sign
    for ray in ORTHO_RAYS[sq]:
        for t in ray:
            p = board[t]
            if p:
                if p in (rook, queen):
                    return True
                break
    for ray in DIAG_RAYS[sq]:
        for t in ray:
            p = board[t]
            if p:
                if p in (bishop, queen):
                    return True
                break
    return False


def make(board: list[int], side: int, move: Move) -> tuple[list[Change], int, int]:
    """Play ``move`` of ``side`` on ``board`` in place.

    Returns ``(changes, new_ep, captured)``: the square changes (for :func:`unmake`, hashing and
    the moment), the en passant square the opponent may use next (-1 for none) and the weight of
    the piece taken (0 for a quiet move). The move is assumed legal."""
    frm, to, kind = move
    sign = SIGN[side]
    p = board[frm]
    w = p * sign
    if kind == MOVE:
        new_ep = -1
        newp = p
        if w == PAWN:
            if to - frm == 2 * FORWARD[side]:
                new_ep = frm + FORWARD[side]
            elif PAWN_PROMO[side][to]:
                newp = QUEEN * sign
        changes = [(frm, p, 0), (to, 0, newp)]
        board[frm] = 0
        board[to] = newp
        return changes, new_ep, 0
    target = board[to]
    capsq = to
    if not target:  # en passant: the pawn that just passed ``to`` stands one square behind it
        capsq = to - FORWARD[side]
    victim = board[capsq]
    b = -victim * sign
    if kind == KNOCK:
        store = storage_free(board, 1 - side)
        newp = QUEEN * sign if w == PAWN and PAWN_PROMO[side][to] else p
        if capsq == to:
            changes = [(frm, p, 0), (to, victim, newp), (store, 0, victim)]
        else:
            changes = [(frm, p, 0), (capsq, victim, 0), (to, 0, newp), (store, 0, victim)]
    else:
        newp = (w + b) * sign
        if capsq == to:
            changes = [(frm, p, 0), (to, victim, newp)]
        else:
            changes = [(frm, p, 0), (capsq, victim, 0), (to, 0, newp)]
    for s, _, new in changes:
        board[s] = new
    return changes, -1, b


def unmake(board: list[int], changes: Sequence[Change]) -> None:
    """Undo a :func:`make` given its changes."""
    for s, old, _ in reversed(changes):
        board[s] = old


def moment_delta(changes: Sequence[Change]) -> int:
    """How a make's changes move the balance's moment."""
    return sum((abs(new) - abs(old)) * LINE[s] for s, old, new in changes)


def winner_after(board: Sequence[int], moment: int, mover: int, captured: int) -> int:
    """The win checks after ``mover``'s move, in the rules' order: 0 Triangles, 1 Circles, -1 none.

    1. a king was knocked (captured weight 6: kings never merge, so a king taken is knocked);
    2. the moment exceeds 49: positive means Triangles win, negative Circles;
    3. the mover's king is on the centre line and no reply of the opponent could knock it."""
    if captured == KING:
        return mover
    if moment > TIP_LIMIT:
        return TRIANGLES
    if moment < -TIP_LIMIT:
        return CIRCLES
    king = KING * SIGN[mover]
    for sq in CENTRE:
        if board[sq] == king:
            if not attacked(board, sq, 1 - mover):
                return mover
            break
    return -1


def perft(board: list[int], side: int, ep: int, moment: int, depth: int) -> int:
    """Leaf count ``depth`` plies deep, by the standard convention (chess perft's): a position
    where the last move won (king knocked, board tipped, safe king on the centre line) has no
    moves, so it counts at depth 0 only and adds nothing deeper. The root is taken to be a game
    that goes on (the caller checks, as :func:`game.changing_challenges.rules.fast_perft` does).
    Draws are about history and are ignored."""
    if depth == 0:
        return 1
    moves = generate(board, side, ep)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        changes, nep, cap = make(board, side, move)
        nm = moment + moment_delta(changes)
        if winner_after(board, nm, side, cap) < 0:
            total += perft(board, 1 - side, nep, nm, depth - 1)
        unmake(board, changes)
    return total


# -- helpers for the AI's quiescence search ------------------------------------------------------------
def _forward_rays(side: int) -> dict[int, tuple[tuple[tuple[int, ...], ...], ...]]:
    """``FORWARD_RAYS[side][weight][sq]``: the slider rays of ``weight`` on ``sq`` whose every step
    goes one line toward the opponent (straight or diagonally forward)."""
    step = 1 if side == TRIANGLES else -1
    out = {}
    for weight, table in SLIDER_RAYS.items():
        out[weight] = tuple(
            tuple(ray for ray in rays if LINE[ray[0]] - LINE[sq] == step) for sq, rays in enumerate(table)
        )
    return out


FORWARD_RAYS = (_forward_rays(TRIANGLES), _forward_rays(CIRCLES))
"""Per side, the forward rays a quiet move can tip the balance along (see :func:`quiet_win`)."""


def generate_captures(board: Sequence[int], side: int, ep: int) -> list[Move]:
    """The knocks and merges of :func:`generate`, in the same order, without building the quiet
    moves: the quiescence search only needs these, and most of its nodes stop at the stand-pat."""
    sign = SIGN[side]
    out: list[Move] = []
    append = out.append
    caps_t = PAWN_CAPS[side]
    for sq in PLAYABLE:
        p = board[sq] * sign
        if p <= 0:
            continue
        if p == PAWN:
            for t in caps_t[sq]:
                q = board[t] * sign
                if q < 0:
                    append((sq, t, KNOCK))
                    if PAWN - q <= MERGE_LIMIT:
                        append((sq, t, MERGE))
                elif t == ep:
                    append((sq, t, KNOCK))
                    append((sq, t, MERGE))
        elif p == KING:
            for t in KING_STEPS[sq]:
                if board[t] * sign < 0:
                    append((sq, t, KNOCK))
        else:
            for ray in SLIDER_RAYS[p][sq]:
                for t in ray:
                    q = board[t] * sign
                    if not q:
                        continue
                    if q < 0:
                        append((sq, t, KNOCK))
                        if p - q <= MERGE_LIMIT:
                            append((sq, t, MERGE))
                    break
    return out


def quiet_win(board: list[int], side: int, moment: int) -> bool:
    """Whether ``side`` has a quiet (non-capturing) move that wins at once: one that tips the
    balance its way, or a king step onto the centre line that no reply could knock.

    Equivalent to trying every quiet move of :func:`generate` with :func:`winner_after`, but a
    quiet move only shifts the moment by weight x lines gained, so it suffices to look at the
    furthest empty square along each forward ray. Used at every quiescence node, where a full
    move list would cost more than the rest of the node."""
    sign = SIGN[side]
    need = TIP_LIMIT + 1 - moment * sign  # the gain, in the mover's direction, that tips the board
    fwd = FORWARD_RAYS[side]
    push_t, start_t, promo_t = PAWN_PUSH[side], PAWN_START[side], PAWN_PROMO[side]
    for sq in PLAYABLE:
        p = board[sq] * sign
        if p <= 0:
            continue
        if p == KING:
            line = LINE[sq]
            if not line:
                # Rare (the opponent left a knockable king standing there): any quiet move that
                # leaves it safe wins, so ask the full move list.
                return _quiet_win_slow(board, side, moment)
            if -1 <= line <= 1:
                gain = -line * KING * sign  # stepping onto the centre line, in the mover's direction
                if moment * sign + gain >= -TIP_LIMIT:  # not a move that tips the board against itself
                    for t in KING_STEPS[sq]:
                        if LINE[t] or board[t]:
                            continue
                        board[sq] = 0
                        board[t] = p * sign
                        safe = not attacked(board, t, 1 - side)
                        board[t] = 0
                        board[sq] = p * sign
                        if safe:
                            return True
            if need <= KING:
                for t in KING_STEPS[sq]:
                    if not board[t] and (LINE[t] - line) * sign >= 1:
                        return True
        elif p == PAWN:
            if need > 16:
                continue
            t = push_t[sq]
            if t < 0 or board[t]:
                continue
            gain = 1 + (3 * LINE[t] * sign if promo_t[t] else 0)
            if gain >= need:
                return True
            if start_t[sq] and need <= 2:
                t2 = push_t[t]
                if t2 >= 0 and not board[t2]:
                    return True
        elif p * 10 >= need:
            for ray in fwd[p][sq]:
                if p * len(ray) < need:
                    continue
                run = 0
                for t in ray:
                    if board[t]:
                        break
                    run += 1
                if p * run >= need:
                    return True
    return False


def _quiet_win_slow(board: list[int], side: int, moment: int) -> bool:
    """:func:`quiet_win` by trying every quiet move (the reference it must agree with)."""
    for move in generate(board, side, -1):
        if move[2]:
            continue
        changes, _, captured = make(board, side, move)
        won = winner_after(board, moment + moment_delta(changes), side, captured)
        unmake(board, changes)
        if won == side:
            return True
    return False
