"""Still pictures of a game's board, drawn by that game's own view: menu cards, rules diagrams, save
thumbnails.

Every picture of a board in the app comes from the board view the player plays on, so a diagram in
the rules or a thumbnail on the load screen can never disagree with the real board. The view is
built on a :class:`~game.match.Snapshot` of the state to draw (a view source where nobody acts, not a
match: nothing is played or saved), laid out in a rectangle of the picture's size, snapped (no
animation) and drawn once; the result is kept in the
shared surface cache (:mod:`scenes.kit.cache`), so a screen may ask for the same picture every frame
for the price of a dictionary look-up.

Pictures are decoration, never worth a crash: any failure (an unknown game, a view that cannot lay
itself out so small, a state the view does not expect, no display for ``convert``) gives a plain
placeholder of the size asked for, and the reason goes to the log.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from scenes.kit import style
from scenes.kit.cache import SurfaceCache

if TYPE_CHECKING:
    from game.core import GameState

log = logging.getLogger(__name__)

DRAW_MIN = 400
"""Boards are drawn at least this big on their shorter side and smooth-scaled down: views lay out
whole-pixel squares and sprites with a floor on their size, so a 40-pixel thumbnail drawn directly
would be a smudge (or refused); drawn larger and scaled it keeps its shapes, anti-aliased."""

DRAW_MAX = 2048
"""No picture is drawn bigger than this on either side (a typo in a size must not eat the memory)."""

BACKGROUND = style.FELT
"""What shows around a board that does not fill its picture (the table the boards lie on)."""

_PICTURES = SurfaceCache("board-picture")


@dataclass(frozen=True)
class PictureMarks:
    """Rings and arrows over a picture, named by squares in the game's notation (as a lesson's
    marks are): a rules diagram points at what its caption speaks of. Frozen and made of tuples so
    it can be part of the cache key."""

    rings: tuple[str, ...] = ()
    arrows: tuple[tuple[str, str], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.rings or self.arrows)


@dataclass(frozen=True)
class _Request:
    """Everything that decides a picture's pixels: the cache key."""

    game_id: str
    state_key: Hashable
    size: tuple[int, int]
    marks: PictureMarks
    options: tuple[tuple[str, str], ...]
    moves: tuple[str, ...]
    focus: bool


def board_picture(
    game_id: str,
    state: GameState,
    size: tuple[int, int],
    *,
    marks: PictureMarks | None = None,
    options: Mapping[str, str] | None = None,
    moves: Sequence[str] = (),
    focus: bool = False,
) -> pygame.Surface:
    """A picture of ``state``'s board, ``size`` pixels (width, height), drawn by ``game_id``'s view.

    Board only (no side panel, banner or names), centred on the table colour, as it stands after any
    animation. ``marks`` rings and arrows squares; ``options`` are the match options the view may
    read (a state normally carries all it needs: leave it out). ``moves``, whole turns in notation,
    are played from ``state`` first, so the board shows the last of them as it does in a match (the
    last move marked, Elasta's chips on the rails); a move the rules refuse gives the placeholder.
    ``focus`` keeps only the board proper (the view's ``focus_rect``: no rosters, tallies or gauges
    around it), scaled to fit and centred, for pictures too small for those to be read.

    The same request is answered from the shared cache, so calling this every frame costs a
    look-up; the surface returned is shared, so blit it and do not draw on it.

    Never raises: a side below 1 pixel counts as 1 (above :data:`DRAW_MAX` as that), and when the
    board cannot be drawn the answer is a plain placeholder of that size (the reason is logged)."""
    width, height = (max(1, min(DRAW_MAX, int(side))) for side in _two(size))
    marks = marks or PictureMarks()
    try:
        state_key: Hashable = (type(state).__name__, state.key())
        hash(state_key)
    except Exception:  # a state without a usable key cannot be cached: draw it every time
        state_key = ("uncached", id(state))
    request = _Request(
        game_id,
        state_key,
        (width, height),
        marks,
        tuple(sorted((options or {}).items())),
        tuple(moves),
        focus,
    )
    cached = _PICTURES.get(request)
    if cached is not None:
        return cached
    try:
        picture = _draw(game_id, state, (width, height), marks, options or {}, tuple(moves), focus)
    except Exception as exc:  # decoration: log it and show the table instead
        log.warning("no picture of %s at %dx%d: %s", game_id, width, height, exc, exc_info=True)
        return placeholder((width, height))  # not kept: the next frame may well draw it
    if state_key[0] != "uncached":
        _PICTURES.put(request, picture)
    return picture


def placeholder(size: tuple[int, int]) -> pygame.Surface:
    """The table with a faint frame: what stands in for a board that cannot be drawn."""
    width, height = (max(1, min(DRAW_MAX, int(side))) for side in _two(size))
    surface = pygame.Surface((width, height))
    surface.fill(BACKGROUND)
    if width > 8 and height > 8:
        inset = max(2, min(width, height) // 10)
        frame = pygame.Rect(inset, inset, width - 2 * inset, height - 2 * inset)
        pygame.draw.rect(surface, style.FELT_DARK, frame, max(1, inset // 3))
    return surface


def content_bounds(picture: pygame.Surface) -> pygame.Rect:
    """The part of a picture that shows something besides the table around it (the whole picture
    when it is all table): a board drawn into a spare rectangle, trimmed to its own shape."""
    try:
        mask = pygame.mask.from_threshold(picture, BACKGROUND, (2, 2, 2, 255))
        mask.invert()
        found = mask.get_bounding_rects()
    except (pygame.error, ValueError):
        found = []
    if not found:
        return picture.get_rect()
    return found[0].unionall(found[1:])


def content_aspect(picture: pygame.Surface) -> float:
    """Width over height of :func:`content_bounds`: a board drawn into a square tells the shape to
    draw it in next time, with no view having to say."""
    bounds = content_bounds(picture)
    return max(0.2, min(5.0, bounds.width / max(1, bounds.height)))


def picture_cache_size() -> int:
    """How many board pictures the shared cache holds now (tests check that pictures are reused)."""
    return len(_PICTURES)


def _two(size: Sequence[int] | tuple[int, int]) -> tuple[int, int]:
    """``size`` as two ints; anything unreadable counts as 1×1, which gets a placeholder."""
    try:
        width, height = size
        return int(width), int(height)
    except (TypeError, ValueError):
        return 1, 1


def _draw(
    game_id: str,
    state: GameState,
    size: tuple[int, int],
    marks: PictureMarks,
    options: Mapping[str, str],
    moves: tuple[str, ...],
    focus: bool = False,
) -> pygame.Surface:
    """Build the view on a still position of the game, draw it at a readable size, scale to ``size``."""
    from game.match import Snapshot
    from game.register import get
    from scenes.kit.registry import make_view

    width, height = size
    scale = max(1.0, DRAW_MIN / min(width, height))
    drawn_size = (min(DRAW_MAX, round(width * scale)), min(DRAW_MAX, round(height * scale)))
    if not pygame.font.get_init():
        pygame.font.init()
    game = get(game_id)
    game.validate(options)  # options a match could not start with are no picture either
    still = Snapshot.played(game, state, moves)
    view = make_view(still)
    # a picture to look at, not a board to play on: nobody acts in a Snapshot, so it draws no legal
    # targets, selection or hover hints and shows no one's secrets; and the name plates say nothing
    # of whose turn it is ("to choose", "waiting"), only "wins" or "draw" at the end
    view.turn_words = False
    canvas = pygame.Surface(drawn_size)
    canvas.fill(BACKGROUND)
    view.layout(canvas.get_rect())
    view.set_state(still.state)
    view.finish_animation()
    view.update(0.0)
    view.draw(canvas)
    if marks:
        from scenes.kit.marks import Marks

        Marks(rings=list(marks.rings), arrows=list(marks.arrows)).draw(canvas, view)
    if focus:
        return _fit_on_table(canvas.subsurface(view.focus_rect().clip(canvas.get_rect())), (width, height))
    if drawn_size == (width, height):
        return canvas
    return pygame.transform.smoothscale(canvas, (width, height))


def _fit_on_table(part: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``part`` scaled to fit ``size`` keeping its shape, centred on the table colour."""
    picture = pygame.Surface(size)
    picture.fill(BACKGROUND)
    part_w, part_h = part.get_size()
    if part_w < 1 or part_h < 1:
        return picture
    scale = min(size[0] / part_w, size[1] / part_h)
    scaled_size = (max(1, round(part_w * scale)), max(1, round(part_h * scale)))
    scaled = pygame.transform.smoothscale(part, scaled_size)
    picture.blit(scaled, scaled.get_rect(center=(size[0] // 2, size[1] // 2)))
    return picture
