"""The release's version, its tag check and its notes, for the release workflow (and people).

    python packaging/release_version.py                  # prints 0.1.0 (pyproject's version)
    python packaging/release_version.py --tag v0.1.0     # exit 1 unless the tag is "v" + that version
    python packaging/release_version.py --notes FILE     # write CHANGELOG.md's section for it to FILE

The version is written once, in ``pyproject.toml``; a tag that says otherwise would publish files
whose names, ``--version`` and menu corner disagree with the release page, so the workflow refuses
it before building anything. A release without a CHANGELOG section is refused the same way.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def project_version(root: Path = ROOT) -> str:
    return str(tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"])


def tag_problem(tag: str, version: str) -> str | None:
    """Why ``tag`` may not release ``version`` (None when it may). Tags look like ``v0.1.0``."""
    if tag == f"v{version}":
        return None
    return (
        f"the tag {tag!r} does not match the version in pyproject.toml ({version}): "
        f"tag the commit 'v{version}', or change the version in pyproject.toml first"
    )


def changelog_section(text: str, version: str) -> str | None:
    """The body of ``## [version]`` in a Keep a Changelog file, or None if there is none."""
    heading = re.compile(rf"^## \[{re.escape(version)}\][^\n]*\n", re.MULTILINE)
    match = heading.search(text)
    if match is None:
        return None
    following = re.compile(r"^## \[|^\[[^\]]+\]:", re.MULTILINE).search(text, match.end())
    body = text[match.end() : following.start() if following else len(text)].strip()
    return body or None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tag", help="fail unless this git tag names pyproject's version (v0.1.0)")
    parser.add_argument("--notes", type=Path, help="write this version's CHANGELOG.md section here")
    args = parser.parse_args(argv)
    version = project_version()
    if args.tag is not None:
        problem = tag_problem(args.tag, version)
        if problem:
            print(f"error: {problem}", file=sys.stderr)
            return 1
    if args.notes is not None:
        section = changelog_section((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), version)
        if section is None:
            print(f"error: CHANGELOG.md has no '## [{version}]' section", file=sys.stderr)
            return 1
        args.notes.write_text(section + "\n", encoding="utf-8")
    print(version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
