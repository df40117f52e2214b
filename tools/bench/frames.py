"""--frames-only of tools/bench_browser.py: the machine's own frame cadence, then the game's frames
with where their time goes, and the cost of one frame in set states."""

from __future__ import annotations

import os
import statistics

from page_scripts import FRAMES, PROFILE_DRAW, PROFILE_READ, RAF_INTERVALS, STATE_COST
from playwright.sync_api import Browser
from report import pct
from visits import canvas_baseline, wait_ready


def frames_only(browser: Browser, base: str) -> None:
    """--frames-only: the idle baseline, then the game's frames with where their time goes."""
    ctx = browser.new_context(service_workers="block")
    try:
        page = ctx.new_page()
        page.goto("about:blank")
        idle = page.evaluate(RAF_INTERVALS, [3000, False])
        canvas = canvas_baseline(page)
        page.goto(base + "?speed=normal&debug=1")
        wait_ready(page)
        page.evaluate(PROFILE_DRAW)
        at_rest = page.evaluate(RAF_INTERVALS, [2000, False])
        page.evaluate(PROFILE_READ)
        base_p95 = pct(canvas, 0.95)
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print(f"empty page : {len(idle):4} frames, median {statistics.median(idle):5.1f} ms, p95 {pct(idle, 0.95):5.1f} ms")
        print(f"canvas page: {len(canvas):4} frames, median {statistics.median(canvas):5.1f} ms, p95 {base_p95:5.1f} ms"
              " (the baseline)")
        print(f"game, rest : {len(at_rest):4} frames, median {statistics.median(at_rest):5.1f} ms,"
              f" p95 {pct(at_rest, 0.95):5.1f} ms")
        for what in ("spins", "feature"):
            deltas = page.evaluate(FRAMES, what)
            prof = page.evaluate(PROFILE_READ)
            p95 = pct(deltas, 0.95)
            print(f"{what:11}: {len(deltas):4} frames, median {statistics.median(deltas):5.1f} ms, p95 {p95:5.1f} ms"
                  f" ({p95 / base_p95:.2f}x the canvas page), max {max(deltas):6.1f} ms")
            draw, reels = prof["draw"], prof["reels"]
            if draw:
                print(f"             draw+raster: median {statistics.median(draw):5.2f} ms, p95 {pct(draw, 0.95):5.2f} ms,"
                      f" max {max(draw):6.1f} ms; reels: median {statistics.median(reels):5.2f} ms,"
                      f" p95 {pct(reels, 0.95):5.2f} ms")
            loaf = prof["loaf"]
            if loaf:
                print(f"             {len(loaf)} long animation frames, total {sum(x['duration'] for x in loaf):.0f} ms;"
                      " longest:")
                for x in sorted(loaf, key=lambda x: -x["duration"])[:4]:
                    print(f"               {x['duration']:5.0f} ms (render {x['render']:4.0f}, style+layout"
                          f" {x['style']:4.0f}) scripts {x['scripts'][:4]}")
        states = ("at rest", "spinning", "win lines", "wild reels", "coins")
        costs: dict[str, list[float]] = {state: [] for state in states}
        for _ in range(3):  # interleaved, so that the machine's load falls on every state alike
            for state in states:
                costs[state] += page.evaluate(STATE_COST, [state, 400])
        print("one frame drawn and rasterised, back to back (median; p25 is the less disturbed figure):")
        for state in states:
            print(f"  {state:10}: median {statistics.median(costs[state]):6.2f} ms, p25 {pct(costs[state], 0.25):6.2f} ms"
                  f" ({len(costs[state])} frames)")
    finally:
        ctx.close()
