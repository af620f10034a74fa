"""The analysis of the games of secret orders (Elasta, Nelaxtam; issue #32): an order is judged
against the other side's equilibrium mixture over the turn's candidate orders, not against the one
order it happened to meet. Small node limits keep the readings quick."""

from __future__ import annotations

import json
import random

import pytest

from game import chance
from game.analysis import TurnMatrix, _Reader, analyse, order_worth, replay, turn_game
from game.cli import main
from game.register import get
from game.search import Limit
from tests.analysis_helpers import random_game, shrink_efforts


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game's readings at a few hundred nodes (the marks then mean little; the shapes hold)."""
    shrink_efforts(monkeypatch, Limit(depth=1, nodes=300), Limit(depth=2, nodes=400))


def _pennies_with_a_bad_row() -> TurnMatrix:
    """Matching pennies for the first player's chance (rows: heads, tails) and a third row that is
    worse than either against any mixture (0.3 against heads, 0.2 against tails)."""
    return TurnMatrix(
        ("h", "t", "bad"),
        ("h", "t"),
        ((0.8, 0.2), (0.2, 0.8), (0.3, 0.2)),
        0.5,
        (0.5, 0.5, 0.0),
        (0.5, 0.5),
    )


def test_an_order_in_the_equilibrium_loses_nothing_whatever_it_met() -> None:
    game = _pennies_with_a_bad_row()
    # heads met heads (0.8 in hindsight) or tails (0.2): either way it is worth the game's value
    assert game.worth(True, 0) == pytest.approx(0.5)
    assert game.worth(True, 1) == pytest.approx(0.5)
    assert game.best(True)[1] == pytest.approx(0.5)
    # the second player's orders too, from its own side (1 minus the first player's chance)
    assert game.worth(False, 0) == pytest.approx(0.5) and game.worth(False, 1) == pytest.approx(0.5)


def test_an_order_the_mixture_punishes_loses_what_it_gives_up_on_average() -> None:
    game = _pennies_with_a_bad_row()
    assert game.worth(True, 2) == pytest.approx(0.25)
    index, best = game.best(True)
    assert index in (0, 1) and best - game.worth(True, 2) == pytest.approx(0.25)


def test_the_turn_game_is_solved_over_the_orders_played_and_the_candidates(tiny: None) -> None:
    info = get("elasta")
    moves = random_game("elasta", 3, 3)
    before, turn = replay(info.new_state(), moves)[2]
    game = turn_game(_Reader("quick"), before, turn)
    assert game.rows[0] == turn["white"] and game.cols[0] == turn["black"]
    assert len(set(game.rows)) == len(game.rows) > 1 and len(set(game.cols)) == len(game.cols) > 1
    assert sum(game.rows_mix) == pytest.approx(1.0) and sum(game.cols_mix) == pytest.approx(1.0)
    # an exact equilibrium: no row does better than the value against the columns' mixture, and
    # no column holds the first player below it against the rows' mixture
    rows = [game.worth(True, i) for i in range(len(game.rows))]
    cols = [1.0 - game.worth(False, j) for j in range(len(game.cols))]
    assert max(rows) == pytest.approx(game.value, abs=1e-6)
    assert min(cols) == pytest.approx(game.value, abs=1e-6)


@pytest.mark.parametrize("game_id", ["elasta", "nelaxtam"])
def test_a_note_is_the_orders_worth_against_the_mixture(tiny: None, game_id: str) -> None:
    info = get(game_id)
    moves = random_game(game_id, 6, 2)
    result = analyse(info.new_state(), moves)
    played = replay(info.new_state(), moves)
    for note in result.moves:
        before, turn = played[note.ply - 1]
        mine, best = order_worth(before, turn, note.player, turn[note.player])
        assert note.best_chance == pytest.approx(best)
        assert note.lost == pytest.approx(max(0.0, best - mine))
        assert note.lost >= 0.0
        assert (note.better is None) == (note.mark == "good")
        if note.better is not None:
            assert note.better != note.move


@pytest.mark.parametrize("game_id", ["elasta", "nelaxtam"])
def test_a_deeper_look_weighs_more_candidates_never_others(tiny: None, game_id: str) -> None:
    info = get(game_id)
    state = info.new_state()
    rng = random.Random(2)
    for _ in range(3):  # the invasion (Nelaxtam), then orders
        quick = chance.turn_candidates(state, "quick")
        deep = chance.turn_candidates(state, "deep")
        for player in state.to_move():
            assert quick[player]
            for move in deep[player]:
                state.check_move(player, move)  # legal, or an IllegalMoveError
            assert deep[player][: len(quick[player])] == quick[player]
            assert len(deep[player]) >= len(quick[player])
        state = state.apply_turn({p: state.random_move(p, rng) for p in state.to_move()})


def test_an_alternating_game_offers_no_candidate_orders() -> None:
    with pytest.raises(chance.ChanceError):
        chance.turn_candidates(get("epaminondas").new_state())


def test_the_simultaneous_notes_keep_the_json_shape(tiny: None, capsys: pytest.CaptureFixture[str]) -> None:
    moves = random_game("elasta", 4, 2)
    assert main(["analyse", "elasta", "--json", "--", *moves]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(n["ply"], n["player"]) for n in data["moves"]] == [
        (1, "white"),
        (1, "black"),
        (2, "white"),
        (2, "black"),
    ]
    for note in data["moves"]:
        assert {"ply", "player", "move", "chance", "mark", "better", "lost", "best_chance"} <= set(note)


def test_the_bench_refuses_no_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "--bench", "elasta", "--games", "0"]) == 2
    assert "--games" in capsys.readouterr().err
