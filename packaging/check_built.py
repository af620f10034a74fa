"""Check a built app the way the release workflow must, on Linux, Windows and macOS alike.

    python packaging/check_built.py APP [--console TWIN] [--size WxH|auto] [--shot OUT.png]

APP is the built program: ``dist/curio-boards/curio-boards`` (Linux), ``dist\\curio-boards\\curio-boards.exe``
(Windows) or ``dist/Curio Boards.app/Contents/MacOS/curio-boards`` (macOS). In order:

1. **version**: the number players see is pyproject's: ``APP --version`` (its output where the build
   has a console; the Windows build is windowed and prints nowhere), the Windows version resource
   (read with the Windows API) and the macOS ``Info.plist``;
2. **licences**: the app's ``licenses/`` folder holds a text for every component
   (``packaging/collect_licenses.py --check``);
3. **signature** (macOS): ``codesign --verify --deep --strict`` passes on the ``.app``, and how it is
   signed (ad hoc, or a Developer ID) is shown;
4. **--smoke** headlessly (SDL's dummy video driver): every screen opens;
5. **--self-test** in a real window (Linux: run this under Xvfb): the computer plays a move in the
   built app, whose AI worker is a spawned copy of the frozen executable. The window is sized to fit
   the screen (``--size auto``: the largest 16:10 window, at most 1280x800, that fits the main
   display's usable area with its title bar; hosted Windows and macOS runners have 1024x768 screens).

``--console TWIN`` names a console build of the same app (on Windows: the spec built with
``CURIO_CONSOLE=1``). A crash in the windowed Windows build prints nothing and shows a modal
traceback dialog that waits for a click, so ``--smoke`` and ``--self-test`` run on the twin first,
where a crash prints its trace, and only then on APP itself.

Every run's output goes to a log that is echoed as it comes; a run that outlives its timeout is
killed with its helper processes and the last lines of its log are shown, and a quiet run is reported
every :data:`HEARTBEAT_SECONDS`, so the check never waits silently.

The app runs with a scrubbed environment (no Python on ``PATH``, a throw-away home and data folder),
so nothing outside the app can help it. Exit status 0 when every step passed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import plistlib
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))

from collect_licenses import missing_components  # noqa: E402

VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

LARGEST_WINDOW = (1280, 800)
"""The developer modes' own window: the self-test never asks for more, however big the screen."""
SMALLEST_WINDOW = (1024, 640)
"""The app's smallest usable window; the self-test's size when the screen cannot be asked (it fits a
1024x768 screen with a title bar and a taskbar, dock or menu bar)."""
TAIL_LINES = 40
"""Lines of a run's log shown again when it fails or times out."""
HEARTBEAT_SECONDS = 30.0
"""A run that prints nothing for this long is reported as still running."""
TIMEOUTS = {"version": 60.0, "smoke": 300.0, "self-test": 180.0}
"""Seconds before a run is killed (a frozen app's first start on a fresh runner can be slow)."""


def bare_environment(home: Path) -> dict[str, str]:
    """An environment with no Python on PATH and a throw-away home; only what the OS needs."""
    env = {"HOME": str(home), "SDL_AUDIODRIVER": "dummy"}
    if sys.platform == "win32":
        root = os.environ.get("SYSTEMROOT", r"C:\Windows")
        env.update(
            SYSTEMROOT=root,
            WINDIR=root,
            PATH=str(Path(root) / "System32"),
            USERPROFILE=str(home),
            APPDATA=str(home / "AppData" / "Roaming"),
            LOCALAPPDATA=str(home / "AppData" / "Local"),
            TEMP=str(home),
            TMP=str(home),
        )
    else:
        env["PATH"] = str(home / "no-python-here")
        for name in ("DISPLAY", "XAUTHORITY", "TMPDIR"):
            if name in os.environ:
                env[name] = os.environ[name]
    return env


class Run:
    """A finished (or killed) run of the app: ``returncode`` is None when it timed out."""

    def __init__(self, returncode: int | None, output: str) -> None:
        self.returncode = returncode
        self.output = output

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    def tail(self, lines: int = TAIL_LINES) -> str:
        return "\n".join("  | " + line for line in self.output.splitlines()[-lines:])


def _kill_tree(process: subprocess.Popen[bytes]) -> None:
    """Kill the app and everything it started (its AI worker; a crash dialog goes with its process)."""
    if sys.platform == "win32":
        subprocess.run(["taskkill", "/F", "/T", "/PID", str(process.pid)], capture_output=True, check=False)
    else:
        with contextlib.suppress(OSError):  # already gone
            os.killpg(process.pid, signal.SIGKILL)
    if process.poll() is None:
        process.kill()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        print(f"  (process {process.pid} did not go away after being killed)", flush=True)


class _Echo:
    """Prints the complete lines a log file has gained since the last call, indented."""

    def __init__(self, log: Path) -> None:
        self.log = log
        self.offset = 0

    def __call__(self, final: bool = False) -> bool:
        try:
            with self.log.open("rb") as handle:
                handle.seek(self.offset)
                data = handle.read()
        except OSError:
            return False
        if not final:
            data = data[: data.rfind(b"\n") + 1]  # a partial line waits for its end
        if not data:
            return False
        self.offset += len(data)
        text = data.decode("utf-8", errors="replace")
        print("\n".join("  " + line for line in text.splitlines()), flush=True)
        return True


def run(app: Path, args: list[str], env: dict[str, str], timeout: float, log: Path) -> Run:
    """Run ``app`` with ``args``; its stdout and stderr go to ``log``, echoed as they come. After
    ``timeout`` seconds it is killed with everything it started, and the log's last lines are shown."""
    print(f"$ {app.name} {' '.join(args)}    (timeout {timeout:.0f} s)", flush=True)
    with log.open("wb") as sink:
        # a session of its own on Linux and macOS: the app and its AI worker are killed as one group
        process = subprocess.Popen(
            [str(app), *args],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=os.name == "posix",
        )
    echo = _Echo(log)
    start = last_news = time.monotonic()
    returncode: int | None = None
    while True:
        try:
            returncode = process.wait(timeout=0.25)
        except subprocess.TimeoutExpired:
            returncode = None
        now = time.monotonic()
        if echo():
            last_news = now
        if returncode is not None:
            break
        if now - start > timeout:
            _kill_tree(process)
            echo(final=True)
            result = Run(None, log.read_text(encoding="utf-8", errors="replace"))
            print(f"  TIMED OUT after {timeout:.0f} s; killed it and the processes it started.", flush=True)
            if result.output.strip():
                print(f"  The last lines of its log ({log.name}):\n{result.tail()}", flush=True)
            else:
                print(
                    "  It printed nothing at all. A windowed Windows build prints nowhere, and a crash "
                    "there waits behind a modal traceback dialog: run the check with --console TWIN "
                    "(a CURIO_CONSOLE=1 build) to see the trace.",
                    flush=True,
                )
            return result
        if now - last_news >= HEARTBEAT_SECONDS:
            print(
                f"  ... still running after {now - start:.0f} s (no output for {now - last_news:.0f} s)",
                flush=True,
            )
            last_news = now
    echo(final=True)
    result = Run(returncode, log.read_text(encoding="utf-8", errors="replace"))
    if returncode != 0:
        print(
            f"  exit status {returncode}; the last lines of its log ({log.name}):\n{result.tail()}",
            flush=True,
        )
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


def check_version(app: Path, env: dict[str, str], work: Path, console: Path | None) -> list[str]:
    problems = []
    for program, label, tag in ((app, "app", "app"), (console, "console twin", "twin")):
        if program is None:
            continue
        result = run(program, ["--version"], env, TIMEOUTS["version"], work / f"version-{tag}.log")
        lines = [line.strip() for line in result.output.splitlines() if line.strip()]
        shown = next((line for line in lines if line.startswith("curio-boards ")), " ".join(lines))
        if not result.ok:
            problems.append(
                f"{label}: --version "
                + ("timed out" if result.returncode is None else f"exited with {result.returncode}")
            )
        elif shown and shown != f"curio-boards {VERSION}":
            problems.append(f"{label}: --version printed {shown!r}, pyproject says {VERSION}")
        elif not shown and (sys.platform.startswith("linux") or program is console):
            problems.append(f"{label}: --version printed nothing (it is a console program)")
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


def check_signature(app: Path) -> list[str]:
    """macOS: the bundle's signature holds (every file sealed, nothing added after signing), which is
    what Gatekeeper checks first on a player's Mac; shows whether it is ad hoc or a Developer ID."""
    bundle = mac_bundle(app)
    if bundle is None or sys.platform != "darwin":
        print("  not a macOS app bundle: nothing to check")
        return []
    shown = subprocess.run(
        ["codesign", "--display", "--verbose=2", str(bundle)], capture_output=True, text=True, check=False
    )
    wanted = ("Identifier=", "Format=", "Signature=", "Authority=", "TeamIdentifier=", "Runtime")
    for line in shown.stderr.splitlines():  # codesign reports on stderr
        if line.startswith(wanted):
            print(f"  {line}")
    verify = ["codesign", "--verify", "--deep", "--strict", "--verbose=2", str(bundle)]
    verified = subprocess.run(verify, capture_output=True, text=True, check=False)
    said = (verified.stdout + verified.stderr).strip().splitlines()[-TAIL_LINES:]
    print("\n".join("  " + line for line in said))
    return [] if verified.returncode == 0 else [f"{' '.join(verify[:4])} failed ({verified.returncode})"]


def _twin_first(app: Path, console: Path | None, what: str, check) -> list[str]:
    """``check(program, tag)`` on the console twin first (a crash prints its trace there), then on
    the app itself, unless the twin already failed: the windowed app would only hide the same crash
    behind a dialog."""
    if console is not None:
        problems = [f"console twin: {problem}" for problem in check(console, "twin")]
        if problems:
            print(f"  {what} not run on the windowed app: the console twin failed (its trace is above)")
            return problems
    return check(app, "app")


def check_smoke(app: Path, env: dict[str, str], work: Path, console: Path | None) -> list[str]:
    headless = dict(env, SDL_VIDEODRIVER="dummy")

    def smoke(program: Path, tag: str) -> list[str]:
        data = work / f"smoke-data-{tag}"
        result = run(
            program,
            ["--smoke", "--data-dir", str(data)],
            headless,
            TIMEOUTS["smoke"],
            work / f"smoke-{tag}.log",
        )
        if result.returncode is None:
            return [f"--smoke timed out after {TIMEOUTS['smoke']:.0f} s"]
        return [f"--smoke exited with {result.returncode}"] if not result.ok else []

    return _twin_first(app, console, "--smoke", smoke)


def check_self_test(
    app: Path, env: dict[str, str], work: Path, console: Path | None, size: tuple[int, int], keep: Path | None
) -> list[str]:
    def self_test(program: Path, tag: str) -> list[str]:
        shot = work / f"self-test-{tag}.png"
        args = [
            "--self-test",
            str(shot),
            "--size",
            f"{size[0]}x{size[1]}",
            "--data-dir",
            str(work / f"self-test-data-{tag}"),
        ]
        result = run(program, args, env, TIMEOUTS["self-test"], work / f"self-test-{tag}.log")
        if result.returncode is None:
            problems = [f"--self-test timed out after {TIMEOUTS['self-test']:.0f} s"]
        else:
            problems = [f"--self-test exited with {result.returncode}"] if not result.ok else []
        if not shot.is_file() or shot.read_bytes()[:8] != PNG_MAGIC or shot.stat().st_size < 20_000:
            problems.append("--self-test left no real screenshot")
        elif keep is not None and tag == "app":
            keep.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(shot, keep)
            print(f"  screenshot kept at {keep}")
        return problems

    return _twin_first(app, console, "--self-test", self_test)


# Run in a separate interpreter so SDL's video system never starts inside this checker: the main
# display's size and usable area (without taskbar, dock or menu bar), from the app's own code.
_DISPLAY_PROBE = """
import os, sys
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
sys.path.insert(0, sys.argv[1])
import pygame
pygame.display.init()
from scenes.kit import desktop
displays = desktop.displays()
if displays:
    print(*displays[0].bounds, *displays[0].usable)
"""


def fit_window(usable: tuple[int, int, int, int] | None) -> tuple[int, int]:
    """The self-test's window for a display: the largest 16:10 size whose framed window fits the
    usable area, at most :data:`LARGEST_WINDOW`, at least :data:`SMALLEST_WINDOW` (also the answer
    when the display is unknown)."""
    if usable is None:
        return SMALLEST_WINDOW
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from scenes.kit.window_fit import fit_size  # pure arithmetic, no pygame

    width, height = fit_size(usable, minimum=SMALLEST_WINDOW)
    if width > LARGEST_WINDOW[0] or height > LARGEST_WINDOW[1]:
        return LARGEST_WINDOW
    return width, height


def auto_window_size() -> tuple[int, int]:
    """:func:`fit_window` for the main display, asked of SDL in a child interpreter."""
    try:
        probe = subprocess.run(
            [sys.executable, "-c", _DISPLAY_PROBE, str(ROOT)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        numbers = [int(n) for n in probe.stdout.split()]
    except (OSError, subprocess.SubprocessError, ValueError):
        numbers = []
    if len(numbers) != 8:
        width, height = SMALLEST_WINDOW
        print(f"  the screen's size is unknown here: the smallest window, {width}x{height}")
        return SMALLEST_WINDOW
    bounds, usable = tuple(numbers[:4]), tuple(numbers[4:])
    size = fit_window(usable)  # type: ignore[arg-type]
    print(
        f"  main display {bounds[2]}x{bounds[3]}, usable {usable[2]}x{usable[3]}: "
        f"self-test window {size[0]}x{size[1]}"
    )
    return size


def parse_size(text: str) -> tuple[int, int] | None:
    """``auto`` → None (fit the screen), ``WxH`` → (W, H)."""
    if text == "auto":
        return None
    width, sep, height = text.lower().partition("x")
    if not (sep and width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"'{text}' is not a size like 1024x640, nor auto")
    return int(width), int(height)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("app", type=Path, help="the built program")
    parser.add_argument(
        "--console",
        type=Path,
        metavar="TWIN",
        help="a console build of the same app: --smoke and --self-test run on it first",
    )
    parser.add_argument(
        "--size",
        type=parse_size,
        default=None,
        metavar="WxH",
        help="the self-test's window (default auto: the largest that fits the screen, at most 1280x800)",
    )
    parser.add_argument("--shot", type=Path, help="keep the self-test's screenshot here")
    args = parser.parse_args(argv)
    app = args.app.resolve()
    console = args.console.resolve() if args.console is not None else None
    for program in (app, console):
        if program is not None and not program.is_file():
            print(f"error: {program} is not a built program", file=sys.stderr)
            return 1
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="curio-check-") as tmp:
        work = Path(tmp)
        (work / "home").mkdir()
        env = bare_environment(work / "home")
        steps = (
            ("version", lambda: check_version(app, env, work, console)),
            ("licences", lambda: check_licenses(app)),
            ("signature", lambda: check_signature(app)),
            ("smoke", lambda: check_smoke(app, env, work, console)),
            (
                "self-test",
                lambda: check_self_test(app, env, work, console, args.size or auto_window_size(), args.shot),
            ),
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
