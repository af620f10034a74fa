"""Collect the licence texts of everything the built app carries into one ``licenses/`` folder.

    python packaging/collect_licenses.py DEST        # write DEST/<component>/... and DEST/README.txt
    python packaging/collect_licenses.py --check DIR  # is every component's text in DIR? (exit 1 if not)

The PyInstaller spec calls :func:`collect` on every build, so the folder always matches the packages
installed at build time. Nothing here is typed by hand; each text comes from where it really lives:

- the program's own licence: ``LICENSE`` at the repository root;
- Python's: the interpreter's own ``LICENSE.txt`` (``sys.base_prefix`` or the standard library's
  folder; Debian's system Python keeps it as ``/usr/share/doc/python3.X/copyright``);
- every Python distribution the app depends on (found by walking ``curio-boards``' requirements in
  the installed metadata): the files its metadata names (``License-File``) and the licence files in
  its RECORD (pygame-ce ships its ``LGPL.txt`` under ``pygame/docs``; pygame-gui ships the fonts'
  licences under ``pygame_gui/data/licenses``, which go to the font components);
- SDL and the C libraries inside pygame-ce's wheels, whose texts the wheels do not carry:
  ``packaging/third-party/<component>.txt``, taken unchanged from Debian's packages by
  ``packaging/third-party/update.sh``.

The components and their licence names are :data:`scenes.kit.about.COMPONENTS`, the list the Credits
screen shows; :func:`check` fails when a component has no text, and :func:`collect` fails when an
installed distribution the app depends on is not a component, so a new dependency cannot ship
without its licence.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script or from the spec
    sys.path.insert(0, str(ROOT))

from scenes.kit.about import COMPONENTS, DIST_NAME, component_version  # noqa: E402

THIRD_PARTY = ROOT / "packaging" / "third-party"
INDEX = "README.txt"

LICENCE_NAME = re.compile(r"^(licen[cs]e|copying|notice)|^lgpl|-licen[cs]e\b", re.IGNORECASE)
"""File names that are licence texts: LICENSE, LICENSE.txt, COPYING, NOTICE, LGPL.txt, X-LICENSE.txt."""
FONT_LICENCE = re.compile(r"^(?P<font>[A-Za-z0-9]+)-LICEN[CS]E(\.txt)?$", re.IGNORECASE)
"""A font's licence shipped in a package's data, e.g. pygame-gui's ``data/licenses/NotoSans-LICENSE.txt``."""


class LicenceError(RuntimeError):
    """A licence text could not be found, or a dependency has no component to credit it."""


def _key(name: str) -> str:
    """A distribution name as PyPI compares them (``pygame_gui`` = ``pygame-gui``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirement_name(requirement: str) -> str | None:
    """The distribution a requirement names, or None for one that applies only with an extra."""
    if re.search(r"""extra\s*==""", requirement):
        return None
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    return _key(match.group(1)) if match else None


def bundled_distributions() -> list[str]:
    """The installed distributions the app needs at run time: ``curio-boards``' requirements, and
    theirs, as installed (extras and packaging/dev tools are not part of the app)."""
    seen: set[str] = set()
    todo = [DIST_NAME]
    while todo:
        name = todo.pop()
        for requirement in metadata.requires(name) or []:
            dependency = _requirement_name(requirement)
            if dependency and dependency not in seen:
                seen.add(dependency)
                todo.append(dependency)
    return sorted(seen)


def python_licence() -> Path:
    """The interpreter's own licence file (the one that ships with this Python)."""
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    base = Path(sys.base_prefix)
    candidates = [
        Path(sysconfig.get_path("stdlib")) / "LICENSE.txt",  # Linux, macOS: lib/python3.X/
        base / "LICENSE.txt",  # Windows (python.org installer)
        base / "lib" / f"python{version}" / "LICENSE.txt",
        Path(f"/usr/share/doc/python{version}/copyright"),  # Debian and Ubuntu's system Python
    ]
    for path in candidates:
        if path.is_file():
            return path
    raise LicenceError("Python's LICENSE.txt was not found in: " + ", ".join(map(str, candidates)))


def _font_component(file_name: str) -> str | None:
    """'NotoSans-LICENSE.txt' → 'noto-sans' (the component id of the font it licenses)."""
    match = FONT_LICENCE.match(file_name)
    if not match:
        return None
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", match.group("font")).lower()


def distribution_licences(name: str) -> dict[str, list[Path]]:
    """A distribution's licence files by component id: its own under its name, fonts' under theirs."""
    dist = metadata.distribution(name)
    declared = {Path(entry).name for entry in dist.metadata.get_all("License-File") or []}
    found: dict[str, list[Path]] = {}
    for file in dist.files or []:
        file_name = Path(str(file)).name
        if "tests" in Path(str(file)).parts:
            continue
        if file_name not in declared and not LICENCE_NAME.search(file_name):
            continue
        path = Path(str(file.locate()))
        if not path.is_file():
            continue
        owner = _font_component(file_name) or _key(name)
        found.setdefault(owner, []).append(path)
    return found


def sources() -> dict[str, list[Path]]:
    """Every component's licence files, found where they live (see the module's docstring)."""
    ids = {component.id for component in COMPONENTS}
    found: dict[str, list[Path]] = {}
    found[DIST_NAME] = [ROOT / "LICENSE"]
    found["python"] = [python_licence()]
    for name in bundled_distributions():
        if name not in ids:
            raise LicenceError(
                f"the app depends on {name}, which is not in scenes/kit/about.py COMPONENTS: "
                "add it there (the Credits screen lists it) so its licence ships with the app"
            )
        for owner, paths in distribution_licences(name).items():
            found.setdefault(owner, []).extend(paths)
    for component in COMPONENTS:
        text = THIRD_PARTY / f"{component.id}.txt"
        if text.is_file():
            found.setdefault(component.id, []).append(text)
    unknown = sorted(set(found) - ids)
    if unknown:
        raise LicenceError(f"licence files for components not in COMPONENTS: {', '.join(unknown)}")
    return found


def _target_name(path: Path, taken: set[str]) -> str:
    """The file's name in the licences folder: its own, with ``.txt`` so any system opens it."""
    name = path.name if path.suffix.lower() == ".txt" else path.name + ".txt"
    while name.lower() in taken:
        name = "_" + name
    taken.add(name.lower())
    return name


def collect(dest: Path) -> dict[str, list[str]]:
    """Write every component's licence texts into ``dest/<component id>/`` and an index, ``dest/README.txt``.

    Returns the written files by component. ``dest`` is emptied first (it is a build output)."""
    found = sources()
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    written: dict[str, list[str]] = {}
    for component in COMPONENTS:
        folder = dest / component.id
        taken: set[str] = set()
        for path in found.get(component.id, []):
            folder.mkdir(exist_ok=True)
            name = _target_name(path, taken)
            shutil.copyfile(path, folder / name)
            written.setdefault(component.id, []).append(f"{component.id}/{name}")
    (dest / INDEX).write_text(_index(written), encoding="utf-8", newline="\n")
    missing = missing_components(dest)
    if missing:
        raise LicenceError("no licence text found for: " + ", ".join(missing))
    return written


def _index(written: dict[str, list[str]]) -> str:
    lines = [
        "Curio Boards and the software it is built from",
        "",
        "Each folder here holds the licence texts of one component of the app.",
        "",
    ]
    for component in COMPONENTS:
        version = component_version(component)
        title = f"{component.name} {version}" if version else component.name
        lines.append(f"{title} — {component.what}")
        lines.append(f"    Licence: {component.licence}")
        for file in written.get(component.id, []):
            lines.append(f"    {file}")
        lines.append("")
    return "\n".join(lines)


def missing_components(folder: Path) -> list[str]:
    """Components with no non-empty licence text in ``folder`` (an empty list when all is well)."""
    missing = []
    for component in COMPONENTS:
        texts = [p for p in (folder / component.id).glob("*") if p.is_file() and p.stat().st_size > 0]
        if not texts:
            missing.append(component.id)
    if not (folder / INDEX).is_file():
        missing.append(INDEX)
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "folder", type=Path, help="where to write the licences (or, with --check, where they are)"
    )
    parser.add_argument("--check", action="store_true", help="check FOLDER holds a text for every component")
    args = parser.parse_args(argv)
    if args.check:
        missing = missing_components(args.folder)
        if missing:
            print(f"{args.folder}: no licence text for: {', '.join(missing)}", file=sys.stderr)
            return 1
        count = sum(1 for p in args.folder.rglob("*") if p.is_file())
        print(f"licences: {len(COMPONENTS)} components, {count} files in {args.folder}")
        return 0
    try:
        written = collect(args.folder)
    except LicenceError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(
        f"collected {sum(map(len, written.values()))} licence files for {len(written)} components "
        f"into {args.folder}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
