"""Nelaxtam's lessons: the invasion, moving and destroying, the clean-up, the end and its caps.

Each lesson is one idea on a small real position (see :mod:`game.lessons`), all on the 8x8 board
so every piece stays big enough to read. The first lesson starts from the opening (the invasion);
the others are position pictures in the game's own text (``b``/``w`` pieces, ``1``-``5`` Black's
troops, ``A``-``E`` White's, ``.`` a destroyed square, a ``turn=N calm=N`` line). The learner always
plays Black; White's orders are the step's ``reply``, revealed in the same turn. Most steps are
judged by a goal on the position after the reveal (how many pieces White lost, whether a troop is
still alive), because several orders often do the same job.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from game.core import GameState
from game.lessons import Lesson, Step
from game.nelaxtam import rules as R

Goal = Callable[[GameState, GameState, str], bool]
SMALL = {"size": "8"}


def _nel(state: GameState) -> R.NelaxtamState:
    return cast(R.NelaxtamState, state)


def _pieces(state: GameState, player: str) -> int:
    """Pieces of ``player`` on the board (controlled or not: the clean-up has already run)."""
    return _nel(state).territory[R.PLAYERS.index(player)].bit_count()


def _white_loses(at_least: int) -> Goal:
    """The goal "White lost at least ``at_least`` pieces this turn"."""

    def goal(before: GameState, after: GameState, text: str) -> bool:
        return _pieces(before, R.WHITE) - _pieces(after, R.WHITE) >= at_least

    return goal


def _alive(troop: int) -> Callable[[GameState], bool]:
    def alive(state: GameState) -> bool:
        return _nel(state).troops[0][troop - 1] != R.DEAD

    return alive


def _troop_on(troop: int, square: str) -> Goal:
    """The goal "Black's troop ``troop`` stands on ``square`` after the turn"."""

    def goal(before: GameState, after: GameState, text: str) -> bool:
        state = _nel(after)
        return state.troops[0][troop - 1] == state.geo.index(square)

    return goal


def _moved(troop: int) -> Goal:
    """The goal "Black's troop ``troop`` moved this turn (and lives)"."""

    def goal(before: GameState, after: GameState, text: str) -> bool:
        now = _nel(after).troops[0][troop - 1]
        return now != R.DEAD and now != _nel(before).troops[0][troop - 1]

    return goal


def _both(first: Goal, second: Goal) -> Goal:
    """A goal that needs both ``first`` and ``second``."""

    def goal(before: GameState, after: GameState, text: str) -> bool:
        return first(before, after, text) and second(before, after, text)

    return goal


def _black_wins(state: GameState) -> bool:
    outcome = state.outcome()
    return outcome is not None and outcome.winner == R.BLACK


def _black_won(before: GameState, after: GameState, text: str) -> bool:
    return _black_wins(after)


# -- 1. the invasion: sealing secret orders and the reveal ----------------------------------------------


def _some_by_air(before: GameState, after: GameState, text: str) -> bool:
    """At least one troop landed inland (by air), so the learner has seen both kinds of landing."""
    geo = _nel(before).geo
    return any(not geo.edge >> geo.index(name) & 1 for name in text.split(","))


def _gives_an_order(before: GameState, after: GameState, text: str) -> bool:
    return any(not part.endswith("-") for part in text.split(","))


INVASION = Lesson(
    id="nelaxtam-invasion",
    title="The invasion",
    rule="Invasion: five troops land in secret, the sea troops on the edge; orders are sealed and revealed",
    intro=(
        "The island is a checkerboard of pieces (here 8 by 8; a full game uses 12 by 12). The dark "
        "ones are yours, the light ones White's. You and White land five troops each, at the same "
        "time and in secret."
    ),
    learner=R.BLACK,
    options={**SMALL, "sea": "3"},
    steps=(
        Step(
            say=(
                "Click five dark squares to land troops 1 to 5. Three come by sea and must land on "
                "the coast, the board's edge. Two fly in: land them inland. Then Confirm."
            ),
            goal=_some_by_air,
            solution="a1,h8,c1,d4,e5",
            reply="b1,h5,a8,d5,e4",
            otherwise="Fly at least one troop in: troops by air may land inland, on any dark square.",
            done="Both landings flipped up together. Now you can see where White landed.",
        ),
        Step(
            say=(
                "Now give your first orders: click a troop, then a square it moves to or a light "
                "piece it destroys. Troops without an order hold. Confirm to seal."
            ),
            goal=_gives_an_order,
            solution="1-,2-,3-,4nw,5-",
            reply="5ne",
            otherwise="Give at least one troop an order before you confirm.",
            done="Orders revealed: both sides' troops acted at the same moment.",
        ),
    ),
    par=2,
    outro=(
        "Every turn works like this: both sides seal their orders in secret, then everything is "
        "revealed and happens at once."
    ),
)

# -- 2. moving ------------------------------------------------------------------------------------------

MOVES = Lesson(
    id="nelaxtam-moves",
    title="Moving",
    rule="Orders: move one square diagonally onto own territory",
    intro=(
        "A troop moves one square diagonally, onto a piece of your own colour. It can't step onto "
        "a hole, or onto a square where another of your troops stands. (The lessons from here on "
        "use only a few troops a side.)"
    ),
    learner=R.BLACK,
    position="""
        turn=1 calm=0
        w b w b w b A b
        b w b w b w b B
        w b w b w . w b
        b w b w b w b w
        w . w b w b w b
        b w 1 w 2 w b w
        w b w b w b w b
        b w b w b w b w
    """,
    steps=(
        Step(
            say="Walk troop 1 toward the ringed square: one step diagonally up and to the right.",
            goal=_troop_on(1, "d4"),
            solution="1ne,2-",
            reply="-",
            targets=("e5",),
            arrows=(("c3", "d4"),),
            wrong={
                "1se,2-": "That's away from the ring. Up and to the right is north-east.",
                "1sw,2-": "That's away from the ring. Up and to the right is north-east.",
            },
            otherwise="Move troop 1 one square up and to the right, to d4.",
            done="Troop 1 is on d4, one step from the ring.",
        ),
        Step(
            say=(
                "Every troop gets its own order each turn. Move troop 1 onto the ring, and move "
                "troop 2 too, in the same turn."
            ),
            goal=_both(_troop_on(1, "e5"), _moved(2)),
            solution="1ne,2ne",
            reply="-",
            targets=("e5",),
            arrows=(("d4", "e5"),),
            otherwise="Send troop 1 up and to the right onto the ring, and give troop 2 a move as well.",
            done="Both troops moved at once.",
        ),
    ),
    par=2,
    outro=(
        "Troops move diagonally on their own land. Holes and your own troops are in the way, and two "
        "of your troops can't move onto the same square."
    ),
)

# -- 3. destroying and cutting off ----------------------------------------------------------------------


def _troop_2_destroys(before: GameState, after: GameState, text: str) -> bool:
    """Troop 2 destroys and troop 1 holds (troop 1's cut is the next step)."""
    orders = {part[:1]: part[1:] for part in text.split(",")}
    return orders.get("1") == "-" and orders.get("2", "").startswith("x")


CUT = Lesson(
    id="nelaxtam-cut",
    title="Destroy and cut off",
    rule="Orders: destroy an orthogonal enemy piece; clean-up removes groups without a troop",
    intro=(
        "A troop destroys a light piece right next to it: up, down, left or right, never "
        "diagonally. Light pieces that touch corner to corner form a group, and a group with no "
        "White troop on it is swept away."
    ),
    learner=R.BLACK,
    position="""
        turn=1 calm=0
        w b w b w b w b
        b w b . b w b w
        w b w 1 w b w b
        b . b w b w b w
        w b w b w b w b
        b w b w b . b B
        w b w b w 2 A b
        b w b w b w b w
    """,
    steps=(
        Step(
            say=(
                "Troop 2 has light pieces on three sides. Destroy one: click troop 2, then a light "
                "piece next to it."
            ),
            goal=_troop_2_destroys,
            solution="1-,2xw",
            reply="-",
            targets=("e2", "f1", "g2"),
            otherwise="Use troop 2 this time, and make it destroy a light piece beside it.",
            done="Destroyed: that square is a hole now, for good.",
        ),
        Step(
            say=(
                "White's ringed corner hangs on to the rest by a thin link, and no White troop "
                "stands on it. Destroy the link with troop 1 and the whole corner goes."
            ),
            goal=_white_loses(5),
            solution="1xs,2-",
            reply="-",
            targets=("a8", "b7", "c8", "a6", "c6"),
            wrong={"1xe,2-": "e6 is gone, but the corner still hangs on through c6 and d5. Find its link."},
            otherwise="Destroy the piece that joins the ringed corner to the rest of White's land.",
            done="Cut off! The corner had no White troop, so it was swept away in the clean-up.",
        ),
    ),
    par=2,
    outro="One well-placed hole can sweep away a whole group. Hunt for thin links.",
)

# -- 4. troops in danger --------------------------------------------------------------------------------

FIRE = Lesson(
    id="nelaxtam-fire",
    title="Out of the line of fire",
    rule="Resolution: moves first, then destructions; a troop on a destroyed piece dies",
    intro=(
        "All moves happen first, then all destructions at once. A troop standing on a destroyed "
        "piece dies, even if it just stepped there. One that stepped away is safe."
    ),
    learner=R.BLACK,
    position="""
        turn=1 calm=0
        w b w b w b w b
        b w b w b w b w
        w b w b B b w b
        b w b A b w b w
        w b w 1 w b w b
        b w b w b w b w
        w 2 w b w b w b
        b w b w b w b w
    """,
    steps=(
        Step(
            say=(
                "White's troop 1 will destroy d4, under your troop 1. White's troop 2 is aiming at "
                "e5. Save your troop 1."
            ),
            goal=lambda before, after, text: _alive(1)(after),
            solution="1nw,2-",
            reply="1xs,2xs",
            targets=("d4", "e5"),
            arrows=(("d5", "d4"), ("e6", "e5")),
            wrong={
                "1-,2-": "Troop 1 stayed on d4, and d4 was destroyed: it dies.",
                "1ne,2-": (
                    "e5 is exactly where White's troop 2 shoots. A troop that moves onto a destroyed "
                    "piece dies."
                ),
                "1xn,2-": (
                    "Both shots land at once: White's troop 1 dies, but d4 goes too, and your troop "
                    "with it. That's a double destruction."
                ),
            },
            otherwise="Step troop 1 diagonally to a square no White troop is aiming at.",
            done="Troop 1 stepped away in time. d4 is gone, but your troop is safe.",
        ),
    ),
    par=1,
    outro=(
        "Watch what the enemy troops can reach. A troop that shoots still dies if its own square "
        "is shot at the same time."
    ),
    finish=_alive(1),
)

# -- 5. the end and the score ---------------------------------------------------------------------------

END = Lesson(
    id="nelaxtam-end",
    title="Counting the land",
    rule="End: no troop can destroy any more; more controlled pieces wins, equal is a draw",
    intro=(
        "The game ends when no troop can ever destroy again: no troop's land touches enemy land "
        "side by side. Then each side counts its pieces. More wins; equal is a draw."
    ),
    learner=R.BLACK,
    position="""
        turn=1 calm=0
        . . . . . . . .
        . . . . . . . A
        . . . . . . w .
        . . . . . w . w
        . . . 2 w . w .
        b . b . . w . .
        . b . . w 1 . .
        b . b . b w . .
    """,
    steps=(
        Step(
            say=(
                "Count: you have 8 pieces, White has 9. End the game this turn, and be ahead when "
                "it ends. e2 and f1 have no White troop."
            ),
            goal=_black_won,
            solution="1xn,2xe",
            reply="-",
            targets=("e2", "f1", "e4"),
            wrong={
                "1xn,2-": (
                    "Three light pieces gone, but troop 2's land still touches e4, so the game goes "
                    "on. Do both in the same turn."
                ),
                "1-,2xe": (
                    "e4 is gone, but troop 1 still touches White's land, so the game goes on. "
                    "Use both troops."
                ),
                "1xw,2xe": "f3 still links to White's land and touches troop 1: the game goes on.",
            },
            otherwise=(
                "The game ends only when no land touches the enemy's side by side. Cut off e2 and "
                "f1 with troop 1, and take e4 with troop 2."
            ),
            done="No troop can destroy any more. Count: 8 against 5, you win!",
        ),
    ),
    par=1,
    outro=(
        "Only pieces in a group with one of your troops count. Lose every troop and you lose all your land."
    ),
    finish=_black_wins,
)

# -- 6. the calm-turns cap ------------------------------------------------------------------------------


CALM = Lesson(
    id="nelaxtam-calm",
    title="Twenty calm turns",
    rule="Safety cap: 20 turns in a row with no piece destroyed end the game",
    intro=(
        "If 20 turns pass in a row without a single piece destroyed, the game ends and the pieces "
        "are counted. The side that's ahead can simply wait."
    ),
    learner=R.BLACK,
    position="""
        turn=40 calm=19
        . b . b w b w b
        b . b . b w b w
        . b . 1 w b w b
        b . b . b w b w
        w b w b w b w b
        b w b w b . b B
        w b w b w 2 A b
        b w b w b w b w
    """,
    steps=(
        Step(
            say=(
                "19 calm turns so far, and you're ahead 32 to 23. One more turn with nothing "
                "destroyed ends the game. Hold still: press Confirm without giving an order."
            ),
            goal=_black_won,
            solution="1-,2-",
            reply="-",
            otherwise=(
                "A piece was destroyed, so the calm count starts again and the game goes on. "
                "You're ahead: just hold."
            ),
            done="Twenty calm turns: the game is over, and your bigger land wins.",
        ),
    ),
    par=1,
    outro=(
        "When you're behind, calm turns are your enemy: keep attacking. There's also a last "
        "limit: after 300 turns the pieces are counted."
    ),
    finish=_black_wins,
)

# -- 7. the quiet variant -------------------------------------------------------------------------------

QUIET = Lesson(
    id="nelaxtam-quiet",
    title="The quiet variant",
    rule="Quiet variant: one order per turn",
    intro=(
        "In the quiet variant each side gives one order per turn, to one troop. The others hold. "
        "So every order has to count."
    ),
    learner=R.BLACK,
    options={"quiet": "on"},
    position="""
        turn=1 calm=0
        A b w b w b w b
        b w b w b w b w
        w 2 w b w b w b
        b w . w b w b w
        w b B b w b . b
        b w b w 1 w b w
        w b w b . b w b
        b w b w b w b w
    """,
    steps=(
        Step(
            say=(
                "One order only. White's ringed corner has no troop and hangs on by a link next "
                "to your troop 1. Cut it off."
            ),
            goal=_white_loses(5),
            solution="1xn",
            reply="2xe",
            targets=("h1", "g2", "f1", "h3"),
            wrong={"1xw": "d3 is gone, but nothing else came with it. Aim for the corner's link."},
            otherwise="Use your one order on troop 1 to destroy a link of the ringed corner.",
            done="One order, and the whole corner is gone. White's one order only took d4.",
        ),
    ),
    par=1,
    outro="With one order a turn, look for the single order that does the most.",
)

# -- 8. synthesis: the last two turns -------------------------------------------------------------------

FINAL = Lesson(
    id="nelaxtam-final",
    title="The last two turns",
    rule="Safety cap: the game ends after 300 turns; the bigger land wins",
    intro=(
        "A game ends after 300 turns at the latest, and the pieces are counted. This one is at "
        "turn 298 and you're behind, 22 to 28. Two turns to turn it around!"
    ),
    learner=R.BLACK,
    position="""
        turn=298 calm=0
        w b w b w b w b
        b w b . b w b w
        w b w 1 A b w b
        b . b w b w b w
        w b w b w b . b
        . w b B 2 w b w
        w . w . . . w .
        . w . w . w . w
    """,
    steps=(
        Step(
            say=(
                "White's troop 1 will destroy d6 under your troop 1. Step troop 1 away, and with "
                "troop 2 cut off White's bottom-right corner, all in one turn."
            ),
            goal=_both(lambda before, after, text: _alive(1)(after), _white_loses(4)),
            solution="1sw,2xe",
            reply="1xw,2-",
            targets=("d6", "f1", "g2", "h1", "h3"),
            arrows=(("e6", "d6"),),
            wrong={
                "1-,2xe": (
                    "The corner is gone, but so is troop 1: d6 was destroyed under it. Step it away too."
                ),
                "1xe,2xe": (
                    "White's troop 1 dies, but d6 goes too, and your troop with it. Step away instead."
                ),
            },
            otherwise="Do both: move troop 1 off d6, and let troop 2 destroy the corner's link.",
            done="Troop 1 is safe and the corner is gone. Last turn coming!",
        ),
        Step(
            say=(
                "Turn 300, the last. After it the pieces are counted, so get ahead now: the "
                "top-left corner has no White troop either."
            ),
            goal=_black_won,
            solution="1xe,2-",
            reply="-",
            targets=("a8", "b7", "c8", "a6", "c6"),
            otherwise="Not ahead when the time ran out. Cut off White's top-left corner at its link.",
            done="Time's up, and your land is bigger. You win!",
        ),
    ),
    par=2,
    outro=(
        "Land, moves, holes, cuts and the clock: that's all of Nelaxtam. Now try a real game "
        "against the computer."
    ),
    finish=_black_wins,
)


LESSONS: tuple[Lesson, ...] = (INVASION, MOVES, CUT, FIRE, END, CALM, QUIET, FINAL)
