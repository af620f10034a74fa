"""The shared match scene: the flow every game needs, around one game-specific board view.

It owns the turn banner (with the computer-thinking indicator), the player cards, the move list,
Undo/Redo/Save/Rules/Menu with their shortcuts, the AI requests to the worker process, autosave,
the hot-seat curtain for secret orders, and the end-of-game dialog. The board view
(:mod:`scenes.kit.board_view`) only draws, animates and maps clicks to moves.

Rules are never decided here: moves go through :class:`game.match.Match`, which asks the game.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIWindow

from game.core import GameError
from game.match import Match, Turn
from scenes.kit import style
from scenes.kit.app import Scene
from scenes.kit.board_view import BoardView, ViewAction, ViewButton, error_sentence
from scenes.kit.registry import make_view
from scenes.shell.windows.end_of_game import MENU, REMATCH, REVIEW, EndDialog

if TYPE_CHECKING:
    from scenes.kit.app import App

MESSAGE_SECONDS = 4.5
AI_RETRIES = 2


class MatchScene(Scene):
    """One match on screen. ``MatchScene(app, match)``; push it, the rest is automatic."""

    name = "match"

    def __init__(self, app: App, match: Match, view: BoardView | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.view: BoardView = view if view is not None else make_view(match, app.settings)
        self.view.set_state(match.state)
        self.clock = 0.0
        self._notes: dict[int, tuple[Turn, str]] = {}
        # AI
        self.ai_request: int | None = None
        self.ai_player: str | None = None
        self.ai_failures = 0
        self.ai_stopped = False
        self._rng = random.Random()
        # messages in the banner (hints and refusals), newest wins
        self.message: str | None = None
        self.message_error = False
        self.message_left = 0.0
        # hot-seat curtain for secret orders
        self.curtain_for: str | None = None
        self._curtain_cleared: str | None = None
        # end of game
        self.end_dialog: EndDialog | None = None
        self.reviewing = False
        # move list
        self.moves_scroll = 0
        self._moves_seen = -1
        # layout (filled by layout())
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.banner_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.cards_rect = pygame.Rect(0, 0, 0, 0)
        self.moves_rect = pygame.Rect(0, 0, 0, 0)
        self.view_buttons_rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[str, UIButton] = {}
        self.view_buttons: dict[str, UIButton] = {}
        self._view_button_specs: list[ViewButton] = []
        self._chrome: pygame.Surface | None = None
        self.compact = False
        self._left = False
        self._rules_window: Any = None

    # ------------------------------------------------------------------------------------------------
    # layout
    # ------------------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Board area left, side panel right; every size derives from the window, so 1024×640 and
        1280×800 (and any resize) get a proportionate layout."""
        width, height = size
        self.compact = width < 1180 or height < 720
        margin = 12 if self.compact else 18
        panel_w = max(272, min(360, int(width * 0.27)))
        self.panel_rect = pygame.Rect(width - panel_w - margin, margin, panel_w, height - 2 * margin)
        banner_h = 62 if self.compact else 72
        board_w = self.panel_rect.left - 2 * margin
        self.banner_rect = pygame.Rect(margin, margin, board_w, banner_h)
        top = self.banner_rect.bottom + (8 if self.compact else 12)
        self.board_rect = pygame.Rect(margin, top, board_w, height - top - margin)
        self.view.layout(self.board_rect)

        inner = self.panel_rect.inflate(-28, -28)
        title_h = 52 if self.compact else 60
        card_h = 58 if self.compact else 66
        players = self.match.game.players
        self.cards_rect = pygame.Rect(
            inner.left, inner.top + title_h, inner.width, len(players) * (card_h + 8) - 8
        )
        self._card_h = card_h
        button_h = 38 if self.compact else 42
        gap = 8
        buttons_top = inner.bottom - 2 * button_h - gap
        self.view_buttons_rect = pygame.Rect(inner.left, self.cards_rect.bottom + 12, inner.width, button_h)
        self.moves_rect = pygame.Rect(
            inner.left, self.cards_rect.bottom + 14, inner.width, buttons_top - self.cards_rect.bottom - 28
        )
        self._button_h = button_h
        self._build_buttons(inner, buttons_top, button_h, gap)
        self._view_button_specs = []
        self.view_buttons = {}
        self._refresh_view_buttons(force=True)
        self._chrome = None
        if self.end_dialog is not None:
            self.end_dialog = None  # the UI was reset by the resize; reopen centred on the new board
        self._refresh_buttons()

    def _build_buttons(self, inner: pygame.Rect, top: int, h: int, gap: int) -> None:
        half = (inner.width - gap) // 2
        third = (inner.width - 2 * gap) // 3
        specs = [
            ("undo", "Undo", pygame.Rect(inner.left, top, half, h), "Take back your last move (Ctrl+Z)"),
            (
                "redo",
                "Redo",
                pygame.Rect(inner.left + half + gap, top, inner.width - half - gap, h),
                "Play the undone move again (Ctrl+Y)",
            ),
            ("save", "Save", pygame.Rect(inner.left, top + h + gap, third, h), "Save this game (Ctrl+S)"),
            (
                "rules",
                "Rules",
                pygame.Rect(inner.left + third + gap, top + h + gap, third, h),
                "How to play (F1)",
            ),
            (
                "menu",
                "Menu",
                pygame.Rect(
                    inner.left + 2 * (third + gap), top + h + gap, inner.width - 2 * (third + gap), h
                ),
                "Pause menu (Esc)",
            ),
        ]
        self.buttons = {}
        for key, label, rect, tip in specs:
            self.buttons[key] = UIButton(
                rect, label, self.ui, tool_tip_text=tip, object_id=ObjectID(f"#match_{key}", "@secondary")
            )

    def _refresh_buttons(self) -> None:
        """Enable Undo/Redo exactly when the match allows them (and nothing animates)."""
        if not self.buttons:
            return
        self._set_enabled(self.buttons["undo"], self.match.can_undo() and self._sealed_by() is None)
        self._set_enabled(self.buttons["redo"], self.match.can_redo())

    @staticmethod
    def _set_enabled(button: UIButton, on: bool) -> None:
        if on and not button.is_enabled:
            button.enable()
        elif not on and button.is_enabled:
            button.disable()

    def _refresh_view_buttons(self, force: bool = False) -> None:
        """(Re)create the game's extra buttons (Pass, Confirm...) when the list changes."""
        player = self.input_player()
        specs = self.view.buttons(player) if player is not None else []
        if not force and specs == self._view_button_specs:
            return
        for button in self.view_buttons.values():
            button.kill()
        self.view_buttons = {}
        self._view_button_specs = specs
        if specs:
            gap = 8
            rect = self.view_buttons_rect
            w = (rect.width - gap * (len(specs) - 1)) // len(specs)
            for i, spec in enumerate(specs):
                button_rect = pygame.Rect(rect.left + i * (w + gap), rect.top, w, rect.height)
                self.view_buttons[spec.key] = UIButton(
                    button_rect,
                    spec.label,
                    self.ui,
                    tool_tip_text=spec.tooltip or None,
                    object_id=ObjectID(f"#view_{spec.key}", "@primary" if spec.primary else "@secondary"),
                )
                if not spec.enabled:
                    self.view_buttons[spec.key].disable()
        top = self.view_buttons_rect.bottom + 12 if specs else self.cards_rect.bottom + 14
        bottom = self.buttons["undo"].relative_rect.top - 14 if self.buttons else self.moves_rect.bottom
        self.moves_rect = pygame.Rect(self.moves_rect.left, top, self.moves_rect.width, max(40, bottom - top))
        self._chrome = None

    # ------------------------------------------------------------------------------------------------
    # lifecycle
    # ------------------------------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.view.settings = self.app.settings  # the settings screen may have replaced them
        self._refresh_buttons()

    def leave(self) -> None:
        """Leaving for good (menu, rematch, window closing): stop the AI, autosave."""
        if self._left:
            return
        self._left = True
        self._cancel_ai()
        self._autosave()

    # ------------------------------------------------------------------------------------------------
    # who may act
    # ------------------------------------------------------------------------------------------------
    def input_player(self) -> str | None:
        """The human who may act on the board now, or None (AI's turn, animating, game over...)."""
        if self.match.over or self.curtain_for is not None or self.view.busy:
            return None
        if self.end_dialog is not None and self.end_dialog.alive():
            return None
        for player in self.match.awaiting():
            if not self.match.seats[player].is_ai:
                return player
        return None

    def ai_to_move(self) -> str | None:
        """The AI seat that owes a move now (secret orders of a simultaneous turn included)."""
        if self.match.over:
            return None
        for player in self.match.awaiting():
            if self.match.seats[player].is_ai:
                return player
        return None

    @property
    def thinking(self) -> bool:
        return self.ai_request is not None

    # ------------------------------------------------------------------------------------------------
    # events
    # ------------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.end_dialog is not None:
            choice = self.end_dialog.choice(event)
            if choice is not None:
                self._end_choice(choice)
                return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
            return
        if self.curtain_for is not None:
            if event.type == pygame.KEYDOWN and (
                event.key == pygame.K_BACKSPACE or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL)
            ):
                self._take_back_sealed()
            elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
                event.type == pygame.KEYDOWN
                and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
            ):
                self._lift_curtain()
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.view.hover(event.pos if self.board_rect.collidepoint(event.pos) else None)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if self._over_window(event.pos):
                return
            if event.button == 1 and self.board_rect.collidepoint(event.pos):
                self._board_click(event.pos)
            elif event.button == 3 and self.view.cancel():
                self._say(None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            # the end of a drag: released anywhere (off the board drops the dragged piece back)
            player = self.input_player()
            if player is not None:
                action = self.view.handle_release(event.pos, player)
                if action != ViewAction.nothing():
                    self._apply_action(action)
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.moves_rect.collidepoint(pos) or not self.board_rect.collidepoint(pos):
                self.moves_scroll = max(0, self.moves_scroll + event.y)  # up = earlier moves

    def _over_window(self, pos: tuple[int, int]) -> bool:
        """A click on a pygame-gui window (end dialog, rules) must not also hit the board below."""
        for element in self.ui.get_root_container().elements:
            if (
                isinstance(element, UIWindow)
                and element.alive()
                and element.visible
                and element.rect.collidepoint(pos)
            ):
                return True
        return False

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if not ctrl and event.key not in (pygame.K_ESCAPE, pygame.K_F1):
            player = self.input_player()
            if player is not None:  # typed orders (Elasta's eight digits) go to the view first
                action = self.view.handle_key(event.key, getattr(event, "unicode", "") or "", player)
                if action is not None:
                    self._apply_action(action)
                    return
        if ctrl and event.key == pygame.K_z:
            self.redo() if shift else self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl and event.key == pygame.K_s:
            self.save()
        elif event.key == pygame.K_F1:
            self.open_rules()
        elif event.key == pygame.K_ESCAPE:
            if self.close_rules():
                return
            if self.view.cancel():
                self._say(None)
            else:
                self.open_pause()

    def _button(self, element: Any) -> None:
        for key, button in self.buttons.items():
            if element is button:
                {
                    "undo": self.undo,
                    "redo": self.redo,
                    "save": self.save,
                    "rules": self.open_rules,
                    "menu": self.open_pause,
                }[key]()
                return
        for key, button in self.view_buttons.items():
            if element is button:
                player = self.input_player()
                if player is None:
                    return
                self._apply_action(self.view.press(key, player))
                return

    def _board_click(self, pos: tuple[int, int]) -> None:
        player = self.input_player()
        if player is None:
            if self.match.over:
                self._say("The game is over — Undo to go back, or start a rematch from the menu.")
            elif self.thinking or self.ai_to_move():
                self._say("The computer is thinking — wait for its move.")
            elif self.view.busy:
                self.view.finish_animation()
            return
        self._apply_action(self.view.handle_click(pos, player))

    def _apply_action(self, action: ViewAction) -> None:
        if action.move is not None and action.player is not None:
            self._submit(action.player, action.move)
            if action.message:
                self._say(action.message)
        elif action.message is not None:
            self._say(action.message, error=action.error)
        else:
            self._say(None)  # a quiet action (a farmer placed) ends the previous complaint
        self._refresh_view_buttons()

    # ------------------------------------------------------------------------------------------------
    # playing
    # ------------------------------------------------------------------------------------------------
    def _submit(self, player: str, move: Any) -> None:
        try:
            turn = self.match.submit(player, move)
        except GameError as exc:
            self._say(error_sentence(exc), error=True)
            return
        self._say(None)
        if turn is not None:
            self._turn_played(turn)
        else:
            self._secret_given(player)
        self._refresh_buttons()

    def _turn_played(self, turn: Turn) -> None:
        """A complete turn happened: animate it, autosave, update the panel. Secret orders are
        revealed by the turn itself, so nothing stays hidden."""
        self.view.set_hidden([])
        self.view.set_state(self.match.state, animate_from=turn)
        self._curtain_cleared = None
        self._autosave()
        self._refresh_view_buttons()
        self._refresh_buttons()

    def _secret_given(self, player: str) -> None:
        """A secret order is in; hide it and hand over if another human must now choose."""
        self._hide_sealed()
        self.view.cancel()
        self._check_curtain()

    def _check_curtain(self) -> None:
        """Show the hand-off curtain when a human must give secret orders after another human has."""
        if self.curtain_for is not None or self.view.busy:
            return
        state = self.match.state
        if not state.simultaneous or self.match.over:
            return
        humans_pending = [p for p in self.match.pending if not self.match.seats[p].is_ai]
        nxt = next((p for p in self.match.awaiting() if not self.match.seats[p].is_ai), None)
        if nxt is not None and humans_pending and self._curtain_cleared != nxt:
            self.curtain_for = nxt
            for button in [*self.buttons.values(), *self.view_buttons.values()]:
                button.hide()

    def _lift_curtain(self, handed_over: bool = True) -> None:
        """Take the curtain down: the next player is at the screen (``handed_over``), or the
        player who just confirmed is still there and took their orders back."""
        self._curtain_cleared = self.curtain_for if handed_over else None
        self.curtain_for = None
        for button in [*self.buttons.values(), *self.view_buttons.values()]:
            button.show()
        self._refresh_buttons()
        self._refresh_view_buttons()

    def _take_back_sealed(self) -> None:
        """While the curtain is up the screen has not changed hands yet, so the player who just
        confirmed may still take their orders back and change them."""
        owner = self._sealed_by()
        if owner is None or not self.match.withdraw(owner):
            return
        self._hide_sealed()
        self._lift_curtain(handed_over=False)
        title = self.match.game.player_title(owner)
        self._say(f"{title}'s orders are back on the board: change them and confirm again.")

    def _hide_sealed(self) -> None:
        """Humans' secret orders given and not yet revealed are drawn face down."""
        self.view.set_hidden([p for p in self.match.pending if not self.match.seats[p].is_ai])

    def _sealed_by(self) -> str | None:
        """The human whose sealed secret order Undo would withdraw while another human sits at the
        screen (hot seat), or None. Only its owner may take an order back, and they have passed the
        screen on; the reveal comes when the other human confirms."""
        if len(self.match.humans()) < 2:
            return None
        return next((p for p in self.match.pending if not self.match.seats[p].is_ai), None)

    def undo(self) -> None:
        if self.curtain_for is not None:
            return
        sealed = self._sealed_by()
        if sealed is not None:
            title = self.match.game.player_title(sealed)
            self._say(f"{title}'s orders are sealed until the reveal; only {title} could take them back.")
            return
        if not self.match.can_undo():
            self._say(
                "Nothing to undo." if not self.match.turns else "That move can no longer be taken back."
            )
            return
        self._cancel_ai()
        self.match.undo()
        self._after_history_change()

    def redo(self) -> None:
        if self.curtain_for is not None:
            return
        if not self.match.can_redo():
            self._say("Nothing to redo.")
            return
        self._cancel_ai()
        self.match.redo()
        self._after_history_change()

    def _after_history_change(self) -> None:
        self.ai_failures = 0
        self.ai_stopped = False
        self.reviewing = False
        if self.end_dialog is not None:
            self.end_dialog.close()
            self.end_dialog = None
        self.view.set_hidden([])
        self.view.set_state(self.match.state, None)
        self._curtain_cleared = None
        self._say(None)
        self._autosave()
        self._refresh_buttons()
        self._refresh_view_buttons()

    # ------------------------------------------------------------------------------------------------
    # AI
    # ------------------------------------------------------------------------------------------------
    def _cancel_ai(self) -> None:
        if self.ai_request is not None:
            self.ai_request = None
            self.ai_player = None
            try:
                self.app.worker.cancel()
            except Exception as exc:  # a dying worker must not take the window with it
                self.app.toast(f"AI worker: {exc}")

    def _maybe_request_ai(self) -> None:
        if self.thinking or self.ai_stopped or self.view.busy or self.curtain_for is not None:
            return
        player = self.ai_to_move()
        if player is None:
            return
        seat = self.match.seats[player]
        seed = self._rng.randrange(1 << 30)
        try:
            self.ai_request = self.app.worker.request(
                self.match.public_record(), player, seat.level or "normal", seed
            )
            self.ai_player = player
        except Exception as exc:
            self._ai_failed(f"could not start: {exc}")

    def _poll_ai(self) -> None:
        if self.ai_request is None:
            return
        try:
            result = self.app.worker.poll()
        except Exception as exc:
            self.ai_request = None
            self._ai_failed(str(exc))
            return
        if result is None:
            return
        if result.request_id != self.ai_request:
            return
        player = self.ai_player
        self.ai_request = None
        self.ai_player = None
        if result.error or not result.move_text or player is None:
            self._ai_failed(result.error or "no move")
            return
        try:
            turn = self.match.submit_text(player, result.move_text)
        except GameError as exc:
            self._ai_failed(f"played an illegal move {result.move_text!r}: {error_sentence(exc)}")
            return
        self.ai_failures = 0
        if turn is not None:
            self._turn_played(turn)
        else:
            self._check_curtain()
        self._refresh_buttons()

    def _ai_failed(self, why: str) -> None:
        self.ai_failures += 1
        if self.ai_failures > AI_RETRIES:
            self.ai_stopped = True
            self.app.toast(f"The computer could not move ({why}). Undo, save or leave from the menu.", 6.0)
        else:
            self.app.toast(f"The computer stumbled ({why}); trying again.")

    # ------------------------------------------------------------------------------------------------
    # commands
    # ------------------------------------------------------------------------------------------------
    def save_now(self) -> bool:
        """Write a manual save (the pause menu calls this too). Raises OSError/SaveError on failure."""
        self.app.store.save(self.match)
        return True

    def save(self) -> None:
        """Ctrl+S / the Save button: save and say so; a failure is a toast, never a crash."""
        try:
            self.save_now()
        except Exception as exc:  # OSError, SaveError: the player must hear about it, the game goes on
            self.app.toast(f"Could not save: {exc}", 5.0)
            return
        self.app.toast("Game saved")

    def _autosave(self) -> None:
        if not self.match.turns:
            return
        try:
            self.app.store.autosave(self.match)
        except Exception as exc:
            self.app.toast(f"Autosave failed: {exc}", 5.0)

    def open_rules(self) -> None:
        """F1 / Rules: the game's rules in a window over the board (one at a time)."""
        from scenes.shell.windows.rules import open_rules_window

        self.close_rules()
        try:
            self._rules_window = open_rules_window(self.ui, self.match.game)
        except Exception as exc:
            self.app.toast(f"Could not open the rules: {exc}")

    def close_rules(self) -> bool:
        window = getattr(self, "_rules_window", None)
        self._rules_window = None
        if window is not None and window.alive():
            window.kill()
            return True
        return False

    def open_pause(self) -> None:
        self.app.open("pause", self)

    def go_to_menu(self) -> None:
        self.app.goto("menu")

    def rematch(self) -> None:
        """A fresh match with the same game, options and seats (sides kept)."""
        fresh = Match(self.match.game, self.match.options, self.match.seats)
        self.app.replace(self.app.make("match", fresh))

    def _end_choice(self, choice: str) -> None:
        if self.end_dialog is not None:
            self.end_dialog.close()
            self.end_dialog = None
        if choice == REMATCH:
            self.rematch()
        elif choice == MENU:
            self.go_to_menu()
        elif choice == REVIEW:
            self.reviewing = True

    def _maybe_open_end_dialog(self) -> None:
        if not self.match.over or self.view.busy or self.reviewing or self.end_dialog is not None:
            return
        headline, reason, score = self.result_texts()
        self.end_dialog = EndDialog(self.ui, self.view.focus_rect(), headline, reason, score)

    def result_texts(self) -> tuple[str, str, str]:
        """Headline, reason and score line for the end dialog (and the banner)."""
        outcome = self.match.outcome
        game = self.match.game
        if outcome is None:
            return "", "", ""
        if outcome.winner is None:
            headline = "A draw"
        else:
            title = game.player_title(outcome.winner)
            humans = self.match.humans()
            if len(humans) == 1:
                headline = "You win!" if outcome.winner in humans else f"The computer wins ({title})"
            else:
                headline = f"{title} win{'s' if not title.endswith('s') else ''}!"
        score_line = self.view.result_details()
        if not score_line:
            score = self.match.state.score()
            score_line = "  ·  ".join(
                f"{game.player_title(p)}: {score[p]}" for p in game.players if p in score
            )
        return headline, outcome.reason, score_line

    # ------------------------------------------------------------------------------------------------
    # frame
    # ------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.view.update(dt)
        if self.message_left > 0:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message = None
        self._poll_ai()
        self._maybe_request_ai()
        self._check_curtain()
        self._maybe_open_end_dialog()
        self._refresh_view_buttons()
        self._refresh_buttons()

    def _say(self, text: str | None, error: bool = False) -> None:
        self.message = text
        self.message_error = error
        self.message_left = MESSAGE_SECONDS if text else 0.0

    def banner_texts(self) -> tuple[str, str, bool]:
        """(headline, detail, detail-is-error) for the turn banner, from the match's situation."""
        game = self.match.game
        if self.match.over:
            headline, reason, _ = self.result_texts()
            return f"Game over — {headline}", self.message or reason, self.message_error
        if self.view.busy and self.view.last_move is not None:
            turn = self.view.last_move
            who = " & ".join(game.player_title(p) for p in turn.moves)
            note = self._turn_note(turn)
            return f"{who}: {turn.text}", note or "", False
        ai = self.ai_to_move()
        if ai is not None and self.input_player() is None:  # simultaneous: the human's prompt comes first
            dots = "." * (1 + int(self.clock * 2.5) % 3)
            title = game.player_title(ai)
            detail = "The computer could not move — Undo or leave from the menu." if self.ai_stopped else ""
            return f"Computer ({title}) is thinking{dots}", self.message or detail, self.message_error
        player = self.input_player() or next(iter(self.match.awaiting()), None)
        if player is None:
            return "", "", False
        title = game.player_title(player)
        prompt = self.view.prompt(player)
        who = f"Your move — {title}" if len(self.match.humans()) == 1 else f"{title} to move"
        if self.message:
            return who, self.message, self.message_error
        return who, prompt[:1].upper() + prompt[1:] if prompt else "", False

    def draw(self, surface: pygame.Surface) -> None:
        if self._chrome is None or self._chrome.get_size() != surface.get_size():
            self._chrome = self._build_chrome(surface.get_size())
        surface.blit(self._chrome, (0, 0))
        if self.curtain_for is not None:
            self._draw_curtain(surface)
            return
        clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        self.view.draw(surface)
        surface.set_clip(clip)
        self._draw_banner(surface)
        self._draw_panel(surface)

    def _build_chrome(self, size: tuple[int, int]) -> pygame.Surface:
        """Everything static (backdrop, panel card, banner card): built once per layout."""
        chrome = style.background(size).copy()
        style.panel(chrome, self.panel_rect, style.PARCHMENT, radius=14, border=style.WOOD)
        inner = self.panel_rect.inflate(-28, -28)
        title = style.fit_text(self.match.game.title, 24 if not self.compact else 21, inner.width, bold=True)
        style.text(
            chrome, title, (inner.left, inner.top - 2), 24 if not self.compact else 21, style.INK, bold=True
        )
        mode = style.fit_text(self.mode_text(), 15, inner.width)
        style.text(
            chrome, mode, (inner.left, inner.top + (30 if not self.compact else 26)), 15, style.INK_SOFT
        )
        style.panel(chrome, self.banner_rect, style.PARCHMENT, radius=14, border=style.WOOD)
        return chrome

    def mode_text(self) -> str:
        """Who plays whom, short enough for the panel ("You: Elephant · vs computer (easy)")."""
        humans = self.match.humans()
        ai = [(p, seat) for p, seat in self.match.seats.items() if seat.is_ai]
        title = self.match.game.player_title
        if not ai:
            return "Two players at this screen"
        if not humans:
            return "Computer vs computer"
        return f"You: {' & '.join(title(p) for p in humans)}  ·  vs computer ({ai[0][1].level})"

    # -- banner -------------------------------------------------------------------------------------------
    def _draw_banner(self, surface: pygame.Surface) -> None:
        rect = self.banner_rect
        headline, detail, error = self.banner_texts()
        acting = self.input_player() or self.ai_to_move()
        if self.view.busy and self.view.last_move is not None:
            acting = next(iter(self.view.last_move.moves), acting)
        elif acting is None and self.match.awaiting():
            acting = self.match.awaiting()[0]
        if self.match.over and self.match.outcome is not None:
            acting = self.match.outcome.winner
        x = rect.left + 16
        token_size = rect.height - 24
        if acting is not None:
            self._draw_token(surface, acting, (x + token_size // 2, rect.centery), token_size)
            ai_acting = acting == self.ai_to_move() or (self.thinking and acting == self.ai_player)
            if ai_acting and (self.thinking or not self.view.busy):
                self._draw_spinner(surface, (x + token_size // 2, rect.centery), token_size // 2 + 5)
            x += token_size + 14
        right = rect.right - 16
        extra = self.view.status_extra()
        head_size = 20 if self.compact else 23
        if extra:
            # The headline comes first: the game's status line gives way (shortened) when both
            # do not fit, e.g. "Game over — The computer wins (Circles)" beside the balance.
            size = 17 if self.compact else 19
            head_w = style.font(head_size, True).size(headline)[0]
            room = max(120, right - x - 18 - min(head_w, (right - x) * 2 // 3))
            shown = style.fit_text(extra, size, room, bold=True)
            label = style.text_surface(shown, size, style.INK, bold=True)
            surface.blit(label, label.get_rect(midright=(right, rect.centery)))
            right -= label.get_width() + 18
        width = right - x
        detail_size = 15 if self.compact else 17
        head = style.text_surface(
            style.fit_text(headline, head_size, width, bold=True), head_size, style.INK, True
        )
        if detail:
            color = style.BAD if error else style.INK_SOFT
            body = style.text_surface(style.fit_text(detail, detail_size, width), detail_size, color)
            total = head.get_height() + body.get_height() - 4
            top = rect.centery - total // 2
            surface.blit(head, (x, top))
            surface.blit(body, (x, top + head.get_height() - 4))
        else:
            surface.blit(head, head.get_rect(midleft=(x, rect.centery)))

    def _draw_token(self, surface: pygame.Surface, player: str, center: tuple[int, int], size: int) -> None:
        token = self.view.player_token(player, size)
        if token is not None:
            surface.blit(token, token.get_rect(center=center))
        else:
            pygame.draw.circle(surface, style.WOOD_DARK, (center[0], center[1] + 2), size // 2)
            pygame.draw.circle(surface, self.view.player_color(player), center, size // 2 - 2)

    def _draw_spinner(self, surface: pygame.Surface, center: tuple[int, int], radius: int) -> None:
        """A rotating arc around the thinking side's token: the AI is alive, the window is not stuck."""
        angle = self.clock * 5.0
        rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        rect.center = center
        pygame.draw.arc(surface, style.ACCENT, rect, angle, angle + 1.9, 4)
        pygame.draw.arc(surface, style.ACCENT_LIGHT, rect, angle + math.pi, angle + math.pi + 0.9, 3)

    # -- side panel ---------------------------------------------------------------------------------------
    def _draw_panel(self, surface: pygame.Surface) -> None:
        self._draw_cards(surface)
        self._draw_moves(surface)

    def _draw_cards(self, surface: pygame.Surface) -> None:
        game = self.match.game
        acting = set(self.match.awaiting()) if not self.match.over else set()
        winner = self.match.outcome.winner if self.match.outcome is not None else None
        humans = self.match.humans()
        y = self.cards_rect.top
        for player in game.players:
            card = pygame.Rect(self.cards_rect.left, y, self.cards_rect.width, self._card_h)
            on_move = player in acting
            base = style.WHITE if on_move or player == winner else style.PARCHMENT_DARK
            pygame.draw.rect(surface, base, card, border_radius=10)
            border = style.ACCENT if on_move else (style.GOOD if player == winner else style.WOOD_LIGHT)
            pygame.draw.rect(
                surface, border, card, width=3 if on_move or player == winner else 1, border_radius=10
            )
            token = card.height - 18
            self._draw_token(surface, player, (card.left + 10 + token // 2, card.centery), token)
            tx = card.left + token + 22
            name_size = 17 if self.compact else 19
            seat = self.match.seats[player]
            who = seat.describe()
            if len(humans) == 1 and not seat.is_ai:
                who = "You"
            surface.blit(
                style.text_surface(game.player_title(player), name_size, style.INK, True), (tx, card.top + 7)
            )
            tag_label = None
            if on_move and seat.is_ai and self.thinking:
                tag_label = self._thinking_dots()
            elif on_move:
                tag_label = style.text_surface("to move", 13, style.ACCENT, True)
            elif player == winner:
                tag_label = style.text_surface("winner", 13, style.GOOD, True)
            tag_w = tag_label.get_width() + 10 if tag_label is not None else 0
            sub_size = 14 if self.compact else 15
            sub = style.fit_text(who, sub_size, card.right - tx - 12 - tag_w)
            surface.blit(
                style.text_surface(sub, sub_size, style.INK_SOFT),
                (tx, card.bottom - (24 if self.compact else 27)),
            )
            summary = self.view.player_summary(player)
            if summary:
                label = style.text_surface(summary, 15 if self.compact else 16, style.INK, True)
                surface.blit(label, label.get_rect(topright=(card.right - 12, card.top + 9)))
            if tag_label is not None:
                surface.blit(tag_label, tag_label.get_rect(bottomright=(card.right - 12, card.bottom - 8)))
            y += self._card_h + 8

    def _thinking_dots(self) -> pygame.Surface:
        """Three dots pulsing in turn: the computer is working (compact enough for any card)."""
        dots = pygame.Surface((34, 12), pygame.SRCALPHA)
        for i in range(3):
            phase = (self.clock * 3.0 - i * 0.35) % 1.0
            k = 0.5 + 0.5 * math.sin(phase * 2 * math.pi)
            color = tuple(
                round(a + (b - a) * k) for a, b in zip(style.PARCHMENT_DARK, style.ACCENT, strict=True)
            )
            pygame.draw.circle(dots, color, (6 + i * 11, 6), 3 + round(k))
        return dots

    def _turn_note(self, turn: Turn) -> str:
        """The view's note for a turn, computed once: a played turn never changes, and asking the
        view every frame for every visible row cost more than drawing the whole board."""
        cached = self._notes.get(id(turn))
        if cached is None or cached[0] is not turn:
            if len(self._notes) > 4096:
                self._notes.clear()
            cached = (turn, self.view.turn_note(turn))
            self._notes[id(turn)] = cached
        return cached[1]

    def _draw_moves(self, surface: pygame.Surface) -> None:
        rect = self.moves_rect
        if rect.height < 40:
            return
        size = 15 if self.compact else 16
        surface.blit(style.text_surface("Moves", size + 1, style.INK, True), (rect.left, rect.top))
        box = pygame.Rect(rect.left, rect.top + 26, rect.width, rect.height - 26)
        pygame.draw.rect(surface, style.WHITE, box, border_radius=8)
        pygame.draw.rect(surface, style.PARCHMENT_DARK, box, width=1, border_radius=8)
        turns = self.match.turns
        row_h = size + 9
        visible = max(1, (box.height - 8) // row_h)
        if len(turns) != self._moves_seen:  # a new move: show the newest
            self._moves_seen = len(turns)
            self.moves_scroll = 0
        self.moves_scroll = max(0, min(self.moves_scroll, max(0, len(turns) - visible)))
        if not turns:
            hint = style.text_surface("No moves yet", size, style.INK_SOFT)
            surface.blit(hint, hint.get_rect(center=box.center))
            return
        end = len(turns) - self.moves_scroll
        start = max(0, end - visible)
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-4, -4))
        y = box.top + 4
        num_w = style.font(size).size(f"{len(turns)}.")[0]
        for index in range(start, end):
            turn = turns[index]
            row = pygame.Rect(box.left + 2, y, box.width - 4, row_h)
            if index == len(turns) - 1:
                pygame.draw.rect(surface, (250, 236, 206), row, border_radius=5)
            number = style.text_surface(f"{index + 1}.", size, style.INK_SOFT)
            surface.blit(number, number.get_rect(topright=(box.left + 10 + num_w, y + 4)))
            x = box.left + 18 + num_w
            for player in turn.moves:
                pygame.draw.circle(surface, style.WOOD_DARK, (x + 5, y + row_h // 2 + 1), 6)
                pygame.draw.circle(surface, self.view.player_color(player), (x + 5, y + row_h // 2), 5)
                # an ink rim keeps light colours (white stones) visible on the parchment list
                pygame.draw.circle(surface, style.INK_SOFT, (x + 5, y + row_h // 2), 5, width=1)
                x += 14
            x += 4
            note = self._turn_note(turn)
            text_w = box.right - x - 8
            label = style.text_surface(style.fit_text(turn.text, size, text_w, True), size, style.INK, True)
            surface.blit(label, (x, y + 3))
            if note:
                nx = x + label.get_width() + 8
                if box.right - nx - 8 > 30:
                    note_label = style.text_surface(
                        style.fit_text(note, size - 2, box.right - nx - 8), size - 2, style.INK_SOFT
                    )
                    surface.blit(note_label, (nx, y + 5))
            y += row_h
        surface.set_clip(clip)
        if start > 0:
            more = style.text_surface(f"{start} earlier", 12, style.INK_SOFT)
            surface.blit(more, more.get_rect(topright=(box.right - 8, rect.top + 4)))

    # -- curtain ------------------------------------------------------------------------------------------
    def _draw_curtain(self, surface: pygame.Surface) -> None:
        """The hot-seat hand-off: the whole window is covered so no secret order can be seen."""
        width, height = surface.get_size()
        surface.fill(style.WOOD_DARK)
        stripe = max(24, width // 40)
        for x in range(0, width, stripe * 2):
            pygame.draw.rect(surface, (64, 45, 34), (x, 0, stripe, height))
        sealed = self._sealed_by()
        card = pygame.Rect(0, 0, min(560, width - 80), 220 if sealed is None else 240)
        card.center = (width // 2, height // 2)
        style.panel(surface, card, style.PARCHMENT, radius=18, border=style.ACCENT)
        player = self.curtain_for or ""
        title = self.match.game.player_title(player)
        self._draw_token(surface, player, (card.centerx, card.top + 48), 56)
        style.text(
            surface,
            f"Pass to {title}",
            (card.centerx, card.top + 88),
            32,
            style.INK,
            bold=True,
            anchor="midtop",
        )
        style.text(
            surface,
            "The other player's orders are hidden.",
            (card.centerx, card.top + 132),
            17,
            style.INK_SOFT,
            anchor="midtop",
        )
        if sealed is not None:
            style.text(
                surface,
                f"{self.match.game.player_title(sealed)}: Backspace takes your orders back",
                (card.centerx, card.top + 160),
                14,
                style.INK_SOFT,
                anchor="midtop",
            )
        pulse = 0.5 + 0.5 * math.sin(self.clock * 3.0)
        color = tuple(round(a + (b - a) * pulse) for a, b in zip(style.ACCENT, style.WOOD, strict=True))
        style.text(
            surface,
            "Click or press Space when ready",
            (card.centerx, card.bottom - 40),
            18,
            color,
            bold=True,
            anchor="midtop",
        )


