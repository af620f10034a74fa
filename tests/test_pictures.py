"""Pictures of the boards: the shared board_picture helper, the rules window's diagrams and the menu
cards' pictures, driven through the real screens."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIImage, UITextBox

from game.core import GameState
from game.diagrams import Diagram, diagram_problems, diagram_state, diagrams_for
from game.register import all_games
from game.register import get as get_game
from scenes.kit.app import App
from tests.scene_driver import DT, click_element, idle, pump

SIZES = ((320, 200), (150, 150), (640, 400))


@pytest.fixture(scope="module")
def display() -> Iterator[None]:
    """A (dummy) display: views convert their sprites for it."""
    from scenes.kit.fonts import font

    pygame.init()
    font.cache_clear()  # faces made before an earlier test's pygame.quit() are dead (App does the same)
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    yield


def game_ids() -> list[str]:
    from scenes.kit.registry import view_ids

    return view_ids()


def mid_state(game_id: str) -> GameState:
    from scenes.kit.registry import demo_match

    return demo_match(game_id, "mid").state


def colours(surface: pygame.Surface, rect: pygame.Rect | None = None) -> int:
    """How many distinct colours a picture (or a part of it) shows, sampled every other pixel."""
    area = rect or surface.get_rect()
    return len(
        {
            tuple(surface.get_at((x, y)))
            for x in range(area.left, area.right, 2)
            for y in range(area.top, area.bottom, 2)
        }
    )


# -- diagrams are data: every one replays through the rules -----------------------------------------
@pytest.mark.parametrize("game_id", [info.id for info in all_games()])
def test_every_diagram_replays_and_sits_after_its_rules_text(game_id: str) -> None:
    info = get_game(game_id)
    assert diagram_problems(info) == []
    for diagram in diagrams_for(game_id):
        assert diagram_state(info, diagram).key() is not None


def test_every_game_with_a_board_has_three_diagrams_at_least() -> None:
    for game_id in game_ids():
        assert len(diagrams_for(game_id)) >= 3, game_id


def test_a_broken_diagram_is_reported_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.diagrams as diagrams

    broken = (
        Diagram(caption="", after="No such heading", moves=("z9-z10",)),
        Diagram(caption="fine", after="Setup", moves=("@c2", "@c2,c3,c4,d1,e2,f4")),
    )
    monkeypatch.setattr(diagrams, "diagrams_for", lambda _game_id: broken)
    problems = diagram_problems(get_game("elephant-run"))
    assert any("no caption" in p for p in problems)
    assert any("No such heading" in p for p in problems)
    assert any("z9-z10" in p for p in problems)
    assert any("diagram 2" in p for p in problems)  # a farmer on the elephant's tile is refused


def test_changing_challenges_rules_speak_of_left_and_right_as_the_board_is_drawn() -> None:
    text = get_game("changing-challenges").rules_help.lower()
    assert "at the bottom" not in text and "sit at the top" not in text
    assert "triangles sit on the left" in text and "circles sit on the right" in text
    assert "left to right" in text  # how the ranks run on screen


# -- board_picture ------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_board_picture_draws_every_game_at_the_size_asked(display: None, size: tuple[int, int]) -> None:
    from scenes.kit.picture import board_picture

    pictures = {}
    for game_id in game_ids():
        picture = board_picture(game_id, mid_state(game_id), size)
        assert picture.get_size() == size
        assert colours(picture) > 40, f"{game_id} at {size} looks blank"
        pictures[game_id] = pygame.image.tobytes(picture, "RGB")
    assert len(set(pictures.values())) == len(pictures), "two games drew the same picture"


def test_board_picture_never_raises(display: None) -> None:
    from scenes.kit.picture import DRAW_MAX, board_picture

    state = mid_state("elephant-run")
    for size in ((1, 1), (0, 0), (-5, 3), (2, 300), (3, 2)):
        picture = board_picture("elephant-run", state, size)
        assert picture.get_size() == (max(1, size[0]), max(1, size[1]))
    assert board_picture("elephant-run", state, (100_000, 5)).get_size() == (DRAW_MAX, 5)
    assert board_picture("no-such-game", state, (40, 30)).get_size() == (40, 30)
    # a state another game's view does not understand: a plain placeholder, not a crash
    wrong = board_picture("epaminondas", state, (120, 90))
    assert wrong.get_size() == (120, 90) and colours(wrong) < 6
    bad_move = board_picture("elephant-run", state, (120, 90), moves=("not a move",))
    assert bad_move.get_size() == (120, 90) and colours(bad_move) < 6


def test_board_picture_is_cached(display: None) -> None:
    from scenes.kit.picture import PictureMarks, board_picture, picture_cache_size

    state = mid_state("epaminondas")
    first = board_picture("epaminondas", state, (210, 170))
    held = picture_cache_size()
    assert board_picture("epaminondas", state, (210, 170)) is first
    assert picture_cache_size() == held
    marked = board_picture("epaminondas", state, (210, 170), marks=PictureMarks(rings=("a1",)))
    assert marked is not first  # marks are part of what is cached
    assert board_picture("epaminondas", state, (210, 170), marks=PictureMarks(rings=("a1",))) is marked


def test_marks_and_focus_change_the_picture(display: None) -> None:
    from scenes.kit.picture import PictureMarks, board_picture, content_aspect

    state = mid_state("elephant-run")
    plain = board_picture("elephant-run", state, (300, 200))
    ringed = board_picture("elephant-run", state, (300, 200), marks=PictureMarks(rings=("c2",)))
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(ringed, "RGB")
    board_only = board_picture("elephant-run", state, (300, 300), focus=True)
    whole = board_picture("elephant-run", state, (300, 300))
    assert content_aspect(board_only) != pytest.approx(content_aspect(whole), abs=0.02)


# -- the rules window ------------------------------------------------------------------------------------
def open_menu(app: App) -> Any:
    from scenes.shell.menu import MainMenuScene

    menu = MainMenuScene(app)
    app.push(menu)
    pump(app)
    return menu


def open_rules(app: App, menu: Any, game_id: str) -> Any:
    """Click the card's Rules button, then run frames until the page is complete."""
    card = next(c for c in menu.cards if c.info.id == game_id)
    click_element(app, card.rules)
    window = menu.dialogs.active
    assert window is not None and card.info.title in window.window_display_title
    for _ in range(200):
        if window.built:
            break
        idle(app)
    assert window.built, "the rules page never finished building"
    return window


def elements_of(app: App, kind: type) -> list[Any]:
    return [s for s in app.top.ui.get_sprite_group().sprites() if isinstance(s, kind)]


@pytest.mark.parametrize(
    "game_id", ["elasta", "nelaxtam", "elephant-run", "epaminondas", "changing-challenges"]
)
def test_the_rules_window_shows_each_games_diagrams_with_captions(app: App, game_id: str) -> None:
    from scenes.shell.windows.rules_page import DiagramPiece

    menu = open_menu(app)
    window = open_rules(app, menu, game_id)
    images = [image for image in elements_of(app, UIImage) if image in window.images]
    assert len(images) == len(diagrams_for(game_id)) >= 3
    captions = [box for box in elements_of(app, UITextBox) if box in window.captions]
    wanted = [piece.diagram.caption for piece in window.pieces if isinstance(piece, DiagramPiece)]
    assert len(captions) == len(wanted)
    for box, caption in zip(captions, wanted, strict=True):
        assert caption.split(":")[0][:30] in box.html_text
    for image in images:  # scrolled into view, each shows a drawn board, not a placeholder
        window.scroll_to(image)
        idle(app)
        assert window.rect.top < image.rect.top < window.rect.bottom  # in view
        assert colours(app.screen, image.rect.clip(window.rect)) > 40
    sections = [box for box in elements_of(app, UITextBox) if box.object_ids[-1] == "#rules_section"]
    tops = sorted(e.get_relative_rect().top for e in [*images, *sections])
    assert tops[0] == min(s.get_relative_rect().top for s in sections)  # text first, then pictures
    for upper, lower in pairwise(images):  # in order, never overlapping
        assert upper.get_relative_rect().bottom <= lower.get_relative_rect().top


def test_each_diagram_follows_the_text_it_illustrates(app: App) -> None:
    menu = open_menu(app)
    window = open_rules(app, menu, "elephant-run")
    sections = [box for box in elements_of(app, UITextBox) if box.object_ids[-1] == "#rules_section"]
    first_image = window.images[0].get_relative_rect()
    above = [box for box in sections if box.get_relative_rect().bottom <= first_image.top]
    assert above and "Setup" in above[-1].html_text and "Turns" not in above[-1].html_text


def test_the_rules_page_fills_in_after_the_window_opens(app: App) -> None:
    menu = open_menu(app)
    menu.show_rules(get_game("epaminondas"))
    window = menu.dialogs.active
    assert not window.built and window.images == []  # opened with its first section only
    window.finish_building()
    assert window.built and len(window.images) == len(diagrams_for("epaminondas"))


def test_the_page_fills_without_input_then_the_app_rests(app: App) -> None:
    menu = open_menu(app)
    card = next(c for c in menu.cards if c.info.id == "changing-challenges")
    click_element(app, card.rules)
    window = menu.dialogs.active
    frames = 0
    while app.next_frame() == 0 and frames < 300:  # the app asks for frames while the page grows
        app.step([], DT)
        frames += 1
    assert window.built and len(window.images) == len(diagrams_for("changing-challenges"))
    assert app.next_frame() > 0  # complete: nothing moves, the loop may sleep


def test_a_narrower_rules_window_lays_its_page_out_again(app: App) -> None:
    menu = open_menu(app)
    window = open_rules(app, menu, "nelaxtam")
    wide = window.images[0].get_relative_rect().width
    window.set_dimensions((460, 500))
    idle(app)  # the next frame starts the page again at the new width
    assert not window.built and window.images == []
    for _ in range(200):
        if window.built:
            break
        idle(app)
    assert len(window.images) == len(diagrams_for("nelaxtam"))
    assert window.images[0].get_relative_rect().width < wide
    assert window.images[0].get_relative_rect().right <= window.page.get_relative_rect().width


# -- menu cards and emblems ------------------------------------------------------------------------------
def test_every_menu_card_shows_its_board(app: App) -> None:
    menu = open_menu(app)
    idle(app, len(menu.cards) + 2)
    assert menu.next_frame() is None  # every picture drawn: the menu is still again
    for card in menu.cards:
        picture = menu.pictures.get(card.info.id)
        assert picture is not None, f"{card.info.title} has no picture"
        place, board = picture
        assert card.rect.contains(place) and card.picture_area is not None
        assert card.picture_area.contains(place)
        assert colours(app.screen, place) > 30, f"{card.info.title}'s picture is not on screen"
        text_right = (
            card.rect.x + 16 + max(_text_width(line, card.summary_size) for line in card.summary_lines)
        )
        assert text_right < place.left, f"{card.info.title}'s summary runs into its picture"
        assert board.get_size() == place.size


def _text_width(line: str, size: int) -> int:
    from scenes.kit.fonts import font

    return font(size).size(line)[0]


def test_the_cards_stay_alike_in_a_small_window(app: App) -> None:
    app.resize_window((1024, 640))
    app.step([], DT)
    menu = open_menu(app)
    idle(app, len(menu.cards) + 2)
    shown = [menu.pictures.get(card.info.id) is not None for card in menu.cards]
    assert all(shown) or not any(shown)  # pictures on every card or on none
    assert len({card.show_caption for card in menu.cards}) == 1 or not any(shown)


def test_five_games_have_five_emblems() -> None:
    from scenes.kit import style

    emblems = [style.game_suit(info.id) for info in all_games()]
    assert len(set(emblems)) == len(emblems) == 5
    assert style.game_suit("elasta") != style.game_suit("changing-challenges")


def test_the_scales_emblem_is_drawn(display: None) -> None:
    from scenes.kit import style

    coin = pygame.Surface((60, 60))
    coin.fill(style.PARCHMENT)
    style.piecepack_coin(coin, (30, 30), 26, "scales")
    purple = style.EMBLEM_COLOURS["scales"]
    assert any(tuple(coin.get_at((x, y)))[:3] == purple for x in range(60) for y in range(60))
