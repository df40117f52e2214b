"""What the browser suites (tests/e2e, tests/xbrowser) and the browser tools (tools/bench_browser.py,
tools/lab_speed.py) share: the Chromium they launch, and the game page's own modules as the page's
JavaScript reaches them.

A module is imported by its URL relative to the page (`module("round/bridge.js")`), so the page hands
back the instance it loaded itself, not a copy: the engine behind static/js/round/bridge.js is the
page's own engine. Every expression here is plain JavaScript, for page.evaluate or a driver's eval.
"""

from __future__ import annotations

# Debian's Chromium (`playwright install` cannot download a browser here), and the flags that
# keep its own background traffic quiet: the integrators' pytest kit's (testkit/python), which
# the venv has installed, so our suites and theirs launch the same browser the same way.
from pytest_book_of_christmas_eve.chromium import CHROMIUM_ARGS
from pytest_book_of_christmas_eve.chromium import DEBIAN_CHROMIUM as CHROMIUM


def module(name: str) -> str:
    """A JavaScript expression: the promise of the page's module static/js/<name>."""
    return f"import('./static/js/{name}')"


BRIDGE = module("round/bridge.js")
# How the engine's interpreter was made ("snapshot", or "plain: " and why), asked of its worker
BOOT_PATH = f"{BRIDGE}.then((m) => m.engine.bootPath())"
# (code) => the value of a Python expression in the engine's interpreter (in its worker by default)
PYTHON = f"(code) => {BRIDGE}.then((m) => m.engine.python(code))"
# The engine worker's own Resource Timing ([url, transferSize] each; the worker fetches the
# runtime), asked of its Python; [] on a page without the engine (no window.bridge) or with it on
# the page (?engine=page: the page's own timing has those files).
WORKER_RESOURCES = f"""(async () => {{
    if (!window.bridge) return [];
    const {{ engine, engineMode }} = await {BRIDGE};
    if (engineMode !== 'worker') return [];
    return JSON.parse(await engine.python("import js, json\\njson.dumps([[e.name, e.transferSize] "
        + "for e in js.performance.getEntriesByType('resource')])"));
}})()"""


# Injected before the page's scripts: every event of 16 ms or more (Event Timing), and whether
# the page was still loading when the event began (tests/e2e/test_phone.py, tools/bench/phone.py):
# the state at its start time, from the changes of <html data-state> as they happen. (The state
# when the entry is reported, a frame or more later, counted a tap made while loading whose
# answer came after `ready` as a tap while playing.)
EVENTS = """(() => {
    const seen = window.__events = [];
    const changes = [[0, document.documentElement?.dataset.state ?? "loading"]];
    new MutationObserver((records) => {
        for (const r of records) {
            if (r.target === document.documentElement) changes.push([performance.now(), r.target.dataset.state]);
        }
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
    const stateAt = (t) => changes.reduce((s, [when, state]) => (when <= t ? state : s), "loading");
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) seen.push({ name: e.name, duration: e.duration,
            loading: stateAt(e.startTime) === "loading" });
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
})();"""

# The worker's wasm memory (Pyodide's heap, which only grows) in bytes, as a PYTHON snippet.
WASM_BYTES = "import pyodide_js\npyodide_js._module.HEAP8.length"
