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
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Any

# -- what a refusal says, and reading a file's bytes: game/files.py (the command line reads with it too)
from game.files import (
    DAMAGED,
    EMPTY,
    FOLDER,
    MISSING,
    NOT_A_FILE,
    TOO_LARGE,
    TRUNCATED,
    UNREADABLE,
    ReadError,
    read_bytes,
)


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


# -- text made safe to draw: one home, game/text.py (the CLI quotes with it too) ------------------------
from game.text import (  # noqa: E402  (re-exported: saves and scenes import them from here)
    ELLIPSIS,
    INVISIBLE_RANGES,
    clean_text,
    drawable,
    file_name,
    quoted,
)

__all__ = [
    "DAMAGED",
    "ELLIPSIS",
    "EMPTY",
    "FOLDER",
    "INVISIBLE_RANGES",
    "MISSING",
    "NOT_A_FILE",
    "TOO_LARGE",
    "TRUNCATED",
    "UNREADABLE",
    "ReadError",
    "clean_text",
    "drawable",
    "file_name",
    "quoted",
    "read_bytes",
]
