"""Learning to play: the lessons list of a game and the lesson screen that runs any game's lessons
(``app.open("lessons", info)``, ``app.open("lesson", info, index)``), and the practice of a game's
mistakes on the same panel (``app.open("practice", match, analysis, players)``)."""

from scenes.shell.tutorial.lesson import LessonScreen
from scenes.shell.tutorial.lessons_list import LessonsScreen
from scenes.shell.tutorial.practice import PracticeScreen

__all__ = ["LessonScreen", "LessonsScreen", "PracticeScreen"]
