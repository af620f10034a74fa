"""The coach (issue #32, item 6): its setting, its word on a move (game side and worker), Changing
Challenges' lean during play, the threat marks, and the card through the real match screen — turned
on in Settings by clicks, a blunder played by clicks, Take it back and Play it anyway."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.analysis import MISTAKE
from game.changing_challenges import board as B
from game.coach import COACH_LEVEL, Advice, advise, answer_for_record, read_answer
from game.match import AI, HUMAN, Match, Seat
from game.register import get
from game.worker import AIResult, _think
from saves.settings import Settings, load_settings, save_settings
from scenes.games.changing_challenges.geometry import PLAY_LEAN, Seesaw, lean_for
from scenes.games.changing_challenges.view import ChangingChallengesView
from scenes.kit.marks import THREAT
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import DT, click, click_element, idle, pump, start, wait_for_turns

CC = "changing-challenges"


# -- the setting ---------------------------------------------------------------------------------------
def test_the_coach_is_off_by_default(tmp_path: Path) -> None:
    assert Settings().coach is False
    assert load_settings(tmp_path).coach is False


def test_the_coach_setting_round_trips(tmp_path: Path) -> None:
    settings = load_settings(tmp_path)
    settings.coach = True
    assert save_settings(settings)
    assert json.loads((tmp_path / "settings.json").read_text())["coach"] is True
    assert load_settings(tmp_path).coach is True


@pytest.mark.parametrize("value", ["yes", 1, None, [True], {"on": True}])
def test_a_bad_coach_value_is_off(tmp_path: Path, value: Any) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "coach": value, "muted": True}))
    settings = load_settings(tmp_path)
    assert settings.coach is False and settings.muted and not settings.damaged


def test_a_damaged_settings_file_leaves_the_coach_off_and_is_kept_aside(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"version": 1, "coach": tru')
    settings = load_settings(tmp_path)
    assert settings.damaged and settings.coach is False
    settings.coach = True
    assert save_settings(settings)
    assert load_settings(tmp_path).coach is True
    assert any(p.name.startswith("settings.damaged-") for p in tmp_path.iterdir())


def _settings_screen(app: Any) -> Any:
    from scenes.shell.settings import SettingsScreen

    app.goto("menu")
    screen = SettingsScreen(app)
    app.push(screen)
    pump(app)
    return screen


def _switch_coach(app: Any, on: bool) -> None:
    """Turn the coach on or off in Settings by a click on its row, then leave Settings."""
    screen = _settings_screen(app)
    row = screen.coach_row
    assert row is not None
    click_element(app, row.buttons[row.values.index("on" if on else "off")])
    assert app.settings.coach is on
    app.pop()
    pump(app)


def test_the_settings_screen_switches_the_coach(app: Any) -> None:
    screen = _settings_screen(app)
    row = screen.coach_row
    assert row is not None and row.selected == "off"
    click_element(app, row.buttons[row.values.index("on")])
    assert app.settings.coach is True
    assert json.loads(Path(app.settings.path).read_text())["coach"] is True
    click_element(app, row.buttons[row.values.index("off")])
    assert app.settings.coach is False and load_settings(app.settings.config_dir).coach is False


# -- the coach's word, game side ------------------------------------------------------------------------
def test_leaving_the_queen_on_the_open_d_file_is_a_mistake() -> None:
    """From the start the queens face each other on the d-file: a pawn move that does nothing about
    it throws away at least a mistake's worth, and the sentence names the capture it allows."""
    state = get(CC).new_state()
    advice = advise(state, "triangles", state.parse_move("triangles", "a4-a5"))
    assert advice.lost >= MISTAKE
    assert advice.sentence is not None and "d4" in advice.sentence and "%" in advice.sentence


def test_a_good_move_has_no_word() -> None:
    state = get("epaminondas").new_state()
    advice = advise(state, "white", state.parse_move("white", "a1-a3"))
    assert advice.sentence is None and advice.lost < MISTAKE


def test_the_answer_crosses_the_worker_as_json() -> None:
    match = Match(get(CC), {}, {"triangles": Seat(HUMAN), "circles": Seat(AI, "easy")})
    match.submit("triangles", match.state.parse_move("triangles", "a4-a5"))
    record = match.public_record()
    advice = read_answer(answer_for_record(record, "triangles"))
    assert advice.sentence and advice.lost >= MISTAKE
    assert read_answer(_think(record, "triangles", COACH_LEVEL, 0)) == advice  # the worker's lane
    assert read_answer(json.dumps(Advice(0.02).to_json())) == Advice(0.02)
    for bad in ("[]", '{"lost": "x"}', '{"lost": 0.3, "sentence": 5}'):
        with pytest.raises(ValueError):
            read_answer(bad)


# -- Changing Challenges leans during play --------------------------------------------------------------
def test_the_lean_follows_the_heavier_half_and_stays_small() -> None:
    assert lean_for(0) == 0.0
    assert 0 < lean_for(10) < lean_for(30) < PLAY_LEAN
    assert lean_for(-30) == -lean_for(30)
    assert lean_for(49) == pytest.approx(PLAY_LEAN) and lean_for(200) == pytest.approx(PLAY_LEAN)


def test_a_click_on_the_leaning_board_finds_its_square() -> None:
    geo = Seesaw.fit(pygame.Rect(0, 0, 900, 560))
    for sq in (0, 6, 52, 98, 104):
        level = geo.square_rect(sq).center
        for angle in (-PLAY_LEAN, PLAY_LEAN, 4.0):
            drawn = geo.tilted(level, angle)
            assert math.dist(geo.to_level(drawn, angle), level) <= 1.5
            assert geo.square_at(geo.to_level(drawn, angle)) == sq


def _cc_view(settings: Any, moves: list[str]) -> ChangingChallengesView:
    match = Match(get(CC), {}, {"triangles": Seat(HUMAN), "circles": Seat(HUMAN)})
    for text in moves:
        player = match.state.to_move()[0]
        match.submit(player, match.state.parse_move(player, text))
    view = ChangingChallengesView(match, settings)
    view.layout(pygame.Rect(0, 0, 900, 560))
    view.set_state(match.state)
    return view


def test_the_board_leans_only_with_the_coach_on(app: Any) -> None:
    moves = ["d4xd12", "c12-c11"]  # a queen knocked into storage: the balance is off level
    off = _cc_view(Settings(), moves)
    on = _cc_view(Settings(coach=True), moves)
    assert off.cc.moment != 0
    assert off.angle() == 0.0
    assert on.angle() == pytest.approx(lean_for(on.cc.moment)) and on.angle() != 0.0
    # the squares are where they are drawn: the centre of each leads back to it
    for name in ("a1", "d4", "g8", "c15"):
        centre = on.square_center(name)
        assert centre is not None
        assert on.square_at(centre) == B.square_index(name)


def test_the_threat_marks_ring_the_queen_at_the_start(app: Any) -> None:
    view = _cc_view(Settings(), [])
    marks = view.threat_marks("triangles")
    assert marks.rings == ["d4"] and marks.color == THREAT
    assert view.threat_marks("triangles") is marks  # worked out once per position


# -- the card, through the real match screen ------------------------------------------------------------
class InlineWorker:
    """The analysis lane answered in this process by the worker's own code (the real coach), so the
    screen's whole path runs without a process start; ``hold`` keeps the answer back."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.answer: AIResult | None = None
        self.hold = False
        self.cancelled = 0

    def request(self, record: dict[str, Any], player: str, level: str, seed: int, limit: Any = None) -> int:
        self.asked.append(level)
        text = _think(record, player, level, seed, limit)
        self.answer = AIResult(len(self.asked), text, None, 0.0)
        return len(self.asked)

    def poll(self) -> AIResult | None:
        if self.hold or self.answer is None:
            return None
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.cancelled += 1
        self.answer = None

    def close(self) -> None:
        pass


def _cc_against_easy(app: Any) -> tuple[MatchScene, InlineWorker]:
    coach = InlineWorker()
    app._analysis_worker = coach
    match = Match(get(CC), {}, {"triangles": Seat(HUMAN), "circles": Seat(AI, "easy")})
    return start(app, match), coach


def _play_by_clicks(app: Any, scene: MatchScene, text: str) -> None:
    player = scene.input_player()
    assert player is not None
    gestures = scene.view.gestures_for(player, text)
    assert gestures, text
    for gesture in gestures:
        assert gesture.kind == "click"
        click(app, gesture.pos)


def test_a_blunder_gets_the_card_and_take_it_back_brings_the_position_back(app: Any) -> None:
    _switch_coach(app, True)
    scene, coach = _cc_against_easy(app)
    start_state = scene.match.state
    _play_by_clicks(app, scene, "a4-a5")
    assert len(scene.match.turns) == 1
    idle(app, 3)
    assert coach.asked == [COACH_LEVEL]
    card = scene.coach
    assert card.advice is not None and card.advice.sentence and "d4" in card.advice.sentence
    assert scene.ai_to_move() == "circles" and not scene.computer.thinking  # the reply waits
    idle(app, 10)
    assert len(scene.match.turns) == 1 and not scene.computer.thinking
    headline, detail, _ = scene.banner_texts()
    assert "coach" in headline.lower() and "take it back" in detail  # not "the computer is thinking"
    click_element(app, card.buttons["Take it back"])
    assert scene.match.turns == [] and scene.match.state == start_state
    assert card.advice is None and not card.buttons
    assert scene.input_player() == "triangles"
    idle(app, 5)
    assert not scene.computer.thinking


def test_play_it_anyway_lets_the_computer_reply(app: Any) -> None:
    _switch_coach(app, True)
    scene, _ = _cc_against_easy(app)
    _play_by_clicks(app, scene, "a4-a5")
    idle(app, 3)
    assert scene.coach.advice is not None
    click_element(app, scene.coach.buttons["Play it anyway"])
    assert scene.coach.advice is None
    wait_for_turns(app, scene.match, 2)


def test_undo_while_the_card_is_up_closes_it(app: Any) -> None:
    _switch_coach(app, True)
    scene, _ = _cc_against_easy(app)
    _play_by_clicks(app, scene, "a4-a5")
    idle(app, 3)
    assert scene.coach.advice is not None
    click_element(app, scene.buttons["undo"])
    idle(app, 2)
    assert scene.match.turns == [] and scene.coach.advice is None and not scene.coach.buttons


def test_a_fine_move_gets_no_card_and_the_computer_replies(app: Any) -> None:
    app.settings.coach = True
    coach = InlineWorker()
    app._analysis_worker = coach
    match = Match(get("epaminondas"), {}, {"white": Seat(HUMAN), "black": Seat(AI, "easy")})
    scene = start(app, match)
    _play_by_clicks(app, scene, "a1-a3")
    wait_for_turns(app, match, 2)
    assert coach.asked == [COACH_LEVEL] and scene.coach.advice is None


def test_with_the_coach_off_nothing_is_asked_or_marked(app: Any) -> None:
    scene, coach = _cc_against_easy(app)
    assert not scene.view.angle()
    _play_by_clicks(app, scene, "a4-a5")
    wait_for_turns(app, scene.match, 2)
    assert coach.asked == [] and scene.coach.advice is None


def test_the_threat_rings_are_drawn_on_the_humans_turn(app: Any) -> None:
    """With the coach on, the queen on d4 gets a red ring at the start (compared with the same
    frame with the coach off, the ring's pixels differ around d4)."""
    scene, _ = _cc_against_easy(app)
    centre = scene.view.square_center("d4")
    assert centre is not None
    idle(app)
    before = app.screen.copy()
    app.settings.coach = True
    app.invalidate()
    app.step([], DT)
    after = app.screen
    radius = scene.view.geo.s // 2
    changed = sum(
        before.get_at((centre[0] + dx, centre[1] + dy)) != after.get_at((centre[0] + dx, centre[1] + dy))
        for dx in range(-radius, radius + 1, 2)
        for dy in range(-radius, radius + 1, 2)
    )
    assert changed > 10


# -- the new-game screen offers the coach on easy -------------------------------------------------------
def test_the_new_game_screen_offers_the_coach_on_easy(app: Any) -> None:
    app.goto("menu")
    app.open("new-game", get(CC))
    pump(app)
    dialog = app.top
    row = dialog.level_row
    click_element(app, row.buttons[row.values.index("normal")])
    assert dialog.coach_button is None
    click_element(app, row.buttons[row.values.index("easy")])
    assert dialog.coach_button is not None
    click_element(app, dialog.coach_button)
    assert app.settings.coach is True and load_settings(app.settings.config_dir).coach is True
    assert dialog.coach_button is not None and dialog.coach_button.text == "On"
    click_element(app, row.buttons[row.values.index("hard")])
    assert dialog.coach_button is None


def test_the_card_through_the_real_worker_process(app: Any) -> None:
    """The same path with the app's own analysis lane (a real process): the window keeps drawing
    while the move is judged, the card comes, and Take it back brings the start back."""
    import time

    _switch_coach(app, True)
    match = Match(get(CC), {}, {"triangles": Seat(HUMAN), "circles": Seat(AI, "easy")})
    scene = start(app, match)
    _play_by_clicks(app, scene, "a4-a5")
    deadline = time.monotonic() + 60
    while scene.coach.advice is None and time.monotonic() < deadline:
        app.step([], DT)
        assert len(match.turns) == 1  # the computer waits for the coach's word
    assert scene.coach.advice is not None, "the coach never answered"
    click_element(app, scene.coach.buttons["Take it back"])
    assert match.turns == [] and match.state == get(CC).new_state()


@pytest.mark.parametrize("game_id", ["elasta", "nelaxtam"])
def test_the_games_of_secret_orders_offer_the_coach_on_easy(app: Any, game_id: str) -> None:
    app.settings.last_new_game[game_id] = {"mode": "ai", "level": "easy"}
    app.goto("menu")
    app.open("new-game", get(game_id))
    pump(app)
    assert app.top.level == "easy" and app.top.coach_button is not None
    click_element(app, app.top.coach_button)
    assert app.settings.coach is True
