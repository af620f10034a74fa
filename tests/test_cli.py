"""``python -m game`` through its real entry point: exit codes, JSON shape, arena and perft."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.cli import main


@pytest.mark.usefixtures("toy_games")
class TestWithToyGames:
    def test_play_json_fields(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["play", "toy-nim", "--option", "stones=4", "take1", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["game"] == "toy-nim"
        assert data["to_move"] == ["second"]
        assert data["over"] is False and data["outcome"] is None
        assert data["position"] == {"stones": 3}
        assert data["moves"] == ["take1"]

    def test_play_to_the_end_reports_winner(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["play", "toy-nim", "--option", "stones=3", "take2", "take1", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["over"] is True and data["to_move"] == []
        assert data["outcome"] == {"winner": "second", "reason": "took the last stone"}

    def test_simultaneous_turn_notation(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["play", "toy-pennies", "h/h", "t/h", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["score"] == {"same": 1, "odd": 1}
        assert data["to_move"] == ["same", "odd"]

    @pytest.mark.parametrize(
        ("argv", "needle"),
        [
            (["play", "toy-nim", "take1", "take9"], "move 2: 'take9'"),
            (["play", "toy-nim", "--option", "stones=3", "take2", "take2"], "move 2: 'take2'"),
            (["play", "toy-pennies", "h"], "move 1: 'h'"),
            (["play", "toy-nim", "--option", "stones=30"], "stones=30"),
            (["play", "toy-nim", "--option", "stones"], "name=value"),
            (["play", "no-such-game"], "unknown game 'no-such-game'"),
            (["perft", "toy-nim", "--depth", "-1"], "--depth"),
            (["perft", "toy-pennies", "--depth", "1"], "alternating"),
            (["arena", "toy-nim", "-n", "0"], "-n"),
            (["arena", "toy-nim", "--a", "genius"], "invalid choice"),
            (["frobnicate"], "invalid choice"),
        ],
    )
    def test_bad_input_exits_2_naming_the_problem(
        self, argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        assert main(argv) == 2
        assert needle in capsys.readouterr().err

    def test_perft_counts_by_hand(self, capsys: pytest.CaptureFixture[str]) -> None:
        # Nim with 3 stones: depth 1 = {1,2}; depth 2: after 1 -> {1,2}, after 2 -> {1} = 3;
        # depth 3: 1,1 -> {1}; 1,2 -> over; 2,1 -> over  = 1.
        assert main(["perft", "toy-nim", "--option", "stones=3", "--depth", "3"]) == 0
        assert capsys.readouterr().out.splitlines() == ["perft 1: 2", "perft 2: 3", "perft 3: 1"]

    def test_arena_alternates_sides_and_ends_with_result(self, capsys: pytest.CaptureFixture[str]) -> None:
        # The toy AI always takes 1: with 3 stones the first player takes the last stone.
        argv = ["arena", "toy-nim", "--option", "stones=3", "--a", "easy", "--b", "easy", "-n", "4"]
        assert main(argv) == 0
        lines = capsys.readouterr().out.splitlines()
        assert lines[-1] == "result: a=2 b=2 draws=0"
        assert any(line.startswith("think time easy:") for line in lines)
        assert "a=easy as first" in lines[0] and "a=easy as second" in lines[1]


def test_module_entry_point_runs() -> None:
    done = subprocess.run([sys.executable, "-m", "game", "play", "nope"], capture_output=True, text=True)
    assert done.returncode == 2
    assert "unknown game 'nope'" in done.stderr
    assert "Traceback" not in done.stderr


def test_arena_in_parallel_gives_the_same_results(capsys: pytest.CaptureFixture[str]) -> None:
    # A real game: the pool's fresh processes know only the registered games.
    argv = ["arena", "elephant-run", "--a", "easy", "--b", "random", "-n", "4", "--seed", "5"]
    assert main(argv) == 0
    serial = capsys.readouterr().out.splitlines()
    assert main([*argv, "--jobs", "2"]) == 0
    parallel = capsys.readouterr().out.splitlines()
    assert [line for line in serial if line.startswith(("game", "result", "sides"))] == [
        line for line in parallel if line.startswith(("game", "result", "sides"))
    ]
    assert main([*argv, "--jobs", "0"]) == 2
