"""Fast checks of the packaging files; the real PyInstaller build runs in CI (packaging/ci.sh).

These catch the cheap mistakes before a slow build does: a spec that no longer parses, an icon that
went missing or lost its shape, a desktop entry without a required key, scripts with syntax errors,
and a ``--self-test`` that the command line or the menu no longer supports.
"""

from __future__ import annotations

import ast
import configparser
import os
import shutil
import struct
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
SPEC = PACKAGING / "curio-boards.spec"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_spec_parses_and_names_the_app() -> None:
    source = SPEC.read_text(encoding="utf-8")
    ast.parse(source, filename=str(SPEC))
    for needle in ('"curio-boards"', '"Curio Boards"', "CURIO_ONEFILE", 'collect_data_files("pygame_gui")',
                   '"main.py"', '"assets"', "pyproject.toml", "curio-boards.ico", "curio-boards.icns"):
        assert needle in source, needle


def test_packaging_extra_has_pyinstaller() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extra = project["optional-dependencies"]["packaging"]
    assert any(req.lower().startswith("pyinstaller") for req in extra)


def test_icon_is_a_square_png_with_transparent_corners() -> None:
    import pygame

    path = ROOT / "assets" / "icon.png"
    assert path.read_bytes()[:8] == PNG_MAGIC
    image = pygame.image.load(str(path))
    width, height = image.get_size()
    assert width == height >= 256
    assert image.get_at((0, 0)).a == 0  # rounded tile on a transparent ground
    assert image.get_at((width // 2, height // 2)).a == 255


def test_windows_icon_holds_png_entries_from_16_to_256() -> None:
    data = (PACKAGING / "icons" / "curio-boards.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1) and count >= 4
    sizes = set()
    for index in range(count):
        width, _, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * index)
        assert data[offset : offset + 8] == PNG_MAGIC and offset + length <= len(data)
        sizes.add(width or 256)
    assert {16, 32, 48, 256} <= sizes


def test_mac_icon_is_a_well_formed_icns() -> None:
    data = (PACKAGING / "icons" / "curio-boards.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    offset, kinds = 8, set()
    while offset < len(data):
        kind, length = data[offset : offset + 4], struct.unpack_from(">I", data, offset + 4)[0]
        assert data[offset + 8 : offset + 16] == PNG_MAGIC
        kinds.add(kind)
        offset += length
    assert offset == len(data) and {b"ic07", b"ic08", b"ic10"} <= kinds


def test_desktop_entry_has_the_required_keys() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(PACKAGING / "curio-boards.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Curio Boards"
    assert entry["Exec"].split()[0] == "curio-boards"
    assert entry["Icon"] == "curio-boards"
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")


@pytest.mark.parametrize("script", ["ci.sh", "build.sh", "install-linux.sh"])
def test_shell_scripts_have_valid_syntax(script: str) -> None:
    shell = shutil.which("bash")
    if shell is None:
        pytest.skip("no bash here")
    result = subprocess.run([shell, "-n", str(PACKAGING / script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_self_test_flag_is_accepted_and_checked() -> None:
    import main

    parser = main.build_parser()
    assert parser.parse_args(["--self-test", "out.png"]).self_test == Path("out.png")
    assert parser.parse_args([]).self_test is None
    with pytest.raises(SystemExit) as exit_info:
        parser.parse_args(["--self-test", "out.png", "--smoke"])  # one mode at a time
    assert exit_info.value.code == 2
    with pytest.raises(SystemExit) as exit_info:
        main.main(["--self-test", "out.jpg"])
    assert exit_info.value.code == 2


def test_self_test_plays_the_opening_headlessly(tmp_path: Path) -> None:
    """The same script the built app runs in CI, here from source on the dummy driver (~2 s)."""
    out = tmp_path / "shot.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    data = tmp_path / "data"
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--self-test", str(out), "--data-dir", str(data)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("self-test: ok"), result.stdout
    assert out.read_bytes()[:8] == PNG_MAGIC
