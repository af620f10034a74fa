"""Packaging benchmark: how big the built app is and how fast it starts to its first menu frame.

    .venv/bin/python packaging/bench.py [APP] [--runs 5] [--cold]

APP is the built executable (default ``dist/curio-boards/curio-boards``, ``.exe`` on Windows) or a
one-file build. For a one-folder build the size is the whole folder's, else the file's.

Start-up is measured from outside, as a player waits for it: from launching ``APP --bench`` until it
prints ``start-up to first menu frame`` (the line ``main.py`` prints right after the first menu frame
is on screen), so the bootloader, unpacking (one-file) and interpreter start are all included. The
app's own figure (measured from its first line of Python) is shown beside it. The app is stopped as
soon as the line arrives; its frame-time benchmark is not what this script is about.

The first run is the *cold* one. With ``--cold`` (Linux, root) the kernel's file cache is dropped
first, so it also pays for reading the app from disk; otherwise "cold" means a new process after the
build, with whatever the cache holds. The rest are warm runs; their median is reported.
Runs headless (SDL's dummy video driver), with no Python on PATH, in a throw-away data folder.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"start-up to first menu frame: (\d+) ms")
TIMEOUT = 60.0


def default_app() -> Path:
    name = "curio-boards.exe" if sys.platform == "win32" else "curio-boards"
    return ROOT / "dist" / "curio-boards" / name


def app_size(app: Path) -> tuple[int, int]:
    """(bytes, files) of the app: its folder for a one-folder build (``_internal`` beside it)."""
    folder = app.parent
    if not (folder / "_internal").is_dir():
        return app.stat().st_size, 1
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files), len(files)


def drop_caches() -> bool:
    """Empty Linux's page cache so the next start reads the app from disk; False if not allowed."""
    try:
        os.sync()
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
    except OSError:
        return False
    return True


def start_once(app: Path, data_dir: Path) -> tuple[float, int]:
    """Launch ``app --bench``; return (wall ms to the first-menu-frame line, the app's own ms)."""
    env = {
        "PATH": str(data_dir / "no-python-here"),  # the built app needs no interpreter and no tools
        "HOME": str(data_dir),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    if sys.platform == "win32":
        env["SYSTEMROOT"] = os.environ.get("SYSTEMROOT", r"C:\Windows")
    start = time.perf_counter()
    process = subprocess.Popen(
        [str(app), "--bench", "--data-dir", str(data_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        text=True,
    )
    seen: list[str] = []
    try:
        assert process.stdout is not None
        for line in process.stdout:
            match = MARKER.search(line)
            if match:
                return (time.perf_counter() - start) * 1000, int(match.group(1))
            seen.append(line.rstrip())
            if time.perf_counter() - start > TIMEOUT:
                break
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
    tail = "\n".join(seen[-15:])
    raise RuntimeError(f"{app} never reported its first menu frame (exit {process.returncode}):\n{tail}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("app", nargs="?", type=Path, default=default_app(), help="the built executable")
    parser.add_argument("--runs", type=int, default=5, help="starts in all, the first one cold (default 5)")
    parser.add_argument("--cold", action="store_true", help="drop the file cache before the first start")
    args = parser.parse_args(argv)
    app = args.app.resolve()
    if not app.is_file():
        print(f"bench: no app at {app} (build it first: see README, 'Build the app')", file=sys.stderr)
        return 2
    size, files = app_size(app)
    kind = "folder" if files > 1 else "file"
    print(f"app {kind}: {size / 2**20:.1f} MiB in {files} file{'s' if files != 1 else ''} ({app.parent})")

    dropped = drop_caches() if args.cold else False
    times: list[tuple[float, int]] = []
    with tempfile.TemporaryDirectory(prefix="curio-bench-") as tmp:
        for run in range(max(1, args.runs)):
            data_dir = Path(tmp) / f"run{run}"
            data_dir.mkdir()
            times.append(start_once(app, data_dir))
    wall, own = times[0]
    cache = "file cache dropped" if dropped else "file cache as left by the build"
    print(f"cold start to first menu frame: {wall:.0f} ms ({cache}; the app's own count: {own} ms)")
    if len(times) > 1:
        warm = [w for w, _ in times[1:]]
        own_warm = [o for _, o in times[1:]]
        print(
            f"warm start to first menu frame: median {statistics.median(warm):.0f} ms over {len(warm)} runs "
            f"(min {min(warm):.0f}, max {max(warm):.0f}; the app's own median: "
            f"{statistics.median(own_warm):.0f} ms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
