"""The register of games: the one list the menu, command line, saves and tests all read.

Menu order is the order below: the five games as Curio Boards presents them.

A sixth game is one new module plus one line in ``_MODULES``.
"""

from __future__ import annotations

import importlib

from game.core import GameInfo

_MODULES: tuple[str, ...] = (
    "game.elasta",
    "game.nelaxtam",
    "game.elephant_run",
    "game.epaminondas",
    "game.changing_challenges",
)


def _load() -> dict[str, GameInfo]:
    games: dict[str, GameInfo] = {}
    for name in _MODULES:
        info: GameInfo = importlib.import_module(name).GAME
        games[info.id] = info
    return games


_GAMES: dict[str, GameInfo] | None = None


def all_games() -> list[GameInfo]:
    """Registered games in menu order."""
    global _GAMES
    if _GAMES is None:
        _GAMES = _load()
    return list(_GAMES.values())


def get(game_id: str) -> GameInfo:
    """The game with this id, or a KeyError whose message lists the ids that exist."""
    for info in all_games():
        if info.id == game_id:
            return info
    known = ", ".join(g.id for g in all_games())
    raise KeyError(f"unknown game '{game_id}' (games: {known})")
