"""A finished game's analysis on the match screen: Analyse (the result card's, the review banner's),
the progress and Stop, and what the review shows once it is there. A part of
:class:`~scenes.shell.match.scene.MatchScene` kept in a module of its own (the scene mixes it in).

What it shows, all in the review: the strip under the board (each player's summary, the graph of the
winning chance; a click on the graph reviews that position, :mod:`.analysis_strip`; "Practise your
mistakes", which opens the practice screen over the review, issue #32 item 4), each move's mark
in the move list (?! ? ??), and, for a marked move on the board, the better move drawn as a hint is
and said in the banner (:mod:`.analysis_better`). The work itself is :mod:`.analysis_run`'s.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.practice import PRACTISED
from scenes.kit import style
from scenes.shell.match.analysis_better import Better, better_at
from scenes.shell.match.analysis_run import STOPPED
from scenes.shell.match.analysis_strip import board_above
from scenes.shell.match.painter import SMALLEST_DETAIL

READY = "The analysis is ready: the graph is under the board, the marks are in the move list."
READY_AWAY = "The analysis is ready: click a move to see its mark and the better move."


class AnalysisFlow:
    """The analysis's flow, for the match scene."""

    # what the match scene that mixes this in holds (see its __init__)
    match: Any
    app: Any
    review: Any
    frame: Any
    ui: Any
    moves: Any
    saving: Any
    analysis: Any
    strip: Any
    better_marks: Any
    clock: Any
    _banner_words: Any
    _say: Any
    review_at: Any

    _strip_on = False
    _analyse_offered = False
    _marked = 0
    """The id of the analysis whose marks the move list has (0: none yet)."""
    _better: tuple[tuple[int | None, int], Better | None] = ((None, 0), None)

    # -- the banner's Analyse, the strip's Stop -------------------------------------------------------
    def build_review_banner(self) -> None:
        """The review banner's buttons, with Analyse while it is offered (the UI was reset, or that
        changed)."""
        self._analyse_offered = self.analysis.offered(self.review.record)
        self._banner_words = self.review.build(
            self.ui, self.frame.banner, self.frame.compact, analyse=self._analyse_offered
        )

    def build_analysis(self) -> None:
        """After a layout: the strip's place and its Stop button, the review's board above it."""
        self.strip.build(self.ui, self.frame.board, self.frame.compact)
        self._strip_on = False
        self._follow_analysis()

    def start_analysis(self) -> None:
        """Analyse: the game goes to the worker, and the review shows its progress (from the result
        card, the review opens at the start)."""
        if not self.review.active:
            self.review_at(0)
        why = self.analysis.start()
        self._say(why, error=why is not None)
        self._follow_analysis()

    def open_analysis(self) -> None:
        """The load screen's Analyse (the screen asks for it by name): this game's analysis in its
        review, at its start. One the save kept is shown at once; otherwise it is worked out as the
        result card's Analyse does (:meth:`start_analysis`), a game still going on included."""
        if self.analysis.analysis is None:
            self.start_analysis()
            return
        self.review_at(0)
        self._follow_analysis()

    def stop_analysis(self) -> None:
        self.analysis.stop()
        self._say(STOPPED)
        self._follow_analysis()

    def analysis_button(self, element: object) -> bool:
        """Whether ``element`` was the strip's Stop or Practise your mistakes (and so it was handled)."""
        if self.strip.stop is not None and element is self.strip.stop:
            self.stop_analysis()
            return True
        if self.strip.practise is not None and element is self.strip.practise:
            self.open_practice()
            return True
        return False

    # -- practise your mistakes (issue #32, item 4) -------------------------------------------------
    def practice_players(self) -> list[str]:
        """Whose mistakes are practised: the people at the screen (everyone in a record of no one's)."""
        return list(self.match.humans()) or list(self.match.game.players)

    def practice_offered(self) -> bool:
        """Whether there is a mistake or a blunder of theirs to practise in the analysis shown."""
        analysis = self.analysis.analysis
        if analysis is None or self.analysis.running:
            return False
        players = set(self.practice_players())
        return any(n.player in players and n.mark in PRACTISED for n in analysis.moves)

    def open_practice(self) -> None:
        """The practice screen over the review, which is as it was when the player comes back."""
        analysis = self.analysis.analysis
        if analysis is None or not self.practice_offered():
            return
        try:
            self.app.open("practice", self.match, analysis, self.practice_players())
        except Exception as exc:  # a game the practice cannot replay must not take the review with it
            logging.getLogger(__name__).warning("the practice could not open: %s", exc)
            self._say("The practice could not be opened for this game.", error=True)

    # -- the frame --------------------------------------------------------------------------------------
    def analysis_frame(self) -> None:
        """Collect the analysis when it comes (kept with the game, saved with it unless this is a
        record), and keep the banner, the strip and the move list's marks in step."""
        answer = self.analysis.poll()
        if answer == "done":
            if not self.review.record:  # a record opened from a file is never written
                self.saving.autosave()
                self.saving.keep_analysis()  # and the player's own save of the game, at these moves
            self.app.toast(READY if self.review.active else READY_AWAY, 5)
        elif answer is not None:
            self.app.toast(answer, 5)
        self._follow_analysis()

    def _follow_analysis(self) -> None:
        if self.analysis.offered(self.review.record) != self._analyse_offered:
            self.build_review_banner()
        analysis = self.analysis.analysis
        on = self.review.active and (self.analysis.running or analysis is not None)
        if on != self._strip_on:
            self._strip_on = on
            board = self.frame.board
            self.review.layout(board_above(board, self.frame.compact) if on else board)
        self.strip.show_stop(on and self.analysis.running)
        shown = on and not self.analysis.running and analysis is not None
        self.strip.show_practise(shown, shown and self.practice_offered())
        if self._marked != id(analysis):  # the move list's marks, once per analysis
            self._marked = id(analysis)
            count = len(self.match.turns) if analysis is not None else 0
            self.moves.marks = {
                index: {note.player: note.mark for note in self.analysis.notes(index)}
                for index in range(count)
            }

    @property
    def strip_on(self) -> bool:
        """The strip is under the reviewed board."""
        return self._strip_on

    def analysis_click(self, pos: tuple[int, int]) -> bool:
        """A click on the graph reviews the position of the point nearest it; any click on the strip
        is its own (Stop's included), never the board's, which would leave the review."""
        if not self._strip_on or not self.strip.rect.collidepoint(pos):
            return False
        if self.analysis.analysis is not None and not self.analysis.running:
            position = self.strip.position_at(pos, len(self.match.turns))
            if position is not None:
                self.review_at(position)
        return True

    # -- what the review shows -------------------------------------------------------------------------
    def better_shown(self) -> Better | None:
        """The better move of the move on the board, if it is marked (worked out once per move)."""
        position = self.review.position if self.review.active else None
        analysis = self.analysis.analysis
        key = (position, id(analysis))
        if self._better[0] != key:
            better = None
            if position and analysis is not None:
                better = better_at(self.match, position - 1, self.analysis.notes(position - 1))
            self._better = (key, better)
        return self._better[1]

    def analysis_words(self) -> str | None:
        """The banner's detail for a marked move: its mark, what it lost, the better move, and the
        game's reason for it when the two lines of the banner hold it all."""
        better = self.better_shown()
        if better is None:
            return None
        words = better.words()
        if better.reason:
            whole = f"{words} {better.reason}"
            width = self._banner_words.width - self._banner_words.height - 20
            if len(style.wrap(whole, SMALLEST_DETAIL, max(1, width))) <= 2:
                return whole
        return words

    def draw_better(self, surface: pygame.Surface, view: Any) -> None:
        """The better move over the reviewed board (the painter clips to it)."""
        self.better_marks.draw(surface, self.match, self.better_shown(), view, self.clock)

    def draw_strip(self, surface: pygame.Surface) -> None:
        """The strip under the reviewed board: the progress, or the summaries and the graph."""
        if not self._strip_on:
            return
        analysis = self.analysis.analysis
        if self.analysis.running or analysis is None:
            self.strip.draw_progress(surface, self.analysis.progress)
            return
        turns = [self.analysis.notes(i) for i in range(len(self.match.turns))]
        self.strip.draw(surface, self.match, self.view_for_colours(), analysis, turns, self.review.position)

    def view_for_colours(self) -> Any:
        """The board view whose players' colours the strip uses (the review's, else the live one)."""
        return self.review.view if self.review.view is not None else getattr(self, "view", None)
