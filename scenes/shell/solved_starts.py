"""The new-game dialog's "best play" card: what each start square is worth, for a game whose start
is proved (Elephant Run's start table, :class:`game.core.StartValues`).

A spoiler, so it shows only with the "who wins with best play" setting on, and it follows the options
as they are chosen (five, six or seven farmers, the points the elephant needs), because that is
where a player asks "is this set-up fair?". It reads the same report ``solve --start --json`` prints,
so the card, the command line and the rules window can never disagree. A family the proofs have not
settled shows its open squares as "?" and says so: never a guess.

The card hangs beside the dialog where the window leaves room (1024 pixels wide or more); in a
narrower window it is left out rather than squeezed over the options.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

import pygame

from game.core import GameInfo
from scenes.kit import style

CARD_W = 156
"""The card's width: six 21-pixel cells and a margin, so it fits beside the dialog in a 1024-pixel window."""
GAP = 12
"""Between the dialog and the card."""
EDGE = 8
"""The least margin the card keeps from the window's edge."""
PAD = 14
FARMERS_TINT = (126, 170, 120)
ELEPHANT_TINT = (226, 168, 96)
OPEN_TINT = (206, 196, 178)


@dataclass(frozen=True)
class StartGrid:
    """The report laid out as the board is drawn: ``rows`` top rank first, each cell the square's
    name, its forced points (None: not proved) and who wins from it (None: not proved)."""

    rows: tuple[tuple[tuple[str, int | None, str | None], ...], ...]
    files: tuple[str, ...]
    winner: str | None
    """Who wins the whole game with best play (None: not settled)."""
    target: str
    proved: int

    @property
    def size(self) -> int:
        return sum(len(row) for row in self.rows)


def start_grid(info: GameInfo, options: Mapping[str, str]) -> StartGrid | None:
    """The grid for ``options``, or None when ``info`` has no proved starts or the report fails
    (a damaged table must cost the card, never the dialog)."""
    if info.start_values is None:
        return None
    try:
        report: Mapping[str, Any] = info.start_values.report(options)
        squares: Mapping[str, Mapping[str, Any]] = report["squares"]
        files = tuple(sorted({name[0] for name in squares}))
        ranks = sorted({int(name[1:]) for name in squares}, reverse=True)
        rows = tuple(
            tuple((f"{f}{r}", _points(squares[f"{f}{r}"]), squares[f"{f}{r}"].get("winner")) for f in files)
            for r in ranks
        )
        return StartGrid(
            rows, files, report.get("winner"), str(report["options"].get("points", "")), int(report["proved"])
        )
    except (KeyError, ValueError, TypeError, AttributeError, OSError):
        return None


def _points(entry: Mapping[str, Any]) -> int | None:
    points = entry.get("elephant_points")
    return points if isinstance(points, int) else None


def explanation(grid: StartGrid) -> list[str]:
    """The card's small print, wrapped to its width."""
    text = f"The elephant's points from each start square; it needs {grid.target}."
    return style.wrap(text, 12, CARD_W - 2 * PAD, max_lines=3)


def _line_step(size: int, bold: bool = False) -> int:
    """The distance :func:`style.text_block` puts between lines of ``size``."""
    from scenes.kit.fonts import font

    return round(font(size, bold).get_linesize() * 1.3 * 0.8)


class CardText(NamedTuple):
    """The card's wrapped lines and the height they make, worked out once for a grid."""

    notes: tuple[str, ...]
    """The small print (:func:`explanation`)."""
    verdict: tuple[str, ...]
    """The last lines: who wins with best play (:func:`verdict`)."""
    height: int


@functools.lru_cache(maxsize=16)
def card_text(grid: StartGrid, player_title: Any) -> CardText:
    """The card's lines and height for ``grid``. The dialog asks for them every frame it draws; the
    wrapping (the fonts measuring every word) is done once per grid, that is once per choice of
    options, since a grid is a value and the dialog keeps it until the options change."""
    notes = tuple(explanation(grid))
    last = tuple(style.wrap(verdict(grid, player_title), 13, CARD_W - 2 * PAD, bold=True, max_lines=3))
    board = cell_size(grid) * len(grid.rows) + 18
    height = PAD + 24 + len(notes) * _line_step(12) + 8 + board + len(last) * _line_step(13, True) + PAD
    return CardText(notes, last, height)


def card_height(grid: StartGrid, player_title: Any) -> int:
    """The card's height: title, small print, the board of values with its file letters, verdict."""
    return card_text(grid, player_title).height


def card_rect(
    panel: pygame.Rect, window: tuple[int, int], grid: StartGrid, player_title: Any
) -> pygame.Rect | None:
    """Where the card goes: right of the dialog, level with its first row; None when it does not fit.
    A few sums on the height :func:`card_text` keeps, so asking every frame costs nothing."""
    width, height = window
    if panel.right + GAP + CARD_W + EDGE > width:
        return None
    card_h = card_height(grid, player_title)
    top = min(max(EDGE, panel.y + 84 + 20), height - EDGE - card_h)
    if top < EDGE:
        return None
    return pygame.Rect(panel.right + GAP, top, CARD_W, card_h)


def cell_size(grid: StartGrid) -> int:
    return (CARD_W - 2 * PAD) // max(1, len(grid.files))


def verdict(grid: StartGrid, player_title: Any) -> str:
    """The card's last line: who wins with best play, or how much is still open."""
    if grid.winner is None:
        return f"Not solved yet: {grid.proved} of {grid.size} starts proved."
    return f"Best play wins for the {str(player_title(grid.winner)).lower()}."


def draw_card(surface: pygame.Surface, rect: pygame.Rect, grid: StartGrid, info: GameInfo) -> None:
    """The card: a title, what the numbers mean, the board of values, who wins."""
    style.panel(surface, rect, style.PARCHMENT, radius=12, border=style.WOOD_DARK)
    x = rect.x + PAD
    y = rect.y + PAD
    style.text(surface, "Best play", (x, y), 16, style.WOOD_DARK, bold=True)
    y += 24
    text = card_text(grid, info.player_title)
    y = style.text_block(surface, list(text.notes), (x, y), 12, style.INK_SOFT) + 8
    cell = cell_size(grid)
    for row in grid.rows:
        for column, (_name, points, winner) in enumerate(row):
            box = pygame.Rect(x + column * cell, y, cell - 2, cell - 2)
            tint = (
                OPEN_TINT
                if winner is None
                else (ELEPHANT_TINT if winner == info.players[0] else FARMERS_TINT)
            )
            pygame.draw.rect(surface, tint, box, border_radius=3)
            label = "?" if points is None else str(points)
            style.text(surface, label, box.center, 12, style.INK, bold=True, anchor="center")
        y += cell
    for column, file in enumerate(grid.files):
        style.text(
            surface, file, (x + column * cell + (cell - 2) // 2, y + 1), 12, style.INK_SOFT, anchor="midtop"
        )
    y += 18
    style.text_block(surface, list(text.verdict), (x, y), 13, style.INK, bold=True)
