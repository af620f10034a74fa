"""Keyboard play (#14 item 6): every game played to its end with key presses only, and the focus's
manners: hidden until a key asks for it, gone at a click, Tab round the panel's buttons, Esc first
putting a piece down, the review's arrows left alone until the board has the focus.

The games are played by two humans at one screen. Each move is chosen by the engine (a random legal
move, or the easy computer's for the games that random play drags on), then entered the way a player
without a mouse would: the board's own ``gestures_for`` says which clicks, drags and buttons make
it, and each becomes keys: arrows to walk the cursor to the place clicked (the route worked out
from the board's place list), Enter or Space there; a drag is two such clicks; a button is Tab until
it has the focus, then Enter; the hand-off curtain before each secret entry is lifted with Space.
Only KEYDOWN events reach the app.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.core import GameState, Move
from game.match import Match
from game.register import get
from scenes.kit.board_view import CursorPlace, GridGeometry
from scenes.kit.keyboard import RING, KeyboardFocus, keys_to, neighbour
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import DT, click, hand_over, start

Chooser = Callable[[GameState, str, random.Random], Move]


# -- driving the app by keys ----------------------------------------------------------------------------
def keydown(k: int, mod: int = 0) -> pygame.event.Event:
    text = " " if k == pygame.K_SPACE else ""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0)


def tap(app: Any, *keys: int, mod: int = 0) -> None:
    """Key presses, in order, within one frame (the scene takes them one by one)."""
    app.step([keydown(k, mod) for k in keys], DT)


def place_under(places: list[CursorPlace], pos: tuple[int, int]) -> CursorPlace | None:
    """The cursor's place a click at ``pos`` lands in (the nearest centre when places overlap)."""
    hits = [p for p in places if p.rect.collidepoint(pos)]
    return min(hits, key=lambda p: abs(p.rect.centerx - pos[0]) + abs(p.rect.centery - pos[1]), default=None)


def focus_board(app: Any, scene: MatchScene) -> None:
    for _ in range(20):
        if scene.keys.focus.on_board:
            return
        tap(app, pygame.K_TAB)
    raise AssertionError("Tab never brought the focus to the board")


def click_by_keys(app: Any, scene: MatchScene, pos: tuple[int, int], select: int) -> None:
    """Walk the cursor to the place under ``pos`` with the arrows, then press ``select`` there."""
    focus_board(app, scene)
    places = scene.keys.places()
    target = place_under(places, pos)
    assert target is not None, f"no cursor place covers the click at {pos}"
    here = scene.keys.focus.cursor(places)
    assert here is not None
    route = keys_to(places, here.name, target.name)
    assert route is not None, f"the arrows cannot reach {target.name} from {here.name}"
    tap(app, *route)
    assert scene.keys.focus.place == target.name, (scene.keys.focus.place, target.name)
    tap(app, select)


def press_by_keys(app: Any, scene: MatchScene, key: str) -> None:
    """Tab round to the board's button ``key``, then Enter."""
    button = scene.view_buttons[key]
    assert button.is_enabled, f"the {key} button is greyed out"
    for _ in range(20):
        if scene.keys.focus.focused_button(scene.keys.buttons()) is button:
            tap(app, pygame.K_RETURN)
            return
        tap(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached the {key} button")


def enter_by_keys(app: Any, scene: MatchScene, player: str, text: str, rng: random.Random) -> None:
    gestures = scene.view.gestures_for(player, text)
    assert gestures is not None, text
    for gesture in gestures:
        select = rng.choice((pygame.K_RETURN, pygame.K_SPACE))
        if gesture.kind == "click":
            click_by_keys(app, scene, gesture.pos, select)
        elif gesture.kind == "drag":  # by keys a drag is a pick-up and a put-down
            click_by_keys(app, scene, gesture.pos, select)
            click_by_keys(app, scene, gesture.to, select)
        elif gesture.kind == "button":
            press_by_keys(app, scene, str(gesture.key))
        else:
            tap(app, int(gesture.key))


# -- choosing moves ---------------------------------------------------------------------------------------
def random_move(state: GameState, player: str, rng: random.Random) -> Move:
    return state.random_move(player, rng)


def easy_move_of(game_id: str) -> Chooser:
    """The easy computer's moves: random play would take hundreds of turns in some games."""
    info = get(game_id)

    def easy_move(state: GameState, player: str, rng: random.Random) -> Move:
        return info.ai(state, player, "easy", rng, 0.02)

    return easy_move


def enterable(scene: MatchScene, player: str, move: Move, rng: random.Random) -> str:
    """``move``'s text if the board can say how to enter it, else some other legal move's (a compound
    route a click on its tile would not play, say)."""
    state = scene.match.state
    text = state.move_to_text(player, move)
    if scene.view.gestures_for(player, text) is not None:
        return text
    moves = list(state.legal_moves(player))
    rng.shuffle(moves)
    for other in moves:
        text = state.move_to_text(player, other)
        if scene.view.gestures_for(player, text) is not None:
            return text
    raise AssertionError("no legal move the board can enter")


GAMES: list[tuple[str, dict[str, str], Chooser, int, int]] = [
    # game, options, how moves are chosen, seed, most turns expected
    ("elephant-run", {}, random_move, 1, 60),
    ("epaminondas", {}, easy_move_of("epaminondas"), 2, 200),
    ("changing-challenges", {}, easy_move_of("changing-challenges"), 2, 120),
    ("elasta", {}, random_move, 0, 60),
    ("nelaxtam", {"size": "8"}, easy_move_of("nelaxtam"), 2, 120),
]


@pytest.mark.parametrize(("game_id", "options", "choose", "seed", "most"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_by_keys_only(
    app: Any, game_id: str, options: dict[str, str], choose: Chooser, seed: int, most: int
) -> None:
    rng = random.Random(seed)
    match = Match(game_id, options, {})
    scene = start(app, match)
    assert not scene.keys.focus.shown
    for _ in range(most):
        if match.over:
            break
        turns = len(match.turns)
        chosen: dict[str, Move] = {}
        while len(match.turns) == turns:
            if scene.curtain_for is not None:  # a secret entry: it starts behind the curtain
                assert match.state.simultaneous, game_id
                hand_over(app, scene)  # "ready" on the hand-off curtain
            player = scene.input_player()
            assert player is not None, (game_id, scene.message, scene.curtain_for)
            move = choose(match.state, player, rng)
            text = enterable(scene, player, move, rng)
            chosen[player] = match.state.parse_move(player, text)
            enter_by_keys(app, scene, player, text, rng)
            if len(match.turns) == turns:  # secret orders sealed: the other player's turn to choose
                assert match.pending.get(player) == chosen[player], (game_id, text, scene.message)
                assert scene.curtain_for is not None and scene.curtain_for != player, game_id
        assert match.turns[-1].moves == chosen, (game_id, scene.message)
    assert match.over, f"{game_id} did not end within {most} turns"
    assert scene.keys.focus.shown  # the keyboard was used all along: the mouse never came back
    app.step([], DT)
    assert scene.end_dialog is not None and scene.end_dialog.alive()
    for _ in range(12):  # the end dialog's buttons are Tab stops too
        if scene.keys.focus.button == "end:review":
            break
        tap(app, pygame.K_TAB)
    assert scene.end_dialog.review.is_selected  # worn as the focus's look inside the window
    tap(app, pygame.K_RETURN)
    assert scene.reviewing and scene.review.position == 0


# -- the cursor's manners ------------------------------------------------------------------------------------
def ring_pixels(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """How many pixels along ``rect``'s inner border have the ring's colour."""
    inner = rect.inflate(-6, -6)
    points = [(x, y) for x in range(inner.left, inner.right) for y in (inner.top, inner.bottom - 1)]
    points += [(x, y) for y in range(inner.top, inner.bottom) for x in (inner.left, inner.right - 1)]
    return sum(1 for p in points if tuple(surface.get_at(p))[:3] == RING)


def test_the_cursor_shows_only_once_a_key_asks_and_goes_at_a_click(app: Any) -> None:
    match = Match("epaminondas", {}, {})
    scene = start(app, match)
    places = scene.keys.places()
    focus = KeyboardFocus()
    middle = focus.cursor(places)
    assert middle is not None
    assert ring_pixels(app.screen, middle.rect) == 0  # a mouse player sees no ring
    tap(app, pygame.K_DOWN)
    assert scene.keys.focus.on_board
    here = scene.keys.focus.cursor(places)
    assert here is not None and here.name == middle.name
    assert ring_pixels(app.screen, here.rect) > here.rect.width  # drawn round the square
    tap(app, pygame.K_RIGHT)
    there = scene.keys.focus.cursor(places)
    assert there is not None and there.name != here.name
    assert ring_pixels(app.screen, here.rect) == 0 and ring_pixels(app.screen, there.rect) > 0
    click(app, scene.frame.panel.center)  # the mouse is back: the ring goes
    assert not scene.keys.focus.shown
    assert ring_pixels(app.screen, there.rect) == 0


def test_enter_at_the_cursor_is_a_click_and_esc_puts_down_before_pausing(app: Any) -> None:
    match = Match("epaminondas", {}, {})
    scene = start(app, match)
    player = scene.input_player()
    assert player is not None
    text = match.state.move_to_text(player, match.state.legal_moves(player)[0])
    gestures = scene.view.gestures_for(player, text)
    assert gestures is not None
    click_by_keys(app, scene, gestures[0].pos, pygame.K_RETURN)
    assert getattr(scene.view, "selected", None) is not None  # the stone is picked up
    tap(app, pygame.K_ESCAPE)
    assert getattr(scene.view, "selected", None) is None and app.top is scene
    tap(app, pygame.K_ESCAPE)
    assert app.top is not scene and app.top.name == "pause"


def test_tab_walks_the_buttons_and_enter_presses_them(app: Any) -> None:
    match = Match("elephant-run", {}, {})
    scene = start(app, match)
    player = scene.input_player()
    assert player is not None
    enter_by_keys(
        app,
        scene,
        player,
        enterable(scene, player, match.state.legal_moves(player)[0], random.Random(1)),
        random.Random(1),
    )
    assert len(match.turns) == 1
    pressable = {key for key, button in scene.keys.buttons() if button.is_enabled}
    stops = []
    for _ in range(len(pressable) + 1):
        tap(app, pygame.K_TAB)
        focus = scene.keys.focus
        stops.append("board" if focus.on_board else focus.button)
    assert stops[0] != "board" and stops[-1] == "board"  # round the panel and back to the board
    assert set(stops[:-1]) == pressable and len(stops[:-1]) == len(pressable)
    tap(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # backwards: the last button
    assert scene.keys.focus.button == stops[-2]
    while scene.keys.focus.button != "match:undo":
        tap(app, pygame.K_TAB)
    tap(app, pygame.K_SPACE)
    assert len(match.turns) == 0  # Undo pressed by the keyboard
    assert scene.keys.focus.button == "match:undo" and not scene.buttons["undo"].is_enabled
    tap(app, pygame.K_TAB)
    assert scene.keys.focus.button == "match:redo"  # the next one that can be pressed
    tap(app, pygame.K_RETURN)
    assert len(match.turns) == 1


def test_the_review_keeps_its_arrows_until_the_board_has_the_focus(app: Any) -> None:
    match = Match("elephant-run", {}, {})
    rng = random.Random(4)
    for _ in range(4):
        player = match.awaiting()[0]
        match.submit(player, match.state.random_move(player, rng))
    scene = start(app, match)
    tap(app, pygame.K_LEFT)  # nobody has the keyboard: Left steps back through the moves
    assert scene.reviewing and scene.review.position == 3
    assert scene.keys.places() == []  # the board of the past is not played on
    tap(app, pygame.K_END)
    assert not scene.reviewing
    tap(app, pygame.K_TAB)
    assert scene.keys.focus.on_board
    before = scene.keys.focus.place
    tap(app, pygame.K_LEFT)  # now the cursor's
    assert not scene.reviewing and scene.keys.focus.place != before


def test_typed_orders_keep_enter_while_the_cursor_is_away(app: Any) -> None:
    """Elasta's typists type eight digits and Enter: with no cursor shown Enter still confirms."""
    match = Match("elasta", {}, {})
    scene = start(app, match)
    assert scene.curtain_for == "white"
    tap(app, pygame.K_SPACE)  # White takes the screen: the curtain lifts
    assert scene.curtain_for is None and scene.input_player() == "white"
    tap(app, *[pygame.K_0 + d for d in (3, 1, 4, 0, 5, 2, 7, 6)])
    tap(app, pygame.K_RETURN)
    assert match.pending.get("white") == (3, 1, 4, 0, 5, 2, 7, 6)


@pytest.mark.parametrize("answer", ["&", "x"])
def test_merge_or_knock_out_is_answered_at_the_cursor(app: Any, answer: str) -> None:
    """Changing Challenges asks whether a capture merges: the cursor goes to the question's answers
    (they are the board's only places while it is open), and Enter there decides."""
    rng = random.Random(0)
    match = Match("changing-challenges", {}, {})
    merges: list[str] = []
    while not merges and not match.over:
        player = match.awaiting()[0]
        texts = [match.state.move_to_text(player, move) for move in match.state.legal_moves(player)]
        merges = [text for text in texts if "&" in text]
        if not merges:
            match.submit(player, match.state.random_move(player, rng))
    assert merges, "no capture that may merge came up"
    scene = start(app, match)
    player = scene.input_player()
    assert player is not None
    text = merges[0].replace("&", answer)
    enter_by_keys(app, scene, player, text, rng)
    assert match.move_texts()[-1] == text
    assert {place.name for place in scene.keys.places()} != {"merge", "knock"}  # the question closed


# -- the cursor's steps, without a window ----------------------------------------------------------------
def grid_places() -> list[CursorPlace]:
    return GridGeometry(4, 3, (100, 100), 40, 2).places()


@pytest.mark.parametrize(
    ("start_at", "key", "lands"),
    [
        ("b2", pygame.K_RIGHT, "c2"),
        ("b2", pygame.K_LEFT, "a2"),
        ("b2", pygame.K_UP, "b3"),
        ("b2", pygame.K_DOWN, "b1"),
        ("d3", pygame.K_RIGHT, None),
        ("a1", pygame.K_DOWN, None),
    ],
)
def test_an_arrow_goes_to_the_next_square_that_way(start_at: str, key: int, lands: str | None) -> None:
    from scenes.kit.keyboard import DIRECTIONS, center

    places = grid_places()
    here = next(p for p in places if p.name == start_at)
    there = neighbour(places, center(here), DIRECTIONS[key])
    assert (there.name if there is not None else None) == lands


def test_the_shortest_route_is_as_many_keys_as_squares_apart() -> None:
    places = grid_places()
    route = keys_to(places, "a1", "d3")
    assert route is not None and len(route) == 5
    assert sorted(route) == sorted([pygame.K_RIGHT] * 3 + [pygame.K_UP] * 2)
    assert keys_to(places, "a1", "a1") == []
    assert keys_to(places, "a1", "z9") is None


def test_a_ragged_layout_is_walked_by_direction_not_by_distance() -> None:
    """A tray beside a rail (Elasta's): Down from the tray's foot reaches the rail; Right along the
    rail never jumps back up into the tray."""
    tray = [CursorPlace(f"tray {i}", pygame.Rect(0, 200 - 30 * i, 40, 28)) for i in range(8)]
    rail = [CursorPlace(f"file {i}", pygame.Rect(60 + 40 * i, 260, 38, 38)) for i in range(8)]
    places = tray + rail
    foot = tray[0]
    down = neighbour(places, foot.rect.center, (0, 1))
    assert down is not None and down.name == "file 0"
    right = neighbour(places, rail[0].rect.center, (1, 0))
    assert right is not None and right.name == "file 1"
    up = neighbour(places, tray[3].rect.center, (0, -1))
    assert up is not None and up.name == "tray 4"
    assert keys_to(places, "tray 7", "file 7") is not None


# -- lessons by keys ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "game_id", ["elasta", "nelaxtam", "elephant-run", "epaminondas", "changing-challenges"]
)
def test_a_lesson_is_done_by_keys_only(app: Any, game_id: str) -> None:
    """The first lesson of every game, each step's model answer entered with keys (the lesson screen
    shares the match screen's keyboard focus), then Tab to "Next lesson" and Enter."""
    from tests.test_tutorial_scene import open_lesson, settle

    scene = open_lesson(app, game_id, 0)
    run = scene.run
    rng = random.Random(5)
    for _ in range(len(run.lesson.steps)):
        step = run.step
        assert step is not None
        number = run.index
        enter_by_keys(app, scene, run.lesson.learner, step.model, rng)
        settle(app, scene)
        assert run.index == number + 1, f"step {number + 1}: '{step.model}' was not taken: {scene.verdict}"
    assert scene.completed
    following = scene.controls.buttons["next"]
    for _ in range(20):
        if scene.keys.focus.focused_button(scene.keys.buttons()) is following:
            break
        tap(app, pygame.K_TAB)
    else:
        raise AssertionError("Tab never reached Next lesson")
    tap(app, pygame.K_RETURN)
    for _ in range(5):
        app.step([], DT)
    assert app.top is not scene and getattr(app.top, "run", None) is not None
    assert app.top.run.lesson.id != run.lesson.id


# -- screens without a board ------------------------------------------------------------------------------
def test_tab_walks_the_menu_and_enter_presses_the_button_in_focus(app: Any) -> None:
    """Screens with no keyboard host of their own get the app's: Tab through their buttons in reading
    order, Enter presses; a click hides the ring again."""
    app.goto("menu")
    for _ in range(3):
        app.step([], DT)
    menu = app.top
    host = menu.__dict__.get("_button_keys")
    assert host is None or not host.focus.shown
    tap(app, pygame.K_TAB)
    host = menu.__dict__["_button_keys"]
    first = host.focus.focused_button(host.buttons())
    assert first is not None and first.text == "Play"  # the first card's first button
    tap(app, pygame.K_TAB)
    assert host.focus.focused_button(host.buttons()).text == "Learn"
    tap(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert host.focus.focused_button(host.buttons()) is first
    tap(app, pygame.K_RETURN)
    for _ in range(3):
        app.step([], DT)
    assert app.top is not menu and app.top.name == "new-game"


def test_the_pause_menu_is_usable_by_keys(app: Any) -> None:
    scene = start(app, Match("epaminondas"))
    pause = app.open("pause", scene)
    app.step([], DT)
    host_buttons = None
    for _ in range(12):
        tap(app, pygame.K_TAB)
        host = pause.__dict__["_button_keys"]
        host_buttons = host.buttons()
        focused = host.focus.focused_button(host_buttons)
        if focused is not None and focused is pause.buttons.get("resume"):
            break
    else:
        raise AssertionError(f"Tab never reached Resume among {[k for k, _ in host_buttons or []]}")
    tap(app, pygame.K_SPACE)
    app.step([], DT)
    assert app.top is scene


def test_the_arrow_keys_walk_a_menu_as_tab_does(app: Any) -> None:
    """Down/Right step forward and Up/Left back through a board-less screen's buttons; a screen whose
    arrows move through its own list (the load screen) keeps them."""
    app.goto("menu")
    app.step([], DT)
    menu = app.top
    tap(app, pygame.K_DOWN)
    host = menu.__dict__["_button_keys"]
    assert host.focus.focused_button(host.buttons()).text == "Play"
    tap(app, pygame.K_RIGHT)
    assert host.focus.focused_button(host.buttons()).text == "Learn"
    tap(app, pygame.K_UP)
    assert host.focus.focused_button(host.buttons()).text == "Play"
    tap(app, pygame.K_LEFT)  # back round the ring: the last button on the screen
    assert host.focus.focused_button(host.buttons()).text == "Quit"
    load = app.goto("load")
    app.step([], DT)
    tap(app, pygame.K_DOWN)
    keys = load.__dict__.get("_button_keys")
    assert keys is None or not keys.focus.shown  # the list had the arrow, not the buttons
