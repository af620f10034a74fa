"""Styles of play for Epaminondas' gauntlet (see :mod:`game.styles`), written from the rules: each
plays either side and looks no further than its own move, except for the one thing every player at
the table knows — a stone on your home row must be answered at once.

A position has a hundred or more legal moves, so the generic safety check of :mod:`game.styles`
(every reply to every move) is far too slow here. The styles judge a move on the two bitboards of
:mod:`game.epaminondas.board` instead, and their checks follow the one way the game is won: a
crossing the other side cannot answer. After a move the opponent's crossings are found among its
captures and crossings alone (``generate_noisy``), and each is answered, or not, by one of ours.
That keeps a careful style near a few milliseconds a move.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from game.core import GameState, Move
from game.epaminondas import board as B
from game.epaminondas.rules import EpaminondasState
from game.styles import Past, Style, last_move_of

WIN = 1e9
LOSS = -1e9
DANGER = -1e8
"""Scores that outrank any plan: a crossing that cannot be answered, a crossing left unanswered, and
a move after which the opponent has such a crossing (for the careful styles)."""

LEFT_FILES = sum(B.FILE_A << f for f in range(B.WIDTH // 2))
RIGHT_FILES = B.FULL ^ LEFT_FILES
"""The two flanks: files a-g and h-n."""

HALF: tuple[int, int] = (sum(B.RANKS[: B.HEIGHT // 2]), sum(B.RANKS[B.HEIGHT // 2 :]))
"""Each side's own half of the board (White ranks 1-6, Black 7-12)."""


# -- features of a position, on bitboards -------------------------------------------------------------
def _across(stones: int, side: int) -> int:
    """Stones of ``side`` on the opponent's home row."""
    return (stones & B.TARGET[side]).bit_count()


def _progress(stones: int, side: int) -> int:
    """Ranks gained by all the stones of ``side`` from its home row (each stone counts its rank)."""
    ranks = B.RANKS if side == B.WHITE else B.RANKS[::-1]
    return sum(r * (stones & ranks[r]).bit_count() for r in range(1, B.HEIGHT))


def _front(stones: int, side: int) -> int:
    """How far the furthest stone of ``side`` in ``stones`` has come (0: none beyond the home row)."""
    ranks = B.RANKS if side == B.WHITE else B.RANKS[::-1]
    for r in range(B.HEIGHT - 1, 0, -1):
        if stones & ranks[r]:
            return r
    return 0


def _can_answer(own: int, opp: int, side: int, symmetry: str) -> bool:
    """``side`` (stones ``own``) is to move: does it win at once, or have a move after which the
    opponent no longer has more stones across (a capture of the crossed stones or a crossing)?"""
    mine, theirs = _across(own, side), _across(opp, 1 - side)
    if mine > theirs or theirs == 0:
        return True
    for code in B.generate_noisy(own, opp, side, symmetry):
        new_own, new_opp = B.make(own, opp, code)
        if _across(new_opp, 1 - side) <= _across(new_own, side):
            return True
    return False


def _crossing_wins(own: int, opp: int, side: int, symmetry: str, noisy: list[int]) -> bool:
    """``side`` to move has a crossing (among its ``noisy`` moves) that the other side cannot answer."""
    for code in noisy:
        if code & B.CROSSING:
            new_own, new_opp = B.make(own, opp, code)
            if new_opp and not _can_answer(new_opp, new_own, 1 - side, symmetry):
                return True
    return False


@dataclass
class After:
    """A candidate move of ``side`` and the stones after it (``mine``/``theirs``); the opponent's
    captures and crossings there (``replies``) are worked out only when asked."""

    side: int
    code: int
    before_mine: int
    before_theirs: int
    mine: int
    theirs: int
    symmetry: str
    _replies: list[int] | None = field(default=None, repr=False)

    @property
    def replies(self) -> list[int]:
        if self._replies is None:
            self._replies = B.generate_noisy(self.theirs, self.mine, 1 - self.side, self.symmetry)
        return self._replies

    @property
    def taken(self) -> int:
        """Enemy stones this move captures."""
        return self.before_theirs.bit_count() - self.theirs.bit_count()

    @property
    def forward(self) -> int:
        """Ranks this move gains (negative when it steps back)."""
        return _progress(self.mine, self.side) - _progress(self.before_mine, self.side)

    def exposure(self) -> int:
        """The most of our stones the opponent could capture with one move here."""
        worst = 0
        for code in self.replies:
            if code & B.CAPTURE:
                run = B.capture_run(self.mine, B.front_landing(code), B.move_direction(code)).bit_count()
                worst = max(worst, run)
        return worst

    def verdict(self, careful: bool) -> float:
        """WIN, LOSS, DANGER (careful only) or 0 for a move that decides nothing at once."""
        side = self.side
        if _across(self.theirs, 1 - side) > _across(self.mine, side):
            return LOSS  # their crossing left standing: they win as their turn starts
        if not self.theirs:
            return WIN
        if (
            self.code & B.CROSSING
            and _across(self.mine, side) > _across(self.theirs, 1 - side)
            and not _can_answer(self.theirs, self.mine, 1 - side, self.symmetry)
        ):
            return WIN
        if careful and _crossing_wins(self.theirs, self.mine, 1 - side, self.symmetry, self.replies):
            return DANGER
        return 0.0


Judge = Callable[[After], float]


def _pair(move: Move) -> tuple[int, int]:
    """A move as the ``(from, to)`` squares it is."""
    return cast(tuple[int, int], move)


def _candidates(state: EpaminondasState) -> list[tuple[Move, After]]:
    own, opp = state.own_opp()
    out: list[tuple[Move, After]] = []
    for move in state.legal_moves(state.player):
        code = state.code_of(move)
        mine, theirs = B.make(own, opp, code)
        out.append((move, After(state.side, code, own, opp, mine, theirs, state.symmetry)))
    return out


def _best(
    state: EpaminondasState,
    rng: random.Random,
    judge: Judge,
    careful: bool,
    allowed: Callable[[After], bool] | None = None,
) -> Move:
    """The move ``judge`` likes most among those the rules' verdict does not rule out (a win is
    taken, a lost move avoided, and for a ``careful`` style a move that hands over a winning
    crossing too); ``allowed`` narrows the plan's moves, but never a win or a needed answer."""
    best: list[Move] = []
    top = float("-inf")
    for move, after in _candidates(state):
        verdict = after.verdict(careful)
        if verdict:
            value = verdict
        elif allowed is not None and not allowed(after):
            value = DANGER / 2 + judge(after)
        else:
            value = judge(after)
        if value > top:
            top, best = value, [move]
        elif value == top:
            best.append(move)
    return rng.choice(best)


def _style(
    name: str,
    line: str,
    judge_for: Callable[[EpaminondasState, Past], Judge],
    careful: bool,
    allowed: Callable[[EpaminondasState], Callable[[After], bool]] | None = None,
) -> Style:
    def choose(state: GameState, player: str, rng: random.Random, past: Past = ()) -> Move:
        assert isinstance(state, EpaminondasState)
        return _best(
            state, rng, judge_for(state, past), careful, allowed(state) if allowed is not None else None
        )

    return Style(name, line, choose)


# -- the styles ----------------------------------------------------------------------------------------
def _flank_of(state: EpaminondasState, past: Past) -> int:
    """The rusher's flank: the one its own first move went to (the left before it has moved)."""
    first = next((turn[state.player] for turn in past if state.player in turn), None)
    if first is None:
        return LEFT_FILES
    return LEFT_FILES if _pair(first)[1] % B.WIDTH < B.WIDTH // 2 else RIGHT_FILES


def _rusher() -> Style:
    """All force down one flank, the furthest stone first; it answers a crossing, nothing more."""

    def judge_for(state: EpaminondasState, past: Past) -> Judge:
        flank = _flank_of(state, past)
        return lambda a: (
            12 * _front(a.mine & flank, a.side) + 3 * _progress(a.mine & flank, a.side) + 4 * a.taken
        )

    return _style(
        "rusher",
        "drives every stone it can down one flank (where its first move went) "
        "at the far row, never looking back",
        judge_for,
        careful=False,
    )


def _turtle() -> Style:
    """Stays home: never sends a stone past the middle, keeps its home row, takes only intruders."""

    def judge_for(state: EpaminondasState, _past: Past) -> Judge:
        home = B.HOME[state.side]
        return lambda a: (
            10 * a.taken
            - 12 * a.exposure()
            + 3 * (a.mine & home).bit_count()
            - (a.theirs & HALF[a.side]).bit_count()
        )

    def allowed(state: EpaminondasState) -> Callable[[After], bool]:
        half = HALF[state.side]
        return lambda a: not a.mine & ~half

    return _style(
        "turtle",
        "keeps every stone on its own half and its home row full; captures only stones that come close",
        judge_for,
        careful=True,
        allowed=allowed,
    )


def _hoarder() -> Style:
    """Keeps every stone: never captures (an exchange follows) and never leaves a stone takeable."""

    def judge_for(_state: EpaminondasState, _past: Past) -> Judge:
        return lambda a: -20 * a.exposure() + a.forward

    def allowed(_state: EpaminondasState) -> Callable[[After], bool]:
        return lambda a: not a.code & B.CAPTURE

    return _style(
        "hoarder",
        "never captures and never leaves a stone to be captured; creeps forward",
        judge_for,
        careful=True,
        allowed=allowed,
    )


def _careful() -> Style:
    """Greedy for stones and ground, with the one-move check: no crossing handed over."""

    def judge_for(_state: EpaminondasState, _past: Past) -> Judge:
        return lambda a: 10 * a.taken + a.forward

    return _style(
        "careful",
        "one move ahead: the biggest capture, else the longest stride forward, "
        "never a move that lets the opponent cross unanswered",
        judge_for,
        careful=True,
    )


def _mirror_square(sq: int) -> int:
    """The square across the centre line between the players (c3 <-> c10)."""
    return (B.HEIGHT - 1 - sq // B.WIDTH) * B.WIDTH + sq % B.WIDTH


def _mirror_move(state: GameState, player: str, rng: random.Random, past: Past = ()) -> Move:
    """Play the opponent's last move mirrored across the centre line; when that is not legal, the
    same direction and distance from the stone nearest the mirrored square; a careful move first and
    whenever the rules' verdict says so."""
    assert isinstance(state, EpaminondasState)
    rival = next(p for p in state.players if p != player)
    theirs = last_move_of(past, rival)
    candidates = _candidates(state)
    for _, after in candidates:
        if after.verdict(careful=False) == WIN:
            return _best(state, rng, lambda a: 0.0, careful=True)
    if theirs is not None:
        frm, to = (_mirror_square(s) for s in _pair(theirs))
        shape = B.direction_between(frm, to)

        def similar(move: Move, after: After) -> bool:
            return B.direction_between(*_pair(move)) == shape and after.verdict(careful=True) == 0

        exact = [m for m, a in candidates if m == (frm, to) and a.verdict(careful=True) == 0]
        if exact:
            return exact[0]
        alike = [(m, a) for m, a in candidates if similar(m, a)]
        if alike:

            def distance(move: Move) -> int:
                sq = _pair(move)[0]
                return max(abs(sq % B.WIDTH - frm % B.WIDTH), abs(sq // B.WIDTH - frm // B.WIDTH))

            near = min(distance(m) for m, _ in alike)
            return rng.choice([m for m, _ in alike if distance(m) == near])
    return _best(state, rng, lambda a: 0.0, careful=True)


def _mirror() -> Style:
    return Style(
        "mirror",
        "copies the opponent's last move mirrored across the middle; a safe move at random when it cannot",
        _mirror_move,
    )


def _random_weight(state: GameState, _player: str, move: Move) -> float:
    assert isinstance(state, EpaminondasState)
    code = state.code_of(move)
    forward = B.DIRECTIONS[B.move_direction(code)][1] * (1 if state.side == B.WHITE else -1)
    return 1.0 + 2.0 * (forward > 0) + 4.0 * bool(code & B.CAPTURE) + 8.0 * bool(code & B.CROSSING)


def _random_move(state: GameState, player: str, rng: random.Random, past: Past = ()) -> Move:
    moves = list(state.legal_moves(player))
    weights = [_random_weight(state, player, m) for m in moves]
    return rng.choices(moves, weights=weights, k=1)[0]


def _random_biased() -> Style:
    return Style(
        "random", "any legal move; forward three times likelier, captures and crossings more", _random_move
    )


def _predicted_files(state: EpaminondasState, past: Past) -> int:
    """Files the opponent has been playing on lately (its last three moves' landing files, one file
    either side): where the reader expects the next blow."""
    rival = next(p for p in state.players if p != state.player)
    files = 0
    seen = 0
    for turn in reversed(past):
        move = turn.get(rival)
        if move is None:
            continue
        f = _pair(move)[1] % B.WIDTH
        for g in (f - 1, f, f + 1):
            if 0 <= g < B.WIDTH:
                files |= B.FILE_A << g
        seen += 1
        if seen == 3:
            break
    return files


def _reader() -> Style:
    """Reads the opponent's recent moves: masses stones on its own half in the files it has been
    playing on, and plays for stones and ground elsewhere, one move ahead with the safety check."""

    def judge_for(state: EpaminondasState, past: Past) -> Judge:
        watch = _predicted_files(state, past)
        guard = watch & HALF[state.side]
        return lambda a: (
            10 * a.taken
            + a.forward
            - 6 * a.exposure()
            + 3 * (a.mine & guard).bit_count()
            + 2 * _front(a.mine & ~watch, a.side)
        )

    return _style(
        "reader",
        "guesses where the opponent strikes next from its last three moves, "
        "guards those files and pushes elsewhere",
        judge_for,
        careful=True,
    )


def styles() -> tuple[Style, ...]:
    """Epaminondas' gauntlet."""
    return (_rusher(), _turtle(), _hoarder(), _careful(), _mirror(), _random_biased(), _reader())
