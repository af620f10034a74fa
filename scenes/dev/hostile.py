"""A data folder full of the damaged files a hostile player (or a crash) leaves behind.

Every kind of file the hardening issue names, so the start-up test, the event storm and a screenshot
can check the app against all of them at once: settings files that once stopped the app from starting
(a list where a value belongs, a 5,000-digit number, brackets nested thousands deep), saves dated in
the year 9999, names with a NUL or a lone surrogate, a 20,000- and a 100,000-character name, a file
name that is not UTF-8, files the JSON reader recursed on, and the ``.tmp`` files of an interrupted
write. A few healthy saves sit beside them so Continue and the list have something real to show.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

SETTINGS_VARIANTS: dict[str, bytes] = {
    "list-for-a-value": b'{"version": 1, "fullscreen": [1, 2], "animation_speed": ["fast"], '
    b'"last_new_game": [], "volume": [0.5]}',
    "huge-number": b'{"version": ' + b"9" * 5000 + b', "fullscreen": false}',
    "huge-float": b'{"version": 1, "volume": 1e999, "animation_speed": NaN}',
    "deep-brackets": b'{"last_new_game": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    "lone-surrogate": b'{"version": 1, "theme": "\\ud800", "last_new_game": {"\\udfff": {}}}',
    "binary": bytes(range(256)) * 4,
    "truncated": b'{"fullscreen": tru',
    "wrong-types": b'{"version": "1", "fullscreen": "yes", "animation_speed": 3, '
    b'"last_new_game": {"elasta": {"mode": 7, "options": [1]}}}',
}
"""One settings.json per data folder: each of these once stopped the app or was read wrongly."""


def _envelope(**changes: Any) -> dict[str, Any]:
    """A plain, healthy Elephant Run save (one move), with ``changes`` applied at the top level."""
    data: dict[str, Any] = {
        "format": "curio-boards-save",
        "version": 1,
        "saved_at": "2025-03-14T18:02:51+00:00",
        "kind": "manual",
        "label": None,
        "match": {
            "id": "hostile0001",
            "game": "elephant-run",
            "options": {},
            "seats": {"elephant": {"kind": "human"}, "farmers": {"kind": "ai", "level": "easy"}},
            "moves": ["@c2"],
            "pending": {},
            "result": None,
        },
    }
    data.update(changes)
    return data


def hostile_saves() -> dict[str, bytes]:
    """File name -> content for the saves folder (names are plain; see :func:`write_hostile_files`
    for the one whose name is not UTF-8)."""

    def dump(data: Any) -> bytes:
        return json.dumps(data, ensure_ascii=True).encode("utf-8")

    deep = b'{"format": "curio-boards-save", "match": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    return {
        "year-9999.json": dump(_envelope(saved_at="9999-12-31T23:59:59-12:00", label="From the far future")),
        "year-1.json": dump(_envelope(saved_at="0001-01-01T00:00:00+14:00", label="From long ago")),
        "nul-in-name.json": dump(_envelope(label="Before\x00after", saved_at="2025-03-15T10:00:00+00:00")),
        "lone-surrogate.json": b'{"format": "curio-boards-save", "version": 1, '
        b'"saved_at": "2025-03-15T11:00:00+00:00", "kind": "manual", '
        b'"label": "Half \\ud83d a smile", '
        b'"match": {"game": "elephant-run", "moves": ["@c2"]}}',
        "long-20000.json": dump(_envelope(label="Long " * 4000, saved_at="2025-03-15T12:00:00+00:00")),
        "long-100000.json": dump(_envelope(label="x" * 100_000, saved_at="2025-03-15T12:30:00+00:00")),
        "control-chars.json": dump(
            _envelope(
                label="\x1b[31mred\x07\r\nline\u202e", kind="manual", saved_at="2025-03-15T13:00:00+00:00"
            )
        ),
        "deep-nesting.json": deep,
        "huge-version.json": b'{"format": "curio-boards-save", "version": ' + b"1" * 5000 + b"}",
        "list-for-number.json": dump(_envelope(version=[1], saved_at=["2025"])),
        "moves-not-a-list.json": dump(_envelope(match={"game": "elephant-run", "moves": {"1": 2}})),
        "nan.json": b'{"format": "curio-boards-save", "version": NaN}',
        "seat-garbage.json": dump(
            _envelope(match={"game": "elephant-run", "seats": {"elephant": "x" * 5000}})
        ),
        "unknown-game.json": dump(_envelope(match={"game": "\x00" * 3000})),
        "truncated.json": dump(_envelope())[:90],
        "binary.json": bytes(range(256)),
        "empty.json": b"",
        "nul-bytes.json": b"\x00" * 64,
        "bad-date.json": dump(_envelope(saved_at="the day after tomorrow")),
        "format-list.json": dump({"format": ["curio"] * 5000}),
        "illegal-move.json": dump(_envelope(match={"game": "elephant-run", "moves": ["@c2", "zz-" * 600]})),
        **{
            f"invisible-{ord(c):04x}.json": dump(_envelope(label=c, saved_at="2025-03-16T10:00:00+00:00"))
            for c in INVISIBLE_NAMES
        },
        "every-invisible.json": dump(_envelope(label=EVERY_INVISIBLE, saved_at="2025-03-16T11:00:00+00:00")),
        "invisible-game.json": dump(_envelope(match={"game": "\u200b", "moves": ["@c2"]})),
        "invisible-moves.json": dump(_envelope(match={"game": "elephant-run", "moves": ["\u200b", "\xad"]})),
    }


INVISIBLE_NAMES = "\u200b\u00ad\u200d\ufeff\u2060\u200e\u202e\U000e0001\ufe0f\u034f"
"""Characters a font draws as nothing: a save named with only one of them once stopped the load screen
on its first frame, every time, until the file was removed."""

EVERY_INVISIBLE = "".join(
    chr(c)
    for c in (
        *range(0x00, 0x20),
        *range(0x7F, 0xA0),
        0xAD,
        0x600,
        0x61C,
        *range(0x200B, 0x2010),
        *range(0x202A, 0x202F),
        *range(0x2060, 0x2070),
        0xFEFF,
        *range(0xFFF9, 0xFFFC),
        0xE0001,
        *range(0xE0020, 0xE0080),
        0xD800,
        0xDFFF,
    )
)
"""Every control and format character kind in one text, with two lone surrogates."""


def write_hostile_files(root: Path, settings: str | None = "list-for-a-value") -> list[Path]:
    """Fill data folder ``root`` (as ``--data-dir`` takes it) with hostile files; returns the paths.

    ``settings`` picks one of :data:`SETTINGS_VARIANTS` for ``config/settings.json`` (None: none)."""
    from game.match import AI, HUMAN, Match, Seat
    from saves.store import SaveStore

    written: list[Path] = []
    saves = root / "saves"
    autosave = root / "autosave"
    config = root / "config"
    for folder in (saves, autosave, config):
        folder.mkdir(parents=True, exist_ok=True)
    for name, content in hostile_saves().items():
        path = saves / name
        path.write_bytes(content)
        written.append(path)
    # healthy files beside them: an unfinished autosave (Continue) and a finished save
    store = SaveStore(root)
    match = Match("elephant-run", {}, {"elephant": Seat(HUMAN), "farmers": Seat(AI, "easy")})
    match.play_text("@c2")
    written.append(store.autosave(match).path)
    written.append(store.save(match, label="A healthy save").path)
    # an autosave dated in the year 9999 that loads: Continue offers it first and must say "unknown date"
    future = autosave / "future.json"
    future.write_bytes(
        json.dumps(
            _envelope(kind="autosave", saved_at="9999-12-31T23:59:59+00:00", label="Continue me \ud800 later")
        ).encode()
    )
    written.append(future)
    # a file name that is not UTF-8 (POSIX only: Windows and macOS names are always Unicode)
    if os.name == "posix" and sys.platform != "darwin":
        raw = os.fsencode(saves) + b"/caf\xe9-\xff.json"
        with open(raw, "wb") as handle:
            handle.write(json.dumps(_envelope(label=None)).encode())
        written.append(Path(os.fsdecode(raw)))
        raw = os.fsencode(saves) + b"/bro\xffken-\x1b.json"  # damaged too: its name is all it shows
        with open(raw, "wb") as handle:
            handle.write(b'{"format": "curio-boards-save", "ver')
        written.append(Path(os.fsdecode(raw)))
    # names made of characters a font draws as nothing, and records no font could name
    records = root / "records"
    records.mkdir(parents=True, exist_ok=True)
    for character in INVISIBLE_NAMES[:4]:
        try:
            named = saves / f"{character}.json"
            named.write_bytes(json.dumps(_envelope(label=None)).encode())
            (records / f"{character}{character}").mkdir(exist_ok=True)
            (records / f"{character}.txt").write_text("Curio Boards record\n", encoding="utf-8")
            written += [named, records / f"{character}{character}", records / f"{character}.txt"]
        except (OSError, UnicodeError, ValueError):
            continue  # a file system that refuses the name has nothing to show
    if os.name == "posix" and sys.platform != "darwin":
        for raw_name in (b"/caf\xe9.txt", b"/\xff\xfe-folder", b"/\xe2\x80\x8b.txt"):
            raw = os.fsencode(records) + raw_name
            if raw_name.endswith(b"folder"):
                os.makedirs(raw, exist_ok=True)
            else:
                with open(raw, "wb") as handle:
                    handle.write(b"not a record \xff\x00")
            written.append(Path(os.fsdecode(raw)))
    # what an interrupted atomic write leaves: temp files beside the saves and the settings
    for folder in (saves, autosave, config):
        stray = folder / ".something.json.k2j3h4.tmp"
        stray.write_text('{"format": "curio-bo', encoding="utf-8")
        os.utime(stray, (1_000_000_000, 1_000_000_000))
        written.append(stray)
    if settings is not None:
        path = config / "settings.json"
        path.write_bytes(SETTINGS_VARIANTS[settings])
        written.append(path)
    return written
