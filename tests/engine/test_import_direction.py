"""The engine's modules import one way: no module imports, even lazily inside a function, one that
imports it back (docs/engine.md "Where things are"; issue 34). A cycle hides which module owns a
job (the text form of a round was in replaylink.py, reached from round.py and back) and makes
import order matter, which a function-level import only postpones.

The graph is read from the source with ``ast``, not by importing it, so it counts every
``import`` and ``from ... import`` wherever it stands (module top, function body,
``if TYPE_CHECKING:``)."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def module_name(path: Path) -> str:
    """``engine.round`` for engine/round.py, ``engine.par`` for engine/par/__init__.py."""
    parts = ("engine",) + path.relative_to(ENGINE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def imported(path: Path, known: set[str]) -> set[str]:
    """The engine modules that ``path`` imports anywhere in its source: ``from .x import y``
    counts as ``x`` (or ``x.y`` when that is a module), ``from . import y`` as the package or
    its module ``y``."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom):
            target = _absolute(package, node.level, node.module)
            subs = {f"{target}.{a.name}" for a in node.names} & known
            out |= subs or ({target} & known)
    out.discard(name)
    return out


def _absolute(package: str, level: int, module: str | None) -> str:
    """The absolute name a ``from`` import names: ``level`` dots up from ``package``."""
    if not level:
        return module or ""
    for _ in range(level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{module}" if module else package


def graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imported(path, set(found)) for name, path in found.items()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``edges`` as the modules along it (first = last), or None."""
    state: dict[str, int] = {}  # 1 while on the path being walked, 2 once finished
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := walk(nxt)):
                return found
        state[node] = 2
        path.pop()
        return None

    for start in sorted(edges):
        if start not in state and (found := walk(start)):
            return found
    return None


def test_the_reader_sees_imports_wherever_they_stand() -> None:
    # The graph has the edges this test exists to see: a module-top import, a package's import
    # of its modules, a relative import from a subpackage and a function-level import.
    edges = graph()
    assert "engine.round" in edges["engine.replaylink"]
    assert "engine.par.cap" in edges["engine.par"]
    assert "engine.tables" in edges["engine.par.shares"]
    assert "engine.jsonfile" in edges["engine.model"]  # inside Model's loader


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_engine_imports_have_no_cycle() -> None:
    found = cycle(graph())
    assert found is None, f"engine modules import each other in a cycle: {' -> '.join(found or [])}"
