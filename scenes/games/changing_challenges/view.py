"""Changing Challenges' board view: a see-saw of 15 lines on a fulcrum, with a sliding counterweight.

The board lies along the balance (see :mod:`.geometry`); above it a rail carries the counterweight
(7) from line 7 on one side to line 7 on the other, below it a gauge shows the moment against the
±49 limit at all times. This class keeps what the player is doing (the held piece, the open
merge-or-knock question, the animation of the last turn) and hands the work to its neighbours:
layout to :class:`~.geometry.Seesaw`, pictures to :mod:`.sprites` and :mod:`.scenery`, each frame
to :mod:`.painter`, the turn's animation to :mod:`.motion`, clicks' meaning to :mod:`.selection`
and words to :mod:`.texts`.

The view draws and maps clicks; every rule question (which moves, which captures may merge, where
a knocked piece is stored, the moment and counterweight after a move, why a click is illegal) is
answered by the game state (``moves_from``, ``effects``, ``balance_after``, ``check_move``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.changing_challenges import board as B
from game.changing_challenges.rules import ChangingChallengesState
from scenes.games.changing_challenges import painter, scenery, selection, teaching, texts
from scenes.games.changing_challenges.geometry import LIMIT, Seesaw, lean_for
from scenes.games.changing_challenges.motion import Plan, last_squares, plan_turn
from scenes.games.changing_challenges.selection import Choice, Option
from scenes.games.changing_challenges.sides import (
    CIR_COLOR,
    GAME_ID,
    SIDE_LOOKS,
    TRI_COLOR,
    TRIANGLES,
    side_of,
    title,
)
from scenes.games.changing_challenges.sprites import board_sprites, token_sprite
from scenes.games.changing_challenges.threats import centre_threats
from scenes.kit.board_view import BoardView, CursorPlace, Gesture, ViewAction, ViewButton

if TYPE_CHECKING:
    from game.core import GameState
    from game.match import Turn, ViewSource

LEVEL_EPSILON = 0.02
"""Degrees under which the board is drawn level: no rotation, so no resampling blur at rest."""


class ChangingChallengesView(BoardView):
    """The see-saw board: click a piece of yours to see where it may go (dots move, red rings
    knock out, gold rings may also merge), then a mark; a capture that may merge asks which."""

    game_id = GAME_ID

    def __init__(self, match: ViewSource[GameState], settings: Any = None) -> None:
        super().__init__(match, settings)
        self.geo = Seesaw()
        self.sprites: Mapping[str, pygame.Surface] = {}
        self.base: pygame.Surface | None = None
        self.stage: pygame.Surface | None = None
        self.selected: int | None = None
        self.options: list[Option] = []
        self.choice: Choice | None = None
        self.hover_sq: int | None = None
        self.plan = Plan()
        self.last_squares: frozenset[int] = last_squares(self.last_move)
        self._clock = 0.0
        self._rotated: tuple[Any, pygame.Surface, pygame.Rect] | None = None
        self._threats: tuple[GameState, dict[str, list[int]]] | None = None

    @property
    def cc(self) -> ChangingChallengesState:
        return self.state  # type: ignore[return-value]

    # -- the layout, as the scene and the tests read it --------------------------------------------------
    @property
    def s(self) -> int:
        """Side of a square in pixels."""
        return self.geo.s

    @property
    def gauge_rect(self) -> pygame.Rect:
        return self.geo.gauge_rect

    @property
    def crash_angle(self) -> float:
        """Degrees the board leans once tipped (its end on the floor)."""
        return self.geo.crash_angle

    def layout(self, rect: pygame.Rect) -> None:
        """Fit the see-saw, its fulcrum and the gauge into ``rect`` with room for the crash pose,
        then fetch the size's sprites (never per frame); the static pictures follow on next draw."""
        super().layout(rect)
        self.geo = Seesaw.fit(rect)
        self.sprites = board_sprites(self.geo.s)
        self.base = None
        self.stage = None
        self._rotated = None
        if self.choice is not None:
            self.choice = self._make_choice(self.choice.option)

    def square_rect(self, sq: int) -> pygame.Rect:
        """Square ``sq`` on screen while the board is level (the only time clicks are taken)."""
        return self.geo.square_rect(sq)

    def center(self, sq: int) -> tuple[int, int]:
        return self.geo.square_rect(sq).center

    def center_of(self, name: str) -> tuple[int, int]:
        return self.center(B.square_index(name))

    def focus_rect(self) -> pygame.Rect:
        return self.geo.focus_rect()

    # -- state and animation -----------------------------------------------------------------------------
    def set_state(self, state: GameState, animate_from: Turn | None = None) -> None:
        shown = self.lean_shown() if animate_from is not None else 0.0
        super().set_state(state, animate_from)
        self.selected, self.options, self.choice = None, [], None
        self._rotated = None
        self.last_squares = last_squares(self.last_move)
        if animate_from is not None and self.timeline.scale > 0:
            lean = (shown, self.resting_lean())  # eased during the turn, from the lean on screen
            self.plan = plan_turn(animate_from, self.cc, self.timeline, self.geo, lean)
        else:
            self.plan = Plan.resting(self.cc)
            if animate_from is not None:  # no animation, but the turn is still heard
                self.hear_turn(lambda tl: plan_turn(animate_from, self.cc, tl, self.geo))

    def angle(self) -> float:
        """Degrees clockwise the board leans now (right end down), from the plan's tracks, or the
        resting pose: level, or crashed when the game ended by tipping."""
        if not self.busy:
            moment = self.cc.moment
            if abs(moment) > LIMIT:
                return math.copysign(self.crash_angle, moment)
            return lean_for(moment) if self.leans() else 0.0
        return self.plan.angle_at(self.timeline.t)

    def leans(self) -> bool:
        """Whether the board leans a little during play: with the coach on (a setting), it shows
        how far the balance is from tipping each way (:func:`~.geometry.lean_for`)."""
        return bool(getattr(self.settings, "coach", False)) and not self.cc.over

    def resting_lean(self) -> float:
        """The coach's lean of the position shown, once the board rests (0 with the coach off, once
        the game is over, or past the limit, where the crash is the pose)."""
        moment = self.cc.moment
        return lean_for(moment) if self.leans() and abs(moment) <= LIMIT else 0.0

    def lean_shown(self) -> float:
        """The coach's part of the board's angle on screen now: mid-turn, where the turn's easing
        has it; at rest, the position's own. A new turn eases on from here."""
        if self.busy:
            return self.plan.lean_at(self.timeline.t)
        return self.resting_lean()

    def square_at(self, pos: tuple[int, int]) -> int | None:
        """The square under ``pos`` as the board is drawn now: on a leaning board the click is
        turned back to the level board first."""
        angle = self.angle()
        if abs(angle) >= LEVEL_EPSILON:
            pos = self.geo.to_level(pos, angle)
        return self.geo.square_at(pos)

    def counterweight_line(self) -> float:
        """Where the counterweight stands now (it slides while the board levels)."""
        if not self.busy:
            return self.cc.counterweight
        return self.plan.counterweight_at(self.timeline.t)

    def gauge_moment(self) -> float:
        """The moment the gauge shows now: it swings with the tilt, once the piece has landed."""
        if not self.busy:
            return self.cc.moment
        return self.plan.moment_at(self.timeline.t)

    # -- input ------------------------------------------------------------------------------------------
    def hover(self, pos: tuple[int, int] | None) -> None:
        super().hover(pos)
        self.hover_sq = self.square_at(pos) if pos is not None else None

    def cancel(self) -> bool:
        """Esc / right click: first close the merge question (the piece stays picked up), then
        put the piece down."""
        if self.choice is not None:
            self.choice = None
            return True
        had = self.selected is not None
        self.selected = None
        self.options = []
        return had

    def options_from(self, sq: int) -> list[Option]:
        """The piece on ``sq``'s destinations, from the engine's own move list."""
        return selection.options_from(self.cc, sq)

    def destinations(self) -> dict[str, str]:
        """Destination square name → its mark ("move", "knock", or "merge": may also merge)."""
        return {B.square_name(o.to): o.kind for o in self.options}

    def handle_click(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        if player is None:
            return ViewAction.nothing()
        if self.choice is not None:
            hit = self.choice.hit(pos)
            if hit is not None:
                return self._decide(player, hit)
            self.choice = None  # a click elsewhere closes the question and counts as usual
        sq = self.square_at(pos)
        if sq is None:
            if self.cancel():
                return ViewAction.hint("Piece put down.")
            return ViewAction.nothing()
        if self.selected is not None:
            option = next((o for o in self.options if o.to == sq), None)
            if option is not None:
                return self._choose(player, option)
        piece = self.cc.at(sq)
        if piece is not None and piece["owner"] == player:
            return self._pick_up(sq, piece)
        if self.selected is not None:
            action, legal = selection.explain(self.cc, player, self.selected, sq)
            if legal:
                self.cancel()  # the engine allows it after all: play what it understood
            return action
        if piece is not None:
            return ViewAction.refuse(
                f"That is a {piece['owner']} {piece['kind']} — you play {title(player)}."
            )
        return ViewAction.refuse(f"Click one of your {title(player)} first, then where it should go.")

    def _pick_up(self, sq: int, piece: dict[str, Any]) -> ViewAction:
        """A click on one of the player's own pieces: pick it up, put it down, or say why not."""
        name = B.square_name(sq)
        if not B.IS_PLAYABLE[sq]:
            self.cancel()
            return ViewAction.refuse(
                f"The {piece['kind']} on {name} is in storage: stored pieces stay there."
            )
        if sq == self.selected:
            self.cancel()
            return ViewAction.hint("Piece put down.")
        self.selected = sq
        self.options = self.options_from(sq)
        if not self.options:
            self.selected = None
            return ViewAction.refuse(f"The {piece['kind']} on {name} has no legal move — try another piece.")
        return ViewAction.hint(selection.selection_hint(self.cc, sq, self.options))

    def _choose(self, player: str, option: Option) -> ViewAction:
        if option.kind == "merge":
            self.choice = self._make_choice(option)
            return ViewAction.hint(self.choice.caption[:-1] + ": merge or knock out?")
        move = option.plain_move()
        self.cancel()
        return ViewAction.play(player, move)

    def _make_choice(self, option: Option) -> Choice:
        return selection.make_choice(self.cc, option, self.square_rect(option.to), self.rect, self.s)

    def _decide(self, player: str, hit: str) -> ViewAction:
        choice = self.choice
        if choice is None or hit not in ("merge", "knock"):
            return ViewAction.nothing()  # a click on the popover's caption: keep asking
        move = choice.option.moves[hit]
        self.choice = None
        self.cancel()
        message = "Merged." if hit == "merge" else None
        return ViewAction.play(player, move, message)

    def buttons(self, player: str | None) -> list[ViewButton]:
        """While a capture may merge, the two answers are side-panel buttons too."""
        if player is None or self.choice is None:
            return []
        return [
            ViewButton("merge", "Merge", f"{self.choice.merge_label}: your piece climbs on top (M)", True),
            ViewButton("knock", "Knock out", "Send the piece to its owner's storage (K)"),
        ]

    def handle_key(self, key: int, text: str, player: str) -> ViewAction | None:
        """M merges and K knocks out while a capture asks which (when the scene forwards keys)."""
        if self.choice is None:
            return None
        if key == pygame.K_m:
            return self._decide(player, "merge")
        if key in (pygame.K_k, pygame.K_x):
            return self._decide(player, "knock")
        return None

    def claims_key(self, key: int) -> bool:
        """While the merge question is open, M means "merge", not the app's mute."""
        return self.choice is not None and key in (pygame.K_m, pygame.K_k, pygame.K_x)

    def press(self, key: str, player: str | None) -> ViewAction:
        if player is None or self.choice is None or key not in ("merge", "knock"):
            return ViewAction.nothing()
        return self._decide(player, key)

    # -- teaching: where squares are, which clicks make a move (see :mod:`.teaching`) -------------------
    def square_center(self, name: str) -> tuple[int, int] | None:
        return teaching.square_center(self.geo, self.angle(), name)

    def gestures_for(self, player: str, move_text: str) -> list[Gesture] | None:
        """The clicks of :func:`teaching.move_gestures`; on a leaning board each click on a square is
        moved to where that square is drawn (the merge question's popover stands level)."""
        made: list[Choice] = []

        def make(option: Option) -> Choice:
            made.append(self._make_choice(option))
            return made[-1]

        gestures = teaching.move_gestures(
            self.cc, player, move_text, self.geo, self.selected, self.choice, make
        )
        angle = self.angle()
        if gestures is None or abs(angle) < LEVEL_EPSILON:
            return gestures
        level = [c.rect for c in made] + ([self.choice.rect] if self.choice is not None else [])
        return [
            replace(g, pos=self.geo.tilted(g.pos, angle))
            if g.kind == "click" and not any(r.collidepoint(g.pos) for r in level)
            else g
            for g in gestures
        ]

    def cursor_places(self, player: str | None) -> list[CursorPlace]:
        """Every square of the level deck, storage too; while a capture asks "merge or knock out?",
        only the question's two answers (Esc closes it, as the mouse's click elsewhere does)."""
        if self.choice is not None:
            choice = self.choice
            return [CursorPlace("merge", choice.merge_rect), CursorPlace("knock", choice.knock_rect)]
        return [CursorPlace(B.square_name(sq), self.square_rect(sq)) for sq in range(B.SIZE)]

    # -- texts ------------------------------------------------------------------------------------------
    def centre_threats(self) -> dict[str, list[int]]:
        """Per player: centre-line squares their king could step onto *safely* and so win, were it
        their move. Asked every frame (banner, board), so worked out once per position."""
        state = self.cc
        if self._threats is None or self._threats[0] is not state:
            self._threats = (state, centre_threats(state))
        return self._threats[1]

    def prompt(self, player: str) -> str:
        choosing = self.choice is not None
        threats = {} if choosing else self.centre_threats()
        return texts.prompt(player, threats, choosing, self.selected is not None)

    def status_extra(self) -> str:
        """The balance in words for the banner: the moment and which way the counterweight sits."""
        return texts.status_line(self.cc, wide=self.rect.width >= 800)

    def player_summary(self, player: str) -> str:
        return texts.player_summary(self.cc, player)

    def result_details(self) -> str:
        return texts.result_details(self.cc)

    def turn_note(self, turn: Turn) -> str:
        return texts.turn_note(turn)

    def player_color(self, player: str) -> tuple[int, int, int]:
        return TRI_COLOR if player == TRIANGLES else CIR_COLOR

    def make_player_token(self, player: str, size: int) -> pygame.Surface | None:
        shape, color = SIDE_LOOKS[side_of(player)]
        return token_sprite(max(8, int(size * 0.96)), shape, color)

    # -- drawing ----------------------------------------------------------------------------------------
    def pulsing(self) -> bool:
        """A king that could win on the centre line next pulses."""
        return any(self.centre_threats().values())

    def update(self, dt: float) -> None:
        super().update(dt)
        self._clock += dt

    def prepare_scenery(self) -> None:
        if self.sprites:
            geo = self.geo
            if self.base is None:
                self.base = scenery.build_deck(geo)
            if self.stage is None:
                self.stage = scenery.build_stage(geo)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.sprites:
            return
        self.prepare_scenery()
        assert self.stage is not None
        geo = self.geo
        surface.blit(self.stage, self.rect.topleft)
        preview = self._preview()
        angle = self.angle()
        if abs(angle) < LEVEL_EPSILON:
            surface.blit(self._compose(preview), geo.deck_pos)
        else:
            self._blit_rotated(surface, angle, preview)
        painter.draw_pin(surface, geo)
        painter.draw_dust(surface, geo, self.plan, self.timeline.t, self.timeline.scale)
        painter.draw_gauge(surface, geo, self.gauge_moment(), preview[0] if preview else None)
        if self.choice is not None and not self.busy:
            painter.draw_choice(surface, geo, self.choice, self.hover_pos)

    def _compose(self, preview: tuple[int, float] | None) -> pygame.Surface:
        """The deck as it looks level now (see :func:`painter.compose_deck`)."""
        assert self.base is not None
        frame = painter.DeckFrame(
            state=self.cc,
            plan=self.plan,
            t=self.timeline.t,
            busy=self.busy,
            selected=self.selected,
            hover_sq=self.hover_sq,
            options=self.options,
            last_squares=self.last_squares,
            threats=self.centre_threats(),
            clock=self._clock,
            counterweight=self.counterweight_line(),
            preview=preview,
        )
        return painter.compose_deck(self.base, self.geo, self.sprites, frame)

    def _blit_rotated(self, surface: pygame.Surface, angle: float, preview: tuple[int, float] | None) -> None:
        """The deck turned ``angle`` degrees clockwise about the fulcrum's apex. The resting crash
        pose is cached (nothing on it changes); a tilt in motion is rotated frame by frame."""
        key = (
            id(self.state),
            round(angle, 3),
            self.geo.deck_size,
            self.selected,
            self.hover_sq,
            tuple(o.to for o in self.options),
            preview,
        )  # what the deck shows: a leaning board at rest is turned again only when it changes
        if not self.busy and self._rotated is not None and self._rotated[0] == key:
            _, image, rect = self._rotated
            surface.blit(image, rect)
            return
        image = pygame.transform.rotozoom(self._compose(preview), -angle, 1.0)
        centre = self.geo.deck_center(angle)
        rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
        surface.blit(image, rect)
        if not self.busy and not self.pulsing():
            self._rotated = (key, image, rect)

    def _preview(self) -> tuple[int, float] | None:
        """(moment, counterweight) after the hovered destination's move, for the ghost pointer
        and ghost counterweight; a capture that may merge previews the knock."""
        if self.busy or self.selected is None or self.hover_sq is None or self.choice is not None:
            return None
        option = next((o for o in self.options if o.to == self.hover_sq), None)
        if option is None:
            return None
        return self.cc.balance_after(option.plain_move())
