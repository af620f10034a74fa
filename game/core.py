"""The game contract every Curio Boards game fulfils.

Modelled on python-chess and OpenSpiel: a state knows who must act (one player for alternating
turns, several for a simultaneous phase), lists and checks moves, applies a whole turn and returns
a *new* state (states are never mutated after construction, which makes undo, the AI and the
scenes' before/after animations trivial), speaks its notation both ways and reports the outcome.

Everything above ``game/`` (saves, scenes, the command line) talks only to this contract.
"""

from __future__ import annotations

import functools
import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.phrases import joined
from game.search import Limit
from game.text import quoted

Move = Hashable
"""A move is any small hashable value the game chooses; only its notation leaves the game."""


class GameError(ValueError):
    """Base of every error a game raises about bad input (subclasses ValueError, like python-chess)."""


class OptionError(GameError):
    """An unknown option or a value outside the allowed set."""


class MoveError(GameError):
    """A refused move, named by its ``text``, with ``why`` in players' words.

    The two kinds below differ only in their :attr:`verdict`, which is kept apart from the message so
    that other sentences about the same move (a save's "Move 3 ('c2-c4') is not legal: ...") can say
    it the same way without parsing this message back."""

    verdict = "is not a move"

    def __init__(self, text: str, why: str) -> None:
        super().__init__(f"{quoted(text)} {self.verdict}: {why}")
        self.text = text
        self.why = why


class NotationError(MoveError):
    """Text that is not a move in the game's notation at all."""

    verdict = "is not a valid move"


class IllegalMoveError(MoveError):
    """A well-formed move that the rules do not allow here; ``why`` is meant for players."""

    verdict = "is not legal"


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``winner`` is a player name, or None for a draw."""

    winner: str | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason}


@dataclass(frozen=True)
class TurnWords:
    """What one completed turn did, in players' words.

    ``line`` is the most important fact, short enough for the match screen's status line; ``note``
    is the whole sentence the move list keeps for the turn (the same as ``line`` when one sentence
    says it all). Both name players by their titles and squares in the game's notation."""

    line: str
    note: str = ""

    def __post_init__(self) -> None:
        if not self.note:
            object.__setattr__(self, "note", self.line)


@dataclass(frozen=True)
class EndWords:
    """Why a finished game ended, in players' words, with the squares that decided it (in the game's
    notation) so a board can ring them."""

    reason: str
    squares: tuple[str, ...] = ()


@functools.cache
def _words_module(state_class: type) -> Any:
    """The ``words`` module beside a game's rules (``game/<game>/words.py``), or None.

    Found by the package the state class lives in, so a game gains its sentences by adding that one
    file: the rules module (which other work splits and reshapes) never has to know about it."""
    package = state_class.__module__.rpartition(".")[0]
    if not package.startswith("game."):
        return None
    return optional_module(f"{package}.words")


def optional_module(name: str) -> Any:
    """The module ``name``, or None when it does not exist: a game's optional parts (its words,
    lessons, diagrams) are files it may add or not. A module that exists but fails to import still
    raises, so a mistake in it is never mistaken for its absence."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (name == exc.name or name.startswith(exc.name + ".")):
            return None  # the module, or the package it would live in, is not there
        raise


WORDS_ERRORS = (ValueError, KeyError, TypeError, IndexError, AttributeError)
"""What a game's words may raise on a turn it cannot read; the plain notation is said instead, since
a sentence that fails must never cost the player the move."""


@dataclass(frozen=True)
class OptionSpec:
    """One game option. Every option has a small finite set of textual values so the new-game
    dialog can offer them as a drop-down and the command line can validate them the same way."""

    name: str
    label: str
    default: str
    choices: tuple[str, ...]
    help: str = ""


def validate_options(specs: Sequence[OptionSpec], raw: Mapping[str, str]) -> dict[str, str]:
    """Fill defaults and reject unknown names or values, with messages a player can act on."""
    by_name = {spec.name: spec for spec in specs}
    for name in raw:
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(f"unknown option '{name}' (this game's options: {known})")
    result: dict[str, str] = {}
    for spec in specs:
        value = str(raw.get(spec.name, spec.default)).strip().lower()
        if value not in spec.choices:
            allowed = ", ".join(spec.choices)
            raise OptionError(f"option {spec.name}={value} is not allowed (choose one of: {allowed})")
        result[spec.name] = value
    return result


def parse_option_args(pairs: Sequence[str]) -> dict[str, str]:
    """Turn command-line ``k=v`` strings into a mapping, rejecting anything else clearly."""
    result: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise OptionError(f"option '{pair}' must look like name=value")
        result[name.strip().lower()] = value.strip()
    return result


class GameState(ABC):
    """An immutable position plus whose turn it is.

    Turns are mappings ``{player: move}``: one entry in alternating phases, one per acting player in
    simultaneous phases. Notation of a turn is the single move's text, or for simultaneous phases the
    players' texts joined by ``/`` in the order of :attr:`players`.
    """

    game_id: str = ""
    players: tuple[str, ...] = ()
    player_scope: str = ""
    """Appended to "there is no player 'x'" (Elasta and Nelaxtam name the game there)."""

    # -- who acts -----------------------------------------------------------------------------
    @abstractmethod
    def to_move(self) -> tuple[str, ...]:
        """Players who must act now, in :attr:`players` order; empty once the game is over."""

    @property
    def simultaneous(self) -> bool:
        return len(self.to_move()) > 1

    # -- moves ----------------------------------------------------------------------------------
    @abstractmethod
    def legal_moves(self, player: str) -> Sequence[Move]:
        """Every legal move of ``player`` now (empty if the player does not act)."""

    def check_move(self, player: str, move: Move) -> None:
        """Raise :class:`IllegalMoveError` with a player-facing reason if ``move`` is not legal.

        The scenes show the reason on an illegal click, so every game explains *why*; the refusals all
        games share (:meth:`why_cannot_move`) are written here once and come first, in the same order
        everywhere, and a game supplies only its own reason (:meth:`why_illegal`)."""
        why = self.why_cannot_move(player) or self.why_illegal(player, move)
        if why:
            raise IllegalMoveError(self.safe_move_text(player, move), why)

    def why_cannot_move(self, player: str) -> str | None:
        """Why ``player`` may play no move at all now (the game is over, there is no such player, it is
        another player's turn), else None. Separate from :meth:`check_move` so that a game's
        :meth:`parse_move` can refuse before it even reads the text."""
        if self.over:
            return "the game is already over"
        if player not in self.players:
            return f"there is no player '{player}'{self.player_scope}"
        if player not in self.to_move():
            return f"it is not {self.possessive(player)} turn"
        return None

    def why_illegal(self, player: str, move: Move) -> str | None:
        """Why ``move`` by ``player`` breaks the rules here, in players' words, else None.

        Asked by :meth:`check_move` only once :meth:`why_cannot_move` has passed, so a game's version
        may assume the game goes on and ``player`` acts now. This default knows nothing but the legal
        list; real games override it to say which rule the move breaks."""
        return None if move in self.legal_moves(player) else "the rules do not allow it here"

    def possessive(self, player: str) -> str:
        """``player``'s name as the owner in "it is not ... turn": games whose player names are plural
        ("circles'") or take an article ("the elephant's") override this."""
        return f"{player}'s"

    def safe_move_text(self, player: str, move: Move) -> str:
        """The notation of ``move``, or its ``repr`` when it has none: a refusal must be able to name
        any value it is given (a wrong type, an off-board square) without a second error hiding the
        first."""
        try:
            return self.move_to_text(player, move)
        except (TypeError, ValueError, IndexError, KeyError):
            return repr(move)

    def _sole_mover(self, turn: Mapping[str, Move]) -> str:
        """The one player who acts in an alternating game, after checking that ``turn`` holds exactly
        that player's move; the turn's own moves are then checked by :meth:`check_move`."""
        acting = self.to_move()
        if len(turn) != 1 or not acting or acting[0] not in turn:
            if not acting:
                raise IllegalMoveError(str(turn), "the game is already over")
            raise IllegalMoveError(str(turn), f"it is {self.possessive(acting[0])} turn")
        return acting[0]

    def random_move(self, player: str, rng: random.Random) -> Move:
        """A uniformly random legal move; games with huge move lists override this cheaply."""
        return rng.choice(list(self.legal_moves(player)))

    @abstractmethod
    def apply_turn(self, turn: Mapping[str, Move]) -> GameState:
        """The state after every acting player's move. Raises IllegalMoveError if any is illegal."""

    def apply(self, move: Move) -> GameState:
        """Convenience for alternating phases: the single player to move plays ``move``."""
        acting = self.to_move()
        if len(acting) != 1:
            raise GameError("apply() needs exactly one player to move; use apply_turn()")
        return self.apply_turn({acting[0]: move})

    # -- notation -------------------------------------------------------------------------------
    @abstractmethod
    def move_to_text(self, player: str, move: Move) -> str:
        """The notation of ``move`` by ``player`` in this state."""

    @abstractmethod
    def parse_move(self, player: str, text: str) -> Move:
        """Parse notation into a legal move; NotationError if malformed, IllegalMoveError if not legal."""

    def move_squares(self, player: str, move: Move) -> list[str]:
        """The squares ``move`` of ``player`` touches, named in the game's notation and in the order a
        player would mark them: the piece, then where it goes (every square of its path when it
        stops on the way); for orders of many parts, each part's squares in the order they are
        given. A board draws a hint's or a lesson's marks from these, so no mark is ever worked out
        from the notation's text or from where a click would land.

        Asked only about a legal move of ``player`` in this position. A game whose moves name no
        square (a pass; the toy games of the tests) says ``[]``, which is this default."""
        return []

    def captures(self, player: str, move: Move) -> list[str]:
        """The squares of the opponent's pieces that ``move`` of ``player`` takes, in the game's
        notation: what the coach's threat marks (:mod:`game.threats`) are made of, so a board never
        works out a capture from pixels or notation.

        Asked only about a legal move of ``player`` in this position. The games of secret orders
        (Elasta, Nelaxtam) keep this default ``[]``: a troop or chip is not "taken" by one move
        there, it is lost in a turn both players order at once, so a mark would promise too much."""
        return []

    def with_mover(self, player: str) -> GameState | None:
        """This position with ``player`` to move, as if the turn had passed: how the coach asks what
        the opponent could take if it moved now, during the player's own turn. None when the game
        cannot say (a setup phase, a simultaneous game), which is this default; a position where
        ``player`` already moves is itself."""
        return self if self.to_move() == (player,) else None

    def turn_to_text(self, turn: Mapping[str, Move]) -> str:
        return "/".join(self.move_to_text(p, turn[p]) for p in self.to_move())

    def parse_turn(self, text: str) -> dict[str, Move]:
        """Parse a whole turn: a move, or ``A/B`` in a simultaneous phase."""
        acting = self.to_move()
        if not acting:
            raise IllegalMoveError(text, "the game is already over")
        parts = [part.strip() for part in text.strip().split("/")] if len(acting) > 1 else [text.strip()]
        if len(parts) != len(acting):
            raise NotationError(text, f"a turn here has {len(acting)} parts separated by '/'")
        return {player: self.parse_move(player, part) for player, part in zip(acting, parts, strict=True)}

    # -- identity -------------------------------------------------------------------------------
    @abstractmethod
    def key(self) -> Hashable:
        """Everything that makes two positions the same (repetition rules, transposition tables,
        tests comparing states); equality and hashing follow it."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    # -- words ----------------------------------------------------------------------------------
    def describe_turn(self, turn: Mapping[str, Move], after: GameState) -> TurnWords:
        """What the completed ``turn`` played from this state did, ending in ``after``.

        Only ever asked about a turn already played (secret orders revealed), so it may name every
        move. A game's ``words.py`` (``describe_turn(before, turn, after)``) says it in full; without
        one, or if it cannot read the turn, the notation is said plainly."""
        words = _words_module(type(self))
        if words is not None:
            try:
                said: TurnWords = words.describe_turn(self, turn, after)
                return said
            except WORDS_ERRORS:
                pass
        return self.plain_turn_words(turn)

    def plain_turn_words(self, turn: Mapping[str, Move]) -> TurnWords:
        """ "White played a1-a3." — the sentence every game can say."""
        parts = []
        for player, move in turn.items():
            parts.append(f"{player.replace('-', ' ').title()} played {self.safe_move_text(player, move)}")
        return TurnWords("; ".join(parts) + ".")

    def move_words(self, player: str, move: Move) -> str:
        """``move`` by ``player`` from this state named in a short phrase a newcomer reads ("Queen c9
        merges a11", at most about 28 characters where it can be), for the move list's narrow rows;
        records and saves keep the notation. A game's ``words.py`` (``move_words(state, player,
        move)``) says it from the rules; without one, or if it cannot read the move, the notation."""
        words = _words_module(type(self))
        said = getattr(words, "move_words", None)
        if said is not None:
            try:
                phrase: str = said(self, player, move)
                if phrase:
                    return phrase
            except WORDS_ERRORS:
                pass
        return self.safe_move_text(player, move)

    def describe_end(self) -> EndWords | None:
        """Why the game ended and the squares that decided it; None while it goes on. A game's
        ``words.py`` (``describe_end(state)``) names the squares; else the outcome's reason alone."""
        outcome = self.outcome()
        if outcome is None:
            return None
        words = _words_module(type(self))
        if words is not None:
            try:
                said: EndWords = words.describe_end(self, outcome)
                return said
            except WORDS_ERRORS:
                pass
        return EndWords(outcome.reason)

    # -- result ---------------------------------------------------------------------------------
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on."""

    @property
    def over(self) -> bool:
        return self.outcome() is not None

    def ended_by_cap(self) -> bool:
        """True when this finished position was stopped by one of the rules' safety caps (a turn
        limit, a quiet-moves draw) rather than decided by play: the ladder counts such games apart,
        since many of them mean the players could not force a result. Games without caps say no."""
        return False

    @abstractmethod
    def score(self) -> dict[str, int]:
        """The game's running score (JSON ``score``)."""

    @abstractmethod
    def position(self) -> dict[str, Any]:
        """A JSON-able description of the position (documented per game in docs/)."""

    @abstractmethod
    def __str__(self) -> str:
        """A plain-text picture of the position for debugging and tests."""


AIFunction = Callable[[GameState, str, str, random.Random, Limit], Move]
"""``ai(state, player, level, rng, limit) -> move``: the game's own AI for one level, within ``limit``
(:class:`game.search.Limit`: seconds, depth, nodes). Every game's AI also takes a plain number of
seconds for ``limit``, as callers gave it before limits (:func:`game.search.as_limit`)."""


CC_BY_SA_4 = "https://creativecommons.org/licenses/by-sa/4.0/"
"""The Creative Commons Attribution-ShareAlike 4.0 licence, named in a :attr:`Credit.attribution`."""

WRITTEN_FRESH = (
    "Our rules text, lessons and diagram captions are written fresh in our own words; "
    "no sentence is taken from the source. They are part of Curio Boards, under its "
    "MIT License."
)
"""How our texts stand to the source when we wrote them ourselves (every game's, so far)."""


@dataclass(frozen=True)
class Credit:
    """Who made a game and where the rules we play by were published: shown on the menu card, in
    the rules window and on the Credits screen, and listed in ``docs/credits.md``."""

    designers: tuple[str, ...]
    """The game's designers, as they sign their rules (at least one)."""
    year: int | None
    """The year the game was published; None when the source does not say."""
    publisher: str | None
    """Who publishes the game, where someone does; None for rules shared by their designers."""
    source: str
    """Where the rules we follow were published, in players' words."""
    source_licence: str
    """The terms of that text: "© 2003 Michail Antonow", "CC BY-SA 4.0"."""
    rules_text: str = WRITTEN_FRESH
    """How our own rules text stands to the source (written fresh, or adapted and under which
    licence), said to players."""
    source_url: str | None = None
    """Where the source text can be read, when it has a lasting address."""
    attribution: str | None = None
    """For a source under a Creative Commons licence, the notice it asks for: the text's title, its
    authors, where it is and the licence with its address."""

    @property
    def names(self) -> str:
        """ "Jim Adams and Amy Enge"."""
        return joined(self.designers)

    def byline(self) -> str:
        """ "Designed by Robert Abbott, 1975" (the year left out when unknown; "Designed and published
        by" when the designer is the publisher)."""
        year = f", {self.year}" if self.year is not None else ""
        made = "Designed and published" if self.publisher == self.names else "Designed"
        return f"{made} by {self.names}{year}"

    def short_byline(self) -> str:
        """ "By Jim Adams and Amy Enge, 2004": the byline where room is short."""
        year = f", {self.year}" if self.year is not None else ""
        return f"By {self.names}{year}"

    @property
    def share_alike(self) -> bool:
        """Whether the source is under a Creative Commons Attribution-ShareAlike licence (whoever
        shows it or builds on it names title, authors, source and licence: :attr:`attribution`)."""
        return "BY-SA" in self.source_licence


@dataclass(frozen=True)
class SolvedBadge:
    """What a game with an exact solver offers the "solved" badge: a cheap test the screen makes
    after every turn, and the words (None past ``seconds`` or out of reach), worked out in a worker."""

    within_reach: Callable[[GameState], bool]
    words: Callable[[GameState, float], str | None]


@dataclass(frozen=True)
class StartValues:
    """What a game whose start positions are proved offers (Elephant Run's start table): the value
    of every start for a set of options as plain data (``solve --start --json``), the same as
    readable lines, and a re-proof of every claim the shipped tables make (``--check-table``:
    whether all held, and lines saying each)."""

    report: Callable[[Mapping[str, str]], dict[str, Any]]
    lines: Callable[[Mapping[str, Any]], list[str]]
    check: Callable[[Mapping[str, str], Callable[[str], None] | None], tuple[bool, list[str]]] | None = None


@dataclass(frozen=True)
class GameInfo:
    """A register entry: everything the menu, command line, saves and tests need about a game."""

    id: str
    title: str
    players: tuple[str, ...]
    summary: str
    options: tuple[OptionSpec, ...]
    factory: Callable[[dict[str, str]], GameState]
    ai: AIFunction
    simultaneous: bool = False
    rules_help: str = ""
    credit: Credit | None = None
    """Designers, year, publisher, the source of the rules and its licence (see :class:`Credit`)."""
    bench_states: Callable[[], list[GameState]] | None = None
    position_factory: Callable[[str, dict[str, str]], GameState] | None = None
    perft: Callable[[GameState, int], int] | None = None
    """A fast perft by the standard convention (bit boards, make/unmake) for ``perft`` and the
    tests; None: the command line counts with the generic :func:`game.core.perft`."""
    rules_bench: Callable[[float], list[tuple[str, float]]] | None = None
    """Extra lines for ``bench``'s rules speed, ``seconds -> [(label, figure)]``."""
    solve_report: Callable[[GameState, float], list[str]] | None = None
    """``python -m game solve``: exact values of a position and its moves, ``(state, seconds) ->
    lines``; None: the game cannot be solved."""
    greedy: Callable[[GameState, str, random.Random], Move] | None = None
    """The greedy beginner the ladder measures the levels against (``game/<game>/greedy.py``); None:
    :func:`game.greedy.generic_move`."""
    solved_badge: SolvedBadge | None = None
    """The "solved" badge's words for positions an exact solver reaches (:mod:`game.solved`); None:
    never a badge in this game."""
    start_values: StartValues | None = None
    """The proved value of every start (``solve --start``, ``--check-table``); None: not proved."""
    styles: Callable[[], Sequence[Any]] | None = None
    """The styles of play the gauntlet seats against the levels (``game/<game>/styles.py``, a list
    of :class:`game.styles.Style`), loaded only when asked for; None: no gauntlet for this game."""
    level_notes: Mapping[str, str] = field(default_factory=dict)
    """What each computer level is like in this game, in one line a player can act on ("sees its
    move and your reply"), shown on the new-game screen; a level not named gets the general line."""

    def new_state(self, options: Mapping[str, str] | None = None) -> GameState:
        return self.factory(self.validate(options or {}))

    def validate(self, options: Mapping[str, str]) -> dict[str, str]:
        return validate_options(self.options, options)

    def player_title(self, player: str) -> str:
        return player.replace("-", " ").title()
