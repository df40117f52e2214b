// @ts-check
// The `interpreter` of pyscript.toml: Pyodide's own loader (static/vendor/pyodide/pyodide.mjs,
// from npm) wrapped so that it restores the memory snapshot `make vendor` built
// (static/vendor/snapshot/engine.snap: an interpreter with the engine and the stdlib modules the
// page needs already imported) instead of booting and importing from scratch.
//
// PyScript imports this module, reads `version` and calls `loadPyodide(options)`. PyScript takes
// the folder of this module as Pyodide's indexURL, so the real folder is put back here.
//
// Plain boot (Pyodide as npm ships it, with a console note) whenever the snapshot cannot be used:
// no snapshot built (missing manifest or file), made for another Pyodide, made from engine files
// that differ from those this page is served (SHA-256 of each, listed in manifest.json), no Web
// Crypto to check them (a page outside a secure context), or a restore that fails.
//
// With a snapshot, Pyodide mounts the snapshot's small stdlib zip (manifest restoreStdlib), and
// the snapshot is stored XORed with the freshly instantiated wasm memory (manifest delta), undone
// below; see docs/boot.md.
//
// What a snapshot does not keep, and how the page copes: the virtual file system (PyScript writes
// pyscript.toml [files] again; load_model() reads the model then); the state of `random`'s shared
// generator (reseeded below from the system's entropy; the game's seeded play makes its own
// Random(N), and SystemRandom reads Web Crypto each time); str hash randomisation (fixed at build).
import { loadPyodide as loadPlain, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

/** @typedef {import("../vendor/pyodide/pyodide.mjs").PyodideAPI} PyodideAPI */
/** @typedef {import("../vendor/pyodide/pyodide.mjs").PyodideOptions} PyodideOptions */
/** @typedef {import("../vendor/pyodide/pyodide.mjs").CreatePyodideModule} CreatePyodideModule */
/** @template [R=unknown] @typedef {import("../vendor/pyodide/pyodide.mjs").PyCallable<R>} PyCallable */
/**
 * static/vendor/snapshot/manifest.json as tools/build_runtime.mjs writes it (the members read here
 * and by the engine's worker). It comes from the network: fetchSnapshot checks what a wrong value
 * would break.
 * @typedef {object} SnapshotManifest
 * @property {string} pyodide the version of Pyodide the snapshot was made with
 * @property {string} [file] the snapshot's file in static/vendor/snapshot/ (engine.bin if absent)
 * @property {string} [encoding] "gzip" (stored gzipped: a .snap) or "identity"
 * @property {number} bytes its length once laid out
 * @property {string} layout how it is stored: "pages" (packPages), the only one read
 * @property {number} page the size of a page, in bytes
 * @property {number} [delta] XORed with the wasm memory as instantiated, over its first `delta` bytes
 * @property {Readonly<Record<string, string>>} engine the SHA-256 (hex) of each engine file it
 *     imported, by path from the site's root
 * @property {readonly string[]} [play] the files of pyscript.toml [files] a game reads (the engine's worker)
 * @property {string} [restoreStdlib] the standard library's zip to mount with it, in static/vendor/snapshot/
 * @property {string} [restoreStdlibPage] the same when Python runs on the page (?engine=page)
 */
/** How the boot went: not yet, with the snapshot, or plainly (and why).
 *  @typedef {"pending" | "snapshot" | `plain: ${string}`} BootPath */
/**
 * The global a module that imports this one may set first: its import() of the runtime's modules,
 * retried (static/boot/engine-worker.mjs runtimeModule; static/js/round/bridge.js under
 * ?engine=page). It resolves with the module's namespace.
 * @typedef {typeof globalThis & { __boceImport?: (url: string) => Promise<unknown> }} BootGlobals
 */

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_DIR = new URL("../vendor/snapshot/", import.meta.url);
const SITE_ROOT = new URL("../../", import.meta.url); // engine/... paths of the manifest

/** For the tests and the bench: how the boot went (`path`: "snapshot" or "plain: <why>") and
 *  the interpreter it made.
 *  @type {{ path: BootPath, pyodide: PyodideAPI | null }} */
export const boot = { path: "pending", pyodide: null };

/** @param {BufferSource} buffer @returns {Promise<string>} */
async function sha256Hex(buffer) {
    const digest = await crypto.subtle.digest("SHA-256", buffer);
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

class Unusable extends Error {}

/** Why a snapshot boot did not happen, for the console note and boot.path.
 *  @type {(error: any) => string} (any: whatever was thrown) */
const reasonOf = (error) => (error instanceof Unusable ? error.message
    : `snapshot restore failed: ${error?.message ?? error}`);

// The snapshot is stored XORed with the wasm memory as instantiation leaves it (its data
// segments, the first `delta` bytes of that memory: tools/build_runtime.mjs), which turns its
// 3.8 MB of static data into zeros for the download. Undone here on the memory this boot's
// instantiation made, just before Pyodide restores the snapshot over it: WebAssembly.instantiate
// (Streaming) is wrapped so that, for the instance with the memory, it waits for the snapshot's
// last byte and the check of its engine files (`pending.filled`: Pyodide is handed the
// snapshot's buffer while it is still arriving and being checked, so that it sets its module up
// meanwhile) and undoes the XOR first (undoDelta).
// An instantiation that fails (the wasm did not download, after the engine's worker's retries) is
// only logged by Pyodide, whose loadPyodide then waits for ever: `instantiated` says so instead,
// and the boot fails with that reason (loadWithin).
/**
 * A snapshot on its way (fetchSnapshot), for the instantiation that restores it.
 * @typedef {object} Arriving
 * @property {Uint8Array} bytes the snapshot, laid out (filled as it arrives)
 * @property {number} length the bytes XORed with the memory (manifest delta; 0: none)
 * @property {number} page the size of its pages
 * @property {Promise<Uint32Array>} filled the indices of the pages stored, once all arrived and its
 *     engine files are checked
 * @property {boolean} done the XOR is undone
 * @property {string | null} failure why it did not arrive whole (reasonOf), once it did not
 */
/**
 * WebAssembly's two instantiations as the wrapper below sees them: the arguments passed on as
 * they are (`any`: either function's), an Instance (from a Module) or { module, instance } back.
 * @typedef {Record<"instantiate" | "instantiateStreaming", (this: unknown, ...args: any[]) =>
 *     Promise<WebAssembly.Instance | WebAssembly.WebAssemblyInstantiatedSource>>} Instantiations
 */
/** @type {Arriving | null} */
let pending = null;
/** @type {((reason: unknown) => void) | null} the current boot's (reject) */
let instantiationFailed = null;
for (const name of /** @type {const} */ (["instantiate", "instantiateStreaming"])) {
    const original = /** @type {Instantiations} */ (WebAssembly)[name];
    if (typeof original !== "function") continue;
    /** @type {Instantiations} */ (WebAssembly)[name] = async function (...args) {
        let result;
        try {
            result = await original.apply(this, args);
        } catch (error) {
            instantiationFailed?.(error);
            throw error;
        }
        const snapshot = pending;
        const instance = result instanceof WebAssembly.Instance ? result : result?.instance;
        if (!snapshot || !instance?.exports?.memory) return result;
        pending = null;
        // (never throw here: Pyodide would only log it and wait for ever. A snapshot that did
        // not arrive whole has had its header cleared, which Pyodide's restore refuses; a delta
        // left undone is refused after the boot, below)
        const stored = await snapshot.filled.then((indices) => indices, () => null);
        if (!stored || !snapshot.length) return result;
        const memory = new Uint8Array(/** @type {WebAssembly.Memory} Pyodide's */ (instance.exports.memory).buffer);
        const { bytes, length, page } = snapshot;
        const offset = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
        if (memory.length < length || bytes.length < offset + length) return result;
        undoDelta(bytes, memory, offset, length, stored, page);
        snapshot.done = true;
        return result;
    };
}

/** Undoes the XOR of `bytes` (the snapshot, its memory from `offset`) with the memory's first
 *  `length` bytes, page by page (pages of `size` bytes of `bytes`, `stored` the indices of those
 *  the file held): a stored page is XORed back; a page the file left out was all zeros, that is
 *  the memory's own bytes, which are copied. 86 of the 933 pages of the static data are stored,
 *  so this is mostly copying (a XOR of all 3.8 MB in JavaScript took 10-15 ms here).
 *  @param {Uint8Array} bytes @param {Uint8Array} memory @param {number} offset @param {number} length
 *  @param {Uint32Array} stored @param {number} size */
function undoDelta(bytes, memory, offset, length, stored, size) {
    const end = offset + length;
    let next = 0; // the first stored page not before the current one
    for (let at = offset; at < end;) {
        const k = Math.floor(at / size);
        const to = Math.min((k + 1) * size, end);
        while (next < stored.length && stored[next] < k) next += 1;
        if (stored[next] === k) xorWith(bytes, memory, at, to, offset);
        else bytes.set(memory.subarray(at - offset, to - offset), at);
        at = to;
    }
}

/** bytes[i] ^= memory[i - offset] for i in [from, to), four bytes at a time where aligned.
 *  @param {Uint8Array} bytes @param {Uint8Array} memory @param {number} from @param {number} to @param {number} offset */
function xorWith(bytes, memory, from, to, offset) {
    let i = from;
    if ((bytes.byteOffset + i) % 4 === 0 && (i - offset) % 4 === 0) {
        const n = (to - i) >> 2;
        const a = new Uint32Array(bytes.buffer, bytes.byteOffset + i, n);
        const b = new Uint32Array(memory.buffer, memory.byteOffset + i - offset, n);
        for (let j = 0; j < n; j++) a[j] ^= b[j];
        i += 4 * n;
    }
    for (; i < to; i++) bytes[i] ^= memory[i - offset];
}

/** Reads `body`, the snapshot's non-zero pages of `size` bytes (manifest `layout: "pages"`,
 *  tools/build_runtime.mjs packPages: [u32 count][count x u32 page index, increasing][the
 *  pages]), into `into` (zeroed, the snapshot's length), chunk by chunk as it arrives, each
 *  byte at its place; resolves with the page indices. Anything else than such pages filling
 *  `into` exactly is refused.
 *  @param {ReadableStream<Uint8Array>} body @param {Uint8Array} into @param {number} size
 *  @param {string} file its name, for the refusal @returns {Promise<Uint32Array>} */
async function readPages(body, into, size, file) {
    const reader = body.getReader();
    const pageCount = Math.ceil(into.length / size);
    const head = new Uint8Array(4);
    /** @type {Uint32Array | null} the page indices, once their count is read */
    let indices = null;
    let got = 0; // bytes of the head, then of the indices, read so far
    let page = -1; // the page being filled (its place in `indices`), its offset in `into` and end
    let at = 0;
    let end = 0;
    /** @type {(why: string) => Unusable} */
    const bad = (why) => new Unusable(`${file}: ${why}`);
    for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        let i = 0;
        while (i < value.length) {
            if (indices === null || got < 4 + 4 * indices.length) {
                const target = indices === null ? head : new Uint8Array(indices.buffer);
                const from = indices === null ? got : got - 4;
                const n = Math.min(target.length - from, value.length - i);
                target.set(value.subarray(i, i + n), from);
                got += n;
                i += n;
                if (indices === null && got === 4) {
                    const count = new DataView(head.buffer).getUint32(0, true);
                    if (count > pageCount) throw bad(`${count} pages, more than ${pageCount}`);
                    indices = new Uint32Array(count);
                }
                continue;
            }
            if (at === end) { // the next page
                page += 1;
                if (page >= indices.length) throw bad(`more than its ${indices.length} pages`);
                const k = indices[page];
                if (k >= pageCount || (page > 0 && k <= indices[page - 1])) throw bad(`page ${k} out of order`);
                at = k * size;
                end = Math.min(at + size, into.length);
            }
            const n = Math.min(end - at, value.length - i);
            into.set(value.subarray(i, i + n), at);
            at += n;
            i += n;
        }
    }
    // (a page is begun only once the indices are whole, so `page` tells both apart)
    if (indices === null || page !== indices.length - 1 || at !== end) {
        throw bad("incomplete");
    }
    return indices;
}

// The snapshot's manifest, or a reason why there is no usable one (a string).
/** @returns {Promise<SnapshotManifest | string>} */
async function fetchManifest() {
    const response = await fetch(new URL("manifest.json", SNAPSHOT_DIR));
    if (!response.ok) return `no snapshot (manifest.json: HTTP ${response.status})`;
    const manifest = await response.json();
    if (manifest.pyodide !== version) return `snapshot of Pyodide ${manifest.pyodide}, not ${version}`;
    if (!globalThis.crypto?.subtle) return "no Web Crypto to check the snapshot's engine files";
    return manifest;
}

/** @type {(files: Map<string, Uint8Array> | null) => void} engineFiles's resolve (set at once by its executor) */
let settleEngineFiles = /** @type {never} replaced before any use */ (null);
/** The engine files the snapshot was made from, as this page is served them (a Map of path to
 *  bytes), once each has the SHA-256 the manifest lists; null when there was no such check or it
 *  failed. The worker writes these into Pyodide's file system rather than fetching them again.
 *  @type {Promise<Map<string, Uint8Array> | null>} */
export const engineFiles = new Promise((resolve) => { settleEngineFiles = resolve; });
/** @param {SnapshotManifest["engine"]} listed @returns {Promise<void>} */
async function checkEngineFiles(listed) {
    /** @type {Map<string, Uint8Array>} */
    const files = new Map();
    const stale = await Promise.all(
        Object.entries(listed).map(async ([file, want]) => {
            const r = await fetch(new URL(file, SITE_ROOT));
            const bytes = r.ok ? new Uint8Array(await r.arrayBuffer()) : null;
            if (bytes === null || (await sha256Hex(bytes)) !== want) return file;
            files.set(file, bytes);
            return null;
        }),
    ).catch((error) => { settleEngineFiles(null); throw error; });
    const changed = stale.filter(Boolean);
    settleEngineFiles(changed.length ? null : files);
    if (changed.length) throw new Unusable(`snapshot made from other engine files (${changed.join(", ")})`);
}

// The snapshot's buffer, as soon as its response has begun: the bytes fill it as they arrive,
// while its engine files are checked against those this page is served (`pending.filled`, both).
// Pyodide fetches and compiles its wasm meanwhile and sets its module up; the instantiation waits
// for both (above). (Checked first, with the read begun after the check, the snapshot reached a
// returning player's worker about 0.25 s later: the check's sixteen requests queue at the service
// worker behind the page's own, and the read then came behind Pyodide's long tasks.)
/** @type {Arriving | null} the current boot's `pending`, to check it was undone */
let restoring = null;
/** @param {SnapshotManifest} manifest @returns {Promise<Uint8Array>} the snapshot's buffer */
async function fetchSnapshot(manifest) {
    const controller = new AbortController();
    const file = manifest.file ?? "engine.bin";
    const gzipped = manifest.encoding === "gzip";
    if (gzipped && typeof DecompressionStream === "undefined") {
        throw new Unusable("no DecompressionStream to inflate the snapshot");
    }
    if (!Number.isSafeInteger(manifest.bytes) || manifest.bytes < 16) throw new Unusable(`manifest.json: no size for ${file}`);
    if (manifest.layout !== "pages" || !Number.isSafeInteger(manifest.page) || manifest.page < 16 || manifest.page % 4) {
        throw new Unusable(`manifest.json: ${file} is not stored as pages`);
    }
    const response = fetch(new URL(file, SNAPSHOT_DIR), { signal: controller.signal });
    response.catch(() => {}); // an abort below is not an unhandled rejection
    const data = new Uint8Array(manifest.bytes);
    const read = response.then((r) => {
        if (!r.ok) throw new Unusable(`${file}: HTTP ${r.status}`);
        // stored gzipped (a third of the download) on the development server: inflated as it arrives
        const body = /** @type {ReadableStream<Uint8Array<ArrayBuffer>>} an ok response's */ (r.body);
        return readPages(gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body, data, manifest.page, file);
    });
    const checked = checkEngineFiles(manifest.engine).catch((error) => {
        controller.abort(); // nothing more of it is downloaded
        throw error;
    });
    // the restore waits for both (the instantiation, above); a failure of either clears the
    // snapshot's header, so that Pyodide's restore refuses it and the boot goes on plainly
    // (the check's refusal first: the read it aborted fails too)
    const filled = Promise.allSettled([read, checked]).then(([r, c]) => {
        if (c.status === "rejected") throw c.reason;
        if (r.status === "rejected") throw r.reason;
        return r.value;
    });
    /** @type {Arriving} */
    const arriving = { bytes: data, length: manifest.delta ?? 0, page: manifest.page, filled, done: false, failure: null };
    filled.catch((error) => {
        arriving.failure = reasonOf(error);
        data.fill(0, 0, 4); // Pyodide's restore refuses it ("invalid magic number"): a plain boot
    });
    const r = await response;
    if (!r.ok) throw new Unusable(`${file}: HTTP ${r.status}`);
    pending = restoring = arriving;
    return data;
}

// The snapshot's manifest (or why there is none), fetched once as this module runs; the engine's
// worker reads its `play` list (the engine files a game reads) too.
export const snapshotManifest = fetchManifest();
snapshotManifest.catch(() => {}); // a failure is reported by loadEither

// The boot starts as soon as this module runs: index.html loads it first of all, so Pyodide is
// fetched, compiled and restored while PyScript is still setting itself up (~1-2 s here), and
// PyScript's later call to loadPyodide() gets that same interpreter. Its printed output goes to
// the console until PyScript hands over its own stdout/stderr.
/** @type {{ stdout: (line: string) => void, stderr: (line: string) => void }} */
const sink = { stdout: (line) => console.log(line), stderr: (line) => console.error(line) };
/** @type {PyodideOptions} */
const EARLY_OPTIONS = {
    indexURL: INDEX_URL,
    stdout: (line) => sink.stdout(line),
    stderr: (line) => sink.stderr(line),
};
performance.mark("pyodide-start");
const early = loadEither(EARLY_OPTIONS).then((pyodide) => {
    performance.measure("pyodide-load", "pyodide-start");
    boot.pyodide = pyodide;
    return pyodide;
});
early.catch(() => {}); // reported to whoever awaits it: PyScript, through loadPyodide below

/** Pyodide's loadPyodide for PyScript (and the engine's worker): the early boot's interpreter, or
 *  a boot of its own for options the early boot did not have.
 *  @param {PyodideOptions} [options] @returns {Promise<PyodideAPI>} */
export async function loadPyodide(options = {}) {
    const { stdout, stderr, indexURL, ...rest } = options;
    if (Object.values(rest).every((value) => value === undefined)) {
        if (stdout) sink.stdout = stdout;
        if (stderr) sink.stderr = stderr;
        return early;
    }
    // options the early boot did not have (e.g. packages): a boot of its own
    console.info(`Booting Pyodide again for the options ${Object.keys(rest).join(", ")}.`);
    return loadEither({ ...options, indexURL: INDEX_URL });
}

// Pyodide's JavaScript half, through the engine's worker's retried import() when there is one
// (static/boot/engine-worker.mjs runtimeModule: its own import of the same module; on the page,
// static/js/round/bridge.js sets one too: BootGlobals)
/** @type {(url: string) => Promise<unknown>} */
const runtimeModule = /** @type {BootGlobals} */ (globalThis).__boceImport ?? ((url) => import(url));
const createPyodideModule = () => runtimeModule(new URL("pyodide.asm.mjs", INDEX_URL).href)
    .then((m) => /** @type {{ default: CreatePyodideModule }} pyodide.asm.mjs's */ (m).default);

/** Pyodide's loadPyodide(options), or its wasm's failure to instantiate (which Pyodide swallows).
 *  @param {PyodideOptions} options @returns {Promise<PyodideAPI>} */
function loadWithin(options) {
    /** @type {Promise<never>} */
    const failed = new Promise((_, reject) => { instantiationFailed = reject; });
    return Promise.race([loadPlain({ createPyodideModule: createPyodideModule(), ...options }), failed]);
}

/** @param {PyodideOptions} plainOptions @returns {Promise<PyodideAPI>} */
async function loadEither(plainOptions) {
    let why;
    try {
        const manifest = await snapshotManifest;
        if (typeof manifest === "string") {
            why = manifest;
        } else {
            const snapshot = fetchSnapshot(manifest);
            // Pyodide awaits it late; a refusal before then is handled by the catch below
            snapshot.catch(() => {});
            // With the snapshot, Pyodide mounts a small stdlib zip (the modules a game still
            // imports after the restore, manifest.restoreStdlib) instead of the 3 MB one; a module
            // that is not in it makes the snapshot's finder fetch the full zip then (build_runtime.mjs).
            // On the page (?engine=page), PyScript's Python package imports more of it: its own zip.
            const zip = (typeof WorkerGlobalScope === "undefined" && manifest.restoreStdlibPage) || manifest.restoreStdlib;
            const small = zip ? { stdLibURL: new URL(zip, SNAPSHOT_DIR).href } : {};
            const pyodide = await loadWithin({ ...plainOptions, ...small, _loadSnapshot: snapshot });
            const restored = /** @type {Arriving} set as the snapshot's response began, which Pyodide awaited */ (restoring);
            if (restored.length && !restored.done) throw new Error("the snapshot's static data was not restored");
            // what the snapshot could not keep (a fresh `random` state, the zip importers, the
            // full zip's URL): a function the snapshot holds (tools/build_runtime.mjs WARM_UP), so
            // that nothing is compiled here
            /** @type {PyCallable<void>} */
            const afterRestore = pyodide.globals.get("_boce_after_restore");
            afterRestore(INDEX_URL + "python_stdlib.zip");
            afterRestore.destroy();
            boot.path = "snapshot";
            return pyodide;
        }
    } catch (error) {
        pending = null;
        // a snapshot that did not arrive whole: that, rather than the refusal it led to
        why = error instanceof Unusable ? error.message : restoring?.failure ?? reasonOf(error);
    }
    settleEngineFiles(null); // (if the check never ran)
    console.info(`Booting Pyodide without a snapshot: ${why}.`);
    boot.path = `plain: ${why}`;
    return loadWithin(plainOptions);
}
