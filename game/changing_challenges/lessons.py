"""Changing Challenges' lessons: one idea of the game on one small real position each.

Read by :func:`game.lessons.lessons_for`; ``python -m game lessons changing-challenges --check``
plays every model answer through the rules. The learner always plays the Triangles, who sit on
the left of the drawn board and move to the right, so every sentence speaks of left and right as
the player sees them (RULES.md speaks of the Triangles' and the Circles' halves). Which rule of
RULES.md section 5 each lesson teaches is mapped in ``docs/lessons.md``.

Positions are the game's own position text (ranks 15 down to 1, storage included; see
docs/games/changing-challenges.md). The comment above each one says what matters in it; the
moments the texts quote were worked out with ``python -m game play --position``; ``check_lesson``
(run for every game by ``tests/test_lessons.py``) plays every model answer, accepted alternative
and named wrong move through the rules. The goal tests live in :mod:`.lesson_goals`.
"""

from __future__ import annotations

from game.changing_challenges.lesson_goals import (
    LEARNER,
    drawn,
    draws,
    tipping_left,
    tips_right,
    triangles_won,
    wins,
)
from game.lessons import Lesson, Step

# -- 1. the pieces --------------------------------------------------------------------------------------
# Triangles: king c3, bishop b4, queen d4, rook e5. Circles: king a13, bishop f13, pawns a12, g12.
# No Triangles piece can reach the Circles' king along the way (the queen's d file and diagonals stay
# clear of a13 until the last step).
PIECES = (
    "......./......./k....b./p.....p/......./......./......./......./......./......./....R../"
    ".B.Q.../..K..../......./....... t"
)

MEET_THE_PIECES = Lesson(
    id="pieces",
    title="Meet the pieces",
    rule="Pieces and weights; Moves: bishop, rook, queen, no jumping",
    intro=(
        "You play the blue Triangles on the left; the red Circles sit on the right. The number on "
        "each piece is its weight: pawn 1, bishop 2, rook 3, queen 4, king 6. They move much like "
        "chess pieces, but there are no knights, no castling, and nothing ever jumps over another piece."
    ),
    learner=LEARNER,
    position=PIECES,
    steps=(
        Step(
            say=(
                "Your bishop (2) slides diagonally, as far as the way is clear. Click it, then "
                "click the ringed square just past the centre line (line 0)."
            ),
            accept=("b4-g9",),
            targets=("g9",),
            arrows=(("b4", "g9"),),
            wrong={
                "b4-f8": "That stops on the centre line. A bishop can slide one more square, to the ring.",
                "b4-e7": "Keep going: a bishop may slide all the way to the ring in one move.",
            },
            otherwise="Move the bishop along the arrow to the ringed square.",
            reply="g12-g11",
            done="Nice slide.",
        ),
        Step(
            say="Your rook (3) slides straight along a row or a column. Send it to the right, to the ring.",
            accept=("e5-e11",),
            targets=("e11",),
            arrows=(("e5", "e11"),),
            wrong={
                "e5-e12": "One square too far — stop on the ring.",
                "e5-e13": "Too far — stop on the ring.",
            },
            otherwise="Slide the rook along the arrow, straight to the ringed square.",
            reply="a12-a11",
        ),
        Step(
            say=(
                "Your queen (4) moves like a rook and a bishop together: straight or diagonal, any "
                "distance. Slide her to the ring."
            ),
            accept=("d4-d10",),
            targets=("d10",),
            arrows=(("d4", "d10"),),
            otherwise="Slide the queen along the arrow to the ringed square.",
        ),
    ),
    outro=(
        "That is how every piece moves. Look at the gauge under the board: with your pieces over on "
        "the right, the board now leans right. That lean is what this game is about."
    ),
)


# -- 2. pawns ---------------------------------------------------------------------------------------------
# Triangles: king c3, pawns c4 (on its starting line), e10 and b12 (one step from promotion).
# Circles: king g13, pawns d12 (it will double-step past e10) and f12.
PAWNS = (
    "......./......./......k/.P.p.p./......./....P../......./......./......./......./......./"
    "..P..../..K..../......./....... t"
)

PAWN_LESSON = Lesson(
    id="pawns",
    title="Pawns",
    rule="Moves: the pawn (double step, diagonal knock, en passant); Promotion",
    intro=(
        "Pawns (1) are the small ones. They only ever walk forward — for you, to the right — and they "
        "knock differently from the way they walk."
    ),
    learner=LEARNER,
    position=PAWNS,
    steps=(
        Step(
            say=(
                "A pawn steps one square straight ahead. From its starting line (line 4 on your "
                "side) it may step two instead. Move the pawn on c4 two squares, to the ring."
            ),
            accept=("c4-c6",),
            targets=("c6",),
            arrows=(("c4", "c6"),),
            wrong={"c4-c5": "One step is allowed too, but this time take both squares at once."},
            otherwise="Move the pawn on c4 two squares straight ahead, to the ring.",
            reply="d12-d10",
        ),
        Step(
            say=(
                "Pawns knock one square diagonally forward. That Circles pawn just stepped two "
                "squares, right past yours. On this move only, you may knock it as if it had "
                "stepped one: go to the ring (if asked, either answer will do)."
            ),
            accept=("e10xd11", "e10&d11"),
            targets=("d11",),
            arrows=(("e10", "d11"),),
            wrong={
                "e10-e11": "Stepping on is allowed, but then the chance is gone: this knock works only now.",
                "b12-b13": "That can wait. The knock on the ring works only on this very move.",
            },
            otherwise="Knock the pawn that just passed you: move your pawn on e10 diagonally onto the ring.",
            reply="g13-g12",
            done="Knocked “en passant” — in passing.",
        ),
        Step(
            say=(
                "A pawn that reaches the Circles' line 5 (the last column before their orange "
                "storage) turns into a queen (4). Step your pawn onto the ring."
            ),
            accept=("b12-b13",),
            targets=("b13",),
            arrows=(("b12", "b13"),),
            otherwise="Step the pawn on b12 one square to the right, onto the ring.",
            done="A new queen!",
        ),
    ),
    outro=(
        "Pawns: one step ahead (two from the start), knock diagonally, en passant right after a double "
        "step, and a queen on the far line 5. A queen weighs four times as much — the board feels it."
    ),
)


# -- 3. the balance and tipping -----------------------------------------------------------------------------
# Triangles: king d3, rook a5, queen c6. Circles: king e13, pawns c13, e12, f12, rook g13.
# Moment +11. The rook to a13 makes it +35; then the queen to c10, c11, c12, xc13 or g10 tips the
# board (c9 and f9 stop at +47).
BALANCE = (
    "......./......./..p.k.r/....pp./......./......./......./......./......./..Q..../R....../"
    "......./...K.../......./....... t"
)

THE_SEESAW = Lesson(
    id="balance",
    title="The see-saw",
    rule="The balance (moment, counterweight); Win 2: tipping the board",
    intro=(
        "The board rests on a pivot under the centre line (line 0). Every piece presses down on its half: "
        "its weight times its line number (the small numbers above the board). The gauge below "
        "adds it all up: plus for the right, minus for the left."
    ),
    learner=LEARNER,
    position=BALANCE,
    steps=(
        Step(
            say=(
                "The gauge reads +11. Slide your rook (3) as far right as it goes: line 5, since no "
                "piece may enter the orange storage. Watch the gauge jump and the counterweight slide left."
            ),
            accept=("a5-a13",),
            targets=("a13",),
            arrows=(("a5", "a13"),),
            wrong={"a5-a12": "Good direction, but one more square: line 5 presses harder than line 4."},
            otherwise="Slide the rook along the arrow, all the way to the ring on the right.",
            reply="e13-d13",
            done="+35: the further out, the harder a piece presses.",
        ),
        Step(
            say=(
                "The counterweight (7) can only slide to the end of its rail, so it holds the board "
                "level up to 49. Push the moment past 49 and the right end crashes down: you win!"
            ),
            goal=tips_right,
            solution="c6-c12",
            wrong={
                "c6-c9": "That makes +47 — so close, but the counterweight still holds. Go further right.",
                "c6-f9": "That makes +47 — so close, but the counterweight still holds. Go further right.",
                "c6-c8": "That makes +43: not past 49 yet. Send the queen further right.",
            },
            otherwise=(
                "Not past 49 yet. Your heaviest free piece, the queen, far out on the right will do it."
            ),
        ),
    ),
    outro=(
        "Tipped! Weight on the right pushes the moment up, and past +49 you win. Past −49 the board "
        "tips left and the Circles win — even when your own move tips it."
    ),
    finish=triangles_won,
)


# -- 4. knocking out and storage -----------------------------------------------------------------------------
# Triangles: king c3, bishop a4, pawn g4, rook b6. Circles: king a13, queen e6 (on the Triangles'
# half), bishop e10, pawns f12, g12. Rook b6xe6 (3 + 4: too heavy to merge) sends the queen to the
# Circles' storage g14 (+32); e6xe10 then sends the bishop to f14.
KNOCK = (
    "......./......./k....../.....pp/......./....b../......./......./......./.R..q../......./"
    "B.....P/..K..../......./....... t"
)

KNOCK_OUT = Lesson(
    id="knock-out",
    title="Knocking out",
    rule="Knocking: knock-out, storage, stored pieces still weigh",
    intro=(
        "Move onto an enemy piece to knock it. If the two weights add up to more than 4, the knocked "
        "piece is out: it goes into its owner's storage, the orange columns at each end."
    ),
    learner=LEARNER,
    position=KNOCK,
    steps=(
        Step(
            say=(
                "A Circles queen (4) has come over to your half. With your rook (3) she makes 7 — "
                "more than 4 — so a knock sends her out. Knock her with your rook."
            ),
            accept=("b6xe6",),
            targets=("e6",),
            arrows=(("b6", "e6"),),
            otherwise="Click your rook, then the Circles queen on the red ring.",
            reply="a13-b13",
            done="Out she goes, to the Circles' storage on the far right.",
        ),
        Step(
            say=(
                "Stored pieces stay there for the rest of the game, and they still weigh — out on line "
                "6 or 7 they press hard on their owner's end. Knock out the ringed bishop too; it lands "
                "beside the queen."
            ),
            accept=("e6xe10",),
            targets=("e10", "f14"),
            arrows=(("e6", "e10"),),
            otherwise="Slide your rook to the right onto the ringed Circles bishop.",
            done="Two pieces out, both pressing the right end down.",
        ),
    ),
    outro=(
        "Every piece you knock out moves weight to the far right end — good for you. But careful: "
        "your own knocked pieces land on the far left and push your end down."
    ),
)


# -- 5. merging -------------------------------------------------------------------------------------------
# Triangles: king c3, rook b5, pawn c8. Circles: king a13, pawn d9, bishop f11, pawn b10, bishop g5.
# c8&d9 makes a bishop (1 + 1), d9&f11 a queen (2 + 2); then the rook (3) may merge with the pawn
# b10 (a queen) but not with the bishop g5 (3 + 2 = 5).
MERGE = (
    "......./......./k....../......./.....b./.p...../...p.../..P..../......./......./.R....b/"
    "......./..K..../......./....... t"
)

MERGING = Lesson(
    id="merge",
    title="Merging",
    rule="Knocking: merging (total weight 4 or less)",
    intro=(
        "When your piece and the one you knock weigh 4 or less together, you may merge instead: your "
        "piece climbs on top and the stack is one piece of the total weight. A gold ring marks such a "
        "knock; clicking it asks which you want."
    ),
    learner=LEARNER,
    position=MERGE,
    steps=(
        Step(
            say=(
                "Your pawn (1) can knock the Circles pawn (1) diagonally. Click your pawn, then the "
                "gold ring, and choose Merge: 1 + 1 = 2 makes a bishop."
            ),
            accept=("c8&d9",),
            targets=("d9",),
            arrows=(("c8", "d9"),),
            wrong={
                "c8xd9": (
                    "That knocks the pawn out to storage. This time choose Merge, and your pawn "
                    "becomes a bishop."
                )
            },
            otherwise="Knock the Circles pawn on the gold ring with your pawn, and choose Merge.",
            reply="a13-b13",
            done="A bishop (2) — and it moves like one now.",
        ),
        Step(
            say="Your new bishop (2) reaches the Circles bishop (2). Merge again: 2 + 2 = 4, a queen!",
            accept=("d9&f11",),
            targets=("f11",),
            arrows=(("d9", "f11"),),
            wrong={"d9xf11": "Knocking it out is allowed, but merge this time: 2 + 2 makes a queen."},
            otherwise="Move your new bishop onto the Circles bishop and choose Merge.",
            reply="b13-a13",
        ),
        Step(
            say=(
                "No stack grows past 4. Your rook (3) sees a pawn (1) and a bishop (2): only one of "
                "them can merge with it. Make a second queen."
            ),
            accept=("b5&b10",),
            targets=("b10", "g5"),
            wrong={
                "b5xg5": "A rook (3) and a bishop (2) weigh 5 — too heavy to merge. Merge with the pawn.",
                "b5xb10": "That knocks the pawn out. Choose Merge instead: 3 + 1 = 4, a queen.",
            },
            otherwise="Merge your rook with the Circles pawn: 3 + 1 = 4.",
            done="Two queens made from small pieces.",
        ),
    ),
    outro=(
        "Merge or knock out — it's your choice whenever the total is 4 or less. A merge keeps the "
        "weight on the board in your piece; a knock-out sends it to your opponent's end."
    ),
)


# -- 6. no check: knocking the king ------------------------------------------------------------------------
# Triangles: king d6 (the Circles rook d12 can reach it), bishop b8. Circles: king e11 (on the
# bishop's diagonal b8-c9-d10-e11), rook d12, pawns a12, f12.
NO_CHECK_POSITION = (
    "......./......./......./p..r.p./....k../......./......./.B...../......./...K.../......./"
    "......./......./......./....... t"
)

NO_CHECK = Lesson(
    id="no-check",
    title="No check: knock the king",
    rule="Win 1: knocking the king; no check",
    intro=(
        "There is no “check” in this game: nobody has to warn or protect a king, and a king may "
        "stand where it can be knocked. But the side whose king is knocked loses at once."
    ),
    learner=LEARNER,
    position=NO_CHECK_POSITION,
    steps=(
        Step(
            say=(
                "The Circles rook could knock your king next move — but it's your move first, and "
                "their king stands on your bishop's diagonal. Knock it!"
            ),
            accept=("b8xe11",),
            targets=("e11",),
            arrows=(("b8", "e11"),),
            otherwise=(
                "You don't have to save your king: there's no check. Knock the Circles king "
                "with your bishop — that wins at once."
            ),
        ),
    ),
    outro=(
        "You win by knocking the king. Since nobody calls “check”, always look: can my king be "
        "knocked next move? Can theirs?"
    ),
    finish=triangles_won,
)


# -- 7. the centre line ------------------------------------------------------------------------------------
# Triangles: king c6, pawn g4, a rook in storage (a2). Circles: king f13, rook b12 (guards b8),
# bishop g11 (it moves to f10 and guards d8), pawns e12, f12, g12. From c7 only c8 is safe.
CENTRE = (
    "......./......./.....k./.r..ppp/......b/......./......./......./......./..K..../......./"
    "......P/......./R....../....... t"
)

CENTRE_LINE = Lesson(
    id="centre-line",
    title="King on the centre line",
    rule="Win 3: the king safe on the centre line; the king's move",
    intro=(
        "A third way to win: end your move with your king on the centre line (line 0, right over "
        "the pivot) on a square where no Circles piece could knock it next move."
    ),
    learner=LEARNER,
    position=CENTRE,
    steps=(
        Step(
            say=(
                "Your king (6) steps one square in any direction. Walk it one step toward the "
                "centre, to the ring."
            ),
            accept=("c6-c7",),
            targets=("c7",),
            arrows=(("c6", "c7"),),
            otherwise="Step your king one square to the right, onto the ring.",
            reply="g11-f10",
        ),
        Step(
            say=(
                "Now step onto the centre line. Two of the three squares there are watched by "
                "Circles pieces: pick the one nothing can reach."
            ),
            goal=wins,
            solution="c7-c8",
            targets=("b8", "c8", "d8"),
            wrong={
                "c7-b8": (
                    "The Circles rook on b12 could slide over and knock your king on b8. Pick a safe square."
                ),
                "c7-d8": "The Circles bishop on f10 could knock your king on d8. Pick a safe square.",
            },
            otherwise="Step your king onto the centre line, on the square no Circles piece can reach.",
        ),
    ),
    outro=(
        "Safe on the centre line: you win. The board marks a king that could do this, and its "
        "square. Watch for the Circles' king doing the same, and guard those squares."
    ),
    finish=triangles_won,
)


# -- 8. draws ---------------------------------------------------------------------------------------------
# Triangles: king b4, a rook in storage (a2). Circles: king e12, queen g7, rook f3, pawn g12.
# Moment -27: the Circles are ahead. The moves before the lesson step both kings back and forth,
# so c5-c4 brings this position back for the third time.
DRAW = (
    "......./......./......./....k.p/......./......./......./......./......q/......./......./"
    ".K...../.....r./R....../....... t"
)
DRAW_MOVES = ("b4-c4", "e12-e11", "c4-c5", "e11-e12", "c5-c4", "e12-e11", "c4-c5", "e11-e12")

DRAWS = Lesson(
    id="draws",
    title="Draws",
    rule="Draw: third repetition (no legal move, 100 quiet moves in words)",
    intro=(
        "Not every game has a winner. You're behind here: the Circles have a queen and a rook, you "
        "only your king on the board. Both kings have just stepped back and forth, twice over."
    ),
    learner=LEARNER,
    position=DRAW,
    moves=DRAW_MOVES,
    steps=(
        Step(
            say=(
                "When the same position comes up a third time, the game is a draw. Step your king "
                "back to the ring, and this position will have come up three times."
            ),
            goal=draws,
            solution="c5-c4",
            targets=("c4",),
            arrows=(("c5", "c4"),),
            otherwise="That keeps the game going — and you are behind. Step back to the ring for the draw.",
        ),
    ),
    outro=(
        "A draw! A game is also drawn when the player to move has no legal move at all, or after 100 "
        "moves in a row with no knock or merge — so a player ahead must keep knocking."
    ),
    finish=drawn,
)


# -- 9. putting it together --------------------------------------------------------------------------------
# Triangles: king d9 (on the Circles' line 1), rook b5, queen e6, a queen and a pawn in storage (a2,
# b2). Circles: king g12, queen e5, rooks a6 and c4 and bishop f6 on the Triangles' half, pawns f12,
# g11. Moment -44: every quiet move that adds 6 on the left tips the board, even the king's step back
# onto e8, which would be safe there (tipping is checked before the centre line). Knocking the queen
# (rook or queen) pulls the moment back to about -10; then the same king step wins (c8 is watched by
# the rook c4, d8 by the bishop f6).
TOGETHER = (
    "......./......./......./.....pk/......p/......./...K.../......./......./r...Qb./.R..q../"
    "..r..../......./QP...../....... t"
)
SMALLER_KNOCK = (
    "That helps a little, but the Circles queen (4) is the heaviest weight on your half. Knock her out."
)

PUT_TOGETHER = Lesson(
    id="together",
    title="Putting it together",
    rule="Synthesis: tipping against yourself, the order of the wins, knock-out weight, the centre line",
    intro=(
        "Time to use everything. The Circles have piled pieces onto your half, and two of yours are "
        "already in storage: the board leans far to the left."
    ),
    learner=LEARNER,
    position=TOGETHER,
    steps=(
        Step(
            say=(
                "The gauge reads −44: past −49 the board tips left and the Circles win. Many moves "
                "would do just that — even a king step onto the centre line! Pull it back: knock "
                "their queen out to their end."
            ),
            accept=("b5xe5", "e6xe5"),
            targets=("e5",),
            wrong={
                **tipping_left(TOGETHER),
                "d9-e8": (
                    "Your king would be safe on e8, but stepping left makes the moment −50. A tipped "
                    "board counts before the centre line, so the Circles would win."
                ),
                "e6xf6": SMALLER_KNOCK,
                "e6xa6": SMALLER_KNOCK,
                "e6xc4": SMALLER_KNOCK,
            },
            otherwise="The board still leans hard your way. Knock out the Circles queen on the red ring.",
            reply="g12-f13",
            done="Back near level: the queen now presses the right end.",
        ),
        Step(
            say=(
                "Now finish the game in one move. The board is near level, so your king may step "
                "back to the centre line — but look at what guards it."
            ),
            goal=wins,
            solution="d9-e8",
            targets=("c8", "d8", "e8"),
            wrong={
                "d9-c8": "The Circles rook on c4 could knock your king on c8. Look for a safe square.",
                "d9-d8": "The Circles bishop on f6 could knock your king on d8. Look for a safe square.",
            },
            otherwise=(
                "That doesn't win yet. Your king is one step from the centre line: find the safe square."
            ),
        ),
    ),
    outro=(
        "Three ways to win: knock the king, tip the board past 49, or stand your king safely on the "
        "centre line. A real game starts with 14 pieces each on lines 4 and 5, and the Triangles move first."
    ),
    finish=triangles_won,
)


LESSONS: tuple[Lesson, ...] = (
    MEET_THE_PIECES,
    PAWN_LESSON,
    THE_SEESAW,
    KNOCK_OUT,
    MERGING,
    NO_CHECK,
    CENTRE_LINE,
    DRAWS,
    PUT_TOGETHER,
)
