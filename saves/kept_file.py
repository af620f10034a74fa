"""What the player's own small record files share: lesson stars (:mod:`saves.progress`) and the
record against the computer (:mod:`saves.statistics`).

Both are one JSON file in the data folder that the player is proud of, so both are treated alike:
a file that cannot be trusted is renamed aside (``<name>.damaged-<time>.json``), never overwritten;
a newer version's file is read as far as understood and never written; and either case is said once,
in words that name the file's contents and what happens to what the player does meanwhile. The
class holds that state and those sentences; the subclasses read, merge and write their own data.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path


@dataclass(frozen=True)
class FileWords:
    """How the sentences about one kind of file speak of it."""

    subject: str
    """What the file holds, as a sentence starts: "Your lesson progress", "Your record"."""
    kept_here: str
    """What happens to what the player does while the file is not written: "the stars you earn here
    are kept", "the games you finish here are counted"."""
    kept_now: str
    """The same once the file was refused: "the stars you earn now are kept"."""


class KeptFile:
    """One record file ``<root>/<name>.json``: where it is, whether it may be written, and what to
    tell the player about it."""

    def __init__(self, root: Path | str, name: str, words: FileWords) -> None:
        self.root = Path(root)
        self.name = name
        self.path = self.root / f"{name}.json"
        self.words = words
        self.message: str | None = None
        """Set when the file on disk could not be used: what happened, for the player."""
        self.aside: Path | None = None
        """Where the unusable file was moved (None if it could not be moved: then it is never
        written over, and what the player does is kept for this session only)."""
        self.writable = True
        self.newer = False
        """The file on disk was written by a newer version: read, never written."""

    def _leave_alone(self) -> None:
        """A newer version's file: never written by this version, and the player told once."""
        if not self.newer:
            self.newer = True
            self.writable = False
            self.message = (
                f"{self.words.subject} was written by a newer version of Curio Boards, so "
                f"{self.words.kept_here} only until you close the game."
            )

    def _there(self) -> bool:
        """Whether something (anything, even a broken link) sits where the file goes."""
        try:
            return self.path.exists() or self.path.is_symlink()
        except OSError:
            return True

    def _put_aside(self, reason: str) -> None:
        """Keep the unusable file under a new name, so a fresh one can be written without losing it."""
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        target = self.root / f"{self.name}.damaged-{stamp}.json"
        number = 1
        while target.exists() or target.is_symlink():
            number += 1
            target = self.root / f"{self.name}.damaged-{stamp}-{number}.json"
        try:
            os.replace(self.path, target)
        except OSError:
            self.writable = False
            self.message = (
                f"{self.words.subject} could not be read ({reason}), and the file could not be "
                f"moved aside, so {self.words.kept_now} until you close the game."
            )
            return
        self.aside = target
        self.message = (
            f"{self.words.subject} could not be read ({reason}), so it starts afresh. "
            f"The old file was kept as {target.name}."
        )
