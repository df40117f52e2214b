"""The two test kits (testkit/js, testkit/python) are versioned with the game: each kit's version
is the game's (package.json, the version dist/ stamps), and both name the game's messages with the
page's own `source` (static/js/core/embed.js). Read from the files, no browser."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def game_version() -> str:
    return str(json.loads((ROOT / "package.json").read_text())["version"])


def test_the_javascript_kit_has_the_games_version() -> None:
    kit = json.loads((ROOT / "testkit/js/package.json").read_text())
    assert kit["version"] == game_version()
    assert kit["name"] == "@book-of-christmas-eve/playwright"


def test_the_python_kit_has_the_games_version() -> None:
    kit = tomllib.loads((ROOT / "testkit/python/pyproject.toml").read_text())["project"]
    assert kit["version"] == game_version()
    assert kit["entry-points"]["pytest11"] == {"book_of_christmas_eve": "pytest_book_of_christmas_eve.plugin"}


def test_both_kits_use_the_pages_message_source() -> None:
    # the page's own name for its messages, as embed.js posts them
    page = re.search(r'SOURCE\s*=\s*"([^"]+)"', (ROOT / "static/js/core/embed.js").read_text())
    assert page is not None, "static/js/core/embed.js names no SOURCE"
    js = re.search(r'export const SOURCE = "([^"]+)"', (ROOT / "testkit/js/index.mjs").read_text())
    py = re.search(r'^SOURCE = "([^"]+)"', (ROOT / "testkit/python/src/pytest_book_of_christmas_eve/game.py").read_text(), re.M)
    assert js is not None and py is not None
    assert js.group(1) == py.group(1) == page.group(1)
