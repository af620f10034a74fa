"""Hints that explain (issue #32, item 5): the reason in one sentence, worked out from the position
with the game's words; the expected outcome of the turn in Elasta and Nelaxtam; and Apply, which
plays the hinted move through the match screen's own path while the hint is for the position on the
board.

Headless: a capture's reason names the capture as the game's words do; reasons stay one short
sentence in seeded random positions of all five games; the worker's answer carries the reason; the
command line prints it. Screen: real key presses and button clicks on a real match scene, with the
AI workers answering in this process within a node limit (so every machine gets the same moves).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pygame
import pytest

from game import hint as hint_module
from game.cli import main as cli_main
from game.core import GameState, Move
from game.explaining import REASON_MOST, one_sentence
from game.hint import (
    HINT_ANSWER,
    HINT_LEVEL,
    Explanation,
    answer_for_record,
    explain,
    plain_reason,
    read_answer,
    suggest,
    worker_request,
)
from game.match import AI, Match, Seat
from game.register import all_games, get
from game.search import Limit
from game.worker import AIResult, _think
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import DT, click_element, key, resize, start

GAME_IDS = [info.id for info in all_games()]
SIMULTANEOUS = ("elasta", "nelaxtam")
QUICK = Limit(depth=2, nodes=1500)
"""What every search in these tests may spend: the same moves on any machine, and quick."""


def random_position(game_id: str, seed: int, most: int = 40) -> GameState:
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


def one_short_sentence(text: str) -> bool:
    """Non-empty, within the bound, capitalised, ending once (no full stop before its end)."""
    body = text.rstrip(".…")
    return 0 < len(text) <= REASON_MOST and text[:1].isupper() and text[-1] in ".…" and ". " not in body


# -- the reason of a capture ---------------------------------------------------------------------------
def capture_in(game_id: str, state: GameState, player: str) -> tuple[Move, str, str] | None:
    """A capture ``player`` may make that does not end the game, with the captured square's name and
    the verb's stem both the game's words and the reason must use; None when there is none."""
    for move in state.legal_moves(player):
        after = state.apply_turn({player: move})
        if after.over:
            continue
        if game_id == "epaminondas":
            taken = state.captured_by(move)  # type: ignore[attr-defined]
            if taken:
                from game.epaminondas.words import squares_text

                return move, squares_text(taken), "captur"
        elif game_id == "changing-challenges":
            fx = state.effects(move)  # type: ignore[attr-defined]
            if fx["kind"] == "knock":
                from game.changing_challenges import board as B

                return move, B.square_name(fx["captured"]), "knock"
        elif game_id == "elephant-run":
            trampled = state.captured_by(move)  # type: ignore[attr-defined]
            if trampled is not None:
                from game.elephant_run.rules import square_name

                return move, square_name(trampled), "trampl"
    return None


@pytest.mark.parametrize("game_id", ["epaminondas", "changing-challenges", "elephant-run"])
def test_the_reason_for_a_capture_names_it_as_the_games_words_do(game_id: str) -> None:
    found = 0
    for seed in range(400):
        state = random_position(game_id, seed, most=60)
        if state.over or len(state.to_move()) != 1:
            continue
        player = state.to_move()[0]
        capture = capture_in(game_id, state, player)
        if capture is None:
            continue
        move, square, verb = capture
        words = state.describe_turn({player: move}, state.apply_turn({player: move})).note
        assert square in words and verb in words.lower(), words  # what the game's words say of it
        reason = explain(state, player, move, seed=1).reason
        assert square in reason and verb in reason.lower(), (state.move_to_text(player, move), reason)
        assert reason != plain_reason(state, player, move)  # the game's own explanation, not the fallback
        assert one_short_sentence(reason), reason
        found += 1
        if found == 3:
            return
    raise AssertionError(f"no capture found in {game_id}'s random positions")


def test_a_quiet_move_is_explained_by_what_it_threatens_or_leaves() -> None:
    """Epaminondas, from the start: no capture is possible, so the reason must not claim one."""
    state = get("epaminondas").new_state()
    reason = explain(state, "white", state.parse_move("white", "a1-a3"), seed=1).reason
    assert "captur" not in reason.replace("no capture", "")
    assert "a1" in reason and one_short_sentence(reason)


# -- every game: one short sentence, from the position --------------------------------------------------
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_reasons_are_one_short_sentence_in_random_positions(game_id: str) -> None:
    seen = set()
    for seed in range(6):
        state = random_position(game_id, seed)
        if state.over:
            continue
        player = state.to_move()[0]
        move = suggest(state, player, level="normal", seed=seed, limit=QUICK)
        said = explain(state, player, move, seed=seed)
        assert one_short_sentence(said.reason), (state.move_to_text(player, move), said.reason)
        seen.add(said.reason)
        ordering = game_id in SIMULTANEOUS and getattr(state, "phase", "") not in ("invasion", "token")
        if ordering:
            assert said.expected.startswith("Expected: ") and one_short_sentence(said.expected), said
        elif game_id not in SIMULTANEOUS:
            assert said.expected == ""
    assert len(seen) >= 2, "every position got the same words: the reason is not from the position"


def test_nelaxtam_expects_losses_where_a_troop_is_exposed() -> None:
    """Both armies face each other across a line: troops that strike the land under enemy troops can
    die the same way, and the expectation must say a troop is at risk rather than that all are safe."""
    state = get("nelaxtam").new_state({"size": "8"})
    state = state.apply_turn(state.parse_turn("a1,c1,e1,g1,c3/b1,d1,f1,h1,d3"))
    orders = state.parse_move("black", "1xe,2xe,3xe,4xw,5xe")
    said = explain(state, "black", orders, seed=3)
    assert "strike" in said.reason, said.reason
    assert said.expected.startswith("Expected: ")
    assert "you may lose troop" in said.expected, said.expected


def test_the_sentence_drops_its_last_clauses_to_stay_short() -> None:
    clauses = ["it captures two Black stones on c7 and c8", "x" * 60, "y" * 60, "z" * 60]
    said = one_sentence(clauses)
    assert said.startswith("It captures two Black stones") and len(said) <= REASON_MOST
    assert "x" * 60 in said and "z" * 60 not in said
    assert one_sentence([]) == "" and one_sentence(["a" * 400]).endswith("…")


# -- the worker's answer and the command line -------------------------------------------------------------
def test_the_workers_answer_carries_the_move_and_its_reason() -> None:
    match = Match("elasta", seats={"black": Seat(AI, "easy")})
    text = _think(match.public_record(), "white", HINT_ANSWER, 4, QUICK)
    move, said = read_answer(text)
    state = match.state
    assert state.why_illegal("white", state.parse_move("white", move)) is None
    assert said is not None and one_short_sentence(said.reason) and said.expected.startswith("Expected:")
    assert read_answer("a1-a2") == ("a1-a2", None)  # a plain answer is still a hint
    assert read_answer('{"move": "a1-a2"}') == ("a1-a2", None)
    assert read_answer("{broken") == ("{broken", None)
    assert answer_for_record(match.public_record(), "white", 4, QUICK) == text  # same seed, same words


def test_the_workers_hint_is_the_hard_computers_move_from_the_public_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The computer has sealed its orders; the worker's hint (move and reason) sees only the record
    the computer's own searches get, and asks the hard level."""
    match = Match("nelaxtam", seats={"white": Seat(AI, "easy")})
    match.submit("white", suggest(match, "white", level="easy", seed=1))
    assert match.pending
    asked: list[tuple[GameState, str]] = []

    def spy(state: GameState, player: str, level: str, seed: int | None = None, limit: Any = None) -> Any:
        asked.append((state, level))
        return state.random_move(player, random.Random(seed))

    monkeypatch.setattr(hint_module, "choose_move", spy)
    record, player, level = worker_request(match, "black")
    assert record["pending"] == {} and level == HINT_ANSWER
    move, said = read_answer(_think(record, player, level, 5))
    assert [lvl for _, lvl in asked] == [HINT_LEVEL] and asked[0][0] == match.state
    assert (
        said is not None and match.state.why_illegal("black", match.state.parse_move("black", move)) is None
    )


def test_cli_prints_the_reason_before_the_move(capsys: pytest.CaptureFixture[str]) -> None:
    landing = "a1,c1,e1,g1,i1/b1,d1,f1,h1,j1"
    assert cli_main(["hint", "nelaxtam", "--level", "easy", "--seed", "3", "--", landing]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    why = next(line for line in out if line.startswith("Why: "))
    assert one_short_sentence(why.removeprefix("Why: "))
    assert any(line.startswith("Expected: ") for line in out)
    state = get("nelaxtam").new_state()
    state = state.apply_turn(state.parse_turn(landing))
    assert state.why_illegal("black", state.parse_move("black", out[-1])) is None


# -- the screen: the card and Apply ------------------------------------------------------------------------
class InlineWorker:
    """An AI worker that answers in this process, within :data:`QUICK` (a hint with its reason, as
    the real worker does), so the tests neither wait on processes nor depend on the machine."""

    def __init__(self) -> None:
        self.requests = 0
        self.answer: AIResult | None = None

    def request(self, record: Any, player: str, level: str, seed: int, limit: Any = None) -> int:
        self.requests += 1
        self.answer = AIResult(self.requests, _think(record, player, level, seed, QUICK), None, 0.0)
        return self.requests

    def poll(self) -> AIResult | None:
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.answer = None

    def close(self) -> None:
        pass


def against_computer(app: Any, game_id: str) -> tuple[MatchScene, str]:
    """A match of ``game_id`` where a person plays the first side against the easy computer, on
    screen, with both workers answering inline."""
    app._worker, app._hint_worker = InlineWorker(), InlineWorker()
    info = get(game_id)
    human, computer = info.players[0], info.players[1]
    match = Match(game_id, seats={computer: Seat(AI, "easy")})
    return start(app, match), human


def ask_hint(app: Any, scene: MatchScene) -> None:
    """H, then frames until the hint is on the board."""
    key(app, pygame.K_h)
    for _ in range(20):
        if scene.hint.shown is not None:
            break
        app.step([], DT)
    assert scene.hint.shown is not None, "the hint never arrived"
    app.step([], DT)


def apply_button(scene: MatchScene) -> Any:
    return scene.buttons["apply"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_apply_plays_exactly_the_hinted_move_through_the_scene(app: Any, game_id: str) -> None:
    scene, human = against_computer(app, game_id)
    match = scene.match
    assert not apply_button(scene).visible  # no hint, no Apply
    ask_hint(app, scene)
    shown = scene.hint.shown
    assert shown is not None and shown.explanation is not None
    assert one_short_sentence(shown.explanation.reason)
    card = scene.hint.card_text(match, reviewing=False)
    assert card is not None and card.reason == shown.explanation.reason
    if game_id in SIMULTANEOUS and getattr(match.state, "phase", "") != "invasion":
        assert card.expected.startswith("Expected: ")
    assert apply_button(scene).visible
    assert apply_button(scene).rect.bottom <= scene.moves_rect.top  # on the card, above the move list
    hinted = match.state.parse_move(human, shown.text)
    turns = len(match.turns)
    click_element(app, apply_button(scene))
    for _ in range(30):  # in the games of secret orders, the computer's orders and the reveal
        if len(match.turns) > turns:
            break
        app.step([], DT)
    assert len(match.turns) > turns, "Apply did not play the hinted move"
    played = match.turns[turns]  # (the computer, answering at once, may have replied already)
    assert played.moves[human] == hinted
    assert played.before.move_words(human, hinted) in scene.moves.phrases(played)  # in the move list
    assert scene.hint.shown is None and not apply_button(scene).visible
    assert match.can_undo()  # played like a click: it can be taken back


def test_apply_is_gone_once_the_position_changes_and_tab_reaches_it(app: Any) -> None:
    scene, human = against_computer(app, "epaminondas")
    match = scene.match
    ask_hint(app, scene)
    assert "match:apply" in [name for name, _ in scene.keys.buttons()]
    names = [name for name, _ in scene.keys.buttons()]
    assert names.index("match:apply") < names.index("match:undo")  # screen order: the card is above
    # the player makes another move than the hint: the card and Apply go
    hinted = scene.hint.shown.text  # type: ignore[union-attr]
    other = next(m for m in match.state.legal_moves(human) if match.state.move_to_text(human, m) != hinted)
    scene._submit(human, other)
    app.step([], DT)
    assert scene.hint.card_text(match, reviewing=False) is None
    assert not apply_button(scene).visible
    assert "match:apply" not in [name for name, _ in scene.keys.buttons()]
    # a stale hint cannot be played even by a press that slips through: it is refused in words
    refused = scene.hint.apply_action(match, human)
    assert refused.error and refused.move is None and "ask for a new one" in (refused.message or "")


def test_undo_and_review_take_the_card_away(app: Any) -> None:
    scene, _ = against_computer(app, "changing-challenges")
    match = scene.match
    click_element(app, scene.buttons["hint"])
    for _ in range(20):
        if scene.hint.shown is not None:
            break
        app.step([], DT)
    app.step([], DT)
    assert apply_button(scene).visible
    text = scene.hint.shown.text  # type: ignore[union-attr]
    click_element(app, apply_button(scene))
    for _ in range(30):
        if len(match.turns) >= 2:
            break
        app.step([], DT)
    assert match.move_texts()[0] == text
    ask_hint(app, scene)
    assert apply_button(scene).visible
    scene.review_at(0)  # looking at the past: no card and no Apply
    app.step([], DT)
    assert scene.hint.card_text(match, reviewing=scene.review.active) is None
    assert not apply_button(scene).visible
    key(app, pygame.K_END)  # back to the game: the hint is still for this position
    app.step([], DT)
    assert apply_button(scene).visible
    scene.undo()
    app.step([], DT)
    assert scene.hint.shown is None and not apply_button(scene).visible


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_card_fits_beside_the_board_at_both_sizes(app: Any, size: tuple[int, int]) -> None:
    scene, _ = against_computer(app, "nelaxtam")
    resize(app, size)
    ask_hint(app, scene)
    button = apply_button(scene)
    assert scene.frame.panel.contains(button.rect)
    assert scene.moves_rect.height >= 40 and button.rect.bottom < scene.moves_rect.top
    assert not button.rect.colliderect(scene.buttons["undo"].rect)


def test_a_hint_shown_without_a_reason_still_gets_one(app: Any) -> None:
    """The showcase (and an older worker) hand the scene the notation alone: the reason is worked out
    on the spot, and the card says it."""
    scene, human = against_computer(app, "elephant-run")
    match = scene.match
    move = suggest(match.state, human, level="normal", seed=2, limit=QUICK)
    shown = scene.hint.show(match, human, match.state.move_to_text(human, move))
    assert isinstance(shown.explanation, Explanation) and one_short_sentence(shown.explanation.reason)
    assert re.search(r"[a-f][1-4]", shown.explanation.reason)  # it names the square it starts on


def test_tab_and_enter_apply_the_hint_without_a_mouse(app: Any) -> None:
    scene, human = against_computer(app, "elephant-run")
    match = scene.match
    ask_hint(app, scene)
    hinted = match.state.parse_move(human, scene.hint.shown.text)  # type: ignore[union-attr]
    button = apply_button(scene)
    for _ in range(20):
        if scene.keys.focus.focused_button(scene.keys.buttons()) is button:
            key(app, pygame.K_RETURN)
            break
        key(app, pygame.K_TAB)
    else:
        raise AssertionError("Tab never reached Apply")
    for _ in range(10):
        if match.turns:
            break
        app.step([], DT)
    assert match.turns and match.turns[0].moves[human] == hinted
