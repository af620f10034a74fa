"""Elephant Run's names: the game's id, its sides, phases and options (RULES.md section 3).

Kept apart from :mod:`.rules` so the modules the rules use (:mod:`.refusals`) can name the phases
without importing the state; :mod:`.rules` re-exports every name here.
"""

from __future__ import annotations

from game.core import OptionSpec

GAME_ID = "elephant-run"
ELEPHANT = "elephant"
FARMERS = "farmers"
PLAYERS: tuple[str, str] = (ELEPHANT, FARMERS)

PHASE_PLACE_ELEPHANT = 0
PHASE_PLACE_FARMERS = 1
PHASE_PLAY = 2
PHASE_NAMES = ("setup-elephant", "setup-farmers", "play")

SIDE_ELEPHANT = 0
SIDE_FARMERS = 1

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "points",
        "Points the elephant needs",
        "10",
        ("8", "9", "10", "11", "12"),
        "Fewer points help the elephant, more help the farmers.",
    ),
    OptionSpec("farmers", "Number of farmers", "6", ("5", "6", "7"), "More farmers make hemming in easier."),
    OptionSpec(
        "compound",
        "Compound farmer moves",
        "off",
        ("off", "on"),
        "On: a farmer may combine one run and one jump in a single move (a1-c3-c5).",
    ),
)
