"""What a review's second board draws from: a frozen past of the match, a typed view source.

The review shows the board after an earlier move on a board view of its own (see
:mod:`scenes.shell.match.review`). That view reads a :class:`ReviewedMatch`: the game's turns cut to
the position shown (:attr:`ReviewedMatch.turns`, set again at every step), no sealed order, plain
seats and nobody to act, so the board offers no move, draws no one's draft and names no side as
thinking or choosing. It is a :class:`~game.match.Snapshot` (a :class:`~game.match.ViewSource`),
never a :class:`~game.match.Match`: nothing in a review can play, undo or save.
"""

from __future__ import annotations

from game.match import Match, Snapshot


class ReviewedMatch(Snapshot):
    """The match as a review shows it: a past position where nobody is to act."""


def frozen_copy(match: Match) -> ReviewedMatch:
    """A copy of ``match`` the review view can own: its turns copied (the review cuts them to the
    position shown, :meth:`~scenes.shell.match.review.Review.show`), no sealed order, and every seat a
    plain one (the computer does not think in the past). The game is shared: nothing in a review
    changes it."""
    return ReviewedMatch(match.game, match.initial, list(match.turns))
