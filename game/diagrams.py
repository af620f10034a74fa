"""Rules diagrams as data: positions in each game's own notation, with a caption, that the rules
window draws with the game's own board view.

A diagram is headless data kept in ``game/<game>/diagrams.py`` (a ``DIAGRAMS`` tuple), so it is
checked like the rules themselves (``tests/test_pictures.py`` replays every one through the rules
engine) and the picture the player sees is always drawn from a real, legal position. Each diagram
names the block of the rules text it illustrates by that block's first words (``after``), so the
window places it right below the paragraph it explains; the rules text stays plain text in
``GameInfo.rules_help``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.core import GameError, GameInfo, GameState, optional_module


@dataclass(frozen=True)
class Diagram:
    """One picture in the rules: a position, what it shows, and where it goes.

    The position is the game's start (with ``options``), or ``position`` in the game's set-position
    text when it has one, then ``moves`` played in order, each a whole turn in notation (``A/B`` for
    simultaneous turns). ``rings`` and ``arrows`` name squares to point at, as a lesson does."""

    caption: str
    after: str
    """The first words of the rules text block (a heading or a paragraph) this diagram follows."""
    moves: tuple[str, ...] = ()
    position: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    rings: tuple[str, ...] = ()
    arrows: tuple[tuple[str, str], ...] = ()


def diagrams_for(game_id: str) -> tuple[Diagram, ...]:
    """The diagrams of a game (``game/<game>/diagrams.py``), or none if it has none yet."""
    module = optional_module(f"game.{game_id.replace('-', '_')}.diagrams")
    if module is None:
        return ()
    diagrams: tuple[Diagram, ...] = tuple(module.DIAGRAMS)
    return diagrams


def diagram_options(info: GameInfo, diagram: Diagram) -> dict[str, str]:
    """The diagram's options, checked and completed with the game's defaults."""
    return info.validate(dict(diagram.options))


def diagram_start(info: GameInfo, diagram: Diagram) -> GameState:
    """Where a diagram's moves start: its set position, or the game's opening. The board view is
    handed this and the moves, so it marks the last of them as it would in a match."""
    options = diagram_options(info, diagram)
    if diagram.position is not None:
        if info.position_factory is None:
            raise GameError(f"{info.title} has no position text: give the diagram moves instead")
        return info.position_factory(diagram.position, options)
    return info.factory(options)


def diagram_state(info: GameInfo, diagram: Diagram) -> GameState:
    """The position a diagram shows, replayed through the rules engine.

    Raises :class:`GameError` (an ``IllegalMoveError`` or ``NotationError`` for a bad move) naming
    what is wrong, so a broken diagram is found by the tests, never drawn."""
    state = diagram_start(info, diagram)
    for text in diagram.moves:
        state = state.apply_turn(state.parse_turn(text))
    return state


def rules_blocks(rules: str) -> list[list[str]]:
    """The rules text cut at blank lines into blocks of lines (the unit a diagram follows)."""
    blocks: list[list[str]] = [[]]
    for raw in rules.strip().splitlines():
        if raw.strip():
            blocks[-1].append(raw.rstrip())
        elif blocks[-1]:
            blocks.append([])
    return [block for block in blocks if block]


def anchor_index(blocks: list[list[str]], after: str) -> int | None:
    """The index of the block whose first line starts with ``after`` (case and spaces aside)."""
    wanted = " ".join(after.split()).lower()
    for index, block in enumerate(blocks):
        if " ".join(block[0].split()).lower().lstrip("# ").startswith(wanted):
            return index
    return None


def diagram_problems(info: GameInfo) -> list[str]:
    """Everything wrong with a game's diagrams, as sentences (empty when all is well): positions
    that do not replay, anchors missing from the rules text, captions left empty."""
    problems: list[str] = []
    blocks = rules_blocks(info.rules_help)
    for number, diagram in enumerate(diagrams_for(info.id), start=1):
        name = f"{info.title} diagram {number}"
        if not diagram.caption.strip():
            problems.append(f"{name} has no caption")
        if anchor_index(blocks, diagram.after) is None:
            problems.append(f"{name} follows '{diagram.after}', which the rules text does not have")
        try:
            diagram_state(info, diagram)
        except GameError as exc:
            problems.append(f"{name}: {exc}")
    return problems
