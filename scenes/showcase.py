"""Every screen of the app in a representative state, by name: for --smoke, --screenshot and tests.

A showcase never invents data behind the player's back: the load screen shows whatever the data
directory holds. Only when asked (``demo_saves=True``) *and* the store is empty does it write a few
example saves (and one deliberately damaged file) so the load screen can be judged in a screenshot.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.match import Match
    from scenes.base import App

SCENES: tuple[str, ...] = (
    "menu",
    "new-game",
    "load",
    "settings",
    "pause",
    "help",
    "match-setup",
    "match-mid",
    "match-end",
)
MATCH_SCENES: frozenset[str] = frozenset({"pause", "match-setup", "match-mid", "match-end"})
"""Scenes that put a demo match on screen (which the match scene autosaves when it leaves)."""

DEMO_GAME = "elephant-run"


class ShowcaseUnavailable(RuntimeError):
    """The scene cannot be shown yet (its module is missing); smoke runs report it as skipped."""


def demo_match(stage: str) -> Match:
    """A match at ``stage`` ("setup", "mid", "end"): the game view's own demo if it has one,
    else a seeded random playout, so the showcase works before any view-specific demo exists."""
    try:
        from scenes.elephant_run import demo_match as view_demo
    except ImportError:
        view_demo = None
    if view_demo is not None:
        return view_demo(stage)
    from game.match import Match

    match = Match(DEMO_GAME)
    rng = random.Random(7)
    turns = {"setup": 0, "mid": 8, "end": 10_000}[stage]
    while len(match.turns) < turns and not match.over:
        state = match.state
        match.play_text(state.turn_to_text({p: state.random_move(p, rng) for p in state.to_move()}))
    return match


def _first_game():
    from scenes.menu import playable_games

    games = playable_games()
    if not games:
        raise ShowcaseUnavailable("no playable game is registered")
    for info in games:
        if info.id == DEMO_GAME:
            return info
    return games[0]


def _match_scene(app: App, stage: str):
    try:
        from scenes.match_scene import MatchScene
    except ImportError as exc:
        raise ShowcaseUnavailable(f"the match scene is not available ({exc})") from None
    try:
        return MatchScene(app, demo_match(stage))
    except (ImportError, KeyError) as exc:
        raise ShowcaseUnavailable(f"the board view is not available ({exc})") from None


def make_demo_saves(app: App) -> int:
    """Write example saves into an *empty* store (returns how many files were written)."""
    from game.match import AI, HUMAN, Seat

    store = app.store
    if store.entries():
        return 0
    written = 0
    mid = demo_match("mid")
    store.save(mid)
    written += 1
    vs_ai = demo_match("mid")
    players = vs_ai.game.players
    vs_ai.seats = {players[0]: Seat(HUMAN), players[1]: Seat(AI, "normal")}
    store.autosave(vs_ai)
    written += 1
    end = demo_match("end")
    store.save(end, label="A finished game")
    written += 1
    store.saves_dir.mkdir(parents=True, exist_ok=True)
    (store.saves_dir / "damaged-example.json").write_text(
        '{"format": "curio-boards-save", "match": {"ga', encoding="utf-8"
    )
    return written + 1


def build(app: App, name: str, *, demo_saves: bool = False) -> None:
    """Replace the app's stack with scene ``name`` in a representative state.

    Raises ValueError for an unknown name and ShowcaseUnavailable when its module is missing."""
    from scenes.menu import MainMenuScene

    if name not in SCENES:
        raise ValueError(f"unknown scene '{name}' (scenes: {', '.join(SCENES)})")
    builders: dict[str, Callable[[], None]] = {
        "menu": lambda: app.reset_to(MainMenuScene(app)),
        "new-game": lambda: _new_game(app),
        "load": lambda: _load(app, demo_saves),
        "settings": lambda: _settings(app),
        "pause": lambda: _pause(app),
        "help": lambda: _help(app),
        "match-setup": lambda: _match(app, "setup"),
        "match-mid": lambda: _match(app, "mid"),
        "match-end": lambda: _match(app, "end"),
    }
    builders[name]()


def _new_game(app: App) -> None:
    from scenes.menu import MainMenuScene
    from scenes.new_game import NewGameScene

    app.reset_to(MainMenuScene(app))
    app.push(NewGameScene(app, _first_game()))


def _load(app: App, demo_saves: bool) -> None:
    from scenes.load_screen import LoadScreen
    from scenes.menu import MainMenuScene

    if demo_saves:
        make_demo_saves(app)
    app.reset_to(MainMenuScene(app))
    app.push(LoadScreen(app))


def _settings(app: App) -> None:
    from scenes.menu import MainMenuScene
    from scenes.settings_screen import SettingsScreen

    app.reset_to(MainMenuScene(app))
    app.push(SettingsScreen(app))


def _pause(app: App) -> None:
    from scenes.menu import MainMenuScene
    from scenes.pause import PauseScene

    scene = _match_scene(app, "mid")
    app.reset_to(MainMenuScene(app))
    app.push(scene)
    app.push(PauseScene(app, scene))


def _help(app: App) -> None:
    from scenes.menu import MainMenuScene

    menu = MainMenuScene(app)
    app.reset_to(menu)
    menu.refresh()
    menu.show_rules(_first_game())


def _match(app: App, stage: str) -> None:
    from scenes.menu import MainMenuScene

    scene = _match_scene(app, stage)
    app.reset_to(MainMenuScene(app))
    app.push(scene)
