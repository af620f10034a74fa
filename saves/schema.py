"""A small schema check for data read from disk: types, sizes and ranges, each refusal a phrase.

:func:`saves.reading.read_json` guarantees the data is bounded; this module says whether it has the
right *shape*. A schema is built from a handful of checkers (:class:`Text`, :class:`Integer`,
:class:`Boolean`, :class:`Number`, :class:`Date`, :class:`Nullable`, :class:`ListOf`, :class:`MapOf`,
:class:`Record`), each of which returns the value or raises :class:`Invalid` with a phrase that names
the part in the player's words: "its moves should be a list of texts", "its date cannot be read".

Why not msgspec or pydantic: the app's files have a dozen fields between them, the checks must word
their refusals for players (both libraries word them for programmers), settings fall back field by
field instead of failing whole, and a dependency would add to every build for what fits on a page.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol


class Invalid(ValueError):
    """Data of the wrong shape; ``reason`` is a phrase ("its moves should be a list of texts")."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Schema(Protocol):
    """Anything with ``check(value, name) -> value``; ``name`` is how a sentence names the part."""

    def check(self, value: Any, name: str) -> Any: ...

    @property
    def expected(self) -> str: ...


def _should(name: str, expected: str) -> Invalid:
    return Invalid(f"{name} should be {expected}")


@dataclass(frozen=True)
class Text:
    """A string of at most ``max_chars``; with ``choices``, one of them."""

    max_chars: int = 1000
    choices: tuple[str, ...] = ()
    expected: str = "text"

    def check(self, value: Any, name: str) -> str:
        if not isinstance(value, str):
            raise _should(name, self.expected)
        if len(value) > self.max_chars:
            raise _should(name, f"at most {self.max_chars:,} characters long")
        if self.choices and value not in self.choices:
            raise _should(name, "one of " + ", ".join(self.choices))
        return value


@dataclass(frozen=True)
class Integer:
    """A whole number (not ``true``/``false``, which JSON readers would take for 1 and 0)."""

    low: int | None = None
    high: int | None = None
    expected: str = "a whole number"

    def check(self, value: Any, name: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _should(name, self.expected)
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise _should(name, f"between {self.low} and {self.high}")
        return value


@dataclass(frozen=True)
class Number:
    """A finite number within ``[low, high]`` (whole numbers accepted)."""

    low: float = -math.inf
    high: float = math.inf
    expected: str = "a number"

    def check(self, value: Any, name: str) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise _should(name, self.expected)
        if not self.low <= value <= self.high:
            raise _should(name, f"between {self.low:g} and {self.high:g}")
        return float(value)


@dataclass(frozen=True)
class Boolean:
    expected: str = "true or false"

    def check(self, value: Any, name: str) -> bool:
        if not isinstance(value, bool):
            raise _should(name, self.expected)
        return value


EARLIEST = datetime(1970, 1, 2, tzinfo=UTC)
LATEST = datetime(9999, 12, 30, tzinfo=UTC)
"""Times outside these can be parsed but not shown or converted to local time on every system."""


def parse_time(value: Any) -> datetime | None:
    """An ISO 8601 time as an aware datetime (naive ones are UTC), or None when it cannot be read or
    lies where conversions overflow. Never raises."""
    if not isinstance(value, str) or len(value) > 64:
        return None
    try:
        when = datetime.fromisoformat(value)
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        if not EARLIEST <= when <= LATEST:
            return None
        when.astimezone(UTC)
    except (ValueError, OverflowError, OSError):
        return None
    return when


@dataclass(frozen=True)
class Date:
    """An ISO 8601 date and time as text (returned as text: readers parse it when they need it)."""

    expected: str = "a date and time"

    def check(self, value: Any, name: str) -> str:
        if parse_time(value) is None:
            raise Invalid(f"{name} cannot be read")
        return str(value)


@dataclass(frozen=True)
class Nullable:
    """``null`` or what ``inner`` accepts."""

    inner: Schema

    @property
    def expected(self) -> str:
        return f"{self.inner.expected} or nothing"

    def check(self, value: Any, name: str) -> Any:
        return None if value is None else self.inner.check(value, name)


@dataclass(frozen=True)
class ListOf:
    item: Schema
    max_items: int = 10_000
    expected: str = "a list"

    def check(self, value: Any, name: str) -> list[Any]:
        if not isinstance(value, list):
            raise _should(name, self.expected)
        if len(value) > self.max_items:
            raise _should(name, f"a list of at most {self.max_items:,} entries")
        for item in value:
            self.item.check(item, name)
        return value


@dataclass(frozen=True)
class MapOf:
    """An object whose keys are short texts and whose values all pass ``value``."""

    value: Schema
    max_keys: int = 200
    key_chars: int = 100
    expected: str = "an object"

    def check(self, value: Any, name: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise _should(name, self.expected)
        if len(value) > self.max_keys:
            raise _should(name, f"an object of at most {self.max_keys} entries")
        for key, item in value.items():
            if len(key) > self.key_chars:
                raise _should(name, f"an object with names of at most {self.key_chars} characters")
            self.value.check(item, name)
        return value


@dataclass(frozen=True)
class Field:
    """One key of a :class:`Record`: its schema, how sentences name it, whether it must be there."""

    schema: Schema
    name: str
    required: bool = False


@dataclass(frozen=True)
class Record:
    """An object with known fields (unknown extra keys are allowed and left alone)."""

    fields: Mapping[str, Field] = field(default_factory=dict)
    expected: str = "an object"

    def check(self, value: Any, name: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise _should(name, self.expected)
        for key, spec in self.fields.items():
            if key not in value:
                if spec.required:
                    raise Invalid(f"it has no '{key}'")
                continue
            spec.schema.check(value[key], spec.name)
        return value


def valid(schema: Schema, value: Any) -> bool:
    """True when ``value`` passes ``schema`` (for settings, which fall back field by field)."""
    try:
        schema.check(value, "it")
    except Invalid:
        return False
    return True


def field_or(
    schema: Schema,
    data: Mapping[str, Any],
    key: str,
    default: Any,
    convert: Callable[[Any], Any] | None = None,
) -> Any:
    """``data[key]`` when present and valid (converted), else ``default``: the settings policy."""
    if key not in data or not valid(schema, data[key]):
        return default
    return convert(data[key]) if convert is not None else data[key]
