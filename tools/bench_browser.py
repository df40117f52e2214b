"""Browser benchmark (`make bench`, after tools/bench.py): the game's start-up against a bare Pyodide
page in the same run, in headless Chromium, reported as ratios.

Baseline: tools/bench/bare.html boots the pinned Pyodide exactly as npm ships it
(node_modules/pyodide, its own python_stdlib.zip, no snapshot) and runs `1+1`. Cold loads of the
game and of that page alternate, each in a fresh browser context (empty HTTP cache, no service
worker), so both see the same machine load. Measured, from navigation start:

* ready: <html data-state="ready"> (the game: spin enabled, engine loaded; bare: 1+1 done);
* reels-painted: the game's performance.mark("reels-painted"), when the page sets one;
* longest main-thread task until ready (PerformanceObserver "longtask", buffered);
* bytes moved: transfer sizes of the navigation and every resource (Resource Timing: the page's
  and the engine worker's, which fetches the runtime);
* warm: a second visit with the service worker installed (same context), against the cold median;
* frames: requestAnimationFrame intervals while reels spin (5 spins) and through a bought feature,
  and, as their baseline, on a page that only animates a canvas of the same size;
* round call: `bridge.playRound(100)` plus JSON.parse of its answer, in the page (the call is a
  message to the engine's worker and its answer: the transfer is included).

With --profile phone (the default) every cold and warm load runs on an emulated phone (PROFILES).
Prints the figures, writes them to docs/bench-browser.json and into docs/speed.md between the
bench-browser markers. Options: --runs N (cold pairs, default 5), --warm-runs N (default 3).

--frames-only runs only the in-game frame measurement and writes nothing: first the rAF cadence
of an empty page and of a page animating only a canvas of the game's size, in the same browser
(what the machine itself gives; the game's p95 is printed as a ratio to the canvas page), then spins and a bought feature with the canvas's own work per frame timed
(`performance.now()` around the renderer's draw) and the long animation frames counted, and last
the cost of one frame in set states (at rest, spinning, win lines, wild reels, coins).

Its parts, in tools/bench/: visits.py (the loads and in-game measurements), frames.py
(--frames-only), report.py (the summary and the docs/speed.md table), page_scripts.py (the JavaScript
run in the pages).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tools" / "bench")]  # shared helpers; this tool's parts

import visits  # noqa: E402
from frames import frames_only  # noqa: E402
from page_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from report import pct, render, summary, update_doc  # noqa: E402
from tools_support import tool  # noqa: E402
from visits import PROFILES, in_game, load, warm  # noqa: E402

JSON_OUT = ROOT / "docs" / "bench-browser.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--warm-runs", type=int, default=3)
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--profile", choices=sorted(PROFILES), default="phone",
                        help="network and CPU emulated for the cold and warm loads (default: phone)")
    parser.add_argument("--frames-only", action="store_true",
                        help="only the in-game frame measurement, with an idle baseline and a profile")
    args = parser.parse_args(argv)
    visits.PROFILE = PROFILES[args.profile]
    for needed in ("static/vendor/pyodide/pyodide.mjs", "node_modules/pyodide/pyodide.mjs"):
        if not (ROOT / needed).is_file():
            raise SystemExit(f"bench_browser: {needed} is missing: run `make vendor`")

    server = tool("serve").make_server("127.0.0.1", 0, ROOT, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"
    game_url, bare_url = base + "?speed=normal", base + "tools/bench/bare.html"
    load_start = os.getloadavg()[0]
    runs: dict[str, list[dict[str, Any]]] = {"game": [], "bare": [], "warm": []}
    with sync_playwright() as p:
        launch: dict[str, Any] = {"args": CHROMIUM_ARGS}
        if CHROMIUM.exists():
            launch["executable_path"] = str(CHROMIUM)
        browser = p.chromium.launch(**launch)
        if args.frames_only:
            frames_only(browser, base)
            browser.close()
            server.shutdown()
            return 0
        for i in range(args.runs):
            for name, url in (("game", game_url), ("bare", bare_url)) if i % 2 == 0 else (
                    ("bare", bare_url), ("game", game_url)):
                runs[name].append(load(browser, url))
                print(f"  cold {name:4} {runs[name][-1]['ready']:8.0f} ms, longest main-thread task"
                      f" {runs[name][-1]['longest']:5.0f} ms", flush=True)
        for _ in range(args.warm_runs):
            runs["warm"].append(warm(browser, game_url))
            print(f"  warm game {runs['warm'][-1]['ready']:8.0f} ms", flush=True)
        extra = in_game(browser, game_url)
        browser.close()
    server.shutdown()

    result: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d"),
        "runs": args.runs,
        "profile": args.profile,
        "cpus": os.cpu_count(),
        "load_average": (load_start + os.getloadavg()[0]) / 2,
        "game": summary(runs["game"]),
        "bare": summary(runs["bare"]),
        "warm": summary(runs["warm"]),
        "frames": {"baseline_p95_ms": pct(extra["baseline_frames"], 0.95),
                   "spin_p95_ms": pct(extra["spin_frames"], 0.95),
                   "feature_p95_ms": pct(extra["feature_frames"], 0.95)},
        "round_call": {"median_ms": statistics.median(extra["round_calls"]),
                       "p95_ms": pct(extra["round_calls"], 0.95)},
    }
    result["ready_ratio"] = result["game"]["ready_median_ms"] / result["bare"]["ready_median_ms"]
    result["warm_ratio"] = result["warm"]["ready_median_ms"] / result["game"]["ready_median_ms"]
    text = render(result)
    print("\n" + text)
    if not args.no_write:
        JSON_OUT.write_text(json.dumps(result, indent=1) + "\n")
        update_doc(text)
        print(f"\nbench_browser: wrote {JSON_OUT.relative_to(ROOT)} and docs/speed.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
