"""The markets, read from the one list (static/js/operator/launch.js `MARKETS`), for every suite.

    from markets import MARKETS
    MARKETS == ["default", "uk", "de", "social"]   # the presets' names, in the file's order

Read as text (the keys at the object's first level, four spaces in, as the file is written), so
tests need no JavaScript runtime; tests/test_markets.py checks the docs list exactly these, and
tests/js/markets.test.mjs the presets table's values.
"""

from __future__ import annotations

import re
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "static" / "js" / "operator" / "launch.js"


def read(text: str) -> list[str]:
    body = re.search(r"export const MARKETS = \{\n(.*?)\n\};", text, re.S)
    if not body:
        raise ValueError(f"{SOURCE}: `export const MARKETS = {{` ... `}};` not found")
    return re.findall(r"^    (\w+): \{", body.group(1), re.M)


MARKETS = read(SOURCE.read_text(encoding="utf-8"))
