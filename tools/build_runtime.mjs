// Build-time speed-ups for the browser runtime, made by Pyodide's own Python (run here in node,
// from the pinned npm package), called by tools/vendor.sh:
//
//   node tools/build_runtime.mjs stdlib   <out.zip>
//       python_stdlib.zip with the modules a start-up imports (Pyodide's own, PyScript's, the
//       engine's and main.py's) compiled to .pyc in place of their .py source (by CPython 3.14 of
//       this Pyodide, so the bytecode magic matches); every other entry kept as it is. The page
//       then unmarshals bytecode instead of compiling ~190 modules on every load, and the zip
//       grows a little only (.pyc is larger than source: compiling all of it would add ~2 MB).
//
//   node tools/build_runtime.mjs snapshot <stdlib.zip> <out.bin|out.snap (gzipped)> <manifest.json> <engine files...>
//       A memory snapshot of an interpreter booted on <stdlib.zip> (the zip the page will load:
//       the zip importer keeps offsets into it) with the engine imported from the given files
//       (paths relative to the repo root, e.g. engine/__init__.py). The manifest records the
//       Pyodide version, the snapshot's size and the SHA-256 of each engine file it imported, so
//       the page can refuse a snapshot whose engine differs from the files it is served
//       (static/boot/pyodide.mjs), and the files a game reads (`play`). The snapshot is stored
//       XORed with the wasm memory as instantiated (its static data then compresses to almost
//       nothing; `delta`: where that memory's data segments end, and the page's XOR with them).
//       Beside it, stdlib.zip: the stdlib modules a game still imports after a restore (found by
//       playing rounds right after the snapshot), which the page mounts in place of the full zip;
//       the snapshot holds a finder that fetches the full zip for any other.
//
// Undocumented Pyodide 314.0.7 API used (pinned by package-lock.json; tests/e2e/test_speed_boot.py
// checks the result boots and plays CPython's rounds): loadPyodide({_makeSnapshot: true}),
// pyodide.makeMemorySnapshot(), and loadPyodide({_loadSnapshot}) on the page.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = resolve(ROOT, "node_modules/pyodide") + "/";
const { loadPyodide, version } = await import(PYODIDE_DIR + "pyodide.mjs");

const quiet = { stdout: () => {}, stderr: (line) => console.error(line) };

// What a start-up imports besides Pyodide's own boot and the engine: main.py's stdlib modules.
// Nothing else goes into the snapshot (every module it holds is bytes of the download: the
// modules PyScript's Python package imports, which only ?engine=page runs, made it 6% bigger).
const STARTUP_IMPORTS = `
import json, traceback, urllib.parse
`;

// What PyScript's Python package (pyscript/*.py in @pyscript/core) imports from the stdlib, for
// ?engine=page: after a restore on the page they come from the page's own small zip
// (manifest restoreStdlibPage), made of these and what a game imports (RESTORE_STDLIB).
const PAGE_IMPORTS = `
import asyncio, base64, html, inspect, io, json, sys
`;

// Reads the zip Pyodide installed at /lib/python3XX.zip and writes a compiled copy. Entries keep
// their order and a fixed date, so the same inputs give the same bytes.
const COMPILE_STDLIB = `
import importlib._bootstrap_external as bx, io, sys, zipfile
src_path = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
loaded = {m.__spec__.origin[len(src_path) + 1:] for m in list(sys.modules.values())
          if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(src_path + "/")}
out = io.BytesIO()
compiled = kept = 0
with zipfile.ZipFile(src_path) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in src.infolist():
        data = src.read(info)
        name = info.filename
        if name in loaded:
            # co_filename names the module's place in the zip, as a source module's would.
            # optimize=2 (as python -OO): no docstrings and no asserts, which CPython's stdlib
            # supports; the snapshot, which holds these modules, is then 7% smaller
            code = compile(data, f"{src_path}/{name}", "exec", dont_inherit=True, optimize=2)
            # a timestamp pyc whose source is absent: zipimport loads it without a check
            data = bytes(bx._code_to_timestamp_pyc(code, 0, len(data)))
            name += "c"
            compiled += 1
        else:
            kept += 1
        entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        entry.external_attr = info.external_attr
        entry.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
        dst.writestr(entry, data)
result = out.getvalue(), compiled, kept
`;

async function buildStdlib(outPath) {
    const py = await loadPyodide({ indexURL: PYODIDE_DIR, ...quiet });
    py.runPython(STARTUP_IMPORTS);
    py.runPython(COMPILE_STDLIB);
    const [data, compiled, kept] = py.globals.get("result").toJs();
    writeFileSync(outPath, data);
    console.log(`build_runtime: ${outPath}: ${compiled} modules compiled, ${kept} other entries, ` +
                `${(data.length / 1e6).toFixed(2)} MB (Pyodide ${version})`);
}

// What the snapshot holds besides a booted interpreter: the engine and the stdlib modules it and
// main.py import, so the page starts with them already loaded.
// engine.page too: main.py's round calls import it. Then a finder that fetches the whole stdlib zip
// on demand (see RESTORE_STDLIB), and a collection, so no garbage is kept in the heap.
// main.py is imported too (as the module `main`, which the engine's worker imports), and the
// function static/boot/pyodide.mjs calls after a restore is defined here: a start-up then compiles
// no Python source (compiling main.py and two snippets took 50-90 ms of a desktop visit, with
// the wasm of CPython's compiler compiled lazily on the way).
const WARM_UP = STARTUP_IMPORTS + "import engine, engine.page, main\n" + `
import gc, sys, zipfile
class _BoceFullStdlib:
    """After a restore Pyodide mounts only the small zip of RESTORE_STDLIB at /lib/python3XX.zip.
    A module of the full standard library that is not in it is found here: the first time, the
    full zip (url, set by static/boot/pyodide.mjs) is fetched synchronously, mounted beside it and
    searched; the finder then leaves sys.meta_path."""
    url = None
    with zipfile.ZipFile(sys.path[[p.endswith(".zip") for p in sys.path].index(True)]) as _z:
        names = frozenset(n.removesuffix("/__init__.py").removesuffix("/__init__.pyc")
                          .removesuffix(".pyc").removesuffix(".py").replace("/", ".")
                          for n in _z.namelist() if n.endswith((".py", ".pyc")))
    del _z

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if cls.url is None or name not in cls.names:
            return None
        import importlib.machinery
        from js import XMLHttpRequest
        sys.meta_path.remove(cls)
        small = next(p for p in sys.path if p.endswith(".zip"))
        full = small.removesuffix(".zip") + "-full.zip"
        xhr = XMLHttpRequest.new()
        xhr.open("GET", cls.url, False)  # synchronous: an import cannot wait
        try:  # allowed in a worker; a page's main thread refuses it for a synchronous request
            xhr.responseType = "arraybuffer"
        except Exception:
            xhr.overrideMimeType("text/plain; charset=x-user-defined")  # byte b >= 0x80 as U+F700+b
        xhr.send()
        if xhr.status != 200:
            raise ImportError(f"{name}: the full standard library is not there ({cls.url}: HTTP {xhr.status})")
        if xhr.responseType == "arraybuffer":
            data = xhr.response.to_bytes()
        else:
            data = xhr.responseText.translate({0xF700 + b: b for b in range(0x80, 0x100)}).encode("latin-1")
        with open(full, "wb") as f:
            f.write(data)
        sys.path.insert(sys.path.index(small) + 1, full)
        more = [p.replace(small, full, 1) for p in path or ()]
        return importlib.machinery.PathFinder.find_spec(name, (list(path) + more) if path else None, target)

sys.meta_path.append(_BoceFullStdlib)
del _BoceFullStdlib

def _boce_after_restore(full_stdlib_url):
    """What a restored interpreter needs that the snapshot could not keep (static/boot/pyodide.mjs
    calls it): a fresh state for the shared random generator (frozen at build time), zip
    importers that forget the directory of the zip the snapshot was built on, and the full
    standard library's URL for _BoceFullStdlib."""
    import random, sys, zipimport
    random.seed()
    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, zipimport.zipimporter):
            finder.invalidate_caches()
    for finder in sys.meta_path:
        if getattr(finder, "__name__", "") == "_BoceFullStdlib":
            finder.url = full_stdlib_url

gc.collect()
`;

// What an interpreter restored from the snapshot still imports from the stdlib zip: the modules a
// start of main.py and each bridge call import that the snapshot had not. Run after the snapshot
// is taken, on the same interpreter; the page mounts a zip of just these (.pyc, stored
// uncompressed so that the server's brotli compresses the whole) in place of the 3 MB one.
const EXERCISE = `
import builtins, io, os, sys
_before = set(sys.modules)
sys.path.insert(0, "/home/pyodide")
_read = set()  # the files under /home/pyodide a game opens (the model)
_open = io.open
def _recording_open(file, *args, **kwargs):
    path = os.path.abspath(os.fspath(file)) if isinstance(file, (str, os.PathLike)) else ""
    if path.startswith("/home/pyodide/"):
        _read.add(path.removeprefix("/home/pyodide/"))
    return _open(file, *args, **kwargs)
builtins.open = io.open = _recording_open
import main
for _search in ("", "?seed=7"):
    _b = main.EngineBridge(_search)
    _bet = _b.model.default_bet
    _b.handle("offer", f"[{_bet}]")
    for _buy in ("false", "true"):
        for _ in range(20):
            _round = _b.handle("playRound", f"[{_bet}, {_buy}]")
    _saved = main.json.loads(_round)["round"]
    _b.handle("checkRound", main.json.dumps([main.json.dumps(_saved), _saved["bet"], _saved["cost"]]))
    _b.handle("checkRound", main.json.dumps(["{}", _bet, _bet]))
    _b.handle("restoreRng", main.json.dumps(["[]"]))
builtins.open = io.open = _open
later = sorted(set(sys.modules) - _before - {"main"} - {m for m in sys.modules if m.startswith("engine")})
# what a game reads of pyscript.toml [files]: the modules it imports and the files it opens
played = sorted({m.__file__.removeprefix("/home/pyodide/") for m in list(sys.modules.values())
                 if (getattr(m, "__file__", None) or "").startswith("/home/pyodide/engine/")} | _read)
`;

const RESTORE_STDLIB = `
import importlib._bootstrap_external as bx, io, sys, zipfile
src_path = next(p for p in sys.path if p.endswith(".zip"))
files = []
for m in later:
    origin = getattr(sys.modules[m].__spec__, "origin", None) or ""
    if origin.startswith(src_path + "/"):
        files.append(origin[len(src_path) + 1:])
out = io.BytesIO()
with zipfile.ZipFile(src_path) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as dst:
    for name in sorted(files):
        data = src.read(name)
        if name.endswith(".py"):
            code = compile(data, f"{src_path}/{name}", "exec", dont_inherit=True, optimize=2)
            data, name = bytes(bx._code_to_timestamp_pyc(code, 0, len(data))), name + "c"
        dst.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data)
small = out.getvalue(), files
`;

// The wasm memory as instantiation leaves it (the module's data segments, zeros elsewhere): the
// snapshot is stored XORed with it, so the 4 MB of static data that a boot barely changes become
// zeros (brotli: 1.3 MB less). static/boot/pyodide.mjs undoes it on the memory the page's own
// instantiation made, before Pyodide restores the snapshot. Caught here by wrapping
// WebAssembly.instantiate, as Pyodide 314.0.7 calls it in node.
function captureInstantiatedMemory() {
    const captured = {};
    const original = WebAssembly.instantiate;
    WebAssembly.instantiate = async function (...args) {
        const result = await original.apply(this, args);
        const instance = result instanceof WebAssembly.Instance ? result : result.instance;
        if (!captured.memory && instance.exports.memory) {
            captured.memory = new Uint8Array(instance.exports.memory.buffer).slice();
        }
        return result;
    };
    captured.restore = () => { WebAssembly.instantiate = original; };
    return captured;
}

// The end of the memory's last non-zero byte: the end of the module's data segments.
function dataEnd(memory) {
    let end = memory.length;
    while (end > 0 && memory[end - 1] === 0) end--;
    return end;
}

// snapshot[offset + i] ^= memory[i] (offset: where Pyodide's snapshot header says memory starts)
function xorMemory(snapshot, memory) {
    const offset = new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
    const n = Math.min(memory.length, snapshot.length - offset);
    for (let i = 0; i < n; i++) snapshot[offset + i] ^= memory[i];
}

// The snapshot as stored: only its pages that are not all zeros (after the XOR, about 9 MB of the
// 31.5 MB), each at its index: [u32 count][count x u32 page index, increasing][those pages], all
// little-endian; the last page may be short (the snapshot is not a whole number of pages).
// static/boot/pyodide.mjs (readPages) lays each page at its place in a zeroed buffer as it
// arrives, so a visit reads, inflates and copies a third of the bytes (the service worker's
// cache and the HTTP cache hold them decoded).
const PAGE = 4096;
function packPages(snapshot) {
    const pages = [];
    for (let at = 0; at < snapshot.length; at += PAGE) {
        const page = snapshot.subarray(at, Math.min(at + PAGE, snapshot.length));
        if (page.some((b) => b !== 0)) pages.push(at / PAGE);
    }
    const out = new Uint8Array(4 + 4 * pages.length + pages.reduce(
        (n, k) => n + Math.min(PAGE, snapshot.length - k * PAGE), 0));
    const view = new DataView(out.buffer);
    view.setUint32(0, pages.length, true);
    let at = 4 + 4 * pages.length;
    pages.forEach((k, i) => {
        view.setUint32(4 + 4 * i, k, true);
        const page = snapshot.subarray(k * PAGE, Math.min((k + 1) * PAGE, snapshot.length));
        out.set(page, at);
        at += page.length;
    });
    return out;
}

// Zeroes the C heap's free memory before the snapshot: what freed blocks held is of no use to a
// restore, and stale bytes compress far worse than zeros (~6 MB of them after the warm-up; the
// snapshot is ~3% smaller with brotli). Each free block is taken with malloc (largest first,
// never beyond the memory already there, so the memory does not grow), zeroed, and freed again.
function zeroFreeMemory(module) {
    const size0 = module.HEAP8.length;
    const taken = [];
    for (let size = 1 << 22; size >= 16; size >>= 1) {
        while (size + (1 << 18) <= module.HEAP8.length - module._sbrk(0)) {
            const at = module._malloc(size);
            if (!at) break;
            taken.push(at);
            if (module.HEAP8.length !== size0) throw new Error("build_runtime: the memory grew while zeroing its free blocks");
            module.HEAPU8.fill(0, at, at + size);
        }
    }
    for (const at of taken) module._free(at);
}

async function buildSnapshot(stdlibPath, outPath, manifestPath, files) {
    const instantiated = captureInstantiatedMemory();
    const py = await loadPyodide({
        indexURL: PYODIDE_DIR,
        stdLibURL: resolve(stdlibPath),
        _makeSnapshot: true,
        // sys.executable as a page's Pyodide has it: in node, Emscripten would take this
        // script's path, which then sat in the snapshot's heap (the build machine's path shipped,
        // and the snapshot's pages differed from one checkout's path to another's)
        _sysExecutable: "./this.program",
        // str hashes from a fixed seed: with a random one, the sets and dicts of the warm-up
        // came out laid out differently on each build, and so did the snapshot's non-zero pages
        // (9.01 or 9.04 MB, the figure docs/hosting.md states). A restored interpreter keeps the
        // hash secret of the snapshot it restores whatever the seed, so a player's game hashes
        // with one build-time secret either way.
        env: { PYTHONHASHSEED: "0" },
        args: [],
        ...quiet,
    });
    const sha = {};
    for (const file of files) {
        const data = readFileSync(resolve(ROOT, file));
        sha[file] = createHash("sha256").update(data).digest("hex");
        // the page's working directory is the same /home/pyodide, where PyScript writes [files]
        py.FS.mkdirTree(dirname(file));
        py.FS.writeFile(file, data);
    }
    py.runPython(WARM_UP);
    // Nothing of the engine's files survives in the snapshot (the file system is JS-side state):
    // the page writes them again from pyscript.toml [files], and load_model() reads the model then.
    for (const file of files) py.FS.unlink(file);
    // the engine files whose modules the snapshot holds: the page must be served these very files
    const imported = py.runPython(`
import sys
sorted(m.__file__.removeprefix("/home/pyodide/") for m in list(sys.modules.values())
       if (getattr(m, "__file__", None) or "").startswith("/home/pyodide/"))`).toJs();
    zeroFreeMemory(py._module);
    const snapshot = py.makeMemorySnapshot();
    instantiated.restore();
    if (!instantiated.memory) throw new Error("build_runtime: did not see the wasm memory instantiated");
    // the memory's data segments' end: beyond it that memory is zeros, which a XOR leaves alone
    const delta = dataEnd(instantiated.memory);
    xorMemory(snapshot, instantiated.memory.subarray(0, delta));
    // the interpreter goes on after the snapshot: what does a game still import?
    for (const file of [...files, "main.py"]) {
        py.FS.mkdirTree("/home/pyodide/" + dirname(file));
        py.FS.writeFile("/home/pyodide/" + file, readFileSync(resolve(ROOT, file)));
    }
    py.runPython(EXERCISE);
    py.runPython(RESTORE_STDLIB);
    const [zipBytes, zipFiles] = py.globals.get("small").toJs();
    const played = py.globals.get("played").toJs();
    const zipName = "stdlib.zip";
    writeFileSync(resolve(dirname(outPath), zipName), zipBytes);
    // the page's zip: what a game imports, and PyScript's imports on top
    py.runPython(`import sys as _s\n_before_page = set(_s.modules)\n${PAGE_IMPORTS}\n` +
                 "later = sorted(set(later) | (set(_s.modules) - _before_page))");
    py.runPython(RESTORE_STDLIB);
    const [pageZipBytes, pageZipFiles] = py.globals.get("small").toJs();
    const pageZipName = "stdlib-page.zip";
    writeFileSync(resolve(dirname(outPath), pageZipName), pageZipBytes);
    // <out>.snap: its pages stored gzipped (9 MB raw, much repeated heap); the page inflates
    // it with DecompressionStream while Pyodide compiles its wasm. Not named .gz: some hosts send
    // a .gz file with `Content-Encoding: gzip`, and the browser would then inflate it first. The
    // gzip header carries no date, so the same inputs give the same bytes.
    const gzipped = outPath.endsWith(".snap");
    const packed = packPages(snapshot);
    const stored = gzipped ? gzipSync(packed, { level: 6 }) : packed;
    writeFileSync(outPath, stored);
    const stdlibSha = createHash("sha256").update(readFileSync(stdlibPath)).digest("hex");
    const manifest = {
        pyodide: version, file: basename(outPath), encoding: gzipped ? "gzip" : "identity",
        // XORed with the memory as instantiated (xorMemory), over its first `delta` bytes
        delta,
        // stored as its non-zero pages (packPages): `bytes` once laid out, `packed` as stored
        layout: "pages", page: PAGE, packed: packed.length,
        bytes: snapshot.length, stored: stored.length, stdlib: stdlibSha,
        // SHA-256 of each engine file the snapshot imported (static/boot/pyodide.mjs checks them)
        engine: Object.fromEntries(imported.map((file) => [file, sha[file]])),
        // the files of pyscript.toml [files] a game reads; the engine's worker fetches the others
        // (the PAR sheet, the simulator, ...) only once the game is ready
        play: played,
        // the standard library zip to mount with this snapshot (the modules a game imports after it)
        restoreStdlib: zipName, restoreStdlibModules: zipFiles,
        // the one to mount when Python runs on the page (?engine=page: PyScript's imports too)
        restoreStdlibPage: pageZipName, restoreStdlibPageModules: pageZipFiles,
    };
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 1) + "\n");
    console.log(`build_runtime: ${outPath}: ${(snapshot.length / 1e6).toFixed(1)} MB snapshot ` +
                `(${(packed.length / 1e6).toFixed(1)} MB of non-zero pages, ${(stored.length / 1e6).toFixed(1)} MB stored) ` +
                `with ${files.length} engine files imported (Pyodide ${version}); ` +
                `${zipName}: ${zipFiles.length} modules, ${zipBytes.length} bytes; ` +
                `${pageZipName}: ${pageZipFiles.length} modules, ${pageZipBytes.length} bytes`);
}

const [command, ...args] = process.argv.slice(2);
if (command === "stdlib" && args.length === 1) await buildStdlib(args[0]);
else if (command === "snapshot" && args.length >= 4) await buildSnapshot(args[0], args[1], args[2], args.slice(3));
else {
    console.error("usage: node tools/build_runtime.mjs stdlib <out.zip>\n" +
                  "       node tools/build_runtime.mjs snapshot <stdlib.zip> <out.bin> <manifest.json> <engine files...>");
    process.exit(2);
}
