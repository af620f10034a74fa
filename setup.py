"""Setuptools hook: put the repository's top-level ``assets/`` into the wheel, as ``scenes/kit/assets/``.

Everything else about the package is declared in ``pyproject.toml``. This file exists because
``assets/`` sits at the repository root (where PyInstaller's spec, ``make_icon.py`` and the
developers find it) but a wheel has no repository root: only packages are installed. Copying it
into the package that reads it (``scenes.kit.fonts`` looks there first, then beside the packages)
keeps site-packages free of a new top-level name. Editable installs skip the copy: they run from the
source tree, where ``assets/`` is found at the root.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildPyWithAssets(build_py):
    """``build_py`` that also copies ``assets/`` to ``<build>/scenes/kit/assets/``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        source = ROOT / "assets"
        if not (source / "theme.json").is_file():
            raise SystemExit(f"assets/ is missing from {ROOT} (an sdist built without MANIFEST.in?)")
        target = Path(self.build_lib) / "scenes" / "kit" / "assets"
        shutil.copytree(
            source, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
        )


setup(cmdclass={"build_py": BuildPyWithAssets})
