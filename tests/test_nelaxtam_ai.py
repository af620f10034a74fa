"""Nelaxtam AI: legal moves within budget, randomisation, a sensible invasion, a tactic, the matrix solver."""

from __future__ import annotations

import importlib
import random
import statistics

import pytest

from game.ai import choose_move
from game.matrix import regret_matching
from game.nelaxtam import GAME, bench_states, threats
from game.nelaxtam.rules import BLACK, PHASE_ORDERS, PLAYERS, WHITE, NelaxtamState, from_text
from game.search import Limit
from tests.rules_helpers import virtual_clock

nelaxtam_ai = importlib.import_module("game.nelaxtam.ai")

# White's top half (ranks 5-8) hangs on the single light piece e4, next to Black's troop 1 on d4; no
# White troop can reach ranks 5-8 this turn, so 1xe wins 17 pieces.
CUT_POSITION = """\
w b w b w b w 4
b w b w b w b w
w 3 w b w b w b
b w b w b w b w
. b . 1 w b . b
b A b w b w b B
C b w b w b w b
2 w b w b w b D
"""


# Black's troop 1 on a1 has lost b1 and b2: its only target is a2, and once a2 is gone its group
# touches no White piece, so it can never destroy again. Taking a2 is a piece for nothing.
STRANDED_POSITION = """\
w b w b w b w b
b w b w b w b w
w b w b w b w b
b w b w b w b w
w b w b A b w b
b w b w b w b w
w . w b w b w b
1 . b w b w 2 w
"""


@pytest.fixture(scope="module")
def states() -> list[NelaxtamState]:
    return bench_states()  # type: ignore[return-value]


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_every_level_plays_legal_moves_on_the_bench(states: list[NelaxtamState], level: str) -> None:
    for index, state in enumerate(states):
        for player in state.to_move():
            move = choose_move(state, player, level, seed=index)
            state.check_move(player, move)


def test_hard_is_legal_and_keeps_its_limits(
    states: list[NelaxtamState], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The seconds hard takes are the bench's figure (python -m game bench nelaxtam); here, that it
    # plays within a node limit and stops at its deadline on a clock that moves only when read (two
    # milliseconds a look), so a busy machine can neither fail nor pass it.
    for index, state in enumerate(states[:4]):
        move = nelaxtam_ai.ai(state, WHITE, "hard", random.Random(index), Limit(nodes=400))
        state.check_move(WHITE, move)
        stats = nelaxtam_ai.LAST_STATS
        assert stats.get("rows", 0) * stats.get("cols", 0) <= 400  # its matrix stops growing there
    fake = virtual_clock(monkeypatch, 0.002)
    for index, state in enumerate(states[:4]):
        began = fake.time
        move = nelaxtam_ai.ai(state, WHITE, "hard", random.Random(index), Limit(time=0.4))
        state.check_move(WHITE, move)
        assert fake.time - began <= 0.5, fake.time - began  # 0.34 s its share, some looks after it


def test_orders_are_randomised(states: list[NelaxtamState]) -> None:
    # Normal mixes where the position calls for guessing; where one joint order dominates (its
    # candidates include every troop's other kinds of order, so it finds that order on every seed)
    # it plays it every time. Somewhere on the bench, some side's orders vary with the seed. (Since
    # normal sees cuts and hanging parts, issue #30, one order dominates more often: on this bench
    # only one side of one position still varies, over twelve seeds.)
    varied = any(
        len({choose_move(state, player, "normal", seed=s) for s in range(12)}) >= 2
        for state in reversed(states)
        if state.phase == PHASE_ORDERS
        for player in state.to_move()
    )
    assert varied
    invasions = {choose_move(states[0], WHITE, "normal", seed=s) for s in range(6)}
    assert len(invasions) >= 3


def test_the_invasion_is_spread_out_and_off_the_corners() -> None:
    state = GAME.new_state()
    rng = random.Random(5)
    chosen = [nelaxtam_ai.ai(state, p, "normal", rng, 0.8) for p in PLAYERS for _ in range(4)]
    random_moves = [state.random_move(BLACK, rng) for _ in range(40)]
    chosen_score = statistics.mean(nelaxtam_ai.placement_score(state, m) for m in chosen)
    random_score = statistics.mean(nelaxtam_ai.placement_score(state, m) for m in random_moves)
    assert chosen_score > random_score + 3
    n = state.size
    for move in chosen:
        coords = [(sq % n, sq // n) for sq in move]
        for i, (f, r) in enumerate(coords):
            assert all(max(abs(f - g), abs(r - s)) >= 2 for j, (g, s) in enumerate(coords) if j != i)


def test_normal_cuts_off_the_hanging_half() -> None:
    state = from_text(CUT_POSITION)
    assert not state.over
    hits = sum(choose_move(state, BLACK, "normal", seed=s)[0] == 6 for s in range(6))  # 6 = xe
    assert hits >= 5


def test_spread_candidates_give_every_troop_its_other_kinds_of_order() -> None:
    state = from_text(CUT_POSITION)
    black = PLAYERS.index(BLACK)
    sampled = nelaxtam_ai.candidates(state, black, 36, 1.0, random.Random(1))
    spread = nelaxtam_ai.candidates(state, black, 36, 1.0, random.Random(1), spread=True)
    greedy = spread[0]
    assert greedy == sampled[0] and greedy[0] == 6  # troop 1 cuts (xe) ...
    # ... and the matrix also gets troop 1 doing nothing and moving, the other troops as greedy.
    others = {joint[0] for joint in spread if joint[1:] == greedy[1:]}
    assert 0 in others and others & {1, 2, 3, 4}
    assert all(joint[0] == 6 for joint in sampled)  # the softmax alone never offers them


def test_the_hanging_half_is_seen_as_a_threat() -> None:
    state = from_text(CUT_POSITION)
    geo, white = state.geo, PLAYERS.index(WHITE)
    hanging = threats.hang_loss(
        geo, state.territory[white], threats.troop_mask(state.troops[white]), state.troops[1 - white]
    )
    assert hanging >= 16  # ranks 5-8 of White, cut off by destroying e4
    safe = threats.hang_loss(
        geo, state.territory[1 - white], threats.troop_mask(state.troops[1 - white]), state.troops[white]
    )
    assert safe < hanging


def test_a_stranded_troop_still_takes_its_last_target() -> None:
    state = from_text(STRANDED_POSITION)
    black = PLAYERS.index(BLACK)
    a1, a2 = 0, state.size
    white_without_a2 = state.territory[1 - black] & ~(1 << a2)
    assert threats.frontier_distance(state.geo, state.territory[black], white_without_a2, a1) == -1
    hits = sum(choose_move(state, BLACK, "normal", seed=s)[0] == 5 for s in range(6))  # 5 = xn
    assert hits >= 5


def test_a_troop_is_worth_no_more_than_what_its_group_can_still_destroy() -> None:
    # Black's troop 1 on a1 stands alone in a one-piece group whose only enemy neighbour is a2: it
    # can destroy one piece more at most, however many a troop is worth. Troop 2 on g1 holds the
    # big group and keeps its full worth.
    state = from_text(STRANDED_POSITION)
    geo, black = state.geo, PLAYERS.index(BLACK)
    own, troops, white = state.territory[black], state.troops[black], state.territory[1 - black]
    per_troop = nelaxtam_ai.TROOP_VALUE
    assert threats.army_worth(geo, own, troops, white, per_troop) == per_troop + 1
    white_without_a2 = white & ~(1 << state.size)
    assert threats.army_worth(geo, own, troops, white_without_a2, per_troop) == per_troop
    # Hard counts troops so; normal still counts every troop at its full worth.
    bounded = nelaxtam_ai.Terms(bounded=True)
    value = nelaxtam_ai.evaluate(geo, state.territory, state.troops, black, True, terms=bounded)
    plain = nelaxtam_ai.evaluate(geo, state.territory, state.troops, black, True)
    assert value == pytest.approx(plain - (per_troop - 1))
    levels = nelaxtam_ai.LEVEL_SETTINGS
    assert levels["hard"]["bounded"] and not levels["normal"].get("bounded")


def test_a_side_behind_that_cannot_reach_the_front_has_run_out_of_clock() -> None:
    # Black is a piece behind and its only troop is stranded on a1 (a2, b1 and b2 gone): it can never
    # destroy again, so however few calm turns have passed, the cap will hand White the game. (Only
    # the evaluation is asked, so Black's troop-less pieces need not have been cleaned up.)
    board = STRANDED_POSITION.replace("w . w b w b w b\n1 . b w b w 2 w", ". . w b w b w b\n1 . b w b w b w")
    state = from_text(board.replace("w b w b w b w b\n", "w . w . w b w b\n", 1))
    black = PLAYERS.index(BLACK)

    def value(calm: int | None) -> float:
        return nelaxtam_ai.evaluate(state.geo, state.territory, state.troops, black, True, calm, 10)

    assert value(0) == pytest.approx(value(12))
    assert value(0) < value(None) - 5


def test_regret_matching_finds_the_mixed_equilibrium() -> None:
    pennies = [[1.0, -1.0], [-1.0, 1.0]]
    rows, cols = regret_matching(pennies, 2000)
    assert rows[0] == pytest.approx(0.5, abs=0.05) and cols[0] == pytest.approx(0.5, abs=0.05)
    dominated = [[3.0, 3.0], [0.0, 1.0]]
    rows, _ = regret_matching(dominated, 300)
    assert rows[0] > 0.95


def test_expecting_the_obvious_orders_answers_them() -> None:
    # Column 0 is the opponent's obvious orders, and a strategic opponent never gives them (column 1
    # is better for it against both rows), so the safe answer is row 1. An opponent that gives them
    # a quarter of the time is answered by row 0 (0.25 * 8 = 2 > 1).
    matrix = [[8.0, 0.0], [1.0, 1.0]]
    assert nelaxtam_ai.expect_obvious(matrix, 0.0) is matrix
    rows, _ = regret_matching(matrix, 400)
    assert rows[1] > 0.9
    rows, _ = regret_matching(nelaxtam_ai.expect_obvious(matrix, 0.25), 400)
    assert rows[0] > 0.9


def test_quiet_variant_candidates_give_one_order(states: list[NelaxtamState]) -> None:
    quiet = states[6]
    assert quiet.quiet
    for player in PLAYERS:
        for joint in nelaxtam_ai.candidates(quiet, PLAYERS.index(player), 12, 1.0, random.Random(1)):
            assert sum(1 for code in joint if code) <= 1
            quiet.check_move(player, joint)


# Black's middle (files d-h) joins the rest through two pieces only: one next to White's troop A on
# e6, one next to White's troop D on g4. Neither destruction alone cuts anything; both together cut
# off nine pieces.
PAIR_POSITION = """\
. b . b w b . b . . w .
b . b . b w b . . . . w
w . . 1 . b w b w b w .
. w . . b w b w b w . w
w . w b w b w b w b w b
. w . w b w b w b w b w
w . w b A b w b . 2 . b
. w . w b w b w . . b .
w . E b w b D b w . . b
. w . w b w b w . . b .
w . w b w b w . . b . b
. w . . b w b . b . 5 .
"""


def test_two_troops_together_cut_off_what_neither_cuts_alone() -> None:
    state = from_text(PAIR_POSITION)
    black = PLAYERS.index(BLACK)
    own = threats.troop_mask(state.troops[black])
    args = (state.geo, state.territory[black], own, state.troops[1 - black])
    assert threats.hang_loss(*args) == 0
    joint = threats.pair_hang(*args)
    assert joint >= 8
    assert threats.hang_loss(*args, pairs=True) == joint


def test_the_first_candidate_is_the_greedy_bots_order(states: list[NelaxtamState]) -> None:
    """Column 0, the opponent's obvious orders that normal and hard answer, is what the greedy bot
    plays (up to ties between equally scored orders), collisions between its troops settled alike."""
    from game.nelaxtam.greedy import nelaxtam_move

    checked = 0
    for index, state in enumerate(states):
        if state.phase != PHASE_ORDERS or state.quiet:
            continue
        for player in state.to_move():
            p = state.index_of(player)
            scores = nelaxtam_ai.troop_scores(state, p)
            first = nelaxtam_ai.candidates(state, p, 4, 1.0, random.Random(index))[0]
            bot = nelaxtam_move(state, player, random.Random(index))
            for options, mine, theirs in zip(scores, first, bot, strict=True):
                assert dict(options)[mine] == pytest.approx(dict(options)[theirs], abs=1e-5)
            checked += 1
    assert checked >= 6


def test_normal_is_a_player_of_the_moment() -> None:
    """Normal differs from hard by what it sees, not by a blind spot in its evaluation: one turn
    deep and fewer candidates, no look-ahead or plan; but it sees idle troops, straight cuts and
    hanging parts as hard does (blind to them, it lost to the gauntlet's one-ply styles, issue #30)
    and improves its candidates one troop at a time as hard does (without, the careful and hoarder
    styles scored 44 % against it over 120 games)."""
    normal, hard = nelaxtam_ai.LEVEL_SETTINGS["normal"], nelaxtam_ai.LEVEL_SETTINGS["hard"]
    assert normal["mine"] < hard["mine"] and normal["theirs"] < hard["theirs"]
    assert not normal.get("deep") and not normal.get("plan")
    assert normal["improve"] and hard["improve"] and hard["deep"] and hard["plan"]
    assert normal["full"] and normal["hang"] > 0
    assert hard["full"] and hard.get("hang", nelaxtam_ai.HANG) > 0
