"""Square names read from Elephant Run notation, for tests that start from move texts (the board
itself asks the rules, ``GameState.move_squares``)."""

from __future__ import annotations


def move_squares(text: str) -> list[str]:
    """``c2-d3`` → [c2, d3]; ``@a1,b3`` → [a1, b3]; pass → []."""
    text = text.strip().lower()
    if text.startswith("@"):
        return [part.strip() for part in text[1:].split(",") if part.strip()]
    if text == "pass" or not text:
        return []
    return [part.strip() for part in text.split("-")]
