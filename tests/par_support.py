"""What the PAR page tests of both suites (tests/e2e/test_par_page.py in Chromium,
tests/xbrowser/test_shipped.py in three engines) compare the page with: the engine's own CLI
on CPython, and the page's figures read back by their JSON path."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from parallel import once_per_run

REPO_ROOT = Path(__file__).resolve().parents[1]
TIMED = {"rounds_per_second", "seconds"}  # differ between runtimes by nature


def cli(*args: str) -> subprocess.Popen[str]:
    """`python -m engine ARGS` on CPython, started (read it with result())."""
    return subprocess.Popen([sys.executable, "-m", "engine", *args], cwd=REPO_ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def result(proc: subprocess.Popen[str], timeout: float = 900) -> Any:
    """The JSON a cli() run printed (it must succeed)."""
    out, err = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, err
    return json.loads(out)


@functools.cache
def cli_sheet() -> Any:
    """The PAR sheet the CLI prints (`python -m engine par --json`), worked out once a run (on
    both cores, by the first worker to ask: parallel.once_per_run)."""
    return once_per_run("cli-sheet", lambda: result(cli("par", "--json")))


def leaves(obj: Any, prefix: str = "") -> dict[str, Any]:
    """Every scalar of a JSON object by its dot-separated path (the page's data-key); a list's
    items by their index.

    >>> leaves({"a": {"b": 1, "c": [2, 3]}, "d": "x"})
    {'a.b': 1, 'a.c.0': 2, 'a.c.1': 3, 'd': 'x'}
    """
    if isinstance(obj, (dict, list)):
        out: dict[str, Any] = {}
        for k, v in (obj.items() if isinstance(obj, dict) else enumerate(obj)):
            out.update(leaves(v, f"{prefix}{k}."))
        return out
    return {prefix[:-1]: obj}


# What the sheet says of itself rather than of the maths: the digest of the model it was computed
# from (static/par.json's model_sha256, for tests/test_derived_fresh.py). The PAR page shows
# figures; this is none.
PROVENANCE = {"model_sha256"}


def figures(sheet: dict[str, Any]) -> dict[str, Any]:
    """Every figure of the sheet by its data-key: `leaves`, without PROVENANCE.

    >>> figures({"rtp": 0.96, "model_sha256": "37956f"})
    {'rtp': 0.96}
    """
    return {k: v for k, v in leaves(sheet).items() if k not in PROVENANCE}


def parse(raw: str, like: Any) -> Any:
    """A data-value read back as the type of the CLI's value.

    >>> parse("true", False), parse("0.5", 1), parse("x", "y")
    (True, 0.5, 'x')
    """
    if isinstance(like, bool):
        return {"true": True, "false": False}[raw]
    if isinstance(like, (int, float)):
        return float(raw)
    return raw
