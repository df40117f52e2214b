// @ts-check
// The game's Python, off the page's main thread: a module worker that boots Pyodide with our
// loader (./pyodide.mjs: the memory snapshot of `make vendor`, a plain boot with a console note
// when it cannot be used), writes the files of pyscript.toml [files] and main.py into Pyodide's
// working directory (as PyScript did on the page; after a snapshot boot, only those a game reads
// before the first round, the rest after it), imports main.py (the bridge's Python) and
// answers the page's requests. Started by static/js/start/earlyworker.js (or static/js/round/bridge.js):
//     new Worker(url, { type: "module", credentials: "omit" })
// (no cookie is needed, and a request without credentials goes over connections of its own:
// over HTTP/1.1 the page's seventy small requests hold the six a host gets)
//
// Messages in:  { type: "start", search }           the page's location.search (its ?seed=N)
//               { id, method, args }                a bridge call (offer, playRound, checkRound,
//                                                   restoreRng, openReplay, shareSaved, scenario,
//                                                   playScenario; args as JSON-able values)
//               { id, method: "bootPath" | "python", args }   for the tests and the bench only
//               { type: "ping" }                    a call waits long: answered { type: "pong" }
// Messages out: { type: "progress", detail }        a stage for the loading screen ("Loading
//                                                   Pyodide", ...; bridge.js fires them on the
//                                                   page as PyScript's `py:progress` events)
//               { type: "ready", modelJson, seed, rngName, engineModule, bootPath }
//               { type: "error", message, traceback }   the game cannot start (readable message)
//               { type: "error", message, code: "boot.download", file, attempts }   a file the
//                                                   boot needs did not come after its tries
//               { type: "stalled", message, file }  a module of the runtime stalled: this worker
//                                                   cannot ask for it again (bridge.js starts another)
//               { id, result } | { id, failure }    a call's answer (a JSON string for the bridge)
//
// Every call's arguments and answer cross as one JSON string each way (main.EngineBridge.handle):
// a structured clone of a short string, ~0.1-1 ms per round here.
//
// This module imports nothing statically: a worker's static imports are all fetched before its
// first line runs, one level per round trip, and on a phone's network each waited behind the
// page's own requests. So its first lines ask for the runtime at once (earlyFetch below) and
// load its modules in parallel (import() of each level, deduplicated by the module map).

/** @typedef {import("./pyodide.mjs").BootGlobals} BootGlobals */
/** @typedef {import("./pyodide.mjs").SnapshotManifest} SnapshotManifest */
/** @typedef {import("./pyscript-files.mjs").ListedFile} ListedFile */
/** @typedef {import("../vendor/pyodide/pyodide.mjs").PyodideAPI} PyodideAPI */
/** @typedef {import("../vendor/pyodide/pyodide.mjs").PyProxy} PyProxy */
/** main.py's EngineBridge (a PyProxy): `handle` answers a bridge call, JSON text both ways.
 *  @typedef {PyProxy & { handle(method: string, argsJson: string): string }} EngineBridge */
/** main.py (a PyProxy of the module): its worker_start (JSON text: EngineStarted or EngineFailure)
 *  and the bridge that made.
 *  @typedef {PyProxy & { worker_start(search: string): string, worker_bridge: EngineBridge }} MainModule */
/** What the engine tells the page once started (main.py EngineBridge.started).
 *  @typedef {{ modelJson: string, seed: number | null, rngName: string, engineModule: string }} EngineStarted */
/** Why the engine could not start (main.py startup_failure).
 *  @typedef {{ message: string, traceback: string }} EngineFailure */
/**
 * A message in: see above (static/js/round/bridge.js). Anything else has none of these.
 * @typedef {{ type: "start", search?: string, id?: undefined }
 *     | { type: "ping", id?: undefined }
 *     | { type?: undefined, id: number, method: string, args?: readonly unknown[] }
 *     | { type?: undefined, id?: undefined }} EngineRequest
 */
/**
 * A message out: see above (static/js/round/bridge.js's WorkerMessage).
 * @typedef {{ type: "progress", detail: string }
 *     | { type: "ready", bootPath: string } & EngineStarted
 *     | { type: "error", message: string, traceback?: string }
 *     | { type: "error", message: string, code: typeof DOWNLOAD, file: string, attempts: number }
 *     | { type: "stalled", message: string, file: string }
 *     | { type: "pong" }
 *     | { id: number, result: unknown }
 *     | { id: number, failure: string }} EngineMessage
 */
/** What a try, the boot or a call may throw: any value.
 *  @typedef {{ message?: unknown } | null | undefined} Thrown */

// ---- downloads that fail or stall are retried (docs/boot.md "Failed downloads") ----------
// Every fetch() of the boot (ours, our loader's and Pyodide's: globalThis.fetch is wrapped below)
// and every import() of the runtime's modules is tried at most ATTEMPTS times, with a jittered
// back-off between tries. A request that gets no byte for `net.stallMs` (before its headers or
// in its body) is aborted and counts as failed; a body that breaks or stalls half-way is asked
// for again and continues where it broke (the bytes already delivered are skipped, once the
// new response is checked to be the same file), so its reader sees one whole body. Only silence
// is limited, never the total time: a slow link still delivers bytes, and only slows the boot.
// After the last try, a DownloadFailed (code "boot.download", the file) ends the boot with the
// page's error screen and its Retry button (static/js/start/startup.js).
const ATTEMPTS = 4; // tries per file: the first and three retries
const BACKOFF_MS = [500, 1500, 4000]; // before the 2nd, 3rd and 4th try, each x 0.8-1.2
// 20 s of silence: a slow 3G link (~50 kB/s) still brings a 64 kB chunk every second or two, and
// a phone that lost its signal in a tunnel gets it back within that; ?stallMs=N (tests) sets it
const net = { stallMs: 20_000 };
const ROOT = new URL("../../", import.meta.url); // the site's root (pyscript.toml, main.py)
const DOWNLOAD = "boot.download";

class DownloadFailed extends Error {
    /** @param {string} file from the site's root @param {string} why */
    constructor(file, why) {
        super(`${file} could not be downloaded (${why})`);
        /** @type {typeof DOWNLOAD} */
        this.code = DOWNLOAD;
        /** @type {string} */
        this.file = file;
    }
}
/** A URL as the player's error message names it: its path from the site's root. @type {(href: string) => string} */
const fileOf = (href) => (href.startsWith(ROOT.href) ? href.slice(ROOT.href.length) : href).split(/[?#]/)[0];
// The snapshot and its manifest are optional: without them the boot goes on plainly
const OPTIONAL = new URL("../vendor/snapshot/", import.meta.url).href;
/** @type {DownloadFailed | null} */
let lastFailure = null; // the DownloadFailed of a file the boot needs, once one has had its tries
/** @type {Map<string, number>} */
const failures = new Map(); // absolute URL -> tries that failed (ATTEMPTS per file and boot)
/** @type {Map<string, DownloadFailed>} */
const gaveUp = new Map(); // absolute URL -> its DownloadFailed
/** @type {(tries: number) => Promise<void>} */
const pause = (tries) => new Promise((wake) => setTimeout(wake,
    BACKOFF_MS[Math.min(tries, BACKOFF_MS.length) - 1] * (0.8 + 0.4 * Math.random())));

/** One more failed try of `href`: null while it has tries left, else its DownloadFailed.
 *  @param {string} href @param {string} why @returns {DownloadFailed | null} */
function failedOnce(href, why) {
    const tries = (failures.get(href) ?? 0) + 1;
    failures.set(href, tries);
    console.info(`${fileOf(href)}: try ${tries} of ${ATTEMPTS} failed (${why})`);
    return tries < ATTEMPTS ? null : giveUp(href, why);
}
/** @param {string} href @param {string} why @returns {DownloadFailed} */
function giveUp(href, why) {
    failures.set(href, ATTEMPTS);
    const failed = new DownloadFailed(fileOf(href), why);
    gaveUp.set(href, failed);
    if (!href.startsWith(OPTIONAL)) lastFailure = failed;
    return failed;
}

// Requests waiting for bytes, each since when; one timer checks them all while there are any.
// (Only a read that is waiting counts: a body nobody reads yet, such as the wasm before Pyodide
// asks for it, is not stalled.)
/** A request's watch (watch()): `wait()` as a read begins, `got()` as it gets bytes, `done()` at its end.
 *  @typedef {{ wait(): void, got(): void, done(): void }} Watch */
/** @type {Set<{ since: number, waiting: boolean, controller: AbortController }>} */
const watched = new Set();
/** @type {ReturnType<typeof setInterval> | null} */
let ticker = null;
/** @param {AbortController} controller aborted when the request stalls @returns {Watch} */
function watch(controller) {
    const entry = { since: 0, waiting: false, controller };
    watched.add(entry);
    ticker ??= setInterval(() => {
        const now = performance.now();
        for (const e of watched) {
            if (e.waiting && now - e.since > net.stallMs) {
                watched.delete(e);
                e.controller.abort(new Error(`no data for ${(net.stallMs / 1000).toFixed(1)} s`));
            }
        }
        if (!watched.size) { clearInterval(/** @type {ReturnType<typeof setInterval>} this one */ (ticker)); ticker = null; }
    }, Math.min(1000, Math.max(50, net.stallMs / 4)));
    return {
        wait() { entry.since = performance.now(); entry.waiting = true; },
        got() { entry.waiting = false; heard(); },
        done() { watched.delete(entry); },
    };
}

const nativeFetch = globalThis.fetch.bind(globalThis);
/** @type {(error: unknown) => string} */
const why = (error) => String(/** @type {Thrown} */ (error)?.message ?? error ?? "network error");

/** One try of `href`: the response once its headers are in (within net.stallMs), its body
 *  watched from then on (`seen`).
 *  @param {string} href @param {RequestInit} options @returns {Promise<{ response: Response, seen: Watch }>} */
async function tryOnce(href, options) {
    const controller = new AbortController();
    const abort = () => controller.abort(/** @type {AbortSignal} the caller's, there if it aborts */ (options.signal).reason);
    if (options.signal?.aborted) abort();
    options.signal?.addEventListener("abort", abort, { once: true });
    const seen = watch(controller);
    controller.signal.addEventListener("abort", () => seen.done(), { once: true });
    seen.wait();
    try {
        const response = await nativeFetch(href, { ...options, signal: controller.signal });
        seen.got();
        return { response, seen };
    } catch (error) {
        seen.done();
        throw error;
    }
}

/** fetch(), retried: see above. A caller's own abort is not retried. A server's error (5xx) is
 *  tried again; any other status is the caller's to read.
 *  @param {RequestInfo | URL} resource @param {RequestInit} [options] @returns {Promise<Response>} */
async function retryingFetch(resource, options = {}) {
    if (!(typeof resource === "string" || resource instanceof URL)) return nativeFetch(resource, options);
    const href = new URL(resource, self.location.href).href;
    for (;;) {
        if (gaveUp.has(href)) throw gaveUp.get(href);
        let attempt;
        try {
            attempt = await tryOnce(href, options);
        } catch (error) {
            if (options.signal?.aborted) throw error;
            const failed = failedOnce(href, why(error));
            if (failed) throw failed;
            await pause(/** @type {number} counted by failedOnce */ (failures.get(href)));
            continue;
        }
        const { response, seen } = attempt;
        if (response.status >= 500) {
            seen.done();
            if (failedOnce(href, `HTTP ${response.status}`)) return response; // the caller says it
            response.body?.cancel().catch(() => {}); // a body closed or broken already: nothing left to free
            await pause(/** @type {number} counted by failedOnce */ (failures.get(href)));
            continue;
        }
        if (!response.body) { seen.done(); return response; }
        return resumable(href, options, response, seen);
    }
}

// Whether `b` is the same file as `a` (so that its bytes continue a's): same length, and the same
// ETag or Last-Modified, which the server must have sent.
/** @param {Response} a @param {Response} b @returns {boolean} */
function sameFile(a, b) {
    /** @type {(name: string) => boolean} */
    const same = (name) => a.headers.get(name) === b.headers.get(name);
    const validated = ["etag", "last-modified"].some((name) => a.headers.get(name) !== null);
    return validated && same("content-length") && same("etag") && same("last-modified");
}

/** `first` with a body that, should it break or stall, is asked for again and continued (the
 *  bytes the new response repeats are skipped) until the file's tries are used up.
 *  @param {string} href @param {RequestInit} options @param {Response} first with a body
 *  @param {Watch} firstSeen its watch @returns {Response} */
function resumable(href, options, first, firstSeen) {
    let reader = /** @type {ReadableStream<Uint8Array<ArrayBuffer>>} retryingFetch's check */ (first.body).getReader();
    let seen = firstSeen;
    let delivered = 0; // bytes handed to the reader
    let skip = 0; // bytes of the current response still to skip
    async function resume() {
        for (;;) {
            await pause(/** @type {number} counted by failedOnce */ (failures.get(href)));
            let next;
            try {
                next = await tryOnce(href, options);
            } catch (error) {
                if (options.signal?.aborted) throw error;
                const failed = failedOnce(href, why(error));
            if (failed) throw failed;
                continue;
            }
            if (!next.response.ok || !next.response.body) {
                next.seen.done();
                next.response.body?.cancel().catch(() => {}); // closed or broken already: nothing left to free
                const failed = failedOnce(href, `HTTP ${next.response.status}`);
                if (failed) throw failed;
                continue;
            }
            if (!sameFile(first, next.response)) {
                next.seen.done();
                next.response.body.cancel().catch(() => {}); // closed or broken already: nothing left to free
                throw giveUp(href, "it changed on the server while it came");
            }
            ({ seen } = next);
            reader = next.response.body.getReader();
            skip = delivered;
            return;
        }
    }
    const body = new ReadableStream({
        async pull(out) {
            for (;;) {
                let chunk;
                seen.wait();
                try {
                    chunk = await reader.read();
                } catch (error) {
                    seen.done();
                    if (options.signal?.aborted) throw error;
                    const failed = failedOnce(href, why(error));
            if (failed) throw failed;
                    await resume();
                    continue;
                }
                seen.got();
                if (chunk.done) {
                    seen.done();
                    if (skip > 0) throw giveUp(href, "shorter than before");
                    out.close();
                    return;
                }
                let value = chunk.value;
                if (skip >= value.byteLength) { skip -= value.byteLength; continue; }
                if (skip > 0) { value = value.subarray(skip); skip = 0; }
                delivered += value.byteLength;
                out.enqueue(value);
                return;
            }
        },
        cancel(reason) {
            seen.done();
            return reader.cancel(reason);
        },
    });
    return new Response(body, { status: first.status, statusText: first.statusText, headers: first.headers });
}

// The runtime's modules (every level of the module graph at once: our loader, which starts the
// boot as it runs, Pyodide's loader it imports, and the wasm's JavaScript half), imported
// together and, should one not come (a browser fetches a module that failed again on the next
// import()), imported again together: a round is one try of each, so that a module two of them
// import (Pyodide's loader) is asked for once a round. `runtimeModule(url)` is each one's promise;
// our loader takes Pyodide's JavaScript half through it (static/boot/pyodide.mjs).
const NOT_FETCHED = /dynamically imported module|importing a module script failed|error loading/i;
const RUNTIME = ["./pyodide.mjs", "./pyscript-files.mjs", "../vendor/pyodide/pyodide.mjs", "../vendor/pyodide/pyodide.asm.mjs"]
    .map((url) => new URL(url, import.meta.url).href);
/**
 * One of the runtime's modules: its promise (its namespace, once imported), how to settle it,
 * and whether it has come.
 * @typedef {{ promise: Promise<unknown>, resolve: (namespace: unknown) => void, reject: (reason: unknown) => void,
 *     loaded: boolean }} RuntimeEntry
 */
/** @type {Map<string, RuntimeEntry>} every href of RUNTIME, each with its entry */
const runtime = new Map(RUNTIME.map((href) => {
    const settle = /** @type {Pick<RuntimeEntry, "resolve" | "reject">} set by the executor below */ ({});
    const promise = new Promise((resolve, reject) => Object.assign(settle, { resolve, reject }));
    promise.catch(() => {}); // reported by start()
    return [href, { promise, ...settle, loaded: false }];
}));
// This worker's Resource Timing: a request that failed has a status of 0 (Chromium; elsewhere
// none is listed, and a round counts as one try)
const failedEntries = () => /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"))
    .filter((e) => e.responseStatus === 0);
/** The module whose download failed last, or `fallback`. @param {string} fallback @returns {string} */
function failedModule(fallback) {
    const failed = failedEntries().filter((e) => /\.m?js$/.test(new URL(e.name).pathname));
    return failed.length ? failed[failed.length - 1].name : fallback;
}
// A module whose download stalls cannot be asked for again in this worker (an import() of its
// URL joins the fetch that stalled, and a static import of it too): while any of them is still
// awaited, `net.stallMs` with no progress in this worker (no byte of a watched fetch, no resource
// completed: Resource Timing) is a stall, and the boot ends with a ModuleStalled naming the
// module; the page then starts a new worker (a new module map, new requests: bridge.js), with
// the same ATTEMPTS and back-off. A slow module on a link that brings other bytes only waits.
const activity = { at: performance.now() };
function heard() { activity.at = performance.now(); }
if (typeof PerformanceObserver === "function") {
    const observer = new PerformanceObserver(heard);
    observer.observe({ type: "resource" });
}
const STALLED = "boot.stall";
class ModuleStalled extends Error {
    /** @param {string} file from the site's root @param {string} why */
    constructor(file, why) {
        super(`${file} did not come (${why})`);
        /** @type {typeof STALLED} */
        this.code = STALLED;
        /** @type {string} */
        this.file = file;
    }
}
/** Resolves with the ModuleStalled of the runtime's modules once they stall, unless `stop()`.
 *  @returns {{ promise: Promise<ModuleStalled>, stop: () => void }} */
function moduleStall() {
    const watch = { timer: 0 };
    /** @type {Promise<ModuleStalled>} */
    const promise = new Promise((resolve) => {
        const check = () => {
            const left = net.stallMs - (performance.now() - activity.at);
            // (looked at every second at least: the page's ?stallMs= comes with its "start" message)
            if (left > 0) { watch.timer = setTimeout(check, Math.min(left + 5, 1000)); return; }
            // the module it waits on: the first not loaded whose file did not complete, else the first not loaded
            const done = new Set(/** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"))
                .filter((e) => e.responseEnd > 0).map((e) => e.name));
            const waiting = RUNTIME.filter((href) => !/** @type {RuntimeEntry} */ (runtime.get(href)).loaded);
            const href = waiting.find((h) => !done.has(h)) ?? waiting[0];
            resolve(new ModuleStalled(fileOf(href), `no data for ${(net.stallMs / 1000).toFixed(1)} s`));
        };
        heard();
        watch.timer = setTimeout(check, Math.min(net.stallMs, 1000));
    });
    return { promise, stop: () => clearTimeout(watch.timer) };
}
(async () => {
    for (let round = 1; ; round += 1) {
        const missing = RUNTIME.filter((href) => !/** @type {RuntimeEntry} */ (runtime.get(href)).loaded);
        // the first round at once (each level of the graph in parallel); a retry one by one,
        // Pyodide's modules before ours, which imports them, up to the first that fails: a module
        // that failed is not kept, so two importers of it would ask for it twice
        // (each module's promise settles as soon as it is in)
        /** An import() of a module, tried: its href, and why it failed (`error`) if it did.
         *  @typedef {{ href: string, error?: unknown }} ImportTry */
        /** @type {(href: string) => Promise<ImportTry>} */
        const tryOne = (href) => import(href).then((value) => {
            const entry = /** @type {RuntimeEntry} */ (runtime.get(href));
            entry.loaded = true;
            entry.resolve(value);
            return { href };
        }, (error) => ({ href, error }));
        /** @type {ImportTry[]} */
        const results = [];
        const stall = moduleStall();
        const stalled = await Promise.race([stall.promise, (async () => {
            if (round === 1) {
                results.push(...(await Promise.all(missing.map(tryOne))));
            } else {
                for (const href of [...missing].reverse()) {
                    results.push(await tryOne(href));
                    if (/** @type {ImportTry} the one just pushed */ (results.at(-1)).error) break;
                }
            }
            return null;
        })()]);
        stall.stop();
        if (stalled) {
            console.info(`${stalled.file}: stalled (${stalled.message})`);
            for (const entry of runtime.values()) entry.reject(stalled);
            return;
        }
        const failure = results.find((result) => "error" in result) ?? null;
        if (!failure) {
            if (RUNTIME.every((href) => /** @type {RuntimeEntry} */ (runtime.get(href)).loaded)) return;
            continue;
        }
        let failed = failure.error; // (one that came and threw is not tried again)
        if (NOT_FETCHED.test(why(failure.error))) {
            // the tries of the file that did not come: its failed requests, when they are listed
            const file = failedModule(failure.href);
            const requests = failedEntries().filter((e) => e.name === file).length;
            failures.set(file, Math.max(failures.get(file) ?? 0, requests - 1));
            failed = failedOnce(file, why(failure.error));
        }
        if (failed) {
            for (const entry of runtime.values()) entry.reject(failed);
            return;
        }
        await pause(round);
    }
})();
/** @type {(url: string) => Promise<unknown>} */
const runtimeModule = (url) => runtime.get(new URL(url, import.meta.url).href)?.promise ?? import(url);
/** @type {BootGlobals} */ (globalThis).__boceImport = runtimeModule;

// The runtime's files, asked for before anything else: Pyodide's wasm, the snapshot's manifest
// and, once that is in, the snapshot it names. The loader's later fetch() of the same URL takes
// the response already on its way (takeEarly), once; any other fetch goes to the network.
const EARLY = {
    wasm: "../vendor/pyodide/pyodide.asm.wasm",
    lock: "../vendor/pyodide/pyodide-lock.json",
    manifest: "../vendor/snapshot/manifest.json",
};
/** @type {Map<string, { response: Promise<Response>, controller: AbortController }>} */
const early = new Map(); // absolute URL -> { response: Promise<Response>, controller }
/** @type {Set<string>} */
const asked = new Set(); // the URLs the loader has fetched (none of them is asked for twice)
const plainFetch = retryingFetch;
/** @param {string | URL} url @returns {Promise<Response> | null} */
function earlyFetch(url) {
    const href = new URL(url, import.meta.url).href;
    if (asked.has(href)) return null; // the loader got there first
    const controller = new AbortController();
    const response = plainFetch(href, { signal: controller.signal, credentials: "omit" });
    response.catch(() => {}); // whoever takes it sees the failure; unclaimed, it is dropped
    early.set(href, { response, controller });
    return response;
}
/** @param {RequestInfo | URL} resource @param {RequestInit} [options] @returns {Promise<Response>} */
function takeEarly(resource, options = {}) {
    const href = typeof resource === "string" || resource instanceof URL ? new URL(resource, self.location.href).href : null;
    if (href !== null) asked.add(href);
    const held = href !== null && !options.integrity && early.get(href);
    if (!held) return plainFetch(resource, options);
    early.delete(href);
    options.signal?.addEventListener("abort", () => held.controller.abort(), { once: true });
    return held.response;
}
globalThis.fetch = takeEarly;
earlyFetch(EARLY.wasm);
earlyFetch(EARLY.lock);
/** @type {Promise<Response>} nothing was asked for yet */ (earlyFetch(EARLY.manifest))
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((/** @type {{ file?: unknown } | null} unchecked JSON */ manifest) => {
        if (typeof manifest?.file === "string") earlyFetch(new URL(manifest.file, new URL(EARLY.manifest, import.meta.url)));
    })
    .catch(() => {}); // pyodide.mjs reads the manifest again and says what is wrong with it

// Every level of the module graph at once (runtimeModule, above).
const loading = /** @type {Promise<[typeof import("./pyodide.mjs"), typeof import("./pyscript-files.mjs"), unknown, unknown]>}
    RUNTIME's order */ (Promise.all(RUNTIME.map(runtimeModule)));
loading.catch(() => {}); // reported by start()

const HOME = "/home/pyodide/";

/** @type {(message: EngineMessage) => void} */
const post = (message) => self.postMessage(message);

/** @param {string} path from the site's root @returns {Promise<Uint8Array>} */
async function fetchBytes(path) {
    const response = await fetch(new URL(path, ROOT));
    if (!response.ok) throw new Error(`${path.replace(/^\.\//, "")}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
}

/** A file to write into Pyodide's file system: [its target (`./path` from the working directory), its bytes].
 *  @typedef {[target: string, data: Uint8Array]} FileData */
// (`known`: files in hand already, by their path from the site's root)
/** @type {(pairs: readonly ListedFile[], known?: Map<string, Uint8Array> | null) => Promise<FileData[]>} */
const fetchAll = (pairs, known = null) => Promise.all(pairs.map(async ([source, target]) =>
    [target, known?.get(source.replace(/^\.\//, "")) ?? await fetchBytes(source)]));

/** @type {EngineBridge | null} */
let bridge = null; // main.EngineBridge, once started
/** @type {ListedFile[]} */
let later = []; // [source, target] of the [files] a game does not read (fetchLater)
/** @type {PyodideAPI | null} */
let pyodide = null;
/** @type {() => string} */
let bootPath = () => "pending"; // static/boot/pyodide.mjs's boot.path, once it is loaded

/** @param {string} search the page's location.search */
async function start(search) {
    post({ type: "progress", detail: "Loading Pyodide" });
    const [{ boot, loadPyodide, snapshotManifest, engineFiles }, { listedFiles }] = await loading;
    bootPath = () => boot.path;
    // the interpreter boots while the files come (the loader started it when this module ran);
    // of pyscript.toml [files], those a game reads (the snapshot manifest's `play`) come first,
    // the others (the PAR sheet, the simulator, the model's schema) after the first round (fetchLater)
    const [py, files] = await Promise.all([
        loadPyodide().then((py) => {
            post({ type: "progress", detail: "Loaded Pyodide" });
            return py;
        }),
        fetchBytes("./pyscript.toml").then(async (bytes) => {
            /** @type {ListedFile[]} */
            const listed = [...listedFiles(new TextDecoder().decode(bytes)), ["./main.py", "./main.py"]];
            const manifest = /** @type {Pick<SnapshotManifest, "play"> | null} (a string, why there is none, has no `play`) */ (
                await snapshotManifest.catch(() => null)); // none (pyodide.mjs reports why): every file is taken at once
            // a QA page (?scenario=) asks the engine's catalogue before its first round: it
            // takes every file at once
            const scenario = new URLSearchParams(search).has("scenario");
            const play = Array.isArray(manifest?.play) && !scenario ? new Set([...manifest.play, "main.py"]) : null;
            const first = play ? listed.filter(([, target]) => play.has(target.replace(/^\.\//, ""))) : listed;
            later = listed.filter((pair) => !first.includes(pair));
            // those the loader checked against the snapshot, it has read already
            return fetchAll(first, await engineFiles);
        }),
    ]);
    pyodide = py;
    // what the boot did not take (a plain boot takes no snapshot) is not downloaded further
    for (const { controller } of early.values()) controller.abort();
    early.clear();
    // a plain boot imports the served engine, which may differ from the snapshot's: all files now
    if (boot.path !== "snapshot" && later.length) files.push(...(await fetchAll(later.splice(0))));
    post({ type: "progress", detail: "Loading the rules engine" });
    writeFiles(py, files);
    // main.py's worker_start (after a snapshot boot, the module is imported already: nothing is
    // compiled); a main.py that cannot be imported fails here, with Python's traceback
    /** @type {MainModule} */
    let main;
    try {
        main = py.pyimport("main");
    } catch (error) {
        const traceback = String(/** @type {Thrown} */ (error)?.message ?? error);
        post({ type: "error", message: /** @type {string} split gives a part at least */ (traceback.trim().split("\n").pop()), traceback });
        return;
    }
    /** @type {EngineStarted | EngineFailure} */
    const answer = JSON.parse(main.worker_start(search)); // started(), or startup_failure's message
    if ("message" in answer) {
        main.destroy();
        post({ type: "error", ...answer });
        return;
    }
    bridge = main.worker_bridge.copy(); // (an attribute of `main` lives only as long as its proxy)
    main.destroy();
    post({ type: "ready", ...answer, bootPath: boot.path });
}

// What a game does not read, fetched once the first round is played (well after the page is
// ready, so never part of its start-up), so that the worker's engine package is whole.
function fetchLater() {
    const rest = later.splice(0);
    if (!rest.length) return;
    fetchAll(rest).then((pairs) => {
        writeFiles(/** @type {PyodideAPI} after a round: the engine is up */ (pyodide), pairs);
        // the import system's listings of the folders may predate these files
        /** @type {PyodideAPI} */ (pyodide).runPython(`import sys as _s
from importlib.machinery import FileFinder as _F
for _f in list(_s.path_importer_cache.values()):
    if isinstance(_f, _F):
        _f.invalidate_caches()
del _s, _F, _f`);
    },
        (error) => console.warn(`engine files not fetched after the first round: ${error?.message ?? error}`));
}

/** @param {PyodideAPI} py @param {readonly FileData[]} files */
function writeFiles(py, files) {
    for (const [target, data] of files) {
        const path = HOME + target.replace(/^\.\//, "");
        py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        py.FS.writeFile(path, data);
    }
}

// For the tests and the bench: a Python expression's value in this worker's interpreter (a
// string, number, boolean or null; anything else as its repr).
/** @param {string} code @returns {string | number | boolean | null} */
function python(code) {
    const value = /** @type {PyodideAPI} bridge is set: so is pyodide */ (pyodide).runPython(code);
    if (value === undefined || value === null || ["string", "number", "boolean"].includes(typeof value)) {
        return value ?? null;
    }
    const text = String(value);
    value.destroy?.();
    return text;
}

/** @param {Extract<EngineRequest, { method: string }>} call */
function answer({ id, method, args = [] }) {
    try {
        let result;
        if (method === "bootPath") result = bootPath();
        else if (!bridge) throw new Error("the engine has not started");
        else if (method === "python") result = python(String(args[0]));
        else result = bridge.handle(method, JSON.stringify(args));
        post({ id, result });
        if (method === "playRound") fetchLater();
    } catch (error) {
        post({ id, failure: String(/** @type {Thrown} */ (error)?.message ?? error) });
    }
}

self.addEventListener("message", (/** @type {MessageEvent} */ event) => {
    /** @type {EngineRequest} */
    const message = event.data ?? {};
    if (message.type === "start") {
        const search = String(message.search ?? "");
        // the stall timeout, for the tests only (docs/boot.md "Failed downloads")
        const stallMs = Number(new URLSearchParams(search).get("stallMs"));
        if (Number.isFinite(stallMs) && stallMs >= 100) net.stallMs = stallMs;
        start(search).catch((error) => {
            // a module that stalled: the page starts a new worker (bridge.js), or gives up
            if (error?.code === STALLED) {
                post({ type: "stalled", message: error.message, file: error.file });
                return;
            }
            console.error(error);
            // a file the boot needs that did not come (Pyodide may have wrapped its failure)
            const failed = error instanceof DownloadFailed ? error : lastFailure;
            if (failed) post({ type: "error", message: failed.message, code: DOWNLOAD, file: failed.file, attempts: ATTEMPTS });
            else post({ type: "error", message: String(error?.message ?? error).split("\n")[0] });
        });
    } else if (message.type === "ping") {
        post({ type: "pong" }); // the page's liveness check of a call that waits (bridge.js)
    } else if (message.id !== undefined) {
        answer(message);
    }
});
