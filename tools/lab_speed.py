"""The RTP lab's speed in the browser next to CPython's: rounds per second of the same run.

    .venv/bin/python tools/lab_speed.py [--rounds 200000] [--seed 1] [--buy]

Runs `python -m engine simulate --rounds N --seed S --json` (one process, workers=1), then
the same run in par.html's lab (Pyodide in a Web Worker of headless Chromium, /usr/bin/chromium
when present), and prints both `rounds_per_second` figures and their ratio. Both time only the
rounds (the engine's simulate loop; in the browser, engine.simulate.Simulation.step, so loading
Pyodide is not counted). The two runs must agree on every other figure, which is checked.
Needs `make vendor`. The figures depend on the machine and its load: run it on a quiet one.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from page_support import CHROMIUM, CHROMIUM_ARGS as ARGS  # noqa: E402
from par_support import TIMED  # noqa: E402
from tools_support import tool  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--buy", action="store_true")
    args = parser.parse_args()
    flags = ["--rounds", str(args.rounds), "--seed", str(args.seed), *(["--buy"] if args.buy else [])]
    out = subprocess.run([sys.executable, "-m", "engine", "simulate", *flags, "--json"],
                         cwd=ROOT, check=True, capture_output=True, text=True).stdout
    cpython = json.loads(out)

    from playwright.sync_api import sync_playwright

    server = tool("serve").make_server("127.0.0.1", 0, ROOT, mounts=[], quiet=True)
    server.handle_error = lambda *_: None  # the browser dropping a connection at the end is no error
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            launch = {"executable_path": str(CHROMIUM), "args": ARGS} if CHROMIUM.exists() else {}
            browser = p.chromium.launch(**launch)
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_port}/par.html")
            page.wait_for_selector("html[data-state=ready]", state="attached", timeout=120_000)
            browser_run = page.evaluate("o => window.lab.run(o)",
                                        {"rounds": args.rounds, "seed": args.seed, "buy": args.buy})
            agent = page.evaluate("navigator.userAgent")
            python = page.evaluate("window.lab.python")
            browser.close()
    finally:
        server.shutdown()
    same = {k: v for k, v in cpython.items() if k not in TIMED} == \
        {k: v for k, v in browser_run.items() if k not in TIMED}
    print(f"{args.rounds:,} {'bought features' if args.buy else 'rounds'}, seed {args.seed}")
    print(f"  CPython {sys.version.split()[0]:8} {cpython['rounds_per_second']:10,.0f} rounds/s")
    chrome = re.search(r"Chrome/[\d.]+", agent)
    print(f"  browser lab     {browser_run['rounds_per_second']:10,.0f} rounds/s  "
          f"({chrome.group(0) if chrome else agent}; Pyodide's Python {python})")
    print(f"  browser / CPython = {browser_run['rounds_per_second'] / cpython['rounds_per_second']:.2f}")
    print(f"  same figures: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
