"""A greedy one-move player for every game: the yardstick below the real levels.

The ladder (:mod:`game.ladder`) asks how strong each level is, and "beats random" says little:
random play is not what a person does on their first evening. The greedy bot plays the way a
beginner who has just read the rules does: take what is on offer now (capture, trample, destroy,
win at once), otherwise push forward, and never look at the reply. Every choice is deterministic
for a given ``rng`` (equally good moves are broken by it) and always legal, because each game's
chooser picks from that game's own legal moves or builds its move from the game's own per-piece
options. The choosers live beside each game's rules (``game/<game>/greedy.py``, the game's
``GameInfo.greedy``); this module holds what they share.

In the two secret-order games "greedy" means one turn deep against an opponent the bot does not
model: in Elasta the best allotment against uniformly random chips (where does a file matter most
this turn?); in Nelaxtam every troop takes its own best order by the game's quick per-troop score
(destroy what cuts off most, kill a troop standing on a target, else close in), with clashes
between two of its own troops settled in favour of the better order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from game.core import GameState, Move
from game.register import get

Chooser = Callable[[GameState, str, random.Random], Move]

T = TypeVar("T")
"""What :func:`best_by_score` picks from: a game's own moves (or squares, or orders) keep their type."""

WON = 1e9
"""Value of a move after which the mover has won; a lost game is -WON."""


# -- shared: one ply, scored ------------------------------------------------------------------------
def _outcome_value(child: GameState, player: str) -> float | None:
    """±WON when the move ends the game with a winner, 0.0 for a draw, None while it goes on."""
    outcome = child.outcome()
    if outcome is None:
        return None
    if outcome.winner is None:
        return 0.0
    return WON if outcome.winner == player else -WON


def best_by_score(moves: Sequence[T], score: Callable[[T], float], rng: random.Random) -> T:
    """The highest-scoring move; ties go to the one ``rng`` shuffled first, so a seed fixes it."""
    order = list(moves)
    rng.shuffle(order)
    return max(order, key=score)


def one_ply(
    state: GameState,
    player: str,
    rng: random.Random,
    evaluate: Callable[[GameState, str], float],
    mind_the_king: bool = False,
) -> Move:
    """The move whose resulting position is best for ``player``: a win first, a loss last, and
    between them ``evaluate`` of the position after the move. The reply is never weighed, but with
    ``mind_the_king`` a move that lets the opponent win on the spot comes just above a loss: the
    one look ahead every beginner soon learns (in Changing Challenges, not to leave the king to be
    knocked)."""

    def score(move: Move) -> float:
        child = state.apply_turn({player: move})
        decided = _outcome_value(child, player)
        if decided is not None:
            return decided
        if mind_the_king and _gives_a_win_away(child, player):
            return -WON / 2 + evaluate(child, player)
        return evaluate(child, player)

    return best_by_score(state.legal_moves(player), score, rng)


def _gives_a_win_away(child: GameState, me: str) -> bool:
    """Can the opponent, to move in ``child``, win with their very next move?"""
    for opponent in child.to_move():
        if opponent == me:
            continue
        for reply in child.legal_moves(opponent):
            outcome = child.apply_turn({opponent: reply}).outcome()
            if outcome is not None and outcome.winner == opponent:
                return True
    return False


def generic_move(state: GameState, player: str, rng: random.Random) -> Move:
    """Any other game (a sixth game before it has its own greedy chooser): in an alternating
    turn, one ply on the game's own running score; in a simultaneous one, a random move."""
    if state.simultaneous:
        return state.random_move(player, rng)

    def evaluate(child: GameState, me: str) -> float:
        score = child.score()
        return float(score.get(me, 0) - sum(v for p, v in score.items() if p != me))

    return one_ply(state, player, rng, evaluate)


TIE_JITTER = 1e-6
"""Random nudge on equal scores (Elasta's per-file gains, Nelaxtam's orders): small enough never to
change a real preference, large enough to break the exact ties of a symmetric line at random (seeded)."""


def chooser_for(game_id: str) -> Chooser:
    """The game's own greedy chooser (``GameInfo.greedy``), else :func:`generic_move`; a game the
    register does not know (a test's toy) gets the generic one too."""
    try:
        chooser = get(game_id).greedy
    except KeyError:
        return generic_move
    return chooser or generic_move


def greedy_move(state: GameState, player: str, seed: int | None = None) -> Move:
    """A legal greedy move for ``player`` in ``state``; the same seed gives the same move."""
    if player not in state.to_move():
        raise ValueError(f"{player} is not to move")
    rng = random.Random(seed)
    return chooser_for(state.game_id)(state, player, rng)


__all__ = ["TIE_JITTER", "best_by_score", "chooser_for", "generic_move", "greedy_move", "one_ply"]
