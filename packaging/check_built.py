"""Check a built app the way the release workflow must, on Linux, Windows and macOS alike.

    python packaging/check_built.py APP [--shot OUT.png]

APP is the built program: ``dist/curio-boards/curio-boards`` (Linux), ``dist\\curio-boards\\curio-boards.exe``
(Windows) or ``dist/Curio Boards.app/Contents/MacOS/curio-boards`` (macOS). In order:

1. **version**: the number players see is pyproject's: ``APP --version`` (its output where the build
   has a console; Windows and macOS builds are windowed and print nowhere), the Windows version
   resource (read with the Windows API) and the macOS ``Info.plist``;
2. **licences**: the app's ``licenses/`` folder holds a text for every component
   (``packaging/collect_licenses.py --check``);
3. **--smoke** headlessly (SDL's dummy video driver): every screen opens;
4. **--self-test** in a real window (Linux: run this under Xvfb): the computer plays a move in the
   built app, whose AI worker is a spawned copy of the frozen executable.

The app runs with a scrubbed environment (no Python on ``PATH``, a throw-away home and data folder),
so nothing outside the app can help it. Windowed builds report only through their exit status,
which is what is checked. Exit status 0 when every step passed.
"""

from __future__ import annotations

import argparse
import os
import plistlib
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))

from collect_licenses import missing_components  # noqa: E402

VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def bare_environment(home: Path) -> dict[str, str]:
    """An environment with no Python on PATH and a throw-away home; only what the OS needs."""
    env = {"HOME": str(home), "SDL_AUDIODRIVER": "dummy"}
    if sys.platform == "win32":
        root = os.environ.get("SYSTEMROOT", r"C:\Windows")
        env.update(SYSTEMROOT=root, WINDIR=root, PATH=str(Path(root) / "System32"),
                   USERPROFILE=str(home), APPDATA=str(home / "AppData" / "Roaming"),
                   LOCALAPPDATA=str(home / "AppData" / "Local"), TEMP=str(home), TMP=str(home))
    else:
        env["PATH"] = str(home / "no-python-here")
        for name in ("DISPLAY", "XAUTHORITY", "TMPDIR"):
            if name in os.environ:
                env[name] = os.environ[name]
    return env


def run(app: Path, args: list[str], env: dict[str, str], timeout: float) -> subprocess.CompletedProcess[str]:
    print(f"$ {app.name} {' '.join(args)}", flush=True)
    result = subprocess.run([str(app), *args], env=env, capture_output=True, text=True, timeout=timeout)
    output = (result.stdout + result.stderr).strip()
    if output:
        print("\n".join("  " + line for line in output.splitlines()[-40:]), flush=True)
    return result


def windows_version_resource(app: Path) -> str | None:
    """ProductVersion from the .exe's version resource (the spec's VSVersionInfo), via the Windows API."""
    import ctypes
    from ctypes import wintypes

    version = ctypes.WinDLL("version")
    size = version.GetFileVersionInfoSizeW(str(app), None)
    if not size:
        return None
    buffer = ctypes.create_string_buffer(size)
    if not version.GetFileVersionInfoW(str(app), 0, size, buffer):
        return None
    value = ctypes.c_void_p()
    length = wintypes.UINT()
    key = r"\StringFileInfo\040904B0\ProductVersion"
    if not version.VerQueryValueW(buffer, key, ctypes.byref(value), ctypes.byref(length)):
        return None
    return ctypes.wstring_at(value.value, length.value).rstrip("\0")


def mac_bundle(app: Path) -> Path | None:
    """The ``.app`` folder around ``APP`` (``X.app/Contents/MacOS/program``), if it is in one."""
    bundle = app.resolve().parents[2] if len(app.resolve().parents) > 2 else None
    return bundle if bundle is not None and bundle.suffix == ".app" else None


def licenses_dir(app: Path) -> Path:
    bundle = mac_bundle(app)
    if bundle is not None:
        return bundle / "Contents" / "Resources" / "licenses"
    return app.parent / "licenses"


def check_version(app: Path, env: dict[str, str]) -> list[str]:
    problems = []
    result = run(app, ["--version"], env, 60)
    shown = result.stdout.strip()
    if result.returncode != 0:
        problems.append(f"--version exited with {result.returncode}")
    elif shown and shown != f"curio-boards {VERSION}":
        problems.append(f"--version printed {shown!r}, pyproject says {VERSION}")
    elif not shown and sys.platform.startswith("linux"):
        problems.append("--version printed nothing (the Linux build is a console program)")
    if sys.platform == "win32":
        resource = windows_version_resource(app)
        print(f"  Windows version resource: ProductVersion {resource}")
        if resource != VERSION:
            problems.append(f"the .exe's ProductVersion is {resource!r}, pyproject says {VERSION}")
    bundle = mac_bundle(app)
    if bundle is not None:
        info = plistlib.loads((bundle / "Contents" / "Info.plist").read_bytes())
        shown = info.get("CFBundleShortVersionString")
        print(f"  Info.plist: CFBundleShortVersionString {shown}")
        if shown != VERSION:
            problems.append(f"Info.plist says {shown!r}, pyproject says {VERSION}")
    return problems


def check_licenses(app: Path) -> list[str]:
    folder = licenses_dir(app)
    missing = missing_components(folder)
    count = sum(1 for path in folder.rglob("*") if path.is_file()) if folder.is_dir() else 0
    print(f"  {folder}: {count} files")
    return [f"no licence text for: {', '.join(missing)}"] if missing else []


def check_smoke(app: Path, env: dict[str, str], work: Path) -> list[str]:
    headless = dict(env, SDL_VIDEODRIVER="dummy")
    result = run(app, ["--smoke", "--data-dir", str(work / "smoke-data")], headless, 600)
    return [f"--smoke exited with {result.returncode}"] if result.returncode != 0 else []


def check_self_test(app: Path, env: dict[str, str], work: Path, keep: Path | None) -> list[str]:
    shot = work / "self-test.png"
    result = run(app, ["--self-test", str(shot), "--data-dir", str(work / "self-test-data")], env, 180)
    problems = [f"--self-test exited with {result.returncode}"] if result.returncode != 0 else []
    if not shot.is_file() or shot.read_bytes()[:8] != PNG_MAGIC or shot.stat().st_size < 20_000:
        problems.append("--self-test left no real screenshot")
    elif keep is not None:
        keep.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, keep)
        print(f"  screenshot kept at {keep}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("app", type=Path, help="the built program")
    parser.add_argument("--shot", type=Path, help="keep the self-test's screenshot here")
    args = parser.parse_args(argv)
    app = args.app.resolve()
    if not app.is_file():
        print(f"error: {app} is not a built program", file=sys.stderr)
        return 1
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="curio-check-") as tmp:
        work = Path(tmp)
        (work / "home").mkdir()
        env = bare_environment(work / "home")
        steps = (
            ("version", lambda: check_version(app, env)),
            ("licences", lambda: check_licenses(app)),
            ("smoke", lambda: check_smoke(app, env, work)),
            ("self-test", lambda: check_self_test(app, env, work, args.shot)),
        )
        for name, step in steps:
            print(f"== {name}", flush=True)
            try:
                problems = step()
            except (OSError, subprocess.SubprocessError) as exc:
                problems = [f"{type(exc).__name__}: {exc}"]
            for problem in problems:
                print(f"FAILED {name}: {problem}", flush=True)
            failures += problems
    print("built app: ok" if not failures else f"built app: {len(failures)} problem(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
