"""Entry for ``python -m game`` (see game/cli.py)."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
