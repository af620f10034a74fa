"""Styles of play for Elasta's gauntlet (see :mod:`game.styles`), written from the rules alone.

Elasta is simultaneous: both sides allot their chips 0-7 in secret and ``resolve_turn`` (the rules'
own reveal: compare, push, rubber band) decides. A style that weighs an allotment resolves it against
guessed replies, nothing deeper. Each style plays either side and the token sub-turn of the variant
(deleting one square of its own territory), where every style but the random one refuses a deletion
that loses at once.

A player's *hold* on a file is the number of its own squares still standing there (without tokens:
the ranks between the stick and its ground line); a hold of 0 has lost, a hold of 1 is one push from
losing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import cast

from game.core import GameState, Move
from game.elasta.rules import (
    BLACK,
    N_FILES,
    N_RANKS,
    NO_TOKEN,
    PHASE_TOKEN,
    WHITE,
    Allotment,
    ElastaState,
    live_above,
    live_below,
    resolve_turn,
)
from game.styles import Past, Style

WIN = 1000.0
"""The value of a won position (minus: lost) in the styles' judgements."""

DANGER = 4.0
"""What a file one push from a ground line is worth to the sampler, in squares of territory."""

SAMPLER_ALLOTMENTS = 120
SAMPLER_REPLIES = 10
"""The outside bot of issue #30: the best of 120 random allotments against the same 10 random replies."""

Allot = Callable[[ElastaState, str, random.Random, Past], Allotment]
Token = Callable[[ElastaState, str, random.Random, Past], Move]


# -- reading a position -------------------------------------------------------------------------------
def _rival(player: str) -> str:
    return BLACK if player == WHITE else WHITE


def _holds(lines: Sequence[int], deleted: int, player: str) -> list[int]:
    """Per file, the squares ``player`` still has between the stick and their ground line."""
    if not deleted:
        return list(lines) if player == WHITE else [N_RANKS - line for line in lines]
    if player == WHITE:
        return [live_below(deleted, f, line) for f, line in enumerate(lines)]
    return [live_above(deleted, f, line) for f, line in enumerate(lines)]


def _value(lines: Sequence[int], deleted: int, player: str, danger: float = DANGER) -> float:
    """Territory (own squares minus the rival's) plus ``danger`` for every file the rival holds by
    one square, minus as much for each of one's own; ±WIN once a side has lost, 0 for both at once."""
    mine, theirs = _holds(lines, deleted, player), _holds(lines, deleted, _rival(player))
    lost, won = 0 in mine, 0 in theirs
    if lost or won:
        return 0.0 if lost and won else (-WIN if lost else WIN)
    return sum(mine) - sum(theirs) + danger * (theirs.count(1) - mine.count(1))


def _material(lines: Sequence[int], deleted: int, player: str) -> float:
    """Only one's own squares (the hoarder's count); -WIN once lost."""
    mine = _holds(lines, deleted, player)
    if 0 in mine:
        return -WIN
    return float(sum(mine)) - 3.0 * mine.count(1)


def _after(state: ElastaState, player: str, mine: Allotment, theirs: Allotment) -> list[int]:
    """The sticks after a reveal of ``mine`` against ``theirs`` (the rules' own resolution)."""
    white, black = (mine, theirs) if player == WHITE else (theirs, mine)
    return resolve_turn(state.lines, white, black, state.deleted).final


def _random_allotment(rng: random.Random) -> Allotment:
    return tuple(rng.sample(range(N_FILES), N_FILES))


def _by_rank(keys: Sequence[float]) -> Allotment:
    """The chips in the order of ``keys``: 7 to the file with the largest key, 0 to the smallest."""
    order = sorted(range(N_FILES), key=lambda f: keys[f])
    chips = [0] * N_FILES
    for chip, file in enumerate(order):
        chips[file] = chip
    return tuple(chips)


def _cluster(target: int, rng: random.Random) -> Allotment:
    """7 on ``target``, 6 and 5 on its neighbours, the chips falling off with the distance from it."""
    return _by_rank([-abs(f - target) + 0.1 * rng.random() for f in range(N_FILES)])


def _rush(target: int, holds: Sequence[int], rng: random.Random) -> Allotment:
    """7 on ``target``, 6 and 5 on the two files nearest it (its neighbours; B and C for A), the small
    chips to the other files, the bigger of them where it holds least."""
    near = sorted(range(N_FILES), key=lambda f: (abs(f - target), rng.random()))[:3]
    keys = [
        100.0 - 10 * abs(f - target) if f in near else -holds[f] + 0.5 * rng.random() for f in range(N_FILES)
    ]
    return _by_rank(keys)


def _last_allotment(past: Past, player: str) -> Allotment | None:
    """``player``'s last allotment in ``past`` (token moves skipped)."""
    for turn in reversed(past):
        move = turn.get(player)
        if isinstance(move, tuple):
            return move
    return None


def _best_against(
    state: ElastaState,
    player: str,
    rng: random.Random,
    candidates: Sequence[Allotment],
    replies: Sequence[Allotment],
    judge: Callable[[Sequence[int], int, str], float],
    worst: bool = False,
) -> Allotment:
    """The candidate with the best mean (``worst``: the best least) of ``judge`` over the replies;
    equal values broken by ``rng``."""
    best: list[Allotment] = []
    top = float("-inf")
    for mine in candidates:
        values = [judge(_after(state, player, mine, reply), state.deleted, player) for reply in replies]
        value = min(values) if worst else sum(values) / len(values)
        if value > top:
            top, best = value, [mine]
        elif value == top:
            best.append(mine)
    return rng.choice(best)


# -- tokens ---------------------------------------------------------------------------------------------
def _token_by(
    state: ElastaState,
    player: str,
    rng: random.Random,
    key: Callable[[int, list[int]], float],
    suicide: bool = False,
) -> Move:
    """The square of one's own territory with the largest ``key(square, holds)``, ties at random; a
    deletion that loses at once (the last square of a file) only when nothing else is left, unless
    ``suicide``."""
    # In the token phase the moves are squares (ints), NO_TOKEN the move that places none.
    squares = cast(list[int], [m for m in state.legal_moves(player) if m != NO_TOKEN])
    if not squares:
        return NO_TOKEN
    holds = _holds(state.lines, state.deleted, player)
    if not suicide:
        squares = [sq for sq in squares if holds[sq % N_FILES] > 1] or squares
    values = {sq: key(sq, holds) for sq in squares}
    top = max(values.values())
    return rng.choice([sq for sq in squares if values[sq] == top])


def _depth(state: ElastaState, player: str, sq: int) -> int:
    """How far behind the stick ``sq`` lies on ``player``'s side (0: right at the stick)."""
    line, rank = state.lines[sq % N_FILES], sq // N_FILES + 1
    return line - rank if player == WHITE else rank - line - 1


def _safe_token(state: ElastaState, player: str, rng: random.Random, _past: Past = ()) -> Move:
    """Delete in the file one holds most deeply, the square furthest behind the stick."""
    return _token_by(
        state, player, rng, lambda sq, holds: 16 * holds[sq % N_FILES] + _depth(state, player, sq)
    )


def _token_away_from(target: Callable[[ElastaState, str, Past], int]) -> Token:
    """The rusher's token: as far from the file it pushes as it can, deep behind the stick."""

    def choose(state: ElastaState, player: str, rng: random.Random, past: Past) -> Move:
        file = target(state, player, past)
        return _token_by(
            state,
            player,
            rng,
            lambda sq, holds: (
                64 * abs(sq % N_FILES - file) + 8 * min(holds[sq % N_FILES], 4) + _depth(state, player, sq)
            ),
        )

    return choose


def _sampler_token(state: ElastaState, player: str, rng: random.Random, _past: Past) -> Move:
    """The deletion after which territory plus danger is best (any square of a well-held file)."""

    def key(sq: int, _holds_now: list[int]) -> float:
        return _value(state.lines, state.deleted | 1 << sq, player)

    return _token_by(state, player, rng, key)


def _mirror_token(state: ElastaState, player: str, rng: random.Random, past: Past) -> Move:
    """The square facing the rival's last token (same file, rank mirrored), else the safe one."""
    for turn in reversed(past):
        move = turn.get(_rival(player))
        if isinstance(move, int):
            if move == NO_TOKEN:
                break
            facing = (N_RANKS - 1 - move // N_FILES) * N_FILES + move % N_FILES
            if (
                state.why_illegal(player, facing) is None
                and _holds(state.lines, state.deleted, player)[facing % N_FILES] > 1
            ):
                return facing
            break
    return _safe_token(state, player, rng)


def _random_token(state: ElastaState, player: str, rng: random.Random, _past: Past) -> Move:
    return _token_by(state, player, rng, lambda _sq, _holds_now: 0.0)


# -- allotments -----------------------------------------------------------------------------------------
def _sampler(state: ElastaState, player: str, rng: random.Random, _past: Past) -> Allotment:
    replies = [_random_allotment(rng) for _ in range(SAMPLER_REPLIES)]
    candidates = [_random_allotment(rng) for _ in range(SAMPLER_ALLOTMENTS)]
    return _best_against(state, player, rng, candidates, replies, _value)


def _rush_file(edge: bool) -> Callable[[ElastaState, str, Past], int]:
    """The file a rusher pushes: its most advanced one (``edge``: the more advanced of A and H),
    keeping last turn's file on a tie, else the one nearest the middle (``edge``: A)."""

    def target(state: ElastaState, player: str, past: Past) -> int:
        holds = _holds(state.lines, state.deleted, player)
        files = [0, N_FILES - 1] if edge else list(range(N_FILES))
        last = _last_allotment(past, player)
        before = last.index(N_FILES - 1) if last is not None else -1
        return max(files, key=lambda f: (holds[f], f == before, -abs(2 * f - (N_FILES - 1)), -f))

    return target


def _rusher_allot(target: Callable[[ElastaState, str, Past], int]) -> Allot:
    def choose(state: ElastaState, player: str, rng: random.Random, past: Past) -> Allotment:
        return _rush(target(state, player, past), _holds(state.lines, state.deleted, player), rng)

    return choose


def _turtle(state: ElastaState, player: str, rng: random.Random, _past: Past) -> Allotment:
    """The big chips on the files nearest its own ground line, never aimed at the rival's."""
    holds = _holds(state.lines, state.deleted, player)
    return _by_rank([-h + 0.5 * rng.random() for h in holds])


def _hoarder(state: ElastaState, player: str, rng: random.Random, _past: Past) -> Allotment:
    """Keeps its squares: the allotment whose worst case (random replies and a rush at each of its two
    weakest files) leaves it the most territory; the rival's losses count for nothing."""
    holds = _holds(state.lines, state.deleted, player)
    weakest = sorted(range(N_FILES), key=lambda f: (holds[f], rng.random()))[:2]
    replies = [_random_allotment(rng) for _ in range(8)] + [_cluster(f, rng) for f in weakest]
    candidates = [_random_allotment(rng) for _ in range(60)] + [_turtle(state, player, rng, ())]
    return _best_against(state, player, rng, candidates, replies, _material, worst=True)


def _mirror(state: ElastaState, player: str, rng: random.Random, past: Past) -> Allotment:
    """The rival's last allotment, chip for chip (a random one to begin)."""
    last = _last_allotment(past, _rival(player))
    return last if last is not None else _random_allotment(rng)


def _random(state: ElastaState, player: str, rng: random.Random, _past: Past) -> Allotment:
    """Random, the big chips likelier where it holds more."""
    holds = _holds(state.lines, state.deleted, player)
    return _by_rank([h + rng.gauss(0.0, 2.0) for h in holds])


def _predict(state: ElastaState, rival: str) -> Allotment | None:
    """The rival's next allotment read from the turns the state remembers: either the same chips per
    file as last time, or the same chip for the file at the same place in the rival's order of holds
    (its weakest file gets what its weakest got) — whichever would have foretold the last turn better."""
    side = 0 if rival == WHITE else 1
    turns = [(lines, deleted, (white, black)[side]) for lines, deleted, white, black in state.recent]
    if not turns:
        return None

    def by_holds(
        lines: Sequence[int], deleted: int, chips: Allotment, now: Sequence[int], now_deleted: int
    ) -> Allotment:
        then = _holds(lines, deleted, rival)
        then_order = sorted(range(N_FILES), key=lambda f: (then[f], f))
        current = _holds(now, now_deleted, rival)
        now_order = sorted(range(N_FILES), key=lambda f: (current[f], f))
        out = [0] * N_FILES
        for old, new in zip(then_order, now_order, strict=True):
            out[new] = chips[old]
        return tuple(out)

    lines, deleted, chips = turns[-1]
    same = chips
    ranked = by_holds(lines, deleted, chips, state.lines, state.deleted)
    if len(turns) >= 2:
        old_lines, old_deleted, old_chips = turns[-2]
        hits_same = sum(a == b for a, b in zip(old_chips, chips, strict=True))
        guess = by_holds(old_lines, old_deleted, old_chips, lines, deleted)
        hits_ranked = sum(a == b for a, b in zip(guess, chips, strict=True))
        if hits_ranked > hits_same:
            return ranked
    return same


def _reader(state: ElastaState, player: str, rng: random.Random, _past: Past) -> Allotment:
    """Predicts the rival's allotment from its last turns and answers it: beat each file by one chip
    (giving up the file of its 7) or any of a random sample, judged against the guess and near misses."""
    guess = _predict(state, _rival(player))
    if guess is None:
        return _sampler(state, player, rng, ())
    replies = [guess, guess]
    for _ in range(6):
        near = list(guess)
        i, j = rng.sample(range(N_FILES), 2)
        near[i], near[j] = near[j], near[i]
        replies.append(tuple(near))
    counter = tuple((chip + 1) % N_FILES for chip in guess)
    candidates = (
        [counter] + [_cluster(f, rng) for f in range(N_FILES)] + [_random_allotment(rng) for _ in range(60)]
    )
    return _best_against(state, player, rng, candidates, replies, _value)


# -- the styles -----------------------------------------------------------------------------------------
def _style(name: str, line: str, allot: Allot, token: Token) -> Style:
    def choose(state: GameState, player: str, rng: random.Random, past: Past = ()) -> Move:
        assert isinstance(state, ElastaState)
        if state.phase == PHASE_TOKEN:
            return token(state, player, rng, past)
        return allot(state, player, rng, past)

    return Style(name, line, choose)


def styles() -> tuple[Style, ...]:
    """Elasta's gauntlet."""
    centre, edge = _rush_file(edge=False), _rush_file(edge=True)
    return (
        _style(
            "sampler",
            "the outside bot: best of 120 random allotments against 10 random replies, "
            "by territory and files one push from a ground line",
            _sampler,
            _sampler_token,
        ),
        _style(
            "rusher",
            "pushes its most advanced file with the 7, its neighbours with 6 and 5; "
            "the small chips defend its weakest files",
            _rusher_allot(centre),
            _token_away_from(centre),
        ),
        _style(
            "flanker",
            "the same rush on an edge file (A or H), which has one neighbour to drag along",
            _rusher_allot(edge),
            _token_away_from(edge),
        ),
        _style(
            "turtle",
            "never attacks: the big chips go to the files nearest its own ground line",
            _turtle,
            _safe_token,
        ),
        _style(
            "hoarder",
            "keeps its squares: the allotment whose worst case against random replies and "
            "rushes leaves it the most",
            _hoarder,
            _safe_token,
        ),
        _style(
            "mirror",
            "copies the rival's last allotment chip for chip, and faces its last token",
            _mirror,
            _mirror_token,
        ),
        _style(
            "random",
            "any allotment, the big chips likelier on the files it holds most; tokens anywhere",
            _random,
            _random_token,
        ),
        _style(
            "reader",
            "predicts the rival's chips from its last turns and beats each file by one",
            _reader,
            _safe_token,
        ),
    )
