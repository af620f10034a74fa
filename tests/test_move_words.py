"""The move list in words (issue #28): every game names a move in a short phrase a newcomer reads
("Queen c9 merges a11", "Farmers a4, b1, b3, c1, d2, e2", "W: 7 on C, 6 on F, 5 on A") through
:meth:`GameState.move_words`; the match screen's rows draw those words, and the card of a pointed-at
row adds the notation, which records and saves keep as before.

The phrases are checked against the rules, not the notation: each names the squares the move is
about (the ones the rules say it starts from, lands on, destroys or knocks out), and the games' own
``move_words`` are called directly over whole seeded random games so a slip raises here instead of
quietly falling back to the notation."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from game.core import GameState, Move, optional_module
from game.match import AI, Match, Seat, Turn
from game.register import get
from scenes.kit import fonts, style
from tests.scene_driver import mouse, start

GAMES = ("elasta", "nelaxtam", "elephant-run", "epaminondas", "changing-challenges")
POSITIONS = 300
"""Positions visited per game by the random games (every legal move of each when the list is short,
a handful of random ones when it is long)."""
SQUARE = re.compile(r"\b[a-n]\d{1,2}\b")
LEAKS = re.compile(r"None|\(|\)|\[|\]|\{|'")
"""What shows when a value's repr slips into a phrase instead of its words."""


def words_of(state: GameState) -> Callable[[GameState, str, Move], str]:
    """The game's own ``move_words`` (not the guarded method, which would hide an exception)."""
    module = optional_module(f"{type(state).__module__.rpartition('.')[0]}.words")
    assert module is not None and hasattr(module, "move_words"), type(state)
    said: Callable[[GameState, str, Move], str] = module.move_words
    return said


def named_squares(state: Any, player: str, move: Any) -> set[str]:
    """The squares a phrase for ``move`` must name, from the rules (not from its notation)."""
    game = state.game_id
    if game == "elasta":
        from game.elasta.rules import FILES, NO_TOKEN, PHASE_ALLOT, square_name

        if state.phase == PHASE_ALLOT:  # the files of the three highest chips, as "7 on C"
            return {f"{chip} on {FILES[move.index(chip)].upper()}" for chip in (7, 6, 5)}
        return set() if move == NO_TOKEN else {square_name(move)}
    if game == "nelaxtam":
        from game.nelaxtam.rules import PHASE_INVASION

        if state.phase == PHASE_INVASION:
            return {state.geo.name(sq) for sq in move}
        targets = [state.order_target(player, troop, code) for troop, code in enumerate(move, start=1)]
        return {state.geo.name(sq) for sq in targets if sq >= 0}
    if game == "elephant-run":
        from game.elephant_run.rules import square_name

        kind = state.move_kind(move)
        if kind in ("place", "setup", "pass"):
            return {square_name(sq) for sq in move}
        trampled = state.captured_by(move)
        if trampled is not None:
            return {square_name(move[0]), square_name(trampled)}
        return {square_name(sq) for sq in move}
    if game == "epaminondas":
        from game.epaminondas import board as B

        return {B.square_name(move[0]), B.square_name(move[1])}
    from game.changing_challenges import board as CB

    fx = state.effects(move)
    squares = {CB.square_name(move[0]), CB.square_name(move[1])}
    if fx["captured"] is not None:
        squares.add(CB.square_name(fx["captured"]))
    return squares


def positions(game_id: str, count: int, seed: int = 28) -> Iterator[GameState]:
    """``count`` positions from seeded random games of ``game_id`` (a new game when one ends)."""
    rng = random.Random(seed)
    state = get(game_id).new_state({})
    for _ in range(count):
        if state.over:
            state = get(game_id).new_state({})
        yield state
        state = state.apply_turn({p: state.random_move(p, rng) for p in state.to_move()})


def sample(state: GameState, player: str, rng: random.Random) -> list[Move]:
    """Every legal move when there are few, else eight random ones (Nelaxtam's orders and landings
    run to millions)."""
    legal = state.legal_moves(player)
    if len(legal) <= 40:
        return list(legal)
    return [state.random_move(player, rng) for _ in range(8)]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_move_of_random_games_has_short_words_naming_its_squares(game_id: str) -> None:
    rng = random.Random(5)
    seen = 0
    for state in positions(game_id, POSITIONS):
        said = words_of(state)
        for player in state.to_move():
            for move in sample(state, player, rng):
                phrase = said(state, player, move)
                notation = state.move_to_text(player, move)
                assert isinstance(phrase, str) and phrase.strip(), (notation, phrase)
                assert phrase != notation and not LEAKS.search(phrase), (notation, phrase)
                for square in named_squares(state, player, move):
                    assert square in phrase, (notation, phrase, square)
                for square in SQUARE.findall(phrase):  # and names no square the rules do not
                    assert square in named_squares(state, player, move) or square in notation
                assert state.move_words(player, move) == phrase
                seen += 1
    assert seen >= POSITIONS


EXAMPLES: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    # (game, turns played first, the turn, what its words say)
    ("elephant-run", (), "@c2", "Elephant starts on c2"),
    ("elephant-run", ("@c2",), "@a4,b1,b3,c1,d2,e2", "Farmers a4, b1, b3, c1, d2, e2"),
    ("elephant-run", ("@c2", "@a4,b1,b3,c1,d2,e2"), "c2-c3", "Elephant c2 eats c3"),
    ("elephant-run", ("@c2", "@a4,b1,b3,c1,d2,e2", "c2-c3"), "b1-b2", "Farmer b1 to b2"),
    ("elephant-run", ("@c2", "@a1,b1,b3,c1,d2,f4"), "c2-a4", "Elephant c2 tramples b3"),
    ("epaminondas", (), "a1-a3", "2 stones a1 to a3"),
    ("epaminondas", (), "a2-a3", "Stone a2 to a3"),
    ("changing-challenges", (), "a4-a6", "Pawn a4 to a6"),
    ("elasta", (), "05721643/47203165", "7 on C, 6 on F, 5 on B"),
    ("nelaxtam", (), "a1,c1,l4,e5,f6/b1,d1,l3,e6,f7", "sea a1, c1, l4; air e5, f6"),
)


@pytest.mark.parametrize(("game_id", "before", "text", "words"), EXAMPLES)
def test_worked_examples(game_id: str, before: tuple[str, ...], text: str, words: str) -> None:
    state = get(game_id).new_state({})
    for played in before:
        state = state.apply_turn(state.parse_turn(played))
    turn = state.parse_turn(text)
    player = state.to_move()[0]
    assert state.move_words(player, turn[player]) == words


def test_epaminondas_capture_and_changing_challenges_knock_and_merge() -> None:
    from game.changing_challenges.rules import ChangingChallengesState

    # White's two-stone column a1-a2 meets a lone black stone on a4: it moves two north and takes it
    from game.epaminondas.rules import EpaminondasState
    from tests.test_words import epaminondas_text

    epa = EpaminondasState.from_text(epaminondas_text(["a1", "a2", "n1"], ["a4", "n12"], "w"))
    assert epa.move_words("white", epa.parse_move("white", "a1-a3")) == "2 stones a1 to a3, take 1"
    cc = get("changing-challenges").new_state({})
    assert isinstance(cc, ChangingChallengesState)
    for move in cc.legal_moves("triangles"):
        text = cc.move_to_text("triangles", move)
        said = cc.move_words("triangles", move)
        assert "&" not in said and "x" not in said.replace("knocks", "")
        if "&" in text:
            assert " merges " in said
        elif "x" in text:
            assert " knocks out " in said


def test_orders_name_what_they_destroy_and_where_troops_go() -> None:
    from game.nelaxtam.rules import NOTHING, ORDER_NAMES

    state = get("nelaxtam").new_state({})
    state = state.apply_turn(state.parse_turn("a1,c1,l4,e5,f6/b1,d1,l3,e6,f7"))
    north_east, destroy_east = ORDER_NAMES.index("ne"), ORDER_NAMES.index("xe")
    # troop 4 (e5) destroys f5 to its east, troop 5 (f6) moves north-east to g7
    move = (NOTHING, NOTHING, NOTHING, destroy_east, north_east)
    assert state.why_illegal("black", move) is None
    assert state.move_words("black", move) == "destroy f5; to g7"
    assert state.move_words("black", (NOTHING,) * 5) == "all hold"


def test_the_base_class_says_the_notation(toy_games: None) -> None:
    state = get("toy-nim").new_state({"stones": "5"})
    assert state.move_words("first", 1) == state.move_to_text("first", 1) == "take1"


def test_records_keep_the_notation() -> None:
    from game.records import format_record

    match = Match("changing-challenges", {}, {})
    match.play_text("a4-a6")
    assert "a4-a6" in format_record(match) and "Pawn" not in format_record(match)


# -- the match screen ---------------------------------------------------------------------------------
def played(game_id: str, turns: int, seed: int = 7) -> Match:
    """A match after ``turns`` random turns between two people; in a simultaneous game the second
    side is the computer with its next orders already sealed, so no curtain hides the screen and no
    computer is asked to think."""
    info = get(game_id)
    second = info.players[-1]
    seats = {p: Seat(AI, "easy") if info.simultaneous and p == second else Seat() for p in info.players}
    match = Match(game_id, {}, seats)
    rng = random.Random(seed)
    for _ in range(turns):
        if match.over:
            break
        state = match.state
        match.play_text(state.turn_to_text({p: state.random_move(p, rng) for p in state.to_move()}))
    if info.simultaneous and not match.over:
        assert match.submit(second, match.state.random_move(second, rng)) is None
    return match


def rendered(app: Any, scene: Any) -> list[str]:
    """Every line of text the screen renders in one fresh frame."""
    said: list[str] = []
    style._text_cache.clear()
    fonts.RENDER_LISTENERS.append(lambda text, size, surface: said.append(text) or surface)
    try:
        scene.draw(app.screen)
    finally:
        fonts.RENDER_LISTENERS.pop()
    return said


def drawn_whole_or_cut(phrase: str, lines: list[str]) -> bool:
    return phrase in lines or any(line.endswith("…") and phrase.startswith(line[:-1]) for line in lines)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_move_list_draws_words_and_the_card_adds_the_notation(app: Any, game_id: str) -> None:
    match = played(game_id, 6)
    scene = start(app, match)
    newest: Turn = match.turns[-1]
    index = len(match.turns) - 1
    lines = rendered(app, scene)
    phrases = scene.moves.phrases(newest)
    assert phrases == tuple(newest.before.move_words(p, m) for p, m in newest.moves.items())
    for phrase in phrases:
        assert drawn_whole_or_cut(phrase, lines), (phrase, lines)
    for part in newest.text.split("/"):
        assert part not in lines  # the raw notation is not what the row shows
    row = scene.moves.row(index, newest)
    assert row.text == "  ".join(scene.moves.said(newest))
    if len(phrases) > 1:  # each side's part after its initial
        assert row.text.startswith(f"{get(game_id).player_title(next(iter(newest.moves)))[0]}: ")
    # pointing at the row opens its card: its words, the sentence and the notation
    rect = scene.moves.row_rect(index)
    assert rect is not None
    mouse(app, pygame.MOUSEMOTION, rect.center)
    assert scene.moves.pointed() == index
    card = rendered(app, scene)
    told = " ".join(card)
    assert "Notation: " in told
    for part in newest.text.split("/"):
        assert part in told, (part, card)
    for phrase in scene.moves.said(newest):
        assert phrase in card or " ".join(phrase.split()) in told
    if len(newest.moves) == 1:
        assert f"Notation: {newest.text}" in card
    assert match.move_texts()[-1] == newest.text  # the record keeps the notation


def test_a_note_that_repeats_the_words_is_left_out() -> None:
    from scenes.shell.match.moves import adds_to

    assert not adds_to("eats a tile", "Elephant c2 eats c3")
    assert not adds_to("jump", "Farmer a4 jumps to c4")
    assert not adds_to("phalanx of 2", "2 stones e10 to d10")
    assert adds_to("run + jump", "Farmer a1 via c3 to c5")
    assert adds_to("moment -20", "Rook g3 to f3")  # the 3 of g3 is a square, not a count
    assert adds_to("4 left", "take1")
