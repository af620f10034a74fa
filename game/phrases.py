"""The small pieces every game's sentences are built from: numbers as words, plurals, lists.

Each game's ``words.py`` says what a turn did; these helpers make the five games say it the same way
("two pieces", "A, C and E", "one rank"), so a player reading any of them meets one voice.
"""

from __future__ import annotations

from collections.abc import Sequence

NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)
"""Counts are spelled out up to twelve ("two pieces"), then written in digits ("14 pieces")."""


def number(count: int) -> str:
    """``2 -> 'two'``, ``14 -> '14'``: short counts read better as words."""
    return NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)


def amount(count: int) -> str:
    """A count standing alone after a noun already said ("Black two, White none")."""
    return "none" if count == 0 else number(count)


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``noun`` or its plural for ``count`` (``many`` when it is not simply noun + s)."""
    return noun if count == 1 else (many or noun + "s")


def count(count: int, noun: str, many: str | None = None) -> str:
    """``(2, 'piece') -> 'two pieces'``, ``(1, 'rank') -> 'one rank'``."""
    return f"{number(count)} {plural(count, noun, many)}"


def joined(items: Sequence[str], last: str = "and") -> str:
    """``['a', 'b', 'c'] -> 'a, b and c'``: lists as a person says them."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def capitalised(text: str) -> str:
    """The sentence with its first letter raised and nothing else touched ("c4" stays lower case
    inside it, names stay as they are)."""
    return text[:1].upper() + text[1:]


def sentence(*clauses: str) -> str:
    """Clauses joined by semicolons into one capitalised sentence with a full stop; empty ones are
    left out so a turn that did little still reads well."""
    kept = [c for c in clauses if c]
    if not kept:
        return ""
    return capitalised("; ".join(kept)) + "."


def distance(squares: int, noun: str = "square") -> str:
    """``(2, 'rank') -> 'two ranks'``."""
    return count(squares, noun)


COMPASS = {
    (0, 1): "north",
    (0, -1): "south",
    (1, 0): "east",
    (-1, 0): "west",
    (1, 1): "north-east",
    (-1, 1): "north-west",
    (1, -1): "south-east",
    (-1, -1): "south-west",
}
"""A direction by its file and rank steps (north = toward higher ranks, as every rulebook here says)."""


def compass(file_step: int, rank_step: int) -> str:
    """The direction of a step of ``(file_step, rank_step)`` (each -1, 0 or 1)."""
    return COMPASS.get(((file_step > 0) - (file_step < 0), (rank_step > 0) - (rank_step < 0)), "")
