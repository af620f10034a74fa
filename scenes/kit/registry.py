"""Which board view draws which game: the scenes' counterpart of ``game/register.py``.

Views are named by "module:Class" and imported lazily, so one game's view module failing to import
(or still being written) never takes the menu or the other games down with it; the menu asks
:func:`has_view` before offering a game.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.core import GameInfo, GameState
    from game.match import Match, ViewSource
    from scenes.kit.board_view import BoardView

_VIEWS: dict[str, str | type] = {
    "elephant-run": "scenes.games.elephant_run:ElephantRunView",
    "epaminondas": "scenes.games.epaminondas:EpaminondasView",
    "elasta": "scenes.games.elasta:ElastaView",
    "changing-challenges": "scenes.games.changing_challenges:ChangingChallengesView",
    "nelaxtam": "scenes.games.nelaxtam:NelaxtamView",
}
_resolved: dict[str, type | None] = {}


def register_view(game_id: str, view: str | type) -> None:
    """Add or replace a view (tests register toy views this way)."""
    _VIEWS[game_id] = view
    _resolved.pop(game_id, None)


def unregister_view(game_id: str) -> None:
    """Remove a view registered by :func:`register_view` (a test's toy view, when the test ends)."""
    _VIEWS.pop(game_id, None)
    _resolved.pop(game_id, None)


def _resolve(game_id: str) -> type | None:
    if game_id in _resolved:
        return _resolved[game_id]
    target = _VIEWS.get(game_id)
    cls: type | None
    if target is None:
        cls = None
    elif isinstance(target, type):
        cls = target
    else:
        module_name, _, class_name = target.partition(":")
        try:
            cls = getattr(importlib.import_module(module_name), class_name)
        except (ImportError, AttributeError):
            cls = None
    _resolved[game_id] = cls
    return cls


def has_view(game_id: str) -> bool:
    """Whether a board view exists (and imports) for this game id."""
    return _resolve(game_id) is not None


def view_ids() -> list[str]:
    return [game_id for game_id in _VIEWS if has_view(game_id)]


def make_view(match: ViewSource[GameState], settings: Any = None) -> BoardView:
    """The board view for ``match``'s game (a live match, a review's past, a picture's snapshot).
    Raises KeyError naming the game if there is none."""
    cls = _resolve(match.game.id)
    if cls is None:
        raise KeyError(f"no board view for game '{match.game.id}'")
    return cls(match, settings)


def demo_match(game_id: str, stage: str) -> Match:
    """The view module's own demo match at ``stage`` ("setup", "mid", "end"), for screenshots and
    the smoke run. Raises KeyError naming the game if it has no view."""
    target = _VIEWS.get(game_id)
    if target is None or not has_view(game_id):
        raise KeyError(f"no board view for '{game_id}'")
    module = target.__module__ if isinstance(target, type) else target.partition(":")[0]
    factory = getattr(importlib.import_module(module), "demo_match", None)
    if factory is None:
        raise KeyError(f"the view of '{game_id}' has no demo match")
    result: Match = factory(stage)
    return result


def playable_games() -> list[GameInfo]:
    """Registered games that also have a board view (a game without one cannot be played yet)."""
    from game.register import all_games

    return [info for info in all_games() if has_view(info.id)]
