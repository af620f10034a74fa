"""The one table of screens: which class answers to which name.

Screens ask the app for each other by name (``app.goto("menu")``, ``app.open("load")``,
``app.open_match(match)``), so none of them imports another; this module is the only place that
knows them all, and :func:`new_app` is how the program, the developer modes and the tests get an
app that can navigate, with its services (:mod:`scenes.services`: the data folder, the settings, the
AI processes) built here and handed to it.
"""

from __future__ import annotations

from pathlib import Path

from scenes.kit.app import DEFAULT_SIZE, App, ScreenFactory
from scenes.services import FolderServices
from scenes.shell.credits import CreditsScreen
from scenes.shell.load import LoadScreen
from scenes.shell.match.scene import MatchScene
from scenes.shell.menu import MainMenuScene
from scenes.shell.new_game import NewGameScene
from scenes.shell.pause import PauseScene
from scenes.shell.records import RecordsScreen
from scenes.shell.settings import SettingsScreen
from scenes.shell.statistics import StatisticsScreen
from scenes.shell.tutorial import LessonScreen, LessonsScreen, PracticeScreen
from scenes.shell.unsaved import UnsavedScene

SCREENS: dict[str, ScreenFactory] = {
    "menu": MainMenuScene,  # ()
    "new-game": NewGameScene,  # (info: GameInfo)
    "load": LoadScreen,  # ()
    "records": RecordsScreen,  # (): game records to look through, opened from the load screen
    "settings": SettingsScreen,  # ()
    "credits": CreditsScreen,  # ()
    "statistics": StatisticsScreen,  # (): your record against the computer, per game and level
    "pause": PauseScene,  # (match_scene)
    "match": MatchScene,  # (match: Match)
    "lessons": LessonsScreen,  # (info: GameInfo)
    "lesson": LessonScreen,  # (info: GameInfo, index: int)
    "practice": PracticeScreen,  # (match: Match, analysis: Analysis, players): practise your mistakes
    "unsaved": UnsavedScene,  # (sentence: str): asked by App.quit over moves it could not save
}


def new_app(data_dir: Path | None = None, size: tuple[int, int] | None = DEFAULT_SIZE) -> App:
    """An app with every screen registered (opens the window; ``size`` None: fitted to the screen or
    as the player left it, see :class:`~scenes.kit.app.App`)."""
    return App(FolderServices(data_dir), size=size, screens=SCREENS)
