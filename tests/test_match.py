"""The headless match: submitting, secret orders, undo/redo policy and record round-trip."""

from __future__ import annotations

import pytest

from game.core import GameError, IllegalMoveError, NotationError, OptionError
from game.match import AI, Match, RecordError, Seat

pytestmark = pytest.mark.usefixtures("toy_games")


def test_alternating_submit_and_history() -> None:
    match = Match("toy-nim", {"stones": "4"})
    assert match.state.to_move() == ("first",)
    turn = match.submit("first", 2)
    assert turn is not None and turn.text == "take2"
    assert match.state.to_move() == ("second",)
    match.submit_text("second", "take2")
    assert match.over and match.outcome is not None
    assert match.outcome.winner == "second"
    assert match.move_texts() == ["take2", "take2"]


def test_illegal_move_changes_nothing() -> None:
    match = Match("toy-nim", {"stones": "3"})
    match.submit("first", 2)
    with pytest.raises(IllegalMoveError):
        match.submit("second", 2)
    with pytest.raises(GameError):
        match.submit("first", 1)
    with pytest.raises(NotationError):
        match.submit_text("second", "take9")
    assert match.move_texts() == ["take2"]


def test_options_are_validated() -> None:
    with pytest.raises(OptionError, match="stones=9"):
        Match("toy-nim", {"stones": "9"})
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        Match("toy-nim", {"colour": "red"})


def test_simultaneous_orders_stay_pending_until_all_given() -> None:
    match = Match("toy-pennies")
    assert match.submit("same", "h") is None
    assert match.awaiting() == ["odd"]
    assert match.move_texts() == []
    turn = match.submit("odd", "h")
    assert turn is not None and turn.text == "h/h"
    assert match.state.score() == {"same": 1, "odd": 0}
    assert match.pending == {}


def test_withdraw_and_undo_of_pending_order() -> None:
    match = Match("toy-pennies")
    match.submit("same", "t")
    assert match.withdraw("same")
    assert not match.withdraw("same")
    match.submit("same", "t")
    assert match.undo() and match.pending == {}


def test_two_player_simultaneous_undo_never_crosses_a_reveal() -> None:
    match = Match("toy-pennies")
    match.play_text("h/t")
    assert not match.can_undo()
    assert not match.undo()
    assert match.move_texts() == ["h/t"]


def test_simultaneous_vs_computer_may_undo_a_turn() -> None:
    match = Match("toy-pennies", seats={"odd": Seat(AI, "easy")})
    match.play_text("h/t")
    assert match.can_undo() and match.undo()
    assert match.move_texts() == []


def test_undo_against_computer_returns_to_the_humans_turn() -> None:
    match = Match("toy-nim", {"stones": "5"}, {"second": Seat(AI, "hard")})
    match.play_text("take1")
    match.play_text("take1")
    match.play_text("take2")
    assert match.state.to_move() == ("second",)
    assert match.undo()
    assert match.move_texts() == ["take1", "take1"]
    assert match.state.to_move() == ("first",)
    assert match.undo()
    assert match.move_texts() == []
    assert not match.can_undo()
    assert match.redo()
    assert match.move_texts() == ["take1", "take1"]
    assert match.redo() and match.move_texts() == ["take1", "take1", "take2"]
    assert not match.can_redo()


def test_new_move_clears_redo() -> None:
    match = Match("toy-nim", {"stones": "5"})
    match.play_text("take1")
    match.undo()
    assert match.can_redo()
    match.play_text("take2")
    assert not match.can_redo()


def test_record_round_trip_with_pending_order() -> None:
    match = Match("toy-pennies", seats={"odd": Seat(AI, "normal")})
    match.play_text("h/h")
    match.submit("same", "t")
    record = match.to_record()
    again = Match.from_record(record)
    assert again.to_record() == record
    assert again.pending == {"same": "t"}
    assert again.seats["odd"] == Seat(AI, "normal")


def test_record_reports_first_bad_move() -> None:
    record = Match("toy-nim", {"stones": "5"}).to_record()
    record["moves"] = ["take1", "take2", "take7", "take1"]
    with pytest.raises(RecordError) as info:
        Match.from_record(record)
    assert info.value.move_number == 3 and info.value.move_text == "take7"
    assert "move 3 ('take7')" in str(info.value)


def test_record_error_keeps_its_parts_as_fields() -> None:
    record = Match("toy-nim", {"stones": "5"}).to_record()
    record["moves"] = ["take1", "take7"]
    with pytest.raises(RecordError) as info:
        Match.from_record(record)
    error = info.value
    assert error.reason == "'take7' is not a valid move: write take1 or take2"
    assert str(error) == f"move 2 ('take7'): {error.reason}"
    assert isinstance(error.cause, NotationError) and not error.pending
    assert (error.cause.text, error.cause.why, error.cause.verdict) == (
        "take7",
        "write take1 or take2",
        "is not a valid move",
    )
    record["moves"] = ["take2", "take2", "take1", "take1"]
    with pytest.raises(RecordError) as info:
        Match.from_record(record)
    error = info.value
    assert (error.move_number, error.move_text, error.cause) == (4, "take1", None)
    assert error.reason == "the game was already over before this move"


def test_record_error_marks_a_bad_secret_order() -> None:
    record = Match("toy-pennies").to_record()
    record["pending"] = {"same": "x"}
    with pytest.raises(RecordError) as info:
        Match.from_record(record)
    error = info.value
    assert error.pending and error.move_number is None and isinstance(error.cause, NotationError)
    assert error.reason == "'x' is not a valid move: write h or t"
    assert str(error) == f"pending order: {error.reason}"


@pytest.mark.parametrize(
    "change",
    [
        {"game": "chess"},
        {"game": 7},
        {"moves": "take1"},
        {"moves": [1]},
        {"options": {"stones": 5}},
        {"options": {"stones": "17"}},
        {"seats": {"first": {"kind": "robot"}}},
        {"seats": {"first": {"kind": "ai", "level": "godlike"}}},
        {"seats": {"third": {"kind": "human"}}},
        {"pending": {"first": "take1"}},
    ],
)
def test_record_rejects_damage(change: dict) -> None:
    record = Match("toy-nim", {"stones": "5"}).to_record()
    record.update(change)
    with pytest.raises(RecordError):
        Match.from_record(record)


def test_record_rejects_moves_after_the_end() -> None:
    record = Match("toy-nim", {"stones": "3"}).to_record()
    record["moves"] = ["take2", "take1", "take1"]
    with pytest.raises(RecordError, match="already over"):
        Match.from_record(record)


def test_public_record_hides_secret_orders() -> None:
    match = Match("toy-pennies", seats={"odd": Seat(AI, "easy")})
    match.submit("same", "t")
    assert match.to_record()["pending"] == {"same": "t"}
    public = match.public_record()
    assert public["pending"] == {}
    assert Match.from_record(public).pending == {}
