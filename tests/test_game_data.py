"""Each game's small data (winning-chance curves) must travel with the code: the smoke run of a
wheel or a bundle looks for it, since a game without it still runs, on guesses."""

from __future__ import annotations

from pathlib import Path

import pytest

import main
from game import chance


def test_the_source_tree_has_every_games_data() -> None:
    assert main.missing_game_data() == []


def test_a_missing_curve_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(chance, "curve_path", lambda state: tmp_path / "chance.json")
    missing = main.missing_game_data()
    assert len(missing) == 5 and all(line.endswith("chance.json") for line in missing)
