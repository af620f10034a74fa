"""One defensive path for everything the app reads from disk: saves, autosaves, settings, and later
game records and lesson progress.

A file on disk may be anything: truncated by a power cut, edited by hand, written by another
program, or built to hurt. Python's own :func:`json.loads` is not enough on its own: a 5,000-digit
number raises ``ValueError`` (the int-to-string digit limit), a few thousand nested brackets raise
``RecursionError``, ``NaN`` and ``1e999`` become floats no setting can hold, and an escaped lone
surrogate (``"\\ud800"``) makes a string that can be neither drawn nor written back. So every read
goes through :func:`read_json` (or :func:`parse_json` for text already in memory), which

* refuses what is not a regular file, and files beyond a byte budget, before reading them;
* decodes UTF-8 (a byte-order mark is tolerated);
* measures bracket nesting on the text *before* parsing, so the parser never recurses deeply;
* refuses numbers with too many digits and non-finite numbers while parsing (parser hooks);
* walks the result once, refusing over-long strings and lists and objects with too many keys, and
  replacing lone surrogates with U+FFFD so the data can always be drawn and written again.

Every refusal is a :class:`ReadError` whose ``reason`` is a short phrase a player can read ("it is
not UTF-8 text", "its brackets are nested too deeply"); callers put it in their own sentence and never
show an exception name. Types and ranges are then checked by :mod:`saves.schema`.

:func:`clean_text` is the other half: text that came from a file, made safe to draw (control
characters and lone surrogates replaced, length capped).
"""

from __future__ import annotations

import json
import math
import re
import stat
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Any

# -- what a refusal says --------------------------------------------------------------------------------
MISSING = "missing"
FOLDER = "folder"
NOT_A_FILE = "not-a-file"
UNREADABLE = "unreadable"
TOO_LARGE = "too-large"
EMPTY = "empty"
TRUNCATED = "truncated"
DAMAGED = "damaged"


class ReadError(ValueError):
    """A file that cannot be read as data. ``kind`` says which way it failed (one of the constants
    above, so a caller can word a missing file differently from a damaged one), ``reason`` is a
    player-facing phrase ("it is not UTF-8 text"), ``line`` the line a JSON error is on."""

    def __init__(self, kind: str, reason: str, line: int | None = None) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason
        self.line = line


@dataclass(frozen=True)
class Limits:
    """How big a file and its parts may be. The defaults are generous for the app's own small files
    and far below what could stall a frame or fill memory."""

    file_bytes: int = 1024 * 1024
    depth: int = 24
    """Brackets inside brackets; the app's files use at most five or six levels."""
    string_chars: int = 100_000
    list_items: int = 20_000
    object_keys: int = 2_000
    number_digits: int = 40
    """Digits (and signs, dots, exponents) of one number; no value of ours needs more than 20."""
    total_items: int = 200_000
    """Strings, numbers, lists and objects in the whole file."""


DEFAULT_LIMITS = Limits()


# -- reading bytes --------------------------------------------------------------------------------------
def read_bytes(path: Path | str, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; ReadError for anything else.

    The size is checked before reading (and again while reading, in case the file grows), and only
    regular files are opened: a named pipe would block the app forever, a device would never end."""
    file = Path(path)
    try:
        info = file.stat()
    except FileNotFoundError:
        raise ReadError(MISSING, "it no longer exists") from None
    except OSError as exc:
        raise ReadError(UNREADABLE, _os_reason(exc)) from None
    except ValueError:  # an embedded NUL in the path
        raise ReadError(UNREADABLE, "its name cannot be used") from None
    if stat.S_ISDIR(info.st_mode):
        raise ReadError(FOLDER, "it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise ReadError(NOT_A_FILE, "it is not a regular file")
    if info.st_size > max_bytes:
        raise ReadError(TOO_LARGE, "it is too large")
    try:
        with file.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise ReadError(MISSING, "it no longer exists") from None
    except IsADirectoryError:
        raise ReadError(FOLDER, "it is a folder") from None
    except OSError as exc:
        raise ReadError(UNREADABLE, _os_reason(exc)) from None
    if len(data) > max_bytes:
        raise ReadError(TOO_LARGE, "it is too large")
    return data


def _os_reason(exc: OSError) -> str:
    """The system's own words ("Permission denied"), never an exception name."""
    return exc.strerror or "the system refused to open it"


def decode_text(data: bytes) -> str:
    """UTF-8 text, tolerating a byte-order mark added by a text editor."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ReadError(DAMAGED, "it is not UTF-8 text") from None


# -- parsing --------------------------------------------------------------------------------------------
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class _Refused(Exception):
    """Raised inside the parser's hooks to stop at the first number we will not hold."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def nesting_depth(text: str) -> int:
    """How deeply brackets nest in JSON ``text``, outside strings: linear time, no recursion."""
    skeleton = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, skeleton)), default=0)


def _int_hook(limits: Limits) -> Any:
    def parse_int(digits: str) -> int:
        if len(digits) > limits.number_digits:
            raise _Refused("it holds a number with too many digits")
        return int(digits)

    return parse_int


def _float_hook(limits: Limits) -> Any:
    def parse_float(digits: str) -> float:
        if len(digits) > limits.number_digits:
            raise _Refused("it holds a number with too many digits")
        value = float(digits)
        if not math.isfinite(value):
            raise _Refused("it holds a number too large to use")
        return value

    return parse_float


def _no_constants(name: str) -> Any:
    raise _Refused("it holds a value that is not a number")


def parse_json(text: str, limits: Limits = DEFAULT_LIMITS) -> Any:
    """Parse ``text`` within ``limits``; ReadError (kind EMPTY, TRUNCATED or DAMAGED) otherwise.

    The result has no lone surrogates left in any string or key."""
    if not text.strip(" \t\r\n\x00"):
        raise ReadError(EMPTY, "it is empty")
    if len(text) > limits.file_bytes:
        raise ReadError(TOO_LARGE, "it is too large")
    if nesting_depth(text) > limits.depth:
        raise ReadError(DAMAGED, "its brackets are nested too deeply")
    try:
        data = json.loads(
            text,
            parse_int=_int_hook(limits),
            parse_float=_float_hook(limits),
            parse_constant=_no_constants,
        )
    except _Refused as exc:
        raise ReadError(DAMAGED, exc.reason) from None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise ReadError(TRUNCATED, f"it stops at line {exc.lineno}", exc.lineno) from None
        raise ReadError(DAMAGED, f"not valid JSON at line {exc.lineno}", exc.lineno) from None
    except (RecursionError, MemoryError, ValueError, OverflowError):  # belt and braces: never escape
        raise ReadError(DAMAGED, "it cannot be read as data") from None
    return _Walker(limits).walk(data, 0)


class _Walker:
    """One pass over parsed data: sizes checked, lone surrogates replaced. Recursion is safe here
    because :func:`nesting_depth` has already bounded the depth."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.items = 0

    def walk(self, value: Any, depth: int) -> Any:
        self.items += 1
        if self.items > self.limits.total_items:
            raise ReadError(DAMAGED, "it holds too many values")
        if depth > self.limits.depth:  # unreachable after nesting_depth, kept as the guarantee
            raise ReadError(DAMAGED, "its brackets are nested too deeply")
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            if len(value) > self.limits.list_items:
                raise ReadError(DAMAGED, "it holds a list that is too long")
            return [self.walk(item, depth + 1) for item in value]
        if isinstance(value, dict):
            if len(value) > self.limits.object_keys:
                raise ReadError(DAMAGED, "it holds an object with too many keys")
            return {self.text(key): self.walk(item, depth + 1) for key, item in value.items()}
        return value

    def text(self, value: str) -> str:
        if len(value) > self.limits.string_chars:
            raise ReadError(DAMAGED, "it holds a text that is too long")
        return _LONE_SURROGATE.sub("\ufffd", value)


def read_json(path: Path | str, limits: Limits = DEFAULT_LIMITS) -> Any:
    """Read, decode and parse a JSON file within ``limits``; ReadError with a player's reason."""
    return parse_json(decode_text(read_bytes(path, limits.file_bytes)), limits)


# -- text made safe to draw -----------------------------------------------------------------------------
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_LINE_BREAKS = re.compile("[\t\n\r\u2028\u2029]")
ELLIPSIS = "…"


def clean_text(value: Any, max_chars: int | None = None, *, keep_newlines: bool = False) -> str:
    """``value`` as text that can always be drawn and written: control characters and lone
    surrogates (an undecodable file name, a hand-edited ``\\ud800``) become U+FFFD, tabs and line
    breaks become spaces (or stay newlines with ``keep_newlines``), and text beyond ``max_chars`` is
    cut with an ellipsis. Non-text values are shown through ``str``."""
    text = value if isinstance(value, str) else str(value)
    if max_chars is not None and len(text) > max_chars:
        text = text[: max(0, max_chars - 1)].rstrip() + ELLIPSIS
    if keep_newlines:
        text = text.replace("\r\n", "\n").replace("\t", " ")
        text = _CONTROL.sub(lambda m: "\n" if m.group() in "\n\r" else "\ufffd", text)
        return text
    text = _LINE_BREAKS.sub(" ", text)
    return _CONTROL.sub("\ufffd", text)


def quoted(value: Any, max_chars: int = 40) -> str:
    """``'value'`` for a sentence about a file's content: cleaned and short, whatever the file held."""
    return f"'{clean_text(value, max_chars)}'"


def file_name(path: Path | str, max_chars: int = 120) -> str:
    """A file's name as a player may read it: bytes that are not UTF-8 (kept by Python as lone
    surrogates) are shown as replacement characters."""
    return clean_text(Path(path).name, max_chars)
