"""Couch play that keeps its secrets (issue #28): in a two-player game of secret entries, every entry
starts behind a curtain that names both people; nothing secret is drawn under it at any size, and
nothing under it can be clicked.

The old protocol raised the curtain only between a turn's two entries, so each turn's first entry was
made in full view; these tests fail on it (the first one at its first assertion)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.match import Match, Seat
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import DT, click, key_down, pump, resize, settle, start

SIZES = [(1024, 640), (1280, 800), (1366, 768), (1920, 1080)]


def _two(game: str, names: tuple[str | None, str | None] = (None, None)) -> Match:
    from game.register import get

    players = get(game).players
    return Match(game, {}, {p: Seat(name=n) for p, n in zip(players, names, strict=True)})


def _ready(app: Any) -> None:
    key_down(app, pygame.K_SPACE, unicode=" ")


def _picture(app: Any) -> bytes:
    from scenes.kit import style

    style._text_cache.clear()  # every line rendered afresh, so the font's listeners hear all of them
    app.step([], DT)
    return pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.parametrize("game", ["elasta", "nelaxtam"])
def test_every_secret_entry_starts_behind_the_curtain(app: Any, game: str) -> None:
    match = _two(game)
    scene = start(app, match)
    for _ in range(3):  # three turns: first and second entry each
        first = match.awaiting()[0]
        assert scene.curtain_for == first and scene.input_player() is None  # before the FIRST entry
        _ready(app)
        assert scene.input_player() == first
        _enter_random(app, scene, first)
        second = next(p for p in match.awaiting())
        assert scene.curtain_for == second and scene.input_player() is None
        _ready(app)
        _enter_random(app, scene, second)
        settle(app, scene)
        if match.over:
            break


def _enter_random(app: Any, scene: MatchScene, player: str) -> None:
    """A legal secret entry, given the way the board hands a confirmed entry to the scene."""
    import random

    from scenes.kit.board_view import ViewAction

    assert scene.input_player() == player
    move = scene.match.state.random_move(player, random.Random(len(scene.match.turns)))
    scene._apply_action(ViewAction(move=move, player=player))
    pump(app)


@pytest.mark.parametrize("game", ["elasta", "nelaxtam"])
@pytest.mark.parametrize("size", SIZES)
def test_nothing_secret_is_drawn_under_the_curtain(app: Any, game: str, size: tuple[int, int]) -> None:
    """The window under the curtain is the same picture whatever the first player entered: no
    half-entered orders, no tray, no header text give anything away; and the board is not drawn."""
    import random

    pictures = []
    for seed in (1, 2):
        match = _two(game)
        scene = start(app, match)
        resize(app, size)
        _ready(app)
        first = match.awaiting()[0]
        move = match.state.random_move(first, random.Random(seed))
        from scenes.kit.board_view import ViewAction

        scene._apply_action(ViewAction(move=move, player=first))
        pump(app)
        assert scene.curtain_for is not None
        drawn: list[str] = []
        scene.view.draw = lambda surface, _d=drawn: _d.append("board")  # type: ignore[method-assign]
        scene.painter.scene.clock = 0.0  # the "ready" line pulses: the same phase for both pictures
        picture = _picture(app)
        assert drawn == []
        pictures.append(picture)
        app.pop()
    assert pictures[0] == pictures[1]


@pytest.mark.parametrize("game", ["elasta", "nelaxtam"])
def test_nothing_under_the_curtain_reacts(app: Any, game: str) -> None:
    match = _two(game)
    scene = start(app, match)
    rects = [b.rect.copy() for b in scene.buttons.values()]
    assert rects
    for size in ((1024, 640), (1280, 800)):
        resize(app, size)  # a resize rebuilds the buttons: they must stay hidden
        assert scene.curtain_for is not None
        assert not any(b.visible for b in scene.buttons.values())
        for button in scene.buttons.values():
            app.step(
                [
                    pygame.event.Event(
                        pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)
                    )
                ],
                DT,
            )
            before = (len(app.stack), match.move_texts(), dict(match.pending))
            click(app, button.rect.center, button=3)  # right clicks never lift it
            pump(app)
            assert (len(app.stack), match.move_texts(), dict(match.pending)) == before
        assert scene.curtain_for is not None
    # Esc: the pause menu opens over the curtain, which is still up when it closes
    key_down(app, pygame.K_ESCAPE)
    assert app.top.name == "pause"
    _picture(app)
    key_down(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.curtain_for is not None
    assert not any(b.visible for b in scene.buttons.values())


def test_the_curtain_names_both_people_in_the_games_words(app: Any) -> None:
    from scenes.kit import fonts

    said: list[str] = []
    fonts.RENDER_LISTENERS.append(lambda text, size, surface: said.append(text) or surface)
    try:
        match = _two("elasta", ("Ana", "Ben"))
        scene = start(app, match)
        said.clear()
        _picture(app)
        first = scene.curtain_for
        name, other = ("Ana", "Ben") if first == "white" else ("Ben", "Ana")
        assert f"{name}'s turn" in said
        assert f"{other}, please look away" in said
        assert f"while {name} deals the chips." in said
        assert any(t.startswith(f"{name}: click or press Space") for t in said)
        assert not any("orders" in t for t in said)  # Elasta's players deal chips
        nelaxtam = start(app, _two("nelaxtam"))
        said.clear()
        _picture(app)
        assert any("troops land" in t for t in said) and nelaxtam.curtain_for is not None
    finally:
        fonts.RENDER_LISTENERS.clear()


def test_against_the_computer_there_is_no_curtain(app: Any) -> None:
    from game.match import AI

    match = Match("elasta", {}, {"white": Seat(), "black": Seat(AI, "easy")})
    scene = start(app, match)
    assert scene.curtain_for is None and scene.input_player() == "white"


def test_typing_a_name_in_the_rename_box_changes_no_setting(app: Any) -> None:
    """ "Couch game with Ana" once muted the app: every key typed into a text field is the field's."""
    from game.match import AI

    match = Match("elephant-run", {}, {"elephant": Seat(), "farmers": Seat(AI, "easy")})
    match.play_text("@c2")
    app.store.save(match, label="First")
    load = app.goto("load")
    pump(app)
    load.select(0)
    load.ask_rename()
    pump(app)
    before = (app.settings.muted, app.fullscreen, len(app.stack))
    for character in "Couch game with Ana m 12 hH":
        app.step(
            [
                pygame.event.Event(
                    pygame.KEYDOWN, key=ord(character.lower()), mod=0, unicode=character, scancode=0
                ),
                pygame.event.Event(pygame.TEXTINPUT, text=character),
            ],
            DT,
        )
    assert (app.settings.muted, app.fullscreen, len(app.stack)) == before
    assert load._rename is not None and load._rename.entry.get_text() == "Couch game with Ana m 12 hH"
