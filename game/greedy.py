"""A greedy one-move player for every game: the yardstick below the real levels.

The ladder (:mod:`game.ladder`) asks how strong each level is, and "beats random" says little:
random play is not what a person does on their first evening. The greedy bot plays the way a
beginner who has just read the rules does: take what is on offer now (capture, trample, destroy,
win at once), otherwise push forward, and never look at the reply. Every choice is deterministic
for a given ``rng`` (equally good moves are broken by it) and always legal, because each game's
chooser picks from that game's own legal moves or builds its move from the game's own per-piece
options.

In the two secret-order games "greedy" means one turn deep against an opponent the bot does not
model: in Elasta the best allotment against uniformly random chips (where does a file matter most
this turn?); in Nelaxtam every troop takes its own best order by the game's quick per-troop score
(destroy what cuts off most, kill a troop standing on a target, else close in), with clashes
between two of its own troops settled in favour of the better order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.core import GameState, Move
from game.elasta.ai import TurnGame, token_scores
from game.elasta.rules import N_FILES, PHASE_ALLOT, WHITE
from game.elephant_run import ELEPHANT
from game.elephant_run.rules import PHASE_PLACE_ELEPHANT, PHASE_PLACE_FARMERS, SIZE
from game.elephant_run.rules import WIDTH as ER_WIDTH
from game.epaminondas.board import HEIGHT as EP_HEIGHT
from game.epaminondas.board import WIDTH as EP_WIDTH
from game.matrix import hungarian_max
from game.nelaxtam.ai import placement_score, troop_scores
from game.nelaxtam.rules import NOTHING, PHASE_INVASION, TROOPS

Chooser = Callable[[GameState, str, random.Random], Move]

WON = 1e9
"""Value of a move after which the mover has won; a lost game is -WON."""


# -- shared: one ply, scored ------------------------------------------------------------------------
def _outcome_value(child: GameState, player: str) -> float | None:
    """±WON when the move ends the game with a winner, 0.0 for a draw, None while it goes on."""
    outcome = child.outcome()
    if outcome is None:
        return None
    if outcome.winner is None:
        return 0.0
    return WON if outcome.winner == player else -WON


def best_by_score(moves: Sequence[Move], score: Callable[[Move], float], rng: random.Random) -> Move:
    """The highest-scoring move; ties go to the one ``rng`` shuffled first, so a seed fixes it."""
    order = list(moves)
    rng.shuffle(order)
    return max(order, key=score)


def one_ply(
    state: GameState,
    player: str,
    rng: random.Random,
    evaluate: Callable[[GameState, str], float],
    mind_the_king: bool = False,
) -> Move:
    """The move whose resulting position is best for ``player``: a win first, a loss last, and
    between them ``evaluate`` of the position after the move. The reply is never weighed, but with
    ``mind_the_king`` a move that lets the opponent win on the spot comes just above a loss: the
    one look ahead every beginner soon learns (in Changing Challenges, not to leave the king to be
    knocked)."""

    def score(move: Move) -> float:
        child = state.apply_turn({player: move})
        decided = _outcome_value(child, player)
        if decided is not None:
            return decided
        if mind_the_king and _gives_a_win_away(child, player):
            return -WON / 2 + evaluate(child, player)
        return evaluate(child, player)

    return best_by_score(state.legal_moves(player), score, rng)


def _gives_a_win_away(child: GameState, me: str) -> bool:
    """Can the opponent, to move in ``child``, win with their very next move?"""
    for opponent in child.to_move():
        if opponent == me:
            continue
        for reply in child.legal_moves(opponent):
            outcome = child.apply_turn({opponent: reply}).outcome()
            if outcome is not None and outcome.winner == opponent:
                return True
    return False


def generic_move(state: GameState, player: str, rng: random.Random) -> Move:
    """Any other game (a sixth game before it has its own greedy chooser): in an alternating
    turn, one ply on the game's own running score; in a simultaneous one, a random move."""
    if state.simultaneous:
        return state.random_move(player, rng)

    def evaluate(child: GameState, me: str) -> float:
        score = child.score()
        return float(score.get(me, 0) - sum(v for p, v in score.items() if p != me))

    return one_ply(state, player, rng, evaluate)


# -- Elephant Run -------------------------------------------------------------------------------------
def _er_is_jump(move: Move) -> bool:
    """A two-square elephant move is a jump, and an elephant's jump always tramples a farmer."""
    frm, to = move  # type: ignore[misc]
    return max(abs(frm % ER_WIDTH - to % ER_WIDTH), abs(frm // ER_WIDTH - to // ER_WIDTH)) == 2


def _er_vacant_around(state: GameState, sq: int) -> int:
    """Vacant tiles next to ``sq``: the room an elephant standing there has to keep eating."""
    vacant = state.tiles & ~state.farmers  # type: ignore[attr-defined]
    f, r = sq % ER_WIDTH, sq // ER_WIDTH
    count = 0
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            nf, nr = f + df, r + dr
            if (df or dr) and 0 <= nf < ER_WIDTH and 0 <= nr < SIZE // ER_WIDTH:
                count += vacant >> (nr * ER_WIDTH + nf) & 1
    return count


def elephant_run_move(state: GameState, player: str, rng: random.Random) -> Move:
    """The elephant starts where it has most room, tramples a farmer when it can, else steps to
    the tile with most vacant tiles around it; the farmers set up and move to leave the elephant
    as few ways out as they can this very turn."""
    phase = state.phase  # type: ignore[attr-defined]
    if phase == PHASE_PLACE_ELEPHANT:
        return best_by_score(state.legal_moves(player), lambda m: _er_vacant_around(state, m[0]), rng)
    if phase == PHASE_PLACE_FARMERS:
        return _er_farmer_setup(state, player, rng)
    if player == ELEPHANT:

        def elephant_value(child: GameState, me: str) -> float:
            jumped = child.farmers.bit_count() < state.farmers.bit_count()  # type: ignore[attr-defined]
            return 100.0 * jumped + _er_vacant_around(child, child.elephant)  # type: ignore[attr-defined]

        return one_ply(state, player, rng, elephant_value)
    return one_ply(state, player, rng, lambda child, me: -_er_elephant_room(child))


def _er_elephant_room(child: GameState) -> float:
    """After a farmers' move the elephant is to move: its moves, a trample counting three."""
    if ELEPHANT not in child.to_move():
        return 0.0
    return float(sum(3 if _er_is_jump(move) else 1 for move in child.legal_moves(ELEPHANT)))


def _er_farmer_setup(state: GameState, player: str, rng: random.Random) -> Move:
    """Farmers placed one at a time, each where it leaves the elephant fewest ways out on its first
    move (a beginner's ring around it, with the holes a ring has)."""
    elephant = state.elephant  # type: ignore[attr-defined]
    n_farmers = state.n_farmers  # type: ignore[attr-defined]
    placed: list[int] = []
    free = [sq for sq in range(SIZE) if sq != elephant]
    for _ in range(n_farmers):

        def room_after(sq: int) -> float:
            rest = [s for s in free if s != sq and s not in placed]
            filler = tuple(sorted([*placed, sq, *_far_fill(rest, elephant, n_farmers - len(placed) - 1)]))
            return -_er_elephant_room(state.apply_turn({player: filler}))

        choice = best_by_score([sq for sq in free if sq not in placed], room_after, rng)
        placed.append(choice)
    return tuple(sorted(placed))


def _far_fill(squares: list[int], elephant: int, count: int) -> list[int]:
    """The ``count`` squares farthest from the elephant: where not-yet-placed farmers are parked
    while the next one is chosen, so they neither help nor hinder that choice."""

    def distance(sq: int) -> int:
        return max(abs(sq % ER_WIDTH - elephant % ER_WIDTH), abs(sq // ER_WIDTH - elephant // ER_WIDTH))

    return sorted(squares, key=lambda sq: (-distance(sq), sq))[:count]


# -- Epaminondas ------------------------------------------------------------------------------------
def epaminondas_value(child: GameState, me: str) -> float:
    """Stones (a hundred each, so a capture always comes first) and how far mine have come."""
    other = next(p for p in child.players if p != me)
    mine, theirs = child.stones(me), child.stones(other)  # type: ignore[attr-defined]
    white = me == child.players[0]
    advance = 0
    bits = mine
    while bits:
        low = bits & -bits
        rank = (low.bit_length() - 1) // EP_WIDTH
        advance += rank if white else EP_HEIGHT - 1 - rank
        bits ^= low
    return 100.0 * (mine.bit_count() - theirs.bit_count()) + advance


def epaminondas_move(state: GameState, player: str, rng: random.Random) -> Move:
    """Capture the most stones it can, answer a crossing it can see losing to, else advance."""
    return one_ply(state, player, rng, epaminondas_value)


# -- Changing Challenges ------------------------------------------------------------------------------
MOMENT_WEIGHT = 10.0
"""Worth of one unit of moment tilted my way, against 100 per unit of weight on the field: the
balance is the game's whole point, and a beginner who has read the rules watches it."""


def changing_challenges_value(child: GameState, me: str) -> float:
    """Weight left on the playing field (knocks first), then the balance tilted my way: every piece
    pushed into the opponent's half presses the board toward tipping for me."""
    other = next(p for p in child.players if p != me)
    material = child.material(me) - child.material(other)  # type: ignore[attr-defined]
    toward_me = child.moment if me == child.players[0] else -child.moment  # type: ignore[attr-defined]
    return 100.0 * material + MOMENT_WEIGHT * toward_me


def changing_challenges_move(state: GameState, player: str, rng: random.Random) -> Move:
    """Win at once if it can, knock the heaviest piece it can, else advance toward tipping; and
    never leave a win on the spot to the opponent when another move does not."""
    return one_ply(state, player, rng, changing_challenges_value, mind_the_king=True)


# -- Elasta -----------------------------------------------------------------------------------------
TIE_JITTER = 1e-6
"""Random nudge on the per-file gains: small enough never to change a real preference, large
enough to break the exact ties of a symmetric line at random (seeded)."""


def elasta_move(state: GameState, player: str, rng: random.Random) -> Move:
    """The allotment that is best against uniformly random chips: the high chips go where winning
    the file is worth most this turn. Tokens go where they hurt least (the game's own token score)."""
    if state.phase != PHASE_ALLOT:  # type: ignore[attr-defined]
        value_of = {sq: value for value, sq in token_scores(state, player)}  # type: ignore[arg-type]
        return best_by_score(list(value_of), value_of.__getitem__, rng)
    game = TurnGame(state.lines, state.deleted, True)  # type: ignore[attr-defined]
    win = game.file_win if player == WHITE else [-v for v in game.file_loss]
    lose = game.file_loss if player == WHITE else [-v for v in game.file_win]
    top = N_FILES - 1
    # Against random chips, chip c beats the other side's chip in a file with chance c/8 and loses
    # with chance (7 - c)/8.
    gain = [
        [
            (win[f] * chip + lose[f] * (top - chip)) / N_FILES + rng.uniform(0, TIE_JITTER)
            for chip in range(N_FILES)
        ]
        for f in range(N_FILES)
    ]
    return tuple(hungarian_max(gain))


# -- Nelaxtam ---------------------------------------------------------------------------------------
def nelaxtam_move(state: GameState, player: str, rng: random.Random) -> Move:
    """Invasion: the best spread of a few random landings. Orders: each troop its own best order
    by the game's quick per-troop score (one order in all in the quiet variant)."""
    if state.phase == PHASE_INVASION:  # type: ignore[attr-defined]
        landings = [state.random_move(player, rng) for _ in range(12)]
        return best_by_score(landings, lambda m: placement_score(state, m), rng)  # type: ignore[arg-type]
    p = state.index_of(player)  # type: ignore[attr-defined]
    scores = troop_scores(state, p)  # type: ignore[arg-type]
    ranked = [
        (score + rng.uniform(0, TIE_JITTER), t, code)
        for t, options in enumerate(scores)
        for code, score in options
    ]
    ranked.sort(reverse=True)
    if state.quiet:  # type: ignore[attr-defined]
        joint = [NOTHING] * TROOPS
        for score, t, code in ranked:
            if code != NOTHING:
                nothing = next(s for c, s in scores[t] if c == NOTHING)
                if score > nothing:
                    joint[t] = code
                break
        return tuple(joint)
    # Best orders first; a troop whose best move lands where an own troop already goes takes its
    # next best order. A troop's own orders are each legal, and only a shared landing square can
    # make the whole illegal, which the check against ``state`` rules out.
    joint_codes: list[int | None] = [None] * TROOPS
    for _, t, code in ranked:
        if joint_codes[t] is not None:
            continue
        trial = tuple(NOTHING if c is None else c for c in joint_codes)
        trial = (*trial[:t], code, *trial[t + 1 :])
        if state.why_illegal(player, trial) is None:
            joint_codes[t] = code
    return tuple(NOTHING if c is None else c for c in joint_codes)


# -- the table ----------------------------------------------------------------------------------------
GREEDY: dict[str, Chooser] = {
    "elasta": elasta_move,
    "nelaxtam": nelaxtam_move,
    "elephant-run": elephant_run_move,
    "epaminondas": epaminondas_move,
    "changing-challenges": changing_challenges_move,
}
"""Each game's greedy chooser, by game id; other games fall back to :func:`generic_move`."""


def greedy_move(state: GameState, player: str, seed: int | None = None) -> Move:
    """A legal greedy move for ``player`` in ``state``; the same seed gives the same move."""
    if player not in state.to_move():
        raise ValueError(f"{player} is not to move")
    rng = random.Random(seed)
    return GREEDY.get(state.game_id, generic_move)(state, player, rng)


__all__ = ["GREEDY", "best_by_score", "greedy_move", "one_ply"]
