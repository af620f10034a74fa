"""Where a square is drawn and which clicks enter a move: what lessons, hints and tests ask the see-saw.

The tutorial rings squares and draws arrows at :func:`square_center`; a lesson's "Show me" and the
scene tests perform :func:`move_gestures`. Both follow the view's own input rules rather than a
copy of them: a move is a click on the piece and a click on its mark, and a capture that may
merge opens the popover (:mod:`.selection`), whose Merge or Knock out button is the last click.
Kept apart from ``view.py`` so the view only hands over what it holds (the held piece, the open
question) and this module stays a plain function of it.
"""

from __future__ import annotations

from collections.abc import Callable

from game.changing_challenges import board as B
from game.changing_challenges.rules import ChangingChallengesState
from game.core import GameError
from scenes.games.changing_challenges.geometry import Seesaw
from scenes.games.changing_challenges.selection import Choice, Option, options_from
from scenes.kit.board_view import Gesture


def square_center(geo: Seesaw, angle: float, name: str) -> tuple[int, int] | None:
    """Screen centre of square ``name`` (storage squares too) with the deck leaning ``angle``
    degrees, as drawn now; None for a name that is no square of this board."""
    try:
        sq = B.square_index(name)
    except ValueError:
        return None
    x, y = geo.to_screen(geo.cell_center(sq), angle)
    return round(x), round(y)


def _click(pos: tuple[int, int]) -> Gesture:
    return Gesture("click", pos=pos)


def _reset_click(geo: Seesaw, choice: Choice) -> Gesture:
    """A click on the board's frame, off every square and off the open popover: the view closes
    the question and puts the held piece down."""
    frame = geo.focus_rect()
    corners = (
        (frame.left + 2, frame.top + 2),
        (frame.right - 3, frame.top + 2),
        (frame.left + 2, frame.bottom - 3),
        (frame.right - 3, frame.bottom - 3),
    )
    spot = next((c for c in corners if not choice.rect.collidepoint(c)), corners[0])
    return _click(spot)


def move_gestures(
    state: ChangingChallengesState,
    player: str,
    move_text: str,
    geo: Seesaw,
    selected: int | None,
    choice: Choice | None,
    make_choice: Callable[[Option], Choice],
) -> list[Gesture] | None:
    """The clicks that enter ``move_text`` for ``player`` on the board as it stands (level), from
    whatever is held now: ``selected`` (the picked-up piece's square) and ``choice`` (an open
    merge-or-knock question). None if the move cannot be played now."""
    try:
        frm, to, kind = state.parse_move(player, move_text)
    except GameError:
        return None
    want = B.KIND_NAMES[kind]
    option = next((o for o in options_from(state, frm) if o.to == to), None)
    if option is None or want not in option.moves:
        return None
    if choice is not None and selected == frm and choice.option.to == to:
        return [_click(_button(choice, want))]
    gestures: list[Gesture] = []
    if choice is not None:  # another question is open: close it first (that also puts the piece down)
        gestures.append(_reset_click(geo, choice))
        selected = None
    if selected != frm:
        gestures.append(_click(geo.square_rect(frm).center))
    gestures.append(_click(geo.square_rect(to).center))
    if option.kind == "merge":  # the destination click asks: merge or knock out?
        gestures.append(_click(_button(make_choice(option), want)))
    return gestures


def _button(choice: Choice, want: str) -> tuple[int, int]:
    """The centre of the popover's button for ``want`` ("merge" or "knock")."""
    rect = choice.merge_rect if want == "merge" else choice.knock_rect
    return rect.center
