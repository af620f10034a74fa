"""The move guard every game shares (``GameState.check_move``): the refusals that do not depend on
the game's rules come first and read exactly as the scenes and saves show them, for every
registered game and for the toy games that exercise the contract's defaults."""

from __future__ import annotations

import random

import pytest

from game.core import GameState, IllegalMoveError, Move
from game.register import all_games, get
from tests.toy_games import NimState, PenniesState

GAME_IDS = [info.id for info in all_games()]

WRONG_TURN = {
    # game: (first to move, the other player, check_move's sentence, apply_turn's sentence)
    "elephant-run": ("elephant", "farmers", "it is not the farmers' turn", "it is the elephant's turn now"),
    "epaminondas": ("white", "black", "it is not black's turn", "it is white's turn"),
    "changing-challenges": ("triangles", "circles", "it is not circles' turn", "it is triangles' turn"),
}
"""The alternating games; in Elasta and Nelaxtam both players act in every turn."""

NO_SUCH_PLAYER = {
    "elasta": "there is no player 'nobody' in Elasta",
    "nelaxtam": "there is no player 'nobody' in Nelaxtam",
    "elephant-run": "there is no player 'nobody'",
    "epaminondas": "there is no player 'nobody'",
    "changing-challenges": "there is no player 'nobody'",
}


def _finished(game_id: str) -> tuple[GameState, dict[str, Move]]:
    """A finished game by seeded random play, and the last turn that finished it."""
    rng = random.Random(1)
    state = get(game_id).new_state()
    turn: dict[str, Move] = {}
    while not state.over:
        turn = {p: state.random_move(p, rng) for p in state.to_move()}
        state = state.apply_turn(turn)
    return state, turn


def test_no_game_writes_its_own_guard() -> None:
    for info in all_games():
        assert type(info.new_state()).check_move is GameState.check_move, info.id


def test_every_game_knows_its_sentences() -> None:
    assert set(NO_SUCH_PLAYER) == set(GAME_IDS)
    assert set(WRONG_TURN) == {info.id for info in all_games() if not info.simultaneous}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_finished_game_refuses_every_move(game_id: str) -> None:
    over, last = _finished(game_id)
    for player, move in last.items():
        with pytest.raises(IllegalMoveError) as info:
            over.check_move(player, move)
        text = over.safe_move_text(player, move)
        assert (info.value.text, info.value.why) == (text, "the game is already over")
        assert str(info.value) == f"'{text}' is not legal: the game is already over"
        assert over.why_cannot_move(player) == "the game is already over"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_finished_game_refuses_notation_before_reading_it(game_id: str) -> None:
    over, last = _finished(game_id)
    player, move = next(iter(last.items()))
    text = over.safe_move_text(player, move)
    with pytest.raises(IllegalMoveError) as info:
        over.parse_move(player, text)
    assert info.value.why == "the game is already over"


@pytest.mark.parametrize("game_id", sorted(WRONG_TURN))
def test_the_other_player_is_refused_in_the_games_own_words(game_id: str) -> None:
    mover, other, sentence, turn_sentence = WRONG_TURN[game_id]
    state = get(game_id).new_state()
    assert state.to_move() == (mover,)
    move = state.legal_moves(mover)[0]
    state.check_move(mover, move)
    with pytest.raises(IllegalMoveError) as info:
        state.check_move(other, move)
    assert info.value.why == sentence
    assert str(info.value) == f"'{state.safe_move_text(other, move)}' is not legal: {sentence}"
    with pytest.raises(IllegalMoveError) as info:
        state.parse_move(other, state.move_to_text(mover, move))
    assert info.value.why == sentence
    with pytest.raises(IllegalMoveError) as info:
        state.apply_turn({other: move})
    assert info.value.why == turn_sentence


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_unknown_player_is_refused(game_id: str) -> None:
    state = get(game_id).new_state()
    mover = state.to_move()[0]
    move = state.random_move(mover, random.Random(0))
    with pytest.raises(IllegalMoveError) as info:
        state.check_move("nobody", move)
    assert info.value.why == NO_SUCH_PLAYER[game_id]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_move_that_is_no_move_at_all_is_still_named(game_id: str) -> None:
    state = get(game_id).new_state()
    mover = state.to_move()[0]
    with pytest.raises(IllegalMoveError) as info:
        state.check_move(mover, "nonsense")
    assert info.value.text == state.safe_move_text(mover, "nonsense")
    assert info.value.why


def test_the_contracts_defaults_on_the_toy_games() -> None:
    nim = NimState(3)
    with pytest.raises(IllegalMoveError) as info:
        nim.check_move("second", 1)
    assert str(info.value) == "'take1' is not legal: it is not second's turn"
    with pytest.raises(IllegalMoveError) as info:
        nim.check_move("first", 3)
    assert str(info.value) == "'take3' is not legal: the rules do not allow it here"
    with pytest.raises(IllegalMoveError) as info:
        NimState(0).check_move("first", 1)
    assert info.value.why == "the game is already over"
    pennies = PenniesState()
    pennies.check_move("odd", "t")
    with pytest.raises(IllegalMoveError) as info:
        pennies.check_move("even", "t")
    assert info.value.why == "there is no player 'even'"
    with pytest.raises(IllegalMoveError) as info:
        PenniesState((2, 0)).check_move("same", "h")
    assert info.value.why == "the game is already over"
