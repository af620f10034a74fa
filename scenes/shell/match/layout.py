"""Where every part of the match screen goes, worked out from the window size alone.

The geometry is kept apart from the widgets and the drawing so it can be reasoned about (and tested)
on its own: the scene builds its buttons into these rectangles, the painter draws into them, and a
resize simply makes a new layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pygame

BUTTON_GAP = 8
"""Between two buttons of a row, and between the two rows of fixed buttons."""


def _nowhere() -> pygame.Rect:
    return pygame.Rect(0, 0, 0, 0)


@dataclass(frozen=True)
class MatchLayout:
    """The board area on the left, the side panel on the right. Every size derives from the window,
    so 1024×640 and 1280×800 (and any resize) get a proportionate screen. The default (all empty)
    stands in until the scene is first laid out."""

    compact: bool = False
    board: pygame.Rect = field(default_factory=_nowhere)
    banner: pygame.Rect = field(default_factory=_nowhere)
    panel: pygame.Rect = field(default_factory=_nowhere)
    inner: pygame.Rect = field(default_factory=_nowhere)
    """The panel's content box: the title and mode line at its top, the fixed buttons at its bottom."""
    cards: pygame.Rect = field(default_factory=_nowhere)
    card_h: int = 0
    view_buttons: pygame.Rect = field(default_factory=_nowhere)
    """The row for the game's own buttons (Pass, Confirm...), right under the player cards."""
    button_h: int = 0
    buttons_top: int = 0
    """The top of the two rows of fixed buttons (Undo/Redo, Save/Rules/Menu)."""
    resign: pygame.Rect = field(default_factory=_nowhere)
    """The Resign button's row, right above the fixed ones while a game may be given up (empty
    otherwise: the move list then reaches down to the fixed rows)."""

    @classmethod
    def fit(cls, size: tuple[int, int], players: int, resign: bool = False) -> MatchLayout:
        """The layout for a window of ``size`` with one card for each of ``players``, with the row
        of the Resign button when ``resign``."""
        width, height = size
        compact = width < 1180 or height < 720
        margin = 12 if compact else 18
        panel_w = max(272, min(360, int(width * 0.27)))
        panel = pygame.Rect(width - panel_w - margin, margin, panel_w, height - 2 * margin)
        banner_h = 62 if compact else 72
        board_w = panel.left - 2 * margin
        banner = pygame.Rect(margin, margin, board_w, banner_h)
        top = banner.bottom + (8 if compact else 12)
        board = pygame.Rect(margin, top, board_w, height - top - margin)

        # compact windows are short: the panel's content comes a little closer to its top and foot
        # (never its sides), and the move list to its neighbours, for one more row under a card
        inner = panel.inflate(-28, -20 if compact else -28)
        title_h = 52 if compact else 60
        card_h = 58 if compact else 66
        cards = pygame.Rect(inner.left, inner.top + title_h, inner.width, players * (card_h + 8) - 8)
        button_h = 38 if compact else 42
        buttons_top = inner.bottom - 2 * button_h - BUTTON_GAP
        view_buttons = pygame.Rect(inner.left, cards.bottom + 12, inner.width, button_h)
        return cls(
            compact=compact,
            board=board,
            banner=banner,
            panel=panel,
            inner=inner,
            cards=cards,
            card_h=card_h,
            view_buttons=view_buttons,
            button_h=button_h,
            buttons_top=buttons_top,
        ).with_resign(resign)

    def with_resign(self, shown: bool) -> MatchLayout:
        """This layout with the Resign row (``shown``) or without it: nothing else moves, the move
        list gives up the row or takes it back (a game given up or finished needs it no more). The
        row is a little lower than the fixed ones, and their width: Resign is never the main act."""
        if not shown:
            return replace(self, resign=_nowhere())
        # compact windows keep the row slim: its pixels come out of the move list and the cards
        # above it (the coach's, the hint's), which must still fit at 1024x640
        height = self.button_h - (12 if self.compact else 6)
        top = self.buttons_top - (BUTTON_GAP - 2 if self.compact else BUTTON_GAP) - height
        return replace(self, resign=pygame.Rect(self.inner.left, top, self.inner.width, height))

    def moves(self, with_view_buttons: bool) -> pygame.Rect:
        """The move list takes whatever the panel has left between the cards (or the game's buttons,
        which come and go with the turn) and the fixed buttons; never less than 40 px high."""
        gap = 10 if self.compact else 14
        top = self.view_buttons.bottom + gap - 2 if with_view_buttons else self.cards.bottom + gap
        bottom = (self.resign.top if self.resign.height else self.buttons_top) - gap
        return pygame.Rect(self.inner.left, top, self.inner.width, max(40, bottom - top))
