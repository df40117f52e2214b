"""The PAR page (par.html) and its RTP lab, in headless Chromium.

Where the expected values come from:
* every figure: `python -m engine par --json`, run here on CPython (not static/par.json, which
  is what the page reads), compared through each element's data-key (JSON path) / data-value;
* the reel-strip and paytable tables: engine.load_model() (the engine's own reading of
  engine/data/model.json);
* a seeded lab run: `python -m engine simulate --rounds N --seed S [--buy] --json` on CPython;
  the lab runs the same engine in Pyodide in a Web Worker, so the two must agree exactly
  (all figures but the timing ones).
The page is opened once for the module (one Pyodide boot in the lab's worker).
"""

from __future__ import annotations

import json
import re
import statistics
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from e2e_harness import REPO_ROOT, Game, Site, Watch, boot, prepare_context
from par_support import TIMED, cli, cli_sheet, figures, leaves, parse, result
from playwright.sync_api import Browser, Page, expect

from engine import load_model

NAMES = {"SANTA": "Santa", "SNOWMAN": "Evil Snowman", "AXE": "Axe", "BAUBLE": "Bauble", "GIFT": "Gift"}
LAB_TIMEOUT_MS = 600_000  # 20,000 bought features take a while in Pyodide on a loaded machine


@pytest.fixture(scope="module")
def sheet() -> dict[str, Any]:
    return cli_sheet()  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def par_page(browser: Browser, browser_context_args: dict[str, Any], site: Site) -> Iterator[Game]:
    ctx = browser.new_context(**browser_context_args, viewport={"width": 1280, "height": 800})
    watch = Watch()
    prepare_context(ctx, watch)
    try:
        yield boot(ctx.new_page(), watch, site.root + "par.html")
        watch.assert_clean()  # no page/console/HTTP error and no outside request meanwhile
    finally:
        ctx.close()


def test_every_figure_of_the_sheet_is_on_the_page_with_its_value(par_page: Game, sheet: dict[str, Any]) -> None:
    want = figures(sheet)
    shown = par_page.page.eval_on_selector_all(
        "[data-key]", "els => els.map(e => [e.dataset.key, e.dataset.value, e.textContent])")
    assert shown
    keys = {key for key, _, _ in shown}
    assert keys == set(want), f"missing {sorted(set(want) - keys)}, unknown {sorted(keys - set(want))}"
    for key, raw, text in shown:
        assert parse(raw, want[key]) == want[key], key
        if not isinstance(want[key], bool):
            assert text.strip() or key.startswith(("specials.", "symbol_rtp.", "base_win_bands.")), key
    # Every figure is one of the sheet's: none is worked out on the page.
    assert par_page.page.locator("[data-derived]").count() == 0
    # The RTPs after the cap: one figure each, to 4 decimals.
    for key in ("rtp_capped", "buy_rtp_capped"):
        expect(par_page.page.locator(f'[data-key="{key}"]')).to_have_text(f"{100 * sheet[key]:.4f}%")


@pytest.mark.parametrize("kind", ["base", "buy"])
def test_max_win_odds_show_the_par_json_one_in_n(par_page: Game, sheet: dict[str, Any], kind: str) -> None:
    # Expected: static/par.json's max_win_odds.<kind> = N (the file the page reads; the CLI's
    # sheet must hold the same), shown as "1 in N" with N to the whole round, which both ends of
    # its proven bounds cap.max_win_odds_<kind> = [LOW, HIGH] round to as well.
    on_disk = json.loads((REPO_ROOT / "static" / "par.json").read_text(encoding="utf-8"))
    n = on_disk["max_win_odds"][kind]
    assert n == sheet["max_win_odds"][kind]
    low, high = on_disk["cap"][f"max_win_odds_{kind}"]
    assert round(low) == round(n) == round(high)
    page = par_page.page
    shown = page.locator(f'[data-key="max_win_odds.{kind}"]')
    assert float(shown.get_attribute("data-value") or "nan") == n
    expect(shown).to_have_text(f"{round(n):,}")
    card = page.locator(".par-stat-value", has=shown)
    expect(card).to_have_text(f"1 in {round(n):,}")


@pytest.mark.parametrize("prefix", ["base_win_bands.", "symbol_rtp.", "specials."])
def test_chart_bars_are_proportional_to_the_figures(par_page: Game, sheet: dict[str, Any], prefix: str) -> None:
    # Each bar (an SVG rect) carries its figure; its drawn width over the CLI's value must be the
    # same for every bar of a chart (a linear scale starting at zero).
    bars = par_page.page.eval_on_selector_all(
        f'rect[data-key^="{prefix}"]', "els => els.map(e => [e.dataset.key, e.getBBox().width])")
    want = leaves(sheet)
    assert len(bars) == len([k for k in want if k.startswith(prefix) and
                             (prefix != "specials." or k.endswith(".feature_value"))])
    scale = max(w for _, w in bars) / max(want[k] for k, _ in bars)
    for key, width in bars:
        assert width == pytest.approx(want[key] * scale, abs=0.5), key


def test_reel_strips_and_paytable_are_the_models(par_page: Game) -> None:
    model = load_model()  # the engine's own reading of engine/data/model.json
    page = par_page.page
    tables = page.locator("table.par-strips")
    assert tables.count() == 2  # base game and free spins
    for table, strips in zip(tables.all(), (model.base_strips, model.free_strips), strict=True):
        cells = table.evaluate("t => [...t.tBodies[0].rows].map(r => [...r.cells].slice(1).map(c => c.textContent))")
        got = [[row[reel] for row in cells if row[reel]] for reel in range(len(strips))]
        assert got == [list(s) for s in strips]
    rows = page.locator("table.par-paytable").evaluate(
        "t => [...t.tBodies[0].rows].map(r => [...r.cells].map(c => c.textContent))")
    # One row per paying symbol, in the model's order; columns 2..5 in a row, line-bet multiples.
    assert [NAMES.get(s, s) for s in model.paytable] == [row[0] for row in rows]
    for symbol, row in zip(model.paytable, rows, strict=True):
        want = [f"{p:,}×" if p else "–" for p in model.paytable[symbol][2:6]]
        assert row[1:] == want, symbol


@pytest.mark.parametrize(("seed", "buy"), [(20168, False), (7, True)])
def test_seeded_lab_run_equals_the_cli(par_page: Game, sheet: dict[str, Any], seed: int, buy: bool) -> None:
    rounds = 20_000
    proc = cli("simulate", "--rounds", str(rounds), "--seed", str(seed), *(["--buy"] if buy else []), "--json")
    page = par_page.page
    page.set_default_timeout(LAB_TIMEOUT_MS)
    got = page.evaluate("o => window.lab.run(o)", {"rounds": rounds, "seed": seed, "buy": buy})
    want = result(proc)
    assert set(got) == set(want)
    assert {k: v for k, v in got.items() if k not in TIMED} == {k: v for k, v in want.items() if k not in TIMED}
    assert got["rounds_per_second"] > 0
    # The page shows the verdict for that run: inside or outside the 95% band around it.
    lo, hi = sheet["cap"]["buy_rtp_capped" if buy else "rtp_capped"]
    inside = want["rtp"] - want["rtp_ci95"] <= hi and want["rtp"] + want["rtp_ci95"] >= lo
    verdict = page.locator("#lab-verdict")
    expect(verdict).to_be_visible()
    expect(verdict).to_have_attribute("data-inside", str(inside).lower())
    assert page.locator("html").get_attribute("data-lab") == "done"


def test_page_answers_clicks_while_the_lab_runs(par_page: Game) -> None:
    page = par_page.page
    page.set_default_timeout(LAB_TIMEOUT_MS)
    page.evaluate("""() => {
        window.__labRun = window.lab.run({ rounds: 10000000, seed: 3, buy: false });
        window.__clickDelays = [];
        // After the page's own handler (which redraws the chart): event creation -> response done.
        document.getElementById('lab-scale').addEventListener('click',
            (e) => window.__clickDelays.push(performance.now() - e.timeStamp));
    }""")
    done = page.locator("#lab-done")
    # Run alone, this test also waits for Pyodide to load in the worker: allow for a loaded machine.
    expect(page.locator("html")).to_have_attribute("data-lab", "running", timeout=LAB_TIMEOUT_MS)
    expect(done).not_to_have_text("–", timeout=LAB_TIMEOUT_MS)  # rounds are being played
    before = page.evaluate("() => window.__labRounds = document.getElementById('lab-done').textContent")
    for _ in range(5):
        page.click("#lab-scale")
        page.wait_for_timeout(150)  # spread the clicks over the run (not a wait for state)
    expect(done).not_to_have_text(before, timeout=LAB_TIMEOUT_MS)  # the run went on meanwhile
    delays = page.evaluate("window.__clickDelays")
    assert len(delays) == 5
    # The median, not the max: one click delayed by the OS on a loaded 2-core machine must not fail
    # the test; a main thread busy with the simulation would delay every click by whole steps.
    assert statistics.median(delays) < 100, delays
    page.evaluate("window.lab.stop()")
    stopped = page.evaluate("window.__labRun")
    assert 0 < stopped["rounds"] < 10_000_000
    expect(page.locator("html")).to_have_attribute("data-lab", "stopped")
    # A stopped run is the start of the same seeded run: the CLI with that many rounds agrees.
    want = result(cli("simulate", "--rounds", str(stopped["rounds"]), "--seed", "3", "--json"))
    assert {k: v for k, v in stopped.items() if k not in TIMED} == {k: v for k, v in want.items() if k not in TIMED}


@pytest.mark.parametrize(("options", "message"), [
    ({"rounds": 9_999, "seed": 1, "buy": False}, "Rounds must be a whole number from 10,000 to 10,000,000"),
    ({"rounds": 10_000_001, "seed": 1, "buy": False}, "Rounds must be"),
    ({"rounds": 20_000, "seed": 1.5, "buy": False}, "The seed must be a whole number"),
])
def test_lab_refuses_bad_input_with_a_message(par_page: Game, options: dict[str, Any], message: str) -> None:
    got = par_page.page.evaluate("o => window.lab.run(o).then(() => 'ran', e => e.message)", options)
    assert message in got


def test_form_shows_a_message_for_a_bad_seed(par_page: Game) -> None:
    page: Page = par_page.page
    page.fill("#lab-seed", "twelve")
    page.click("#lab-start")
    expect(page.locator("#lab-message")).to_contain_text("The seed must be a whole number")
    page.fill("#lab-seed", "1")


def test_game_info_screen_links_the_par_page() -> None:
    # The link lives in index.html's info dialog (static markup): check the file itself.
    html = (REPO_ROOT / "index.html").read_text()
    dialog = html[html.index('id="info-dialog"'):]
    dialog = dialog[:dialog.index("</dialog>")]
    assert 'href="./par.html"' in dialog


def test_policy_allows_only_the_own_origin_and_no_eval() -> None:
    # Like index.html's (tests/e2e/test_csp.py), minus 'unsafe-eval': the page loads no PyScript,
    # and Pyodide in the lab's worker needs only 'wasm-unsafe-eval'. Every run above is made under it.
    html = (REPO_ROOT / "par.html").read_text()
    match = re.search(r'http-equiv="Content-Security-Policy"\s+content="([^"]+)"', html)
    assert match, "par.html has no Content-Security-Policy meta"
    directives = {d.split()[0]: d.split()[1:] for d in match.group(1).split(";") if d.strip()}
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    for name, sources in directives.items():
        for source in sources:
            assert source.startswith("'") and source.endswith("'"), f"{name} allows {source}"


def test_page_works_from_a_sub_path(open_game: Callable[..., Game], site: Site, sheet: dict[str, Any]) -> None:
    # Relative URLs only: served under /sub/dir/, the page finds par.json and the model
    # (open_game fails on any HTTP error), and shows the same figures.
    page = open_game(site.sub + "par.html").page
    assert page.get_attribute('[data-key="rtp"]', "data-value") == repr(sheet["rtp"])
    assert page.locator("table.par-strips").count() == 2
