"""The two test kits (testkit/js, testkit/python) are versioned with the game: each kit's version
is the game's (package.json, the version dist/ stamps), and both name the game's messages with the
page's own `source` (static/js/core/embed.js). Read from the files, no browser."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

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


def test_the_python_kits_chromium_flags_keep_playwrights_own_and_turn_off_the_popup() -> None:
    """Chromium reads only the last --disable-features of its command line (a browser shows it:
    tests/e2e/test_harness.py), so the kit's must name every feature Playwright's own launch turns
    off, then the address bar's popup pages. Playwright's list is read here a second way: the
    quoted names between `disabledFeatures = [` and the `].filter(Boolean)` that ends it."""
    import playwright
    from pytest_book_of_christmas_eve import chromium

    bundle = (Path(playwright.__file__).parent / "driver/package/lib/coreBundle.js").read_text(encoding="utf-8")
    start = bundle.index("disabledFeatures = [")
    body = bundle[start:bundle.index("].filter(Boolean)", start)]
    theirs = [m for line in body.splitlines() for m in re.findall(r'"(\w+)"', line.split("//")[0])]
    assert len(theirs) >= 5 and "PaintHolding" in theirs  # the premise: the list was found
    flags = [a for a in chromium.CHROMIUM_ARGS if a.startswith("--disable-features=")]
    assert len(flags) == 1
    ours = flags[0].removeprefix("--disable-features=").split(",")
    assert ours == [*theirs, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]


def test_the_python_kit_keeps_a_callers_own_disable_features() -> None:
    from pytest_book_of_christmas_eve import chromium

    if chromium.chromium_path() is None:
        pytest.fail("no Chromium to launch: `bash tools/system-deps.sh test` installs it")
    plain = chromium.launch_args({"headless": True}, None)["args"]
    assert plain == chromium.CHROMIUM_ARGS  # nothing of the caller's: the kit's flags, in order
    given = chromium.launch_args({"args": ["--disable-features=Foo", "--lang=de"]}, "chromium")["args"]
    assert given[:2] == ["--disable-features=Foo", "--lang=de"]
    assert [a for a in given if a.startswith("--disable-features")] == ["--disable-features=Foo"]
    assert set(chromium.CHROMIUM_ARGS) - set(given) == {a for a in chromium.CHROMIUM_ARGS if a.startswith("--disable-features")}
    assert chromium.launch_args({"args": []}, "firefox") == {"args": []}  # another browser: untouched
