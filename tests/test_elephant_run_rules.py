"""Elephant Run rules: every move kind, every end, notation both ways, options and random games."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cli import perft as generic_perft
from game.core import GameError, IllegalMoveError, NotationError, OptionError
from game.elephant_run import GAME
from game.elephant_run.rules import (
    ELEPHANT,
    FARMERS,
    FULL,
    PHASE_PLACE_FARMERS,
    PHASE_PLAY,
    SIZE,
    ElephantRunState,
    Placements,
    elephant_bound,
    perft,
    square_index,
    square_name,
    squares_of,
)
from game.match import Match
from game.register import get
from tests.rules_helpers import assert_refusals


def sq(name: str) -> int:
    return square_index(name)


def texts(state: ElephantRunState) -> list[str]:
    player = state.to_move()[0]
    return sorted(state.move_to_text(player, m) for m in state.legal_moves(player))


def play(state: ElephantRunState, *moves: str) -> ElephantRunState:
    for text in moves:
        state = state.apply(state.parse_move(state.to_move()[0], text))
    return state


START = "@a1,b3,c4,d1,e2,f4"


def opening(options: dict[str, str] | None = None) -> ElephantRunState:
    state = GAME.new_state(options or {})
    assert isinstance(state, ElephantRunState)
    return play(state, "@c2", START)


# -- register, options ----------------------------------------------------------------------------
def test_registered_with_players_and_help() -> None:
    info = get("elephant-run")
    assert info is GAME
    assert info.players == ("elephant", "farmers")
    assert not info.simultaneous
    rules, solved = info.rules_help.split("Solved with best play")  # the proofs' results come last
    assert 200 <= len(rules.split()) <= 450
    assert len(solved.split()) <= 110
    assert info.bench_states is not None and len(info.bench_states()) >= 8


def test_option_defaults_and_validation() -> None:
    assert GAME.validate({}) == {"points": "10", "farmers": "6", "compound": "off"}
    assert GAME.validate({"points": "8", "farmers": "7", "compound": "ON"})["compound"] == "on"
    for bad in (
        {"points": "13"},
        {"points": "7"},
        {"farmers": "4"},
        {"farmers": "8"},
        {"compound": "yes"},
        {"speed": "fast"},
    ):
        with pytest.raises(OptionError):
            GAME.validate(bad)
    state = GAME.new_state({"points": "12", "farmers": "5", "compound": "on"})
    assert isinstance(state, ElephantRunState)
    assert (state.target, state.n_farmers, state.compound) == (12, 5, True)


# -- setup -------------------------------------------------------------------------------------------
def test_setup_phases_and_perft_from_start() -> None:
    state = GAME.new_state({})
    assert state.to_move() == (ELEPHANT,)
    assert len(state.legal_moves(ELEPHANT)) == 24  # perft 1: any of the 24 tiles
    state = play(state, "@c2")
    placements = state.legal_moves(FARMERS)
    # perft 2 from the start: each of 24 elephant squares leaves 23 tiles for 6 farmers.
    assert len(placements) == math.comb(23, 6) == 100947
    start = GAME.new_state({})
    assert sum(len(start.apply(m).legal_moves(FARMERS)) for m in start.legal_moves(ELEPHANT)) == 24 * 100947
    assert placements[0] == tuple(sq(n) for n in ("a1", "b1", "c1", "d1", "e1", "f1"))
    assert placements[3] == tuple(sq(n) for n in ("a1", "b1", "c1", "d1", "e1", "d2"))  # c2 skipped
    assert sq("c2") not in {s for p in placements[:200] for s in p}
    assert placements[-1] in placements and placements[54321] in placements
    assert placements[54321] == next(itertools.islice(iter(placements), 54321, 54322))
    five = play(GAME.new_state({"farmers": "5"}), "@a1").legal_moves(FARMERS)
    assert len(five) == math.comb(23, 5)


def test_placements_sequence_membership() -> None:
    seq = Placements([0, 1, 2, 3], 2)
    assert list(seq) == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    assert [seq[i] for i in range(6)] == list(seq) and seq[-1] == (2, 3) and seq[1:3] == [(0, 2), (0, 3)]
    assert (1, 0) in seq and (1, 1) not in seq and (0, 4) not in seq and "x" not in seq


def test_farmer_placement_normalised_and_checked() -> None:
    state = play(GAME.new_state({}), "@c2")
    move = state.parse_move(FARMERS, "@F4, e2,d1,c4,b3,a1")
    assert state.move_to_text(FARMERS, move) == START
    after = state.apply(move)
    assert after.phase == PHASE_PLAY and after.to_move() == (ELEPHANT,)
    assert after.position()["farmers"] == ["a1", "b3", "c4", "d1", "e2", "f4"]
    with pytest.raises(IllegalMoveError, match="share"):
        state.parse_move(FARMERS, "@a1,a1,b3,c4,d1,e2")
    with pytest.raises(IllegalMoveError, match="all 6 farmers"):
        state.parse_move(FARMERS, "@a1,b3")
    with pytest.raises(IllegalMoveError, match="elephant's tile c2"):
        state.parse_move(FARMERS, "@a1,b3,c4,d1,e2,c2")
    with pytest.raises(NotationError):
        state.parse_move(FARMERS, "a1,b3,c4,d1,e2,f4")
    with pytest.raises(NotationError):
        state.parse_move(FARMERS, "@a1,b3,c4,d1,e2,g4")
    with pytest.raises(IllegalMoveError, match="not the elephant's turn"):
        state.parse_move(ELEPHANT, "@c3")


def test_elephant_placement_checked() -> None:
    state = GAME.new_state({})
    assert state.parse_move(ELEPHANT, " @C2 ") == (sq("c2"),)
    with pytest.raises(NotationError, match="exactly one"):
        state.parse_move(ELEPHANT, "@c2,d2")
    with pytest.raises(NotationError, match="'@'"):
        state.parse_move(ELEPHANT, "c2")
    with pytest.raises(IllegalMoveError):
        state.parse_move(FARMERS, START)


# -- moves -------------------------------------------------------------------------------------------
def test_elephant_opening_moves_by_hand() -> None:
    # Elephant c2; farmers a1 b3 c4 d1 e2 f4. Neighbours of c2: b1 c1 d1 b2 d2 b3 c3 d3; farmers on
    # d1 and b3 leave 6 steps; jumping d1 would leave the board, jumping b3 lands on vacant a4: 7 moves.
    state = opening()
    assert texts(state) == sorted(["c2-b1", "c2-c1", "c2-b2", "c2-d2", "c2-c3", "c2-d3", "c2-a4"])
    assert state.move_kind(state.parse_move(ELEPHANT, "c2-a4")) == "jump"
    assert state.captured_by(state.parse_move(ELEPHANT, "c2-a4")) == sq("b3")
    assert state.eaten_by(state.parse_move(ELEPHANT, "c2-a4")) is None
    step = state.parse_move(ELEPHANT, "c2-d3")
    assert state.move_kind(step) == "step" and state.eaten_by(step) == sq("d3")
    assert state.captured_by(step) is None
    assert state.destinations(sq("c2")) == sorted(sq(n) for n in ["b1", "c1", "b2", "d2", "c3", "d3", "a4"])


def test_elephant_step_eats_and_stands_in_hole() -> None:
    state = play(opening(), "c2-d3")
    assert not state.has_tile(sq("d3")) and state.elephant == sq("d3")
    assert state.has_tile(sq("c2"))  # the starting tile is never eaten
    assert state.points == 1 and state.score() == {"elephant": 1}
    assert state.position()["elephant_in_hole"] is True
    assert "e" in str(state).splitlines()[1]


def test_elephant_jump_captures_and_keeps_landing_tile() -> None:
    state = play(opening(), "c2-a4")
    assert state.elephant == sq("a4") and state.has_tile(sq("a4"))
    assert not state.has_farmer(sq("b3"))
    assert (state.points, state.captured, state.eaten) == (1, 1, 0)
    # The elephant may jump out of a hole.
    hole = ElephantRunState.from_position("b2", ["c3"], holes=["b2"], n_farmers=2)
    assert "b2-d4" in texts(hole)


def test_elephant_move_counts_by_hand() -> None:
    # Elephant b2; farmers a1 b3 c3; d4 is a hole. Neighbours a1(F) b1 c1 a2 c2 a3 b3(F) c3(F):
    # 5 steps. Jumps: over a1 off the board; over b3 to b4 (vacant) yes; over c3 to d4 (hole) no. 6.
    state = ElephantRunState.from_position("b2", ["a1", "b3", "c3"], holes=["d4"])
    assert texts(state) == sorted(["b2-b1", "b2-c1", "b2-a2", "b2-c2", "b2-a3", "b2-b4"])


def test_elephant_illegal_reasons() -> None:
    state = ElephantRunState.from_position("b2", ["a1", "b3", "c3", "c4"], holes=["d4", "c1"])
    cases = {
        "b2-d4": "the elephant cannot jump the farmer on c3: d4 is not a vacant tile",
        "b2-c1": "gone",
        "b2-c3": "a farmer stands there",
        "a1-a2": "the elephant is on b2",
        "b2-d2": "has none",
        "b2-b4": "",  # legal: over b3 onto b4
        "b2-f2": "adjacent",
        "pass": "only the farmers may pass",
        "b2-c2-d2": "only farmers",
    }
    for text, why in cases.items():
        if not why:
            state.parse_move(ELEPHANT, text)
            continue
        with pytest.raises(IllegalMoveError) as err:
            state.parse_move(ELEPHANT, text)
        assert why in err.value.why, (text, err.value.why)
        assert text in str(err.value)
    with pytest.raises(IllegalMoveError, match="not the farmers' turn"):
        state.parse_move(FARMERS, "a1-a2")


def test_farmer_moves_by_hand_and_compound_option() -> None:
    # Farmers a1 b2; elephant f1; hole d3. Farmer a1: steps a2 b1, jump over b2 to c3, no runs
    # (no neighbouring hole): 3. Farmer b2: steps b1 c1 a2 c2 a3 b3 c3 (a1 is taken; jumping a1
    # leaves the board): 7. Total 10. With compound moves, a1 may jump to c3 and then run east over
    # the hole d3 to e3: one more, 11.
    base = dict(elephant="f1", farmers=["a1", "b2"], holes=["d3"], to_move=FARMERS)
    off = ElephantRunState.from_position(**base)  # type: ignore[arg-type]
    on = ElephantRunState.from_position(**base, compound=True)  # type: ignore[arg-type]
    assert len(off.legal_moves(FARMERS)) == 10
    assert len(on.legal_moves(FARMERS)) == 11
    assert "a1-c3-e3" in texts(on) and "a1-c3-e3" not in texts(off)
    move = on.parse_move(FARMERS, "a1-c3-e3")
    assert on.move_kind(move) == "compound"
    assert on.path_of(move) == [sq(n) for n in ("a1", "b2", "c3", "d3", "e3")]
    after = on.apply(move)
    assert after.farmer_squares() == sorted([sq("b2"), sq("e3")])
    with pytest.raises(IllegalMoveError, match="switched off"):
        off.parse_move(FARMERS, "a1-c3-e3")
    with pytest.raises(IllegalMoveError, match="middle square"):
        on.parse_move(FARMERS, "a1-b2-c3")
    # The same position with the elephant standing in the hole d3: the run is blocked.
    blocked = ElephantRunState.from_position("d3", ["a1", "b2"], holes=["d3"], to_move=FARMERS, compound=True)
    assert len(blocked.legal_moves(FARMERS)) == 10


def test_run_then_jump_compound() -> None:
    # Farmer a1 runs over the hole b2 to c3, then jumps the farmer on d3 to e3.
    state = ElephantRunState.from_position("f1", ["a1", "d3"], holes=["b2"], to_move=FARMERS, compound=True)
    move = state.parse_move(FARMERS, "a1-c3-e3")
    assert state.move_kind(move) == "compound"
    assert state.apply(move).farmer_squares() == sorted([sq("d3"), sq("e3")])


def test_farmer_run_step_jump_counts_by_hand() -> None:
    # Farmer a1 alone; holes b2 c3; elephant f4. Steps a2 b1 (b2 is a hole). Run north-east over
    # b2 and c3 onto d4: 3 moves. If the elephant stands on d4 (a tile) the landing is taken: 2.
    # If it stands in the hole c3 the path is blocked: 2.
    free = ElephantRunState.from_position("f4", ["a1"], holes=["b2", "c3"], to_move=FARMERS)
    assert texts(free) == ["a1-a2", "a1-b1", "a1-d4"]
    assert free.move_kind(free.parse_move(FARMERS, "a1-d4")) == "run"
    assert (
        len(
            ElephantRunState.from_position("d4", ["a1"], holes=["b2", "c3"], to_move=FARMERS).legal_moves(
                FARMERS
            )
        )
        == 2
    )
    in_path = ElephantRunState.from_position("c3", ["a1"], holes=["b2", "c3"], to_move=FARMERS)
    assert texts(in_path) == ["a1-a2", "a1-b1"]
    with pytest.raises(IllegalMoveError, match="run past the elephant"):
        in_path.parse_move(FARMERS, "a1-d4")


def test_farmer_jumps_and_illegal_reasons() -> None:
    state = ElephantRunState.from_position("c2", ["b2", "b3", "d4", "a2"], holes=["e4"], to_move=FARMERS)
    run = state.parse_move(FARMERS, "d4-f4")  # over the hole e4
    assert state.move_kind(run) == "run"
    jump = state.parse_move(FARMERS, "b3-b1")
    assert state.move_kind(jump) == "jump" and state.captured_by(jump) is None
    assert state.apply(jump).farmer_squares() == sorted(sq(n) for n in ["b1", "b2", "d4", "a2"])
    cases = {
        "b2-d2": "farmers cannot jump the elephant",
        "b1-c1": "no farmer on b1",
        "b2-c2": "the elephant stands there",
        "b2-a2": "a farmer stands there",
        "d4-d2": "has none",
        "b2-d3": "straight lines",
        "b3-e3": "run crosses only holes, and c3 still has its tile",
        "a2-d2": "run past the elephant",
        "d4-e4": "gone",
        "pass": "only pass when no farmer can move",
    }
    assert_refusals(state, FARMERS, cases)


def test_farmers_pass_only_when_stuck() -> None:
    # Farmer a1: a2 a3 a4 b2 c3 d4 are holes and the elephant stands in the hole b1, so every step,
    # jump and run is impossible; the farmers must pass.
    state = ElephantRunState.from_position(
        "b1", ["a1"], holes=["b1", "a2", "a3", "a4", "b2", "c3", "d4"], to_move=FARMERS
    )
    assert state.legal_moves(FARMERS) == [()]
    move = state.parse_move(FARMERS, "pass")
    assert state.move_kind(move) == "pass" and state.move_to_text(FARMERS, move) == "pass"
    after = state.apply(move)
    assert after.to_move() == (ELEPHANT,) and after.points == state.points


# -- ends ----------------------------------------------------------------------------------------------
def test_corner_start_blocked_at_once() -> None:
    state = play(GAME.new_state({}), "@a1", "@a2,b1,b2,a3,c1,c3")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == FARMERS
    assert outcome.reason == "The elephant is hemmed in with 0 points: the farmers win."
    assert state.to_move() == () and state.legal_moves(ELEPHANT) == []
    with pytest.raises(IllegalMoveError, match="over"):
        state.parse_move(ELEPHANT, "a1-a2")


def test_target_reached_mid_game() -> None:
    holes = ["a1", "a2", "a3", "f1", "f2", "f3", "f4", "e1"]  # 8 eaten
    state = ElephantRunState.from_position("c2", ["a4", "b4", "e4", "d1", "b1"], holes=holes, n_farmers=6)
    assert state.points == 9 and not state.over
    after = play(state, "c2-c3")
    outcome = after.outcome()
    assert outcome is not None and outcome.winner == ELEPHANT
    assert outcome.reason == "The elephant reached 10 points."
    assert after.to_move() == ()


def test_hemmed_in_mid_game() -> None:
    # Elephant in the hole a1; farmers close b2 with c2 (beyond it c3 is a farmer): stuck.
    state = ElephantRunState.from_position(
        "a1", ["a2", "b1", "a3", "c1", "c3", "c2"], holes=["a1"], to_move=FARMERS
    )
    after = play(state, "c2-b2")
    outcome = after.outcome()
    assert outcome is not None and outcome.winner == FARMERS
    assert outcome.reason == "The elephant is hemmed in with 1 point: the farmers win."


def test_last_farmer_captured_short_of_target() -> None:
    state = ElephantRunState.from_position("a1", ["b2"], holes=["a1"], n_farmers=5, target=12)
    assert state.points == 5
    after = play(state, "a1-c3")
    outcome = after.outcome()
    assert outcome is not None and outcome.winner == FARMERS and "Every farmer is captured" in outcome.reason
    win = ElephantRunState.from_position(
        "a1", ["b2"], holes=["a1", "f1", "f2", "f3", "f4"], n_farmers=5, target=10
    )
    assert play(win, "a1-c3").outcome() == play(win, "a1-c3").outcome()
    assert play(win, "a1-c3").outcome().winner == ELEPHANT  # type: ignore[union-attr]


def test_every_tile_eaten_ends_the_game() -> None:
    state = ElephantRunState(tiles=0, farmers=0, elephant=0, phase=PHASE_PLAY, target=12, n_farmers=6)
    assert state.over and state.outcome().winner == ELEPHANT  # type: ignore[union-attr]


def test_perft_depth_two_by_hand() -> None:
    # Elephant a1, one farmer b2, all tiles. Elephant: a1-a2, a1-b1 (steps) and a1-c3 (captures
    # the only farmer, which ends the game: 0 replies). After a1-a2 the farmer on b2 may step to
    # a1 b1 c1 c2 a3 b3 c3 (not a2: the elephant) and has no run (a2 ray is too short): 7.
    # After a1-b1 likewise a1 c1 a2 c2 a3 b3 c3: 7. Depth 2 = 7 + 7 + 0 = 14.
    state = ElephantRunState.from_position("a1", ["b2"])
    assert texts(state) == ["a1-a2", "a1-b1", "a1-c3"]

    def perft(s: ElephantRunState, depth: int) -> int:
        if depth == 0:
            return 1
        if s.over:
            return 0
        player = s.to_move()[0]
        return sum(perft(s.apply(m), depth - 1) for m in s.legal_moves(player))

    assert perft(state, 2) == 14
    assert perft(opening(), 1) == 7


# -- picture, position, bounds ----------------------------------------------------------------------
def test_picture_and_position() -> None:
    state = play(opening(), "c2-c3")
    lines = str(state).splitlines()
    assert lines[0] == "4 . . F . . F"
    assert lines[1] == "3 . F e . . ."
    assert lines[3] == "1 F . . F . ."
    assert lines[4] == "  a b c d e f"
    pos = state.position()
    assert pos["elephant"] == "c3" and pos["points"] == 1 and pos["eaten"] == 1 and pos["captured"] == 0
    assert "c3" not in pos["tiles"] and len(pos["tiles"]) == 23 and pos["target"] == 10
    assert pos["to_move"] == ["farmers"]


def test_square_names() -> None:
    assert [square_name(i) for i in (0, 5, 6, 23)] == ["a1", "f1", "a2", "f4"]
    assert all(square_index(square_name(i)) == i for i in range(SIZE))
    for bad in ("g1", "a5", "a0", "a", "a11", ""):
        with pytest.raises(ValueError):
            square_index(bad)


def test_malformed_moves() -> None:
    state = opening()
    for text in ("", "  ", "c2", "c2-", "z9-a1", "c2-c2", "@c3", "c2-d3-e4-f4", "c2d3", "c2--d3"):
        with pytest.raises(NotationError) as err:
            state.parse_move(ELEPHANT, text)
        assert f"'{text}'" in str(err.value)


def test_match_record_round_trip() -> None:
    match = Match("elephant-run", {"points": "8"})
    for text in ("@c2", START, "c2-a4", "a1-a2"):
        match.play_text(text)
    copy = Match.from_record(match.to_record())
    assert copy.state == match.state and hash(copy.state) == hash(match.state)
    assert copy.move_texts() == ["@c2", START, "c2-a4", "a1-a2"]


# -- random games ---------------------------------------------------------------------------------------
def check_invariants(state: ElephantRunState) -> None:
    assert state.farmers & ~state.tiles == 0, "farmers stand only on tiles"
    if state.phase == PHASE_PLAY:
        assert state.points == state.eaten + state.captured
        assert not state.has_farmer(state.elephant), "no two pieces on a square"
        assert 0 <= state.captured <= state.n_farmers
        assert state.farmers.bit_count() == state.n_farmers - state.captured
    if state.elephant >= 0:
        # The elephant stands on a tile, or in a hole it ate (it was last seen moving into it).
        assert state.has_tile(state.elephant) or not (state.tiles >> state.elephant & 1)
    assert state.eaten == SIZE - state.tiles.bit_count()


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    points=st.sampled_from(["8", "10", "12"]),
    farmers=st.sampled_from(["5", "6", "7"]),
    compound=st.sampled_from(["on", "off"]),
)
def test_random_games_keep_invariants_and_notation(
    seed: int, points: str, farmers: str, compound: str
) -> None:
    rng = random.Random(seed)
    state = GAME.new_state({"points": points, "farmers": farmers, "compound": compound})
    assert isinstance(state, ElephantRunState)
    holes_by_elephant: set[int] = set()
    while not state.over:
        player = state.to_move()[0]
        if state.phase == PHASE_PLAY:
            legal = list(state.legal_moves(player))
            assert len(set(legal)) == len(legal)
            for move in legal:  # notation round trip for every legal move
                assert state.parse_move(player, state.move_to_text(player, move)) == move
                state.check_move(player, move)
            # Re-derive the farmers' moves from destinations() for the scene helper.
            if legal != [()]:
                assert sorted(m for s in {m[0] for m in legal} for m in state.moves_from(s)) == sorted(legal)
        move = state.random_move(player, rng)
        text = state.move_to_text(player, move)
        assert state.parse_move(player, text) == tuple(sorted(move)) if state.phase != PHASE_PLAY else move
        before = state
        state = state.apply(move)
        if before.phase == PHASE_PLAY and player == ELEPHANT and before.eaten_by(move) is not None:
            holes_by_elephant.add(move[-1])
        check_invariants(state)
        if state.phase == PHASE_PLAY and state.elephant >= 0 and not state.has_tile(state.elephant):
            assert state.elephant in holes_by_elephant
        assert state.points <= state.target
        assert state.points == before.points + (1 if before.phase == PHASE_PLAY and player == ELEPHANT else 0)
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.winner == ELEPHANT) == (state.points >= state.target)
    assert state.to_move() == ()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_bound_never_undershoots(seed: int) -> None:
    """The AI's pruning bound: points scored from here on never exceed it (random continuations)."""
    rng = random.Random(seed)
    state = GAME.new_state({"points": "12"})
    assert isinstance(state, ElephantRunState)
    while state.phase != PHASE_PLAY or state.side != 0:
        state = state.apply(state.random_move(state.to_move()[0], rng))
        if state.over:
            return
    checkpoints = []
    while not state.over:
        if state.side == 0:
            checkpoints.append((state.points, elephant_bound(state.tiles, state.farmers, state.elephant)))
        state = state.apply(state.random_move(state.to_move()[0], rng))
    for points, bound in checkpoints:
        assert state.points - points <= bound


def test_full_board_constants() -> None:
    assert FULL == (1 << 24) - 1 and squares_of(0b1011) == [0, 1, 3]
    state = play(GAME.new_state({}), "@d3")
    assert state.phase == PHASE_PLACE_FARMERS


# -- text form and fast perft --------------------------------------------------------------------------
def test_position_text_round_trip_and_errors() -> None:
    state = play(opening({"compound": "on"}), "c2-d3")
    text = state.to_text()
    assert text == "..F..F/.F.e../....F./F..F.. f"
    assert state.position()["text"] == text
    again = GAME.position_factory(text, GAME.validate({"compound": "on"}))  # type: ignore[misc]
    assert again == state
    for bad in (
        "..F..F/.F.e../....F. f",
        "..F..F/.F.e../....F./F..F.. x",
        "..F..F/.F.x../....F./F..F.. f",
        "..F..F/.F..../....F./F..F.. f",
        "..F..F/.FEe../....F./F..F.. f",
    ):
        with pytest.raises(GameError):
            ElephantRunState.from_text(bad, {})
    with pytest.raises(GameError, match="more farmers"):
        ElephantRunState.from_text("FFFFFF/FF.e../....../...... e", {})


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9), compound=st.sampled_from(["on", "off"]))
def test_fast_perft_matches_generic(seed: int, compound: str) -> None:
    rng = random.Random(seed)
    state = opening({"compound": compound, "points": "8"})
    for _ in range(rng.randrange(0, 8)):
        if state.over:
            break
        state = state.apply(state.random_move(state.to_move()[0], rng))
    for depth in (1, 2, 3):
        assert perft(state, depth) == generic_perft(state, depth)
