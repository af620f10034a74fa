"""Epaminondas's board view: a 14 x 12 wooden board, white and black stones, phalanxes that slide.

The view only draws and maps clicks to moves; every rule question (which moves lead from this stone,
which stones travel with it, what it captures, why a click is illegal) is answered by the game state
(``moves_from``, ``group_of``, ``captured_by``, ``check_move``). A move is shown where the player
thinks of it: the mark sits on the square the *front* stone lands on (the square a capture happens
on), never on one of the player's own stones, so clicking an own stone always means "select it".
Its signature animation: the whole phalanx slides together and the captured line fades away.

This module is the state → picture, click → intent part. The square mapping and layout live in
:mod:`.geometry`, what the engine says about a move in :mod:`.moves`, the pictures in
:mod:`.sprites` and :mod:`.board_picture`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.core import GameError
from game.epaminondas import board as B
from game.epaminondas.rules import GAME_ID
from scenes.games.epaminondas.board_picture import board_picture
from scenes.games.epaminondas.geometry import BoardLayout
from scenes.games.epaminondas.moves import (
    BLACK,
    WHITE,
    Option,
    farthest_lanes,
    front_reading,
    landings,
    options_from,
    other,
    title,
    turn_move,
)
from scenes.games.epaminondas.palette import PHALANX, stone_color
from scenes.games.epaminondas.sprites import board_sprites, stone_sprite
from scenes.kit.animation import Timeline, Track, ease_in_out, ease_out, lerp_point
from scenes.kit.board_view import FittedBoardView, Gesture, ViewAction

if TYPE_CHECKING:
    from game.core import GameState
    from game.epaminondas.rules import EpaminondasState
    from game.match import Turn, ViewSource


@dataclass
class Plan:
    """One turn's animation: stones sliding (from, to), captured stones fading out."""

    slides: list[tuple[int, int]] = field(default_factory=list)
    slide: Track | None = None
    fading: list[int] = field(default_factory=list)
    fade: Track | None = None
    fade_color: str = BLACK
    mover: str = WHITE


class EpaminondasView(FittedBoardView):
    """The Epaminondas board: click a stone to see every phalanx it leads and where each can go
    (red rings capture, gold dots cross onto the far home row), then click a mark to play it."""

    game_id = GAME_ID

    def __init__(self, match: ViewSource[GameState], settings: Any = None) -> None:
        super().__init__(match, settings)
        self.board = BoardLayout.unfitted()
        self.sprites: Mapping[str, pygame.Surface] = {}
        self.board_surface: pygame.Surface | None = None
        self.selected: int | None = None
        self.options: list[Option] = []
        self.hover_sq: int | None = None
        self.plan = Plan()
        self.last_squares: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
        self._clock = 0.0
        self._compute_last()

    @property
    def epa(self) -> EpaminondasState:
        return self.state  # type: ignore[return-value]

    @property
    def frame_rect(self) -> pygame.Rect:
        """The framed board: what dialogs centre on, and what must stay clear of the side panel."""
        return self.board.frame

    # ------------------------------------------------------------------------------------------------
    # layout
    # ------------------------------------------------------------------------------------------------
    def fit_board(self, rect: pygame.Rect) -> BoardLayout:
        """The framed board fitted into ``rect``."""
        return BoardLayout.fit(rect)

    def make_sprites(self, s: int) -> Mapping[str, pygame.Surface]:
        return board_sprites(s)

    # ------------------------------------------------------------------------------------------------
    # state
    # ------------------------------------------------------------------------------------------------
    def set_state(self, state: GameState, animate_from: Turn | None = None) -> None:
        super().set_state(state, animate_from)
        self.plan = Plan()
        self._compute_last()
        if animate_from is not None and self.timeline.scale > 0:
            self._plan(animate_from)
        elif animate_from is not None:  # no animation, but the turn is still heard
            self.hear_turn(lambda tl: self._plan(animate_from, tl))

    def _compute_last(self) -> None:
        """Squares the last move left and reached, for the last-move highlight."""
        self.last_squares = (frozenset(), frozenset())
        turn = self.last_move
        found = turn_move(turn) if turn is not None else None
        if found is None or turn is None:
            return
        before: Any = turn.before
        try:
            group = before.group_of(found[1])
            code = before.code_of(found[1])
        except (KeyError, AttributeError, TypeError):
            return
        reached = landings(group, B.move_direction(code), B.move_distance(code))
        self.last_squares = (frozenset(group), frozenset(reached))

    def _plan(self, turn: Turn, scratch: Timeline | None = None) -> None:
        """The group slides together (speed grows gently with distance); the captured line fades
        out as the front stone arrives. On a ``scratch`` timeline only the sounds are wanted: the
        board's own plan is left alone."""
        found = turn_move(turn)
        if found is None:
            return
        player, move = found
        before: Any = turn.before
        try:
            group = before.group_of(move)
            code = before.code_of(move)
            captured = before.captured_by(move)
        except (KeyError, AttributeError, TypeError):
            return
        distance = B.move_distance(code)
        plan = self.plan if scratch is None else Plan()
        tl = self.timeline if scratch is None else scratch
        plan.mover = player
        plan.slides = list(zip(group, landings(group, B.move_direction(code), distance), strict=True))
        plan.slide = tl.add(min(0.62, 0.24 + 0.07 * distance), ease=ease_in_out)
        if len(group) > 1:
            tl.cue("phalanx-push", plan.slide)
        tl.cue("move", plan.slide, at=1.0)
        if captured:
            plan.fading = list(captured)
            plan.fade_color = other(player)
            # NB: the slide's duration is already scaled by the speed setting and add() scales the
            # delay again, so at other speeds the fade starts off the 72 % mark (kept as it was)
            plan.fade = tl.add(0.36, delay=plan.slide.duration * 0.72, ease=ease_out)
            tl.cue("phalanx-capture", plan.fade)

    # ------------------------------------------------------------------------------------------------
    # input
    # ------------------------------------------------------------------------------------------------
    def hover(self, pos: tuple[int, int] | None) -> None:
        super().hover(pos)
        self.hover_sq = self.board.square_at(pos) if pos is not None else None

    def cancel(self) -> bool:
        had = self.selected is not None
        self.selected = None
        self.options = []
        return had

    def options_from(self, sq: int) -> list[Option]:
        """Legal moves led by the stone on ``sq``, from the engine's own list (rules stay in game/)."""
        return options_from(self.epa, sq)

    def destinations(self) -> dict[str, str]:
        """Marked square name → "capture", "cross" or "move" for the selected stone."""
        marks: dict[str, str] = {}
        for option in self.options:
            marks[B.square_name(option.target)] = option.kind
        return marks

    def handle_click(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        if player is None:
            return ViewAction.nothing()
        sq = self.board.square_at(pos)
        if sq is None:
            return ViewAction.hint("Selection cleared.") if self.cancel() else ViewAction.nothing()
        state = self.epa
        if self.selected is not None:
            choices = [o for o in self.options if o.target == sq]
            if choices:
                return self._choose(player, choices)
        owner = state.at(sq)
        name = B.square_name(sq)
        if owner == player:
            if sq == self.selected:
                self.cancel()
                return ViewAction.hint("Stone put down.")
            self.selected = sq
            self.options = self.options_from(sq)
            if not self.options:
                self.cancel()
                return ViewAction.refuse(f"The stone on {name} has no legal move — try another.")
            return ViewAction.hint(self._selection_hint(name))
        if self.selected is not None:
            return self._explain(player, self.selected, sq)
        if owner is not None:
            return ViewAction.refuse(f"That is a {title(owner)} stone — you play {title(player)}.")
        return ViewAction.refuse(f"Click one of your {title(player)} stones first: it leads the line ahead.")

    def _selection_hint(self, name: str) -> str:
        count = len(self.options)
        directions = len({o.direction for o in self.options})
        captures = sum(1 for o in self.options if o.captures)
        tail = f", {captures} capture{'s' if captures != 1 else ''}" if captures else ""
        return (
            f"{name}: {count} move{'s' if count != 1 else ''} in {directions} "
            f"direction{'s' if directions != 1 else ''}{tail} — click a mark."
        )

    def _explain(self, player: str, frm: int, clicked: int) -> ViewAction:
        """A click that is no marked destination: ask the engine why, reading the click as where
        the front stone would land (that is where the marks are). Off every line: deselect too."""
        state = self.epa
        to = front_reading(state.own_opp()[0], frm, clicked)
        text = f"{B.square_name(frm)}-{B.square_name(clicked if to is None else to)}"
        try:
            move = state.parse_move(player, text)
        except GameError as exc:
            if to is None:
                self.cancel()
            return ViewAction.refuse_error(exc)
        self.cancel()  # the engine allows it after all: play what it understood
        return ViewAction.play(player, move)

    def _choose(self, player: str, choices: list[Option]) -> ViewAction:
        """One destination, one move (different directions never share a front landing); if the
        engine ever offered two, the shorter slide is the clear reading of the click."""
        chosen = self._pick(choices)
        message = None
        if len(choices) > 1:
            others = ", ".join(o.text for o in choices if o is not chosen)
            message = f"Played {chosen.text}; {others} also ended there."
        self.cancel()
        return ViewAction.play(player, chosen.move, message)

    @staticmethod
    def _pick(choices: list[Option]) -> Option:
        """The move a click on a mark plays if several ever shared it: the shorter slide."""
        return min(choices, key=lambda o: (o.distance, len(o.group)))

    # -- teaching: where a square is, and the clicks that enter a move ------------------------------
    def square_center(self, name: str) -> tuple[int, int] | None:
        try:
            return self.center(B.square_index(name))
        except ValueError:
            return None

    def gestures_for(self, player: str, move_text: str) -> list[Gesture] | None:
        """The clicks for ``move_text``: the rear stone S (unless it is selected already), then the
        mark where the *front* stone lands, which is where this board marks every move. None for
        an illegal move."""
        try:
            move = self.epa.parse_move(player, move_text)
        except GameError:
            return None
        frm = move[0]
        options = self.options_from(frm)
        option = next((o for o in options if o.move == move), None)
        if option is None or self._pick([o for o in options if o.target == option.target]) != option:
            return None
        select = [] if self.selected == frm else [Gesture("click", pos=self.center(frm))]
        return [*select, Gesture("click", pos=self.center(option.target))]

    # ------------------------------------------------------------------------------------------------
    # texts
    # ------------------------------------------------------------------------------------------------
    def threat(self) -> str | None:
        """The player who wins at the start of their next turn unless the side to move answers."""
        state = self.epa
        if state.over:
            return None
        me = state.player
        them = other(me)
        return them if state.crossed(them) > state.crossed(me) else None

    def prompt(self, player: str) -> str:
        threat = self.threat()
        if threat is not None and threat != player:
            # the full sentence fits the compact banner; the crossed stone pulses red on the board
            return f"{title(threat)} will win at the start of the next turn unless {title(player)} answers"
        if self.selected is not None:
            return "click a mark: dots move, red rings capture, gold dots cross — or another stone"
        return "click a stone: it leads the line of stones ahead of it in any of 8 directions"

    def status_extra(self) -> str:
        state = self.epa
        return f"Across  W {state.crossed(WHITE)} · B {state.crossed(BLACK)}"

    def player_summary(self, player: str) -> str:
        state = self.epa
        stones = state.stones(player).bit_count()
        if self.rect.width < 800:  # the compact card has room for the win count and a bare number
            return f"{state.crossed(player)} across · {stones}"
        return f"{stones} stones · {state.crossed(player)} across"

    def result_details(self) -> str:
        state = self.epa
        return (
            f"Across: White {state.crossed(WHITE)}, Black {state.crossed(BLACK)}  ·  "
            f"Stones: White {state.white.bit_count()}, Black {state.black.bit_count()}"
        )

    def turn_note(self, turn: Turn) -> str:
        found = turn_move(turn)
        if found is None:
            return ""
        player, move = found
        before: Any = turn.before
        try:
            code = before.code_of(move)
            captured = before.captured_by(move)
        except (KeyError, AttributeError, TypeError):
            return ""
        n = B.move_size(code)
        crosses = bool(B.TARGET[B.WHITE if player == WHITE else B.BLACK] >> B.front_landing(code) & 1)
        parts = []
        if captured:
            parts.append(f"captures {len(captured)}")
        if crosses:
            parts.append("crosses")
        if not parts and n > 1:
            parts.append(f"phalanx of {n}")
        return ", ".join(parts)

    def player_color(self, player: str) -> tuple[int, int, int]:
        return stone_color(player)

    def make_player_token(self, player: str, size: int) -> pygame.Surface | None:
        return stone_sprite(max(6, int(size * 0.92)), self.player_color(player))

    def focus_rect(self) -> pygame.Rect:
        return self.board.frame

    # ------------------------------------------------------------------------------------------------
    # drawing
    # ------------------------------------------------------------------------------------------------
    def pulsing(self) -> bool:
        """Crossed stones that will win unless answered pulse with a red ring."""
        return not self.busy and self.threat() is not None

    def update(self, dt: float) -> None:
        super().update(dt)
        self._clock += dt

    def center(self, sq: int) -> tuple[int, int]:
        return self.board.center(sq)

    def prepare_scenery(self) -> None:
        if self.sprites and self.board_surface is None:
            self.board_surface = board_picture(self.rect, self.board)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.sprites:
            return
        self.prepare_scenery()
        assert self.board_surface is not None
        surface.blit(self.board_surface, self.rect.topleft)
        busy = self.busy
        if not busy:
            self._draw_last(surface)
            self._draw_lanes(surface)
        self._draw_stones(surface)
        if not busy:
            self._draw_threat(surface)
            self._draw_selection(surface)

    def _draw_last(self, surface: pygame.Surface) -> None:
        left, reached = self.last_squares
        for sq in left | reached:
            surface.blit(self.sprites["last"], self.board.square_rect(sq))

    def _draw_stone(
        self, surface: pygame.Surface, color: str, center: tuple[float, float], alpha: int = 255
    ) -> None:
        img = self.sprites[f"stone-{color}"]
        shadow = self.sprites["shadow"]
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
            shadow = shadow.copy()
            shadow.set_alpha(alpha)
        off = max(1, self.s // 22)
        surface.blit(shadow, shadow.get_rect(center=(round(center[0] + off), round(center[1] + 2 * off))))
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))

    def _draw_stones(self, surface: pygame.Surface) -> None:
        state = self.epa
        plan = self.plan
        t = self.timeline.t
        sliding = plan.slide is not None and not plan.slide.done(t)
        hidden = {dst for _, dst in plan.slides} if sliding else set()
        fade = plan.fade
        if fade is not None and not fade.done(t):
            alpha = int(255 * (1 - fade.at(t)))
            for sq in plan.fading:
                if alpha > 0:
                    self._draw_stone(surface, plan.fade_color, self.center(sq), alpha)
        for color, bits in ((WHITE, state.white), (BLACK, state.black)):
            for sq in B.squares_of(bits):
                if sq not in hidden:
                    self._draw_stone(surface, color, self.center(sq))
        if sliding and plan.slide is not None:
            p = plan.slide.at(t)
            for src, dst in plan.slides:
                self._draw_stone(surface, plan.mover, lerp_point(self.center(src), self.center(dst), p))

    def _draw_threat(self, surface: pygame.Surface) -> None:
        """Crossed stones that will win unless answered pulse with a red ring."""
        threat = self.threat()
        if threat is None:
            return
        state = self.epa
        side = B.WHITE if threat == WHITE else B.BLACK
        ring = self.sprites["threat"].copy()
        ring.set_alpha(int(150 + 105 * (0.5 + 0.5 * math.sin(self._clock * 5))))
        for sq in B.squares_of(state.stones(threat) & B.TARGET[side]):
            surface.blit(ring, self.board.square_rect(sq))

    def _draw_lanes(self, surface: pygame.Surface) -> None:
        """Under the stones, one faint lane per direction the selected stone can lead, from it to
        its farthest reach (the hovered direction brighter): the eight choices read at a glance."""
        if self.selected is None or not self.options:
            return
        chosen = self._hovered_option()
        lanes = farthest_lanes(self.options)
        width = max(2, self.s // 12)
        overlay = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        ox, oy = self.rect.topleft
        start = self.center(self.selected)
        for direction, far in lanes.items():
            active = chosen is not None and chosen.direction == direction
            end = self.center(far.target)
            pygame.draw.line(
                overlay,
                (*PHALANX, 170 if active else 90),
                (start[0] - ox, start[1] - oy),
                (end[0] - ox, end[1] - oy),
                width,
            )
        surface.blit(overlay, self.rect.topleft)

    def _hovered_option(self) -> Option | None:
        return next((o for o in self.options if o.target == self.hover_sq), None)

    def _draw_selection(self, surface: pygame.Surface) -> None:
        """Per direction: a faint lane from the selected stone to its farthest reach, rings on the
        stones that would travel with it, and one mark per reachable front landing. Hovering a
        mark shows ghosts where the whole group would stand."""
        sp = self.sprites
        hover = self.hover_sq
        mine = hover is not None and self.state.to_move() and self.epa.at(hover) == self.epa.player
        if hover is not None and self.selected is None and mine:
            surface.blit(sp["hover"], self.board.square_rect(hover))
        if self.selected is None:
            return
        sel = self.selected
        surface.blit(sp["select"], self.board.square_rect(sel))
        chosen = self._hovered_option()
        members = {sq for o in self.options for sq in o.group if sq != sel}
        if chosen is not None:
            members = {sq for sq in chosen.group if sq != sel}
        for sq in members:
            surface.blit(sp["member"], self.board.square_rect(sq))
        if chosen is not None:
            surface.blit(sp["hover"], self.board.square_rect(chosen.target))
            for sq in chosen.captures:  # the line that would be taken: tinted red under its ring
                surface.blit(sp["doomed"], self.board.square_rect(sq))
            for sq in chosen.landings:
                if sq not in chosen.group and sq not in chosen.captures:
                    ghost = sp[f"ghost-{self.epa.player}"]
                    surface.blit(ghost, ghost.get_rect(center=self.center(sq)))
        for option in self.options:
            surface.blit(sp[f"mark-{option.kind}"], self.board.square_rect(option.target))
