"""Text that came from outside (a file, a file name, the keyboard, a command line) made safe to draw,
to write back and to quote in a sentence: one rule for the whole app.

* :func:`drawable` is what every font gets (``scenes/kit/fonts.py``): one character for one, so a
  text field's cursor still lines up.
* :func:`clean_text` is for showing a value: invisible characters removed, control characters and lone
  surrogates replaced, length capped.
* :func:`quoted` is for naming a value in a sentence ("'c2-c4' is not legal"): cleaned and at most
  :data:`QUOTE_CHARS` characters, so a 2,000-character move or a hostile file name never floods a
  message.
* :func:`os_reason` says why the disk refused in the app's own words, never the system's text nor
  an errno name.

It lives in ``game/`` because the command line (``python -m game``) quotes moves and reads files with
the same rules; ``saves`` and ``scenes`` import it from here.
"""

from __future__ import annotations

import errno
import re
from pathlib import Path
from typing import Any

QUOTE_CHARS = 60
"""The longest a value quoted in a message may be (then it is cut with an ellipsis)."""

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_LINE_BREAKS = re.compile("[\t\n\r\u2028\u2029]")
ELLIPSIS = "…"

INVISIBLE_RANGES = (
    # Unicode's format characters (category Cf), as Python's own Unicode data lists them ...
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U00013438"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
    # ... and the rest of the "default ignorable" code points a font draws as nothing: the combining
    # grapheme joiner, Khmer inherent vowels, Mongolian and other variation selectors, the unassigned
    # U+2065, U+FFF0-FFF8 and the tag block.
    "\u034f\u17b4\u17b5\u180b-\u180f\u2065\ufe00-\ufe0f\ufff0-\ufff8\U000e0000-\U000e0fff"
)
"""Characters that take no room on screen. pygame refuses to draw a text made only of them ("Text has
zero width"), so a save named with a lone zero-width space stopped every screen that listed it; and
inside a name they only hide what the name really is (two saves that look alike). They are removed
before anything is drawn. ``tests/test_text_safety.py`` checks the list against Python's Unicode data
and against the font itself, code point by code point."""

_INVISIBLE = re.compile(f"[{INVISIBLE_RANGES}]")


def drawable(text: str) -> str:
    """``text`` as a font can draw it: lone surrogates and control characters become U+FFFD, and
    characters that take no room (:data:`INVISIBLE_RANGES`) are removed. No length cap, so a text
    field that measures its text piece by piece still measures what it draws. Every line the app or
    pygame-gui renders passes through here (``scenes/kit/fonts.py``)."""
    return _INVISIBLE.sub("", _CONTROL.sub("\ufffd", text))


def clean_text(value: Any, max_chars: int | None = None, *, keep_newlines: bool = False) -> str:
    """``value`` as text that can always be drawn and written: characters that take no room are
    removed (:data:`INVISIBLE_RANGES`), control characters and lone
    surrogates (an undecodable file name, a hand-edited ``\\ud800``) become U+FFFD, tabs and line
    breaks become spaces (or stay newlines with ``keep_newlines``), and text beyond ``max_chars`` is
    cut with an ellipsis. Non-text values are shown through ``str``."""
    text = value if isinstance(value, str) else str(value)
    if max_chars is not None and len(text) > max_chars:
        text = text[: max(0, max_chars - 1)].rstrip() + ELLIPSIS
    text = _INVISIBLE.sub("", text)
    if keep_newlines:
        text = text.replace("\r\n", "\n").replace("\t", " ")
        text = _CONTROL.sub(lambda m: "\n" if m.group() in "\n\r" else "\ufffd", text)
        return text
    text = _LINE_BREAKS.sub(" ", text)
    return _CONTROL.sub("\ufffd", text)


def quoted(value: Any, max_chars: int = QUOTE_CHARS) -> str:
    """``'value'`` for a sentence about a file's content: cleaned and short, whatever the file held."""
    return f"'{clean_text(value, max_chars)}'"


def file_name(path: Path | str, max_chars: int = 120) -> str:
    """A file's name as a player may read it: bytes that are not UTF-8 (kept by Python as lone
    surrogates) are shown as replacement characters."""
    return clean_text(Path(path).name, max_chars)


DISK_REASONS: dict[int, str] = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk is full",
    errno.EACCES: "the app is not allowed to use that file or folder",
    errno.EPERM: "the app is not allowed to use that file or folder",
    errno.EROFS: "the disk can only be read, not written",
    errno.ENOENT: "a file or folder it needs is missing",
    errno.ENOTDIR: "a file stands where a folder should be",
    errno.EISDIR: "a folder stands where a file should be",
    errno.EEXIST: "a file of that name is already there",
    errno.ENAMETOOLONG: "the file's name is too long for this system",
    errno.EMFILE: "too many files are open at once",
    errno.EIO: "the disk could not be read or written",
    errno.EBUSY: "another program is using the file",
    errno.ELOOP: "the path goes round in a circle of links",
}
"""Why the disk refused, in the app's words, by ``errno``."""


def os_reason(exc: OSError, reading: bool = False) -> str:
    """Why ``exc`` happened as a phrase a player can read: a refusal written for players (an
    exception with a ``reason``) keeps its words; a known ``errno`` gets the app's own; anything else
    a plain phrase. Never the system's text, which may be in another language or name a path."""
    reason = getattr(exc, "reason", None)
    if isinstance(reason, str) and reason.strip():
        return reason.strip().rstrip(".")
    if reading and exc.errno in (errno.EACCES, errno.EPERM):
        return "the app is not allowed to read it"
    default = "the file could not be read" if reading else "the disk could not be read or written"
    return DISK_REASONS.get(exc.errno or -1, default)
