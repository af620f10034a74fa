"""Text as the player reads it, written once: word-wrapping (the menu cards, the end-of-game card and
the notices all break lines the same way), lines cut to a width, and times said the way people say them.

Text may come from a file (a save's name, a file name that is not UTF-8), so everything here passes
through :func:`safe_text` first: control characters and lone surrogates, which make pygame raise, are
replaced, and the length is capped so no text can stall a frame. Cutting to a width is a binary search
over the length, O(log n) measurements, never one per character."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pygame

from game.text import ELLIPSIS, clean_text

MAX_DRAWN_CHARS = 1_000
"""No line the app draws needs more; longer texts are cut before they are measured or rendered."""


def safe_text(content: Any, max_chars: int = MAX_DRAWN_CHARS, keep_newlines: bool = False) -> str:
    """``content`` made safe to measure and render (see :func:`game.text.clean_text`)."""
    return clean_text(content, max_chars, keep_newlines=keep_newlines)


CUT_LISTENERS: list[Callable[[str, str], None]] = []
"""Told (whole text, what is left of it) whenever :func:`cut_to_width` shortens a text: the fit checker
(``scenes/dev/fit.py``) listens while it looks at a screen."""


def cut_to_width(content: str, face: pygame.font.Font, width: int, always_mark: bool = False) -> str:
    """The longest start of ``content`` that fits ``width`` pixels with an ellipsis after it.

    ``content`` itself when it fits (unless ``always_mark``: a line cut short by ``max_lines`` ends
    in an ellipsis even if it would fit). Binary search: about log2(len) measurements."""
    content = safe_text(content)
    if not always_mark and face.size(content)[0] <= width:
        return content
    shortened = _cut(content, face, width)
    for listener in CUT_LISTENERS:
        listener(content, shortened)
    return shortened


def _cut(content: str, face: pygame.font.Font, width: int) -> str:
    if face.size(content + ELLIPSIS)[0] <= width:
        return content + ELLIPSIS
    fits, too_long = 0, len(content)  # a prefix of length `fits` fits (0: the ellipsis alone)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if face.size(content[:middle].rstrip() + ELLIPSIS)[0] <= width:
            fits = middle
        else:
            too_long = middle
    return content[:fits].rstrip() + ELLIPSIS


CLAUSE_ENDS = ("; ", ", ", " (", " — ")


def leading_clauses(content: str, face: pygame.font.Font, width: int) -> str:
    """The longest start of ``content`` that fits ``width`` pixels and ends where a clause does (before
    "; ", ", ", " (" or " — "), so a one-line summary reads as a whole phrase instead of stopping
    mid-word; "" when not even the first clause fits. ``content`` itself when it all fits."""
    content = safe_text(content)
    if face.size(content)[0] <= width:
        return content
    ends = sorted({i for mark in CLAUSE_ENDS for i in range(len(content)) if content.startswith(mark, i)})
    fitting = [content[:i] for i in ends if face.size(content[:i])[0] <= width]
    return fitting[-1] if fitting else ""


def wrap_lines(content: str, face: pygame.font.Font, width: int, max_lines: int | None = None) -> list[str]:
    """Greedy word-wrap of ``content`` for ``face`` within ``width`` pixels; newlines start new
    paragraphs, and a word longer than the width gets a line of its own.

    When ``max_lines`` cuts the text short the last line ends in an ellipsis, so a long summary
    never spills out of its card at small window sizes; wrapping stops as soon as that is known.
    A word too wide for a line of its own is cut with an ellipsis too."""
    lines: list[str] = []
    limit = None if max_lines is None else max(1, max_lines) + 1
    for paragraph in safe_text(content, keep_newlines=True).splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if face.size(trial)[0] <= width:
                line = trial
            elif not line:
                line = cut_to_width(word, face, width)
            else:
                lines.append(line)
                line = word if face.size(word)[0] <= width else cut_to_width(word, face, width)
            if limit is not None and len(lines) >= limit:
                break
        lines.append(line)
        if limit is not None and len(lines) >= limit:
            break
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[: max(1, max_lines)]
        lines[-1] = cut_to_width(lines[-1], face, width, always_mark=True)
    return lines


def render_wrapped(
    content: str, face: pygame.font.Font, width: int, color: tuple[int, int, int]
) -> pygame.Surface:
    """``content`` on as many centred lines as it needs to fit ``width`` pixels (notices)."""
    lines = [line for line in wrap_lines(" ".join(content.split()), face, width) if line]
    rendered = [face.render(line, True, color) for line in lines or [""]]
    surface = pygame.Surface(
        (max(r.get_width() for r in rendered), sum(r.get_height() for r in rendered)), pygame.SRCALPHA
    )
    y = 0
    for line in rendered:
        surface.blit(line, ((surface.get_width() - line.get_width()) // 2, y))
        y += line.get_height()
    return surface


UNKNOWN_DATE = "unknown date"
EARLIEST_SHOWN = datetime(1971, 1, 1, tzinfo=UTC)
LATEST_SHOWN = datetime(9998, 1, 1, tzinfo=UTC)
"""Times outside these (a damaged or hand-edited file) are shown as :data:`UNKNOWN_DATE`: converting
them to local time overflows on some systems."""


def friendly_time(when: datetime | None, now: datetime | None = None) -> str:
    """Local time as a player says it: 'today 14:05', 'yesterday 09:12', 'Monday 18:30', '3 Mar 2024';
    'unknown date' for a missing, out-of-range or unconvertible time. Never raises."""
    try:
        return _friendly_time(when, now)
    except (OverflowError, ValueError, OSError, TypeError, AttributeError):
        return UNKNOWN_DATE


def _friendly_time(when: datetime | None, now: datetime | None) -> str:
    if not isinstance(when, datetime):
        return UNKNOWN_DATE
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    if not EARLIEST_SHOWN <= when <= LATEST_SHOWN:
        return UNKNOWN_DATE
    local = when.astimezone()
    today = (now or datetime.now().astimezone()).date()
    days = (today - local.date()).days
    clock = local.strftime("%H:%M")
    if days == 0:
        return f"today {clock}"
    if days == 1:
        return f"yesterday {clock}"
    if 1 < days < 7:
        return f"{local.strftime('%A')} {clock}"
    if local.year == today.year:
        return f"{local.day} {local.strftime('%b')}, {clock}"
    return f"{local.day} {local.strftime('%b %Y')}"
