"""The repo's tools (tools/*.py: scripts, not a package) as modules, for the tests of both suites
and of tests/: each is loaded from its file once, so tools/ stays off sys.path (its module names,
serve or dist, are generic)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parents[1] / "tools"
_LOADED: dict[str, ModuleType] = {}


def tool(name: str) -> ModuleType:
    """tools/<name>.py as a module (the same module object on every call)."""
    if name not in _LOADED:
        spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _LOADED[name] = module
    return _LOADED[name]
