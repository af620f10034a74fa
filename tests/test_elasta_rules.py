"""Elasta rules: the worked example, the rubber band, the ends, every token ruling, notation."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cli import main as cli_main
from game.core import IllegalMoveError, NotationError, OptionError
from game.elasta import GAME
from game.elasta.rules import (
    BLACK,
    NO_TOKEN,
    PHASE_ALLOT,
    PHASE_TOKEN,
    TURN_LIMIT,
    WHITE,
    ElastaState,
    all_allotments,
    contract,
    push,
    resolve_turn,
    square_index,
    square_name,
)
from game.match import Match
from game.register import get

TIES = "01234567/01234567"
"""A turn that changes nothing: equal chips in every file."""


def play(state: ElastaState, *turns: str) -> ElastaState:
    for text in turns:
        state = state.apply_turn(state.parse_turn(text))
    return state


def deleted(*names: str) -> int:
    mask = 0
    for name in names:
        mask |= 1 << square_index(name)
    return mask


# -- register, options ----------------------------------------------------------------------------
def test_registered_simultaneous_with_token_option() -> None:
    info = get("elasta")
    assert info is GAME
    assert info.players == (WHITE, BLACK)
    assert info.simultaneous
    assert [(o.name, o.default, o.choices) for o in info.options] == [("tokens", "off", ("off", "on"))]
    assert not info.new_state().tokens  # type: ignore[attr-defined]
    assert info.new_state({"tokens": "on"}).tokens  # type: ignore[attr-defined]
    with pytest.raises(OptionError):
        info.new_state({"tokens": "maybe"})
    state = info.new_state()
    assert state.to_move() == (WHITE, BLACK)
    assert state.simultaneous


# -- the worked example (seed diagrams 1-5) ---------------------------------------------------------
def test_worked_example_step_by_step() -> None:
    state = ElastaState()
    assert state.lines == (4,) * 8
    first = resolve_turn(state.lines, (0, 5, 1, 7, 2, 4, 6, 3), (4, 7, 2, 0, 3, 1, 6, 5))
    assert first.results == [-1, -1, -1, 1, -1, 1, 0, -1]
    assert first.pushed == [3, 3, 3, 5, 3, 5, 4, 3]
    assert first.rounds == []  # no contraction
    state = play(state, "05172463/47203165")
    assert state.lines == (3, 3, 3, 5, 3, 5, 4, 3)
    assert state.last_report == first

    second = resolve_turn(state.lines, (0, 1, 4, 7, 2, 6, 5, 3), (3, 4, 2, 0, 7, 6, 1, 5))
    assert second.pushed == [2, 2, 4, 6, 2, 5, 5, 2]
    # D down, E up once though pulled twice, F down, G down, H up.
    assert second.rounds == [[2, 2, 4, 5, 3, 4, 4, 3]]
    state = play(state, "01472653/34207615")
    assert state.lines == (2, 2, 4, 5, 3, 4, 4, 3)
    assert state.turn == 2
    assert not state.over


# -- the rubber band ------------------------------------------------------------------------------
def test_double_pull_moves_one_step() -> None:
    # E at 2 is pulled up by D (6) and by F (5): one step only.
    assert contract([4, 4, 4, 6, 2, 5, 5, 5])[0][4] == 3


def test_opposite_pulls_cancel() -> None:
    rounds = contract([1, 4, 7, 7, 7, 7, 7, 7])
    assert rounds == [[2, 4, 6, 7, 7, 7, 7, 7]]


def test_repeated_rounds_and_edge_touch_pulled_back() -> None:
    state = ElastaState((7, 5, 3, 1, 2, 2, 1, 1))
    report = resolve_turn(state.lines, (6, 5, 3, 4, 7, 0, 1, 2), (5, 4, 6, 7, 3, 0, 1, 2))
    assert report.pushed == [8, 6, 2, 0, 3, 2, 1, 1]
    assert report.rounds == [
        [8, 5, 3, 1, 2, 2, 1, 1],
        [7, 6, 3, 1, 2, 2, 1, 1],
        [7, 5, 4, 1, 2, 2, 1, 1],
        [7, 5, 3, 2, 2, 2, 1, 1],
    ]
    after = play(state, "65347012/54673012")
    # A touched Black's ground line and D White's, but the band pulled both back: no end.
    assert after.lines == (7, 5, 3, 2, 2, 2, 1, 1)
    assert not after.over


def test_three_rounds() -> None:
    pushed = push([7, 7, 7, 7, 5, 3, 2, 1], [-1, -1, -1, 1, 1, 1, -1, 0])
    assert pushed == [6, 6, 6, 8, 6, 4, 1, 1]
    assert contract(pushed) == [[6, 6, 6, 8, 6, 3, 2, 1], [6, 6, 6, 8, 5, 4, 2, 1], [6, 6, 6, 7, 6, 4, 2, 1]]


# -- the end --------------------------------------------------------------------------------------
def test_white_loses_at_zero_black_at_eight() -> None:
    # Black wins A (chip 7 against 0), White wins H (7 against 0), ties elsewhere.
    state = play(ElastaState((1, 1, 2, 3, 3, 3, 3, 3)), "01234567/71234560")
    assert state.lines == (0, 1, 2, 3, 3, 3, 3, 4)
    assert state.outcome() is not None and state.outcome().winner == BLACK  # type: ignore[union-attr]
    assert "White's ground line in file A" in state.outcome().reason  # type: ignore[union-attr]
    assert state.to_move() == ()
    state = play(ElastaState((3, 3, 3, 3, 3, 5, 6, 7)), "01234567/71234560")
    assert state.lines == (2, 3, 3, 3, 3, 5, 6, 8)
    assert state.outcome().winner == WHITE  # type: ignore[union-attr]
    with pytest.raises(IllegalMoveError, match="already over"):
        state.parse_turn(TIES)


def test_both_ground_lines_at_once_is_a_draw() -> None:
    state = ElastaState((1, 2, 3, 4, 5, 6, 7, 7))
    after = play(state, "01234567/71234560")  # Black wins A (-> 0), White wins H (-> 8)
    assert after.lines == (0, 2, 3, 4, 5, 6, 7, 8)
    outcome = after.outcome()
    assert outcome is not None and outcome.winner is None
    assert "Both" in outcome.reason


def test_turn_limit_draw() -> None:
    state = play(ElastaState(turn=TURN_LIMIT - 2), TIES)
    assert not state.over
    state = play(state, TIES)
    assert state.outcome() is not None and state.outcome().winner is None  # type: ignore[union-attr]
    assert "300" in state.outcome().reason  # type: ignore[union-attr]


# -- tokens ---------------------------------------------------------------------------------------
def test_token_subturn_follows_each_turn() -> None:
    state = play(ElastaState(tokens=True), "05172463/47203165")
    assert state.phase == PHASE_TOKEN
    assert state.to_move() == (WHITE, BLACK)
    assert len(state.legal_moves(WHITE)) == sum(state.lines)
    assert len(state.legal_moves(BLACK)) == 64 - sum(state.lines)
    turn = state.parse_turn("c2/f7")
    assert turn == {WHITE: square_index("c2"), BLACK: square_index("f7")}
    assert state.turn_to_text(turn) == "c2/f7"
    after = state.apply_turn(turn)
    assert after.phase == PHASE_ALLOT and after.turn == 1
    assert after.deleted == deleted("c2", "f7")
    assert after.tokens_left == (19, 19)
    assert after.position()["deleted"] == ["c2", "f7"]
    assert after.position()["tokens_left"] == {"white": 19, "black": 19}
    assert "x" in str(after)


def test_token_must_be_own_live_square() -> None:
    state = ElastaState(
        (3, 3, 3, 5, 3, 5, 4, 3), tokens=True, phase=PHASE_TOKEN, turn=1, deleted=deleted("c2")
    )
    with pytest.raises(IllegalMoveError, match="not in White's territory"):
        state.parse_move(WHITE, "c4")
    with pytest.raises(IllegalMoveError, match="not in Black's territory"):
        state.parse_move(BLACK, "d5")
    with pytest.raises(IllegalMoveError, match="already deleted"):
        state.parse_move(WHITE, "c2")
    with pytest.raises(IllegalMoveError, match="must place a token"):
        state.parse_move(WHITE, "-")
    with pytest.raises(NotationError, match="token sub-turn"):
        state.parse_move(WHITE, "01234567")
    with pytest.raises(NotationError):
        state.parse_move(WHITE, "z9")
    assert state.parse_move(BLACK, "D6") == square_index("d6")


def test_token_dash_only_without_tokens() -> None:
    state = ElastaState(tokens=True, phase=PHASE_TOKEN, turn=1, tokens_left=(0, 3))
    assert state.legal_moves(WHITE) == (NO_TOKEN,)
    assert state.parse_move(WHITE, "-") == NO_TOKEN
    with pytest.raises(IllegalMoveError, match="no tokens left"):
        state.parse_move(WHITE, "a1")
    after = play(state, "-/h8")
    assert after.tokens_left == (0, 2)
    assert after.deleted == deleted("h8")
    # With no tokens left on either side the sub-turn is skipped altogether.
    dry = play(ElastaState(tokens=True, tokens_left=(0, 0)), TIES)
    assert dry.phase == PHASE_ALLOT and dry.turn == 1


def test_push_skips_deleted_squares() -> None:
    mask = deleted("c4", "c5", "e4")
    # White wins C: past deleted c4 and c5 and the live c6. Black wins E at L=4: past e4 and e3.
    assert push([3, 3, 3, 3, 4, 3, 3, 3], [0, 0, 1, 0, -1, 0, 0, 0], mask) == [3, 3, 6, 3, 2, 3, 3, 3]
    # Trailing deleted squares beyond the live one are not skipped.
    assert push([3] * 8, [1, 0, 0, 0, 0, 0, 0, 0], deleted("a5")) == [4, 3, 3, 3, 3, 3, 3, 3]


def test_band_measures_physical_ranks() -> None:
    state = ElastaState((3,) * 8, tokens=True, deleted=deleted("c4", "c5"))
    report = resolve_turn(state.lines, (0, 1, 7, 2, 3, 4, 5, 6), (0, 1, 2, 7, 3, 4, 5, 6), state.deleted)
    assert report.pushed == [3, 3, 6, 2, 3, 3, 3, 3]
    # C jumped three ranks: it is pulled back one rank per round onto deleted c5, whatever it skipped.
    assert report.rounds[0] == [3, 4, 5, 3, 3, 3, 3, 3]
    assert report.final == [3, 4, 5, 3, 3, 3, 3, 3]


def test_loss_when_no_live_square_left_after_contraction() -> None:
    # White's a1 is deleted: a stick at L = 1 in file A leaves White nothing there.
    state = ElastaState((2, 2, 2, 2, 2, 2, 2, 2), tokens=True, deleted=deleted("a1"))
    after = play(state, "01234567/71234560")
    assert after.lines == (1, 2, 2, 2, 2, 2, 2, 3)
    outcome = after.outcome()
    assert outcome is not None and outcome.winner == BLACK
    assert "No square is left" in outcome.reason and "file A" in outcome.reason


def test_loss_checked_again_after_tokens() -> None:
    state = ElastaState((1, 2, 2, 2, 2, 2, 2, 7), tokens=True, phase=PHASE_TOKEN, turn=3)
    # White deletes a1, its last square in file A: White loses at once.
    after = play(state, "a1/c8")
    assert after.outcome() is not None and after.outcome().winner == BLACK  # type: ignore[union-attr]
    # Both delete their last square in a file: a draw.
    both = play(state, "a1/h8")
    assert both.outcome() is not None and both.outcome().winner is None  # type: ignore[union-attr]


def test_token_variant_turn_limit_waits_for_the_last_tokens() -> None:
    state = play(ElastaState(tokens=True, turn=TURN_LIMIT - 1), TIES)
    assert state.phase == PHASE_TOKEN and not state.over
    state = play(state, "a1/a8")
    assert state.outcome() is not None and state.outcome().winner is None  # type: ignore[union-attr]


# -- notation -------------------------------------------------------------------------------------
def test_notation_round_trip() -> None:
    state = ElastaState()
    rng = random.Random(3)
    for _ in range(50):
        turn = {p: state.random_move(p, rng) for p in state.to_move()}
        text = state.turn_to_text(turn)
        assert state.parse_turn(text) == turn
    for sq in range(64):
        assert square_index(square_name(sq)) == sq


@pytest.mark.parametrize(
    ("text", "error", "why"),
    [
        ("0517246", NotationError, "this has 7"),
        ("051724633", NotationError, "this has 9"),
        ("0517246x", NotationError, "eight digits"),
        ("05172468", IllegalMoveError, "no chip 8"),
        ("33172460", IllegalMoveError, "3 appears twice (5 missing)"),
        ("c2", NotationError, "eight digits"),
        ("", NotationError, "empty"),
    ],
)
def test_allotment_parse_errors(text: str, error: type[Exception], why: str) -> None:
    with pytest.raises(error, match=why.replace("(", r"\(").replace(")", r"\)")):
        ElastaState().parse_move(WHITE, text)


def test_allotment_check_without_scanning_and_spaces_allowed() -> None:
    state = ElastaState()
    assert state.parse_move(BLACK, " 0517 2463 ") == (0, 5, 1, 7, 2, 4, 6, 3)
    with pytest.raises(IllegalMoveError, match="exactly once"):
        state.check_move(WHITE, (0, 0, 1, 2, 3, 4, 5, 6))
    with pytest.raises(IllegalMoveError, match="one chip to each"):
        state.check_move(WHITE, (0, 1, 2))
    with pytest.raises(NotationError, match="2 parts"):
        state.parse_turn("01234567")
    moves = state.legal_moves(WHITE)
    assert len(moves) == 40320 and moves is all_allotments()
    assert state.random_move(WHITE, random.Random(1)) in set(moves)


# -- description ----------------------------------------------------------------------------------
def test_position_score_and_picture() -> None:
    state = play(ElastaState(), "05172463/47203165", "01472653/34207615")
    assert state.position() == {
        "lines": [2, 2, 4, 5, 3, 4, 4, 3],
        "phase": "allot",
        "turn": 2,
        "to_move": ["white", "black"],
        "tokens": False,
    }
    assert state.score() == {"white": 1, "black": 6}
    picture = str(state).splitlines()
    assert picture[0].split()[:8] == list("ABCDEFGH")
    # The border below rank 2 holds the sticks of A and B (L = 2).
    rank2 = next(i for i, line in enumerate(picture) if line.startswith("  2 "))
    assert picture[rank2 - 1].strip() == "=== ==="
    assert "L: 2 2 4 5 3 4 4 3" in str(state)


def test_match_and_cli_integration(capsys: pytest.CaptureFixture[str]) -> None:
    match = Match("elasta", {"tokens": "on"})
    assert match.submit_text(WHITE, "05172463") is None
    assert match.awaiting() == [BLACK]
    turn = match.submit_text(BLACK, "47203165")
    assert turn is not None and turn.text == "05172463/47203165"
    match.play_text("c2/f7")
    copy = Match.from_record(json.loads(json.dumps(match.to_record())))
    assert copy.state == match.state
    assert cli_main(["play", "elasta", "--json", "05172463/47203165", "01472653/34207615"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["position"]["lines"] == [2, 2, 4, 5, 3, 4, 4, 3]
    assert data["to_move"] == ["white", "black"]


# -- random games ---------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tokens=st.booleans())
def test_random_games_keep_the_band(seed: int, tokens: bool) -> None:
    rng = random.Random(seed)
    state = ElastaState(tokens=tokens)
    while not state.over and state.turn < 80:
        turn = {p: state.random_move(p, rng) for p in state.to_move()}
        before = state
        state = state.apply_turn(turn)
        lines = state.lines
        assert all(0 <= line <= 8 for line in lines)
        assert all(abs(a - b) <= 2 for a, b in itertools.pairwise(lines))
        if before.phase == PHASE_ALLOT and not tokens:
            report = state.last_report
            assert report is not None and len(report.rounds) <= 4
            assert all(abs(p - q) <= 1 for p, q in zip(before.lines, report.pushed, strict=True))
        assert before.parse_turn(before.turn_to_text(turn)) == turn
        if state.over:
            assert state.to_move() == ()
    if tokens:
        assert bin(state.deleted).count("1") == 40 - sum(state.tokens_left)
