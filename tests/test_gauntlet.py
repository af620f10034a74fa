"""The gauntlet (issue #30): styles of play written from the rules, seated against the levels by the
ladder's runner, its table and its files.

Each style must play only legal moves from any position it meets, both sides, the setup included;
its games are deterministic for a seed; the command prints every style's score and each level's worst.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.gauntlet import gauntlet_jobs
from game.ladder import run_job
from game.register import all_games, get
from game.styles import styles_for

ROOT = Path(__file__).resolve().parents[1]
GAMES_WITH_STYLES = [info.id for info in all_games() if info.styles is not None]


def test_every_game_with_a_gauntlet_has_six_styles_with_a_line_each() -> None:
    assert "elephant-run" in GAMES_WITH_STYLES
    for game_id in GAMES_WITH_STYLES:
        styles = styles_for(get(game_id))
        assert len(styles) >= 6, game_id
        names = [s.name for s in styles]
        assert len(set(names)) == len(names)
        assert all(s.line and len(s.line) < 140 for s in styles)


@pytest.mark.parametrize("game_id", GAMES_WITH_STYLES)
def test_styles_play_only_legal_moves_on_both_sides(game_id: str) -> None:
    """Random games in which a style plays each side in turn: every move it answers is legal."""
    info = get(game_id)
    rng = random.Random(30)
    for style in styles_for(info):
        for _game in range(2):
            state = info.new_state()
            past: list[dict[str, object]] = []
            for _ in range(60):
                if state.over:
                    break
                turn = {}
                for player in state.to_move():
                    if rng.random() < 0.5:
                        move = style.choose(state, player, random.Random(rng.getrandbits(32)), past)
                        state.check_move(player, move)  # raises for an illegal move
                    else:
                        move = state.random_move(player, rng)
                    turn[player] = move
                past.append(turn)
                state = state.apply_turn(turn)


VARIANTS = [
    ("elasta", {"tokens": "on"}),
    ("nelaxtam", {"quiet": "on"}),
    ("nelaxtam", {"size": "8", "sea": "5"}),
]


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_styles_play_the_variants(game_id: str, options: dict[str, str]) -> None:
    """What the default game never reaches: Elasta's token sub-turn, Nelaxtam's quiet orders and small
    board with every troop by sea. Each style plays both sides against itself; every move is legal."""
    info = get(game_id)
    assert info.styles is not None
    rng = random.Random(31)
    for style in styles_for(info):
        state = info.new_state(options)
        past: list[dict[str, object]] = []
        for _ in range(40):
            if state.over:
                break
            turn = {}
            for player in state.to_move():
                move = style.choose(state, player, random.Random(rng.getrandbits(32)), past)
                state.check_move(player, move)  # raises for an illegal move
                turn[player] = move
            past.append(turn)
            state = state.apply_turn(turn)


def test_a_styles_game_is_the_same_for_a_seed() -> None:
    job = gauntlet_jobs(get("elephant-run"), ["easy"], 1, seed=5, only=["careful"])[0]
    first, second = run_job(job), run_job(job)
    assert (first.winner, first.turns, first.reason) == (second.winner, second.turns, second.reason)


def test_the_gauntlet_command_tables_every_style_and_merges(tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "gauntlet",
            "elephant-run",
            "--level",
            "easy",
            "--style",
            "rusher",
            "--style",
            "random",
            "-n",
            "2",
            "--clock",
            "cpu",
            "-q",
            "--json",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert "rusher" in done.stdout and "random" in done.stdout and "easy: worst" in done.stdout
    document = json.loads(out.read_text())
    assert len(document["results"]) == 4 and document["finished"]
    merged = subprocess.run(
        [sys.executable, "-m", "game", "gauntlet", "elephant-run", "--merge", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert merged.returncode == 0, merged.stderr
    assert "easy: worst" in merged.stdout


def test_an_unknown_style_is_told_not_crashed() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "gauntlet", "elephant-run", "--style", "nosuch", "-n", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "no style 'nosuch'" in done.stderr and "Traceback" not in done.stderr


def test_the_budget_scale_reaches_the_levels_and_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """How a level holds as it thinks longer is a gauntlet question too (issue #30: hard's
    exploitability must fall as its budget grows); the file must say which budget it measured."""
    import dataclasses

    from game import ai, clock
    from game.cli import main

    seen: list[float | None] = []
    real = ai.get

    def spy(game_id: str):  # type: ignore[no-untyped-def]
        info = real(game_id)

        def think(state, player, level, rng, limit):  # type: ignore[no-untyped-def]
            seen.append(limit.time)
            return info.ai(state, player, level, rng, limit)

        return dataclasses.replace(info, ai=think)

    monkeypatch.setattr(ai, "get", spy)
    out = tmp_path / "g.json"
    argv = ["gauntlet", "elephant-run", "--level", "easy", "--style", "rusher", "-n", "1"]
    assert main([*argv, "--budget-scale", "0.5", "-q", "--json", str(out)]) == 0
    assert seen and all(t == pytest.approx(ai.BUDGET_SECONDS["easy"] * 0.5) for t in seen)
    assert "every budget times 0.5" in capsys.readouterr().out
    assert json.loads(out.read_text(encoding="utf-8"))["settings"]["budget_scale"] == 0.5
    assert clock.scale == 1.0  # undone after
    assert main([*argv, "--budget-scale", "0"]) == 2
    assert "--budget-scale must be above 0" in capsys.readouterr().err
