"""The new-game dialog: opponent, level, side, and the game's own options, over the dimmed menu.

A scene of its own (an overlay) rather than a window in the menu's UI manager, so it is modal by
construction: the menu's buttons underneath never receive a click. The choices are remembered per
game in the settings, so "Play" again is one click on Start.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from game.core import GameError, GameInfo
from scenes.kit import style
from scenes.kit.app import Scene
from scenes.kit.failures import failure_sentence
from scenes.kit.fonts import font
from scenes.shell.solved_starts import StartGrid, card_rect, draw_card, start_grid
from scenes.shell.windows.dialogs import ChoiceRow

if TYPE_CHECKING:
    from game.match import Match
    from scenes.kit.app import App

MODE_AI = "ai"
MODE_TWO = "two"
RANDOM_SIDE = "random"
DROP_W = 180
OFFER_H = 56
"""The band under the header offering the lessons to a first-time player."""
COACH_OFFER = "Coach: warn me before a mistake"
"""Offered beside Start when easy is chosen and the coach is off (the Coach setting)."""
COACH_LEVEL = "easy"
LEVEL_HELP = {
    "easy": "Plays quickly and makes mistakes",
    "normal": "A fair opponent for most players",
    "hard": "Thinks longest and plays its best",
}


def levels() -> tuple[str, ...]:
    from game.ai import LEVELS

    return LEVELS


def option_label(value: str) -> str:
    """How a choice reads in a drop-down: 'on' → 'On', digits unchanged."""
    return value[:1].upper() + value[1:] if value else value


class NewGameScene(Scene):
    """Choose how to play ``info`` and start it. Cancel/Esc returns to the menu."""

    overlay = True
    name = "new-game"

    def __init__(self, app: App, info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        self.match: Match | None = None
        """The match built by the last successful Start (tests look here)."""
        self.error: str | None = None
        remembered = self._remembered()
        self.mode: str = remembered.get("mode") if remembered.get("mode") in (MODE_AI, MODE_TWO) else MODE_AI
        level = remembered.get("level")
        self.level: str = level if level in levels() else ("normal" if "normal" in levels() else levels()[0])
        side = remembered.get("side")
        self.side: str = side if side in (*info.players, RANDOM_SIDE) else info.players[0]
        saved_names = remembered.get("names") if isinstance(remembered.get("names"), dict) else {}
        self.names: dict[str, str] = {p: str(saved_names.get(p, "")) for p in info.players}
        """The names typed for a two-player game, remembered as the last used (empty: the side's title)."""
        self.name_entries: dict[str, UITextEntryLine] = {}
        saved_options = remembered.get("options") if isinstance(remembered.get("options"), dict) else {}
        self.options: dict[str, str] = {}
        for spec in info.options:
            value = str(saved_options.get(spec.name, spec.default))
            self.options[spec.name] = value if value in spec.choices else spec.default
        # widgets (layout)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.mode_row: ChoiceRow | None = None
        self.level_row: ChoiceRow | None = None
        self.side_row: ChoiceRow | None = None
        self.dropdowns: dict[str, UIDropDownMenu] = {}
        self.start_button: UIButton | None = None
        self.cancel_button: UIButton | None = None
        self.labels: list[tuple[str, int, bool]] = []
        self.option_rows: list[tuple[str, str, int]] = []
        self.show_help = True
        self.error_y = 0
        self.label_x = 0
        self.offer = self._offers_lessons()
        """Whether to offer the lessons first: the game has some, and the player has neither
        finished one nor saved a game of it (a first visit, as far as the app can tell)."""
        self.learn_button: UIButton | None = None
        self.coach_button: UIButton | None = None
        """The coach's switch, offered on easy while the coach is off (it stays once switched here)."""
        self.coach_switched = False
        self._starts: tuple[tuple[tuple[str, str], ...], StartGrid | None] | None = None
        """The best-play card's grid and the options it was read for (read again when they change)."""

    def _offers_lessons(self) -> bool:
        from game.lessons import lessons_for

        try:
            if not lessons_for(self.info.id) or self.app.progress.started(self.info.id):
                return False
            return not any(entry.game_id == self.info.id for entry in self.app.store.entries())
        except Exception:  # an offer is a courtesy: it must never stop a game from starting
            return False

    def _remembered(self) -> dict[str, Any]:
        from saves.settings import new_game_choices

        return new_game_choices(self.app.settings, self.info.id)

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        panel_w = min(660, width - 60)
        header_h = 84
        row_h, row_gap = 40, 14
        panel_w_guess = min(660, width - 60)
        help_w = panel_w_guess - 60 - DROP_W - 16
        help_lines = [max(1, min(3, len(style.wrap(spec.help, 13, help_w)))) for spec in self.info.options]
        heights = [42 + 16 * lines for lines in help_lines]  # 58, 74 or 90: up to three lines of help
        offer_h = OFFER_H if self.offer else 0
        base = header_h + offer_h + 22 + 3 * (row_h + row_gap) + 40 + 8 + 44 + 24
        self.show_help = base + sum(heights) <= height - 30
        if not self.show_help:  # too many options for this window: labels only (help stays in Rules)
            heights = [48 for _ in self.info.options]
        panel_h = base + sum(heights)
        self.panel_rect = pygame.Rect(
            (width - panel_w) // 2, max(20, (height - panel_h) // 2), panel_w, panel_h
        )
        pad = 30
        self.label_x = self.panel_rect.x + pad
        control_x = self.panel_rect.x + pad + 150
        control_w = self.panel_rect.right - pad - control_x
        y = self.panel_rect.y + header_h + offer_h + 22
        self.labels = []
        self.learn_button = None
        if self.offer:
            self.learn_button = UIButton(
                pygame.Rect(self.panel_rect.right - pad - 170, self.panel_rect.y + header_h + 8, 170, 40),
                "Learn to play",
                self.ui,
                tool_tip_text="Short lessons on the real board, then a practice game",
                object_id=ObjectID("#learn", "@secondary"),
            )

        self.labels.append(("Opponent", y, True))
        self.mode_row = ChoiceRow(
            self.ui,
            pygame.Rect(control_x, y, control_w, row_h),
            [(MODE_AI, "Computer"), (MODE_TWO, "Two players")],
            self.mode,
            tooltips=["Play against the computer", "Two people take turns at this screen"],
        )
        y += row_h + row_gap
        self.level_row = self.side_row = None
        self.name_entries = {}
        if self.mode == MODE_TWO:  # the two people's names where the level and side are asked
            from game.match import MAX_NAME_CHARS

            for index, player in enumerate(self.info.players):
                title = self.info.player_title(player)
                self.labels.append((title, y, True))
                entry = UITextEntryLine(
                    pygame.Rect(control_x, y, control_w, row_h),
                    self.ui,
                    placeholder_text=f"{title} (type a name if you like)",
                    initial_text=self.names.get(player, "")[:MAX_NAME_CHARS],
                    object_id=ObjectID(f"#name_{player}", None),
                )
                entry.set_text_length_limit(MAX_NAME_CHARS)
                self.name_entries[player] = entry
                if index < len(self.info.players) - 1:
                    y += row_h + row_gap
        else:
            self.labels.append(("Level", y, False))
            self.level_row = ChoiceRow(
                self.ui,
                pygame.Rect(control_x, y, control_w, row_h),
                [(lv, lv.title()) for lv in levels()],
                self.level,
                tooltips=[self._level_note(lv) for lv in levels()],
            )
            y += row_h + row_gap
            self.labels.append(("You play", y, False))
            sides = [(p, self.info.player_title(p)) for p in self.info.players] + [(RANDOM_SIDE, "Random")]
            self.side_row = ChoiceRow(
                self.ui,
                pygame.Rect(control_x, y, control_w, row_h),
                sides,
                self.side,
                tooltips=[f"You play the {t.lower()}" for _, t in sides[:-1]] + ["Let chance decide"],
            )
        y += row_h + row_gap + 8
        self.options_header_y = y
        y += 32
        self.option_rows = []
        self.dropdowns = {}
        drop_w = min(DROP_W, control_w)
        for spec, opt_h in zip(self.info.options, heights, strict=True):
            self.option_rows.append((spec.label, spec.help, y))
            choices = [(option_label(c), c) for c in spec.choices]
            current = self.options[spec.name]
            self.dropdowns[spec.name] = UIDropDownMenu(
                choices,
                (option_label(current), current),
                pygame.Rect(self.panel_rect.right - pad - drop_w, y, drop_w, 36),
                self.ui,
                object_id=ObjectID(f"#option_{spec.name}", None),
            )
            y += opt_h
        self.error_y = y + 2
        button_y = self.panel_rect.bottom - 24 - 44
        self.start_button = UIButton(
            pygame.Rect(self.panel_rect.right - pad - 170, button_y, 170, 44),
            "Start",
            self.ui,
            tool_tip_text="Enter",
            object_id=ObjectID("#start", "@primary"),
        )
        self.cancel_button = UIButton(
            pygame.Rect(self.panel_rect.right - pad - 170 - 14 - 140, button_y, 140, 44),
            "Cancel",
            self.ui,
            tool_tip_text="Esc",
            object_id=ObjectID("#cancel", "@secondary"),
        )
        self._apply_mode()
        self._offer_coach()

    def _coach_on(self) -> bool:
        return bool(getattr(self.app.settings, "coach", False))

    def _offer_coach(self) -> None:
        """Show the coach's switch beside Cancel exactly while easy is chosen against the computer
        and the coach is off (or was switched on here, so the switch does not vanish under the
        pointer). In the games of secret orders too: there the coach judges an order before it is
        sealed, against the opponent's likely orders."""
        wanted = (
            self.mode == MODE_AI
            and self.level == COACH_LEVEL
            and (self.coach_switched or not self._coach_on())
            and self.cancel_button is not None
        )
        if not wanted:
            if self.coach_button is not None:
                self.coach_button.kill()
            self.coach_button = None
            return
        if self.coach_button is not None and self.coach_button.alive():
            return
        assert self.cancel_button is not None
        button = self.cancel_button.relative_rect
        self.coach_button = UIButton(
            pygame.Rect(self.label_x, button.centery - 17, 58, 34),
            "On" if self._coach_on() else "Off",
            self.ui,
            tool_tip_text="The coach marks your pieces under attack and warns before a mistake (Settings)",
            object_id=ObjectID("#coach", "@secondary"),
        )

    def _switch_coach(self) -> None:
        """The coach on or off, as the Settings row does (saved at once)."""
        self.app.settings.coach = not self._coach_on()
        self.coach_switched = True
        self.app.save_settings()
        if self.coach_button is not None:
            self.coach_button.set_text("On" if self._coach_on() else "Off")

    def _apply_mode(self) -> None:
        ai = self.mode == MODE_AI
        for row in (self.level_row, self.side_row):
            if row is not None:
                row.set_enabled(ai)

    # -- events ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.mode_row is not None and self.mode_row.handle_event(event):
            if self.mode != self.mode_row.selected:
                self._keep_names()
                self.mode = self.mode_row.selected
                self.ui.clear_and_reset()  # the level and side rows give way to the names, or back
                self.layout(self.app.size)
            self.error = None
        elif self.level_row is not None and self.level_row.handle_event(event):
            self.level = self.level_row.selected
            self._offer_coach()
        elif self.side_row is not None and self.side_row.handle_event(event):
            self.side = self.side_row.selected
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for name, menu in self.dropdowns.items():
                if event.ui_element is menu:
                    self.options[name] = _dropdown_value(menu)
                    self.error = None
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start_button:
                self.start()
            elif event.ui_element is self.cancel_button:
                self.app.pop()
            elif event.ui_element is self.learn_button:
                self.app.open("lessons", self.info)
            elif event.ui_element is self.coach_button:
                self._switch_coach()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()

    # -- starting -------------------------------------------------------------------------------
    def seats(self, rng: random.Random | None = None) -> dict[str, Any]:
        """The seats for the current choices (a random side is drawn here, at Start)."""
        from game.match import AI, HUMAN, Seat

        if self.mode == MODE_TWO:
            from game.match import player_name

            self._keep_names()
            return {p: Seat(HUMAN, name=player_name(self.names.get(p))) for p in self.info.players}
        human = self.side if self.side != RANDOM_SIDE else (rng or random.Random()).choice(self.info.players)
        return {p: Seat(HUMAN) if p == human else Seat(AI, self.level) for p in self.info.players}

    def build_match(self) -> Match:
        """The match for the current choices; GameError (shown in the dialog) if the rules refuse."""
        from game.match import Match

        return Match(self.info, dict(self.options), self.seats())

    def start(self) -> None:
        """Build the match, remember the choices, and open the board (or explain why not)."""
        try:
            match = self.build_match()
        except GameError as exc:
            self.error = str(exc)
            return
        except Exception as exc:  # a game's bug must not crash the menu
            self.error = failure_sentence("This game could not be set up", exc)
            return
        self.match = match
        self._remember()
        if not self.app.open_match(match):
            self.error = "The game screen could not be opened."

    def _keep_names(self) -> None:
        """What is typed in the name fields, kept across a change of mode and for next time."""
        for player, entry in self.name_entries.items():
            if entry.alive():
                self.names[player] = entry.get_text()

    def _remember(self) -> None:
        self._keep_names()
        choices = {
            "mode": self.mode,
            "level": self.level,
            "side": self.side,
            "options": dict(self.options),
            "names": {p: n for p, n in self.names.items() if n.strip()},
        }
        from saves.settings import remember_new_game

        remember_new_game(self.app.settings, self.info.id, choices)
        self.app.save_settings()

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 160)
        rect = self.panel_rect
        style.panel(surface, rect, style.PARCHMENT, radius=16, border=style.WOOD_DARK)
        header = pygame.Rect(rect.x, rect.y, rect.width, 84)
        pygame.draw.rect(
            surface, style.WOOD_DARK, header, border_top_left_radius=16, border_top_right_radius=16
        )
        coin_r = 24
        suit = style.game_suit(self.info.id)
        style.piecepack_coin(surface, (rect.x + 30 + coin_r, header.centery), coin_r, suit)
        x = rect.x + 30 + coin_r * 2 + 16
        style.text(surface, "NEW GAME", (x, header.y + 16), 13, style.ACCENT_LIGHT, bold=True)
        style.text(
            surface,
            style.fit_text(self.info.title, 28, rect.right - x - 20, True),
            (x, header.y + 32),
            28,
            style.PARCHMENT,
            bold=True,
        )
        if self.learn_button is not None:
            self._draw_offer(surface, header.bottom)
        ai = self.mode == MODE_AI
        for label, y, always in self.labels:
            colour = style.INK if (always or ai) else (170, 156, 140)
            style.text(surface, label, (self.label_x, y + 20), 17, colour, bold=True, anchor="midleft")
        if self.info.options:
            y = self.options_header_y
            style.text(surface, "Options", (self.label_x, y), 15, style.WOOD, bold=True)
            line_x = self.label_x + 72
            pygame.draw.line(surface, style.PARCHMENT_DARK, (line_x, y + 11), (rect.right - 30, y + 11), 2)
        drop_left = min((m.relative_rect.left for m in self.dropdowns.values()), default=rect.right) - 16
        for label, help_text, y in self.option_rows:
            width = drop_left - self.label_x
            if self.show_help and help_text:
                style.text(
                    surface,
                    style.fit_text(label, 16, width, True),
                    (self.label_x, y - 1),
                    16,
                    style.INK,
                    bold=True,
                )
                lines = style.wrap(help_text, 13, width, max_lines=3)
                style.text_block(surface, lines, (self.label_x, y + 21), 13, style.INK_SOFT)
            else:
                style.text(
                    surface,
                    style.fit_text(label, 16, width, True),
                    (self.label_x, y + 18),
                    16,
                    style.INK,
                    bold=True,
                    anchor="midleft",
                )
        # the status line sits left of Cancel/Start: an error, or what the chosen level means
        if self.cancel_button is not None:
            button = self.cancel_button.relative_rect
            width = button.left - 18 - self.label_x
            if self.error:
                lines = style.wrap(self.error, 14, width, bold=True, max_lines=3)
                colour, bold = style.BAD, True
            elif self.coach_button is not None:
                self._draw_coach_offer(surface, width)
                lines, colour, bold = [], style.INK_SOFT, False
            elif ai and self.level in LEVEL_HELP:
                note = self.info.level_notes.get(self.level) or LEVEL_HELP[self.level].lower()
                lines = style.wrap(f"{self.level.title()}: {note}.", 14, width, max_lines=3)
                colour, bold = style.INK_SOFT, False
            else:
                lines, colour, bold = [], style.INK_SOFT, False
            if lines:
                step = round(font(14, bold).get_linesize() * 1.04)
                top = button.centery - (step * len(lines)) // 2
                style.text_block(surface, lines, (self.label_x, top), 14, colour, bold=bold)

        self._draw_starts(surface)

    def starts_grid(self) -> StartGrid | None:
        """What each start square is worth for the chosen options, when the player asked to see
        who wins with best play (a spoiler, off by default) and the game's start is proved."""
        if not getattr(self.app.settings, "show_solved", False) or self.info.start_values is None:
            return None
        key = tuple(sorted(self.options.items()))
        if self._starts is None or self._starts[0] != key:
            self._starts = (key, start_grid(self.info, self.options))
        return self._starts[1]

    def _draw_starts(self, surface: pygame.Surface) -> None:
        grid = self.starts_grid()
        rect = (
            None
            if grid is None
            else card_rect(self.panel_rect, surface.get_size(), grid, self.info.player_title)
        )
        if grid is not None and rect is not None:
            draw_card(surface, rect, grid, self.info)

    def _draw_coach_offer(self, surface: pygame.Surface, width: int) -> None:
        """The coach's line beside its switch."""
        if self.coach_button is None:
            return
        switch = self.coach_button.relative_rect
        left = switch.right + 10
        lines = style.wrap(COACH_OFFER, 14, self.label_x + width - left, max_lines=2)
        step = round(font(14).get_linesize() * 1.04)
        top = switch.centery - (step * len(lines)) // 2
        style.text_block(surface, lines, (left, top), 14, style.INK)

    def _level_note(self, level: str) -> str | None:
        """What ``level`` is like in this game (its own line, else the general one), as a sentence."""
        note = self.info.level_notes.get(level) or LEVEL_HELP.get(level)
        return None if not note else f"{note[0].upper()}{note[1:]}."

    def _draw_offer(self, surface: pygame.Surface, top: int) -> None:
        """The first-visit line under the header: the lessons are offered, never imposed."""
        rect = pygame.Rect(self.panel_rect.x + 2, top, self.panel_rect.width - 4, OFFER_H)
        pygame.draw.rect(surface, style.PARCHMENT_DARK, rect)
        button = self.learn_button.relative_rect if self.learn_button is not None else rect
        width = button.left - 16 - self.label_x
        lines = style.wrap(
            f"New to {self.info.title}? Try the short lessons first.", 15, width, bold=True, max_lines=2
        )
        step = round(font(15, True).get_linesize() * 1.04)
        top = rect.centery - step * len(lines) // 2
        style.text_block(surface, lines, (self.label_x, top), 15, style.WOOD, bold=True)


def _dropdown_value(menu: UIDropDownMenu) -> str:
    """The choice id of a drop-down (pygame-gui returns (text, id) pairs for tuple option lists)."""
    selected = menu.selected_option
    if isinstance(selected, tuple):
        return str(selected[1])
    return str(selected).lower()
