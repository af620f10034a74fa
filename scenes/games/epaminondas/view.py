"""Epaminondas's board view: a 14 x 12 wooden board, white and black stones, phalanxes that slide.

The view only draws and maps clicks to moves; every rule question (which moves lead from this stone,
which stones travel with it, what it captures, why a click is illegal) is answered by the game state
(``moves_from``, ``group_of``, ``captured_by``, ``check_move``). A move is shown where the player
thinks of it: the mark sits on the square the *front* stone lands on (the square a capture happens
on), never on one of the player's own stones, so clicking an own stone always means "select it".
Its signature animation: the whole phalanx slides together and the captured line fades away.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.core import GameError
from game.epaminondas import board as B
from scenes.kit import sprites, style
from scenes.kit.animation import Track, ease_in_out, ease_out, lerp_point
from scenes.kit.board_view import BoardView, GridGeometry, ViewAction

if TYPE_CHECKING:
    from game.core import GameState, Move
    from game.epaminondas.rules import EpaminondasState
    from game.match import Match, Turn

GAME_ID = "epaminondas"
WHITE, BLACK = "white", "black"
FILES, RANKS = B.WIDTH, B.HEIGHT

FRAME = (82, 52, 34)
WOOD_LIGHT = (218, 182, 128)
WOOD_DARK = (198, 158, 104)
LINE = (120, 84, 52)
LABEL = (240, 218, 180)
HOME_WHITE = (255, 250, 236)
HOME_BLACK = (40, 28, 22)
STONE_WHITE = (238, 234, 224)
STONE_BLACK = (44, 42, 48)
MARK_MOVE = (36, 104, 88)
MARK_CAPTURE = (206, 52, 40)
MARK_CROSS = (226, 164, 40)
LAST_MOVE = (246, 204, 110)
PHALANX = (255, 244, 214)
THREAT = (214, 60, 44)


def _title(player: str) -> str:
    return player.capitalize()


def _other(player: str) -> str:
    return BLACK if player == WHITE else WHITE


def stone_sprite(diameter: int, color: tuple[int, int, int]) -> pygame.Surface:
    """A flat round stone lit from the top left: a radial shade toward the light, a soft specular
    spot and a thin darker rim, so both colours read on light and dark squares alike."""
    ss = sprites.SS
    big = max(2, diameter * ss)
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    dark = sum(color) < 300
    c = big / 2
    r = big / 2 - ss
    edge = sprites.shade(color, 0.45 if dark else 0.72)
    core = sprites.shade(color, 1.55) if dark else sprites.shade(color, 1.6)
    steps = 30
    for i in range(steps):
        t = i / (steps - 1)
        rr = r * (1 - t * 0.9)
        cx, cy = c - r * 0.26 * t, c - r * 0.3 * t
        pygame.draw.circle(surface, (*sprites.mix(edge, core, t**1.4), 255), (cx, cy), rr)
    shine = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.ellipse(
        shine,
        (255, 255, 255, 90 if dark else 150),
        pygame.Rect(c - r * 0.62, c - r * 0.7, r * 0.7, r * 0.42),
    )
    surface.blit(shine, (0, 0))
    rim = sprites.shade(color, 0.25 if dark else 0.5)
    pygame.draw.circle(surface, (*rim, 255), (c, c), r, max(2, int(big * 0.03)))
    return pygame.transform.smoothscale(surface, (diameter, diameter))


@dataclass(frozen=True)
class Option:
    """One legal move of the selected stone, as the view needs it (all read from the engine)."""

    move: Move
    text: str
    direction: int
    group: tuple[int, ...]
    distance: int
    target: int
    captures: tuple[int, ...]
    crossing: bool

    @property
    def landings(self) -> tuple[int, ...]:
        """Where each stone of the group ends up."""
        step = B.DELTA[self.direction] * self.distance
        return tuple(sq + step for sq in self.group)


@dataclass
class Plan:
    """One turn's animation: stones sliding (from, to), captured stones fading out."""

    slides: list[tuple[int, int]] = field(default_factory=list)
    slide: Track | None = None
    fading: list[int] = field(default_factory=list)
    fade: Track | None = None
    fade_color: str = BLACK
    mover: str = WHITE


class EpaminondasView(BoardView):
    """The Epaminondas board: click a stone to see every phalanx it leads and where each can go
    (red rings capture, gold dots cross onto the far home row), then click a mark to play it."""

    game_id = GAME_ID

    def __init__(self, match: Match, settings: Any = None) -> None:
        super().__init__(match, settings)
        self.geo = GridGeometry.fit(pygame.Rect(0, 0, 700, 600), FILES, RANKS)
        self.frame_rect = pygame.Rect(0, 0, 0, 0)
        self.s = self.geo.square
        self.sprites: dict[str, pygame.Surface] = {}
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

    # ------------------------------------------------------------------------------------------------
    # layout and sprites
    # ------------------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Fit the framed board into ``rect``; the frame is just wide enough for the coordinates."""
        super().layout(rect)
        pad_ratio = 0.56
        usable = rect.inflate(-12, -10)
        s = int(min(usable.width / (FILES + 2 * pad_ratio), usable.height / (RANKS + 2 * pad_ratio)))
        s = max(16, min(s, 96))
        pad = round(s * pad_ratio)
        w, h = FILES * s + 2 * pad, RANKS * s + 2 * pad
        self.frame_rect = pygame.Rect(rect.centerx - w // 2, rect.centery - h // 2, w, h)
        self.geo = GridGeometry.fit(self.frame_rect.inflate(-2 * pad, -2 * pad), FILES, RANKS)
        self._build_sprites(self.geo.square)
        self.board_surface = None

    def _build_sprites(self, s: int) -> None:
        """Everything size-dependent, built once per layout (never per frame)."""
        self.s = s
        d = max(6, int(s * 0.84))
        sp: dict[str, pygame.Surface] = {
            "stone-white": stone_sprite(d, STONE_WHITE),
            "stone-black": stone_sprite(d, STONE_BLACK),
            "shadow": sprites.soft_shadow((d, d), d // 2, 120, max(2, s // 14)),
            "last": sprites.tint(s, LAST_MOVE, 84),
            "hover": sprites.tint(s, (255, 255, 255), 60),
            "select": sprites.glow_ring(s, style.ACCENT_LIGHT, 0.1, 255),
        }
        for color in (WHITE, BLACK):
            ghost = sp[f"stone-{color}"].copy()
            ghost.set_alpha(120)
            sp[f"ghost-{color}"] = ghost
        sp["mark-move"] = self._mark(s, MARK_MOVE, ring=False)
        sp["mark-cross"] = self._mark(s, MARK_CROSS, ring=False)
        sp["mark-capture"] = self._mark(s, MARK_CAPTURE, ring=True)
        sp["doomed"] = sprites.tint(s, MARK_CAPTURE, 90)
        sp["member"] = sprites.ring(s, PHALANX, 0.45, max(2, s // 18), 200)
        sp["threat"] = sprites.ring(s, THREAT, 0.47, max(2, s // 14), 235)
        self.sprites = sp

    @staticmethod
    def _mark(s: int, color: tuple[int, int, int], ring: bool) -> pygame.Surface:
        """Destination marks differ in shape, not only colour: a dot for a move, a thick ring for
        a capture (it sits on the enemy stone, whose colour shows through)."""
        ss = sprites.SS
        big = pygame.Surface((s * ss, s * ss), pygame.SRCALPHA)
        c = s * ss / 2
        if ring:
            pygame.draw.circle(big, (*color, 235), (c, c), s * ss * 0.46, max(3, int(s * ss * 0.09)))
            pygame.draw.circle(big, (255, 255, 255, 150), (c, c), s * ss * 0.36, max(1, ss))
        else:
            pygame.draw.circle(big, (0, 0, 0, 70), (c + ss, c + 2 * ss), s * ss * 0.15)
            pygame.draw.circle(big, (*color, 235), (c, c), s * ss * 0.15)
            pygame.draw.circle(big, (255, 255, 255, 190), (c, c), s * ss * 0.15, max(2, ss))
        return pygame.transform.smoothscale(big, (s, s))

    def _build_board(self) -> pygame.Surface:
        """Frame, checkered wood with a little grain, tinted home rows and coordinates (per size)."""
        surface = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        ox, oy = -self.rect.left, -self.rect.top
        s = self.s
        frame = self.frame_rect.move(ox, oy)
        blur = max(4, s // 4)
        shadow = sprites.soft_shadow(frame.size, max(6, s // 4), 130, blur)
        surface.blit(shadow, (frame.left - blur + 3, frame.top - blur + 7))
        radius = max(6, s // 4)
        pygame.draw.rect(surface, sprites.shade(FRAME, 0.6), frame, border_radius=radius)
        pygame.draw.rect(surface, FRAME, frame.inflate(-4, -4), border_radius=radius - 1)
        pygame.draw.rect(
            surface, sprites.shade(FRAME, 1.18), frame.inflate(-4, -4), width=2, border_radius=radius - 1
        )
        grid = self.geo.rect.move(ox, oy)
        wood = pygame.Surface(grid.size)
        for rank in range(RANKS):
            for file in range(FILES):
                r = self.geo.square_rect(file, rank).move(-self.geo.rect.left, -self.geo.rect.top)
                wood.fill(WOOD_LIGHT if (file + rank) % 2 else WOOD_DARK, r)
        grain = pygame.Surface(grid.size, pygame.SRCALPHA)
        rng = random.Random(1975)  # fixed: the same grain every time
        for _ in range(grid.height // 3):
            y = rng.uniform(0, grid.height)
            amp, freq, phase = rng.uniform(1, 4), rng.uniform(0.004, 0.015), rng.uniform(0, 6.3)
            shade = rng.choice(((90, 56, 30), (255, 236, 200)))
            points = [(x, y + amp * math.sin(x * freq + phase)) for x in range(0, grid.width + 8, 8)]
            pygame.draw.lines(grain, (*shade, rng.randint(10, 24)), False, points, 1)
        wood.blit(grain, (0, 0))
        for rank, tint_color, alpha in ((0, HOME_WHITE, 70), (RANKS - 1, HOME_BLACK, 60)):
            row = self.geo.square_rect(0, rank).move(-self.geo.rect.left, -self.geo.rect.top)
            band = pygame.Surface((grid.width, row.height), pygame.SRCALPHA)
            band.fill((*tint_color, alpha))
            wood.blit(band, (0, row.top))
        for i in range(1, FILES):
            pygame.draw.line(wood, (*LINE,), (i * s, 0), (i * s, grid.height), 1)
        for i in range(1, RANKS):
            pygame.draw.line(wood, (*LINE,), (0, i * s), (grid.width, i * s), 1)
        surface.blit(wood, grid)
        pygame.draw.rect(surface, sprites.shade(FRAME, 0.5), grid.inflate(4, 4), width=2)
        size = max(10, int(s * 0.3))
        for f in range(FILES):
            x = self.geo.square_rect(f, 0).move(ox, oy).centerx
            for y in ((frame.bottom + grid.bottom) // 2, (frame.top + grid.top) // 2):
                label = style.text_surface(B.FILES[f], size, LABEL, True)
                surface.blit(label, label.get_rect(center=(x, y)))
        for rank in range(RANKS):
            y = self.geo.square_rect(0, rank).move(ox, oy).centery
            for x in ((frame.left + grid.left) // 2, (frame.right + grid.right) // 2):
                label = style.text_surface(str(rank + 1), size, LABEL, True)
                surface.blit(label, label.get_rect(center=(x, y)))
        return surface

    # ------------------------------------------------------------------------------------------------
    # state
    # ------------------------------------------------------------------------------------------------
    def set_state(self, state: GameState, animate_from: Turn | None = None) -> None:
        super().set_state(state, animate_from)
        self.plan = Plan()
        self._compute_last()
        if animate_from is not None and self.timeline.scale > 0:
            self._plan(animate_from)

    def _turn_move(self, turn: Turn) -> tuple[str, Move] | None:
        for player, move in turn.moves.items():
            return player, move
        return None

    def _compute_last(self) -> None:
        """Squares the last move left and reached, for the last-move highlight."""
        self.last_squares = (frozenset(), frozenset())
        turn = self.last_move
        found = self._turn_move(turn) if turn is not None else None
        if found is None or turn is None:
            return
        before: Any = turn.before
        try:
            group = before.group_of(found[1])
            code = before.code_of(found[1])
        except (KeyError, AttributeError, TypeError):
            return
        step = B.DELTA[B.move_direction(code)] * B.move_distance(code)
        self.last_squares = (frozenset(group), frozenset(sq + step for sq in group))

    def _plan(self, turn: Turn) -> None:
        """The group slides together (speed grows gently with distance); the captured line fades
        out as the front stone arrives."""
        found = self._turn_move(turn)
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
        step = B.DELTA[B.move_direction(code)] * distance
        plan = self.plan
        plan.mover = player
        plan.slides = [(sq, sq + step) for sq in group]
        plan.slide = self.timeline.add(min(0.62, 0.24 + 0.07 * distance), ease=ease_in_out)
        if captured:
            plan.fading = list(captured)
            plan.fade_color = _other(player)
            plan.fade = self.timeline.add(0.36, delay=plan.slide.duration * 0.72, ease=ease_out)

    # ------------------------------------------------------------------------------------------------
    # input
    # ------------------------------------------------------------------------------------------------
    def hover(self, pos: tuple[int, int] | None) -> None:
        super().hover(pos)
        square = self.geo.square_at(pos) if pos is not None else None
        self.hover_sq = None if square is None else square[1] * FILES + square[0]

    def cancel(self) -> bool:
        had = self.selected is not None
        self.selected = None
        self.options = []
        return had

    def options_from(self, sq: int) -> list[Option]:
        """Legal moves led by the stone on ``sq``, from the engine's own list (rules stay in game/)."""
        state = self.epa
        player = state.player
        options: list[Option] = []
        for move in state.moves_from(sq):
            code = state.code_of(move)
            target = B.front_landing(code)
            options.append(
                Option(
                    move=move,
                    text=state.move_to_text(player, move),
                    direction=B.move_direction(code),
                    group=tuple(state.group_of(move)),
                    distance=B.move_distance(code),
                    target=target,
                    captures=tuple(state.captured_by(move)),
                    crossing=bool(B.TARGET[state.side] >> target & 1),
                )
            )
        return options

    def destinations(self) -> dict[str, str]:
        """Marked square name → "capture", "cross" or "move" for the selected stone."""
        marks: dict[str, str] = {}
        for option in self.options:
            kind = "capture" if option.captures else "cross" if option.crossing else "move"
            marks[B.square_name(option.target)] = kind
        return marks

    def handle_click(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        if player is None:
            return ViewAction.nothing()
        square = self.geo.square_at(pos)
        if square is None:
            return ViewAction.hint("Selection cleared.") if self.cancel() else ViewAction.nothing()
        sq = square[1] * FILES + square[0]
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
            return ViewAction.refuse(f"That is a {_title(owner)} stone — you play {_title(player)}.")
        return ViewAction.refuse(f"Click one of your {_title(player)} stones first: it leads the line ahead.")

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
        line = B.direction_between(frm, clicked)
        state = self.epa
        if line is None:
            to = clicked
        else:
            d, dist = line
            own, _ = state.own_opp()
            n, front = 1, frm
            while B.NEXT[d][front] >= 0 and own >> B.NEXT[d][front] & 1:
                n, front = n + 1, B.NEXT[d][front]
            to = frm + max(1, dist - (n - 1)) * B.DELTA[d]
        text = f"{B.square_name(frm)}-{B.square_name(to)}"
        try:
            move = state.parse_move(player, text)
        except GameError as exc:
            if line is None:
                self.cancel()
            return ViewAction.refuse_error(exc)
        self.cancel()  # the engine allows it after all: play what it understood
        return ViewAction.play(player, move)

    def _choose(self, player: str, choices: list[Option]) -> ViewAction:
        """One destination, one move (different directions never share a front landing); if the
        engine ever offered two, the shorter slide is the clear reading of the click."""
        chosen = min(choices, key=lambda o: (o.distance, len(o.group)))
        message = None
        if len(choices) > 1:
            others = ", ".join(o.text for o in choices if o is not chosen)
            message = f"Played {chosen.text}; {others} also ended there."
        self.cancel()
        return ViewAction.play(player, chosen.move, message)

    # ------------------------------------------------------------------------------------------------
    # texts
    # ------------------------------------------------------------------------------------------------
    def threat(self) -> str | None:
        """The player who wins at the start of their next turn unless the side to move answers."""
        state = self.epa
        if state.over:
            return None
        me = state.player
        them = _other(me)
        return them if state.crossed(them) > state.crossed(me) else None

    def prompt(self, player: str) -> str:
        threat = self.threat()
        if threat is not None and threat != player:
            # the full sentence fits the compact banner; the crossed stone pulses red on the board
            return f"{_title(threat)} will win at the start of the next turn unless {_title(player)} answers"
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
        found = self._turn_move(turn)
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
        return STONE_WHITE if player == WHITE else STONE_BLACK

    def make_player_token(self, player: str, size: int) -> pygame.Surface | None:
        return stone_sprite(max(6, int(size * 0.92)), self.player_color(player))

    def focus_rect(self) -> pygame.Rect:
        return self.frame_rect

    # ------------------------------------------------------------------------------------------------
    # drawing
    # ------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self._clock += dt

    def center(self, sq: int) -> tuple[int, int]:
        return self.geo.center(sq % FILES, sq // FILES)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.sprites:
            return
        if self.board_surface is None:
            self.board_surface = self._build_board()
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
            surface.blit(self.sprites["last"], self.geo.square_rect(sq % FILES, sq // FILES))

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
            surface.blit(ring, self.geo.square_rect(sq % FILES, sq // FILES))

    def _draw_lanes(self, surface: pygame.Surface) -> None:
        """Under the stones, one faint lane per direction the selected stone can lead, from it to
        its farthest reach (the hovered direction brighter): the eight choices read at a glance."""
        if self.selected is None or not self.options:
            return
        chosen = self._hovered_option()
        lanes: dict[int, Option] = {}
        for option in self.options:
            best = lanes.get(option.direction)
            if best is None or option.distance > best.distance:
                lanes[option.direction] = option
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
            surface.blit(sp["hover"], self.geo.square_rect(hover % FILES, hover // FILES))
        if self.selected is None:
            return
        sel = self.selected
        surface.blit(sp["select"], self.geo.square_rect(sel % FILES, sel // FILES))
        chosen = self._hovered_option()
        members = {sq for o in self.options for sq in o.group if sq != sel}
        if chosen is not None:
            members = {sq for sq in chosen.group if sq != sel}
        for sq in members:
            surface.blit(sp["member"], self.geo.square_rect(sq % FILES, sq // FILES))
        if chosen is not None:
            surface.blit(sp["hover"], self.geo.square_rect(chosen.target % FILES, chosen.target // FILES))
            for sq in chosen.captures:  # the line that would be taken: tinted red under its ring
                surface.blit(sp["doomed"], self.geo.square_rect(sq % FILES, sq // FILES))
            for sq in chosen.landings:
                if sq not in chosen.group and sq not in chosen.captures:
                    ghost = sp[f"ghost-{self.epa.player}"]
                    surface.blit(ghost, ghost.get_rect(center=self.center(sq)))
        for option in self.options:
            kind = "capture" if option.captures else "cross" if option.crossing else "move"
            rect = self.geo.square_rect(option.target % FILES, option.target // FILES)
            surface.blit(sp[f"mark-{kind}"], rect)


# ----------------------------------------------------------------------------------------------------
# demo matches (screenshots, smoke, bench)
# ----------------------------------------------------------------------------------------------------
def demo_match(stage: str = "mid") -> Match:
    """A deterministic match at ``stage``: "setup" (the opening position, vs computer), "mid"
    (about two dozen plies with captures on both sides) or "end" (finished by a crossing)."""
    from game.match import AI, Match, Seat

    seats = {WHITE: Seat(), BLACK: Seat(AI, "easy")}
    if stage == "setup":
        return Match(GAME_ID, {}, {WHITE: Seat(), BLACK: Seat(AI, "normal")})
    if stage == "mid":
        for seed in range(300):
            trial = Match(GAME_ID, {}, dict(seats))
            if not _play_random(trial, seed, 26):
                continue
            state: Any = trial.state
            if (
                state.white.bit_count() <= 25
                and state.black.bit_count() <= 25
                and state.player == WHITE
                and not trial.over
            ):
                return trial
        raise RuntimeError("no mid-game demo found")
    if stage == "end":
        for seed in range(300):
            trial = Match(GAME_ID, {}, dict(seats))
            _play_random(trial, seed, 400)
            outcome = trial.outcome
            if trial.over and outcome is not None and outcome.winner is not None:
                return trial
        raise RuntimeError("no finished demo found")
    raise ValueError(f"unknown demo stage '{stage}' (setup, mid, end)")


def _play_random(match: Match, seed: int, plies: int) -> bool:
    """Play ``plies`` plies of seeded random moves that favour captures and forward marches (so
    demos look like real games). True if all were played."""
    rng = random.Random(seed)
    for _ in range(plies):
        if match.over:
            return False
        state: Any = match.state
        player = state.player
        moves = list(state.legal_moves(player))
        captures = [m for m in moves if state.captured_by(m)]
        forward = 1 if player == WHITE else -1
        advancing = [m for m in moves if (m[1] - m[0]) * forward > 0]
        if captures and rng.random() < 0.85:
            move = rng.choice(captures)
        elif advancing and rng.random() < 0.8:
            move = rng.choice(advancing)
        else:
            move = rng.choice(moves)
        match.submit(player, move)
    return True
