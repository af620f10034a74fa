"""Synthesise every sound effect of Curio Boards into ``assets/sounds/`` (committed, like the icon).

    python packaging/make_sounds.py            # write assets/sounds/*.wav
    python packaging/make_sounds.py --check    # regenerate in memory; exit 1 if a file differs
    python packaging/make_sounds.py --out DIR  # write somewhere else (tests, listening sessions)

Every sound is built here from first principles — damped sine "modes" for wooden and stone bodies,
filtered noise for scrapes, splashes and cloth, inharmonic partials for bells, a stick-slip pulse
train through resonant filters for the creaking balance — so the app ships no third-party audio and
anyone can change a sound by editing a few numbers. Only the standard library is used (no numpy), so
the generator runs anywhere the app runs, and the tests can regenerate the files.

Why WAV: 16-bit mono at 22050 Hz is tiny for effects this short (all of them together stay well
under the 1.5 MB budget), every pygame build reads it without an extra codec, and the bytes are a
pure function of the samples — an OGG encoder would stamp a random stream serial number into each
file and break the byte-for-byte regeneration check. Each sound draws its noise from its own
``random.Random`` seeded by its name, so adding or editing one sound never changes another.

Quality bar (checked by ``tests/test_sounds.py``): every file starts and ends in silence (a short
lead, a raised-cosine fade in and a fade out, so the speaker never clicks), peaks at most −1 dBFS
(a look-ahead limiter guards it), sits at the same RMS loudness as the others (normalised to
:data:`TARGET_RMS_DB`; the limiter lets impulsive sounds reach it without clipping), and lasts at
most four seconds.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
import zlib
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "assets" / "sounds"

SR = 22050
"""Samples per second: plenty for effects whose brightest partials sit below 9 kHz."""
SEED = 1517
TARGET_RMS_DB = -19.0
"""Every sound's RMS level over the whole file (dBFS): one loudness for all, none startles."""
CEILING_DB = -1.5
"""The limiter's ceiling, half a decibel under the −1 dBFS the quality bar allows."""
LEAD = 0.003
"""Digital silence before each sound (and :data:`TAIL` after it): the file's first and last samples
are exactly zero, and the raised-cosine fades lead smoothly into and out of the sound."""
FADE_IN = 0.002
FADE_OUT = 0.025
TAIL = 0.003

Signal = list[float]
TWO_PI = 2.0 * math.pi


# -- building blocks -------------------------------------------------------------------------------------
def samples(seconds: float) -> int:
    return max(1, round(seconds * SR))


def zeros(seconds: float) -> Signal:
    return [0.0] * samples(seconds)


def mix_into(into: Signal, sig: Signal, at: float = 0.0, gain: float = 1.0) -> Signal:
    """Add ``sig`` into ``into`` starting ``at`` seconds in (``into`` grows as needed)."""
    start = round(at * SR)
    end = start + len(sig)
    if end > len(into):
        into.extend([0.0] * (end - len(into)))
    for i, v in enumerate(sig):
        into[start + i] += gain * v
    return into


def scale(sig: Signal, gain: float) -> Signal:
    return [v * gain for v in sig]


def mode(
    freq: float,
    seconds: float,
    tau: float,
    amp: float = 1.0,
    bend: float = 0.0,
    bend_tau: float = 0.03,
    attack: float = 0.0008,
    phase: float = 0.0,
) -> Signal:
    """One resonance of a struck body: a sine decaying with time constant ``tau``. ``bend`` starts
    the pitch that much higher and lets it fall back with ``bend_tau`` (thumps, drum-like hits)."""
    n = samples(seconds)
    out = [0.0] * n
    decay = math.exp(-1.0 / (tau * SR))
    att = max(1, samples(attack))
    level, ph = amp, phase
    for i in range(n):
        f = freq * (1.0 + bend * math.exp(-i / (bend_tau * SR))) if bend else freq
        ph += TWO_PI * f / SR
        ramp = 1.0 if i >= att else 0.5 - 0.5 * math.cos(math.pi * i / att)
        out[i] = level * ramp * math.sin(ph)
        level *= decay
    return out


def body(
    modes: Iterable[tuple[float, float, float]],
    seconds: float,
    bend: float = 0.0,
    rng: random.Random | None = None,
) -> Signal:
    """A struck body: several ``(frequency, amplitude, tau)`` modes sounding together; ``rng`` gives
    each mode a random starting phase so no two bodies sound mechanically identical."""
    out = zeros(seconds)
    for freq, amp, tau in modes:
        phase = rng.uniform(0, TWO_PI) if rng is not None else 0.0
        mix_into(out, mode(freq, seconds, tau, amp, bend=bend, phase=phase))
    return out


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(samples(seconds))]


def envelope(sig: Signal, attack: float, tau: float, hold: float = 0.0) -> Signal:
    """Shape ``sig``: a raised-cosine rise over ``attack``, flat for ``hold``, then exponential decay."""
    att = max(1, samples(attack))
    held = samples(hold) if hold > 0 else 0
    decay = math.exp(-1.0 / (tau * SR))
    out = [0.0] * len(sig)
    level = 1.0
    for i, v in enumerate(sig):
        if i < att:
            g = 0.5 - 0.5 * math.cos(math.pi * i / att)
        elif i < att + held:
            g = 1.0
        else:
            level *= decay
            g = level
        out[i] = v * g
    return out


def swell(sig: Signal, rise: float, fall: float) -> Signal:
    """A smooth hump over the whole signal: half-cosine up over ``rise`` of it, down over ``fall``."""
    n = len(sig)
    up, down = max(1, int(n * rise)), max(1, int(n * fall))
    out = []
    for i, v in enumerate(sig):
        g = 1.0
        if i < up:
            g = 0.5 - 0.5 * math.cos(math.pi * i / up)
        elif i > n - down:
            g = 0.5 - 0.5 * math.cos(math.pi * (n - i) / down)
        out.append(v * g)
    return out


def _coefficients(kind: str, freq: float, q: float) -> tuple[float, float, float, float, float]:
    """RBJ cookbook biquad coefficients (b0, b1, b2, a1, a2), normalised by a0."""
    freq = min(max(freq, 10.0), SR * 0.45)
    w = TWO_PI * freq / SR
    cw, alpha = math.cos(w), math.sin(w) / (2.0 * q)
    if kind == "lowpass":
        b0, b1, b2 = (1 - cw) / 2, 1 - cw, (1 - cw) / 2
    elif kind == "highpass":
        b0, b1, b2 = (1 + cw) / 2, -(1 + cw), (1 + cw) / 2
    elif kind == "bandpass":  # constant 0 dB peak gain
        b0, b1, b2 = alpha, 0.0, -alpha
    else:
        raise ValueError(kind)
    a0 = 1 + alpha
    return b0 / a0, b1 / a0, b2 / a0, (-2 * cw) / a0, (1 - alpha) / a0


def biquad(sig: Signal, kind: str, freq: float | Callable[[float], float], q: float = 0.707) -> Signal:
    """Filter ``sig``; ``freq`` may be a function of time (seconds) for sweeps, re-evaluated every
    32 samples (smooth enough for sweeps, cheap enough for pure Python)."""
    moving = callable(freq)
    coeffs = _coefficients(kind, freq(0.0) if moving else freq, q)  # type: ignore[operator,arg-type]
    b0, b1, b2, a1, a2 = coeffs
    x1 = x2 = y1 = y2 = 0.0
    out = [0.0] * len(sig)
    for i, x in enumerate(sig):
        if moving and i % 32 == 0:
            b0, b1, b2, a1, a2 = _coefficients(kind, freq(i / SR), q)  # type: ignore[operator]
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out[i] = y
    return out


def lowpass1(sig: Signal, cutoff: float) -> Signal:
    """A gentle one-pole low-pass (6 dB per octave): takes the edge off noise."""
    k = 1.0 - math.exp(-TWO_PI * cutoff / SR)
    y = 0.0
    out = [0.0] * len(sig)
    for i, x in enumerate(sig):
        y += k * (x - y)
        out[i] = y
    return out


def highpass1(sig: Signal, cutoff: float) -> Signal:
    """A one-pole high-pass: removes DC and rumble the speaker cannot play anyway."""
    low = lowpass1(sig, cutoff)
    return [x - lo for x, lo in zip(sig, low, strict=True)]


def knock(
    rng: random.Random,
    modes: Iterable[tuple[float, float, float]],
    seconds: float,
    click: float = 0.5,
    click_freq: float = 3200.0,
    click_len: float = 0.002,
) -> Signal:
    """Wood on wood: a very short filtered noise burst (the contact) over the body's modes."""
    out = body(modes, seconds, rng=rng)
    burst = envelope(noise(click_len * 3, rng), 0.0002, click_len / 2.5)
    mix_into(out, biquad(burst, "bandpass", click_freq, 1.2), gain=click * 3.0)
    return out


def bell(freq: float, seconds: float, amp: float = 1.0, bright: float = 1.0, tau: float = 0.9) -> Signal:
    """A small bell or chime bar: inharmonic partials, the higher ones dying sooner; ``bright``
    scales the upper partials (0.4 for a rounder, marimba-like note)."""
    partials = (
        (1.0, 1.0, tau),
        (2.0, 0.42 * bright, tau * 0.55),
        (2.76, 0.3 * bright, tau * 0.38),
        (4.07, 0.16 * bright, tau * 0.24),
        (5.4, 0.09 * bright, tau * 0.15),
    )
    out = zeros(seconds)
    for ratio, a, t in partials:
        if freq * ratio < SR * 0.45:
            mix_into(out, mode(freq * ratio, seconds, t, amp * a, attack=0.002))
    return out


def sweep_tone(f0: float, f1: float, seconds: float, curve: float = 1.0, shape: str = "sine") -> Signal:
    """A tone gliding from ``f0`` to ``f1`` (``curve`` > 1 lingers near the start)."""
    n = samples(seconds)
    out = [0.0] * n
    ph = 0.0
    for i in range(n):
        p = (i / n) ** curve
        f = f0 + (f1 - f0) * p
        ph += TWO_PI * f / SR
        if shape == "sine":
            out[i] = math.sin(ph)
        else:  # a soft sawtooth: the fundamental and a few harmonics, for rubbery timbres
            out[i] = math.sin(ph) + 0.45 * math.sin(2 * ph) + 0.22 * math.sin(3 * ph) + 0.1 * math.sin(4 * ph)
    return out


def hz(note: str) -> float:
    """Equal-tempered frequency of a note name like ``C5`` or ``F#4`` (A4 = 440 Hz)."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = names[note[0]] + (1 if "#" in note else -1 if note[1] == "b" else 0)
    octave = int(note[-1])
    return 440.0 * 2 ** ((semis + 12 * (octave - 4)) / 12)


# -- the sounds ------------------------------------------------------------------------------------------
def ui_click(rng: random.Random) -> Signal:
    """A button: a small, dry wooden key — short and bright, never a beep."""
    return knock(
        rng, [(1850, 0.5, 0.007), (3150, 0.35, 0.004), (920, 0.25, 0.012)], 0.07, click=0.6, click_freq=4200
    )


def pick_up(rng: random.Random) -> Signal:
    """A piece lifted: a faint slide of felt on wood, then a light high tick as it leaves the board."""
    slide = biquad(noise(0.05, rng), "bandpass", lambda t: 1400 + 30000 * t, 2.0)
    out = swell(slide, 0.6, 0.4)
    out = scale(out, 0.5)
    mix_into(
        out, knock(rng, [(2600, 0.5, 0.012), (4100, 0.3, 0.007), (1300, 0.3, 0.02)], 0.09, 0.4, 5000), 0.035
    )
    return out


def place(rng: random.Random) -> Signal:
    """A piece set down: wood on wood, a warm body under a crisp contact, and a tiny second bounce."""
    modes = [
        (210, 0.55, 0.045),
        (470, 0.6, 0.03),
        (1040, 0.45, 0.02),
        (1880, 0.3, 0.012),
        (3300, 0.18, 0.006),
    ]
    out = knock(rng, modes, 0.2, click=0.55, click_freq=3000)
    bounce = knock(rng, [(m[0] * 1.02, m[1], m[2] * 0.6) for m in modes], 0.1, click=0.4, click_freq=3300)
    return mix_into(out, bounce, 0.034, 0.22)


def illegal(rng: random.Random) -> Signal:
    """A refused click: two soft, low felt thumps falling a step — "uh-uh", never a buzzer."""

    def thump(freq: float) -> Signal:
        sig = body([(freq, 1.0, 0.05), (freq * 2.02, 0.35, 0.03), (freq * 3.1, 0.12, 0.018)], 0.16, bend=0.25)
        muffle = envelope(biquad(noise(0.03, rng), "lowpass", 600), 0.001, 0.008)
        return lowpass1(mix_into(sig, muffle, gain=0.25), 1400)

    out = thump(196)
    return mix_into(out, thump(165), 0.13, 0.8)


def capture(rng: random.Random) -> Signal:
    """A capture: a hard clack of one piece striking another, the struck one rattling away."""
    hard = [
        (690, 0.5, 0.025),
        (1460, 0.55, 0.018),
        (2480, 0.4, 0.011),
        (3900, 0.22, 0.006),
        (330, 0.35, 0.04),
    ]
    out = knock(rng, hard, 0.22, click=0.9, click_freq=3600)
    for at, gain in ((0.06, 0.45), (0.11, 0.3), (0.15, 0.18)):
        wobble = [(f * rng.uniform(0.93, 1.07), a, t * 0.7) for f, a, t in hard]
        mix_into(out, knock(rng, wobble, 0.1, click=0.5, click_freq=3400), at, gain)
    return out


def your_turn(rng: random.Random) -> Signal:
    """Your turn: two clear chime notes rising a fifth — an invitation, not an alarm."""
    out = bell(hz("G5"), 1.05, 0.8, bright=0.8, tau=0.45)
    return mix_into(out, bell(hz("D6"), 0.95, 0.7, bright=0.8, tau=0.4), 0.13)


def sealed(rng: random.Random) -> Signal:
    """Orders sealed: paper folded shut and a soft stamp pressed on it."""
    rustle = swell(biquad(noise(0.09, rng), "bandpass", lambda t: 2600 + 9000 * t, 1.4), 0.3, 0.7)
    out = scale(rustle, 0.6)
    stamp = body([(150, 0.9, 0.04), (330, 0.5, 0.03), (720, 0.25, 0.015)], 0.18, bend=0.2, rng=rng)
    stamp = mix_into(stamp, envelope(biquad(noise(0.02, rng), "lowpass", 1500), 0.0005, 0.005), gain=0.4)
    mix_into(out, stamp, 0.07)
    return mix_into(out, bell(hz("A6"), 0.35, 0.12, bright=0.5, tau=0.12), 0.085)


def reveal(rng: random.Random) -> Signal:
    """The reveal: a ripple of cards turned face up, over a soft rising shimmer."""
    out = zeros(0.7)
    for k in range(8):
        flick = envelope(noise(0.03, rng), 0.0015, 0.006)
        flick = biquad(flick, "bandpass", 2400 + 220 * k + rng.uniform(-100, 100), 1.6)
        mix_into(out, flick, 0.045 * k, 0.9)
    for k, note in enumerate(("E6", "G#6", "B6")):
        mix_into(out, bell(hz(note), 0.5, 0.09, bright=0.4, tau=0.25), 0.12 + 0.09 * k)
    return out


def curtain(rng: random.Random) -> Signal:
    """The hand-off curtain: a heavy cloth drawn across, a swish that rises and settles."""
    seconds = 0.8
    cloth = biquad(
        noise(seconds, rng),
        "bandpass",
        lambda t: 450 + 1700 * math.sin(math.pi * min(1.0, t / seconds)) ** 2,
        0.9,
    )
    cloth = lowpass1(cloth, 3000)
    return swell(cloth, 0.45, 0.55)


def win(rng: random.Random) -> Signal:
    """A win: a bright major arpeggio up to the octave, then the whole chord ringing together."""
    out = zeros(2.3)
    notes = ("C5", "E5", "G5", "C6")
    for k, note in enumerate(notes):
        mix_into(out, bell(hz(note), 1.9 - 0.12 * k, 0.55, bright=0.7, tau=0.7), 0.11 * k)
    chord_at = 0.11 * len(notes) + 0.05
    for note, amp in (("C5", 0.3), ("E5", 0.28), ("G5", 0.28), ("C6", 0.3), ("E6", 0.18)):
        mix_into(out, bell(hz(note), 2.3 - chord_at, amp, bright=0.45, tau=0.75), chord_at)
    mix_into(out, bell(hz("C4"), 1.6, 0.35, bright=0.3, tau=0.6), chord_at)
    return out


def loss(rng: random.Random) -> Signal:
    """A loss: a gentle falling minor figure on soft mallets — consoling, not mocking."""
    out = zeros(2.2)
    for k, (note, length) in enumerate((("E5", 0.8), ("C5", 0.8), ("A4", 1.5))):
        mix_into(out, bell(hz(note), length, 0.6, bright=0.3, tau=0.45 if k < 2 else 0.6), 0.26 * k)
    mix_into(out, bell(hz("A3"), 1.4, 0.3, bright=0.2, tau=0.6), 0.52)
    mix_into(out, bell(hz("E4"), 1.3, 0.2, bright=0.2, tau=0.55), 0.56)
    return out


def draw_stinger(rng: random.Random) -> Signal:
    """A draw: an open fifth struck twice, neither rising nor falling — even, settled."""
    out = zeros(1.8)
    for at, amp in ((0.0, 0.5), (0.28, 0.42)):
        for note, a in (("D5", 1.0), ("A5", 0.8), ("D4", 0.5)):
            mix_into(out, bell(hz(note), 1.8 - at, amp * a, bright=0.4, tau=0.55), at)
    return out


def band_stretch(rng: random.Random) -> Signal:
    """Elasta's band pulled taut: a rubbery, creaking tone straining upwards."""
    seconds = 0.6
    tone = sweep_tone(95, 175, seconds, 0.8, shape="saw")
    grain = [0.6 + 0.4 * rng.random() for _ in range(len(tone))]
    grain = lowpass1(grain, 60)  # slow, irregular stick-slip in the rubber
    rubber = [t * g for t, g in zip(tone, grain, strict=True)]
    rubber = biquad(rubber, "bandpass", lambda t: 500 + 900 * t / seconds, 1.1)
    hiss = biquad(noise(seconds, rng), "bandpass", 1800, 2.0)
    out = mix_into(scale(rubber, 1.0), hiss, gain=0.06)
    return swell(out, 0.7, 0.15)


def band_snap(rng: random.Random) -> Signal:
    """The band snapping back: a sharp slap, then a twang wobbling down as the band settles."""
    n = samples(0.5)
    out = [0.0] * n
    ph = 0.0
    for i in range(n):
        t = i / SR
        wobble = 1.0 + 0.06 * math.sin(TWO_PI * 17 * t) * math.exp(-t / 0.12)
        f = (170 + 260 * math.exp(-t / 0.05)) * wobble
        ph += TWO_PI * f / SR
        out[i] = (math.sin(ph) + 0.35 * math.sin(2 * ph) + 0.12 * math.sin(3 * ph)) * math.exp(-t / 0.11)
    out = envelope(out, 0.001, 10.0)
    slap = envelope(biquad(noise(0.03, rng), "bandpass", 2200, 0.9), 0.0003, 0.004)
    return mix_into(out, slap, gain=1.6)


def land_sea(rng: random.Random) -> Signal:
    """A troop landing by sea: a boat's splash and a few bubbles."""
    splash = envelope(noise(0.4, rng), 0.004, 0.07)
    splash = biquad(splash, "lowpass", lambda t: 3500 * math.exp(-t / 0.12) + 400, 0.8)
    out = scale(splash, 1.0)
    for _ in range(6):
        f0 = rng.uniform(650, 1300)
        bubble = envelope(sweep_tone(f0, f0 * 1.6, 0.035, 1.0), 0.002, 0.012)
        mix_into(out, bubble, rng.uniform(0.04, 0.3), rng.uniform(0.12, 0.25))
    return out


def land_air(rng: random.Random) -> Signal:
    """A troop landing by air: a falling whoosh, then a soft thud on the grass."""
    whoosh = biquad(noise(0.28, rng), "bandpass", lambda t: 2600 - 7000 * t, 1.2)
    out = scale(swell(whoosh, 0.75, 0.25), 0.7)
    thud = body([(120, 1.0, 0.05), (260, 0.5, 0.03), (540, 0.2, 0.015)], 0.2, bend=0.3, rng=rng)
    thud = mix_into(thud, envelope(biquad(noise(0.04, rng), "lowpass", 900), 0.0008, 0.01), gain=0.5)
    return mix_into(out, thud, 0.24)


def destroy(rng: random.Random) -> Signal:
    """A piece of land destroyed: a sharp crack, then crumbling grit over a low rumble."""
    crack = envelope(noise(0.04, rng), 0.0005, 0.006)
    out = biquad(crack, "highpass", 1500, 0.8)
    out = scale(out, 1.2)
    mix_into(out, body([(85, 0.9, 0.12), (170, 0.4, 0.06)], 0.5, bend=0.4, rng=rng), 0.005)
    for _ in range(40):
        at = 0.02 + rng.random() ** 1.8 * 0.5
        grain = knock(
            rng, [(rng.uniform(900, 3200), 0.5, 0.004)], 0.02, click=0.3, click_freq=rng.uniform(2000, 5000)
        )
        mix_into(out, grain, at, 0.35 * math.exp(-at / 0.25))
    return out


def sink(rng: random.Random) -> Signal:
    """Cut-off land crumbling into the sea: a low rumble and a slow, heavy splash."""
    seconds = 0.8
    rumble = biquad(noise(seconds, rng), "lowpass", 260, 0.9)
    out = scale(swell(rumble, 0.25, 0.6), 2.2)
    wash = biquad(noise(seconds, rng), "bandpass", lambda t: 1800 * math.exp(-t / 0.35) + 500, 0.7)
    mix_into(out, swell(wash, 0.2, 0.7), gain=0.45)
    for _ in range(5):
        f0 = rng.uniform(420, 800)
        bubble = envelope(sweep_tone(f0, f0 * 1.5, 0.05, 1.0), 0.002, 0.02)
        mix_into(out, bubble, rng.uniform(0.2, 0.6), 0.12)
    return out


def tile_eaten(rng: random.Random) -> Signal:
    """The elephant eats a tile: two crunchy bites."""
    out = zeros(0.4)
    for at, pitch in ((0.0, 1.0), (0.15, 0.88)):
        chomp = body([(170 * pitch, 0.8, 0.035), (380 * pitch, 0.4, 0.02)], 0.12, bend=0.3, rng=rng)
        mix_into(out, chomp, at)
        for _ in range(14):
            grit_at = at + rng.uniform(0.0, 0.07)
            grit = envelope(noise(0.012, rng), 0.0004, 0.0025)
            grit = biquad(grit, "bandpass", rng.uniform(1600, 4200), 1.5)
            mix_into(out, grit, grit_at, rng.uniform(0.4, 0.9))
    return out


def trample(rng: random.Random) -> Signal:
    """A farmer trampled: the elephant's heavy stomp, then the farmer's coin spinning away."""
    stomp = body([(62, 1.0, 0.09), (140, 0.6, 0.05), (300, 0.3, 0.025)], 0.3, bend=0.5, rng=rng)
    stomp = mix_into(stomp, envelope(biquad(noise(0.05, rng), "lowpass", 700), 0.001, 0.012), gain=0.6)
    out = stomp
    for at, gain in ((0.09, 0.5), (0.2, 0.35), (0.28, 0.22)):
        coin = knock(
            rng, [(2350, 0.5, 0.05), (3950, 0.35, 0.035), (5600, 0.2, 0.02)], 0.14, click=0.3, click_freq=6000
        )
        mix_into(out, coin, at, gain)
    return out


def farmer_run(rng: random.Random) -> Signal:
    """A farmer's run: quick light footsteps pattering across the tiles."""
    out = zeros(0.45)
    for k in range(6):
        step = knock(
            rng,
            [(rng.uniform(820, 980), 0.5, 0.012), (rng.uniform(1650, 1850), 0.3, 0.008)],
            0.05,
            click=0.35,
            click_freq=2600,
        )
        mix_into(out, step, 0.065 * k + rng.uniform(-0.006, 0.006), 0.6 + 0.4 * (k % 2))
    return out


def phalanx_push(rng: random.Random) -> Signal:
    """An Epaminondas phalanx sliding: stones scraping forward together, touching as they go."""
    seconds = 0.45
    grit = [rng.uniform(-1, 1) * (0.5 + 0.5 * rng.random()) for _ in range(samples(seconds))]
    scrape = biquad(grit, "bandpass", lambda t: 1200 + 900 * math.sin(math.pi * t / seconds), 1.3)
    rough = lowpass1([abs(rng.uniform(-1, 1)) for _ in range(len(scrape))], 40)
    scrape = [s * (0.4 + 1.6 * r) for s, r in zip(scrape, rough, strict=True)]
    out = swell(scrape, 0.2, 0.35)
    for k in range(4):
        tap = knock(
            rng,
            [(rng.uniform(1900, 2400), 0.5, 0.01), (rng.uniform(3200, 3700), 0.3, 0.006)],
            0.04,
            0.3,
            3800,
        )
        mix_into(out, tap, 0.06 + 0.085 * k, 0.35)
    return out


def phalanx_capture(rng: random.Random) -> Signal:
    """Stones captured: a firm strike, then the struck stones clattering off the board."""
    stone = [(1750, 0.5, 0.018), (2900, 0.45, 0.012), (4300, 0.25, 0.007), (880, 0.3, 0.025)]
    out = knock(rng, stone, 0.15, click=0.9, click_freq=4000)
    at = 0.05
    for k in range(7):
        wobble = [(f * rng.uniform(0.9, 1.12), a, t) for f, a, t in stone]
        mix_into(out, knock(rng, wobble, 0.08, click=0.5, click_freq=3800), at, 0.55 * 0.78**k)
        at += rng.uniform(0.04, 0.09) * (1.0 - 0.06 * k)
    return out


def creak(rng: random.Random) -> Signal:
    """The balance tilting: an old wooden beam creaking — stick-slip pulses whose rate drifts with a
    slow, wandering frequency modulation, ringing the beam's resonances."""
    seconds = 0.75
    n = samples(seconds)
    pulses = [0.0] * n
    ph = 0.0
    drift = 0.0
    for i in range(n):
        t = i / SR
        drift += rng.uniform(-1, 1) * 0.02
        drift *= 0.999
        rate = 38 + 22 * math.sin(TWO_PI * 1.3 * t + 0.6) + 14 * drift
        ph += max(8.0, rate) / SR
        if ph >= 1.0:
            ph -= 1.0
            pulses[i] = rng.uniform(0.6, 1.0)
    grain = noise(seconds, rng)
    excite = [p + 0.02 * g for p, g in zip(pulses, grain, strict=True)]
    beam = [0.0] * n
    for freq, q, gain in ((420, 14, 1.0), (930, 10, 0.6), (1580, 8, 0.35), (2450, 7, 0.15)):
        wander = lambda t, f=freq: f * (1.0 + 0.05 * math.sin(TWO_PI * 2.1 * t))  # noqa: E731
        mix_into(beam, biquad(excite, "bandpass", wander, q), gain=gain)
    return swell(beam, 0.2, 0.3)


def thud(rng: random.Random) -> Signal:
    """Weight shifting on the balance: a deep, dull wooden thud."""
    out = body(
        [(88, 1.0, 0.08), (205, 0.55, 0.05), (440, 0.3, 0.025), (900, 0.12, 0.012)], 0.4, bend=0.35, rng=rng
    )
    return mix_into(out, envelope(biquad(noise(0.05, rng), "lowpass", 1000), 0.0008, 0.01), gain=0.5)


def crash(rng: random.Random) -> Signal:
    """The balance tipping over: a heavy crash of wood on the floor, then the pieces tumbling."""
    seconds = 1.5
    hit = envelope(noise(0.9, rng), 0.002, 0.16)
    hit = biquad(hit, "lowpass", lambda t: 5000 * math.exp(-t / 0.15) + 350, 0.8)
    out = scale(hit, 1.1)
    mix_into(
        out,
        body(
            [(52, 1.0, 0.16), (118, 0.7, 0.09), (260, 0.45, 0.05), (610, 0.3, 0.03)], 0.8, bend=0.6, rng=rng
        ),
    )
    mix_into(
        out,
        knock(rng, [(330, 0.5, 0.06), (760, 0.5, 0.04), (1500, 0.35, 0.02)], 0.3, click=1.0, click_freq=2500),
    )
    at = 0.18
    for k in range(9):
        piece = [(rng.uniform(600, 1100), 0.5, 0.025), (rng.uniform(1500, 2600), 0.4, 0.015)]
        mix_into(out, knock(rng, piece, 0.08, click=0.5, click_freq=3200), at, 0.5 * 0.82**k)
        at += rng.uniform(0.05, 0.14)
    mix_into(out, zeros(seconds))
    return out[: samples(seconds)]


SOUNDS: dict[str, Callable[[random.Random], Signal]] = {
    "click": ui_click,
    "pick-up": pick_up,
    "place": place,
    "illegal": illegal,
    "capture": capture,
    "your-turn": your_turn,
    "sealed": sealed,
    "reveal": reveal,
    "curtain": curtain,
    "win": win,
    "loss": loss,
    "draw": draw_stinger,
    "band-stretch": band_stretch,
    "band-snap": band_snap,
    "land-sea": land_sea,
    "land-air": land_air,
    "destroy": destroy,
    "sink": sink,
    "tile-eaten": tile_eaten,
    "trample": trample,
    "farmer-run": farmer_run,
    "phalanx-push": phalanx_push,
    "phalanx-capture": phalanx_capture,
    "creak": creak,
    "thud": thud,
    "crash": crash,
}
"""File stem → how it is made. Which game moment plays which file is ``assets/sounds/events.json``."""


# -- mastering -------------------------------------------------------------------------------------------
def db(value: float) -> float:
    return 20.0 * math.log10(max(value, 1e-12))


def rms(sig: Signal) -> float:
    return math.sqrt(sum(v * v for v in sig) / max(1, len(sig)))


def limit(sig: Signal, ceiling: float, release: float = 0.04, look: float = 0.0015) -> Signal:
    """A look-ahead peak limiter: the gain needed by every sample is known in advance, so the gain
    dips smoothly *before* a transient and comes back over ``release`` — no clipping, no click."""
    n = len(sig)
    w = max(1, samples(look))
    need = [min(1.0, ceiling / abs(v)) if v else 1.0 for v in sig]
    low = [min(need[max(0, i - w) : i + w + 1]) for i in range(n)]
    back = 1.0 - math.exp(-1.0 / (release * SR))
    held = [0.0] * n
    g = 1.0
    for i, target in enumerate(low):
        g = target if target < g else g + (target - g) * back
        held[i] = g
    half = max(1, w // 2)
    sums = [0.0]
    for g in held:
        sums.append(sums[-1] + g)
    smooth = [
        (sums[min(n, i + half + 1)] - sums[max(0, i - half)]) / (min(n, i + half + 1) - max(0, i - half))
        for i in range(n)
    ]
    return [v * g for v, g in zip(sig, smooth, strict=True)]


def master(sig: Signal) -> Signal:
    """From a raw design to a finished effect: no DC, silent edges, one loudness, safe peaks."""
    sig = highpass1(sig, 25.0)
    fade_in, fade_out = samples(FADE_IN), samples(FADE_OUT)
    sig = list(sig)
    for i in range(min(fade_in, len(sig))):
        sig[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_in)
    for i in range(min(fade_out, len(sig))):
        sig[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_out)
    sig = [0.0] * samples(LEAD) + sig + [0.0] * samples(TAIL)
    target, ceiling = 10 ** (TARGET_RMS_DB / 20), 10 ** (CEILING_DB / 20)
    for _ in range(6):  # normalise, limit, and again: limiting lowers the RMS a little each time
        sig = scale(sig, target / max(rms(sig), 1e-9))
        if max(abs(v) for v in sig) <= ceiling:
            break
        sig = limit(sig, ceiling)
    peak = max(abs(v) for v in sig)
    if peak > ceiling:
        sig = scale(sig, ceiling / peak)
    return sig


def wav_bytes(sig: Signal) -> bytes:
    """16-bit mono PCM in a WAV container; the same samples always give the same bytes."""
    pcm = array("h", (max(-32767, min(32767, round(v * 32767))) for v in sig))
    if sys.byteorder == "big":
        pcm.byteswap()
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SR)
        out.writeframes(pcm.tobytes())
    return buffer.getvalue()


def render(name: str) -> bytes:
    """The finished WAV file of sound ``name`` (seeded by its name: independent of the others)."""
    rng = random.Random(SEED * 1_000_003 + zlib.crc32(name.encode("utf-8")))
    return wav_bytes(master(SOUNDS[name](rng)))


def render_all() -> dict[str, bytes]:
    return {f"{name}.wav": render(name) for name in SOUNDS}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=OUT_DIR, help="folder to write to (default assets/sounds)"
    )
    parser.add_argument("--check", action="store_true", help="compare with the files in --out, write nothing")
    args = parser.parse_args(argv)
    files = render_all()
    if args.check:
        stale = [
            name
            for name, data in files.items()
            if not (args.out / name).is_file() or (args.out / name).read_bytes() != data
        ]
        for name in stale:
            print(f"differs: {name}")
        print(f"{len(files) - len(stale)} of {len(files)} sounds identical")
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (args.out / name).write_bytes(data)
    total = sum(len(data) for data in files.values())
    print(f"wrote {len(files)} sounds to {args.out} ({total / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
