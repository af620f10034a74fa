"""What the see-saw says in words: the banner prompt, the status line, cards, the end dialog and
the move list's notes.

Every sentence is built from the engine's answers (``effects``, ``outcome``, ``material``) or from
what the view already asked it (the centre-line threats), never from a rule of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.changing_challenges import board as B
from scenes.games.changing_challenges.geometry import LIMIT
from scenes.games.changing_challenges.motion import turn_effects
from scenes.games.changing_challenges.sides import CIRCLES, TRIANGLES, side_of, signed, title

if TYPE_CHECKING:
    from game.changing_challenges.rules import ChangingChallengesState
    from game.match import Turn


def prompt(player: str, threats: dict[str, list[int]], choosing: bool, holding: bool) -> str:
    """What ``player`` should do now: answer the merge question, seize or stop a centre-line win,
    or the usual pick-and-place hint."""
    if choosing:
        return "merge into one heavier piece, or knock it out to storage — Esc cancels"
    other = CIRCLES if player == TRIANGLES else TRIANGLES
    if threats[player]:
        names = ", ".join(B.square_name(sq) for sq in threats[player])
        return f"your king can win now: step safely onto the centre line at {names}"
    if threats[other]:
        names = ", ".join(B.square_name(sq) for sq in threats[other])
        return f"{title(other)}' king threatens to win on the centre line at {names} — stop it"
    if holding:
        return "click a mark: dots move, red rings knock out, gold rings may also merge"
    return "pick up a piece — every move shifts the balance"


def status_line(state: ChangingChallengesState, wide: bool) -> str:
    """The balance in words for the banner: the moment and which way the counterweight sits
    (a narrow window says "Weight" so the line still fits)."""
    cw = state.counterweight
    where = f"{abs(cw):.1f} left" if cw < 0 else f"{cw:.1f} right" if cw > 0 else "centre"
    name = "Counterweight" if wide else "Weight"
    return f"Moment {signed(state.moment)} · {name} {where}"


def player_summary(state: ChangingChallengesState, player: str) -> str:
    """Weight still on the field (what can move and knock), and how many pieces are out."""
    stored = sum(1 for sq in B.STORAGE_FILL[side_of(player)] if state.board[sq])
    on_board = state.material(player)
    return f"{on_board} · {stored} out" if stored else f"weight {on_board}"


def result_details(state: ChangingChallengesState) -> str:
    """The end dialog's score line: how far the balance went and the weight each side kept."""
    return (
        f"Moment {signed(state.moment)} (limit ±{LIMIT})  ·  On the board: Triangles "
        f"{state.material(TRIANGLES)}, Circles {state.material(CIRCLES)}"
    )


def turn_note(turn: Turn) -> str:
    """The move list's note for a turn: a merge or knock, a promotion, and the new moment (or
    "tips!" for the move that ended the game by tipping)."""
    read = turn_effects(turn)
    if read is None:
        return ""
    before, fx = read
    parts = []
    if fx["kind"] == "merge":
        parts.append(f"merges: {B.PIECE_NAMES.get(fx['weight_after'], 'piece')}")
    elif fx["kind"] == "knock":
        victim = before.at(fx["captured"]) if fx["captured"] is not None else None
        parts.append(f"knocks {victim['kind']}" if victim else "knocks")
    if fx["promotes"]:
        parts.append("queen")
    after: Any = turn.after
    outcome = after.outcome() if hasattr(after, "outcome") else None
    if outcome is not None and "tips" in outcome.reason:
        parts.append("tips!")
    else:
        parts.append(f"moment {signed(fx['moment_after'])}" if not parts else signed(fx["moment_after"]))
    return ", ".join(parts)
