"""What the match's record tells the view that the position itself does not.

The engine's state keeps only what the rules need: which squares are deleted, not who deleted them,
and not the chips of the last turn. The view reads both back from the turns that led to the shown
position (which after an undo is not the last one played).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.elasta import rules as R
from scenes.games.elasta.palette import BLACK, WHITE

if TYPE_CHECKING:
    from game.match import Turn


def token_owners(turns: Sequence[Turn], shown: object) -> dict[int, str]:
    """Who placed each token (square → player), over the turns up to the one that led to ``shown``:
    the colour of a token is worth one pass over the turns."""
    owners: dict[int, str] = {}
    for turn in turns:
        before: Any = turn.before
        if getattr(before, "phase", "") != R.PHASE_TOKEN:
            if turn.after is shown:
                break
            continue
        for player, move in turn.moves.items():
            if isinstance(move, int) and move != R.NO_TOKEN:
                owners[move] = player
        if turn.after is shown:
            break
    return owners


def last_allotments(turns: Sequence[Turn], shown: object) -> dict[str, tuple[int, ...]] | None:
    """Both allotments of the last allotment turn that led to ``shown`` (kept on the rails, faded,
    as a record of what just happened); None at the start or when that turn lacks one of them."""
    end = next((i for i in range(len(turns) - 1, -1, -1) if turns[i].after is shown), -1)
    for turn in reversed(turns[: end + 1]):
        before: Any = turn.before
        if getattr(before, "phase", "") == R.PHASE_ALLOT:
            moves = turn.moves
            if isinstance(moves.get(WHITE), tuple) and isinstance(moves.get(BLACK), tuple):
                return {WHITE: moves[WHITE], BLACK: moves[BLACK]}
            return None
    return None
