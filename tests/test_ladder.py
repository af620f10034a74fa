"""The ladder (``python -m game ladder``), its figures, the greedy bot and perft's convention.

The ladder's own arithmetic is checked against numbers from outside this code (published Wilson
intervals) and against itself (a table row's W-D-L, score and interval must agree with the games it
reports and with the JSON it writes); the greedy bot is played over seeded random positions of every
game with the rules as referee; every fast perft is compared with a plain count over the game
contract.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cli import main
from game.cli import perft as contract_perft
from game.core import GameState
from game.greedy import greedy_move
from game.ladder import (
    GameJob,
    PairSummary,
    ThinkTime,
    ended_by_cap,
    format_table,
    play_game,
    run_job,
    run_jobs,
    wilson_interval,
)
from game.ladder_file import LadderFileError, fingerprint, merged_results
from game.register import all_games, get

# -- Wilson interval -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "games", "low", "high"),
    [
        # Published 95 % Wilson intervals (e.g. statsmodels' proportion_confint(method="wilson"),
        # Newcombe 1998, table I): 8 of 10, 0 of 10, 10 of 10, 50 of 100, 81 of 263.
        (8, 10, 0.4902, 0.9433),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_wilson_interval_matches_published_values(score: int, games: int, low: float, high: float) -> None:
    got_low, got_high = wilson_interval(score, games)
    assert got_low == pytest.approx(low, abs=5e-4)
    assert got_high == pytest.approx(high, abs=5e-4)


def test_wilson_interval_with_half_points_and_no_games() -> None:
    low, high = wilson_interval(7.5, 10)  # draws count a half: 7-1-2
    assert low < 0.75 < high
    assert wilson_interval(0, 0) == (0.0, 1.0)  # nothing measured: nothing known


# -- the ladder command -----------------------------------------------------------------------------------
def _row(table: str, game: str, pair: str) -> list[str]:
    for line in table.splitlines():
        fields = line.split()
        if fields[:2] == [game, pair]:
            return fields
    raise AssertionError(f"no row for {game} {pair} in:\n{table}")


def test_ladder_prints_a_table_whose_figures_add_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "ladder.json"
    argv = [
        "ladder",
        "elephant-run",
        "-n",
        "2",
        "--pair",
        "easy-random",
        "--seed",
        "3",
        "--json",
        str(out_file),
    ]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert len([line for line in captured.err.splitlines() if line.startswith("[")]) == 2  # progress
    fields = _row(captured.out, "elephant-run", "easy-random")
    wins, draws, losses = (int(v) for v in fields[2].split("-"))
    assert wins + draws + losses == 2
    score = float(fields[3])
    assert score == pytest.approx((wins + draws / 2) / 2, abs=0.005)
    low, high = (float(v) for v in fields[4].split("-"))
    assert low <= score <= high
    assert (low, high) == pytest.approx(wilson_interval(wins + draws / 2, 2), abs=0.005)
    assert "machine:" in captured.out and "load average" in captured.out

    figures = json.loads(out_file.read_text(encoding="utf-8"))
    assert figures["settings"] == {
        "games": ["elephant-run"],
        "pairs": ["easy-random"],
        "n": 2,
        "jobs": 1,
        "seed": 3,
        "clock": "wall",
        "budget_scale": 1.0,
    }
    (pair,) = figures["pairs"]
    assert (pair["wins"], pair["draws"], pair["losses"]) == (wins, draws, losses)
    assert pair["games"] == 2 and pair["capped"] == 0  # every Elephant Run game ends by play
    easy = pair["think"]["easy"]
    assert easy["moves"] > 0 and easy["max"] >= easy["median"]


def test_a_rerun_with_the_same_seed_gives_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ladder", "elephant-run", "-n", "4", "--pair", "greedy-random", "--seed", "4", "-q"]
    assert main(argv) == 0
    first = _row(capsys.readouterr().out, "elephant-run", "greedy-random")
    assert main(argv) == 0
    second = _row(capsys.readouterr().out, "elephant-run", "greedy-random")
    assert first[:6] == second[:6]  # W-D-L, score, interval, capped, turns (not the think times)


@pytest.mark.usefixtures("toy_games")
def test_greedy_option_adds_the_greedy_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "toy-nim", "-n", "2", "--b", "greedy", "-q"]) == 0
    pairs = [line.split()[1] for line in capsys.readouterr().out.splitlines() if line.startswith("toy-nim")]
    assert pairs == ["hard-normal", "normal-easy", "easy-random", "greedy-easy", "greedy-hard"]


@pytest.mark.usefixtures("toy_games")
def test_arena_seats_the_greedy_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "toy-nim", "--option", "stones=3", "--a", "greedy", "--b", "easy", "-n", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("result: a=") and any(line.startswith("think time greedy:") for line in lines)


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["ladder", "no-such-game"], "unknown game 'no-such-game'"),
        (["ladder", "elasta", "-n", "0"], "-n must be at least 1"),
        (["ladder", "elasta", "-j", "0"], "-j must be at least 1"),
        (["ladder", "elasta", "--pair", "hard"], "two different players joined by '-'"),
        (["ladder", "elasta", "--pair", "hard-hard"], "two different players"),
        (["ladder", "elasta", "--b", "genius"], "invalid choice"),
        (["ladder", "elasta", "--clock", "sundial"], "invalid choice"),
        (["ladder", "elasta", "--budget-scale", "0"], "--budget-scale must be above 0"),
        (["ladder", "elasta", "--budget-scale", "nan"], "--budget-scale must be above 0"),
    ],
)
def test_bad_ladder_input_exits_2_with_a_sentence(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err


def test_cpu_clock_and_budget_scale_reach_the_levels_and_are_undone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from game import ai, clock

    seen: list[tuple[str, float | None, str | None]] = []
    real = ai.get

    def spy(game_id: str):  # type: ignore[no-untyped-def]
        info = real(game_id)

        def think(state, player, level, rng, limit):  # type: ignore[no-untyped-def]
            seen.append((clock.name, limit.time, os.environ.get(clock.ENV)))
            return info.ai(state, player, level, rng, limit)

        return dataclasses.replace(info, ai=think)

    monkeypatch.setattr(ai, "get", spy)
    out_file = tmp_path / "cpu.json"
    argv = [
        "ladder",
        "elephant-run",
        "-n",
        "1",
        "--pair",
        "easy-random",
        "--clock",
        "cpu",
        "--budget-scale",
        "0.5",
        "-q",
        "--json",
        str(out_file),
    ]
    assert main(argv) == 0
    assert seen and all(entry == ("cpu", ai.BUDGET_SECONDS["easy"] * 0.5, "cpu") for entry in seen)
    assert "Levels thought by cpu time, every budget times 0.5" in capsys.readouterr().out
    settings = json.loads(out_file.read_text(encoding="utf-8"))["settings"]
    assert (settings["clock"], settings["budget_scale"]) == ("cpu", 0.5)
    assert (clock.name, clock.scale, clock.now) == ("wall", 1.0, time.perf_counter)  # undone after


def test_an_unwritable_json_file_is_a_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "no-such-folder" / "ladder.json"
    argv = ["ladder", "elephant-run", "-n", "1", "--pair", "greedy-random", "-q", "--json", str(target)]
    assert main(argv) == 2
    assert "could not write the figures" in capsys.readouterr().err


def test_table_rows_come_from_the_summary() -> None:
    summary = PairSummary(
        "elasta",
        "hard",
        "normal",
        wins=6,
        draws=2,
        losses=2,
        capped=1,
        mean_turns=31.25,
        think={"hard": ThinkTime(100, 1.9, 2.6), "normal": ThinkTime(100, 0.6, 0.9)},
        first_player_wins=4,
    )
    fields = _row(format_table([summary]), "elasta", "hard-normal")
    assert fields[2:7] == ["6-2-2", "0.70", "{:.2f}-{:.2f}".format(*summary.interval), "1", "31.2"]
    assert fields[7:] == ["hard", "1.90/2.60", "normal", "0.60/0.90"]
    assert summary.to_json()["score"] == 0.7


# -- caps -----------------------------------------------------------------------------------------------
def test_a_game_stopped_by_the_ladder_is_capped_and_has_no_winner() -> None:
    result = run_job(GameJob("epaminondas", {}, 0, "random", "random", seed=2, max_turns=6))
    assert result.turns == 6 and result.capped and result.winner is None
    assert result.reason == "turn limit reached" and result.a_score == 0.5


def test_rules_endings_are_not_caps_but_quiet_draws_are() -> None:
    from game.epaminondas import EpaminondasState

    info = get("epaminondas")
    won, _ = play_game(info, {}, {"white": "greedy", "black": "random"}, seed=1)
    assert won.outcome() is not None and won.outcome().winner is not None
    assert not ended_by_cap(won)
    # The start, as if 200 plies had passed without a capture: the rules' quiet-moves cap.
    quiet = EpaminondasState(quiet_plies=EpaminondasState.draw_plies)
    assert quiet.outcome() is not None and quiet.outcome().winner is None
    assert ended_by_cap(quiet)


# -- the greedy bot --------------------------------------------------------------------------------------
VARIANTS: list[tuple[str, dict[str, str]]] = [
    ("elasta", {}),
    ("elasta", {"tokens": "on"}),
    ("nelaxtam", {}),
    ("nelaxtam", {"quiet": "on", "size": "8"}),
    ("elephant-run", {}),
    ("elephant-run", {"compound": "on", "farmers": "7"}),
    ("epaminondas", {}),
    ("changing-challenges", {}),
    ("changing-challenges", {"pieces": "many-pawns"}),
]


def _random_positions(game_id: str, options: dict[str, str], seed: int, count: int) -> list[GameState]:
    """Positions met in a seeded random game, spread over its whole length, the start included."""
    info = get(game_id)
    rng = random.Random(seed)
    state = info.new_state(options)
    seen = [state]
    while not state.over and len(seen) < 400:
        state = state.apply_turn({p: state.random_move(p, rng) for p in state.to_move()})
        if not state.over:
            seen.append(state)
    step = max(1, len(seen) // count)
    return seen[::step][:count]


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_greedy_moves_are_legal_and_repeatable(game_id: str, options: dict[str, str]) -> None:
    get(game_id).validate(options)  # the variants above are real options
    for seed in (1, 2):
        for state in _random_positions(game_id, options, seed, 4):
            for player in state.to_move():
                move = greedy_move(state, player, seed=seed)
                state.check_move(player, move)  # raises IllegalMoveError if the rules refuse it
                assert greedy_move(state, player, seed=seed) == move


def _winning_moves(state: GameState, player: str) -> list[object]:
    wins = []
    for move in state.legal_moves(player):
        outcome = state.apply_turn({player: move}).outcome()
        if outcome is not None and outcome.winner == player:
            wins.append(move)
    return wins


@pytest.mark.parametrize(("game_id", "per_game"), [("elephant-run", 40), ("changing-challenges", 10)])
def test_greedy_takes_a_win_whenever_one_is_on_the_board(game_id: str, per_game: int) -> None:
    """A beginner, not a random mover: in every position of seeded games where some move wins at
    once, the greedy bot plays one of them. (In Epaminondas a win is judged at the start of the
    loser's turn, so a move that wins on the spot is too rare in random games to test this way.)"""
    checked = 0
    for seed in range(4):
        for state in _random_positions(game_id, {}, seed, per_game):
            player = state.to_move()[0]
            if len(state.legal_moves(player)) > 200:  # the farmers' set-up: 100,000 placements
                continue
            wins = _winning_moves(state, player)
            if wins:
                checked += 1
                assert greedy_move(state, player, seed=seed) in wins
    assert checked > 0


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_greedy_is_no_random_mover(game_id: str) -> None:
    """Against the random mover, with sides alternated, the greedy bot wins most games."""
    info = get(game_id)
    results = []
    for index in range(4):
        greedy_side = info.players[index % 2]
        other = next(p for p in info.players if p != greedy_side)
        state, _ = play_game(info, {}, {greedy_side: "greedy", other: "random"}, seed=index)
        results.append(state.outcome() is not None and state.outcome().winner == greedy_side)
    assert sum(results) >= 3, results


def test_greedy_tramples_when_it_can() -> None:
    from game.elephant_run import ElephantRunState

    # The elephant on c2 next to a farmer on d2 with e2 vacant behind it: the jump tramples it.
    state = ElephantRunState.from_position("c2", ["d2", "a4", "b4", "e4", "f4", "f1"])
    move = greedy_move(state, "elephant", seed=1)
    assert state.move_kind(move) == "jump"


# -- perft by the standard convention --------------------------------------------------------------------
def _brute_perft(state: GameState, depth: int) -> int:
    """The plain count over the contract: a finished game has no moves."""
    if depth == 0:
        return 1
    if state.over:
        return 0
    player = state.to_move()[0]
    return sum(_brute_perft(state.apply_turn({player: m}), depth - 1) for m in state.legal_moves(player))


def _without_history(game_id: str) -> Callable[[GameState], GameState]:
    """The same position with no past (fast perft ignores draws by history below the root)."""
    info = get(game_id)
    if info.position_factory is None or not hasattr(info.new_state(), "text"):
        return lambda state: state
    return lambda state: info.position_factory(state.text(), {})  # type: ignore[attr-defined, misc]


LEAVES = 4000
"""How many leaves a plain count may visit per comparison: deep in late positions, shallow early."""


def _sparse_positions(game_id: str, seed: int, count: int) -> list[GameState]:
    """Seeded positions with a handful of pieces, where depth 3 is small enough to count plainly
    and games often end inside it (Elephant Run's late positions come from play already)."""
    from game.core import GameError

    rng = random.Random(seed)
    out: list[GameState] = []
    while len(out) < count:
        if game_id == "epaminondas":
            from game.epaminondas import EpaminondasState

            squares = rng.sample(range(14 * 12), rng.randint(2, 7))
            cut = rng.randint(1, len(squares) - 1)
            white = sum(1 << sq for sq in squares[:cut])
            black = sum(1 << sq for sq in squares[cut:])
            out.append(EpaminondasState(white, black, rng.randrange(2)))
        elif game_id == "changing-challenges":
            ranks = [["."] * 7 for _ in range(15)]
            pieces = ["K", "k", *rng.sample("PPBBRQpbbrq", rng.randint(1, 4))]
            for letter, cell in zip(pieces, rng.sample(range(7 * 11), len(pieces)), strict=True):
                ranks[2 + cell // 7][cell % 7] = letter  # ranks 3-13: the playing field
            text = "/".join("".join(row) for row in reversed(ranks)) + rng.choice((" t -", " c -"))
            try:
                out.append(get(game_id).position_factory(text, {}))  # type: ignore[misc]
            except GameError:
                continue
        else:
            return out
    return out


@pytest.mark.parametrize("game_id", [g.id for g in all_games() if g.perft is not None])
def test_fast_perft_equals_a_plain_count_over_the_contract(game_id: str) -> None:
    fast = get(game_id).perft
    assert fast is not None
    fresh = _without_history(game_id)
    compared = deep = 0
    for seed in range(3):
        for state in [*_random_positions(game_id, {}, seed, 12), *_sparse_positions(game_id, seed, 6)]:
            state = fresh(state)
            for depth in (1, 2, 3):
                leaves = fast(state, depth)
                if leaves > LEAVES:
                    break
                assert leaves == _brute_perft(state, depth), (state, depth)
                compared += 1
                deep += depth == 3
    assert compared >= 30 and deep >= 3


def test_a_finished_game_has_no_moves_in_every_perft() -> None:
    for info in all_games():
        if info.perft is None:
            continue
        rng = random.Random(5)
        state = info.new_state()
        while not state.over:
            state = state.apply_turn({p: state.random_move(p, rng) for p in state.to_move()})
        assert info.perft(state, 0) == 1
        assert (
            [info.perft(state, d) for d in (1, 2)]
            == [0, 0]
            == [contract_perft(state, 1), contract_perft(state, 2)]
        )


def test_early_wins_add_nothing_deeper() -> None:
    """Hand-counted positions where games end inside the depth (derivations in the games' tests)."""
    from game.changing_challenges import ChangingChallengesState
    from game.epaminondas import EpaminondasState

    epaminondas = get("epaminondas")
    racing = EpaminondasState(1 << (10 * 14), 1 << (1 * 14 + 13))  # white a11, black n2, white to move
    assert [epaminondas.perft(racing, d) for d in (1, 2, 3)] == [5, 25, 121]
    assert _brute_perft(racing, 3) == 121
    cc = get("changing-challenges")
    kings = ChangingChallengesState.from_text(
        "......./......./k....../......./......./......./......./......./...K.../......./......./"
        "......./......./......./....... t -"
    )
    assert [cc.perft(kings, d) for d in (1, 2)] == [8, 15]
    assert [_brute_perft(kings, d) for d in (1, 2)] == [8, 15]


# -- ladder files: kept as games finish, added together ------------------------------------------------------
def _run(tmp_path: Path, name: str, seed: int, n: int = 2, pair: str = "greedy-random") -> Path:
    out = tmp_path / name
    assert (
        main(
            [
                "ladder",
                "elephant-run",
                "-n",
                str(n),
                "--pair",
                pair,
                "--seed",
                str(seed),
                "-q",
                "--json",
                str(out),
            ]
        )
        == 0
    )
    return out


def test_a_ladder_file_keeps_every_game_and_merging_two_runs_adds_them_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = _run(tmp_path, "a.json", seed=5), _run(tmp_path, "b.json", seed=6, n=3)
    kept = json.loads(first.read_text(encoding="utf-8"))
    assert kept["finished"] and len(kept["results"]) == 2
    assert kept["fingerprints"] == {"elephant-run": fingerprint("elephant-run")}
    capsys.readouterr()
    merged_file = tmp_path / "both.json"
    assert main(["ladder", "--merge", str(first), str(second), "--json", str(merged_file)]) == 0
    fields = _row(capsys.readouterr().out, "elephant-run", "greedy-random")
    wins, draws, losses = (int(v) for v in fields[2].split("-"))
    assert wins + draws + losses == 5
    runs = [json.loads(p.read_text(encoding="utf-8"))["pairs"][0] for p in (first, second)]
    assert wins == sum(r["wins"] for r in runs) and losses == sum(r["losses"] for r in runs)
    merged = json.loads(merged_file.read_text(encoding="utf-8"))
    assert len(merged["results"]) == 5 and merged["pairs"][0]["games"] == 5


def test_a_run_stopped_midway_leaves_the_games_it_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import game.cli as cli

    real = cli.run_ladder

    def stopped_after_two(jobs, workers, on_result=None):  # type: ignore[no-untyped-def]
        for result in list(run_jobs(jobs[:2], 1)):
            on_result(result)
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "run_ladder", stopped_after_two)
    out = tmp_path / "stopped.json"
    argv = ["ladder", "elephant-run", "-n", "4", "--pair", "greedy-random", "-q", "--json", str(out)]
    assert main(argv) == 130  # stopped as Ctrl+C stops it
    kept = json.loads(out.read_text(encoding="utf-8"))
    assert not kept["finished"] and len(kept["results"]) == 2
    monkeypatch.setattr(cli, "run_ladder", real)
    capsys.readouterr()
    assert main(["ladder", "--merge", str(out)]) == 0
    assert "2 games from 1 file(s)" in capsys.readouterr().out


def test_merging_refuses_games_that_do_not_add_up(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = _run(tmp_path, "a.json", seed=5)
    again = _run(tmp_path, "again.json", seed=5)
    assert main(["ladder", "--merge", str(first), str(again)]) == 2
    assert "is in an earlier file too" in capsys.readouterr().err

    other_code = json.loads(first.read_text(encoding="utf-8"))
    other_code["fingerprints"]["elephant-run"] = "0123456789ab"
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(other_code), encoding="utf-8")
    assert main(["ladder", "--merge", str(changed)]) == 2
    assert "played by other code than this" in capsys.readouterr().err

    cpu = json.loads(_run(tmp_path, "b.json", seed=6).read_text(encoding="utf-8"))
    cpu["settings"]["clock"] = "cpu"
    cpu_file = tmp_path / "cpu.json"
    cpu_file.write_text(json.dumps(cpu), encoding="utf-8")
    assert main(["ladder", "--merge", str(first), str(cpu_file)]) == 2
    assert "do not add up" in capsys.readouterr().err


@settings(max_examples=60, deadline=None)
@given(
    document=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=20,
    )
)
def test_a_damaged_ladder_file_is_a_sentence(document: object) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "damaged.json"
        path.write_text(json.dumps({"results": [document], "settings": {}}), encoding="utf-8")
        with pytest.raises(LadderFileError) as caught:
            merged_results([path])
        assert str(path) in str(caught.value) and "Error" not in str(caught.value)


def test_unreadable_ladder_files_are_sentences(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\xff\xfe{not json")
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"settings": {}, "pairs": []}), encoding="utf-8")
    for path, needle in (
        (garbage, "not readable JSON"),
        (old, "has no games in it"),
        (tmp_path / "missing.json", "could not be read"),
    ):
        assert main(["ladder", "--merge", str(path)]) == 2
        err = capsys.readouterr().err
        assert needle in err and "Traceback" not in err
