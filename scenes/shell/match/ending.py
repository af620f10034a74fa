"""The end of a game, beside the board: the result card in the side panel and, once it is closed,
the row that keeps Swap sides and Rematch at hand.

The card takes the move list's place in the panel, so the board and its last move stay in full view:
who won in words, why, the score, the figures (moves played, time taken, hints used) and what to do
next: Review and New game, then Swap sides and Rematch, the primary choice on the right as in every
dialog of the app. Its × (or Esc) closes it; the row under the player cards then keeps Swap sides and
Rematch, and the pause menu has them with New game. Both only report the choice made: the match scene
acts on it, which keeps "what happens on a rematch" in one place.

The celebration is short and never drawn over the pieces: the card slides in from the panel's edge
and, when a person won, the winner's player card glows and a few stars twinkle round it, in the
game's own emblem colour (:func:`draw_cheer`, which the painter calls). With animations off the card
simply appears.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from scenes.kit import style
from scenes.kit.marks import star
from scenes.kit.pacing import NOW

REMATCH = "rematch"
SWAP = "swap"
REVIEW = "review"
NEW_GAME = "new-game"
CLOSE = "close"
NEXT_LEVEL = "next-level"
"""The card's offer after two wins in a row against a level: the same game against the next one."""
ANALYSE = "analyse"
"""The card's Analyse: the computer reads every move of the game (see :mod:`.analysis_run`)."""

SLIDE = 0.35
"""Seconds the card takes to slide in."""
CHEER = 2.6
"""Seconds the winner's card glows and its stars twinkle."""
PAD = 12
"""The card's inner margin."""
BUTTON_GAP = 8
CLOSE_SIZE = 28
TOKEN = 30
"""The winner's token beside the headline."""
FACTS_H = 46
"""The box of figures: a value over its label, side by side."""
TEXT_SIZES: tuple[tuple[int, int, int, bool], ...] = (
    (21, 16, 14, True),
    (20, 15, 14, True),
    (18, 14, 13, True),
    (18, 14, 13, False),
    (17, 13, 12, False),
)
"""(headline, reason, score) text sizes and whether the score line is shown, by preference: the first
whose card fits its room. The score gives way before the reason is cut: the banner above the board and
the player cards show the score too."""
SMALLEST_ROOM_FOR_MOVES = 80
"""Under the card, the move list comes back only where this much of its room is left (its title and
two rows: the newest moves, and that there are more)."""

Token = Callable[[pygame.Surface, str, tuple[int, int], int], None]
"""Draws a player's token: ``token(surface, player, centre, size)``."""


@dataclass(frozen=True)
class Result:
    """What the card says about a finished match."""

    headline: str
    reason: str
    score: str
    facts: tuple[tuple[str, str], ...]
    """(value, label): "21" "moves", "4 min" "time", "none" "hints"."""
    winner: str | None
    cheer: bool
    """A person won (the one against the computer, or one of two at the table): the card celebrates."""
    colour: tuple[int, int, int]
    """The game's emblem colour: the card's band, the glow and the stars."""


@dataclass(frozen=True)
class _Line:
    text: str
    size: int
    bold: bool
    colour: tuple[int, int, int]
    x: int
    y: int


def ease_out(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def _step(size: int, bold: bool = False) -> int:
    return style.font(size, bold).get_linesize() - 2


def plan_text(result: Result, width: int, room: int, buttons_h: int) -> tuple[list[_Line], int]:
    """The card's lines (positions relative to its top left) and its height (see :func:`plan_card`)."""
    lines, height, _ = plan_card(result, width, room, buttons_h)
    return lines, height


def plan_card(result: Result, width: int, room: int, buttons_h: int) -> tuple[list[_Line], int, bool]:
    """The card's lines, its height and whether it shows the box of figures: at the largest text
    sizes at which everything fits ``room`` (the score line left out if need be); at the smallest,
    the figures give way (the move list and the clock say them too), and only then the reason its
    last lines (the cut marked) rather than push the buttons out of the panel."""
    for sizes in TEXT_SIZES:
        lines, height = _plan_at(result, width, buttons_h, sizes)
        if height <= room:
            return lines, height, True
    lines, height = _plan_at(result, width, buttons_h, TEXT_SIZES[-1], facts=False)
    most = sum(1 for line in lines if line.colour == style.INK and not line.bold)
    while height > room and most > 1:
        most -= 1
        lines, height = _plan_at(result, width, buttons_h, TEXT_SIZES[-1], most, facts=False)
    return lines, height, False


def _plan_at(
    result: Result,
    width: int,
    buttons_h: int,
    sizes: tuple[int, int, int, bool],
    reason_lines: int | None = None,
    facts: bool = True,
) -> tuple[list[_Line], int]:
    head, body, small, with_score = sizes
    lines: list[_Line] = []
    y = PAD + 6  # under the band
    left = PAD + (TOKEN + 10 if result.winner is not None else 0)
    head_w = width - left - PAD - CLOSE_SIZE - 6
    heads = style.wrap(result.headline, head, head_w, bold=True, max_lines=2)
    top = y + max(0, (TOKEN - len(heads) * _step(head, True)) // 2)
    for line in heads:
        lines.append(_Line(line, head, True, style.INK, left, top))
        top += _step(head, True)
    y = max(top, y + TOKEN) + 6
    for line in style.wrap(result.reason, body, width - 2 * PAD, max_lines=reason_lines):
        lines.append(_Line(line, body, False, style.INK, PAD, y))
        y += _step(body)
    if result.score and with_score:
        y += 3
        for line in style.wrap(result.score, small, width - 2 * PAD, max_lines=3):
            lines.append(_Line(line, small, False, style.INK_SOFT, PAD, y))
            y += _step(small)
    y += 10 + (FACTS_H + 12 if facts else 0)
    return lines, y + buttons_h + PAD


class EndBanner:
    """The result card: ``EndBanner(ui, area, result, compact, swap_tip, animate)`` is laid out in the
    top of ``area`` (the move list's place in the panel); :meth:`choice` maps its events to REMATCH,
    SWAP, REVIEW, NEW_GAME or CLOSE. ``swap_tip`` None greys out Swap sides (it would change nothing)."""

    def __init__(
        self,
        ui: pygame_gui.UIManager,
        area: pygame.Rect,
        result: Result,
        *,
        compact: bool,
        swap_tip: str | None,
        animate: bool,
        next_level: str | None = None,
        analyse: bool = False,
    ) -> None:
        self.result = result
        self.area = area
        button_h = 34 if compact else 38
        rows = 2 + bool(next_level) + analyse
        buttons_h = rows * button_h + (rows - 1) * BUTTON_GAP
        self.lines, height, self.show_facts = plan_card(result, area.width, area.height, buttons_h)
        self.rect = pygame.Rect(area.left, area.top, area.width, min(area.height, height))
        self._facts_y = self.rect.height - PAD - buttons_h - 12 - FACTS_H
        self.age = 0.0 if animate else CHEER
        self.closed = False
        half = (area.width - 2 * PAD - BUTTON_GAP) // 2
        right_w = area.width - 2 * PAD - BUTTON_GAP - half
        bottom = self.rect.bottom - PAD - button_h
        top = bottom - button_h - BUTTON_GAP
        x_left, x_right = area.left + PAD, area.left + PAD + half + BUTTON_GAP
        self.close_button = UIButton(
            pygame.Rect(self.rect.right - 8 - CLOSE_SIZE, self.rect.top + 12, CLOSE_SIZE, CLOSE_SIZE),
            "×",
            ui,
            tool_tip_text="Close (Esc): the final position stays, Rematch and Swap sides stay in the panel",
            object_id=ObjectID("#end_close", "@secondary"),
        )
        self.review = UIButton(
            pygame.Rect(x_left, top, half, button_h),
            "Review",
            ui,
            tool_tip_text="Step through the game from the start (Left and Right arrows, or click a move)",
            object_id=ObjectID("#end_review", "@secondary"),
        )
        self.new_game = UIButton(
            pygame.Rect(x_right, top, right_w, button_h),
            "New game",
            ui,
            tool_tip_text="Choose the sides, level and options of a new game",
            object_id=ObjectID("#end_new_game", "@secondary"),
        )
        self.swap = UIButton(
            pygame.Rect(x_left, bottom, half, button_h),
            "Swap sides",
            ui,
            tool_tip_text=swap_tip or "Two people at one screen: change chairs and press Rematch",
            object_id=ObjectID("#end_swap", "@secondary"),
        )
        if swap_tip is None:
            self.swap.disable()
        self.rematch = UIButton(
            pygame.Rect(x_right, bottom, right_w, button_h),
            "Rematch",
            ui,
            tool_tip_text="Play again with the same sides and options",
            object_id=ObjectID("#end_rematch", "@primary"),
        )
        self._choices = {
            self.close_button: CLOSE,
            self.review: REVIEW,
            self.new_game: NEW_GAME,
            self.swap: SWAP,
            self.rematch: REMATCH,
        }
        self.analyse: UIButton | None = None
        if analyse:
            self.analyse = UIButton(
                pygame.Rect(x_left, top - button_h - BUTTON_GAP, area.width - 2 * PAD, button_h),
                "Analyse the game",
                ui,
                tool_tip_text="The computer reads every move: a graph of the chances, the mistakes marked",
                object_id=ObjectID("#end_analyse", "@secondary"),
            )
            self._choices[self.analyse] = ANALYSE
            top -= button_h + BUTTON_GAP
        self.next_level: UIButton | None = None
        self.offered_level = next_level
        if next_level:
            self.next_level = UIButton(
                pygame.Rect(x_left, top - button_h - BUTTON_GAP, area.width - 2 * PAD, button_h),
                f"Next level: {next_level.title()}",
                ui,
                tool_tip_text=f"Two wins in a row: play the same game against the {next_level} computer",
                object_id=ObjectID("#end_next_level", "@primary"),
            )
            self._choices[self.next_level] = NEXT_LEVEL
        if self.sliding:
            for button in self._choices:
                button.hide()

    # -- state --------------------------------------------------------------------------------------
    @property
    def sliding(self) -> bool:
        return self.age < SLIDE

    @property
    def cheering(self) -> float | None:
        """How far the celebration has gone (0 to 1) while it lasts, else None."""
        if self.closed or not self.result.cheer or self.age >= CHEER:
            return None
        return self.age / CHEER

    def alive(self) -> bool:
        return not self.closed

    def keyed(self) -> dict[str, UIButton]:
        """The buttons in screen order, for Tab."""
        keyed = {"close": self.close_button}
        if self.next_level is not None:
            keyed["next-level"] = self.next_level
        if self.analyse is not None:
            keyed["analyse"] = self.analyse
        keyed.update(review=self.review, swap=self.swap, rematch=self.rematch)
        keyed["new-game"] = self.new_game
        return {
            key: keyed[key]
            for key in ("close", "next-level", "analyse", "review", "new-game", "swap", "rematch")
            if key in keyed
        }

    def moves_left(self, moves: pygame.Rect) -> pygame.Rect:
        """What is left of the move list's ``moves`` under the card (nothing when too little)."""
        top = self.rect.bottom + 12
        if moves.bottom - top < SMALLEST_ROOM_FOR_MOVES:
            return pygame.Rect(moves.left, moves.bottom, moves.width, 0)
        return pygame.Rect(moves.left, top, moves.width, moves.bottom - top)

    # -- frame --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        was_sliding = self.sliding
        self.age += dt
        if was_sliding and not self.sliding and not self.closed:
            for button in self._choices:
                button.show()

    def next_frame(self) -> float | None:
        return NOW if not self.closed and self.age < (CHEER if self.result.cheer else SLIDE) else None

    def choice(self, event: pygame.event.Event) -> str | None:
        """REMATCH / SWAP / REVIEW / NEW_GAME / CLOSE / NEXT_LEVEL / ANALYSE if ``event`` chose one,
        else None."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and not self.closed:
            return self._choices.get(event.ui_element)
        return None

    def close(self) -> None:
        self.closed = True
        for button in self._choices:
            button.kill()

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, token: Token, clip: pygame.Rect) -> None:
        """The card, sliding in from the right edge of ``clip`` (the panel) while it arrives."""
        if self.closed:
            return
        offset = round((1 - ease_out(self.age / SLIDE)) * (clip.right - self.rect.left))
        rect = self.rect.move(offset, 0)
        previous = surface.get_clip()
        surface.set_clip(clip.clip(previous) if previous else clip)
        try:
            self._draw_card(surface, rect, token)
        finally:
            surface.set_clip(previous)

    def _draw_card(self, surface: pygame.Surface, rect: pygame.Rect, token: Token) -> None:
        result = self.result
        border = style.GOOD if result.cheer else style.WOOD_LIGHT
        style.panel(surface, rect, style.WHITE, radius=12, border=border)
        band = pygame.Rect(rect.x + 2, rect.y + 2, rect.width - 4, 6)
        pygame.draw.rect(surface, result.colour, band, border_top_left_radius=10, border_top_right_radius=10)
        if result.winner is not None:
            centre = (rect.x + PAD + TOKEN // 2, rect.y + PAD + 6 + TOKEN // 2)
            cheer = self.cheering
            if cheer is not None:  # a soft halo that breathes while the celebration lasts
                glow = 0.5 + 0.5 * math.sin(cheer * 3 * 2 * math.pi - math.pi / 2)
                radius = TOKEN // 2 + 3 + round(4 * glow)
                halo = _mix(style.WHITE, result.colour, 0.25 + 0.35 * glow)
                pygame.draw.circle(surface, halo, centre, radius)
            token(surface, result.winner, centre, TOKEN)
        for line in self.lines:
            surface.blit(
                style.text_surface(line.text, line.size, line.colour, line.bold),
                (rect.x + line.x, rect.y + line.y),
            )
        self._draw_facts(surface, rect)

    def _draw_facts(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        facts = self.result.facts
        if not facts or not self.show_facts:
            return
        box = pygame.Rect(rect.x + PAD, rect.y + self._facts_y, rect.width - 2 * PAD, FACTS_H)
        pygame.draw.rect(surface, style.PARCHMENT, box, border_radius=8)
        each = box.width // len(facts)
        for index, (value, label) in enumerate(facts):
            centre = box.x + each * index + each // 2
            size = style.size_to_fit(value, 18, each - 8, bold=True)
            shown = style.text_surface(value, size, style.INK, True)
            surface.blit(shown, shown.get_rect(midbottom=(centre, box.y + 27)))
            caption = style.text_surface(label, 13, style.INK_SOFT)
            surface.blit(caption, caption.get_rect(midtop=(centre, box.y + 26)))
            if index:
                x = box.x + each * index
                pygame.draw.line(surface, style.PARCHMENT_DARK, (x, box.y + 8), (x, box.bottom - 8), 1)


class EndRow:
    """What stays once the card is closed: Swap sides and Rematch, side by side in ``rect`` (the
    row under the player cards, which the game's own buttons use while it goes on)."""

    def __init__(self, ui: pygame_gui.UIManager, rect: pygame.Rect, swap_tip: str | None) -> None:
        half = (rect.width - BUTTON_GAP) // 2
        self.swap = UIButton(
            pygame.Rect(rect.x, rect.y, half, rect.height),
            "Swap sides",
            ui,
            tool_tip_text=swap_tip or "Two people at one screen: change chairs and press Rematch",
            object_id=ObjectID("#end_row_swap", "@secondary"),
        )
        if swap_tip is None:
            self.swap.disable()
        self.rematch = UIButton(
            pygame.Rect(rect.x + half + BUTTON_GAP, rect.y, rect.width - half - BUTTON_GAP, rect.height),
            "Rematch",
            ui,
            tool_tip_text="Play again with the same sides and options",
            object_id=ObjectID("#end_row_rematch", "@primary"),
        )

    def keyed(self) -> dict[str, UIButton]:
        return {"swap": self.swap, "rematch": self.rematch}

    def choice(self, event: pygame.event.Event) -> str | None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if event.ui_element is self.swap:
            return SWAP
        if event.ui_element is self.rematch:
            return REMATCH
        return None

    def close(self) -> None:
        self.swap.kill()
        self.rematch.kill()


def draw_cheer(
    surface: pygame.Surface, card: pygame.Rect, progress: float, colour: tuple[int, int, int]
) -> None:
    """The winner's player card celebrating (``progress`` from 0 to 1): a glow round it in the
    game's colour that breathes three times and fades, and stars twinkling on its edge, all inside
    the side panel."""
    fade = 1.0 - max(0.0, progress - 0.7) / 0.3
    glow = (0.5 + 0.5 * math.sin(progress * 3 * 2 * math.pi - math.pi / 2)) * fade
    for grow, share in ((10, 0.3), (6, 0.55), (2, 0.85)):
        ring = card.inflate(grow, grow)
        pygame.draw.rect(
            surface,
            _mix(style.PARCHMENT, colour, share * (0.25 + 0.75 * glow)),
            ring,
            width=2,
            border_radius=10 + grow // 2,
        )
    spots = ((0.12, 0.06), (0.55, 0.06), (0.92, 0.06), (0.3, 0.94), (0.78, 0.94))
    for index, (across, down) in enumerate(spots):
        phase = (progress * 4 + index * 0.37) % 1.0
        size = 8 * math.sin(phase * math.pi) * fade
        if size >= 2:
            centre = (card.left + round(card.width * across), card.top + round(card.height * down))
            star(surface, centre, size, True, turn=phase)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], share: float) -> tuple[int, int, int]:
    share = max(0.0, min(1.0, share))
    return (
        round(a[0] + (b[0] - a[0]) * share),
        round(a[1] + (b[1] - a[1]) * share),
        round(a[2] + (b[2] - a[2]) * share),
    )
