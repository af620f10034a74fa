"""Text as the player reads it, written once: word-wrapping (the menu cards, the end-of-game card and
the notices all break lines the same way) and times said the way people say them."""

from __future__ import annotations

from datetime import UTC, datetime

import pygame


def wrap_lines(content: str, face: pygame.font.Font, width: int, max_lines: int | None = None) -> list[str]:
    """Greedy word-wrap of ``content`` for ``face`` within ``width`` pixels; newlines start new
    paragraphs, and a word longer than the width gets a line of its own.

    When ``max_lines`` cuts the text short the last line ends in an ellipsis, so a long summary
    never spills out of its card at small window sizes."""
    lines: list[str] = []
    for paragraph in content.splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if face.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and face.size(last + "…")[0] > width:
            last = last[:-1].rstrip()
        lines[-1] = last + "…"
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


def friendly_time(when: datetime, now: datetime | None = None) -> str:
    """Local time as a player says it: 'today 14:05', 'yesterday 09:12', 'Monday 18:30', '3 Mar 2024'."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
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
