"""The illustrated rules window: the rules text cut into sections, with each game's diagrams drawn by
its own board view placed after the paragraph they illustrate, all in one scrolling page.

Opening must feel instant (F1 within 0.1 s), but laying out the whole text and drawing a dozen boards
takes several times that. So the window opens with its first section only, and builds the rest one
piece per frame from :meth:`RulesWindow.update` (pygame-gui calls it every frame): by the time a
player has read the first lines the page is complete. Board pictures come from
:func:`scenes.kit.picture.board_picture`, which caches them, so the second opening builds at the
speed of text alone.

What goes where is read from data: the rules text (``GameInfo.rules_help``) and the diagrams
(``game/<game>/diagrams.py``, see :mod:`game.diagrams`); nothing here knows a game.
"""

from __future__ import annotations

import html
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIImage, UIScrollingContainer, UITextBox, UIWindow

from game.core import GameError, GameInfo
from game.diagrams import (
    Diagram,
    anchor_index,
    diagram_options,
    diagram_start,
    diagrams_for,
    rules_blocks,
)
from scenes.kit import style
from scenes.kit.picture import PictureMarks, board_picture, content_aspect

log = logging.getLogger(__name__)

PAD = 10
"""Space between the window's edge and the page, and between the pieces of the page."""
PICTURE_MAX_WIDTH = 460
"""Diagrams are drawn at most this wide: bigger reads no better and costs more to draw."""
PICTURE_MAX_HEIGHT_SHARE = 0.55
"""At most this share of the window's inside height, so a diagram and its caption fit in view."""
BUILD_SECONDS_PER_FRAME = 0.012
"""How long one frame may spend adding pieces to the page: the window stays responsive (and the
frame within budget) while it fills."""
SCROLL_BAR = 20
"""Room kept on the right for the page's scroll bar (pygame-gui's is 20 pixels wide)."""
ASPECT_PROBE = (600, 600)
"""The square a game's board is first drawn in to learn its shape (width over height)."""


@dataclass(frozen=True)
class TextPiece:
    """A run of the rules text (already pygame-gui HTML) between two diagrams."""

    html: str


@dataclass(frozen=True)
class DiagramPiece:
    """One diagram and its caption."""

    diagram: Diagram


Piece = TextPiece | DiagramPiece


def page_pieces(
    info: GameInfo, to_html: Callable[[str], str], summary_html: str, controls_html: str
) -> list[Piece]:
    """The page in reading order: text runs with each diagram after the block it names.

    ``to_html`` turns plain rules text into the window's HTML (the rules window's own converter), so
    a section reads exactly as the whole text did. A diagram whose block is missing goes at the end
    of the rules rather than vanishing (the tests report it)."""
    blocks = rules_blocks(info.rules_help)
    after: dict[int, list[Diagram]] = {}
    for diagram in diagrams_for(info.id):
        index = anchor_index(blocks, diagram.after)
        after.setdefault(len(blocks) - 1 if index is None else index, []).append(diagram)
    pieces: list[Piece] = []
    run: list[str] = [summary_html] if summary_html else []
    for index, block in enumerate(blocks):
        run.append(to_html("\n".join(block)))
        if index in after:
            pieces.append(TextPiece("<br><br>".join(run)))
            run = []
            pieces.extend(DiagramPiece(diagram) for diagram in after[index])
    if not blocks:
        run.append("The rules for this game are not written yet.")
    run.append(controls_html)
    pieces.append(TextPiece("<br><br>".join(part for part in run if part)))
    return pieces


class RulesWindow(UIWindow):
    """A closable, resizable window holding the page in a scrolling container.

    ``pieces`` are built in order, the first at once and the rest a few per frame; a resize starts
    the page again at the new width. :attr:`images` and :attr:`captions` list the diagram elements
    built so far (tests and the screenshot tool look them up there)."""

    def __init__(
        self, rect: pygame.Rect, ui_manager: pygame_gui.UIManager, info: GameInfo, pieces: list[Piece]
    ) -> None:
        # "#rules_window" is square in assets/theme.json: pygame-gui draws rounded shapes at 4x4 the
        # size for anti-aliasing, which for a window this big meant 200 MB for a moment.
        super().__init__(
            rect,
            ui_manager,
            window_display_title=f"Rules — {info.title}",
            object_id=ObjectID("#rules_window", None),
            resizable=True,
        )
        self.info = info
        self.pieces = pieces
        self.images: list[UIImage] = []
        self.captions: list[UITextBox] = []
        self.page: UIScrollingContainer | None = None
        self._next = 0
        self._bottom = 0
        self._aspect: float | None = None
        self._relayout = False
        """Set by a change of width; the page is laid out again at the next frame, once however
        many sizes a drag went through in between."""
        self._settled = False
        """False until the window has been drawn once: the first frame only shows it, so F1 answers
        at once even when the next pieces are boards not drawn before."""
        self._start_page()

    # -- building ---------------------------------------------------------------------------------
    @property
    def built(self) -> bool:
        """Whether every piece of the page is in place (at the window's present width)."""
        return self._next >= len(self.pieces) and not self._relayout

    def _start_page(self) -> None:
        """A fresh, empty page at the window's size, with its first piece."""
        if self.page is not None:
            self.page.kill()
        inner_w, inner_h = self.get_container().get_size()
        self.page = UIScrollingContainer(
            pygame.Rect(0, 0, inner_w, inner_h),
            self.ui_manager,
            container=self,
            anchors={"left": "left", "right": "right", "top": "top", "bottom": "bottom"},
            allow_scroll_x=False,
            object_id=ObjectID("#rules_page", None),
        )
        self.images, self.captions = [], []
        self._next, self._bottom = 0, PAD
        self._build_next()

    def finish_building(self) -> None:
        """Build the rest of the page now (tests, screenshots)."""
        self._relayout_if_asked()
        while not self.built:
            self._build_next()

    def _relayout_if_asked(self) -> bool:
        """Start the page again if the width changed since it was laid out; True if it did."""
        if not self._relayout:
            return False
        self._relayout = False
        self._start_page()
        return True

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        if not self._settled:
            self._settled = True
            return
        if self._relayout_if_asked() or not self.alive() or self.built:
            return
        started = time.perf_counter()
        while not self.built and time.perf_counter() - started < BUILD_SECONDS_PER_FRAME:
            self._build_next()

    def _build_next(self) -> None:
        piece = self.pieces[self._next]
        self._next += 1
        if isinstance(piece, TextPiece):
            self._add_text(piece.html, "#rules_section", self._page_width(), PAD)
        else:
            self._add_diagram(piece.diagram)
        assert self.page is not None
        self.page.set_scrollable_area_dimensions((self._page_width() + 2 * PAD, self._bottom + PAD))

    def _page_width(self) -> int:
        """The width of the page's contents: the window inside, less the scroll bar and margins."""
        assert self.page is not None
        return max(120, self.page.get_relative_rect().width - 2 * PAD - SCROLL_BAR)

    def _add_text(self, text: str, object_id: str, width: int, left: int) -> UITextBox:
        assert self.page is not None
        box = UITextBox(
            text,
            pygame.Rect(left, self._bottom, width, -1),
            self.ui_manager,
            container=self.page,
            object_id=ObjectID(object_id, None),
        )
        self._bottom = box.get_relative_rect().bottom + PAD
        return box

    def _add_diagram(self, diagram: Diagram) -> None:
        """The board drawn by its view, framed, and the caption under it in italics."""
        assert self.page is not None
        try:
            start = diagram_start(self.info, diagram)
        except GameError as exc:  # a broken diagram is a test failure, never a broken window
            log.warning("rules diagram of %s not drawn: %s", self.info.id, exc)
            return
        width, height = self._picture_size()
        options = diagram_options(self.info, diagram)
        marks = PictureMarks(diagram.rings, diagram.arrows)
        picture = board_picture(
            self.info.id, start, (width, height), marks=marks, options=options, moves=diagram.moves
        )
        left = PAD + (self._page_width() - width) // 2
        image = UIImage(
            pygame.Rect(left, self._bottom, width, height),
            framed(picture),
            self.ui_manager,
            container=self.page,
            object_id=ObjectID("#rules_diagram", None),
        )
        self.images.append(image)
        self._bottom += height + 4
        caption = f"<i>{html.escape(diagram.caption, quote=False)}</i>"
        self.captions.append(self._add_text(caption, "#rules_caption", width, left))

    def _picture_size(self) -> tuple[int, int]:
        """A size with the shape of this game's board, as wide as the page allows, not too tall."""
        if self._aspect is None:
            self._aspect = self._board_aspect()
        _, inner_h = self.get_container().get_size()
        width = min(PICTURE_MAX_WIDTH, self._page_width() - 2 * PAD)
        height = round(width / self._aspect)
        tallest = max(80, int(inner_h * PICTURE_MAX_HEIGHT_SHARE))
        if height > tallest:
            height = tallest
            width = round(height * self._aspect)
        return max(40, width), max(40, height)

    def _board_aspect(self) -> float:
        """The shape of this game's board as its view draws it (the first diagram's position)."""
        for piece in self.pieces:
            if isinstance(piece, DiagramPiece):
                try:
                    start = diagram_start(self.info, piece.diagram)
                except GameError:
                    continue
                options = diagram_options(self.info, piece.diagram)
                return content_aspect(board_picture(self.info.id, start, ASPECT_PROBE, options=options))
        return 1.0

    # -- resizing and scrolling -----------------------------------------------------------------------
    def set_dimensions(
        self, dimensions: tuple[int, int] | pygame.Vector2, clamp_to_container: bool = False
    ) -> None:
        """A new width lays the page out again at the next frame (text wraps, pictures scale)."""
        page = getattr(self, "page", None)  # pygame-gui sizes the window before __init__ ends
        old = self.get_container().get_size() if page is not None else None
        super().set_dimensions(dimensions, clamp_to_container)
        if old is not None and self.get_container().get_size()[0] != old[0]:
            self._relayout = True

    def scroll_to(self, element: UIImage | UITextBox, above: int = PAD) -> None:
        """Scroll the page so ``element`` is ``above`` pixels below the top of the view (screenshots
        of a diagram with the end of the text it follows)."""
        if self.page is None or self.page.vert_scroll_bar is None:
            return
        total = max(1, self._bottom + PAD)
        top = max(0, element.get_relative_rect().top - above)
        self.page.vert_scroll_bar.set_scroll_from_start_percentage(top / total)
        self.page.update(0.0)


def framed(picture: pygame.Surface) -> pygame.Surface:
    """A copy of a (shared, cached) picture with a thin wooden frame, so it sits on the page like a
    plate in a book."""
    plate = picture.copy()
    pygame.draw.rect(plate, style.WOOD, plate.get_rect(), 2)
    return plate
