"""Keeping resident memory where a board game belongs: dropped screens freed promptly, and freed
memory given back to the system.

Two things made memory climb during storms of resizes and navigation, without any leak in Python
terms:

* a screen's pygame-gui manager (theme, fonts, widget images: about 10 MB) lives in reference cycles,
  which only a full garbage collection frees, and full collections are rare; so :func:`release` runs
  one when the app knows screens were dropped or the window changed size;
* glibc's allocator raises its "big block" threshold after big blocks are freed, so after a few
  full-window surfaces come and go, later ones are carved from the heap and the heap never shrinks
  (hundreds of MB of resident memory that Python had long freed). :func:`tune_allocator` pins the
  threshold (big surfaces are then mapped and unmapped on their own) and :func:`release` trims the heap.

Both allocator calls are for Linux with glibc, through ctypes; elsewhere they do nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import platform
import sys
from functools import cache
from typing import Any

MMAP_THRESHOLD = 256 * 1024
"""Blocks at least this big (a surface's pixels) get their own mapping, returned whole when freed."""

_M_MMAP_THRESHOLD = -3
"""glibc's mallopt parameter number (malloc.h)."""


@cache
def _glibc() -> Any | None:
    if not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc":
        return None
    try:
        return ctypes.CDLL("libc.so.6")
    except OSError:
        return None


def tune_allocator() -> bool:
    """Pin glibc's mmap threshold (see the module's docstring). True when it was set."""
    libc = _glibc()
    if libc is None:
        return False
    with contextlib.suppress(Exception):
        return bool(libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))
    return False


def settle() -> None:
    """Collect once, then move everything alive into the collector's permanent generation.

    Called as the app starts: what exists then (modules, classes, functions, the games' tables: tens
    of thousands of objects) lives as long as the program, and later full collections need not walk
    it again, so :func:`release` costs a few milliseconds instead of a hundred."""
    gc.collect()
    gc.freeze()


def unsettle() -> None:
    """Undo :func:`settle` as an app shuts down: everything frozen goes back to the collector, so an
    app that is gone (and a test process makes hundreds) can be freed. Without it every ``App`` a
    process built stayed in memory for good, frozen with everything it held."""
    gc.unfreeze()


def release() -> None:
    """Collect garbage now (every generation) and hand freed heap memory back to the system."""
    gc.collect()
    libc = _glibc()
    if libc is not None:
        with contextlib.suppress(Exception):
            libc.malloc_trim(0)
