// @ts-check
// The page's one door to the rules engine, which runs in a Web Worker
// (static/boot/engine-worker.mjs: Pyodide, the engine and main.py's EngineBridge), so that the
// page's main thread never runs Python: booting it there froze the loading screen for seconds.
// This module starts that worker as soon as it runs (index.html loads it early) and publishes
// `window.bridge` (async functions that take plain values and resolve to the engine's JSON
// strings; see main.py) once the engine is up; the wrapper below makes every call a Promise of a
// parsed object. Nothing else in static/js touches window.bridge or the worker.
//
//   const bridge = await connect();              // once the engine has started
//   const model = await bridge.model();
//   const offer = await bridge.offer(100);       // {bet, cost, buy_cost, line_bet, paytable, cap, big_win, ...}
//   const { round, rng } = await bridge.playRound(100, false);
//   const checked = await bridge.checkRound(savedRound, bet, cost);
//   await bridge.restoreRng(state);
//   const { round, text } = await bridge.openReplay(location.href);   // a ?replay= link
//   const { link, export: record } = await bridge.shareSaved(savedRound, pageUrl);
//   const info = await bridge.scenario("max-win");  // {name, mode, bet, description}
//   const { round } = await bridge.playScenario("max-win");
//
// A worker that is gone (it ended, or failed after `ready`) is noticed: its `error` and
// `messageerror` events, and a liveness check of every call (startWorker below): a call with no
// answer after PING_AFTER_MS pings the worker, and a worker that then says nothing at all for the
// stall timeout (20 s; ?stallMs=N for tests) is taken as gone. Every waiting and later call then
// rejects with an `EngineLost`, and the page shows its error screen with Retry
// (startup.js reportEngineLost); nothing was debited (the controller debits only a round the
// engine decided). A slow but alive worker is never cut off: any message of it re-arms the check.
//
// A request the engine refuses rejects with an `EngineRefusal` carrying the engine's words (its
// English `message`) and its stable `code`, `params` and `money` (engine/errors.py), which
// reasons.js turns into the player's language.
//
// `?engine=page` (for comparison and as a fallback) runs Python on the page instead, as before
// the worker: our loader and PyScript (static/boot/strict-csp.js) run main.py there, which
// publishes a `window.bridge` of synchronous functions; the same wrapper serves both.

import { EngineLost, EngineRefusal, StartupError } from "../core/errors.js";
import { released } from "../start/poster.js";
import { ATTEMPTS, backoff, downloadFailure, pause, reportDownloadFailure, reportEngineLost, reportStartupError, stallMsOf }
    from "../start/startup.js";
import { DownloadFailed, importWithin, silence } from "../core/download.js";

/** @typedef {import("../../../types/game").Model} Model */
/** @typedef {import("../../../types/game").Offer} Offer */
/** @typedef {import("../../../types/game").RoundRecord} RoundRecord */

/** The seeded generator's state after a round (Python's `getstate()` as JSON), or null under
 *  SystemRandom: unknown because the page never reads it, only saves it and hands it back. */
/** @typedef {unknown} RngState */

/** A round as the page saves it: its record, with or without its events (store.js keeps it
 *  without them; the engine rebuilds them from the stops). */
/** @typedef {Omit<RoundRecord, "events"> & { readonly events?: RoundRecord["events"] }} SavedRound */

/** A round the engine decided (playRound, playScenario): the round and the generator's state after it.
 *  @typedef {{ round: RoundRecord, rng: RngState }} DecidedRound */

/** A replay link the engine re-derived (openReplay): its round, its text and the currency the text names.
 *  @typedef {{ round: RoundRecord, text: string, currency: string }} OpenedReplay */

/** A saved round shared (shareSaved): its replay text, its link, and the engine's export record
 *  (written to a file as it is: the page never reads inside it).
 *  @typedef {{ text: string, link: string, export: Readonly<Record<string, unknown>> }} SharedRound */

/** A scenario of the engine's catalogue (engine/page.py scenario_info).
 *  @typedef {{ name: string, mode: "base" | "buy", bet: number, description: string }} ScenarioInfo */

/** The launch's levels and stake limit as configure and checkLaunch take them (minor units).
 *  @typedef {{ bets: ReadonlyArray<number>, bet?: number | null, maxBet?: number | null }} EngineLaunch */

/**
 * `window.bridge` as publish() below makes it: the engine's facts and main.py's calls, each a
 * Promise of the engine's JSON text (restoreRng: "" or why it refused). The arguments cross as
 * JSON, as the page gives them: the engine refuses a wrong type in its own words.
 * @typedef {object} RawBridge
 * @property {string} modelJson  the model as JSON text (engine/data/model.json as the engine read it)
 * @property {number | null} [seed]  the `?seed=N` in use; null (or missing) under SystemRandom
 * @property {string} [rngName]
 * @property {(bet: number) => Promise<string>} offer
 * @property {(bet: number, buy: boolean) => Promise<string>} playRound
 * @property {(roundJson: string, bet: number, cost: number) => Promise<string>} checkRound
 * @property {(stateJson: string) => Promise<string>} restoreRng
 * @property {(launchJson: string) => Promise<string>} configure
 * @property {(launchJson: string) => Promise<string>} checkLaunch
 * @property {(link: string) => Promise<string>} openReplay
 * @property {(roundJson: string, pageUrl: string) => Promise<string>} shareSaved
 * @property {(name: string) => Promise<string>} scenario
 * @property {(name: string) => Promise<string>} playScenario
 * @property {() => Promise<string>} warm
 */

/**
 * The engine's answer parsed; an `{error}` answer throws an EngineRefusal.
 * @param {string} json
 * @returns {any} the engine's JSON: any, as its shape depends on the call (each method below declares it)
 */
function parsed(json) {
    const value = JSON.parse(json);
    if (value && typeof value === "object" && "error" in value) {
        throw new EngineRefusal(value.error, { code: value.code, params: value.params, money: value.money });
    }
    return value;
}

export class Bridge {
    /** @param {RawBridge} raw  `window.bridge` */
    constructor(raw) {
        /** @type {RawBridge} `window.bridge` */
        this._raw = raw;
        /** The `?seed=N` in use, or null (SystemRandom). @type {number | null} */
        this.seed = raw.seed ?? null;
        /** "SystemRandom" or "Random(seed=N)". @type {string | null} */
        this.rngName = raw.rngName ?? null;
    }

    /** The model (engine/data/model.json as the engine read it).
     *  @returns {Promise<Model>} */
    async model() {
        return JSON.parse(this._raw.modelJson);
    }

    /** What a bet costs and pays: cost, buy_cost, line_bet, paytable in minor units, cap,
     *  big-win tiers, free-spin count.
     *  @param {number} bet
     *  @returns {Promise<Offer>} */
    async offer(bet) {
        return parsed(await this._raw.offer(bet));
    }

    /** A throwaway round on the engine's own generator (main.py warm): the first round's
     *  one-time cost paid while the page builds the game. Resolves when done; never rejects
     *  (a failure here only leaves the first round as slow as before).
     *  @returns {Promise<void>} */
    async warm() {
        try { await this._raw.warm(); } catch { /* only the first round's speed depends on it */ }
    }

    /** Decides one whole round: `{round, rng}` (rng: the seeded generator's state after it, or null).
     *  @param {number} bet
     *  @param {boolean} [buy]
     *  @returns {Promise<DecidedRound>} */
    async playRound(bet, buy = false) {
        return parsed(await this._raw.playRound(bet, buy));
    }

    /** A saved round re-derived by the engine from its stops: the full round with its events.
     *  @param {SavedRound} round
     *  @param {number} bet   the saved record's, which the round's must equal
     *  @param {number} cost
     *  @returns {Promise<RoundRecord>} */
    async checkRound(round, bet, cost) {
        return parsed(await this._raw.checkRound(JSON.stringify(round), bet, cost)).round;
    }

    /** The launch's bet levels and stake limit, `{bets, bet, maxBet}` (minor units), checked by
     *  the engine: resolves with the model under them (as model() gives it); every later offer
     *  and round is under them. EngineRefusal when the engine refuses a level or the limit.
     *  @param {EngineLaunch} launch
     *  @returns {Promise<Model>} */
    async configure(launch) {
        return parsed(await this._raw.configure(JSON.stringify(launch))).model;
    }

    /** What configure(launch) would answer, changing nothing: resolves, or EngineRefusal.
     *  @param {EngineLaunch} launch
     *  @returns {Promise<void>} */
    async checkLaunch(launch) {
        parsed(await this._raw.checkLaunch(JSON.stringify(launch)));
    }

    /** A replay link (or its text) replayed by the engine: `{round, text}`; an altered,
     *  truncated or other-model link rejects with the engine's reason.
     *  @param {string} link
     *  @returns {Promise<OpenedReplay>} */
    async openReplay(link) {
        return parsed(await this._raw.openReplay(link));
    }

    /** A saved round's `{text, link, export}`: its replay link on `pageUrl`, its export record.
     *  @param {SavedRound} round
     *  @param {string} pageUrl
     *  @returns {Promise<SharedRound>} */
    async shareSaved(round, pageUrl) {
        return parsed(await this._raw.shareSaved(JSON.stringify(round), pageUrl));
    }

    /** A scenario of the engine's catalogue: `{name, mode, bet, description}`.
     *  @param {string} name
     *  @returns {Promise<ScenarioInfo>} */
    async scenario(name) {
        return parsed(await this._raw.scenario(name));
    }

    /** The named scenario's round, decided by the engine from its draws: `{round, rng}`.
     *  @param {string} name
     *  @returns {Promise<DecidedRound>} */
    async playScenario(name) {
        return parsed(await this._raw.playScenario(name));
    }

    /** Puts the seeded generator back in a saved state.
     *  @param {RngState} state
     *  @returns {Promise<void>} */
    async restoreRng(state) {
        const refused = await this._raw.restoreRng(JSON.stringify(state));
        if (refused) throw new EngineRefusal(refused);
    }
}

/** The bridge, once the engine has fired `bridge-ready`; rejects with a StartupError if the page
 *  goes to its error state first (main.py's startup error, or watchdog.js).
 *  @returns {Promise<Bridge>} */
export function connect() {
    const root = document.documentElement;
    // (window.bridge: set by publish() below, so a cast; it is there once `bridge-ready` has fired)
    if (/** @type {Globals} */ (window).bridge) {
        return Promise.resolve(new Bridge(/** @type {RawBridge} */ (/** @type {Globals} */ (window).bridge)));
    }
    return new Promise((resolve, reject) => {
        const watch = new MutationObserver(failed);
        const stop = () => { watch.disconnect(); removeEventListener("bridge-ready", started); };
        function started() { stop(); resolve(new Bridge(/** @type {RawBridge} */ (/** @type {Globals} */ (window).bridge))); }
        function failed() {
            if (root.dataset.state !== "error") return;
            stop();
            // (#status is in index.html: the reporter wrote the reason there)
            reject(new StartupError(/** @type {HTMLElement} */ (document.getElementById("status")).textContent, downloadFailure() ?? {}));
        }
        addEventListener("bridge-ready", started);
        watch.observe(root, { attributes: true, attributeFilter: ["data-state"] });
        failed();
    });
}

// ---- the engine's worker ------------------------------------------------------------------

/**
 * What the started engine tells the page (main.py EngineBridge.started).
 * @typedef {object} EngineStarted
 * @property {string} modelJson
 * @property {number | null} [seed]
 * @property {string} rngName
 * @property {string} engineModule  the engine package's name
 */

/**
 * Why the engine could not start: `{message, traceback}` (main.py startup_failure), or a file
 * the boot needs that did not come: `{code: "boot.download", message, file}`.
 * @typedef {{ message: string, traceback?: string, code?: undefined, file?: undefined }
 *     | { message: string, traceback?: undefined, code: "boot.download", file: string }} EngineFailure
 */

/**
 * What the engine's worker says (static/boot/engine-worker.mjs `post`): a call's answer (its
 * `result`, or why it failed), or news of the worker's own.
 * @typedef {{ type?: undefined, id: number, result: unknown }
 *     | { type?: undefined, id: number, failure: string }
 *     | { type: "pong", id?: undefined }
 *     | { type: "progress", id?: undefined, detail: string }
 *     | { type: "ready", id?: undefined } & EngineStarted
 *     | { type: "error", id?: undefined } & EngineFailure
 *     | { type: "stalled", id?: undefined, file: string, message: string }} WorkerMessage
 */

/** One call of main.py's EngineBridge.handle (or of the worker's own `bootPath`, `python`):
 *  a Promise of its answer (JSON text for window.bridge's calls).
 *  @typedef {(method: string, args: ReadonlyArray<unknown>) => Promise<unknown>} Call */

/**
 * The worker static/js/start/earlyworker.js started, with a hand-over of what it said so far.
 * @typedef {object} EarlyWorker
 * @property {Worker} worker
 * @property {(onMessage: (event: MessageEvent) => void, onError: (event: ErrorEvent) => void) => void} handOver
 */

/**
 * What this module publishes on the page's global object or takes from it (a cast where it
 * is used: no .d.ts declares them).
 * @typedef {object} BridgeGlobals
 * @property {RawBridge} [bridge]  main.py's calls, once the engine is up (publish)
 * @property {string} [engineModule]  the end-to-end tests' proof that `import engine` worked
 * @property {EarlyWorker | null} [__boceEngineWorker]  earlyworker.js's worker, until taken
 * @property {(url: string) => Promise<unknown>} __boceImport  ?engine=page: an import with tries (set by retryOnPage
 *     before startOnPage uses it; a module's namespace, whose shape is the module's)
 */
/** @typedef {Window & typeof globalThis & BridgeGlobals} Globals */

/** static/boot/pyodide.mjs, our loader (?engine=page): how the interpreter booted, and the
 *  interpreter once it has (null before).
 *  @typedef {{ boot: { path: string, pyodide: { runPython(code: string): unknown } | null } }} PyodideLoader */

/** The engine's interpreter, for the tests and the bench; `stop()` ends the worker when the
 *  game will not start (none on the page: PyScript's boot cannot be ended).
 *  @typedef {{ bootPath(): Promise<string>, python(code: string): Promise<unknown>, stop?(): void }} Interpreter */

const MODE = new URLSearchParams(location.search).get("engine") === "page" ? "page" : "worker";

/** Where Python runs: "worker" (the default) or "page" (`?engine=page`). */
export const engineMode = MODE;

/** The calls of `window.bridge`: main.py's METHODS, by their JavaScript names (the Bridge class
 *  above wraps each; tests/test_lists.py checks the three agree). */
export const BRIDGE_METHODS = Object.freeze(["offer", "playRound", "checkRound", "restoreRng", "configure",
    "checkLaunch", "openReplay", "shareSaved", "scenario", "playScenario", "warm"]);

/** The one place `window.bridge` is published, for either place Python runs: `info` is the
 *  engine's `{modelJson, seed, rngName, engineModule}`, `call(method, args)` a Promise of the
 *  engine's JSON answer to one of main.py's EngineBridge.handle methods (arguments cross as
 *  JSON, so a float or a string stays one and the engine refuses it in its own words).
 *  @param {EngineStarted} info
 *  @param {Call} call */
function publish(info, call) {
    // (a cast: the calls are made from BRIDGE_METHODS, each answering the engine's JSON text)
    /** @type {Globals} */ (window).bridge = /** @type {RawBridge} */ ({
        modelJson: info.modelJson,
        seed: info.seed,
        rngName: info.rngName,
        ...Object.fromEntries(BRIDGE_METHODS.map((name) => [name, (/** @type {unknown[]} */ ...args) => call(name, args)])),
    });
    // A tiny, stable hook for the end-to-end tests: proves `import engine` worked.
    /** @type {Globals} */ (window).engineModule = info.engineModule;
    dispatchEvent(new CustomEvent("bridge-ready"));
}

/** The engine could not start: `{message, traceback}` (the reason, Python's traceback if any),
 *  or `{code: "boot.download", file}`: a file it needs did not come after its tries.
 *  @param {EngineFailure} failure */
function failed({ message, traceback, code, file }) {
    if (traceback) console.error(traceback);
    if (code === "boot.download") {
        console.error(message);
        reportDownloadFailure(file);
    } else {
        reportStartupError(message);
    }
}

/** The worker static/js/start/earlyworker.js started from the top of index.html, if it did.
 *  @returns {EarlyWorker | null} */
function takeEarlyWorker() {
    const early = /** @type {Globals} */ (globalThis).__boceEngineWorker ?? null;
    delete /** @type {Globals} */ (globalThis).__boceEngineWorker;
    return early;
}

// A call's answer is a few milliseconds of Python plus the hop between threads (docs/boot.md:
// a median of 51 ms, p95 291 ms, on a machine whose two cores were all taken); the first calls
// after the boot and a bought feature's round are the slowest, well under a second on the phone
// profile (4x CPU throttle). A call still waiting after PING_AFTER_MS makes the page ping the
// worker: any message from it (the pong, or the answer, which a busy worker sends first) shows it
// alive and starts the wait again; none for the stall timeout (STALL_MS: 20 s, ?stallMs=N)
// after the ping, and the worker is taken as gone.
// the stall timeout (20 s; ?stallMs=N), also a download's silence (static/boot/engine-worker.mjs)
const STALL_MS = stallMsOf(location.search);
const PING_AFTER_MS = Math.min(5_000, STALL_MS);

const WORKER_SCRIPT = new URL("../../boot/engine-worker.mjs", import.meta.url);
const WORKER_FILE = "static/boot/engine-worker.mjs";
const newWorker = () => new Worker(WORKER_SCRIPT, { type: "module", credentials: "omit" });

/** @returns {Interpreter} */
function startWorker() {
    const early = takeEarlyWorker();
    let worker = early?.worker ?? newWorker();
    let failedTries = 0; // of the worker's script (a module worker that did not load)
    let stopped = false; // stop(): the game will not start, the engine is not needed
    let started = false; // the worker has said something: its script loaded
    /** @type {Map<number, { resolve: (answer: unknown) => void, reject: (error: Error) => void }>} the calls waiting, by id */
    const pending = new Map();
    let next = 0;
    let live = false; // the engine has said `ready`: from then on a silent worker is checked
    /** @type {EngineLost | null} */
    let lost = null; // the EngineLost once the worker is gone: every call rejects with it
    /** @type {ReturnType<typeof setTimeout> | 0} */
    let check = 0; // the liveness check's timer (while calls wait)
    /** @type {Call} */
    const call = (method, args) => new Promise((resolve, reject) => {
        if (lost) { reject(lost); return; }
        const id = next++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, method, args });
        if (!check) expectAnswer();
    });
    // (re)starts the liveness check: a ping after PING_AFTER_MS of silence while calls wait
    function expectAnswer() {
        clearTimeout(check);
        check = 0;
        if (!live || lost || pending.size === 0) return;
        check = setTimeout(() => {
            worker.postMessage({ type: "ping" });
            check = setTimeout(() => gone(`no answer from the engine for ${((PING_AFTER_MS + STALL_MS) / 1000).toFixed(1)} s`),
                STALL_MS);
        }, PING_AFTER_MS);
    }
    /** The worker is gone: it is ended, every call waiting rejects, and the page says so.
     *  @param {string} why */
    function gone(why) {
        if (lost) return;
        clearTimeout(check);
        lost = new EngineLost(`the engine stopped: ${why}`);
        console.error(`static/boot/engine-worker.mjs is gone: ${why}`);
        worker.terminate();
        reportEngineLost(why);
        const waiting = [...pending.values()];
        pending.clear();
        for (const { reject } of waiting) reject(lost);
    }
    const onMessageError = () => gone("a message from the engine could not be read");
    /** @param {MessageEvent<WorkerMessage>} event */
    const onMessage = ({ data }) => {
        started = true;
        quiet?.done();
        if (lost) return;
        try {
            heard(data);
        } finally {
            expectAnswer(); // it is alive: the check starts again (or stops: no call waits)
        }
    };
    /** @param {WorkerMessage} data */
    const heard = (data) => {
        if (data.type === "pong") {
            // alive: expectAnswer above
        } else if (data.id !== undefined) {
            const waiting = pending.get(data.id);
            pending.delete(data.id);
            if ("failure" in data) waiting?.reject(new Error(data.failure));
            else waiting?.resolve(data.result);
        } else if (data.type === "progress") {
            // as PyScript reported its stages on the page: app.js's loading bar follows them
            dispatchEvent(new CustomEvent("py:progress", { detail: data.detail }));
        } else if (data.type === "ready") {
            live = true;
            publish(data, call);
        } else if (data.type === "error") {
            failed(data);
        } else if (data.type === "stalled") {
            again(data.file, data.message); // a module of its runtime stalled: a new worker asks again
        }
    };
    // a worker whose script stalls says nothing: after the stall timeout with nothing from it and
    // nothing completed on the page (core/download.js silence), it is tried again as one that failed
    /** @type {ReturnType<typeof silence> | null} */
    let quiet = null;
    const watchScript = () => {
        quiet?.done();
        quiet = silence(STALL_MS, () => again(WORKER_FILE, `no data for ${(STALL_MS / 1000).toFixed(1)} s`), { network: true });
    };
    const listen = () => {
        watchScript();
        worker.addEventListener("message", onMessage);
        worker.addEventListener("error", onError);
        worker.addEventListener("messageerror", onMessageError);
        worker.postMessage({ type: "start", search: location.search });
    };
    // the worker's script (or a module it imports) could not be loaded or run; a script that did
    // not load (no message: nothing ran, not even its first progress) is tried again, with a new
    // worker, ATTEMPTS times in all (startup.js)
    /** @param {ErrorEvent} event */
    function onError(event) {
        event.preventDefault();
        if (live) {
            gone(event.message || "its worker failed"); // (after `ready`: the game had started)
            return;
        }
        if (event.message || started) {
            reportStartupError(event.message || "the engine's worker failed");
            return;
        }
        again(WORKER_FILE, "not loaded");
    }
    /** `file` did not come to this worker: a new one, after the back-off, ATTEMPTS workers in all.
     *  @param {string} file
     *  @param {string} why */
    function again(file, why) {
        quiet?.done();
        worker.terminate();
        failedTries += 1;
        console.info(`${file}: try ${failedTries} of ${ATTEMPTS} failed (${why})`);
        if (failedTries >= ATTEMPTS) {
            reportDownloadFailure(file);
            return;
        }
        setTimeout(() => {
            if (stopped) return;
            worker = newWorker();
            started = false;
            listen();
        }, backoff(failedTries));
    }
    if (early) {
        watchScript();
        early.handOver(onMessage, onError); // with what it said before this module ran
        worker.addEventListener("messageerror", onMessageError);
    } else {
        listen();
    }
    return {
        /** How the interpreter booted: "snapshot", or "plain: <why>" (static/boot/pyodide.mjs). */
        bootPath: () => /** @type {Promise<string>} */ (call("bootPath", [])),
        /** A Python expression's value in the worker (for the tests and the bench). */
        python: (code) => call("python", [code]),
        stop() {
            stopped = true;
            quiet?.done();
            clearTimeout(check);
            worker.terminate();
        },
    };
}

// ?engine=page's downloads (docs/boot.md "Failed downloads"): Pyodide and PyScript fetch with
// the page's fetch() and our loader imports Pyodide's JavaScript half through
// globalThis.__boceImport, so both are tried ATTEMPTS times here with the worker's back-off (a
// network error, a 5xx, or no headers within the stall timeout; a body that stalls or breaks is
// the worker's alone to watch and resume); a file the boot needs that never came ends in the
// error screen at once (PyScript only logs it), the optional snapshot is left to our loader's
// plain boot.
const SITE = new URL("../../../", import.meta.url).href;
/** @type {(href: string) => string} */
const fileOf = (href) => (href.startsWith(SITE) ? href.slice(SITE.length) : href).split(/[?#]/)[0];
const BOOT_FILE = /^(static\/vendor\/|static\/boot\/|engine\/|main\.py$|pyscript\.toml$)/;
const OPTIONAL = /^static\/vendor\/snapshot\//;

/** @type {Map<string, DownloadFailed>} */
const givenUp = new Map(); // file -> its error: asked for no more in this boot
/** `file` is given up for this boot: its error (code "boot.download"), reported unless optional.
 *  @param {string} file
 *  @param {string} why
 *  @returns {DownloadFailed} */
function gaveUp(file, why) {
    const error = new DownloadFailed(why, { file });
    givenUp.set(file, error);
    if (!OPTIONAL.test(file)) reportDownloadFailure(file);
    return error;
}

function retryOnPage() {
    const pageFetch = globalThis.fetch.bind(globalThis);
    globalThis.fetch = async function (resource, options = {}) {
        const href = typeof resource === "string" || resource instanceof URL ? new URL(resource, location.href).href : null;
        const file = href && fileOf(href);
        if (!file || !BOOT_FILE.test(file)) return pageFetch(resource, options);
        if (givenUp.has(file)) throw givenUp.get(file);
        for (let tries = 1; ; tries++) {
            let why;
            // (a request whose headers do not come within the stall timeout is given up too)
            const silence = new AbortController();
            const timer = setTimeout(() => silence.abort(new Error(`no data for ${(STALL_MS / 1000).toFixed(1)} s`)), STALL_MS);
            const signal = !options.signal ? silence.signal
                : typeof AbortSignal.any === "function" ? AbortSignal.any([options.signal, silence.signal]) : options.signal;
            try {
                const response = await pageFetch(href, { ...options, signal });
                if (response.status < 500) return response;
                why = `HTTP ${response.status}`;
            } catch (error) {
                if (options.signal?.aborted) throw error; // the caller's own abort
                // (whatever was thrown: an Error, or a value without a message)
                why = String(silence.signal.reason?.message ?? /** @type {{ message?: string } | null} */ (error)?.message ?? error);
            } finally {
                clearTimeout(timer);
            }
            console.info(`${file}: try ${tries} of ${ATTEMPTS} failed (${why})`);
            if (tries >= ATTEMPTS) throw gaveUp(file, why);
            await pause(tries);
        }
    };
    // (a module that failed is not kept: import() fetches again what failed, and only that; one
    // that stalls cannot be asked for again on the page: given up at once, core/download.js)
    /** @type {Globals} */ (globalThis).__boceImport = (url) => importWithin(String(url)).catch((error) => {
        throw error instanceof DownloadFailed ? gaveUp(error.file, error.why) : error;
    });
}

/** @returns {Interpreter} */
function startOnPage() {
    takeEarlyWorker()?.worker.terminate(); // (earlyworker.js starts none under ?engine=page)
    retryOnPage();
    // main.py, run by PyScript on the page, reports as the worker does: its EngineBridge's
    // `handle` (synchronous here) with the engine's facts, or why it could not start
    // (the listeners are cast to EventListener: these events are main.py's CustomEvents)
    addEventListener("engine-ready", /** @type {EventListener} */ (
        /** @param {CustomEvent<EngineStarted & { handle: (method: string, argsJson: string) => string }>} event */
        ({ detail }) => {
            const handle = detail.handle;
            publish(detail, (method, args) => new Promise((resolve) => resolve(handle(method, JSON.stringify(args)))));
        }), { once: true });
    addEventListener("engine-failed", /** @type {EventListener} */ (
        /** @param {CustomEvent<EngineFailure>} event */ ({ detail }) => failed(detail)), { once: true });
    // the <script type="x-py-on-page"> of index.html becomes PyScript's main script, then
    // PyScript (with its worker hooks emptied) and our loader start
    for (const script of /** @type {NodeListOf<HTMLScriptElement>} */ (document.querySelectorAll('script[type="x-py-on-page"]'))) {
        script.type = "py";
    }
    const loader = /** @type {Promise<PyodideLoader>} */ (
        /** @type {Globals} */ (globalThis).__boceImport(new URL("../../boot/pyodide.mjs", import.meta.url).href));
    loader.catch(() => {}); // (reported as it failed)
    /** @type {Globals} */ (globalThis).__boceImport(new URL("../../boot/strict-csp.js", import.meta.url).href)
        .catch((error) => console.warn("static/boot/strict-csp.js did not run:", error?.message ?? error));
    return {
        bootPath: () => loader.then((m) => m.boot.path),
        // (a hook for the tests and the bench: before the interpreter has booted it says so)
        python: (code) => loader.then((m) => {
            if (!m.boot.pyodide) throw new Error("the engine has not started yet: await game.ready first");
            return m.boot.pyodide.runPython(code);
        }),
    };
}

/** The engine's interpreter, for the tests and the bench: `bootPath()` and `python(code)`.
 *  @type {Interpreter} */
export const engine = (() => {
    const start = MODE === "page" ? startOnPage : startWorker;
    // at once, or (?poster=1) when the poster's Play is pressed: nothing of the runtime before
    const started = released.then(start);
    return {
        bootPath: () => started.then((e) => e.bootPath()),
        python: (code) => started.then((e) => e.python(code)),
        // the game will not start (a bad launch setting, app.js): the worker and its downloads
        // end; on the page (?engine=page) PyScript's boot goes on, unseen
        stop: () => { started.then((e) => e.stop?.()); },
    };
})();
