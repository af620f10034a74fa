"""The shared match scene: the flow every game needs, around one game-specific board view.

The scene decides; its helpers each hold one concern:

* :mod:`~scenes.shell.match.layout`: where everything goes for the window size;
* :mod:`~scenes.shell.match.controls`: the panel's buttons (Undo/Redo/Save/Rules/Menu, the game's own);
* :mod:`~scenes.shell.match.computer`: the requests to the AI worker process;
* :mod:`~scenes.shell.match.hint`: the Hint button and H, worked out by a second worker, drawn as marks;
* :mod:`~scenes.shell.match.solved`: the "solved" badge (a setting), worked out by a third worker;
* :mod:`~scenes.shell.match.handoff`: the hot-seat curtain for secret orders;
* :mod:`~scenes.shell.match.saving`: Ctrl+S, Save a copy and the autosave after every turn;
* :mod:`~scenes.shell.match.resign`: Resign, its question, and the game it ends;
* :mod:`~scenes.shell.match.commands`: the rules, the pause menu, rematch and the other ways on;
* :mod:`~scenes.shell.match.review`: the board after any earlier move (move list clicks, Left/Right/Home/End);
* :mod:`~scenes.shell.match.analysis_flow`: a finished game's analysis (Analyse, the graph, the marks);
* :mod:`~scenes.shell.match.ending`: the result card beside the board, and Swap sides and Rematch
  once it is closed;
* :mod:`~scenes.shell.match.texts`: what the banner and the result card say;
* :mod:`~scenes.shell.match.sounds`: the moments every game shares, heard (the board cues its own);
* :mod:`~scenes.shell.match.painter` and :mod:`~scenes.shell.match.moves`: the drawing.

The board view (:mod:`scenes.kit.board_view`) only draws, animates and maps clicks to moves. Rules
are never decided here: moves go through :class:`game.match.Match`, which asks the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.core import GameError
from game.match import Match, Turn
from scenes.kit.app import Scene
from scenes.kit.board_view import BoardView, ViewAction, error_sentence
from scenes.kit.pacing import GENTLE, sooner
from scenes.kit.registry import make_view
from scenes.kit.view_host import over_window, released, typed
from scenes.shell.match import texts
from scenes.shell.match.analysis_better import BetterMarks
from scenes.shell.match.analysis_flow import AnalysisFlow
from scenes.shell.match.analysis_run import AnalysisRun
from scenes.shell.match.analysis_strip import AnalysisStrip
from scenes.shell.match.coach import Coach
from scenes.shell.match.commands import MatchCommands
from scenes.shell.match.computer import ComputerPlayer
from scenes.shell.match.controls import MatchControls
from scenes.shell.match.end_flow import EndFlow
from scenes.shell.match.ending import (
    CLOSE,
    EndBanner,
    EndRow,
)
from scenes.shell.match.handoff import READY, TAKE_BACK, HandOff, curtain_answer
from scenes.shell.match.hint import HINT_KEY, HintAdvisor, offered
from scenes.shell.match.keys import MatchKeys
from scenes.shell.match.layout import MatchLayout
from scenes.shell.match.moves import MoveList
from scenes.shell.match.painter import MatchPainter
from scenes.shell.match.resign import ResignFlow
from scenes.shell.match.results import count_finish
from scenes.shell.match.review import REVIEW_KEYS, Review
from scenes.shell.match.review_flow import ReviewFlow
from scenes.shell.match.saving import MatchSaving
from scenes.shell.match.solved import SolvedBadge
from scenes.shell.match.sounds import MatchSounds
from scenes.shell.match.texts import undo_refusal

if TYPE_CHECKING:
    from scenes.kit.app import App

MESSAGE_SECONDS = 4.5
"""How long a hint or refusal stays in the banner (a newer one replaces it at once)."""


class MatchScene(MatchCommands, ResignFlow, AnalysisFlow, EndFlow, ReviewFlow, Scene):
    """One match on screen. ``MatchScene(app, match)``; push it, the rest is automatic."""

    name = "match"

    def __init__(self, app: App, match: Match, view: BoardView | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.view: BoardView = view if view is not None else make_view(match, app.settings)
        self.view.set_state(match.state)
        self.view.announce = app.sound.announce  # the board's own moments, cued in its animation
        self.sounds = MatchSounds(app.sound.announce, match)
        self.clock = 0.0
        self.frame = MatchLayout()
        self.controls = MatchControls(self.ui)
        self.computer = ComputerPlayer(app)
        self.hint = HintAdvisor(app)
        self.solved = SolvedBadge(app)
        self.handoff = HandOff()
        self.moves = MoveList(self.view)
        self.painter = MatchPainter(self)
        self.keys = MatchKeys(self)
        """Keyboard play: the cursor on the board and the focus Tab moves to the buttons."""
        # the banner's message (hints and refusals), newest wins
        self.message: str | None = None
        self.message_error = False
        self.message_left = 0.0
        self.told: Turn | None = None
        """The turn whose sentence stands in the banner for the prompt until the player acts."""
        if match.turns and self._is_news(match.turns[-1]):
            self.told = match.turns[-1]  # a game opened again: first, where it stood
        self.end_dialog: EndBanner | None = None
        """The result card beside the board (:mod:`~scenes.shell.match.ending`) while it is open."""
        self.end_row: EndRow | None = None
        """Swap sides and Rematch under the player cards, once the result card is closed."""
        self.review = Review(match, lambda frozen: make_view(frozen, self.app.settings))
        self._end_dismissed = False
        """The result card was answered (closed, or Review): it does not come back by itself."""
        self._played_here = False
        """A turn was played on this screen: a game that ends here is celebrated (one opened finished
        shows its result card at rest)."""
        self._banner_words = pygame.Rect(0, 0, 0, 0)
        self._left = False
        self.saving = MatchSaving(app, match)
        self._rules_window: Any = None
        self.analysis = AnalysisRun(app, match)
        self.strip = AnalysisStrip()
        self.better_marks = BetterMarks(lambda earlier: make_view(earlier, self.app.settings))
        self.coach = Coach(self)  # the Coach setting: threat marks, and a word before a mistake

    # -- what the helpers hold, under the names the rest of the app reads ------------------------------
    @property
    def board_rect(self) -> pygame.Rect:
        return self.frame.board

    @property
    def panel_rect(self) -> pygame.Rect:
        return self.frame.panel

    @property
    def moves_rect(self) -> pygame.Rect:
        """The move list gives up its top to the game's buttons while there are any (or to Swap sides
        and Rematch once a finished game's result card is closed), and its foot to the "solved" badge
        while it shows; the result card, while open, takes its place and leaves it what is under it."""
        moves = self.frame.moves(bool(self.controls.view_buttons) or self.end_row is not None)
        if self.end_dialog is not None:
            return self.end_dialog.moves_left(moves)
        moves = self.hint.room(self.match, moves, self.frame.compact, self.review.active)  # its card
        return self.coach.room(self.solved.room(self.match, moves, self.frame.compact, self.review.active))

    @property
    def buttons(self) -> dict[str, UIButton]:
        return self.controls.buttons

    @property
    def view_buttons(self) -> dict[str, UIButton]:
        return self.controls.view_buttons

    @property
    def reviewing(self) -> bool:
        """A past position is on the board (see :mod:`~scenes.shell.match.review`)."""
        return self.review.active

    @property
    def banner_words(self) -> pygame.Rect:
        """The part of the banner the words may use: a review's buttons take its right end."""
        return self._banner_words if self.review.active else self.frame.banner

    @property
    def curtain_for(self) -> str | None:
        """The player the hand-off curtain waits for, or None when there is no curtain."""
        return self.handoff.up_for

    @property
    def thinking(self) -> bool:
        return self.computer.thinking

    @property
    def ai_failures(self) -> int:
        return self.computer.failures

    @property
    def ai_stopped(self) -> bool:
        return self.computer.stopped

    # -- layout and lifecycle -------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self.frame = MatchLayout.fit(size, len(self.match.game.players), resign=self.resign_offered())
        self.view.layout(self.frame.board)
        self.controls.build(self.frame, hint=offered(self.match))
        self.build_review_banner()
        self.review.layout(self.frame.board)
        self.build_analysis()
        self._refresh_view_buttons(force=True)
        self.painter.forget_layout()
        if self.end_dialog is not None:  # the UI was reset by the resize: the card again, at rest
            self.end_dialog = self._end_banner(animate=False)
        if self.end_row is not None:
            self.end_row = EndRow(self.ui, self.frame.view_buttons, texts.swap_words(self.match))
        self._refresh_buttons()
        if self.curtain_for is not None:
            self.controls.hide()  # rebuilt for the new size: still nothing to see or click under it

    def _refresh_buttons(self) -> None:
        """Enable Undo/Redo exactly when the match allows them (and no sealed order is in the way).

        Undo also stays lit across a two-player reveal, where pressing it explains why not: a greyed
        button would leave the players guessing."""
        self.place_resign()  # first: its row, while the game may be given up, is the move list's foot
        sealed = self.handoff.sealed_by(self.match)
        undo = self.match.can_undo() or self.match.undo_crosses_reveal()
        record = self.review.record  # a record is only looked at: nothing to take back
        self.controls.set_history(
            undo and sealed is None and not record, self.match.can_redo() and not record
        )
        player = self.input_player()
        self.controls.set_hint(self.hint.usable(self.match, player), self.hint.thinking)
        full = self.frame.moves(bool(self.controls.view_buttons) or self.end_row is not None)
        self.controls.place_apply(self.hint.apply_place(self.match, player, full, self.frame.compact))

    def _refresh_view_buttons(self, force: bool = False) -> None:
        """The game's extra buttons (Pass, Confirm...) follow whoever may act now."""
        player = self.input_player()
        specs = self.view.buttons(player) if player is not None else []
        self.controls.show_view_buttons(specs, self.frame.view_buttons, force)

    def enter(self) -> None:
        super().enter()
        self.view.settings = self.app.settings  # the settings screen may have replaced them
        if self.review.view is not None:
            self.review.view.settings = self.app.settings
        self._refresh_buttons()

    def leave(self) -> None:
        """Leaving for good (menu, rematch, window closing): stop the AI, autosave."""
        if self._left:
            return
        self._left = True
        self.computer.cancel()
        self.hint.forget()
        self.solved.forget()
        self.analysis.stop()
        if not self.review.record:  # a record looked at is no game of the player's: nothing to keep
            self.saving.autosave()

    # -- who may act ----------------------------------------------------------------------------------
    def input_player(self) -> str | None:
        """The human who may act on the board now, or None (AI's turn, animating, game over, a
        review on the board...)."""
        if self.match.over or self.curtain_for is not None or self.view.busy or self.review.active:
            return None
        if self.coach.weighing:  # a secret order waits for the coach's word (or its card's answer)
            return None
        if self.end_dialog is not None and self.end_dialog.alive():
            return None
        for player in self.match.awaiting():
            if not self.match.seats[player].is_ai:
                return player
        return None

    def ai_to_move(self) -> str | None:
        """The AI seat that owes a move now (secret orders of a simultaneous turn included); none in a
        record, which is only looked at until "Continue from here" makes a game of it."""
        if self.match.over or self.review.record:
            return None
        for player in self.match.awaiting():
            if self.match.seats[player].is_ai:
                return player
        return None

    # -- events ---------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.keys.heard(event)
        if self.resign_event(event):  # the question "Resign?" while it is open
            return
        for ending in (self.end_dialog, self.end_row):
            choice = ending.choice(event) if ending is not None else None
            if choice is not None:
                self._end_choice(choice)
                return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
        elif self.curtain_for is not None:
            answer = curtain_answer(event)
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.open_pause()  # over the curtain, which stays up beneath it
            elif answer == TAKE_BACK:
                self._take_back_sealed()
            elif answer == READY:
                self._lift_curtain()
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.view.hover(event.pos if self.board_rect.collidepoint(event.pos) else None)
            self.moves.hover(event.pos if self.moves_rect.collidepoint(event.pos) else None)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if over_window(self.ui, event.pos) or (event.button == 1 and self.analysis_click(event.pos)):
                return
            if event.button == 1 and self.board_rect.collidepoint(event.pos):
                self._board_click(event.pos)
            elif event.button == 1 and self.moves_rect.collidepoint(event.pos):
                index = self.moves.row_at(event.pos)
                if index is not None:
                    self.review_at(index + 1)
            elif event.button == 3 and self.view.cancel():
                self._say(None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            # the end of a drag: released anywhere (off the board drops the dragged piece back)
            action = released(self.view, event.pos, self.input_player())
            if action is not None:
                self._apply_action(action)
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.moves_rect.collidepoint(pos) or not self.board_rect.collidepoint(pos):
                self.moves.scroll_by(event.y)  # up = earlier moves

    def player_name(self, player: str | None) -> str:
        """What the screen calls a side: the person's name in a two-player game, else its title."""
        return self.match.player_name(player) if player is not None else ""

    def unsaved_work(self) -> str | None:
        return self.saving.unsaved()

    def retry_saving(self) -> None:
        self.saving.autosave()

    def keep_elsewhere(self) -> str | None:
        return self.saving.keep_as_record() if self.saving.unsaved() else None

    def claims_key(self, event: pygame.event.Event) -> bool:
        """The board may use a letter the app would take (M merges in Changing Challenges)."""
        return self.input_player() is not None and self.view.claims_key(event.key)

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if not ctrl and (self.keys.key(event) or (self._rules_window is None and self.coach.key(event))):
            return  # the cursor and Tab when the keyboard has them, then the coach's card's Esc / Enter
        if not ctrl and event.key not in (pygame.K_ESCAPE, pygame.K_F1):
            # typed orders (Elasta's eight digits) go to the view first
            action = typed(self.view, event, self.input_player())
            if action is not None:
                self._apply_action(action)
                return
        if not ctrl and event.key in REVIEW_KEYS and self.curtain_for is None:
            self._review_command(REVIEW_KEYS[event.key])
        elif ctrl and event.key == pygame.K_z:
            self.redo() if shift else self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl and event.key == pygame.K_s:
            self.save()
        elif event.key == HINT_KEY and not ctrl:
            self.ask_hint()
        elif event.key == pygame.K_F1:
            self.open_rules()
        elif event.key == pygame.K_ESCAPE:
            if self.close_rules():
                return
            if self.end_dialog is not None:
                self._end_choice(CLOSE)
            elif self.review.active and not self.review.record:
                self._leave_review()
            elif self.view.cancel():
                self._say(None)
            else:
                self.open_pause()

    def _button(self, element: Any) -> None:
        review = self.review.command(element)
        if review is not None:
            self._review_command(review)
            return
        if self.analysis_button(element) or self.coach.button(element):
            return
        command = self.controls.command(element)
        if command is not None:
            commands = {
                "undo": self.undo,
                "redo": self.redo,
                "save": self.save,
                "rules": self.open_rules,
                "menu": self.open_pause,
                "hint": self.ask_hint,
                "resign": self.ask_resign,
                "apply": lambda: self._apply_action(self.hint.apply_action(self.match, self.input_player())),
            }
            commands[command]()
            return
        key = self.controls.view_key(element)
        if key is None:
            return
        player = self.input_player()
        if player is not None:
            self._apply_action(self.view.press(key, player))

    def _board_click(self, pos: tuple[int, int]) -> None:
        if self.review.active:  # the board of the past is not played on: the click brings the game back
            self._leave_review("Back to the game as it stands now.")
            return
        player = self.input_player()
        if player is None:
            if self.match.over:
                self._say("The game is over — Undo to go back, or press Rematch for another.")
                self.sounds.refused()
            elif self.thinking or self.ai_to_move():
                self._say("The computer is thinking — wait for its move.")
                self.sounds.refused()
            elif self.view.busy:
                self.view.finish_animation()
            return
        self._apply_action(self.view.handle_click(pos, player))

    def _apply_action(self, action: ViewAction) -> None:
        self.told = None  # the player acts: the prompt (or the action's own words) comes back
        self.sounds.action(action)
        if action.move is not None and action.player is not None:
            self._submit(action.player, action.move)
            if action.message:
                self._say(action.message)
        elif action.message is not None:
            self._say(action.message, error=action.error)
        else:
            self._say(None)  # a quiet action (a farmer placed) ends the previous complaint
        self._refresh_view_buttons()

    # -- playing --------------------------------------------------------------------------------------
    def _submit(self, player: str, move: Any) -> None:
        if self.coach.weigh(player, move):  # a secret order: the coach's word comes before the seal
            return
        try:
            turn = self.match.submit(player, move)
        except GameError as exc:
            self._say(error_sentence(exc), error=True)
            self.sounds.refused()
            return
        self._say(None)
        self.hint.forget()  # the suggestion was for the position just left
        if turn is not None:
            self._turn_played(turn)
        else:
            self._secret_given()
        self._refresh_buttons()

    def _turn_played(self, turn: Turn, by_computer: bool = False) -> None:
        """A complete turn happened, by a human or the computer: animate it, autosave, update the
        panel. Secret orders are revealed by the turn itself, so nothing stays hidden."""
        self._played_here = True
        self.coach.turn_played(turn, by_computer)
        self.view.set_hidden([])
        self.view.set_state(self.match.state, animate_from=turn)
        # what the computer did, or what a reveal showed, is news to the player: it stays up in the
        # banner until they act (their own move was watched being made, so its prompt comes back)
        self.told = turn if by_computer or self._is_news(turn) else None
        self.sounds.turn_played(self.view, turn, by_computer)
        self.handoff.forget()
        self.saving.autosave()
        if self.match.over:  # the turn that ended it: into the player's record (once per game)
            count_finish(self.app, self.match)
        self._refresh_view_buttons()
        self._refresh_buttons()

    def _is_news(self, turn: Turn) -> bool:
        """A reveal, or a move of the computer's: what the player at the screen did not just see made."""
        return turn.simultaneous or any(self.match.seats[p].is_ai for p in turn.moves)

    def _secret_given(self) -> None:
        """A secret order is in; hide it and hand over if another human must now choose."""
        self.sounds.sealed()
        self.view.set_hidden(HandOff.hidden(self.match))
        self.view.cancel()
        self._check_curtain()

    def _check_curtain(self) -> None:
        if not self.view.busy and self.handoff.raise_if_due(self.match):
            self.controls.hide()
            self.sounds.curtain_up()

    def _lift_curtain(self, handed_over: bool = True, at_screen: str | None = None) -> None:
        self.handoff.lift(handed_over, at_screen)
        if handed_over:
            self.sounds.curtain_lifted()
        self.controls.show()
        self._refresh_buttons()
        self._refresh_view_buttons()

    def _take_back_sealed(self) -> None:
        """While the curtain is up the screen has not changed hands yet, so the player who just
        confirmed may still take their orders back and change them."""
        owner = self.handoff.sealed_by(self.match)
        if owner is None or not self.match.withdraw(owner):
            return
        self.view.set_hidden(HandOff.hidden(self.match))
        self._lift_curtain(handed_over=False, at_screen=owner)
        title = self.match.player_name(owner)
        self._say(f"{title}'s orders are back on the board: change them and confirm again.")

    def undo(self) -> None:
        if self.curtain_for is not None or self.review.record:
            return
        sealed = self.handoff.sealed_by(self.match)
        if sealed is not None:
            title = self.match.player_name(sealed)
            self._say(f"{title}'s orders are sealed until the reveal; only {title} could take them back.")
            return
        if not self.match.can_undo():
            self._say(undo_refusal(self.match))
            return
        self.computer.cancel()  # its thinking, or its sealed orders, were for the position left behind
        self.match.undo()
        self._after_history_change()

    def redo(self) -> None:
        if self.curtain_for is not None or self.review.record:
            return
        if not self.match.can_redo():
            self._say("Nothing to redo.")
            return
        self.computer.cancel()
        self.match.redo()
        self._after_history_change()

    def _after_history_change(self) -> None:
        """Undo or redo moved the match to another position: whatever was pending (a stuck
        computer, the end dialog, a hand-off, a complaint, a hint) belonged to the old one."""
        self.computer.restart()
        self.hint.forget()
        self.analysis.stop()  # it was of the game as it was
        self.sounds.history_changed()
        self._end_dismissed = False
        self._leave_review()
        self.told = None
        self._close_end()
        self.view.set_hidden([])
        self.view.set_state(self.match.state, None)
        self.handoff.forget()
        self._say(None)
        self.saving.autosave()
        self._refresh_buttons()
        self._refresh_view_buttons()

    def _computer_turn(self) -> None:
        """Collect the computer's move if it is ready, else ask for one if it owes one and the
        board is still (an animation or the curtain would hide its move)."""
        played = self.computer.poll(self.match)
        if played is not None:
            if played.turn is not None:
                self._turn_played(played.turn, by_computer=True)
            else:
                self.sounds.sealed()  # the computer's orders, face down
                self._check_curtain()
            self._refresh_buttons()
        held = self.coach.holds()  # every frame: it collects the coach's word on a move or an order
        if self.view.busy or self.curtain_for is not None:
            return
        player = self.ai_to_move()
        if player is not None and not held:  # the coach's word on the move comes first
            if not self.match.turns and not self.computer.thinking:
                self.saving.autosave(opening=True)
            self.computer.ask(self.match, player)

    # -- commands -------------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        """H / the Hint button: the hard computer works out a move for the human to move, in its own
        worker (the screen stays live); :meth:`update` shows it when it comes."""
        if self.review.active:
            self._say("A hint is for the game as it stands: press End to go back to it first.")
            return
        refusal = self.hint.ask(self.match, self.input_player())
        self._say(refusal)
        if refusal is not None:
            self.sounds.refused()
        self._refresh_buttons()

    def save_now(self) -> bool:
        """Save over this game's own file (the pause menu calls this too); raises on failure."""
        return self.saving.save_now()

    def save_copy_now(self) -> bool:
        """The pause menu's "Save a copy": a new file; this game's own is not touched."""
        return self.saving.save_copy_now()

    def save(self) -> None:
        """Ctrl+S / the Save button: save and say so in a toast."""
        self.saving.save()

    def keep_clear(self) -> list[pygame.Rect]:
        """What a notice must not cover: the banner (what the game says) and the board."""
        return [self.frame.banner, self.frame.board]

    # -- frame ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.view.update(dt)
        self.review.update(dt)
        self.review.refresh()
        if self.message_left > 0:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message = None
        self._computer_turn()
        if self.hint.poll(self.match) is not None:
            self._say(None)  # the hint's own words take the status line
        if self.solved.update(self.match):
            self.app.invalidate()
        self._check_curtain()
        self._maybe_open_end_dialog()
        self.analysis_frame()
        if self.end_dialog is not None:
            self.end_dialog.update(dt)
        self.sounds.frame(dt, self.input_player())
        self._refresh_view_buttons()
        self._refresh_buttons()

    def next_frame(self) -> float | None:
        """The board's own motion; the computer's (or a hint's) answer looked for, with its spinner
        turning, and the curtain's and a hint's pulse at a gentle rate; the banner's message and the
        "your turn" chime when they are due. A still board on the human's turn sleeps."""
        waiting = (
            (self.ai_to_move() is not None and not self.computer.stopped)
            or self.hint.thinking
            or self.solved.pending
            or self.analysis.running
            or self.coach.pending
        )
        gentle = waiting or self.curtain_for is not None or self.hint.shown is not None
        return sooner(
            self.view.next_frame(),
            self.review.next_frame(),
            GENTLE if gentle else None,
            self.message_left if self.message_left > 0 else None,
            self.sounds.due_in(self.input_player()),
            self.end_dialog.next_frame() if self.end_dialog is not None else None,
        )

    def _say(self, text: str | None, error: bool = False) -> None:
        self.message = text
        self.message_error = error
        self.message_left = MESSAGE_SECONDS if text else 0.0

    def banner_texts(self) -> tuple[str, str, bool]:
        """(headline, detail, detail-is-error) for the turn banner, from the match's situation."""
        if self.review.active:
            headline, detail = self.review.banner_texts(self.moves.line)
            detail = self.message or self.analysis_words() or detail
            return headline, detail, self.message_error and self.message is not None
        if (said := self.coach.words()) is not None:  # the computer waits on the coach's word
            return "A word from the coach", said, False
        return texts.banner_texts(
            self.match,
            self.view,
            human=self.input_player(),
            computer=self.ai_to_move(),
            computer_stopped=self.computer.stopped,
            message=self.message or self.hint.words(self.view),
            message_error=self.message_error and self.message is not None,
            note=self.moves.line,
            clock=self.clock,
            told=self.moves.line(self.told) if self.told is not None else None,
        )

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)
        if self.handoff.up_for is None and self.end_dialog is None:  # the result card takes its place
            moves = self.frame.moves(bool(self.controls.view_buttons) or self.end_row is not None)
            self.solved.draw(surface, self.match, moves, self.frame.compact, self.review.active)
            self.hint.draw_card(surface, self.match, moves, self.frame.compact, self.review.active)
        self.coach.draw(surface)
        self.keys.draw(surface)
