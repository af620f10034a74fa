"""Checks the rules and AI tests of several games make the same way, written once.

Each takes what differs between the games (the state, the player, the game's AI function, the dict
its search reports into) so a game's test file still reads as that game's rules.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pytest

from game.core import AIFunction, GameState, IllegalMoveError
from game.search import Limit

if TYPE_CHECKING:
    from game.match import Match


def assert_refusals(state: GameState, player: str, cases: Mapping[str, str]) -> None:
    """Every notation in ``cases`` is refused as illegal for ``player``, and the refusal's ``why``
    contains the words the case maps it to."""
    for text, why in cases.items():
        with pytest.raises(IllegalMoveError) as err:
            state.parse_move(player, text)
        assert why in err.value.why, (text, err.value.why)


class VirtualClock:
    """A clock for the searches (:mod:`game.clock`) that moves only when it is read, ``step`` seconds
    a read: a search that watches its deadline stops after a known number of looks at the clock,
    however busy the machine is. ``reads`` counts the looks."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.time = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.time += self.step
        return self.time


def virtual_clock(monkeypatch: pytest.MonkeyPatch, step: float) -> VirtualClock:
    """Let the searches think by a :class:`VirtualClock` for the rest of the test."""
    from game import clock

    fake = VirtualClock(step)
    monkeypatch.setattr(clock, "now", fake)
    return fake


def assert_ai_keeps_its_limits(
    ai: AIFunction, state: Any, stats: Mapping[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Normal and hard answer ``state`` with a legal move inside a node limit (and report a finished
    search of depth 1 or more and no more nodes than allowed in ``stats``), and hard stops at its
    time limit: on a :class:`VirtualClock` the search's own account of its time stays inside it."""
    for level in ("normal", "hard"):
        move = ai(state, state.player, level, random.Random(5), Limit(nodes=3000))
        assert move in state.legal_moves(state.player)
        assert stats["depth"] >= 1 and stats["nodes"] <= 3000
    fake = virtual_clock(monkeypatch, 0.05)  # a look at the clock every 1,024 nodes: 2.5 s is ~50 looks
    move = ai(state, state.player, "hard", random.Random(5), Limit(time=2.5))
    assert move in state.legal_moves(state.player)
    assert stats["depth"] >= 1 and stats["seconds"] <= 2.5 and fake.reads < 200


def assert_ai_is_seeded(ai: AIFunction, start: GameState, player: str) -> None:
    """The easy level plays the same move for the same seed, and different seeds break its ties
    differently."""
    a = ai(start, player, "easy", random.Random(11), Limit(depth=1))
    b = ai(start, player, "easy", random.Random(11), Limit(depth=1))
    assert a == b
    chosen = {ai(start, player, "easy", random.Random(seed), Limit(depth=1)) for seed in range(8)}
    assert len(chosen) > 1


def play_random_turns(match: Match, turns: int, rng: random.Random) -> None:
    """Up to ``turns`` whole random turns played into ``match`` (every mover's random move, as
    notation, so the record holds them), stopping when the game ends."""
    for _ in range(turns):
        if match.over:
            return
        state = match.state
        match.play_text(state.turn_to_text({p: state.random_move(p, rng) for p in state.to_move()}))
