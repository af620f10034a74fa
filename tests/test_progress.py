"""Lesson progress on disk (saves/progress.py): best stars kept, atomic writes, and every damaged or
hostile file met without a crash, started afresh, and kept aside rather than overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saves.progress import FORMAT, PROGRESS_FILE, Progress


def write(root: Path, content: str | bytes) -> Path:
    path = root / PROGRESS_FILE
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def test_no_file_is_no_progress_and_writes_nothing(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    assert progress.stars("elephant-run", "eat") == 0
    assert not progress.started("elephant-run")
    assert progress.summary("elephant-run", ["eat", "jump"]) == (0, 0)
    assert progress.message is None
    assert list(tmp_path.iterdir()) == []


def test_best_stars_are_kept_and_survive_a_new_reader(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    assert progress.record("elephant-run", "eat", 2)
    assert not progress.record("elephant-run", "eat", 1)  # a worse result never replaces a better one
    assert progress.record("elephant-run", "eat", 3)
    assert progress.record("elasta", "band", 1)
    again = Progress(tmp_path)
    assert again.stars("elephant-run", "eat") == 3
    assert again.summary("elephant-run", ["eat", "jump"]) == (1, 3)
    assert again.started("elasta") and not again.started("nelaxtam")
    data = json.loads((tmp_path / PROGRESS_FILE).read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["games"]["elephant-run"] == {"eat": 3}
    assert [p.name for p in tmp_path.iterdir()] == [PROGRESS_FILE]  # no temporary files left behind


def test_stars_out_of_range_are_clamped_and_bad_ids_refused(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    progress.record("epaminondas", "phalanx", 9)
    assert progress.stars("epaminondas", "phalanx") == 3
    with pytest.raises(ValueError):
        progress.record("../../etc", "x", 3)
    with pytest.raises(ValueError):
        progress.record("epaminondas", "", 3)


HOSTILE = {
    "truncated": '{"format": "curio-boards-progress", "games": {"elephant-run": {"eat": 3',
    "not json": "stars: lots",
    "empty": "",
    "a list": "[1, 2, 3]",
    "someone else's file": '{"format": "curio-boards-save", "games": {}}',
    "games not an object": '{"format": "curio-boards-progress", "games": [1]}',
    "too many stars": '{"format": "curio-boards-progress", "games": {"elasta": {"a": 7}}}',
    "negative stars": '{"format": "curio-boards-progress", "games": {"elasta": {"a": -1}}}',
    "stars as text": '{"format": "curio-boards-progress", "games": {"elasta": {"a": "3"}}}',
    "stars as true": '{"format": "curio-boards-progress", "games": {"elasta": {"a": true}}}',
    "stars as float": '{"format": "curio-boards-progress", "games": {"elasta": {"a": 2.5}}}',
    "a huge number": '{"format": "curio-boards-progress", "games": {"elasta": {"a": ' + "9" * 5000 + "}}}",
    "NaN": '{"format": "curio-boards-progress", "games": {"elasta": {"a": NaN}}}',
    "deep nesting": '{"format": "curio-boards-progress", "games": ' + "[" * 5000 + "]" * 5000 + "}",
    "a path as an id": '{"format": "curio-boards-progress", "games": {"../x": {"a": 1}}}',
    "a lone surrogate id": '{"format": "curio-boards-progress", "games": {"\\ud800": {"a": 1}}}',
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_damaged_or_hostile_file_starts_afresh_and_is_kept_aside(tmp_path: Path, name: str) -> None:
    original = HOSTILE[name]
    write(tmp_path, original)
    progress = Progress(tmp_path)
    assert progress.stars("elasta", "a") == 0
    assert progress.message is not None and "starts afresh" in progress.message
    assert progress.aside is not None and progress.aside.read_text(encoding="utf-8") == original
    assert not (tmp_path / PROGRESS_FILE).exists()
    assert progress.record("elasta", "a", 2)  # a fresh file beside the kept one
    assert Progress(tmp_path).stars("elasta", "a") == 2
    assert progress.aside.read_text(encoding="utf-8") == original


def test_bytes_that_are_not_text_and_oversized_files(tmp_path: Path) -> None:
    write(tmp_path, b"\xff\xfe\x00garbage")
    progress = Progress(tmp_path)
    assert progress.games == {} and progress.aside is not None
    write(tmp_path, b" " * (300 * 1024) + b"{}")
    big = Progress(tmp_path)
    assert big.games == {} and big.message is not None and "too large" in big.message


def test_a_folder_in_the_files_place(tmp_path: Path) -> None:
    (tmp_path / PROGRESS_FILE).mkdir()
    progress = Progress(tmp_path)
    assert progress.games == {}
    assert progress.aside is not None and progress.aside.is_dir()
    assert progress.record("nelaxtam", "invade", 3)
    assert Progress(tmp_path).stars("nelaxtam", "invade") == 3


def test_two_damaged_files_in_a_row_are_both_kept(tmp_path: Path) -> None:
    write(tmp_path, "first")
    first = Progress(tmp_path)
    assert first.games == {}
    write(tmp_path, "second")
    second = Progress(tmp_path)
    assert second.games == {}
    assert first.aside != second.aside
    assert {p.read_text(encoding="utf-8") for p in tmp_path.glob("progress.damaged-*")} == {"first", "second"}


def test_a_disk_that_refuses_the_write_raises_oserror_and_keeps_the_stars_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be", encoding="utf-8")
    progress = Progress(blocker)
    with pytest.raises(OSError):
        progress.record("elephant-run", "eat", 2)
    assert progress.stars("elephant-run", "eat") == 2
