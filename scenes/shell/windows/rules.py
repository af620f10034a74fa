"""The rules help window: a game's own rules text plus the controls, in one scrollable window.

Rules are written as plain text in ``GameInfo.rules_help`` (so ``game/`` stays free of markup and the
command line can print them); this module turns paragraphs, headings and bullet lists into
pygame-gui's small HTML subset. The game's credit (``GameInfo.credit``: designers, year, publisher,
the source of the rules and its licence) opens the page in one line and closes it in full.
"""

from __future__ import annotations

import html
import re

import pygame
import pygame_gui
from pygame_gui.elements import UIWindow

from game.core import Credit, GameInfo
from game.diagrams import rules_blocks
from scenes.shell.windows.rules_page import RulesWindow, page_pieces

CONTROLS: tuple[tuple[str, str], ...] = (
    ("Click", "select a piece or square, click again to move"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo"),
    ("Ctrl+S", "save the game"),
    ("H", "a hint against the computer: its suggested move, shown on the board, not played"),
    ("F1", "these rules"),
    ("Tab / Shift+Tab", "play by keyboard: a cursor on the board, then each button of the panel in turn"),
    (
        "Arrow keys",
        "move the cursor on the board (Up or Down also puts it there; until it is there, "
        "Left and Right step through the moves)",
    ),
    ("Enter / Space", "click where the cursor is, or press the button it is on"),
    ("Esc", "put a picked-up piece back down, else the pause menu"),
    ("M", "sound on / off"),
    ("F11", "full screen on / off"),
    ("Menus", "Tab, Shift+Tab or the arrow keys move between the buttons; Enter or Space presses one"),
    ("Typing a name", "while a text field has the cursor, every key is a letter: no shortcut acts"),
)

SECRET_ORDER_CONTROLS: tuple[tuple[str, str], ...] = (
    (
        "Two players, one screen",
        "every secret entry starts behind a curtain that tells the other "
        "player to look away; click or press Space when you are at the screen",
    ),
    ("Backspace on the curtain", "take your confirmed orders back before handing over"),
)
"""Extra controls of games with secret simultaneous orders (the hot-seat hand-off)."""

HEADING_COLOUR = "#8a4e12"
BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")


def _inline(line: str) -> str:
    """Escape a line and keep the rules text's light emphasis: **bold** and `notation`."""
    out = html.escape(line, quote=False)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    out = re.sub(r"`([^`]+)`", r"<b>\1</b>", out)
    return out


def _is_heading(line: str) -> bool:
    """A short line with no closing punctuation reads as a heading ('Setup', '# Scoring', 'Options:')."""
    line = line.strip()
    if line.startswith("#"):
        return True
    if BULLET.match(line) or not line[:1].isupper():
        return False
    return len(line) <= 40 and not line.endswith((".", ",", ";", "!", "?"))


def _paragraphs(block: list[str]) -> str:
    """One block of lines: bullets become '•' items, other lines join into a flowing paragraph."""
    lines: list[str] = []
    in_bullet = False
    for line in block:
        match = BULLET.match(line)
        if match:
            marker = match.group(0).strip()
            marker = "•" if marker in "-*•" else marker
            lines.append(f"  {marker} {_inline(line[match.end() :].strip())}")
            in_bullet = True
        elif lines and ((in_bullet and line.startswith((" ", "\t"))) or not in_bullet):
            lines[-1] += " " + _inline(line.strip())  # a soft-wrapped continuation
        else:
            lines.append(_inline(line.strip()))
            in_bullet = False
    return "<br>".join(lines)


def rules_to_html(rules: str) -> str:
    """Plain rules text → pygame-gui HTML: blank-line paragraphs, headings, '-'/'1.' bullet lists.

    A block's first line is a heading when it is short and unpunctuated ('Setup', 'Scoring')."""
    parts: list[str] = []
    for block in rules_blocks(rules):
        if _is_heading(block[0]) and (len(block) > 1 or len(block[0]) <= 40):
            title = _inline(block[0].strip().lstrip("#").strip().rstrip(":"))
            heading = f'<font pixel_size=20 color="{HEADING_COLOUR}"><b>{title}</b></font>'
            rest = _paragraphs(block[1:])
            parts.append(f"{heading}<br>{rest}" if rest else heading)
        else:
            parts.append(_paragraphs(block))
    return "<br><br>".join(parts)


def controls_html(secret_orders: bool = False) -> str:
    controls = CONTROLS + (SECRET_ORDER_CONTROLS if secret_orders else ())
    rows = "<br>".join(f"   <b>{html.escape(key)}</b> — {html.escape(what)}" for key, what in controls)
    return f'<font pixel_size=20 color="{HEADING_COLOUR}"><b>Controls</b></font><br>{rows}'


def credit_sentences(credit: Credit) -> tuple[str, str, str]:
    """A game's credit in three sentences for players: who designed it and when (and who publishes
    it); where the rules we follow were published and on what terms (for a Creative Commons source,
    the attribution it asks for: title, authors, where, licence); how our own text stands to it."""
    who = f"{credit.byline()}."
    if credit.publisher and credit.publisher != credit.names:
        who += f" Published by {credit.publisher}."
    source = credit.attribution or f"{credit.source} ({credit.source_licence})"
    return who, f"Source: {source}.", credit.rules_text


def credit_html(info: GameInfo) -> str:
    """The page's closing section: the game's credit in full ('' for a game without one)."""
    if info.credit is None:
        return ""
    lines = "<br>".join(html.escape(line, quote=False) for line in credit_sentences(info.credit))
    title = html.escape(f"About {info.title}", quote=False)
    return f'<font pixel_size=20 color="{HEADING_COLOUR}"><b>{title}</b></font><br>{lines}'


def summary_html(info: GameInfo) -> str:
    """The page's opening: the game's summary and, under it, who designed it ("Designed by Robert
    Abbott, 1975")."""
    parts = []
    if info.summary:
        parts.append(f"<i>{html.escape(info.summary, quote=False)}</i>")
    if info.credit is not None:
        parts.append(html.escape(info.credit.byline(), quote=False))
    return "<br>".join(parts)


def closing_html(info: GameInfo) -> str:
    """The page's end: the controls, then the game's credit."""
    return "<br><br>".join(part for part in (controls_html(info.simultaneous), credit_html(info)) if part)


def help_html(info: GameInfo) -> str:
    """The whole window text: summary and designer, rules, controls, credit."""
    rules = (
        rules_to_html(info.rules_help)
        if info.rules_help.strip()
        else ("The rules for this game are not written yet.")
    )
    return "<br><br>".join(part for part in (summary_html(info), rules, closing_html(info)) if part)


def preload_text_fonts(ui_manager: pygame_gui.UIManager) -> None:
    """Load the styles the rules HTML uses up front (pygame-gui warns when it must load them late)."""
    fonts = ui_manager.get_theme().get_font_dictionary()
    wanted = []
    for size, bold, italic in ((17, False, True), (17, True, False), (20, True, False), (15, False, True)):
        if not fonts.check_font_preloaded(fonts.create_font_id(size, "noto_sans", bold, italic)):
            style = "bold" if bold else ("italic" if italic else "regular")
            wanted.append({"name": "noto_sans", "point_size": size, "style": style})
    if wanted:
        ui_manager.preload_fonts(wanted)


def open_rules_window(ui_manager: pygame_gui.UIManager, info: GameInfo) -> UIWindow:
    """Open a scrollable, closable rules window for ``info`` centred in ``ui_manager``'s window: the
    rules text with the game's diagrams drawn by its board view (see :mod:`.rules_page`).

    Sized from the window (at most 760×720) so it reads well at 1024×640 and on large screens."""
    preload_text_fonts(ui_manager)
    screen_w, screen_h = ui_manager.get_root_container().get_size()
    width = min(760, screen_w - 80)
    height = min(720, screen_h - 60)
    rect = pygame.Rect((screen_w - width) // 2, (screen_h - height) // 2, width, height)
    pieces = page_pieces(info, rules_to_html, summary_html(info), closing_html(info))
    window = RulesWindow(rect, ui_manager, info, pieces)
    window.set_minimum_dimensions((420, 300))
    return window
