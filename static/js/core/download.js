// @ts-check
// The page's one way to download what its boot needs, with a stall watchdog (docs/boot.md
// "Failed downloads"): the figures (static/par.json), the first paint's model file, the language
// tables, and the engine's worker's script (bridge.js) go through it. The engine's worker has the
// same rules in its own copy (static/boot/engine-worker.mjs imports nothing before its first
// requests), and so does the classic static/js/start/earlyworker.js for the page's module scripts.
//
//   const model = await download("./engine/data/model.json", { read: (r) => r.json() });
//   const module = await importWithin(new URL("../app/app.js", import.meta.url).href);
//   const quiet = silence(STALL_MS, () => giveUp(), { network: true });   quiet.touch(); quiet.done();
//
// A try that fails (a network error, a 5xx) or stalls (no byte for STALL_MS, before the headers
// or in the body) is tried again after a back-off, ATTEMPTS tries in all, then rejects with a
// DownloadFailed naming the file. Only silence is limited, never the total time: a slow link
// still brings bytes. A module (import()) cannot be asked for again on the page once its fetch
// stalls (an import() of its URL joins that same fetch), so importWithin gives a stalled one up
// at once: the caller falls back (the tables: English) or reports it.
//
// core/ imports nothing of the other folders: the numbers are here, and static/js/start/startup.js
// exports them on; DownloadFailed is a GameError of errors.js (which imports nothing).

import { GameError } from "./errors.js";

/** @typedef {import("./errors.js").ErrorFields} ErrorFields */

/** Tries per file, and the waits before the 2nd, 3rd and 4th (x 0.8-1.2): the same in
 *  static/boot/engine-worker.mjs and static/js/start/earlyworker.js (tests/e2e/test_boot_retry.py
 *  checks). */
export const ATTEMPTS = 4;
export const BACKOFF_MS = [500, 1500, 4000];
/** The wait after the `tries`-th failed try. @type {(tries: number) => number} */
export const backoff = (tries) => BACKOFF_MS[Math.min(tries, BACKOFF_MS.length) - 1] * (0.8 + 0.4 * Math.random());
/** A promise of the wait after the `tries`-th failed try. @type {(tries: number) => Promise<void>} */
export const pause = (tries) => new Promise((wake) => setTimeout(wake, backoff(tries)));
/** The stall timeout: 20 s of silence, or `?stallMs=N` (tests only, at least 100) of `search`;
 *  the same in static/boot/engine-worker.mjs and static/js/start/earlyworker.js. */
/** @param {string} search  a query string ("?stallMs=500") */
export function stallMsOf(search) {
    const asked = Number(new URLSearchParams(search).get("stallMs"));
    return asked >= 100 ? asked : 20_000;
}
/** This page's stall timeout. */
export const STALL_MS = stallMsOf(globalThis.location?.search ?? "");

/** The stable code of a download that failed (the parent's `error` message, docs/page-contract.md). */
export const DOWNLOAD = "boot.download";

/** A file the boot needs that did not come after its tries: its message is `file could not be
 *  downloaded (why)`, `file` its path from the site's root, its code DOWNLOAD unless given. */
export class DownloadFailed extends GameError {
    /**
     * @param {string} why  what the last try met, in English ("HTTP 503", "no data for 20.0 s")
     * @param {ErrorFields & { file: string }} fields
     */
    constructor(why, { file, ...fields }) {
        super(`${file} could not be downloaded (${why})`, { code: DOWNLOAD, ...fields });
        this.file = file;
        this.why = why;
    }
}

const SITE = new URL("../../../", import.meta.url).href;
/** A URL as the player's error message names it: its path from the site's root. @type {(href: string) => string} */
export const fileOf = (href) => (href.startsWith(SITE) ? href.slice(SITE.length) : href).split(/[?#]/)[0];
/** @type {(url: string | URL) => string} */
const absolute = (url) => new URL(url, globalThis.document?.baseURI ?? SITE).href;
/** @type {(ms: number) => string} */
const noData = (ms) => `no data for ${(ms / 1000).toFixed(1)} s`;

// The page's network: when it last completed a resource (Resource Timing), observed only while a
// watch that counts it is running.
/** @type {{ at: number, observer: PerformanceObserver | null, watches: number }} */
const network = { at: performance.now(), observer: null, watches: 0 };
/** @param {boolean} on  a watch that counts the network starts (true) or ends */
function listen(on) {
    network.watches += on ? 1 : -1;
    if (typeof PerformanceObserver !== "function") return;
    if (on && !network.observer) {
        network.at = performance.now();
        network.observer = new PerformanceObserver(() => { network.at = performance.now(); });
        network.observer.observe({ type: "resource" });
    } else if (!on && network.watches === 0) {
        network.observer?.disconnect();
        network.observer = null;
    }
}

/** A watch of silence (silence()): `touch()` is progress, `done()` ends it.
 *  @typedef {{ touch(): void, done(): void }} Watch */

/**
 * Calls `onStall` once, when `ms` pass without progress: `touch()` is progress, and with
 * `network`, so is any resource the page completes. `done()` ends the watch.
 * @param {number} ms
 * @param {() => void} onStall
 * @param {{ network?: boolean }} [options]
 * @returns {Watch}
 */
export function silence(ms, onStall, { network: counts = false } = {}) {
    /** @type {{ last: number, timer: ReturnType<typeof setTimeout> | undefined, over: boolean }} */
    const watch = { last: performance.now(), timer: undefined, over: false };
    if (counts) listen(true);
    const quiet = () => performance.now() - Math.max(watch.last, counts ? network.at : 0);
    const check = () => {
        if (watch.over) return;
        const left = ms - quiet();
        if (left > 0) { watch.timer = setTimeout(check, left + 5); return; }
        done();
        onStall();
    };
    function done() {
        if (watch.over) return;
        watch.over = true;
        clearTimeout(watch.timer);
        if (counts) listen(false);
    }
    watch.timer = setTimeout(check, ms);
    return { touch() { watch.last = performance.now(); }, done };
}

/**
 * `response` with a body whose every piece is progress of `watch`; a body that breaks (or is
 * aborted by the watch) marks `broke`.
 * @param {Response} response
 * @param {Watch} watch
 * @param {{ error: unknown }} broke
 * @returns {Response}
 */
function watched(response, watch, broke) {
    if (!response.body) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream({
        async pull(out) {
            let chunk;
            try {
                chunk = await reader.read();
            } catch (error) {
                broke.error = error;
                throw error;
            }
            watch.touch();
            if (chunk.done) out.close();
            else out.enqueue(chunk.value);
        },
        cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * fetch(url, init) with the stall watchdog and the retries (above), resolving with what
 * `read(response)` makes of the response (its body read within the same try: a body that stalls
 * or breaks is a failed try too). A status below 500 is `read`'s to judge; an error `read` throws
 * of its own (a bad JSON, a refused status) is not retried. Rejects with a DownloadFailed after
 * `attempts` failed tries.
 * @template [T=ArrayBuffer]
 * @param {string | URL} url
 * @param {RequestInit & { read?: (response: Response) => Promise<T>, attempts?: number, stallMs?: number }} [options]
 * @returns {Promise<T>}
 */
export async function download(url, {
    read = /** @type {(response: Response) => Promise<T>} the default T: ArrayBuffer */ ((r) => r.arrayBuffer()),
    attempts = ATTEMPTS, stallMs = STALL_MS, ...init
} = {}) {
    const href = absolute(url);
    const file = fileOf(href);
    for (let tries = 1; ; tries++) {
        const controller = new AbortController();
        const watch = silence(stallMs, () => controller.abort(new Error(noData(stallMs))));
        /** @type {{ error: any }} what broke the body: any thrown value */
        const broke = { error: null };
        /** @type {string} */
        let why = "";
        try {
            const response = await fetch(href, { ...init, signal: controller.signal }).catch((error) => {
                why = String(controller.signal.reason?.message ?? error?.message ?? error);
                return null;
            });
            if (response !== null && response.status >= 500 && tries < attempts) {
                response.body?.cancel().catch(() => {}); // a body closed or broken already: nothing left to free
                why = `HTTP ${response.status}`;
            } else if (response !== null) {
                watch.touch();
                try {
                    return await read(watched(response, watch, broke));
                } catch (error) {
                    // a body that stalled or broke is a failed try; anything else is `read`'s own refusal
                    if (!controller.signal.aborted && broke.error === null) throw error;
                    why = String(controller.signal.reason?.message ?? broke.error?.message ?? error);
                }
            }
        } finally {
            watch.done();
        }
        console.info(`${file}: try ${tries} of ${attempts} failed (${why})`);
        if (tries >= attempts) throw new DownloadFailed(why, { file });
        await pause(tries);
    }
}

// (each engine's words for a module that could not be fetched, not one that threw)
const NOT_FETCHED = /dynamically imported module|importing a module script failed|error loading/i;

/**
 * import(url) (an absolute URL) with the stall watchdog: a module that fails to download is
 * imported again (the browser fetches again what failed, and only that), `attempts` tries in
 * all; one whose download stalls (the page completes no resource for `stallMs` while it waits)
 * is given up at once. Rejects with a DownloadFailed either way; a module that came and threw
 * rejects with its own error.
 * @param {string} url
 * @param {{ attempts?: number, stallMs?: number }} [options]
 * @returns {Promise<any>} the module's namespace (its exports are the caller's to know)
 */
export async function importWithin(url, { attempts = ATTEMPTS, stallMs = STALL_MS } = {}) {
    const href = absolute(url);
    for (let tries = 1; ; tries++) {
        const outcome = await new Promise((settle) => {
            const watch = silence(stallMs, () => settle({ stalled: true }), { network: true });
            import(href).then((module) => settle({ module }), (error) => settle({ error })).finally(() => watch.done());
        });
        if ("module" in outcome) return outcome.module;
        if (outcome.stalled) {
            console.info(`${fileOf(href)}: try ${tries} stalled (${noData(stallMs)}): given up`);
            throw new DownloadFailed(noData(stallMs), { file: fileOf(href) });
        }
        if (!NOT_FETCHED.test(String(outcome.error?.message ?? outcome.error))) throw outcome.error;
        console.info(`${fileOf(href)}: try ${tries} of ${attempts} failed`);
        if (tries >= attempts) throw new DownloadFailed("not loaded", { file: fileOf(href) });
        await pause(tries);
    }
}
