"""Caches of drawn surfaces, bounded by the memory they hold, least recently used first out.

Boards and screens draw their sprites once per size and keep them, which makes frames cheap; but a
window dragged through a hundred sizes would keep a hundred sets, and ``functools.lru_cache`` counts
entries, not bytes (one board background at 2560x1440 weighs 14 MB, a piece sprite a few kilobytes).
Every surface cache of the app therefore shares one byte budget here: :func:`surface_cache` is a
drop-in for ``lru_cache`` on functions returning surfaces (or tuples, lists and dicts of them), and
:class:`SurfaceCache` is the same store for code that keys by hand (the text cache). When the budget
is exceeded the least recently used entries go, whichever cache they belong to, so the sets for the
current size stay and the sizes the window passed through are forgotten.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from typing import Any, TypeVar

import pygame

BUDGET_BYTES = 40 * 1024 * 1024
"""All surface caches together; a full set of sprites for one board at 4K is far less."""

ENTRY_OVERHEAD = 256
"""What an entry costs besides its pixels (key, bookkeeping), so caches of tiny values stay bounded."""

F = TypeVar("F", bound=Callable[..., Any])


def value_bytes(value: Any, depth: int = 0) -> int:
    """Pixel bytes a cached value holds: a surface's rows, or the sum over a container of them."""
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_height()
    if depth > 3:
        return 0
    if isinstance(value, Mapping):
        return sum(value_bytes(item, depth + 1) for item in value.values())
    if isinstance(value, list | tuple | set | frozenset):
        return sum(value_bytes(item, depth + 1) for item in value)
    if hasattr(value, "__dict__"):  # a dataclass of sprites
        return sum(value_bytes(item, depth + 1) for item in vars(value).values())
    return 0


class _Store:
    """The one LRU behind every cache: ``(namespace, key) -> (value, bytes)``."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.entries: OrderedDict[tuple[str, Hashable], tuple[Any, int]] = OrderedDict()
        self.bytes = 0
        self.evictions = 0

    def get(self, full_key: tuple[str, Hashable]) -> tuple[bool, Any]:
        found = self.entries.get(full_key)
        if found is None:
            return False, None
        self.entries.move_to_end(full_key)
        return True, found[0]

    def put(self, full_key: tuple[str, Hashable], value: Any) -> None:
        size = value_bytes(value) + ENTRY_OVERHEAD
        old = self.entries.pop(full_key, None)
        if old is not None:
            self.bytes -= old[1]
        self.entries[full_key] = (value, size)
        self.bytes += size
        while self.bytes > self.budget and len(self.entries) > 1:
            _, (_, freed) = self.entries.popitem(last=False)
            self.bytes -= freed
            self.evictions += 1

    def clear(self, namespace: str | None = None) -> None:
        if namespace is None:
            self.entries.clear()
            self.bytes = 0
            return
        for full_key in [k for k in self.entries if k[0] == namespace]:
            self.bytes -= self.entries.pop(full_key)[1]

    def namespace_bytes(self, namespace: str) -> tuple[int, int]:
        """(entries, bytes) held for one cache."""
        sizes = [size for (space, _), (_, size) in self.entries.items() if space == namespace]
        return len(sizes), sum(sizes)


STORE = _Store(BUDGET_BYTES)


class SurfaceCache:
    """A named view of the shared store, for code that builds its keys by hand."""

    def __init__(self, name: str) -> None:
        self.name = name

    def get(self, key: Hashable) -> Any | None:
        return STORE.get((self.name, key))[1]

    def put(self, key: Hashable, value: Any) -> Any:
        STORE.put((self.name, key), value)
        return value

    def clear(self) -> None:
        STORE.clear(self.name)

    def __len__(self) -> int:
        return STORE.namespace_bytes(self.name)[0]


def surface_cache(function: F) -> F:
    """Like ``functools.lru_cache`` for a pure surface maker, bounded by the shared byte budget.

    Arguments must be hashable, as for ``lru_cache``; ``cache_clear()`` forgets this function's
    entries and ``cache_info()`` says how many it holds and their weight in bytes."""
    namespace = f"{function.__module__}.{function.__qualname__}"

    @functools.wraps(function)
    def cached(*args: Any, **kwargs: Any) -> Any:
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        hit, value = STORE.get((namespace, key))
        if hit:
            return value
        value = function(*args, **kwargs)
        STORE.put((namespace, key), value)
        return value

    cached.cache_clear = lambda: STORE.clear(namespace)  # type: ignore[attr-defined]
    cached.cache_info = lambda: STORE.namespace_bytes(namespace)  # type: ignore[attr-defined]
    return cached  # type: ignore[return-value]


def held_bytes() -> int:
    """Pixel bytes held by every surface cache together (the storm reports it)."""
    return STORE.bytes
