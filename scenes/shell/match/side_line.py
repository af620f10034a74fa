"""The side line's question: against whom to play on from a reviewed position ("Play from here").

A review's "Play from here" makes a side line, a game of its own from the position shown, while the
game reviewed stays as it was (:mod:`.review_flow`). Before it does, this small dialog asks who plays
it: the computer at easy, normal or hard, or two people at this screen, and which side the person
takes. It starts on the game's own seats (the side the person played, the level they played
against), so Enter alone plays on exactly as before.

It is an overlay of the match screen, like the new-game dialog is of the menu, so it is modal by
construction (nothing under it takes a click) and Tab walks its buttons with no code of its own
(:class:`scenes.kit.keyboard.ButtonKeys`). It is not a routed screen: only the match screen opens
it, with the answer to call (:class:`SideLineDialog`'s ``on_play``), and it never touches the match.
The rows are the app's :class:`~scenes.shell.windows.dialogs.ChoiceRow`, as in the new-game dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.ai import LEVELS
from game.match import AI, HUMAN, Match, Seat
from scenes.kit import style
from scenes.kit.app import Scene
from scenes.shell.windows.dialogs import ChoiceRow

if TYPE_CHECKING:
    from scenes.kit.app import App

COMPUTER = "ai"
TWO = "two"
TITLE = "PLAY FROM HERE"
PLAY_LABEL = "Play"
NOTE = "Your game stays as it is. The side line is saved as a new game."
HEADER_H = 76
ROW_H = 40
ROW_GAP = 14
PAD = 28
LABEL_W = 128


def default_choice(match: Match, position: int) -> tuple[str, str, str]:
    """(mode, level, side) that plays on as the game was played: against the same level with the
    same side, or two people when two played. The side of a game with no one person in it is the
    one to move at ``position``."""
    humans = match.humans()
    levels = [seat.level for seat in match.seats.values() if seat.is_ai and seat.level in LEVELS]
    level = levels[0] if levels else ("normal" if "normal" in LEVELS else LEVELS[0])
    if len(humans) == 1:
        return COMPUTER, str(level), humans[0]
    turns = match.turns[: max(0, position)]
    state = turns[-1].after if turns else match.initial
    to_move = [p for p in state.to_move() if p in match.game.players]
    side = to_move[0] if to_move else match.game.players[0]
    return (TWO if match.two_player else COMPUTER), str(level), side


def side_line_seats(match: Match, mode: str, level: str, side: str) -> dict[str, Seat]:
    """The seats of the side line for the choices made. Two people keep the names they had in the
    game; against the computer the person keeps their own name on the side they take."""
    if mode == TWO:
        return {p: seat if not seat.is_ai else Seat(HUMAN) for p, seat in match.seats.items()}
    own = match.seats.get(side)
    name = own.name if own is not None and not own.is_ai else None
    return {p: Seat(HUMAN, name=name) if p == side else Seat(AI, level) for p in match.game.players}


class SideLineDialog(Scene):
    """Who plays the side line from ``position`` of ``match``; ``on_play(seats)`` is called after the
    dialog has gone when the player presses Play (or Enter). Cancel and Esc just close it."""

    overlay = True
    name = "side-line"

    def __init__(
        self, app: App, match: Match, position: int, on_play: Callable[[dict[str, Seat]], None]
    ) -> None:
        super().__init__(app)
        self.match = match
        self.position = position
        self.on_play = on_play
        self.mode, self.level, self.side = default_choice(match, position)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.rows: dict[str, ChoiceRow] = {}
        self.labels: list[tuple[str, int, bool]] = []
        self.play_button: UIButton | None = None
        self.cancel_button: UIButton | None = None

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        panel_w = min(560, width - 40)
        panel_h = HEADER_H + 22 + 3 * (ROW_H + ROW_GAP) + 56 + 44 + 22
        self.panel_rect = pygame.Rect(
            (width - panel_w) // 2, max(20, (height - panel_h) // 2), panel_w, panel_h
        )
        x = self.panel_rect.x + PAD + LABEL_W
        row_w = self.panel_rect.right - PAD - x
        y = self.panel_rect.y + HEADER_H + 22
        game = self.match.game
        specs: list[tuple[str, str, list[tuple[str, str]], str, list[str | None]]] = [
            (
                "mode",
                "Opponent",
                [(COMPUTER, "Computer"), (TWO, "Two players")],
                self.mode,
                ["Play the side line against the computer", "Two people take turns at this screen"],
            ),
            (
                "level",
                "Level",
                [(lv, lv.title()) for lv in LEVELS],
                self.level,
                [_sentence(game.level_notes.get(lv)) for lv in LEVELS],
            ),
            (
                "side",
                "You play",
                [(p, game.player_title(p)) for p in game.players],
                self.side,
                [f"You play the {game.player_title(p).lower()}" for p in game.players],
            ),
        ]
        self.rows = {}
        self.labels = []
        for key, label, choices, selected, tips in specs:
            self.labels.append((label, y, key == "mode"))
            self.rows[key] = ChoiceRow(
                self.ui, pygame.Rect(x, y, row_w, ROW_H), choices, selected, tooltips=tips
            )
            y += ROW_H + ROW_GAP
        button_y = self.panel_rect.bottom - 22 - 44
        right = self.panel_rect.right - PAD
        self.play_button = UIButton(
            pygame.Rect(right - 150, button_y, 150, 44),
            PLAY_LABEL,
            self.ui,
            tool_tip_text="Enter",
            object_id=ObjectID("#side_line_play", "@primary"),
        )
        self.cancel_button = UIButton(
            pygame.Rect(right - 150 - 14 - 130, button_y, 130, 44),
            "Cancel",
            self.ui,
            tool_tip_text="Esc",
            object_id=ObjectID("#side_line_cancel", "@secondary"),
        )
        self._apply_mode()

    def _apply_mode(self) -> None:
        """Two people need no level and no side: those rows are greyed, and keep their choice."""
        for key in ("level", "side"):
            row = self.rows.get(key)
            if row is not None:
                row.set_enabled(self.mode == COMPUTER)

    def update(self, dt: float) -> None:
        """Keep each row's choice looking chosen: the keyboard's focus lends a button the selected
        look while Tab is on it and takes it back when Tab moves on, chosen or not."""
        for row in self.rows.values():
            shown = [bool(button.is_selected) for button in row.buttons]
            if shown != [value == row.selected for value in row.values]:
                row.select(row.selected)

    # -- events ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        for key, row in self.rows.items():
            if row.handle_event(event):
                setattr(self, key, row.selected)
                if key == "mode":
                    self._apply_mode()
                return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.play_button:
                self.play()
            elif event.ui_element is self.cancel_button:
                self.cancel()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.play()

    def seats(self) -> dict[str, Seat]:
        return side_line_seats(self.match, self.mode, self.level, self.side)

    def play(self) -> None:
        """Close, then let the match screen make the side line (it replaces the screen under us)."""
        seats = self.seats()
        if self.app.top is self:
            self.app.pop()
        self.on_play(seats)

    def cancel(self) -> None:
        if self.app.top is self:
            self.app.pop()

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 160)
        rect = self.panel_rect
        style.panel(surface, rect, style.PARCHMENT, radius=16, border=style.WOOD_DARK)
        header = pygame.Rect(rect.x, rect.y, rect.width, HEADER_H)
        pygame.draw.rect(
            surface, style.WOOD_DARK, header, border_top_left_radius=16, border_top_right_radius=16
        )
        x = rect.x + PAD
        style.text(surface, TITLE, (x, header.y + 14), 13, style.ACCENT_LIGHT, bold=True)
        style.text(
            surface,
            style.fit_text(self._headline(), 24, rect.right - PAD - x, True),
            (x, header.y + 32),
            24,
            style.PARCHMENT,
            bold=True,
        )
        computer = self.mode == COMPUTER
        for label, y, always in self.labels:
            colour = style.INK if (always or computer) else (170, 156, 140)
            style.text(surface, label, (x, y + ROW_H // 2), 17, colour, bold=True, anchor="midleft")
        if self.cancel_button is not None:
            button = self.cancel_button.relative_rect
            width = rect.right - PAD - x
            note_top = int(button.top) - 14 - 40
            lines = style.wrap(NOTE, 14, width, max_lines=2)
            style.text_block(surface, lines, (x, note_top), 14, style.INK_SOFT)

    def _headline(self) -> str:
        """Where the side line starts, as players count moves."""
        if self.position <= 0:
            return f"{self.match.game.title}: from the start"
        return f"{self.match.game.title}: after move {self.position}"


def _sentence(note: str | None) -> str | None:
    return None if not note else f"{note[0].upper()}{note[1:]}."
