"""Elephant Run lessons on how a game ends: reaching the target (and the trap of trampling the last
farmer too early), the farmers' forced pass, and a whole small endgame to finish.

Kept apart from :mod:`.lessons` so that each file stays short; the game's ``LESSONS`` tuple there
lists these after the basics.
"""

from __future__ import annotations

from game.elephant_run.lessons_kit import ELEPHANT, FARMERS, eats, ends_won_by, won_by
from game.lessons import Lesson, Step

TARGET = Lesson(
    id="ten-points",
    title="Ten points wins",
    rule="Score and end: the target; no farmers left",
    intro=(
        "You need 10 points and have 8: five farmers trampled and three tiles eaten. One farmer is "
        "left. If the last farmer goes, the game ends on the spot, points or not."
    ),
    learner=ELEPHANT,
    position="....../..F.../._e.../..._.. e",
    steps=(
        Step(
            say=(
                "Careful: trampling the last farmer now ends the game with only 9 points, and the "
                "farmers would win. Eat a tile instead."
            ),
            goal=eats,
            solution="c2-d2",
            wrong={
                "c2-c4": (
                    "That tramples the last farmer: the game ends at once with 9 of 10 points, and "
                    "the farmers win. Eat a tile instead."
                ),
            },
            reply="c3-c4",
            done="9 points, and a farmer is still on the field.",
        ),
        Step(
            say=("One more point wins, and every elephant move scores one. Eat any tile to reach 10."),
            goal=ends_won_by(ELEPHANT),
            solution="d2-e2",
            done="10 points: the elephant wins at once.",
        ),
    ),
    par=2,
    finish=won_by(ELEPHANT),
    outro=(
        "The elephant wins the moment it reaches its target. If the last farmer is trampled first, "
        "the game is over and the farmers win."
    ),
)


PASS = Lesson(
    id="pass",
    title="When no farmer can move",
    rule="Pass: only when no farmer can move",
    intro=(
        "The farmers must move a farmer every turn. Only when none of them can step, jump or run may "
        "they pass. This game is played to 12 points, with five farmers."
    ),
    learner=FARMERS,
    options={"points": "12", "farmers": "5"},
    position="__..../Fe..../__..../_._... f",
    steps=(
        Step(
            say=(
                "Your last farmer on a3 is boxed in: holes around it, the elephant beside it, and a "
                "farmer never jumps the elephant. No move is left, so press Pass."
            ),
            accept=("pass",),
            targets=("a3",),
            reply="b3-c3",
            done="You passed, and the elephant ate its twelfth tile.",
        ),
    ),
    par=1,
    finish=won_by(ELEPHANT),
    outro=(
        "Passing is only allowed when you are stuck, and here it handed the elephant its last point. "
        "In a real game, keep a farmer free to move."
    ),
)


ENDGAME = Lesson(
    id="endgame",
    title="A whole small endgame",
    rule="All together: runs, a jump, the blockade",
    intro=(
        "Put it all together. The elephant on b4 has 4 points. Pin it against the left edge in three "
        "moves, using runs across the holes and a jump over a friend."
    ),
    learner=FARMERS,
    position="Fe_F.F/.F_F../.._.../..F... f",
    steps=(
        Step(
            say=(
                "The elephant can eat a3, or trample b3 and land on b2. Fill b2 so that b3 is safe: a "
                "farmer can run there across the hole on c3."
            ),
            accept=("d4-b2",),
            targets=("b2",),
            arrows=(("d4", "b2"),),
            wrong={
                "b3-b2": (
                    "Now b3 is empty, and the elephant walks out through it. Bring another farmer to b2."
                ),
                "c1-b2": (
                    "That fills b2 but empties c1: from a3 the elephant could trample b2 and land on "
                    "c1. Bring the farmer on d4 instead."
                ),
            },
            otherwise="The elephant still has two ways out. Run a farmer across the hole onto b2.",
            reply="b4-a3",
            done="It had to eat a3.",
        ),
        Step(
            say=(
                "Next it must go to a2, where a1 and b1 are open. Fill b1 now, and one more move will "
                "close a1. A run across the hole on c2 gets there."
            ),
            accept=("d3-b1",),
            targets=("b1", "a1"),
            arrows=(("d3", "b1"),),
            wrong={
                "c1-b1": (
                    "Now c1 is empty, so the elephant can trample b2 and land on c1. Run from d3 instead."
                ),
            },
            otherwise=(
                "That leaves the elephant too much room. Fill b1 by running a farmer across the hole on c2."
            ),
            reply="a3-a2",
            done="Down to a2. Only a1 is left.",
        ),
        Step(
            say="Close a1 without opening another gap. A jump over a friend does it.",
            goal=ends_won_by(FARMERS),
            solution="c1-a1",
            targets=("a1",),
            wrong={
                "b1-a1": "a1 is closed, but now b1 is open. Fill a1 without leaving a gap.",
                "b2-a1": "a1 is closed, but now b2 is open. Fill a1 without leaving a gap.",
            },
            otherwise="The elephant can still eat a1. Jump c1 over b1 onto a1.",
            done="The elephant cannot move. The farmers win!",
        ),
    ),
    par=3,
    finish=won_by(FARMERS),
    outro="You won with the elephant stuck at 6 points. Next, try a real game against the computer.",
)


ENDINGS: tuple[Lesson, ...] = (TARGET, PASS, ENDGAME)
