// ESLint's configuration (flat config; `make lint`, part of `make test` and `make check`).
// The recommended rules, lines of at most 140 characters, and a few rules that catch slips:
// unused names (an argument or binding named `_...` is unused on purpose), `==` only against
// null, `const` where nothing reassigns. Each kind of file gets the globals of where it runs.
import js from "@eslint/js";
import globals from "globals";

const rules = {
    "max-len": ["error", { code: 140, ignoreUrls: true }],
    "no-unused-vars": ["error", {
        args: "after-used", argsIgnorePattern: "^_", varsIgnorePattern: "^_",
        caughtErrors: "none", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true,
    }],
    eqeqeq: ["error", "smart"],
    "prefer-const": ["error", { destructuring: "all" }],
};

export default [
    {
        // the runtime copied from npm, what `make dist` and `make vendor` write
        // (static/precache.js: tools/precache.py), and the npm packages themselves
        ignores: ["static/vendor/", "static/precache.js", "dist/", "dist.tmp/", "build/", "node_modules/",
            ".venv/", "test-results/"],
    },
    js.configs.recommended,
    { rules },
    {
        // the page's modules (ES modules in the browser)
        files: ["static/**/*.js", "static/**/*.mjs", "tools/bench/*.mjs"],
        languageOptions: { sourceType: "module", globals: { ...globals.browser } },
    },
    {
        // classic scripts: the early worker starter of index.html (a plain async script) and the
        // geometry checker the browser tests evaluate in the page (tests/geometry.js)
        files: ["static/js/start/earlyworker.js", "tests/geometry.js"],
        languageOptions: { sourceType: "script", globals: { ...globals.browser } },
    },
    {
        // module workers: the engine's (started by earlyworker.js or bridge.js), the RTP lab's, and
        // the modules only they import (pyodide.mjs runs on the page under ?engine=page too)
        files: ["static/boot/engine-worker.mjs", "static/boot/pyodide.mjs", "static/boot/pyscript-files.mjs",
            "static/js/par/lab-worker.js"],
        languageOptions: { sourceType: "module", globals: { ...globals.browser, ...globals.worker } },
    },
    {
        // the service worker, a classic script at the site's top (importScripts static/precache.js)
        files: ["sw.js"],
        languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
    },
    {
        // Node: the build tools and the JS unit tests (node --test)
        files: ["tools/*.mjs", "tests/js/**/*.mjs", "eslint.config.mjs"],
        languageOptions: { sourceType: "module", globals: { ...globals.node } },
    },
    {
        // the Playwright kit and its example: Node modules whose functions given to page.evaluate
        // run in the page, hence the browser's globals too
        files: ["testkit/js/**/*.mjs", "examples/playwright-js/**/*.mjs"],
        languageOptions: { sourceType: "module", globals: { ...globals.node, ...globals.browser } },
    },
];
