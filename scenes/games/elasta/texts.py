"""The words Elasta's view shows: the turn banner's prompt, hints, refusals, the side panel's
buttons, the player cards' lines, the move list's notes and the end dialog's score.

Functions of the state (and of a player's draft) only, so every sentence can be read, and changed,
in one place without the view's drawing or input code in the way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.elasta import rules as R
from scenes.games.elasta.palette import BLACK, FILE_LETTERS, WHITE, N
from scenes.kit.board_view import ViewButton

if TYPE_CHECKING:
    from game.elasta.rules import ElastaState
    from game.match import Turn


def title(player: str) -> str:
    return player.capitalize()


def files_text(files: list[int]) -> str:
    """ "file C" or "files E, F, G and H": the empty files named as the player sees them."""
    names = [FILE_LETTERS[f] for f in files]
    if len(names) == 1:
        return f"file {names[0]}"
    return "files " + ", ".join(names[:-1]) + " and " + names[-1]


def where(player: str) -> str:
    """Where ``player``'s chips are, for a refusal that points the player to their own side."""
    if player == WHITE:
        return "tray on the left, row below the board"
    return "tray on the right, row above the board"


def progress(draft: list[int | None], lead: str) -> str:
    """``lead`` plus how far the allotment is, or the invitation to seal it once it is complete."""
    placed = sum(c is not None for c in draft)
    if placed == N:
        return f"{lead}: complete — press Confirm or Enter to seal it."
    return f"{lead} · {placed} of 8 placed."


def how(state: ElastaState, player: str) -> str:
    """What to do in this phase, when the player has not started yet (or clicked off the table)."""
    if state.phase == R.PHASE_TOKEN:
        if not state.can_place(player):
            return "you have no token to place — press Confirm"
        return "click a square on your side of the band to delete it with a token, then Confirm"
    return "drag chips from your tray onto the files, or type eight digits"


def prompt(state: ElastaState, player: str, token: int | None, draft: list[int | None]) -> str:
    """The turn banner for ``player``, from their chosen ``token`` or their ``draft``."""
    if state.phase == R.PHASE_TOKEN:
        if token is not None:
            return f"token on {R.square_name(token)} — press Confirm (or Enter) to seal it"
        return how(state, player)
    placed = sum(c is not None for c in draft)
    if placed == N:
        return "allotment complete — press Confirm (or Enter) to seal it; drag chips to swap"
    if placed:
        return f"{placed} of 8 chips placed — drag the rest, or type their numbers (Backspace undoes)"
    return how(state, player)


def buttons(state: ElastaState, player: str, chosen: bool, placed: int, compact: bool) -> list[ViewButton]:
    """The side panel's commands for ``player``: in the token step Clear and Confirm (Confirm also
    passes when they have no token left; ``chosen``: a token is on a square); in an allotment
    Clear, Random and Confirm, enabled by how many chips are ``placed``. The ``compact`` panel fits
    two buttons, so Random goes (R still deals at random)."""
    if state.phase == R.PHASE_TOKEN:
        must_pass = not state.can_place(player)
        return [
            ViewButton("clear", "Clear", "Take the token back", enabled=chosen),
            ViewButton(
                "confirm",
                "Confirm",
                "Seal your token (Enter)" if not must_pass else "You have no token to place",
                primary=True,
                enabled=chosen or must_pass,
            ),
        ]
    commands = [
        ViewButton(
            "clear", "Clear", "Put every chip back in the tray (Backspace takes one)", enabled=placed > 0
        ),
        ViewButton("random", "Random", "Deal the chips still in the tray at random (R)", enabled=placed < N),
        ViewButton("confirm", "Confirm", "Seal this allotment (Enter)", primary=True, enabled=placed == N),
    ]
    return commands


def status_extra(state: ElastaState) -> str:
    """The turn number (the rules end the game at a turn limit), and the token step when it is on."""
    if state.phase == R.PHASE_TOKEN and not state.over:
        return f"Turn {state.turn} · tokens"
    return f"Turn {state.turn + (0 if state.over else 1)}"


def player_summary(state: ElastaState, player: str) -> str:
    gained = state.score()[player]
    if state.tokens:
        return f"+{gained} · {state.tokens_of(player)} tokens"
    return f"+{gained} rank{'s' if gained != 1 else ''}"


def result_details(state: ElastaState) -> str:
    score = state.score()
    return (
        f"Ranks gained: White {score[WHITE]}, Black {score[BLACK]}  ·  "
        f"{state.turn} turn{'s' if state.turn != 1 else ''}"
    )


def turn_note(turn: Turn) -> str:
    """A move-list note from the engine's report: files won by each side and the band's rounds."""
    before: Any = turn.before
    if getattr(before, "phase", "") == R.PHASE_TOKEN:
        return "tokens"
    after: Any = turn.after
    report = getattr(after, "last_report", None)
    if report is None:
        return ""
    won = report.results.count(1)
    lost = report.results.count(-1)
    note = f"W {won} · B {lost}"
    if report.rounds:
        note += f" · band ×{len(report.rounds)}"
    return note
