"""Shared test set-up: headless SDL, an isolated data dir, and the toy games for contract tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test may touch a real user's saves or settings."""
    monkeypatch.setenv("CURIO_BOARDS_DATA_DIR", str(tmp_path_factory.mktemp("curio-data")))


@pytest.fixture(autouse=True)
def _fresh_elasta_ledger() -> Iterator[None]:
    """Elasta's hard keeps the mixtures it played in a process-wide ledger (its trust in its belief
    is bought by the opponent's gifts), so one test's decisions must not become another's history."""
    from game.elasta import ledger

    ledger.forget()
    yield
    ledger.forget()


@pytest.fixture
def toy_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register the toy games (Nim, pennies) beside the real ones for the duration of a test."""
    from game import register
    from tests.toy_games import NIM, PENNIES

    games = {g.id: g for g in register.all_games()}
    games.update({NIM.id: NIM, PENNIES.id: PENNIES})
    monkeypatch.setattr(register, "_GAMES", games)
    yield


@pytest.fixture
def app(tmp_path: Path) -> Iterator[object]:
    """A real App on the dummy video driver with its own data dir."""
    from scenes.routes import new_app

    application = new_app(data_dir=tmp_path)
    yield application
    application.shutdown()
