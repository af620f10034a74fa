"""Shared game modules know no particular game (issue #29).

``lint-imports`` keeps them from importing a game; this keeps the other way a game's facts leak
into shared code from coming back: a table keyed by game id (``{"elasta": ...}``) or a branch on one
(``if game_id == "nelaxtam"``). Such a fact belongs on the game's ``GameInfo``, filled in by
``game/<game>/__init__.py``. The source is read, never imported, so the test sees every branch.
"""

from __future__ import annotations

import ast
import fnmatch
import tomllib
from pathlib import Path

from game.register import all_games

ROOT = Path(__file__).resolve().parent.parent
GAME_DIR = ROOT / "game"

ALLOWED: dict[str, str] = {
    "game/register.py": "the one list of games",
}
"""Files that may name games by id for good."""

BEING_WRITTEN: tuple[str, ...] = ()
"""Files other work is writing at the moment; allowed until it lands, then checked like the rest."""


def game_ids() -> set[str]:
    return {info.id for info in all_games()}


def shared_modules() -> list[Path]:
    """``game/*.py``: everything under ``game/`` that is not one game's own package."""
    return sorted(p for p in GAME_DIR.glob("*.py") if p.name not in {"__init__.py", "__main__.py"})


def _strings(node: ast.AST | None) -> list[ast.Constant]:
    """The string constants ``node`` is, or holds directly (a tuple, list or set of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [c for elt in node.elts for c in _strings(elt)]
    return []


def id_uses(source: str, ids: set[str]) -> list[tuple[int, str]]:
    """(line, id) of every game id used as a dictionary key, a subscript, a comparison's operand
    (``==``, ``!=``, ``in``, ``not in``) or a ``case`` pattern in ``source``."""
    found: list[tuple[int, str]] = []

    def note(constants: list[ast.Constant]) -> None:
        found.extend((c.lineno, c.value) for c in constants if c.value in ids)

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            for key in node.keys:
                note(_strings(key))
        elif isinstance(node, ast.Subscript):
            note(_strings(node.slice))
        elif isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                note(_strings(operand))
        elif isinstance(node, ast.MatchValue):
            note(_strings(node.value))
    return sorted(found)


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _being_written(name: str) -> bool:
    return any(fnmatch.fnmatch(name, pattern) for pattern in BEING_WRITTEN)


def test_the_scanner_sees_tables_and_branches_and_nothing_else() -> None:
    ids = {"elasta", "elephant-run"}
    source = """
TABLE = {"elasta": 1}
def f(game_id, state, table):
    if game_id == "elephant-run" or "elasta" in (game_id,):
        return table["elasta"]
    if game_id in ("elephant-run", "other"):
        return 2
    match game_id:
        case "elasta":
            return 3
    return Match("elephant-run"), "elasta".title(), {"other": 1}
"""
    assert id_uses(source, ids) == [
        (2, "elasta"),
        (4, "elasta"),
        (4, "elephant-run"),
        (5, "elasta"),
        (6, "elephant-run"),
        (9, "elasta"),
    ]


def test_shared_game_modules_keep_no_table_or_branch_by_game_id() -> None:
    ids = game_ids()
    assert ids, "no games registered"
    offenders: dict[str, list[tuple[int, str]]] = {}
    for path in shared_modules():
        name = _relative(path)
        if name in ALLOWED or _being_written(name):
            continue
        uses = id_uses(path.read_text(encoding="utf-8"), ids)
        if uses:
            offenders[name] = uses
    assert not offenders, f"game ids as keys or in comparisons (put the fact on the GameInfo): {offenders}"


def _contract(name_start: str) -> dict[str, object]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    matches = [c for c in contracts if str(c["name"]).startswith(name_start)]
    assert len(matches) == 1, f"no single import-linter contract named '{name_start}…'"
    return matches[0]


def test_every_shared_module_is_under_the_import_contract() -> None:
    """A new shared module joins the "never import a particular game" contract (pyproject.toml)."""
    contract = _contract("shared game modules never import a particular game")
    sources = set(contract["source_modules"])  # type: ignore[arg-type]
    modules = {f"game.{path.stem}" for path in shared_modules()}
    missing = sorted(m for m in modules - sources if not _being_written(f"game/{m.removeprefix('game.')}.py"))
    assert not missing, f"add to the contract's source_modules in pyproject.toml: {missing}"


def test_every_game_package_is_in_the_independence_contract() -> None:
    contract = _contract("the five rule packages are independent")
    packages = {p.parent.name for p in GAME_DIR.glob("*/__init__.py")}
    assert set(contract["modules"]) == {f"game.{name}" for name in packages}  # type: ignore[arg-type]
    forbidden = set(_contract("shared game modules never import")["forbidden_modules"])  # type: ignore[arg-type]
    assert forbidden == {f"game.{name}" for name in packages}
