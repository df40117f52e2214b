"""One list of the markets: `MARKETS` of static/js/operator/launch.js (the presets the page reads
for `?market=`). Every place of the docs that lists the market names must list exactly those, in
that order: the `market` row of page-contract.md's launch settings, its `data-market` sentence,
its table of presets (one row each), and controls.md's "Choosing a market". A market added to
launch.js and left out of a doc (or a doc's market that the page would refuse) fails here, in
`make check`, read from the files (no JavaScript runtime)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markets import MARKETS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
FIX = "list the markets of static/js/operator/launch.js MARKETS there, in its order"


def doc(name: str) -> str:
    """The text of the doc `name` (its file name without .md) in docs/."""
    return (DOCS / f"{name}.md").read_text(encoding="utf-8")


def markets() -> list[str]:
    return MARKETS  # tests/markets.py: the keys at the object's first level


def names(passage: str) -> list[str]:
    return re.findall(r"`(\w+)`", passage)


def test_the_module_has_markets() -> None:
    # guards the pattern: the four presets of this release, read by hand from launch.js
    assert markets()[:1] == ["default"] and len(markets()) >= 4


# (doc, the passage that lists the markets: its group 1, where) each listing every market in order
PASSAGES = [
    ("page-contract", r"^\| `market` \| ([^|(]*)", "the `market` row of the launch settings"),
    ("page-contract", r"`<html data-market>` are the market in force \(([^:]*):", "the `data-market` sentence"),
    ("controls", r"`\?market=NAME`, one of ([^(]*)\(", "the `?market=NAME, one of ...` sentence"),
]


@pytest.mark.parametrize(("name", "pattern", "where"), PASSAGES, ids=[w for _, _, w in PASSAGES])
def test_the_passage_lists_the_markets(name: str, pattern: str, where: str) -> None:
    passage = re.search(pattern, doc(name), re.M)
    assert passage, f"docs/{name}.md: {where} is not found"
    listed = names(passage.group(1))
    assert listed == markets(), f"docs/{name}.md: {where} lists {listed}: {FIX}"


def test_the_presets_table_has_a_row_per_market() -> None:
    contract = doc("page-contract")
    table = contract.split("The presets (`MARKETS` in launch.js):", 1)
    assert len(table) == 2, "docs/page-contract.md: the presets table is not found"
    rows = re.findall(r"^\| `(\w+)` \|", table[1].split("\n\n", 2)[1], re.M)
    assert rows == markets(), f"docs/page-contract.md's presets table has rows {rows}: {FIX}"
