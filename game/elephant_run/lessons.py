"""Elephant Run lessons: setting up, eating, trampling, the farmers' steps, jumps and runs, and the
blockade, then the ways a game ends (in :mod:`.lessons_endings`).

Each lesson is one idea on a small real position in the game's own text form (ranks 4 to 1, ``.``
tile, ``_`` hole, ``F`` farmer, ``E``/``e`` the elephant on a tile / in a hole, then who moves);
``python -m game lessons elephant-run --check`` plays every model answer through the rules. All
player-facing text is our own; ``docs/lessons.md`` maps each rule of RULES.md section 3 to the
lessons that teach it.
"""

from __future__ import annotations

from game.elephant_run.lessons_endings import ENDINGS
from game.elephant_run.lessons_kit import (
    ELEPHANT,
    FARMERS,
    all_safe,
    eats,
    eats_one_of,
    ends_won_by,
    placed_on,
    safe_beside,
    won_by,
)
from game.lessons import Lesson, Step

CORNER_WARNING = (
    "A corner is a trap: six farmers can fence it in before you ever move. Pick a ringed tile in the middle."
)

START = Lesson(
    id="start",
    title="Where the elephant starts",
    rule="Setup: the elephant's pawn; Step: eating",
    intro=(
        "You are the elephant: you eat the field tile by tile, and the farmers try to fence you in. "
        "First choose where to stand. Then the farmers place their six farmers."
    ),
    learner=ELEPHANT,
    steps=(
        Step(
            say=(
                "Click a tile to put the elephant there. The four ringed tiles in the middle give it "
                "the most ways out."
            ),
            accept=("@c2", "@c3", "@d2", "@d3"),
            targets=("c2", "c3", "d2", "d3"),
            wrong=dict.fromkeys(("@a1", "@a4", "@f1", "@f4"), CORNER_WARNING),
            otherwise=(
                "You may start anywhere, but the edge leaves fewer ways out. Pick a ringed tile "
                "in the middle."
            ),
            reply="@a1,b3,c4,d1,e2,f4",
            done="The farmers have placed their six farmers around you.",
        ),
        Step(
            say=(
                "Your starting tile was not eaten. Now step onto any tile next to you: the elephant eats "
                "the tile it steps on, one point each."
            ),
            goal=eats,
            solution="c2-d2",
            otherwise=(
                "That jump tramples a farmer: a later lesson. For now, step onto a tile beside "
                "you and eat it."
            ),
            done="Crunch! One tile eaten, one point. You stand in the hole it left.",
        ),
    ),
    par=2,
    outro=(
        "Each step eats a tile and scores a point. The elephant wins at 10 points; the farmers win "
        "if they hem it in first."
    ),
)


CORNER_TRAP = Lesson(
    id="corner-trap",
    title="Trap a corner start",
    rule="Setup: the farmers; End: no move on turn one",
    intro=(
        "Now you command the farmers. The elephant has just started in the corner a1. Place all six "
        "farmers at once so that it has no move at all."
    ),
    learner=FARMERS,
    moves=("@a1",),
    steps=(
        Step(
            say=(
                "Click six tiles, one farmer each. Block the three tiles around a1, and the tiles behind "
                "them too: the elephant could jump a farmer onto an empty tile."
            ),
            goal=ends_won_by(FARMERS),
            solution="@a2,a3,b1,b2,c1,c3",
            targets=("a2", "b1", "b2"),
            arrows=(("a1", "a3"), ("a1", "c3"), ("a1", "c1")),
            otherwise=(
                "The elephant still has a way out: a free tile beside it, or a farmer it can jump "
                "with an empty tile behind. Cover those as well."
            ),
            done="The elephant cannot move: the farmers win before it takes a bite.",
        ),
    ),
    par=1,
    finish=won_by(FARMERS),
    outro=(
        "A player who cannot move at the start of the elephant's turn loses, even on the very first "
        "turn. That is why the elephant never starts in a corner."
    ),
)


EATING = Lesson(
    id="eating",
    title="The elephant eats",
    rule="Step: the elephant eats; Score",
    intro=(
        "Every step of the elephant eats the tile it lands on: the tile goes to your pile and scores "
        "a point. The dark gaps are holes the elephant ate earlier."
    ),
    learner=ELEPHANT,
    position="F....F/.._.../F_e..F/F....F e",
    steps=(
        Step(
            say=(
                "Eat the three ringed tiles, one per move. Step onto d2 or d3 first. Holes can never "
                "be stepped into."
            ),
            goal=eats_one_of("d2", "d3"),
            solution="c2-d3",
            targets=("d2", "d3", "e3"),
            otherwise="That eats a tile too, but not a ringed one. Step onto d2 or d3.",
            reply="a4-b4",
            done="One ringed tile eaten.",
        ),
        Step(
            say="You stand in the hole you just ate, and it stays a hole. Eat the next ringed tile.",
            goal=eats_one_of("d2", "d3", "e3"),
            solution="d3-e3",
            targets=("d2", "d3", "e3"),
            otherwise="That tile is not ringed. Eat one of the ringed tiles still standing.",
            reply="f1-e1",
            done="Another point on the track below the board.",
        ),
        Step(
            say="And the last ringed tile.",
            goal=eats_one_of("d2", "d3", "e3"),
            solution="e3-d2",
            targets=("d2", "d3", "e3"),
            otherwise="That tile is not ringed. Eat the last ringed tile.",
            done="Three tiles, three points.",
        ),
    ),
    par=3,
    outro=(
        "Every elephant move scores, but each meal leaves a hole that fences you in too. Keep open "
        "tiles around you."
    ),
)


TRAMPLE = Lesson(
    id="trample",
    title="Trample a farmer",
    rule="Jump: the elephant tramples a farmer",
    intro=(
        "The elephant may jump over a farmer next to it, onto the empty tile straight behind. The "
        "farmer is trampled: off the board, and one point for you."
    ),
    learner=ELEPHANT,
    position="..F..F/..F.../._eF../F....F e",
    steps=(
        Step(
            say=(
                "The farmer on d2 has an empty tile behind it, e2. Jump over it. (The farmer on c3 is "
                "safe: c4 behind it is taken.)"
            ),
            accept=("c2-e2",),
            targets=("d2",),
            arrows=(("c2", "e2"),),
            otherwise=(
                "A step scores too, but a trampled farmer can never fence you in. Jump the farmer on d2."
            ),
            reply="c3-d3",
            done="Trampled! One point, and e2 is still a tile under you: a jump eats nothing.",
        ),
        Step(
            say=(
                "A farmer came to d3 to fence you in, but c4 behind it is taken, so you cannot jump it. "
                "Eat a tile instead."
            ),
            goal=eats,
            solution="e2-f3",
            targets=("d3", "c4"),
            done="Good: no jump without an empty tile to land on.",
        ),
    ),
    par=2,
    outro="You can jump from a tile or out of a hole, one farmer per move. Nobody can jump the elephant.",
)


GUARD = Lesson(
    id="guard",
    title="Keep your farmers safe",
    rule="Step (farmers); Jump: a guarded farmer is safe",
    intro=(
        "Now you are the farmers. A farmer steps one square in any direction, and the tile stays. A "
        "farmer next to the elephant is only in danger if the tile behind it is empty."
    ),
    learner=FARMERS,
    position="F....F/..F.F./...e.F/.....F f",
    steps=(
        Step(
            say=(
                "The elephant on d2 can trample your farmer on c3: b4 behind it is empty. Step c3 out of "
                "reach, or guard it by putting a farmer on b4."
            ),
            goal=all_safe,
            solution="a4-b4",
            targets=("c3", "b4"),
            arrows=(("d2", "b4"),),
            wrong={
                "c3-d3": "Still next to the elephant, with d4 empty behind: it would be trampled.",
                "c3-c2": "Still next to the elephant, with b2 empty behind: it would be trampled.",
            },
            otherwise="The elephant can still jump c3 and land on b4. Move c3 out of reach, or fill b4.",
            reply="d2-d1",
            done="Nobody can be trampled now.",
        ),
        Step(
            say=(
                "Farmers win by crowding the elephant. Move a farmer next to it, but only where the tile "
                "behind you, seen from the elephant, is taken."
            ),
            goal=safe_beside,
            solution="f2-e1",
            targets=("e1",),
            wrong={
                "f1-e1": "Now f1 behind it is empty: the elephant jumps e1 and lands there.",
                "f2-e2": "Seen from the elephant, f3 is behind e2, and it is empty: e2 would be trampled.",
                "e3-e2": "Seen from the elephant, f3 is behind e2, and it is empty: e2 would be trampled.",
                "c3-c2": "Seen from the elephant, b3 is behind c2, and it is empty: c2 would be trampled.",
            },
            otherwise="That farmer does not end next to the elephant. Look at e1: f1 stands right behind it.",
            done="Close and safe: f1 guards e1.",
        ),
    ),
    par=2,
    outro=(
        "Stand next to the elephant only with a friend or a hole behind you: it can land only on an "
        "empty tile."
    ),
)


RUNS = Lesson(
    id="runs",
    title="Runs and jumps",
    rule="Run (never past the elephant); a farmer's Jump",
    intro=(
        "Holes slow the elephant down but speed farmers up: a farmer can run in a straight line "
        "across holes. And a farmer can jump over a friend, hurting nobody."
    ),
    learner=FARMERS,
    position="FF...F/.._.../F___e./..F..F f",
    steps=(
        Step(
            say=(
                "Run c1 up across the holes c2 and c3: a run stops on the first tile after the holes. "
                "(a2 cannot run along rank 2: a run never passes the elephant.)"
            ),
            accept=("c1-c4",),
            targets=("c4",),
            arrows=(("c1", "c4"),),
            wrong={
                "c1-b1": "That is a step. Run across the holes instead: c1 up to c4.",
                "c1-d1": "That is a step. Run across the holes instead: c1 up to c4.",
                "c1-e3": "A fine run, but it lands beside the elephant with e4 empty behind. Run up to c4.",
                "c1-a3": "A fine run, but this time run straight up the column to c4.",
                "b4-e1": "A fine run, but this time run c1 straight up the column to c4.",
            },
            otherwise="Run the farmer on c1 straight up across the two holes, to c4.",
            reply="e2-e3",
            done="Three rows in one move.",
        ),
        Step(
            say=(
                "Farmers jump too: over a friend onto the empty tile behind, and nobody gets hurt. Jump "
                "b4 over c4 onto the ringed tile d4, beside the elephant."
            ),
            accept=("b4-d4",),
            targets=("d4",),
            arrows=(("b4", "d4"),),
            wrong={"c4-d4": "A step gets there too, but try the jump: b4 leaps over its friend on c4."},
            otherwise="Look at b4 and c4: b4 can jump over its friend on c4 and land on d4.",
            done="A jump over a friend: nobody is hurt, and d4 is safe with no tile behind it.",
        ),
    ),
    par=2,
    outro=(
        "Runs cross only holes, land on the first tile after them, and never pass the elephant. One "
        "run or one jump per move, never both (unless the game's options allow it)."
    ),
)


BLOCKADE = Lesson(
    id="blockade",
    title="The blockade",
    rule="End: the elephant has no move",
    intro=(
        "The farmers win by leaving the elephant no move: every tile around it is a hole, or holds "
        "a farmer it cannot jump. Here it has 5 points and few tiles left to eat."
    ),
    learner=FARMERS,
    position="..FFe./F..__./...__./.FF..F f",
    steps=(
        Step(
            say=(
                "The elephant on e4 can still eat f4 or f3. Put a farmer on a ringed tile where it "
                "cannot be jumped. Runs cross holes diagonally too."
            ),
            accept=("c1-f4",),
            targets=("f4", "f3"),
            arrows=(("c1", "f4"),),
            wrong={
                "f1-f2": "Close, but the elephant still has f4 and f3 to eat. Take one of them away.",
            },
            otherwise=(
                "The elephant still has f4 and f3. Find the farmer that can run across the holes onto f4."
            ),
            reply="e4-f3",
            done="The elephant had to eat f3: its only move.",
        ),
        Step(
            say="Its last way out is f2. Put a farmer there that cannot be jumped.",
            goal=ends_won_by(FARMERS),
            solution="d4-f2",
            targets=("f2",),
            wrong={
                "f1-f2": (
                    "Then f1 behind it is empty: the elephant tramples f2 and lands on f1. Bring "
                    "another farmer to f2."
                ),
            },
            otherwise="The elephant can still step to f2. Close it with a farmer that has f1 behind it.",
            done="Hemmed in! The elephant has no move, so the farmers win.",
        ),
    ),
    par=2,
    finish=won_by(FARMERS),
    outro=(
        "Holes are the farmers' friends: they fence the elephant and let farmers run. Watch the "
        "tiles the elephant can still reach."
    ),
)


PROVED_FENCE = ("b1", "c1", "c3", "c4", "d4", "e4")
"""The farmers' placement that holds an elephant on c2 to 8 points: proved by ``docs/solver/`` and
shipped in ``start_table.json`` (a test holds the two equal)."""

CENTRE_FENCE = Lesson(
    id="centre-fence",
    title="Fence the centre start",
    rule="Setup: the farmers (the proved best placement)",
    intro=(
        "The elephant has started on c2, in the middle, where it has the most room. A computer proof "
        "found the set-up that holds it there to 8 points, two short of the 10 it needs: from here "
        "the farmers win if they never slip."
    ),
    learner=FARMERS,
    moves=("@c2",),
    steps=(
        Step(
            say=(
                "Place the six farmers on the ringed tiles. Three of them stand right beside the "
                "elephant, yet none can be trampled: behind each is the edge or another farmer."
            ),
            goal=placed_on(*PROVED_FENCE),
            solution="@" + ",".join(PROVED_FENCE),
            targets=PROVED_FENCE,
            otherwise=(
                "That set-up may hold too, but the proof is about the ringed one. Put one farmer on "
                "each ringed tile."
            ),
            done="That is the proved set-up: with best play the elephant gets 8 points and no more.",
        ),
    ),
    par=1,
    outro=(
        "A farmer beside the elephant is safe when the tile behind it is the edge or another farmer. "
        "Proofs like this one show that with six farmers and 10 points to reach, the farmers win from "
        "every start: the corners at once, the rest by holding the elephant to 8 or 9."
    ),
)


LESSONS: tuple[Lesson, ...] = (
    START,
    CORNER_TRAP,
    EATING,
    TRAMPLE,
    GUARD,
    RUNS,
    BLOCKADE,
    *ENDINGS,
    CENTRE_FENCE,
)
