"""Nelaxtam's board view: an island of territory tiles in the sea, two armies of numbered troops.

Both players act every turn, in secret. The view keeps each human's half-made invasion or orders (a
*draft*, in :mod:`.controls`) and shows it only to its owner, exactly like Elasta's chips: the acting
human sees their own troops and arrows, a sealed order of the other side is never drawn, and the
hot-seat curtain of the shared match scene covers the hand-over.

Every rule question (where a troop may go, why an order is illegal, what a turn did) is answered by
``game/nelaxtam``: ``orders_for``, ``order_target``, ``why_illegal`` / ``check_move`` and the turn's
:class:`~game.nelaxtam.rules.TurnReport`, which :mod:`.plan` replays in the rules' own order.

The class here is the seam between the match scene and those parts: it decides what the viewer may
see (:meth:`NelaxtamView.drawn_troops`, :meth:`~NelaxtamView.shown_orders`) and who may act, and
delegates the rest — layout to :mod:`.layout`, input to :mod:`.controls`, pixels to :mod:`.painter`
and :mod:`.roster`, words to :mod:`.wording`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.nelaxtam import rules as R
from scenes.games.nelaxtam import teach, wording
from scenes.games.nelaxtam.controls import Controls, Mark
from scenes.games.nelaxtam.hint_marks import move_marks
from scenes.games.nelaxtam.layout import TableLayout
from scenes.games.nelaxtam.painter import Frame, IslandPainter
from scenes.games.nelaxtam.palette import CARD_COLOR, DEAD, GAME_ID, LABEL, PLAYERS, TROOP_STYLE, TROOPS
from scenes.games.nelaxtam.plan import INVASION, ORDERS, Plan, plan_turn
from scenes.games.nelaxtam.roster import RosterCard, draw_roster, head_token_size
from scenes.games.nelaxtam.sprites import troop_sprite
from scenes.kit import style
from scenes.kit.board_view import BoardView, CursorPlace, Gesture, GridGeometry, ViewAction, ViewButton

if TYPE_CHECKING:
    from game.core import GameState, Move
    from game.match import Turn, ViewSource
    from game.nelaxtam.rules import NelaxtamState
    from scenes.kit.marks import Marks


class NelaxtamView(BoardView):
    """The Nelaxtam island: the board in a wooden frame, Black's army roster on the left and White's
    on the right. Invasion: click own squares to land troops 1..5 in order. Orders: click a troop,
    then a marked diagonal square (move) or enemy piece (destroy); Confirm seals them."""

    game_id = GAME_ID

    def __init__(self, match: ViewSource[GameState], settings: Any = None) -> None:
        super().__init__(match, settings)
        self.n = self.nel.size
        self.table = TableLayout.unplaced(self.n)
        self.painter: IslandPainter | None = None
        self.controls = Controls(self.counter_text)
        self.plan = Plan()
        self._clock = 0.0

    @property
    def nel(self) -> NelaxtamState:
        return self.state  # type: ignore[return-value]

    # -- the layout's sizes, under the names the scene and the tests know -----------------------------------
    @property
    def geo(self) -> GridGeometry:
        return self.table.grid

    @property
    def s(self) -> int:
        return self.table.s

    @property
    def frame_rect(self) -> pygame.Rect:
        return self.table.frame

    @property
    def roster_rects(self) -> dict[str, pygame.Rect]:
        return self.table.rosters

    @property
    def slot_rects(self) -> dict[str, list[pygame.Rect]]:
        return self.table.slots

    @property
    def token_size(self) -> int:
        return self.table.token_size

    # -- the human's drafts (kept by the controls) ----------------------------------------------------------
    @property
    def drafts(self) -> dict[str, list[int]]:
        return self.controls.drafts

    @property
    def orders(self) -> dict[str, dict[int, int]]:
        return self.controls.orders

    @property
    def selected(self) -> int | None:
        return self.controls.selected

    @selected.setter
    def selected(self, troop: int | None) -> None:
        self.controls.selected = troop

    def draft(self, player: str) -> list[int]:
        return self.controls.draft(player)

    # -- layout -------------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Fit the table into ``rect`` and start a painter for it: the old pictures and caches belong
        to the old size."""
        super().layout(rect)
        self.table = TableLayout.fit(rect, self.n)
        self.painter = IslandPainter(self.table, self.rect)

    # -- positions (public: the tests drive the board with them) -------------------------------------------
    def square_rect(self, sq: int) -> pygame.Rect:
        return self.table.square_rect(sq)

    def square_center(self, name: str) -> tuple[int, int] | None:
        return teach.square_center(self, name)

    def gestures_for(self, player: str, move_text: str) -> list[Gesture] | None:
        """The clicks and the Confirm press that seal ``move_text`` (see :mod:`.teach`)."""
        return teach.gestures_for(self, player, move_text)

    def cursor_places(self, player: str | None) -> list[CursorPlace]:
        """Landings, troops and their targets are all squares of the island."""
        return self.table.grid.places()

    def square_at(self, pos: tuple[int, int]) -> int | None:
        return self.table.square_at(pos)

    # -- state ----------------------------------------------------------------------------------------------
    def set_state(self, state: GameState, animate_from: Turn | None = None) -> None:
        changed = state is not self.state
        super().set_state(state, animate_from)
        if changed:  # a new position (reveal, undo, load): every half-made order belongs to the past
            self.controls.forget()
        self.selected = None
        self.plan = Plan()
        if animate_from is not None and self.timeline.scale > 0:
            self.plan = plan_turn(animate_from, self.timeline)
        elif animate_from is not None:  # no animation, but the turn is still heard
            self.hear_turn(lambda tl: plan_turn(animate_from, tl))

    @property
    def animating(self) -> bool:
        return self.busy and self.plan.kind != ""

    # -- what is drawn now (public: tests compare it with the engine) ---------------------------------------
    def drawn_territory(self) -> tuple[int, int]:
        """The pieces on screen now, as bit sets (Black's, White's): the state's at rest; during a
        resolution the pieces before the turn minus those that have already sunk or crumbled."""
        if self.animating:
            shown = self.plan.territory_at(self.timeline.t)
            if shown is not None:
                return shown
        return self.nel.territory  # type: ignore[no-any-return]

    def drawn_troops(self) -> dict[str, tuple[int, ...]]:
        """Where each side's troops 1..5 stand on screen now (DEAD: none drawn): during a resolution
        the square a marching troop has reached, a fallen troop gone once its fall is over."""
        if self.animating:
            shown = self.plan.troops_at(self.timeline.t)
            if shown is not None:
                return shown
        state = self.nel
        if state.phase == R.PHASE_INVASION:
            return {p: self._shown_placement(p) for p in PLAYERS}
        return {p: state.troops[i] for i, p in enumerate(PLAYERS)}

    def _shown_placement(self, player: str) -> tuple[int, ...]:
        """The invasion troops of ``player`` the viewer may see: their own draft or sealed order."""
        if not self._shows(player):
            return (DEAD,) * TROOPS
        pending = self.match.pending.get(player)
        if isinstance(pending, tuple):
            return pending
        return tuple(self.draft(player))

    def shown_orders(self, player: str) -> dict[int, int]:
        """The orders of ``player`` drawn now (troop -> code): the viewer's own draft or sealed
        orders; during a reveal everyone's; never a hidden player's, never the computer's."""
        if self.animating and self.plan.kind == ORDERS:
            return self.plan.revealed_orders(player)
        if self.nel.phase != R.PHASE_ORDERS or not self._shows(player):
            return {}
        pending = self.match.pending.get(player)
        if isinstance(pending, tuple):
            return {t + 1: c for t, c in enumerate(pending) if c}
        return dict(self.orders.get(player, {}))

    def shown_score(self) -> dict[str, int]:
        """The score as drawn: the old one until the resolution reaches its score step."""
        if self.animating:
            old = self.plan.score_before(self.timeline.t)
            if old is not None:
                return old
        return self.nel.score()

    def sea_counter(self, player: str) -> tuple[int, int, int]:
        """(troops landed by sea, sea troops required, troops landed by air) of ``player``'s draft:
        edge landings count as sea until the requirement is met, the rest as air."""
        state = self.nel
        placed = [sq for sq in self._shown_placement(player) if sq >= 0]
        on_edge = sum(1 for sq in placed if state.geo.edge >> sq & 1)
        sea = min(on_edge, state.sea)
        return sea, state.sea, len(placed) - sea

    def counter_text(self, player: str) -> str:
        return " · ".join(wording.sea_air_parts(*self.sea_counter(player)))

    # -- input ----------------------------------------------------------------------------------------------
    def cancel(self) -> bool:
        """Right click or Esc: the selected troop's order is cleared and the troop let go."""
        return self.controls.cancel(self._actor())

    def handle_click(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        if player is None or self.busy:
            return ViewAction.nothing()
        return self.controls.click(self.nel, self.square_at(pos), player)

    def handle_key(self, key: int, text: str, player: str) -> ViewAction | None:
        """Enter confirms, Backspace takes the last troop or order back, 1-5 pick a troop, R lands the
        rest of the army at random."""
        if self.busy:
            return None
        return self.controls.key(self.nel, key, text, player)

    def move_marks(self, player: str, move: Move) -> Marks:
        """Landings ringed; each order an arrow from its troop (see :mod:`.hint_marks`)."""
        return move_marks(self.nel, player, move)

    def secret_task(self, player: str) -> tuple[str, str]:
        if self.nel.phase == R.PHASE_INVASION:
            return "chooses where the troops land", "landing squares"
        return "gives the orders", "orders"

    def buttons(self, player: str | None) -> list[ViewButton]:
        if player is None or self.busy:
            return []
        return self.controls.buttons(self.nel, player, compact=self.rect.width < 800)

    def press(self, key: str, player: str | None) -> ViewAction:
        if player is None or self.busy:
            return ViewAction.nothing()
        return self.controls.press(self.nel, key, player)

    # -- texts ----------------------------------------------------------------------------------------------
    def prompt(self, player: str) -> str:
        return self.controls.prompt(self.nel, player)

    def status_extra(self) -> str:
        state = self.nel
        if state.phase == R.PHASE_INVASION:
            viewer = self.viewer()
            if viewer is not None and self._shows(viewer) and not self.busy:
                return self.counter_text(viewer)
            return "Invasion"
        turn = state.turn if state.over or self.busy else state.turn + 1
        text = f"Turn {turn}"
        if state.calm >= R.CALM_LIMIT - 5 and not state.over:
            text += f" · calm {state.calm}/{R.CALM_LIMIT}"
        return text

    def player_summary(self, player: str) -> str:
        return f"{self.shown_score()[player]} pieces"

    def result_details(self) -> str:
        state = self.nel
        score = state.score()
        return f"Pieces held: Black {score[R.BLACK]}, White {score[R.WHITE]}  ·  {state.turn} turns"

    def turn_note(self, turn: Turn) -> str:
        return wording.turn_note(turn)

    def player_color(self, player: str) -> tuple[int, int, int]:
        return CARD_COLOR.get(player, (128, 128, 128))

    def make_player_token(self, player: str, size: int) -> pygame.Surface | None:
        return troop_sprite(max(8, int(size * 0.96)), player, None) if player in TROOP_STYLE else None

    def focus_rect(self) -> pygame.Rect:
        return self.frame_rect

    def _status(self, player: str) -> str:
        """A roster's foot outside the invasion draft: where that side is in the turn."""
        acting = "ordering" if self.nel.phase == R.PHASE_ORDERS else "invading"
        return self.seat_status(player, acting, "waiting")

    # -- drawing --------------------------------------------------------------------------------------------
    def pulsing(self) -> bool:
        """During the invasion the free coast and the next troop to place pulse."""
        return self.nel.phase == R.PHASE_INVASION and self._actor() is not None

    def update(self, dt: float) -> None:
        super().update(dt)
        self._clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        if self.painter is None:
            return
        frame = self._frame()
        self.painter.draw(surface, frame)
        for player in PLAYERS:
            card = self._roster_card(player, frame)
            draw_roster(surface, self.table, self.painter.sprites, card, self.nel.geo, self._clock)

    def _frame(self) -> Frame:
        """What the island shows now, the viewer's secrets applied."""
        actor = self._actor()
        marks: list[Mark] = []
        if actor is not None and not self.busy:
            hovered = self.square_at(self.hover_pos) if self.hover_pos is not None else None
            marks = self.controls.marks(self.nel, actor, hovered, self._clock)
        record = None
        if not self.busy and self.last_move is not None and self.nel.phase != R.PHASE_INVASION:
            report = getattr(self.last_move.after, "last_report", None)
            if report is not None and (report.destructions or report.moves):
                record = report
        return Frame(
            state=self.nel,
            plan=self.plan,
            t=self.timeline.t,
            clock=self._clock,
            animating=self.animating,
            territory=self.drawn_territory(),
            troops=self.drawn_troops(),
            orders={p: self.shown_orders(p) for p in PLAYERS},
            marks=marks,
            record=record,
            actor=actor,
            selected=self.selected,
        )

    def _roster_card(self, player: str, frame: Frame) -> RosterCard:
        """``player``'s roster as the viewer may see it: only their own draft, "sealed" for a sealed
        order, and the sea/air counter while the viewer drafts an invasion."""
        state = self.nel
        plan = self.plan
        landing = self.animating and plan.kind == INVASION
        invading = state.phase == R.PHASE_INVASION and not landing
        shows = self._shows(player)
        sealed = player in self.match.pending
        own_draft = invading and shows and not sealed
        next_troop = None
        if own_draft:
            draft = self.draft(player)
            next_troop = draft.index(DEAD) + 1 if DEAD in draft else None
        shown: Any = plan.before if self.animating and plan.before is not None else state
        if own_draft:
            foot, foot_color = wording.sea_air_parts(*self.sea_counter(player)), style.ACCENT_LIGHT
        else:
            status = self._status(player)
            foot, foot_color = ([status] if status else []), LABEL
        return RosterCard(
            player=player,
            token=self.player_token(player, head_token_size(self.s)),
            score=self.shown_score()[player],
            score_step=plan.score_progress(frame.t) if frame.animating else None,
            troops=frame.troops[player],
            orders=frame.orders[player],
            invading=invading,
            landing=landing,
            sealed=sealed,
            shows=shows,
            next_troop=next_troop,
            origins=shown.troops[PLAYERS.index(player)],
            holds_shown=shows and shown.phase == R.PHASE_ORDERS and not self.animating,
            foot=foot,
            foot_color=foot_color,
        )
