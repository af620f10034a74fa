"""The Nelaxtam island driven like players drive it: real mouse, key and button events through
``App.step`` into the real MatchScene, the real rules, and the real worker process for the computer."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.match import AI, Match, Seat
from game.nelaxtam import rules as R
from scenes.games.nelaxtam.demo import demo_match
from scenes.games.nelaxtam.view import NelaxtamView
from scenes.shell.match.scene import MatchScene
from tests.scene_driver import (
    DT,
    hand_over_to,
    idle,
    key_down,
    press,
    resize,
    settle,
    slow_click,
    start,
    view_as,
    wait_for_turns,
)

# A small fight on 8x8: Black 1 (e5) can destroy f5 under White 1, Black 2 (c3) can step to d4, which
# White 2 (d5) can destroy. Playing 1xe,2ne / 1ne,2xs moves, destroys, kills and cuts off a group.
FIGHT = """
. . . . . . . .
. . . . . . . .
. . . . . b w .
. . . B 1 A . .
. . . b w . . .
. . 2 w . . . .
. . . . . . . .
. . . . . . . .
"""


def view_of(scene: MatchScene) -> NelaxtamView:
    return view_as(scene, NelaxtamView)


def two_player(options: dict[str, str] | None = None) -> Match:
    return Match("nelaxtam", options or {}, {"black": Seat(), "white": Seat()})


def fight(options: dict[str, str] | None = None, seats: dict[str, Seat] | None = None) -> Match:
    """A two-player match standing at :data:`FIGHT` (orders phase)."""
    match = Match("nelaxtam", options or {}, seats or {"black": Seat(), "white": Seat()})
    match.initial = R.from_text(FIGHT, options)
    return match


def at(view: NelaxtamView, name: str) -> tuple[int, int]:
    return view.square_center(name)


def test_view_is_registered() -> None:
    from scenes.kit.registry import has_view, make_view

    assert has_view("nelaxtam")
    assert make_view(two_player()).game_id == "nelaxtam"


def test_invasion_by_clicks_with_refusals_and_confirm(app: Any) -> None:
    match = two_player()
    scene = start(app, match)
    view = view_of(scene)
    hand_over_to(app, scene, "black")  # even the first landing starts behind the curtain
    assert not scene.view_buttons["confirm"].is_enabled
    slow_click(app, at(view, "b1"))  # light: White's
    assert scene.message_error and "b1 is not yours" in (scene.message or "")
    assert view.draft("black") == [R.DEAD] * 5
    slow_click(app, at(view, "f6"))
    slow_click(app, at(view, "g7"))  # two air troops: the other three must come by sea
    slow_click(app, at(view, "e5"))
    assert scene.message_error and "must land on the marked coast" in (scene.message or "")
    assert view.counter_text("black") == "Sea 0/3 · Air 2/2"
    assert view.status_extra() == "Sea 0/3 · Air 2/2"
    for name in ("a1", "c1", "l12"):
        slow_click(app, at(view, name))
    geo = match.state.geo  # type: ignore[attr-defined]
    assert view.draft("black") == [geo.index(n) for n in ("f6", "g7", "a1", "c1", "l12")]
    assert view.counter_text("black") == "Sea 3/3 · Air 2/2"
    slow_click(app, at(view, "a3"))  # all five landed
    assert scene.message_error and "All five troops have landed" in (scene.message or "")
    slow_click(app, at(view, "c1"))  # pick troop 4 up again, land it elsewhere
    assert view.draft("black")[3] == R.DEAD
    assert not scene.view_buttons["confirm"].is_enabled
    key_down(app, pygame.K_RETURN)
    assert scene.message_error and "Troop 4 has not landed" in (scene.message or "")
    slow_click(app, at(view, "e1"))
    assert view.draft("black")[3] == geo.index("e1")
    assert scene.view_buttons["confirm"].is_enabled
    press(app, scene, "confirm")
    assert match.pending == {"black": tuple(geo.index(n) for n in ("f6", "g7", "a1", "e1", "l12"))}
    assert scene.curtain_for == "white"
    key_down(app, pygame.K_SPACE, unicode=" ")
    assert view.viewer() == "white"
    assert view.drawn_troops()["black"] == (R.DEAD,) * 5  # Black's landing stays secret until the reveal
    assert view.counter_text("white") == "Sea 0/3 · Air 0/2"


def test_random_landing_and_clear(app: Any) -> None:
    match = two_player({"size": "10", "sea": "5"})
    scene = start(app, match)
    view = view_of(scene)
    hand_over_to(app, scene, "black")
    slow_click(app, at(view, "a1"))
    press(app, scene, "random")
    draft = view.draft("black")
    assert draft[0] == match.state.geo.index("a1")  # type: ignore[attr-defined]
    assert match.state.why_illegal("black", tuple(draft)) is None  # type: ignore[attr-defined]
    key_down(app, pygame.K_BACKSPACE)
    assert view.draft("black")[4] == R.DEAD
    press(app, scene, "clear")
    assert view.draft("black") == [R.DEAD] * 5


def test_orders_by_clicks_drawn_and_confirmed(app: Any) -> None:
    match = fight()
    scene = start(app, match)
    view = view_of(scene)
    state: Any = match.state
    hand_over_to(app, scene, "black")
    slow_click(app, at(view, "e5"))
    assert view.selected == 1 and "3 pieces to destroy" in (scene.message or "")
    slow_click(app, at(view, "h8"))  # not a square troop 1 can reach
    assert scene.message_error and "click a marked square" in (scene.message or "")
    slow_click(app, at(view, "f5"))
    assert view.shown_orders("black") == {1: 6}  # xe: a cross on f5
    assert view.selected is None
    slow_click(app, at(view, "c3"))
    slow_click(app, at(view, "d4"))
    assert view.shown_orders("black") == {1: 6, 2: 1}  # ne: an arrow to d4
    # a second troop to the same square: the engine's reason, nothing changed
    slow_click(app, at(view, "e5"))
    slow_click(app, at(view, "d4"))
    assert scene.message_error and "Troops 1 and 2 cannot both move to d4" in (scene.message or "")
    assert view.shown_orders("black") == {1: 6, 2: 1}
    slow_click(app, at(view, "e5"))  # the selected troop again: its order is cleared
    assert view.shown_orders("black") == {2: 1}
    slow_click(app, at(view, "c3"))
    slow_click(app, (2, 2), button=3)  # right click clears the selected troop's order
    assert view.shown_orders("black") == {}
    key_down(app, pygame.K_1, unicode="1")  # keys pick troops too
    slow_click(app, at(view, "f5"))
    slow_click(app, at(view, "c3"))
    slow_click(app, at(view, "d4"))
    key_down(app, pygame.K_RETURN)
    assert match.pending == {"black": state.make_orders({1: 6, 2: 1})}


def test_quiet_variant_keeps_one_order(app: Any) -> None:
    match = fight({"quiet": "on"})
    scene = start(app, match)
    view = view_of(scene)
    hand_over_to(app, scene, "black")
    slow_click(app, at(view, "e5"))
    slow_click(app, at(view, "f5"))
    slow_click(app, at(view, "c3"))
    slow_click(app, at(view, "d4"))
    assert view.shown_orders("black") == {2: 1}
    assert "quiet variant" in (scene.message or "")
    press(app, scene, "confirm")
    assert match.pending == {"black": (0, 1, 0, 0, 0)}


def test_curtain_hides_orders_then_resolution_follows_the_report(app: Any) -> None:
    match = fight()
    scene = start(app, match, speed="normal")
    view = view_of(scene)
    before: Any = match.state
    hand_over_to(app, scene, "black")  # Black's orders too are given behind the curtain
    slow_click(app, at(view, "e5"))
    slow_click(app, at(view, "f5"))
    slow_click(app, at(view, "c3"))
    slow_click(app, at(view, "d4"))
    press(app, scene, "confirm")
    assert scene.curtain_for == "white" and scene.input_player() is None
    key_down(app, pygame.K_SPACE, unicode=" ")
    assert scene.curtain_for is None and view.viewer() == "white"
    assert view.shown_orders("black") == {}  # Black's sealed orders are never drawn for White
    assert view.orders["black"]  # (the draft still exists, only hidden)
    key_down(app, pygame.K_z, pygame.KMOD_CTRL)
    assert "black" in match.pending and "sealed" in (scene.message or "")
    slow_click(app, at(view, "f5"))
    slow_click(app, at(view, "g6"))
    slow_click(app, at(view, "d5"))
    slow_click(app, at(view, "d4"))
    assert view.shown_orders("white") == {1: 1, 2: 7}
    key_down(app, pygame.K_RETURN)
    assert match.move_texts()[-1] == "1xe,2ne/1ne,2xs"
    after: Any = match.state
    report = after.last_report
    assert report.moves and report.destructions and report.deaths and report.removed_groups
    plan = view.plan
    assert view.busy and plan.kind == "orders" and plan.report == report
    assert view.shown_orders("black") == {1: 6, 2: 1}  # the reveal shows both sides
    # the rules' order: march, then crack and sink (the fall with it), then crumble, then the score
    assert plan.reveal and plan.march and plan.crack and plan.vanish and plan.fall and plan.score
    crumble = plan.crumbles[0][1]
    assert plan.reveal.end <= plan.march.start < plan.march.end <= plan.crack.start
    assert plan.crack.end <= plan.vanish.start and plan.fall.start == plan.crack.end
    assert max(plan.vanish.end, plan.fall.end) <= crumble.start < crumble.end <= plan.score.start
    assert view.drawn_territory() == before.territory
    assert view.shown_score() == before.score()
    geo = before.geo
    seen: dict[str, float] = {}
    while view.busy:
        app.step([], DT)
        t = view.timeline.t
        troops = view.drawn_troops()
        black, white = view.drawn_territory()
        if troops["white"][0] == geo.index("g6"):
            seen.setdefault("marched", t)
        if not white >> geo.index("f5") & 1:
            seen.setdefault("sunk", t)
        if troops["black"][1] == R.DEAD:
            seen.setdefault("fallen", t)
        if not black >> geo.index("c3") & 1:
            seen.setdefault("crumbled", t)
        if view.shown_score() == after.score():
            seen.setdefault("scored", t)
    assert seen["marched"] < seen["sunk"] <= seen["fallen"] < seen["crumbled"] <= seen["scored"]
    assert view.drawn_territory() == after.territory
    assert view.drawn_troops() == {"black": after.troops[0], "white": after.troops[1]}
    assert view.player_summary("black") == f"{after.score()['black']} pieces"
    assert view.turn_note(match.turns[-1]) == "2 destroyed · 1 fell · 1 cut off"
    # the resolution played out before both: now White, who confirmed last, gives the next orders
    # first, behind the curtain
    assert scene.curtain_for == "white" and scene.input_player() is None


def test_vs_computer_easy_invasion_and_orders_arrive(app: Any) -> None:
    match = Match("nelaxtam", {"size": "8"}, {"black": Seat(), "white": Seat(AI, "easy")})
    scene = start(app, match, speed="fast")
    view = view_of(scene)
    assert scene.banner_texts()[0] == "Your move — Black"
    key_down(app, pygame.K_r, unicode="r")
    assert R.DEAD not in view.draft("black")
    placed = tuple(view.draft("black"))
    key_down(app, pygame.K_RETURN)
    assert scene.curtain_for is None  # no hand-over against the computer
    if "white" in match.pending:  # the computer's invasion is never drawn
        assert view.drawn_troops()["white"] == (R.DEAD,) * 5
    wait_for_turns(app, match, 1, "the computer's invasion")
    assert match.turns[0].moves["black"] == placed
    assert view.busy and view.plan.kind == "invasion"
    settle(app, scene)
    state: Any = match.state
    assert view.drawn_troops() == {"black": state.troops[0], "white": state.troops[1]}
    assert view.shown_orders("white") == {}
    press(app, scene, "confirm")  # every troop holds
    wait_for_turns(app, match, 2, "the computer's orders")
    settle(app, scene)
    assert view.drawn_territory() == match.state.territory  # type: ignore[attr-defined]
    assert scene.buttons["undo"].is_enabled


@pytest.mark.parametrize("size", ["8", "14"])
def test_board_sizes_lay_out_and_take_clicks(app: Any, size: str) -> None:
    n = int(size)
    match = two_player({"size": size})
    scene = start(app, match)
    view = view_of(scene)
    hand_over_to(app, scene, "black")
    assert scene.board_rect.contains(view.frame_rect)
    for roster in view.roster_rects.values():
        assert scene.board_rect.contains(roster) and not roster.colliderect(view.frame_rect)
    corner = R.FILES[n - 1] + str(n)  # the top-right corner is dark on an even board
    assert view.square_at(at(view, corner)) == n * n - 1
    slow_click(app, at(view, "a1"))
    slow_click(app, at(view, corner))
    geo = match.state.geo  # type: ignore[attr-defined]
    assert view.draft("black")[:2] == [0, geo.index(corner)]


def test_resize_keeps_the_island_inside_and_working(app: Any) -> None:
    match = fight()
    scene = start(app, match)
    resize(app, (1024, 640))
    view = view_of(scene)
    hand_over_to(app, scene, "black")  # the curtain stood through the resize
    assert scene.board_rect.contains(view.frame_rect)
    for roster in view.roster_rects.values():
        assert scene.board_rect.contains(roster) and roster.width >= 84
    assert view.frame_rect.right <= scene.panel_rect.left
    assert view.s >= 40
    slow_click(app, at(view, "e5"))
    slow_click(app, at(view, "f5"))
    assert view.shown_orders("black") == {1: 6}
    assert set(scene.view_buttons) == {"clear", "confirm"}
    press(app, scene, "confirm")
    assert "black" in match.pending and scene.curtain_for == "white"


@pytest.mark.parametrize("stage", ["setup", "mid", "end"])
def test_demo_matches(app: Any, stage: str) -> None:
    match = demo_match(stage)
    state: Any = match.state
    if stage == "setup":
        assert match.turns == [] and state.phase == R.PHASE_INVASION
    elif stage == "mid":
        assert not match.over and len(match.turns) >= 5 and state.phase == R.PHASE_ORDERS
    else:
        assert match.over and match.outcome is not None and match.outcome.winner is not None
    scene = start(app, match)
    idle(app, 3)
    assert view_of(scene).state is match.state


@pytest.mark.parametrize(("turns", "stage"), [("MID_TURNS", "mid"), ("END_TURNS", "end")])
def test_kept_demo_playouts_still_replay_and_look_their_stage(
    monkeypatch: pytest.MonkeyPatch, turns: str, stage: str
) -> None:
    """The menu shows the kept playout, not a search: were it to stop replaying (a rules change),
    the search would quietly take a third of a second in the menu's first frames again."""
    from scenes.games.nelaxtam import demo

    monkeypatch.setattr(demo, "find_demo", lambda *a, **k: pytest.fail("the kept playout was refused"))
    match = demo.demo_match(stage)
    assert [turn.text for turn in match.turns] == list(getattr(demo, turns))
