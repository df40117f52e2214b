"""Where `make test`'s time goes, file by file: a pytest plugin `make test` loads
(`-p timing_report`; tests/ is on pytest's pythonpath).

It adds up each test's setup, call and teardown by the file that holds it (a module's or the
session's fixtures count with the first test that needs them: a browser's launch, a page's
boot), and how many times the engine booted meanwhile (the e2e suite counts them: each boot
asks its server for Pyodide's wasm once). At the end of the run it prints the suites' totals
(the sum of the tests' own times: on both cores more than the wall time, printed too) and the
20 slowest files, and writes them to build/test-times.json for docs/contributing.md's table
("Where make test's time goes").
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHOWN = 20

_seconds: dict[str, float] = defaultdict(float)
_tests: dict[str, int] = defaultdict(int)
_boots: dict[str, int] = defaultdict(int)  # the engine's boots (tests/e2e/conftest.py reports them)
_started = time.monotonic()


def pytest_sessionstart(session: Any) -> None:
    global _started
    _started = time.monotonic()


def pytest_runtest_logreport(report: Any) -> None:
    path = report.nodeid.split("::")[0]
    _seconds[path] += report.duration
    if report.when == "call":
        _tests[path] += 1
    _boots[path] += sum(n for key, n in getattr(report, "user_properties", ()) if key == "boots")


def suite(path: str) -> str:
    """The suite a file belongs to: its folder (tests/e2e, tests/engine...), or the file for a top-level one."""
    parts = path.split("/")
    return "/".join(parts[:2]) if len(parts) > 2 else ("tests (file checks)" if parts[0] == "tests" else parts[0])


def pytest_terminal_summary(terminalreporter: Any) -> None:
    # under pytest-xdist the controller gets every worker's reports and writes the table; a
    # worker's own summary is not shown, and must not overwrite it with its half
    if not _seconds or hasattr(terminalreporter.config, "workerinput"):
        return
    wall = time.monotonic() - _started
    suites: dict[str, float] = defaultdict(float)
    for path, s in _seconds.items():
        suites[suite(path)] += s
    write = terminalreporter.write_line
    terminalreporter.section("where the time went (timing_report.py)")
    write(f"{'suite':<28} {'s':>7} {'share':>6}")
    total = sum(_seconds.values())
    for name, s in sorted(suites.items(), key=lambda kv: -kv[1]):
        write(f"{name:<28} {s:7.0f} {s / total:6.1%}")
    write(f"{'(all tests)':<28} {total:7.0f}   wall {wall:.0f} s")
    write(f"the {SHOWN} slowest files:")
    for path, s in sorted(_seconds.items(), key=lambda kv: -kv[1])[:SHOWN]:
        boots = f"{_boots[path]:4d} boots" if _boots[path] else " " * 10
        write(f"  {s:7.1f} s  {_tests[path]:4d} tests {boots}  {path}")
    if _boots:
        write(f"the engine booted {sum(_boots.values())} times in the e2e suite's own server")
    out = ROOT / "build" / "test-times.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"wall": round(wall, 1), "suites": {k: round(v, 1) for k, v in suites.items()},
                               "boots": sum(_boots.values()),
                               "files": {k: {"seconds": round(v, 1), "tests": _tests[k], "boots": _boots[k]}
                                         for k, v in _seconds.items()}},
                              indent=1, sort_keys=True) + "\n", encoding="utf-8")
