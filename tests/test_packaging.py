"""Fast checks of the packaging files; the real PyInstaller build runs in CI (packaging/ci.sh).

These catch the cheap mistakes before a slow build does: a spec that no longer parses, an icon that
went missing or lost its shape, a desktop entry without a required key, scripts with syntax errors or
CRLF line endings (and a .gitattributes that no longer pins them to LF), a built-app check that would
wait silently or open a window too big for the runner's screen, and a ``--self-test`` that the
command line or the menu no longer supports.
"""

from __future__ import annotations

import ast
import configparser
import fnmatch
import importlib.util
import os
import plistlib
import re
import shutil
import struct
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
SPEC = PACKAGING / "curio-boards.spec"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_spec_parses_and_names_the_app() -> None:
    source = SPEC.read_text(encoding="utf-8")
    ast.parse(source, filename=str(SPEC))
    for needle in (
        '"curio-boards"',
        '"Curio Boards"',
        "CURIO_ONEFILE",
        'collect_data_files("pygame_gui")',
        '"main.py"',
        '"assets"',
        "pyproject.toml",
        "curio-boards.ico",
        "curio-boards.icns",
    ):
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


# -- shell scripts and line endings -----------------------------------------------------------------
# Git on Windows checks text out with CRLF unless .gitattributes says otherwise, and bash reads a CR
# at a line's end as part of the line: `then\r` is no keyword, so the script does not even parse.
SCRIPTS = sorted(
    [*(p.relative_to(ROOT).as_posix() for p in PACKAGING.glob("*.sh")), ".ci/run", ".ci/actionlint.sh"]
)
BINARY_FILES = [
    "assets/icon.png",
    "assets/sounds/click.wav",
    "packaging/icons/curio-boards.ico",
    "packaging/icons/curio-boards.icns",
    "tests/data/fixture.txt",
]  # test data: as written
LF_FILES = [
    *SCRIPTS,
    "packaging/curio-boards.spec",
    *(p.relative_to(ROOT).as_posix() for p in sorted((ROOT / ".github" / "workflows").glob("*.yml"))),
]


def _git_attributes(path: str) -> dict[str, str]:
    """The attributes .gitattributes gives ``path`` (a path relative to the root, with ``/``), read
    the way Git does for the patterns used there: a pattern without ``/`` matches the file name in
    any folder, one with ``/`` the whole path; later lines win. ``binary`` is ``-text -diff``."""
    found: dict[str, str] = {}
    rules = ROOT / ".gitattributes"
    for line in rules.read_text(encoding="utf-8").splitlines() if rules.is_file() else []:
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        pattern, attributes = fields[0], fields[1:]
        subject = path if "/" in pattern.lstrip("/") else path.rsplit("/", 1)[-1]
        if not fnmatch.fnmatchcase(subject, pattern.lstrip("/")):
            continue
        for attribute in attributes:
            if attribute == "binary":
                found.update(text="unset", diff="unset")
            elif attribute.startswith("-"):
                found[attribute[1:]] = "unset"
            else:
                name, _, value = attribute.partition("=")
                found[name] = value or "set"
    return found


def _bash() -> str | None:
    """A working bash: on Windows Git's own (``System32\\bash.exe`` is WSL's launcher, which fails
    where no Linux is installed), elsewhere the one on PATH; None when there is none."""
    candidates = []
    git = shutil.which("git")
    if sys.platform == "win32" and git is not None:
        git_root = Path(git).resolve().parent.parent  # ...\Git\cmd\git.exe or ...\Git\bin\git.exe
        candidates += [str(git_root / "bin" / "bash.exe"), str(git_root / "usr" / "bin" / "bash.exe")]
    candidates.append(shutil.which("bash") or "")
    for candidate in candidates:
        if not candidate or not Path(candidate).is_file():
            continue
        try:
            probe = subprocess.run([candidate, "-c", "echo $BASH_VERSION"], capture_output=True, timeout=30)
        except (OSError, subprocess.SubprocessError):
            continue
        if probe.returncode == 0 and probe.stdout.strip():
            return candidate
    return None


def _bash_syntax_errors(shell: str, script: bytes) -> str:
    """``bash -n`` over ``script`` given on stdin as bytes (a text pipe would add CRs on Windows);
    the errors, or "" when it parses."""
    result = subprocess.run([shell, "-n"], input=script, capture_output=True, timeout=60)
    if result.returncode == 0:
        return ""
    return result.stderr.decode("utf-8", errors="replace") or f"bash -n exited with {result.returncode}"


def _lines_with_cr(data: bytes) -> list[int]:
    return [number for number, line in enumerate(data.split(b"\n"), start=1) if b"\r" in line]


@pytest.mark.parametrize("path", LF_FILES)
def test_gitattributes_pins_scripts_spec_and_workflows_to_lf(path: str) -> None:
    """Every checkout, Windows' included, gets these files byte for byte as committed."""
    attributes = _git_attributes(path)
    assert attributes.get("eol") == "lf" and attributes.get("text") in ("set", "auto"), (
        f"{path}: .gitattributes gives it {attributes}; it needs `text eol=lf` so that a Windows checkout "
        "(core.autocrlf=true) does not turn it into CRLF"
    )


@pytest.mark.parametrize("path", BINARY_FILES)
def test_gitattributes_keeps_assets_and_test_data_unconverted(path: str) -> None:
    assert _git_attributes(path).get("text") == "unset", f"{path} needs `binary` or `-text` in .gitattributes"


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a Git checkout")
def test_git_itself_reads_gitattributes_the_same_way() -> None:
    """The small reader above agrees with `git check-attr` on every file it is asked about."""
    paths = [*LF_FILES, *BINARY_FILES]
    result = subprocess.run(
        ["git", "check-attr", "text", "eol", "--", *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    said: dict[str, dict[str, str]] = {}
    for line in result.stdout.splitlines():
        path, name, value = line.rsplit(": ", 2)
        said.setdefault(path, {})[name] = value
    for path in paths:
        mine = _git_attributes(path)
        assert said[path]["text"] == mine.get("text", "unspecified"), path
        assert said[path]["eol"] == mine.get("eol", "unspecified"), path


@pytest.mark.parametrize("path", LF_FILES)
def test_scripts_spec_and_workflows_have_no_carriage_returns(path: str) -> None:
    """Fails loudly, with the way out, on a checkout that converted them to CRLF."""
    lines = _lines_with_cr((ROOT / path).read_bytes())
    assert not lines, (
        f"{path} has CRLF line endings ({len(lines)} lines, from line {lines[0] if lines else 0}): bash "
        "cannot run such a script, nor GitHub read the same bytes that were committed. The checkout "
        "converted it (core.autocrlf=true) before .gitattributes pinned it to LF, or an editor did. Delete "
        f"the file and restore it from Git (`git checkout -- {path}`), or set the editor to LF."
    )


@pytest.mark.parametrize("path", SCRIPTS)
def test_shell_scripts_have_valid_syntax(path: str) -> None:
    """`bash -n` on every script, with any CR taken out first: a CRLF checkout is the test above's
    business, so this one still says whether the script itself is right."""
    shell = _bash()
    if shell is None:
        pytest.skip("no working bash here (on Windows it comes with Git for Windows)")
    data = (ROOT / path).read_bytes().replace(b"\r\n", b"\n")
    errors = _bash_syntax_errors(shell, data)
    assert not errors, f"{path}: {errors}"


def test_a_crlf_copy_of_a_script_breaks_bash_and_is_caught(tmp_path: Path) -> None:
    """What a Windows checkout without .gitattributes did to the release: the same script with CRLF
    endings does not parse. The checks above see through it (syntax) and name it (line endings)."""
    shell = _bash()
    if shell is None:
        pytest.skip("no working bash here (on Windows it comes with Git for Windows)")
    original = (PACKAGING / "ci.sh").read_bytes().replace(b"\r\n", b"\n")
    crlf = original.replace(b"\n", b"\r\n")
    assert "syntax error" in _bash_syntax_errors(shell, crlf)
    assert _lines_with_cr(crlf) and not _lines_with_cr(original)
    assert _bash_syntax_errors(shell, crlf.replace(b"\r\n", b"\n")) == ""


# -- workflows: tests on three systems before any build; the macOS signature -------------------------
WORKFLOWS = ROOT / ".github" / "workflows"


def _job(workflow: str, job: str) -> str:
    """The text of one job of a workflow file (from its key to the next job's)."""
    text = (WORKFLOWS / workflow).read_text(encoding="utf-8")
    start = text.index(f"\n  {job}:\n")
    following = re.search(r"\n  [a-z][a-z0-9_-]*:\n", text[start + 1 :])
    return text[start : start + 1 + following.start()] if following else text[start:]


def test_the_test_matrix_covers_linux_windows_and_macos_and_gates_every_build() -> None:
    tests = (WORKFLOWS / "tests.yml").read_text(encoding="utf-8")
    assert "workflow_call:" in tests and "fromJSON(inputs.systems)" in tests
    assert '["ubuntu-latest", "windows-latest", "macos-latest"]' in tests
    assert "python -m pytest" in tests and "shell: bash" in tests
    assert "uses: ./.github/workflows/tests.yml" in _job("ci.yml", "tests")
    assert "bash .ci/run" in _job("ci.yml", "checks")  # Linux keeps the packaging checks
    release_tests = _job("release.yml", "tests")
    assert "uses: ./.github/workflows/tests.yml" in release_tests
    build = _job("release.yml", "build")
    systems = re.search(r"systems: '(.+)'", release_tests)
    assert systems is not None
    for os_image in re.findall(r"^\s+os: (\S+)$", build, re.MULTILINE):
        assert f'"{os_image}"' in systems.group(1), f"the release builds on {os_image} but never tests there"
    assert "needs: [version, tests]" in build
    assert "needs: [version, tests]" in _job("release.yml", "wheel")
    assert "pytest" not in build  # the tests ran in the matrix, on the same images


def test_the_release_checks_windows_through_a_console_twin_and_verifies_the_mac_signature() -> None:
    build = _job("release.yml", "build")
    assert 'PYINSTALLER_STRICT_BUNDLE_CODESIGN_ERROR: "1"' in build
    assert 'codesign --verify --deep --strict --verbose=2 "dist/Curio Boards.app"' in build
    assert 'CURIO_CONSOLE: "1"' in build
    assert "--console build/twin-dist/curio-boards/curio-boards.exe" in build
    # Developer ID signing and notarisation only run with their secrets, and are skipped cleanly without.
    for step in ("Import the Developer ID certificate", "Notarise and staple"):
        condition = re.search(rf"- name: {step}.*\n\s+if: (.+)", build)
        assert condition is not None and "env.MACOS_SIGNING == 'true'" in condition.group(1), step
    assert "secrets.MACOS_CERTIFICATE != ''" in build
    spec = SPEC.read_text(encoding="utf-8")
    assert "CURIO_CODESIGN_IDENTITY" in spec and "entitlements.plist" in spec
    entitlements = plistlib.loads((PACKAGING / "entitlements.plist").read_bytes())
    assert isinstance(entitlements, dict)
    assert "com.apple.security.get-task-allow" not in entitlements  # notarisation refuses a debuggable app


# -- the built app's check (packaging/check_built.py) --------------------------------------------------
def _check_built() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_built", PACKAGING / "check_built.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_self_test_window_fits_the_runners_screen() -> None:
    """Hosted Windows and macOS runners have 1024x768 screens: 1280x800 would not fit there."""
    fit = _check_built().fit_window
    assert fit((0, 0, 1024, 768)) == (1024, 640)
    assert fit((0, 23, 1024, 745)) == (1024, 640)  # macOS, below the menu bar
    assert fit((0, 0, 1024, 728)) == (1024, 640)  # Windows, above the taskbar: the smallest window
    assert fit((0, 0, 1600, 1000)) == (1280, 800)  # never larger than the developer modes' window
    assert fit((0, 0, 1920, 1040)) == (1280, 800)
    assert fit(None) == (1024, 640)
    release = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "1280x800" not in release


_HANGS = """
import os, subprocess, sys, time
helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
print("HELPER", helper.pid, "RUN", os.getpid(), flush=True)
for n in range(60):
    print("line", n, flush=True)
print("the last words before the hang", flush=True)
time.sleep(120)
"""


def test_a_run_that_hangs_is_killed_with_its_helpers_and_shows_its_last_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    check = _check_built()
    monkeypatch.setattr(check, "HEARTBEAT_SECONDS", 0.5)
    result = check.run(Path(sys.executable), ["-c", _HANGS], dict(os.environ), 3.0, tmp_path / "hang.log")
    assert result.returncode is None and not result.ok
    # run() came back because it killed the run at its timeout: the run itself (asleep for two more
    # minutes) is gone by the time run() returns.
    assert not _running(int(result.output.split()[3])), "the hanging run was left running"
    shown = capsys.readouterr().out
    assert "TIMED OUT after 3 s" in shown
    assert "still running after" in shown
    last = shown[shown.index("TIMED OUT") :]
    assert "  | the last words before the hang" in last and "  | line 59" in last and "line 0\n" not in last
    helper = int(result.output.split()[1])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _running(helper):
        time.sleep(0.1)
    assert not _running(helper), "the app's helper process outlived the timeout"


def test_a_failed_run_shows_the_end_of_its_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    check = _check_built()
    crash = "print('starting', flush=True); raise SystemExit('Traceback: it broke')"
    result = check.run(Path(sys.executable), ["-c", crash], dict(os.environ), 60.0, tmp_path / "crash.log")
    assert result.returncode == 1
    shown = capsys.readouterr().out
    assert "exit status 1" in shown and "  | Traceback: it broke" in shown


def _running(pid: int) -> bool:
    import psutil  # the dev extra

    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


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
