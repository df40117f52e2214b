// Lets the game run under `script-src 'self' 'wasm-unsafe-eval'`, without 'unsafe-eval'.
//
// PyScript 0.7.31 (src/hooks.js, createFunction) turns its *worker* hooks into source text and
// rebuilds them with `Function(...)` whenever a main-thread interpreter starts, even on a page
// with no worker: its only default worker hook (onBeforeRunAsync, which registers the
// `_pyscript` module inside a worker) makes that call happen, and 'unsafe-eval' would be needed.
// The page starts no PyScript worker, so emptying that set removes the only Function() call.
// PyScript reads the set after the interpreter has loaded (polyscript's custom.js builds a Hook
// after `await engine`), long after this module has run. Undocumented: tests/e2e/test_csp.py
// pins it (the game plays under the strict policy). A page that adds a PyScript worker must
// put the hook back (and allow `worker-src 'self' blob:`).
import { hooks } from "../vendor/pyscript/core.js";

hooks.worker.onBeforeRunAsync.clear();
