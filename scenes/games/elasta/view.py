"""Elasta's board view: an 8 x 8 board, two chip trays, and the Battle Line as an elastic band.

Both players act every turn, in secret. The view keeps each human's half-made allotment (a *draft*)
and shows it only to its owner: the acting human sees their own chips face up, a sealed order of the
other side (pending in the match) lies face down in its slots, and the hot-seat curtain of the
shared :class:`~scenes.shell.match.scene.MatchScene` covers the hand-over. Chips are dragged from the tray
onto the files, placed click-by-click, or typed as eight digits.

Its signature animation is the reveal, built from the engine's own :class:`~game.elasta.rules.TurnReport`
(never re-deciding a rule): both rows of chips flip together, each file's winner lights up, the sticks
slide one square, the band over-stretches (thin, in a warning colour, trembling) where neighbours are
more than two ranks apart, then snaps back round by round with an elastic overshoot, and a lost file
flashes at its ground line.

This class maps state to picture and input to intent, and decides what each player may see. Beside
it: where things are (:mod:`.layout`), the band's shape (:mod:`.band`), the reveal's timing
(:mod:`.reveal`), the pictures (:mod:`.sprites`), the drawing (:mod:`.board_painter`,
:mod:`.chip_painter`), the draft's editing rules (:mod:`.allotment`), the words (:mod:`.texts`), what
the match record adds to the state (:mod:`.history`) and the demo matches (:mod:`.demo`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.core import GameError
from game.elasta import rules as R
from scenes.games.elasta import allotment as A
from scenes.games.elasta import board_painter, chip_painter, history, teach
from scenes.games.elasta import texts as T
from scenes.games.elasta.allotment import DRAG_START, Held
from scenes.games.elasta.hint_marks import allotment_marks, biggest_chips
from scenes.games.elasta.layout import TableLayout
from scenes.games.elasta.palette import CARD_COLOR, CHIP_STYLE, FILE_LETTERS, GAME_ID, PLAYERS, N
from scenes.games.elasta.reveal import Moment, Plan, lines_at, plan_turn
from scenes.games.elasta.sprites import Sprites, chip_sprite, sprite_set
from scenes.kit.board_view import (
    BoardView,
    CursorPlace,
    Gesture,
    GridGeometry,
    ViewAction,
    ViewButton,
    sentence,
)

if TYPE_CHECKING:
    from game.core import GameState, Move
    from game.elasta.rules import ElastaState
    from game.match import Turn, ViewSource
    from scenes.kit.marks import Marks


class ElastaView(BoardView):
    """The Elasta table: White's chip tray on the left and slot row below the board, Black's tray on
    the right and slot row above it, the band across the middle. Drag or click chips onto files (a
    chip dropped on an occupied slot swaps), or type eight digits; Confirm seals the allotment."""

    game_id = GAME_ID

    def __init__(self, match: ViewSource[GameState], settings: Any = None) -> None:
        super().__init__(match, settings)
        self.table = TableLayout.unplaced()
        self.sprites: Sprites = {}
        self.board_surface: pygame.Surface | None = None
        self.field = board_painter.FieldPainter()
        # input
        self.drafts: dict[str, list[int | None]] = {}
        self.cursor: dict[str, int] = {}
        self.token_draft: dict[str, int] = {}
        self.held: Held | None = None
        self.dragging = False
        self._press_pos: tuple[int, int] | None = None
        self._pressed = False
        self.drag_pos: tuple[int, int] | None = None
        # animation
        self.plan = Plan()
        self._clock = 0.0
        self._sealed_at: dict[str, float] = {}
        self._seen_pending: set[str] = set(match.pending)
        self.token_owner: dict[int, str] = {}
        self._compute_owners()

    @property
    def ela(self) -> ElastaState:
        return self.state  # type: ignore[return-value]

    # ------------------------------------------------------------------------------------------------
    # layout (the table's rectangles, public for the tests and the scene)
    # ------------------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Board, two slot rows (Black's above, White's below) and two side trays, all sized from one
        square so the table keeps its proportions at every window size."""
        super().layout(rect)
        self.table = TableLayout.fit(rect)
        self.sprites = sprite_set(self.table.s)
        self.board_surface = None
        self.field.reset()

    @property
    def s(self) -> int:
        return self.table.s

    @property
    def geo(self) -> GridGeometry:
        return self.table.geo

    @property
    def table_rect(self) -> pygame.Rect:
        return self.table.table_rect

    @property
    def frame_rect(self) -> pygame.Rect:
        return self.table.frame_rect

    def slot_center(self, player: str, file: int) -> tuple[int, int]:
        return self.table.slot_center(player, file)

    def tray_center(self, player: str, chip: int) -> tuple[int, int]:
        return self.table.tray_center(player, chip)

    def square_center(self, name: str) -> tuple[int, int] | None:
        return teach.square_center(self, name)

    def gestures_for(self, player: str, move_text: str) -> list[Gesture] | None:
        """The drags and the Confirm press that seal ``move_text`` (see :mod:`.teach`)."""
        return teach.gestures_for(self, player, move_text)

    def cursor_places(self, player: str | None) -> list[CursorPlace]:
        """The token goes on a square; chips are picked from the player's own tray and put on their
        own rail's files (two presses of Enter for one drag)."""
        if player is None:
            return []
        if self.ela.phase == R.PHASE_TOKEN:
            return self.geo.places()
        table = self.table
        trays = [CursorPlace(f"tray {chip}", rect) for chip, rect in enumerate(table.tray_slots[player])]
        rail = table.slot_rects[player]
        files = [CursorPlace(f"file {FILE_LETTERS[f]}", rect) for f, rect in enumerate(rail)]
        return trays + files

    # ------------------------------------------------------------------------------------------------
    # state
    # ------------------------------------------------------------------------------------------------
    def set_state(self, state: GameState, animate_from: Turn | None = None) -> None:
        changed = state is not self.state
        super().set_state(state, animate_from)
        if changed:  # a new position (reveal, undo, load): every half-made order belongs to the past
            self.drafts = {}
            self.cursor = {}
            self.token_draft = {}
        self.plan = Plan()
        self._seen_pending = set(self.match.pending)
        self._sealed_at = {}
        self._compute_owners()
        if animate_from is not None and self.timeline.scale > 0:
            self.plan = plan_turn(animate_from, self.timeline) or self.plan
        elif animate_from is not None:  # no animation, but the turn is still heard
            self.hear_turn(lambda tl: plan_turn(animate_from, tl))

    def _compute_owners(self) -> None:
        self.token_owner = history.token_owners(self.match.turns, self.state)

    def lines_at(self, t: float | None = None) -> list[float]:
        """The sticks as drawn at time ``t`` of the current reveal (the state's lines at rest)."""
        if self.plan.kind != "allot" or not self.busy:
            return [float(v) for v in self.ela.lines]
        return lines_at(self.plan, self.timeline.t if t is None else t)

    def draft(self, player: str) -> list[int | None]:
        return self.drafts.setdefault(player, [None] * N)

    def row(self, player: str) -> tuple[list[int | None], str]:
        """What the slot row shows at rest: (chips, how) with how in "face", "back", "ghost"."""
        pending = self.match.pending.get(player)
        if isinstance(pending, tuple):
            return list(pending), "face" if self._shows(player) else "back"
        if (
            self._shows(player)
            and self.ela.phase == R.PHASE_ALLOT
            and any(c is not None for c in self.draft(player))
        ):
            return list(self.draft(player)), "face"
        last = history.last_allotments(self.match.turns, self.state)
        if last is not None and player != self._actor():  # the acting player's rail stays clear
            return list(last[player]), "ghost"
        return [None] * N, "face"

    def tray_chips(self, player: str) -> list[int]:
        """Chips still in ``player``'s tray as drawn now."""
        if self.busy and self.plan.kind == "allot":
            return []
        if player in self.match.pending and self.ela.phase == R.PHASE_ALLOT:
            return []
        if self._shows(player) and self.ela.phase == R.PHASE_ALLOT:
            placed = {c for c in self.draft(player) if c is not None}
            return [c for c in range(N) if c not in placed]
        return list(range(N))

    # ------------------------------------------------------------------------------------------------
    # input
    # ------------------------------------------------------------------------------------------------
    def hover(self, pos: tuple[int, int] | None) -> None:
        super().hover(pos)
        if self.held is None or not self._pressed or pos is None or self._press_pos is None:
            return
        if self.dragging or math.dist(pos, self._press_pos) >= DRAG_START:
            self.dragging = True
            self.drag_pos = pos

    def cancel(self) -> bool:
        had = self.held is not None
        self.held = None
        self.dragging = False
        self._pressed = False
        self.drag_pos = None
        return had

    def handle_click(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        if player is None or self.busy:
            return ViewAction.nothing()
        if self.ela.phase == R.PHASE_TOKEN:
            return self._token_click(pos, player)
        hit = self.table.hit(pos)
        if hit is None:
            self.cancel()
            return ViewAction.hint(self._how(player))
        kind, owner, index = hit
        if owner is not None and owner != player:
            place = "tray" if kind == "tray" else "row"
            return ViewAction.refuse(
                f"That is {T.title(owner)}'s {place} — you allot {T.title(player)}'s chips "
                f"({T.where(player)})."
            )
        draft = self.draft(player)
        if self.held is not None:  # click-click: the chip in hand goes where this click says
            held = self.held
            if kind in ("slot", "file"):
                if held.source == "slot" and held.index == index:
                    self.cancel()
                    return ViewAction.hint("Chip put back down.")
                self.cancel()
                return self._place(player, held, index)
            if kind == "tray":
                if held.source == "slot":
                    self.cancel()
                    return self._to_tray(player, held)
                if held.index == index:
                    self.cancel()
                    return ViewAction.hint("Chip put back down.")
        if kind == "tray":
            if index not in self.tray_chips(player):
                return ViewAction.hint(f"Chip {index} is already on file {FILE_LETTERS[draft.index(index)]}.")
            self._pick(Held(player, "tray", index), pos)
            return ViewAction.hint(f"Chip {index}: drop it on a file, or click one.")
        chip = draft[index]
        if chip is not None:
            self._pick(Held(player, "slot", index), pos)
            return ViewAction.hint(
                f"Chip {chip} from file {FILE_LETTERS[index]}: drop it on another file to swap."
            )
        self.cancel()
        self.cursor[player] = index
        return ViewAction.hint(f"File {FILE_LETTERS[index]}: type a chip number, or drag a chip here.")

    def _pick(self, held: Held, pos: tuple[int, int]) -> None:
        self.held = held
        self.dragging = False
        self._pressed = True
        self._press_pos = pos
        self.drag_pos = pos

    def handle_release(self, pos: tuple[int, int], player: str | None) -> ViewAction:
        """A drag ends: drop on a file's slot or column (swapping with a chip there), or anywhere else
        to put it back in the tray. A press that never moved stays picked up (click-click)."""
        if not self._pressed:
            return ViewAction.nothing()
        self._pressed = False
        held = self.held
        if held is None or player is None or held.player != player:
            return ViewAction.nothing()
        if not self.dragging:
            return ViewAction.nothing()
        self.cancel()
        file = self.table.drop_file(pos, player)
        if file is not None:
            return self._place(player, held, file)
        if held.source == "slot":
            return self._to_tray(player, held)
        return ViewAction.hint("Drop a chip on one of the eight files.")

    def _place(self, player: str, held: Held, file: int) -> ViewAction:
        """Put the held chip on ``file``; an occupied slot swaps (or sends its chip back to the tray
        when the held chip came from the tray)."""
        chip = A.place(self.draft(player), held, file)
        if chip is None:
            return ViewAction.nothing()
        self.cursor[player] = self._first_empty(player)
        return ViewAction.hint(T.progress(self.draft(player), f"Chip {chip} on file {FILE_LETTERS[file]}"))

    def _to_tray(self, player: str, held: Held) -> ViewAction:
        """The chip picked from a slot goes back to the tray; typing resumes at the first gap."""
        draft = self.draft(player)
        chip = draft[held.index]
        draft[held.index] = None
        self.cursor[player] = self._first_empty(player)
        return ViewAction.hint(f"Chip {chip} back in the tray.")

    def _first_empty(self, player: str) -> int:
        return A.first_empty(self.draft(player))

    def _cursor(self, player: str) -> int:
        return self.cursor.get(player, self._first_empty(player))

    def handle_key(self, key: int, text: str, player: str) -> ViewAction | None:
        """Typing: digits 0-7 fill the files from the cursor on (a chip already placed moves),
        Backspace takes the last one back, arrows move the cursor, Enter confirms."""
        if self.busy:
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._confirm(player)
        if self.ela.phase != R.PHASE_ALLOT:
            return None
        digit = A.digit(key, text)
        draft = self.draft(player)
        if key == pygame.K_r:
            return self.press("random", player)
        if digit is not None:
            if digit >= N:
                return ViewAction.refuse(sentence(R.why_bad_allotment((digit,) * N) or ""))
            self.cancel()
            self.cursor[player] = A.type_digit(draft, self._cursor(player), digit)
            typed = "".join("_" if c is None else str(c) for c in draft)
            return ViewAction.hint(T.progress(draft, f"Allotment {typed}"))
        if key == pygame.K_BACKSPACE:
            self.cancel()
            target = A.take_back(draft, self._cursor(player))
            if target is None:
                return ViewAction.hint("Nothing to take back.")
            self.cursor[player] = target
            return ViewAction.hint(f"File {FILE_LETTERS[target]} is empty again.")
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            cursor = self._cursor(player)
            step = -1 if key == pygame.K_LEFT else 1
            self.cursor[player] = max(0, min(N - 1, (cursor if cursor < N else N - 1) + step))
            return ViewAction.hint(f"File {FILE_LETTERS[self.cursor[player]]}: type a chip number.")
        return None

    def _token_click(self, pos: tuple[int, int], player: str) -> ViewAction:
        square = self.geo.square_at(pos)
        if square is None:
            return ViewAction.hint(self._how(player))
        name = f"{R.FILES[square[0]]}{square[1] + 1}"
        try:
            move = self.ela.parse_move(player, name)
        except GameError as exc:
            return ViewAction.refuse_error(exc)
        if move == R.NO_TOKEN:
            return ViewAction.hint(self._how(player))
        if self.token_draft.get(player) == move:
            del self.token_draft[player]
            return ViewAction.hint("Token taken back — click another square of your territory.")
        self.token_draft[player] = int(move)
        return ViewAction.hint(f"Token on {name} — press Confirm (or Enter) to seal it.")

    def _confirm(self, player: str) -> ViewAction:
        state = self.ela
        if state.phase == R.PHASE_TOKEN:
            move = self.token_draft.get(player)
            if move is None:
                if state.can_place(player):
                    return ViewAction.refuse(
                        "Click a square of your territory first: that is where your token goes."
                    )
                move = R.NO_TOKEN
            try:
                state.check_move(player, move)
            except GameError as exc:
                return ViewAction.refuse_error(exc)
            return ViewAction.play(player, move)
        draft = self.draft(player)
        empty = [f for f, c in enumerate(draft) if c is None]
        if empty:
            verb = "is" if len(empty) == 1 else "are"
            return ViewAction.refuse(
                f"Every file needs a chip before you confirm: {T.files_text(empty)} {verb} empty."
            )
        allotment = tuple(int(c) for c in draft if c is not None)
        try:
            state.check_move(player, allotment)
        except GameError as exc:
            return ViewAction.refuse_error(exc)
        self.cancel()
        return ViewAction.play(player, allotment)

    def move_marks(self, player: str, move: Move) -> Marks:
        """An allotment's chips dragged from the tray to their files; a token's ring (see
        :mod:`.hint_marks`)."""
        if self.ela.phase == R.PHASE_ALLOT:
            return allotment_marks(self, player, move)
        return super().move_marks(player, move)

    def hint_marks(self, player: str, move: Move) -> Marks:
        """A suggested allotment shows where its 7 and 6 go; the status line lists every chip."""
        if self.ela.phase == R.PHASE_ALLOT:
            return biggest_chips(self, player, move)
        return super().hint_marks(player, move)

    def secret_task(self, player: str) -> tuple[str, str]:
        if self.ela.phase == R.PHASE_TOKEN:
            return "chooses a square to delete", "token"
        return "deals the chips", "chips"

    def buttons(self, player: str | None) -> list[ViewButton]:
        if player is None or self.busy:
            return []
        chosen = player in self.token_draft
        placed = 0 if self.ela.phase == R.PHASE_TOKEN else sum(c is not None for c in self.draft(player))
        return T.buttons(self.ela, player, chosen, placed, compact=self.rect.width < 800)

    def press(self, key: str, player: str | None) -> ViewAction:
        if player is None or self.busy:
            return ViewAction.nothing()
        if key == "confirm":
            return self._confirm(player)
        self.cancel()
        if key == "clear":
            if self.ela.phase == R.PHASE_TOKEN:
                self.token_draft.pop(player, None)
                return ViewAction.hint("Token taken back.")
            self.drafts[player] = [None] * N
            self.cursor[player] = 0
            return ViewAction.hint("All chips back in the tray.")
        if key == "random":
            A.deal_rest(self.draft(player))
            self.cursor[player] = N
            return ViewAction.hint(T.progress(self.draft(player), "Chips dealt at random"))
        return ViewAction.nothing()

    # ------------------------------------------------------------------------------------------------
    # texts
    # ------------------------------------------------------------------------------------------------
    def _how(self, player: str) -> str:
        return T.how(self.ela, player)

    def prompt(self, player: str) -> str:
        return T.prompt(self.ela, player, self.token_draft.get(player), self.draft(player))

    def status_extra(self) -> str:
        return T.status_extra(self.ela)

    def player_summary(self, player: str) -> str:
        return T.player_summary(self.ela, player)

    def result_details(self) -> str:
        return T.result_details(self.ela)

    def turn_note(self, turn: Turn) -> str:
        return T.turn_note(turn)

    def player_color(self, player: str) -> tuple[int, int, int]:
        return CARD_COLOR.get(player, (128, 128, 128))

    def make_player_token(self, player: str, size: int) -> pygame.Surface | None:
        return chip_sprite(max(8, int(size * 0.94)), player, None) if player in CHIP_STYLE else None

    def focus_rect(self) -> pygame.Rect:
        return self.frame_rect

    def _status(self, player: str) -> str:
        """What ``player`` is doing, for their name plate."""
        acting = "placing" if self.ela.phase == R.PHASE_TOKEN else "allotting"
        return self.seat_status(player, acting, "to choose")

    # ------------------------------------------------------------------------------------------------
    # drawing: this view decides what is seen (secrets, the hand); the painters draw it
    # ------------------------------------------------------------------------------------------------
    def pulsing(self) -> bool:
        """The viewer's secret token pulses on its square; sealed chips slide to the rail for a
        moment."""
        if any(self._sealing(player) is not None for player in self.match.game.players):
            return True
        viewer = self.viewer()
        return (
            self.ela.phase == R.PHASE_TOKEN
            and not self.ela.over
            and viewer is not None
            and self.token_draft.get(viewer) is not None
        )

    def update(self, dt: float) -> None:
        super().update(dt)
        self._clock += dt
        pending = set(self.match.pending)
        for player in pending - self._seen_pending:
            if self.match.seats[player].is_ai:  # the computer's chips slide face down onto its rail
                self._sealed_at[player] = self._clock
        self._seen_pending = pending

    def _moment(self) -> Moment:
        return Moment(self.plan, self.timeline.t, self.busy, self.timeline.scale, self._clock)

    def prepare_scenery(self) -> None:
        if self.sprites and self.board_surface is None:
            self.board_surface = board_painter.build_table(self.rect, self.table, self.sprites)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.sprites:
            return
        self.prepare_scenery()
        assert self.board_surface is not None
        surface.blit(self.board_surface, self.rect.topleft)
        moment = self._moment()
        self.field.draw(
            surface, self.table, self.sprites, moment, self.ela, self.lines_at(), self.token_owner
        )
        self._draw_token_choice(surface)
        board_painter.draw_end_flash(surface, self.table, moment, self.ela)
        for player in PLAYERS:
            self._draw_tray(surface, player)
            self._draw_row(surface, player, moment)
            self._draw_plate(surface, player)
        self._draw_held(surface)

    def _draw_token_choice(self, surface: pygame.Surface) -> None:
        """The viewer's secret token (a pulsing ghost) and, on hover, the square a click would take."""
        state = self.ela
        if state.phase != R.PHASE_TOKEN or self.busy or state.over:
            return
        viewer = self.viewer()
        if viewer is None:
            return
        sq = self.token_draft.get(viewer) if self._shows(viewer) else None
        hovered: tuple[int, int] | None = None
        actor = self._actor()
        if actor is not None and self.hover_pos is not None:
            square = self.geo.square_at(self.hover_pos)
            if square is not None:
                index = R.square(square[0], square[1] + 1)
                if index in state.territory(actor) and index != sq:
                    hovered = square
        board_painter.draw_token_choice(surface, self.table, self.sprites, hovered, sq, viewer, self._clock)

    def _interactive(self, player: str) -> bool:
        """Whether ``player``'s tray and row answer the pointer now."""
        return self._actor() == player and not self.busy and self.ela.phase == R.PHASE_ALLOT

    def _held_from(self, player: str, source: str) -> int | None:
        """The index (chip or file) of the chip in the hand if it is ``player``'s, from ``source``."""
        held = self.held
        if held is not None and held.player == player and held.source == source:
            return held.index
        return None

    def _sealing(self, player: str) -> float | None:
        """Progress 0..1 of the face-down chips sliding from the tray to the rail after ``player``
        sealed an order the viewer may not see (None when not sliding)."""
        start = self._sealed_at.get(player)
        if start is None or self._shows(player) or player not in self.match.pending:
            return None
        p = (self._clock - start) / 0.45
        if p >= 1:
            return None
        return max(0.0, p)

    def _draw_tray(self, surface: pygame.Surface, player: str) -> None:
        chips = self.tray_chips(player)
        hover = self.hover_pos if self._interactive(player) else None
        if self._sealing(player) is not None:  # the chips are on their way to the rail
            chips = []
        held = self._held_from(player, "tray")
        chip_painter.draw_tray(surface, self.table, self.sprites, player, chips, held, self.dragging, hover)

    def _draw_row(self, surface: pygame.Surface, player: str, moment: Moment) -> None:
        """The player's rail: the reveal's flipping chips, a draft, a sealed order (face up to its
        owner, face down to everyone else), or the last turn's chips faded."""
        if moment.revealing() and self.plan.report is not None:
            chip_painter.draw_reveal_row(surface, self.table, self.sprites, moment, player)
            return
        chips, how = self.row(player)
        sealing = self._sealing(player) if how == "back" else None
        held = self._held_from(player, "slot")
        chip_painter.draw_row(
            surface, self.table, self.sprites, player, chips, how, sealing, held, self.dragging
        )
        if self._interactive(player) and how in ("face", "ghost") and player not in self.match.pending:
            marks = chips if how == "face" else [None] * N
            pos = self.drag_pos if self.dragging else self.hover_pos
            target = self.table.drop_file(pos, player) if pos is not None else None
            cursor = self._cursor(player) if self.held is None else None
            chip_painter.draw_row_marks(
                surface,
                self.table,
                self.sprites,
                player,
                marks,
                target,
                self.held is not None,
                self.dragging,
                cursor,
                self._clock,
            )

    def _draw_held(self, surface: pygame.Surface) -> None:
        held = self.held
        if held is None or not self.dragging or self.drag_pos is None:
            return
        chip = held.index if held.source == "tray" else self.draft(held.player)[held.index]
        if chip is None:
            return
        chip_painter.blit_chip(
            surface, self.sprites, self.s, f"chip-{held.player}-{chip}", self.drag_pos, lift=self.s * 0.12
        )

    def _draw_plate(self, surface: pygame.Surface, player: str) -> None:
        rect = self.table.plate_rects.get(player)
        if rect is None:
            return
        state = self.ela
        token = self.player_token(player, max(10, int(self.s * 0.46)))
        tokens_left = state.tokens_of(player) if state.tokens else None
        chip_painter.draw_plate(
            surface, rect, self.s, token, T.title(player), self._status(player), tokens_left
        )
