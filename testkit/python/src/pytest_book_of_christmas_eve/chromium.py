"""Which Chromium pytest-playwright launches: $BOCE_CHROMIUM, else Debian's /usr/bin/chromium
when it exists, else Playwright's own (`playwright install chromium`). Registered by plugin.py
at pytest_configure, so that it wraps pytest-playwright's fixture."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

DEBIAN_CHROMIUM = Path("/usr/bin/chromium")
# What keeps a system Chromium quiet and lets it run headless as any user (root too).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    """$BOCE_CHROMIUM, else /usr/bin/chromium when it exists, else None (Playwright's own)."""
    if os.environ.get("BOCE_CHROMIUM"):
        return os.environ["BOCE_CHROMIUM"]
    return str(DEBIAN_CHROMIUM) if DEBIAN_CHROMIUM.exists() else None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any],
                             browser_name: str | None) -> dict[str, Any]:
    """pytest-playwright's launch arguments, with chromium_path() for Chromium unless an
    executable or a channel (--browser-channel) was given."""
    path = chromium_path()
    if path is None or browser_name not in (None, "chromium") or "executable_path" in browser_type_launch_args or browser_type_launch_args.get("channel"):
        return browser_type_launch_args
    args = list(browser_type_launch_args.get("args") or [])
    return {**browser_type_launch_args, "executable_path": path,
            "args": args + [a for a in CHROMIUM_ARGS if a not in args]}
