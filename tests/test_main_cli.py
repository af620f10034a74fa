"""main.py's command line: smoke run, screenshots, and clear errors (exit 2) for bad arguments."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_main(*args: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_smoke_opens_every_scene(tmp_path: Path) -> None:
    result = run_main("--smoke", "--data-dir", str(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "smoke: menu" in result.stdout and "FAILED" not in result.stdout + result.stderr


def test_screenshot_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "menu.png"
    result = run_main("--data-dir", str(tmp_path), "--size", "1024x640", "--screenshot", "menu", str(out))
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_size_is_a_clear_error() -> None:
    result = run_main("--size", "banana")
    assert result.returncode == 2
    assert "not a size like 1280x800" in result.stderr and "Traceback" not in result.stderr


def test_unknown_scene_lists_the_valid_ones(tmp_path: Path) -> None:
    result = run_main("--screenshot", "lobby", str(tmp_path / "x.png"))
    assert result.returncode == 2
    assert "unknown scene 'lobby'" in result.stderr and "match-mid" in result.stderr
    assert "Traceback" not in result.stderr


def test_screenshot_needs_a_png_name_and_unknown_flags_fail(tmp_path: Path) -> None:
    assert run_main("--screenshot", "menu", str(tmp_path / "x.jpg")).returncode == 2
    result = run_main("--frobnicate")
    assert result.returncode == 2 and "unrecognized arguments" in result.stderr
    assert run_main("--smoke", "--bench").returncode == 2


def test_screenshot_names_take_a_game_suffix() -> None:
    from scenes.dev.showcase import all_names, split_name

    assert split_name("match-mid") == ("match-mid", "elephant-run")
    assert split_name("match-end:epaminondas") == ("match-end", "epaminondas")
    assert "match-mid:epaminondas" in all_names()
    for bad in ("match-mid:chess", "menu:epaminondas", "nowhere"):
        with pytest.raises(ValueError):
            split_name(bad)


def test_bench_prints_figures_and_leaves_the_players_saves_alone(tmp_path: Path) -> None:
    env_dir = tmp_path / "player-data"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["CURIO_BOARDS_DATA_DIR"] = str(env_dir)
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--bench"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    assert "start-up to first menu frame:" in result.stdout and "anim_elephant-run_p99_ms" in result.stdout
    assert "idle CPU per screen" in result.stdout and "match nelaxtam vs computer" in result.stdout
    assert not (env_dir / "autosave").exists()
