"""Lesson progress beside other writers (issue #27): a progress file from a newer version is read but
never written over (byte for byte the same after stars are earned, the player told once), and every
write keeps the best of what is on disk and in memory, so a second copy of the app on the same
folder, or an older reader, loses no one's stars."""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from saves.progress import FORMAT, PROGRESS_FILE, VERSION, Progress

NEWER = {
    "format": FORMAT,
    "version": VERSION + 1,
    "games": {"elephant-run": {"eat": 2, "jump": {"stars": 3, "time": 41}}, "elasta": {"band": 3}},
    "streaks": {"days": 12},
}


def write_newer(root: Path) -> bytes:
    content = (json.dumps(NEWER, indent=3) + "\n").encode("utf-8")
    root.mkdir(parents=True, exist_ok=True)
    (root / PROGRESS_FILE).write_bytes(content)
    return content


def test_a_newer_versions_file_is_read_as_far_as_understood_and_never_written(tmp_path: Path) -> None:
    original = write_newer(tmp_path)
    progress = Progress(tmp_path)
    assert progress.stars("elasta", "band") == 3 and progress.stars("elephant-run", "eat") == 2
    assert progress.stars("elephant-run", "jump") == 0  # a shape this version does not know: skipped
    assert progress.newer and not progress.writable
    assert progress.message is not None and "newer version" in progress.message
    assert progress.aside is None
    assert progress.record("elephant-run", "eat", 3)
    assert progress.record("nelaxtam", "invade", 1)
    assert progress.stars("elephant-run", "eat") == 3  # kept in memory for this session
    assert (tmp_path / PROGRESS_FILE).read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == [PROGRESS_FILE]  # nothing aside, no temp files


def test_a_newer_file_written_while_the_app_runs_is_not_overwritten(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    assert progress.record("elasta", "band", 1)
    original = write_newer(tmp_path)  # a newer copy of the app wrote meanwhile
    assert progress.record("elasta", "band", 2)
    assert (tmp_path / PROGRESS_FILE).read_bytes() == original
    assert progress.newer and not progress.writable
    assert progress.stars("elasta", "band") == 3  # the newer file's best was read in too


@pytest.mark.parametrize("version", [VERSION, 0, "2", True, None])
def test_only_a_whole_number_above_ours_counts_as_newer(tmp_path: Path, version: Any) -> None:
    data = {"format": FORMAT, "version": version, "games": {"elasta": {"band": 1}}}
    (tmp_path / PROGRESS_FILE).write_text(json.dumps(data), encoding="utf-8")
    progress = Progress(tmp_path)
    assert progress.stars("elasta", "band") == 1 and not progress.newer
    assert progress.record("elasta", "band", 2)
    assert json.loads((tmp_path / PROGRESS_FILE).read_text(encoding="utf-8"))["version"] == VERSION


def test_every_write_keeps_the_stars_another_copy_wrote_meanwhile(tmp_path: Path) -> None:
    first, second = Progress(tmp_path), Progress(tmp_path)
    assert first.stars("elasta", "band") == 0 and second.stars("elasta", "band") == 0  # both read now
    assert first.record("elasta", "band", 2)
    assert second.record("elasta", "band", 1)  # its worse result never lowers the first copy's
    assert second.stars("elasta", "band") == 2
    assert second.record("nelaxtam", "invade", 3)  # would once have dropped the first copy's star
    assert first.record("epaminondas", "phalanx", 1)
    on_disk = Progress(tmp_path)
    assert on_disk.stars("elasta", "band") == 2
    assert on_disk.stars("nelaxtam", "invade") == 3
    assert on_disk.stars("epaminondas", "phalanx") == 1
    assert first.stars("nelaxtam", "invade") == 3  # what the other copy earned now shows here too


def test_a_file_damaged_while_the_app_runs_is_kept_aside_not_overwritten(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    assert progress.record("elasta", "band", 1)
    (tmp_path / PROGRESS_FILE).write_text("{broken", encoding="utf-8")
    assert progress.record("elasta", "band", 2)
    assert progress.aside is not None and progress.aside.read_text(encoding="utf-8") == "{broken"
    assert Progress(tmp_path).stars("elasta", "band") == 2


# -- through the app: a lesson finished on a newer version's file ----------------------------------
@pytest.fixture
def one_lesson(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from game.lessons import Lesson, Step

    lesson = Lesson(
        id="toy-step",
        title="Step",
        rule="Moving",
        intro="One step.",
        learner="elephant",
        position="F....F/....../..E.../FF..FF e",
        steps=(Step(say="Step to d3.", accept=("c2-d3",)),),
    )
    module = types.ModuleType("game.elephant_run.lessons")
    module.LESSONS = (lesson,)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "game.elephant_run.lessons", module)
    yield


def test_the_app_tells_once_and_leaves_a_newer_file_byte_identical(app: Any, one_lesson: None) -> None:
    import pygame

    from game.register import get
    from scenes.kit.board_view import ViewAction

    original = write_newer(app.data_dir)
    app.settings.animation_speed = "off"
    info = get("elephant-run")
    app.goto("menu")
    app.open("lessons", info)
    scene = app.open("lesson", info, 0)
    for _ in range(3):
        app.step(pygame.event.get(), 1 / 60)
    scene._apply(ViewAction.play(scene.learner, scene.run.state.parse_move(scene.learner, "c2-d3")))
    for _ in range(200):
        app.step([], 0.05)
        if scene.completed:
            break
    assert scene.completed and scene.run.stars >= 1
    assert app.progress.stars("elephant-run", "toy-step") == scene.run.stars
    assert (app.data_dir / PROGRESS_FILE).read_bytes() == original
    told = [text for text, _seconds in app.toasts if "newer version" in text]
    assert len(told) == 1
