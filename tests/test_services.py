"""The app's services out of the kit (issue #29): the App runs on whatever services it is given, the
kit names no ``saves`` module, and what the kit used to read of ``saves`` (the speeds of the
animations, a save's own refusal sentence) still reaches it through ``scenes/services.py``."""

from __future__ import annotations

import ast
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from saves.settings import ANIMATION_SPEEDS, Settings
from saves.store import SaveError
from scenes.kit.animation import duration_scale
from scenes.kit.app import App
from scenes.kit.failures import failure_sentence
from scenes.kit.services import LANES
from scenes.services import FolderServices

ROOT = Path(__file__).resolve().parent.parent
KIT = ROOT / "scenes" / "kit"


def imported_modules(source: str) -> set[str]:
    """Every module ``source`` imports, at the top, in a function or under ``TYPE_CHECKING``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def test_the_scanner_sees_imports_anywhere() -> None:
    source = "import os\nif X:\n    from saves.store import A\ndef f():\n    import saves.paths\n"
    assert imported_modules(source) == {"os", "saves.store", "saves.paths"}


def test_no_kit_module_names_saves() -> None:
    offenders = {
        path.name: sorted(
            m for m in imported_modules(path.read_text(encoding="utf-8")) if m.split(".")[0] == "saves"
        )
        for path in sorted(KIT.glob("*.py"))
    }
    assert {name: mods for name, mods in offenders.items() if mods} == {}


def test_the_contract_forbids_saves_to_the_kit() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    assert any(
        c["type"] == "forbidden"
        and c["source_modules"] == ["scenes.kit"]
        and "saves" in c["forbidden_modules"]
        for c in contracts
    )


# -- an App on services of its own: the kit needs nothing but the protocol --------------------------
@dataclass
class KitOnlySettings:
    fullscreen: bool = False
    animation_speed: str = "normal"
    muted: bool = True
    master_volume: int = 80
    effects_volume: int = 80
    window_size: tuple[int, int] | None = None
    window_position: tuple[int, int] | None = None


class StandInWorker:
    def __init__(self) -> None:
        self.closed = False

    def close(self) -> None:
        self.closed = True


@dataclass
class StandInServices:
    """Services with no disk behind them: what the kit asks of them, answered in memory."""

    data_dir: Path
    settings: KitOnlySettings = field(default_factory=KitOnlySettings)
    store: Any = None
    lanes: dict[str, Any] = field(default_factory=dict)
    started: list[str] = field(default_factory=list)
    saved: int = 0
    refuse_saving: bool = False
    closed: bool = False

    def start(self, tell: Any) -> None:
        tell("Started on a stand-in.", 5.0)

    def save_settings(self) -> None:
        if self.refuse_saving:
            raise OSError(28, "No space left on device")
        self.saved += 1

    def lane(self, name: str) -> Any:
        self.started.append(name)
        return self.lanes.setdefault(name, StandInWorker())

    @property
    def progress(self) -> Any:
        return "stars"

    def close(self) -> None:
        self.closed = True
        for worker in self.lanes.values():
            worker.close()


def test_an_app_runs_on_the_services_it_is_given(tmp_path: Path) -> None:
    services = StandInServices(tmp_path)
    app = App(services)  # type: ignore[arg-type]  # a stand-in, not scenes.services
    try:
        assert [text for text, _ in app.toasts] == ["Started on a stand-in."]
        assert app.data_dir == tmp_path and app.settings is services.settings and app.progress == "stars"
        assert app._worker is None  # nothing started before a screen asks
        assert app.hint_worker is services.lanes["hint"] and services.started == ["hint"]
        scripted = StandInWorker()
        app._worker = scripted  # the tests' way to put a scripted worker on a lane
        assert app.worker is scripted and services.lanes["move"] is scripted
        app._worker = None
        assert "move" not in services.lanes
        app.toggle_mute()
        assert services.saved == 1 and services.settings.muted is False
        services.refuse_saving = True
        app.save_settings()
        assert app.toasts[-1][0] == "The settings could not be saved: the disk is full."
    finally:
        app.shutdown()
    assert services.closed and services.lanes["hint"].closed


# -- the folder's services -----------------------------------------------------------------------------
def test_folder_services_start_no_process_until_asked_and_know_only_their_lanes(tmp_path: Path) -> None:
    services = FolderServices(tmp_path)
    assert services.lanes == {} and services.data_dir == tmp_path
    with pytest.raises(KeyError, match="no AI lane called 'ponder'"):
        services.lane("ponder")
    assert LANES == ("move", "hint", "solve", "analysis")
    services.close()  # nothing to stop


def test_damaged_lesson_stars_are_told_once_through_the_app(tmp_path: Path) -> None:
    (tmp_path / "progress.json").write_text("{not json", encoding="utf-8")
    services = FolderServices(tmp_path)
    told: list[str] = []
    services.start(lambda text, seconds: told.append(text))
    first = services.progress
    assert services.progress is first
    assert len(told) == 1 and first.message == told[0]


# -- what the kit used to read of saves, given by the services ---------------------------------------
def test_the_kits_speed_factors_are_the_settings_own() -> None:
    from scenes.kit.animation import SPEED_FACTORS

    assert SPEED_FACTORS == ANIMATION_SPEEDS


@pytest.mark.parametrize("speed", sorted(ANIMATION_SPEEDS))
def test_animation_speeds_are_the_settings_own(speed: str) -> None:
    factor = ANIMATION_SPEEDS[speed]
    expected = 0.0 if factor == 0 else 1.0 / factor
    assert duration_scale(Settings(animation_speed=speed)) == pytest.approx(expected)


def test_an_unknown_speed_and_no_settings_animate_at_normal_speed() -> None:
    assert duration_scale(Settings(animation_speed="warp")) == 1.0
    assert duration_scale(None) == 1.0


def test_a_saves_refusal_keeps_its_own_sentence(tmp_path: Path) -> None:
    FolderServices(tmp_path)  # building the services tells the kit (importing them does not)
    refused = SaveError("This save is from a newer version of Curio Boards.")
    assert failure_sentence("The game could not be loaded", refused) == (
        "The game could not be loaded: This save is from a newer version of Curio Boards."
    )
    assert failure_sentence("The game could not be loaded", ValueError("bad literal")) == (
        "The game could not be loaded: something unexpected went wrong; the details are in the log."
    )


def test_importing_the_services_tells_the_kit_nothing() -> None:
    """A module's import changes nothing: a ``SaveError`` is worded for players once services are built."""
    import subprocess
    import sys

    script = (
        "import scenes.services\n"
        "from pathlib import Path\n"
        "from tempfile import mkdtemp\n"
        "from saves.save_file import SaveError\n"
        "from scenes.kit.failures import failure_reason\n"
        "refused = SaveError('This save is damaged.')\n"
        "print(failure_reason(refused))\n"
        "scenes.services.FolderServices(Path(mkdtemp()))\n"
        "print(failure_reason(refused))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120, check=True
    )
    before, after = done.stdout.splitlines()[-2:]
    assert before.startswith("something unexpected went wrong")
    assert after == "This save is damaged"
