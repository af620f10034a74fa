"""Hints: the hard computer's suggestion for the human to move (issue 13, item 2).

Headless: the suggestion is legal in random positions of every game, never reads sealed orders, is
said in words for the games of secret orders, and its count survives a save. Command line: ``hint``
prints a legal move last and refuses bad input with a sentence. Screen: H and the Hint button ask the
hint worker while the frame loop runs on, the marks appear without a move being played, and vanish
when the player moves or undoes.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import hint as hint_module
from game.ai import choose_move
from game.cli import main as cli_main
from game.core import GameState
from game.hint import HintError, hint_player, hints_used_text, in_words, suggest, suggest_text, worker_request
from game.match import AI, Match, RecordError, Seat
from game.register import all_games, get
from game.search import Limit
from saves.store import SaveError, SaveStore
from scenes.kit.marks import center_of
from scenes.shell.match.controls import HINT_THINKING
from scenes.shell.match.hint import hint_marks
from scenes.shell.match.scene import MatchScene
from tests.rules_helpers import play_random_turns
from tests.scene_driver import DT, click_element, key, resize, start

GAME_IDS = [info.id for info in all_games()]
ROOT = Path(__file__).resolve().parent.parent


def random_position(game_id: str, seed: int, most: int = 30) -> GameState:
    """A position reached by seeded random play to a random depth, not over."""
    rng = random.Random(seed)
    state = get(game_id).new_state()
    for _ in range(rng.randrange(most)):
        turn = {player: state.random_move(player, rng) for player in state.to_move()}
        after = state.apply_turn(turn)
        if after.over:
            break
        state = after
    return state


def vs_computer(game_id: str, computer: str, level: str = "easy") -> Match:
    return Match(game_id, seats={computer: Seat(AI, level)})


# -- headless ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_hint_is_legal_in_random_positions(game_id: str) -> None:
    """Every player to move gets a legal suggestion (easy level, so the test stays quick; the level
    changes how long the search runs, not the path the hint takes)."""
    for seed in range(5):
        state = random_position(game_id, seed * 7919 + len(game_id))
        for player in state.to_move():
            move = suggest(state, player, level="easy", seed=seed)
            assert state.why_illegal(player, move) is None, (game_id, seed, player, move)
            state.check_move(player, move)


@pytest.mark.parametrize("game_id", ["epaminondas", "changing-challenges", "elephant-run"])
def test_the_hard_hint_within_a_limit_is_the_hard_computers_move(game_id: str) -> None:
    """A hint is the hard level's own choice: under a depth limit (the same on any machine) it is
    exactly the move the hard computer plays with that limit and seed."""
    state = random_position(game_id, 11)
    player = state.to_move()[0]
    limit = Limit(depth=2, nodes=20_000)
    assert suggest(state, player, seed=4, limit=limit) == choose_move(state, player, "hard", 4, limit)
    assert suggest_text(state, player, seed=4, limit=limit) == state.move_to_text(
        player, choose_move(state, player, "hard", 4, limit)
    )


def test_the_default_player_is_the_first_to_move() -> None:
    state = get("elasta").new_state()
    assert hint_player(state) == state.to_move()[0]
    assert hint_player(state, "black") == "black"


@pytest.mark.parametrize(
    ("game_id", "player", "words"),
    [
        ("elasta", "purple", "has no player 'purple'"),
        ("epaminondas", "black", "not Black's turn"),
    ],
)
def test_a_hint_for_the_wrong_player_is_refused_in_words(game_id: str, player: str, words: str) -> None:
    state = get(game_id).new_state()
    with pytest.raises(HintError, match=words):
        hint_player(state, player)


def test_no_hint_once_the_game_is_over() -> None:
    rng = random.Random(4)
    state = get("elephant-run").new_state()
    while not state.over:
        state = state.apply_turn({p: state.random_move(p, rng) for p in state.to_move()})
    with pytest.raises(HintError, match="already over"):
        suggest(state, level="easy")


@pytest.mark.parametrize("game_id", ["elasta", "nelaxtam"])
def test_a_hint_never_reads_the_computers_sealed_orders(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The computer seals its orders first; the hint for the human is worked out from the position
    alone, in-process and in the record the worker gets."""
    info = get(game_id)
    human, computer = info.players
    match = vs_computer(game_id, computer)
    sealed = suggest(match, computer, level="easy", seed=1)
    match.submit(computer, sealed)
    assert match.pending  # the computer's orders wait, face down

    seen: list[GameState] = []

    def spy(state: GameState, player: str, level: str, seed: int | None = None, limit: Any = None) -> Any:
        seen.append(state)
        return state.random_move(player, random.Random(seed))

    monkeypatch.setattr(hint_module, "choose_move", spy)
    move = suggest(match, human)
    assert seen == [match.state] and seen[0] is match.state
    assert match.state.why_illegal(human, move) is None
    record, player, level = worker_request(match, human)
    assert (player, level) == (human, hint_module.HINT_ANSWER)  # the hard move and its reason
    assert record["pending"] == {}
    rebuilt = Match.from_record(record)
    assert rebuilt.pending == {} and rebuilt.state == match.state


def test_orders_are_said_in_words() -> None:
    elasta = get("elasta").new_state()
    text = hint_module.suggest_text(elasta, "white", level="easy", seed=3)
    words = in_words(elasta, text)
    for file, chip in zip("ABCDEFGH", text, strict=True):
        assert f"{file}{chip}" in words
    assert f"your 7 on {'ABCDEFGH'[text.index('7')]}" in words

    nelaxtam = get("nelaxtam").new_state()
    landing = hint_module.suggest_text(nelaxtam, "black", level="easy", seed=3)
    words = in_words(nelaxtam, landing)
    for number, square in enumerate(landing.split(","), start=1):
        assert f"troop {number} on {square}" in words
    after = nelaxtam.apply_turn({p: suggest(nelaxtam, p, level="easy", seed=5) for p in nelaxtam.to_move()})
    assert in_words(after, "1ne,2-,3xs,4-,5-") == (
        "Suggested: troop 1 moves north-east; troop 3 destroys to the south; troops 2, 4 and 5 hold."
    )
    assert in_words(get("epaminondas").new_state(), "a1-a3") is None  # the marks say it


# -- the count in the match and the save ----------------------------------------------------------------
def test_the_hint_count_survives_save_and_load(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "data")
    match = vs_computer("epaminondas", "black")
    match.submit_text("white", "a1-a2")
    for _ in range(3):
        match.count_hint("white")
    assert hints_used_text(match) == "You used 3 hints."
    loaded = store.load(store.save(match).path)
    assert loaded.hints_used("white") == 3 and loaded.hints_used("black") == 0
    assert hints_used_text(loaded) == "You used 3 hints."
    autosaved = store.load(store.autosave(loaded).path)
    assert autosaved.hints_used("white") == 3


def test_saves_from_before_hints_load_with_none(tmp_path: Path) -> None:
    match = vs_computer("elephant-run", "farmers")
    record = match.to_record()
    del record["hints"]
    assert Match.from_record(record).hints == {}
    assert hints_used_text(Match.from_record(record)) == "You used no hints."


@pytest.mark.parametrize("hints", [{"white": -1}, {"white": "3"}, {"white": True}, {"green": 1}, [1]])
def test_a_damaged_hint_count_is_refused_with_a_sentence(hints: Any) -> None:
    record = vs_computer("epaminondas", "black").to_record()
    record["hints"] = hints
    with pytest.raises(RecordError, match="hints"):
        Match.from_record(record)


def test_the_save_schema_bounds_the_hint_count(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "data")
    entry = store.save(vs_computer("epaminondas", "black"))
    data = json.loads(entry.path.read_text(encoding="utf-8"))
    data["match"]["hints"] = {"white": 10**12}
    data.pop("digest", None)
    entry.path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        store.load(entry.path)
    assert "hint" in str(refused.value)


def test_no_hint_line_between_two_people() -> None:
    assert hints_used_text(Match("epaminondas")) == ""


# -- the command line ---------------------------------------------------------------------------------
def test_cli_prints_a_legal_move_last(capsys: pytest.CaptureFixture[str]) -> None:
    moves = ["a1-a2"]
    assert cli_main(["hint", "epaminondas", "--level", "easy", "--seed", "2", "--", *moves]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    state = get("epaminondas").new_state()
    for text in moves:
        state = state.apply_turn(state.parse_turn(text))
    player = state.to_move()[0]
    assert state.why_illegal(player, state.parse_move(player, last)) is None


def test_cli_suggests_the_orders_of_the_player_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["hint", "elasta", "--player", "Black", "--level", "easy"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("Black to move")
    state = get("elasta").new_state()
    assert state.why_illegal("black", state.parse_move("black", out[-1])) is None


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["hint", "chess"], "unknown game"),
        (["hint", "nelaxtam", "--player", "green"], "has no player 'green'"),
        (["hint", "epaminondas", "--player", "black"], "not Black's turn"),
        (["hint", "epaminondas", "--", "a1-a9"], "move 1: 'a1-a9'"),
        (["hint", "elasta", "--option", "tokens=maybe"], "tokens"),
        (["hint", "elephant-run", "--level", "genius"], "invalid choice"),
    ],
)
def test_cli_refuses_bad_arguments_with_a_sentence(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(args) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_cli_runs_as_a_module_and_refuses_a_finished_game() -> None:
    rng = random.Random(11)
    state = get("elephant-run").new_state()
    moves = []
    while not state.over:
        turn = {p: state.random_move(p, rng) for p in state.to_move()}
        moves.append(state.turn_to_text(turn))
        state = state.apply_turn(turn)
    done = subprocess.run(
        [sys.executable, "-m", "game", "hint", "elephant-run", "--", *moves],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 2 and "already over" in done.stderr and "Traceback" not in done.stderr


# -- the match screen -----------------------------------------------------------------------------------
def wait_for_hint(app: Any, scene: MatchScene, seconds: float = 60.0) -> list[float]:
    """Frames until the hint is on the board; the frame times while it was worked out."""
    frames: list[float] = []
    deadline = time.monotonic() + seconds
    while scene.hint.shown is None and time.monotonic() < deadline:
        began = time.perf_counter()
        app.step([], DT)
        frames.append(time.perf_counter() - began)
    assert scene.hint.shown is not None, "the hint never arrived"
    return frames


def marks_visible(app: Any, scene: MatchScene) -> bool:
    """The board with the hint differs from the board without it where the marks say."""
    marks = scene.hint.marks(scene.view)
    assert marks, "the hint has no marks on this board"
    places = [center_of(scene.view, name) for name in marks.rings] + [a for a, _ in marks.drags]
    places += list(marks.points)
    assert places
    size = app.screen.get_size()
    with_hint, without = pygame.Surface(size), pygame.Surface(size)
    scene.draw(with_hint)
    shown, scene.hint.shown = scene.hint.shown, None
    scene.draw(without)
    scene.hint.shown = shown
    for place in places:
        assert place is not None
        box = pygame.Rect(0, 0, 60, 60)
        box.center = place
        box = box.clip(scene.board_rect)
        if any(
            with_hint.get_at((x, y)) != without.get_at((x, y))
            for x in range(box.left, box.right, 2)
            for y in range(box.top, box.bottom, 2)
        ):
            return True
    return False


def test_h_and_the_button_show_a_hint_without_playing_it(app: Any) -> None:
    match = vs_computer("epaminondas", "black")
    scene = start(app, match)
    button = scene.buttons["hint"]
    assert button.is_enabled and button.text == "Hint"

    key(app, pygame.K_h)
    assert scene.hint.thinking
    app.step([], DT)
    assert button.text in HINT_THINKING and not button.is_enabled
    assert scene.banner_texts()[1].startswith("Working out a hint")
    frames = wait_for_hint(app, scene)
    assert len(frames) > 5  # the screen went on drawing while the worker thought
    assert match.turns == [] and match.pending == {}  # shown, not played
    assert match.hints_used("white") == 1
    assert marks_visible(app, scene)
    assert scene.banner_texts()[1].startswith("Suggested move: follow the green marks")
    resize(app, (1024, 640))  # the marks follow the board to its new place
    assert marks_visible(app, scene)
    app.step([], DT)
    button = scene.buttons["hint"]  # made again for the new size
    assert button.text == "Hint" and button.is_enabled

    # the player moves (not necessarily as suggested): the marks go
    match_move = match.state.legal_moves("white")[0]
    scene._submit("white", match_move)
    assert scene.hint.shown is None and not scene.banner_texts()[1].startswith("Suggested")
    deadline = time.monotonic() + 60
    while len(match.turns) < 2 and time.monotonic() < deadline:
        app.step([], DT)
    assert len(match.turns) == 2  # the computer answered

    click_element(app, button)
    wait_for_hint(app, scene)
    assert match.hints_used("white") == 2 and len(match.turns) == 2
    scene.undo()
    assert scene.hint.shown is None and match.hints_used("white") == 2


def test_a_hint_for_secret_orders_runs_beside_the_computers_own_search(app: Any) -> None:
    """Elasta: the computer seals its orders on its worker while the hint is worked out on the other;
    neither cancels the other, and the suggested orders are said in words."""
    match = vs_computer("elasta", "black")
    scene = start(app, match)
    key(app, pygame.K_h)
    assert scene.hint.thinking
    wait_for_hint(app, scene)
    deadline = time.monotonic() + 60
    while "black" not in match.pending and time.monotonic() < deadline:
        app.step([], DT)
    assert "black" in match.pending and match.turns == []
    assert scene.hint.shown is not None  # the computer sealing its orders did not take the hint away
    words = scene.banner_texts()[1]
    assert words.startswith("Suggested chips for files A-H:")
    assert re.search(r"A\d B\d C\d D\d E\d F\d G\d H\d", words)
    assert match.hints_used("white") == 1
    # the 7 and the 6 are drawn as arrows into the slots of their files, not all eight
    text = scene.hint.shown.text
    marks = scene.hint.marks(scene.view)
    assert marks is not None and len(marks.drags) == 2
    slot_center = scene.view.slot_center  # type: ignore[attr-defined]
    assert [end for _, end in marks.drags] == [slot_center("white", text.index(c)) for c in "76"]


def test_nelaxtam_orders_are_drawn_as_one_arrow_per_troop(app: Any) -> None:
    match = vs_computer("nelaxtam", "white")
    rng = random.Random(2)
    play_random_turns(match, 3, rng)
    scene = start(app, match)
    state = match.state
    for seed in range(4):
        text = hint_module.suggest_text(state, "black", level="easy", seed=seed)
        marks = hint_marks(scene.view, "black", text)
        given = [part for part in text.split(",") if not part.endswith("-")]
        assert len(marks.arrows) == len(given), text
        troops = state.troops[state.index_of("black")]  # type: ignore[attr-defined]
        for (start_square, _), part in zip(marks.arrows, given, strict=True):
            troop = int(re.match(r"[0-9]+", part).group())  # type: ignore[union-attr]
            assert start_square == state.geo.name(troops[troop - 1])  # type: ignore[attr-defined]


def test_no_hints_between_two_people(app: Any) -> None:
    scene = start(app, Match("epaminondas"))
    assert "hint" not in scene.buttons
    key(app, pygame.K_h)
    assert not scene.hint.thinking
    assert scene.banner_texts()[1] == "Hints are for games against the computer."


def test_the_result_card_counts_the_hints(app: Any) -> None:
    match = vs_computer("elephant-run", "farmers")
    rng = random.Random(8)
    while not match.over:
        player = match.awaiting()[0]
        match.submit(player, match.state.random_move(player, rng))
    match.count_hint("elephant")
    match.count_hint("elephant")
    scene = start(app, match)
    app.step([], DT)
    assert scene.end_dialog is not None
    assert ("2", "hints") in scene.end_dialog.result.facts
    assert not scene.buttons["hint"].is_enabled
