"""A boot file whose request is held and never answered (a stall) does not hold the page for ever:
it is given up and asked for again, then the page falls back where it can (the figures: none; the
language: English; the first paint's model: the real request) or shows its error screen with the
words of docs/boot.md "Failed downloads" and Retry (issue 47, point 2).

The stalls are made as in test_boot_retry.py (its `fail(..., stall=True)`: a Playwright route that
holds a file's requests with no byte), under `?stallMs=1500`, the tests' shorter stall timeout.
Expected values:
- the documented time (docs/boot.md "Failed downloads", its limits): a file is given up after
  ATTEMPTS stalls of stallMs each and the back-off between them (BACKOFF_MS, each x 1.2 at most),
  the numbers read from static/js/core/download.js; BOOT_SLACK_S on top is the boot's own work
  between the tries (a new worker or a reloaded page each), a generous bound for the busy 2-core
  machine: today's code never ends at all;
- the texts are the language tables' (the `tables` fixture), {file} filled with the file's path
  from the site's root;
- the tries of a stalled worker module are ATTEMPTS workers, each asking for it once.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from e2e_harness import REPO_ROOT, Site, Watch
from page_support import module
from playwright.sync_api import BrowserContext, Page, expect
from test_boot_retry import ALWAYS, ASM_JS, WORKER, attempts, fail

STALL_MS = 1500
BOOT_SLACK_S = 30
LANG_TABLE = "static/i18n/de.json"
PAR = "static/par.json"
MODEL_JSON = "engine/data/model.json"
OUR_LOADER = "static/boot/pyodide.mjs"
SEQUENCER = "static/js/round/sequencer.js"


def documented_s() -> float:
    """ATTEMPTS x stallMs and the longest back-off between the tries, in seconds (docs/boot.md),
    the numbers as static/js/core/download.js has them."""
    source = (REPO_ROOT / "static/js/core/download.js").read_text()
    tries = int(re.findall(r"const ATTEMPTS = (\d+);", source)[0])
    backoff = json.loads(re.findall(r"const BACKOFF_MS = (\[[^\]]*\]);", source)[0])
    return tries * STALL_MS / 1000 + sum(backoff) * 1.2 / 1000


def settled(page: Page, started: float) -> tuple[str | None, float]:
    """The page's data-state once it is no longer loading (within the documented time and the
    boot's own work), and the seconds that took."""
    page.wait_for_selector("html:not([data-state=loading])", state="attached",
                           timeout=(documented_s() + BOOT_SLACK_S) * 1000)
    return page.locator("html").get_attribute("data-state"), time.monotonic() - started


def open_stalled(context: BrowserContext, watch: Watch, url: str) -> tuple[Page, float]:
    page = context.new_page()
    watch.attach(page)
    started = time.monotonic()
    page.goto(url, wait_until="commit")
    return page, started


def ends_in_retry_naming(page: Page, started: float, file: str, tables: dict[str, dict[str, str]]) -> None:
    """The page ends in the error screen naming `file` (the English table's boot.failed) with
    Retry, within the documented time (docs/boot.md "Failed downloads")."""
    state, took = settled(page, started)
    assert state == "error", page.locator("#status").text_content()
    expect(page.locator("#status")).to_have_text(tables["en"]["boot.failed"].replace("{{file}}", file))
    expect(page.locator("#retry")).to_be_visible()
    assert took < documented_s() + BOOT_SLACK_S


# (the worker's own script too: a worker whose script stalls says nothing, and a new one asks again)
@pytest.mark.parametrize("file", [OUR_LOADER, ASM_JS, WORKER])
def test_a_worker_module_that_stalls_ends_in_the_error_screen_with_retry(
    context: BrowserContext, watch: Watch, site: Site, tables: dict[str, dict[str, str]], file: str
) -> None:
    # (today: the worker's import() of it waits for ever, and the page says "Loading..." past 240 s)
    held = fail(context, file, ALWAYS, stall=True)
    page, started = open_stalled(context, watch, site.root + f"?stallMs={STALL_MS}&speed=fast")
    ends_in_retry_naming(page, started, file, tables)
    assert held.count == attempts(page)  # a new worker per try, each asking for it once

    held.fail = 0  # the connection is back: Retry reaches ready
    page.locator("#retry").click()
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=60_000)


def test_a_stalled_language_table_falls_back_to_english(
    context: BrowserContext, watch: Watch, site: Site, tables: dict[str, dict[str, str]]
) -> None:
    # lang=de with static/i18n/de.json held: the documented fallback (docs/boot.md) is English
    # (today: language.js waits for ever, and so does everything after it)
    held = fail(context, LANG_TABLE, ALWAYS, stall=True)
    page, started = open_stalled(context, watch, site.root + f"?lang=de&stallMs={STALL_MS}&seed=21&speed=fast")
    state, took = settled(page, started)
    assert state == "ready", page.locator("#status").text_content()
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.locator("#status")).to_have_text(tables["en"]["load.ready"])
    assert held.count == attempts(page)  # a table is a file (i18n.js download()): tried ATTEMPTS times
    assert took < documented_s() + BOOT_SLACK_S


def test_stalled_figures_are_given_up_and_the_game_starts_without_them(
    context: BrowserContext, watch: Watch, site: Site
) -> None:
    # static/par.json held every time: tried ATTEMPTS times, then the game starts without its
    # figures (parsheet.js: null, "the info screen and the stake information then say so")
    # (today: app.js awaits the plain fetch() for ever and the page says "Preparing the reels...")
    held = fail(context, PAR, ALWAYS, stall=True)
    page, started = open_stalled(context, watch, site.root + f"?stallMs={STALL_MS}&seed=22&speed=fast")
    state, took = settled(page, started)
    assert state == "ready", page.locator("#status").text_content()
    assert held.count == attempts(page)
    assert page.evaluate(f"{module('start/parsheet.js')}.then((m) => m.parReady)") is None
    assert took < documented_s() + BOOT_SLACK_S


def test_a_stalled_model_preload_is_asked_for_again(context: BrowserContext, watch: Watch, site: Site) -> None:
    # only the first request of the model file (index.html's preload, which firstpaint.js's fetch
    # takes) is held: the first paint gives it up after stallMs and asks again, and the game starts
    # (today: the fetch joins the held preload for ever and the page says "Preparing the reels...")
    held = fail(context, MODEL_JSON, stall=True)
    page, started = open_stalled(context, watch, site.root + f"?stallMs={STALL_MS}&seed=23&speed=fast")
    state, took = settled(page, started)
    assert state == "ready", page.locator("#status").text_content()
    assert len(held.held) == 1 and held.count >= 2  # (the worker reads it too, on its own request)
    assert page.evaluate("performance.getEntriesByName('reels-painted').length") == 1  # painted from the second
    assert took < documented_s() + BOOT_SLACK_S


def test_a_stalled_module_deep_in_the_page_is_named(
    context: BrowserContext, watch: Watch, site: Site, tables: dict[str, dict[str, str]]
) -> None:
    # issue 47, point 9: static/js/round/sequencer.js (imported by app.js only) held every time;
    # the page is loaded again ATTEMPTS times (earlyworker.js), then the error screen names the
    # module that did not come, not the first module script of index.html
    # (today: "... (static/js/start/language.js)")
    held = fail(context, SEQUENCER, ALWAYS, stall=True)
    page, started = open_stalled(context, watch, site.root + f"?stallMs={STALL_MS}&seed=24&speed=fast")
    ends_in_retry_naming(page, started, SEQUENCER, tables)
    assert held.count == attempts(page)


def test_a_frame_sandboxed_without_its_origin_is_told_so_not_connection_lost(
    context: BrowserContext, watch: Watch, site: Site, tables: dict[str, dict[str, str]]
) -> None:
    # issue 47, point 9: a frame sandboxed with "allow-scripts" alone has an opaque origin, where
    # every module of the page is refused (docs/hosting.md "Embedding": the frame needs a real
    # origin). The cause is the sandbox, not the connection, and no Retry helps
    # (today: "Connection lost ... (static/js/start/language.js)" with Retry)
    src = site.root + "?embed=1&speed=fast"
    html = ("<!doctype html><link rel=\"icon\" href=\"data:,\"><script>window.msgs = []; addEventListener('message', e => msgs.push(e.data));"
            f'</script><iframe id="g" sandbox="allow-scripts" src="{src}" width="900" height="640"></iframe>')
    url = site.root + "sandbox-host.html"
    context.route(url, lambda route: route.fulfill(body=html, content_type="text/html"))
    parent = context.new_page()
    watch.attach(parent)
    parent.goto(url)
    parent.wait_for_function("msgs.some(m => m.type === 'error')", timeout=(documented_s() + BOOT_SLACK_S) * 1000)
    errors = [m for m in parent.evaluate("msgs") if m.get("type") == "error"]
    assert [m["code"] for m in errors] == ["boot.sandboxed"]
    frame = parent.frame_locator("#g")
    expect(frame.locator("html")).to_have_attribute("data-state", "error")
    status = frame.locator("#status")
    expect(status).to_contain_text("allow-same-origin")
    expect(status).to_have_text(errors[0]["message"])
    assert tables["en"]["boot.failed"].split(":")[0] not in (status.text_content() or "")  # not "Connection lost"
    expect(frame.locator("#retry")).to_be_hidden()


def test_on_the_page_a_stalled_loader_ends_in_the_error_screen(
    context: BrowserContext, watch: Watch, site: Site, tables: dict[str, dict[str, str]]
) -> None:
    # ?engine=page: bridge.js imports our loader on the page; a stalled module cannot be asked
    # for again there (an import() joins the held fetch), so it is given up after one stall
    # (today: the retried import() of bridge.js has no watchdog and waits for ever)
    held = fail(context, OUR_LOADER, ALWAYS, stall=True)
    page, started = open_stalled(context, watch, site.root + f"?engine=page&stallMs={STALL_MS}&speed=fast")
    ends_in_retry_naming(page, started, OUR_LOADER, tables)
    assert held.count == 1
