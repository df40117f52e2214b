"""One list of the markets: `MARKETS` of static/js/operator/launch.js (the presets the page reads
for `?market=`). Every place of the docs that lists the market names must list exactly those, in
that order: the `market` row of page-contract.md's launch settings, its `data-market` sentence,
its table of presets (one row each), and controls.md's "Choosing a market". A market added to
launch.js and left out of a doc (or a doc's market that the page would refuse) fails here, in
`make check`, read from the files (no JavaScript runtime)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
FIX = "list the markets of static/js/operator/launch.js MARKETS there, in its order"


def doc(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def markets() -> list[str]:
    text = (ROOT / "static/js/operator/launch.js").read_text(encoding="utf-8")
    body = re.search(r"export const MARKETS = \{\n(.*?)\n\};", text, re.S)
    assert body, "launch.js: `export const MARKETS = {` ... `};` not found"
    # the presets' names: the keys at the object's first level (four spaces in)
    return re.findall(r"^    (\w+): \{", body.group(1), re.M)


def names(passage: str) -> list[str]:
    return re.findall(r"`(\w+)`", passage)


def test_the_module_has_markets() -> None:
    # guards the pattern: the four presets of this release, read by hand from launch.js
    assert markets()[:1] == ["default"] and len(markets()) >= 4


def test_the_launch_settings_row_lists_the_markets() -> None:
    contract = doc("page-contract.md")
    row = re.search(r"^\| `market` \| ([^|]*)\|", contract, re.M)
    assert row, "docs/page-contract.md: no `market` row"
    listed = [n for n in names(row.group(1).split("(")[0])]
    assert listed == markets(), f"docs/page-contract.md `market` row lists {listed}: {FIX}"


def test_the_data_market_sentence_lists_the_markets() -> None:
    contract = doc("page-contract.md")
    sentence = re.search(r"`<html data-market>` are the market in force \(([^:]*):", contract)
    assert sentence, "docs/page-contract.md: the `data-market` sentence is not found"
    assert names(sentence.group(1)) == markets(), f"docs/page-contract.md's data-market sentence: {FIX}"


def test_the_presets_table_has_a_row_per_market() -> None:
    contract = doc("page-contract.md")
    table = contract.split("The presets (`MARKETS` in launch.js):", 1)
    assert len(table) == 2, "docs/page-contract.md: the presets table is not found"
    rows = re.findall(r"^\| `(\w+)` \|", table[1].split("\n\n", 2)[1], re.M)
    assert rows == markets(), f"docs/page-contract.md's presets table has rows {rows}: {FIX}"


def test_controls_md_lists_the_markets() -> None:
    controls = doc("controls.md")
    line = re.search(r"`\?market=NAME`, one of ([^(]*)\(", controls)
    assert line, "docs/controls.md: the `?market=NAME, one of ...` sentence is not found"
    assert names(line.group(1)) == markets(), f"docs/controls.md lists {names(line.group(1))}: {FIX}"
