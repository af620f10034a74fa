"""Epaminondas: rules (against a slow reference generator written here), perft, notation, draws,
the symmetry rule, the crossing race, the command line and the AI."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import main as cli_main
from game.core import GameError, IllegalMoveError, NotationError
from game.epaminondas import GAME, bench_states, rules_bench
from game.epaminondas import ai as ai_module
from game.epaminondas import board as B
from game.epaminondas.rules import EpaminondasState
from game.register import get
from game.search import Limit
from tests.rules_helpers import assert_ai_is_seeded, assert_ai_keeps_its_limits, assert_refusals

# -- helpers ----------------------------------------------------------------------------------------


def sq(name: str) -> int:
    return B.square_index(name)


def bits(names: str) -> int:
    return sum(1 << sq(n) for n in names.split())


def pos(white: str, black: str, side: str = "w", symmetry: str = "mirror") -> EpaminondasState:
    """A position from square lists: ``pos("a1 a2", "c3", "w")``."""
    return EpaminondasState(bits(white), bits(black), 0 if side == "w" else 1, symmetry)


def texts(state: EpaminondasState) -> set[str]:
    player = state.player
    return {state.move_to_text(player, m) for m in state.legal_moves(player)}


def play(state: EpaminondasState, *moves: str) -> EpaminondasState:
    for text in moves:
        state = state.apply(state.parse_move(state.player, text))
    return state


# -- the reference generator: per square, straight from the RULES.md text ------------------------------
DIRS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
Square = tuple[int, int]  # (file 0-13, rank 0-11)


def on_board(s: Square) -> bool:
    return 0 <= s[0] < 14 and 0 <= s[1] < 12


def ref_symmetric(white: set[Square], black: set[Square], mode: str) -> bool:
    """Every square equals the colour-swapped content of its image (mirror: c3 <-> c10): the
    white stones are exactly the images of the black ones, and the black of the white."""
    if mode == "off":
        return False

    def image(s: Square) -> Square:
        return (s[0], 11 - s[1]) if mode == "mirror" else (13 - s[0], 11 - s[1])

    return {image(s) for s in black} == white and {image(s) for s in white} == black


def ref_moves(
    white: set[Square], black: set[Square], side: int, mode: str
) -> dict[tuple[Square, Square], tuple]:
    """{(S, S's destination): (white after, black after)} for every legal move."""
    own, opp = (white, black) if side == 0 else (black, white)
    target_rank = 11 if side == 0 else 0
    result = {}
    for s in own:
        for df, dr in DIRS:
            group = [s]
            while (nxt := (group[-1][0] + df, group[-1][1] + dr)) in own:
                group.append(nxt)
            n = len(group)
            front = group[-1]
            for k in range(1, n + 1):
                path = [(front[0] + i * df, front[1] + i * dr) for i in range(1, k + 1)]
                if not all(on_board(p) for p in path):
                    break
                if any(p in own or p in opp for p in path[:-1]):
                    break
                landing = path[-1]
                if landing in own:
                    break
                captured: set[Square] = set()
                if landing in opp:
                    if n == 1:
                        break
                    cur = landing
                    while cur in opp:
                        captured.add(cur)
                        cur = (cur[0] + df, cur[1] + dr)
                    if len(captured) >= n:
                        break
                new_own = (own - set(group)) | {(g[0] + k * df, g[1] + k * dr) for g in group}
                new_opp = opp - captured
                newcomers = {x for x in new_own - own if x[1] == target_rank}
                after = (new_own, new_opp) if side == 0 else (new_opp, new_own)
                if not (newcomers and ref_symmetric(after[0], after[1], mode)):
                    result[(s, (s[0] + k * df, s[1] + k * dr))] = after
                if landing in opp:
                    break
    return result


def ref_decided(white: set[Square], black: set[Square], side: int, mode: str) -> bool:
    own, opp = (white, black) if side == 0 else (black, white)
    target_rank, home_rank = (11, 0) if side == 0 else (0, 11)
    if sum(1 for s in own if s[1] == target_rank) > sum(1 for s in opp if s[1] == home_rank):
        return True
    return not own or not ref_moves(white, black, side, mode)


def ref_perft(white: set[Square], black: set[Square], side: int, depth: int, mode: str) -> int:
    """The standard convention: a position decided by a win has no moves, so it adds nothing
    below depth 0, the root included."""
    if depth == 0:
        return 1
    if ref_decided(white, black, side, mode):
        return 0
    children = ref_moves(white, black, side, mode).values()
    return sum(ref_perft(w, b, 1 - side, depth - 1, mode) for w, b in children)


def to_sets(state: EpaminondasState) -> tuple[set[Square], set[Square]]:
    return (
        {(s % 14, s // 14) for s in B.squares_of(state.white)},
        {(s % 14, s // 14) for s in B.squares_of(state.black)},
    )


def engine_moves(state: EpaminondasState) -> dict[tuple[Square, Square], tuple]:
    out = {}
    for move, code in state._legal_codes().items():
        after = state.after_code(code)  # even in a decided position: the generator alone is compared
        key = ((move[0] % 14, move[0] // 14), (move[1] % 14, move[1] // 14))
        out[key] = to_sets(after)
    return out


def random_position(rng: random.Random, symmetric: str | None = None) -> EpaminondasState:
    """Random stones, often in lines (so long phalanxes and long enemy lines occur)."""
    density = rng.choice((0.04, 0.1, 0.2, 0.35))
    white = black = 0
    for s in range(B.SIZE):
        roll = rng.random()
        if roll < density:
            white |= 1 << s
        elif roll < 2 * density:
            black |= 1 << s
    for _ in range(rng.randint(0, 4)):  # a few straight lines
        d = rng.randrange(8)
        start = rng.randrange(B.SIZE)
        line = B.LINE[d][start][min(rng.randint(2, 6), len(B.LINE[d][start]) - 1)]
        if rng.random() < 0.5:
            white, black = white | line, black & ~line
        else:
            black, white = black | line, white & ~line
    while white.bit_count() > 28:
        white &= white - 1
    while black.bit_count() > 28:
        black &= black - 1
    if symmetric:
        white &= B.FULL ^ (B.vflip(white) if symmetric == "mirror" else B.rotate(white))
        black = B.vflip(white) if symmetric == "mirror" else B.rotate(white)
    return EpaminondasState(white, black, rng.randrange(2), rng.choice(B.SYMMETRY_MODES))


# -- perft by hand ------------------------------------------------------------------------------------
def test_perft_start_by_hand() -> None:
    # North: every file has the column x1,x2: x2 one step, x1 (a group of 2) one or two: 3 x 14 = 42.
    # North-east: a2 is alone on its diagonal (1 move); b2..l2 each head a pair with the rank-1
    # stone behind (x2 one step, the pair one or two: 3 moves) = 33; m2 heads l1-m2 but the pair
    # can only go one square before the edge (m2-n3 and l1-m2) = 2; n2 and n1 face the edge.
    # 1 + 33 + 2 = 36. North-west is the mirror image: 36. East/west lines face the edges and
    # nothing moves backwards off the board. 42 + 36 + 36 = 114.
    start = GAME.new_state()
    assert B.perft(start.white, start.black, 0, 1) == 114
    # Within two plies the armies cannot meet (White reaches rank 4 at most, Black rank 9), so
    # Black has the same 114 answers to each of White's 114 moves.
    assert B.perft(start.white, start.black, 0, 2) == 114 * 114
    assert B.perft(start.white, start.black, 0, 3) == 1787292  # fixed by the reference below
    assert len(start.legal_moves("white")) == 114


def test_perft_with_early_leaves_by_hand() -> None:
    # White a11 alone, Black n2 alone, White to move.
    # Depth 1: a11 goes N a12, NE b12, E b11, SE b10, S a10 = 5.
    # Depth 2: Black's n2 answers N n3, S n1, W m2, NW m3, SW m1 = 5 each: 25.
    # Depth 3: after a crossing (a12 or b12), the three black replies that do not cross (n3, m2,
    #   m3) leave White starting its turn 1-0 up: won, so no moves and nothing at depth 3 (the
    #   standard convention). After n1 or m1 it is 1-1 and White moves on: a12 has E, SE, S = 3
    #   (x2 = 6); b12 has E, W, SE, S, SW = 5 (x2 = 10). The non-crossing moves give White an
    #   interior stone on b11 or b10 (8 moves, x5 replies = 40 each) or an edge stone on a10
    #   (5 moves x5 = 25). 6 + 10 + 40 + 40 + 25 = 121.
    state = pos("a11", "n2")
    assert [B.perft(state.white, state.black, 0, d) for d in (1, 2, 3)] == [5, 25, 121]
    w, b = to_sets(state)
    assert ref_perft(w, b, 0, 3, "mirror") == 121


def test_a_won_root_has_no_moves() -> None:
    # White already has a stone across and Black none: White to move has won, so the game has no
    # moves (a12 alone could go E b12, SE b11, S a11, but the game is over).
    state = pos("a12", "n5")
    assert state.outcome() is not None and state.outcome().winner == "white"
    assert B.perft(state.white, state.black, 0, 0) == 1
    assert B.perft(state.white, state.black, 0, 1) == 0
    assert GAME.perft is not None and GAME.perft(state, 2) == 0


def test_perft_cli_and_position_option(capsys: pytest.CaptureFixture[str]) -> None:
    text = pos("a11", "n2").text()
    assert cli_main(["perft", "epaminondas", "--depth", "3", "--position", text]) == 0
    assert capsys.readouterr().out.split("\n")[:3] == ["perft 1: 5", "perft 2: 25", "perft 3: 121"]
    # After a1-a3 Black has its 114 opening moves, and White (armies still apart) has, by direction:
    # N 42 (every file still has two stones in a column); S 3 (a4-a3 pair one or two, a3 alone);
    # NE 35 (a3, a4 and b2 now alone: 3; c2..l2 pairs 30; m2 2); NW 34 (b1 alone 1; c2-d1 pair only
    # 2 as a4 blocks the second square; d2..m2 pairs 30; n2 alone 1; a3 and b2 face the edge);
    # E 2 (a3, a4); W 26 (ranks 1 and 2: every stone is the rear of a group whose front b1/b2 can
    # step to a1/a2 only); SE 1 (a4-b3); SW 1 (b2-a1). 42+3+35+34+2+26+1+1 = 144; 114 x 144 = 16416.
    assert cli_main(["perft", "epaminondas", "--depth", "2", "a1-a3"]) == 0
    assert capsys.readouterr().out.splitlines() == ["perft 1: 114", "perft 2: 16416"]


# -- the fast engine against the reference -------------------------------------------------------------
def test_move_generation_matches_reference_on_random_positions() -> None:
    rng = random.Random(2024)
    checked = 0
    for index in range(1000):
        symmetric = ("mirror", "rotation", None)[index % 3]
        state = random_position(rng, symmetric)
        w, b = to_sets(state)
        expected = ref_moves(w, b, state.side, state.symmetry)
        codes = B.generate(*state.own_opp(), state.side, state.symmetry)
        assert len(codes) == len(set(codes)) == B.count_moves(*state.own_opp(), state.side, state.symmetry)
        noisy = {c for c in codes if c & (B.CAPTURE | B.CROSSING)}
        assert set(B.generate(*state.own_opp(), state.side, state.symmetry, noisy_only=True)) == noisy
        assert set(B.generate_noisy(*state.own_opp(), state.side, state.symmetry)) == noisy
        got = engine_moves(state)
        assert got.keys() == expected.keys(), state.text()
        assert got == expected, state.text()
        checked += len(expected)
    assert checked > 30_000


def test_symmetry_rule_on_positions_built_one_move_from_symmetric() -> None:
    # Build a symmetric position, take one crossing stone one square back: re-crossing is illegal.
    rng = random.Random(7)
    hits = 0
    for mode in ("mirror", "rotation"):
        for _ in range(100):
            state = random_position(rng, mode)
            crossed = state.white & B.TARGET[0]
            for s in B.squares_of(crossed):
                back = s - 14
                if (state.white | state.black) >> back & 1:
                    continue
                before = EpaminondasState(state.white ^ (1 << s) ^ (1 << back), state.black, 0, mode)
                after_sets = to_sets(state)
                w, b = to_sets(before)
                assert ref_symmetric(*after_sets, mode)
                move = (back, s)
                assert move not in before.legal_moves("white")
                assert engine_moves(before) == ref_moves(w, b, 0, mode)
                with pytest.raises(IllegalMoveError, match="symmetric"):
                    before.check_move("white", move)
                off = EpaminondasState(before.white, before.black, 0, "off")
                assert move in off.legal_moves("white")
                hits += 1
    assert hits > 50


def test_perft_matches_reference_on_sparse_positions() -> None:
    rng = random.Random(99)
    for index in range(40):
        white = black = 0
        for _ in range(rng.randint(1, 5)):
            white |= 1 << rng.randrange(B.SIZE)
        for _ in range(rng.randint(1, 5)):
            black |= 1 << rng.randrange(B.SIZE)
        black &= ~white
        if not black:
            black = 1 << 167 if not white >> 167 & 1 else 1 << 166
        side = index % 2
        mode = B.SYMMETRY_MODES[index % 3]
        w, b = to_sets(EpaminondasState(white, black))
        depth = 3 if index < 10 else 2
        assert B.perft(white, black, side, depth, mode) == ref_perft(w, b, side, depth, mode)


# -- captures --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("white", "black", "move", "legal", "captured"),
    [
        # A column of 3 on c2-c4 hits a line of 2 on c5-c6 followed by an empty square: captures both.
        ("c2 c3 c4", "c5 c6", "c2-c3", True, {"c5", "c6"}),
        # The enemy line ends at one of the mover's own stones: still a line of 2, captured.
        ("c2 c3 c4 c7", "c5 c6", "c2-c3", True, {"c5", "c6"}),
        # The enemy line ends at the board edge: c11, c12 (2 stones) against a column of 3.
        ("c8 c9 c10", "c11 c12", "c8-c9", True, {"c11", "c12"}),
        # A gap ends the enemy line: c5 and (after the empty c6) c7: only c5 counts and goes.
        ("c3 c4", "c5 c7", "c3-c4", True, {"c5"}),
        # Enemy stones beside the line (b6, d6) do not count: the line is c5 alone.
        ("c3 c4", "c5 b6 d6", "c3-c4", True, {"c5"}),
        # Equal lines cannot capture: 2 against 2.
        ("c3 c4", "c5 c6", "c3-c4", False, None),
        # Longer enemy line: 2 against 3.
        ("c2 c3", "c4 c5 c6", "c2-c3", False, None),
        # A single stone never captures.
        ("c4", "c5", "c4-c5", False, None),
        # Diagonal capture by a diagonal pair: b2-c3 hits d4 (d4 alone on the diagonal; e5 empty).
        ("b2 c3", "d4 d5", "b2-c3", True, {"d4"}),
        # Capture along a rank with the enemy line running to the edge: c5 d5 e5 against m5 n5.
        ("j5 k5 l5", "m5 n5", "j5-k5", True, {"m5", "n5"}),
        # A capture needs the landing to be the first occupied square: a 3-column may not jump c5.
        ("c2 c3 c4", "c5 c6", "c2-c4", False, None),
    ],
)
def test_capture_cases(white: str, black: str, move: str, legal: bool, captured: set[str] | None) -> None:
    state = pos(white, black)
    if not legal:
        with pytest.raises(IllegalMoveError):
            state.parse_move("white", move)
        return
    m = state.parse_move("white", move)
    assert {B.square_name(s) for s in state.captured_by(m)} == captured
    after = state.apply(m)
    assert after.black == state.black & ~bits(" ".join(captured or ()))
    assert after.quiet_plies == 0


def test_capture_reasons_and_path_reasons() -> None:
    state = pos("c3 c4 d3 d2 h3", "c5 c6 d4 h4 h5 a1")
    cases = {
        "c3-c4": "a phalanx of 2 cannot capture a line of 2",
        "h3-h4": "a single stone cannot capture",
        "d2-d4": "the path is blocked at d4",
        "c3-c6": "a phalanx of 2 moves at most 2 squares",
        "h3-h5": "a single stone moves one square",
        "e5-e6": "there is no white stone on e5",
        "c3-d5": "a phalanx moves along a straight line",
        "a1-a2": "there is no white stone on a1",
    }
    assert_refusals(state, "white", cases)
    blocked = pos("a1 a2 a3", "a4")
    with pytest.raises(IllegalMoveError, match="the path is blocked at a4"):
        blocked.parse_move("white", "a1-a3")
    edge = pos("a10 a11", "n1")
    with pytest.raises(IllegalMoveError, match="leave the board"):
        edge.parse_move("white", "a10-a12")
    with pytest.raises(IllegalMoveError, match="it is not black's turn"):
        state.check_move("black", (sq("c5"), sq("c4")))


def test_phalanx_moves_front_part_only() -> None:
    state = pos("c2 c3 c4", "n12")
    moves = texts(state)
    # S = c2 (group of 3) goes 1..3, c3 (group of 2) 1..2, c4 (alone) 1.
    assert {"c2-c3", "c2-c4", "c2-c5", "c3-c4", "c3-c5", "c4-c5"} <= moves
    after = state.apply(state.parse_move("white", "c3-c5"))
    assert {B.square_name(s) for s in B.squares_of(after.white)} == {"c2", "c5", "c6"}
    # Backwards the roles swap: c4 is the rear of the southward group, whose front c2 can only
    # step to c1 before the edge.
    assert {"c4-c3", "c3-c2", "c2-c1"} <= moves
    assert not {"c4-c2", "c4-c1", "c3-c1"} & moves


def test_notation_examples_from_the_rules() -> None:
    start = GAME.new_state()
    after = play(start, "a1-a3")
    assert {B.square_name(s) for s in B.squares_of(after.white & B.FILE_A)} == {"a3", "a4"}
    after = play(start, "a2-a3")
    assert {B.square_name(s) for s in B.squares_of(after.white & B.FILE_A)} == {"a1", "a3"}
    for bad in ("a1a3", "a1-", "z1-a2", "a13-a12", "a0-a1", "", "a1-a2-a3"):
        with pytest.raises(NotationError):
            start.parse_move("white", bad)
    assert start.parse_move("white", " A1-A3 ") == (sq("a1"), sq("a3"))


# -- symmetry rule ------------------------------------------------------------------------------------
def test_symmetry_mirror_rotation_off() -> None:
    # Black has crossed at c1; White crossing at c12 would mirror it exactly (c1 <-> c12).
    base = "c11", "c1"
    mirror = pos(*base, "w", "mirror")
    with pytest.raises(IllegalMoveError, match="would make the position symmetric"):
        mirror.parse_move("white", "c11-c12")
    assert "b12" in {m[-3:] for m in texts(mirror)}  # the other crossings are fine
    # Under rotation c1 pairs with l12, so c12 is legal but l12-equivalent is not reachable; b12 ok.
    rotation = pos(*base, "w", "rotation")
    rotation.parse_move("white", "c11-c12")
    rot = pos("l11", "c1", "w", "rotation")
    with pytest.raises(IllegalMoveError, match="symmetric"):
        rot.parse_move("white", "l11-l12")
    off = pos(*base, "w", "off")
    off.parse_move("white", "c11-c12")
    # Moves that cross nothing are never tested, even into a symmetric position.
    quiet = pos("c10", "c2", "w", "mirror")
    after = quiet.apply(quiet.parse_move("white", "c10-c11"))
    assert B.is_symmetric(after.white, after.black, "mirror")  # c11 mirrors c2: allowed, no crossing


def test_symmetry_sideways_along_the_home_row_counts_as_new_square() -> None:
    # White's d12 moving west to c12 puts a stone on a home-row square where it had none before.
    state = pos("d12 a5", "c1 a8", "w")
    mirrored = B.vflip(bits("c1 a8"))
    assert mirrored == bits("c12 a5")
    with pytest.raises(IllegalMoveError, match="symmetric"):
        state.parse_move("white", "d12-c12")


# -- winning, losing, drawing ---------------------------------------------------------------------------
def test_win_at_start_of_turn_and_the_chance_to_answer() -> None:
    # The pair c10-c11 moves one square north: S (c10) ends on c11, the front stone crosses to c12.
    state = pos("c10 c11", "d12 n5 n6", "w")
    crossed = play(state, "c10-c11")
    assert crossed.white == bits("c11 c12")
    assert crossed.outcome() is None  # Black gets its turn to answer
    assert crossed.score() == {"white": 1, "black": 0}
    # Black ignores it: White wins at the start of its turn.
    ignored = play(crossed, "n5-n4")
    assert ignored.outcome() is not None and ignored.outcome().winner == "white"
    assert ignored.to_move() == () and ignored.legal_moves("white") == []
    with pytest.raises(IllegalMoveError, match="already over"):
        ignored.check_move("white", (sq("c12"), sq("b12")))
    # Black answers by capturing with the pair d12-e12 moving west (S = e12 ends on d12).
    crossed = play(pos("c10 c11", "d12 e12 n6", "w"), "c10-c11")
    answered = play(crossed, "e12-d12")
    assert answered.white == bits("c11") and answered.outcome() is None
    # Black answers by crossing too: 1-1 at the start of White's turn is no win.
    even = play(pos("c10 c11", "n2 n12", "w"), "c10-c11", "n2-n1")
    assert even.score() == {"white": 1, "black": 1} and even.outcome() is None


def test_black_wins_at_the_start_of_its_turn() -> None:
    after = play(pos("a5", "c2", "b"), "c2-c1")
    assert after.outcome() is None  # White may answer; a lone a5 cannot
    after = play(after, "a5-a6")
    assert after.outcome() is not None and after.outcome().winner == "black"


def test_no_legal_move_and_no_stones_lose() -> None:
    boxed = pos("a1", "a2 b1 b2", "w")
    assert boxed.legal_moves("white") == []
    assert boxed.outcome().winner == "black" and "no legal move" in boxed.outcome().reason
    wiped = pos("c2 c3 c4", "c5 n12", "w")
    after = play(wiped, "c2-c3")
    assert after.black == bits("n12")
    gone = pos("c2 c3", "c4", "w")
    after = play(gone, "c2-c3")
    assert after.black == 0 and after.outcome().winner == "white" and "no stones" in after.outcome().reason


def test_threefold_repetition_is_a_draw() -> None:
    state = pos("a5", "n8", "w")
    cycle = ("a5-a6", "n8-n7", "a6-a5", "n7-n8")
    after = play(state, *cycle)
    assert after.outcome() is None  # second occurrence
    after = play(after, *cycle)
    assert after.outcome() is not None and after.outcome().winner is None
    assert "three times" in after.outcome().reason
    # The same squares with the other side to move are a different position.
    assert play(state, *cycle[:3]).outcome() is None


def test_two_hundred_quiet_plies_draw_and_capture_resets() -> None:
    state = EpaminondasState(bits("a5 c2 c3"), bits("n8 c4"), 0, "mirror", quiet_plies=198)
    after = play(state, "a5-a6")
    assert after.outcome() is None and after.quiet_plies == 199
    after = play(after, "n8-n7")
    assert after.quiet_plies == 200 and after.outcome().winner is None
    assert "200 plies" in after.outcome().reason
    captured = play(EpaminondasState(state.white, state.black, 0, "mirror", quiet_plies=199), "c2-c3")
    assert captured.quiet_plies == 0 and captured.outcome() is None


# -- text forms, JSON, notation round trip ---------------------------------------------------------------
def test_position_text_round_trip_and_str() -> None:
    start = GAME.new_state()
    text = start.text()
    assert text == "/".join(["B" * 14] * 2 + ["." * 14] * 8 + ["W" * 14] * 2) + " w"
    assert str(start).splitlines()[0] == text
    assert EpaminondasState.from_text(text) == start
    state = play(start, "c1-c3", "d12-d10")
    again = EpaminondasState.from_text(state.text())
    assert again == state and again.side == 0
    for bad in (
        "",
        text[:-2],
        text.replace(" w", " x"),
        text.replace("W", "Q", 1),
        "/".join(["." * 14] * 11) + " w",
        "/".join(["W" * 14] * 3 + ["." * 14] * 9) + " w",
    ):
        with pytest.raises(GameError):
            EpaminondasState.from_text(bad)


def test_json_position_and_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["play", "epaminondas", "--json", "a1-a3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["to_move"] == ["black"] and data["score"] == {"white": 0, "black": 0}
    assert "a3" in data["position"]["white"] and "a1" not in data["position"]["white"]
    assert len(data["position"]["black"]) == 28
    text = pos("c12 c11", "n1 b3", "b").text()
    assert cli_main(["play", "epaminondas", "--json", "--position", text]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["score"] == {"white": 1, "black": 1} and data["to_move"] == ["black"]
    assert cli_main(["play", "epaminondas", "--position", "nonsense"]) == 2
    assert cli_main(["play", "epaminondas", "a1-a9"]) == 2
    assert "a phalanx of 2 moves at most 2 squares" in capsys.readouterr().err


def test_register_entry() -> None:
    info = get("epaminondas")
    assert info.players == ("white", "black") and not info.simultaneous
    assert info.validate({}) == {"symmetry": "mirror"}
    assert info.new_state({"symmetry": "rotation"}).symmetry == "rotation"
    with pytest.raises(GameError):
        info.validate({"symmetry": "sideways"})
    assert len(bench_states()) >= 8
    labels = [label for label, rate in rules_bench(0.15)]
    assert any("generation" in label for label in labels) and any("perft 3" in label for label in labels)


# -- random games ----------------------------------------------------------------------------------------
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(B.SYMMETRY_MODES))
def test_random_games_keep_invariants(seed: int, mode: str) -> None:
    rng = random.Random(seed)
    state = GAME.new_state({"symmetry": mode})
    for _ply in range(150):
        if state.over:
            outcome = state.outcome()
            assert outcome is not None and (outcome.winner in (None, "white", "black"))
            break
        player = state.player
        moves = state.legal_moves(player)
        assert moves and len(set(moves)) == len(moves)
        sample = rng.sample(list(moves), min(5, len(moves)))
        for m in sample:
            text = state.move_to_text(player, m)
            assert state.parse_move(player, text) == m  # notation round trip
        move = rng.choice(list(moves))
        after = state.apply(move)
        assert after.white & after.black == 0
        assert after.white.bit_count() <= state.white.bit_count()
        assert after.black.bit_count() <= state.black.bit_count()
        mover_before = state.stones(player).bit_count()
        assert after.stones(player).bit_count() == mover_before  # own stones are never lost moving
        assert EpaminondasState.from_text(after.text()) == after
        state = after


# -- AI ---------------------------------------------------------------------------------------------------
def test_ai_answers_a_crossing_by_capturing() -> None:
    # White has crossed at c12 (from c11); Black can capture it with the pair d12-e12 moving west.
    # Anything else loses at once.
    state = pos("c12 c10 a3 b3", "d12 e12 h11 k12", "b")
    for level in ("easy", "normal", "hard"):
        move = ai_module.ai(state, "black", level, random.Random(3), Limit(depth=3))
        assert state.move_to_text("black", move) == "e12-d12", level
        assert ai_module.LAST_STATS["level"] == level


def test_ai_takes_a_winning_crossing() -> None:
    # White to move can cross on the left where Black cannot answer (Black's only stones are far).
    state = pos("b11 n3", "n10 m12", "w")
    move = ai_module.ai(state, "white", "hard", random.Random(1), Limit(depth=3))
    after = state.apply(move)
    assert after.crossed("white") == 1


def test_ai_levels_respect_their_limits_and_report_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    assert_ai_keeps_its_limits(ai_module.ai, bench_states()[3], ai_module.LAST_STATS, monkeypatch)


def test_ai_is_deterministic_for_a_seed_and_random_tie_breaks() -> None:
    assert_ai_is_seeded(ai_module.ai, GAME.new_state(), "white")
