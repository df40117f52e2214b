"""Browser benchmark (`make bench`, after tools/bench.py): the published build (dist/, served by
nginx with its brotli copies: tools/bench/served.py) against a bare Pyodide page served the same
way from the same server, in the same run, reported as absolute times, bytes and ratios.

Baseline: tools/bench/bare.html boots the pinned Pyodide exactly as npm ships it
(node_modules/pyodide, its own python_stdlib.zip, no snapshot) and runs `1+1`. Cold loads of the
game and of that page alternate, each in a fresh browser context (empty HTTP cache, no service
worker), so both see the same machine load. Measured, from navigation start:

* ready: <html data-state="ready"> (the game: spin enabled, engine loaded; bare: 1+1 done);
* reels-painted: the game's performance.mark("reels-painted");
* longest main-thread task until ready (PerformanceObserver "longtask", buffered);
* bytes moved: transfer sizes of the navigation and every resource (Resource Timing: the page's
  and the engine worker's, which fetches the runtime);
* warm: a second visit with the service worker installed (same private context), and a returning
  player's (the same in a regular profile on disk, which keeps the browser's code caches),
  each against the cold median.

Those run twice in Chromium: on an emulated phone (PROFILES["phone"]: 390x844 is the taps' size;
Fast 4G, 9 Mbit/s down, 60 ms latency, CPU slowed 4x) and on the desktop (no emulation). Then
(tools/bench/phone.py): taps on Spin and the stage answered (Event Timing, the slowest event)
while the page loads and while rounds play, on the phone profile; the JS heap (after a forced GC)
and the worker's wasm memory after 100 and after --rounds rounds (default 1,000); cold loads of
both pages in Firefox ESR and WebKitGTK (tests/xbrowser's drivers, no throttling, --runs / 2
each); and without emulation, in Chromium (visits.in_game):

* frames: requestAnimationFrame intervals while reels spin (5 spins) and through a bought feature,
  and, as their baseline, on a page that only animates a canvas of the same size;
* round call: `bridge.playRound(100)` plus JSON.parse of its answer, in the page (the call is a
  message to the engine's worker and its answer: the transfer is included).

Prints the figures, writes them to docs/bench-browser.json and into docs/speed.md between the
bench-browser markers. Options: --runs N (cold pairs per profile, default 5), --warm-runs N
(default 3), --rounds N.

--frames-only runs only the in-game frame measurement and writes nothing: first the rAF cadence
of an empty page and of a page animating only a canvas of the game's size, in the same browser
(what the machine itself gives; the game's p95 is printed as a ratio to the canvas page), then
spins and a bought feature with the canvas's own work per frame timed (`performance.now()`
around the renderer's draw) and the long animation frames counted, and last the cost of one
frame in set states (at rest, spinning, win lines, wild reels, coins).

Its parts, in tools/bench/: served.py (nginx and the bare page), visits.py (the loads and
in-game measurements), phone.py (taps, memory, other browsers), frames.py (--frames-only),
report.py (the summary and the docs/speed.md table), page_scripts.py (the JavaScript run in the pages).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tools" / "bench")]  # shared helpers; this tool's parts

import phone  # noqa: E402
import visits  # noqa: E402
from frames import frames_only  # noqa: E402
from page_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from report import HELD_END, HELD_START, held_table, pct, render, summary, update_doc  # noqa: E402
from served import serve  # noqa: E402
from visits import PROFILES, in_game, load, returning, warm  # noqa: E402

JSON_OUT = ROOT / "docs" / "bench-browser.json"


def cold_pairs(browser: Any, game_url: str, bare_url: str, runs: int, label: str) -> dict[str, list[dict[str, Any]]]:
    """`runs` alternating cold loads of the game and the bare page, with visits.PROFILE."""
    out: dict[str, list[dict[str, Any]]] = {"game": [], "bare": []}
    for i in range(runs):
        order = (("game", game_url), ("bare", bare_url))
        for name, url in order if i % 2 == 0 else order[::-1]:
            out[name].append(load(browser, url))
            r = out[name][-1]
            print(f"  {label} cold {name:4} {r['ready']:8.0f} ms, painted {r['painted'] or 0:6.0f} ms,"
                  f" longest main-thread task {r['longest']:5.0f} ms, {r['bytes'] / 1e6:5.2f} MB", flush=True)
    return out


def profile_runs(browser: Any, launch: dict[str, Any], game_url: str, bare_url: str, args: argparse.Namespace,
                 profile: str) -> dict[str, Any]:
    """Cold pairs, warm visits (a private window's second visit; a returning player's, in a regular
    profile: `launch`, the browser's launch options) with `profile` emulated, summed up with
    their ratios."""
    visits.PROFILE = PROFILES[profile]
    runs = cold_pairs(browser, game_url, bare_url, args.runs, profile)
    runs["warm"] = []
    for _ in range(args.warm_runs):
        runs["warm"].append(warm(browser, game_url))
        print(f"  {profile} warm game {runs['warm'][-1]['ready']:8.0f} ms", flush=True)
    runs["returning"] = []
    for _ in range(args.warm_runs):
        runs["returning"].append(returning(browser, launch, game_url))
        print(f"  {profile} returning game {runs['returning'][-1]['ready']:8.0f} ms", flush=True)
    out = {name: summary(rs) for name, rs in runs.items()}
    bare = out["bare"]["ready_median_ms"]
    out["ready_ratio"] = out["game"]["ready_median_ms"] / bare
    out["painted_ratio"] = (out["game"]["painted_median_ms"] or 0) / bare
    out["warm_ratio"] = out["warm"]["ready_median_ms"] / out["game"]["ready_median_ms"]
    out["returning_ratio"] = out["returning"]["ready_median_ms"] / out["game"]["ready_median_ms"]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--warm-runs", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=1000, help="rounds of the memory figure")
    parser.add_argument("--held-runs", type=int, default=3, help="held visits of the game (play from the first paint)")
    parser.add_argument("--held-only", action="store_true",
                        help="only play from the first paint (held visits against the bare page): docs/speed.md's own table")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--frames-only", action="store_true",
                        help="only the in-game frame measurement, with an idle baseline and a profile")
    args = parser.parse_args(argv)
    server, game_url, bare_url = serve()
    load_start = os.getloadavg()[0]
    try:
        with sync_playwright() as p:
            launch: dict[str, Any] = {"args": CHROMIUM_ARGS}
            if CHROMIUM.exists():
                launch["executable_path"] = str(CHROMIUM)
            browser = p.chromium.launch(**launch)
            if args.held_only:
                visits.PROFILE = PROFILES["phone"]
                held = phone.held(browser, game_url, bare_url, args.held_runs)
                browser.close()
                text = held_table(held, time.strftime("%Y-%m-%d"), (load_start + os.getloadavg()[0]) / 2, os.cpu_count())
                print("\n" + text)
                if not args.no_write:
                    update_doc(text, HELD_START, HELD_END)
                    print("\nbench_browser: wrote docs/speed.md (play from the first paint)")
                return 0
            if args.frames_only:
                frames_only(browser, game_url.split("?")[0])
                browser.close()
                return 0
            result: dict[str, Any] = {"date": time.strftime("%Y-%m-%d"), "runs": args.runs, "cpus": os.cpu_count(),
                                      "brotli": server.brotli}
            result["phone"] = profile_runs(browser, launch, game_url, bare_url, args, "phone")
            visits.PROFILE = PROFILES["phone"]
            result["taps"] = phone.taps(browser, game_url)
            try:
                result["taps"]["baseline_max_ms"] = phone.tap_baseline(browser, server.add_page("taps.html", phone.TAP_PAGE))
            except Exception as exc:  # noqa: BLE001 (the baseline only explains; the rest goes on)
                print(f"  taps' baseline failed: {exc}", flush=True)
            print(f"  taps: {result['taps']}", flush=True)
            result["held"] = phone.held(browser, game_url, bare_url, args.held_runs)
            result["desktop"] = profile_runs(browser, launch, game_url, bare_url, args, "none")
            visits.PROFILE = None
            extra = in_game(browser, game_url)
            result["memory"] = phone.memory(browser, game_url, args.rounds)
            print(f"  memory: {result['memory']}", flush=True)
            browser.close()
        server.add_page("blank.html", "<!doctype html><title>blank</title>")
        result["browsers"] = phone.other_browsers(game_url, bare_url, max(1, args.runs // 2),
                                                  server.origin + "/blank.html")
    finally:
        server.stop()
    result["load_average"] = (load_start + os.getloadavg()[0]) / 2
    result["frames"] = {"baseline_p95_ms": pct(extra["baseline_frames"], 0.95),
                        "spin_p95_ms": pct(extra["spin_frames"], 0.95),
                        "feature_p95_ms": pct(extra["feature_frames"], 0.95)}
    result["round_call"] = {"median_ms": statistics.median(extra["round_calls"]),
                            "p95_ms": pct(extra["round_calls"], 0.95)}
    text = render(result)
    print("\n" + text)
    if not args.no_write:
        JSON_OUT.write_text(json.dumps(result, indent=1) + "\n")
        update_doc(text)
        print(f"\nbench_browser: wrote {JSON_OUT.relative_to(ROOT)} and docs/speed.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
