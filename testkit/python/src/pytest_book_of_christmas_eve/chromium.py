"""Which Chromium pytest-playwright launches: $BOCE_CHROMIUM, else Debian's /usr/bin/chromium
when it exists, else Playwright's own (`playwright install chromium`). Registered by plugin.py
at pytest_configure, so that it wraps pytest-playwright's fixture."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

DEBIAN_CHROMIUM = Path("/usr/bin/chromium")

# Chromium's own pages a headless browser builds for nothing: since Chromium 14x every new window
# (a context: each test's) loads the address bar's popup as a web page of its own in a renderer
# process ("--top-chrome-webui", chrome://omnibox-popup.top-chrome/), about 0.75 s of CPU and
# 0.15 s more in the browser process for each context; no test can see it. Turned off, a boot of
# the game took 2.7 s of CPU against 3.6 s (docs/contributing.md "What a boot costs").
UNSEEN_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]
PLAYWRIGHT_FEATURES = re.compile(r"disabledFeatures\s*=\s*\[(.*?)\]", re.S)


def playwright_disabled_features() -> list[str] | None:
    """The features Playwright's own launch turns off (its chromiumSwitches.ts), read from the
    installed driver, or None when it cannot be read. Chromium keeps only the last
    --disable-features of its command line, so ours must name Playwright's again."""
    try:
        import playwright
    except ImportError:
        return None
    lib = Path(playwright.__file__).parent / "driver" / "package" / "lib"
    for source in (lib / "coreBundle.js", lib / "server" / "chromium" / "chromiumSwitches.js"):
        try:
            found = PLAYWRIGHT_FEATURES.search(source.read_text(encoding="utf-8"))
        except OSError:
            continue
        if found:
            names = re.findall(r"[\"']([A-Za-z0-9_]+)[\"']", re.sub(r"//[^\n]*", "", found.group(1)))
            return names or None
    return None


def disable_features_arg() -> list[str]:
    """`--disable-features=` Playwright's list and UNSEEN_FEATURES, or nothing when Playwright's
    list cannot be read (then Chromium keeps Playwright's and builds its popup, as before)."""
    theirs = playwright_disabled_features()
    if theirs is None:
        return []
    return ["--disable-features=" + ",".join(dict.fromkeys([*theirs, *UNSEEN_FEATURES]))]


# What keeps a system Chromium quiet and lets it run headless as any user (root too).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 *disable_features_arg()]


def chromium_path() -> str | None:
    """$BOCE_CHROMIUM, else /usr/bin/chromium when it exists, else None (Playwright's own)."""
    if os.environ.get("BOCE_CHROMIUM"):
        return os.environ["BOCE_CHROMIUM"]
    return str(DEBIAN_CHROMIUM) if DEBIAN_CHROMIUM.exists() else None


def launch_args(given: dict[str, Any], browser_name: str | None) -> dict[str, Any]:
    """pytest-playwright's launch arguments `given`, with chromium_path() for Chromium and our
    CHROMIUM_ARGS after the caller's, unless an executable or a channel was given."""
    path = chromium_path()
    if path is None or browser_name not in (None, "chromium") or "executable_path" in given or given.get("channel"):
        return given
    args = list(given.get("args") or [])
    # a --disable-features of the caller's is kept: Chromium would read only the last one
    theirs = any(a.startswith("--disable-features") for a in args)
    return {**given, "executable_path": path,
            "args": args + [a for a in CHROMIUM_ARGS if a not in args
                            and not (theirs and a.startswith("--disable-features"))]}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any],
                             browser_name: str | None) -> dict[str, Any]:
    """pytest-playwright's launch arguments, with chromium_path() for Chromium unless an
    executable or a channel (--browser-channel) was given (launch_args)."""
    return launch_args(browser_type_launch_args, browser_name)
