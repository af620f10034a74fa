"""The coach in the games of secret orders (issue #32, item 6): Elasta and Nelaxtam.

Game side: the threat marks (Elasta's files one lost push from the ground line, the rubber band's
rescue included; Nelaxtam's troops and pieces an enemy troop can destroy) and the word on an order
before it is sealed (against the opponent's likely orders, compared with the best candidate).

Through the real match screen, real events: against the computer a bad order is held back for the
card, "Take it back" gives the board back with the order still on it, "Play it anyway" seals it, a
good order is sealed without a card, and with the coach off nothing is asked; at one screen for two
the card is the entering player's alone and the worker never sees the other's sealed order. The
coach's real judgement is answered in this process (:class:`tests.test_coach.InlineWorker`); the
computer is a scripted worker that seals a fixed order, so each test knows the turn it expects.
"""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from game.coach import COACH_LEVEL, WARN_AT, advise_order, answer_for_record, read_answer, weigh_order
from game.core import GameState
from game.elasta.rules import PHASE_TOKEN, ElastaState
from game.elasta.threats import threatened_files
from game.match import AI, HUMAN, Match, Seat
from game.register import get
from game.threats import threatened
from game.worker import AIResult, _think
from scenes.kit.marks import THREAT
from scenes.shell.match.coach import ANYWAY, TAKE_BACK
from scenes.shell.match.scene import MatchScene
from tests.gesture_driver import perform
from tests.scene_driver import DT, click_element, hand_over_to, idle, key, start, wait_for_turns

# A position of each game where the coach has a word (found by seeded play): Elasta after six turns
# with White's file G one lost push from its ground line, Nelaxtam after six turns with Black's
# troop 1 on j10 beside a White troop.
ELASTA_TURNS = [
    "03475216/40362157",
    "12637045/05674231",
    "14657320/30157462",
    "04763125/61524370",
    "54670312/46570132",
    "05734162/16502473",
]
ELASTA_BAD = "27563410"
"""White's 1 on G, the file one push from its ground line: about 29% of the chance thrown away."""
ELASTA_BLACK_BAD = "56071324"
"""Black's 0 on C, its own file one push from its ground line: about 22% thrown away."""
NELAXTAM_TURNS = [
    "j12,a3,g1,f10,j6/k2,a4,g6,i12,e12",
    "1se,2xn,3xn,4xe,5xs/1sw,2xs,3ne,4sw,5xe",
    "1xe,3xw,4sw,5sw/1nw,3ne,4xw,5xs",
    "1xw,3xe,4xe,5xs/1xw,3xs,4xe,5xw",
    "1xs,3nw,4xn,5xn/1xe,3xn,4xs,5sw",
    "1sw,3xw,4sw,5xw/1xn,3ne,4se,5xw",
]
NELAXTAM_BAD = "1xw,3xn,4xn,5se"
"""Black's troop 1 stays on j10, beside a White troop: about 15% thrown away."""

GAMES = {
    "elasta": ("white", "black", ELASTA_TURNS, ELASTA_BAD, "01234567"),
    "nelaxtam": ("black", "white", NELAXTAM_TURNS, NELAXTAM_BAD, "-"),
}
"""Per game: the human, the computer, the turns so far, the human's bad order, the computer's."""


def position(game: str, turns: list[str]) -> GameState:
    state = get(game).new_state()
    for text in turns:
        state = state.apply_turn(state.parse_turn(text))
    return state


def better_text(game: str) -> str:
    """The order the coach itself names as better than the bad one (weighed as the worker does)."""
    human, _, turns, bad, _ = GAMES[game]
    state = position(game, turns)
    weighed = weigh_order(state, human, state.parse_move(human, bad), len(turns) + 1)
    assert weighed is not None
    return state.move_to_text(human, weighed.better)


# -- the threat marks, game side ----------------------------------------------------------------------
def test_elasta_marks_a_file_one_lost_push_from_the_ground_line() -> None:
    state = ElastaState((1, 3, 4, 4, 4, 4, 5, 7))
    assert threatened_files(state, "white") == [0]
    assert threatened(state, "white") == ["a1"]  # White's front square in file A
    assert threatened(state, "black") == ["h8"]  # Black's in file H (the stick at 7)


def test_elasta_leaves_a_file_the_rubber_band_would_save_unmarked() -> None:
    """A stick at 1 between sticks at 4 is pulled back off the ground line whatever the turn does."""
    state = ElastaState((4, 1, 4, 4, 4, 4, 4, 4))
    assert threatened(state, "white") == []
    assert threatened(ElastaState((3, 1, 3, 4, 4, 4, 4, 4)), "white") == ["b1"]


def test_elasta_has_no_threats_in_the_token_sub_turn() -> None:
    assert threatened(ElastaState((1, 3, 4, 4, 4, 4, 5, 7), tokens=True, phase=PHASE_TOKEN), "white") == []


def test_nelaxtam_marks_a_troop_beside_an_enemy_troop() -> None:
    state = position("nelaxtam", NELAXTAM_TURNS)
    assert threatened(state, "black") == ["j10"]  # troop 1 there, an enemy troop to the east
    assert threatened(position("nelaxtam", []), "black") == []  # nobody has landed yet


def test_nelaxtam_marks_a_piece_that_would_cut_off_more() -> None:
    """On an 8x8 board Black's land is the diagonal a1-e5 with its one troop on a1; a White troop on
    c2 could destroy b2 (cutting off c3, d4 and e5) or c3 (cutting off d4 and e5): both are marked,
    and the troop on a1, which no White troop reaches, is not."""
    from game.nelaxtam.rules import DEAD, PHASE_ORDERS, NelaxtamState

    geo = get("nelaxtam").new_state({"size": "8"}).geo
    chain = sum(1 << geo.index(name) for name in ("a1", "b2", "c3", "d4", "e5"))
    state = NelaxtamState(
        8,
        territory=(chain, geo.light),
        troops=((geo.index("a1"), DEAD, DEAD, DEAD, DEAD), (geo.index("c2"), DEAD, DEAD, DEAD, DEAD)),
        phase=PHASE_ORDERS,
    )
    assert threatened(state, "black") == ["b2", "c3"]
    assert threatened(state, "white") == []  # Black's troop on a1 reaches only b1 and a2, cutting nothing


# -- the word on an order before it is sealed, game side -----------------------------------------------
@pytest.mark.parametrize("game", list(GAMES))
def test_a_bad_order_gets_a_sentence_and_the_better_order_none(game: str) -> None:
    human, _, turns, bad, _ = GAMES[game]
    state = position(game, turns)
    advice = advise_order(state, human, state.parse_move(human, bad), len(turns) + 1)
    assert advice.lost >= WARN_AT and advice.sentence is not None
    assert "%" in advice.sentence and "Better:" in advice.sentence
    assert ("on G, one push" if game == "elasta" else "troop 1 on j10") in advice.sentence
    good = state.parse_move(human, better_text(game))
    assert advise_order(state, human, good, len(turns) + 1).sentence is None


def test_the_order_crosses_the_worker_with_the_public_record() -> None:
    human, computer, turns, bad, _ = GAMES["elasta"]
    match = Match(get("elasta"), {}, {human: Seat(HUMAN), computer: Seat(AI, "easy")})
    for text in turns:
        match.play_text(text)
    record = match.public_record()
    record["pending"] = {human: bad}
    advice = read_answer(answer_for_record(record, human))
    assert advice.sentence and "on G, one push" in advice.sentence
    assert read_answer(_think(record, human, COACH_LEVEL, 0)) == advice  # the worker's own lane
    record["pending"] = {}  # no order of the player's: the last turn is an order pair, no word
    assert read_answer(answer_for_record(record, human)).sentence is None


# -- through the real match screen ---------------------------------------------------------------------
class Scripted:
    """The computer's lane: seals ``answer`` for whatever it is asked."""

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.asked = 0
        self.ready: AIResult | None = None

    def request(self, record: Any, player: str, level: str, seed: int, limit: Any = None) -> int:
        self.asked += 1
        self.ready = AIResult(self.asked, self.answer, None, 0.0)
        return self.asked

    def poll(self) -> AIResult | None:
        ready, self.ready = self.ready, None
        return ready

    def cancel(self) -> None:
        self.ready = None

    def close(self) -> None:
        pass


class Judge:
    """The analysis lane answering in this process (the real coach), keeping each request's record."""

    def __init__(self) -> None:
        from tests.test_coach import InlineWorker

        self.inline = InlineWorker()
        self.records: list[dict[str, Any]] = []
        self.players: list[str] = []

    @property
    def asked(self) -> list[str]:
        return self.inline.asked

    def request(self, record: dict[str, Any], player: str, level: str, seed: int, limit: Any = None) -> int:
        self.records.append(json.loads(json.dumps(record)))
        self.players.append(player)
        return self.inline.request(record, player, level, seed, limit)

    def poll(self) -> AIResult | None:
        return self.inline.poll()

    def cancel(self) -> None:
        self.inline.cancel()

    def close(self) -> None:
        pass


def against_computer(app: Any, game: str, coach: bool = True) -> tuple[MatchScene, Judge]:
    human, computer, turns, _, theirs = GAMES[game]
    app.settings.coach = coach
    judge = Judge()
    app._analysis_worker = judge
    app._worker = Scripted(theirs)
    match = Match(get(game), {}, {human: Seat(HUMAN), computer: Seat(AI, "easy")})
    for text in turns:
        match.play_text(text)
    scene = start(app, match)
    idle(app, 3)  # the computer seals its order
    assert computer in match.pending
    return scene, judge


def enter(app: Any, scene: MatchScene, player: str, text: str) -> None:
    """Enter and confirm ``text`` for ``player`` by the board's own gestures."""
    assert scene.input_player() == player
    gestures = scene.view.gestures_for(player, text)
    assert gestures, text
    perform(app, scene, gestures)


def card_up(app: Any, scene: MatchScene) -> str:
    """The card must be up (the worker answered), the order not in the match; returns its sentence."""
    idle(app, 3)
    advice = scene.coach.advice
    assert advice is not None and advice.sentence, "no card"
    assert set(scene.coach.buttons) == {ANYWAY, TAKE_BACK}
    assert scene.input_player() is None  # nobody acts on the board meanwhile
    headline, _, _ = scene.banner_texts()
    assert "coach" in headline.lower()
    return advice.sentence


@pytest.mark.parametrize("game", list(GAMES))
def test_a_bad_order_gets_the_card_and_take_it_back_lets_them_enter_again(app: Any, game: str) -> None:
    human, computer, turns, bad, _ = GAMES[game]
    scene, judge = against_computer(app, game)
    match = scene.match
    enter(app, scene, human, bad)
    assert judge.asked == [COACH_LEVEL]
    assert len(match.turns) == len(turns) and human not in match.pending  # held back, not sealed
    card_up(app, scene)
    idle(app, 20)
    assert len(match.turns) == len(turns)  # the card waits for the player
    click_element(app, scene.coach.buttons[TAKE_BACK])
    assert scene.coach.advice is None and not scene.coach.buttons
    assert len(match.turns) == len(turns) and human not in match.pending
    assert scene.input_player() == human and computer in match.pending
    if game == "elasta":  # the board gives the order back as it was, to change
        assert scene.view.draft(human) == [int(chip) for chip in bad]  # type: ignore[attr-defined]
    # changed to the better order, it is sealed without a card
    enter(app, scene, human, better_text(game))
    wait_for_turns(app, match, len(turns) + 1, "the reveal")
    assert scene.coach.advice is None
    assert match.turns[-1].text.split("/")[match.game.players.index(human)] == better_text(game)
    assert judge.asked == [COACH_LEVEL, COACH_LEVEL]


@pytest.mark.parametrize("game", list(GAMES))
def test_play_it_anyway_seals_the_order(app: Any, game: str) -> None:
    human, _, turns, bad, _ = GAMES[game]
    scene, _ = against_computer(app, game)
    enter(app, scene, human, bad)
    card_up(app, scene)
    click_element(app, scene.coach.buttons[ANYWAY])
    wait_for_turns(app, scene.match, len(turns) + 1, "the reveal")
    assert scene.match.turns[-1].text.split("/")[scene.match.game.players.index(human)] == bad
    assert scene.coach.advice is None and not scene.coach.buttons


def test_a_good_order_is_sealed_without_a_card(app: Any) -> None:
    human, _, turns, _, _ = GAMES["elasta"]
    scene, judge = against_computer(app, "elasta")
    enter(app, scene, human, better_text("elasta"))
    wait_for_turns(app, scene.match, len(turns) + 1, "the reveal")
    assert judge.asked == [COACH_LEVEL] and scene.coach.advice is None


@pytest.mark.parametrize("game", list(GAMES))
def test_with_the_coach_off_the_order_is_sealed_unasked(app: Any, game: str) -> None:
    human, _, turns, bad, _ = GAMES[game]
    scene, judge = against_computer(app, game, coach=False)
    enter(app, scene, human, bad)
    wait_for_turns(app, scene.match, len(turns) + 1, "the reveal")
    assert judge.asked == [] and scene.coach.advice is None


def test_enter_takes_the_order_back_and_esc_seals_it(app: Any) -> None:
    human, _, turns, bad, _ = GAMES["elasta"]
    scene, _ = against_computer(app, "elasta")
    enter(app, scene, human, bad)
    card_up(app, scene)
    key(app, pygame.K_RETURN)
    assert scene.coach.advice is None and scene.input_player() == human
    assert len(scene.match.turns) == len(turns)
    enter(app, scene, human, bad)
    card_up(app, scene)
    key(app, pygame.K_ESCAPE)
    wait_for_turns(app, scene.match, len(turns) + 1, "the reveal")
    assert app.top is scene  # Esc answered the card: no pause menu


def test_the_threat_rings_are_drawn_on_the_entering_players_board(app: Any) -> None:
    """With the coach on, Nelaxtam's troop on j10 gets a red ring (the same frame with the coach off
    differs round it)."""
    scene, _ = against_computer(app, "nelaxtam", coach=False)
    marks = scene.view.threat_marks("black")
    assert marks.rings == ["j10"] and marks.color == THREAT
    centre = scene.view.square_center("j10")
    assert centre is not None
    idle(app)
    before = app.screen.copy()
    app.settings.coach = True
    app.invalidate()
    app.step([], DT)
    changed = sum(
        before.get_at((centre[0] + dx, centre[1] + dy)) != app.screen.get_at((centre[0] + dx, centre[1] + dy))
        for dx in range(-24, 25, 2)
        for dy in range(-24, 25, 2)
    )
    assert changed > 10


def test_two_at_one_screen_each_card_is_the_entering_players_own(app: Any) -> None:
    """White's card comes before the curtain goes up for Black; Black's worker question carries
    Black's order alone, never White's sealed one, and Black's card says nothing of it."""
    app.settings.coach = True
    judge = Judge()
    app._analysis_worker = judge
    match = Match(get("elasta"), {}, {"white": Seat(HUMAN), "black": Seat(HUMAN)})
    for text in ELASTA_TURNS:
        match.play_text(text)
    scene = start(app, match)
    hand_over_to(app, scene, "white")
    enter(app, scene, "white", ELASTA_BAD)
    assert scene.curtain_for is None  # the card is White's, on White's own screen
    white_card = card_up(app, scene)
    assert "on G, one push" in white_card
    click_element(app, scene.coach.buttons[ANYWAY])
    assert match.pending.get("white") is not None and scene.coach.advice is None
    hand_over_to(app, scene, "black")
    enter(app, scene, "black", ELASTA_BLACK_BAD)
    black_card = card_up(app, scene)
    assert judge.players == ["white", "black"]
    assert judge.records[1]["pending"] == {"black": ELASTA_BLACK_BAD}  # White's order never sent
    assert ELASTA_BAD not in black_card and "on C, one push" in black_card
    headline, detail, _ = scene.banner_texts()
    assert ELASTA_BAD not in headline + detail
    click_element(app, scene.coach.buttons[TAKE_BACK])
    assert scene.input_player() == "black" and match.pending.get("white") is not None
    assert len(match.turns) == len(ELASTA_TURNS)
    enter(app, scene, "black", ELASTA_BLACK_BAD)
    card_up(app, scene)
    click_element(app, scene.coach.buttons[ANYWAY])
    wait_for_turns(app, match, len(ELASTA_TURNS) + 1, "the reveal")
    assert match.turns[-1].text == f"{ELASTA_BAD}/{ELASTA_BLACK_BAD}"
