"""Curio Boards: start the app, or run one of the developer modes (smoke, screenshot, bench).

Arguments are parsed before pygame is imported, so ``--help`` and argument errors are instant and
never print a traceback; headless modes pick SDL's dummy video driver when there is no display.
"""

from __future__ import annotations

import time

_T0 = time.perf_counter()

import argparse  # noqa: E402
import multiprocessing  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import traceback  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import TYPE_CHECKING  # noqa: E402

if TYPE_CHECKING:
    from saves.instance import AlreadyRunning

SCREENSHOT_SIZE_HINT = "1024x640"
DEVELOPER_SIZE = (1280, 800)
"""The window of the developer modes without --size: pictures and timings at one known size."""
WARMUP_FRAMES = 12


def _scene_names() -> tuple[str, ...]:
    from scenes.dev.showcase import SCENES

    return SCENES


def parse_size(text: str) -> tuple[int, int]:
    """'1280x800' → (1280, 800), with a message argparse shows for anything else."""
    width, sep, height = text.lower().partition("x")
    try:
        if not sep:
            raise ValueError
        size = int(width), int(height)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size like 1280x800") from None
    if not (320 <= size[0] <= 16384 and 240 <= size[1] <= 16384):
        raise argparse.ArgumentTypeError(f"size {text} is out of range (at least 320x240)")
    return size


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="curio-boards",
        description="Curio Boards: five rare board games against the computer or a friend.",
    )
    from scenes.kit.about import version  # no pygame: --version answers at once

    parser.add_argument("--version", action="version", version=f"curio-boards {version()}")
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        type=Path,
        help="keep saves and settings in DIR instead of the user data folder",
    )
    parser.add_argument(
        "--size",
        metavar="WxH",
        type=parse_size,
        default=None,
        help="window size for this run (default: the window you left last time, or on a first start "
        f"the largest that fits your screen; developer modes 1280x800, screenshots are usually "
        f"{SCREENSHOT_SIZE_HINT})",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--smoke",
        action="store_true",
        help="open every screen headlessly for a few frames and exit (0 when all is well)",
    )
    mode.add_argument(
        "--screenshot",
        nargs=2,
        metavar=("SCENE", "FILE.png"),
        help="render SCENE and save it as a PNG (scenes: " + ", ".join(_scene_names()) + ")",
    )
    mode.add_argument(
        "--bench",
        action="store_true",
        help="print the start-up time to the first menu frame and the frame times per scene",
    )
    mode.add_argument(
        "--self-test",
        metavar="OUT.png",
        type=Path,
        help="open a window, start Elephant Run against the computer, wait for its move, save the window "
        "as OUT.png and check it (exit 0 when all is well; used to test the built app)",
    )
    parser.add_argument(
        "--demo-saves",
        action="store_true",
        help="with --screenshot load: write example saves first if the data dir has none",
    )
    return parser


def _headless_environment() -> None:
    """Use SDL's dummy drivers when there is no display to open a window on."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # developer modes never play sound
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def _frames(app, count: int) -> None:
    import pygame

    for _ in range(count):
        app.step(pygame.event.get(), 1 / 60)
        if not app.running:
            return
        pygame.display.flip()


def missing_game_data() -> list[str]:
    """Each game's small data that is not where its rules look for it. A wheel or bundle without
    them still runs, on guessed winning chances, so only a check that looks can tell."""
    from game.chance import curve_path
    from game.register import all_games

    missing = []
    for info in all_games():
        path = curve_path(info.new_state())
        if not path.is_file():
            missing.append(f"{info.id}: {path.name}")
    from game.elephant_run.starts import family_path

    table = family_path(6, False)  # hard's farmers place from it
    if not table.is_file():
        missing.append(f"elephant-run: {table.name}")
    return missing


def smoke(data_dir: Path | None, size: tuple[int, int]) -> int:
    """Open every scene for a few frames; a failing scene prints its traceback and fails the run."""
    from scenes.dev.showcase import ShowcaseUnavailable, all_names, build
    from scenes.routes import new_app

    with tempfile.TemporaryDirectory(prefix="curio-smoke-") as tmp:
        app = new_app(data_dir=data_dir or Path(tmp), size=size)
        failures = 0
        for missing in missing_game_data():
            failures += 1
            print(f"smoke: game data missing: {missing}", file=sys.stderr)
        try:
            for name in all_names():
                try:
                    build(app, name)
                    _frames(app, 5)
                    app.resize_window((max(1024, size[0] - 160), max(640, size[1] - 100)))
                    _frames(app, 2)
                    app.resize_window(size)
                    _frames(app, 2)
                except ShowcaseUnavailable as exc:
                    print(f"smoke: {name:32} skipped ({exc})")
                    continue
                except Exception:
                    failures += 1
                    print(f"smoke: {name:32} FAILED", file=sys.stderr)
                    traceback.print_exc()
                    continue
                print(f"smoke: {name:32} ok")
                app.running = True
        finally:
            app.shutdown()
    return 1 if failures else 0


def screenshot(scene: str, file: Path, data_dir: Path | None, size: tuple[int, int], demo_saves: bool) -> int:
    """Render ``scene`` for a few frames and save the window as a PNG."""
    import pygame

    from scenes.dev.showcase import MATCH_SCENES, ShowcaseUnavailable, build, split_name
    from scenes.routes import new_app

    with tempfile.TemporaryDirectory(prefix="curio-shot-") as tmp:
        # A demo match autosaves when it leaves: keep it out of the player's saves unless told where.
        try:
            base, _game = split_name(scene)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        root = data_dir if data_dir is not None else (Path(tmp) if base in MATCH_SCENES else None)
        app = new_app(data_dir=root, size=size)
        try:
            build(app, scene, demo_saves=demo_saves)
            pygame.mouse.set_pos((size[0] - 1, size[1] - 1))  # no accidental hover in the picture
            _frames(app, WARMUP_FRAMES)
            file.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(file))
        except ShowcaseUnavailable as exc:
            print(f"cannot show {scene}: {exc}", file=sys.stderr)
            return 1
        finally:
            app.shutdown()
    print(f"saved {scene} ({size[0]}x{size[1]}) to {file}")
    return 0


def bench(data_dir: Path | None, size: tuple[int, int]) -> int:
    """Start-up time to the first menu frame, then the match scenes' frame times if available.

    The benchmark's demo matches autosave like real ones, so without --data-dir they go to a
    temporary folder, never among the player's saves."""
    with tempfile.TemporaryDirectory(prefix="curio-bench-") as tmp:
        return _bench(data_dir if data_dir is not None else Path(tmp), size)


def _bench(data_dir: Path, size: tuple[int, int]) -> int:
    import pygame

    from scenes.routes import new_app

    app = new_app(data_dir=data_dir, size=size)
    try:
        app.open("menu")
        app.step(pygame.event.get(), 1 / 60)
        pygame.display.flip()
        print(f"start-up to first menu frame: {(time.perf_counter() - _T0) * 1000:.0f} ms")
        try:
            from scenes.dev.bench import run_bench, run_idle
        except ImportError:
            print("frame times: not available (scenes.dev.bench is missing)")
            return 0
        print("idle CPU per screen (this process; the app's real loop, nothing touched):")
        for idle in run_idle(app):
            print(f"  {idle.line()}", flush=True)
        figures = run_bench(app)
        print(
            "frame times (ms; anim_*: a game's turns replayed with animation, ai_*: while the "
            "computer thinks):"
        )
        for key, value in figures.items():
            if isinstance(value, float) and not value.is_integer():
                shown = f"{value:.2f}"
            else:
                shown = str(int(value)) if isinstance(value, float) else str(value)
            print(f"  {key}: {shown}")
    finally:
        app.shutdown()
    return 0


def _take_data_folder(data_dir: Path | None) -> AlreadyRunning | None:
    """Lock the data folder for this process (:mod:`saves.instance`): None when this copy may go on
    (locked, or locking is impossible here), the refusal when another copy holds the folder."""
    from saves.instance import AlreadyRunning, acquire, listen_for_forward
    from saves.paths import resolve_data_dir

    listen_for_forward(_bring_window_forward)  # before the lock, whose file then says this copy listens
    try:
        acquire(resolve_data_dir(data_dir))  # held until the process ends, however it ends
    except AlreadyRunning as exc:
        return exc
    return None


def _bring_window_forward() -> None:
    """A second start asked for this copy (:func:`saves.instance.ask_holder_forward`): raise the
    window, restored if it was minimised. Never raises: it runs as a signal handler."""
    try:
        import pygame

        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            window = pygame.Window.from_display_module()
            window.restore()
            window.focus()
        print("curio-boards: another start on this data folder: this window comes forward", file=sys.stderr)
    except Exception:  # an old SDL without the call, a window being rebuilt: the second start still says so
        pass


def already_open(refused: AlreadyRunning) -> int:
    """A second start on a folder another copy has open: the first copy's window is brought forward
    where the system allows, one line on stderr, a small window that says so, then exit 0 without
    touching the folder (starting twice is no error of the player's)."""
    from saves.instance import ask_holder_forward

    forward = "; its window is brought forward" if ask_holder_forward(refused) else ""
    print(f"curio-boards: {refused}{forward}; this copy closes.", file=sys.stderr, flush=True)
    from scenes.shell.already_open import show_already_open

    show_already_open(refused.data_dir)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.size is None and (args.smoke or args.screenshot or args.bench or args.self_test is not None):
        args.size = DEVELOPER_SIZE
    if args.screenshot is not None:
        scene, file = args.screenshot
        if scene.partition(":")[0] not in _scene_names():
            parser.error(
                f"unknown scene '{scene}' (choose one of: {', '.join(_scene_names())}; "
                "new-game, help, pause and match scenes also take ':GAME', as in match-mid:elasta)"
            )
        if not file.lower().endswith(".png"):
            parser.error(f"screenshot file '{file}' must end in .png")
    if args.self_test is not None and args.self_test.suffix.lower() != ".png":
        parser.error(f"self-test file '{args.self_test}' must end in .png")
    if args.demo_saves and args.screenshot is None:
        parser.error("--demo-saves only goes with --screenshot")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.smoke or args.screenshot or args.bench or args.self_test is not None:
        _headless_environment()
    if args.smoke:
        return smoke(args.data_dir, args.size)
    if args.screenshot is not None:
        scene, file = args.screenshot
        return screenshot(scene, Path(file), args.data_dir, args.size, args.demo_saves)
    if args.bench:
        return bench(args.data_dir, args.size)
    if args.self_test is not None:
        if args.data_dir is not None:  # without it the self test plays in a temporary folder of its own
            refused = _take_data_folder(args.data_dir)
            if refused is not None:
                print(f"self-test: FAILED: {refused}", flush=True)
                return 1
        from scenes.dev.selftest import run_self_test

        return run_self_test(args.self_test, args.data_dir, args.size)

    refused = _take_data_folder(args.data_dir)
    if refused is not None:
        return already_open(refused)
    from scenes.routes import new_app

    app = new_app(data_dir=args.data_dir, size=args.size)
    try:
        app.run(app.make("menu"))
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
