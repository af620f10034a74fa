"""Everything the match screen draws around the board: the static chrome, the turn banner with its
thinking spinner, the player cards, the move list, and the hot-seat curtain.

The painter only reads the scene (through :class:`PaintedMatch`, so it cannot reach for more than
that) and keeps its own caches; the scene decides, the painter shows. New indicators (a hint marker,
a review cursor) belong here, not in the scene.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

import pygame

from scenes.kit import style
from scenes.kit.marks import Marks
from scenes.kit.view_host import Chrome, clipped
from scenes.shell.match.ending import draw_cheer
from scenes.shell.match.texts import mode_text

if TYPE_CHECKING:
    from game.core import GameState
    from game.match import Match
    from scenes.kit.board_view import BoardView
    from scenes.shell.match.computer import ComputerPlayer
    from scenes.shell.match.ending import EndBanner
    from scenes.shell.match.handoff import HandOff
    from scenes.shell.match.hint import HintAdvisor
    from scenes.shell.match.layout import MatchLayout
    from scenes.shell.match.moves import MoveList
    from scenes.shell.match.review import Review


SMALLEST_DETAIL = 13
"""The banner's detail line shrinks to this size before it takes a second line."""


def detail_lines(detail: str, size: int, width: int) -> tuple[list[str], int]:
    """The banner's detail as drawn: one line at ``size`` if it fits, else one line at a smaller
    size, else two lines at :data:`SMALLEST_DETAIL` (a turn's sentence must be read whole, so it
    is cut only if even two lines cannot hold it)."""
    for smaller in range(size, SMALLEST_DETAIL - 1, -1):
        if style.font(smaller).size(detail)[0] <= width:
            return [detail], smaller
    lines = style.wrap(detail, SMALLEST_DETAIL, width)
    if len(lines) > 2:
        lines = [lines[0], style.fit_text(" ".join(lines[1:]), SMALLEST_DETAIL, width)]
    return lines, SMALLEST_DETAIL


class PaintedMatch(Protocol):
    """What the painter needs from the match scene."""

    match: Match
    view: BoardView
    frame: MatchLayout
    moves: MoveList
    computer: ComputerPlayer
    hint: HintAdvisor
    handoff: HandOff
    review: Review
    clock: float
    end_dialog: EndBanner | None

    @property
    def moves_rect(self) -> pygame.Rect: ...

    @property
    def banner_words(self) -> pygame.Rect: ...

    def banner_texts(self) -> tuple[str, str, bool]: ...

    def input_player(self) -> str | None: ...

    def ai_to_move(self) -> str | None: ...

    def player_name(self, player: str) -> str: ...

    def draw_better(self, surface: pygame.Surface, view: BoardView) -> None: ...

    def draw_strip(self, surface: pygame.Surface) -> None: ...


class MatchPainter:
    """Draws one :class:`PaintedMatch` per frame. The chrome (backdrop, panel and banner cards, title)
    is built once per layout and window size, since it never changes during a match."""

    def __init__(self, scene: PaintedMatch) -> None:
        self.scene = scene
        self._chrome = Chrome(self._build_chrome)
        self._end_marks: tuple[GameState, Marks] | None = None
        """The finished position and the rings over its deciding squares, worked out once."""

    def forget_layout(self) -> None:
        """The layout changed: the chrome must be built again."""
        self._chrome.forget()

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        self._chrome.blit(surface)
        if scene.handoff.up_for is not None:
            self._draw_curtain(surface, scene.handoff.up_for)
            return
        review = scene.review.view if scene.review.active else None
        with clipped(surface, scene.frame.board):
            if review is not None:  # a past position: no hint or end marks, which are of the game now
                review.draw(surface)
                scene.draw_better(surface, review)  # an analysed move's better one
            else:
                scene.view.draw(surface)
                scene.hint.draw(surface, scene.view, scene.clock)
                self._draw_end_marks(surface)
        if review is not None:
            scene.review.draw_frame(surface, scene.frame.board)
            scene.draw_strip(surface)  # the analysis under the reviewed board
        self._draw_banner(surface)
        self._draw_cards(surface)
        if scene.end_dialog is not None:  # the result card, in the move list's place
            scene.end_dialog.draw(surface, self._draw_token, scene.frame.panel)
        scene.moves.draw(surface, scene.moves_rect, scene.match.turns, scene.frame.compact)
        room = pygame.Rect((0, 0), surface.get_size()).inflate(-8, -8)
        scene.moves.draw_card(surface, scene.match.turns, scene.frame.panel.left - 10, room)

    def _build_chrome(self, size: tuple[int, int]) -> pygame.Surface:
        """Everything static (backdrop, panel card, banner card): built once per layout."""
        frame, match = self.scene.frame, self.scene.match
        chrome = style.background(size).copy()
        style.panel(chrome, frame.panel, style.PARCHMENT, radius=14, border=style.WOOD)
        inner = frame.inner
        title_size = 24 if not frame.compact else 21
        title = style.fit_text(match.game.title, title_size, inner.width, bold=True)
        style.text(chrome, title, (inner.left, inner.top - 2), title_size, style.INK, bold=True)
        mode = style.fit_text(mode_text(match), 15, inner.width)
        style.text(
            chrome, mode, (inner.left, inner.top + (30 if not frame.compact else 26)), 15, style.INK_SOFT
        )
        style.panel(chrome, frame.banner, style.PARCHMENT, radius=14, border=style.WOOD)
        return chrome

    def _draw_end_marks(self, surface: pygame.Surface) -> None:
        """Once the game is over and the last move has landed, ring the squares that decided it (the
        game names them in its own notation, so any board can place them)."""
        scene = self.scene
        if not scene.match.over or scene.view.busy:
            return
        if self._end_marks is None or self._end_marks[0] is not scene.match.state:
            end = scene.match.state.describe_end()
            self._end_marks = (scene.match.state, Marks(rings=list(end.squares) if end else []))
        self._end_marks[1].draw(surface, scene.view, scene.clock)

    # -- banner ---------------------------------------------------------------------------------------
    def _banner_player(self) -> str | None:
        """Whose token the banner shows: the side acting (or just animated), the winner at the end."""
        scene = self.scene
        match, view = scene.match, scene.view
        if scene.review.active:  # the side that made the move shown
            turn = scene.review.turn
            return next(iter(turn.moves), None) if turn is not None else None
        acting = scene.input_player() or scene.ai_to_move()
        if view.busy and view.last_move is not None:
            acting = next(iter(view.last_move.moves), acting)
        elif acting is None and match.awaiting():
            acting = match.awaiting()[0]
        if match.over and match.outcome is not None:
            acting = match.outcome.winner
        return acting

    def _draw_banner(self, surface: pygame.Surface) -> None:
        scene = self.scene
        rect, compact = scene.banner_words, scene.frame.compact
        headline, detail, error = scene.banner_texts()
        acting = self._banner_player()
        x = rect.left + 16
        token_size = rect.height - 24
        if acting is not None:
            self._draw_token(surface, acting, (x + token_size // 2, rect.centery), token_size)
            computer = scene.computer
            ai_acting = acting == scene.ai_to_move() or (computer.thinking and acting == computer.player)
            if ai_acting and (computer.thinking or not scene.view.busy):
                self._draw_spinner(surface, (x + token_size // 2, rect.centery), token_size // 2 + 5)
            x += token_size + 14
        right = rect.right - 16
        extra = scene.view.status_extra() if not scene.review.active else ""
        head_size = 20 if compact else 23
        if extra:
            # The headline comes first: the game's status line gives way (shortened) when both
            # do not fit, e.g. "Game over — The computer wins (Circles)" beside the balance.
            size = 17 if compact else 19
            head_w = style.font(head_size, True).size(headline)[0]
            room = max(120, right - x - 18 - min(head_w, (right - x) * 2 // 3))
            shown = style.fit_text(extra, size, room, bold=True)
            label = style.text_surface(shown, size, style.INK, bold=True)
            surface.blit(label, label.get_rect(midright=(right, rect.centery)))
            right -= label.get_width() + 18
        width = right - x
        detail_size = 15 if compact else 17
        head = style.text_surface(
            style.fit_text(headline, head_size, width, bold=True), head_size, style.INK, True
        )
        if detail:
            color = style.BAD if error else style.INK_SOFT
            lines, size = detail_lines(detail, detail_size, width)
            bodies = [style.text_surface(line, size, color) for line in lines]
            step = style.font(size).get_linesize() - 3
            total = head.get_height() - 4 + step * (len(bodies) - 1) + bodies[0].get_height()
            top = max(rect.top + 2, rect.centery - total // 2)
            surface.blit(head, (x, top))
            y = top + head.get_height() - 4
            for body in bodies:
                surface.blit(body, (x, y))
                y += step
        else:
            surface.blit(head, head.get_rect(midleft=(x, rect.centery)))

    def _draw_token(self, surface: pygame.Surface, player: str, center: tuple[int, int], size: int) -> None:
        view = self.scene.view
        token = view.player_token(player, size)
        if token is not None:
            surface.blit(token, token.get_rect(center=center))
        else:
            pygame.draw.circle(surface, style.WOOD_DARK, (center[0], center[1] + 2), size // 2)
            pygame.draw.circle(surface, view.player_color(player), center, size // 2 - 2)

    def _draw_spinner(self, surface: pygame.Surface, center: tuple[int, int], radius: int) -> None:
        """A rotating arc around the thinking side's token: the AI is alive, the window is not stuck."""
        angle = self.scene.clock * 5.0
        rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        rect.center = center
        pygame.draw.arc(surface, style.ACCENT, rect, angle, angle + 1.9, 4)
        pygame.draw.arc(surface, style.ACCENT_LIGHT, rect, angle + math.pi, angle + math.pi + 0.9, 3)

    # -- player cards ---------------------------------------------------------------------------------
    def _draw_cards(self, surface: pygame.Surface) -> None:
        scene = self.scene
        match, frame = scene.match, scene.frame
        acting = set(match.awaiting()) if not match.over else set()
        if scene.handoff.applies(match):  # two people, secret entries: only the one at the screen acts
            acting = {p for p in acting if match.seats[p].is_ai or p == scene.input_player()}
        winner = match.outcome.winner if match.outcome is not None else None
        y = frame.cards.top
        for player in match.game.players:
            card = pygame.Rect(frame.cards.left, y, frame.cards.width, frame.card_h)
            self._draw_card(surface, card, player, player in acting, player == winner)
            ending = scene.end_dialog
            cheering = ending.cheering if ending is not None else None
            if ending is not None and cheering is not None and player == winner:  # off the board
                draw_cheer(surface, card, cheering, ending.result.colour)
            y += frame.card_h + 8

    def _draw_card(
        self, surface: pygame.Surface, card: pygame.Rect, player: str, on_move: bool, won: bool
    ) -> None:
        """One player's card: token, name, who sits there, the view's summary and a tag (to move,
        thinking dots, winner)."""
        scene = self.scene
        match, compact = scene.match, scene.frame.compact
        base = style.WHITE if on_move or won else style.PARCHMENT_DARK
        pygame.draw.rect(surface, base, card, border_radius=10)
        border = style.ACCENT if on_move else (style.GOOD if won else style.WOOD_LIGHT)
        pygame.draw.rect(surface, border, card, width=3 if on_move or won else 1, border_radius=10)
        token = card.height - 18
        self._draw_token(surface, player, (card.left + 10 + token // 2, card.centery), token)
        tx = card.left + token + 22
        name_size = 17 if compact else 19
        seat = match.seats[player]
        who = seat.describe()
        if len(match.humans()) == 1 and not seat.is_ai:
            who = "You"
        if seat.name:
            who = match.game.player_title(player)  # "Ana" above, her side below
        summary = scene.view.player_summary(player)
        summary_size = 15 if compact else 16
        summary_w = style.font(summary_size, True).size(summary)[0] + 12 if summary else 0
        full_name = match.player_name(player)
        room = card.right - tx - 12
        if summary and style.font(name_size, True).size(full_name)[0] > room - summary_w:
            who, summary = summary, ""  # a long name takes the line: the figures go below it (the token
            # says the side)
        else:
            room -= summary_w
        name_size = style.size_to_fit(full_name, name_size, room, bold=True)
        name_text = style.fit_text(full_name, name_size, room, bold=True)
        name = style.text_surface(name_text, name_size, style.INK, True)
        surface.blit(name, (tx, card.top + 7))
        tag_label = None
        if on_move and seat.is_ai and scene.computer.thinking:
            tag_label = self._thinking_dots()
        elif on_move:
            tag_label = style.text_surface("to move", 13, style.ACCENT, True)
        elif won:
            tag_label = style.text_surface("winner", 13, style.GOOD, True)
        tag_w = tag_label.get_width() + 10 if tag_label is not None else 0
        sub_size = 14 if compact else 15
        sub = style.fit_text(who, sub_size, card.right - tx - 12 - tag_w)
        surface.blit(
            style.text_surface(sub, sub_size, style.INK_SOFT), (tx, card.bottom - (24 if compact else 27))
        )
        if summary:
            label = style.text_surface(summary, summary_size, style.INK, True)
            surface.blit(label, label.get_rect(topright=(card.right - 12, card.top + 9)))
        if tag_label is not None:
            surface.blit(tag_label, tag_label.get_rect(bottomright=(card.right - 12, card.bottom - 8)))

    def _thinking_dots(self) -> pygame.Surface:
        """Three dots pulsing in turn: the computer is working (compact enough for any card)."""
        dots = pygame.Surface((34, 12), pygame.SRCALPHA)
        for i in range(3):
            phase = (self.scene.clock * 3.0 - i * 0.35) % 1.0
            k = 0.5 + 0.5 * math.sin(phase * 2 * math.pi)
            color = tuple(
                round(a + (b - a) * k) for a, b in zip(style.PARCHMENT_DARK, style.ACCENT, strict=True)
            )
            pygame.draw.circle(dots, color, (6 + i * 11, 6), 3 + round(k))
        return dots

    # -- curtain --------------------------------------------------------------------------------------
    def _draw_curtain(self, surface: pygame.Surface, player: str) -> None:
        """The hot-seat hand-off: the whole window is covered, and the card names both people, the one
        whose secret entry comes next and the one who must look away meanwhile."""
        scene, match = self.scene, self.scene.match
        width, height = surface.get_size()
        surface.fill(style.WOOD_DARK)
        stripe = max(24, width // 40)
        for x in range(0, width, stripe * 2):
            pygame.draw.rect(surface, (64, 45, 34), (x, 0, stripe, height))
        sealed = scene.handoff.sealed_by(match)
        other = scene.handoff.looking_away(match, player)
        task, noun = scene.view.secret_task(player)
        card = pygame.Rect(0, 0, min(600, width - 80), 250 if sealed is None else 276)
        card.center = (width // 2, height // 2)
        style.panel(surface, card, style.PARCHMENT, radius=18, border=style.ACCENT)
        name = scene.player_name(player)
        self._draw_token(surface, player, (card.centerx, card.top + 48), 56)
        centre, room = card.centerx, card.width - 40
        heading = style.fit_text(f"{name}'s turn", 32, room, bold=True)
        style.text(surface, heading, (centre, card.top + 88), 32, style.INK, bold=True, anchor="midtop")
        away = f"{scene.player_name(other)}, please look away" if other else "Secret entry"
        away = style.fit_text(away, 20, room, bold=True)
        style.text(surface, away, (centre, card.top + 134), 20, style.INK, bold=True, anchor="midtop")
        while_ = style.fit_text(f"while {name} {task}.", 17, room)
        style.text(surface, while_, (centre, card.top + 162), 17, style.INK_SOFT, anchor="midtop")
        if sealed is not None:
            take_back = f"{scene.player_name(sealed)}: Backspace takes your {noun} back"
            take_back = style.fit_text(take_back, 15, room)
            style.text(surface, take_back, (centre, card.top + 190), 15, style.INK_SOFT, anchor="midtop")
        pulse = 0.5 + 0.5 * math.sin(scene.clock * 3.0)
        color = tuple(round(a + (b - a) * pulse) for a, b in zip(style.ACCENT, style.WOOD, strict=True))
        ready = style.fit_text(f"{name}: click or press Space when you are ready", 18, room, bold=True)
        style.text(surface, ready, (centre, card.bottom - 40), 18, color, bold=True, anchor="midtop")
