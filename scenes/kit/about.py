"""What the program is: its version, and the components it is built from, each with its licence.

No pygame here, on purpose: ``main.py --version`` answers without opening a window, and the packaging
scripts (``packaging/collect_licenses.py``, the PyInstaller spec's checks) read the same table the
Credits screen shows, so the list a player sees and the licence texts the build collects cannot
drift apart (``tests/test_release.py`` holds them to the installed distributions).
"""

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from pathlib import Path

DIST_NAME = "curio-boards"
"""The distribution name in ``pyproject.toml`` (and on the ``curio-boards`` command)."""

SOURCE_ROOT = Path(__file__).resolve().parents[2]
"""The repository root when running from a source tree (``scenes/kit/about.py`` → ``..``/``..``)."""

UNKNOWN_VERSION = "unknown"


@lru_cache(maxsize=1)
def version() -> str:
    """The program's version: ``pyproject.toml``'s ``[project] version``, the one place it is written.

    From a source tree the file itself is read, even when the tree is also installed in editable
    mode: an editable install's metadata keeps the version it was installed with until the next
    ``pip install -e .``, so reading it first would show a stale number after a bump. Installed from
    a wheel (pip, pipx) or frozen by PyInstaller (the spec copies the metadata and checks it against
    pyproject), there is no pyproject beside the code and the package metadata answers."""
    from_tree = _pyproject_version(SOURCE_ROOT / "pyproject.toml")
    if from_tree is not None:
        return from_tree
    try:
        return metadata.version(DIST_NAME)
    except metadata.PackageNotFoundError:
        return UNKNOWN_VERSION


def _pyproject_version(path: Path) -> str | None:
    """``[project] version`` of ``path`` if it is Curio Boards' own pyproject, else None."""
    try:
        project = tomllib.loads(path.read_text(encoding="utf-8")).get("project", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    if not isinstance(project, dict) or project.get("name") != DIST_NAME:
        return None  # not ours (a site-packages folder never holds our pyproject)
    value = project.get("version")
    return str(value) if value else None


def version_text() -> str:
    """The menu's corner line: 'Version 0.1.0'."""
    return f"Version {version()}"


@dataclass(frozen=True)
class Component:
    """One part of the program as shipped, for the Credits screen and the ``licenses/`` folder.

    ``id`` names the component's folder inside ``licenses/``; ``distribution`` is the Python
    distribution it is installed from, whose metadata gives its version and licence files (None for
    parts that are not Python distributions: Python itself, SDL and the libraries it uses, fonts)."""

    id: str
    name: str
    what: str
    licence: str
    distribution: str | None = None
    group: str = "main"
    """'main' for the program and what it is written with; 'library' for the C libraries inside
    pygame-ce's SDL (listed together on the Credits screen)."""


PROGRAM = Component("curio-boards", "Curio Boards", "this game", "MIT License", DIST_NAME)

COMPONENTS: tuple[Component, ...] = (
    PROGRAM,
    Component(
        "python",
        "Python",
        "the language the game is written in, and its interpreter",
        "Python Software Foundation License",
    ),
    Component("pygame-ce", "pygame-ce", "the window, drawing, sound and input", "GNU LGPL 2.1", "pygame-ce"),
    Component("sdl2", "SDL", "the cross-platform layer under pygame-ce", "zlib License"),
    Component("sdl2-image", "SDL_image", "loading pictures", "zlib License"),
    Component("sdl2-mixer", "SDL_mixer", "playing sounds", "zlib License"),
    Component("sdl2-ttf", "SDL_ttf", "drawing text", "zlib License"),
    Component("pygame-gui", "pygame-gui", "buttons, windows and text boxes", "MIT License", "pygame-gui"),
    Component("python-i18n", "python-i18n", "pygame-gui's translations", "MIT License", "python-i18n"),
    Component(
        "platformdirs",
        "platformdirs",
        "where your saves and settings are kept",
        "MIT License",
        "platformdirs",
    ),
    Component("noto-sans", "Noto Sans", "the typeface (from pygame-gui)", "SIL Open Font License 1.1"),
    Component("fira-code", "Fira Code", "pygame-gui's monospaced typeface", "SIL Open Font License 1.1"),
    # The C libraries pygame-ce's wheels carry inside SDL_image, SDL_mixer and SDL_ttf
    # (packaging/third-party/ holds their notices). Some are only in some systems' builds.
    Component("freetype", "FreeType", "font rendering", "FreeType License", group="library"),
    Component("harfbuzz", "HarfBuzz", "text shaping", "MIT License", group="library"),
    Component("libpng", "libpng", "PNG pictures", "libpng License", group="library"),
    Component(
        "libjpeg-turbo", "libjpeg-turbo", "JPEG pictures", "IJG License and BSD 3-Clause", group="library"
    ),
    Component("libtiff", "LibTIFF", "TIFF pictures", "libtiff License", group="library"),
    Component("libwebp", "libwebp", "WebP pictures", "BSD 3-Clause", group="library"),
    Component("libogg", "libogg", "Ogg sound files", "BSD 3-Clause", group="library"),
    Component("libvorbis", "libvorbis", "Vorbis sound", "BSD 3-Clause", group="library"),
    Component("opus", "Opus", "Opus sound", "BSD 3-Clause", group="library"),
    Component("opusfile", "opusfile", "Opus sound files", "BSD 3-Clause", group="library"),
    Component("flac", "FLAC", "FLAC sound", "BSD 3-Clause", group="library"),
    Component("mpg123", "mpg123", "MP3 sound", "GNU LGPL 2.1", group="library"),
    Component("fluidsynth", "FluidSynth", "MIDI music", "GNU LGPL 2.1", group="library"),
    Component("libsndfile", "libsndfile", "sound files", "GNU LGPL 2.1", group="library"),
    Component("libxmp", "libxmp", "tracker music", "GNU LGPL 2.1", group="library"),
    Component("wavpack", "WavPack", "WavPack sound", "BSD 3-Clause", group="library"),
    Component("portmidi", "PortMidi", "MIDI devices", "PortMidi License (MIT-style)", group="library"),
    Component("brotli", "Brotli", "compressed fonts", "MIT License", group="library"),
    Component("alsa-lib", "ALSA library", "sound on Linux", "GNU LGPL 2.1", group="library"),
    Component("zlib", "zlib", "compression", "zlib License", group="library"),
)


def component_version(component: Component) -> str | None:
    """The version a player runs, where it can be known without importing pygame; else None."""
    if component.id == "python":
        return ".".join(str(part) for part in sys.version_info[:3])
    if component.id == DIST_NAME:
        return version()
    if component.distribution is None:
        return None
    try:
        return metadata.version(component.distribution)
    except metadata.PackageNotFoundError:
        return None


def licenses_folder() -> Path | None:
    """Where the licence texts are on this computer: the built app's ``licenses/`` folder (beside the
    program on Linux and Windows, inside the bundle's Resources on macOS), or None when running from
    source or an installed wheel (each package then carries its own licence files)."""
    if not getattr(sys, "frozen", False):
        return None
    candidates = [Path(sys.executable).resolve().parent / "licenses"]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle) / "licenses")
        candidates.append(Path(bundle).parent / "Resources" / "licenses")  # macOS .app
    return next((path for path in candidates if path.is_dir()), None)
