"""Entry for ``python -m game`` (see game/cli.py)."""

import os
import sys

from game.cli import main


def run() -> int:
    """:func:`game.cli.main`, quiet when the reader of its output goes away early (``... | head``):
    a closed pipe is the reader's choice, not an error worth a traceback."""
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # Python's own recipe: point stdout at devnull so the interpreter's final flush is silent.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return code


if __name__ == "__main__":
    sys.exit(run())
