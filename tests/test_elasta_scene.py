"""The Elasta table driven like players drive it: real key, mouse and button events through
``App.step`` into the real MatchScene, the real rules, and the real worker process for the computer."""

from __future__ import annotations

import itertools
import random
import time
from typing import Any

import pygame
import pytest

from game.elasta import rules as R
from game.match import AI, Match, Seat
from scenes.games.elasta import ElastaView, demo_match
from scenes.games.elasta.band import elastic
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import (
    DT,
    drag,
    end_dialog,
    hand_over_to,
    idle,
    key_down,
    press,
    resize,
    settle,
    slow_click,
    start,
    view_as,
    wait_for_turns,
)

WORKED_1 = "05172463/47203165"
WORKED_2_WHITE, WORKED_2_BLACK = "01472653", "34207615"


def type_digits(app: Any, digits: str) -> None:
    for ch in digits:
        key_down(app, pygame.K_0 + int(ch), unicode=ch)


def view_of(scene: MatchScene) -> ElastaView:
    return view_as(scene, ElastaView)


def two_player(tokens: bool = False) -> Match:
    return Match("elasta", {"tokens": "on" if tokens else "off"}, {"white": Seat(), "black": Seat()})


def test_view_is_registered() -> None:
    from scenes.kit.registry import has_view, make_view

    assert has_view("elasta")
    assert make_view(two_player()).game_id == "elasta"


def test_allot_by_typing_and_confirm(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    view = view_of(scene)
    hand_over_to(app, scene, "white")  # even the game's very first entry
    assert not scene.view_buttons["confirm"].is_enabled
    type_digits(app, "0517")
    assert view.draft("white") == [0, 5, 1, 7, None, None, None, None]
    key_down(app, pygame.K_RETURN)  # incomplete: refused with the reason, nothing sealed
    assert scene.message_error and "files E, F, G and H are empty" in (scene.message or "")
    assert not match.pending
    key_down(app, pygame.K_8, unicode="8")
    assert scene.message_error and "no chip 8" in (scene.message or "")
    key_down(app, pygame.K_BACKSPACE)
    assert view.draft("white")[3] is None
    type_digits(app, "72463")
    assert view.draft("white") == [0, 5, 1, 7, 2, 4, 6, 3]
    assert scene.view_buttons["confirm"].is_enabled
    key_down(app, pygame.K_RETURN)
    assert match.pending == {"white": (0, 5, 1, 7, 2, 4, 6, 3)}
    assert match.turns == [] and scene.curtain_for == "black"


def test_typing_a_used_chip_moves_it_and_a_new_eight_replaces(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    view = view_of(scene)
    hand_over_to(app, scene, "white")
    type_digits(app, "0011")  # each chip lives in one file: the repeat moves it on
    assert view.draft("white") == [None, 0, None, 1, None, None, None, None]
    press(app, scene, "clear")
    assert view.draft("white") == [None] * 8
    type_digits(app, "76543210")
    type_digits(app, "0")  # a complete allotment: typing starts a fresh one
    assert view.draft("white") == [0, None, None, None, None, None, None, None]
    press(app, scene, "random")
    draft = view.draft("white")
    assert draft[0] == 0 and sorted(c for c in draft if c is not None) == list(range(8))


def test_allot_by_dragging_and_swapping(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    view = view_of(scene)
    hand_over_to(app, scene, "white")
    drag(app, view.tray_center("white", 5), view.slot_center("white", 2))
    assert view.draft("white")[2] == 5
    assert 5 not in view.tray_chips("white")
    drag(app, view.tray_center("white", 3), view.square_center("e4"))  # a board column counts too
    assert view.draft("white")[4] == 3
    drag(app, view.slot_center("white", 2), view.slot_center("white", 4))  # onto a chip: swap
    assert view.draft("white")[2] == 3 and view.draft("white")[4] == 5
    drag(app, view.slot_center("white", 2), view.tray_center("white", 0))  # back to the tray
    assert view.draft("white")[2] is None and 3 in view.tray_chips("white")
    # click-click: pick a chip, then a file
    slow_click(app, view.tray_center("white", 7))
    assert view.held is not None and view.held.index == 7
    slow_click(app, view.slot_center("white", 0))
    assert view.draft("white")[0] == 7 and view.held is None
    # Black's tray is not White's to touch
    slow_click(app, view.tray_center("black", 1))
    assert scene.message_error and "Black's tray" in (scene.message or "")
    # fill the rest by dragging and confirm with the button
    for chip in (0, 1, 2, 3, 4, 6):
        empty = view.draft("white").index(None)
        drag(app, view.tray_center("white", chip), view.slot_center("white", empty))
    assert None not in view.draft("white")
    press(app, scene, "confirm")
    assert "white" in match.pending


def test_two_player_curtain_hides_the_first_allotment_then_both_flip(app: Any) -> None:
    match = two_player()
    match.play_text(WORKED_1)
    scene = start(app, match, speed="normal")
    view = view_of(scene)
    # Black confirmed last and still holds the screen, so Black allots first this turn, but only
    # once White has looked away: the first entry starts behind the curtain too
    assert scene.curtain_for == "black" and scene.input_player() is None and not match.pending
    key_down(app, pygame.K_BACKSPACE)  # nothing sealed yet: nothing to take back, the curtain stays
    assert scene.curtain_for == "black" and not match.pending
    key_down(app, pygame.K_SPACE, unicode=" ")
    assert scene.curtain_for is None and scene.input_player() == "black"
    assert view.viewer() == "black" and view.row("white")[1] != "back"  # nothing sealed to hide
    type_digits(app, "12345670")
    key_down(app, pygame.K_RETURN)
    assert scene.curtain_for == "white" and match.pending
    key_down(app, pygame.K_BACKSPACE)  # before passing the screen Black may still take it back
    assert not match.pending and "back on the board" in (scene.message or "")
    # Black never left the screen (White is still looking away): the board is Black's again at once
    assert scene.curtain_for is None and scene.input_player() == "black"
    assert "back on the board" in (scene.message or "")
    type_digits(app, WORKED_2_BLACK)  # eight new digits replace the old allotment
    key_down(app, pygame.K_RETURN)
    assert scene.curtain_for == "white" and match.pending == {"black": (3, 4, 2, 0, 7, 6, 1, 5)}
    assert scene.input_player() is None
    key_down(app, pygame.K_SPACE, unicode=" ")
    assert scene.curtain_for is None and scene.input_player() == "white"
    assert view.viewer() == "white"
    how = view.row("black")[1]
    assert how == "back"  # Black's sealed chips lie face down for White
    assert view.tray_chips("black") == []
    assert view.row("white")[1] != "back"
    key_down(app, pygame.K_z, pygame.KMOD_CTRL)  # White may not withdraw Black's sealed order
    assert "black" in match.pending and "sealed" in (scene.message or "")
    assert not scene.buttons["undo"].is_enabled
    type_digits(app, WORKED_2_WHITE)
    key_down(app, pygame.K_RETURN)
    assert match.move_texts()[-1] == f"{WORKED_2_WHITE}/{WORKED_2_BLACK}"
    # the reveal plays: both rows flip, sticks slide, the band snaps back round by round
    assert view.busy and view.plan.kind == "allot"
    report = R.resolve_turn((3, 3, 3, 5, 3, 5, 4, 3), (0, 1, 4, 7, 2, 6, 5, 3), (3, 4, 2, 0, 7, 6, 1, 5))
    assert view.plan.stages == [[3, 3, 3, 5, 3, 5, 4, 3], report.pushed, *report.rounds]
    assert view.plan.report == match.state.last_report  # type: ignore[attr-defined]
    assert view.row("white")[1] != "back"  # hidden set cleared at the reveal
    seen_stretch = False
    while view.busy:
        app.step([], DT)
        lines = view.lines_at()
        if any(abs(b - a) > 2.2 for a, b in itertools.pairwise(lines)):
            seen_stretch = True
    assert seen_stretch, "the band never visibly over-stretched"
    assert view.lines_at() == [2, 2, 4, 5, 3, 4, 4, 3]
    assert list(match.state.lines) == [2, 2, 4, 5, 3, 4, 4, 3]  # type: ignore[attr-defined]
    # both saw the reveal; now the next turn's first entry (White's: Black confirmed last in turn
    # 1, White in turn 2) starts behind the curtain, where Ctrl+Z has no sealed entry to take back
    assert scene.curtain_for == "white" and scene.input_player() is None
    key_down(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(match.turns) == 2 and scene.curtain_for == "white"
    key_down(app, pygame.K_SPACE, unicode=" ")
    assert scene.curtain_for is None and scene.input_player() == "white"
    # undo never goes back across the reveal in a two-player game
    key_down(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(match.turns) == 2 and "both players have seen" in (scene.message or "").lower()
    assert scene.buttons["undo"].is_enabled  # lit, so that pressing it can say why not


def test_band_rounds_use_an_elastic_overshoot() -> None:
    assert elastic(0) == 0 and elastic(1) == 1
    assert max(elastic(i / 100) for i in range(101)) > 1.1  # it overshoots, then settles


def test_vs_computer_easy_allotment_arrives_and_reveals(app: Any) -> None:
    match = Match("elasta", {}, {"white": Seat(), "black": Seat(AI, "easy")})
    scene = start(app, match, speed="fast")
    view = view_of(scene)
    assert scene.banner_texts()[0] == "Your move — White"  # while the computer also chooses
    type_digits(app, "05172463")
    key_down(app, pygame.K_RETURN)
    assert scene.curtain_for is None  # no hand-over against the computer
    if "white" in match.pending:  # (unless the computer had already chosen: then it revealed at once)
        assert view.row("white") == ([0, 5, 1, 7, 2, 4, 6, 3], "face")  # its owner still sees it
    wait_for_turns(app, match, 1, "the computer's allotment")
    turn = match.turns[0]
    assert turn.moves["white"] == (0, 5, 1, 7, 2, 4, 6, 3)
    assert view.busy and view.plan.kind == "allot"
    settle(app, scene)
    assert view.lines_at() == [float(v) for v in match.state.lines]  # type: ignore[attr-defined]
    assert scene.input_player() == "white" or match.over
    # against the computer, undo may go back across the reveal
    assert scene.buttons["undo"].is_enabled


def test_resize_keeps_the_table_inside_and_working(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    resize(app, (1024, 640))
    view = view_of(scene)
    assert scene.curtain_for == "white"  # the curtain survives the resize
    hand_over_to(app, scene, "white")
    assert scene.board_rect.contains(view.table_rect)
    assert view.table_rect.right <= scene.panel_rect.left
    assert view.s >= 40
    drag(app, view.tray_center("white", 6), view.slot_center("white", 7))
    assert view.draft("white")[7] == 6
    type_digits(app, "0123457")
    assert None not in view.draft("white")
    assert set(scene.view_buttons) == {"clear", "random", "confirm"}  # as wide as their words: all fit
    press(app, scene, "confirm")
    assert "white" in match.pending and scene.curtain_for == "black"


@pytest.mark.parametrize("stage", ["setup", "mid", "end"])
def test_demo_matches(app: Any, stage: str) -> None:
    match = demo_match(stage)
    state: Any = match.state
    if stage == "setup":
        assert match.turns == []
    elif stage == "mid":
        assert not match.over and match.turns and max(state.lines) - min(state.lines) >= 3
    else:
        assert match.over and match.outcome is not None and match.outcome.winner is not None
    scene = start(app, match)
    idle(app, 3)
    assert view_of(scene).state is match.state


def test_token_variant_placement_is_a_second_secret_step(app: Any) -> None:
    match = two_player(tokens=True)
    match.play_text(WORKED_1)  # L = 3 3 3 5 3 5 4 3; now both place a token
    scene = start(app, match, speed="normal")
    view = view_of(scene)
    state: Any = match.state
    assert state.phase == R.PHASE_TOKEN
    hand_over_to(app, scene, "black")  # Black confirmed last, so Black places first
    assert not scene.view_buttons["confirm"].is_enabled
    slow_click(app, view.square_center("a2"))  # White's territory
    assert scene.message_error and "not in Black's territory" in (scene.message or "")
    slow_click(app, view.square_center("h8"))
    assert view.token_draft == {"black": R.square_index("h8")}
    assert scene.view_buttons["confirm"].is_enabled
    key_down(app, pygame.K_RETURN)
    assert match.pending == {"black": R.square_index("h8")} and scene.curtain_for == "white"
    key_down(app, pygame.K_SPACE, unicode=" ")
    assert view.token_draft.get("white") is None
    slow_click(app, view.square_center("a2"))
    press(app, scene, "confirm")
    assert match.move_texts()[-1] == "a2/h8"
    assert view.busy and view.plan.kind == "token"
    settle(app, scene)
    after: Any = match.state
    assert after.phase == R.PHASE_ALLOT and after.deleted >> R.square_index("a2") & 1
    assert view.token_owner == {R.square_index("a2"): "white", R.square_index("h8"): "black"}
    assert "19 tokens" in view.player_summary("white")


def test_full_two_player_game_with_a_curtain_before_every_entry(app: Any) -> None:
    """A whole hot-seat game typed in: every turn the curtain is up before the first allotment
    (from the very first turn on) and falls again when that player confirms, for the other, who
    sees only the backs of the sealed chips; both flip together; the player who confirmed last
    allots first next turn; the game ends with the end dialog."""
    rng = random.Random(5)
    match = two_player()
    scene = start(app, match, speed="fast")
    view = view_of(scene)
    for _ in range(R.TURN_LIMIT):
        if match.over:
            break
        white, black = (R.allotment_text(match.state.random_move(p, rng)) for p in ("white", "black"))
        before = len(match.turns)
        # whoever confirmed last goes first: White on even turns, Black on odd ones
        first, second = ("white", "black") if before % 2 == 0 else ("black", "white")
        digits = {"white": white, "black": black}
        assert scene.curtain_for == first and scene.input_player() is None, scene.message
        key_down(app, pygame.K_SPACE, unicode=" ")
        assert scene.curtain_for is None and scene.input_player() == first, scene.message
        type_digits(app, digits[first])
        key_down(app, pygame.K_RETURN)
        assert scene.curtain_for == second and scene.input_player() is None
        key_down(app, pygame.K_SPACE, unicode=" ")
        assert scene.curtain_for is None and scene.input_player() == second
        assert view.row(first)[1] == "back" and view.tray_chips(first) == []
        type_digits(app, digits[second])
        key_down(app, pygame.K_RETURN)
        assert len(match.turns) == before + 1
        assert match.turns[-1].text == f"{white}/{black}"
        settle(app, scene)
        assert view.lines_at() == [float(v) for v in match.state.lines]  # type: ignore[attr-defined]
    assert match.over and match.outcome is not None
    end_dialog(app, scene)


def test_full_game_against_hard_through_the_scene(app: Any) -> None:
    """A whole game against the hard computer in its worker process: the human's allotments are
    typed, every one of the computer's arrives, reveals and settles, and the game reaches its end."""
    rng = random.Random(8)
    match = Match("elasta", {}, {"white": Seat(), "black": Seat(AI, "hard")})
    scene = start(app, match, speed="fast")
    view = view_of(scene)
    deadline = time.monotonic() + 600
    while not match.over:
        assert time.monotonic() < deadline, "the game against hard did not finish"
        before = len(match.turns)
        assert scene.input_player() == "white", scene.message
        # A plain greedy human: the highest chips where White is deepest in danger.
        lines = match.state.lines  # type: ignore[attr-defined]
        order = sorted(range(8), key=lambda f: (lines[f], rng.random()))
        chips = [0] * 8
        for chip, file in zip(range(7, -1, -1), order, strict=True):
            chips[file] = chip
        type_digits(app, "".join(map(str, chips)))
        key_down(app, pygame.K_RETURN)
        assert scene.curtain_for is None
        while len(match.turns) == before and time.monotonic() < deadline:
            app.step([], DT)
        assert match.turns[-1].moves["white"] == tuple(chips)
        settle(app, scene)
        assert view.lines_at() == [float(v) for v in match.state.lines]  # type: ignore[attr-defined]
    assert match.outcome is not None
    end_dialog(app, scene)


def test_rules_help_explains_the_hand_off_only_for_secret_order_games() -> None:
    from game.register import get as get_game
    from scenes.shell.windows.rules import help_html

    assert "Backspace on the curtain" in help_html(get_game("elasta"))
    assert "Backspace on the curtain" in help_html(get_game("nelaxtam"))
    assert "curtain" not in help_html(get_game("elephant-run"))
