"""``GameState.move_squares``: the squares a move touches, in the order a player marks them.

Boards draw a hint's and a lesson's marks from these (issue #29), so each game is checked against
worked examples in its own notation, and for random positions of every game every legal move (or a
sample where there are millions) names only real squares of its board.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.changing_challenges import board as CB
from game.core import GameState
from game.elasta import rules as ER
from game.elephant_run.board import square_index as elephant_square
from game.epaminondas import board as EB
from game.nelaxtam.notation import read_orders
from game.nelaxtam.rules import NelaxtamState, from_text, geometry
from game.register import get
from tests.toy_games import NimState


def squares_of(state: GameState, player: str, text: str) -> list[str]:
    return state.move_squares(player, state.parse_move(player, text))


# -- worked examples, game by game ------------------------------------------------------------------
def test_epaminondas_names_the_rear_stone_and_where_the_front_stone_lands() -> None:
    state = get("epaminondas").new_state()
    assert squares_of(state, "white", "d1-d2") == ["d1", "d3"]  # two stones, one step: the front to d3
    assert squares_of(state, "white", "d1-d3") == ["d1", "d4"]  # two steps
    after = state.apply(state.parse_move("white", "d2-d3"))  # a single stone leaves the phalanx
    assert squares_of(after, "black", "d12-d10") == ["d12", "d9"]


def test_changing_challenges_names_the_piece_and_where_it_goes() -> None:
    state = get("changing-challenges").new_state()
    text = state.move_to_text("triangles", state.legal_moves("triangles")[0])
    frm, to = text.replace("x", "-").replace("&", "-").split("-")
    assert squares_of(state, "triangles", text) == [frm, to]
    assert squares_of(state, "triangles", "c4-c5") == ["c4", "c5"]


def test_elephant_run_names_placements_steps_and_a_pass() -> None:
    state = get("elephant-run").new_state()
    assert squares_of(state, "elephant", "@c2") == ["c2"]
    state = state.apply(state.parse_move("elephant", "@c2"))
    assert squares_of(state, "farmers", "@f4,a1,b3,c4,d1,e2") == ["a1", "b3", "c4", "d1", "e2", "f4"]
    state = state.apply(state.parse_move("farmers", "@a1,b3,c4,d1,e2,f4"))
    step = next(m for m in state.legal_moves("elephant") if len(m) == 2)  # type: ignore[arg-type]
    text = state.move_to_text("elephant", step)
    assert state.move_squares("elephant", step) == text.split("-")
    assert state.move_squares("farmers", ()) == []  # the farmers' pass names no tile


def test_elephant_run_compound_moves_name_the_corner_too() -> None:
    """A compound run and jump stops at its corner: the path is all three tiles, in order."""
    rng = random.Random(4)
    for _ in range(200):
        state = get("elephant-run").new_state({"compound": "on"})
        while not state.over:
            player = state.to_move()[0]
            for move in state.legal_moves(player):
                if len(move) == 3:  # type: ignore[arg-type]
                    text = state.move_to_text(player, move)
                    assert state.move_squares(player, move) == text.split("-")
                    return
            state = state.apply(state.random_move(player, rng))
    pytest.skip("no compound move came up")  # pragma: no cover


def test_elasta_allotment_names_each_files_front_square_and_a_token_its_square() -> None:
    state = get("elasta").new_state({"tokens": "on"})
    assert squares_of(state, "white", "01234567") == [f"{f}4" for f in "abcdefgh"]
    assert squares_of(state, "black", "76543210") == [f"{f}5" for f in "abcdefgh"]
    moved = state.apply_turn({"white": (7, 6, 5, 4, 3, 2, 1, 0), "black": (0, 1, 2, 3, 4, 5, 6, 7)})
    assert moved.phase == ER.PHASE_TOKEN
    lines = moved.lines  # type: ignore[attr-defined]
    white_token = moved.legal_moves("white")[0]
    assert moved.move_squares("white", white_token) == [ER.square_name(int(white_token))]  # type: ignore[arg-type]
    assert moved.move_squares("white", ER.NO_TOKEN) == []
    gone = moved.apply_turn({"white": ER.square(0, lines[0]), "black": moved.legal_moves("black")[0]})
    # White deleted its front square on file A: the front is now the square below it
    assert gone.move_squares("white", tuple(range(8)))[0] == f"a{lines[0] - 1}"


def nelaxtam_board(troops: dict[str, str]) -> NelaxtamState:
    """A full 8×8 board with troops placed by square name (``{"c3": "1", "d3": "A"}``)."""
    geo = geometry(8)
    rows = []
    for rank in range(8, 0, -1):
        cells = []
        for f in range(8):
            name = f"{'abcdefgh'[f]}{rank}"
            cells.append(troops.get(name, "b" if geo.is_dark(geo.index(name)) else "w"))
        rows.append(" ".join(cells))
    return from_text("\n".join(rows))


def test_nelaxtam_names_landings_then_each_troop_and_its_target() -> None:
    start = get("nelaxtam").new_state({"size": "8"})
    landing = "a1,c1,e1,g1,a3"
    assert squares_of(start, "black", landing) == landing.split(",")
    state = nelaxtam_board({"c3": "1", "e5": "2", "d3": "A", "e6": "B"})
    assert squares_of(state, "black", "1ne") == ["c3", "d4"]
    assert squares_of(state, "black", "1ne,2xw") == ["c3", "d4", "e5", "d5"]
    assert squares_of(state, "black", "2xw,1-") == ["e5", "d5"]  # holding troops name nothing
    assert squares_of(state, "black", "-") == []
    assert squares_of(state, "white", "1xw") == ["d3", "c3"]


def test_nelaxtams_one_order_reader() -> None:
    assert read_orders("1ne, 2xs,4-") == [(1, 1), (2, 7), (4, 0)]
    assert read_orders(" - ") == []
    for bad in ("6ne", "1ne,1xs", "1up", ""):
        with pytest.raises(ValueError):
            read_orders(bad)


def test_a_game_without_squares_names_none() -> None:
    state = NimState(5)
    assert state.move_squares(state.to_move()[0], state.legal_moves(state.to_move()[0])[0]) == []


# -- every legal move names real squares ------------------------------------------------------------
def _nelaxtam_square(state: GameState) -> Callable[[str], object]:
    assert isinstance(state, NelaxtamState)
    return state.geo.index


BOARD_SQUARE: dict[str, Callable[[GameState], Callable[[str], object]]] = {
    "epaminondas": lambda _: EB.square_index,
    "changing-challenges": lambda _: CB.square_index,
    "elephant-run": lambda _: elephant_square,
    "elasta": lambda _: ER.square_index,
    "nelaxtam": _nelaxtam_square,
}
"""Each game's own reading of a square name: it raises ValueError for a name off its board."""
SAMPLE = 60
"""Moves checked per position where the legal list is long (an invasion has about a billion)."""


@settings(max_examples=25, deadline=None)
@given(game_id=st.sampled_from(sorted(BOARD_SQUARE)), seed=st.integers(0, 10_000), plies=st.integers(0, 40))
def test_every_legal_moves_squares_are_squares_of_the_board(game_id: str, seed: int, plies: int) -> None:
    rng = random.Random(seed)
    state = get(game_id).new_state()
    for _ in range(plies):
        if state.over:
            break
        state = state.apply_turn({p: state.random_move(p, rng) for p in state.to_move()})
    read = BOARD_SQUARE[game_id](state)
    for player in state.to_move():
        moves = state.legal_moves(player)
        chosen = (
            list(moves) if len(moves) <= SAMPLE else [state.random_move(player, rng) for _ in range(SAMPLE)]
        )
        for move in chosen:
            squares = state.move_squares(player, move)
            for name in squares:
                read(name)  # raises for a name that is no square here
            text = state.move_to_text(player, move)
            assert squares or text in ("-", "pass") or all(c in "-," or c.isdigit() for c in text), text
