"""Learning to play: the lessons list of a game and the lesson screen that runs any game's lessons
(``app.open("lessons", info)``, ``app.open("lesson", info, index)``)."""

from scenes.shell.tutorial.lesson import LessonScreen
from scenes.shell.tutorial.lessons_list import LessonsScreen

__all__ = ["LessonScreen", "LessonsScreen"]
