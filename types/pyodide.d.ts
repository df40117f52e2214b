// Pyodide's loader as `make vendor` copies it from npm (static/vendor/pyodide/pyodide.mjs, git-ignored, so
// not read by the type check: tsconfig.worker.json's noResolve), for the modules that import it: the
// engine's worker's loader (static/boot/pyodide.mjs) and the RTP lab's worker (static/js/par/lab-worker.js).
// Only the members they use; Pyodide's whole API is node_modules/pyodide/pyodide.d.ts.
declare module "*/vendor/pyodide/pyodide.mjs" {
    /** The version of Pyodide this loader is (the snapshot's manifest names the one it was made with). */
    export const version: string;

    /** Boots an interpreter: fetches and instantiates the wasm, mounts the standard library. */
    export function loadPyodide(options?: PyodideOptions): Promise<PyodideAPI>;

    /** pyodide.asm.mjs's default export: makes the wasm module from Emscripten's settings. */
    export type CreatePyodideModule = (settings: object) => Promise<unknown>;

    /** loadPyodide's options: those our modules pass by name; PyScript may pass any other of Pyodide's. */
    export interface PyodideOptions {
        /** The folder of Pyodide's files (pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json). */
        indexURL?: string;
        /** Each line Python prints to stdout. */
        stdout?: (line: string) => void;
        /** Each line Python prints to stderr. */
        stderr?: (line: string) => void;
        /** The standard library's zip, if not indexURL's python_stdlib.zip. */
        stdLibURL?: string;
        /** A memory snapshot to restore instead of a fresh start (an option Pyodide leaves undocumented). */
        _loadSnapshot?: Uint8Array | ArrayBuffer | PromiseLike<Uint8Array | ArrayBuffer>;
        /** pyodide.asm.mjs's export, or a promise of it (the loader awaits it), instead of importing it. */
        createPyodideModule?: CreatePyodideModule | PromiseLike<CreatePyodideModule>;
        /** Any other of Pyodide's options (packages, env, ...): passed on as they are. */
        [option: string]: unknown;
    }

    /** A Python object handed to JavaScript (pyodide.ffi.PyProxy): Python keeps it until destroy(). */
    export interface PyProxy {
        /** Releases the Python object: the proxy is dead after it. */
        destroy(): void;
        /** A new proxy of the same object, which lives until its own destroy(). */
        copy(): this;
    }

    /** A Python callable as a PyProxy: its arguments and result converted between the two languages. */
    export interface PyCallable<R = unknown> extends PyProxy {
        /** Calls it with JavaScript values (numbers, strings, booleans cross as Python's own). */
        (...args: readonly unknown[]): R;
    }

    /** The interpreter loadPyodide resolves with. */
    export interface PyodideAPI {
        /** Runs Python code; its last expression's value converted: a primitive (None: undefined) or a
         *  PyProxy. `any` as in Pyodide's own types: what a piece of Python code returns is the caller's to know. */
        runPython(code: string): any;
        /** Imports a Python module: its PyProxy (`any`: its attributes are the module's). */
        pyimport(name: string): any;
        /** Python's __main__ namespace. */
        readonly globals: {
            /** A global's value, converted as runPython's (`any` for the same reason). */
            get(name: string): any;
        };
        /** Emscripten's in-memory file system (only the two calls used). */
        readonly FS: {
            /** Makes a folder and its parents, as `mkdir -p`. */
            mkdirTree(path: string): void;
            /** Writes (or replaces) a file. */
            writeFile(path: string, data: Uint8Array): void;
        };
    }
}
