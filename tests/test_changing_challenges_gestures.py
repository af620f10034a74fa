"""The see-saw's teaching contract: ``square_center`` and ``gestures_for`` performed as real events.

For every lesson's start position and for positions of seeded random games, a sample of legal
moves (every kind: moves, knock-outs, merges, en passant) is entered by performing exactly the
gestures the view names, as pygame events through a real MatchScene; the match's last turn must be
that move. The tutorial screen and a lesson's "Show me" rely on these gestures, so they must be
what a player really clicks, from whatever the player is holding at the time.
"""

from __future__ import annotations

import random
from typing import Any

from game.changing_challenges import board as B
from game.changing_challenges.rules import ChangingChallengesState
from game.lessons import lessons_for, start_match
from game.match import Match, Seat
from game.register import get
from scenes.games.changing_challenges import ChangingChallengesView
from scenes.shell.match.scene import MatchScene
from tests.gesture_driver import perform
from tests.scene_driver import DT, click, start

GAME = "changing-challenges"
MOVES_PER_POSITION = 4
RANDOM_GAMES = 5


def view_of(scene: MatchScene) -> ChangingChallengesView:
    view = scene.view
    assert isinstance(view, ChangingChallengesView)
    return view


def sample(state: ChangingChallengesState, rng: random.Random) -> list[str]:
    """Captures that may merge (both answers), en passant, then random others."""
    player = state.player
    texts = [state.move_to_text(player, m) for m in state.legal_moves(player)]
    merges = [t for t in texts if "&" in t][:2]
    special = merges + [t.replace("&", "x") for t in merges]
    special += [t for t in texts if "-" not in t and B.square_index(t[-3:].lstrip("x&")) == state.ep][:2]
    picked = list(dict.fromkeys(special))
    rest = [t for t in texts if t not in picked]
    return picked + rng.sample(rest, min(len(rest), max(2, MOVES_PER_POSITION - len(picked))))


def try_each(app: Any, scene: MatchScene, moves: list[str]) -> None:
    """Enter each move by its gestures from the position on screen, check it, take it back."""
    match = scene.match
    view = view_of(scene)
    base = len(match.turns)
    for text in moves:
        player = match.state.to_move()[0]
        gestures = view.gestures_for(player, text)
        assert gestures, f"no gestures for {text} in {match.state.key()}"
        perform(app, scene, gestures)
        assert len(match.turns) == base + 1 and match.move_texts()[-1] == text, (text, scene.message)
        scene.undo()
        assert len(match.turns) == base


def random_positions() -> list[ChangingChallengesState]:
    """Positions from seeded random games, at different depths (merges and storage included)."""
    out = []
    for seed in range(RANDOM_GAMES):
        rng = random.Random(seed)
        state = ChangingChallengesState()
        for _ in range(rng.randrange(6, 60)):
            if state.over:
                break
            nxt = state.after(state.random_move(state.player, rng))  # type: ignore[arg-type]
            if nxt.over:
                break
            state = nxt
        out.append(state)
    return out


def test_every_lesson_by_its_gestures(app: Any) -> None:
    """At each lesson's start, a sample of legal moves and every accepted answer of the first step
    (both answers of a capture that may merge); then the whole lesson, each step's model answer
    and the scripted reply entered by clicks, as the tutorial's "Show me" will enter them."""
    info = get(GAME)
    rng = random.Random(13)
    for lesson in lessons_for(GAME):
        match = start_match(info, lesson)
        scene = start(app, match)
        view = view_of(scene)
        state = match.state
        assert isinstance(state, ChangingChallengesState)
        first = lesson.steps[0]
        moves = sample(state, rng)[:3]
        try_each(app, scene, moves + [t for t in (*first.accept, *first.wrong) if t not in moves][:4])
        for step in lesson.steps:
            for player, text in ((lesson.learner, step.model), ("circles", step.reply)):
                if text is None:
                    continue
                gestures = view.gestures_for(player, text)
                assert gestures, (lesson.id, text)
                perform(app, scene, gestures)
                assert match.move_texts()[-1] == text, (lesson.id, text, scene.message)
        if lesson.finish is not None:
            assert lesson.finish(match.state), lesson.id
        app.pop()


def test_gestures_enter_moves_in_random_positions(app: Any) -> None:
    rng = random.Random(7)
    kinds = set()
    for state in random_positions():
        match = Match(GAME, {}, {"triangles": Seat(), "circles": Seat()}, start=state)
        moves = sample(state, rng)
        kinds.update("merge" if "&" in t else "knock" if "x" in t else "move" for t in moves)
        try_each(app, start(app, match), moves)
        app.pop()
    assert kinds == {"move", "knock", "merge"}


def test_gestures_start_from_what_the_player_holds(app: Any) -> None:
    """A piece already picked up, or a merge question open for another capture, is put right."""
    position = (  # Triangles' bishop c6 may take the pawn d7 (merge or knock); pawn c4 may step
        "......./......./...k.../......./......./......./......./......./...p.../..B..../......./"
        "..P..../...K.../......./....... t"
    )
    state = ChangingChallengesState.from_text(position)
    match = Match(GAME, {}, {"triangles": Seat(), "circles": Seat()}, start=state)
    scene = start(app, match)
    view = view_of(scene)
    at = view.square_center
    for setup, text in (
        (["c4"], "c6&d7"),  # another piece held
        (["c6"], "c6xd7"),  # the same piece held
        (["c6", "d7"], "c6xd7"),  # the very question open: only the answer
        (["c6", "d7"], "c4-c5"),  # a question open for another move
    ):
        for name in setup:
            pos = at(name)
            assert pos is not None
            click(app, pos)
        assert match.turns == []
        gestures = view.gestures_for("triangles", text)
        assert gestures
        perform(app, scene, gestures)
        assert match.move_texts() == [text]
        scene.undo()
        app.step([], DT)
    assert view.gestures_for("triangles", "c6-d7") is None  # a capture written as a move: illegal
    assert view.gestures_for("circles", "d7-d6") is None  # not their turn


def test_square_center_is_where_the_square_is_drawn(app: Any) -> None:
    match = Match(GAME, {}, {"triangles": Seat(), "circles": Seat()})
    scene = start(app, match)
    view = view_of(scene)
    for sq in range(B.SIZE):
        name = B.square_name(sq)
        centre = view.square_center(name)
        assert centre == view.square_rect(sq).center
        assert view.square_at(centre) == sq
    assert view.square_center("h1") is None and view.square_center("a16") is None
