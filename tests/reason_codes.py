"""The codes of the refusals a player may be shown, found in the source (not typed in a list):
the engine's by a static scan of every ``raise`` in engine/ (and the refusals page.py answers
without raising), the page's by a scan of the constructors that give one in static/js/. The
tables word each as ``why.<code>`` (static/js/lang/reasons.js); both the engine's tests and the
browser's (tests/e2e/test_reasons_shown.py) check them against the tables.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from engine import errors

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "engine"

# every EngineError class by name, and the helpers that build one (model.py's _fail;
# jsonfile.py's _refused builds its caller's class, always with a code= of its own)
CLASSES = {name: cls for name, cls in vars(errors).items()
           if isinstance(cls, type) and issubclass(cls, errors.EngineError)}
BUILDERS = {"_fail": errors.ModelError, "_refused": errors.EngineError}
FILE_READER = "engine/jsonfile.py"
"""The strict reader of the files the engine is asked to read by name (the command line's
--model and exported rounds, ``load_model(path)``): the page hands the engine parsed values
and never reads a file through it, so its codes (``file.<reason>``) are the command line's,
which the page's tables need not word."""

# a code the page gives, as its constructors take it (launch.js, operator.js, store.js,
# sharedgame.js, app.js, replaymode.js, scenario.js, autoplaydriver.js: every error class of
# core/errors.js takes `{ code: "..." }`; store.js's fail(code, ...) and reject(..., code);
# amounts.js's AmountError, whose codes are amount.*). The page's own codes that no table words
# (boot.download, boot.sandboxed, engine.lost: the loading screen words those) are not among
# the prefixes.
JS_CODE = re.compile(r'"(settings\.\w+)"|"(amount\.\w+)"|fail\(\s*"(save\.\w+)"'
                     r'|reject\([^)]*?"(save\.\w+)"|\bcode:\s*"((?:save|start|autoplay)\.\w+)"')
PLURAL = re.compile(r"_(zero|one|two|few|many|other)$")  # a plural form's suffix (i18next JSON v4)


def _constant(node: ast.expr | None) -> list[str] | None:
    """The string(s) an expression is: a constant, or either side of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        a, b = _constant(node.body), _constant(node.orelse)
        return None if a is None or b is None else a + b
    return None


def _classes(func: ast.expr) -> list[type[errors.EngineError]] | None:
    """The EngineError class(es) a raise calls, or None for another exception."""
    if isinstance(func, ast.Name):
        found = CLASSES.get(func.id) or BUILDERS.get(func.id)
        return [found] if found else None
    if isinstance(func, ast.IfExp):
        a, b = _classes(func.body), _classes(func.orelse)
        return None if a is None or b is None else a + b
    return None


def raise_sites() -> list[tuple[str, int, list[str]]]:
    """``(file, line, codes)`` for every ``raise`` of an EngineError in engine/: the ``code=``
    it gives, ``replayLink.<reason>`` for a ReplayLinkError, else its class's code. Codes of
    ``[]`` mean the scan could not tell (a test fails on it)."""
    sites = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
                continue
            call = node.exc
            classes = _classes(call.func)
            if classes is None:
                continue
            given = next((k.value for k in call.keywords if k.arg == "code"), None)
            if given is not None:
                codes = _constant(given) or []
            elif errors.ReplayLinkError in classes:
                reason = _constant(call.args[0]) if call.args else None
                codes = [f"replayLink.{r}" for r in reason] if reason else []
            else:
                codes = [c.code for c in classes]
            sites.append((str(path.relative_to(ROOT)), node.lineno, codes))
    return sites


def answered_codes() -> set[str]:
    """The codes page.py answers without raising (``{"error": ..., "code": "..."}``)."""
    tree = ast.parse((ENGINE / "page.py").read_text(encoding="utf-8"))
    return {v.value for node in ast.walk(tree) if isinstance(node, ast.Dict)
            for k, v in zip(node.keys, node.values)
            if isinstance(k, ast.Constant) and k.value == "code" and isinstance(v, ast.Constant)
            and isinstance(v.value, str)}


def file_codes() -> set[str]:
    """The codes the file reader's refusals carry (:data:`FILE_READER`)."""
    return {c for path, _, codes in raise_sites() if path == FILE_READER for c in codes}


def engine_codes() -> set[str]:
    """Every code an engine refusal the page may show can carry: each class's, each raise
    site's (but the file reader's, :func:`file_codes`), page.py's."""
    return ({c.code for c in CLASSES.values()}
            | {c for path, _, codes in raise_sites() if path != FILE_READER for c in codes}
            | answered_codes())


def page_codes() -> set[str]:
    """Every code the page's own refusals carry (launch settings, saved games, start)."""
    found = set()
    for path in sorted((ROOT / "static" / "js").rglob("*.js")):
        if path.parent.name == "par":
            continue  # the PAR page's modules refuse nothing
        for m in JS_CODE.finditer(path.read_text(encoding="utf-8")):
            found.add(next(g for g in m.groups() if g))
    return found


def scenario_names() -> list[str]:
    """The scenarios of the catalogue (engine/data/scenarios.json)."""
    return list(json.loads((ENGINE / "data" / "scenarios.json").read_text(encoding="utf-8")))


def table_keys(name: str) -> set[str]:
    """The why.* and scenario.* keys of static/i18n/<name>.json (a text in plural forms, such as
    why.settings.duplicate_one/_other, by the key it is asked by)."""
    table = json.loads((ROOT / "static" / "i18n" / f"{name}.json").read_text(encoding="utf-8"))
    return {PLURAL.sub("", k) for k in table if k.startswith(("why.", "scenario."))}
