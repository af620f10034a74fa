"""Text from files made safe before it is drawn, long text cut in O(log n) measurements, and times
that cannot be shown said as "unknown date" (scenes/kit/text.py, scenes/kit/style.py)."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone

import pygame
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scenes.kit import style
from scenes.kit.fonts import font
from scenes.kit.text import UNKNOWN_DATE, cut_to_width, friendly_time, render_wrapped, safe_text, wrap_lines

TEXTS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(autouse=True, scope="module")
def _fonts() -> Iterator[None]:
    pygame.font.init()
    font.cache_clear()
    yield


class CountingFace:
    """A font that counts its measurements (``size`` calls): the proof of O(log n) fitting."""

    def __init__(self, size: int = 16) -> None:
        self.face = font(size)
        self.calls = 0

    def size(self, text: str) -> tuple[int, int]:
        self.calls += 1
        return self.face.size(text)


@pytest.mark.parametrize("length", [50, 1_000, 20_000, 100_000])
def test_cutting_to_a_width_takes_logarithmic_measurements(length: int) -> None:
    face = CountingFace()
    cut = cut_to_width("Long " * (length // 5), face, 300)  # type: ignore[arg-type]
    assert face.face.size(cut)[0] <= 300 and cut.endswith("…")
    assert face.calls <= 2 * math.log2(1_000) + 4  # the text is capped to 1,000 characters first


def test_wrapping_with_max_lines_stops_early_and_cuts_by_bisection() -> None:
    face = CountingFace()
    lines = wrap_lines("word " * 20_000, face, 200, max_lines=2)  # type: ignore[arg-type]
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert face.calls < 80
    single = wrap_lines("x" * 5_000, face.face, 200)
    assert len(single) == 1 and face.face.size(single[0])[0] <= 200


ANY_CHARACTER = st.characters(codec=None, categories=None)
"""Every code point, lone surrogates and format characters included (hypothesis's default leaves
surrogates out)."""
INVISIBLE = st.sampled_from(["\u200b", "\xad", "\u200d", "\ufeff", "\u2060", "\U000e0001", "\ufe0f"])


@TEXTS
@given(text=st.text(ANY_CHARACTER | INVISIBLE, max_size=200), width=st.integers(min_value=1, max_value=400))
@example(text="\xad", width=1)  # found by this test on a fresh clone: the README's command failed at random
@example(text="\u200b", width=300)
@example(text="\u200d\u200d", width=10)
@example(text="\ud800\u200b", width=50)
@example(text="word \u200b word", width=12)
def test_any_text_can_be_measured_fitted_wrapped_and_drawn(text: str, width: int) -> None:
    surface = pygame.Surface((420, 120))
    fitted = style.fit_text(text, 16, width)
    assert font(16).size(fitted)[0] <= max(width, font(16).size("…")[0])
    style.text(surface, text, (4, 4), 16, shadow=True)
    for line in wrap_lines(text, font(14), width, max_lines=3):
        font(14).render(line, True, (0, 0, 0))
    render_wrapped(text, font(14), width, (0, 0, 0))


@pytest.mark.parametrize("text", ["a\x00b", "\ud800", "half \udc80 pair", "\u200b", "\xad"])
def test_text_pygame_refuses_is_made_safe(text: str) -> None:
    raw = pygame.font.Font(font(16).path, 16)  # pygame's own font, without the app's guard
    with pytest.raises((ValueError, UnicodeError, pygame.error)):
        raw.render(text, True, (0, 0, 0))  # what crashed the menu on its first frame
    font(16).render(text, True, (0, 0, 0))  # the app's font guards itself
    font(16).render(safe_text(text), True, (0, 0, 0))
    style.text(pygame.Surface((100, 40)), text, (0, 0), shadow=True)


def test_a_huge_text_is_capped_before_it_is_rendered() -> None:
    label = style.text_surface("x" * 100_000, 16)
    assert label.get_width() < 16_000  # 100,000 characters would be a 1.8-million-pixel-wide surface


# -- dates -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "when",
    [
        datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC),
        datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone(-timedelta(hours=12))),
        datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=14))),
        datetime(1, 1, 1),
        datetime.max,
        datetime.min.replace(tzinfo=UTC),
        None,
    ],
)
def test_times_that_cannot_be_shown_are_an_unknown_date(when: datetime | None) -> None:
    assert friendly_time(when) == UNKNOWN_DATE


@pytest.mark.skipif(not hasattr(time, "tzset"), reason="time zones are switched with tzset (POSIX)")
@pytest.mark.parametrize("zone", ["Pacific/Kiritimati", "Etc/GMT+12", "UTC"])
def test_no_time_zone_makes_a_date_raise(zone: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        for year in (1, 1970, 2025, 9998, 9999):
            for offset in (-23, 0, 14):
                when = datetime(
                    year,
                    12 if year > 1 else 1,
                    31 if year > 1 else 1,
                    12,
                    tzinfo=timezone(timedelta(hours=offset)),
                )
                said = friendly_time(when)
                assert said == UNKNOWN_DATE or said[0].isalnum()
        now = datetime.now(UTC)
        assert friendly_time(now).startswith("today ")
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
        os.environ.pop("TZ", None)
