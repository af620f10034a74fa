"""Epaminondas lessons: how phalanxes move, capture and cross, then the ways a game ends.

Each lesson is one idea on a few stones of the real 14 x 12 board (``python -m game lessons
epaminondas --check`` plays every model answer through the rules). Positions name each side's
stones (:func:`.lessons_kit.position` writes the game's text form, 12 ranks of 14 characters, which
is unreadable in source). The later lessons (the symmetry rule, the ways to lose and to draw, a small
endgame) are in :mod:`.lessons_endings`, so each file stays short.

All player-facing text is our own; ``docs/lessons.md`` maps each rule of RULES.md section 4 to the
lessons that teach it.
"""

from __future__ import annotations

from game.epaminondas.lessons_endings import ENDINGS
from game.epaminondas.lessons_kit import BLACK, WHITE, crossed, moves_from, position, won_by
from game.lessons import Lesson, Step

PHALANX = Lesson(
    id="phalanx",
    title="Stones in a line",
    rule="Phalanx; Moves: n stones go 1 to n squares",
    intro=(
        "Your stones move in phalanxes: straight lines of your own stones with no gaps. A lone stone "
        "is a phalanx of one. A phalanx slides along its own line, up to as many squares as it has "
        "stones."
    ),
    learner=WHITE,
    position=position(white="c3 f2 f3 f4", black="i10 j10 k11"),
    steps=(
        Step(
            say=(
                "A lone stone moves one square, in any of the eight directions. Click the stone on c3, "
                "then one of the dots around it."
            ),
            goal=moves_from("c3"),
            solution="c3-c4",
            targets=("c3",),
            otherwise="That moved a stone of the column. For now, move the lone stone on c3.",
            reply="j10-j9",
            done="One stone, one square.",
        ),
        Step(
            say=(
                "f2, f3 and f4 form a phalanx of three, so they may slide up to three squares along "
                "their line. Click the rear stone f2, then the dot three squares ahead of the column."
            ),
            accept=("f2-f5",),
            targets=("f7",),
            arrows=(("f4", "f7"),),
            wrong={
                "f2-f3": "That slid the column one square. Three stones may go three: use the whole reach.",
                "f2-f4": "Two squares. A phalanx of three may go three: use the whole reach.",
                "f3-f5": "You picked f3, so only f3 and f4 went and f2 stayed. Pick the rear stone f2.",
                "f3-f4": "You picked f3, so only f3 and f4 went and f2 stayed. Pick the rear stone f2.",
                "f4-f5": "Only the front stone moved. Pick the rear stone f2 and all three go together.",
            },
            otherwise="Pick the rear stone f2 and slide the column three squares up the board.",
            reply="k11-k10",
            done="The whole column moved as one.",
        ),
        Step(
            say=(
                "The stone you pick leads the stones ahead of it, never those behind. Pick f6: it takes "
                "f7 along and leaves f5 where it is. Slide that pair two squares up."
            ),
            accept=("f6-f8",),
            targets=("f9",),
            arrows=(("f7", "f9"),),
            wrong={
                "f5-f6": "You picked f5, the rear stone, so all three went. Pick f6 to split the column.",
                "f5-f7": "You picked f5, the rear stone, so all three went. Pick f6 to split the column.",
                "f5-f8": "You picked f5, the rear stone, so all three went. Pick f6 to split the column.",
                "f6-f7": "One square. A pair may go two: use the whole reach.",
                "f7-f8": "Only the front stone moved. Pick f6 so that two stones go.",
            },
            otherwise="Pick f6 and slide it with f7 two squares up the board.",
            done="Now a pair stands on f8 and f9, and f5 is on its own.",
        ),
    ),
    par=3,
    outro=(
        "A phalanx moves forwards or backwards along its own line, as far as it has stones, or less. "
        "The stone you pick and everything ahead of it goes."
    ),
)


DIRECTIONS = Lesson(
    id="directions",
    title="Diagonals, rows and blocked paths",
    rule="Moves: 8 directions, the path must be clear",
    intro=(
        "A phalanx can be a column, a row or a diagonal, and it always moves along its own line. "
        "Squares it passes over must be empty."
    ),
    learner=WHITE,
    position=position(white="c3 d4 e5 g7 b6 c6 d6", black="l10 m10 m11"),
    steps=(
        Step(
            say=(
                "The diagonal c3-d4-e5 is a phalanx of three, but g7 blocks its path. Slide it one "
                "square up and to the right, so it joins g7."
            ),
            accept=("c3-d4",),
            targets=("f6",),
            arrows=(("e5", "f6"),),
            otherwise="Pick c3, the rear stone of the diagonal, and slide it one square towards g7.",
            reply="m11-l11",
            done="Four stones in one diagonal line now.",
        ),
        Step(
            say=(
                "d4, e5, f6 and g7 are one phalanx of four. Send them all four squares up the diagonal: "
                "pick the rear stone d4."
            ),
            accept=("d4-h8",),
            targets=("k11",),
            arrows=(("g7", "k11"),),
            wrong={
                "d4-e5": "Shorter slides are allowed, but four stones may go four squares. Go all the way.",
                "d4-f6": "Shorter slides are allowed, but four stones may go four squares. Go all the way.",
                "d4-g7": "Shorter slides are allowed, but four stones may go four squares. Go all the way.",
            },
            otherwise="Pick the rear stone d4 and slide the diagonal four squares up and to the right.",
            reply="l10-l9",
            done="All four slid together.",
        ),
        Step(
            say=(
                "The row b6-c6-d6 slides along its row. Straight up the board each of its stones would "
                "go alone, one square. Slide the whole row three squares to the right."
            ),
            accept=("b6-e6",),
            targets=("g6",),
            arrows=(("d6", "g6"),),
            wrong={
                "b6-b7": "Up the board, a row's stones move one by one. Slide the row along itself.",
                "c6-c7": "Up the board, a row's stones move one by one. Slide the row along itself.",
                "d6-d7": "Up the board, a row's stones move one by one. Slide the row along itself.",
                "b6-c6": "Three stones may go three squares. Go all the way.",
                "b6-d6": "Three stones may go three squares. Go all the way.",
            },
            otherwise="Pick b6, the rear stone of the row, and slide the row three squares right.",
            done="A row is a phalanx too, but only along the row.",
        ),
    ),
    par=3,
    outro=(
        "Columns, rows and diagonals all count, in all eight directions. A stone in the way stops "
        "the slide before it."
    ),
)


CAPTURE = Lesson(
    id="capture",
    title="Bigger lines capture smaller ones",
    rule="Capture: the longer line; Win: no stones left",
    intro=(
        "To capture, slide your phalanx so its front stone lands on an enemy stone. Count the enemy "
        "stones in that line: if your phalanx is longer, they are all taken off."
    ),
    learner=WHITE,
    position=position(white="e3 e4 e5 h5 i6", black="e6 e7 j8"),
    steps=(
        Step(
            say=(
                "Your column of three faces Black's pair on e6-e7. Three beats two: pick the rear stone "
                "e3 and slide the column one square, onto e6."
            ),
            accept=("e3-e4",),
            targets=("e6", "e7"),
            arrows=(("e5", "e6"),),
            wrong={
                "e3-e2": "That backs away. Slide the column forwards onto e6 to capture.",
            },
            otherwise="That captures nothing. Pick e3, the rear stone, and slide the column onto e6.",
            reply="j8-j7",
            done="Both black stones are gone: your three beat their two.",
        ),
        Step(
            say=(
                "Black has one stone left, on j7. Your diagonal pair h5-i6 can take it: two beats one. "
                "A player with no stones left loses."
            ),
            accept=("h5-i6",),
            targets=("j7",),
            arrows=(("i6", "j7"),),
            otherwise="Pick h5 and slide the pair up the diagonal onto j7.",
            done="Black has no stones left, so White wins.",
        ),
    ),
    par=2,
    finish=won_by(WHITE),
    outro=(
        "Only a longer line captures: two cannot take two, and a lone stone never captures. "
        "Capturing is always your choice, never a must."
    ),
)


CROSSING = Lesson(
    id="crossing",
    title="Crossing the board",
    rule="Win: more stones across as your turn begins",
    intro=(
        "Rank 12 is Black's home row. Get stones onto it: when your turn begins and you have more "
        "stones there than Black has on your home row (rank 1), you win."
    ),
    learner=WHITE,
    position=position(white="h11 b3 c3 d3", black="c9 d9 f10"),
    steps=(
        Step(
            say="Your stone on h11 is one step from Black's home row. Step onto rank 12.",
            goal=crossed(WHITE),
            solution="h11-h12",
            targets=("g12", "h12", "i12"),
            otherwise="That doesn't reach rank 12. Move the stone on h11 up onto the top row.",
            reply="c9-c8",
            done="You are across, and no black stone can reach yours to capture it.",
        ),
    ),
    par=1,
    finish=won_by(WHITE),
    outro=(
        "Black could not capture your stone or cross back, so you won as your turn began. One stone "
        "more than the other side is enough."
    ),
)


DEFEND = Lesson(
    id="defend",
    title="Answer a crossing",
    rule="Win: answer a crossing in time",
    intro=(
        "Black has a stone on d1, your home row. If Black still has more stones across when its "
        "next turn begins, Black wins. You have one move to fix that."
    ),
    learner=WHITE,
    position=position(white="a1 b1 c1 e3 f2", black="d1 g2 h9 i9"),
    steps=(
        Step(
            say=(
                "Your row a1-c1 can capture the stone on d1: a longer line beats a single stone. Slide "
                "the row one square to the right."
            ),
            accept=("a1-b1", "b1-c1"),
            targets=("d1",),
            arrows=(("c1", "d1"),),
            otherwise="Black would win as its turn begins. Capture the stone on d1 with your row.",
            reply="g2-g1",
            done="Gone. But Black crosses again at once...",
        ),
        Step(
            say="Black stepped onto g1. Answer again: find a phalanx of two or more that can land on g1.",
            goal=lambda _before, after, _text: after.score()[BLACK] == 0,
            solution="e3-f2",
            targets=("g1",),
            otherwise="Black still has a stone across and would win. Capture the stone on g1.",
            done="Your home row is clear again.",
        ),
    ),
    par=2,
    finish=lambda state: not state.over and state.score()[BLACK] == 0,
    outro=(
        "When the other side crosses, answer at once: capture the crossed stone, or cross yourself "
        "so the count is level. A level count wins nothing for either side."
    ),
)


LESSONS: tuple[Lesson, ...] = (PHALANX, DIRECTIONS, CAPTURE, CROSSING, DEFEND, *ENDINGS)
