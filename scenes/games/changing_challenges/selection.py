"""Picking a piece up and putting it down: destinations, hints and the merge-or-knock question.

A capture that may merge is two moves ending on one square, so a click on that square cannot say
which is meant: the view opens a small popover over it (and side-panel buttons, and M / K keys).
This module turns engine answers into those options, texts and the popover's rectangles; the view
keeps which piece is held and which question is open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.changing_challenges import board as B
from game.core import GameError
from scenes.kit import style
from scenes.kit.board_view import ViewAction, cap

if TYPE_CHECKING:
    from game.changing_challenges.rules import ChangingChallengesState
    from game.core import Move


@dataclass(frozen=True)
class Option:
    """Where the selected piece may go, with the engine's move of each kind that ends there (a
    capture that may merge has both a "knock" and a "merge" move)."""

    to: int
    moves: dict[str, Move]

    @property
    def kind(self) -> str:
        """The mark to draw: "move", "knock" or "merge" (a capture that may also merge)."""
        if "merge" in self.moves:
            return "merge"
        return "knock" if "knock" in self.moves else "move"

    def plain_move(self) -> Move:
        """The move a single click means: the knock of a capture that may merge (merging is only
        ever chosen explicitly), else the one move there is."""
        return self.moves.get("knock") or self.moves.get("move") or next(iter(self.moves.values()))


@dataclass
class Choice:
    """The open merge-or-knock question for one capture, and where its popover sits on screen."""

    option: Option
    rect: pygame.Rect
    merge_rect: pygame.Rect
    knock_rect: pygame.Rect
    merge_label: str
    knock_label: str
    caption: str

    def hit(self, pos: tuple[int, int]) -> str | None:
        """What a click at ``pos`` touched: "merge", "knock", "inside" (the caption), or None."""
        if self.merge_rect.collidepoint(pos):
            return "merge"
        if self.knock_rect.collidepoint(pos):
            return "knock"
        return "inside" if self.rect.collidepoint(pos) else None


def options_from(state: ChangingChallengesState, sq: int) -> list[Option]:
    """The piece on ``sq``'s destinations, from the engine's own move list."""
    grouped: dict[int, dict[str, Move]] = {}
    for move in state.moves_from(sq):
        grouped.setdefault(move[1], {})[B.KIND_NAMES[move[2]]] = move
    return [Option(to, moves) for to, moves in grouped.items()]


def selection_hint(state: ChangingChallengesState, sq: int, options: list[Option]) -> str:
    """The banner line for a piece just picked up: what it is and what it can do."""
    piece = state.at(sq) or {"kind": "piece", "weight": 0}
    n = len(options)
    knocks = sum(1 for o in options if o.kind != "move")
    merges = sum(1 for o in options if o.kind == "merge")
    tail = f", {knocks} knock{'s' if knocks != 1 else ''}" if knocks else ""
    tail += ", may merge" if merges else ""
    return (
        f"{cap(piece['kind'])} ({piece['weight']}) on {B.square_name(sq)}: "
        f"{n} square{'s' if n != 1 else ''}{tail}."
    )


def explain(state: ChangingChallengesState, player: str, frm: int, to: int) -> tuple[ViewAction, bool]:
    """A click that is no marked destination: ask the engine why (the move it would be is a
    knock onto an enemy piece, a plain move otherwise). Returns the action and whether the move
    turned out legal after all (then it is played and the piece put down)."""
    target = state.board[to]
    enemy = target * B.SIGN[state.side] < 0 or (to == state.ep and abs(state.board[frm]) == B.PAWN)
    move = (frm, to, B.KNOCK if enemy else B.MOVE)
    try:
        state.check_move(player, move)
    except GameError as exc:
        return ViewAction.refuse_error(exc), False
    return ViewAction.play(player, move), True


def merge_texts(state: ChangingChallengesState, option: Option) -> tuple[str, str, str]:
    """(merge button, knock button, caption) for a capture that may merge."""
    fx = state.effects(option.moves["merge"])
    weight = fx["weight_after"]
    victim_sq = fx["captured"] if fx["captured"] is not None else option.to
    victim = state.at(victim_sq) or {"kind": "piece"}
    merge = f"Merge: {B.PIECE_NAMES.get(weight, 'piece')} {weight}"
    return merge, "Knock out", f"Take the {victim['kind']} on {B.square_name(victim_sq)}."


def popover_text_size(s: int) -> int:
    """The popover's button text size for square size ``s`` (the caption is one smaller)."""
    return max(12, int(s * 0.3))


def popover_pad(s: int) -> int:
    return max(8, s // 5)


def make_choice(
    state: ChangingChallengesState, option: Option, target: pygame.Rect, bounds: pygame.Rect, s: int
) -> Choice:
    """The popover over the captured square ``target`` (screen): a caption and two buttons, above
    the square unless that leaves ``bounds`` (then below), and kept inside ``bounds``."""
    merge, knock, caption = merge_texts(state, option)
    size = popover_text_size(s)
    pad = popover_pad(s)
    face = style.font(size, True)
    bw = max(face.size(merge)[0], face.size(knock)[0]) + 2 * pad
    bh = max(26, int(s * 0.72))
    cap_h = style.font(size - 1).get_linesize()
    w = max(2 * bw + 3 * pad, style.font(size - 1).size(caption)[0] + 2 * pad)
    h = pad + cap_h + pad // 2 + bh + pad
    rect = pygame.Rect(0, 0, w, h)
    rect.midbottom = (target.centerx, target.top - max(6, s // 6))
    if rect.top < bounds.top + 4:
        rect.midtop = (target.centerx, target.bottom + max(6, s // 6))
    rect.clamp_ip(bounds.inflate(-8, -8))
    inner_w = w - 3 * pad
    bw = inner_w // 2
    top = rect.top + pad + cap_h + pad // 2
    merge_rect = pygame.Rect(rect.left + pad, top, bw, bh)
    knock_rect = pygame.Rect(merge_rect.right + pad, top, inner_w - bw, bh)
    return Choice(option, rect, merge_rect, knock_rect, merge, knock, caption)
