"""Threats a player can see: which of their pieces the opponent could take with its next move.

The coach marks these on the board during the player's own turn (issue #32: a newcomer loses the
Changing Challenges queen on move 1 with nothing saying it stood attacked). The answer comes from
the rules alone, through two small parts of the contract in :mod:`game.core`:
:meth:`GameState.with_mover` (the position as if the opponent moved now) and
:meth:`GameState.captures` (the squares a move takes). No game is named here.

In the games of secret orders (Elasta, Nelaxtam) nothing is taken by one move: pieces are lost in a
turn both players order at once, and both games keep the contract's ``[]`` for ``captures``. What a
player can lose there next turn is the game's own question, answered by ``threatened(state,
player)`` in ``game/<game>/threats.py`` beside its rules (found by package, as ``words.py`` is):
Elasta's files one lost push from the ground line, Nelaxtam's troops and pieces next to an enemy
troop.
"""

from __future__ import annotations

from game.core import GameState, optional_module


def opponent_of(state: GameState, player: str) -> str | None:
    """The other player of a two-player game, or None (no such player, or more than two)."""
    if len(state.players) != 2 or player not in state.players:
        return None
    return state.players[1 - state.players.index(player)]


def threatened(state: GameState, player: str) -> list[str]:
    """The squares of ``player``'s pieces the opponent could take with its next move, in the game's
    notation, each once, in the order the opponent's moves list them.

    During ``player``'s own turn the turn is passed for the question (the opponent's next move comes
    after this one, but a piece attacked now is the one a player must look after); after it, the
    opponent's real moves are asked. Empty in a finished game or a setup phase. In a game of secret
    orders the game's own ``threatened`` says (:func:`simultaneous_threats`)."""
    enemy = opponent_of(state, player)
    if enemy is None or state.over:
        return []
    if state.simultaneous:
        return simultaneous_threats(state, player)
    view = state.with_mover(enemy)
    if view is None or view.over:
        return []
    found: list[str] = []
    for move in view.legal_moves(enemy):
        for square in view.captures(enemy, move):
            if square not in found:
                found.append(square)
    return found


def simultaneous_threats(state: GameState, player: str) -> list[str]:
    """What ``player`` could lose to the other side's next secret orders, from the game's own
    ``threats.py`` (its ``threatened(state, player)``, squares in the game's notation); none for a
    game without one. Only the public position is read: never an order sealed but not revealed."""
    package = type(state).__module__.rpartition(".")[0]
    module = optional_module(f"{package}.threats") if package.startswith("game.") else None
    find = getattr(module, "threatened", None)
    if find is None:
        return []
    return [str(square) for square in find(state, player)]
