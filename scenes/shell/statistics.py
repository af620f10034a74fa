"""Your record: every game's wins, draws and losses against the computer, level by level.

Opened from the main menu's **Statistics** button. One panel per game, and in it one row per level
the player has finished a game at: the counts, the current streak and the best run of wins, and a
small chart of the last twenty results (:func:`draw_chart`). A win stands up from the chart's line, a
loss hangs below it and a draw is a diamond on it, so the three differ by shape and place as well as
by colour. Each game's record can be reset on its own (its panel's Reset…), or all of it at once,
always after a question. The figures come from :mod:`saves.statistics`; what counts as a game is
decided where it ends (:mod:`scenes.shell.match.results`).
"""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from saves.statistics import CHART, Summary, shared
from scenes.kit import style
from scenes.kit.app import Scene
from scenes.kit.failures import failure_sentence
from scenes.kit.registry import playable_games
from scenes.shell.windows.dialogs import DialogHost, escape

if TYPE_CHECKING:
    from game.core import GameInfo
    from scenes.kit.app import App

TITLE = "Your record"
EMPTY = (
    "No games against the computer yet.",
    "Finish a game against the computer at any level and it is counted here: your wins, draws and "
    "losses, your streaks, and how your last twenty games went.",
)
LEGEND = (
    "Chart: your last 20 games, newest on the right: wins stand up, losses hang down, draws sit on the line."
)
HEADER_H = 34
ROW_H = (60, 76)
"""A level's row, at its least and most: the counts, the streaks, then the chart."""
CHART_H = (22, 32)
SLOT = (10, 13)
"""The chart's width per game, at its least and most."""
PAD = 12
LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}


def streak_text(summary: Summary) -> str:
    """ "Streak: 2 wins · best run: 4 wins" ("no wins yet" when there were none)."""
    kind = {"win": ("win", "wins"), "draw": ("draw", "draws"), "loss": ("loss", "losses")}
    now = ""
    if summary.streak_kind is not None:
        one, many = kind[summary.streak_kind]
        now = f"Streak: {summary.streak} {one if summary.streak == 1 else many}"
    best = (
        f"best run: {summary.best} win{'' if summary.best == 1 else 's'}" if summary.best else "no wins yet"
    )
    return f"{now} · {best}" if now else best.capitalize()


def counts_text(level: str, summary: Summary) -> str:
    """ "Normal: 5 won, 1 drawn, 3 lost"."""
    return (
        f"{LEVEL_NAMES.get(level, level)}: {summary.wins} won, {summary.draws} drawn, {summary.losses} lost"
    )


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, results: tuple[str, ...]) -> None:
    """The last results left to right (newest at the right end), the empty slots first: a win a bar up
    from the middle line, a loss a bar down from it, a draw a diamond on it."""
    mid = rect.centery
    pygame.draw.line(surface, style.WOOD_LIGHT, (rect.x, mid), (rect.right - 1, mid), 1)
    slot = rect.width / CHART
    first = CHART - len(results)
    half = rect.height // 2 - 1
    for index in range(CHART):
        x = round(rect.x + index * slot + slot / 2)
        width = max(3, math.floor(slot * 0.62))
        if index < first:
            pygame.draw.circle(surface, style.PARCHMENT_DARK, (x, mid), 1)
            continue
        result = results[index - first]
        if result == "win":
            pygame.draw.rect(surface, style.GOOD, (x - width // 2, mid - half, width, half), border_radius=2)
        elif result == "loss":
            pygame.draw.rect(surface, style.BAD, (x - width // 2, mid + 1, width, half), border_radius=2)
        else:
            r = max(3, width // 2 + 1)
            pygame.draw.polygon(
                surface, style.INK_SOFT, [(x, mid - r), (x + r, mid), (x, mid + r), (x - r, mid)]
            )


class StatisticsScreen(Scene):
    """The record of every game, Reset… per game and for all, and Back (Esc)."""

    name = "statistics"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.store = shared(app.data_dir)
        self.dialogs = DialogHost(self.ui)
        self.games: list[GameInfo] = []
        self.panels: list[tuple[GameInfo, pygame.Rect]] = []
        self.reset_buttons: dict[str, UIButton] = {}
        self.back_button: UIButton | None = None
        self.reset_all_button: UIButton | None = None
        self.top = 0

    # -- layout ---------------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        message = self.store.take_message()
        if message:
            self.app.toast(message, 8.0)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.dialogs = DialogHost(self.ui)

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        try:
            self.games = playable_games()
        except Exception:  # a broken game module must not blank the screen: its record waits
            self.games = []
        self.top = 96 if height >= 720 else 84
        bottom_h = 44
        bottom_y = height - max(18, height // 30) - bottom_h
        self.back_button = UIButton(
            pygame.Rect(width // 2 + 8, bottom_y, 180, bottom_h),
            "Back",
            self.ui,
            tool_tip_text="Esc",
            object_id=ObjectID("#back", "@primary"),
        )
        self.reset_all_button = UIButton(
            pygame.Rect(width // 2 - 188, bottom_y, 180, bottom_h),
            "Reset all…",
            self.ui,
            tool_tip_text="Forget the record of every game",
            object_id=ObjectID("#reset_all", "@secondary"),
        )
        if not self.anything():
            self.reset_all_button.disable()
        margin = max(24, width // 26)
        area = pygame.Rect(margin, self.top, width - 2 * margin, bottom_y - self.top - max(14, height // 45))
        self._layout_panels(area)

    def _layout_panels(self, area: pygame.Rect) -> None:
        self.panels = []
        self.reset_buttons = {}
        count = len(self.games)
        if not count or not self.anything():
            return
        cols = 3 if area.width >= 900 or count > 4 else 2
        rows = math.ceil(count / cols)
        gap = 16
        w = (area.width - gap * (cols - 1)) // cols
        h = min(HEADER_H + 3 * ROW_H[1] + PAD, (area.height - gap * (rows - 1)) // rows)
        top = area.y + max(0, (area.height - rows * h - (rows - 1) * gap) // 3)
        for index, info in enumerate(self.games):
            row, col = divmod(index, cols)
            in_row = min(cols, count - row * cols)
            left = area.centerx - (in_row * w + (in_row - 1) * gap) // 2 + col * (w + gap)
            rect = pygame.Rect(left, top + row * (h + gap), w, h)
            self.panels.append((info, rect))
            if self.store.levels_played(info.id):
                self.reset_buttons[info.id] = UIButton(
                    pygame.Rect(rect.right - PAD - 84, rect.y + 8, 84, 26),
                    "Reset…",
                    self.ui,
                    tool_tip_text=f"Forget your record in {info.title}",
                    object_id=ObjectID(f"#reset_{info.id}", "@small"),
                )

    def anything(self) -> bool:
        """Whether any game has a result to show."""
        return any(self.store.levels_played(info.id) for info in self.games)

    # -- events ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialogs.handle_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_button:
                self.app.pop()
            elif event.ui_element is self.reset_all_button:
                self.ask_reset(None)
            else:
                for game_id, button in self.reset_buttons.items():
                    if event.ui_element is button:
                        self.ask_reset(game_id)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def ask_reset(self, game_id: str | None) -> None:
        """Ask before forgetting: one game's record, or (None) every game's."""
        if game_id is None:
            title, question = "Reset your record", "Forget your record in every game?"
        else:
            name = next((info.title for info in self.games if info.id == game_id), game_id)
            title, question = f"Reset {name}", f"Forget your record in {name}?"
        body = (
            f"{escape(question)}<br><br>Wins, draws, losses and streaks start again from nothing. "
            "Your saved games are kept."
        )
        self.dialogs.confirm(title, body, "Reset", lambda: self.reset(game_id), danger=True)

    def reset(self, game_id: str | None) -> None:
        try:
            self.store.reset(game_id)
        except (OSError, ValueError) as exc:
            self.dialogs.message(
                "Could not reset", html.escape(failure_sentence("The record could not be reset", exc))
            )
        else:
            self.app.toast("Your record was reset." if game_id is None else "That game's record was reset.")
        self.ui.clear_and_reset()
        self.dialogs = DialogHost(self.ui)
        self.layout(self.app.size)

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        surface.blit(style.background((width, height)), (0, 0))
        title_y = self.top - 34
        style.text(
            surface,
            TITLE,
            (width // 2, title_y),
            34,
            style.PARCHMENT,
            bold=True,
            anchor="midbottom",
            shadow=True,
        )
        if not self.panels:
            lines = style.wrap(EMPTY[1], 16, min(620, width - 80))
            y = height // 2 - 40
            style.text(
                surface,
                EMPTY[0],
                (width // 2, y),
                22,
                style.PARCHMENT,
                bold=True,
                anchor="midbottom",
                shadow=True,
            )
            for line in lines:
                y += 24
                style.text(surface, line, (width // 2, y), 16, style.PARCHMENT_DARK, anchor="midbottom")
            return
        legend = LEGEND if style.font(14).size(LEGEND)[0] <= width - 40 else LEGEND.split(": ", 1)[1]
        style.text(surface, legend, (width // 2, title_y + 6), 14, style.PARCHMENT_DARK, anchor="midtop")
        for info, rect in self.panels:
            self._draw_panel(surface, info, rect)

    def _draw_panel(self, surface: pygame.Surface, info: GameInfo, rect: pygame.Rect) -> None:
        style.panel(surface, rect, style.PARCHMENT, radius=12)
        band = pygame.Rect(rect.x + 2, rect.y + 2, rect.width - 4, 6)
        colour = style.EMBLEM_COLOURS.get(style.game_suit(info.id), style.WOOD)
        pygame.draw.rect(surface, colour, band, border_top_left_radius=10, border_top_right_radius=10)
        button = self.reset_buttons.get(info.id)
        title_w = (button.relative_rect.left - 8 if button is not None else rect.right - PAD) - rect.x - PAD
        size = 18 if style.font(18, True).size(info.title)[0] <= title_w else 16
        style.text(
            surface,
            style.fit_text(info.title, size, title_w, True),
            (rect.x + PAD, rect.y + 10),
            size,
            style.INK,
            bold=True,
        )
        levels = self.store.levels_played(info.id)
        inner = rect.width - 2 * PAD
        if not levels:
            for index, line in enumerate(
                style.wrap("Not played against the computer yet.", 14, inner, max_lines=2)
            ):
                style.text(
                    surface, line, (rect.x + PAD, rect.y + HEADER_H + 4 + 18 * index), 14, style.INK_SOFT
                )
            return
        row_h = max(ROW_H[0], min(ROW_H[1], (rect.height - HEADER_H - PAD) // 3))
        big = row_h >= ROW_H[1] and inner >= 340
        sizes = (16, 14, 20) if big else (14, 13, 17)
        for index, level in enumerate(levels):
            summary = self.store.summary(info.id, level)
            y = rect.y + HEADER_H + index * row_h
            counts = style.fit_text(counts_text(level, summary), sizes[0], inner, True)
            style.text(surface, counts, (rect.x + PAD, y), sizes[0], style.INK, bold=True)
            streak = style.fit_text(streak_text(summary), sizes[1], inner)
            style.text(surface, streak, (rect.x + PAD, y + sizes[2]), sizes[1], style.INK_SOFT)
            games = f"{summary.games} game{'' if summary.games == 1 else 's'}"
            games_w = style.font(13).size(games)[0]
            chart_w = min(inner - games_w - 12, (SLOT[1] if big else SLOT[0]) * CHART)
            chart_h = min(CHART_H[1] if big else CHART_H[0], row_h - 2 * sizes[2] - 4)
            chart = pygame.Rect(rect.x + PAD, y + 2 * sizes[2] + 1, chart_w, chart_h)
            draw_chart(surface, chart, summary.last)
            style.text(
                surface, games, (rect.right - PAD, chart.centery), 13, style.INK_SOFT, anchor="midright"
            )
