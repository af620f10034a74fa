"""Fixed sparring opponents for measuring Elasta's AI, and a loop to play them.

A simultaneous-move AI is only as good as its worst match-up, so besides the level ladder the AI
is checked against simple fixed habits a human might fall into: always the same allotment,
copying the opponent's previous allotment, and a greedy player that deterministically plays the
best answer to random chips. Each opponent sees the whole history (the AI itself sees only the
public position).

``python -m game.elasta.sparring [-n GAMES] [--level hard] [--seconds S] [--opponent NAME]``
prints the figures.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Mapping, Sequence

from game.core import Move, Outcome
from game.elasta.ai import ai, choose_token, greedy_allotment
from game.elasta.rules import BLACK, PHASE_ALLOT, PLAYERS, WHITE, ElastaState

History = Sequence[Mapping[str, Move]]
Opponent = Callable[[ElastaState, str, History, random.Random], Move]
"""``opponent(state, player, history_of_allotment_turns, rng) -> move``."""

FIXED_ALLOTMENT = (3, 5, 7, 1, 6, 0, 4, 2)


def _other(player: str) -> str:
    return BLACK if player == WHITE else WHITE


def same_allotment(state: ElastaState, player: str, history: History, rng: random.Random) -> Move:
    """Always plays :data:`FIXED_ALLOTMENT`."""
    if state.phase != PHASE_ALLOT:
        return choose_token(state, player, "normal", rng)
    return FIXED_ALLOTMENT


def mirror(state: ElastaState, player: str, history: History, rng: random.Random) -> Move:
    """Plays whatever the opponent played on the previous turn (the fixed allotment at first)."""
    if state.phase != PHASE_ALLOT:
        return choose_token(state, player, "normal", rng)
    return history[-1][_other(player)] if history else FIXED_ALLOTMENT


def greedy(state: ElastaState, player: str, history: History, rng: random.Random) -> Move:
    """The exact best answer to uniformly random chips under the full evaluation: deterministic."""
    if state.phase != PHASE_ALLOT:
        return choose_token(state, player, "normal", rng)
    return greedy_allotment(state.lines, state.deleted, player)


OPPONENTS: dict[str, Opponent] = {"same": same_allotment, "mirror": mirror, "greedy": greedy}


def play(
    opponent: Opponent,
    ai_player: str,
    level: str,
    seed: int,
    seconds: float,
    options: Mapping[str, str] | None = None,
    max_turns: int = 300,
) -> tuple[Outcome | None, int]:
    """One game of the AI (``level``, ``seconds`` per move) against ``opponent``; returns the
    outcome (None if cut off at ``max_turns``) and the number of allotment turns."""
    rng = random.Random(seed)
    state = ElastaState(tokens=(options or {}).get("tokens", "off") == "on")
    history: list[dict[str, Move]] = []
    while not state.over and state.turn < max_turns:
        turn: dict[str, Move] = {}
        for player in PLAYERS:
            if player == ai_player:
                turn[player] = ai(state, player, level, random.Random(rng.getrandbits(32)), seconds)
            else:
                turn[player] = opponent(state, player, history, rng)
        if state.phase == PHASE_ALLOT:
            history.append(turn)
        state = state.apply_turn(turn)
    return state.outcome(), state.turn


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Elasta AI against fixed sparring opponents")
    parser.add_argument("-n", type=int, default=6, help="games per opponent (sides alternate)")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seconds", type=float, default=2.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tokens", default="off", choices=("off", "on"))
    parser.add_argument(
        "--opponent",
        action="append",
        choices=sorted(OPPONENTS),
        help="only this opponent (repeatable; default: all)",
    )
    args = parser.parse_args(argv)
    for name, opponent in OPPONENTS.items():
        if args.opponent and name not in args.opponent:
            continue
        wins = losses = draws = 0
        turns = []
        start = time.perf_counter()
        for index in range(args.n):
            ai_player = PLAYERS[index % 2]
            outcome, n_turns = play(
                opponent,
                ai_player,
                args.level,
                args.seed * 1000 + index,
                args.seconds,
                {"tokens": args.tokens},
            )
            turns.append(n_turns)
            if outcome is None or outcome.winner is None:
                draws += 1
            elif outcome.winner == ai_player:
                wins += 1
            else:
                losses += 1
        print(
            f"{args.level} vs {name}: won {wins}, lost {losses}, drawn {draws}; "
            f"turns {min(turns)}-{max(turns)}; {time.perf_counter() - start:.0f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
