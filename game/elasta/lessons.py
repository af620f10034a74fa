"""Elasta's lessons: the secret allotment, chips, the rubber band, the ground lines and the tokens.

Each lesson is one idea on a real position (see :mod:`game.lessons`). Elasta has no position text,
so a lesson reaches its position from the opening with ``moves``: whole turns that walk the sticks
to the lines it needs without the band ever stepping in (the walks were found by a small search and
are checked by ``python -m game lessons elasta --check``). Most steps are judged by a goal on the
position after the reveal, because many allotments do the same job; the other side's scripted
chips are the ``reply`` of the same turn. Where a lesson tells the learner Black's chips in advance
it says so: that is a teaching device, never how a real game goes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from game.core import GameState
from game.elasta import rules as R
from game.lessons import Lesson, Step

TIE_TURN = "01234567/01234567"
"""A turn of equal chips in every file: nothing moves, only the turn count goes up."""
TOKENS_TURN = "05172463/47203165"
"""The first turn of the token lessons: it leaves the sticks at 3 3 3 5 3 5 4 3."""


def _ela(state: GameState) -> R.ElastaState:
    return cast(R.ElastaState, state)


def _lines(state: GameState) -> tuple[int, ...]:
    return _ela(state).lines


def _won_by(player: str) -> Callable[[GameState], bool]:
    """The end test "``player`` has won"."""

    def finished(state: GameState) -> bool:
        outcome = state.outcome()
        return outcome is not None and outcome.winner == player

    return finished


def _white_won(before: GameState, after: GameState, text: str) -> bool:
    return _won_by(R.WHITE)(after)


def _drawn(state: GameState) -> bool:
    outcome = state.outcome()
    return outcome is not None and outcome.winner is None


def _anything(before: GameState, after: GameState, text: str) -> bool:
    """Any complete allotment does the job (the lesson is about sealing, not about chips)."""
    return True


def _behind_stick(lines: tuple[int, ...] | list[int]) -> dict[str, str]:
    """Each file's square right behind the stick on White's side: the worst place for a token."""
    squares = {}
    for file, line in enumerate(lines):
        if line >= 1:
            squares[f"{R.FILES[file]}{line}"] = (
                "Right behind the stick is the worst place for a token: Black's next push in that "
                "file would jump the hole and gain two ranks. Pick a square further back."
            )
    return squares


def _lines_after(turn: str) -> list[int]:
    """The sticks after ``turn`` (``WHITE/BLACK`` chips) played from the start."""
    white, black = (tuple(int(chip) for chip in half) for half in turn.split("/"))
    return R.resolve_turn((R.START_LINE,) * 8, white, black).final


# -- 1. sealing and the reveal ---------------------------------------------------------------------
SECRET = Lesson(
    id="elasta-secret",
    title="Secret chips",
    rule="A turn: both allot in secret, then reveal",
    intro=(
        "You play White, at the bottom. Each of the eight files has a stick across it, all starting "
        "in the middle: that's the battle line. Each turn you and Black give every file one chip, "
        "0 to 7, each chip once, in secret."
    ),
    learner=R.WHITE,
    steps=(
        Step(
            say=(
                "Drag a chip from your tray onto every file, or type eight digits like 70615243. "
                "Then press Confirm to seal your chips."
            ),
            goal=_anything,
            solution="05172463",
            reply="36250714",
            done="Both rows flipped at once. In every file the higher chip pushed the stick one square.",
        ),
    ),
    par=1,
    outro=(
        "That is a whole turn: seal in secret, then both rows flip together. You never see Black's "
        "chips before you commit, and Black never sees yours."
    ),
)

# -- 2. the higher chip wins -------------------------------------------------------------------------


def _wins_seven(before: GameState, after: GameState, text: str) -> bool:
    return sum(a > b for a, b in zip(_lines(after), _lines(before), strict=True)) >= 7


def _holds_a(before: GameState, after: GameState, text: str) -> bool:
    return _lines(after)[0] >= _lines(before)[0]


CHIPS = Lesson(
    id="elasta-chips",
    title="The higher chip wins",
    rule="Reveal: the higher chip pushes the stick one square; equal chips do nothing",
    intro=(
        "In each file the higher chip wins and pushes the stick one square toward the loser. "
        "Equal chips move nothing. Winning by 7 is worth exactly as much as winning by 1."
    ),
    learner=R.WHITE,
    steps=(
        Step(
            say=(
                "A spy tells you Black's chips: 0 on A, 1 on B, and so on up to 7 on H. "
                "Win seven files this turn."
            ),
            goal=_wins_seven,
            solution="12345670",
            reply="01234567",
            wrong={
                "01234567": "Equal chips everywhere: eight ties, and not one stick moved.",
                "76543210": (
                    "Your big chips crush A to D, but a big win counts no more than a small one. "
                    "Beat each of Black's chips by just one."
                ),
            },
            otherwise=(
                "Beat each of Black's chips by exactly one: 1 against 0, 2 against 1, and so on. "
                "Only Black's 7 on H can't be beaten."
            ),
            done="Seven files won by a single point each. Black's 7 took file H.",
        ),
        Step(
            say=(
                "The spy again: this time Black's 7 goes on file A, and 0 to 6 on B to H. "
                "Don't let Black push file A back."
            ),
            goal=_holds_a,
            solution="71234560",
            reply="70123456",
            targets=("a5",),
            wrong={
                "12345670": "Your 1 on file A loses to Black's 7, and the stick slides back.",
            },
            otherwise="Nothing beats a 7, but a 7 ties a 7: put your own 7 on file A.",
            done="A tie on file A: nothing moved there.",
        ),
    ),
    par=2,
    outro="The chip only has to be higher, not much higher. A 7 never loses; a 0 never wins.",
)

# -- 3. the rubber band ----------------------------------------------------------------------------


def _d_on_seven(before: GameState, after: GameState, text: str) -> bool:
    return _lines(after)[3] == 7


BAND = Lesson(
    id="elasta-band",
    title="The rubber band",
    rule="Rubber band: neighbouring sticks at most 2 apart; wider gaps are pulled together",
    intro=(
        "A rubber band ties the sticks together: two neighbouring sticks may be at most two ranks "
        "apart. If a push opens a wider gap, the band pulls both sticks one step toward each other."
    ),
    learner=R.WHITE,
    moves=("30245716/04235716", "47356201/75346201"),
    steps=(
        Step(
            say=(
                "Your stick in file D is two ranks ahead of C and E, as far as the band allows. "
                "Push D up to rank 7 this turn and make it stay there."
            ),
            goal=_d_on_seven,
            solution="01475623",
            reply="76324501",
            targets=("d7",),
            arrows=(("d6", "d7"),),
            otherwise=(
                "File D didn't stay on rank 7: it may not stand three ranks ahead of C or E, so the "
                "band pulled it back. Win C and E in the same turn."
            ),
            done="C and E came along, so no gap was wider than two and D kept rank 7.",
        ),
    ),
    par=1,
    outro=(
        "A lone stick can't run ahead: win its neighbours too. A stick pulled back from both sides "
        "still moves only one step."
    ),
)

# -- 4. the band works in rounds ---------------------------------------------------------------------


def _a_rises(before: GameState, after: GameState, text: str) -> bool:
    return _lines(after)[0] > _lines(before)[0]


ROUNDS = Lesson(
    id="elasta-rounds",
    title="The band pulls in rounds",
    rule="Rubber band: contract in rounds; each stick moves by the sign of its pulls",
    intro=(
        "The band works in rounds. After one round of pulling, a stick that moved can open a new "
        "gap with its other neighbour, so the pull travels along the line until every gap is two "
        "or less."
    ),
    learner=R.WHITE,
    moves=("43750216/73540216", "01254736/21054736"),
    steps=(
        Step(
            say=(
                "Black's 7 is on file A this turn, so you can't win A. Move A's stick up anyway: "
                "hold A with your own 7, and push file C up to rank 7."
            ),
            goal=_a_rises,
            solution="71625430",
            reply="71065432",
            targets=("a3", "c7"),
            arrows=(("c6", "c7"), ("a2", "a3")),
            wrong={
                "01234567": "Black's 7 beat your 0 on A, and the band only pulled A back to where it was.",
            },
            otherwise=(
                "File A didn't move up. Tie A with your 7, keep B where it is, and win C: the band "
                "pulls B up, then B pulls A up."
            ),
            done="C was pulled back and dragged B up; in the next round B dragged A up. The pull travelled!",
        ),
    ),
    par=1,
    outro=(
        "The band can move a stick you never won. Pulls travel along the line, round after round, "
        "until every gap is two or less."
    ),
)

# -- 5. breaking through -------------------------------------------------------------------------------


BREAKTHROUGH = Lesson(
    id="elasta-breakthrough",
    title="Breaking through",
    rule="End: a stick on Black's ground line after the band wins; pulled back does not count",
    intro=(
        "You win when a stick reaches Black's ground line, the top edge, and stays there after the "
        "band has pulled. If the band pulls it back, it doesn't count."
    ),
    learner=R.WHITE,
    moves=("10564327/07564213", "13456207/71456203", "62130475/56130472", "26530147/62530147"),
    steps=(
        Step(
            say=(
                "File H is one push from Black's ground line, but G is two ranks behind it. "
                "Win the game this turn."
            ),
            goal=_white_won,
            solution="01234567",
            reply="76543210",
            targets=("h8",),
            arrows=(("h7", "h8"),),
            wrong={
                "76543210": "Equal chips everywhere: nothing moved at all.",
                "12345607": (
                    "H touched Black's ground line, but G fell behind: the band pulled H back, "
                    "and a stick pulled back off the line doesn't win."
                ),
            },
            otherwise=(
                "Not a win yet. H can only stay on the top edge if G is within two ranks: "
                "win G and H together."
            ),
            done="H reached the top edge and G stayed close enough, so the band left it there.",
        ),
    ),
    par=1,
    outro="A breakthrough needs company: the file's neighbours must be within two ranks of it.",
    finish=_won_by(R.WHITE),
)

# -- 6. both at once ---------------------------------------------------------------------------------


DRAW = Lesson(
    id="elasta-draw",
    title="Both at once",
    rule="End: both ground lines reached in one turn is a draw",
    intro=(
        "Both sides can break through in the same turn. Then nobody wins: a stick on each ground "
        "line at once is a draw."
    ),
    learner=R.WHITE,
    moves=("02134657/56274013", "01463275/74563210", "24071536/46071532"),
    steps=(
        Step(
            say=(
                "Black's 7 will crash into file A, which is one push from your edge. Your H is one "
                "push from Black's edge. Let A go and put your 7 on H: see what happens."
            ),
            goal=lambda before, after, text: _drawn(after),
            solution="65432107",
            reply="71234506",
            targets=("a1", "h8"),
            arrows=(("a2", "a1"), ("h7", "h8")),
            wrong={
                "75432106": (
                    "You held file A with your 7. That's a fine move in a real game, but this "
                    "lesson is about the race: put your 7 on H."
                ),
            },
            otherwise=(
                "Put your 7 on file H and let file A go: this lesson shows what happens when both "
                "sides break through in the same turn."
            ),
            done="Both sticks hit a ground line in the same turn: the game is a draw.",
        ),
    ),
    par=1,
    outro="A breakthrough only wins if Black doesn't break through in the same turn.",
    finish=_drawn,
)

# -- 7. tokens (the token variant) -------------------------------------------------------------------


def _token_not_behind(before: GameState, after: GameState, text: str) -> bool:
    if after.over or text == "-":
        return False
    square = R.square_index(text)
    file, rank = square % 8, square // 8 + 1
    return rank < _lines(before)[file]


def _jumps_a(before: GameState, after: GameState, text: str) -> bool:
    return _lines(after)[0] == _lines(before)[0] + 2


TOKENS = Lesson(
    id="elasta-tokens",
    title="Tokens make holes",
    rule="Token variant: a token deletes a square of your own territory; a push jumps deleted squares",
    intro=(
        "With tokens on, after every turn you both place a token on a square of your own side. "
        "That square is gone for good. You each have 20 tokens, and you must place one while you "
        "have any."
    ),
    learner=R.WHITE,
    options={"tokens": "on"},
    moves=(TOKENS_TURN,),
    steps=(
        Step(
            say=(
                "Place your token: click a square on your side of the band, then Confirm. A hole "
                "costs you a square, so keep it away from the stick."
            ),
            goal=_token_not_behind,
            solution="b1",
            reply="a4",
            wrong=_behind_stick(_lines_after(TOKENS_TURN)),
            otherwise="Pick a square further from the stick, with at least one square between them.",
            done="Black put its token on a4, right behind its own stick in file A.",
        ),
        Step(
            say=(
                "Black's hole on a4 sits right behind its stick. Win file A: your push jumps "
                "the hole and gains two ranks at once."
            ),
            goal=_jumps_a,
            solution="76543210",
            reply="01234567",
            targets=("a5",),
            arrows=(("a3", "a5"),),
            otherwise="File A didn't jump two ranks. Win A, and don't lose B, or the band pulls A back.",
            done="The stick skipped the hole and took a5 too: two ranks in one push.",
        ),
    ),
    par=2,
    outro=(
        "A push always takes one real square and skips the holes on the way. Holes still count "
        "as ranks for the band. Keep your own holes far from the stick."
    ),
)

# -- 8. the last square (token variant) -----------------------------------------------------------------


LAST_SQUARE = Lesson(
    id="elasta-last-square",
    title="The last square",
    rule="Token variant: you lose when a file has no square left on your side (after the band or tokens)",
    intro=(
        "With tokens, a file is lost when no real square is left between its stick and your "
        "ground line, even if the stick never reaches the edge. Holes don't count."
    ),
    learner=R.WHITE,
    options={"tokens": "on"},
    moves=("03516274/27516043", "a1/h8", "31624075/51624073"),
    steps=(
        Step(
            say=(
                "Time for tokens. Your file A is down to one real square, a2 (a1 is a hole). "
                "Place your token somewhere safe."
            ),
            goal=lambda before, after, text: not after.over,
            solution="c1",
            reply="g8",
            targets=("a2",),
            wrong={"a2": "a2 is your last square in file A. Delete it and you lose on the spot!"},
            done="Safe. Black placed its token on g8.",
        ),
        Step(
            say=(
                "Black's 7 is coming for file A. Black's file H is down to one square too: h7. "
                "Hold A and take h7 to win."
            ),
            goal=_white_won,
            solution="71234506",
            reply="76543201",
            targets=("a2", "h7"),
            arrows=(("h6", "h7"),),
            otherwise=(
                "Not a win. Only your 7 holds file A against Black's 7; then win file H, "
                "and keep G close so the band leaves H alone."
            ),
            done="H took h7, Black's last square in that file. Black is out!",
        ),
    ),
    par=2,
    outro=(
        "Count real squares, not ranks. And never delete your own last square in a file: "
        "the game checks after the tokens too."
    ),
    finish=_won_by(R.WHITE),
)

# -- 9. synthesis: the last two turns ------------------------------------------------------------------


def _g_and_h_on_seven(before: GameState, after: GameState, text: str) -> bool:
    return _lines(after)[6] == 7 and _lines(after)[7] == 7


FINAL = Lesson(
    id="elasta-final",
    title="The last two turns",
    rule="Long games: after 300 turns with no winner the game is a draw",
    intro=(
        "A game lasts at most 300 turns: if nobody has broken through by then, it's a draw. This "
        "game is at turn 298. You have two turns left to win."
    ),
    learner=R.WHITE,
    moves=("40172563/36170452", "16704532/63704521", *(TIE_TURN,) * 296),
    steps=(
        Step(
            say=(
                "Turn 299. Push both G and H up to rank 7, and keep E and F close behind so the "
                "band doesn't pull them back. Black's chips are hidden."
            ),
            goal=_g_and_h_on_seven,
            solution="01234567",
            reply="76543210",
            targets=("g7", "h7"),
            arrows=(("g6", "g7"), ("h6", "h7")),
            otherwise=(
                "G and H aren't both on rank 7. Win G and H, and don't let E and F drop "
                "more than two ranks behind them."
            ),
            done="G and H stand on rank 7. One more push wins.",
        ),
        Step(
            say=(
                "Turn 300, the very last. A spy says Black's 7 will guard G. Break through now, "
                "or the game ends in a draw."
            ),
            goal=_white_won,
            solution="01234567",
            reply="01234576",
            targets=("h8",),
            arrows=(("h7", "h8"),),
            otherwise=(
                "No breakthrough, and that was turn 300: a draw. Black's 7 holds G, so put your "
                "7 on H, where nothing can beat it."
            ),
            done="Your 7 broke through on H, just in time!",
        ),
    ),
    par=2,
    outro=(
        "You've used it all: chips, the band, the ground line and the clock. Now try a real game "
        "against the computer."
    ),
    finish=_won_by(R.WHITE),
)


LESSONS: tuple[Lesson, ...] = (
    SECRET,
    CHIPS,
    BAND,
    ROUNDS,
    BREAKTHROUGH,
    DRAW,
    TOKENS,
    LAST_SQUARE,
    FINAL,
)
