"""The records screen's rows (:mod:`scenes.shell.records`): what a folder holds and what a record
says, read without drawing, and the two small pictures a row draws beside its words.

Only lists and reads: a folder is scanned up to :data:`MAX_SCANNED` names and never changed, a
record is read through :func:`scenes.shell.windows.records.read_record` (the limits of
:func:`saves.records.open_record`), and nothing here raises at a damaged file or folder: the row
says why instead.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.records import SUFFIX
from game.text import clean_text, file_name, os_reason
from saves.save_file import result_text
from scenes.kit import style
from scenes.kit.text import ELLIPSIS
from scenes.shell.windows.records import read_record

if TYPE_CHECKING:
    from game.core import GameState

UP, FOLDER, FILE = "up", "folder", "file"
"""The kinds of row: "Up one folder" (browsing), a folder (browsing), a ``.txt`` file."""
MAX_SCANNED = 5000
"""At most this many names of one folder are looked at (a folder of a million files stays quick)."""


@dataclass(frozen=True)
class Row:
    """One line of the list: what it is, where, its name as shown, and its file's time and size."""

    kind: str
    path: Path
    name: str
    modified: float = 0.0
    size: int = 0

    @property
    def key(self) -> tuple[str, float, int]:
        """A file as last seen: a record changed on disk since is read again."""
        return (str(self.path), self.modified, self.size)


@dataclass(frozen=True)
class Summary:
    """What a record's row shows, read once: the game, the players, the moves, the result, when it
    was played, and the position before its last move (the picture replays only that move, so it
    is marked as on the board). ``error`` is the sentence when the file cannot be opened."""

    error: str | None = None
    game_id: str = ""
    title: str = ""
    mode: str = ""
    moves: int = 0
    over: bool = False
    result: str | None = None
    played: datetime | None = None
    options: tuple[tuple[str, str], ...] = ()
    before_last: GameState | None = None
    last_move: tuple[str, ...] = ()


def summarize(path: Path) -> Summary:
    """Read and replay the record at ``path`` for its row; never raises (a refusal is the row's
    sentence)."""
    record, problem = read_record(path)
    if record is None:
        return Summary(error=problem or "The file could not be read as a game record.")
    match = record.match
    turns = match.turns
    return Summary(
        game_id=match.game.id,
        title=clean_text(match.game.title, 80),
        mode=clean_text(match.mode_text(), 120),
        moves=len(turns),
        over=match.over,
        result=clean_text(result_text(match) or "", 200) or None,
        played=record_date(record.date),
        options=tuple(sorted(match.options.items())),
        before_last=turns[-1].before if turns else match.initial,
        last_move=(turns[-1].text,) if turns else (),
    )


def record_date(text: str | None) -> datetime | None:
    """The ``Date:`` line of a record ("2026-11-24 07:05 UTC") as a time, or None."""
    if not text:
        return None
    try:
        return datetime.strptime(text.removesuffix("UTC").strip(), "%Y-%m-%d %H:%M").replace(tzinfo=UTC)
    except ValueError:
        return None


def shown_name(name: str) -> str:
    """A file's or folder's name as a player may read it (a name of invisible characters alone is
    still something to point at)."""
    return file_name(name) or "(a name that cannot be shown)"


def list_folder(folder: Path, *, with_folders: bool) -> tuple[list[Row], str | None]:
    """The rows of ``folder``: its folders by name (``with_folders``), then its ``.txt`` files
    newest first; hidden names (a leading dot) left out. Only lists: never opens a file, never
    raises. The sentence says why the folder could not be read (a missing records folder is just
    empty: nothing has been exported yet)."""
    try:
        with os.scandir(folder) as found:
            entries = list(islice(found, MAX_SCANNED))
    except FileNotFoundError:
        return [], "This folder no longer exists." if with_folders else None
    except OSError as exc:
        return [], f"This folder could not be read: {os_reason(exc, reading=True)}."
    except ValueError:  # a NUL in a path typed or made somewhere
        return [], "This folder's name cannot be used."
    folders: list[Row] = []
    files: list[Row] = []
    for entry in entries:
        name = entry.name
        if name.startswith("."):
            continue
        try:
            is_folder = entry.is_dir()
        except OSError:
            is_folder = False
        if is_folder:
            if with_folders:
                folders.append(Row(FOLDER, Path(entry.path), shown_name(name)))
            continue
        if not name.lower().endswith(SUFFIX):
            continue
        try:
            info = entry.stat()
            modified, size = float(info.st_mtime), int(info.st_size)
        except (OSError, ValueError):  # a broken link: listed, and its row says why it cannot open
            modified, size = 0.0, 0
        files.append(Row(FILE, Path(entry.path), shown_name(name), modified, size))
    folders.sort(key=lambda row: row.name.casefold())
    files.sort(key=lambda row: row.modified, reverse=True)
    return folders + files, None


def home_folder() -> Path:
    """Where Browse… starts: the home folder (the top of the disk if there is none)."""
    try:
        return Path.home()
    except (RuntimeError, KeyError, OSError):
        return Path(os.path.abspath(os.sep))


def tail_to_width(content: str, size: int, width: int) -> str:
    """``content`` kept from its end with "…" before it so it fits ``width`` (a folder's path: its
    last folders are the ones that say where one is)."""
    face = style.font(size)
    if face.size(content)[0] <= width:
        return content
    low, high = 1, len(content)
    while low < high:  # the smallest cut that fits
        middle = (low + high) // 2
        if face.size(ELLIPSIS + content[middle:])[0] <= width:
            high = middle
        else:
            low = middle + 1
    return ELLIPSIS + content[low:]


def record_detail(summary: Summary, room: int) -> str:
    """Who played, the moves and the result; the result without its reason when that is too long."""
    moves = f"{summary.moves} move{'s' if summary.moves != 1 else ''}"
    parts = [summary.mode, moves, summary.result or ""]
    detail = " · ".join(p for p in parts if p)
    if style.font(14).size(detail)[0] > room:
        parts[-1] = parts[-1].split(":")[0]
        detail = " · ".join(p for p in parts if p)
    return detail


def folder_glyph(surface: pygame.Surface, box: pygame.Rect, up: bool) -> None:
    """A folder drawn in a row's picture box; with an arrow for "Up one folder"."""
    body_w = min(box.width - 12, round(box.height * 1.1))
    body_h = round(body_w * 0.68)
    body = pygame.Rect(0, 0, body_w, body_h)
    body.center = (box.centerx, box.centery + 3)
    tab = pygame.Rect(body.x, body.y - 7, body_w * 2 // 5, 12)
    pygame.draw.rect(surface, style.WOOD_LIGHT, tab, border_radius=4)
    pygame.draw.rect(surface, style.ACCENT_LIGHT, body, border_radius=5)
    pygame.draw.rect(surface, style.WOOD, body, width=2, border_radius=5)
    if up:
        cx, cy, half = body.centerx, body.centery, body_h // 3
        pygame.draw.polygon(surface, style.WOOD_DARK, [(cx, cy - half), (cx - half, cy), (cx + half, cy)])
        pygame.draw.rect(surface, style.WOOD_DARK, pygame.Rect(cx - half // 3, cy, 2 * (half // 3), half))
