"""Nelaxtam's hard notices an opponent who always gives the obvious orders, and answers them."""

from __future__ import annotations

import random

import pytest

from game import clock
from game.nelaxtam import ai as nelaxtam_ai
from game.nelaxtam import habits
from game.nelaxtam.greedy import nelaxtam_move
from game.nelaxtam.rules import BLACK, PLAYERS, RECENT_TURNS, WHITE, NelaxtamState


def _play(black: str, white: str, turns: int, seed: int) -> NelaxtamState:
    """Black and White each the greedy bot or random orders, for a few turns from the invasion."""
    rng = random.Random(seed)
    state = NelaxtamState()
    for _ in range(turns):
        turn = {}
        for player, kind in ((BLACK, black), (WHITE, white)):
            if kind == "greedy":
                turn[player] = nelaxtam_move(state, player, random.Random(rng.getrandbits(32)))
            else:
                turn[player] = state.random_move(player, rng)
        state = state.apply_turn(turn)
    return state


def test_a_state_remembers_the_last_order_turns_outside_the_position() -> None:
    before = _play("greedy", "random", 5, 1)
    rng = random.Random(0)
    turn = {BLACK: nelaxtam_move(before, BLACK, rng), WHITE: before.random_move(WHITE, rng)}
    state = before.apply_turn(turn)
    assert len(state.recent) == RECENT_TURNS
    remembered = (before.territory, before.troops, before.calm, before.turn, turn[BLACK], turn[WHITE])
    assert state.recent[-1] == remembered
    assert state.recent[:-1] == before.recent[1:]
    assert state.with_changes().recent == ()
    assert state.with_changes().key() == state.key()  # the memory is not part of the position


@pytest.mark.parametrize("seed", range(4))
def test_the_greedy_bots_orders_are_recognised_and_random_ones_are_not(seed: int) -> None:
    state = _play("greedy", "random", 5, seed)
    black, white = PLAYERS.index(BLACK), PLAYERS.index(WHITE)
    assert habits.gives_obvious_orders(state, black, nelaxtam_ai.troop_scores)
    assert not habits.gives_obvious_orders(state, white, nelaxtam_ai.troop_scores)


def test_one_turn_is_not_enough_evidence() -> None:
    state = _play("greedy", "greedy", 2, 7)  # the invasion and one order turn
    assert len(state.recent) == 1
    assert not habits.gives_obvious_orders(state, 0, nelaxtam_ai.troop_scores)


def test_a_counted_order_outside_the_best_is_a_miss() -> None:
    scored = [[(0, 0.0), (5, 2.0), (6, 1.0)], [(0, 0.0)], [(0, 1.0), (1, 1.0)]]
    assert habits.obvious_count(scored, (5, 0, 1)) == (0, pytest.approx(1 / 3))
    assert habits.obvious_count(scored, (6, 0, 0)) == (1, 1.0)


def test_hard_answers_the_obvious_orders_it_has_read(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _play("greedy", "greedy", 5, 3)
    black, white = PLAYERS.index(BLACK), PLAYERS.index(WHITE)
    game = nelaxtam_ai._Game(state, white, clock.now() + 5.0)
    game.cols.append(nelaxtam_ai.candidates(state, black, 1, 1.0, random.Random(0))[0])
    for joint in nelaxtam_ai.candidates(state, white, 12, 1.0, random.Random(1)):
        game.add_row(joint)
    before = max(game.payoff(row, game.cols[0]) for row in game.rows)
    assert nelaxtam_ai.punish(game, nelaxtam_ai.troop_scores(state, white))
    answer = game.rows[-1]
    assert game.payoff(answer, game.cols[0]) > before
    monkeypatch.setitem(nelaxtam_ai.LEVEL_SETTINGS["hard"], "read", 1.0)
    nelaxtam_ai.ai(state, WHITE, "hard", random.Random(2), 0.6)
    assert nelaxtam_ai.LAST_STATS["habit"]
