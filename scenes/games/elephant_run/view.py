"""Elephant Run's board view: a piecepack field of 24 tiles, an elephant pawn and farmer coins.

The view only draws and maps clicks to notation; every rule question (where may this farmer go,
why is that illegal, what kind of move is this) is answered by the game state. Its signature
animation: when the elephant eats, the tile shrinks from under it and flies onto the elephant's
scoring pile beside the board, and a pip lights up on the points track.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.core import GameError
from scenes.kit import sprites, style
from scenes.kit.animation import (
    Track,
    arc_point,
    ease_in,
    ease_in_out,
    ease_out,
    ease_out_back,
    lift,
    polyline_point,
)
from scenes.kit.board_view import BoardView, GridGeometry, ViewAction, ViewButton, parse_square, square_name

if TYPE_CHECKING:
    from game.core import GameState, Move
    from game.match import Match, Turn

GAME_ID = "elephant-run"
ELEPHANT = "elephant"
FARMERS = "farmers"
FILES, RANKS = 6, 4

ELEPHANT_COLOR = (176, 44, 50)
FARMER_COLOR = (212, 160, 62)
TRAY = (92, 62, 42)
BED = (54, 38, 29)
MARK_STEP = (40, 110, 92)
MARK_JUMP = (196, 60, 48)
MARK_RUN = (44, 92, 168)
MARK_COMPOUND = (128, 70, 150)
LAST_MOVE = (240, 190, 100)
HOVER = (255, 255, 255)


def _squares(text: str) -> list[str]:
    """Square names in a move's notation (``c2-d3`` → [c2, d3]; ``@a1,b3`` → [a1, b3]; pass → [])."""
    text = text.strip().lower()
    if text.startswith("@"):
        return [part.strip() for part in text[1:].split(",") if part.strip()]
    if text == "pass" or not text:
        return []
    return [part.strip() for part in text.split("-")]


@dataclass
class Option:
    """One legal move of the selected piece, as the view needs it."""

    move: Move
    text: str
    path: list[str]
    kind: str

    @property
    def dest(self) -> str:
        return self.path[-1]

    @property
    def simple(self) -> bool:
        return self.kind != "compound"


@dataclass
class Flight:
    """A piece travelling on screen (a move, a drop at setup, a capture flying to the pile)."""

    piece: str  # "pawn" | "coin"
    points: list[tuple[float, float]]
    track: Track
    hop: float = 0.0
    hide_square: str | None = None
    scale_to: float = 1.0
    drop: float = 0.0


@dataclass
class Eaten:
    """An eaten tile: shrinks in place, then flies to the top of the pile."""

    square: str
    shrink: Track
    fly: Track
    pile_index: int


@dataclass
class Plan:
    """Everything one turn's animation draws; built in ``set_state`` from before/after positions."""

    flights: list[Flight] = field(default_factory=list)
    eaten: list[Eaten] = field(default_factory=list)
    pile_tiles_held: list[Track] = field(default_factory=list)
    pile_coins_held: list[Track] = field(default_factory=list)
    pips: list[tuple[int, Track]] = field(default_factory=list)
    ghost_farmers: list[tuple[str, Track]] = field(default_factory=list)


class ElephantRunView(BoardView):
    """The Elephant Run board. Setup is done on the board (elephant, then farmers one by one,
    collected here and submitted as the one placement move); in play, click a piece to see its
    marked destinations, then a destination."""

    game_id = GAME_ID

    def __init__(self, match: Match, settings: Any = None) -> None:
        super().__init__(match, settings)
        self.geo = GridGeometry.fit(pygame.Rect(0, 0, 600, 400), FILES, RANKS, 0.09)
        self.tray_rect = pygame.Rect(0, 0, 0, 0)
        self.pile_rect = pygame.Rect(0, 0, 0, 0)
        self.track_rect = pygame.Rect(0, 0, 0, 0)
        self.sprites: dict[str, pygame.Surface] = {}
        self.board_surface: pygame.Surface | None = None
        self.selected: str | None = None
        self.options: list[Option] = []
        self.setup: list[str] = []
        self.setup_drops: dict[str, float] = {}
        self.hover_square: str | None = None
        self.plan = Plan()
        self._pos: dict[str, Any] = match.state.position()
        rng = random.Random(2004)  # fixed: the same tile always shows the same suit
        deal = [suit for suit in sprites.SUITS for _ in range(6)]
        rng.shuffle(deal)
        self.suit_of = {square_name(i % FILES, i // FILES): deal[i] for i in range(FILES * RANKS)}
        self._clock = 0.0

    # ------------------------------------------------------------------------------------------------
    # layout and sprites
    # ------------------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Fit tray + pile (left) + points track (below) into ``rect``; rebuild sprites for the size."""
        super().layout(rect)
        gap_ratio = 0.09
        pad_ratio = 0.26
        pile_ratio = 1.45
        track_ratio = 0.72
        unit_w = pile_ratio + 0.28 + FILES + gap_ratio * (FILES - 1) + 2 * pad_ratio
        unit_h = RANKS + gap_ratio * (RANKS - 1) + 2 * pad_ratio + 0.22 + track_ratio
        usable = rect.inflate(-16, -12)
        s = int(min(usable.width / unit_w, usable.height / unit_h))
        s = max(24, min(s, 150))
        pad = round(s * pad_ratio)
        grid_w = FILES * s + (FILES - 1) * round(s * gap_ratio)
        grid_h = RANKS * s + (RANKS - 1) * round(s * gap_ratio)
        pile_w = round(s * pile_ratio)
        total_w = pile_w + round(s * 0.28) + grid_w + 2 * pad
        total_h = grid_h + 2 * pad + round(s * 0.22) + round(s * track_ratio)
        left = rect.centerx - total_w // 2
        top = rect.centery - total_h // 2
        self.pile_rect = pygame.Rect(left, top, pile_w, grid_h + 2 * pad)
        self.tray_rect = pygame.Rect(
            self.pile_rect.right + round(s * 0.28), top, grid_w + 2 * pad, grid_h + 2 * pad
        )
        grid_area = self.tray_rect.inflate(-2 * pad, -2 * pad)
        self.geo = GridGeometry.fit(grid_area, FILES, RANKS, gap_ratio)
        self.track_rect = pygame.Rect(
            left, self.tray_rect.bottom + round(s * 0.22), total_w, round(s * track_ratio)
        )
        self._build_sprites(s)
        self.board_surface = None

    def _build_sprites(self, s: int) -> None:
        sp: dict[str, pygame.Surface] = {}
        for suit in sprites.SUITS:
            sp[f"tile-{suit}"] = sprites.tile(s, suit)
        sp["hole"] = sprites.hole(s, BED)
        sp["tile-shadow"] = sprites.soft_shadow((s, s), int(s * 0.12), 110, max(3, s // 14))
        pawn_w, pawn_h = int(s * 0.62), int(s * 0.9)
        sp["pawn"] = sprites.pawn(pawn_w, pawn_h, ELEPHANT_COLOR)
        sp["pawn-shadow"] = sprites.ellipse_shadow(int(s * 0.6), int(s * 0.2), 120)
        coin_d = int(s * 0.62)
        sp["coin"] = sprites.coin(coin_d, FARMER_COLOR)
        sp["coin-shadow"] = sprites.ellipse_shadow(int(coin_d * 0.96), int(coin_d * 0.5), 110)
        sp["coin-ghost"] = sp["coin"].copy()
        sp["coin-ghost"].set_alpha(110)
        sp["pawn-ghost"] = sp["pawn"].copy()
        sp["pawn-ghost"].set_alpha(110)
        mini = int(s * 0.62)
        sp["mini-tile"] = sprites.tile(mini, None, grid=False)
        sp["mini-coin"] = sprites.coin(int(s * 0.46), FARMER_COLOR)
        sp["glow-select"] = sprites.glow_ring(s, style.ACCENT_LIGHT, 0.09, 255)
        sp["glow-hover"] = sprites.tint(s, HOVER, 48)
        sp["last"] = sprites.tint(s, LAST_MOVE, 70)
        sp["last-ring"] = sprites.glow_ring(s, LAST_MOVE, 0.05, 150)
        sp["bad"] = sprites.tint(s, MARK_JUMP, 60)
        self.sprites = sp
        self.s = s
        self._pile_coords()

    def _pile_coords(self) -> None:
        """Pile: eaten tiles stack upward in the top part; captured farmers stack in the bottom part."""
        s = self.s
        r = self.pile_rect
        self.pile_tile_base = (r.centerx, r.top + int(r.height * 0.62))
        self.pile_tile_step = max(2, int(s * 0.075))
        self.pile_coin_base = (r.centerx, r.bottom - int(s * 0.42))
        self.pile_coin_step = max(2, int(s * 0.1))

    def pile_tile_pos(self, index: int) -> tuple[float, float]:
        x, y = self.pile_tile_base
        return (x, y - index * self.pile_tile_step)

    def pile_coin_pos(self, index: int) -> tuple[float, float]:
        x, y = self.pile_coin_base
        column = index % 2
        row = index // 2
        return (x + (column - 0.5) * self.s * 0.5, y - row * self.pile_coin_step * 1.4 - column * 2)

    # ------------------------------------------------------------------------------------------------
    # state
    # ------------------------------------------------------------------------------------------------
    def set_state(self, state: GameState, animate_from: Turn | None = None) -> None:
        self._pos = state.position()  # before the base class drops the selection (which reads it)
        super().set_state(state, animate_from)
        self.board_surface = None
        self.plan = Plan()
        if animate_from is not None and self.timeline.scale > 0:
            self._plan(animate_from)
        self._auto_select()

    def _plan(self, turn: Turn) -> None:
        """Turn a played turn into flights, eaten tiles and pips (see the module docstring)."""
        before = turn.before.position()
        after = self._pos
        text = turn.text
        squares = _squares(text)
        tl = self.timeline
        plan = self.plan
        if before["phase"] == "setup-elephant":
            target = squares[0]
            track = tl.add(0.42, ease=ease_out_back)
            c = self.geo.center_of(target)
            plan.flights.append(
                Flight("pawn", [(c[0], c[1] - self.s * 0.9), c], track, hide_square=target, drop=1.0)
            )
            return
        if before["phase"] == "setup-farmers":
            for i, sq in enumerate(sorted(squares, key=lambda n: (-parse_square(n)[1], parse_square(n)[0]))):
                track = tl.add(0.3, delay=0.07 * i, ease=ease_out)
                c = self.geo.center_of(sq)
                start = (c[0], c[1] - self.s * 0.6)
                if sq in self.setup_drops:  # placed by a click just now: it is already on the board
                    start = c
                plan.flights.append(Flight("coin", [start, c], track, hide_square=sq, drop=1.0))
            self.setup_drops = {}
            return
        if not squares:
            return
        mover_is_elephant = before["elephant"] == squares[0]
        path = self._path(turn, squares)
        points = [self.geo.center_of(sq) for sq in path]
        kind = self._kind(turn.before, turn.moves)
        hop = self.s * 0.55 if kind == "jump" else 0.0
        per_square = 0.16
        duration = 0.34 if kind in ("step", "jump") else min(0.95, 0.2 + per_square * (len(path) - 1))
        if kind == "jump":
            duration = 0.46
        move_track = tl.add(duration, ease=ease_in_out)
        plan.flights.append(
            Flight("pawn" if mover_is_elephant else "coin", points, move_track, hop=hop, hide_square=path[-1])
        )
        pile_tiles = before["eaten"]
        pile_coins = before["captured"]
        points_before = before["points"]
        pip = points_before
        if mover_is_elephant:
            if kind == "jump" and len(path) >= 3:
                victim = path[len(path) // 2]
                knock = tl.add(0.0, delay=duration * 0.5)
                fly = tl.add(0.55, after=knock, ease=ease_out)
                start = self.geo.center_of(victim)
                plan.ghost_farmers.append((victim, knock))
                plan.flights.append(
                    Flight(
                        "coin", [start, self.pile_coin_pos(pile_coins)], fly, hop=self.s * 0.9, scale_to=0.74
                    )
                )
                plan.pile_coins_held.append(fly)
                plan.pips.append((pip, tl.add(0.3, after=fly, delay=-0.1, ease=ease_out_back)))
            elif after["eaten"] > before["eaten"]:
                eaten_sq = path[-1]
                shrink = tl.add(0.28, after=move_track, delay=0.02, ease=ease_in)
                fly = tl.add(0.5, after=shrink, ease=ease_out)
                plan.eaten.append(Eaten(eaten_sq, shrink, fly, pile_tiles))
                plan.pile_tiles_held.append(fly)
                plan.pips.append((pip, tl.add(0.3, after=fly, delay=-0.1, ease=ease_out_back)))

    def _path(self, turn: Turn, squares: list[str]) -> list[str]:
        """The squares the piece passes (runs cross holes): asked of the game when it can tell."""
        path_of = getattr(turn.before, "path_of", None)
        names = list(squares)
        if callable(path_of):
            try:
                raw = path_of(turn.moves[next(iter(turn.moves))])
                names = [sq if isinstance(sq, str) else self._name(sq) for sq in raw] or names
            except Exception:  # an engine without the helper (or a new move shape) just glides straight
                names = list(squares)
        return names

    @staticmethod
    def _name(index: int) -> str:
        return square_name(index % FILES, index // FILES)

    @staticmethod
    def _kind(state: GameState, moves: Any) -> str:
        move = moves[next(iter(moves))] if isinstance(moves, dict) else moves
        kind_of = getattr(state, "move_kind", None)
        if callable(kind_of):
            try:
                return str(kind_of(move))
            except Exception:
                pass
        return "step"

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
        self.options = self._options_from(square, player)
        return len(self.options)

    def _options_from(self, square: str, player: str) -> list[Option]:
        """Legal moves starting on ``square``, from the game's own list (rules stay in game/)."""
        state = self.state
        options: list[Option] = []
        for move in state.legal_moves(player):
            text = state.move_to_text(player, move)
            names = _squares(text)
            if len(names) >= 2 and names[0] == square and not text.startswith("@"):
                kind = self._kind(state, move)
                options.append(Option(move, text, names, kind))
        return options

    def destinations(self) -> dict[str, str]:
        """Destination square → the kind of mark to draw (the simplest way to get there wins)."""
        order = {"step": 0, "jump": 1, "run": 2, "compound": 3}
        marks: dict[str, str] = {}
        for option in self.options:
            current = marks.get(option.dest)
            if current is None or order.get(option.kind, 9) < order.get(current, 9):
                marks[option.dest] = option.kind
        return marks

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
            return ViewAction.nothing()  # the banner's counter tells the rest
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
        return ViewAction.nothing()

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
        simple = [c for c in choices if c.simple]
        chosen = (simple or choices)[0]
        message = None
        others = [c.text for c in choices if c is not chosen]
        if others:
            message = f"Played {chosen.text} (the simple move); {', '.join(others)} also ended there."
        self.selected, self.options = None, []
        return ViewAction.play(player, chosen.move, message)

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
        if player == ELEPHANT:
            return sprites.pawn(int(size * 0.66), size, ELEPHANT_COLOR)
        return sprites.coin(int(size * 0.9), FARMER_COLOR)

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
        return self.tray_rect

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
        kind = self._kind(turn.before, turn.moves)
        return {"jump": "jump", "run": "run", "compound": "run + jump"}.get(kind, "")

    # ------------------------------------------------------------------------------------------------
    # drawing
    # ------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self._clock += dt

    def _build_board(self) -> pygame.Surface:
        """The tray with every present tile and hole of the current state (cached per state/size)."""
        surface = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        ox, oy = -self.rect.left, -self.rect.top
        s = self.s
        tray = self.tray_rect.move(ox, oy)
        shadow = sprites.soft_shadow(tray.size, int(s * 0.2), 120, max(4, s // 8))
        surface.blit(shadow, (tray.left - max(4, s // 8) + 3, tray.top - max(4, s // 8) + 6))
        pygame.draw.rect(surface, sprites.shade(TRAY, 0.7), tray, border_radius=int(s * 0.2))
        pygame.draw.rect(surface, TRAY, tray.inflate(-4, -4), border_radius=int(s * 0.19))
        pygame.draw.rect(
            surface, sprites.shade(TRAY, 1.15), tray.inflate(-4, -4), width=2, border_radius=int(s * 0.19)
        )
        bed = self.geo.rect.move(ox, oy).inflate(int(s * 0.14), int(s * 0.14))
        pygame.draw.rect(surface, BED, bed, border_radius=int(s * 0.14))
        pygame.draw.rect(surface, sprites.shade(BED, 0.7), bed, width=2, border_radius=int(s * 0.14))
        # coordinates on the frame: they match the notation in the move list
        size = max(11, int(s * 0.15))
        label_color = sprites.shade(TRAY, 1.7)
        for f in range(FILES):
            r = self.geo.square_rect(f, 0).move(ox, oy)
            style.text(
                surface,
                "abcdef"[f],
                (r.centerx, tray.bottom - (tray.bottom - bed.bottom) // 2),
                size,
                label_color,
                bold=True,
                anchor="center",
            )
        for rank in range(RANKS):
            r = self.geo.square_rect(0, rank).move(ox, oy)
            style.text(
                surface,
                str(rank + 1),
                (tray.left + (bed.left - tray.left) // 2, r.centery),
                size,
                label_color,
                bold=True,
                anchor="center",
            )
        tiles = set(self._pos["tiles"])
        shadow_tile = self.sprites["tile-shadow"]
        blur = (shadow_tile.get_width() - s) // 2
        for name in self.geo.names():
            r = self.geo.rect_of(name).move(ox, oy)
            if name in tiles:
                surface.blit(shadow_tile, (r.left - blur + 2, r.top - blur + 4))
        for name in self.geo.names():
            r = self.geo.rect_of(name).move(ox, oy)
            if name in tiles:
                surface.blit(self.sprites[f"tile-{self.suit_of[name]}"], r)
            else:
                surface.blit(self.sprites["hole"], r)
        self._draw_pile_frame(surface, ox, oy)
        return surface

    def _draw_pile_frame(self, surface: pygame.Surface, ox: int, oy: int) -> None:
        s = self.s
        pile = self.pile_rect.move(ox, oy)
        panel = pygame.Surface(pile.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (0, 0, 0, 70), panel.get_rect(), border_radius=int(s * 0.18))
        pygame.draw.rect(panel, (255, 255, 255, 30), panel.get_rect(), width=2, border_radius=int(s * 0.18))
        surface.blit(panel, pile)
        size = max(11, int(s * 0.14))
        style.text(
            surface,
            "Eaten",
            (pile.centerx, pile.top + int(s * 0.1)),
            size,
            (236, 224, 200),
            bold=True,
            anchor="midtop",
        )
        divider = pile.top + int(pile.height * 0.7)
        pygame.draw.line(
            surface, (255, 255, 255, 40), (pile.left + 10, divider), (pile.right - 10, divider), 1
        )
        style.text(
            surface,
            "Trampled",
            (pile.centerx, divider + int(s * 0.06)),
            size,
            (236, 224, 200),
            bold=True,
            anchor="midtop",
        )

    def draw(self, surface: pygame.Surface) -> None:
        if not self.sprites:
            return
        if self.board_surface is None:
            self.board_surface = self._build_board()
        surface.blit(self.board_surface, self.rect.topleft)
        t = self.timeline.t
        plan = self.plan
        self._draw_highlights(surface)
        # eaten tiles still on the board (shrinking) go under the pieces
        for eaten in plan.eaten:
            if not eaten.fly.started(t) or eaten.fly.raw(t) == 0:
                scale = 1 - 0.45 * eaten.shrink.at(t)
                self._blit_tile(surface, eaten.square, self.geo.center_of(eaten.square), scale)
        self._draw_pieces(surface, t)
        self._draw_pile(surface, t)
        self._draw_track(surface, t)
        # things in flight go on top of everything
        for eaten in plan.eaten:
            if eaten.fly.started(t) and eaten.fly.raw(t) > 0:
                p = eaten.fly.at(t)
                pos = arc_point(
                    self.geo.center_of(eaten.square), self.pile_tile_pos(eaten.pile_index), p, self.s * 0.8
                )
                scale = 0.55 + (0.62 - 0.55) * p
                if not eaten.fly.done(t):
                    self._blit_tile(surface, eaten.square, pos, scale)
        for flight in plan.flights:
            if flight.hide_square is None and flight.track.started(t) and not flight.track.done(t):
                self._draw_flight(surface, flight, t)

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
            for name in _squares(self.last_move.text)[:3] if not self.last_move.text.startswith("@") else []:
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
        option = next((o for o in self.options if o.dest == dest and o.simple), None) or next(
            (o for o in self.options if o.dest == dest), None
        )
        if option is None:
            return
        points = [self.geo.center_of(sq) for sq in option.path]
        color = _mark_color(option.kind)
        if len(points) >= 2:
            pygame.draw.lines(surface, color, False, points, max(3, self.s // 22))

    def _draw_mark(self, surface: pygame.Surface, name: str, kind: str, hovered: bool) -> None:
        """Destination marks: dot = step, ring = jump (red if the elephant tramples), diamond = run,
        double ring = compound. Shapes differ, not just colours, so they read for everyone."""
        color = _mark_color(kind)
        if kind == "jump" and self.selected == self._pos.get("elephant"):
            color = MARK_JUMP
        elif kind == "jump":
            color = MARK_RUN
        key = f"mark-{kind}-{color}-{hovered}"
        mark = self.sprites.get(key)
        if mark is None:  # drawn once per size (the sprites are rebuilt on layout), not per frame
            mark = self.sprites[key] = _mark_sprite(self.s, kind, color, hovered)
        surface.blit(mark, mark.get_rect(center=self.geo.center_of(name)))

    def _draw_pieces(self, surface: pygame.Surface, t: float) -> None:
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
            y = (
                flight.points[-1][1]
                if flight.track.done(t)
                else polyline_point(flight.points, flight.track.at(t))[1]
            )
            items.append((y + 0.2, "flight", flight))
        for _, kind, item in sorted(items, key=lambda entry: entry[0]):
            if kind == "flight":
                self._draw_flight(surface, item, t)
            else:
                self._draw_piece(
                    surface,
                    kind,
                    self.geo.center_of(item),
                    0.0,
                    1.0,
                    pending=kind == "coin" and item in self.setup,
                )

    def _draw_flight(self, surface: pygame.Surface, flight: Flight, t: float) -> None:
        p = flight.track.at(t)
        raw = flight.track.raw(t)
        if flight.drop:  # dropped onto its tile from above (setup)
            height = max(0.0, 1.0 - p) * self.s * 0.7
            self._draw_piece(surface, flight.piece, flight.points[-1], height, 1.0)
            return
        pos = polyline_point(flight.points, p)
        height = flight.hop * lift(raw)
        scale = 1.0 + (flight.scale_to - 1.0) * p
        self._draw_piece(surface, flight.piece, pos, height, scale)

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
            k = max(0.4, 1 - height / (s * 2.5))
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
        if pending:
            pulse = 0.5 + 0.5 * _pulse(self._clock)
            pygame.draw.circle(
                surface, style.ACCENT_LIGHT, (round(gx), round(gy)), int(s * 0.36 + 2 * pulse), 2
            )

    def _draw_pile(self, surface: pygame.Surface, t: float) -> None:
        """The elephant's scoring pile: a neat stack of eaten tiles and a heap of trampled farmers."""
        plan = self.plan
        eaten = int(self._pos["eaten"]) - sum(1 for track in plan.pile_tiles_held if not track.done(t))
        captured = int(self._pos["captured"]) - sum(1 for track in plan.pile_coins_held if not track.done(t))
        mini = self.sprites["mini-tile"]
        for i in range(max(0, eaten)):
            surface.blit(mini, mini.get_rect(center=self.pile_tile_pos(i)))
        if eaten > 0:
            x, y = self.pile_tile_pos(eaten - 1)
            label = style.text_surface(str(eaten), max(12, int(self.s * 0.2)), style.INK_SOFT, True)
            surface.blit(label, label.get_rect(center=(x, y)))
        coin_img = self.sprites["mini-coin"]
        for i in range(max(0, captured)):
            surface.blit(coin_img, coin_img.get_rect(center=self.pile_coin_pos(i)))

    def _draw_track(self, surface: pygame.Surface, t: float) -> None:
        """The points track: one pip per point up to the target, the target pip marked in gold."""
        rect = self.track_rect
        target = int(self._pos["target"])
        points = int(self._pos["points"])
        popping = {index: track for index, track in self.plan.pips}
        label_size = max(12, int(self.s * 0.16))
        label = style.text_surface("Points", label_size, (236, 224, 200), True)
        surface.blit(label, label.get_rect(center=(self.pile_rect.centerx, rect.centery)))
        start_x = self.tray_rect.left + int(self.s * 0.12)
        avail = self.tray_rect.width - int(self.s * 0.24)
        pitch = min(self.s * 0.7, avail / max(1, target))
        start_x += int((avail - pitch * target) / 2)
        radius = int(min(pitch * 0.38, rect.height * 0.36))
        for i in range(target):
            cx = int(start_x + pitch * (i + 0.5))
            cy = rect.centery
            filled = i < points
            scale = 1.0
            if i in popping:
                track = popping[i]
                if not track.started(t):
                    filled = False
                elif not track.done(t):
                    scale = 0.6 + 0.4 * track.at(t)
            pygame.draw.circle(surface, (20, 30, 26), (cx, cy + 2), radius + 2)
            pygame.draw.circle(surface, (64, 52, 42), (cx, cy), radius + 1)
            if filled:
                r = max(2, int(radius * scale))
                pygame.draw.circle(surface, sprites.shade(ELEPHANT_COLOR, 0.6), (cx, cy), r)
                pygame.draw.circle(surface, ELEPHANT_COLOR, (cx - 1, cy - 1), r - 2)
            else:
                pygame.draw.circle(surface, (42, 34, 28), (cx, cy), radius - 1)
            if i == target - 1:
                pygame.draw.circle(surface, style.ACCENT_LIGHT, (cx, cy), radius + 3, 3)
            number = style.text_surface(
                str(i + 1),
                max(10, int(radius * 0.95)),
                (250, 240, 220) if filled else (150, 130, 110),
                i == target - 1,
            )
            surface.blit(number, number.get_rect(center=(cx, cy)))


def _mark_color(kind: str) -> tuple[int, int, int]:
    return {"step": MARK_STEP, "jump": MARK_JUMP, "run": MARK_RUN}.get(kind, MARK_COMPOUND)


def _mark_sprite(s: int, kind: str, color: tuple[int, int, int], hovered: bool) -> pygame.Surface:
    """One destination mark on a transparent tile-sized square (see ``_draw_mark``)."""
    grow = 1.15 if hovered else 1.0
    overlay = pygame.Surface((s, s), pygame.SRCALPHA)
    mid = (s // 2, s // 2)
    alpha = 230 if hovered else 190
    # a wash over the whole tile says "you can go here" at a glance, before the shape says how
    wash = overlay.get_rect().inflate(-max(4, s // 12), -max(4, s // 12))
    pygame.draw.rect(overlay, (*color, 70 if hovered else 48), wash, border_radius=max(4, s // 9))
    pygame.draw.rect(overlay, (*color, 150), wash, width=2, border_radius=max(4, s // 9))
    if kind == "step":
        pygame.draw.circle(overlay, (*color, alpha), mid, int(s * 0.16 * grow))
        pygame.draw.circle(overlay, (255, 255, 255, 200), mid, int(s * 0.16 * grow), 3)
    elif kind == "jump":
        pygame.draw.circle(overlay, (*color, alpha), mid, int(s * 0.33 * grow), max(3, s // 14))
    elif kind == "run":
        r = s * 0.2 * grow
        points = [(mid[0], mid[1] - r), (mid[0] + r, mid[1]), (mid[0], mid[1] + r), (mid[0] - r, mid[1])]
        pygame.draw.polygon(overlay, (*color, alpha), points)
        pygame.draw.polygon(overlay, (255, 255, 255, 160), points, 2)
    else:
        pygame.draw.circle(overlay, (*color, alpha), mid, int(s * 0.3 * grow), max(2, s // 20))
        pygame.draw.circle(overlay, (*color, alpha), mid, int(s * 0.12 * grow))
    return overlay


def _pulse(t: float) -> float:
    import math

    return math.sin(t * 4.0)


# ----------------------------------------------------------------------------------------------------
# demo matches (screenshots, smoke, bench)
# ----------------------------------------------------------------------------------------------------
def demo_match(stage: str = "mid") -> Match:
    """A deterministic match at ``stage``: "setup" (vs computer, elephant to place), "mid" (about ten
    turns played, tiles eaten and a farmer trampled) or "end" (finished)."""
    from game.match import AI, Match, Seat

    if stage == "setup":
        return Match(GAME_ID, {}, {ELEPHANT: Seat(), FARMERS: Seat(AI, "normal")})

    def set_up() -> Match:
        trial = Match(GAME_ID, {}, {ELEPHANT: Seat(), FARMERS: Seat(AI, "easy")})
        trial.play_text("@c2")
        trial.play_text("@a1,a4,b4,e1,f2,f4")
        return trial

    if stage == "mid":
        for seed in range(200):
            trial = set_up()
            if _play_random(trial, seed, 10) and trial.state.position()["captured"] >= 1 and not trial.over:
                return trial
        raise RuntimeError("no mid-game demo found")
    if stage == "end":
        for seed in range(200):
            trial = set_up()
            _play_random(trial, seed, 200)
            if trial.over and trial.state.position()["points"] >= 6:
                return trial
        raise RuntimeError("no finished demo found")
    raise ValueError(f"unknown demo stage '{stage}' (setup, mid, end)")


def _play_random(match: Match, seed: int, turns: int) -> bool:
    """Play ``turns`` turns of seeded random legal moves. True if all were played."""
    rng = random.Random(seed)
    for _ in range(turns):
        if match.over:
            return False
        player = match.state.to_move()[0]
        moves = list(match.state.legal_moves(player))
        match.submit(player, rng.choice(moves))
    return True
