// @ts-check
// Book of Christmas Eve: the RTP lab's worker. It runs the game's own engine (the Python package
// in engine/) in Pyodide, off the page's main thread, so the page never freezes.
//
// Started by lab.js as a module worker: new Worker(url, { type: "module" }).
// Messages in:   { type: "run", id, rounds, seed, buy }   play a seeded run
//                { type: "stop", id }                     end that run after the current step
//                { type: "boot" }                         load Python and the engine ahead of a run
// Messages out:  { type: "status", key, n? }             while loading (a key of the tables,
//                                                         which lab.js words; n: a count)
//                { type: "ready", python }                engine imported
//                { type: "progress", id, figures }        after every step (figures: see below)
//                { type: "done", id, figures, stopped }   the run's final figures
//                { type: "error", id, message, key? }     bad input or a failure (key: its words)
//
// `figures` is engine.simulate.Simulation.figures(): exactly the fields (and, once every round is
// played, the values) of `python -m engine simulate --rounds N --seed S [--buy] --json`, except
// the timing fields. The engine's files are the ones pyscript.toml's [files] section lists for
// the game page, so a new engine module is picked up here too; only engine.simulate is imported.

import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";
import { listedFiles } from "../../boot/pyscript-files.mjs";

/** @typedef {import("../../vendor/pyodide/pyodide.mjs").PyodideAPI} PyodideAPI */
/** @typedef {import("../../boot/pyscript-files.mjs").ListedFile} ListedFile */
/** @template [R=unknown] @typedef {import("../../vendor/pyodide/pyodide.mjs").PyCallable<R>} PyCallable */
/**
 * A run's figures (engine.simulate.Simulation.figures(), lab.js's Figures), passed on unread.
 * @typedef {Readonly<Record<string, unknown>>} Figures
 */
/**
 * A message in (lab.js): see above. A run's numbers are lab.js's to check (lab.run).
 * @typedef {{ type: "run", id: number, rounds: number, seed: number, buy: boolean }
 *     | { type: "stop", id?: number }
 *     | { type: "boot" }} LabRequest
 */
/**
 * A message out: see above (lab.js's WorkerMessage). id null: the loading failed.
 * @typedef {{ type: "status", key: string, n?: number }
 *     | { type: "ready", python: string }
 *     | { type: "progress", id: number, figures: Figures }
 *     | { type: "done", id: number, figures: Figures | null, stopped: boolean }
 *     | { type: "error", id: number | null, message: string, key?: string }} LabMessage
 */
/** A step's answer (_lab_step, as JSON): whether the run is over, its figures so far.
 *  @typedef {{ done: boolean, figures: Figures }} StepState */
/** What a run or the boot may throw: any value; the boot's own errors carry the key of their words.
 *  @typedef {{ message?: unknown, key?: string } | null | undefined} Thrown */

const ROOT = new URL("../../../", import.meta.url); // the site's root (where pyscript.toml lives)
const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;
const HOME = "/home/pyodide/";
const STEP_SECONDS = 0.12; // aim for steps this long: frequent progress, quick stop

/** @type {PyodideAPI | null} the interpreter, once the engine is imported */
let pyodide = null;
/** @type {Promise<void> | null} the boot under way or done (null again after a failure) */
let booting = null;
/** @type {{ id: number, stop: boolean } | null} the run under way, and whether a "stop" came for it */
let current = null;

/** @param {LabMessage} message */
function post(message) {
    self.postMessage(message);
}

// The engine's files among pyscript.toml's [files] (the game page's list).
/** @param {string} toml @returns {ListedFile[]} */
export function engineFiles(toml) {
    return listedFiles(toml).filter(([source]) => source.startsWith("./engine/"));
}

/** @param {string} path from the site's root @returns {Promise<Uint8Array>} */
async function fetchBytes(path) {
    const response = await fetch(new URL(path, ROOT));
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
}

async function boot() {
    post({ type: "status", key: "par.lab.loadingPython" });
    const [py, toml] = await Promise.all([
        loadPyodide({ indexURL: INDEX_URL, stdout: () => {}, stderr: () => {} }),
        fetch(new URL("pyscript.toml", ROOT)).then((r) => {
            if (!r.ok) throw new Error(`pyscript.toml: HTTP ${r.status}`);
            return r.text();
        }),
    ]);
    const files = engineFiles(toml);
    if (!files.some(([, target]) => target === "./engine/simulate.py")) {
        throw Object.assign(new Error("pyscript.toml lists no engine/simulate.py"), { key: "par.lab.noSimulate" });
    }
    post({ type: "status", key: "par.lab.loadingEngine", n: files.length });
    const contents = await Promise.all(files.map(([source]) => fetchBytes(source)));
    files.forEach(([, target], i) => {
        const path = HOME + target.replace(/^\.\//, "");
        py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        py.FS.writeFile(path, contents[i]);
    });
    py.runPython(`
import sys, json
if ${JSON.stringify(HOME)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(HOME)})
from engine.model import load_model
from engine.simulate import Simulation
_lab_model = load_model()
_lab_sim = None

def _lab_start(rounds, seed, buy):
    global _lab_sim
    _lab_sim = Simulation(_lab_model, int(rounds), int(seed), buy=bool(buy))

def _lab_step(n):
    _lab_sim.step(int(n))
    return json.dumps({"done": _lab_sim.done, "figures": _lab_sim.figures()})
`);
    pyodide = py;
    post({ type: "ready", python: py.runPython("sys.version.split()[0]") });
}

function ensureBooted() {
    if (!booting) {
        booting = boot().catch((err) => {
            booting = null;
            throw err;
        });
    }
    return booting;
}

/** @type {() => Promise<void>} */
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

/** @param {Extract<LabRequest, { type: "run" }>} request */
async function run({ id, rounds, seed, buy }) {
    const job = { id, stop: false };
    current = job;
    try {
        await ensureBooted();
        /** @type {PyCallable<void>} */
        const start = /** @type {PyodideAPI} booted */ (pyodide).globals.get("_lab_start");
        start(rounds, seed, buy);
        start.destroy?.();
        /** @type {PyCallable<string>} a JSON string */
        const step = /** @type {PyodideAPI} booted */ (pyodide).globals.get("_lab_step");
        let size = 500;
        /** @type {StepState | null} the last step's */
        let state = null;
        while (!job.stop) {
            const t0 = performance.now();
            state = /** @type {StepState} */ (JSON.parse(step(size)));
            const ms = performance.now() - t0;
            post({ type: "progress", id, figures: state.figures });
            if (state.done) break;
            // Next step: about STEP_SECONDS long, never more than 4x the last one.
            const perRound = ms / size;
            if (perRound > 0) size = Math.max(100, Math.min(size * 4, Math.round((STEP_SECONDS * 1000) / perRound)));
            await pause(); // let a "stop" message in
        }
        step.destroy?.();
        post({ type: "done", id, figures: state ? state.figures : null, stopped: !state?.done });
    } catch (err) {
        const error = /** @type {Thrown} */ (err);
        post({ type: "error", id, message: String(error?.message ?? error), key: error?.key });
    } finally {
        if (current === job) current = null;
    }
}

self.addEventListener("message", (/** @type {MessageEvent} */ event) => {
    /** @type {LabRequest | { type?: undefined }} lab.js's (anything else: no type) */
    const msg = event.data || {};
    if (msg.type === "run") {
        run(msg);
    } else if (msg.type === "stop") {
        if (current && (msg.id === undefined || current.id === msg.id)) current.stop = true;
    } else if (msg.type === "boot") {
        ensureBooted().catch((err) => post({ type: "error", id: null, message: String(err?.message ?? err), key: err?.key }));
    }
});
