"""What the Nelaxtam board says: hints, prompts and move-list notes, worded from the rules' answers.

The sentences live apart from the clicks that trigger them so the controls read as decisions and the
texts can be checked (and reworded) in one place. Every number or name in them comes from
``game/nelaxtam`` (``orders_for``, ``living``, the turn's report); nothing here judges a move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.nelaxtam import rules as R
from scenes.games.nelaxtam.palette import BLACK, TROOPS, WHITE

if TYPE_CHECKING:
    from game.match import Turn
    from game.nelaxtam.rules import NelaxtamState

SHAPE_WORD = {BLACK: "diamond", WHITE: "ring"}
COLOUR_WORD = {BLACK: "dark", WHITE: "light"}
"""Squares are named by brightness *and* inlay shape, so the hint works whatever one's colour vision."""


def title(player: str) -> str:
    return player.capitalize()


def joined(items: list[str]) -> str:
    """``a, b and c``: the hints list troops and options as a person would say them."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def sea_air_parts(sea: int, need: int, air: int) -> list[str]:
    """The invasion counter ("Sea 1/3", "Air 2/2"), leaving out a kind of landing the options forbid,
    so a game without sea (or without air) troops never shows a meaningless 0/0."""
    parts = []
    if need:
        parts.append(f"Sea {sea}/{need}")
    if need < TROOPS:
        parts.append(f"Air {air}/{TROOPS - need}")
    return parts


def how(state: NelaxtamState, player: str) -> str:
    """The standing instruction for the phase, shown whenever nothing more specific applies."""
    if state.phase == R.PHASE_INVASION:
        where = f"; {state.sea} on the marked coast" if state.sea else ""
        return f"click {COLOUR_WORD[player]} ({SHAPE_WORD[player]}) squares to land troops 1-5{where}"
    if state.quiet:
        return "quiet variant: one troop, one order — click it, then a marked square"
    return "click a troop, then where it moves or what it destroys; then Confirm"


def options_text(state: NelaxtamState, player: str, troop: int) -> str:
    """What a selected troop may do, counted from the engine's ``orders_for`` so the marks on the
    board and the sentence always agree."""
    codes = [c for c in state.orders_for(player, troop) if c]
    moves = sum(1 for c in codes if c in R.MOVE_CODES)
    hits = len(codes) - moves
    if not codes:
        return f"Troop {troop} can neither move nor destroy this turn — it holds."
    parts = []
    if moves:
        parts.append(f"{moves} square{'s' if moves != 1 else ''} to move to")
    if hits:
        parts.append(f"{hits} piece{'s' if hits != 1 else ''} to destroy")
    return f"Troop {troop}: {joined(parts)} — click one (click the troop again to clear its order)."


def orders_progress(state: NelaxtamState, player: str, given: int, lead: str) -> str:
    """``lead`` plus how far the orders are: the quiet variant has one order a turn, so it says how
    to replace it instead of counting."""
    living = len(state.living(player))
    if state.quiet:
        return f"{lead} — press Confirm (or Enter); click another troop to order it instead."
    return f"{lead} · {given} of {living} troops have orders — click another, or Confirm."


def turn_note(turn: Turn) -> str:
    """The move list's summary of a turn, read from the engine's report (the invasion has none)."""
    before: Any = turn.before
    if getattr(before, "phase", "") == R.PHASE_INVASION:
        return "invasion"
    report = getattr(turn.after, "last_report", None)
    if report is None:
        return ""
    parts = []
    if report.destroyed:
        parts.append(f"{len(report.destroyed)} destroyed")
    if report.deaths:
        parts.append(f"{len(report.deaths)} fell")
    cut = sum(len(g.squares) for g in report.removed_groups)
    if cut:
        parts.append(f"{cut} cut off")
    return " · ".join(parts) or "no hits"
