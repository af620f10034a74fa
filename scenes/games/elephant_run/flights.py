"""One turn of Elephant Run as an animation plan: what flies where, and when.

The signature animation (module docstring of :mod:`.view`) is decided once, when a new position
arrives, from the positions before and after: the moving piece's glide or hop, the eaten tile that
shrinks and flies to the pile, the trampled farmer tossed onto it, the pip that lights up. Drawing
then only reads the plan's tracks at the current time, so a frame never re-derives the turn and the
plan can be checked without drawing anything.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scenes.games.elephant_run.geometry import BoardLayout, Point, drop_height, glide
from scenes.games.elephant_run.moves import move_kind, move_path, turn_squares
from scenes.kit.animation import (
    Timeline,
    Track,
    ease_in,
    ease_in_out,
    ease_out,
    ease_out_back,
    polyline_point,
)
from scenes.kit.board_view import parse_square

if TYPE_CHECKING:
    from game.match import Turn


@dataclass
class Flight:
    """A piece travelling on screen (a move, a drop at setup, a capture flying to the pile)."""

    piece: str  # "pawn" | "coin"
    points: list[Point]
    track: Track
    hop: float = 0.0
    hide_square: str | None = None
    scale_to: float = 1.0
    drop: float = 0.0

    def pose(self, t: float, s: int) -> tuple[Point, float, float]:
        """Ground point, height and scale at time ``t`` (for tiles of ``s`` pixels). A dropped piece
        falls straight onto its tile; any other follows its points, hopping if it jumps."""
        p = self.track.at(t)
        if self.drop:
            return self.points[-1], drop_height(p, s), 1.0
        return glide(self.points, self.hop, self.scale_to, p, self.track.raw(t))

    def depth(self, t: float) -> float:
        """The screen y the piece stands on now: pieces lower on screen are drawn over higher ones."""
        return self.points[-1][1] if self.track.done(t) else polyline_point(self.points, self.track.at(t))[1]


@dataclass
class Eaten:
    """An eaten tile: shrinks in place, then flies to the top of the pile."""

    square: str
    shrink: Track
    fly: Track
    pile_index: int

    def on_board(self, t: float) -> bool:
        """Still shrinking on its square (drawn under the pieces)."""
        return not self.fly.started(t) or self.fly.raw(t) == 0

    def in_air(self, t: float) -> bool:
        """On its way to the pile (drawn over everything)."""
        return self.fly.started(t) and self.fly.raw(t) > 0 and not self.fly.done(t)


@dataclass
class Plan:
    """Everything one turn's animation draws; built by :func:`plan_turn` from before/after positions."""

    flights: list[Flight] = field(default_factory=list)
    eaten: list[Eaten] = field(default_factory=list)
    pile_tiles_held: list[Track] = field(default_factory=list)
    pile_coins_held: list[Track] = field(default_factory=list)
    pips: list[tuple[int, Track]] = field(default_factory=list)
    ghost_farmers: list[tuple[str, Track]] = field(default_factory=list)

    def tiles_held(self, t: float) -> int:
        """Eaten tiles still in the air: the pile shows them only once they land."""
        return sum(1 for track in self.pile_tiles_held if not track.done(t))

    def coins_held(self, t: float) -> int:
        """Trampled farmers still in the air."""
        return sum(1 for track in self.pile_coins_held if not track.done(t))


def plan_turn(
    turn: Turn, after: Mapping[str, Any], timeline: Timeline, board: BoardLayout, placed: Container[str]
) -> Plan:
    """The animation of ``turn`` (``after`` is the new position), its tracks added to ``timeline``.
    ``placed``: farmers the player has just put down by clicking, which need no drop from above."""
    before = turn.before.position()
    squares = turn_squares(turn)
    tl = timeline
    geo, s = board.geo, board.s
    plan = Plan()
    if before["phase"] == "setup-elephant":
        target = squares[0]
        track = tl.add(0.42, ease=ease_out_back)
        c = geo.center_of(target)
        plan.flights.append(Flight("pawn", [(c[0], c[1] - s * 0.9), c], track, hide_square=target, drop=1.0))
        tl.cue("move", track, at=0.6)  # the overshooting ease touches down at about 60 %
        return plan
    if before["phase"] == "setup-farmers":
        # top row first, left to right: the farmers rain down like a hand dealing them out
        for i, sq in enumerate(sorted(squares, key=lambda n: (-parse_square(n)[1], parse_square(n)[0]))):
            track = tl.add(0.3, delay=0.07 * i, ease=ease_out)
            c = geo.center_of(sq)
            start = c if sq in placed else (c[0], c[1] - s * 0.6)
            plan.flights.append(Flight("coin", [start, c], track, hide_square=sq, drop=1.0))
            tl.cue("place", track, at=0.85)
        return plan
    if not squares:
        return plan
    mover_is_elephant = before["elephant"] == squares[0]
    path = move_path(turn, squares)
    points: list[Point] = [geo.center_of(sq) for sq in path]
    kind = move_kind(turn.before, turn.moves)
    hop = s * 0.55 if kind == "jump" else 0.0
    duration = _glide_seconds(kind, len(path))
    move_track = tl.add(duration, ease=ease_in_out)
    plan.flights.append(
        Flight("pawn" if mover_is_elephant else "coin", points, move_track, hop=hop, hide_square=path[-1])
    )
    if not mover_is_elephant and kind in ("run", "compound"):
        tl.cue("farmer-run", move_track)
    tl.cue("move", move_track, at=1.0)
    pip = before["points"]
    if mover_is_elephant and kind == "jump" and len(path) >= 3:
        victim = path[len(path) // 2]
        knock = tl.add(0.0, delay=duration * 0.5)  # knocked off as the elephant passes over it
        fly = tl.add(0.55, after=knock, ease=ease_out)
        start = geo.center_of(victim)
        plan.ghost_farmers.append((victim, knock))
        tl.cue("farmer-trampled", knock)
        coin_end = board.pile_coin_pos(before["captured"])
        plan.flights.append(Flight("coin", [start, coin_end], fly, hop=s * 0.9, scale_to=0.74))
        plan.pile_coins_held.append(fly)
        plan.pips.append((pip, tl.add(0.3, after=fly, delay=-0.1, ease=ease_out_back)))
    elif mover_is_elephant and after["eaten"] > before["eaten"]:
        shrink = tl.add(0.28, after=move_track, delay=0.02, ease=ease_in)
        fly = tl.add(0.5, after=shrink, ease=ease_out)
        plan.eaten.append(Eaten(path[-1], shrink, fly, before["eaten"]))
        tl.cue("tile-eaten", shrink)
        plan.pile_tiles_held.append(fly)
        plan.pips.append((pip, tl.add(0.3, after=fly, delay=-0.1, ease=ease_out_back)))
    return plan


def _glide_seconds(kind: str, squares: int) -> float:
    """How long a move takes (before the speed setting): steps and jumps are brisk, a run's time grows
    with the squares it crosses (0.16 s each) up to 0.95 s, so a long run still reads as one move."""
    if kind == "jump":
        return 0.46
    if kind == "step":
        return 0.34
    return min(0.95, 0.2 + 0.16 * (squares - 1))
