"""Python runs in a Web Worker, never on the page's main thread (docs/boot.md), and the engine
answers the page through it.

What pins the architecture (not a timing): an init script (it runs in the page before any of its
scripts, and in no worker) counts every WebAssembly compilation or instantiation the main thread
starts; it must see none, while the game is ready and plays the seeded rounds CPython plays
(`play_round(load_model(), 100, Random(seed))`, the seeded-page contract). The main thread also
has no Pyodide global and fetched none of the runtime's files (its resource timeline), the Python
that answers says it runs in a `DedicatedWorkerGlobalScope`, and Playwright lists the engine's
worker. The main thread's long tasks until `ready` are recorded by a `longtask` observer and
printed; the hard 200 ms figure is `make bench`'s (tools/bench_browser.py), since on this loaded
2-core machine the page's own work (module evaluation, first paint, first render) can stretch
past it. Here the longest is held, in the same test and so under the same load, under half the
longest task of the bench's bare page (tools/bench/bare.html: the pinned Pyodide booted on its
main thread and `1+1`), whose instantiation task a main-thread boot cannot avoid.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from e2e_harness import BOOT_TIMEOUT_MS, Game, Site
from page_support import BRIDGE, PYTHON
from playwright.sync_api import BrowserContext

from engine import load_model, play_round

MODEL = load_model()

# Before any page script: wraps every entry point that compiles or instantiates WebAssembly on
# the main thread, and records long tasks (buffered: those before the observer too).
PROBE = """(() => {
    const probe = window.__probe = { wasm: [], long: [], ready: null };
    const W = WebAssembly;
    for (const name of ["compile", "compileStreaming", "instantiate", "instantiateStreaming"]) {
        const real = W[name];
        W[name] = function (...args) { probe.wasm.push(name); return real.apply(this, args); };
    }
    for (const name of ["Module", "Instance"]) {
        const Real = W[name];
        W[name] = new Proxy(Real, { construct(target, args, newTarget) {
            probe.wasm.push(name);
            return Reflect.construct(target, args, newTarget);
        } });
    }
    try {
        new PerformanceObserver((list) => {
            for (const e of list.getEntries()) probe.long.push([Math.round(e.startTime), Math.round(e.duration)]);
        }).observe({ type: "longtask", buffered: true });
    } catch {}
    new MutationObserver(() => {
        if (probe.ready === null && document.documentElement.dataset.state === "ready") probe.ready = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
})();"""



def longest_task(probe: dict, what: str) -> int:
    """The longest main-thread task until ready (ms), printed with all of them."""
    before_ready = [(start, duration) for start, duration, *_ in probe["long"] if start < probe["ready"]]
    longest = max((d for _, d in before_ready), default=0)
    print(f"\n{what}: main-thread long tasks until ready at {probe['ready']:.0f} ms (start, ms):"
          f" {before_ready}; longest {longest} ms")
    return longest


def test_python_runs_in_the_worker_not_on_the_main_thread(context: BrowserContext,
                                                         open_game: Callable[..., Game], site: Site) -> None:
    context.add_init_script(PROBE)
    game = open_game(site.root + "?seed=3&speed=fast")
    page = game.page
    probe = page.evaluate("window.__probe")
    # no WebAssembly was compiled or instantiated on the main thread, and no Pyodide is there
    assert probe["wasm"] == []
    assert page.evaluate("() => typeof pyodide === 'undefined' && typeof loadPyodide === 'undefined'")
    main_thread_files = page.evaluate(
        "() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)")
    # (Chromium lists the worker's static module graph here, engine-worker.mjs, our loader and
    # Pyodide's small pyodide.mjs, as fetched for the worker; the runtime itself, the wasm, its
    # JavaScript half, the standard library and the snapshot, is the worker's own traffic)
    runtime = ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip", "engine.snap")
    assert "/static/boot/engine-worker.mjs" in main_thread_files  # the timeline is the page's own
    assert not [f for f in main_thread_files if f.endswith(runtime)]
    assert not [f for f in main_thread_files if "/vendor/pyscript/core.js" in f]
    # the engine's worker is running, and the Python that answers lives in a worker's scope
    assert [w.url for w in page.workers if w.url.endswith("/static/boot/engine-worker.mjs")]
    scope = page.evaluate(PYTHON, "import js; str(js.self.constructor.name)")
    assert scope == "DedicatedWorkerGlobalScope"
    assert page.evaluate(f"() => {BRIDGE}.then((m) => m.engineMode)") == "worker"
    # and it is the engine: seeded rounds equal CPython's k-th play_round(model, 100, Random(3))
    rng = random.Random(3)
    for _ in range(3):
        want = play_round(MODEL, 100, rng).to_dict()
        got = page.evaluate("game.spin()")
        assert [s["stops"] for s in got["spins"]] == [s["stops"] for s in want["spins"]]
        assert got["total_win"] == want["total_win"]
    # the long tasks of the main thread until ready, reported (the bench holds them to 200 ms)
    longest = longest_task(probe, "game")
    # Second method, same machine and load: the bare page of `make bench` (tools/bench/bare.html:
    # the pinned Pyodide booted on its main thread, then `1+1`). Its longest task holds Pyodide's
    # instantiation; with Python in the worker the game's longest task must be well below it.
    bare = context.new_page()
    bare.goto(site.root + "tools/bench/bare.html")
    bare.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    bare_longest = longest_task(bare.evaluate("window.__probe"), "bare Pyodide page")
    assert longest < bare_longest / 2, (longest, bare_longest)


def test_a_round_call_crosses_to_the_worker_and_back(open_game: Callable[..., Game], site: Site) -> None:
    game = open_game(site.root + "?seed=9&speed=fast")
    # window.bridge's calls are asynchronous now (a message to the worker and its answer) and
    # resolve to the engine's JSON: the first round of Random(9) at bet 100, as CPython plays it
    want = play_round(MODEL, 100, random.Random(9)).to_dict()
    got = game.page.evaluate("""async () => {
        const pending = bridge.playRound(100, false);
        const isPromise = pending instanceof Promise;
        return { isPromise, answer: JSON.parse(await pending) };
    }""")
    assert got["isPromise"] is True
    assert got["answer"]["round"]["total_win"] == want["total_win"]
    assert [s["stops"] for s in got["answer"]["round"]["spins"]] == [s["stops"] for s in want["spins"]]
