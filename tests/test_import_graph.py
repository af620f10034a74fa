"""The import graph has no cycles: every module can be read (and tested) on top of what it imports.

import-linter's contracts keep the rooms apart (kit, shell, games, dev); this test closes the gap
they leave, a cycle *inside* a room (two screens, or a view and its sprites, importing each other).
grimp is the graph builder import-linter itself uses."""

from __future__ import annotations

import sys
from pathlib import Path

import grimp
import pytest


def import_cycles(*packages: str) -> list[list[str]]:
    """Every strongly connected group of two or more modules (or a module importing itself), each
    sorted, found with Tarjan's algorithm over grimp's graph of ``packages``."""
    graph = grimp.build_graph(*packages, cache_dir=None)
    edges = {module: sorted(graph.find_modules_directly_imported_by(module)) for module in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(root: str) -> None:
        # Iterative Tarjan: the graph is a few hundred modules, but recursion limits are no place to fail.
        work = [(root, iter(edges.get(root, ())))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            advanced = False
            for target in targets:
                if target not in edges:
                    continue
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(edges[target])))
                    advanced = True
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in edges[node]:
                    cycles.append(sorted(group))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return cycles


def test_scenes_saves_and_game_have_no_import_cycle() -> None:
    assert import_cycles("scenes", "saves", "game") == []


def test_a_cycle_is_found_when_one_is_added(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The detector itself: a throwaway package where two modules import each other (through a
    third), beside one that is clean."""
    package = tmp_path / "cyclic_demo"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "screen_a.py").write_text("from cyclic_demo import screen_b\n")
    (package / "screen_b.py").write_text("from cyclic_demo import helper\n")
    (package / "helper.py").write_text("import cyclic_demo.screen_a\n")
    (package / "clean.py").write_text("from cyclic_demo import helper\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        cycles = import_cycles("cyclic_demo")
    finally:
        for name in [m for m in sys.modules if m.startswith("cyclic_demo")]:
            del sys.modules[name]
    assert cycles == [["cyclic_demo.helper", "cyclic_demo.screen_a", "cyclic_demo.screen_b"]]
