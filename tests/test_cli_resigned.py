"""``python -m game play --record`` of a game given up: its moves alone leave the game going on, so
the command must say the result the ``Resigned:`` line gives (who resigned, who wins), as the app's
result card does, and take no more moves after it; ``hint`` has no move to suggest there."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from game.cli import main
from game.records import format_record
from game.register import all_games
from tests.test_records_resigned import resigned_match

GAME_IDS = [info.id for info in all_games()]
WHEN = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)


def record_file(tmp_path: Path, game_id: str, loser: int = 1) -> tuple[Path, str, str]:
    """A resigned game's record on disk, with the titles of who gave it up and who wins."""
    match = resigned_match(game_id, loser=loser)
    path = tmp_path / f"{game_id}.txt"
    path.write_text(format_record(match, WHEN), encoding="utf-8")
    info = match.game
    return path, info.player_title(info.players[loser]), info.player_title(info.players[1 - loser])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_play_says_who_resigned_and_who_wins(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, loser, winner = record_file(tmp_path, game_id)
    assert main(["play", "--record", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert f"over: {loser} resigned, so the game goes to {winner}." in out
    assert not any(line.startswith("to move:") for line in out)
    assert out[0] == f"The position when {loser} resigned:"  # the board is not taken for a live game


def test_play_json_says_the_game_is_over_and_who_gave_it_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, loser, _ = record_file(tmp_path, "epaminondas", loser=0)
    assert main(["play", "--record", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    info = next(g for g in all_games() if g.id == "epaminondas")
    assert data["over"] is True and data["to_move"] == []
    assert data["resigned"] == info.players[0]
    assert data["outcome"] == {"winner": info.players[1], "reason": f"{loser} resigned"}


def test_a_game_that_goes_on_has_no_resignation_in_its_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "epaminondas", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["resigned"] is None and data["over"] is False


def test_moves_after_a_resigned_record_are_refused_by_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, loser, winner = record_file(tmp_path, "elephant-run")
    moves = len(resigned_match("elephant-run").move_texts())
    assert main(["play", "--record", str(path), "a1-a2"]) == 2
    err = capsys.readouterr().err
    assert f"move {moves + 1} 'a1-a2': the game is already over" in err
    assert f"{loser} resigned, so the game goes to {winner}." in err


def test_hint_has_nothing_to_suggest_in_a_resigned_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, loser, _ = record_file(tmp_path, "changing-challenges")
    assert main(["hint", "--record", str(path), "--level", "easy"]) == 2
    assert f"already over: {loser} resigned" in capsys.readouterr().err


def test_the_real_entry_point_prints_the_result(tmp_path: Path) -> None:
    path, loser, winner = record_file(tmp_path, "nelaxtam")
    done = subprocess.run(
        [sys.executable, "-m", "game", "play", "--record", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"over: {loser} resigned, so the game goes to {winner}." in done.stdout
