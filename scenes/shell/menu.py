"""The main menu: the logo, Continue, one card per game, and Load / Settings / Quit.

A card shows the game's title, who plays and how, who designed it ("Designed by Robert Abbott,
1975", from ``GameInfo.credit``) where the card has room, its summary and board, and its buttons.

The menu always sits at the bottom of the stack (see :meth:`scenes.kit.app.App.open_match`), so
"Main menu" anywhere is simply ``app.goto("menu")`` and leaving a match (which autosaves it) always
lands here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.core import GameInfo, GameState
from saves.statistics import record_lines
from scenes.kit import style
from scenes.kit.about import version_text
from scenes.kit.app import Scene
from scenes.kit.failures import failure_sentence
from scenes.kit.fonts import font
from scenes.kit.pacing import NOW
from scenes.kit.picture import board_picture, content_bounds
from scenes.kit.registry import demo_match, playable_games
from scenes.kit.text import friendly_time
from scenes.shell.windows.dialogs import DialogHost, escape
from scenes.shell.windows.rules import open_rules_window

if TYPE_CHECKING:
    from saves.store import SaveEntry
    from scenes.kit.app import App

SUBTITLE = "Five rare board games"
SUMMARY_TOP = 78
"""Where a card's summary starts, below its title and caption."""
SUMMARY_COMPACT_TOP = 60
"""Where it starts on a card too short for caption and summary both (small windows)."""
LESSONS_LINE = 18
"""The room kept above a card's buttons for its lesson progress."""
CARD_PAD = 16
"""A card's inner margin."""
CAPTION_TOP = 50
"""Where a card's caption (who plays, and how) starts, under its title."""
CREDIT_TOP = 66
"""Where a card's designer line starts, under the caption."""
CREDIT_SIZE = 13
"""The designer line's text size."""
SUMMARY_MODES: tuple[tuple[int, int, bool, bool], ...] = (
    (15, 86, True, True),
    (14, 84, True, True),
    (15, SUMMARY_TOP, True, False),
    (14, SUMMARY_COMPACT_TOP, False, False),
)
"""How a card's summary is set, by preference: (text size, top, caption line shown, designer line
shown)."""
SummaryLayout = tuple[int, int, bool, bool, list[str]]
"""(text size, top, caption shown, designer shown, lines) of a card's summary."""
PICTURE_SHARE = 0.42
"""How much of a card's inner width its board picture may take (the summary wraps beside it)."""
PICTURE_MIN = (84, 56)
"""A picture smaller than this would be a smudge: such a card shows its summary full width."""
PICTURE_GAP = 14
"""Between the summary and the picture."""
_card_states: dict[str, GameState | None] = {}
"""Per game, the position its card shows, for the life of the process: the menu is rebuilt at every
return and resize, and finding a demo costs up to a fifth of a second."""


def card_state(game_id: str) -> GameState | None:
    """The characteristic mid-game position a game's card shows (its view's own "mid" demo); None
    when there is none. A failure here only costs the card its picture, so it is never raised."""
    if game_id not in _card_states:
        try:
            _card_states[game_id] = demo_match(game_id, "mid").state
        except Exception:
            _card_states[game_id] = None
    return _card_states[game_id]


def card_picture(game_id: str, area: pygame.Rect) -> tuple[pygame.Rect, pygame.Surface] | None:
    """A card's board picture and where it goes: the board proper (a card is too small for the
    view's rosters and tallies) drawn into ``area``, trimmed to the board's own shape and set
    against the area's right edge (the summary reads from the left)."""
    state = card_state(game_id)
    if state is None:
        return None
    drawn = board_picture(game_id, state, area.size, focus=True)
    bounds = content_bounds(drawn)
    place = pygame.Rect(area.right - bounds.width, area.y + bounds.y, bounds.width, bounds.height)
    return place, drawn.subsurface(bounds)


def continue_caption(entry: SaveEntry) -> str:
    """'Two players · 23 moves · today 14:05' for the Continue banner."""
    parts = [entry.mode or ("Saved game" if entry.kind == "manual" else "Autosave")]
    parts.append(f"{entry.move_count} move{'s' if entry.move_count != 1 else ''}")
    parts.append(friendly_time(entry.saved_at))
    return " · ".join(parts)


@dataclass
class Card:
    """One game's card: where it is and its buttons (the drawing reads these)."""

    info: GameInfo
    rect: pygame.Rect
    play: UIButton
    rules: UIButton
    suit: str
    summary_lines: list[str]
    summary_top: int = SUMMARY_TOP
    show_caption: bool = True
    summary_size: int = 15
    show_credit: bool = False
    """Whether the designer line is shown under the caption (where the card has room)."""
    learn: UIButton | None = None
    lessons: tuple[int, int, int] | None = None
    """(lessons finished, lessons in all, stars earned); None when the game has no lessons yet."""
    picture_area: pygame.Rect | None = None
    """Where the board picture may go (it takes the board's shape inside); None: no room for one."""
    record: tuple[str, ...] = ()
    """The player's record against the computer, longest wording first (:func:`record_lines`)."""


class MainMenuScene(Scene):
    """The title screen. Rebuilt whenever it is uncovered so Continue always reflects the saves."""

    name = "menu"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.dialogs = DialogHost(self.ui)
        self.cards: list[Card] = []
        self.continue_entry: SaveEntry | None = None
        self.continue_button: UIButton | None = None
        self.continue_rect: pygame.Rect | None = None
        self.load_button: UIButton | None = None
        self.settings_button: UIButton | None = None
        self.credits_button: UIButton | None = None
        self.statistics_button: UIButton | None = None
        self.quit_button: UIButton | None = None
        self.logo_rect = pygame.Rect(0, 0, 0, 0)
        self.title_size = 64
        self.games: list[GameInfo] = []
        self.load_error: str | None = None
        self._stale = True
        self._hover: int | None = None
        self.pictures: dict[str, tuple[pygame.Rect, pygame.Surface] | None] = {}
        """Per game, its card's board picture and where it goes, drawn by :meth:`update` one card
        per frame (None: that card has no picture); cleared at every layout."""

    # -- lifecycle ------------------------------------------------------------------------------
    def enter(self) -> None:
        """Refresh lazily: a menu pushed under a match is never shown, so it should not scan saves."""
        self._stale = True
        self._built = True

    def refresh(self) -> None:
        """Re-read the games and the newest unfinished save, then rebuild the widgets."""
        self._stale = False
        try:
            self.games = playable_games()
            self.load_error = None
        except Exception as exc:  # a broken game module must not blank the whole menu
            self.games = []
            self.load_error = failure_sentence("The games could not be loaded", exc)
        try:
            self.continue_entry = self.app.store.last_unfinished()
        except Exception:
            self.continue_entry = None
        self.ui.clear_and_reset()
        self.dialogs = DialogHost(self.ui)
        self.layout(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.ui.set_window_resolution(size)
        self.ui.clear_and_reset()
        self.dialogs = DialogHost(self.ui)
        if not self._stale:
            self.layout(size)

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = max(24, width // 28)
        self.title_size = max(44, min(84, round(height * 0.085)))
        logo_top = max(18, round(height * 0.045))
        logo_h = round(self.title_size * 1.25) + 44
        self.logo_rect = pygame.Rect(0, logo_top, width, logo_h)
        y = self.logo_rect.bottom + max(10, height // 60)

        # Continue banner: in the logo's foot, where the subtitle and its flourish stand without it, so
        # the cards and buttons below are where they were whether or not there is a game to continue
        self.continue_button = None
        self.continue_rect = None
        if self.continue_entry is not None:
            banner_h = 52 if height >= 720 else 44
            banner_w = min(760, width - 2 * margin)
            self.continue_rect = pygame.Rect((width - banner_w) // 2, y - 6 - banner_h, banner_w, banner_h)
            bw, bh = 160, banner_h - 12
            self.continue_button = UIButton(
                pygame.Rect(self.continue_rect.right - bw - 8, self.continue_rect.centery - bh // 2, bw, bh),
                "Continue",
                self.ui,
                tool_tip_text="Pick up your last unfinished game (Enter)",
                object_id=ObjectID("#continue", "@primary"),
            )

        # bottom row
        bottom_h = 44
        bottom_y = height - max(18, height // 30) - bottom_h
        labels = (
            ("Load game", "#load"),
            ("Settings", "#settings"),
            ("Statistics", "#statistics"),
            ("Credits", "#credits"),
            ("Quit", "#quit"),
        )
        bw, gap = (176 if width >= 1200 else 148), (16 if width >= 1200 else 12)
        row_w = len(labels) * bw + (len(labels) - 1) * gap
        x = (width - row_w) // 2
        buttons = []
        for label, object_id in labels:
            buttons.append(
                UIButton(
                    pygame.Rect(x, bottom_y, bw, bottom_h),
                    label,
                    self.ui,
                    object_id=ObjectID(object_id, None),
                )
            )
            x += bw + gap
        self.load_button, self.settings_button, self.statistics_button = buttons[:3]
        self.credits_button, self.quit_button = buttons[3:]

        # cards
        area = pygame.Rect(margin, y, width - 2 * margin, bottom_y - y - max(16, height // 40))
        self._layout_cards(area)

    def _layout_cards(self, area: pygame.Rect) -> None:
        self.cards = []
        self.pictures = {}
        count = len(self.games)
        if count == 0:
            return
        gap = 18 if area.width > 1000 else 14
        best: tuple[float, int, int, int, int] | None = None
        for cols in range(1, count + 1):
            rows = math.ceil(count / cols)
            w = min(380, (area.width - gap * (cols - 1)) // cols)
            h = min(250, (area.height - gap * (rows - 1)) // rows)
            if w < 150 or h < 120:
                continue
            score = min(w / 1.5, h)
            if best is None or score > best[0] + 0.5:
                best = (score, cols, rows, w, h)
        if best is None:  # tiny window: one row, squeezed
            cols, rows = count, 1
            w = max(120, (area.width - gap * (count - 1)) // count)
            h = max(110, area.height)
        else:
            _, cols, rows, w, h = best
        total_h = rows * h + (rows - 1) * gap
        top = area.top + max(0, (area.height - total_h) // 3)
        rects: list[pygame.Rect] = []
        for index in range(count):
            row, col = divmod(index, cols)
            in_row = min(cols, count - row * cols)
            row_w = in_row * w + (in_row - 1) * gap
            left = area.centerx - row_w // 2 + col * (w + gap)
            rects.append(pygame.Rect(left, top + row * (h + gap), w, h))
        progress = [self._lesson_progress(info) for info in self.games]
        records = [record_lines(self.app.data_dir, info.id) for info in self.games]  # saves.statistics
        reserve = any(records)  # every card keeps the room, so the cards stay alike
        plans = _picture_plans(self.games, rects, progress, reserve)
        for index, (info, rect) in enumerate(zip(self.games, rects, strict=True)):
            plan = None if plans is None else plans[index]
            self.cards.append(self._make_card(info, rect, progress[index], plan, reserve))
            self.cards[-1].record = records[index]

    def _make_card(
        self,
        info: GameInfo,
        rect: pygame.Rect,
        progress: tuple[int, int, int] | None,
        plan: tuple[SummaryLayout, pygame.Rect] | None,
        reserve: bool = False,
    ) -> Card:
        """A card's buttons and text; ``plan`` gives its summary beside a picture, else the summary
        runs full width."""
        pad = CARD_PAD
        by, button_h = _button_row(rect)
        rules_w = max(72, (rect.width - 2 * pad - 20) * 3 // 10)
        play_w = rect.width - 2 * pad - 2 * rules_w - 20
        play = UIButton(
            pygame.Rect(rect.x + pad, by, play_w, button_h),
            "Play",
            self.ui,
            tool_tip_text=f"Start a new game of {info.title}",
            object_id=ObjectID(f"#play_{info.id}", "@primary"),
        )
        rules = UIButton(
            pygame.Rect(rect.x + pad + play_w + rules_w + 20, by, rules_w, button_h),
            "Rules",
            self.ui,
            tool_tip_text=f"How to play {info.title}",
            object_id=ObjectID(f"#rules_{info.id}", "@secondary"),
        )
        learn = UIButton(
            pygame.Rect(rect.x + pad + play_w + 10, by, rules_w, button_h),
            "Learn",
            self.ui,
            tool_tip_text=f"Learn {info.title} in short lessons" if progress else "Lessons are on their way",
            object_id=ObjectID(f"#learn_{info.id}", "@secondary"),
        )
        if progress is None:
            learn.disable()
        picture_area: pygame.Rect | None = None
        if plan is not None:
            layout, picture_area = plan
        else:  # full width, the caption giving way to the summary on a short card
            bottom = _text_bottom(rect, progress is not None, reserve)
            inner = rect.width - 2 * pad
            layout = _summary_layout(info.summary, rect.y, bottom, inner, SUMMARY_MODES) or _summary_layout(
                info.summary, rect.y, bottom, inner, SUMMARY_MODES[-1:], force=True
            )
        assert layout is not None
        size, top, caption, credit, lines = layout
        suit = style.game_suit(info.id)
        return Card(
            info, rect, play, rules, suit, lines, top, caption, size, credit, learn, progress, picture_area
        )

    def _lesson_progress(self, info: GameInfo) -> tuple[int, int, int] | None:
        """(finished, in all, stars) of the game's lessons; None when it has none (or they fail to
        load: the menu must still show the game)."""
        from game.lessons import lessons_for

        try:
            lessons = lessons_for(info.id)
            if not lessons:
                return None
            done, stars = self.app.progress.summary(info.id, [lesson.id for lesson in lessons])
        except Exception:
            return None
        return done, len(lessons), stars

    # -- events ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialogs.handle_event(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self._hover = next((i for i, c in enumerate(self.cards) if c.rect.collidepoint(event.pos)), None)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._on_button(event.ui_element)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.ask_quit()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.continue_entry is not None:
                self.continue_game()

    def _on_button(self, element: object) -> None:
        if element is self.continue_button:
            self.continue_game()
        elif element is self.load_button:
            self.app.open("load")
        elif element is self.settings_button:
            self.app.open("settings")
        elif element is self.credits_button:
            self.app.open("credits")
        elif element is self.statistics_button:
            self.app.open("statistics")
        elif element is self.quit_button:
            self.ask_quit()
        else:
            for card in self.cards:
                if element is card.play:
                    self.new_game(card.info)
                elif element is card.rules:
                    self.show_rules(card.info)
                elif element is card.learn:
                    self.app.open("lessons", card.info)

    # -- actions --------------------------------------------------------------------------------
    def new_game(self, info: GameInfo) -> None:
        self.app.open("new-game", info)

    def show_rules(self, info: GameInfo) -> None:
        self.dialogs.close_all()
        self.dialogs.track(open_rules_window(self.ui, info))

    def ask_quit(self) -> None:
        self.dialogs.confirm(
            "Quit",
            "Quit Curio Boards?<br><br>Unfinished games are kept; <b>Continue</b> picks them up next time.",
            "Quit",
            self.app.quit,
        )

    def continue_game(self) -> None:
        """Load the newest unfinished game; a file that fails now is explained, never deleted."""
        from saves.store import SaveError

        entry = self.continue_entry
        if entry is None:
            return
        try:
            match = self.app.store.load(entry.path)
        except SaveError as exc:
            self.dialogs.message("Could not continue", escape(str(exc)))
            return
        self.app.open_match(match)

    # -- frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self._stale:
            self.refresh()
        self._draw_next_picture()

    def _draw_next_picture(self) -> None:
        """Draw the board picture of the first card still without one: one per frame, so the menu
        appears at once and the pictures follow (they are cached, so a return to the menu finds
        them ready). A card's position is found in one frame and drawn in the next, so that no
        frame pays for both."""
        for card in self.cards:
            game_id = card.info.id
            if game_id in self.pictures:
                continue
            area = card.picture_area
            if area is not None and game_id not in _card_states:
                card_state(game_id)  # finding the position is a frame's work of its own
                return
            self.pictures[game_id] = None if area is None else card_picture(game_id, area)
            return

    def next_frame(self) -> float | None:
        """Right away while card pictures are still to be drawn; otherwise the menu is still."""
        return NOW if any(card.info.id not in self.pictures for card in self.cards) else None

    def draw(self, surface: pygame.Surface) -> None:
        if self._stale:  # drawn under an overlay (new-game dialog) before it ever updated
            self.refresh()
        size = surface.get_size()
        surface.blit(style.background(size), (0, 0))
        self._draw_logo(surface, subtitle=self.continue_rect is None)
        if self.continue_rect is not None and self.continue_entry is not None:
            self._draw_continue(surface, self.continue_rect, self.continue_entry)
        for index, card in enumerate(self.cards):
            self._draw_card(surface, card, hovered=index == self._hover)
        if not self.cards:
            message = self.load_error or "No games are available yet."
            style.text(
                surface,
                message,
                (size[0] // 2, size[1] // 2),
                20,
                style.PARCHMENT,
                anchor="center",
                shadow=True,
            )
        style.text(
            surface, "F11 full screen", (16, size[1] - 12), 13, style.PARCHMENT_DARK, anchor="bottomleft"
        )
        corner = (size[0] - 16, size[1] - 12)  # the one version number (pyproject.toml), for bug reports
        style.text(surface, version_text(), corner, 13, style.PARCHMENT_DARK, anchor="bottomright")

    def _draw_logo(self, surface: pygame.Surface, subtitle: bool = True) -> None:
        """The title with its tiles, and (unless the Continue banner stands there) the subtitle."""
        cx = self.logo_rect.centerx
        ts = self.title_size
        title_font = font(ts, True)
        curio_w = title_font.size("Curio ")[0]
        full_w = title_font.size("Curio Boards")[0]
        left = cx - full_w // 2
        top = self.logo_rect.top
        for word, x, color in (
            ("Curio", left, style.ACCENT_LIGHT),
            ("Boards", left + curio_w, style.PARCHMENT),
        ):
            shade = title_font.render(word, True, (10, 20, 16))
            shade.set_alpha(150)
            surface.blit(shade, (x + 2, top + 4))
            surface.blit(title_font.render(word, True, color), (x, top))
        title_bottom = top + round(ts * 1.2)
        tile = max(30, round(ts * 0.62))
        offset = full_w // 2 + tile
        mid = top + round(ts * 0.62)
        style.piecepack_tile(surface, (cx - offset - 6, mid - 6), tile, "suns", angle=10)
        style.piecepack_tile(
            surface, (cx - offset - tile - 6, mid + 12), round(tile * 0.8), "moons", angle=-14
        )
        style.piecepack_tile(surface, (cx + offset + 6, mid - 6), tile, "crowns", angle=-10)
        style.piecepack_tile(surface, (cx + offset + tile + 6, mid + 12), round(tile * 0.8), "arms", angle=14)
        if not subtitle:
            return
        sub_size = max(15, round(ts * 0.27))
        spaced = "  ".join(" ".join(word) for word in SUBTITLE.upper().split())
        sub = style.text(
            surface,
            spaced,
            (cx, title_bottom + 4),
            sub_size,
            style.PARCHMENT_DARK,
            bold=True,
            anchor="midtop",
        )
        style.flourish(surface, (cx, sub.bottom + 12), min(420, sub.width + 80))

    def _draw_continue(self, surface: pygame.Surface, rect: pygame.Rect, entry: SaveEntry) -> None:
        style.panel(surface, rect, style.WOOD_DARK, radius=14, border=style.ACCENT)
        coin_r = rect.height // 2 - 10
        style.piecepack_coin(
            surface, (rect.x + 14 + coin_r, rect.centery), coin_r, style.game_suit(entry.game_id)
        )
        x = rect.x + 28 + coin_r * 2
        right = self.continue_button.relative_rect.left - 16 if self.continue_button else rect.right - 16
        title = f"Continue: {entry.title}"
        big, small = (18, 14) if rect.height >= 50 else (17, 13)
        style.text(
            surface,
            style.fit_text(title, big, right - x, True),
            (x, rect.centery + 2),
            big,
            style.PARCHMENT,
            bold=True,
            anchor="bottomleft",
        )
        style.text(
            surface,
            style.fit_text(continue_caption(entry), small, right - x),
            (x, rect.centery + 1),
            small,
            style.ACCENT_LIGHT,
            anchor="topleft",
        )

    def _draw_card(self, surface: pygame.Surface, card: Card, hovered: bool) -> None:
        rect = card.rect
        style.panel(surface, rect, style.PARCHMENT, radius=14, border=style.ACCENT if hovered else style.WOOD)
        if hovered:
            pygame.draw.rect(surface, style.ACCENT_LIGHT, rect.inflate(4, 4), width=2, border_radius=16)
        band = pygame.Rect(rect.x + 2, rect.y + 2, rect.width - 4, 8)
        pygame.draw.rect(
            surface,
            style.EMBLEM_COLOURS.get(card.suit, style.WOOD),
            band,
            border_top_left_radius=12,
            border_top_right_radius=12,
        )
        pad = 16
        coin_r = 19
        style.piecepack_coin(surface, (rect.right - pad - coin_r, rect.y + 22 + coin_r), coin_r, card.suit)
        title_w = rect.width - 2 * pad - coin_r * 2 - 8
        title_size = 22 if font(22, True).size(card.info.title)[0] <= title_w else 19
        style.text(
            surface,
            style.fit_text(card.info.title, title_size, title_w, True),
            (rect.x + pad, rect.y + 44),
            title_size,
            style.INK,
            bold=True,
            anchor="bottomleft",
        )
        if card.show_caption:
            players = " vs ".join(card.info.player_title(p) for p in card.info.players)
            caption = f"{players} · {'simultaneous' if card.info.simultaneous else 'turn by turn'}"
            caption = style.fit_text(caption, 14, title_w)
            style.text(surface, caption, (rect.x + pad, rect.y + CAPTION_TOP), 14, style.INK_SOFT)
        if card.show_credit and card.info.credit is not None:
            byline = card_byline(card.info, rect.width - 2 * pad)
            style.text(surface, byline, (rect.x + pad, rect.y + CREDIT_TOP), CREDIT_SIZE, style.INK_SOFT)
        y = rect.y + card.summary_top
        for line in card.summary_lines:
            style.text(surface, line, (rect.x + pad, y), card.summary_size, style.INK)
            y += _line_height(card.summary_size)
        picture = self.pictures.get(card.info.id)
        if picture is not None:
            place, board = picture
            surface.blit(board, place)
            pygame.draw.rect(surface, style.WOOD, place.inflate(4, 4), width=2, border_radius=5)
        if card.lessons is not None:
            self._draw_lessons_line(surface, card, card.lessons)
        if card.record:
            above = LESSONS_LINE if card.lessons is not None else 0
            x, y, room = rect.x + 16, card.play.relative_rect.top - 6 - above, rect.width - 32
            line = next((t for t in card.record if font(13).size(t)[0] <= room), card.record[-1])
            style.text(surface, line, (x, y), 13, style.INK_SOFT, anchor="bottomleft")

    def _draw_lessons_line(self, surface: pygame.Surface, card: Card, progress: tuple[int, int, int]) -> None:
        """ "Lessons 3/7 ★8" just above the buttons (or an invitation while none is finished)."""
        from scenes.kit.marks import star

        done, total, stars = progress
        x, y = card.rect.x + 16, card.play.relative_rect.top - 6
        if not done:
            text = f"{total} short lessons: press Learn to start"
            style.text(surface, text, (x, y), 13, style.WOOD, bold=True, anchor="bottomleft")
            return
        label = style.text(
            surface, f"Lessons {done}/{total}", (x, y), 13, style.WOOD, bold=True, anchor="bottomleft"
        )
        star(surface, (label.right + 14, label.centery), 7, True)
        style.text(surface, str(stars), (label.right + 24, y), 13, style.WOOD, bold=True, anchor="bottomleft")


def _button_row(rect: pygame.Rect) -> tuple[int, int]:
    """(top, height) of a card's row of buttons."""
    button_h = 36 if rect.height >= 220 else 34
    return rect.bottom - (CARD_PAD if rect.height >= 220 else 13) - button_h, button_h


def _text_bottom(rect: pygame.Rect, has_lessons: bool, has_record: bool = False) -> int:
    """Where a card's summary (and picture) must end: above the lessons and record lines and the buttons."""
    return _button_row(rect)[0] - (LESSONS_LINE if has_lessons else 0) - (LESSONS_LINE if has_record else 0)


def _summary_layout(
    summary: str,
    card_top: int,
    bottom: int,
    width: int,
    modes: tuple[tuple[int, int, bool, bool], ...],
    force: bool = False,
) -> SummaryLayout | None:
    """A card's summary in ``width`` pixels above ``bottom``, in the first of ``modes`` (text size,
    top, caption shown, designer shown) where all of it fits. None when none does, unless
    ``force``, which cuts the summary with an ellipsis in the last mode instead."""
    for size, top, caption, credit in modes:
        room = (bottom - (card_top + top) - 8) // _line_height(size)
        lines = style.wrap(summary, size, width, max_lines=99)
        if len(lines) <= room:
            return size, top, caption, credit, lines
    if not force:
        return None
    size, top, caption, credit = modes[-1]
    room = max(1, (bottom - (card_top + top) - 6) // _line_height(size))
    return size, top, caption, credit, style.wrap(summary, size, width, max_lines=room)


def _picture_plans(
    games: list[GameInfo],
    rects: list[pygame.Rect],
    progress: list[tuple[int, int, int] | None],
    reserve: bool = False,
) -> list[tuple[SummaryLayout, pygame.Rect]] | None:
    """Every card's summary beside a board picture, all cards alike (with the caption and designer
    lines, the caption alone, or neither), or None when some card has no room for both: cards then
    show their summary full width, without pictures, rather than a row where one card looks unlike
    the others."""
    for mode in SUMMARY_MODES:
        plans: list[tuple[SummaryLayout, pygame.Rect]] = []
        for info, rect, lessons in zip(games, rects, progress, strict=True):
            inner = rect.width - 2 * CARD_PAD
            picture_w = round(inner * PICTURE_SHARE)
            bottom = _text_bottom(rect, lessons is not None, reserve)
            top = rect.y + mode[1] + (2 if mode[3] else -2)  # clear of the designer line's ink
            area = pygame.Rect(rect.right - CARD_PAD - picture_w, top, picture_w, bottom - 6 - top)
            layout = _summary_layout(info.summary, rect.y, bottom, inner - picture_w - PICTURE_GAP, (mode,))
            if layout is None or area.width < PICTURE_MIN[0] or area.height < PICTURE_MIN[1]:
                break
            plans.append((layout, area))
        else:
            return plans
    return None


def card_byline(info: GameInfo, width: int) -> str:
    """The card's designer line in ``width`` pixels: "Designed by Robert Abbott, 1975", else the short
    "By Jim Adams and Amy Enge, 2004", cut only if even that is too wide ('' without a credit)."""
    credit = info.credit
    if credit is None:
        return ""
    for line in (credit.byline(), credit.short_byline()):
        if font(CREDIT_SIZE).size(line)[0] <= width:
            return line
    return style.fit_text(credit.short_byline(), CREDIT_SIZE, width)


def _line_height(size: int) -> int:
    return round(font(size).get_linesize() * 1.02)
