"""The stars of "Practise your mistakes" kept (saves/practice_stars.py, issue #32): on disk as the lesson
stars are (best kept, two copies merged at every write, a damaged file kept aside and said once, a
newer version's file left alone), and through the real practice screen: a second visit, in a new app
on the same data folder, shows the stars kept at each position."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.analysis import Analysis
from game.match import Match
from saves.practice_stars import FORMAT, PRACTICE_FILE, PracticeStars, position_id
from saves.progress import Progress
from scenes.shell.tutorial.practice import PracticeScreen
from scenes.shell.tutorial.practice_panel import BEST_HERE
from tests.scene_driver import DT, click_element, key
from tests.test_practice_scene import enter, open_practice, reviewed, short_game

__all__ = ["short_game"]  # the module's fixture, shared


# -- on disk ----------------------------------------------------------------------------------------
def test_position_ids_name_the_game_the_moves_and_who_moved(tmp_path: Path) -> None:
    one = position_id({}, ["a", "b"], "white")
    assert len(one) == 16 and int(one, 16) >= 0
    assert one == position_id({}, ("a", "b"), "white")  # the same position, however it is given
    others = {
        position_id({"size": "9"}, ["a", "b"], "white"),
        position_id({}, ["a", "c"], "white"),
        position_id({}, ["a"], "white"),
        position_id({}, ["a", "b"], "black"),
    }
    assert one not in others and len(others) == 4


def test_best_stars_are_kept_in_their_own_file(tmp_path: Path) -> None:
    stars = PracticeStars(tmp_path)
    assert stars.stars("elasta", "0123456789abcdef") == 0
    assert list(tmp_path.iterdir()) == []  # reading writes nothing
    assert stars.record("elasta", "0123456789abcdef", 2)
    assert not stars.record("elasta", "0123456789abcdef", 1)  # a worse round never replaces a better
    assert PracticeStars(tmp_path).stars("elasta", "0123456789abcdef") == 2
    data = json.loads((tmp_path / PRACTICE_FILE).read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["games"] == {"elasta": {"0123456789abcdef": 2}}
    assert Progress(tmp_path).stars("elasta", "0123456789abcdef") == 0  # not the lessons' stars
    with pytest.raises(ValueError):
        stars.record("elasta", "../../x", 3)


def test_two_copies_of_the_app_lose_nothing(tmp_path: Path) -> None:
    first, second = PracticeStars(tmp_path), PracticeStars(tmp_path)
    assert first.stars("elasta", "aaaa") == 0 and second.stars("elasta", "aaaa") == 0  # both read now
    assert first.record("elasta", "aaaa", 3)
    assert second.record("elasta", "aaaa", 2)  # better than it knew, worse than the file's
    assert second.stars("elasta", "aaaa") == 3  # the other copy's best, read back at the write
    assert second.record("elasta", "bbbb", 1)  # would drop the first copy's stars without the merge
    on_disk = PracticeStars(tmp_path)
    assert on_disk.stars("elasta", "aaaa") == 3 and on_disk.stars("elasta", "bbbb") == 1


@pytest.mark.parametrize(
    "content",
    [
        "{broken",
        json.dumps({"format": "curio-boards-progress", "version": 1, "games": {}}),  # the lessons' file
        json.dumps({"format": FORMAT, "version": 1, "games": {"elasta": {"aaaa": 7}}}),
        json.dumps({"format": FORMAT, "version": 1, "games": {"elasta": {"../x": 1}}}),
    ],
)
def test_a_damaged_file_is_kept_aside_and_said_once(tmp_path: Path, content: str) -> None:
    (tmp_path / PRACTICE_FILE).write_text(content, encoding="utf-8")
    stars = PracticeStars(tmp_path)
    assert stars.stars("elasta", "aaaa") == 0
    assert stars.message is not None and stars.message.startswith("Your practice stars could not be read (")
    assert stars.aside is not None and stars.aside.read_text(encoding="utf-8") == content
    assert stars.record("elasta", "aaaa", 1)  # a fresh file, the old one still aside
    assert PracticeStars(tmp_path).stars("elasta", "aaaa") == 1


def test_a_newer_versions_file_is_read_and_never_written(tmp_path: Path) -> None:
    text = json.dumps({"format": FORMAT, "version": 2, "games": {"elasta": {"aaaa": 2}}, "more": 1})
    (tmp_path / PRACTICE_FILE).write_text(text, encoding="utf-8")
    stars = PracticeStars(tmp_path)
    assert stars.stars("elasta", "aaaa") == 2 and stars.newer
    assert stars.record("elasta", "aaaa", 3) and stars.stars("elasta", "aaaa") == 3  # kept this session
    assert (tmp_path / PRACTICE_FILE).read_text(encoding="utf-8") == text
    assert stars.message is not None and "newer version" in stars.message


# -- through the practice screen -------------------------------------------------------------------
@pytest.fixture
def drawn_words(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every line of text the screens draw while the test runs."""
    from scenes.kit import style

    said: list[str] = []
    original = style.text

    def text(surface: Any, words: str, *args: Any, **kwargs: Any) -> Any:
        said.append(words)
        return original(surface, words, *args, **kwargs)

    monkeypatch.setattr(style, "text", text)
    yield said


def new_app(data_dir: Path) -> Any:
    from scenes.routes import new_app as make

    return make(data_dir=data_dir, size=(1024, 640))


def practise(app: Any, game: tuple[Match, Analysis]) -> PracticeScreen:
    match, analysis = game
    return open_practice(app, reviewed(app, match, analysis))


def words_now(app: Any, said: list[str]) -> list[str]:
    """What one drawn frame says."""
    said.clear()
    app.step([], DT)
    return list(said)


def test_a_second_visit_shows_the_kept_stars(
    tmp_path: Path, short_game: tuple[Match, Analysis], drawn_words: list[str]
) -> None:
    first = new_app(tmp_path)
    try:
        screen = practise(first, short_game)
        assert screen.kept == [0, 0, 0]
        assert BEST_HERE not in words_now(first, drawn_words)  # nothing kept yet: nothing said
        enter(first, screen, screen.positions[0].better_move())
        assert screen.stars[0] == 3
        click_element(first, screen.controls.buttons["next"])
        click_element(first, screen.controls.buttons["show"])  # the second: one star at most
        enter(first, screen, screen.positions[1].better_move())
        assert screen.stars[1] == 1
        key(first, pygame.K_ESCAPE)
        assert first.top is not screen  # left half-way: what was earned is kept already
    finally:
        first.shutdown()
    again = new_app(tmp_path)
    try:
        screen = practise(again, short_game)
        assert screen.kept == [3, 1, 0]
        assert BEST_HERE in words_now(again, drawn_words)  # at the first position: its three stars
        enter(again, screen, screen.positions[0].played)  # worse this time: the best stays
        click_element(again, screen.controls.buttons["show"])
        enter(again, screen, screen.positions[0].better_move())
        assert screen.stars[0] == 1
        for _ in range(3):
            click_element(again, screen.controls.buttons["next"])
        assert screen.done
        said = words_now(again, drawn_words)
        # the last page: this visit's stars, and the best kept where it is more
        assert {"Move 1 · best 3", "Move 3 · best 1", "Move 5"} <= set(said)
    finally:
        again.shutdown()
    kept = PracticeStars(tmp_path)
    assert sorted(kept.games[short_game[0].game.id].values()) == [1, 3]


def test_a_damaged_practice_file_is_said_once_kept_aside_and_started_afresh(
    tmp_path: Path, short_game: tuple[Match, Analysis]
) -> None:
    (tmp_path / PRACTICE_FILE).write_text("{not stars", encoding="utf-8")
    app = new_app(tmp_path)
    try:
        screen = practise(app, short_game)
        assert screen.kept == [0, 0, 0]
        told = [text for text, _ in app.toasts if text.startswith("Your practice stars could not be read")]
        assert len(told) == 1 and "kept as practice.damaged-" in told[0]
        enter(app, screen, screen.positions[0].better_move())
        assert screen.stars[0] == 3
        assert not any("could not be saved" in text for text, _ in app.toasts)
    finally:
        app.shutdown()
    aside = list(tmp_path.glob("practice.damaged-*.json"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{not stars"
    assert list(PracticeStars(tmp_path).games[short_game[0].game.id].values()) == [3]
