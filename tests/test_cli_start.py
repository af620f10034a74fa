"""``python -m game solve elephant-run --start [--json]`` and its refusals."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.elephant_run import starts


def test_start_json_has_the_agreed_shape_for_the_default_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "elephant-run", "--start", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["options"] == {"farmers": "6", "compound": "off", "points": "10"}
    assert len(report["squares"]) == 24
    assert report == json.loads(json.dumps(starts.start_report({})))
    assert report["squares"]["a1"] == {
        "winner": "farmers",
        "elephant_points": 0,
        "placement": list(starts.table(6, False).squares["a1"].placement),  # type: ignore[union-attr]
    }


def test_start_without_json_is_a_readable_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "elephant-run", "--start", "--option", "points=8"]) == 0
    out = capsys.readouterr().out
    assert "the elephant needs 8" in out and "a  b  c  d  e  f" in out
    assert "the elephant win" in out  # b1 forces 9 >= 8


def test_an_unproved_family_is_said_open_not_guessed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "elephant-run", "--start", "--json", "--option", "compound=on"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["winner"] is None and report["proved"] == 0
    assert all(entry["winner"] is None for entry in report["squares"].values())


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "epaminondas", "--start"],
        ["solve", "elephant-run", "--start", "--option", "farmers=9"],
        ["solve", "elephant-run", "--start", "c2"],
    ],
)
def test_bad_start_requests_get_a_sentence(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "Traceback" not in err


def test_output_cut_short_by_its_reader_is_no_crash() -> None:
    """``python -m game solve elephant-run --start --json | head`` may close the pipe before the
    command has written: it stops quietly, without a traceback. (The reading end is closed before
    the command starts, so every write meets a closed pipe: no race.)"""
    import os
    import subprocess
    import sys

    read_end, write_end = os.pipe()
    os.close(read_end)
    command = [sys.executable, "-m", "game", "solve", "elephant-run", "--start", "--json"]
    try:
        done = subprocess.run(command, stdout=write_end, stderr=subprocess.PIPE, timeout=120, check=False)
    finally:
        os.close(write_end)
    error = done.stderr.decode()
    assert "Traceback" not in error and "BrokenPipe" not in error, error
    assert done.returncode == 1
