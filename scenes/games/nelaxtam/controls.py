"""The human's side of the Nelaxtam board: half-made moves, and what each click, key and button means.

Both players act every turn, in secret, so each human keeps a *draft* here — the squares their troops
will land on during the invasion, or their troops' orders afterwards — until Confirm seals it. The
view decides who may see a draft; this module only edits drafts and turns input into a
:class:`~scenes.kit.board_view.ViewAction` for the scene. Every rule question (where a troop may go,
why an order is illegal) is put to ``game/nelaxtam``: ``orders_for``, ``order_target``,
``why_illegal`` and ``check_move``; a refusal quotes the engine's reason.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.core import GameError
from game.nelaxtam import rules as R
from scenes.games.nelaxtam.geometry import order_code_towards
from scenes.games.nelaxtam.palette import BLACK, DEAD, PLAYERS, TROOPS
from scenes.games.nelaxtam.wording import (
    COLOUR_WORD,
    SHAPE_WORD,
    how,
    joined,
    options_text,
    orders_progress,
    title,
)
from scenes.kit.board_view import ViewAction, ViewButton, sentence

if TYPE_CHECKING:
    from game.nelaxtam.rules import NelaxtamState


class Mark(NamedTuple):
    """A hint drawn on a square under the troops: which sprite, where, and a fade (None: as drawn)."""

    sprite: str
    sq: int
    alpha: int | None = None


class Controls:
    """Each human's drafts and the selected troop, edited by clicks, keys and the panel's buttons.

    ``counter_text(player)`` is the view's sea/air counter of what ``player`` may be shown: the
    hints quote it, and only the view knows whose landing is secret."""

    def __init__(self, counter_text: Callable[[str], str]) -> None:
        self.drafts: dict[str, list[int]] = {}
        self.orders: dict[str, dict[int, int]] = {}
        self.selected: int | None = None
        self._counter_text = counter_text

    def draft(self, player: str) -> list[int]:
        """``player``'s invasion draft: the square of troops 1..5, DEAD for one still in hand."""
        return self.drafts.setdefault(player, [DEAD] * TROOPS)

    def forget(self) -> None:
        """A new position (reveal, undo, load): every half-made move belongs to the past."""
        self.drafts = {}
        self.orders = {}

    def cancel(self, actor: str | None) -> bool:
        """Right click or Esc: the selected troop's order is cleared and the troop let go."""
        if self.selected is None:
            return False
        if actor is not None:
            self.orders.get(actor, {}).pop(self.selected, None)
        self.selected = None
        return True

    # -- clicks -----------------------------------------------------------------------------------------
    def click(self, state: NelaxtamState, sq: int | None, player: str) -> ViewAction:
        """A click on square ``sq`` (None: off the island) by ``player``, who may act now."""
        if state.phase == R.PHASE_INVASION:
            return self._invasion_click(state, sq, player)
        return self._orders_click(state, sq, player)

    def _invasion_click(self, state: NelaxtamState, sq: int | None, player: str) -> ViewAction:
        if sq is None:
            return ViewAction.hint(how(state, player))
        p = PLAYERS.index(player)
        geo = state.geo
        draft = self.draft(player)
        name = geo.name(sq)
        if sq in draft:
            troop = draft.index(sq) + 1
            draft[troop - 1] = DEAD
            return ViewAction.hint(f"Troop {troop} picked up from {name} — click a square to land it again.")
        if DEAD not in draft:
            return ViewAction.refuse(
                "All five troops have landed — click one to pick it up, or press Confirm."
            )
        troop = draft.index(DEAD) + 1
        if not state.territory[p] >> sq & 1:
            return ViewAction.refuse(
                f"{name} is not yours: troops land on own {COLOUR_WORD[player]} "
                f"({SHAPE_WORD[player]}) squares."
            )
        on_edge = sum(1 for s in draft if s >= 0 and geo.edge >> s & 1)
        left_after = draft.count(DEAD) - 1
        if not geo.edge >> sq & 1 and on_edge + left_after < state.sea:
            return ViewAction.refuse(
                f"Troop {troop} must land on the marked coast: {state.sea} troops come by sea."
            )
        draft[troop - 1] = sq
        return ViewAction.hint(self._invasion_progress(state, player, f"Troop {troop} on {name}"))

    def _invasion_progress(self, state: NelaxtamState, player: str, lead: str) -> str:
        draft = self.draft(player)
        if DEAD in draft:
            return f"{lead} · next: troop {draft.index(DEAD) + 1} ({self._counter_text(player)})."
        why = state.why_illegal(player, tuple(draft))
        if why:
            return f"{lead} · {why}."
        return f"{lead} · all five landed — press Confirm (or Enter) to seal the invasion."

    def _orders_click(self, state: NelaxtamState, sq: int | None, player: str) -> ViewAction:
        if sq is None:
            self.selected = None
            return ViewAction.hint(how(state, player))
        troop_here = _own_troop_at(state, player, sq)
        mine = self.orders.setdefault(player, {})
        if self.selected is not None:
            troop = self.selected
            if troop_here == troop:  # clicked again: its order is cleared
                had = mine.pop(troop, None)
                self.selected = None
                said = f"Troop {troop}'s order cleared — it holds." if had else f"Troop {troop} let go."
                return ViewAction.hint(said)
            origin = state.troops[PLAYERS.index(player)][troop - 1]
            code = order_code_towards(state.geo, origin, sq)
            if code is not None:
                return self._give(state, player, troop, code)
            if troop_here is None:
                return ViewAction.refuse(
                    f"Troop {troop} moves one square diagonally or destroys the enemy piece one square "
                    "orthogonally away — click a marked square."
                )
        if troop_here is not None:
            self.selected = troop_here
            return ViewAction.hint(options_text(state, player, troop_here))
        enemy = PLAYERS[1 - PLAYERS.index(player)]
        return ViewAction.hint(
            f"Click one of your troops first ({title(player)}'s are the "
            f"{'shields' if player == BLACK else 'round tokens'}); {title(enemy)}'s cannot take your orders."
        )

    def _give(self, state: NelaxtamState, player: str, troop: int, code: int) -> ViewAction:
        """Set ``troop``'s order, asking the engine whether the whole order is still legal."""
        mine = self.orders.setdefault(player, {})
        trial = {} if state.quiet else dict(mine)
        trial[troop] = code
        why = state.why_illegal(player, state.make_orders(trial))
        if why:
            return ViewAction.refuse(sentence(why))
        replaced = [t for t in mine if t != troop] if state.quiet else []
        self.orders[player] = trial
        self.selected = None
        target = state.geo.name(state.order_target(player, troop, code))
        verb = "moves to" if code in R.MOVE_CODES else "destroys"
        lead = f"Troop {troop} {verb} {target}"
        if replaced:
            return ViewAction.hint(
                f"{lead} — quiet variant: one order a turn, troop {replaced[0]}'s is dropped."
            )
        return ViewAction.hint(orders_progress(state, player, len(self.orders.get(player, {})), lead))

    # -- keys and buttons -------------------------------------------------------------------------------
    def key(self, state: NelaxtamState, key: int, text: str, player: str) -> ViewAction | None:
        """Enter confirms, Backspace takes the last troop or order back, 1-5 pick a troop, R lands the
        rest of the army at random."""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.confirm(state, player)
        if key == pygame.K_BACKSPACE:
            if state.phase == R.PHASE_INVASION:
                draft = self.draft(player)
                placed = [t for t, sq in enumerate(draft) if sq >= 0]
                if not placed:
                    return ViewAction.hint("No troop has landed yet.")
                draft[placed[-1]] = DEAD
                return ViewAction.hint(f"Troop {placed[-1] + 1} picked up.")
            mine = self.orders.get(player, {})
            troop = self.selected if self.selected in mine else (max(mine) if mine else None)
            if troop is None:
                return ViewAction.hint("No order to take back.")
            del mine[troop]
            self.selected = None
            return ViewAction.hint(f"Troop {troop}'s order cleared — it holds.")
        if key == pygame.K_r and state.phase == R.PHASE_INVASION:
            return self.press(state, "random", player)
        digit = text if len(text) == 1 and text in "12345" else None
        if digit is not None and state.phase == R.PHASE_ORDERS:
            troop = int(digit)
            if state.troops[PLAYERS.index(player)][troop - 1] < 0:
                return ViewAction.refuse(f"Troop {troop} has fallen and cannot take orders.")
            self.selected = troop
            return ViewAction.hint(options_text(state, player, troop))
        return None

    def confirm(self, state: NelaxtamState, player: str) -> ViewAction:
        """Seal the draft as ``player``'s move, or say what is still missing (the engine's reason)."""
        if state.phase == R.PHASE_INVASION:
            draft = self.draft(player)
            missing = [str(t + 1) for t, sq in enumerate(draft) if sq < 0]
            if missing:
                word = "Troop" if len(missing) == 1 else "Troops"
                verb = "has" if len(missing) == 1 else "have"
                return ViewAction.refuse(
                    f"{word} {joined(missing)} {verb} not landed yet — click your squares."
                )
            move: tuple[int, ...] = tuple(draft)
        else:
            move = state.make_orders(self.orders.get(player, {}))
        try:
            state.check_move(player, move)
        except GameError as exc:
            return ViewAction.refuse_error(exc)
        self.selected = None
        return ViewAction.play(player, move)

    def buttons(self, state: NelaxtamState, player: str, compact: bool) -> list[ViewButton]:
        """The panel's commands now; ``compact``: the narrow panel fits two (R still lands at random)."""
        if state.phase == R.PHASE_INVASION:
            draft = self.draft(player)
            placed = sum(1 for sq in draft if sq >= 0)
            ready = placed == TROOPS and state.why_illegal(player, tuple(draft)) is None
            buttons = [
                ViewButton(
                    "clear", "Clear", "Pick every troop up again (Backspace takes one)", enabled=placed > 0
                ),
                ViewButton(
                    "random", "Random", "Land the troops still in hand at random (R)", enabled=placed < TROOPS
                ),
                ViewButton("confirm", "Confirm", "Seal this invasion (Enter)", primary=True, enabled=ready),
            ]
            if compact:
                del buttons[1]
            return buttons
        given = bool(self.orders.get(player))
        return [
            ViewButton("clear", "Clear", "Clear every order (Backspace clears one)", enabled=given),
            ViewButton(
                "confirm",
                "Confirm",
                "Seal these orders (Enter); troops without an order hold",
                primary=True,
            ),
        ]

    def press(self, state: NelaxtamState, key: str, player: str) -> ViewAction:
        if key == "confirm":
            return self.confirm(state, player)
        if key == "clear":
            self.selected = None
            if state.phase == R.PHASE_INVASION:
                self.drafts[player] = [DEAD] * TROOPS
                return ViewAction.hint("Every troop picked up again.")
            self.orders[player] = {}
            return ViewAction.hint("Every order cleared — all troops hold.")
        if key == "random" and state.phase == R.PHASE_INVASION:
            self.land_rest(state, player, random.Random())
            return ViewAction.hint(self._invasion_progress(state, player, "Troops landed at random"))
        return ViewAction.nothing()

    def land_rest(self, state: NelaxtamState, player: str, rng: random.Random) -> None:
        """Land every troop still in hand on a random free own square, on the coast first while the
        sea requirement is unmet — so a random landing is always one the engine accepts."""
        geo = state.geo
        draft = self.draft(player)
        own = state.territory[PLAYERS.index(player)]
        free_edge = [sq for sq in R.bits_of(own & geo.edge) if sq not in draft]
        free_any = [sq for sq in R.bits_of(own) if sq not in draft]
        rng.shuffle(free_edge)
        rng.shuffle(free_any)
        need = state.sea - sum(1 for sq in draft if sq >= 0 and geo.edge >> sq & 1)
        for t in range(TROOPS):
            if draft[t] >= 0:
                continue
            pool = free_edge if need > 0 else free_any
            sq = next(s for s in pool if s not in draft)
            draft[t] = sq
            if geo.edge >> sq & 1:
                need -= 1

    # -- what the human is told and shown ---------------------------------------------------------------
    def prompt(self, state: NelaxtamState, player: str) -> str:
        if state.phase == R.PHASE_INVASION:
            draft = self.draft(player)
            placed = sum(1 for sq in draft if sq >= 0)
            if placed == TROOPS:
                why = state.why_illegal(player, tuple(draft))
                if why:
                    return why + " — click a troop to pick it up"
                return "all five landed — press Confirm (or Enter); click a troop to pick it up"
            if placed:
                return f"land troop {draft.index(DEAD) + 1} of 5 — {self._counter_text(player)}"
            return how(state, player)
        if self.selected is not None:
            return options_text(state, player, self.selected)[:-1]
        given = len(self.orders.get(player, {}))
        if given:
            return orders_progress(state, player, given, f"{given} order{'s' if given != 1 else ''} given")
        return how(state, player)

    def marks(self, state: NelaxtamState, actor: str, hovered: int | None, clock: float) -> list[Mark]:
        """What to mark under the troops for ``actor``, in drawing order: during the invasion the
        free coast (pulsing while sea troops are still to land) and the hovered own square; during
        the orders the hovered troop, or the selected troop's options — a move already claimed by
        another troop faded, since two troops cannot share a square."""
        p = PLAYERS.index(actor)
        marks: list[Mark] = []
        if state.phase == R.PHASE_INVASION:
            draft = self.draft(actor)
            if state.sea > 0 and DEAD in draft:
                pulse = int(170 + 60 * math.sin(clock * 3))
                for sq in R.bits_of(state.territory[p] & state.geo.edge):
                    if sq not in draft:
                        marks.append(Mark("coast", sq, pulse))
            if hovered is not None and (state.territory[p] >> hovered & 1 or hovered in draft):
                marks.append(Mark("hover", hovered))
            return marks
        troops = state.troops[p]
        if self.selected is None:
            if hovered is not None and hovered in troops:
                marks.append(Mark("hover", hovered))
            return marks
        origin = troops[self.selected - 1]
        if origin < 0:
            return marks
        claimed = {
            state.order_target(actor, t, c)
            for t, c in self.orders.get(actor, {}).items()
            if c in R.MOVE_CODES and t != self.selected
        }
        for code in state.orders_for(actor, self.selected):
            if not code:
                continue
            target = state.order_target(actor, self.selected, code)
            if target == hovered:
                marks.append(Mark("hover", target))
            kind = "move" if code in R.MOVE_CODES else "target"
            marks.append(Mark(f"opt-{kind}-{actor}", target, 90 if target in claimed else None))
        return marks


def _own_troop_at(state: NelaxtamState, player: str, sq: int) -> int | None:
    troops = state.troops[PLAYERS.index(player)]
    return troops.index(sq) + 1 if sq >= 0 and sq in troops else None
