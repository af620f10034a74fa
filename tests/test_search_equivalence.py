"""The shared search (game/search.py) plays the moves each game's own search played before it.

``tests/data/search_fixtures.json`` was written by ``tests/search_fixtures.py`` with the three
searchers as they were before :mod:`game.search` (each game's own iterative deepening in its
``ai.py``): positions from seeded games at every stage, from the end of played-out games where
forced results are in reach, and each game's benchmark positions, with the move and score that a
level's search chose at a fixed depth with no clock. Here the same positions, seeds and depths go
through each game's ``ai`` with a depth limit, now driven by :class:`game.search.Search`.

Result when the driver replaced the three searchers (27 November 2026): every move and every score
the same — Epaminondas 38 positions × 2 searches (normal 2 plies, hard 3), Changing Challenges 32 ×
3 (easy's one look, normal 2, hard 4), Elephant Run 34 × up to 3 (easy farmers' 3-4 plies, normal
5, hard 6) — although the driver decided some details once for all three where they differed:

- the root reorders its moves by the last iteration's scores between iterations (Changing
  Challenges only moved the best move to the front);
- a move that fails high on the null window is searched again with that score as the lower bound
  (Changing Challenges used the old alpha);
- a position met again on the path or in the game's history is a draw before the horizon's
  quiescence is asked (Changing Challenges asked the quiescence first at depth 0);
- Elephant Run now searches with principal variation (it searched every move with the full
  window) and its farmers' pass node stores a bounded score as a bound, not as exact.

None of these changed a move or a score here; they change only how many nodes a search visits.
Elephant Run's easy farmers add noise after the search, so only their move is compared.
Changing Challenges easy's rows were recorded again on 28 November 2026, when easy changed on
purpose (it weighs the reply's knocks on every turn, issue #30): its one look is no search, so
those rows now hold easy to its own moves.
"""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

import pytest

from game.register import get
from game.search import Limit
from tests.search_fixtures import PATH, position

FIXTURES: dict[str, list[dict[str, Any]]] = json.loads(PATH.read_text())


def _stats(game_id: str) -> dict[str, Any]:
    return importlib.import_module(f"game.{game_id.replace('-', '_')}.ai").LAST_STATS  # type: ignore[no-any-return]


@pytest.mark.parametrize("game_id", sorted(FIXTURES))
def test_fixed_depth_searches_play_the_recorded_moves(game_id: str) -> None:
    rows = FIXTURES[game_id]
    assert len({(json.dumps(row["moves"]), row["bench"]) for row in rows}) >= 20  # positions
    info = get(game_id)
    different = []
    for index, row in enumerate(rows):
        state = position(game_id, row)
        player = row["player"]
        move = info.ai(state, player, row["level"], random.Random(row["seed"]), Limit(depth=row["depth"]))
        text = state.move_to_text(player, move)
        compare_score = not (game_id == "elephant-run" and row["level"] == "easy")
        score = _stats(game_id).get("score") if compare_score else row["score"]
        if (text, score) != (row["move"], row["score"]):
            different.append((index, row["level"], row["depth"], (row["move"], row["score"]), (text, score)))
    assert different == [], different
