"""Your record (issue #32, item 7): the store (counts, streaks, the last twenty, reset, a damaged or a
newer file, two copies writing at once) and the real screens: a game against the computer finished on
the match screen through real events counts once in every game, never again on a reload, a review or
an Undo-and-finish; the statistics screen shows the figures and resets after its question; the menu
card shows the line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.match import AI, HUMAN, Match, Seat
from game.worker import AIResult
from saves import statistics as stats
from saves.statistics import CHART, KEEP, STATISTICS_FILE, Statistics, record_lines, shared
from scenes.shell.match.results import counted_side, result_of
from scenes.shell.match.scene import MatchScene
from tests.gesture_driver import perform
from tests.scene_driver import DT, click_element, key, pump, settle, start

GAME = "elephant-run"


def play(store: Statistics, results: str, game: str = GAME, level: str = "normal", tag: str = "m") -> None:
    """Record ``results`` ("wdl" letters) as that many games with ids of their own."""
    words = {"w": "win", "d": "draw", "l": "loss"}
    for index, letter in enumerate(results):
        assert store.record_result(game, level, words[letter], f"{tag}{index:04d}")


# -- the store --------------------------------------------------------------------------------------
def test_counts_streaks_and_the_last_twenty(tmp_path: Path) -> None:
    store = Statistics(tmp_path)
    sequence = "wwwlwwwwdll" + "wlwdwwwlww" + "www"
    play(store, sequence)
    summary = store.summary(GAME, "normal")
    assert (summary.wins, summary.draws, summary.losses) == tuple(sequence.count(c) for c in "wdl")
    assert summary.games == len(sequence)
    run = max(len(part) for part in sequence.replace("d", "l").split("l"))
    assert summary.best == run
    tail = len(sequence) - len(sequence.rstrip("w"))
    assert (summary.streak, summary.streak_kind) == (tail, "win")
    words = {"w": "win", "d": "draw", "l": "loss"}
    assert summary.last == tuple(words[c] for c in sequence[-CHART:])
    # read back by a fresh reader: the same figures, and other levels and games untouched
    again = Statistics(tmp_path).summary(GAME, "normal")
    assert again == summary
    assert Statistics(tmp_path).summary(GAME, "hard").games == 0
    assert Statistics(tmp_path).summary("epaminondas", "normal").games == 0


def test_one_match_counts_once_and_bad_input_is_refused(tmp_path: Path) -> None:
    store = Statistics(tmp_path)
    assert store.record_result(GAME, "easy", "loss", "abc123")
    assert not store.record_result(GAME, "easy", "win", "abc123")  # its first ending counts
    assert not store.record_result(GAME, "hard", "win", "abc123")
    assert store.summary(GAME, "easy").losses == 1 and store.summary(GAME, "easy").games == 1
    for bad in (("../x", "easy", "win", "a1"), (GAME, "expert", "win", "a2"), (GAME, "easy", "won", "a3")):
        with pytest.raises(ValueError):
            store.record_result(*bad)
    assert store.summary(GAME, "easy").games == 1


def test_losing_streak_and_draws_in_words(tmp_path: Path) -> None:
    store = Statistics(tmp_path)
    play(store, "wwdlll")
    summary = store.summary(GAME, "normal")
    assert (summary.streak, summary.streak_kind, summary.best) == (3, "loss", 2)
    line = stats.record_line("normal", summary)
    assert line == "Against normal: 2 won, 1 drawn, 3 lost · streak 3 losses"
    assert record_lines(tmp_path, GAME)[0].startswith("Against normal: 2 won")


def test_reset_one_game_or_all_and_it_stays_reset_for_another_copy(tmp_path: Path) -> None:
    store = Statistics(tmp_path)
    play(store, "wwl")
    play(store, "dl", game="epaminondas", level="hard")
    other = Statistics(tmp_path)  # a second copy that read the file before the reset
    assert other.summary(GAME, "normal").games == 3
    store.reset(GAME)
    assert store.summary(GAME, "normal").games == 0
    assert store.summary("epaminondas", "hard").games == 2
    play(other, "w", tag="late")  # the other copy writes: the reset games must not come back
    fresh = Statistics(tmp_path)
    assert fresh.summary(GAME, "normal").games == 1
    assert fresh.summary("epaminondas", "hard").games == 2
    fresh.reset()
    assert Statistics(tmp_path).levels_played(GAME) == []
    assert Statistics(tmp_path).levels_played("epaminondas") == []


def test_two_copies_writing_lose_nothing(tmp_path: Path) -> None:
    first, second = Statistics(tmp_path), Statistics(tmp_path)
    first.games  # both read the (missing) file before either writes  # noqa: B018
    second.games  # noqa: B018
    play(first, "wwl", tag="a")
    play(second, "dd", tag="b")
    play(first, "l", tag="c")
    summary = Statistics(tmp_path).summary(GAME, "normal")
    assert (summary.games, summary.wins, summary.draws, summary.losses) == (6, 2, 2, 2)


def test_a_long_record_folds_its_oldest_results_into_counts(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(stats, "KEEP", 10)
    store = Statistics(tmp_path)
    sequence = "wwwwwwl" + "dlwlwlwlwlwl"
    play(store, sequence)
    summary = Statistics(tmp_path).summary(GAME, "normal")
    assert summary.games == len(sequence)
    assert (summary.wins, summary.draws, summary.losses) == tuple(sequence.count(c) for c in "wdl")
    assert summary.best == 6  # the run of six wins was folded, and still counts
    data = json.loads((tmp_path / STATISTICS_FILE).read_text())
    assert len(data["games"][GAME]["levels"]["normal"]["results"]) == 10
    assert KEEP >= CHART
    play(store, "l" + "w" * 12, level="hard", tag="h")  # a streak longer than what is kept one by one
    hard = Statistics(tmp_path).summary(GAME, "hard")
    assert (hard.streak, hard.streak_kind, hard.best, hard.games) == (12, "win", 12, 13)


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        '{"format": "curio-boards-statistics", "version": 1, "games": {"elephant-run": 3}}',
        '{"format": "curio-boards-statistics", "version": 1, "games": {"elephant-run": {"levels": '
        '{"normal": {"results": [{"id": "a", "at": "yesterday", "result": "win"}]}}}}}',
        '{"format": "something-else"}',
        "[" * 5000,
    ],
)
def test_a_damaged_file_is_kept_aside_and_never_overwritten(tmp_path: Path, text: str) -> None:
    (tmp_path / STATISTICS_FILE).write_text(text, encoding="utf-8")
    store = Statistics(tmp_path)
    assert store.summary(GAME, "normal").games == 0
    assert store.aside is not None and store.aside.read_text(encoding="utf-8") == text
    assert store.message is not None and store.aside.name in store.message
    assert store.take_message() == store.message and store.take_message() is None
    play(store, "w")
    assert Statistics(tmp_path).summary(GAME, "normal").wins == 1
    assert store.aside.read_text(encoding="utf-8") == text


def test_a_newer_versions_file_is_read_and_never_written(tmp_path: Path) -> None:
    store = Statistics(tmp_path)
    play(store, "wl")
    data = json.loads((tmp_path / STATISTICS_FILE).read_text())
    data["version"] = 99
    data["future"] = {"anything": [1, 2]}
    text = json.dumps(data)
    (tmp_path / STATISTICS_FILE).write_text(text)
    newer = Statistics(tmp_path)
    assert newer.summary(GAME, "normal").games == 2
    play(newer, "ddd", tag="n")
    assert newer.summary(GAME, "normal").games == 5  # kept for the session
    assert newer.newer and newer.message is not None
    assert (tmp_path / STATISTICS_FILE).read_text() == text
    newer.reset()
    assert (tmp_path / STATISTICS_FILE).read_text() == text


# -- what counts ------------------------------------------------------------------------------------
def test_the_levels_are_the_computers_levels() -> None:
    from game.ai import LEVELS

    assert stats.LEVELS == LEVELS


def test_only_one_person_against_the_computer_counts() -> None:
    assert counted_side(Match(GAME, {}, {"elephant": Seat(HUMAN), "farmers": Seat(AI, "hard")})) == (
        "elephant",
        "hard",
    )
    assert counted_side(Match(GAME, {}, {"elephant": Seat(HUMAN), "farmers": Seat(HUMAN)})) is None
    assert counted_side(Match(GAME, {}, {"elephant": Seat(AI, "easy"), "farmers": Seat(AI, "hard")})) is None
    unfinished = Match(GAME, {}, {"elephant": Seat(HUMAN), "farmers": Seat(AI, "hard")})
    assert result_of(unfinished, "elephant") is None


# -- through the real match screen ------------------------------------------------------------------
class ScriptedWorker:
    """The computer, answering each request with its part of the turn a finished game had there."""

    def __init__(self, turns: list[dict[str, str]]) -> None:
        self.turns = turns
        self.number = 0
        self.answer: AIResult | None = None

    def request(self, record: dict[str, Any], player: str, level: str, seed: int) -> int:
        self.number += 1
        text = self.turns[len(record["moves"])].get(player)
        self.answer = AIResult(self.number, text, None if text else "no move scripted", 0.0)
        return self.number

    def poll(self) -> AIResult | None:
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.answer = None

    def close(self) -> None:
        self.answer = None


def before_the_end(game_id: str) -> tuple[Match, str, str, ScriptedWorker]:
    """The game's finished demo match replayed to one turn before its end, with the person on the side
    that moves last and the computer (normal) on the other: the match, the person's side, the
    person's last move and a worker that plays the computer's moves."""
    from scenes.kit.registry import demo_match

    demo = demo_match(game_id, "end")
    assert demo.over
    person = next(iter(demo.turns[-1].moves))
    computer = next(p for p in demo.game.players if p != person)
    match = Match(demo.game, demo.options, {person: Seat(HUMAN), computer: Seat(AI, "normal")})
    parts: list[dict[str, str]] = []
    state = demo.initial
    for turn in demo.turns:
        parts.append({p: state.move_to_text(p, m) for p, m in turn.moves.items()})
        state = turn.after
    for turn in demo.turns[:-1]:
        match.play_text(turn.text)
    return match, person, parts[-1][person], ScriptedWorker(parts)


def finish(app: Any, scene: MatchScene, person: str, text: str) -> None:
    """The person's last move through real events, the computer's part (if any) from the worker."""
    for _ in range(50):  # a simultaneous game: the computer's sealed order comes in first
        if scene.input_player() == person:
            break
        app.step([], DT)
    gestures = scene.view.gestures_for(person, text)
    assert gestures, (person, text)
    perform(app, scene, gestures)
    for _ in range(100):
        if scene.match.over:
            break
        app.step([], DT)
    assert scene.match.over
    settle(app, scene)
    pump(app, 3)


@pytest.mark.parametrize(
    "game_id", ["elephant-run", "epaminondas", "elasta", "changing-challenges", "nelaxtam"]
)
def test_a_game_against_the_computer_finished_on_screen_counts_once(app: Any, game_id: str) -> None:
    match, person, text, worker = before_the_end(game_id)
    app._worker = worker
    store = shared(app.data_dir)
    assert store.levels_played(game_id) == []
    scene = start(app, match)
    pump(app, 3)
    assert store.summary(game_id, "normal").games == 0  # an unfinished game is no result
    finish(app, scene, person, text)
    expected = result_of(match, person)
    summary = store.summary(game_id, "normal")
    assert summary.games == 1 and summary.last == (expected,)
    assert Statistics(app.data_dir).summary(game_id, "normal") == summary  # on disk
    # the record cleared (so the match's id no longer guards it): more frames, a review of the
    # finished game, and the game saved and opened again count nothing
    store.reset(game_id)
    scene.review_at(0)
    pump(app, 5)
    key(app, pygame.K_ESCAPE)
    pump(app, 5)
    entry = app.store.save(match)
    again = app.store.load(entry.path)
    app.open_match(again)
    pump(app, 10)
    assert again.over and app.stack[-1].match is again
    assert store.summary(game_id, "normal").games == 0


def test_undo_and_finish_again_is_still_one_game(app: Any) -> None:
    match, person, text, worker = before_the_end(GAME)
    app._worker = worker
    scene = start(app, match)
    finish(app, scene, person, text)
    store = shared(app.data_dir)
    assert store.summary(GAME, "normal").games == 1
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    pump(app, 3)
    assert not match.over
    finish(app, scene, person, text)
    assert store.summary(GAME, "normal").games == 1


def test_two_people_at_the_table_are_not_counted(app: Any) -> None:
    match, person, text, _ = before_the_end(GAME)
    match.seats = {p: Seat(HUMAN) for p in match.seats}
    scene = start(app, match)
    finish(app, scene, person, text)
    assert Statistics(app.data_dir).levels_played(GAME) == []


# -- the statistics screen and the menu -------------------------------------------------------------
def test_an_empty_record_says_so_in_a_sentence(app: Any, monkeypatch: Any) -> None:
    from scenes.kit import style
    from scenes.shell.statistics import EMPTY

    app.goto("menu")
    screen = app.open("statistics")
    pump(app, 2)
    assert screen.panels == [] and not screen.reset_all_button.is_enabled
    drawn: list[str] = []
    real = style.text
    monkeypatch.setattr(
        style,
        "text",
        lambda surface, content, *a, **k: drawn.append(content) or real(surface, content, *a, **k),
    )
    screen.draw(pygame.Surface(app.size))
    assert EMPTY[0] in drawn  # the friendly sentence, not a table of zeros
    assert not any("0 won" in text for text in drawn)


def test_the_screen_shows_the_figures_and_resets_after_asking(app: Any) -> None:
    store = shared(app.data_dir)
    play(store, "wwdl", level="hard")
    play(store, "ll", game="epaminondas", level="easy", tag="e")
    menu = app.goto("menu")
    pump(app, 2)
    card = next(c for c in menu.cards if c.info.id == GAME)
    assert card.record and card.record[0] == "Against hard: 2 won, 1 drawn, 1 lost · streak 1 loss"
    click_element(app, menu.statistics_button)
    screen = app.stack[-1]
    assert screen.name == "statistics"
    assert {info.id for info, _ in screen.panels} >= {GAME, "epaminondas"}
    assert set(screen.reset_buttons) == {GAME, "epaminondas"}
    # one game's Reset…: a question first; Cancel keeps everything
    click_element(app, screen.reset_buttons[GAME])
    dialog = screen.dialogs.active
    assert dialog is not None
    click_element(app, dialog.cancel_button)
    assert store.summary(GAME, "hard").games == 4
    click_element(app, screen.reset_buttons[GAME])
    click_element(app, screen.dialogs.active.confirm_button)
    assert store.summary(GAME, "hard").games == 0
    assert Statistics(app.data_dir).summary("epaminondas", "easy").games == 2
    assert set(screen.reset_buttons) == {"epaminondas"}
    # Reset all…, confirmed: the empty record's sentence
    click_element(app, screen.reset_all_button)
    click_element(app, screen.dialogs.active.confirm_button)
    assert Statistics(app.data_dir).levels_played("epaminondas") == []
    assert screen.panels == []
    key(app, pygame.K_ESCAPE)
    assert app.stack[-1].name == "menu"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_screen_and_the_menu_with_a_record_fit(tmp_path: Path, size: tuple[int, int]) -> None:
    """The fit checker over the statistics screen (an example record written first) and then the
    menu, whose cards now carry the record's line."""
    from scenes.dev import fit
    from scenes.routes import new_app

    app = new_app(data_dir=tmp_path, size=size)
    try:
        assert fit.check_screen(app, "statistics") == []
        assert len(app.stack[-1].panels) == 5 and app.stack[-1].reset_buttons
        assert fit.check_screen(app, "menu") == []
        assert sum(1 for card in app.stack[-1].cards if card.record) >= 3
    finally:
        app.shutdown()


def test_giving_up_counts_as_a_loss_and_a_refusing_disk_is_told(app: Any, monkeypatch: Any) -> None:
    import errno

    from scenes.shell.match import results

    match, _, _, _ = before_the_end(GAME)
    assert results.count_resignation(app, match)
    summary = shared(app.data_dir).summary(GAME, "normal")
    assert (summary.games, summary.losses) == (1, 1)
    assert not results.count_resignation(app, match)  # the same game again: still one
    two = Match(GAME, {}, {"elephant": Seat(HUMAN), "farmers": Seat(HUMAN)})
    assert not results.count_resignation(app, two)

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(stats, "write_atomic", full)
    other, _, _, _ = before_the_end(GAME)
    assert not results.count_resignation(app, other)
    assert any("record could not be updated" in text and "disk is full" in text for text, _ in app.toasts)
    assert shared(app.data_dir).summary(GAME, "normal").games == 2  # kept for the session
    monkeypatch.undo()
    third, _, _, _ = before_the_end(GAME)
    assert results.count_resignation(app, third)
    assert Statistics(app.data_dir).summary(GAME, "normal").games == 3  # the refused one written too
