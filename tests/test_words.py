"""Words for what just happened (issue #13, item 4): every game says what each turn did and why a
game ended, headless through :meth:`GameState.describe_turn` / :meth:`GameState.describe_end`, on the
command line after each move, and on the match screen (the banner, the move list's card, rings on
the deciding squares).

The worked examples build their positions by playing notation (or from the games' own position text)
and check the facts the rulebook predicts; the random games check every turn of every game against
the material that really changed."""

from __future__ import annotations

import random
import re
from typing import Any

import pygame
import pytest

from game.core import GameState, TurnWords
from game.match import AI, Match, Seat
from game.phrases import NUMBER_WORDS, count, joined
from game.register import get
from game.worker import AIResult
from tests.scene_driver import click, idle, mouse, start

GAMES = ("elasta", "nelaxtam", "elephant-run", "epaminondas", "changing-challenges")
REPR_SIGNS = re.compile(r"None|<[a-z]|\{'|\[\d|\w+\(\w*=|Outcome|Turn\(|\bx[0-9]")
"""What leaks when a value's repr slips into a sentence instead of its words."""


def said_number(word: str) -> int:
    """The inverse of :func:`game.phrases.number` ("two" -> 2, "14" -> 14, "no" -> 0)."""
    return int(word) if word.isdigit() else NUMBER_WORDS.index(word)


def play(
    game_id: str, *moves: str, options: dict[str, str] | None = None
) -> tuple[GameState, list[TurnWords]]:
    """The state after ``moves`` (notation) and what each turn was said to do."""
    state = get(game_id).new_state(options or {})
    said = []
    for text in moves:
        turn = state.parse_turn(text)
        after = state.apply_turn(turn)
        said.append(state.describe_turn(turn, after))
        state = after
    return state, said


# -- the shared helpers ----------------------------------------------------------------------------
def test_counts_and_lists_read_as_people_say_them() -> None:
    assert count(2, "piece") == "two pieces" and count(1, "rank") == "one rank"
    assert count(14, "tile") == "14 tiles"
    assert joined(["A", "C", "E"]) == "A, C and E" and joined(["d5"]) == "d5" and joined([]) == ""


# -- worked examples ---------------------------------------------------------------------------------
def test_elasta_rulebook_turn_names_the_files_the_band_and_the_gain() -> None:
    # RULES.md's worked example: L = 3 3 3 5 3 5 4 3, then pushes to 2 2 4 6 2 5 5 2 (A, B, E, H to
    # Black, C, D, G to White, F tied) and the band pulls D, E, F, G and H back in one round.
    _, said = play("elasta", "05172463/47203165", "01472653/34207615")
    note, line = said[1].note, said[1].line
    assert "White won C, D and G" in note and "Black won A, B, E and H" in note and "one tie" in note
    assert "the band pulled D, E, F, G and H back once" in note
    assert "Black gained two ranks overall" in note  # sum of L: 29 before, 27 after
    assert line.startswith("White won three files, Black four") and "five sticks" in line
    assert "Black gained three ranks" in said[0].note  # 32 -> 29, no band


def test_elasta_end_rings_the_ground_line_that_was_reached() -> None:
    state = get("elasta").new_state({})
    white_all = "76543210"  # White wins A..D, Black (the reverse) wins E..H, every turn
    while not state.over:
        state = state.apply_turn(state.parse_turn(f"{white_all}/{white_all[::-1]}"))
    end = state.describe_end()
    assert end is not None and end.squares
    lines = state.lines  # type: ignore[attr-defined]
    for name in end.squares:
        file = "abcdefgh".index(name[0])
        assert (name[1] == "1" and lines[file] == 0) or (name[1] == "8" and lines[file] == 8)
        assert name[0].upper() in end.reason


def test_nelaxtam_names_the_destroyer_the_dead_troop_and_why() -> None:
    # Black's troop 1 on a1 destroys the light piece east of it, b1, where White's troop 1 stands.
    state, said = play(
        "nelaxtam", "a1,c1,e1,g1,a3/b1,d1,f1,h1,h3", "1xe,2-,3-,4-,5-/1-,2-,3-,4-,5-", options={"size": "8"}
    )
    assert "Black on a1, c1, e1, g1, a3" in said[0].line and "White on b1, d1, f1, h1, h3" in said[0].line
    note, line = said[1].note, said[1].line
    assert "Black's troop 1 destroyed b1" in note
    assert "White's troop 1 died on b1 when Black's troop 1 destroyed the piece under it" in note
    assert "Black destroyed one piece, White none" in line and "White lost troop 1" in line
    assert state.living("white") == [2, 3, 4, 5]  # type: ignore[attr-defined]


def test_elephant_run_says_what_was_eaten_and_trampled() -> None:
    _, said = play("elephant-run", "@c2", "@a1,b3,c4,d1,e2,f4", "c2-c3", "a1-a2", "c3-a3")
    assert said[0].line == "The elephant starts on c2."
    assert "ate the tile on c3" in said[2].line and "one of ten points" in said[2].line
    assert "a farmer stepped from a1 to a2" in said[3].line.lower()
    assert "trampled the farmer on b3" in said[4].line and "two of ten points" in said[4].line


def test_elephant_run_hemmed_in_end_rings_the_elephant_and_its_jailers() -> None:
    # the corner start: a1 with farmers on a2, b2 and b1 and the squares beyond them taken
    state, _ = play("elephant-run", "@a1", "@a2,b1,b2,a3,c1,c3")
    end = state.describe_end()
    assert state.over and end is not None
    assert end.squares[0] == "a1" and set(end.squares[1:]) == {"a2", "b1", "b2"}
    assert "cannot move" in end.reason and "three farmers" in end.reason


def epaminondas_text(white: list[str], black: list[str], side: str) -> str:
    rows = []
    for rank in range(12, 0, -1):
        row = ""
        for file in "abcdefghijklmn":
            name = f"{file}{rank}"
            row += "W" if name in white else "B" if name in black else "."
        rows.append(row)
    return "/".join(rows) + f" {side}"


def test_epaminondas_phalanx_capture_names_size_distance_and_the_stones_taken() -> None:
    from game.epaminondas.rules import EpaminondasState

    white = ["c3", "c4", "c5", "a1", "b1"]
    black = ["c6", "c7", "m12", "n12"]
    state = EpaminondasState.from_text(epaminondas_text(white, black, "w"))
    turn = state.parse_turn("c3-c4")  # the column of three moves one north: c5 lands on c6
    after = state.apply_turn(turn)
    said = state.describe_turn(turn, after)
    taken = re.search(r"captured (\w+) Black stones? on (.+?)[.;]", said.line)
    assert taken is not None and "phalanx of three from c3 moved one square north" in said.line
    assert said_number(taken.group(1)) == state.black.bit_count() - after.black.bit_count() == 2
    assert taken.group(2) == "c6 and c7"
    _, quiet = play("epaminondas", "a1-a3")
    assert quiet[0].line == "White's phalanx of two from a1 moved two squares north."


def test_epaminondas_crossing_win_rings_the_stones_across() -> None:
    from game.epaminondas.rules import EpaminondasState

    state = EpaminondasState.from_text(epaminondas_text(["d11", "a1", "b1"], ["m12", "n12", "k5"], "w"))
    after = state.apply_turn(state.parse_turn("d11-d12"))
    assert not after.over  # Black may still answer
    after = after.apply_turn(after.parse_turn("k5-k4"))
    end = after.describe_end()
    assert after.over and end is not None and end.squares == ("d12",) and "Black's home row" in end.reason


def test_changing_challenges_merge_names_the_pieces_and_the_balance() -> None:
    from game.changing_challenges.rules import ChangingChallengesState

    # a Triangles pawn on d7 takes a Circles pawn on e8 (the centre line) and merges into a bishop
    rows = ["." * 7 for _ in range(15)]

    def put(name: str, letter: str) -> None:
        file, rank = "abcdefg".index(name[0]), int(name[1:])
        row = rows[15 - rank]
        rows[15 - rank] = row[:file] + letter + row[file + 1 :]

    for name, letter in (("d7", "P"), ("e8", "p"), ("a3", "K"), ("g13", "k")):
        put(name, letter)
    state = ChangingChallengesState.from_text("/".join(rows) + " t -")
    turn = state.parse_turn("d7&e8")
    after = state.apply_turn(turn)
    said = state.describe_turn(turn, after)
    assert "The Triangles' pawn merged with the Circles' pawn on e8 into a bishop" in said.line
    # moment = weight × line, Circles' half positive: the pawn's -1 on line 1 becomes 0 on line 0
    assert after.moment - state.moment == 1  # type: ignore[attr-defined]
    assert "swung 1 toward the Circles" in said.note
    assert f"{50 - abs(after.moment)} from tipping" in said.line  # type: ignore[attr-defined]


# -- every game, random legal games -----------------------------------------------------------------
def material(state: Any) -> dict[str, int]:
    """What a turn's words must account for, read straight from each game's state."""
    gid = state.game_id
    if gid == "epaminondas":
        return {"white": state.white.bit_count(), "black": state.black.bit_count()}
    if gid == "elephant-run":
        return {"eaten": state.eaten, "captured": state.captured}
    if gid == "changing-challenges":
        return {"stored": sum(1 for sq, p in enumerate(state.board) if p and not _playable(sq))}
    return {}


def _playable(sq: int) -> bool:
    from game.changing_challenges import board as B

    return bool(B.IS_PLAYABLE[sq])


def check_counts(before: Any, after: Any, said: TurnWords) -> None:
    """The count a sentence names is the count that changed on the board."""
    gid, then, now = before.game_id, material(before), material(after)
    if gid == "epaminondas":
        taken = re.search(r"captured (\w+) (White|Black) stones?", said.line)
        victim = taken.group(2).lower() if taken else None
        lost = {p: then[p] - now[p] for p in then}
        if taken is None:
            assert lost == {"white": 0, "black": 0}
        else:
            assert victim is not None and said_number(taken.group(1)) == lost[victim] > 0
    elif gid == "elephant-run":
        assert ("trampled" in said.line) == (now["captured"] > then["captured"])
        assert (" ate " in said.line) == (now["eaten"] > then["eaten"])
        if before.phase_name == "play" and after.phase_name == "play" and ("points" in said.line):
            assert f"{NUMBER_WORDS[after.points] if after.points < 13 else after.points} of" in said.line
    elif gid == "changing-challenges":
        assert ("knocked" in said.line) == (now["stored"] > then["stored"])
    elif gid == "nelaxtam" and before.phase == "orders":
        report = after.last_report
        hit = re.search(r"Black destroyed (\w+) pieces?, White (\w+)", said.line)
        destroyed = len(report.destroyed)
        if hit is None:
            assert destroyed == 0 and "no piece was destroyed" in said.line.lower()
        else:
            words = [hit.group(1), hit.group(2)]
            total = sum(0 if w in ("no", "none") else said_number(w) for w in words)
            assert total == destroyed
    elif gid == "elasta" and before.phase == "allot":
        won = re.match(r"White won (\w+) files?, Black (\w+)", said.line)
        assert won is not None
        results = after.last_report.results
        white, black = (0 if w in ("no", "none") else said_number(w) for w in won.groups())
        assert (white, black) == (results.count(1), results.count(-1))


def square_names(state: Any) -> set[str]:
    """Every square of the game's board, in its notation."""
    files, ranks = {
        "elasta": ("abcdefgh", 8),
        "elephant-run": ("abcdef", 4),
        "epaminondas": ("abcdefghijklmn", 12),
        "changing-challenges": ("abcdefg", 15),
    }.get(state.game_id, ("abcdefghijklmn"[: getattr(state, "size", 0)], getattr(state, "size", 0)))
    return {f"{f}{r}" for f in files for r in range(1, ranks + 1)}


RANDOM_OPTIONS: dict[str, list[dict[str, str]]] = {
    "elasta": [{}, {"tokens": "on"}],
    "nelaxtam": [{"size": "8"}, {"size": "10", "quiet": "on"}],
    "elephant-run": [{}, {"compound": "on"}],
    "epaminondas": [{}],
    "changing-challenges": [{}],
}


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_say_every_turn_plainly_and_truly(game_id: str) -> None:
    rng = random.Random(f"words-{game_id}")
    ends = 0
    for options in RANDOM_OPTIONS[game_id]:
        for _ in range(3):
            state = get(game_id).new_state(options)
            for _ in range(400):
                if state.over:
                    break
                turn = {p: state.random_move(p, rng) for p in state.to_move()}
                after = state.apply_turn(turn)
                said = state.describe_turn(turn, after)
                for text in (said.line, said.note):
                    assert text and "\n" not in text and text == text.strip(), text
                    assert not REPR_SIGNS.search(text), text
                    assert text[0].isupper() and text.endswith("."), text
                assert len(said.line) <= len(said.note) and len(said.line) <= 130, said.line
                check_counts(state, after, said)
                state = after
            end = state.describe_end()
            if state.over:
                ends += 1
                assert end is not None and end.reason and not REPR_SIGNS.search(end.reason)
                assert set(end.squares) <= square_names(state), end.squares
            else:
                assert end is None
    assert ends > 0


def test_a_turn_the_words_cannot_read_is_still_said_plainly() -> None:
    state = get("epaminondas").new_state({})
    turn = {"white": state.parse_move("white", "a1-a3")}
    after = state.apply_turn(turn)
    assert "a1-a3" in state.plain_turn_words(turn).line
    assert state.describe_turn(turn, after).line != state.plain_turn_words(turn).line
    wrong = {"white": (999, 1000)}  # a move the rules never made: words fall back, no crash
    assert state.describe_turn(wrong, after).line.startswith("White played")


def test_cli_play_prints_each_moves_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    assert main(["play", "elephant-run", "@c2", "@a1,b3,c4,d1,e2,f4", "c2-c3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "1. @c2: The elephant starts on c2."
    assert out[2].startswith("3. c2-c3: The elephant stepped from c2 and ate the tile on c3")


# -- the match screen --------------------------------------------------------------------------------
class AnsweringWorker:
    """A computer that answers every request with the next of its moves."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = answers
        self.requests = 0

    def request(self, record: Any, player: str, level: str, seed: int) -> int:
        self.requests += 1
        return self.requests

    def poll(self) -> AIResult | None:
        if self.requests == 0 or not self.answers:
            return None
        return AIResult(self.requests, self.answers.pop(0), None, 0.0)

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def test_match_screen_says_the_computers_move_and_keeps_it_in_the_move_list(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app, "_worker", AnsweringWorker(["l12-l10"]))
    match = Match("epaminondas", {}, {"white": Seat(), "black": Seat(AI, "easy")})
    scene = start(app, match)
    view: Any = scene.view
    click(app, view.geo.center_of("a1"))
    click(app, view.geo.center_of("a4"))
    idle(app, 5)
    assert match.move_texts() == ["a1-a3", "l12-l10"]
    headline, detail, _ = scene.banner_texts()
    assert headline == "Your move — White"
    assert detail == "Black's phalanx of two from l12 moved two squares south."
    # pointing at the first row of the list opens its card with the whole sentence
    scene.draw(app.screen)
    first = next(rect for rect, index in scene.moves._rows if index == 0)
    mouse(app, pygame.MOUSEMOTION, first.center)
    assert scene.moves.pointed() == 0
    assert scene.moves.words(match.turns[0]).note == "White's phalanx of two from a1 moved two squares north."
    scene.draw(app.screen)
    with_card = app.screen.copy()
    scene.moves.hover(None)
    scene.draw(app.screen)
    card_spot = (scene.frame.panel.left - 60, first.centery)  # over the board, left of the panel
    assert with_card.get_at(card_spot) != app.screen.get_at(card_spot)
    # the player acts: the prompt comes back in place of the computer's sentence
    click(app, view.geo.center_of("b1"))
    assert scene.banner_texts()[1] != detail


def test_end_of_game_says_why_and_rings_the_deciding_square(app: Any) -> None:
    from game.epaminondas.rules import EpaminondasState

    start_state = EpaminondasState.from_text(epaminondas_text(["d11", "a1", "b1"], ["m12", "n12", "k5"], "w"))
    match = Match("epaminondas", {}, {"white": Seat(), "black": Seat()}, start=start_state)
    scene = start(app, match)
    view: Any = scene.view
    click(app, view.geo.center_of("d11"))
    click(app, view.geo.center_of("d12"))
    click(app, view.geo.center_of("k5"))
    click(app, view.geo.center_of("k4"))
    idle(app, 3)
    assert match.over
    _, reason, _ = scene.result_texts()
    assert "White began a turn with more stones across: one on Black's home row (d12) to none" in reason
    from scenes.kit.marks import Marks

    scene.draw(app.screen)
    ringed = app.screen.copy()
    assert scene.painter._end_marks is not None and scene.painter._end_marks[1].rings == ["d12"]
    scene.painter._end_marks = (match.state, Marks())  # the same frame without the rings
    scene.draw(app.screen)
    x, y = view.geo.center_of("d12")
    changed = sum(
        1
        for dx in range(-40, 41, 2)
        for dy in range(-40, 41, 2)
        if ringed.get_at((x + dx, y + dy)) != app.screen.get_at((x + dx, y + dy))
    )
    assert changed > 20


def test_banner_gives_a_long_sentence_a_second_line_rather_than_cutting_it(app: Any) -> None:
    from scenes.shell.match.painter import SMALLEST_DETAIL, detail_lines

    _, said = play("elasta", "05172463/47203165", "01472653/34207615")
    sentence = said[1].line
    assert detail_lines(sentence, 17, 2000) == ([sentence], 17)
    lines, size = detail_lines(sentence, 17, 420)
    assert len(lines) == 2 and size == SMALLEST_DETAIL and " ".join(lines) == sentence


def test_changing_challenges_tipped_board_rings_the_pieces_on_the_heavy_half() -> None:
    rng = random.Random("tip")
    for _ in range(20):
        state = get("changing-challenges").new_state({})
        while not state.over:
            state = state.apply(state.random_move(state.to_move()[0], rng))
        moment = state.moment  # type: ignore[attr-defined]
        outcome = state.outcome()
        if outcome is not None and "tips" in outcome.reason:  # not a knocked king, checked first
            break
    else:
        pytest.fail("no random game tipped the board")
    end = state.describe_end()
    assert end is not None and 0 < len(end.squares) <= 3 and "tipped" in end.reason
    heavy_half = (lambda rank: rank > 8) if moment > 0 else (lambda rank: rank < 8)
    assert all(heavy_half(int(name[1:])) for name in end.squares)
