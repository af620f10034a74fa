"""Why a suggested Changing Challenges move is good, from the position: a win at once, the piece it
knocks or merges with, what it saves from the opponent's next knock (or stops them winning with), what
it threatens next, and how near the balance is to tipping.

Threats are measured by passing the turn: every move the opponent would have now against every move
they have after the hint, each scored by what it takes (a win above any piece, else the weight of the
piece knocked); and the mover's moves if they could play again. The pieces and the balance are named
as the game's words name them (:mod:`game.changing_challenges.words`).
"""

from __future__ import annotations

import random

from game.changing_challenges import board as B
from game.changing_challenges.rules import PLAYERS, ChangingChallengesState
from game.changing_challenges.words import TIP, TITLE, signed
from game.core import Move
from game.explaining import Reasons

WIN = 100
"""A move that wins outweighs any piece."""
NEAR_TIPPING = 12
"""The balance is worth a word once a move leaves it this close to tipping (or closer)."""


def passed(state: ChangingChallengesState) -> ChangingChallengesState:
    """The same board with the other side to move: what each side could do if it moved now."""
    return ChangingChallengesState(state.board, 1 - state.side, -1, state.pieces, moment=state.moment)


def win_words(reason: str, loser: str) -> str:
    """What a winning move does, short, from the outcome's own reason (``loser``: "your" or "the
    Circles'")."""
    if "king stands" in reason:
        return "stand safe on the centre line"
    if "tips" in reason:
        return "tip the board"
    return f"knock out {loser} king"


def gerund(phrase: str) -> str:
    """ "tip the board" -> "tipping the board": what a win would have done, after "stops them from"."""
    verb, _, rest = phrase.partition(" ")
    doing = {"tip": "tipping", "stand": "standing", "knock": "knocking"}.get(verb, verb)
    return f"{doing} {rest}".strip()


def threat(state: ChangingChallengesState, owner_words: str) -> tuple[int, str]:
    """The best the side to move could do now: (value, what it would take, said for ``owner_words``
    (``"your"`` or ``"the Circles'"``)); (0, "") when nothing is on offer."""
    if state.over:
        return 0, ""
    mover = PLAYERS[state.side]
    best: tuple[int, str] = (0, "")
    for move in state.legal_moves(mover):
        outcome = state.after(move).outcome()
        if outcome is not None and outcome.winner == mover:
            return WIN, win_words(outcome.reason, owner_words)
        fx = state.effects(move)
        if fx["captured"] is None:
            continue
        victim = state.at(fx["captured"])
        if victim is not None and victim["weight"] > best[0]:
            best = (victim["weight"], f"{owner_words} {victim['kind']} on {B.square_name(fx['captured'])}")
    return best


def explain(state: ChangingChallengesState, player: str, move: Move, rng: random.Random) -> Reasons:
    """The reasons, most important first; see the module's docstring."""
    if not isinstance(move, tuple) or len(move) != 3:
        raise TypeError(f"not a Changing Challenges move: {move!r}")
    frm, to = int(move[0]), int(move[1])
    enemy = PLAYERS[1 - PLAYERS.index(player)]
    them = TITLE[enemy]
    after = state.after(move)
    why: list[str] = []
    outcome = after.outcome()
    if outcome is not None and outcome.winner == player:
        return Reasons([f"it wins at once: {outcome.reason[:1].lower()}{outcome.reason[1:].rstrip('.')}"])
    fx = state.effects(move)
    piece = state.at(frm)
    kind = piece["kind"] if piece else "piece"
    victim = state.at(fx["captured"]) if fx["captured"] is not None else None
    prey = victim["kind"] if victim else "piece"
    if fx["kind"] == "merge":
        grown = B.PIECE_NAMES.get(fx["weight_after"], "piece")
        why.append(f"your {kind} merges with {them}' {prey} on {B.square_name(to)} into a {grown}")
    elif fx["kind"] == "knock":
        why.append(f"your {kind} knocks {them}' {prey} off {B.square_name(fx['captured'])} into storage")
    if fx["promotes"]:
        why.append(f"your pawn becomes a queen on {B.square_name(to)}")
    danger_before = threat(passed(state), "your")
    danger_after = threat(after, "your")
    if danger_before[0] >= WIN and danger_after[0] < WIN:
        why.append(f"it stops {them} from {gerund(danger_before[1])} next")
    elif danger_before[0] > danger_after[0] and danger_before[1]:
        why.append(f"it saves {danger_before[1]} from being knocked")
    aim = threat(passed(after), f"{them}'")
    if aim[0] >= WIN:
        why.append(f"it threatens to {aim[1]} next")
    elif aim[0] > max(danger_after[0], 1) and aim[1]:
        why.append(f"it threatens to knock {aim[1]} next")
    if danger_after[0] >= WIN:
        why.append(f"but {them} could then {danger_after[1]}")
    moment = fx["moment_after"]
    if abs(moment) < TIP and TIP - abs(moment) <= NEAR_TIPPING:
        why.append(f"balance {signed(moment)}, {TIP - abs(moment)} from tipping")
    if not why:
        why.append(f"it brings your {kind} from {B.square_name(frm)} to {B.square_name(to)}")
        if not danger_after[1]:
            why.append(f"{them} have nothing to knock in reply")
    return Reasons(why)
