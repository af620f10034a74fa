"""Elasta in words: who won which files at the reveal, what the rubber band did, how far the Battle
Line moved and how near a ground line it stands; at the end, the files whose sticks reached one.

Read by :meth:`game.core.GameState.describe_turn`: the facts come from the rules' own
:func:`~game.elasta.rules.resolve_turn`, run again on the state before the turn, so the sentence and
the board can never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from game.core import EndWords, Move, Outcome, TurnWords
from game.elasta.rules import (
    BLACK,
    FILES,
    N_RANKS,
    NO_TOKEN,
    PHASE_ALLOT,
    WHITE,
    Allotment,
    ElastaState,
    losers,
    resolve_turn,
    square_name,
)
from game.phrases import amount, count, joined, number, plural, sentence

TITLE = {WHITE: "White", BLACK: "Black"}
DANGER_RANKS = 2
"""A stick this close to a ground line (or closer) is worth a warning in the note."""


def file_names(files: Sequence[int]) -> str:
    """``[0, 2] -> 'A and C'``: files are capital letters in Elasta's rules and on its board."""
    return joined([FILES[f].upper() for f in files])


def won_clause(player: str, files: Sequence[int], short: bool) -> str:
    """ "White won three files" (short) or "White won A, C and F"."""
    if not files:
        return f"{TITLE[player]} won no file"
    if short:
        return f"{TITLE[player]} won {count(len(files), 'file')}"
    return f"{TITLE[player]} won {file_names(files)}"


def gain_clause(before: Sequence[int], after: Sequence[int], short: bool = False) -> str:
    """How far the whole line moved: ranks gained by one side summed over the files."""
    net = sum(after) - sum(before)
    if net == 0:
        return "no side gained ground" if short else "the line as a whole did not move"
    winner = WHITE if net > 0 else BLACK
    return f"{TITLE[winner]} gained {count(abs(net), 'rank')}" + ("" if short else " overall")


def band_clause(pushed: Sequence[int], final: Sequence[int], rounds: int) -> str:
    """What the rubber band did: which sticks it pulled back, and in how many rounds."""
    pulled = [f for f in range(len(final)) if final[f] != pushed[f]]
    if not rounds or not pulled:
        return ""
    times = "once" if rounds == 1 else f"in {number(rounds)} rounds"
    return f"the band pulled {file_names(pulled)} back {times}"


def danger_clause(lines: Sequence[int]) -> str:
    """The stick nearest a ground line, if it is close: the thing both players must watch next."""
    white_gap = min(lines)  # ranks left on White's side in White's worst file
    black_gap = N_RANKS - max(lines)
    gap, player = (white_gap, WHITE) if white_gap <= black_gap else (black_gap, BLACK)
    if gap > DANGER_RANKS or gap == 0:
        return ""
    files = [f for f, line in enumerate(lines) if (line if player == WHITE else N_RANKS - line) == gap]
    where = plural(len(files), "file") + " " + file_names(files)
    verb = "is" if len(files) == 1 else "are"
    return f"{where} {verb} {count(gap, 'rank')} from {TITLE[player]}'s ground line"


def describe_allotment(before: ElastaState, white: Sequence[int], black: Sequence[int]) -> TurnWords:
    """The status line counts the files each side won; the note names them, the ties, the band's
    pulls and the stick nearest a ground line."""
    report = resolve_turn(before.lines, white, black, before.deleted)
    results, final = report.results, report.final
    white_files = [f for f, r in enumerate(results) if r > 0]
    black_files = [f for f, r in enumerate(results) if r < 0]
    ties = results.count(0)
    pulled = sum(1 for f, line in enumerate(final) if line != report.pushed[f])
    line = sentence(
        f"White won {count(len(white_files), 'file')}, Black {amount(len(black_files))}",
        f"the band pulled {count(pulled, 'stick')} back" if pulled else "",
        gain_clause(before.lines, final, short=True),
    )
    note = sentence(
        won_clause(WHITE, white_files, False),
        won_clause(BLACK, black_files, False),
        count(ties, "tie") if ties else "",
        band_clause(report.pushed, final, len(report.rounds)),
        gain_clause(before.lines, final),
        danger_clause(final),
    )
    return TurnWords(line, note)


def describe_tokens(turn: Mapping[str, Move]) -> TurnWords:
    placed = []
    for player in (WHITE, BLACK):
        square = turn.get(player, NO_TOKEN)
        if square == NO_TOKEN or not isinstance(square, int):
            placed.append(f"{TITLE[player]} placed no token")
        else:
            placed.append(f"{TITLE[player]} deleted {square_name(square)}")
    return TurnWords(sentence(*placed))


def describe_turn(before: ElastaState, turn: Mapping[str, Move], after: ElastaState) -> TurnWords:
    """One reveal (chips or tokens) in words; see the module's docstring."""
    if before.phase == PHASE_ALLOT:
        return describe_allotment(before, cast(Allotment, turn[WHITE]), cast(Allotment, turn[BLACK]))
    return describe_tokens(turn)


SHOWN_CHIPS = 3
"""The move list names where a side put its highest chips, this many (the card has the notation)."""


def move_words(state: ElastaState, player: str, move: Move) -> str:
    """The move list's short phrase for one side: where its highest chips went, "7 on C, 6 on F,
    5 on A" (the chip that wins a file is what counts), or its token, "deletes c2" / "no token"."""
    if state.phase == PHASE_ALLOT:
        if not isinstance(move, tuple) or sorted(move) != list(range(len(FILES))):
            raise TypeError(f"not an Elasta allotment: {move!r}")
        top = sorted(range(len(FILES)), key=lambda f: -move[f])[:SHOWN_CHIPS]
        return ", ".join(f"{move[f]} on {FILES[f].upper()}" for f in top)
    if move == NO_TOKEN:
        return "no token"
    if not isinstance(move, int):
        raise TypeError(f"not an Elasta token square: {move!r}")
    return f"deletes {square_name(move)}"


def describe_end(state: ElastaState, outcome: Outcome) -> EndWords:
    """The files that ended the game, ringed on the ground line that was reached."""
    white_lost, black_lost = losers(state.lines, state.deleted)
    squares = [square_name(f) for f in white_lost]  # rank 1: White's ground line
    squares += [square_name((N_RANKS - 1) * 8 + f) for f in black_lost]
    if state.tokens or (not white_lost and not black_lost):
        return EndWords(outcome.reason, tuple(squares))
    parts = []
    for player, files in ((WHITE, white_lost), (BLACK, black_lost)):
        if files:
            parts.append(f"{TITLE[player]}'s ground line in {plural(len(files), 'file')} {file_names(files)}")
    reason = "The line reached " + joined(parts) + "."
    if outcome.winner is None:
        reason += " Both at once: a draw."
    return EndWords(reason, tuple(squares))
