"""The JavaScript tools/bench_browser.py runs in the pages it measures (page.evaluate or an init
script), by what each measures."""

from page_support import WORKER_RESOURCES

# Injected before any page script: records long tasks and the moment data-state becomes "ready".
PROBE = """(() => {
    const m = window.__bench = { long: [], ready: null };
    try {
        new PerformanceObserver((list) => {
            for (const e of list.getEntries()) m.long.push([e.startTime, e.duration]);
        }).observe({ type: "longtask", buffered: true });
    } catch {}
    const check = () => {
        if (m.ready === null && document.documentElement?.dataset.state === "ready") m.ready = performance.now();
    };
    new MutationObserver(check).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
})();"""

READ = """async () => {
    const m = window.__bench;
    const mark = performance.getEntriesByName("reels-painted")[0];
    const entries = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")];
    // The game's runtime is fetched by its engine worker (static/boot/engine-worker.mjs), whose
    // Resource Timing is its own, asked of its Python (none on the bare page: no window.bridge).
    const worker = (await """ + WORKER_RESOURCES + """).reduce((sum, [, size]) => sum + size, 0);
    return {
        ready: m.ready,
        painted: mark ? mark.startTime : null,
        longest: Math.max(0, ...m.long.filter(([start]) => start < m.ready).map(([, d]) => d)),
        bytes: entries.reduce((sum, e) => sum + (e.transferSize || 0), 0) + worker,
    };
}"""

FRAMES = """async (what) => {
    const deltas = [];
    let last = null, on = true;
    const tick = (t) => { if (last !== null) deltas.push(t - last); last = t; if (on) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    if (what === "spins") { for (let i = 0; i < 5; i++) await game.spin(); }
    else await game.buy();
    on = false;
    return deltas;
}"""

# rAF intervals for `ms` milliseconds; with `paint`, each frame first fills the page's canvas
# (#c, CANVAS_PAGE) and moves a square on it. Without, the page's own cadence (of an empty page:
# the machine's).
RAF_INTERVALS = """async ([ms, paint]) => {
    const c = paint ? document.getElementById("c").getContext("2d") : null;
    const deltas = [];
    let last = null;
    await new Promise((done) => {
        const t0 = performance.now();
        const tick = (t) => {
            if (c) {
                c.fillStyle = "#0b1436"; c.fillRect(0, 0, 821, 492);
                c.fillStyle = "#ffd84a"; c.fillRect((t / 4) % 760, 200, 60, 60);
            }
            if (last !== null) deltas.push(t - last);
            last = t;
            if (t - t0 < ms) requestAnimationFrame(tick); else done();
        };
        requestAnimationFrame(tick);
    });
    return deltas;
}"""

# The baseline of the frame figures: a page that only animates a canvas of the game's size (at
# the default 1280x720 viewport) with a moving square: the same path to the screen (canvas, then
# compositing without a GPU) with next to no work per frame, so its p95 is what the machine gives.
CANVAS_PAGE = """<!doctype html><html><body style="margin:0;background:#000">
<canvas id="c" width="821" height="492" style="width:821px;height:492px"></canvas></body></html>"""




# Where frame time goes (--frames-only, on a ?debug=1 page): the renderer's draw timed per call,
# its reel layer separately (recording only), and long animation frames (over 50 ms) with their script time.
PROFILE_DRAW = """() => {
    const r = window.debugGame.renderer;
    const p = window.__prof = { draw: [], reels: [], loaf: [] };
    const wrap = (name, into) => {
        const f = r[name].bind(r);
        r[name] = (...a) => { const t = performance.now(); const v = f(...a); into.push(performance.now() - t); return v; };
    };
    // The canvas records its drawing and rasterises it later (at the frame's commit); reading one
    // pixel makes it rasterise inside the timed call, so `draw` is the whole cost of the drawing.
    const f = r._draw.bind(r);
    r._draw = (now) => { const t = performance.now(); f(now); r.ctx.getImageData(0, 0, 1, 1); p.draw.push(performance.now() - t); };
    wrap("_drawReels", p.reels);
    try {
        new PerformanceObserver((list) => {
            for (const e of list.getEntries()) {
                p.loaf.push({ duration: e.duration, render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
                    style: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
                    scripts: e.scripts.map((s) => [s.sourceFunctionName || s.invoker, Math.round(s.duration)]) });
            }
        }).observe({ type: "long-animation-frame" });
    } catch {}
}"""

# The cost of one frame of the canvas in set states (--frames-only): the frame loop is paused and
# frames are drawn back to back for `ms` each, each rasterised at once (a one-pixel read), so the
# figure is the drawing plus its rasterisation, without the wait for the display.
STATE_COST = """([state, ms]) => {
    const r = window.debugGame.renderer;
    const draw = r.__undecorated ??= Object.getPrototypeOf(r)._draw.bind(r);
    const loop = r._draw;
    r._draw = () => {};
    const pl = window.debugGame.sequencer.model.paylines;
    r.clearWins();
    const t0 = performance.now();
    if (state === "win lines") r.showAllLines([0, 1, 2, 3, 4].map((l) => ({ line: l, positions: [0, 1, 2].map((i) => [i, pl[l][i]]) })), pl);
    if (state === "wild reels") { r.setFree(true); r.expandWild(1, 0, 3); r.expandWild(3, 1, 2); for (const w of r.state.wilds.values()) w.t0 = t0 - 1e4; }
    if (state === "coins") { r.burst(80); for (const q of r.state.particles) q.life = 1e9; }
    const out = [];
    let now = t0;
    while (performance.now() - t0 < ms) {
        now += 1000 / 60;
        if (state === "spinning") r.reels.reels.forEach((x) => { x.p = 10 + ((now / 40) % 10); x.velocity = 20 + (Math.floor(now / 100) % 7); x.spinning = true; });
        const t = performance.now();
        draw(now);
        r.ctx.getImageData(0, 0, 1, 1);
        out.push(performance.now() - t);
    }
    r.reels.reels.forEach((x) => { x.p = 0; x.velocity = 0; x.spinning = false; });
    r.clearWins(); r.setFree(false); r.state.particles = [];
    r._draw = loop;
    return out;
}"""

PROFILE_READ = """() => { const p = window.__prof; const out = { draw: [...p.draw], reels: [...p.reels], loaf: [...p.loaf] };
    p.draw.length = 0; p.reels.length = 0; p.loaf.length = 0; return out; }"""

ROUND_CALLS = """async () => {
    const times = [];
    for (let i = 0; i < 200; i++) {
        const t = performance.now();
        JSON.parse(await bridge.playRound(100, false)); // a message to the engine's worker and back
        times.push(performance.now() - t);
    }
    return times;
}"""
