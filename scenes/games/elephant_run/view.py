"""Elephant Run's board view: a piecepack field of 24 tiles, an elephant pawn and farmer coins.

The view only draws and maps clicks to notation; every rule question (where may this farmer go,
why is that illegal, what kind of move is this) is answered by the game state. Its signature
animation: when the elephant eats, the tile shrinks from under it and flies onto the elephant's
scoring pile beside the board, and a pip lights up on the points track.

This module is the state → picture, click → intent part. Where things are lives in
:mod:`.geometry`, what the engine says about a move in :mod:`.moves`, a turn's animation in
:mod:`.flights`, the pictures in :mod:`.sprites` and the tray, pile and points track in :mod:`.tray`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game.core import GameError
from game.elephant_run.rules import ELEPHANT, FARMERS, GAME_ID
from scenes.games.elephant_run.flights import Flight, Plan, plan_turn
from scenes.games.elephant_run.geometry import FILES, RANKS, BoardLayout, eaten_tile_flight, shadow_scale
from scenes.games.elephant_run.moves import (
    Option,
    move_kind,
    options_from,
    route_to,
    simplest_marks,
    turn_squares,
)
from scenes.games.elephant_run.palette import ELEPHANT_COLOR, FARMER_COLOR, MARK_JUMP, MARK_RUN, mark_color
from scenes.games.elephant_run.sprites import board_sprites, elephant_token, farmer_token, mark_sprite
from scenes.games.elephant_run.tray import draw_pile, draw_points_track, tray_picture
from scenes.kit import sprites as kit
from scenes.kit import style
from scenes.kit.board_view import (
    FittedBoardView,
    Gesture,
    ViewAction,
    ViewButton,
    parse_square,
    square_name,
)
from scenes.kit.marks import Marks

if TYPE_CHECKING:
    from game.core import GameState, Move
    from game.match import Turn, ViewSource


class ElephantRunView(FittedBoardView):
    """The Elephant Run board. Setup is done on the board (elephant, then farmers one by one,
    collected here and submitted as the one placement move); in play, click a piece to see its
    marked destinations, then a destination."""

    game_id = GAME_ID

    def __init__(self, match: ViewSource[GameState], settings: Any = None) -> None:
        super().__init__(match, settings)
        self.board = BoardLayout.unfitted()
        self.sprites: Mapping[str, pygame.Surface] = {}
        self.board_surface: pygame.Surface | None = None
        self.selected: str | None = None
        self.options: list[Option] = []
        self.setup: list[str] = []
        self.setup_drops: dict[str, float] = {}
        self.hover_square: str | None = None
        self.plan = Plan()
        self._pos: dict[str, Any] = match.state.position()
        rng = random.Random(2004)  # fixed: the same tile always shows the same suit
        deal = [suit for suit in kit.SUITS for _ in range(6)]
        rng.shuffle(deal)
        self.suit_of = {square_name(i % FILES, i // FILES): deal[i] for i in range(FILES * RANKS)}
        self._clock = 0.0

    # ------------------------------------------------------------------------------------------------
    # layout and state
    # ------------------------------------------------------------------------------------------------
    def fit_board(self, rect: pygame.Rect) -> BoardLayout:
        """Tray + pile (left) + points track (below) fitted into ``rect``; ``s`` is the tile size."""
        return BoardLayout.fit(rect)

    def make_sprites(self, s: int) -> Mapping[str, pygame.Surface]:
        return board_sprites(s)

    def set_state(self, state: GameState, animate_from: Turn | None = None) -> None:
        self._pos = state.position()  # before the base class drops the selection (which reads it)
        super().set_state(state, animate_from)
        self.board_surface = None
        self.plan = Plan()
        if animate_from is not None and self.timeline.scale > 0:
            # NB: cancel() in the base set_state has already emptied setup_drops, so farmers placed
            # by clicks drop in from above like the computer's (as before the split; to be decided)
            self.plan = plan_turn(animate_from, self._pos, self.timeline, self.board, self.setup_drops)
        elif animate_from is not None:  # no animation, but the turn is still heard
            self.hear_turn(lambda tl: plan_turn(animate_from, self._pos, tl, self.board, self.setup_drops))
        self._auto_select()

    def _auto_select(self) -> None:
        """On the human elephant's turn its only piece is picked up at once: one click to move."""
        player = self._actor()
        if player == ELEPHANT and self._pos["phase"] == "play" and self._pos["elephant"]:
            self._select(self._pos["elephant"], ELEPHANT)

    # ------------------------------------------------------------------------------------------------
    # input
    # ------------------------------------------------------------------------------------------------
    def hover(self, pos: tuple[int, int] | None) -> None:
        super().hover(pos)
        self.hover_square = self.geo.name_at(pos) if pos is not None else None

    def cancel(self) -> bool:
        had = bool(self.setup) or (self.selected is not None and self.selected != self._pos.get("elephant"))
        self.selected = None
        self.options = []
        self.setup = []
        self.setup_drops = {}
        if not had:
            self._auto_select()
        return had

    def _select(self, square: str, player: str) -> int:
        self.selected = square
        self.options = options_from(self.state, square, player)
        return len(self.options)

    def destinations(self) -> dict[str, str]:
        """Destination square → the kind of mark to draw (the simplest way to get there wins)."""
        return simplest_marks(self.options)

    def handle_click(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        square = self.geo.name_at(pos)
        if player is None:
            return ViewAction.nothing()
        if square is None:
            return ViewAction.hint("Click a tile on the board.") if self.cancel() else ViewAction.nothing()
        phase = self._pos["phase"]
        if phase == "setup-elephant":
            return self._parse(player, f"@{square}")
        if phase == "setup-farmers":
            return self._setup_click(square, player)
        return self._play_click(square, player)

    def _parse(self, player: str, text: str, message: str | None = None) -> ViewAction:
        try:
            move = self.state.parse_move(player, text)
        except GameError as exc:
            return ViewAction.refuse_error(exc)
        return ViewAction.play(player, move, message)

    def _setup_click(self, square: str, player: str) -> ViewAction:
        total = int(self._pos["farmers_total"])
        if square in self.setup:
            self.setup.remove(square)
            self.setup_drops.pop(square, None)
            return ViewAction(sound="pick-up")  # the banner's counter tells the rest
        if square == self._pos["elephant"]:
            return ViewAction.refuse("The elephant stands there — farmers go on other tiles.")
        if player != FARMERS:
            return ViewAction.nothing()
        self.setup.append(square)
        self.setup_drops[square] = self._clock
        if len(self.setup) >= total:
            placed = list(self.setup)
            action = self._parse(player, "@" + ",".join(placed), "All farmers placed.")
            if action.error:
                self.setup.pop()
            return action
        return ViewAction(sound="place")

    def _pieces(self, player: str) -> list[str]:
        if player == ELEPHANT:
            return [self._pos["elephant"]] if self._pos["elephant"] else []
        return list(self._pos["farmers"])

    def _play_click(self, square: str, player: str) -> ViewAction:
        mine = self._pieces(player)
        if self.selected is not None:
            choices = [o for o in self.options if o.dest == square]
            if choices:
                return self._choose(player, choices)
        if square in mine:
            if square == self.selected and player == FARMERS:
                self.selected, self.options = None, []
                return ViewAction.hint("Farmer put down.")
            count = self._select(square, player)
            if count == 0:
                who = "The elephant" if player == ELEPHANT else "This farmer"
                self.selected, self.options = None, []
                return ViewAction.refuse(f"{who} has no move from {square}.")
            piece = "Elephant" if player == ELEPHANT else "Farmer"
            return ViewAction.hint(
                f"{piece} on {square}: {count} move{'s' if count != 1 else ''} — click a marked tile."
            )
        if self.selected is not None:
            # explain why this is not a destination, in the engine's own words
            action = self._parse(player, f"{self.selected}-{square}")
            if action.error:
                return action
            return ViewAction.refuse("That tile is not one of the marked destinations.")
        if player == FARMERS and square == self._pos["elephant"]:
            return ViewAction.refuse("That is the elephant — you command the farmers.")
        if player == ELEPHANT and square in self._pos["farmers"]:
            return ViewAction.refuse("That is a farmer — you play the elephant.")
        if player == FARMERS:
            return ViewAction.refuse("No farmer there — click one of your farmers first.")
        return ViewAction.refuse("Click the elephant first.")

    def _choose(self, player: str, choices: list[Option]) -> ViewAction:
        """Several moves may end on one tile (a simple move and a compound route): play the simple
        one, and say which other route existed."""
        chosen = self._pick(choices)
        message = None
        others = [c.text for c in choices if c is not chosen]
        if others:
            message = f"Played {chosen.text} (the simple move); {', '.join(others)} also ended there."
        self.selected, self.options = None, []
        return ViewAction.play(player, chosen.move, message)

    @staticmethod
    def _pick(choices: list[Option]) -> Option:
        """The move a click on a tile plays when several end there: the simplest route first."""
        simple = [c for c in choices if c.simple]
        return (simple or choices)[0]

    # -- teaching: where a square is, and the clicks that enter a move ------------------------------
    def square_center(self, name: str) -> tuple[int, int] | None:
        try:
            file, rank = parse_square(name)
        except ValueError:
            return None
        if not (0 <= file < FILES and 0 <= rank < RANKS):
            return None
        return self.geo.center(file, rank)

    def gestures_for(self, player: str, move_text: str) -> list[Gesture] | None:
        """The clicks a player makes on this board for ``move_text``: the tile for the elephant's
        placement; every farmer's tile (after "Pick all up" if some are placed already); the piece
        (unless it is picked up already) and its destination; the Pass button. None for an illegal
        move, or a compound route that a click on its tile would not play (the simple move there)."""
        try:
            move = self.state.parse_move(player, move_text)
        except GameError:
            return None
        text = self.state.move_to_text(player, move)
        squares = self.state.move_squares(player, move)
        phase = self._pos["phase"]
        if phase == "setup-elephant":
            return [self._click_on(squares[0])]
        if phase == "setup-farmers":
            clear = [Gesture("button", key="clear")] if self.setup else []
            return clear + [self._click_on(square) for square in squares]
        if text == "pass":
            return [Gesture("button", key="pass")]
        frm, dest = squares[0], squares[-1]
        choices = [o for o in options_from(self.state, frm, player) if o.dest == dest]
        if not choices or self._pick(choices).text != text:
            return None
        pick_up = [] if self.selected == frm else [self._click_on(frm)]
        return [*pick_up, self._click_on(dest)]

    def move_marks(self, player: str, move: Move) -> Marks:
        """A placement rings each tile chosen; a move is the piece's way (its corner too)."""
        squares = self.state.move_squares(player, move)
        if self._pos["phase"] in ("setup-elephant", "setup-farmers"):
            return Marks.on(squares)
        return Marks.along(squares)

    def _click_on(self, square: str) -> Gesture:
        return Gesture("click", pos=self.geo.center_of(square))

    def prompt(self, player: str) -> str:
        phase = self._pos["phase"]
        if phase == "setup-elephant":
            return "choose where to place the elephant (a corner start is risky)"
        if phase == "setup-farmers":
            total = int(self._pos["farmers_total"])
            n = len(self.setup) + 1
            tail = " — click a placed farmer to pick it up" if self.setup else ""
            return f"place farmer {min(n, total)} of {total}{tail}"
        if player == FARMERS and self._must_pass():
            return "no farmer can move — press Pass"
        if player == ELEPHANT:
            return "click a marked tile: a step eats it, a jump tramples a farmer"
        if self.selected:
            return "click a marked tile to move there, or another farmer"
        return "pick a farmer to move (steps, jumps over farmers, runs across holes)"

    def _must_pass(self) -> bool:
        player = FARMERS
        if player not in self.state.to_move():
            return False
        moves = self.state.legal_moves(player)
        return len(moves) == 1 and self.state.move_to_text(player, moves[0]) == "pass"

    def buttons(self, player: str | None) -> list[ViewButton]:
        if player == FARMERS and self._pos["phase"] == "play" and self._must_pass():
            return [ViewButton("pass", "Pass", "No farmer can move: pass the turn", primary=True)]
        if player == FARMERS and self._pos["phase"] == "setup-farmers" and self.setup:
            return [ViewButton("clear", "Pick all up", "Take every placed farmer back")]
        return []

    def press(self, key: str, player: str | None) -> ViewAction:
        if player is None:
            return ViewAction.nothing()
        if key == "pass":
            return self._parse(player, "pass", "The farmers pass.")
        if key == "clear":
            self.setup = []
            self.setup_drops = {}
            return ViewAction.hint("All farmers picked up.")
        return ViewAction.nothing()

    # ------------------------------------------------------------------------------------------------
    # panel helpers
    # ------------------------------------------------------------------------------------------------
    def player_color(self, player: str) -> tuple[int, int, int]:
        return ELEPHANT_COLOR if player == ELEPHANT else FARMER_COLOR

    def make_player_token(self, player: str, size: int) -> pygame.Surface | None:
        return elephant_token(size) if player == ELEPHANT else farmer_token(size)

    def player_summary(self, player: str) -> str:
        pos = self._pos
        if player == ELEPHANT:
            return f"{pos['points']} / {pos['target']}"
        if pos["phase"] != "play":
            return f"{pos['farmers_total']} farmers"
        return f"{len(pos['farmers'])} of {pos['farmers_total']} left"

    def status_extra(self) -> str:
        return f"Points {self._pos['points']} / {self._pos['target']}"

    def result_details(self) -> str:
        pos = self._pos
        eaten, captured = int(pos["eaten"]), int(pos["captured"])
        parts = [
            f"Elephant {pos['points']} of {pos['target']} points",
            f"{eaten} tile{'s' if eaten != 1 else ''} eaten",
            f"{captured} farmer{'s' if captured != 1 else ''} trampled",
        ]
        return "  ·  ".join(parts)

    def focus_rect(self) -> pygame.Rect:
        return self.board.tray

    def turn_note(self, turn: Turn) -> str:
        before = turn.before.position()
        after = turn.after.position()
        if before["phase"] == "setup-elephant":
            return "elephant placed"
        if before["phase"] == "setup-farmers":
            return "farmers placed"
        if turn.text == "pass":
            return "no move"
        if after["captured"] > before["captured"]:
            return "tramples a farmer"
        if after["eaten"] > before["eaten"]:
            return "eats a tile"
        kind = move_kind(turn.before, turn.moves)
        return {"jump": "jump", "run": "run", "compound": "run + jump"}.get(kind, "")

    # ------------------------------------------------------------------------------------------------
    # drawing
    # ------------------------------------------------------------------------------------------------
    def pulsing(self) -> bool:
        """Farmers put down at setup but not yet submitted pulse ("not final")."""
        return bool(self.setup)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        if not self.sprites:
            return
        if self.board_surface is None:
            tiles = set(self._pos["tiles"])
            self.board_surface = tray_picture(self.rect, self.board, self.sprites, tiles, self.suit_of)
        surface.blit(self.board_surface, self.rect.topleft)
        t = self.timeline.t
        plan = self.plan
        self._draw_highlights(surface)
        # eaten tiles still on the board (shrinking) go under the pieces
        for eaten in plan.eaten:
            if eaten.on_board(t):
                scale = 1 - 0.45 * eaten.shrink.at(t)
                self._blit_tile(surface, eaten.square, self.geo.center_of(eaten.square), scale)
        self._draw_pieces(surface, t)
        self._draw_scores(surface, t)
        # things in flight go on top of everything
        for eaten in plan.eaten:
            if eaten.in_air(t):
                start, end = self.geo.center_of(eaten.square), self.board.pile_tile_pos(eaten.pile_index)
                center, scale = eaten_tile_flight(start, end, eaten.fly.at(t), self.s)
                self._blit_tile(surface, eaten.square, center, scale)
        for flight in plan.flights:
            if flight.hide_square is None and flight.track.started(t) and not flight.track.done(t):
                self._draw_flight(surface, flight, t)

    def _draw_scores(self, surface: pygame.Surface, t: float) -> None:
        """Pile and points track as the player should see them now: what is still in the air has not
        landed on the pile yet, and its pip waits for it."""
        pos, plan = self._pos, self.plan
        eaten, captured = int(pos["eaten"]) - plan.tiles_held(t), int(pos["captured"]) - plan.coins_held(t)
        draw_pile(surface, self.board, self.sprites, eaten, captured)
        popping = {index: track for index, track in plan.pips}
        draw_points_track(surface, self.board, int(pos["target"]), int(pos["points"]), popping, t)

    def _blit_tile(
        self, surface: pygame.Surface, square: str, center: tuple[float, float], scale: float
    ) -> None:
        base = self.sprites[f"tile-{self.suit_of.get(square, 'suns')}"]
        size = max(2, int(self.s * scale))
        img = pygame.transform.smoothscale(base, (size, size))
        shadow = self.sprites["pawn-shadow"]
        surface.blit(shadow, shadow.get_rect(center=(center[0] + 3, center[1] + size * 0.35)))
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))

    def _draw_highlights(self, surface: pygame.Surface) -> None:
        sp = self.sprites
        busy = self.busy
        if self.last_move is not None and not busy:
            text = self.last_move.text
            for name in turn_squares(self.last_move)[:3] if not text.startswith("@") else []:
                surface.blit(sp["last"], self.geo.rect_of(name))
                surface.blit(sp["last-ring"], self.geo.rect_of(name))
        if busy:
            return
        if self.selected is not None:
            surface.blit(sp["glow-select"], self.geo.rect_of(self.selected))
        marks = self.destinations()
        hover = self.hover_square
        if hover is not None and self._actor() is not None and self._hover_actionable(hover, marks):
            surface.blit(sp["glow-hover"], self.geo.rect_of(hover))
            if hover in marks:
                self._draw_route(surface, hover)
        for name, kind in marks.items():
            self._draw_mark(surface, name, kind, hover == name)
        if hover is not None and self._actor() is not None:
            self._draw_setup_ghost(surface, hover)

    def _draw_setup_ghost(self, surface: pygame.Surface, square: str) -> None:
        """During setup a faint piece follows the mouse: you see where it will stand before clicking."""
        phase = self._pos["phase"]
        c = self.geo.center_of(square)
        if phase == "setup-elephant":
            img = self.sprites["pawn-ghost"]
            surface.blit(img, img.get_rect(midbottom=(c[0], c[1] + self.s * 0.2 + img.get_width() * 0.12)))
        elif phase == "setup-farmers" and square not in self.setup and square != self._pos["elephant"]:
            img = self.sprites["coin-ghost"]
            surface.blit(img, img.get_rect(center=c))

    def _hover_actionable(self, square: str, marks: dict[str, str]) -> bool:
        player = self._actor()
        phase = self._pos["phase"]
        if phase == "setup-elephant":
            return True
        if phase == "setup-farmers":
            return square != self._pos["elephant"]
        return square in marks or (player is not None and square in self._pieces(player))

    def _draw_route(self, surface: pygame.Surface, dest: str) -> None:
        """On hovering a destination, trace the path the piece would take (runs cross holes)."""
        option = route_to(self.options, dest)
        if option is None:
            return
        points = [self.geo.center_of(sq) for sq in option.path]
        if len(points) >= 2:
            pygame.draw.lines(surface, mark_color(option.kind), False, points, max(3, self.s // 22))

    def _draw_mark(self, surface: pygame.Surface, name: str, kind: str, hovered: bool) -> None:
        """A destination mark (shapes in :func:`.sprites.mark_sprite`). A jump is red only when the
        elephant tramples; a farmer's jump over a friend is harmless, so it is blue like a run."""
        color = mark_color(kind)
        if kind == "jump" and self.selected == self._pos.get("elephant"):
            color = MARK_JUMP
        elif kind == "jump":
            color = MARK_RUN
        mark = mark_sprite(self.s, kind, color, hovered)
        surface.blit(mark, mark.get_rect(center=self.geo.center_of(name)))

    def _draw_pieces(self, surface: pygame.Surface, t: float) -> None:
        """Standing pieces and landing flights, back to front by screen y so nearer pieces overlap."""
        plan = self.plan
        hidden = {f.hide_square for f in plan.flights if f.hide_square is not None}
        ghosts = {sq for sq, track in plan.ghost_farmers if not track.started(t)}
        farmers = set(self._pos["farmers"]) | ghosts
        if self._pos["phase"] == "setup-farmers":
            farmers |= set(self.setup)
        elephant = self._pos["elephant"]
        moving = {f.hide_square: f for f in plan.flights if f.hide_square is not None}
        items: list[tuple[float, str, Any]] = []
        for name in farmers:
            if name in hidden:
                continue
            items.append((self.geo.center_of(name)[1], "coin", name))
        if elephant and elephant not in hidden:
            items.append((self.geo.center_of(elephant)[1] + 0.1, "pawn", elephant))
        for flight in moving.values():
            items.append((flight.depth(t) + 0.2, "flight", flight))
        for _, kind, item in sorted(items, key=lambda entry: entry[0]):
            if kind == "flight":
                self._draw_flight(surface, item, t)
            else:
                pending = kind == "coin" and item in self.setup
                self._draw_piece(surface, kind, self.geo.center_of(item), 0.0, 1.0, pending=pending)

    def _draw_flight(self, surface: pygame.Surface, flight: Flight, t: float) -> None:
        ground, height, scale = flight.pose(t, self.s)
        self._draw_piece(surface, flight.piece, ground, height, scale)

    def _draw_piece(
        self,
        surface: pygame.Surface,
        kind: str,
        ground: tuple[float, float],
        height: float,
        scale: float,
        pending: bool = False,
    ) -> None:
        """A piece standing at ``ground`` (a tile centre), lifted ``height`` pixels (hops, drops):
        its shadow stays on the ground and shrinks as it rises."""
        sp = self.sprites
        s = self.s
        if kind == "pawn":
            shadow, img = sp["pawn-shadow"], sp["pawn"]
            foot_dy = s * 0.2
        else:
            shadow, img = sp["coin-shadow"], sp["coin"]
            foot_dy = s * 0.04
        if scale != 1.0:
            img = pygame.transform.smoothscale(
                img, (max(1, int(img.get_width() * scale)), max(1, int(img.get_height() * scale)))
            )
        if height > 0:
            k = shadow_scale(height, s)
            shadow = pygame.transform.smoothscale(
                shadow, (max(1, int(shadow.get_width() * k)), max(1, int(shadow.get_height() * k)))
            )
        gx, gy = ground
        surface.blit(shadow, shadow.get_rect(center=(round(gx + 2 + height * 0.2), round(gy + foot_dy + 3))))
        if kind == "pawn":
            base = img.get_width() * 0.12
            rect = img.get_rect(midbottom=(round(gx), round(gy + foot_dy + base - height)))
        else:
            rect = img.get_rect(center=(round(gx), round(gy - height)))
        surface.blit(img, rect)
        if pending:  # a farmer placed at setup but not yet submitted: a pulsing ring says "not final"
            pulse = 0.5 + 0.5 * math.sin(self._clock * 4.0)
            pygame.draw.circle(
                surface, style.ACCENT_LIGHT, (round(gx), round(gy)), int(s * 0.36 + 2 * pulse), 2
            )
