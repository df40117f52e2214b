"""What dist/ ships beside the game, in Chromium, Firefox ESR and WebKitGTK, served by nginx:
the PAR page with its RTP lab, and offline play through the service worker.

Where the expected values come from:
* the PAR page's figures: `python -m engine par --json` run here on CPython (the page reads the
  shipped static/par.json), compared through each element's data-key / data-value;
* a seeded lab run: `python -m engine simulate --rounds 20000 --seed S --json` on CPython (the
  lab plays the same engine in Pyodide in a Web Worker: every figure but the timing ones agrees);
* offline rounds: CPython's `play_round(load_model(), bet, Random(seed))` (the page contract of
  ?seed=N), the service worker's cache name: `boce-` + the version of dist/'s own
  static/precache.js (tools/precache.py);
* the vendor files the lab loads: the files of dist/ itself.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

from drivers import Driver, report
from nginx import SUB_PATH, Nginx
from page_support import BOOT_PATH
from par_support import TIMED, cli, figures, leaves, parse, result
from par_support import cli_sheet as sheet
from test_play import cpython

from engine import load_model

Step = Callable[[str], AbstractContextManager[None]]
LAB_TIMEOUT = 900.0  # 20,000 rounds in Pyodide in a worker, on a loaded 2-core machine
SW_TIMEOUT = 300.0  # the service worker's install fetches and hashes all of dist/ (~45 MB)
BET = load_model().default_bet


FIGURES = "[...document.querySelectorAll('[data-key]')].map((e) => [e.dataset.key, e.dataset.value])"


def check_figures(drv: Driver) -> int:
    """Every figure of the page against the CLI's sheet; returns how many were checked."""
    want = figures(sheet())
    shown = drv.eval(FIGURES)
    assert {k for k, _ in shown} == set(want)
    for key, raw in shown:
        assert parse(raw, want[key]) == want[key], key
    return len(shown)


def test_par_page_figures_and_a_seeded_lab_run(drv: Driver, server: Nginx, dist: Path, step: Step) -> None:
    seed, rounds = 20168, 20_000
    proc = cli("simulate", "--rounds", str(rounds), "--seed", str(seed), "--json")
    mark = server.log_mark()
    with step("open par.html from nginx"):
        drv.open(server.game + "par.html")
        assert drv.wait_state() == "ready"
    with step("every figure's data-value equals `python -m engine par --json`"):
        n = check_figures(drv)
        assert n > 50
    with step("the charts are drawn from the figures (one bar per win band)"):
        bands = [k for k in leaves(sheet()) if k.startswith("base_win_bands.")]
        drawn = drv.eval("document.querySelectorAll('rect[data-key^=\"base_win_bands.\"]').length")
        assert drawn == len(bands) > 0
    with step("a seeded lab run of 20,000 rounds equals the CLI's JSON"):
        got = drv.eval(f"window.lab.run({{rounds: {rounds}, seed: {seed}, buy: false}})", timeout=LAB_TIMEOUT)
        want = result(proc)
        assert set(got) == set(want)
        assert {k: v for k, v in got.items() if k not in TIMED} == {k: v for k, v in want.items() if k not in TIMED}
        report(drv.name, f"{drv.name}: lab, {rounds} rounds at {got['rounds_per_second']:.0f} rounds/s")
    with step("the lab's worker loaded only vendored files that dist/ holds, none missing"):
        log = server.page_requests_since(mark)
        assert [(p, s) for p, s in log if p.startswith(SUB_PATH) and s >= 400] == []
        asked = {p.split("?")[0][len(SUB_PATH):] for p, _ in log if "/static/vendor/" in p}
        assert all((dist / a).is_file() for a in asked), asked
        # The worker's runtime may come from the browser's HTTP cache (the game's tests loaded the
        # same immutable files in this browser session: WebKit keeps one session for the run), so
        # nginx need not see it; the worker reports the Python it booted instead.
        assert str(drv.eval("window.lab.python")).startswith("3."), "the lab's worker booted no Python"


def test_offline_after_one_visit(drv: Driver, dist: Path, step: Step) -> None:
    # A server of its own (its own origin, so its service worker stays out of the other tests),
    # stopped half-way: the second visit has no network at all.
    own = Nginx.start(dist)
    precache = json.loads((dist / "static/precache.js").read_text().split("self.PRECACHE = ", 1)[1].rstrip()[:-1])
    want = cpython(5, [(BET, False)])[0]
    try:
        with step("first visit: the game reaches ready"):
            drv.open(own.game + "?seed=5&speed=fast", service_workers=True)
            assert drv.wait_state() == "ready"
        with step("the service worker installs, caches dist/ under its version and controls the page"):
            drv.wait("navigator.serviceWorker.ready.then((r) => !!r.active && !!navigator.serviceWorker.controller)",
                     SW_TIMEOUT, 1.0)
            assert drv.eval("caches.keys()") == [f"boce-{precache['version']}"]
            assert drv.eval(f"caches.open('boce-{precache['version']}').then((c) => c.keys()).then((k) => k.length)") \
                == len(precache["files"])
        with step("nginx stopped: nothing answers any more"):
            own.stop()
            try:
                urllib.request.urlopen(own.game, timeout=5).close()
                raise AssertionError("the server still answers")
            except (urllib.error.URLError, ConnectionError):
                pass
        with step("offline: the game reaches ready from the cache, through the snapshot"):
            drv.goto(own.game + "?seed=5&speed=fast")
            assert drv.wait_state() == "ready", drv.eval("document.getElementById('status')?.textContent")
            assert drv.eval(BOOT_PATH) == "snapshot"
        with step("offline: a seeded round equals CPython's"):
            assert drv.eval("game.spin()") == want
        with step("offline: par.html shows its figures"):
            drv.goto(own.game + "par.html")
            assert drv.wait_state() == "ready"
            check_figures(drv)
        report(drv.name, f"{drv.name}: offline after one visit: game and par.html")
    finally:
        own.stop()
