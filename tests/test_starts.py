"""Elephant Run's start table as the game reads it (game/elephant_run/starts.py): the shape
``solve --start --json`` prints, the board's mirrors, damaged files, and hard's farmers placing the
proved placement."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.elephant_run import starts
from game.elephant_run.ai import choose_farmer_setup
from game.elephant_run.board import SIZE, square_index, square_name
from game.elephant_run.rules import ElephantRunState
from game.search import Limit

TABLE = starts.family_path(6, False)


def test_the_default_report_names_every_square_in_the_agreed_shape() -> None:
    report = starts.start_report({})
    assert report["options"] == {"farmers": "6", "compound": "off", "points": "10"}
    assert set(report["squares"]) == {square_name(i) for i in range(SIZE)}
    assert report["winner"] in ("farmers", "elephant", None)
    for name, entry in report["squares"].items():
        assert set(entry) >= {"winner", "elephant_points", "placement"}
        if entry["winner"] is None:
            assert entry["elephant_points"] is None and entry["placement"] is None
            continue
        assert entry["winner"] == ("elephant" if entry["elephant_points"] >= 10 else "farmers")
        assert len(entry["placement"]) == 6 and name not in entry["placement"]
    # the corners are lost at once to six farmers (RULES.md says so): the smallest proof of all
    assert report["squares"]["a1"]["elephant_points"] == 0


def test_a_square_and_its_mirrors_have_one_value() -> None:
    table = starts.table(6, False)
    assert table is not None and table.squares
    for name, value in table.squares.items():
        for image in starts.mirrors(name):
            assert table.value(image) is not None, f"{image} mirrors {name} but is missing"
            assert table.value(image).points == value.points  # type: ignore[union-attr]


def test_the_game_winner_follows_the_target() -> None:
    table = starts.table(6, False)
    assert table is not None
    best = max(v.points for v in table.squares.values())
    # at a target the best proved square reaches, the elephant wins whatever the open squares hold
    assert starts.start_report({"points": str(min(best, 12))})["winner"] == "elephant"
    if len(table.squares) < SIZE:
        assert starts.start_report({"points": "12"})["winner"] in (None, "elephant")


@pytest.mark.parametrize(
    "damage",
    [
        b"{",
        b"[]",
        b'{"farmers": 5, "compound": false, "cap": 12, "squares": {}}',
        b'{"farmers": 6, "compound": false, "cap": 12, "squares": {"z9": {}}}',
        b'{"farmers": 6, "compound": false, "cap": 12, "squares": {"b1": {"elephant_points": 99,'
        b' "placement": []}}}',
        b'{"farmers": 6, "compound": false, "cap": 12, "squares": {"b1": {"elephant_points": 9,'
        b' "placement": ["b1", "c1", "d1", "a2", "d4", "f4"]}}}',
        b'{"farmers": 6, "compound": false, "cap": 12, "squares": {"b1": {"elephant_points": 9,'
        b' "placement": [" A1", "c1", "d1", "a2", "d4", "f4"]}}}',
        b"\xff\xfe",
    ],
)
def test_a_damaged_table_leaves_its_family_open(tmp_path: Path, damage: bytes) -> None:
    path = tmp_path / "start_table.json"
    path.write_bytes(damage)
    assert starts.table(6, False, path) is None


def test_the_shipped_table_reads_back_as_written() -> None:
    data = json.loads(TABLE.read_text(encoding="utf-8"))
    table = starts.table(6, False, TABLE)
    assert table is not None and set(table.squares) == set(data["squares"])


def test_hard_farmers_place_the_proved_placement_from_every_proved_square() -> None:
    table = starts.table(6, False)
    assert table is not None
    for name, value in table.squares.items():
        state = ElephantRunState.from_options({}).apply((square_index(name),))
        move = choose_farmer_setup(state, "hard", random.Random(1), Limit(nodes=2000))
        assert sorted(square_name(sq) for sq in move) == sorted(value.placement), name
        assert move in state.legal_moves("farmers")


def test_the_solved_badge_speaks_from_the_start_where_the_table_has_proved() -> None:
    from game.elephant_run.badge import BADGE

    fresh = ElephantRunState.from_options({})
    table = starts.table(6, False)
    assert table is not None
    expected = table.winner(10)
    assert BADGE.within_reach(fresh) is (expected is not None)
    # an elephant on b1 (proved 9): the farmers win at 10 and, after the proved placement, still
    on_b1 = fresh.apply((square_index("b1"),))
    assert BADGE.within_reach(on_b1)
    words = BADGE.words(on_b1, 1.0)
    assert words is not None and "farmers win" in words and "9 points" in words
    placement = tuple(sorted(square_index(s) for s in table.squares["b1"].placement))
    placed = on_b1.apply(placement)
    assert BADGE.words(placed, 1.0) == words.replace("the best placement", "this placement")
    # at 9 points the elephant wins from b1
    at_nine = ElephantRunState.from_options({"points": "9"}).apply((square_index("b1"),))
    assert "elephant wins" in (BADGE.words(at_nine, 1.0) or "")


def test_no_badge_for_an_open_family_or_another_placement() -> None:
    from game.elephant_run.badge import BADGE

    five = ElephantRunState.from_options({"farmers": "5"}).apply((square_index("b1"),))
    assert not BADGE.within_reach(five)
    on_b1 = ElephantRunState.from_options({}).apply((square_index("b1"),))
    other = next(m for m in on_b1.legal_moves("farmers") if m != _proved(on_b1))
    assert not BADGE.within_reach(on_b1.apply(other))  # the play phase, far from the end


def _proved(state: ElephantRunState) -> tuple[int, ...]:
    table = starts.table(6, False)
    assert table is not None
    return tuple(sorted(square_index(s) for s in table.squares[square_name(state.elephant)].placement))


def test_the_rules_say_each_family_from_the_table_and_never_guess(tmp_path: Path) -> None:
    from game.register import get

    help_text = get("elephant-run").rules_help
    for farmers, compound in starts.FAMILIES:
        sentence = starts.family_sentence(farmers, compound)
        if "not solved yet" in sentence:  # the open ones are named together in one line
            line = next(x for x in help_text.splitlines() if x.startswith("- Not solved yet:"))
            group = line.split(f"compound moves {'on' if compound else 'off'} with ", 1)
            assert len(group) == 2 and starts.NUMBERS[farmers].lower() in group[1].split(" farmers")[0]
        else:
            assert sentence in help_text
    table = starts.table(6, False)
    assert table is not None
    sentence = starts.family_sentence(6, False)
    if len(table.squares) == SIZE:
        best = max(v.points for v in table.squares.values())
        assert f"at most {best} " in sentence and " ".join(table.squares["c2"].placement) in sentence
    else:
        assert "not solved yet" in sentence
    assert "not solved yet (0 of 24" in starts.family_sentence(5, True) or starts.table(5, True) is not None


def test_the_centre_lesson_teaches_the_proved_placement() -> None:
    from game.elephant_run.lessons import CENTRE_FENCE, PROVED_FENCE

    table = starts.table(6, False)
    assert table is not None and table.value("c2") is not None
    assert sorted(PROVED_FENCE) == sorted(table.squares["c2"].placement)
    assert CENTRE_FENCE.moves == ("@c2",)


def test_hard_elephant_starts_on_a_square_worth_the_most_in_a_proved_family() -> None:
    from game.elephant_run.ai import choose_elephant_setup

    table = starts.table(6, False)
    assert table is not None
    fresh = ElephantRunState.from_options({})
    chosen = {square_name(choose_elephant_setup("hard", random.Random(seed), fresh)[0]) for seed in range(12)}
    if len(table.squares) == SIZE:
        best = max(v.points for v in table.squares.values())
        assert all(table.squares[name].points == best for name in chosen)
    # an open family falls back to the centre squares, as before the table
    open_family = ElephantRunState.from_options({"compound": "on"})
    fallback = {
        square_name(choose_elephant_setup("hard", random.Random(s), open_family)[0]) for s in range(12)
    }
    assert fallback <= {"c2", "d2", "c3", "d3"}
