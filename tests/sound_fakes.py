"""Test doubles for sound: a mixer that records what would be heard, and a computer that answers at
once (so whole games run in a second, deterministic, without a worker process)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.match import Match
from game.worker import AIResult
from scenes.kit.sound import load_table


class FakeMixer:
    """Records the device opening and each sound played (by file name), never touches audio."""

    def __init__(self, fail_open: Exception | None = None) -> None:
        self.fail_open = fail_open
        self.opened = 0
        self.closed = 0
        self.stopped = 0
        self.loaded: list[str] = []
        self.plays: list[tuple[str, float]] = []

    def open(self) -> None:
        self.opened += 1
        if self.fail_open is not None:
            raise self.fail_open

    def load(self, path: Path) -> str:
        data = path.read_bytes()
        if not data.startswith(b"RIFF"):
            raise ValueError("not a WAV file")
        self.loaded.append(path.name)
        return path.name

    def play(self, sound: Any, volume: float) -> None:
        self.plays.append((sound, volume))

    def stop(self) -> None:
        self.stopped += 1

    def close(self) -> None:
        self.closed += 1

    @property
    def heard(self) -> list[str]:
        """The files played, in order."""
        return [name for name, _ in self.plays]


def files_of(events: list[str]) -> list[str]:
    """The files the real table plays for ``events`` (what a :class:`FakeMixer` records)."""
    table = load_table()
    return [table[event] for event in events]


Policy = Callable[[Any, str, random.Random], Any]


def random_policy(state: Any, player: str, rng: random.Random) -> Any:
    return state.random_move(player, rng)


class InlineWorker:
    """The app's AI worker, answered in the same process on the next poll by ``policy`` (seeded)."""

    def __init__(self, policy: Policy = random_policy, seed: int = 7) -> None:
        self.policy = policy
        self.rng = random.Random(seed)
        self._next = 0
        self._answer: AIResult | None = None

    def request(self, record: dict[str, Any], player: str, level: str, seed: int) -> int:
        state = Match.from_record(record).state
        move = self.policy(state, player, self.rng)
        self._next += 1
        self._answer = AIResult(self._next, state.move_to_text(player, move), None, 0.0)
        return self._next

    def poll(self) -> AIResult | None:
        answer, self._answer = self._answer, None
        return answer

    def cancel(self) -> None:
        self._answer = None

    def close(self) -> None:
        self._answer = None
