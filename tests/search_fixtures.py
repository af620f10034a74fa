"""Fixed-depth search fixtures for the three alternating games: positions and the moves chosen there.

``python -m tests.search_fixtures`` writes ``tests/data/search_fixtures.json``: for Epaminondas,
Changing Challenges and Elephant Run, positions from seeded games at every stage (random moves mixed
with the greedy bot's, so that captures and races happen), each with the move and score the level's
search chose at a fixed depth with no clock, and the seed its root order was shuffled with.

The file was written once, on 27 November 2026, by the searchers as they were *before*
``game/search.py`` (each game's own iterative deepening in its ``ai.py``, called the way its ``ai``
called it, with a deadline that never came); ``tests/test_search_equivalence.py`` replays it through
the shared driver. The recorders below now go through the driver, so running this again rewrites the
file with what the driver plays: do that only on purpose, and say why in the test.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from game.core import GameState
from game.greedy import greedy_move
from game.register import get

PATH = Path(__file__).with_name("data") / "search_fixtures.json"

GAMES: dict[str, dict[str, Any]] = {
    # game id: option sets to vary, plies to stop at, and (level, depth) searches per position
    "epaminondas": {
        "options": [{}, {"symmetry": "off"}, {}, {"symmetry": "rotation"}],
        "plies": (4, 14, 30, 50, 70, 95, 120),
        "searches": (("normal", 2), ("hard", 3)),
        "endings": (2, 3, 4, 5, 6, 7),
    },
    "changing-challenges": {
        "options": [{}, {"pieces": "no-rooks"}, {}, {"pieces": "many-pawns"}],
        "plies": (2, 8, 16, 26, 38, 52, 70),
        "searches": (("easy", 1), ("normal", 2), ("hard", 4)),
    },
    "elephant-run": {
        "options": [
            {},
            {"compound": "on"},
            {"points": "8", "farmers": "5"},
            {"points": "12", "farmers": "7"},
        ],
        "plies": (3, 5, 7, 9, 11, 13, 16, 19, 22),
        "searches": (("easy", 4), ("normal", 5), ("hard", 6)),
    },
}

PER_GAME = 24
"""Positions kept per game (the issue asks for at least 20)."""


def play_to(
    game_id: str, options: dict[str, str], seed: int, plies: int
) -> tuple[GameState, list[str]] | None:
    """The position after ``plies`` turns of a seeded game (random moves, one in three the greedy
    bot's), with the moves' notation; None if the game ended first."""
    info = get(game_id)
    state = info.new_state(options)
    rng = random.Random(seed)
    texts: list[str] = []
    for _ in range(plies):
        if state.over:
            return None
        player = state.to_move()[0]
        move = (
            greedy_move(state, player, rng.randrange(1 << 30))
            if rng.random() < 0.35
            else state.random_move(player, rng)
        )
        texts.append(state.move_to_text(player, move))
        state = state.apply_turn({player: move})
    return (None if state.over else state), texts


def replay(game_id: str, options: dict[str, str], texts: list[str]) -> GameState:
    """The position the fixture's moves reach from the start."""
    state = get(game_id).new_state(options)
    for text in texts:
        player = state.to_move()[0]
        state = state.apply_turn({player: state.parse_move(player, text)})
    return state


def searched(state: GameState, player: str, level: str, depth: int, seed: int) -> tuple[str, int, int]:
    """(move text, score, nodes) of ``level``'s search to ``depth`` plies with no clock, through the
    game's ``ai`` with a depth limit (the score and nodes from the game's last-search figures; none
    for Elephant Run's easy farmers, whose noise comes after the search)."""
    from game.search import Limit

    info = get(state.game_id)
    move = info.ai(state, player, level, random.Random(seed), Limit(depth=depth))
    if state.game_id == "elephant-run" and level == "easy":
        return state.move_to_text(player, move), 0, 0
    stats = _stats(state.game_id)
    return state.move_to_text(player, move), int(stats.get("score", 0)), int(stats.get("nodes", 0))


def _stats(game_id: str) -> dict[str, Any]:
    import importlib

    module = importlib.import_module(f"game.{game_id.replace('-', '_')}.ai")
    return dict(module.LAST_STATS)


def positions(game_id: str) -> list[tuple[dict[str, str], list[str], int | None, GameState]]:
    """(options, moves, bench index, state): up to :data:`PER_GAME` positions with more than one
    legal move from seeded games, over the option sets, seeds and stopping plies of :data:`GAMES`,
    then the game's own benchmark positions (``GameInfo.bench_states``, index given)."""
    spec = GAMES[game_id]
    out: list[tuple[dict[str, str], list[str], int | None, GameState]] = []
    seed = 0
    while len(out) < PER_GAME and seed < 400:
        options = spec["options"][seed % len(spec["options"])]
        plies = spec["plies"][seed % len(spec["plies"])]
        seed += 1
        played = play_to(game_id, options, 1000 * seed + plies, plies)
        if played is None or played[0] is None:
            continue
        state, texts = played
        if searchable(state):
            out.append((options, texts, None, state))
    for seed, before in enumerate(spec.get("endings", ())):
        ending = ending_position(game_id, spec["options"][seed % len(spec["options"])], 7000 + seed, before)
        if ending is not None:
            out.append(ending)
    info = get(game_id)
    for index, state in enumerate(info.bench_states() if info.bench_states else []):
        if searchable(state):
            out.append(({}, [], index, state))
    return out


def ending_position(
    game_id: str, options: dict[str, str], seed: int, before: int
) -> tuple[dict[str, str], list[str], None, GameState] | None:
    """The position ``before`` turns from the end of a seeded game played out (at most 400 turns),
    where forced wins are in reach of the search."""
    info = get(game_id)
    state = info.new_state(options)
    rng = random.Random(seed)
    texts: list[str] = []
    while not state.over and len(texts) < 400:
        player = state.to_move()[0]
        move = (
            greedy_move(state, player, rng.randrange(1 << 30))
            if rng.random() < 0.35
            else state.random_move(player, rng)
        )
        texts.append(state.move_to_text(player, move))
        state = state.apply_turn({player: move})
    if not state.over or len(texts) <= before:
        return None
    texts = texts[:-before]
    state = replay(game_id, options, texts)
    return (options, texts, None, state) if searchable(state) else None


def searchable(state: GameState) -> bool:
    """A position the search decides: the game goes on, there is a choice, and no set-up is left
    (Elephant Run's placements are chosen by other means)."""
    if state.over or getattr(state, "phase", 2) != 2:  # Elephant Run's PHASE_PLAY
        return False
    return len(state.legal_moves(state.to_move()[0])) >= 2


def position(game_id: str, row: dict[str, Any]) -> GameState:
    """The position of one fixture row."""
    if row.get("bench") is not None:
        bench = get(game_id).bench_states
        assert bench is not None
        return bench()[row["bench"]]
    return replay(game_id, row["options"], row["moves"])


def record(game_ids: list[str]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PATH.read_text()) if PATH.exists() else {}
    for game_id in game_ids:
        rows = []
        for index, (options, texts, bench, state) in enumerate(positions(game_id)):
            player = state.to_move()[0]
            for level, depth in GAMES[game_id]["searches"]:
                if game_id == "elephant-run" and level == "easy" and player != "farmers":
                    continue  # the easy elephant does not search
                seed = 100 + index
                move, score, nodes = searched(state, player, level, depth, seed)
                rows.append(
                    {
                        "options": options,
                        "moves": texts,
                        "bench": bench,
                        "player": player,
                        "level": level,
                        "depth": depth,
                        "seed": seed,
                        "move": move,
                        "score": score,
                        "nodes": nodes,
                    }
                )
                print(game_id, index, level, depth, move, score, nodes, file=sys.stderr, flush=True)
        data[game_id] = rows
    PATH.parent.mkdir(exist_ok=True)
    PATH.write_text(json.dumps(data, indent=1) + "\n")
    return data


if __name__ == "__main__":
    record(sys.argv[1:] or list(GAMES))
