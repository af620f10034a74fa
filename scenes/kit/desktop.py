"""What the system says about the screens and the window's frame, for :mod:`scenes.kit.window_fit`.

pygame-ce 2.5 gives only each display's size (``pygame.display.get_desktop_sizes``), not where it
lies among the others nor its usable part (without the taskbar, dock or panels), and not the size of
the title bar around the window. SDL has all three (``SDL_GetDisplayBounds``,
``SDL_GetDisplayUsableBounds``, ``SDL_GetWindowBordersSize``), so they are asked of the very SDL
library pygame loaded, through ``ctypes``; its answers are used only when they agree with pygame's
display sizes. Where that library cannot be found or called (a build that hides it, another
platform's layout), the displays are estimated from pygame's sizes: side by side from the left, each
losing :data:`TASKBAR_GUESS` pixels at the bottom for a taskbar, and the frame is
:data:`~scenes.kit.window_fit.FRAME_GUESS`. Nothing here ever raises.
"""

from __future__ import annotations

import ctypes
import re
import sys
import warnings
from functools import cache
from pathlib import Path
from typing import Any

import pygame

from scenes.kit.window_fit import Display, Frame

TASKBAR_GUESS = 48
"""Pixels a taskbar may take off the bottom of a display when the system cannot say (Windows 11's is
48 px at 100 % scaling, a GNOME top bar about 32)."""


class _SDLRect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


def _sdl_candidates() -> list[str]:
    """Where the SDL library pygame loaded may be: on Linux the one mapped into this process, on
    Windows the loaded ``SDL2.dll`` (asked by name, which finds it), on macOS the wheel's own copy."""
    if sys.platform.startswith("linux"):
        try:
            maps = Path("/proc/self/maps").read_text(errors="replace")
        except OSError:
            maps = ""
        found = re.findall(r"(/\S*/libSDL2-2[.-][^/\s]*)$", maps, re.MULTILINE)
        return list(dict.fromkeys(found))
    if sys.platform == "win32":
        return ["SDL2.dll"]
    package = Path(pygame.__file__).parent
    return [str(p) for p in sorted(package.glob(".dylibs/libSDL2-2*.dylib"))]


@cache
def _sdl() -> Any | None:
    """The SDL library pygame uses, with the functions this module calls declared, or None."""
    for candidate in _sdl_candidates():
        try:
            lib = ctypes.CDLL(candidate)
            rect = ctypes.POINTER(_SDLRect)
            lib.SDL_GetNumVideoDisplays.restype = ctypes.c_int
            lib.SDL_GetNumVideoDisplays.argtypes = []
            for name in ("SDL_GetDisplayBounds", "SDL_GetDisplayUsableBounds"):
                getattr(lib, name).restype = ctypes.c_int
                getattr(lib, name).argtypes = [ctypes.c_int, rect]
            lib.SDL_GetWindowFromID.restype = ctypes.c_void_p
            lib.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
            lib.SDL_GetWindowBordersSize.restype = ctypes.c_int
            lib.SDL_GetWindowBordersSize.argtypes = [ctypes.c_void_p, *[ctypes.POINTER(ctypes.c_int)] * 4]
        except (OSError, AttributeError):
            continue
        return lib
    return None


def _rect(lib: Any, function: str, index: int) -> tuple[int, int, int, int] | None:
    rect = _SDLRect()
    if getattr(lib, function)(index, ctypes.byref(rect)) != 0:
        return None
    return rect.x, rect.y, rect.w, rect.h


def _from_sdl(sizes: list[tuple[int, int]]) -> list[Display] | None:
    """The displays as SDL knows them, or None when it cannot say or disagrees with pygame (then it
    is not the library pygame initialised)."""
    lib = _sdl()
    if lib is None:
        return None
    try:
        if lib.SDL_GetNumVideoDisplays() != len(sizes):
            return None
        displays = []
        for index, size in enumerate(sizes):
            bounds = _rect(lib, "SDL_GetDisplayBounds", index)
            usable = _rect(lib, "SDL_GetDisplayUsableBounds", index)
            if bounds is None or (bounds[2], bounds[3]) != tuple(size):
                return None
            if usable is None or usable[2] <= 0 or usable[3] <= 0:
                usable = bounds
            displays.append(Display(bounds, usable))
    except (OSError, ValueError):
        return None
    return displays


def estimated(sizes: list[tuple[int, int]]) -> list[Display]:
    """Displays guessed from their sizes alone: side by side from the left, tops aligned, each
    without :data:`TASKBAR_GUESS` pixels at the bottom."""
    displays, x = [], 0
    for width, height in sizes:
        displays.append(Display((x, 0, width, height), (x, 0, width, max(1, height - TASKBAR_GUESS))))
        x += width
    return displays


def displays() -> list[Display]:
    """Every display (the main one first) with its usable area; empty when pygame knows of none."""
    try:
        sizes = [(int(w), int(h)) for w, h in pygame.display.get_desktop_sizes()]
    except (pygame.error, TypeError, ValueError):
        return []
    sizes = [size for size in sizes if size[0] > 0 and size[1] > 0]
    if not sizes:
        return []
    return _from_sdl(sizes) or estimated(sizes)


def window_frame() -> Frame | None:
    """The frame the window manager drew around the app's window (title bar on top), or None when
    the system does not say (no window yet, no window manager, SDL not reachable)."""
    lib = _sdl()
    if lib is None:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # only the window's id is read
            window = pygame.Window.from_display_module()
        handle = lib.SDL_GetWindowFromID(window.id)
        if not handle:
            return None
        sides = [ctypes.c_int(0) for _ in range(4)]
        if lib.SDL_GetWindowBordersSize(handle, *(ctypes.byref(side) for side in sides)) != 0:
            return None
    except (pygame.error, AttributeError, OSError, ValueError):
        return None
    top, left, bottom, right = (side.value for side in sides)
    if min(top, left, bottom, right) < 0 or max(top, left, bottom, right) > 400:
        return None
    return Frame(top=top, left=left, bottom=bottom, right=right)
