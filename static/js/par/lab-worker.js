// Book of Christmas Eve: the RTP lab's worker. It runs the game's own engine (the Python package
// in engine/) in Pyodide, off the page's main thread, so the page never freezes.
//
// Started by lab.js as a module worker: new Worker(url, { type: "module" }).
// Messages in:   { type: "run", id, rounds, seed, buy }   play a seeded run
//                { type: "stop", id }                     end that run after the current step
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

const ROOT = new URL("../../../", import.meta.url); // the site's root (where pyscript.toml lives)
const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;
const HOME = "/home/pyodide/";
const STEP_SECONDS = 0.12; // aim for steps this long: frequent progress, quick stop

let pyodide = null;
let booting = null;
let current = null; // { id, stop }

function post(message) {
    self.postMessage(message);
}

// The engine's files among pyscript.toml's [files] (the game page's list).
export function engineFiles(toml) {
    return listedFiles(toml).filter(([source]) => source.startsWith("./engine/"));
}

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

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

async function run({ id, rounds, seed, buy }) {
    const job = { id, stop: false };
    current = job;
    try {
        await ensureBooted();
        const start = pyodide.globals.get("_lab_start");
        start(rounds, seed, buy);
        start.destroy?.();
        const step = pyodide.globals.get("_lab_step");
        let size = 500;
        let state = null;
        while (!job.stop) {
            const t0 = performance.now();
            state = JSON.parse(step(size));
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
        post({ type: "error", id, message: String(err?.message ?? err), key: err?.key });
    } finally {
        if (current === job) current = null;
    }
}

self.addEventListener("message", (event) => {
    const msg = event.data || {};
    if (msg.type === "run") {
        run(msg);
    } else if (msg.type === "stop") {
        if (current && (msg.id === undefined || current.id === msg.id)) current.stop = true;
    } else if (msg.type === "boot") {
        ensureBooted().catch((err) => post({ type: "error", id: null, message: String(err?.message ?? err), key: err?.key }));
    }
});
