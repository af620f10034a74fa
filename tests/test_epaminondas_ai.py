"""Epaminondas easy's one look at the reply (issue #30): whether its move lets the opponent cross
where it could not answer. The gauntlet's careful and reader styles beat an easy that never looked
9 games of 10 that way."""

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
