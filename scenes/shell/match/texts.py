"""What the match screen says, apart from how it is drawn: the banner, the result, the mode line.

These are plain functions of the match and the board view (plus the scene's situation passed in), so
the wording can be tested without pixels and reused by later screens (a review of a finished game
shows the same result line).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.match import Match, Seat, Turn
    from scenes.kit.board_view import BoardView


def mode_text(match: Match) -> str:
    """Who plays whom, short enough for the panel at 1024x640 ("You play Elephant"): the computer's
    level is on its own card just below, so saying it here too only pushed the line out of the panel."""
    humans = match.humans()
    ai = [(p, seat) for p, seat in match.seats.items() if seat.is_ai]
    title = match.game.player_title
    if not ai:
        return "Two players at this screen"
    if not humans:
        return "Computer vs computer"
    return f"You play {' & '.join(title(p) for p in humans)}"


def result_texts(match: Match, view: BoardView) -> tuple[str, str, str]:
    """Headline, reason and score line of a finished match; all empty while it goes on. Against
    the computer it speaks to the one human ("You win!"), otherwise it names the winner."""
    outcome = match.outcome
    if outcome is None:
        return "", "", ""
    if match.resigned is not None:
        headline, reason = resigned_texts(match)
        return headline, reason, _score_line(match)
    end = match.state.describe_end()
    reason = end.reason if end is not None else outcome.reason
    if outcome.winner is None:
        headline = "A draw"
    else:
        title = match.player_name(outcome.winner)
        humans = match.humans()
        if len(humans) == 1:
            headline = "You win!" if outcome.winner in humans else f"The computer wins ({title})"
        else:
            headline = f"{title} win{'s' if not title.endswith('s') else ''}!"
    return headline, reason, view.result_details() or _score_line(match)


def _score_line(match: Match) -> str:
    score = match.state.score()
    return "  ·  ".join(f"{match.player_name(p)}: {score[p]}" for p in match.game.players if p in score)


def resigned_texts(match: Match) -> tuple[str, str]:
    """Headline and reason of a game given up (Resign): against the computer spoken to the person,
    between two people naming both."""
    loser = match.resigned or ""
    winner = match.outcome.winner if match.outcome is not None else None
    if len(match.humans()) == 1 and not match.two_player:
        side = match.game.player_title(winner) if winner is not None else ""
        if loser in match.humans():
            return "You resigned", f"You gave the game up, so the computer ({side}) wins it."
        return "You win!", f"The computer ({match.game.player_title(loser)}) gave the game up."
    if winner is None:
        return "Game given up", f"{match.player_name(loser)} resigned."
    name = match.player_name(winner)
    verb = "win" if name.endswith("s") else "wins"
    return f"{name} {verb}!", f"{match.player_name(loser)} resigned, so the game goes to {name}."


def undo_refusal(match: Match) -> str:
    """Why Undo did nothing, in the players' terms."""
    if match.resigned is not None:
        return "A game given up stays given up: press Rematch to play again."
    if match.undo_crosses_reveal():
        return "Both players have seen the orders of that turn, so it cannot be taken back."
    if match.turns:
        return "That move can no longer be taken back."
    return "Nothing to undo yet."


def duration_text(seconds: float) -> str:
    """A game's length as a player says it, short enough for the result card's figures: "<1 min",
    "4 min", "95 min", "5 h", "3 days"."""
    minutes = round(seconds / 60)
    if minutes < 1:
        return "<1 min"
    if minutes < 180:
        return f"{minutes} min"
    hours = round(minutes / 60)
    if hours < 48:
        return f"{hours} h"
    return f"{round(hours / 24)} days"


def time_taken(match: Match, on_screen: float) -> str:
    """From the match's start to its last move, by the times the match keeps (and its save keeps
    with it). Should those be unreadable, the time this screen has shown it, said as an estimate."""
    try:
        started, ended = datetime.fromisoformat(match.created), datetime.fromisoformat(match.updated)
        seconds = (ended - started).total_seconds()
    except (TypeError, ValueError):
        seconds = -1.0
    if seconds < 0:
        return f"about {duration_text(on_screen)}"
    return duration_text(seconds)


def result_facts(match: Match, on_screen: float) -> tuple[tuple[str, str], ...]:
    """The figures of a finished match for the result card, as (value, label): the moves played
    (turns, in a game of simultaneous turns), the time it took (:func:`time_taken`) and, for the one
    human against the computer, the hints used ("none", "2"); two people get no hints to count."""
    turns = len(match.turns)
    noun = "turn" if match.game.simultaneous else "move"
    facts = [(str(turns), f"{noun}{'s' if turns != 1 else ''}"), (time_taken(match, on_screen), "time")]
    humans = match.humans()
    if len(humans) == 1 and not match.two_player:
        used = match.hints_used(humans[0])
        facts.append(("none" if used == 0 else str(used), "hint" if used == 1 else "hints"))
    return tuple(facts)


def swapped_seats(match: Match) -> dict[str, Seat]:
    """The seats of a rematch with the sides exchanged: each side's seat moves on to the next side
    (against the computer the human plays the other side; two people swap colours)."""
    players = match.game.players
    return {p: match.seats[players[(i + 1) % len(players)]] for i, p in enumerate(players)}


def swap_words(match: Match) -> str | None:
    """What "Swap sides" would do, for its tooltip; None when it would change nothing (two people
    without names: only the chairs would change)."""
    swapped = swapped_seats(match)
    if swapped == match.seats:
        return None
    title = match.game.player_title
    humans = [p for p, seat in swapped.items() if not seat.is_ai]
    if len(humans) == 1:
        return f"Play again as {title(humans[0])}, with the same options"
    if not humans:
        return "Play again with the computers' levels exchanged"
    named = [f"{seat.name or 'the other player'} as {title(p)}" for p, seat in swapped.items()]
    return f"Play again with {' and '.join(named)}"


def banner_texts(
    match: Match,
    view: BoardView,
    *,
    human: str | None,
    computer: str | None,
    computer_stopped: bool,
    message: str | None,
    message_error: bool,
    note: Callable[[Turn], str],
    clock: float,
    told: str | None = None,
) -> tuple[str, str, bool]:
    """(headline, detail, detail-is-error) for the turn banner.

    ``human`` is the human who may act now and ``computer`` the computer seat that owes a move (both
    may be set in a simultaneous turn: the human's prompt comes first). A ``message`` (a hint or a
    refusal) replaces the detail line while it lasts; ``note`` says in words what the turn being
    animated did, and ``told`` (the same for the last turn, while the scene keeps it up) stands in
    for the prompt until the player acts."""
    game = match.game
    if match.over:
        headline, reason, _ = result_texts(match, view)
        return f"Game over — {headline}", message or reason, message_error
    if view.busy and view.last_move is not None:
        turn = view.last_move
        who = " & ".join(match.player_name(p) for p in turn.moves)
        return f"{who}: {turn.text}", note(turn) or "", False
    if computer is not None and human is None:
        dots = "." * (1 + int(clock * 2.5) % 3)
        title = game.player_title(computer)
        detail = "The computer could not move — Undo or leave from the menu." if computer_stopped else ""
        return f"Computer ({title}) is thinking{dots}", message or detail or told or "", message_error
    player = human or next(iter(match.awaiting()), None)
    if player is None:
        return "", "", False
    title = match.player_name(player)
    prompt = view.prompt(player)
    who = f"Your move — {title}" if len(match.humans()) == 1 else f"{title} to move"
    if message:
        return who, message, message_error
    if told:
        return who, told, False
    return who, prompt[:1].upper() + prompt[1:] if prompt else "", False
