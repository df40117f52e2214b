"""The front end's folders and the direction of their imports.

static/js/ is split into folders by concern; a module may import from its own folder and from
the folders its folder's row below names, and from no other. The table is the one of
docs/frontend.md ("Which file does what"): a folder lower in it never imports a folder higher
up, so core/ imports nothing of the others and nothing imports app/. A dynamic import
(`import("...")`) counts as an import.

A JSDoc type (`@type {import("../round/controller.js").Controller}`) is not: the checker erases it,
so it loads nothing and orders nothing. A module lower in the table names the type of a
collaborator higher up that app/app.js hands it (the controls get the controller) and still
imports nothing of that folder. Such a type must resolve to a module or to a declaration file of
types/ (`import("../../../types/engine")` is types/engine.d.ts).

Also: no module but the composition root (app/app.js) and the few STATEFUL names keeps mutable
state at module level; no two files under static/ (without static/vendor/, the runtime `make vendor` copies in)
share a base name, so that a file named in a doc, a test or a console message is one file.
"""

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "static"
JS = STATIC / "js"

# folder -> the other folders its modules may import (docs/frontend.md, "Which file does what")
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "lang": {"core"},
    "ui": {"lang", "core"},
    "canvas": {"lang", "core"},
    "sound": {"core"},
    "operator": {"ui", "lang", "core"},
    "start": {"operator", "canvas", "ui", "lang", "core"},
    "ledger": {"operator", "ui", "lang", "core"},
    "round": {"start", "ledger", "operator", "ui", "lang", "core"},
    "controls": {"operator", "ui", "lang", "core"},
    "replay": {"round", "ledger", "operator", "ui", "lang", "core"},
    "par": {"start", "lang", "core"},  # the PAR page (par.html)
    "app": {"core", "lang", "ui", "canvas", "sound", "operator", "start", "ledger", "round", "controls", "replay"},
}

IMPORT = re.compile(
    r"""(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(["'])(\.{1,2}/[^"']+)\1""", re.MULTILINE)


def modules() -> list[Path]:
    return sorted(JS.rglob("*.js"))


def in_comment(text: str, at: int) -> bool:
    """Whether `at` is inside a comment: the line so far opens one (`//`, `/**`), or the line is a
    JSDoc block's inner line (` * @param ...`)."""
    line = text[text.rfind("\n", 0, at) + 1:at]
    return "//" in line or "/*" in line or line.lstrip().startswith("*")


def imports(path: Path, types: bool = False) -> list[Path]:
    """Every relative module `path` imports (static, re-exported or dynamic), resolved; with
    `types`, the modules and declaration files its JSDoc types name instead."""
    text = path.read_text(encoding="utf-8")
    return [(path.parent / m.group(2)).resolve() for m in IMPORT.finditer(text) if in_comment(text, m.start()) == types]


def resolves(target: Path) -> bool:
    return target.is_file() or target.with_name(target.name + ".d.ts").is_file()


def folder(path: Path) -> str | None:
    """The folder of static/js/ that holds `path`, or None for a file outside static/js/."""
    try:
        parts = path.relative_to(JS).parts
    except ValueError:
        return None
    return parts[0] if len(parts) > 1 else ""


def test_every_module_sits_in_a_folder_of_the_table() -> None:
    assert sorted({folder(p) for p in modules()}) == sorted(ALLOWED)


def test_every_import_resolves_to_a_file() -> None:
    missing = [f"{p.relative_to(ROOT)} -> {t}" for p in modules() for t in imports(p) if not t.is_file()]
    assert missing == []


def test_every_jsdoc_type_import_resolves_to_a_module_or_a_declaration_file() -> None:
    missing = [f"{p.relative_to(ROOT)} -> {t}" for p in modules() for t in imports(p, types=True) if not resolves(t)]
    assert missing == []
    # the split holds: the type imports are there to be checked (about 180 when written)
    assert sum(len(imports(p, types=True)) for p in modules()) > 100


def test_imports_go_only_the_allowed_way() -> None:
    wrong = []
    for path in modules():
        here = folder(path)
        for target in imports(path):
            there = folder(target)
            if there is None or there == here:
                continue
            if there not in ALLOWED[here]:
                wrong.append(f"{path.relative_to(JS)} imports {target.relative_to(JS)} ({here} -> {there})")
    assert wrong == []


def test_the_table_has_no_cycle() -> None:
    # each folder's row names only folders of rows above it (core first, app last)
    order = list(ALLOWED)
    for name, allowed in ALLOWED.items():
        assert all(order.index(other) < order.index(name) for other in allowed), name
    assert not any("app" in allowed for allowed in ALLOWED.values())


def test_no_two_files_under_static_share_a_base_name() -> None:
    names = Counter(p.name for p in STATIC.rglob("*") if p.is_file() and "vendor" not in p.relative_to(STATIC).parts)
    assert [name for name, n in names.items() if n > 1] == []


# The modules that keep mutable state at module level (a `let` or `var` outside any function or
# class), each with why. The composition root (app/app.js) holds the page's state; every other
# part gets what it needs in its constructor (docs/frontend.md). Memos of what their inputs
# determine (an Intl formatter per locale) are `const` Maps and are not state of the page.
STATEFUL = {
    "app/app.js": "the composition root: the launch and the parts, each set once",
    "lang/i18n.js": "the page's language, set before any text is written (start/language.js)",
    "start/startup.js": "the one report of a failed start, which can come before app.js runs",
    "start/firstpaint.js": "the reels painted and a press of Spin held before app.js runs, taken at ready",
    "par/lab-worker.js": "the RTP lab's worker: a global of its own, its own root",
}
MODULE_LET = re.compile(r"^(?:let|var)\s", re.MULTILINE)


def test_only_the_composition_root_keeps_module_state() -> None:
    # expected: the table above, by hand; a new module-level `let` anywhere else fails here
    found = {p.relative_to(JS).as_posix() for p in modules() if MODULE_LET.search(p.read_text(encoding="utf-8"))}
    assert found == set(STATEFUL)
