"""The search every game's demo matches share (screenshots, the smoke run, the bench, tests).

A demo is the first seeded playout that looks like the stage it stands for ("mid": pieces taken on
both sides, "end": won by the game's most telling ending). Each game says how to start a match, how
to play it on and what a good picture is; the seed loop, the stage names and the refusal live here.
Seeds are tried in order from 0, so a demo is the same picture on every machine and every run.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.match import Match

STAGES: tuple[str, ...] = ("setup", "mid", "end")


def find_demo(
    make: Callable[[], Match],
    play: Callable[[Match, random.Random], bool | None],
    accept: Callable[[Match], bool],
    *,
    seeds: int,
    what: str,
) -> Match:
    """The first match, over seeds ``0 .. seeds-1``, that ``accept`` likes after ``play``.

    ``play`` gets a fresh ``random.Random(seed)``; returning ``False`` (it could not play as far
    as asked) skips the seed without asking ``accept``. Raises RuntimeError naming ``what`` when
    no seed gives a match, so a demo never silently shows an unchecked position."""
    for seed in range(seeds):
        trial = make()
        if play(trial, random.Random(seed)) is False:
            continue
        if accept(trial):
            return trial
    raise RuntimeError(f"no {what} demo found in {seeds} seeds")


def replayed(
    make: Callable[[], Match], turns: Sequence[str], accept: Callable[[Match], bool]
) -> Match | None:
    """A playout kept as turns (notation), replayed: a demo found once by :func:`find_demo` and
    written down, so showing it costs no search; None when it no longer replays or no longer looks
    its stage (a rules change), and the search must find a new one."""
    match = make()
    try:
        for text in turns:
            match.play_text(text)
    except Exception:
        return None
    return match if accept(match) else None


def by_stage(stage: str, builders: Mapping[str, Callable[[], Match]]) -> Match:
    """Build the demo for ``stage`` from a game's table of builders, or refuse an unknown stage."""
    builder = builders.get(stage)
    if builder is None:
        raise ValueError(f"unknown demo stage '{stage}' ({', '.join(builders)})")
    return builder()


def play_plies(
    match: Match,
    rng: random.Random,
    plies: int,
    pick: Callable[[object, str, random.Random], object] | None = None,
) -> bool:
    """Play ``plies`` single-player turns, each move chosen by ``pick(state, player, rng)`` (by
    default uniformly among the legal moves). True if all were played before the game ended."""
    for _ in range(plies):
        if match.over:
            return False
        state = match.state
        player = state.to_move()[0]
        move = pick(state, player, rng) if pick is not None else rng.choice(list(state.legal_moves(player)))
        match.submit(player, move)
    return True
