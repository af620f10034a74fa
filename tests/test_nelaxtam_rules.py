"""Nelaxtam rules: invasion, every order kind and its illegal forms, the three-step resolution, groups,
the end predicate and caps, the seed's final diagram, notation, lazy move lists and random games."""

from __future__ import annotations

import io
import itertools
import json
import math
import random
from contextlib import redirect_stdout

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cli import main as cli_main
from game.core import GameError, IllegalMoveError, NotationError
from game.match import Match
from game.nelaxtam import GAME
from game.nelaxtam.rules import (
    BLACK,
    DEAD,
    NOTHING,
    PHASE_INVASION,
    PHASE_ORDERS,
    PHASE_OVER,
    WHITE,
    JointOrders,
    NelaxtamState,
    Placements,
    bits_of,
    from_text,
    geometry,
)

# The seed's Diagram 7, "The End of the Game", exactly as printed there: o are dark (Black) pieces with
# Black's troops 1, 2, 4; x are light (White) pieces with White's troops A, B, E.
SEED_DIAGRAM_7 = """\
x . x . . o . o . . x .
. A . . o . o . o . . E
x . . o . o . o . o . .
. x . . o . o . . . o .
x . . . . . . . . 4 . o
. x . x . x . . . . . .
. . x . x . x . B . x .
. . . . . x . x . x . x
. o . . . . . . . . x .
o . 1 . o . o . . . . x
. o . o . o . o . o . .
o . o . o . o . 2 . o .
"""


def full_board(n: int, troops: dict[str, str], **counters: int) -> NelaxtamState:
    """A full n×n board with troops placed by square name (``{"d4": "1", "e4": "A"}``)."""
    geo = geometry(n)
    rows = []
    for rank in range(n, 0, -1):
        cells = []
        for f in range(n):
            name = f"{'abcdefghijklmn'[f]}{rank}"
            cells.append(troops.get(name, "b" if geo.is_dark(geo.index(name)) else "w"))
        rows.append(" ".join(cells))
    extra = " ".join(f"{k}={v}" for k, v in counters.items())
    return from_text("\n".join(rows) + ("\n" + extra if extra else ""))


def play(state: NelaxtamState, text: str) -> NelaxtamState:
    return state.apply_turn(state.parse_turn(text))


def sq(state: NelaxtamState, name: str) -> int:
    return state.geo.index(name)


# -- invasion ---------------------------------------------------------------------------------------
def test_new_game_is_a_full_board_waiting_for_the_invasion() -> None:
    state = GAME.new_state()
    assert state.size == 12 and state.phase == PHASE_INVASION and state.to_move() == (BLACK, WHITE)
    assert state.score() == {BLACK: 72, WHITE: 72}
    assert state.territory[0] >> 0 & 1  # a1 is dark and Black's
    after = play(state, "a1,c1,e1,e5,f6/b1,d1,f1,e6,f5")
    assert after.phase == PHASE_ORDERS and after.turn == 1
    assert after.troops[0] == tuple(sq(after, s) for s in ("a1", "c1", "e1", "e5", "f6"))
    assert after.last_report is not None and after.last_report.placements[WHITE][0] == sq(after, "b1")
    assert after.score() == {BLACK: 72, WHITE: 72}


@pytest.mark.parametrize(
    ("text", "error", "why"),
    [
        ("a1,c1,e1,e5", NotationError, "five squares"),
        ("a1,c1,e1,e5,9z", NotationError, "not a square"),
        ("a1,c1,e1,e5,a13", NotationError, "off the 12"),
        ("a1,c1,e1,e5,b1", IllegalMoveError, r"own \(dark\) territory"),
        ("a1,a1,e1,e5,f6", IllegalMoveError, "cannot both land on a1"),
        ("a1,c1,e5,f6,g7", IllegalMoveError, "3 troops come by sea"),
    ],
)
def test_invasion_errors_name_the_problem(text: str, error: type, why: str) -> None:
    with pytest.raises(error, match=why):
        GAME.new_state().parse_move(BLACK, text)


def test_sea_count_option() -> None:
    air = GAME.new_state({"sea": "0"})
    assert air.parse_move(BLACK, "c3,e5,g7,d4,f6")
    sea = GAME.new_state({"sea": "5"})
    with pytest.raises(IllegalMoveError, match="5 troops come by sea"):
        sea.parse_move(BLACK, "a1,c1,e1,e5,f6")
    assert sea.parse_move(WHITE, "b1,d1,f1,h1,a2")


def test_placements_are_counted_indexed_and_checked_without_listing() -> None:
    state = GAME.new_state({"size": "8", "sea": "5"})
    moves = state.legal_moves(BLACK)
    assert isinstance(moves, Placements) and len(moves) == math.perm(14, 5)
    assert len(GAME.new_state({"size": "8", "sea": "0"}).legal_moves(BLACK)) == math.perm(32, 5)
    state = GAME.new_state({"size": "8"})
    mixed = state.legal_moves(WHITE)
    assert list(itertools.islice(iter(mixed), 1500)) == [mixed[i] for i in range(1500)]
    rng = random.Random(3)
    for index in (rng.randrange(len(mixed)) for _ in range(200)):
        move = mixed[index]
        assert move in mixed and state.why_illegal(WHITE, move) is None
    assert mixed[-1] == mixed[len(mixed) - 1]
    assert (0, 2, 4, 6, 9) not in mixed  # black squares
    with pytest.raises(IndexError):
        mixed[len(mixed)]


# -- orders -----------------------------------------------------------------------------------------
@pytest.fixture
def duel() -> NelaxtamState:
    """8×8 full board: Black 1 on d4 and White A on e4 face each other; others far away."""
    return full_board(
        8,
        {
            "d4": "1",
            "a1": "2",
            "c1": "3",
            "e1": "4",
            "g1": "5",
            "e4": "A",
            "a8": "B",
            "c8": "C",
            "e8": "D",
            "g8": "E",
        },
    )


def test_every_order_kind_parses_and_prints_canonically(duel: NelaxtamState) -> None:
    move = duel.parse_move(BLACK, "1ne, 2xn ,5-")
    assert move == (1, 5, NOTHING, NOTHING, NOTHING)
    assert duel.move_to_text(BLACK, move) == "1ne,2xn,3-,4-,5-"
    assert duel.parse_move(BLACK, "-") == (NOTHING,) * 5
    assert duel.parse_move(BLACK, duel.move_to_text(BLACK, move)) == move
    assert duel.orders_for(BLACK, 1) == [0, 1, 2, 3, 4, 5, 6, 7, 8]
    assert duel.orders_for(BLACK, 2) == [0, 1, 5, 6]  # a1: ne; destroy a2 (north) and b1 (east)
    assert duel.order_target(BLACK, 1, 6) == sq(duel, "e4")


@pytest.mark.parametrize(
    ("text", "error", "why"),
    [
        ("", NotationError, "empty"),
        ("1up", NotationError, "not an order"),
        ("6ne", NotationError, "no troop 6"),
        ("1ne,1xs", NotationError, "two orders"),
        ("2sw", IllegalMoveError, "board edge"),
        ("2xs", IllegalMoveError, "board edge"),
        ("3ne,4nw", IllegalMoveError, "cannot both move to d2"),
        ("2ne,3nw", IllegalMoveError, "cannot both move to b2"),
    ],
)
def test_order_errors(duel: NelaxtamState, text: str, error: type, why: str) -> None:
    with pytest.raises(error, match=why):
        duel.parse_move(BLACK, text)


def test_moves_need_own_territory_free_of_own_troops_at_the_start() -> None:
    state = from_text("""
        ........
        ........
        ........
        ..b.....
        ...1....
        ..2.bA..
        ...b....
        ........
    """)
    with pytest.raises(IllegalMoveError, match="holds no piece of yours"):
        state.parse_move(BLACK, "1ne")
    with pytest.raises(IllegalMoveError, match="troop 2 stands on c3"):
        state.parse_move(BLACK, "1sw,2-")
    with pytest.raises(IllegalMoveError, match="troop 2 stands on c3"):
        state.parse_move(BLACK, "1sw,2ne")  # moving away does not free the square this turn
    with pytest.raises(IllegalMoveError, match="no enemy piece"):
        state.parse_move(BLACK, "1xn")
    assert state.parse_move(BLACK, "1nw,2se") == (2, 3, 0, 0, 0)


def test_dead_troops_take_no_orders_and_are_left_out_of_the_text() -> None:
    state = full_board(8, {"d4": "1", "b2": "3", "e4": "A", "g6": "B"})
    assert state.troops[0][1] == DEAD
    with pytest.raises(IllegalMoveError, match="troop 2 is dead"):
        state.parse_move(BLACK, "2-")
    assert state.move_to_text(BLACK, (0, 0, 7, 0, 0)) == "1-,3xs"
    assert state.orders_for(BLACK, 2) == [NOTHING]


def test_quiet_variant_allows_one_order() -> None:
    state = full_board(8, {"d4": "1", "b2": "2", "e4": "A", "g6": "B"}).with_changes(quiet=True)
    assert state.parse_move(BLACK, "2ne") == (0, 1, 0, 0, 0)
    assert state.move_to_text(BLACK, (0, 1, 0, 0, 0)) == "2ne"
    assert state.move_to_text(BLACK, (0,) * 5) == "-"
    with pytest.raises(IllegalMoveError, match="at most one troop"):
        state.parse_move(BLACK, "1ne,2ne")
    moves = state.legal_moves(BLACK)
    assert len(moves) == 1 + sum(len(state.orders_for(BLACK, t)) - 1 for t in (1, 2))
    assert all(sum(1 for c in m if c) <= 1 for m in moves)


def test_joint_orders_exclude_collisions_and_match_brute_force(duel: NelaxtamState) -> None:
    moves = duel.legal_moves(BLACK)
    assert isinstance(moves, JointOrders)
    per = [duel.orders_for(BLACK, t) for t in range(1, 6)]
    brute = [j for j in itertools.product(*per) if duel.why_illegal(BLACK, j) is None]
    assert len(moves) == len(brute) < math.prod(len(p) for p in per)
    assert list(moves) == brute and moves[3] == brute[3]
    assert (0, 0, 1, 2, 0) not in moves and (0, 0, 1, 0, 0) in moves  # c1 ne and e1 nw both reach d2
    rng = random.Random(1)
    for _ in range(100):
        assert duel.random_move(BLACK, rng) in moves


# -- resolution -------------------------------------------------------------------------------------
def test_double_destruction_kills_both(duel: NelaxtamState) -> None:
    after = play(duel, "1xe/1xw")
    assert after.troops[0][0] == DEAD and after.troops[1][0] == DEAD
    report = after.last_report
    assert report is not None
    assert {(d.player, d.troop, d.moved) for d in report.deaths} == {(BLACK, 1, False), (WHITE, 1, False)}
    assert report.destroyed == (sq(after, "d4"), sq(after, "e4"))
    assert not after.territory[0] >> sq(after, "d4") & 1 and not after.territory[1] >> sq(after, "e4") & 1
    assert after.calm == 0 and after.score() == {BLACK: 31, WHITE: 31}


def test_a_troop_moving_onto_a_destroyed_piece_dies(duel: NelaxtamState) -> None:
    state = full_board(8, {"d4": "1", "a1": "2", "f5": "A", "a8": "B"})
    after = play(state, "1ne/1xw")  # 1 goes d4 -> e5 while A destroys e5
    assert after.troops[0][0] == DEAD
    report = after.last_report
    assert report is not None
    assert report.moves[0].target == sq(after, "e5")
    assert [(d.troop, d.square, d.moved) for d in report.deaths] == [(1, sq(after, "e5"), True)]


def test_a_troop_moving_away_survives(duel: NelaxtamState) -> None:
    after = play(duel, "1ne/1xw")  # A destroys d4, but 1 has left it for e5
    assert after.troops[0][0] == sq(after, "e5")
    assert not after.territory[0] >> sq(after, "d4") & 1
    assert after.last_report is not None and after.last_report.deaths == ()


def test_a_group_cut_off_from_its_troops_is_removed() -> None:
    state = from_text("""
        ........
        ........
        ........
        ........
        ........
        ..b.....
        .bA.....
        1.......
    """)
    after = play(state, "-/1xw")  # b2 destroyed: c3 is no longer connected to troop 1 on a1
    report = after.last_report
    assert report is not None
    assert [(g.player, g.squares) for g in report.removed_groups] == [(BLACK, (sq(after, "c3"),))]
    assert bits_of(after.territory[0]) == [sq(after, "a1")]
    assert after.over and after.outcome().winner is None  # 1 piece each, nothing touches any more


def test_a_side_that_loses_every_troop_loses_all_territory() -> None:
    state = full_board(8, {"d4": "1", "e4": "A", "g6": "B"})
    after = play(state, "1-/1xw")
    assert after.territory[0] == 0 and after.over
    assert after.outcome().winner == WHITE and after.score()[BLACK] == 0


def test_groups_and_control() -> None:
    state = from_text(SEED_DIAGRAM_7)
    geo = state.geo
    black_groups = geo.groups(state.territory[0])
    assert sum(g.bit_count() for g in black_groups) == 30
    assert state.controlled(BLACK).bit_count() == 30 and state.controlled(WHITE).bit_count() == 22


# -- end ------------------------------------------------------------------------------------------
def test_the_seed_final_diagram_scores_22_to_30() -> None:
    state = GAME.position_factory(SEED_DIAGRAM_7, GAME.validate({}))
    assert state.size == 12 and state.living(BLACK) == [1, 2, 4] and state.living(WHITE) == [1, 2, 5]
    assert state.score() == {BLACK: 30, WHITE: 22}
    assert state.over and state.phase == PHASE_OVER and state.to_move() == ()
    outcome = state.outcome()
    assert outcome.winner == BLACK and "No troop can destroy" in outcome.reason


def test_contact_keeps_the_game_going(duel: NelaxtamState) -> None:
    assert not duel.over
    with pytest.raises(IllegalMoveError, match="already over"):
        from_text(SEED_DIAGRAM_7).parse_move(BLACK, "1-")


def test_safety_caps() -> None:
    calm = full_board(8, {"d4": "1", "e4": "A"}, turn=10, calm=19)
    assert not calm.over
    after = play(calm, "-/-")
    assert after.over and "20 turns in a row" in after.outcome().reason
    assert not play(calm, "1xn/-").over
    long = full_board(8, {"d4": "1", "e4": "A"}, turn=299)
    ended = play(long, "1xn/1xs")
    assert ended.turn == 300 and ended.over and "300 turns" in ended.outcome().reason


# -- notation, JSON, text ---------------------------------------------------------------------------
def test_turn_round_trip_and_json(duel: NelaxtamState) -> None:
    turn = duel.parse_turn("1ne,2xn/1xw,3se")
    text = duel.turn_to_text(turn)
    assert text == "1ne,2xn,3-,4-,5-/1xw,2-,3se,4-,5-"
    assert duel.parse_turn(text) == turn
    data = json.loads(json.dumps(duel.position()))
    assert data["troops"][BLACK]["1"] == "d4" and data["troops"][WHITE]["1"] == "e4"
    assert "d4" in data["black_territory"] and "e4" in data["white_territory"]
    assert data["phase"] == PHASE_ORDERS and data["turn"] == 1
    assert duel.score() == {BLACK: 32, WHITE: 32}


def test_text_picture_reads_back(duel: NelaxtamState) -> None:
    state = play(duel, "1ne,2xn/1xw,3se")
    picture = str(state)
    assert "1" in picture and "A" in picture
    assert from_text(picture) == state


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("b w\nw b", "8, 10, 12 or 14 rows"),
        ("\n".join(["bwbwbwbw"] * 8), "light squares"),
        ("\n".join(["wbwbwbwb", "bwbwbwbw"] * 3 + ["wbwbwbwb", "bwbwbwbz"]), "unknown cell"),
        ("\n".join(["wbwbwbwb", "bwbwbwbw"] * 3 + ["wbwbwbwb", "1wbwbw1w"]), "appears twice"),
        ("\n".join(["wbwbwbwb", "bwbwbwbw"] * 3 + ["wbwbwbwb", "bwbwbwb"]), "7 cells"),
    ],
)
def test_position_text_errors(text: str, why: str) -> None:
    with pytest.raises(GameError, match=why):
        from_text(text)


def test_command_line_and_match_record() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert (
            cli_main(
                [
                    "play",
                    "nelaxtam",
                    "--option",
                    "size=8",
                    "--json",
                    "a1,c1,e1,g1,d4/b1,d1,f1,h1,e4",
                    "5xe/5xw",
                ]
            )
            == 0
        )
    data = json.loads(out.getvalue())
    assert data["position"]["troops"][BLACK]["5"] is None and data["score"] == {BLACK: 31, WHITE: 31}
    match = Match("nelaxtam", {"size": "8"})
    match.play_text("a1,c1,e1,g1,d4/b1,d1,f1,h1,e4")
    assert match.submit_text(BLACK, "5xe") is None
    turn = match.submit_text(WHITE, "5ne")
    assert turn is not None and turn.text == "1-,2-,3-,4-,5xe/1-,2-,3-,4-,5ne"
    assert Match.from_record(match.to_record()).state == match.state


# -- random games -----------------------------------------------------------------------------------
@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["8", "10"]), st.sampled_from(["off", "on"]))
def test_random_games_keep_the_invariants(seed: int, size: str, quiet: str) -> None:
    rng = random.Random(seed)
    state = GAME.new_state({"size": size, "quiet": quiet, "sea": str(rng.randrange(6))})
    geo = state.geo
    for _ in range(60):
        if state.over:
            break
        turn = {p: state.random_move(p, rng) for p in state.to_move()}
        for player, move in turn.items():
            assert state.parse_move(player, state.move_to_text(player, move)) == move
        after = state.apply_turn(turn)
        for p in (0, 1):
            assert after.territory[p] & ~state.territory[p] == 0  # territory only shrinks
            assert after.territory[p] & ~(geo.dark if p == 0 else geo.light) == 0
            for square in after.troops[p]:
                assert square == DEAD or after.territory[p] >> square & 1  # troops stand on own pieces
            squares = [s for s in after.troops[p] if s >= 0]
            assert len(set(squares)) == len(squares)
        assert after.score() == {BLACK: after.territory[0].bit_count(), WHITE: after.territory[1].bit_count()}
        assert after.score() == {pl: after.controlled(pl).bit_count() for pl in (BLACK, WHITE)}
        state = after
    if state.over:
        score = state.score()
        winner = state.outcome().winner
        assert winner == (None if score[BLACK] == score[WHITE] else max(score, key=score.__getitem__))
