"""The people who made the games are credited (issue #28, item 7): every game's designers, year,
publisher and the source of its rules with that source's licence, on its menu card, in its rules
window and on the Credits screen; a Creative Commons source carries its attribution.

The screens are driven as a player reaches them: the menu drawn, a card's Rules button clicked, the
Credits button clicked."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pygame_gui.elements import UITextBox

from game.core import CC_BY_SA_4, WRITTEN_FRESH, Credit
from game.register import all_games
from scenes.kit.app import App
from tests.scene_driver import click_element, idle, pump

SIZES = ((1280, 800), (1024, 640))

DESIGNERS = {
    "elasta": ("Michail Antonow",),
    "nelaxtam": ("Jorge Gómez Arrausi",),
    "elephant-run": ("Jim Adams", "Amy Enge"),
    "epaminondas": ("Robert Abbott",),
    "changing-challenges": ("Gravity Board Games",),
}
"""Who made each game, as the rulebook (../shared/RULES.md) and the source texts name them."""


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def sized_app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    from scenes.routes import new_app

    application = new_app(data_dir=tmp_path, size=request.param)
    yield application
    application.shutdown()


def _credit(game_id: str) -> Credit:
    credit = next(info.credit for info in all_games() if info.id == game_id)
    assert credit is not None, f"{game_id} has no credit"
    return credit


# -- the facts --------------------------------------------------------------------------------------
def test_every_game_credits_its_designers_and_its_source() -> None:
    games = all_games()
    assert {info.id for info in games} == set(DESIGNERS)
    for info in games:
        credit = info.credit
        assert isinstance(credit, Credit), f"{info.title} has no credit"
        assert credit.designers and all(name.strip() for name in credit.designers), info.title
        assert credit.designers == DESIGNERS[info.id]
        assert credit.source.strip() and credit.source_licence.strip() and credit.rules_text.strip()
        assert credit.year is None or 1900 < credit.year < 2100
        assert credit.names in credit.byline()


def test_the_years_and_bylines_are_the_rulebooks() -> None:
    assert _credit("epaminondas").byline() == "Designed by Robert Abbott, 1975"
    assert _credit("elephant-run").byline() == "Designed by Jim Adams and Amy Enge, 2004"
    assert _credit("elasta").year == _credit("nelaxtam").year == 2003
    gravity = _credit("changing-challenges")
    assert gravity.year is None and gravity.byline() == "Designed and published by Gravity Board Games"
    assert gravity.short_byline() == "By Gravity Board Games"


def test_a_share_alike_source_carries_its_attribution() -> None:
    """Title, authors, where and the licence with its address: what CC BY-SA 4.0 asks of whoever
    credits the text; sources under other terms need none."""
    shared = [info for info in all_games() if info.credit is not None and info.credit.share_alike]
    assert {info.id for info in shared} == {"elephant-run", "epaminondas"}
    for info in shared:
        attribution = info.credit.attribution if info.credit else None
        assert attribution is not None, f"{info.title}: a CC BY-SA source without its attribution"
        assert "CC BY-SA 4.0" in attribution and CC_BY_SA_4 in attribution
    assert "Jim Adams and Amy Enge" in (_credit("elephant-run").attribution or "")
    assert "Wikipedia contributors" in (_credit("epaminondas").attribution or "")
    for info in all_games():
        if info.credit is not None and not info.credit.share_alike:
            assert info.credit.attribution is None


def test_our_rules_texts_are_said_to_be_our_own() -> None:
    """Every game's rules help, lessons and captions were written fresh (none adapted): each credit
    says so, and the Credits screen says it once for them all."""
    for info in all_games():
        assert info.credit is not None and info.credit.rules_text == WRITTEN_FRESH


# -- the menu card ------------------------------------------------------------------------------------
def test_every_menu_card_names_its_designers(sized_app: App) -> None:
    from scenes.dev.fit import forget_drawn_text
    from scenes.kit import fonts

    menu = sized_app.goto("menu")
    pump(sized_app)
    said: list[str] = []
    forget_drawn_text()  # every line is rendered afresh, so the listener hears it
    fonts.RENDER_LISTENERS.append(lambda text, size, surface: said.append(text) or surface)
    try:
        menu.draw(sized_app.screen)
    finally:
        fonts.RENDER_LISTENERS.pop()
    assert len(menu.cards) == len(DESIGNERS)
    for card in menu.cards:
        assert card.show_credit, f"{card.info.title}'s card has no room for its designers"
        credit = _credit(card.info.id)
        line = next((text for text in said if credit.names in text), None)
        assert line in (credit.byline(), credit.short_byline()), f"{card.info.title}: {line!r}"


# -- the rules window ----------------------------------------------------------------------------------
def _window_text(window: Any) -> str:
    boxes = [element for element in window.page.get_container().elements if isinstance(element, UITextBox)]
    return "\n".join(box.html_text for box in boxes)


@pytest.mark.parametrize("game_id", sorted(DESIGNERS))
def test_the_rules_window_credits_the_game(app: App, game_id: str) -> None:
    menu = app.goto("menu")
    pump(app)
    card = next(c for c in menu.cards if c.info.id == game_id)
    click_element(app, card.rules)
    window = menu.dialogs.active
    assert window is not None and card.info.title in window.window_display_title
    for _ in range(300):
        if window.built:
            break
        idle(app)
    assert window.built
    text = _window_text(window)
    credit = _credit(game_id)
    assert html.escape(credit.byline(), quote=False) in text  # under the summary, and in the end section
    assert text.count(credit.names) >= 2
    assert f"About {card.info.title}" in text
    assert html.escape(credit.source_licence, quote=False) in text or credit.attribution
    if credit.attribution:
        assert html.escape(credit.attribution, quote=False) in text
    assert html.escape(credit.rules_text, quote=False) in text


# -- the Credits screen --------------------------------------------------------------------------------
def test_the_credits_screen_names_every_designer_before_the_libraries(app: App) -> None:
    from scenes.shell.credits import CreditsScreen

    menu = app.goto("menu")
    pump(app)
    click_element(app, menu.credits_button)
    screen = app.top
    assert isinstance(screen, CreditsScreen) and screen.text_box is not None
    text = screen.text_box.html_text
    games_at = text.index("The games")
    assert games_at < text.index("Built with")
    for info in all_games():
        credit = _credit(info.id)
        assert info.title in text
        assert html.escape(credit.byline(), quote=False) in text
        for name in credit.designers:
            assert games_at < text.index(name) < text.index("Built with")
        if credit.attribution:
            assert html.escape(credit.attribution, quote=False) in text
        else:
            assert html.escape(credit.source, quote=False) in text
            assert html.escape(credit.source_licence, quote=False) in text
    assert "written fresh in our own words" in text
