"""Saves of the real Elephant Run: random legal games survive a save and load exactly, and a
hand-edited illegal move is reported by number and text with the game's own reason."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.match import AI, Match, Seat
from saves.store import SaveError, SaveStore


def random_match(seed: int, max_turns: int | None = None, options: dict[str, str] | None = None) -> Match:
    """A random legal Elephant Run game from a seeded Random, stopped after ``max_turns`` if given."""
    rng = random.Random(seed)
    match = Match("elephant-run", options, {"farmers": Seat(AI, "easy")} if seed % 2 else None)
    while not match.over and (max_turns is None or len(match.turns) < max_turns):
        player = match.state.to_move()[0]
        match.submit(player, match.state.random_move(player, rng))
    return match


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    max_turns=st.one_of(st.none(), st.integers(min_value=0, max_value=40)),
    options=st.fixed_dictionaries(
        {
            "points": st.sampled_from(["8", "9", "10", "11", "12"]),
            "farmers": st.sampled_from(["5", "6", "7"]),
            "compound": st.sampled_from(["off", "on"]),
        }
    ),
    autosave=st.booleans(),
)
def test_random_games_round_trip(
    seed: int, max_turns: int | None, options: dict[str, str], autosave: bool
) -> None:
    match = random_match(seed, max_turns, options)
    with tempfile.TemporaryDirectory() as root:
        store = SaveStore(Path(root))
        entry = store.autosave(match) if autosave else store.save(match)
        loaded = store.load(entry.path)
        [listed] = store.entries()
    assert loaded.move_texts() == match.move_texts()
    assert str(loaded.state) == str(match.state)
    assert loaded.options == match.options and loaded.seats == match.seats
    assert loaded.outcome == match.outcome
    assert listed == entry
    assert (entry.move_count, entry.over, entry.game_title) == (len(match.turns), match.over, "Elephant Run")


def test_mid_game_and_finished_game(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    mid = random_match(4, max_turns=9)
    done = random_match(7)
    assert not mid.over and done.over
    mid_entry, done_entry = store.save(mid, "mid"), store.save(done, "done")
    assert store.load(mid_entry.path).move_texts() == mid.move_texts()
    assert str(store.load(done_entry.path).state) == str(done.state)
    assert done_entry.result_text and done_entry.result_text.startswith(("Elephant wins", "Farmers wins"))
    assert store.last_unfinished() == mid_entry


def test_hand_edited_illegal_move_is_named(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    match = Match("elephant-run")
    for text in ["@c2", "@a1,b3,c4,d1,e2,f4", "c2-c1", "b3-c3"]:
        match.play_text(text)
    path = store.save(match).path
    data = json.loads(path.read_text(encoding="utf-8"))
    data["match"]["moves"][2] = "c2-c4"  # the elephant may only jump over a farmer, and c3 has none
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        store.load(path)
    assert str(info.value).startswith("Move 3 ('c2-c4') is not legal: ")
    assert "c3" in str(info.value)
    assert (info.value.move_number, info.value.move_text) == (3, "c2-c4")
    assert path.read_bytes() == before
