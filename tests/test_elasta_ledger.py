"""Hard's ledger of gifts (game/elasta/ledger.py): what the opponent's real chips got against the
mixture we played, one turn deeper, below the deep game's value; and the trust it buys."""

from __future__ import annotations

import random
import time

import pytest

from game import clock
from game.elasta import ai as elasta_ai
from game.elasta import ledger
from game.elasta.rules import BLACK, WHITE, Allotment, ElastaState
from game.search import Limit

START = ElastaState((3, 4, 5, 5, 4, 3, 3, 4), turn=6)
SOME: Allotment = (3, 5, 7, 1, 6, 0, 4, 2)


def _after(white: Allotment, black: Allotment, state: ElastaState = START) -> ElastaState:
    return state.apply_turn({WHITE: white, BLACK: black})


def test_a_gift_is_what_their_chips_got_below_the_value_and_the_tally_never_goes_negative() -> None:
    ledger.record(START, WHITE, ([SOME], [1.0]), lambda _m, _t: 3.0, 1.0, 2.0)
    assert ledger.gifts(_after(SOME, SOME), WHITE) == (pytest.approx(4.0), pytest.approx(2.0))
    ledger.forget()
    ledger.record(START, WHITE, ([SOME], [1.0]), lambda _m, _t: -5.0, 1.0, 2.0)  # a loss of 6, clipped
    assert ledger.gifts(_after(SOME, SOME), WHITE) == (0.0, pytest.approx(-ledger.GIFT_CLIP))


def test_a_position_not_decided_here_starts_the_count_at_zero() -> None:
    assert ledger.gifts(START, WHITE) == (0.0, None)
    ledger.record(START, WHITE, ([SOME], [1.0]), lambda _m, _t: 3.0, 1.0, 2.0)
    assert ledger.gifts(_after(SOME, SOME), BLACK) == (0.0, None)  # the other side decided nothing


def test_the_first_decision_at_a_position_is_the_one_kept() -> None:
    ledger.record(START, WHITE, ([SOME], [1.0]), lambda _m, _t: 0.0, 0.0, 1.0)
    ledger.record(START, WHITE, ([SOME], [1.0]), lambda _m, _t: 0.0, 0.0, 5.0)
    assert ledger.gifts(_after(SOME, SOME), WHITE)[0] == pytest.approx(1.0)


def test_trust_grows_with_the_gifts_up_to_full() -> None:
    assert ledger.trust(0.0) == 0.0
    assert ledger.trust(ledger.GIFT_SCALE / 2) == pytest.approx(0.5)
    assert ledger.trust(10 * ledger.GIFT_SCALE) == 1.0


def test_hard_credits_a_careless_reply_and_not_one_that_answers_its_mixture(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The whole chain in hard's decision: it keeps the mixture it sampled from, and next turn an
    opponent who answers that mixture best has given (about) nothing, one who answers it worst a lot."""
    monkeypatch.setattr(clock, "now", time.process_time)
    move = elasta_ai.ai(START, WHITE, "hard", random.Random(3), Limit(time=0.6))
    kept = ledger.played(START, WHITE)
    assert kept is not None and move in kept.rows
    rng = random.Random(4)
    answers = {tuple(rng.sample(range(8), 8)) for _ in range(150)}

    def got(black: Allotment) -> float:
        return sum(w * kept.ours(row, black) for row, w in zip(kept.rows, kept.weights, strict=True))

    best, worst = min(answers, key=got), max(answers, key=got)
    _, gift_best = ledger.gifts(_after(move, best), WHITE)
    _, gift_worst = ledger.gifts(_after(move, worst), WHITE)
    assert gift_best is not None and gift_worst is not None
    assert gift_best < 0.5 < gift_worst
    assert gift_worst - gift_best > 2.0


def test_one_turn_counts_at_most_the_clip_either_way() -> None:
    ledger.record(START, WHITE, ([SOME], [1.0]), lambda _m, _t: 100.0, 0.0, 0.0)
    assert ledger.gifts(_after(SOME, SOME), WHITE) == (ledger.GIFT_CLIP, ledger.GIFT_CLIP)
