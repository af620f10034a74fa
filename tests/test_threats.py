"""The coach's threat marks, game side: which pieces the opponent could take next move
(``game.threats.threatened``, from each game's ``captures`` and ``with_mover``), on worked positions
from the rules (RULES.md sections 3–5)."""

from __future__ import annotations

import pytest

from game.changing_challenges.rules import ChangingChallengesState
from game.elephant_run.rules import ElephantRunState
from game.epaminondas.rules import EpaminondasState
from game.register import all_games, get
from game.threats import threatened


def _epaminondas(rows: dict[int, str], to_move: str) -> EpaminondasState:
    """A position from a few ranks (rank number -> 14 squares a..n), the rest empty."""
    ranks = [rows.get(rank, "").ljust(14, ".") for rank in range(12, 0, -1)]
    return EpaminondasState.from_text("/".join(ranks) + f" {to_move}")


def test_changing_challenges_start_shows_both_queens_on_the_open_d_file() -> None:
    """From the start the d-file is open between the queens on d4 and d12 (the issue's newcomer
    loses the queen on move 1): each queen is marked for its owner, whoever is to move."""
    state = get("changing-challenges").new_state()
    assert threatened(state, "triangles") == ["d4"]
    assert threatened(state, "circles") == ["d12"]
    after = state.apply(state.parse_move("triangles", "a4-a5"))
    assert threatened(after, "triangles") == ["d4"]


def test_changing_challenges_captures_names_the_taken_square() -> None:
    state = get("changing-challenges").new_state()
    knock = state.parse_move("triangles", "d4xd12")
    assert state.captures("triangles", knock) == ["d12"]
    assert state.captures("triangles", state.parse_move("triangles", "a4-a5")) == []


def test_changing_challenges_a_guarded_file_is_not_a_threat() -> None:
    """Block the d-file and nothing is left to take."""
    state = get("changing-challenges").new_state()
    blocked = state.apply(state.parse_move("triangles", "c4-c5")).apply(
        state.with_mover("circles").parse_move("circles", "c12-c11")  # type: ignore[union-attr]
    )
    assert isinstance(blocked, ChangingChallengesState)
    # Bishops b4 and f4 now see along the opened diagonals; the queens still face each other.
    assert "d4" in threatened(blocked, "triangles")


def test_epaminondas_a_phalanx_of_two_threatens_a_single_stone() -> None:
    """RULES.md: a capture needs more stones behind the front than the enemy line it lands on."""
    state = _epaminondas({1: "..W...........", 2: "..W...........", 3: "..B..........."}, "w")
    assert threatened(state, "black") == ["c3"]
    # Black to move: the turn is passed for the question, the answer is the same.
    assert threatened(_epaminondas({1: "..W...", 2: "..W...", 3: "..B..."}, "b"), "black") == ["c3"]
    # A single stone never captures: white's stones are safe from the lone black stone.
    assert threatened(state, "white") == []


def test_epaminondas_an_equal_line_is_safe() -> None:
    state = _epaminondas({1: "..W...", 2: "..W...", 3: "..B...", 4: "..B..."}, "w")
    assert threatened(state, "black") == []


def test_epaminondas_start_has_no_threats() -> None:
    state = get("epaminondas").new_state()
    assert threatened(state, "white") == [] and threatened(state, "black") == []


def test_elephant_run_farmers_the_elephant_could_jump() -> None:
    """The elephant on c2 jumps an adjacent farmer onto the vacant tile beyond; a farmer with no
    vacant tile behind it (or the edge) is safe. Nobody ever takes the elephant."""
    state = ElephantRunState.from_position("c2", ["b2", "c3", "d1", "f4", "a4", "e4"], to_move="farmers")
    marked = threatened(state, "farmers")
    assert sorted(marked) == ["b2", "c3"]  # a2 and c4 are vacant beyond them; d1 has the edge behind
    assert threatened(state, "elephant") == []
    jump = (state.with_mover("elephant") or state).parse_move("elephant", "c2-a2")
    assert state.with_mover("elephant").captures("elephant", jump) == ["b2"]  # type: ignore[union-attr]


def test_elephant_run_setup_has_no_threats() -> None:
    state = get("elephant-run").new_state()
    assert threatened(state, "farmers") == []
    placed = state.apply(state.parse_move("elephant", "@c2"))
    assert threatened(placed, "farmers") == []


@pytest.mark.parametrize("game_id", ["elasta", "nelaxtam"])
def test_games_of_secret_orders_mark_nothing(game_id: str) -> None:
    state = get(game_id).new_state()
    for player in state.players:
        assert threatened(state, player) == []


def test_every_game_answers_for_every_player_and_nonsense() -> None:
    for info in all_games():
        state = info.new_state()
        for player in state.players:
            assert isinstance(threatened(state, player), list)
        assert threatened(state, "nobody") == []
