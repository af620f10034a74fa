"""Epaminondas lessons on how games end: the symmetry rule on crossing, a player who cannot move,
the two draws, and a whole small endgame to finish.

Kept apart from :mod:`.lessons` (movement, captures, crossing) so that each file stays short; the
game's ``LESSONS`` tuple there lists these after the basics.
"""

from __future__ import annotations

import itertools

from game.epaminondas.lessons_kit import BLACK, WHITE, crossed, ends_with, position, won_by
from game.lessons import Lesson, Step

SYMMETRY = Lesson(
    id="symmetry",
    title="The mirror rule",
    rule="Symmetry rule (mirror)",
    intro=(
        "One crossing is forbidden: a move onto the enemy home row that leaves the board a perfect "
        "mirror image, each stone facing an enemy stone on the matching square of the other half."
    ),
    learner=WHITE,
    position=position(white="c11 e4 e5", black="c1 e9 e8"),
    steps=(
        Step(
            say=(
                "Black is across on c1 and wins next turn unless you cross too. Try c11 straight up to "
                "c12 first: the board would then mirror itself. Then find a crossing that works."
            ),
            accept=("c11-b12", "c11-d12"),
            targets=("b12", "c12", "d12"),
            otherwise="Black has more stones across and would win as its turn begins. Cross onto rank 12.",
            done="One each across: a level count, so nobody wins yet.",
        ),
    ),
    par=2,
    finish=lambda state: not state.over and state.score() == {WHITE: 1, BLACK: 1},
    outro=(
        "Black's c1 faced your c12 and every other stone had its twin, so that crossing was refused. "
        "The new-game options can turn the mirror into a half-turn, or switch the rule off."
    ),
)


STUCK = Lesson(
    id="stuck",
    title="Nowhere to go",
    rule="Win: a player with no legal move loses",
    intro=(
        "A player who has no legal move when their turn begins loses the game. Black has one stone "
        "left, and it is nearly boxed in."
    ),
    learner=WHITE,
    position=position(white="a7 b7 b6 b5 a4", black="a6"),
    steps=(
        Step(
            say=(
                "Black's stone on a6 has one free square left: a5. A lone stone cannot capture, so fill "
                "a5 without opening another door."
            ),
            goal=ends_with(WHITE),
            solution="a4-a5",
            targets=("a5",),
            wrong={
                "b5-a5": "Now b5 is empty, and Black's stone slips out there. Fill a5 with another stone.",
                "b6-a5": "Now b6 is empty, and Black's stone slips out there. Fill a5 with another stone.",
            },
            otherwise="Black's stone can still step to a5. Fill that square.",
            done="Black cannot move at all, so White wins.",
        ),
    ),
    par=1,
    finish=won_by(WHITE),
    outro="Boxed in with no move: that loses, just like having no stones left.",
)


REPETITION = Lesson(
    id="repetition",
    title="Round in circles",
    rule="Draw: the same position a third time",
    intro=(
        "If the same position comes back a third time with the same player to move, the game is a "
        "draw. You are Black and a stone behind: a draw would be a fine result."
    ),
    learner=BLACK,
    position=position(white="d5 d6 d7 h3", black="k9 b10 b11"),
    moves=("h3-h4", "k9-k8", "h4-h3", "k8-k9", "h3-h4", "k9-k8", "h4-h3"),
    steps=(
        Step(
            say=(
                "White's stone on h3 and yours on k8 have gone back and forth twice. Move k8 back to k9: "
                "this position then appears for the third time, with White to move."
            ),
            accept=("k8-k9",),
            targets=("k9",),
            arrows=(("k8", "k9"),),
            otherwise="That is a new position, so the game goes on. Step k8 back to k9 to repeat it.",
            done="The same position three times: a draw.",
        ),
    ),
    par=1,
    finish=won_by(None),
    outro=(
        "A draw by repetition. Want to win instead? Then you have to change something before the "
        "third time comes round."
    ),
)


def quiet_walk() -> tuple[str, ...]:
    """199 plies without a capture from :data:`QUIET`'s start, no position seen twice: Black's stone
    rocks between c4 and c5 and finally steps down to c2, while White's lone stone tours files e-n
    of ranks 11 down to 2, a new square every move. The learner then plays ply 200."""
    tour: list[str] = []
    for index, rank in enumerate(range(11, 1, -1)):
        files = "efghijklmn" if index % 2 == 0 else "nmlkjihgfe"
        tour.extend(f"{file}{rank}" for file in files)
    black = [("c4-c5", "c5-c4")[i % 2] for i in range(98)] + ["c4-c3", "c3-c2"]
    white = [f"{a}-{b}" for a, b in itertools.pairwise(tour)]
    plies: list[str] = []
    for i, move in enumerate(black):
        plies.append(move)
        if i < len(white):
            plies.append(white[i])
    return tuple(plies)


QUIET = Lesson(
    id="quiet",
    title="Two hundred quiet moves",
    rule="Draw: 200 plies without a capture",
    intro=(
        "When 200 moves in a row (counting both sides) pass without a capture, the game is a draw. "
        "Here 199 such moves have been played already: White's lone stone toured the board while "
        "Black's rocked to and fro."
    ),
    learner=WHITE,
    position=position(white="e11 a5 a6", black="c4 a7", to_move=BLACK),
    moves=quiet_walk(),
    steps=(
        Step(
            say=(
                "Black's stone on c2 will step onto your home row next, and you cannot stop it. But any "
                "move that captures nothing now is the 200th quiet one: the game ends in a draw."
            ),
            goal=ends_with(None),
            solution="e2-e3",
            wrong={
                "a5-a6": (
                    "A capture starts the count again from zero. Then c2 crosses and you lose. "
                    "Make a quiet move."
                ),
            },
            otherwise="That move does not end the game. Move any stone without capturing.",
            done="200 moves without a capture: a draw.",
        ),
    ),
    par=1,
    finish=won_by(None),
    outro=(
        "Every capture resets the count. A player who is behind can hope for the 200th quiet move; "
        "the one ahead should keep capturing."
    ),
)


ENDGAME = Lesson(
    id="endgame",
    title="A whole small endgame",
    rule="All together: defend, capture, cross",
    intro=(
        "Put it all together. Guard your home row first, then break through Black's pair and march "
        "a phalanx across."
    ),
    learner=WHITE,
    position=position(white="a2 b2 f6 f7 f8", black="c2 f9 f10 m11"),
    steps=(
        Step(
            say="Black's stone on c2 is one step from your home row. Take it before it crosses.",
            accept=("a2-b2",),
            targets=("c2",),
            wrong={
                "f6-f7": "A good capture, but then c2 steps onto your home row. Guard your home row first.",
            },
            otherwise="Black's stone on c2 would cross next move. Capture it with your row a2-b2.",
            reply="m11-l10",
            done="Home row safe.",
        ),
        Step(
            say="Now your column of three faces Black's pair on f9-f10. Capture it.",
            accept=("f6-f7",),
            targets=("f9", "f10"),
            arrows=(("f8", "f9"),),
            otherwise="Pick f6, the rear of the column, and slide it onto f9: three beat two.",
            reply="l10-k9",
            done="The road to rank 12 is open.",
        ),
        Step(
            say="Slide the column up so its front stone lands on rank 12.",
            goal=crossed(WHITE),
            solution="f7-f10",
            targets=("f12",),
            wrong={
                "f7-f8": "Closer, but three stones may go three squares: all the way to rank 12.",
                "f7-f9": "Closer, but three stones may go three squares: all the way to rank 12.",
            },
            otherwise="Pick f7, the rear of the column, and slide three squares up onto rank 12.",
            reply="k9-j8",
            done="Across, and Black cannot reach you.",
        ),
    ),
    par=3,
    finish=won_by(WHITE),
    outro=(
        "White starts the turn with a stone across and Black has none: you win. Now try a real game "
        "against the computer."
    ),
)


ENDINGS: tuple[Lesson, ...] = (SYMMETRY, STUCK, REPETITION, QUIET, ENDGAME)
