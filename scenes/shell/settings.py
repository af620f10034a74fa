"""Settings: window mode, animation speed, sound, the "solved" badge and the coach, applied at once and
remembered.

Every change is applied and saved the moment it is made (no OK/Apply step), which is what players
expect from a game's options screen; Back only leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIHorizontalSlider

from scenes.kit import style
from scenes.kit.app import Scene
from scenes.shell.windows.dialogs import ChoiceRow

if TYPE_CHECKING:
    from scenes.kit.app import App

SPEED_LABELS: dict[str, str] = {"off": "Off", "slow": "Slow", "normal": "Normal", "fast": "Fast"}
SPEED_HELP: dict[str, str] = {
    "off": "Moves appear at once",
    "slow": "Relaxed animations, easy to follow",
    "normal": "The intended pace",
    "fast": "Quick animations for experienced players",
}


SOLVED_TITLE = "Show who wins with best play"
SOLVED_HELP = "Elephant Run: what each start is worth, and who wins once it is settled. A spoiler."
"""The "solved" badge's row (:mod:`scenes.shell.match.solved`)."""

COACH_TITLE = "Coach"
COACH_HELP = "Marks your pieces under attack and warns you before a mistake against the computer."
"""The coach's row (:mod:`scenes.shell.match.coach`)."""

DISPLAY_STEP = 84
"""From the Display heading to the next: its help sits beside the heading, so no line of help below."""
SOUND_STEP = 84
"""From the Sound heading to the next: the buttons and sliders, no line of help below."""
SWITCH_STEP = 64
"""From one On/Off row's heading to the next: the heading with its switch, and a line of help."""

ROW_STEP = 108
"""From one row's heading to the next's: the heading, the buttons and a line of help."""

SOUND_PREVIEW_DELAY = 0.25
"""Seconds after a volume slider stops moving before a sample plays at the new level (and the
setting is saved): dragging then sounds once, not at every step."""


def coach_on(settings: object) -> bool:
    """Whether the coach is on: settings without the field (an older services object) say no."""
    return bool(getattr(settings, "coach", False))


def speed_choices() -> list[str]:
    """The speeds the settings store accepts, in its order."""
    from saves.settings import ANIMATION_SPEEDS

    return list(ANIMATION_SPEEDS)


class SettingsScreen(Scene):
    """Window mode, animation speed and sound. Pushed from the menu or the pause menu; Back/Esc pops."""

    name = "settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.window_row: ChoiceRow | None = None
        self.speed_row: ChoiceRow | None = None
        self.sound_row: ChoiceRow | None = None
        self.solved_row: ChoiceRow | None = None
        self.coach_row: ChoiceRow | None = None
        self.volume_sliders: dict[str, UIHorizontalSlider] = {}
        """"master_volume" and "effects_volume" → their slider."""
        self._preview_in = 0.0
        self.back_button: UIButton | None = None
        self.rows_y: dict[str, int] = {}

    def enter(self) -> None:
        super().enter()
        self._sync()

    def _sync(self) -> None:
        """Show the real state (F11 may have toggled full screen while this screen was covered)."""
        if self.window_row is not None:
            self.window_row.select("fullscreen" if self.app.fullscreen else "window")
        if self.speed_row is not None:
            self.speed_row.select(self.app.settings.animation_speed)
        if self.sound_row is not None:
            self.sound_row.select("off" if self.app.settings.muted else "on")
        if self.solved_row is not None:
            self.solved_row.select("on" if self.app.settings.show_solved else "off")
        if self.coach_row is not None:
            self.coach_row.select("on" if coach_on(self.app.settings) else "off")

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        panel_w = min(640, width - 80)
        message = getattr(self.app.settings, "message", None)
        panel_h = min(490 + (64 if message else 0), height - 150)
        top = min(max(100, (height - panel_h) // 2 + 20), height - panel_h - 70)  # Back stays on screen
        self.panel_rect = pygame.Rect((width - panel_w) // 2, top, panel_w, panel_h)
        inner_x = self.panel_rect.x + 32
        inner_w = panel_w - 64
        y = self.panel_rect.y + 28
        self.rows_y = {"window": y}
        self.window_row = ChoiceRow(
            self.ui,
            pygame.Rect(inner_x, y + 32, inner_w, 40),
            [("window", "Window"), ("fullscreen", "Full screen")],
            "fullscreen" if self.app.fullscreen else "window",
            tooltips=["A resizable window", "Fill the whole screen (F11 switches at any time)"],
        )
        y += DISPLAY_STEP
        self.rows_y["speed"] = y
        speeds = speed_choices()
        self.speed_row = ChoiceRow(
            self.ui,
            pygame.Rect(inner_x, y + 32, inner_w, 40),
            [(s, SPEED_LABELS.get(s, s.title())) for s in speeds],
            self.app.settings.animation_speed,
            tooltips=[SPEED_HELP.get(s) for s in speeds],
        )
        y += ROW_STEP
        self.rows_y["sound"] = y
        self._sound_widgets(inner_x, y + 32, inner_w)
        y += SOUND_STEP
        self.rows_y["solved"] = y
        self.solved_row = ChoiceRow(
            self.ui,
            pygame.Rect(inner_x + inner_w - 150, y - 4, 150, 34),
            [("off", "Off"), ("on", "On")],
            "on" if self.app.settings.show_solved else "off",
            tooltips=["No badge: find out by playing", "A badge under the move list says who wins"],
        )
        y += SWITCH_STEP
        self.rows_y["coach"] = y
        self.coach_row = ChoiceRow(
            self.ui,
            pygame.Rect(inner_x + inner_w - 150, y - 4, 150, 34),
            [("off", "Off"), ("on", "On")],
            "on" if coach_on(self.app.settings) else "off",
            tooltips=["Play on your own", "Threats marked, and a warning before a mistake"],
        )
        self.rows_y["folder"] = y + SWITCH_STEP + 4
        self.back_button = UIButton(
            pygame.Rect(self.panel_rect.centerx - 90, self.panel_rect.bottom + 22, 180, 44),
            "Back",
            self.ui,
            tool_tip_text="Esc",
            object_id=ObjectID("#back", "@primary"),
        )

    def _sound_widgets(self, x: int, y: int, width: int) -> None:
        """Sound on/off, then the master and effects volume sliders, on one line."""
        settings = self.app.settings
        self.sound_row = ChoiceRow(
            self.ui,
            pygame.Rect(x, y, 150, 40),
            [("on", "On"), ("off", "Off")],
            "off" if settings.muted else "on",
            tooltips=["Sound effects on", "Silent (M switches at any time)"],
        )
        gap = 24
        slider_w = (width - 150 - 2 * gap) // 2
        left = x + 150 + gap
        self.volume_sliders = {}
        for key in ("master_volume", "effects_volume"):
            self.volume_sliders[key] = UIHorizontalSlider(
                pygame.Rect(left, y + 6, slider_w, 28),
                getattr(settings, key),
                (0, 100),
                self.ui,
                click_increment=5,
            )
            left += slider_w + gap

    # -- events ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.window_row is not None and self.window_row.handle_event(event):
            self.set_fullscreen(self.window_row.selected == "fullscreen")
        elif self.speed_row is not None and self.speed_row.handle_event(event):
            self.set_speed(self.speed_row.selected)
        elif self.sound_row is not None and self.sound_row.handle_event(event):
            self.set_muted(self.sound_row.selected == "off")
        elif self.solved_row is not None and self.solved_row.handle_event(event):
            self.set_show_solved(self.solved_row.selected == "on")
        elif self.coach_row is not None and self.coach_row.handle_event(event):
            self.set_coach(self.coach_row.selected == "on")
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            for key, slider in self.volume_sliders.items():
                if event.ui_element is slider:
                    self.set_volume(key, int(slider.get_current_value()))
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            self.app.pop()

    def update(self, dt: float) -> None:
        # F11 and M are handled by the App before scenes see them; follow them here.
        wanted = "fullscreen" if self.app.fullscreen else "window"
        if self.window_row is not None and self.window_row.selected != wanted:
            self.window_row.select(wanted)
        sound = "off" if self.app.settings.muted else "on"
        if self.sound_row is not None and self.sound_row.selected != sound:
            self.sound_row.select(sound)
        if self._preview_in > 0:
            self._preview_in -= dt
            if self._preview_in <= 0:
                self.app.save_settings()
                self.app.sound.announce("your-turn")  # hear the new level

    def next_frame(self) -> float | None:
        """Still, but for the volume preview due a moment after a slider stops."""
        return self._preview_in if self._preview_in > 0 else None

    def set_fullscreen(self, on: bool) -> None:
        """Apply and remember the window mode (the layout follows through App's resize)."""
        self.app.settings.fullscreen = on
        self.app.save_settings()
        self.app.set_fullscreen(on)
        self._sync()

    def set_muted(self, muted: bool) -> None:
        """Sound on or off, as the M key does (saved at once)."""
        if muted != self.app.settings.muted:
            self.app.toggle_mute()

    def set_show_solved(self, on: bool) -> None:
        """The "solved" badge on or off (saved at once; an open match follows on its next frame)."""
        self.app.settings.show_solved = on
        self.app.save_settings()

    def set_coach(self, on: bool) -> None:
        """The coach on or off (saved at once; an open match follows on its next frame)."""
        self.app.settings.coach = on
        self.app.save_settings()

    def set_volume(self, key: str, value: int) -> None:
        """A volume slider moved: applied at once; saved and sampled when it comes to rest."""
        setattr(self.app.settings, key, max(0, min(100, value)))
        self._preview_in = SOUND_PREVIEW_DELAY

    def leave(self) -> None:
        super().leave()
        if self._preview_in > 0:  # a slider moved just before Back: keep the new level
            self._preview_in = 0.0
            self.app.save_settings()

    def set_speed(self, speed: str) -> None:
        self.app.settings.animation_speed = speed
        self.app.save_settings()
        self.app.toast(f"Animation speed: {SPEED_LABELS.get(speed, speed)}", 1.5)

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        width, _ = surface.get_size()
        surface.blit(style.background(surface.get_size()), (0, 0))
        style.text(
            surface,
            "Settings",
            (width // 2, self.panel_rect.top - 22),
            34,
            style.PARCHMENT,
            bold=True,
            anchor="midbottom",
            shadow=True,
        )
        style.panel(surface, self.panel_rect, style.PARCHMENT, radius=14)
        x = self.panel_rect.x + 32
        style.text(surface, "Display", (x, self.rows_y["window"]), 19, style.INK, bold=True)
        style.text(
            surface,
            "(F11 switches at any time, also during a game)",
            (x + 82, self.rows_y["window"] + 4),
            14,
            style.INK_SOFT,
        )
        style.text(surface, "Animation speed", (x, self.rows_y["speed"]), 19, style.INK, bold=True)
        speed = self.app.settings.animation_speed
        style.text(surface, SPEED_HELP.get(speed, ""), (x, self.rows_y["speed"] + 80), 14, style.INK_SOFT)
        self._draw_sound_labels(surface, x)
        style.text(surface, SOLVED_TITLE, (x, self.rows_y["solved"]), 19, style.INK, bold=True)
        style.text(surface, SOLVED_HELP, (x, self.rows_y["solved"] + 34), 14, style.INK_SOFT)
        style.text(surface, COACH_TITLE, (x, self.rows_y["coach"]), 19, style.INK, bold=True)
        style.text(surface, COACH_HELP, (x, self.rows_y["coach"] + 34), 14, style.INK_SOFT)
        y = self.rows_y["folder"]
        inner_w = self.panel_rect.width - 64
        pygame.draw.line(surface, style.PARCHMENT_DARK, (x, y - 10), (x + inner_w, y - 10), 2)
        style.text(surface, "Saved games are kept in", (x, y), 14, style.INK_SOFT)
        lines = style.wrap(str(self.app.data_dir), 14, inner_w, bold=True, max_lines=2)
        end = style.text_block(surface, lines, (x, y + 20), 14, style.INK, bold=True)
        message = getattr(self.app.settings, "message", None)
        if message:
            warn = style.wrap(message, 14, inner_w, max_lines=3)
            style.text_block(surface, warn, (x, end + 6), 14, style.BAD)

    def _draw_sound_labels(self, surface: pygame.Surface, x: int) -> None:
        """The sound row's heading, the sliders' names and values, and the M hint."""
        y = self.rows_y["sound"]
        style.text(surface, "Sound", (x, y), 19, style.INK, bold=True)
        names = {"master_volume": "Master volume", "effects_volume": "Effects volume"}
        for key, slider in self.volume_sliders.items():
            label = f"{names[key]}: {int(slider.get_current_value())}"
            style.text(surface, label, (slider.rect.x, y + 4), 14, style.INK)
        style.text(surface, "(press M)", (x + 72, y + 4), 14, style.INK_SOFT)
