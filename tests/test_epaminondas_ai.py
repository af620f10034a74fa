"""Epaminondas easy's looks at the reply (issue #30): whether its move lets the opponent cross
where it could not answer (the gauntlet's careful and reader styles beat an easy that never looked
9 games of 10 that way), and what the reply's captures would take (the turtle style beat an easy
that never looked 9 games of 10 by taking the stones it fed in one by one)."""

from __future__ import annotations

import importlib
import random

from game.epaminondas import board as B

epaminondas_ai = importlib.import_module("game.epaminondas.ai")


def _bits(names: str) -> int:
    return sum(1 << B.square_index(name) for name in names.split())


def test_a_crossing_nothing_can_answer_is_seen() -> None:
    """Black has just moved, White to move: White's c11 can step onto c12, and no Black stone could
    then take it or cross back."""
    black, white = _bits("k12 l12 k11"), _bits("c11 a3")
    assert epaminondas_ai.hands_a_crossing(black, white, B.BLACK, "mirror")


def test_a_crossing_that_can_be_answered_is_not_feared() -> None:
    """The same, but d12 and e12 stand beside c12: the pair takes a lone crosser there."""
    black, white = _bits("d12 e12 k11"), _bits("c11 a3")
    assert not epaminondas_ai.hands_a_crossing(black, white, B.BLACK, "mirror")


def test_easy_never_hands_over_a_crossing_it_can_keep() -> None:
    """Black to move, White's c11 one step from Black's home row where the pair d12-e12 stands
    guard: moving either guard lets c11 cross with nothing left to take it, and easy, which asks
    this on every turn, keeps both at home whatever its noise and overlooks."""
    black, white = _bits("d12 e12 k11 l11"), _bits("c11 a3")
    codes = B.generate(black, white, B.BLACK)
    hands = epaminondas_ai.hands_a_crossing
    handing = {c for c in codes if hands(*B.make(black, white, c), B.BLACK, "mirror")}
    assert handing and len(handing) < len(codes)  # the position tests something
    for seed in range(40):
        code = epaminondas_ai.easy_move(black, white, B.BLACK, codes, random.Random(seed))
        assert code not in handing


def test_a_stone_left_to_be_taken_is_weighed() -> None:
    """Black has just moved to c5, White to move: the pair c3-c4 takes the lone stone, and the
    value easy gives the move is what that capture leaves; a stone out of reach changes nothing."""
    black, white = _bits("c5 k10 l10"), _bits("c3 c4 m1")
    after = epaminondas_ai.after_captures(black, white, B.BLACK, "mirror", 0)
    assert after < -epaminondas_ai.STONE // 2  # about a stone lost
    safe = _bits("g5 k10 l10")
    assert epaminondas_ai.after_captures(safe, white, B.BLACK, "mirror", 0) == 0


def test_easy_misses_most_of_its_own_chances_far_from_home() -> None:
    """Weighing the reply's captures, easy keeps its stones; it must still miss most of its own
    chances to capture, or the greedy beginner, which leaves stones to be taken, cannot beat it.
    Black's pair c6-c7 can take White's lone c8 in the middle of the board."""
    assert 0.5 < epaminondas_ai.EASY_OVERLOOK < 1.0
    missed = 1.0 - _takes_the_lone_stone("c6 c7 m12 n12", "c8 k1 l1")
    assert 0.7 < missed < 1.0, missed  # in most seeds, not all


def test_easy_takes_every_stone_that_comes_near_home() -> None:
    """White's lone c11 on Black's second rank, its way across shut by b12, c12 and d12, and Black's
    pair a11-b11 able to take it: easy sees that capture every time, where with the chance it has
    further out it would take it in about one seed of 20."""
    assert _takes_the_lone_stone("a11 b11 b12 c12 d12 m12 n12", "c11 k1 l1") == 1.0


def _takes_the_lone_stone(black_stones: str, white_stones: str) -> float:
    """Black to move: the share of 200 seeds in which easy takes a White stone."""
    black, white = _bits(black_stones), _bits(white_stones)
    codes = B.generate(black, white, B.BLACK)
    takes = {c for c in codes if white & ~B.make(black, white, c)[1]}
    assert takes  # the position has a capture
    chosen = [epaminondas_ai.easy_move(black, white, B.BLACK, codes, random.Random(s)) for s in range(200)]
    return sum(c in takes for c in chosen) / len(chosen)
