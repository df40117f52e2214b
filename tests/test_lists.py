"""One list of each thing (static/js/): the docs that name its members say exactly that list.

The autoplay options are `OPTIONS` of static/js/controls/autoplayrules.js: checkOptions, window.game.autoplay
and the parent's `autoplay` message read it (app.js picks those fields of the message). Here, every
place of docs/ that lists them (the `autoplay(opts)` row of page-contract.md, the `autoplayStart`
message, the `autoplay` command, and hosting.md's `window.game` summary) must list those names in
that order, read from the module's text (no JavaScript runtime needed).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def autoplay_options() -> list[str]:
    text = (ROOT / "static" / "js" / "controls" / "autoplayrules.js").read_text(encoding="utf-8")
    m = re.search(r"export const OPTIONS = Object\.freeze\(\[([^\]]*)\]\)", text)
    assert m, "autoplayrules.js: OPTIONS not found"
    return re.findall(r'"(\w+)"', m.group(1))


OPTION = re.compile(r"\b(rounds|stopOnFeature|singleWinAtLeast|lossLimit|winLimit|[a-z]+(?:Limit|AtLeast|On[A-Z]\w*))\b")


def listed(text: str) -> list[str]:
    """The option names a passage lists, in order, each once."""
    out: list[str] = []
    for name in OPTION.findall(text):
        if name not in out:
            out.append(name)
    return out


def test_every_doc_lists_the_autoplay_options_of_the_module() -> None:
    options = autoplay_options()
    assert options[0] == "rounds" and "lossLimit" in options  # the count, and the required limit
    contract = (ROOT / 'docs' / 'page-contract.md').read_text(encoding="utf-8")
    hosting = (ROOT / 'docs' / 'hosting.md').read_text(encoding="utf-8")
    passages = {
        "game.autoplay": re.search(r"^\| `autoplay\(opts\)` \| `opts` = `\{([^}]*)\}`", contract, re.M),
        "autoplayStart": re.search(r"^\| `autoplayStart` \| (.*) \|$", contract, re.M),
        "autoplay command": re.search(r"`autoplay` \(([^)]*)\)", contract, re.S),
        'hosting.md': re.search(r"`autoplay\(\{([^}]*)\}\)`", hosting),
    }
    for name, found in passages.items():
        assert found, f"{name}: the passage listing the options was not found"
        assert listed(found.group(1)) == options, name


def test_the_bridge_methods_are_one_list() -> None:
    """main.py's METHODS (the JavaScript name of each call and the EngineBridge method answering
    it) is the list: bridge.js publishes exactly those names (BRIDGE_METHODS) and its Bridge class
    wraps each; every method named exists on EngineBridge. Read from the files' text and syntax."""
    import ast

    tree = ast.parse((ROOT / "main.py").read_text(encoding="utf-8"))
    table = next(node.value for node in tree.body if isinstance(node, ast.Assign)
                 and any(isinstance(t, ast.Name) and t.id == "METHODS" for t in node.targets))
    methods = ast.literal_eval(table)
    engine_bridge = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "EngineBridge")
    defined = {f.name for f in engine_bridge.body if isinstance(f, ast.FunctionDef)}
    assert set(methods.values()) <= defined, set(methods.values()) - defined
    bridge_js = (ROOT / "static" / "js" / "round" / "bridge.js").read_text(encoding="utf-8")
    m = re.search(r"export const BRIDGE_METHODS = Object\.freeze\(\[([^\]]*)\]\)", bridge_js)
    assert m, "bridge.js: BRIDGE_METHODS not found"
    assert re.findall(r'"(\w+)"', m.group(1)) == list(methods)
    wrapped = set(re.findall(r"^    async (\w+)\(", bridge_js, re.M))
    assert set(methods) <= wrapped, set(methods) - wrapped
