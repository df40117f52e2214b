// The game's Python, off the page's main thread: a module worker that boots Pyodide with our
// loader (./pyodide.mjs: the memory snapshot of `make vendor`, a plain boot with a console note
// when it cannot be used), writes the files of pyscript.toml [files] and main.py into Pyodide's
// working directory (as PyScript did on the page; after a snapshot boot, only those a game reads
// before the first round, the rest after it), imports main.py (the bridge's Python) and
// answers the page's requests. Started by static/js/earlyworker.js (or static/js/bridge.js):
//     new Worker(url, { type: "module", credentials: "omit" })
// (no cookie is needed, and a request without credentials goes over connections of its own:
// over HTTP/1.1 the page's seventy small requests hold the six a host gets)
//
// Messages in:  { type: "start", search }           the page's location.search (its ?seed=N)
//               { id, method, args }                a bridge call (offer, playRound, checkRound,
//                                                   restoreRng, openReplay, shareSaved, scenario,
//                                                   playScenario; args as JSON-able values)
//               { id, method: "bootPath" | "python", args }   for the tests and the bench only
// Messages out: { type: "progress", detail }        a stage for the loading screen ("Loading
//                                                   Pyodide", ...; bridge.js fires them on the
//                                                   page as PyScript's `py:progress` events)
//               { type: "ready", modelJson, seed, rngName, engineModule, bootPath }
//               { type: "error", message, traceback }   the game cannot start (readable message)
//               { id, result } | { id, failure }    a call's answer (a JSON string for the bridge)
//
// Every call's arguments and answer cross as one JSON string each way (main.EngineBridge.handle):
// a structured clone of a short string, ~0.1-1 ms per round here.
//
// This module imports nothing statically: a worker's static imports are all fetched before its
// first line runs, one level per round trip, and on a phone's network each waited behind the
// page's own requests. So its first lines ask for the runtime at once (earlyFetch below) and
// load its modules in parallel (import() of each level, deduplicated by the module map).

// The runtime's files, asked for before anything else: Pyodide's wasm, the snapshot's manifest
// and, once that is in, the snapshot it names. The loader's later fetch() of the same URL takes
// the response already on its way (takeEarly), once; any other fetch goes to the network.
const EARLY = {
    wasm: "../vendor/pyodide/pyodide.asm.wasm",
    lock: "../vendor/pyodide/pyodide-lock.json",
    manifest: "../vendor/snapshot/manifest.json",
};
const early = new Map(); // absolute URL -> { response: Promise<Response>, controller }
const asked = new Set(); // the URLs the loader has fetched (none of them is asked for twice)
const plainFetch = globalThis.fetch.bind(globalThis);
function earlyFetch(url) {
    const href = new URL(url, import.meta.url).href;
    if (asked.has(href)) return null; // the loader got there first
    const controller = new AbortController();
    const response = plainFetch(href, { signal: controller.signal, credentials: "omit" });
    response.catch(() => {}); // whoever takes it sees the failure; unclaimed, it is dropped
    early.set(href, { response, controller });
    return response;
}
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
earlyFetch(EARLY.manifest)
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((manifest) => {
        if (typeof manifest?.file === "string") earlyFetch(new URL(manifest.file, new URL(EARLY.manifest, import.meta.url)));
    })
    .catch(() => {}); // pyodide.mjs reads the manifest again and says what is wrong with it

// Every level of the module graph at once: our loader (which starts the boot as it runs),
// Pyodide's loader it imports, and the wasm's JavaScript half, which Pyodide's loader imports.
const loading = Promise.all([import("./pyodide.mjs"), import("./pyscript-files.mjs"),
    import("../vendor/pyodide/pyodide.mjs"), import("../vendor/pyodide/pyodide.asm.mjs")]);
loading.catch(() => {}); // reported by start()

const ROOT = new URL("../../", import.meta.url); // the site's root (pyscript.toml, main.py)
const HOME = "/home/pyodide/";

const post = (message) => self.postMessage(message);

async function fetchBytes(path) {
    const response = await fetch(new URL(path, ROOT));
    if (!response.ok) throw new Error(`${path.replace(/^\.\//, "")}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
}

// (`known`: files in hand already, by their path from the site's root)
const fetchAll = (pairs, known = null) => Promise.all(pairs.map(async ([source, target]) =>
    [target, known?.get(source.replace(/^\.\//, "")) ?? await fetchBytes(source)]));

let bridge = null; // main.EngineBridge, once started
let later = []; // [source, target] of the [files] a game does not read (fetchLater)
let pyodide = null;
let bootPath = () => "pending"; // static/boot/pyodide.mjs's boot.path, once it is loaded

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
            const listed = [...listedFiles(new TextDecoder().decode(bytes)), ["./main.py", "./main.py"]];
            const manifest = await snapshotManifest.catch(() => null);
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
    let main;
    try {
        main = py.pyimport("main");
    } catch (error) {
        const traceback = String(error?.message ?? error);
        post({ type: "error", message: traceback.trim().split("\n").pop(), traceback });
        return;
    }
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
        writeFiles(pyodide, pairs);
        // the import system's listings of the folders may predate these files
        pyodide.runPython(`import sys as _s
from importlib.machinery import FileFinder as _F
for _f in list(_s.path_importer_cache.values()):
    if isinstance(_f, _F):
        _f.invalidate_caches()
del _s, _F, _f`);
    },
        (error) => console.warn(`engine files not fetched after the first round: ${error?.message ?? error}`));
}

function writeFiles(py, files) {
    for (const [target, data] of files) {
        const path = HOME + target.replace(/^\.\//, "");
        py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        py.FS.writeFile(path, data);
    }
}

// For the tests and the bench: a Python expression's value in this worker's interpreter (a
// string, number, boolean or null; anything else as its repr).
function python(code) {
    const value = pyodide.runPython(code);
    if (value === undefined || value === null || ["string", "number", "boolean"].includes(typeof value)) {
        return value ?? null;
    }
    const text = String(value);
    value.destroy?.();
    return text;
}

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
        post({ id, failure: String(error?.message ?? error) });
    }
}

self.addEventListener("message", (event) => {
    const message = event.data ?? {};
    if (message.type === "start") {
        start(String(message.search ?? "")).catch((error) => {
            console.error(error);
            post({ type: "error", message: String(error?.message ?? error).split("\n")[0] });
        });
    } else if (message.id !== undefined) {
        answer(message);
    }
});
