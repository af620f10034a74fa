"""The app as a killed process: started by tests/test_kill.py, which kills it with SIGKILL.

``python -m tests.kill_target think DATA_DIR SIDE``: a Changing Challenges match against the hard
computer (the human plays SIDE; when it is the Triangles they move first), printing ``READY`` once
the computer is thinking. ``python -m tests.kill_target save DATA_DIR``: autosaves and settings
written in a loop, printing ``READY`` after the first round. Both then run until killed.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path


def think(data_dir: Path, side: str) -> None:
    import pygame

    from game.match import AI, HUMAN, Match, Seat
    from scenes.routes import new_app

    app = new_app(data_dir=data_dir)
    seats = {p: Seat(HUMAN) if p == side else Seat(AI, "hard") for p in ("triangles", "circles")}
    match = Match("changing-challenges", {}, seats)
    app.settings.animation_speed = "off"
    app.open_match(match)
    scene = app.top
    if side == "triangles":
        app.step([], 1 / 60)
        player = scene.input_player()
        scene._submit(player, match.state.legal_moves(player)[0])
    for _ in range(600):
        app.step(pygame.event.get(), 1 / 60)
        if scene.thinking:
            break
        time.sleep(0.01)
    print(f"READY {len(match.turns)}", flush=True)
    while True:
        app.step(pygame.event.get(), 1 / 60)
        time.sleep(1 / 60)


def save(data_dir: Path) -> None:
    from game.match import Match
    from saves.settings import load_settings, save_settings
    from saves.store import SaveStore

    store = SaveStore(data_dir)
    settings = load_settings(data_dir / "config")
    match = Match("elephant-run")
    match.match_id = "killed-while-writing"  # the same file every run, as one game played on
    match.play_text("@c2")
    rounds = 0
    while True:
        store.autosave(match)
        settings.fullscreen = not settings.fullscreen
        save_settings(settings)
        rounds += 1
        if rounds == 1:
            print("READY", flush=True)


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if sys.argv[1] == "think":
        think(Path(sys.argv[2]), sys.argv[3])
    else:
        save(Path(sys.argv[2]))
