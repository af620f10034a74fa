"""Winning chances and the move-by-move analysis (issue #32): the readable chance, the marks, the
``analyse`` and ``calibrate`` commands, and the curve fit. Small node limits keep them quick."""

from __future__ import annotations

import json
import math
import random

import pytest

from game import chance
from game.analysis import BLUNDER, INACCURACY, MARKS, MISTAKE, Analysis, MoveNote, analyse, mark_for
from game.chance import Logistic, calibration_table, fit_logistic, winning_chance
from game.cli import main
from game.register import all_games, get
from game.search import Limit
from tests.analysis_helpers import random_game, shrink_efforts

TINY = Limit(depth=2, nodes=300)


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game's readings at a few hundred nodes (the marks then mean little; the shapes hold)."""
    shrink_efforts(monkeypatch, Limit(depth=1, nodes=TINY.nodes), TINY)


# -- the command's JSON --------------------------------------------------------------------------
def test_analyse_json_has_the_issues_shape(tiny: None, capsys: pytest.CaptureFixture[str]) -> None:
    moves = random_game("changing-challenges", 3, 6)
    assert main(["analyse", "changing-challenges", "--json", "--", *moves]) == 0
    data = json.loads(capsys.readouterr().out)
    notes = data["moves"]
    assert len(notes) == len(moves)
    players = get("changing-challenges").players
    for number, note in enumerate(notes, start=1):
        assert {"ply", "player", "move", "chance", "mark", "better"} <= set(note)
        assert note["ply"] == number
        assert note["player"] == players[(number - 1) % 2]
        assert note["move"] == moves[number - 1]
        assert set(note["chance"]) == set(players)
        assert all(0.0 <= c <= 1.0 for c in note["chance"].values())
        assert math.isclose(sum(note["chance"].values()), 1.0, abs_tol=1e-3)
        assert note["mark"] in MARKS
        assert (note["better"] is None) == (note["mark"] == "good")


def test_analyse_lines_end_with_a_summary_per_player(tiny: None, capsys: pytest.CaptureFixture[str]) -> None:
    moves = random_game("epaminondas", 1, 4)
    assert main(["analyse", "epaminondas", *moves]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == len(moves) + 2
    assert lines[0].startswith("1. White ")
    assert lines[-2].startswith("White: ") and lines[-1].startswith("Black: ")


def test_a_simultaneous_turn_gives_one_note_per_player(tiny: None) -> None:
    info = get("elasta")
    moves = random_game("elasta", 2, 2)
    result = analyse(info.new_state(), moves)
    assert [(n.ply, n.player) for n in result.moves] == [
        (1, "white"),
        (1, "black"),
        (2, "white"),
        (2, "black"),
    ]
    assert result.moves[0].chance == result.moves[1].chance  # both read the position after the turn


# -- chances ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_chances_are_shares_that_add_up_to_one(tiny: None, game_id: str) -> None:
    info = get(game_id)
    state = info.new_state()
    rng = random.Random(4)
    seen = 0
    while not state.over and seen < 6:
        got = winning_chance(state)
        assert set(got) == set(info.players)
        assert all(0.0 <= c <= 1.0 for c in got.values())
        assert math.isclose(sum(got.values()), 1.0)
        state = state.apply_turn({p: state.random_move(p, rng) for p in state.to_move()})
        seen += 1


@pytest.mark.parametrize("game_id", ["changing-challenges", "elephant-run", "elasta"])
def test_a_won_ending_is_one_and_zero(tiny: None, game_id: str) -> None:
    info = get(game_id)
    moves = random_game(game_id, 7, 3000)
    state = info.new_state()
    for text in moves:
        state = state.apply_turn(state.parse_turn(text))
    outcome = state.outcome()
    assert outcome is not None
    got = winning_chance(state)
    if outcome.winner is None:
        assert got == {p: 0.5 for p in info.players}
    else:
        assert got[outcome.winner] == 1.0
        assert sum(got.values()) == 1.0


# -- marks ---------------------------------------------------------------------------------------
ELEPHANT_GAME = [
    "@d3",
    "@b1,c2,c4,d4,e4,f2",
    "d3-d2",
    "c2-d3",
    "d2-c2",
    "d4-c3",
    "c2-b2",
    "e4-d4",
    "b2-c1",
    "c4-e2",
    "c1-a1",
    "d3-b1",
    "a1-a2",
    "d4-c4",
    "a2-b3",
]
"""A seeded game of Elephant Run into its solved ending: the farmers to move, winning with best
play, and ``b1-a1`` throws the win away (found with the exact solver)."""


def test_a_move_that_loses_a_solved_win_is_a_blunder() -> None:
    info = get("elephant-run")
    result = analyse(info.new_state(), [*ELEPHANT_GAME, "b1-a1"])
    last = result.moves[-1]
    assert last.player == "farmers"
    assert last.best_chance == 1.0  # the solver: the farmers won before the move
    assert last.chance == {"elephant": 1.0, "farmers": 0.0}  # and lost after it
    assert last.mark == "blunder"
    assert last.better is not None and last.better != "b1-a1"
    # the better move keeps the win, by the solver
    state = info.new_state()
    for text in [*ELEPHANT_GAME, last.better]:
        state = state.apply_turn(state.parse_turn(text))
    assert winning_chance(state)["farmers"] == 1.0


CHALLENGES_OPENING = ["b4-g9", "e12-e11", "f4-a9", "d12xd4"]
"""Changing Challenges after a loose opening: Triangles can take back on d4 (``e3xd4``), which wins;
a quiet move such as ``g9-f8`` leaves the circles a won game."""


def test_a_quiet_move_where_a_capture_won_is_marked() -> None:
    info = get("changing-challenges")
    result = analyse(info.new_state(), [*CHALLENGES_OPENING, "g9-f8"])
    last = result.moves[-1]
    assert last.mark == "blunder"
    assert last.better is not None and "x" in last.better
    taken = analyse(info.new_state(), [*CHALLENGES_OPENING, "e3xd4"])
    assert taken.moves[-1].mark == "good"


def test_marks_follow_the_thresholds() -> None:
    assert mark_for(0.0) == "good"
    assert mark_for(INACCURACY - 1e-9) == "good"
    assert mark_for(INACCURACY) == "inaccuracy"
    assert mark_for(MISTAKE) == "mistake"
    assert mark_for(BLUNDER) == "blunder"
    assert mark_for(1.0) == "blunder"


def test_summary_counts_each_players_marks_and_round_trips_as_json() -> None:
    def note(ply: int, player: str, mark: str) -> MoveNote:
        return MoveNote(ply, player, "m", {"a": 0.5, "b": 0.5}, mark, None if mark == "good" else "n")

    marks = ["mistake", "good", "mistake", "blunder", "mistake", "inaccuracy"]
    result = Analysis(
        "g", "quick", ("a", "b"), {"a": 0.5, "b": 0.5}, tuple(note(i, "a", m) for i, m in enumerate(marks))
    )
    assert result.summary("a") == "1 inaccuracy, 3 mistakes, 1 blunder"
    assert result.summary("b") == "no inaccuracies, mistakes or blunders"
    again = Analysis.from_json(json.loads(json.dumps(result.to_json())))
    assert again == result


def test_progress_is_told_after_every_turn(tiny: None) -> None:
    moves = random_game("nelaxtam", 5, 3)
    told: list[tuple[int, int]] = []
    analyse(get("nelaxtam").new_state(), moves, progress=lambda done, total: told.append((done, total)))
    assert told == [(i, len(moves)) for i in range(1, len(moves) + 1)]


# -- bad input -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["analyse", "chess"], "unknown game"),
        (["analyse", "epaminondas", "--option", "symmetry=sideways"], "symmetry"),
        (["analyse", "epaminondas", "a1-a9"], "move 1"),
        (["analyse"], "name a game"),
        (["calibrate", "epaminondas", "-n", "1"], "at least 2"),
        (["calibrate", "chess"], "unknown game"),
    ],
)
def test_bad_input_is_one_sentence_and_exit_status_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err
    assert "Traceback" not in err


def test_a_damaged_record_is_refused(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"  # type: ignore[operator]
    path.write_text("Curio Boards game record\nGame: Nothing (nothing)\n\n1. a1\n", encoding="utf-8")
    assert main(["analyse", "--record", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "line 2" in err and "Traceback" not in err
    assert main(["analyse", "--record", str(tmp_path / "missing.txt")]) == 2  # type: ignore[operator]


def test_a_record_is_analysed_from_its_opening(
    tiny: None, tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.match import Match
    from game.records import format_record

    match = Match("changing-challenges")
    for text in random_game("changing-challenges", 9, 3):
        match.play_text(text)
    path = tmp_path / "cc.txt"  # type: ignore[operator]
    path.write_text(format_record(match), encoding="utf-8")
    assert main(["analyse", "--record", str(path), "--json"]) == 0
    notes = json.loads(capsys.readouterr().out)["moves"]
    assert [n["move"] for n in notes] == match.move_texts()


# -- the calibration -------------------------------------------------------------------------------
def test_the_fit_recovers_a_known_curve() -> None:
    rng = random.Random(12)
    truth = Logistic(0.02, -0.4)
    values = [rng.uniform(-200, 200) for _ in range(6000)]
    results = [1.0 if rng.random() < truth(v) else 0.0 for v in values]
    fitted = fit_logistic(values, results)
    assert fitted.scale == pytest.approx(truth.scale, rel=0.1)
    assert fitted.bias == pytest.approx(truth.bias, abs=0.12)
    _, honest = calibration_table([truth(v) for v in values], results)
    _, flipped = calibration_table([1 - truth(v) for v in values], results)
    assert honest < 0.03 < 0.3 < flipped


def test_draws_count_half_in_the_fit() -> None:
    values = [-1.0, 1.0] * 200
    results = [0.5] * 400  # every game drawn, whatever the value
    fitted = fit_logistic(values, results)
    assert fitted(0.0) == pytest.approx(0.5, abs=0.01)
    assert fitted(1.0) == pytest.approx(0.5, abs=0.02)


def test_every_game_has_a_fitted_curve_that_rises_with_the_value() -> None:
    for info in all_games():
        state = info.new_state()
        path = chance.curve_path(state)
        assert path.is_file(), f"{info.id} has no chance.json: run python -m game calibrate {info.id}"
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["scale"] > 0 and data["positions"] > 0 and 0 <= data["ece"] < 1
