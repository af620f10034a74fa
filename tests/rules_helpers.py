"""Checks the rules and AI tests of several games make the same way, written once.

Each takes what differs between the games (the state, the player, the game's AI function, the dict
its search reports into) so a game's test file still reads as that game's rules.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pytest

from game.core import AIFunction, GameState, IllegalMoveError

if TYPE_CHECKING:
    from game.match import Match


def assert_refusals(state: GameState, player: str, cases: Mapping[str, str]) -> None:
    """Every notation in ``cases`` is refused as illegal for ``player``, and the refusal's ``why``
    contains the words the case maps it to."""
    for text, why in cases.items():
        with pytest.raises(IllegalMoveError) as err:
            state.parse_move(player, text)
        assert why in err.value.why, (text, err.value.why)


def assert_ai_keeps_its_budget(ai: AIFunction, state: Any, stats: Mapping[str, Any]) -> None:
    """Easy and normal answer ``state`` with a legal move inside their budgets (plus a margin for a
    busy machine) and report a finished search of depth 1 or more in ``stats``."""
    for level, budget in (("easy", 0.25), ("normal", 0.8)):
        start = time.perf_counter()
        move = ai(state, state.player, level, random.Random(5), budget)
        assert time.perf_counter() - start < budget + 0.3
        assert move in state.legal_moves(state.player)
        assert stats["depth"] >= 1


def assert_ai_is_seeded(ai: AIFunction, start: GameState, player: str) -> None:
    """The easy level plays the same move for the same seed, and different seeds break its ties
    differently."""
    a = ai(start, player, "easy", random.Random(11), 0.25)
    b = ai(start, player, "easy", random.Random(11), 0.25)
    assert a == b
    chosen = {ai(start, player, "easy", random.Random(seed), 0.25) for seed in range(8)}
    assert len(chosen) > 1


def play_random_turns(match: Match, turns: int, rng: random.Random) -> None:
    """Up to ``turns`` whole random turns played into ``match`` (every mover's random move, as
    notation, so the record holds them), stopping when the game ends."""
    for _ in range(turns):
        if match.over:
            return
        state = match.state
        match.play_text(state.turn_to_text({p: state.random_move(p, rng) for p in state.to_move()}))
