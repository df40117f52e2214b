// @ts-check
// PyScript's entry point on this page: it imports PyScript and, in the same module evaluation,
// lets the game run under `script-src 'self' 'wasm-unsafe-eval'`, without 'unsafe-eval'.
//
// PyScript 0.7.31 (src/hooks.js, createFunction) turns its *worker* hooks into source text and
// rebuilds them with `Function(...)` whenever an interpreter starts, even on a page with no
// worker: core.js's `hooks.worker` has lazy getters (onReady, onBeforeRun, onBeforeRunAsync,
// onAfterRun, onAfterRunAsync) that call `Function()` when their set is non-empty, and polyscript
// (esm/custom.js) reads them all when it builds a `Hook` for the interpreter. Its default
// onBeforeRunAsync (registering `_pyscript` inside a worker) is non-empty, so 'unsafe-eval' would
// be needed. The page starts no PyScript worker, so every worker hook set is emptied here.
//
// Order matters, and index.html does not load core.js on its own: this module is the only
// `<script type=module>` that brings PyScript in. core.js (no top-level await) is evaluated as
// this module's dependency and this body runs straight after it, before any task or microtask
// (PyScript's config fetch, its plugins, the interpreter) can run. With core.js and this module
// as two separate page scripts, the browser may run other work between them: WebKit did, and
// PyScript read the hooks first. Undocumented PyScript detail: tests/e2e/test_csp.py (Chromium)
// and tests/xbrowser (Chromium, Firefox, WebKit) pin it (the game plays under the strict policy).
// A page that adds a PyScript worker must put the hooks back (and allow `worker-src 'self' blob:`).
import { hooks } from "../vendor/pyscript/core.js";

for (const set of Object.values(hooks.worker)) set.clear();
