"""Nelaxtam in words: where the armies landed, which troop destroyed which piece, which troops died
and why, and what the clean-up removed because no troop stood on it; at the end, the count and the
troops that hold the land.

Everything is read from the turn's own :class:`~game.nelaxtam.rules.TurnReport` (the record the
engine keeps of the reveal it just resolved), so the words are only ever about revealed orders.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from game.core import EndWords, Move, Outcome, TurnWords
from game.nelaxtam.rules import (
    BLACK,
    CALM_LIMIT,
    MOVE_CODES,
    NOTHING,
    PHASE_INVASION,
    PLAYERS,
    TROOPS,
    WHITE,
    Death,
    Destruction,
    NelaxtamState,
    RemovedGroup,
    TurnReport,
)
from game.phrases import amount, count, joined, sentence

TITLE = {BLACK: "Black", WHITE: "White"}
CALM_WARNING = 5
"""Quiet turns left before the calm limit at which the note starts counting them down."""


def enemy(player: str) -> str:
    return WHITE if player == BLACK else BLACK


def describe_invasion(before: NelaxtamState, report: TurnReport) -> TurnWords:
    name = before.geo.name
    landed = [f"{TITLE[p]} on {', '.join(name(sq) for sq in report.placements.get(p, ()))}" for p in PLAYERS]
    return TurnWords(sentence("both armies landed: " + "; ".join(landed)))


def troops(numbers: Sequence[int]) -> str:
    """``[1, 5] -> 'troops 1 and 5'``."""
    ordered = sorted(set(numbers))
    return ("troop " if len(ordered) == 1 else "troops ") + joined([str(t) for t in ordered])


def destroyed_clause(player: str, hits: Sequence[Destruction], name: Callable[[int], str]) -> str:
    """ "Black's troop 2 destroyed d5 and troops 1 and 4 destroyed f7" (a piece two troops aimed at
    is named once)."""
    targets: dict[int, list[int]] = {}
    for hit in hits:
        targets.setdefault(hit.target, []).append(hit.troop)
    said = [f"{troops(by)} destroyed {name(target)}" for target, by in targets.items()]
    return f"{TITLE[player]}'s " + joined(said)


def death_clause(death: Death, report: TurnReport, name: Callable[[int], str]) -> str:
    """Why a troop died: the enemy troop whose order removed the piece under it."""
    killers = [d for d in report.destructions if d.player != death.player and d.target == death.square]
    by = troops([d.troop for d in killers]) if killers else "an enemy troop"
    where = name(death.square)
    mine, theirs = TITLE[death.player], TITLE[enemy(death.player)]
    if death.moved:
        return f"{mine}'s troop {death.troop} moved onto {where} just as {theirs}'s {by} destroyed it"
    return f"{mine}'s troop {death.troop} died on {where} when {theirs}'s {by} destroyed the piece under it"


def cleanup_clause(groups: Sequence[RemovedGroup], name: Callable[[int], str]) -> str:
    """The clean-up: groups removed because none of their owner's troops stood on them."""
    said = []
    for player in PLAYERS:
        mine = [g for g in groups if g.player == player]
        if not mine:
            continue
        pieces = sum(len(g.squares) for g in mine)
        places = joined([name(min(g.squares)) for g in mine])
        said.append(
            f"{count(pieces, f'{TITLE[player]} piece')} cut off from every {TITLE[player]} troop "
            f"(at {places})"
        )
    return "the clean-up removed " + joined(said) if said else ""


def describe_orders(before: NelaxtamState, report: TurnReport, after: NelaxtamState) -> TurnWords:
    name = before.geo.name
    by_player = {p: [d for d in report.destructions if d.player == p] for p in PLAYERS}
    lost = {p: sum(len(g.squares) for g in report.removed_groups if g.player == p) for p in PLAYERS}
    if not report.destructions:
        moved = {p: len([m for m in report.moves if m.player == p]) for p in PLAYERS}
        moves = f"Black moved {count(moved[BLACK], 'troop')}, White {amount(moved[WHITE])}"
        calm = ""
        left = CALM_LIMIT - after.calm
        if 0 < left <= CALM_WARNING:
            calm = f"{count(left, 'more quiet turn')} and the game ends"
        return TurnWords(sentence("no piece was destroyed", moves, calm))
    short = [
        f"Black destroyed {count(len(set(d.target for d in by_player[BLACK])), 'piece')}, "
        f"White {amount(len(set(d.target for d in by_player[WHITE])))}"
    ]
    fallen = {p: [d.troop for d in report.deaths if d.player == p] for p in PLAYERS}
    short.append(joined([f"{TITLE[p]} lost {troops(fallen[p])}" for p in PLAYERS if fallen[p]]))
    if any(lost.values()):
        short.append(f"the clean-up cut off {count(sum(lost.values()), 'more piece')}")
    score = after.score()
    full = [destroyed_clause(p, by_player[p], name) for p in PLAYERS if by_player[p]]
    full += [death_clause(d, report, name) for d in report.deaths]
    full.append(cleanup_clause(report.removed_groups, name))
    full.append(f"Black holds {score[BLACK]}, White {score[WHITE]}")
    return TurnWords(sentence(*short), sentence(*full))


def describe_turn(before: NelaxtamState, turn: Mapping[str, Move], after: NelaxtamState) -> TurnWords:
    """One revealed turn in words; see the module's docstring."""
    report = after.last_report
    if report is None:
        return before.plain_turn_words(turn)
    if before.phase == PHASE_INVASION:
        return describe_invasion(before, report)
    return describe_orders(before, report, after)


def move_words(state: NelaxtamState, player: str, move: Move) -> str:
    """The move list's short phrase for one side: the landing, "sea a1, c1, l4; air e6, f7" (troops
    on the edge came by sea), or the orders, "destroy f5, g6; to d4, c3" (each piece named once; the
    troops that moved by where they went, since the board shows which troop stands there)."""
    if not isinstance(move, tuple) or len(move) != TROOPS:
        raise TypeError(f"not a Nelaxtam move: {move!r}")
    name = state.geo.name
    if state.phase == PHASE_INVASION:
        edge = [name(sq) for sq in move if state.sea and state.geo.edge >> sq & 1]
        inland = [name(sq) for sq in move if name(sq) not in edge]
        parts = [f"sea {', '.join(edge)}" if edge else "", f"air {', '.join(inland)}" if inland else ""]
        return "; ".join(part for part in parts if part)
    destroyed: list[str] = []
    moved: list[str] = []
    for troop, code in enumerate(move, start=1):
        if code == NOTHING:
            continue
        target = state.order_target(player, troop, code)
        if target < 0:
            raise ValueError(f"troop {troop} has nowhere to go")
        if code in MOVE_CODES:
            moved.append(name(target))
        elif name(target) not in destroyed:
            destroyed.append(name(target))
    if destroyed and moved:
        return f"destroy {', '.join(destroyed)}; to {', '.join(moved)}"
    if destroyed:
        return f"destroy {', '.join(destroyed)}"
    if moved:
        return f"move to {', '.join(moved)}"
    return "no order" if state.quiet else "all hold"


def describe_end(state: NelaxtamState, outcome: Outcome) -> EndWords:
    """The count that decided, and the living troops whose groups hold the land, ringed."""
    score = state.score()
    living = [state.geo.name(sq) for side in state.troops for sq in side if sq >= 0]
    tally = f"Black holds {score[BLACK]} pieces, White {score[WHITE]}"
    head = outcome.reason.split(":")[0].rstrip(".")
    if head.startswith("No troop can destroy"):
        head = "No troop can reach enemy land any more"
    return EndWords(f"{head}: {tally}.", tuple(living))
