// @ts-check
// Starts the engine's worker (static/boot/engine-worker.mjs) from the top of index.html, as soon
// as the HTML arrives: a classic async script, run the moment it is loaded, before the page's
// stylesheets and module scripts (which wait for each other and for the whole HTML). On a phone's
// network the module scripts ran about 1.4 s after the first byte; the worker, which then
// downloads the runtime, started only then. bridge.js takes the worker over when it runs, with
// the messages the worker sent meanwhile (handOver below); without this script (or under
// ?poster=1, where nothing of the runtime loads before Play, and ?engine=page, where Python runs
// on the page) bridge.js starts the worker itself, as before.
//
// It also watches the page's own module scripts (docs/boot.md "Failed downloads"): a module of
// a `<script type="module">`'s graph that did not download makes that script fail as a whole (an
// `error` event on it, no more). It is imported again (import(): the browser fetches again what
// failed, and only that), ATTEMPTS times in all with a back-off, then the page shows its error
// screen with a Retry button (static/js/start/startup.js reportDownloadFailure, or, if that module
// cannot be loaded either, the same in English from here).
(() => {
    const here = /** @type {HTMLScriptElement} this classic script, running */ (document.currentScript).src;
    // (in English: the tables are modules, which such a frame cannot load)
    const SANDBOXED = "This game cannot run in this frame: it is sandboxed without allow-same-origin, which the game needs." +
        " The site that embeds it must allow it (sandbox=\"allow-scripts allow-same-origin\").";

    // ---- a frame without an origin of its own: said at once, nothing started ----
    // A frame sandboxed without allow-same-origin (docs/hosting.md "Embedding") has an opaque
    // origin: every module of the page is a cross-origin request then, refused without a byte, and
    // so is the engine's worker. No download failed and no Retry helps: the host must allow it.
    if (self.origin === "null" && /^https?:$/.test(location.protocol)) {
        const root = document.documentElement;
        const message = SANDBOXED;
        root.dataset.state = "error";
        root.removeAttribute("data-lang-pending");
        const status = document.getElementById("status");
        if (status) status.textContent = message;
        else {
            document.addEventListener("DOMContentLoaded", () => {
                /** @type {HTMLElement} index.html's */ (document.getElementById("status")).textContent = message;
            });
        }
        if (window.parent !== window) {
            try {
                window.parent.postMessage({ source: "book-of-christmas-eve", type: "error", message, code: "boot.sandboxed" }, "*");
            } catch { /* a closed parent */ }
        }
        return;
    }

    // ---- the page's modules: tried again, then the error screen ----
    const ATTEMPTS = 4; // tries per file, the first included; the same in static/js/core/download.js
    const BACKOFF_MS = [500, 1500, 4000]; // before the 2nd, 3rd and 4th (x 0.8-1.2)
    /** @type {(tries: number) => Promise<void>} */
    const pause = (tries) => new Promise((wake) => setTimeout(wake,
        BACKOFF_MS[Math.min(tries, BACKOFF_MS.length) - 1] * (0.8 + 0.4 * Math.random())));
    /** @type {(url: string) => string} */
    const path = (url) =>
        (url.startsWith(new URL("../../../", here).href) ? url.slice(new URL("../../../", here).href.length) : url).split(/[?#]/)[0];
    // (each engine's words for a module that could not be fetched, not one that threw)
    const NOT_FETCHED = /dynamically imported module|importing a module script failed|error loading/i;
    /** @type {Set<string>} the module scripts (src) that failed and have not loaded since */
    const failed = new Set();
    let recovering = false;

    /** The scripts whose download failed so far, as Resource Timing tells (a status of 0). */
    const failedScripts = () => /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"))
        .filter((e) => e.responseStatus === 0 && /\.m?js$/.test(new URL(e.name).pathname));
    /** The module that did not come, as far as Resource Timing tells, else the script's own file.
     *  @param {string} src @returns {string} */
    function missing(src) {
        const scripts = failedScripts();
        return path(scripts.length ? scripts[scripts.length - 1].name : src);
    }

    // A round per try: after the back-off, the scripts that failed are imported again, in the
    // page's order, up to the first that fails (a module that failed is not kept: two importers
    // of it would ask for it twice). ATTEMPTS requests of a file in all, the page's own load
    // included (counted in Resource Timing, where the browser lists failed requests; else a
    // round is a try).
    /** @param {string} src */
    async function recover(src) {
        failed.add(src);
        if (recovering) return;
        recovering = true;
        for (let tries = 1; ; ) {
            await pause(tries);
            let still = null;
            for (const script of [...failed]) {
                try {
                    await import(script);
                    failed.delete(script);
                } catch (thrown) {
                    // one that came and threw is watchdog.js's to report
                    const error = /** @type {{ message?: unknown } | null | undefined} any thrown value */ (thrown);
                    if (!NOT_FETCHED.test(String(error?.message ?? error))) { failed.delete(script); continue; }
                    still = script;
                    break;
                }
            }
            if (still === null) { recovering = false; return; }
            const file = missing(still);
            tries = Math.max(tries + 1, failedScripts().filter((e) => path(e.name) === file).length);
            console.info(`${file}: try ${tries} of ${ATTEMPTS} failed`);
            if (tries >= ATTEMPTS) return giveUp(file);
        }
    }

    /** @param {string} file */
    function giveUp(file) {
        import(new URL("./startup.js", here).href)
            .then((startup) => startup.reportDownloadFailure(file))
            .catch(() => inEnglish(file)); // startup.js did not come either: the screen is written here, in English
    }

    // The page's own modules did not load, its tables neither: startup.js's screen, in English
    // (static/i18n/en.json "boot.failed").
    const FAILED_IN_ENGLISH = "Connection lost: the game could not be loaded. Check your connection and try again. ({file})";
    /** @param {string} file */
    function inEnglish(file) {
        const root = document.documentElement;
        if (root.dataset.state !== "loading") return;
        root.dataset.state = "error";
        root.removeAttribute("data-lang-pending");
        const message = FAILED_IN_ENGLISH.replace("{file}", file);
        const status = document.getElementById("status");
        if (status) status.textContent = message;
        const button = document.getElementById("retry"); // its text is index.html's English
        if (button) {
            button.addEventListener("click", () => location.reload(), { once: true });
            button.hidden = false;
            button.focus();
        }
        if (window.parent !== window) {
            try {
                window.parent.postMessage({ source: "book-of-christmas-eve", type: "error", message, code: "boot.download", file }, "*");
            } catch { /* a closed parent */ }
        }
    }

    /** A module script of the page's own (with a src). @type {(node: EventTarget | null) => node is HTMLScriptElement} */
    const isEntry = (node) => node instanceof HTMLScriptElement && node.type === "module" && Boolean(node.src);
    // (an element's error does not bubble: heard on its way down)
    addEventListener("error", (event) => { if (isEntry(event.target)) recover(event.target.src); }, true);
    // This script may run after the module scripts failed (it is async; their failure may come
    // first on a fast network): if a script of the page failed to download already, each entry
    // is imported again; one that ran is in the module map and costs no request.
    if (failedScripts().length) {
        for (const script of document.querySelectorAll("script[type=module][src]")) recover(/** @type {HTMLScriptElement} */ (script).src);
    }

    // ---- a page module that stalls: the page loaded again, then the error screen ----
    // A module script whose file (or a file of its graph) gets no byte holds the page for ever:
    // the browser waits on it, fires no event, and an import() of its URL only joins that same
    // fetch (the module map keeps one fetch per URL). Module scripts are deferred, so the
    // document's DOMContentLoaded waits for all of them to have run: while it has not come,
    // every resource the page completes (Resource Timing, a PerformanceObserver) is progress;
    // `stallMs` (20 s, as the engine's worker; ?stallMs=N for tests) without any is a stall.
    // The page is then loaded again after the back-off (a new module map, new requests), the
    // tries counted in sessionStorage, and after ATTEMPTS the error screen names the module.
    // Nothing more on the happy path: one observer and one timer, gone at DOMContentLoaded.
    const params = new URLSearchParams(location.search);
    const stallMs = Number(params.get("stallMs")) >= 100 ? Number(params.get("stallMs")) : 20_000;
    const STALLS = "boce.moduleStalls " + location.href; // sessionStorage: stalled loads so far
    const stalls = {
        // without sessionStorage (blocked, full) a stall counts as the last try: never a reload without end
        get() { try { return Number(sessionStorage.getItem(STALLS)) || 0; } catch { return ATTEMPTS - 1; } },
        /** @param {number} n */
        set(n) {
            // (no sessionStorage: get() counts the last try)
            try { if (n) sessionStorage.setItem(STALLS, String(n)); else sessionStorage.removeItem(STALLS); } catch { /* see above */ }
        },
    };
    /** @type {Set<string>} module scripts that have run (or failed) in this load */
    const evaluated = new Set();
    // (on the document: an element's `load` is not dispatched to the window, even while capturing)
    document.addEventListener("load", (event) => { if (isEntry(event.target)) evaluated.add(event.target.src); }, true);
    const completed = () => new Set(/** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"))
        .filter((e) => e.responseEnd > 0).map((e) => e.name));
    const notRun = () => [.../** @type {NodeListOf<HTMLScriptElement>} */ (document.querySelectorAll("script[type=module][src]"))]
        .filter((s) => !evaluated.has(s.src));
    /** The module the page waits on: the first module script whose file did not complete, else
     *  the first that has not run (one of its imports is missing). */
    function waitedOn() {
        const done = completed();
        const scripts = notRun();
        return path((scripts.find((s) => !done.has(s.src)) ?? scripts[0])?.src ?? location.href);
    }
    // a module's static imports and re-exports (import ... from, a bare import of a path, export ... from)
    const IMPORTS = /(?:^|[\s;])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
    /** The module that did not come, found by walking the static imports of the module scripts
     *  that have not run (their sources from the HTTP cache) to the first file that did not
     *  complete; waitedOn() when there is none or the walk takes more than 2 s. */
    async function stalledModule() {
        const walk = (async () => {
            const done = completed();
            const queue = notRun().map((s) => s.src);
            const seen = new Set();
            while (queue.length) {
                const url = /** @type {string} the queue is not empty */ (queue.shift());
                if (seen.has(url)) continue;
                seen.add(url);
                if (!done.has(url)) return path(url);
                const text = await fetch(url, { cache: "force-cache" }).then((r) => (r.ok ? r.text() : ""), () => "");
                for (const m of text.matchAll(IMPORTS)) queue.push(new URL(m[1], url).href);
            }
            return null;
        })().catch(() => null); // a walk that fails names no module: waitedOn() below names one
        /** @type {Promise<null>} */
        const late = new Promise((wake) => setTimeout(() => wake(null), 2000));
        return (await Promise.race([walk, late])) ?? waitedOn();
    }
    // (this async script may run after the HTML is parsed, "interactive", but before the
    // module scripts: DOMContentLoaded has then not begun)
    const navigation = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType("navigation")[0]);
    const modulesPending = navigation ? navigation.domContentLoadedEventStart === 0 : document.readyState === "loading";
    if (modulesPending && typeof PerformanceObserver === "function") {
        /** @type {ReturnType<typeof setTimeout> | undefined} */
        let timer;
        const arm = () => { clearTimeout(timer); timer = setTimeout(stalled, stallMs); };
        const progress = new PerformanceObserver(arm);
        progress.observe({ type: "resource" });
        arm();
        document.addEventListener("DOMContentLoaded", () => {
            clearTimeout(timer);
            progress.disconnect();
            if (stalls.get()) stalls.set(0); // this load's modules all came
        }, { once: true });
        function stalled() {
            progress.disconnect();
            if (document.documentElement.dataset.state !== "loading") return;
            const tries = stalls.get() + 1;
            console.info(`${waitedOn()}: try ${tries} of ${ATTEMPTS} stalled (no data for ${(stallMs / 1000).toFixed(1)} s)`);
            if (tries >= ATTEMPTS) {
                stalls.set(0); // Retry starts with all its tries
                stalledModule().then((file) => {
                    // (startup.js may be what the page waits on: then in English from here)
                    setTimeout(() => inEnglish(file), Math.min(stallMs, 2000));
                    giveUp(file);
                });
                return;
            }
            stalls.set(tries);
            pause(tries).then(() => location.reload());
        }
    }

    // ---- the engine's worker ----
    if (params.get("poster") === "1" || params.get("engine") === "page" || typeof Worker !== "function") return;
    const worker = new Worker(new URL("../../boot/engine-worker.mjs", here), { type: "module", credentials: "omit" });
    /** @type {Array<MessageEvent | ErrorEvent>} the events so far, in their order */
    const held = [];
    /** @param {Event} event */
    const hold = (event) => held.push(/** @type {MessageEvent | ErrorEvent} */ (event));
    worker.addEventListener("message", hold);
    worker.addEventListener("error", hold);
    worker.postMessage({ type: "start", search: location.search });
    globalThis.__boceEngineWorker = {
        worker,
        /** bridge.js's listeners from now on, after the events held so far (in their order).
         *  @param {(event: MessageEvent) => void} onMessage @param {(event: ErrorEvent) => void} onError */
        handOver(onMessage, onError) {
            worker.removeEventListener("message", hold);
            worker.removeEventListener("error", hold);
            worker.addEventListener("message", onMessage);
            worker.addEventListener("error", onError);
            for (const event of held.splice(0)) {
                if (event.type === "message") onMessage(/** @type {MessageEvent} */ (event));
                else onError(/** @type {ErrorEvent} */ (event));
            }
        },
    };
})();
