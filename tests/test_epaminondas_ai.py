"""Epaminondas easy's looks at the reply (issue #30): whether its move lets the opponent cross
where it could not answer (the gauntlet's careful and reader styles beat an easy that never looked
9 games of 10 that way), and what the reply's captures would take (the turtle style beat an easy
that never looked 9 games of 10 by taking the stones it fed in one by one)."""

from __future__ import annotations

import importlib

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


def test_easy_looks_on_a_share_of_its_turns() -> None:
    assert 0.0 < epaminondas_ai.EASY_CAREFUL < 1.0  # always looking leaves greedy under its 35 %


def test_a_stone_left_to_be_taken_is_weighed() -> None:
    """Black has just moved to c5, White to move: the pair c3-c4 takes the lone stone, and the
    value easy gives the move is what that capture leaves; a stone out of reach changes nothing."""
    black, white = _bits("c5 k10 l10"), _bits("c3 c4 m1")
    after = epaminondas_ai.after_captures(black, white, B.BLACK, "mirror", 0)
    assert after < -epaminondas_ai.STONE // 2  # about a stone lost
    safe = _bits("g5 k10 l10")
    assert epaminondas_ai.after_captures(safe, white, B.BLACK, "mirror", 0) == 0


def test_easy_misses_most_of_its_own_chances() -> None:
    """Weighing the reply's captures, easy keeps its stones; it must still miss most of its own
    chances to capture, or the greedy beginner, which leaves stones to be taken, cannot beat it."""
    assert 0.5 < epaminondas_ai.EASY_OVERLOOK < 1.0
