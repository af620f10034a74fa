"""Sound: the files meet the quality bar and regenerate byte for byte; the sound board plays through
its table, opens the device only when something is to be heard, and survives every failure with one
log line; the app's mute key, button clicks and settings; the settings screen's sound row.

Whole games heard through the real match screen are in ``tests/test_sound_games.py``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import math
import os
import re
import subprocess
import sys
import textwrap
import wave
from array import array
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pygame
import pygame_gui
import pytest

from scenes.kit.animation import Timeline
from scenes.kit.sound import SOUNDS_DIR, PygameMixer, SoundBoard, load_table
from tests.sound_fakes import FakeMixer

ROOT = Path(__file__).resolve().parent.parent
GENERATOR = ROOT / "packaging" / "make_sounds.py"

MAX_PEAK_DB = -1.0
MAX_SECONDS = 4.0
MAX_TOTAL_BYTES = 1_500_000
MAX_RMS_SPREAD_DB = 6.0
EDGE_SECONDS = 0.003
EDGE_MAX_DB = -50.0
"""The first and last 3 ms must be silence (below −50 dBFS): no click when a sound starts or stops."""


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def decode(path: Path) -> tuple[list[float], int]:
    """(samples in -1..1, sample rate) of a 16-bit mono WAV file."""
    with wave.open(str(path), "rb") as source:
        assert source.getnchannels() == 1 and source.getsampwidth() == 2, path.name
        rate = source.getframerate()
        pcm = array("h", source.readframes(source.getnframes()))
    if sys.byteorder == "big":
        pcm.byteswap()
    return [v / 32768 for v in pcm], rate


def db(value: float) -> float:
    return 20 * math.log10(max(value, 1e-9))


def measure(path: Path) -> dict[str, float]:
    """Peak and RMS (dBFS), length (s) and the loudest sample in the first and last 3 ms (dBFS)."""
    x, rate = decode(path)
    edge = max(1, round(EDGE_SECONDS * rate))
    return {
        "peak": db(max(abs(v) for v in x)),
        "rms": db(math.sqrt(sum(v * v for v in x) / len(x))),
        "seconds": len(x) / rate,
        "edges": db(max(abs(v) for v in x[:edge] + x[-edge:])),
    }


def wav_files() -> list[Path]:
    return sorted(SOUNDS_DIR.glob("*.wav"))


# -- the files -------------------------------------------------------------------------------------
def test_the_generator_regenerates_every_file_byte_for_byte() -> None:
    made = generator().render_all()
    on_disk = {path.name: path.read_bytes() for path in wav_files()}
    assert sorted(made) == sorted(on_disk), "assets/sounds/ and packaging/make_sounds.py disagree"
    stale = [name for name, data in made.items() if on_disk[name] != data]
    assert not stale, f"run python packaging/make_sounds.py: {stale} differ"


def test_every_sound_meets_the_quality_bar() -> None:
    files = wav_files()
    distinct = {hashlib.sha256(path.read_bytes()).hexdigest() for path in files}
    assert len(distinct) >= 15
    levels = {}
    for path in files:
        m = measure(path)
        assert m["peak"] <= MAX_PEAK_DB, (path.name, m)
        assert 0.05 <= m["seconds"] <= MAX_SECONDS, (path.name, m)
        assert m["edges"] <= EDGE_MAX_DB, (path.name, m)
        levels[path.name] = m["rms"]
    assert max(levels.values()) - min(levels.values()) <= MAX_RMS_SPREAD_DB, levels
    assert sum(path.stat().st_size for path in files) <= MAX_TOTAL_BYTES


def test_the_checks_catch_a_bad_sound(tmp_path: Path) -> None:
    """The measurements can fail: a clipped, clicking, silent-edged-less file is seen as such."""
    ms = generator()
    loud = ms.wav_bytes([0.9 if i % 40 < 20 else -0.9 for i in range(4410)])
    (tmp_path / "bad.wav").write_bytes(loud)
    m = measure(tmp_path / "bad.wav")
    assert m["peak"] > MAX_PEAK_DB and m["edges"] > EDGE_MAX_DB


def test_pygame_decodes_every_sound() -> None:
    pygame.mixer.init()
    try:
        for path in wav_files():
            assert pygame.mixer.Sound(str(path)).get_length() > 0.05, path.name
    finally:
        pygame.mixer.quit()


def test_the_event_table_names_real_files_and_every_file_is_used() -> None:
    table = load_table()
    files = {path.name for path in wav_files()}
    assert set(table.values()) == files
    for required in (
        "click",
        "pick-up",
        "move",
        "illegal",
        "capture",
        "your-turn",
        "sealed",
        "reveal",
        "curtain",
        "win",
        "loss",
        "draw",
        "band-stretch",
        "band-snap",
        "land-sea",
        "land-air",
        "destroy",
        "tile-eaten",
        "farmer-trampled",
        "farmer-run",
        "phalanx-push",
        "phalanx-capture",
        "balance-creak",
        "weight-thud",
        "board-crash",
    ):
        assert required in table, required


def test_every_event_the_code_announces_is_in_the_table() -> None:
    """A typo in a cue would be silent in play: every literal event name in scenes/ must be known."""
    pattern = re.compile(
        r"""(?:\.cue\(|\.cue_at\([^,]+,|announce\(|sound=)\s*"([a-z-]+)"(?:\s+if\s+[^"]+\s+else\s+"([a-z-]+)")?"""
    )
    table = load_table()
    found: set[str] = set()
    for path in (ROOT / "scenes").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if "cue(" not in text and "announce(" not in text and "sound=" not in text:
            continue
        for match in pattern.finditer(text):
            found |= {name for name in match.groups() if name}
    found |= {"win", "loss", "draw", "game-over"}  # chosen by ending_event()
    assert len(found) >= 20
    assert found <= set(table), found - set(table)


# -- the sound board -------------------------------------------------------------------------------
class Prefs:
    def __init__(self, muted: bool = False, master: Any = 80, effects: Any = 80) -> None:
        self.muted = muted
        self.master_volume = master
        self.effects_volume = effects


def board(prefs: Prefs, mixer: FakeMixer, folder: Path = SOUNDS_DIR, **kw: Any) -> SoundBoard:
    return SoundBoard(lambda: prefs, mixer, folder=folder, **kw)


def test_nothing_opens_the_device_until_a_sound_is_heard() -> None:
    mixer = FakeMixer()
    sound = board(Prefs(), mixer)
    assert mixer.opened == 0 and sound.state == "closed"
    sound.announce("capture")
    assert mixer.opened == 1 and mixer.heard == ["capture.wav"]
    assert mixer.plays[0][1] == pytest.approx(0.64)  # master 80 × effects 80
    sound.next_frame()
    sound.announce("move")
    assert mixer.opened == 1 and mixer.heard == ["capture.wav", "place.wav"]


@pytest.mark.parametrize("prefs", [Prefs(muted=True), Prefs(master=0), Prefs(effects=0)])
def test_sound_off_never_opens_the_device(prefs: Prefs) -> None:
    mixer = FakeMixer()
    sound = board(prefs, mixer)
    for event in ("click", "capture", "win"):
        sound.announce(event)
    assert mixer.opened == 0 and mixer.plays == [] and sound.state == "closed"


def test_volume_settings_scale_and_odd_values_fall_back() -> None:
    assert board(Prefs(master=50, effects=100), FakeMixer()).volume() == pytest.approx(0.5)
    assert board(Prefs(master="loud", effects=None), FakeMixer()).volume() == pytest.approx(0.64)
    assert board(Prefs(master=250, effects=-3), FakeMixer()).volume() == 0.0


def test_an_event_twice_in_one_frame_plays_once() -> None:
    mixer = FakeMixer()
    sound = board(Prefs(), mixer)
    for _ in range(10):
        sound.announce("land-sea")
    sound.announce("land-air")
    assert mixer.heard == ["land-sea.wav", "land-air.wav"]
    sound.next_frame()
    sound.announce("land-sea")
    assert mixer.heard == ["land-sea.wav", "land-air.wav", "land-sea.wav"]


def test_mute_silences_what_plays_and_what_comes() -> None:
    mixer = FakeMixer()
    prefs = Prefs()
    sound = board(prefs, mixer)
    sound.announce("win")
    assert sound.toggle_mute() is True and prefs.muted and mixer.stopped == 1
    sound.next_frame()
    sound.announce("win")
    assert mixer.heard == ["win.wav"]
    assert sound.toggle_mute() is False


def test_a_missing_file_is_skipped_with_one_warning(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "events.json").write_text(json.dumps({"events": {"gone": "gone.wav", "ok": "ok.wav"}}))
    (tmp_path / "ok.wav").write_bytes((SOUNDS_DIR / "click.wav").read_bytes())
    mixer = FakeMixer()
    sound = board(Prefs(), mixer, tmp_path)
    with caplog.at_level(logging.INFO, logger="scenes.kit.sound"):
        for _ in range(3):
            sound.announce("gone")
            sound.next_frame()
        sound.announce("ok")
    assert mixer.heard == ["ok.wav"]
    records = [r for r in caplog.records if "gone.wav" in r.getMessage()]
    assert (
        len(records) == 1 and records[0].levelno == logging.WARNING and "missing" in records[0].getMessage()
    )


def test_a_damaged_file_is_skipped_with_one_warning_by_the_real_mixer(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """pygame itself decodes (and refuses) the file; the dummy audio driver stands in for a card."""
    (tmp_path / "events.json").write_text(json.dumps({"events": {"bad": "bad.wav", "ok": "ok.wav"}}))
    (tmp_path / "bad.wav").write_bytes(b"RIFF\x00\x00\x00\x00WAVEjunk" + os.urandom(200))
    (tmp_path / "ok.wav").write_bytes((SOUNDS_DIR / "click.wav").read_bytes())
    sound = SoundBoard(lambda: Prefs(), PygameMixer(), folder=tmp_path)
    try:
        with caplog.at_level(logging.INFO, logger="scenes.kit.sound"):
            sound.announce("bad")
            sound.next_frame()
            sound.announce("bad")
            sound.announce("ok")
        assert sound.state == "open"
        warnings = [r for r in caplog.records if "bad.wav" in r.getMessage()]
        assert len(warnings) == 1 and "could not be read" in warnings[0].getMessage()
    finally:
        sound.close()
    assert not pygame.mixer.get_init()


def test_a_device_that_fails_to_open_is_one_quiet_line_then_silence(caplog: pytest.LogCaptureFixture) -> None:
    mixer = FakeMixer(fail_open=RuntimeError("no audio device"))
    sound = board(Prefs(), mixer)
    with caplog.at_level(logging.DEBUG, logger="scenes.kit.sound"):
        for event in ("click", "capture", "win", "click"):
            sound.announce(event)
            sound.next_frame()
    assert mixer.opened == 1 and mixer.plays == [] and sound.state == "failed"
    assert [r.levelno for r in caplog.records] == [logging.INFO]
    assert "no audio device" in caplog.records[0].getMessage()


def test_unknown_events_and_a_damaged_table_are_one_warning_each(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    mixer = FakeMixer()
    with caplog.at_level(logging.INFO, logger="scenes.kit.sound"):
        sound = board(Prefs(), mixer)
        sound.announce("no-such-event")
        sound.announce("no-such-event")
        (tmp_path / "events.json").write_text("{ not json")
        broken = board(Prefs(), mixer, tmp_path)
        broken.announce("click")
        broken.announce("capture")
    assert mixer.plays == [] and mixer.opened == 0
    assert len(caplog.records) == 2


# -- cues on the animation timeline ----------------------------------------------------------------
def test_cues_are_said_when_the_clock_reaches_them_in_order() -> None:
    tl = Timeline(1.0)
    slide = tl.add(0.5)
    fade = tl.add(0.3, after=slide)
    tl.cue("move", slide, at=1.0)
    tl.cue("push", slide)
    tl.cue("capture", fade, at=0.5)
    assert tl.due() == ["push"]
    tl.update(0.49)
    assert tl.due() == []
    tl.update(0.02)
    assert tl.due() == ["move"]
    tl.finish()  # skipping the animation still says what was left
    assert tl.due() == ["capture"] and tl.due() == []


def test_animations_off_hear_the_scratch_plan_at_once_in_time_order() -> None:
    scratch = Timeline(1.0)
    late = scratch.add(0.4, delay=0.3)
    scratch.cue("late", late)
    scratch.cue("early")
    off = Timeline(0.0)
    off.take_cues(scratch)
    assert off.due() == ["early", "late"]


# -- the app ---------------------------------------------------------------------------------------
@pytest.fixture
def quiet_app(tmp_path: Path) -> Iterator[Any]:
    from scenes.routes import new_app

    application = new_app(data_dir=tmp_path, size=(1024, 640))
    application.sound.mixer = FakeMixer()
    yield application
    application.shutdown()


def key(app: Any, k: int, mod: int = 0, unicode: str = "") -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)], 1 / 60)


def test_the_app_starts_without_opening_the_audio_device(quiet_app: Any) -> None:
    quiet_app.open("menu")
    quiet_app.step([], 1 / 60)
    assert pygame.mixer.get_init() is None
    assert quiet_app.sound.mixer.opened == 0


def test_a_button_press_clicks(quiet_app: Any) -> None:
    scene = quiet_app.open("settings")
    quiet_app.step([], 1 / 60)
    quiet_app.step(
        [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.speed_row.buttons[0])], 1 / 60
    )
    assert quiet_app.sound.mixer.heard == ["click.wav"]


def test_m_toggles_mute_anywhere_and_it_is_remembered(quiet_app: Any, tmp_path: Path) -> None:
    from saves.paths import resolve_config_dir
    from saves.settings import load_settings

    quiet_app.open("menu")
    key(quiet_app, pygame.K_m, unicode="m")
    assert quiet_app.settings.muted
    assert load_settings(resolve_config_dir(tmp_path)).muted
    key(quiet_app, pygame.K_m, pygame.KMOD_CTRL)  # with a modifier it is not the mute key
    assert quiet_app.settings.muted
    key(quiet_app, pygame.K_m, unicode="m")
    assert not quiet_app.settings.muted and not load_settings(resolve_config_dir(tmp_path)).muted


def test_m_is_left_to_a_board_that_uses_it(quiet_app: Any) -> None:
    """Changing Challenges asks "merge or knock out?" and M answers "merge" there."""
    from game.match import Match, Seat
    from tests.scene_driver import start

    scene = start(quiet_app, Match("changing-challenges", {}, {"triangles": Seat(), "circles": Seat()}))
    view: Any = scene.view
    view.choice = object()  # the merge question is open
    assert scene.claims_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0))
    view.choice = None
    key(quiet_app, pygame.K_m, unicode="m")
    assert quiet_app.settings.muted


def test_the_settings_screen_switches_sound_and_sets_volumes(quiet_app: Any, tmp_path: Path) -> None:
    from saves.paths import resolve_config_dir
    from saves.settings import load_settings

    scene = quiet_app.open("settings")
    quiet_app.step([], 1 / 60)
    off = scene.sound_row.buttons[scene.sound_row.values.index("off")]
    quiet_app.step([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=off)], 1 / 60)
    assert quiet_app.settings.muted and load_settings(resolve_config_dir(tmp_path)).muted
    key(quiet_app, pygame.K_m, unicode="m")  # the row follows the M key
    quiet_app.step([], 1 / 60)
    assert scene.sound_row.selected == "on"
    slider = scene.volume_sliders["effects_volume"]
    slider.set_current_value(35)
    quiet_app.step(
        [pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=slider, value=35)], 1 / 60
    )
    assert quiet_app.settings.effects_volume == 35
    for _ in range(30):
        quiet_app.step([], 1 / 60)
    saved = load_settings(resolve_config_dir(tmp_path))
    assert saved.effects_volume == 35 and saved.master_volume == 80
    assert quiet_app.sound.mixer.heard[-1] == "your-turn.wav"  # a sample at the new level
    assert quiet_app.sound.mixer.plays[-1][1] == pytest.approx(0.8 * 0.35)


def test_sound_settings_round_trip_and_bad_values_fall_back(tmp_path: Path) -> None:
    from saves.settings import load_settings, save_settings

    settings = load_settings(tmp_path)
    assert (settings.muted, settings.master_volume, settings.effects_volume) == (False, 80, 80)
    settings.muted, settings.master_volume, settings.effects_volume = True, 55, 0
    save_settings(settings)
    again = load_settings(tmp_path)
    assert (again.muted, again.master_volume, again.effects_volume) == (True, 55, 0)
    data = json.loads((tmp_path / "settings.json").read_text())
    data.update(muted="yes", master_volume=1e9, effects_volume=True)
    (tmp_path / "settings.json").write_text(json.dumps(data))
    odd = load_settings(tmp_path)
    assert (odd.muted, odd.master_volume, odd.effects_volume) == (False, 80, 80)


# -- a real process: nothing printed ---------------------------------------------------------------
SCRIPT = textwrap.dedent(
    """
    import logging, os, sys
    from pathlib import Path
    import pygame
    from scenes.routes import new_app
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="LOG %(levelname)s %(message)s")
    if sys.argv[3] == "noisy":  # a machine without a sound card: ALSA writes to fd 2, then fails
        def noisy_init(*args, **kwargs):
            os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\\n")
            raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")
        pygame.mixer.init = noisy_init
    app = new_app(data_dir=Path(sys.argv[1]), size=(1024, 640))
    assert app.settings.muted == (sys.argv[2] == "muted")  # as the settings file says
    app.open("menu")
    for _ in range(3):
        app.step([], 1 / 60)
    app.sound.announce("click")
    app.sound.announce("your-turn")
    print("STATE", app.sound.state, bool(pygame.mixer.get_init()))
    app.shutdown()
    """
)


def run_app(
    tmp_path: Path, muted: bool, driver: str, noisy: bool = False
) -> subprocess.CompletedProcess[str]:
    from saves.paths import resolve_config_dir
    from saves.settings import load_settings, save_settings

    settings = load_settings(resolve_config_dir(tmp_path))
    settings.muted = muted
    save_settings(settings)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_AUDIO")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER=driver, PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run(
        [
            sys.executable,
            "-c",
            SCRIPT,
            str(tmp_path),
            "muted" if muted else "on",
            "noisy" if noisy else "plain",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_starting_with_sound_off_opens_no_device_and_prints_nothing(tmp_path: Path) -> None:
    result = run_app(tmp_path, muted=True, driver="alsa")  # ALSA prints on a machine without sound
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "STATE closed False" in result.stdout and "LOG" not in result.stdout


def test_a_device_that_cannot_open_is_one_log_line_and_nothing_on_stderr(tmp_path: Path) -> None:
    result = run_app(tmp_path, muted=False, driver="no-such-driver")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "STATE failed False" in result.stdout
    logs = [line for line in result.stdout.splitlines() if line.startswith("LOG")]
    assert len(logs) == 1 and logs[0].startswith("LOG INFO No sound: the audio device could not be opened")


def test_the_packaged_app_carries_the_sounds() -> None:
    """The spec bundles all of assets/ (so assets/sounds/ with it); the wheel copies assets/ too."""
    from scenes.kit.fonts import ASSETS

    spec = (ROOT / "packaging" / "curio-boards.spec").read_text(encoding="utf-8")
    assert '(str(ROOT / "assets"), "assets")' in spec
    assert SOUNDS_DIR.parent == ASSETS and (SOUNDS_DIR / "events.json").is_file()
    assert "graft assets" in (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    assert "numpy" not in (ROOT / "scenes" / "kit" / "sound.py").read_text(encoding="utf-8")


def test_what_the_audio_library_prints_while_failing_goes_to_the_log_not_the_terminal(tmp_path: Path) -> None:
    result = run_app(tmp_path, muted=False, driver="dummy", noisy=True)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    logs = [line for line in result.stdout.splitlines() if line.startswith("LOG")]
    assert len(logs) == 1 and "Couldn't open audio device" in logs[0]
